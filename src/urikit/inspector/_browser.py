"""What the page runs in Pyodide before it imports urikit's checks.

The ``regex`` module (Unicode properties for the "invisible-character" check)
has no pure-Python wheel. Where it cannot be imported, :func:`install` puts a
stand-in in ``sys.modules`` whose ``compile`` accepts only that check's pattern
and returns the stdlib ``re`` pattern of the same characters, as the build read
them from ``regex`` (``_build.invisible_ranges``).

>>> import re
>>> stand_in = _stand_in([(0x200B, 0x200D), (0xFE0F, 0xFE0F)])
>>> from urikit.security._text import _INVISIBLE_SET
>>> p = stand_in.compile(_INVISIBLE_SET, stand_in.V1)
>>> [bool(p.fullmatch(c)) for c in "\\u200b\\u200d\\ufe0fa"]
[True, True, True, False]
>>> stand_in.compile("[a-z]")  # doctest: +ELLIPSIS
Traceback (most recent call last):
NotImplementedError: the page's stand-in for the regex module compiles only the ...
"""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Iterable
from typing import Any


def _stand_in(ranges: Iterable[Iterable[int]]) -> types.ModuleType:
    from ..security._text import _INVISIBLE_SET

    chars = "".join(
        re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}"
        for a, b in (tuple(r) for r in ranges)
    )
    compiled = re.compile(f"[{chars}]")
    module = types.ModuleType("regex", "urikit inspector's stand-in for the regex module")

    def compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
        if pattern != _INVISIBLE_SET:
            raise NotImplementedError(
                "the page's stand-in for the regex module compiles only the"
                " invisible-character pattern"
            )
        return compiled

    module.__dict__.update(compile=compile, V1=0)
    return module


def install(ranges: Any) -> bool:
    """Put the stand-in for ``regex`` in place when the real one is missing;
    whether it did."""
    try:
        import regex  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        sys.modules["regex"] = _stand_in(ranges)
        return True
    return False
