"""The maps a newcomer reads first, CONTRIBUTING.md and docs/design.md, name only
what exists, where they say it is:

* every file path (``src/urikit/core/_accel.py``, ``core/_accel.py``,
  ``tests/paths.py``; a ``*`` pattern matches at least one file) exists;
* every dotted ``urikit.x.y`` name imports, down to its last attribute;
* every code name in backticks that looks like urikit's (``_BUILTIN``,
  ``URIReference.with_path``, ``core._faces.publish``, ``__layer__``) is found:
  a dotted one resolves from ``urikit`` or one of its modules, a plain one is
  written in the code, and in the file the paragraph names when it names
  exactly one.
"""

from __future__ import annotations

import builtins
import functools
import importlib
import re
import warnings
from pathlib import Path
from typing import Any

import paths
import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = paths.PACKAGE
MAPS = ["CONTRIBUTING.md", "docs/design.md"]
#: Where a path a map gives may be relative to.
BASES = [ROOT, ROOT / "src", PACKAGE, PACKAGE.parent]
CODE_DIRS = ["src", "tests", "tools", "bench", "fuzz", "docs", ".ci"]
CODE_FILES = ["setup.py", "conftest.py", "pyproject.toml", "MANIFEST.in"]

_PATH = re.compile(r"(?<![\w./-])(?:[\w.*-]+/)+[\w.*-]+\.(?:py|pyi|c|h|md|toml|json|txt|sh|in)\b")
_DOTTED = re.compile(r"(?<![\w.])urikit(?:\.\w+)+")
_BACKTICKED = re.compile(r"`([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)(?:\(\))?`")


def _paragraphs(page: str) -> list[str]:
    return re.split(r"\n\s*\n", (ROOT / page).read_text(encoding="utf-8"))


def _found(path: str) -> list[Path]:
    """What a map's path names, under each base it may be relative to.

    ``src/urikit/...`` names the package: where the tree has no ``src/`` (the
    wheel's test run), that is the installed package's file."""
    patterns = {path, path.removeprefix("src/urikit/")}
    if "*" in path:
        return [hit for base in BASES for p in patterns for hit in base.glob(p)]
    return [base / p for base in BASES for p in patterns if (base / p).exists()]


def _exists(path: str) -> bool:
    return bool(_found(path))


@functools.cache
def _code_words() -> frozenset[str]:
    words: set[str] = set()
    files = [ROOT / name for name in CODE_FILES]
    for folder in CODE_DIRS:
        files += [p for p in (ROOT / folder).rglob("*") if p.suffix in {".py", ".c", ".h", ".pyi"}]
    files += [p for p in PACKAGE.rglob("*") if p.suffix in {".py", ".c", ".h", ".pyi"}]
    for path in files:
        if path.is_file() and "_build" not in path.parts:
            words.update(re.findall(r"[A-Za-z_]\w*", path.read_text(encoding="utf-8")))
    return frozenset(words)


def _resolve(dotted: str) -> object:
    """The object ``dotted`` names: the longest prefix that imports, then attributes.
    Raises LookupError when it is not there (ImportError-skip for an extra)."""
    parts = dotted.split(".")
    module: Any = None
    for i in range(len(parts), 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:i]))
        except ModuleNotFoundError as err:
            if parts[0] == "urikit" and err.name and not err.name.startswith("urikit"):
                pytest.skip(f"{dotted} needs an extra ({err.name})")
            continue
        break
    else:
        raise LookupError(dotted)
    obj = module
    for attr in parts[i:]:
        try:
            with warnings.catch_warnings():  # a deprecated name the page says is deprecated
                warnings.simplefilter("ignore", DeprecationWarning)
                obj = getattr(obj, attr)
        except AttributeError:
            raise LookupError(dotted) from None
    return obj


#: "`NAME` in `path`": the page says which file writes the name.
_NAME_IN_FILE = re.compile(
    r"`([A-Za-z_]\w*)` (?:in|of|from) `?((?:[\w.-]+/)*[\w.-]+\.(?:py|c|h|pyi))`?"
)
_FILE_SUFFIXES = (".py", ".pyi", ".c", ".h", ".md", ".toml", ".json", ".sh")
#: A placeholder segment of a dotted name (``urikit.x`` strings, ``urikit.X``).
_PLACEHOLDERS = {"x", "y", "X", "name"}


def _mentions() -> list[tuple[str, str, str, str]]:
    """(page, kind, text, the file the page says writes a name, or "")."""
    found = []
    for page in MAPS:
        for paragraph in _paragraphs(page):
            paragraph = re.sub(r"\s+", " ", paragraph)
            for path in _PATH.findall(paragraph):
                found.append((page, "path", path, ""))
            for dotted in _DOTTED.findall(paragraph):
                if not _PLACEHOLDERS & set(dotted.split(".")):
                    found.append((page, "module", dotted.rstrip("."), ""))
            for name in _BACKTICKED.findall(paragraph):
                if name.endswith(_FILE_SUFFIXES):
                    if name.split(".")[0].strip("_").removesuffix("_c") not in _PLACEHOLDERS:
                        found.append((page, "file", name, ""))
                elif not _PLACEHOLDERS & set(name.split(".")):
                    found.append((page, "name", name, ""))
            for name, where in _NAME_IN_FILE.findall(paragraph):
                found.append((page, "name", name, where))
    return sorted(set(found))


MENTIONS = _mentions()

#: The first segments of a dotted code name that are urikit's (its modules and
#: packages, at any depth: ``core._faces``, ``schemes._registry``).
_URIKIT_SEGMENTS = frozenset(
    p.stem if p.name != "__init__.py" else p.parent.name for p in PACKAGE.rglob("*.py")
) - {"__init__", "__main__"}


def _looks_like_urikit(name: str) -> bool:
    first = name.split(".")[0]
    if first in {"urikit", *_URIKIT_SEGMENTS}:
        return True
    if "." in name:
        return first[:1].isupper() and first in _code_words() and not hasattr(builtins, first)
    if hasattr(builtins, name):
        return False
    return name.startswith("_") or bool(re.fullmatch(r"[A-Z][A-Z0-9_]+|[A-Z]\w*[a-z]\w*", name))


def test_the_maps_are_read() -> None:
    kinds = {kind for _page, kind, _text, _only in MENTIONS}
    assert kinds == {"path", "module", "name", "file"}
    assert len(MENTIONS) > 100


@pytest.mark.parametrize(
    ("page", "path"), [(page, text) for page, kind, text, _ in MENTIONS if kind == "path"]
)
def test_every_path_exists(page: str, path: str) -> None:
    assert _exists(path), f"{page} names {path}, which is not there"


@pytest.mark.parametrize(
    ("page", "name"), [(page, text) for page, kind, text, _ in MENTIONS if kind == "file"]
)
def test_every_file_name_is_a_file(page: str, name: str) -> None:
    """A file named without its folder (`_accel.py`) is one of the project's."""
    if "/" in name:
        assert _exists(name), f"{page} names {name}, which is not there"
        return
    folders = [PACKAGE, *(ROOT / d for d in CODE_DIRS)]
    assert any(any(folder.rglob(name)) for folder in folders) or (ROOT / name).exists(), (
        f"{page} names {name}, which is no file of the project"
    )


@pytest.mark.parametrize(
    ("page", "name"), [(page, text) for page, kind, text, _ in MENTIONS if kind == "module"]
)
def test_every_module_name_imports(page: str, name: str) -> None:
    try:
        _resolve(name)
    except LookupError:
        pytest.fail(f"{page} names {name}, which does not import")


@pytest.mark.parametrize(
    ("page", "name", "where"),
    [(page, text, only) for page, kind, text, only in MENTIONS if kind == "name"],
)
def test_every_code_name_is_where_the_page_says(page: str, name: str, where: str) -> None:
    if not _looks_like_urikit(name):
        return
    first = name.split(".")[0]
    if "." in name and first in {"urikit", *_URIKIT_SEGMENTS}:
        candidates = [name]  # urikit.x.y, or a standard module (html.parser)
        candidates += [
            f"urikit.{prefix}{name}" for prefix in ("", *sorted({f"{p}." for p in _packages()}))
        ]
        for candidate in candidates:
            try:
                _resolve(candidate)
                return
            except LookupError:
                continue
        pytest.fail(f"{page} names `{name}`, which no urikit module has")
    leaf = name.split(".")[-1]
    assert {first, leaf} <= _code_words(), f"{page} names `{name}`, which no code writes"
    if where:
        files = [f for f in _found(where) if f.is_file()]
        assert files, f"{page} puts `{name}` in {where}, which is not there"
        assert any(re.search(rf"\b{re.escape(name)}\b", f.read_text("utf-8")) for f in files), (
            f"{page} puts `{name}` in {where}, which does not write it"
        )


@functools.cache
def _packages() -> tuple[str, ...]:
    return tuple(
        sorted(
            ".".join(p.parent.relative_to(PACKAGE).parts)
            for p in PACKAGE.rglob("__init__.py")
            if p.parent != PACKAGE
        )
    )
