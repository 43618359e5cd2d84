"""Every import path the pages show works, every public module's names say that
module in ``__module__``, and a module's name says whether it is public.

The one convention: a module users import has a plain name (a top-level module
of ``urikit``, a package's ``__init__.py``, or a submodule a page documents with
``automodule``, as ``urikit.legacy.grammars``); every other module is an
implementation module, named ``_name.py``, whatever package it is in. A public
module's names are published (``urikit.core._faces.publish``) under it, so
``__module__`` names the path users import.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path
from types import ModuleType

import paths
import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = paths.PACKAGE
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]

_FROM = re.compile(r"^\s*(?:>>> |\.\.\. )?from (urikit[\w.]*) import ([\w, ()]+?)\s*(?:#.*)?$")
_IMPORT = re.compile(r"^\s*(?:>>> |\.\.\. )?import (urikit[\w.]*)(?: as \w+)?\s*(?:#.*)?$")
_AUTOMODULE = re.compile(r"^\.\. automodule:: (urikit[\w.]*)\s*$")


def _documented_imports() -> list[tuple[str, str, str]]:
    """(page, module, name or "") for each import of urikit a page shows."""
    found = []
    for page in PAGES:
        for line in page.read_text(encoding="utf-8").splitlines():
            if m := _FROM.match(line):
                names = m.group(2).replace("(", " ").replace(")", " ").split(",")
                for name in names:
                    name = name.split(" as ")[0].strip()
                    if name:
                        found.append((page.name, m.group(1), name))
            elif m := _IMPORT.match(line) or _AUTOMODULE.match(line):
                found.append((page.name, m.group(1), ""))
    return sorted(set(found))


DOCUMENTED = _documented_imports()
#: The modules a page documents with automodule (the public submodules among them).
AUTOMODULES = sorted(
    {
        m.group(1)
        for page in PAGES
        for line in page.read_text(encoding="utf-8").splitlines()
        if (m := _AUTOMODULE.match(line))
    }
)


def _import(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ImportError as err:  # an extra that is not installed
        if err.name and not err.name.startswith("urikit"):
            pytest.skip(f"{name} needs an extra: {err}")
        raise


def test_the_pages_show_imports() -> None:
    assert len(DOCUMENTED) >= 50
    assert ("README.md", "urikit.urn", "resolve") in DOCUMENTED
    assert "urikit.legacy.grammars" in AUTOMODULES


@pytest.mark.parametrize(("page", "module", "name"), DOCUMENTED)
def test_every_documented_import_works(page: str, module: str, name: str) -> None:
    imported = _import(module)
    if name:
        try:
            found = hasattr(imported, name)
        except ModuleNotFoundError as err:  # a name an extra brings, loaded on first use
            if err.name is None or err.name.split(".")[0] == "urikit":
                raise
            pytest.skip(f"{page}: from {module} import {name} needs {err.name}, of an extra")
        assert found or importlib.util.find_spec(f"{module}.{name}"), (
            f"{page}: from {module} import {name}"
        )


def _public_modules() -> list[str]:
    """The top-level modules, the package fronts, and the documented modules."""
    names = {"urikit", *AUTOMODULES}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts[-1] != "__main__" and not any(p.startswith("_") for p in parts[1:]):
            names.add(".".join(parts))
    return sorted(names)


def test_a_plain_name_is_a_public_module() -> None:
    """A module file without ``_`` is imported by users: a top-level module, a
    package's front, or documented with automodule. Any other is ``_name.py``."""
    plain = []
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE)
        if len(rel.parts) < 2 or rel.name.startswith("_"):
            continue  # a top-level module, a front, a private module
        dotted = ".".join(("urikit", *rel.with_suffix("").parts))
        if dotted not in AUTOMODULES:
            plain.append(str(rel))
    assert plain == []


def test_the_public_modules_are_found() -> None:
    found = set(_public_modules())
    assert {"urikit.reference", "urikit.urn", "urikit.legacy.grammars", "urikit.cli"} <= found
    assert not any("._" in name for name in found)


@pytest.mark.parametrize("name", _public_modules())
def test_every_exported_name_says_its_public_module(name: str) -> None:
    """Each class and function in a public module's ``__all__`` that urikit
    writes says that module in ``__module__`` (the facade ``urikit`` re-exports
    names whose module is their face)."""
    module = _import(name)
    wrong = []
    for attr in getattr(module, "__all__", []):
        try:
            obj = getattr(module, attr)
        except ImportError:  # a name loaded on first use, from an extra
            continue
        home = getattr(obj, "__module__", None)
        if isinstance(obj, ModuleType) or not callable(obj) or not isinstance(home, str):
            continue
        if not home.startswith("urikit"):
            continue  # a name urikit re-exports from elsewhere
        if home != name and not (name == "urikit" and home in _public_modules()):
            wrong.append(f"{attr}: {home}")
    assert wrong == []


def test_no_module_is_named_for_another_concern() -> None:
    """The modules named ``resolution`` are RFC 3986 section 5's (and its IRI and
    older-RFC forms); URN-to-URL lookup is ``urn._resolvers``."""
    named = sorted(str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*resolution.py"))
    assert named == [
        "core/_resolution.py",
        "iri/_resolution.py",
        "legacy/resolution.py",
        "resolution.py",
    ]
    for path in named:
        text = (PACKAGE / path).read_text(encoding="utf-8")
        assert re.search(r"section 5|5\.2|resolution of references|relative", text, re.I), path
    assert (PACKAGE / "urn" / "_resolvers.py").is_file()
