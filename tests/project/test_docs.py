"""The API reference documents every public name: docs/ is built with Sphinx
(``-W``: a warning fails the build) into a temporary directory, and the
inventory it writes (``objects.inv``, what intersphinx reads) must have an entry
for every name of ``urikit.__all__`` and of the ``__all__`` of each module
docs/core.md and docs/large-data.md document. Run in both builds: in the C build
the accelerated functions (``parse``, ``resolve`` ...) are not Python functions,
and autodoc skips what it does not recognise without a warning."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import urikit

pytest.importorskip("sphinx")
pytest.importorskip("myst_parser")
pytest.importorskip("furo")
inventory = pytest.importorskip("sphinx.util.inventory")

DOCS = Path(__file__).resolve().parents[2] / "docs"
#: The pages whose ``automodule ... :members:`` modules are checked name by name.
PAGES = ("core.md", "large-data.md")


@pytest.fixture(scope="module")
def documented(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """The Python objects the built reference has an entry for, by full name.

    ``URIKIT_DOCS_BUILD`` names a site already built from this tree with ``-W``
    (CI builds it once, in the C build, and runs this test on it); otherwise the
    site is built here, into a temporary folder."""
    given = os.environ.get("URIKIT_DOCS_BUILD")
    if given:
        with (Path(given) / "objects.inv").open("rb") as f:
            inv = inventory.InventoryFile.load(f, "", lambda base, uri: uri)
        return {name for role, entries in inv.items() if role.startswith("py:") for name in entries}
    out = tmp_path_factory.mktemp("html")
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html"]
    done = subprocess.run(
        [*command, "-d", str(out / ".doctrees"), str(DOCS), str(out)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    with (out / "objects.inv").open("rb") as f:
        inv = inventory.InventoryFile.load(f, "", lambda base, uri: uri)
    return {name for role, entries in inv.items() if role.startswith("py:") for name in entries}


def _full_names(module: ModuleType, name: str) -> set[str]:
    """The names ``module.name`` may be documented under: its own, that of its
    definition, or that of any urikit module that exports the same object."""
    obj = getattr(module, name)
    names = {f"{module.__name__}.{name}"}
    if isinstance(obj, ModuleType):
        names.add(obj.__name__)
    elif isinstance(getattr(obj, "__qualname__", None), str):
        names.add(f"{getattr(obj, '__module__', '')}.{obj.__qualname__}")
    for other_name, other in list(sys.modules.items()):
        if other_name.startswith("urikit") and getattr(other, name, None) is obj:
            names.add(f"{other_name}.{name}")
    return names


def _modules_of(page: str) -> list[str]:
    """The modules ``page`` documents with ``:members:``."""
    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
    found = []
    for i, line in enumerate(lines):
        if line.startswith(".. automodule:: ") and any(
            options.strip() == ":members:" for options in lines[i + 1 : i + 4]
        ):
            found.append(line.split()[-1])
    return found


def _missing(module: ModuleType, documented: set[str]) -> list[str]:
    names: list[str] = getattr(module, "__all__", [])
    return [name for name in names if not _full_names(module, name) & documented]


def test_every_name_of_urikit_all_has_an_entry(documented: set[str]) -> None:
    assert urikit.__all__
    assert _missing(urikit, documented) == []


def test_the_accelerated_functions_have_entries(documented: set[str]) -> None:
    # the five the C build used to leave out, by the name of their definition
    assert {
        "urikit.reference.parse",
        "urikit.reference.is_valid",
        "urikit.resolution.resolve",
        "urikit.resolution.remove_dot_segments",
        "urikit.normalization.normalize",
    } <= documented


@pytest.mark.parametrize("module_name", [name for page in PAGES for name in _modules_of(page)])
def test_every_public_name_of_a_documented_module_has_an_entry(
    module_name: str, documented: set[str]
) -> None:
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:  # an extra that is not installed
        pytest.skip(str(err))
    assert _missing(module, documented) == []


def test_the_pages_document_modules() -> None:
    assert len([name for page in PAGES for name in _modules_of(page)]) >= 9
