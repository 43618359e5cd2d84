"""Character classes of RFC 3986 (and RFC 5234 core rules), composed like the ABNF.

This module is the single definition of every character class urikit uses. The
regular expressions of the parser, the percent-encoder's "safe" sets and the C
accelerator's lookup tables are all derived from the sets below; nothing else
spells a character class out by hand.

Each class is a ``frozenset`` of one-character strings. ``regex_class(s)``
turns one into the body of a regex character class.

>>> "~" in UNRESERVED, "!" in UNRESERVED, "!" in SUB_DELIMS
(True, False, True)
>>> sorted(PCHAR - UNRESERVED - SUB_DELIMS)
[':', '@']
"""

from __future__ import annotations

import string

__all__ = [
    "ALPHA",
    "DIGIT",
    "FRAGMENT",
    "GEN_DELIMS",
    "HEXDIG",
    "IPVFUTURE_TAIL",
    "PATH",
    "PCHAR",
    "PCHAR_NC",
    "QUERY",
    "REG_NAME",
    "RESERVED",
    "SCHEME",
    "SUB_DELIMS",
    "UNRESERVED",
    "USERINFO",
    "regex_class",
]

# RFC 5234 Appendix B.1 core rules.
ALPHA = frozenset(string.ascii_letters)
DIGIT = frozenset(string.digits)
HEXDIG = frozenset(string.hexdigits)

# RFC 3986 section 2.2 and 2.3.
GEN_DELIMS = frozenset(":/?#[]@")
SUB_DELIMS = frozenset("!$&'()*+,;=")
RESERVED = GEN_DELIMS | SUB_DELIMS
UNRESERVED = ALPHA | DIGIT | frozenset("-._~")

# section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )  (after the first char)
SCHEME = ALPHA | DIGIT | frozenset("+-.")

# section 3.2.1: userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
USERINFO = UNRESERVED | SUB_DELIMS | frozenset(":")
# section 3.2.2: reg-name = *( unreserved / pct-encoded / sub-delims )
REG_NAME = UNRESERVED | SUB_DELIMS
# section 3.2.2: IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
IPVFUTURE_TAIL = UNRESERVED | SUB_DELIMS | frozenset(":")

# section 3.3: pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
PCHAR = UNRESERVED | SUB_DELIMS | frozenset(":@")
# segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
PCHAR_NC = UNRESERVED | SUB_DELIMS | frozenset("@")
# A whole path: pchar plus the segment separator.
PATH = PCHAR | frozenset("/")
# sections 3.4 and 3.5: query = fragment = *( pchar / "/" / "?" )
QUERY = PCHAR | frozenset("/?")
FRAGMENT = QUERY


def regex_class(chars: frozenset[str]) -> str:
    """Return the inside of a regex ``[...]`` class matching exactly ``chars``.

    >>> regex_class(frozenset("a-]"))
    '\\\\-\\\\]a'
    """
    special = set("\\]^-[")
    return "".join("\\" + c if c in special else c for c in sorted(chars))
