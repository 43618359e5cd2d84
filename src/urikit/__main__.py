"""``python -m urikit``: the command-line tool."""

from __future__ import annotations

import sys

from .cli import main

#: This module's layer (tests/project/test_layers.py reads it): the application.
__layer__ = 7

if __name__ == "__main__":
    sys.exit(main())
