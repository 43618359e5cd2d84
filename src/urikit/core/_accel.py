"""Pick the implementation of urikit's hot kernels: the C accelerator or pure Python.

The pure-Python code is the reference; ``urikit.core._speedups`` (C) mirrors some of
its kernels and must agree with them on every input. This module is the one door
to it: no other module imports ``_speedups``; they bind :func:`accelerate`'s C
twins, or a kernel of :data:`speedups` at their top (``None`` in the pure-Python
build).
Which one runs is decided once, at import:

* ``URIKIT_NO_SPEEDUPS=1`` forces pure Python (it wins over the next one);
* ``URIKIT_REQUIRE_SPEEDUPS=1`` makes a missing or broken extension an
  ImportError instead of a silent fallback (CI uses it to prove C was tested);
* on anything but CPython, pure Python is used;
* an extension whose stamp ``_speedups.ABI`` is not :data:`ABI` (built from
  older or newer C than this Python) is not used: treated as a missing one
  (pure Python, or the ImportError), the reason in :func:`not_built_reason`.

:data:`speedups` is the C module or ``None``; :data:`IMPLEMENTATION` is ``"c"``
or ``"python"``. The modules with hot functions bind their public names to
:func:`accelerate`'s C twins (``_parser``, ``resolution``, ``normalization``,
``reference``, ``iri``, ``security``) or call its kernels (``percent``,
``batch``, ``arrow``, ``extraction``, ``iri``, ``canonical_forms``); each C twin keeps its Python
function as ``__wrapped__``, hands it every case it does not handle, and the
tests compare the two.

The C boundary. ``_speedups`` imports nothing from urikit. The only object
layout it knows is :class:`SpanRecord` (layer 1): a text ``_text`` and the
spans ``_sp``. In the pure-Python build it is the class below, with those two
slots; in a C build it is ``_speedups.SpanRecord``, which has the same two
attributes but stores the spans inline (``_sp`` is built when read).
:class:`urikit.reference.URIReference` subclasses it, adding no slot, and
installs itself at import through the hook
``_speedups.set_reference_type(SpanRecord, URIReference)``; the fast ``parse``
then allocates that type and fills the text and the spans, and the C
component getters slice the text by them when read. ``_speedups.reference_type()`` reports what was
installed (tests check it is ``(SpanRecord, URIReference)``). Besides, the
extraction scanner ``_speedups.extract_scan`` is handed
``urikit.extraction.Extracted`` at each call and fills the slots that class
declares (found by name), as its ``__init__`` would.
"""

from __future__ import annotations

import os
import sys

from ._extras import imported
from ._interface import INTERFACE

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Final

__all__ = [
    "ABI",
    "C_BUILD",
    "IMPLEMENTATION",
    "NO_SPEEDUPS_ENV",
    "REQUIRE_SPEEDUPS_ENV",
    "REVISION",
    "SpanRecord",
    "accelerate",
    "describe",
    "not_built_reason",
    "speedups",
]

#: The revision of what the C does beyond its methods' signatures: raise it when
#: a kernel's answers, an object layout or what ``accelerate`` takes changes. (A
#: method added, removed or given another signature changes :data:`INTERFACE`,
#: generated from the units' headers by tools/gen_kernels.py, by itself.)
REVISION: Final = 2

#: The stamp of the C this Python expects: setup.py builds the extension with it
#: (``_speedups.ABI``, from the line above and ``core/_interface.py``), so that an
#: extension built from other C is refused as a whole (``tests/core/test_speedups_abi.py``).
ABI: Final = REVISION << 32 | INTERFACE

NO_SPEEDUPS_ENV: Final = "URIKIT_NO_SPEEDUPS"
REQUIRE_SPEEDUPS_ENV: Final = "URIKIT_REQUIRE_SPEEDUPS"


class SpanRecord:
    """The layout shared with the C accelerator: a text and the spans of its parts.

    ``_text`` is the text, ``_sp`` the tuple of ``(start, end)`` pairs that
    ``urikit.core._parser.split`` returns (``(-1, -1)`` for an undefined part).
    Subclasses must add no slot: C creates them with only these two filled.
    In a C build ``SpanRecord`` is ``urikit.core._speedups.SpanRecord`` instead:
    the same two attributes, the spans stored inline (see docs/design.md).
    """

    __slots__ = ("_sp", "_text")

    _text: str
    _sp: tuple[tuple[int, int], ...]


def _flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


BUILD_HINT: Final = (
    "build it with a C compiler and the Python headers installed:"
    " `URIKIT_REQUIRE_SPEEDUPS=1 pip install --force-reinstall --no-cache-dir urikit`,"
    " or in a checkout `URIKIT_REQUIRE_SPEEDUPS=1 pip install -e .`"
)


#: Why the extension found was not used (its stamp is not :data:`ABI`), or None.
_refused: str | None = None


def not_built_reason() -> str | None:
    """Why the installed urikit has no C accelerator: an extension found but
    refused (built for another :data:`ABI`), or as recorded by setup.py at build
    time (``urikit/core/_build_info.py``); ``None`` when nothing was recorded."""
    if _refused is not None:
        return _refused
    try:
        info = imported(f"{__package__}._build_info")
    except ImportError:
        return None
    reason = getattr(info, "C_EXTENSION_NOT_BUILT", None)
    return reason if isinstance(reason, str) else None


def _stale(module: ModuleType) -> str | None:
    """Why ``module`` cannot be used with this Python: its stamp is not ABI."""
    stamp = getattr(module, "ABI", None)
    if stamp == ABI:
        return None
    built = "no ABI stamp" if stamp is None else f"ABI {_stamp(stamp)}"
    return (
        f"urikit.core._speedups is stale: it has {built},"
        f" this urikit needs ABI {_stamp(ABI)}; rebuild it"
    )


def _stamp(stamp: object) -> str:
    """A stamp as ``revision.interface`` (``2.6c91db25``); another object as its repr."""
    if isinstance(stamp, int) and not isinstance(stamp, bool) and stamp >= 0:
        return f"{stamp >> 32}.{stamp & 0xFFFFFFFF:08x}"
    return repr(stamp)


def _required(why: str) -> ImportError:
    """The error of a C accelerator that ``URIKIT_REQUIRE_SPEEDUPS`` asks for and
    ``why`` rules out (it follows "the C accelerator")."""
    return ImportError(
        f"{REQUIRE_SPEEDUPS_ENV} is set but the C accelerator {why}; {BUILD_HINT};"
        f" or unset {REQUIRE_SPEEDUPS_ENV} to use the pure-Python implementation"
    )


def _load() -> ModuleType | None:
    global _refused
    if _flag(NO_SPEEDUPS_ENV):
        return None
    required = _flag(REQUIRE_SPEEDUPS_ENV)
    if sys.implementation.name != "cpython" and not required:
        return None
    try:
        module = imported(f"{__package__}._speedups")
    except ImportError as exc:
        if required:
            recorded = not_built_reason()
            why = f"it was not built ({recorded})" if recorded else f"it cannot be imported ({exc})"
            raise _required(f"urikit.core._speedups is missing: {why}") from None
        return None
    _refused = _stale(module)
    if _refused is not None:
        if required:
            raise _required(f"cannot be used: {_refused}")
        return None
    return module


if TYPE_CHECKING:  # typed by _speedups.pyi; may still be None at run time
    from . import _speedups as speedups
else:
    speedups = _load()
IMPLEMENTATION: Final[str] = "python" if speedups is None else "c"
#: True when the C accelerator runs.
C_BUILD: Final[bool] = speedups is not None

if not TYPE_CHECKING and speedups is not None:
    # the same two attributes, the spans stored inline in one C object
    SpanRecord = speedups.SpanRecord


if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Literal, TypeVar, overload

    _F = TypeVar("_F", bound=Callable[..., object])

    # what each kind takes by name, checked at the call sites
    @overload
    def accelerate(
        kind: Literal["split", "resolve", "remove_dot_segments", "plain_host_end"],
        fallback: _F,
        /,
    ) -> _F: ...
    @overload
    def accelerate(kind: Literal["is_valid"], fallback: _F, /, *, ascii_only: bool = ...) -> _F: ...
    @overload
    def accelerate(
        kind: Literal["parse"],
        fallback: _F,
        /,
        *,
        diagnose: Callable[..., object],
        subtype: type | None = ...,
    ) -> _F: ...
    @overload
    def accelerate(
        kind: Literal["normalize"],
        fallback: _F,
        /,
        *,
        default_ports: dict[str, int],
        http_like: set[str] | frozenset[str],
    ) -> _F: ...
    @overload
    def accelerate(kind: Literal["check"], fallback: _F, /, **fields: object) -> _F: ...
    def accelerate(kind: str, fallback: _F, /, **named: object) -> _F: ...

else:  # the one definition at run time (the overloads above type its calls)

    def accelerate(kind: str, fallback: _F, /, **named: object) -> _F:
        """``fallback``'s C twin (``urikit.core._speedups.accelerate``), which keeps it as
        ``__wrapped__`` and hands it every call it does not handle; ``fallback``
        itself in the pure-Python build.

        What a kind takes besides ``fallback`` goes by name: ``parse`` its
        ``diagnose`` and optionally the ``subtype`` it builds (urikit.iri's), ``is_valid``
        optionally ``ascii_only=True`` (ASCII text under the default rule only, the
        rest to ``fallback``), ``normalize`` the registry's live ``default_ports`` and
        ``http_like``, ``check`` its fields (``check_fields_t`` in ``_speedups.h``);
        the other kinds nothing. C refuses a name the kind does not take."""
        if speedups is None:
            return fallback
        return speedups.accelerate(kind, fallback, **named)


def describe() -> str:
    """One line for ``urikit --version``: which implementation runs, and why not C.

    >>> describe().split(" (")[0] in ("c implementation", "python implementation")
    True
    """
    if speedups is not None:
        return "c implementation"
    if _flag(NO_SPEEDUPS_ENV):
        return f"python implementation ({NO_SPEEDUPS_ENV} is set)"
    if sys.implementation.name != "cpython":
        return f"python implementation (C extension not used on {sys.implementation.name})"
    if _refused is not None:
        return f"python implementation (C extension not used: {_refused})"
    reason = not_built_reason() or "urikit.core._speedups cannot be imported"
    return f"python implementation (C extension not built: {reason})"
