"""``import urikit.X`` gives what the import statement promises: the module
``urikit.X``, or ImportError when there is none. A package attribute named like
one of its submodules (the function ``urikit.resolve`` over a module
``urikit/resolve.py``) would break that: ``import urikit.resolve as m`` binds
``m`` to ``getattr(urikit, "resolve")``, the function, while
``sys.modules["urikit.resolve"]`` is the module."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
from types import ModuleType
from typing import Any

import pytest

import urikit


def _packages() -> list[ModuleType]:
    """urikit and every subpackage of it that imports without an extra."""
    found = [urikit]
    for info in pkgutil.walk_packages(urikit.__path__, "urikit.", onerror=lambda _name: None):
        if info.ispkg:
            try:
                found.append(importlib.import_module(info.name))
            except ImportError:  # an extra is missing
                continue
    return found


@pytest.mark.parametrize("package", _packages(), ids=lambda p: p.__name__)
def test_no_attribute_of_a_package_shadows_its_submodule(package: ModuleType) -> None:
    shadowed = []
    for info in pkgutil.iter_modules(package.__path__):
        name = f"{package.__name__}.{info.name}"
        try:
            module = importlib.import_module(name)
        except ImportError:  # an extra is missing
            continue
        if getattr(package, info.name) is not module:
            shadowed.append(f"{name} is {getattr(package, info.name)!r}, not the module")
    assert not shadowed


@pytest.mark.parametrize("name", ["resolve", "normalize"])
def test_import_of_a_function_name_is_an_import_error(name: str) -> None:
    assert callable(getattr(urikit, name))  # the public function stays
    with pytest.raises(ModuleNotFoundError, match=f"urikit.{name}"):
        importlib.import_module(f"urikit.{name}")
    assert f"urikit.{name}" not in sys.modules


def test_the_import_statement_gives_the_modules() -> None:
    import urikit.normalization as normalization
    import urikit.resolution as resolution

    assert isinstance(resolution, ModuleType) and resolution.__name__ == "urikit.resolution"
    assert isinstance(normalization, ModuleType)
    assert normalization.__name__ == "urikit.normalization"
    assert resolution.resolve is urikit.resolve
    assert normalization.normalize is urikit.normalize
    assert resolution.remove_dot_segments is urikit.remove_dot_segments


def test_no_public_name_is_also_a_submodule() -> None:
    submodules = {info.name for info in pkgutil.iter_modules(urikit.__path__)}
    clashes = [
        name
        for name in urikit.__all__
        if name in submodules and not isinstance(getattr(urikit, name), ModuleType)
    ]
    assert not clashes


def _public_modules() -> list[str]:
    """The modules users import from: the facade, the faces at the top level and
    the front file of every package but the layer packages (core, text, columnar,
    canonical_forms, whose faces are top-level modules)."""
    layers = {"urikit.core", "urikit.text", "urikit.columnar", "urikit.canonical_forms"}
    names = ["urikit"]
    for info in pkgutil.iter_modules(urikit.__path__, "urikit."):
        if not info.name.rpartition(".")[2].startswith("_") and info.name not in layers:
            names.append(info.name)
    return names


@pytest.mark.parametrize("name", _public_modules())
def test_public_names_carry_the_module_users_import(name: str) -> None:
    """A class or function a public module exports says so in ``__module__`` (the
    facade's names say their face), so reprs and pickles name a path that stays."""
    try:
        module = importlib.import_module(name)
    except ImportError:  # an extra is missing
        pytest.skip(f"{name} needs an extra")
    wrong = []
    for attr in getattr(module, "__all__", []):
        try:
            obj = getattr(module, attr)
        except ImportError:  # a name loaded on first use, from an extra
            continue
        home = getattr(obj, "__module__", None)
        if not (isinstance(obj, type) or callable(obj)) or not isinstance(home, str):
            continue
        if home.startswith("urikit") and not (home == name or name == "urikit"):
            wrong.append(f"{attr}: {home}")
        if name == "urikit" and home.startswith("urikit") and "._" in f".{home}":
            wrong.append(f"{attr}: {home}")
    assert not wrong, wrong


def test_the_public_module_walk_finds_the_faces() -> None:
    assert {"urikit.arrow", "urikit.reference", "urikit.security", "urikit.iri"} <= set(
        _public_modules()
    )


@pytest.mark.parametrize("name", _public_modules())
def test_public_methods_name_the_class_they_are_called_on(name: str) -> None:
    """``__init__`` and every public method (classmethod, staticmethod, property)
    of an exported class written in Python name that class and its face,
    inherited ones too:
    Python's own argument errors ("IRIReference.update_query() takes ...",
    "FtpView.parse() missing ...") then name the class called, as urikit's own
    checks (``type(self).__name__``) do."""
    try:
        module = importlib.import_module(name)
    except ImportError:  # an extra is missing
        pytest.skip(f"{name} needs an extra")
    wrong = []
    for attr in getattr(module, "__all__", []):
        try:
            cls = getattr(module, attr)
        except ImportError:  # a name loaded on first use, from an extra
            continue
        if not isinstance(cls, type) or not cls.__module__.startswith("urikit"):
            continue
        for method in dir(cls):
            if method.startswith("_") and method != "__init__":
                continue
            raw = inspect.getattr_static(cls, method)
            function: Any = raw.fget if isinstance(raw, property) else getattr(raw, "__func__", raw)
            owner = next(k for k in cls.__mro__ if method in vars(k))
            if not hasattr(function, "__code__") or not owner.__module__.startswith("urikit"):
                continue  # a C accessor's name is fixed; a stdlib base's is its own
            where = (function.__module__, function.__qualname__.rpartition(".")[0])
            if where != (cls.__module__, cls.__qualname__):
                wrong.append(f"{attr}.{method}: {where}")
    assert not wrong, wrong
