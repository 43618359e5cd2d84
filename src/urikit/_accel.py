"""Pick the implementation of urikit's hot kernels: the C accelerator or pure Python.

The pure-Python code is the reference; ``urikit._speedups`` (C) mirrors some of
its kernels and must agree with them on every input. Which one runs is decided
once, at import:

* ``URIKIT_NO_SPEEDUPS=1`` forces pure Python (it wins over the next one);
* ``URIKIT_REQUIRE_SPEEDUPS=1`` makes a missing or broken extension an
  ImportError instead of a silent fallback (CI uses it to prove C was tested);
* on anything but CPython, pure Python is used.

:data:`speedups` is the C module or ``None``; :data:`IMPLEMENTATION` is ``"c"``
or ``"python"``. The modules with hot functions (``_parser``, ``percent``,
``resolve``, ``normalize``, ``reference``, ``batch``) read :data:`speedups` and
bind their public names to the C functions; each C function keeps its Python
twin as ``__wrapped__``, hands it every case it does not handle, and the tests
compare the two.

The C boundary. ``_speedups`` imports nothing from urikit. The only object
layout it knows is :class:`SpanRecord` below (layer 1): the two slots
``_text`` and ``_sp``. :class:`urikit.reference.URIReference` subclasses it,
adding no slot, and installs itself at import through the hook
``_speedups.set_reference_type(SpanRecord, URIReference)``; the fast ``parse``
then allocates that type and fills exactly those two slots, and the C
component getters read them. ``_speedups.reference_type()`` reports what was
installed (tests check it is ``(SpanRecord, URIReference)``).
"""

from __future__ import annotations

import os
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Final

__all__ = [
    "IMPLEMENTATION",
    "NO_SPEEDUPS_ENV",
    "REQUIRE_SPEEDUPS_ENV",
    "SpanRecord",
    "speedups",
]

NO_SPEEDUPS_ENV: Final = "URIKIT_NO_SPEEDUPS"
REQUIRE_SPEEDUPS_ENV: Final = "URIKIT_REQUIRE_SPEEDUPS"


class SpanRecord:
    """The layout shared with the C accelerator: a text and the spans of its parts.

    ``_text`` is the text, ``_sp`` the tuple of ``(start, end)`` pairs that
    ``urikit._parser.split`` returns (``(-1, -1)`` for an undefined part).
    Subclasses must add no slot: C creates them with only these two filled.
    """

    __slots__ = ("_sp", "_text")

    _text: str
    _sp: tuple[tuple[int, int], ...]


def _flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def _load() -> ModuleType | None:
    if _flag(NO_SPEEDUPS_ENV):
        return None
    required = _flag(REQUIRE_SPEEDUPS_ENV)
    if sys.implementation.name != "cpython" and not required:
        return None
    try:
        from . import _speedups
    except ImportError as exc:
        if required:
            raise ImportError(
                f"{REQUIRE_SPEEDUPS_ENV} is set but the C accelerator urikit._speedups"
                f" cannot be imported: {exc}"
            ) from exc
        return None
    return _speedups


if TYPE_CHECKING:  # typed by _speedups.pyi; may still be None at run time
    from . import _speedups as speedups
else:
    speedups = _load()
IMPLEMENTATION: Final[str] = "python" if speedups is None else "c"
