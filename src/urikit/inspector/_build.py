"""Writing the page, its wheels and its data into a folder."""

from __future__ import annotations

import contextlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tempfile
from importlib import resources
from pathlib import Path
from typing import Final

#: The Pyodide release the page loads (re-exported as ``urikit.inspector.PYODIDE_VERSION``).
PYODIDE_VERSION: Final = "314.0.7"

#: The static files of the page, package data of ``urikit.inspector``.
STATIC_FILES = ("index.html", "inspector.css", "inspector.js")

#: urikit's dependencies whose wheels the page loads. lxml and regex have no
#: pure-Python wheel: urikit imports lxml only for ``urikit.html``, which the
#: page does not use, and regex's Unicode data for "invisible-character" comes
#: with the page (see ``invisible_ranges``).
WHEEL_DEPENDENCIES = ("idna", "confusable-homoglyphs")
#: The wheels the page loads when they are installed where it is built: the
#: Public Suffix List of :mod:`urikit.domains` (the ``[domains]`` extra), for the
#: registrable domain; without it the page says the list is not available.
OPTIONAL_WHEELS = ("publicsuffixlist",)


#: The files besides src/ that building urikit's wheel reads.
_SOURCE_FILES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "MANIFEST.in",
                 "tools/gen_tables.py")  # fmt: skip


def default_pyodide_base() -> str:
    """Where the page loads Pyodide from unless told: the pinned release on its CDN."""
    return f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"


def invisible_ranges() -> list[tuple[int, int]]:
    """The code point ranges ``[first, last]`` of the characters that the
    "invisible-character" check looks for, read from the ``regex`` module here
    so that the browser, which has no ``regex``, gets the same set.

    >>> ranges = invisible_ranges()
    >>> [any(a <= ord(c) <= b for a, b in ranges) for c in "\u200b\u00ada"]
    [True, True, False]
    """
    from ..security._text import _invisible_re

    pattern = _invisible_re()
    ranges: list[tuple[int, int]] = []
    for cp in range(sys.maxunicode + 1):
        if 0xD800 <= cp <= 0xDFFF or pattern.fullmatch(chr(cp)) is None:
            continue
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1] = (ranges[-1][0], cp)
        else:
            ranges.append((cp, cp))
    return ranges


#: What pip builds urikit's pure-Python wheel from when urikit is an installed
#: package (no source tree above it): its Python files, its package data, and
#: no setup.py, so no compiled module. {version} is the installed version.
_INSTALLED_PYPROJECT = """\
[build-system]
requires = ["setuptools>=77"]
build-backend = "setuptools.build_meta"

[project]
name = "urikit"
version = "{version}"
requires-python = ">=3.11"

[tool.setuptools.packages.find]
where = ["src"]

[tool.setuptools.package-data]
"*" = ["py.typed", "*.pyi", "static/*"]
"""


def _source_tree(tree: Path) -> None:
    """Write into ``tree`` what pip builds urikit's pure-Python wheel from: a
    clean copy of the checkout's sources when urikit runs from one (an in-tree
    build would pick up whatever an earlier build left in build/), else the
    installed package's files without its compiled module, under a pyproject
    that names the installed version."""
    package = Path(__file__).resolve().parents[1]
    root = package.parents[1]
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.egg-info")
    if (root / "pyproject.toml").is_file() and package.parent.name == "src":
        shutil.copytree(root / "src", tree / "src", ignore=skip)
        for name in _SOURCE_FILES:
            if (root / name).is_file():
                (tree / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(root / name, tree / name)
        return
    shutil.copytree(package, tree / "src" / "urikit", ignore=skip)
    version = importlib.metadata.version("urikit")
    (tree / "pyproject.toml").write_text(_INSTALLED_PYPROJECT.format(version=version))


def _run(command: list[str], env: dict[str, str] | None = None) -> None:
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise OSError(f"{' '.join(command[:4])} ... failed:\n{done.stderr.strip()[-2000:]}")


def _wheels(folder: Path) -> list[str]:
    """urikit's pure-Python wheel (built from its source tree, or from the
    installed package) and the installed
    versions of its pure-Python dependencies (from the package index)."""
    # pure Python even where the C build is required (URIKIT_REQUIRE_SPEEDUPS wins)
    env = {k: v for k, v in os.environ.items() if k != "URIKIT_REQUIRE_SPEEDUPS"}
    env["URIKIT_NO_SPEEDUPS"] = "1"
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp, "tree")
        _source_tree(tree)
        _run(
            [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", tmp, str(tree)],
            env,
        )
        wanted = [f"{name}=={importlib.metadata.version(name)}" for name in WHEEL_DEPENDENCIES]
        for name in OPTIONAL_WHEELS:  # the page says what it does without one
            with contextlib.suppress(importlib.metadata.PackageNotFoundError):
                wanted.append(f"{name}=={importlib.metadata.version(name)}")
        _run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
             "-d", tmp, *wanted],
        )  # fmt: skip
        names = sorted(p.name for p in Path(tmp).glob("*.whl"))
        for name in names:
            shutil.copyfile(Path(tmp, name), folder / name)
    return names


#: Pyodide's files that its loader fetches on every start, as ``<link>`` hints:
#: the browser fetches them while the page's script and inspector.json load.
_PRELOADS = (
    ("modulepreload", "pyodide.mjs", ""),
    ("modulepreload", "pyodide.asm.mjs", ""),
    ("preload", "pyodide.asm.wasm", ' as="fetch" crossorigin'),
    ("preload", "python_stdlib.zip", ' as="fetch" crossorigin'),
    ("preload", "pyodide-lock.json", ' as="fetch" crossorigin'),
)


def _with_preloads(page: str, base: str) -> str:
    """``page`` with its preload comment replaced by links to Pyodide's files at
    ``base``, and ``data-pyodide-local="1"`` on its body when ``base`` is a path
    of the page's own server ("/pyodide/"), which a plain file server of the
    folder would not have (what the page tells a user who opened it from a file).

    >>> page = '<!-- preload: -->\\n<body data-pyodide-local="">'
    >>> print(_with_preloads(page, "/pyodide/"))  # doctest: +ELLIPSIS
    <link rel="modulepreload" href="/pyodide/pyodide.mjs">
    ...
    <body data-pyodide-local="1">
    """
    from html import escape

    marker = page.index("<!-- preload:")
    end = page.index("-->", marker) + len("-->")
    links = "\n".join(
        f'<link rel="{rel}" href="{escape(base + name)}"{extra}>' for rel, name, extra in _PRELOADS
    )
    page = page[:marker] + links + page[end:]
    if base.startswith("/"):
        page = page.replace('data-pyodide-local=""', 'data-pyodide-local="1"', 1)
    return page


def build(out: str | os.PathLike[str], pyodide: str | None = None) -> Path:
    """Write the page into ``out``: its static files, ``wheels/`` and
    ``inspector.json`` (where Pyodide loads from, the wheels, the data of the
    invisible characters). ``pyodide`` is the URL (or path, such as
    ``/pyodide/``) of Pyodide's files; by default its CDN (:func:`default_pyodide_base`)."""
    target = Path(out)
    (target / "wheels").mkdir(parents=True, exist_ok=True)
    base = pyodide or default_pyodide_base()
    if not base.endswith("/"):
        base += "/"
    static = resources.files(__package__) / "static"
    for name in STATIC_FILES:
        data = (static / name).read_bytes()
        if name == "index.html":
            data = _with_preloads(data.decode("utf-8"), base).encode("utf-8")
        (target / name).write_bytes(data)
    config = {
        "pyodide": base,
        "pyodide_version": PYODIDE_VERSION,
        "wheels": [f"wheels/{name}" for name in _wheels(target / "wheels")],
        "invisible": invisible_ranges(),
    }
    (target / "inspector.json").write_text(json.dumps(config), encoding="utf-8")
    return target
