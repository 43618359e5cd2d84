"""How the checks read the text, shared by them.

Runs of percent-encoded octets decoded as UTF-8 (``_percent_text``), a host name
as a browser or resolver sees it (``_host_name``), the components that may hold
percent-encoding and the bidirectional formatting characters (Unicode's
Bidi_Control, :data:`urikit.core._charsets.BIDI_CONTROLS`)."""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import TYPE_CHECKING, Any, Final

from ..core._charsets import BIDI_CONTROLS, PCT_RUN_PATTERN
from ..core._parser import FRAGMENT_SPAN, HOST_SPAN, PATH_SPAN, QUERY_SPAN, USERINFO_SPAN

if TYPE_CHECKING:
    from typing import Protocol

    class _Found(Protocol):
        """What ``_add_bidi`` adds to (``_policy._Found``, which sits above this
        module: the policy's sites read host names as this module does)."""

        def add(
            self, code: str, severity: str, component: str, a: int, b: int, message: str
        ) -> None: ...


_BIDI_FORMAT: Final = BIDI_CONTROLS

#: The pattern of :func:`_invisible_re`: Unicode's Default_Ignorable_Code_Point
#: and format characters (Cf), less the prepended concatenation marks (Cf, but
#: shown: U+0600 ARABIC NUMBER SIGN) and the bidi formatting characters (they
#: have a finding of their own, "bidi-formatting").
_INVISIBLE_SET: Final = (
    r"[[\p{Default_Ignorable_Code_Point}\p{Cf}]--[\p{Prepended_Concatenation_Mark}"
    + "".join(f"\\u{ord(c):04X}" for c in sorted(_BIDI_FORMAT))
    + "]]"
)


@functools.cache
def _invisible_re() -> Any:
    """A compiled ``regex`` pattern for one invisible character (see
    ``_INVISIBLE_SET``), compiled on first need: the Unicode properties come
    from the ``regex`` module's data (the stdlib's ``unicodedata`` has no
    Default_Ignorable_Code_Point, and its category Cf misses the variation
    selectors, the Hangul fillers and the combining grapheme joiner)."""
    import regex  # type: ignore[import-untyped]

    return regex.compile(_INVISIBLE_SET, regex.V1)


def _is_invisible(char: str) -> bool:
    """Whether ``char`` is an invisible character: a Default_Ignorable_Code_Point
    or a format character (not a bidi formatting one, not a prepended mark).

    >>> [_is_invisible(c) for c in "\u200b\u00ad\ufe0f\U000e0041\u200e\u0600a"]
    [True, True, True, True, False, False, False]
    """
    return _invisible_re().fullmatch(char) is not None


#: A run of percent-encoded octets.
_PCT_RUN_RE: Final = re.compile(PCT_RUN_PATTERN)

_HOST_DOTS: Final = str.maketrans({"\u3002": ".", "\uff0e": ".", "\uff61": "."})

_PCT_GROUPS: Final = (
    (USERINFO_SPAN, "userinfo"),
    (HOST_SPAN, "host"),
    (PATH_SPAN, "path"),
    (QUERY_SPAN, "query"),
    (FRAGMENT_SPAN, "fragment"),
)


def _add_bidi(
    found: _Found, component: str, a: int, b: int, char: str, *, encoded: bool = False
) -> None:
    """The "bidi-formatting" finding of the bidi formatting character ``char``
    over ``[a, b)`` (``encoded``: percent-encoded there)."""
    name = unicodedata.name(char, "")
    written = "encoded U+" if encoded else "U+"
    found.add(
        "bidi-formatting",
        "danger",
        component,
        a,
        b,
        f"{written}{ord(char):04X} {name} reorders text",
    )


def _percent_text(value: str) -> str:
    if "%" not in value:
        return value
    return _PCT_RUN_RE.sub(
        lambda m: bytes.fromhex(m.group().replace("%", "")).decode("utf-8", "replace"), value
    )


def _host_name(host: str) -> str:
    """The host name a browser or resolver sees: percent-decoded, full-width forms
    and ideographic full stops mapped (NFKC, as UTS #46 does), lowercase."""
    name = _percent_text(host) if "%" in host else host
    if not name.isascii():
        name = unicodedata.normalize("NFKC", name.translate(_HOST_DOTS)).translate(_HOST_DOTS)
    return name.lower()
