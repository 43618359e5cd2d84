"""Sphinx configuration: the urikit API reference (autodoc) and the Markdown pages
(MyST), with the furo theme. Build: ``sphinx-build -W --keep-going -b html docs
docs/_build/html``. The pages' examples are doctested by pytest (pyproject.toml)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
from pathlib import Path
from typing import Any

try:  # the installed urikit (the build under test); else this checkout's source
    import urikit
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import urikit


def _document_python_twins() -> None:
    """Make autodoc see the C-accelerated functions (``parse``, ``resolve`` ...).

    autodoc's ``:members:`` documents functions, classes and commented data, and
    silently skips any other object: a C-accelerated function
    (``urikit.core._speedups.AcceleratedFunction``, made by ``_speedups.accelerate``) is
    a callable object, not a function, so the C build's reference would have no
    entry for it. Its Python twin, ``__wrapped__``, is the function it stands for,
    with the same name, docstring and signature: in this build's process each
    module attribute that is such an object is replaced by its twin, and autodoc
    documents that (the pure-Python build documents the same functions)."""
    names = [info.name for info in pkgutil.walk_packages(urikit.__path__, "urikit.")]
    for name in ["urikit", *names]:
        if name.endswith(".__main__"):  # runs the command line
            continue
        try:
            module = importlib.import_module(name)
        except ImportError:  # an extra that is not installed
            continue
        for attr, value in list(vars(module).items()):
            twin = getattr(value, "__wrapped__", None)
            if inspect.isfunction(twin) and not inspect.isroutine(value):
                setattr(module, attr, twin)


_document_python_twins()


def _skip_inherited(
    app: object, what: str, name: str, obj: object, skip: bool, options: object
) -> bool | None:
    """A method a published class inherits is held by the class as a copy under
    its own name (``urikit.core._faces``: Python's argument errors then name the
    class called); autodoc would document each copy as the class's own member.
    Without ``:inherited-members:`` it is documented where it is written, as
    before the copy. A copy runs the code of the method it copies, whose
    ``co_qualname`` names the class that writes it."""
    # (attribute access: Sphinx 7's options and Sphinx 9's both have it)
    if getattr(options, "inherited_members", None):
        return None
    function = getattr(obj, "fget", None) or getattr(obj, "__func__", obj)  # property, classmethod
    code = getattr(function, "__code__", None)
    qualname = getattr(function, "__qualname__", None)
    if code is not None and isinstance(qualname, str) and code.co_qualname != qualname:
        return code.co_qualname.endswith("." + function.__name__) or None
    return None


def setup(app: Any) -> None:
    app.connect("autodoc-skip-member", _skip_inherited)


def _inspector_page() -> str:
    """Build the inspector page (docs/inspector.md) into _build/inspector-site/
    inspector/, which the site copies to inspector/ (html_extra_path)."""
    from urikit.inspector import build

    site = Path(__file__).resolve().parent / "_build" / "inspector-site"
    build(site / "inspector")
    return str(site)


html_extra_path = [_inspector_page()]

project = "urikit"
author = "the urikit authors"
copyright = "the urikit authors"
version = release = urikit.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "markdown"}
root_doc = "index"
# docs/peers/ holds the comparison page's parts (each a doctest file that skips when
# its peer is missing), included by comparison.md, not pages of their own.
exclude_patterns = ["_build", "peers"]

myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_default_options = {"show-inheritance": True}
autodoc_typehints = "description"
napoleon_google_docstring = True
napoleon_numpy_docstring = False

html_theme = "furo"
html_title = f"urikit {release}"
