"""The third-party modules of an optional extra, imported on first use.

The engine modules (:mod:`urikit.arrow`, :mod:`urikit.dask`,
:mod:`urikit.duckdb`, :mod:`urikit.spark`) import without their extra
installed; each asks for the extra's modules only when one of its functions
runs, through a function :func:`loader` makes. ``import urikit`` imports
neither this module nor any extra.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from typing import Any

__all__ = ["loader"]


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
    message = f"urikit.{extra} needs {needs}: pip install 'urikit[{extra}]'"

    @functools.cache  # an exception is not cached: a failed import is tried again
    def load() -> tuple[Any, ...]:
        try:
            return tuple(importlib.import_module(name) for name in modules)
        except ImportError:
            raise ImportError(message) from None

    return load
