"""Modules imported on first use, and the third-party modules of an optional extra.

:func:`imported` is how urikit imports a module only when it is needed: a
package's lazy names (``urikit.extract``, ``urikit.iri`` ...), the CLI's
commands, the C accelerator, the modules of a higher layer that a registry
names (``urikit.schemes``, ``urikit.legacy``, ``urikit.guard``). :func:`optional`
is the same for a module that may be missing (``ada_url``, ``tqdm``).

The engine modules (:mod:`urikit.arrow`, :mod:`urikit.dask`,
:mod:`urikit.duckdb`, :mod:`urikit.spark`) import without their extra
installed; each asks for the extra's modules only when one of its functions
runs, through a function :func:`loader` makes.

This module imports nothing but :mod:`sys` and :mod:`_thread` (both built in)
at import time, so that ``import urikit`` (whose accelerator is loaded through
:func:`imported`) pays nothing for it.

One thread at a time imports through :func:`imported`: two first uses at once
in two threads (a grammar and a scheme view, say) would otherwise import the
same standard module at once, and CPython 3.13.0 can then hand one of them the
module before it is filled (``cannot import name 'Iterable' from
'collections.abc'``; seen in 7 to 15 of 100 fresh interpreters).
"""

from __future__ import annotations

import _thread
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import ModuleType
    from typing import Any

__all__ = ["imported", "loader", "optional"]

#: The modules :func:`optional` found missing: a failed import searches the
#: whole path every time, so each is looked for once.
_MISSING: set[str] = set()

#: Held while :func:`imported` imports (reentrant: a module imported through it
#: may import another through it).
_IMPORTING = _thread.RLock()


def imported(name: str) -> ModuleType:
    """The module ``name`` (absolute), imported if it is not yet: what
    ``importlib.import_module(name)`` gives, without importing :mod:`importlib`.
    Not ``from . import x`` either: when ``x`` is missing, that form blames
    "a partially initialized module (circular import)".

    >>> imported("json.decoder").__name__
    'json.decoder'
    """
    module = sys.modules.get(name)
    if module is not None and not getattr(
        getattr(module, "__spec__", None), "_initializing", False
    ):
        return module  # imported, and done
    with _IMPORTING:
        __import__(name)  # waits, as importlib does, while another thread imports it
    return sys.modules[name]


def optional(name: str) -> ModuleType | None:
    """:func:`imported`, or ``None`` when the module cannot be imported (looked
    for once: the answer for a missing module is kept).

    >>> optional("json").__name__, optional("urikit_no_such_module")
    ('json', None)
    """
    if name in _MISSING:
        return None
    try:
        return imported(name)
    except ImportError:
        _MISSING.add(name)
        return None


def loader(extra: str, needs: str, *modules: str) -> Callable[[], tuple[Any, ...]]:
    """A function that imports ``modules`` on its first call and returns them in
    that order; later calls return the same tuple without importing (the kernels
    call it once per batch, where even importlib's lookup of a loaded module
    shows).

    When one of them is missing it raises ``ImportError("urikit.<extra> needs
    <needs>: pip install 'urikit[<extra>]'")``, and the next call tries again.

    >>> load = loader("example", "json", "json", "json.decoder")
    >>> [m.__name__ for m in load()]
    ['json', 'json.decoder']
    >>> load() is load()
    True
    >>> loader("example", "a missing module", "urikit_no_such_module")()
    Traceback (most recent call last):
    ...
    ImportError: urikit.example needs a missing module: pip install 'urikit[example]'
    """
    import functools

    message = f"urikit.{extra} needs {needs}: pip install 'urikit[{extra}]'"

    @functools.cache  # an exception is not cached: a failed import is tried again
    def load() -> tuple[Any, ...]:
        try:
            return tuple(imported(name) for name in modules)
        except ImportError:
            raise ImportError(message) from None

    return load
