"""Two copies of urikit side by side: one imported with URIKIT_NO_SPEEDUPS=1 (the
pure-Python build), one without it (the C accelerator when it is built).

The ``build`` fixture of tests/conftest.py hands a test each of them in turn
(:func:`get`), the copy in sys.modules while the test runs (:meth:`Build.active`).
A test that compares C with Python takes ``build`` restricted to ``"c"``
(:data:`C_ONLY`) and ``get("python")``, the pure-Python copy, as its reference.
sys.modules and the environment are restored after each load and each test, so
the copies never meet the urikit the rest of the suite imports.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest

NO_ENV = "URIKIT_NO_SPEEDUPS"
REQUIRE_ENV = "URIKIT_REQUIRE_SPEEDUPS"

#: the two builds, the ``build`` fixture's parameters
BUILDS = ("python", "c")
#: the submodules every copy imports (each build's entry points the tests call)
SUBS = (
    "core._parser",
    "percent",
    "resolution",
    "normalization",
    "reference",
    "batch",
    "iri",
    "security",
    "text._extraction",
)
#: a test (or, as ``pytestmark``, a module) for the C build alone: the
#: comparisons with the pure-Python reference, and what only C has
C_ONLY = pytest.mark.parametrize("build", ["c"], indirect=True)


@dataclass(frozen=True)
class Build:
    """One copy of urikit: ``build["urikit.security"]`` is its module."""

    name: str  # "python" or "c"
    modules: dict[str, ModuleType]  # grows by what its code imports while active

    def __getitem__(self, name: str) -> Any:
        """The copy's module ``name``; one it has not loaded yet is imported into
        it while the copy is active (during a test on it)."""
        if name not in self.modules and sys.modules.get("urikit") is self.modules["urikit"]:
            return importlib.import_module(name)
        return self.modules[name]

    @contextlib.contextmanager
    def active(self) -> Iterator[None]:
        """This copy in sys.modules: what its code imports at call time (``from ..
        import iri`` inside a function) is this copy's module, not the suite's."""
        saved = _take()
        sys.modules.update(self.modules)
        try:
            yield
        finally:
            self.modules.update(_take())
            sys.modules.update(saved)

    @property
    def urikit(self) -> Any:
        """The package itself."""
        return self.modules["urikit"]

    @property
    def speedups(self) -> Any:
        """The C module (the C build only)."""
        return self.modules["urikit.core._speedups"]


@functools.cache
def _build(name: str) -> Build:
    if name not in BUILDS:
        raise ValueError(f"unknown build {name!r}: one of {BUILDS}")
    return Build(name, load(no_speedups=name == "python", subs=SUBS))


def get(name: str) -> Build:
    """The copy of urikit of build ``name`` (loaded once). The C build skips the
    test when the extension is not built, or fails it when URIKIT_REQUIRE_SPEEDUPS
    is set."""
    build = _build(name)
    if name != build.urikit.IMPLEMENTATION:
        if os.environ.get(REQUIRE_ENV, "") not in ("", "0"):
            pytest.fail(f"{REQUIRE_ENV} is set but the C accelerator did not load")
        pytest.skip("the C accelerator is not built")
    return build


def _take() -> dict[str, ModuleType]:
    """urikit's modules, taken out of sys.modules."""
    names = [n for n in sys.modules if n == "urikit" or n.startswith("urikit.")]
    return {n: sys.modules.pop(n) for n in names}


def load(*, no_speedups: bool, subs: Iterable[str] = ()) -> dict[str, ModuleType]:
    """A fresh urikit with its submodules ``subs`` imported: {"urikit": package,
    "urikit.<sub>": module, ...} (every urikit module the import loaded)."""
    saved_modules = _take()
    saved_env = {k: os.environ.get(k) for k in (NO_ENV, REQUIRE_ENV)}
    os.environ.pop(REQUIRE_ENV, None)
    if no_speedups:
        os.environ[NO_ENV] = "1"
    else:
        os.environ.pop(NO_ENV, None)
    try:
        importlib.import_module("urikit")
        for sub in subs:
            importlib.import_module("urikit." + sub)
        return _take()
    finally:
        _take()  # what a failed import left
        sys.modules.update(saved_modules)
        for k, v in saved_env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
