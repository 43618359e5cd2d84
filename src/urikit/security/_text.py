"""How the checks read the text, shared by them.

Runs of percent-encoded octets decoded as UTF-8 (``_percent_text``), a host name
as a browser or resolver sees it (``_host_name``), the components that may hold
percent-encoding, the bidirectional formatting characters, and quoted text
shortened for messages."""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from .._charsets import PCT_RUN_PATTERN
from .._parser import FRAGMENT_SPAN, HOST_SPAN, PATH_SPAN, QUERY_SPAN, USERINFO_SPAN

_BIDI_FORMAT: Final = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)

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


def _shorten(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
