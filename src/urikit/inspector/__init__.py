"""urikit in the browser: a static page that runs urikit's pure-Python build
through Pyodide beside the browser's own ``new URL()``.

``python -m urikit.inspector build OUT`` writes the page with urikit's
pure-Python wheel and its dependencies' wheels; ``python -m urikit.inspector
serve`` serves it on 127.0.0.1. See docs/inspector.md.

>>> PYODIDE_VERSION
'314.0.7'
>>> default_pyodide_base()
'https://cdn.jsdelivr.net/pyodide/v314.0.7/full/'
"""

from __future__ import annotations

#: This package's layer (tests/project/test_layers.py reads it).
__layer__ = 7

from typing import Final

from ..core._faces import publish
from . import _build
from ._build import build, default_pyodide_base

#: The Pyodide release the page loads: its npm package ``pyodide`` ships the
#: runtime (Python 3.14), which is all the page needs.
PYODIDE_VERSION: Final = _build.PYODIDE_VERSION

__all__ = ["PYODIDE_VERSION", "build", "default_pyodide_base"]

publish(__name__, globals())
