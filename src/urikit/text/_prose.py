"""What counts as a URI in prose, for :mod:`.extraction` and :mod:`.fixup` alike.

The schemes written without ``//`` (:data:`PROSE_SCHEMES`, plus every registered
scheme without an authority), the characters a URI may hold, the whitespace
that no URI holds, and the expression of a scheme and its colon.

>>> {"mailto", "urn"} <= _prose_schemes(frozenset()), "http" in PROSE_SCHEMES
(True, False)
"""

from __future__ import annotations

import functools
import re
from typing import Final

from ..core._charsets import GEN_DELIMS, SCHEME_PATTERN, SUB_DELIMS, UNRESERVED
from ..core._schemeinfo import DEFAULT_REGISTRY as _SCHEME_REGISTRY

__all__ = ["PROSE_SCHEMES"]


#: Schemes that count in prose without ``//`` after them (besides the registered
#: schemes without an authority, such as mailto and news). Each is a registered
#: IANA scheme whose URIs have no authority and are commonly written in text.
PROSE_SCHEMES: Final = frozenset(
    {
        "mailto",  # RFC 6068: mailto:user@example.org
        "news",  # RFC 5538: news:comp.infosystems.www.servers.unix
        "urn",  # RFC 8141: urn:ietf:rfc:3986
        "tel",  # RFC 3966: tel:+1-201-555-0123
        "fax",  # RFC 2806: fax:+358.555.1234567
        "sms",  # RFC 5724: sms:+15105550101
        "data",  # RFC 2397: data:,A%20brief%20note
        "sip",  # RFC 3261: sip:alice@atlanta.example.com
        "sips",  # RFC 3261
        "xmpp",  # RFC 5122: xmpp:user@example.com
        "geo",  # RFC 5870: geo:13.4125,103.8667
        "magnet",  # provisional, widely written: magnet:?xt=urn:btih:...
        "cid",  # RFC 2392: cid:foo4*foo1@bar.net
        "mid",  # RFC 2392: mid:960830.1639@XIson.com
        "tag",  # RFC 4151: tag:timothy@hpl.hp.com,2001:web/externalHome
        "info",  # RFC 4452: info:lccn/2002022641
        "about",  # RFC 6694: about:blank
    }
)

# Whitespace: ASCII whitespace and the no-break space (U+00A0) that converted
# documents indent with; no URI holds any of them. Blanks on a line and line
# breaks may stand inside a delimited form; a form feed or vertical tab may not.
_LINE_BLANKS: Final = " \t\xa0"
_LINE_BREAKS: Final = "\r\n"
_BAD_BLANKS: Final = "\f\v"
_WS: Final = _LINE_BLANKS + _LINE_BREAKS + _BAD_BLANKS
# The characters where a candidate starts: a delimited form's opening, a
# scheme's colon, and (abbreviated forms) the dot after one of the words that
# start a host name written without a scheme.
_ANGLE_OPEN: Final = "<"
_QUOTE_OPEN: Final = '"'
_SCHEME_COLON: Final = ":"
_ABBREVIATED_DOT: Final = "."
_ABBREVIATED_WORDS: Final = ("www", "ftp")
# The old prefix of an angle form, <URL:...>, in any case.
_URL_PREFIX: Final = "URL:"
# Extracted.wrapper of each delimited form.
_WRAPPERS: Final = ("angle", "quote", "url")
_SCHEME_COLON_RE: Final = re.compile(SCHEME_PATTERN + ":")
# Every character a URI may hold: unreserved, reserved and "%".
_URI_CHARS: Final = UNRESERVED | GEN_DELIMS | SUB_DELIMS | frozenset("%")


def _prose_schemes(extra: frozenset[str]) -> frozenset[str]:
    """The schemes that count without ``//`` (see the module docstring): built
    once per ``extra`` and registry version, as the registry may change (a
    scheme registered, ``urikit.schemes`` imported) between two calls."""
    return _prose_schemes_at(extra, _SCHEME_REGISTRY.version)


@functools.lru_cache(maxsize=32)
def _prose_schemes_at(extra: frozenset[str], version: int) -> frozenset[str]:
    names = set(PROSE_SCHEMES) | extra
    for name in _SCHEME_REGISTRY:
        handler = _SCHEME_REGISTRY.get(name)
        if handler is not None and not handler.has_authority:
            names.add(name.lower())
    return frozenset(names)
