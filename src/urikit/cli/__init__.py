"""The ``urikit`` command-line tool.

>>> main(["resolve", "http://a/b/c/d;p?q", "../g"])
http://a/b/g
0
"""

from __future__ import annotations

from ..core._faces import publish
from ._main import EXIT_STATUS_HELP, build_parser, main

#: This package's layer (tests/project/test_layers.py reads it).
__layer__ = 7

__all__ = ["EXIT_STATUS_HELP", "build_parser", "main"]

publish(__name__, globals())
