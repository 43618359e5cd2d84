"""Character classes of RFC 3986 (and RFC 5234 core rules), composed like the ABNF.

This module is the one definition of RFC 3986's character classes. The regular
expressions of the parser, the percent-encoder's "safe" sets and the C
accelerator's lookup tables are all derived from the sets below. Each other
standard's classes are its own, spelt from its own ABNF beside its grammar, not
borrowed from here (so that a change to RFC 3986's reading changes no other
standard): RFC 8141's in :mod:`urikit.urn._syntax` and :mod:`urikit.urn._namespaces`,
RFC 3987's in :mod:`urikit.iri._syntax`, RFC 2396's, RFC 1738's and the 1993
draft's in the modules of :mod:`urikit.legacy`. What they share is RFC 5234's
core rules (``ALPHA``, ``DIGIT``, ``HEXDIG``) and the regex helpers.

Each class is a ``frozenset`` of one-character strings. ``regex_class(s)``
turns one into the body of a regex character class; the few regex fragments
that several modules need (``ALPHA_CLASS``, ``ALNUM_CLASS``, ``HEXDIG_CLASS``,
``PCT_ENCODED_PATTERN``, ``SCHEME_PATTERN``) are built here from the sets, once.
``compiled(pattern)`` compiles one on first use, so that no module imports ``re``
(with ``enum``, a large part of the import time) when ``import urikit`` runs.

>>> "~" in UNRESERVED, "!" in UNRESERVED, "!" in SUB_DELIMS
(True, False, True)
>>> sorted(PCHAR - UNRESERVED - SUB_DELIMS)
[':', '@']
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # ``re`` itself is imported on first use (import cost)
if TYPE_CHECKING:
    import re

__all__ = [
    "ALNUM_CLASS",
    "ALPHA",
    "ALPHA_CLASS",
    "BIDI_CONTROLS",
    "BIDI_FORMATTING",
    "DIGIT",
    "FRAGMENT",
    "GEN_DELIMS",
    "HEXDIG",
    "HEXDIG_CLASS",
    "IPVFUTURE_TAIL",
    "LDH",
    "LDH_CLASS",
    "PATH",
    "PCHAR",
    "PCHAR_NC",
    "PCT_ENCODED_PATTERN",
    "PCT_RUN_PATTERN",
    "QUERY",
    "REG_NAME",
    "RESERVED",
    "SCHEME",
    "SCHEME_PATTERN",
    "SUB_DELIMS",
    "UNRESERVED",
    "USERINFO",
    "compiled",
    "possessive",
    "regex_class",
]

# RFC 5234 Appendix B.1 core rules: ALPHA = %x41-5A / %x61-7A, DIGIT = %x30-39,
# HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F" (case-insensitive, RFC 3986 2.1).
ALPHA = frozenset(map(chr, [*range(0x41, 0x5B), *range(0x61, 0x7B)]))
DIGIT = frozenset(map(chr, range(0x30, 0x3A)))
HEXDIG = DIGIT | frozenset("ABCDEFabcdef")

# RFC 3986 section 2.2 and 2.3.
GEN_DELIMS = frozenset(":/?#[]@")
SUB_DELIMS = frozenset("!$&'()*+,;=")
RESERVED = GEN_DELIMS | SUB_DELIMS
UNRESERVED = ALPHA | DIGIT | frozenset("-._~")

# section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )  (after the first char)
SCHEME = ALPHA | DIGIT | frozenset("+-.")

# RFC 1034 section 3.5 (with RFC 1123 section 2.1's leading digit): the letters,
# digits and hyphen of a host name label, which the security checks read a host by.
# (RFC 8141's ``ldh`` of a namespace identifier is urikit.urn._namespaces.LDH.)
LDH = ALPHA | DIGIT | frozenset("-")

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
# RFC 3987 section 4.1: the bidirectional formatting characters an IRI must not
# hold, LRM, RLM, LRE, RLE, PDF, LRO and RLO (inside ``ucschar`` but refused).
BIDI_FORMATTING = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e")
# Unicode's Bidi_Control characters: those seven, the Arabic letter mark ALM and
# the isolates LRI, RLI, FSI and PDI, which Unicode added after RFC 3987 (2005).
BIDI_CONTROLS = BIDI_FORMATTING | frozenset("\u061c\u2066\u2067\u2068\u2069")
# section 3.4: query = *( pchar / "/" / "?" )
QUERY = PCHAR | frozenset("/?")
# section 3.5: fragment = *( pchar / "/" / "?" ). The same characters as the query
# today, but a definition of its own: widening one does not widen the other.
FRAGMENT = PCHAR | frozenset("/?")


def regex_class(chars: frozenset[str]) -> str:
    """Return the inside of a regex ``[...]`` class matching exactly ``chars``.

    >>> regex_class(frozenset("a-]"))
    '\\\\-\\\\]a'
    """
    special = set("\\]^-[")
    return "".join("\\" + c if c in special else c for c in sorted(chars))


#: The bodies of regex classes matching one ALPHA, one ALPHA or DIGIT, one HEXDIG.
ALPHA_CLASS = regex_class(ALPHA)
ALNUM_CLASS = regex_class(ALPHA | DIGIT)
HEXDIG_CLASS = regex_class(HEXDIG)
#: The body of a regex class matching one ``ldh`` character.
LDH_CLASS = regex_class(LDH)
#: Whether ``re`` repeats a group possessively right. CPython before 3.11.5 does
#: not when the group fails part way through: the characters the failed attempt
#: read stay consumed (CPython gh-106052; ``re.fullmatch("(?:ab?c)*+", "a")``
#: matches). There :func:`possessive` writes the repeat as the greedy one in an
#: atomic group, which the ``re`` documentation gives as its meaning; elsewhere
#: it keeps ``*+``, which is faster and keeps no state per repetition.
POSSESSIVE_GROUPS_WORK = sys.version_info >= (3, 11, 5)


def possessive(group: str, quantifier: str) -> str:
    """Regex of ``group`` (one group, or one character or class) repeated
    possessively by ``quantifier`` (``"*"``, ``"+"`` or ``"?"``): ``group*+``, or
    ``(?>group*)`` where ``re`` gets the first wrong (before CPython 3.11.5).

    >>> possessive("(?:ab)", "*") in ("(?:ab)*+", "(?>(?:ab)*)")
    True
    """
    if POSSESSIVE_GROUPS_WORK:
        return f"{group}{quantifier}+"
    return f"(?>{group}{quantifier})"


#: Regex of section 2.1 ``pct-encoded = "%" HEXDIG HEXDIG``.
PCT_ENCODED_PATTERN = f"%[{HEXDIG_CLASS}]{{2}}"
#: Regex of a run of ``pct-encoded``, written to start with the literal "%" so
#: that the regex engine searches for it (as "(?:%XX)+" it tries every
#: position, several times slower on a long URL).
PCT_RUN_PATTERN = PCT_ENCODED_PATTERN + possessive(f"(?:{PCT_ENCODED_PATTERN})", "*")
#: Regex of section 3.1 ``scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )``.
SCHEME_PATTERN = f"[{ALPHA_CLASS}][{regex_class(SCHEME)}]*+"


_COMPILED: dict[str, re.Pattern[str]] = {}


def compiled(pattern: str) -> re.Pattern[str]:
    """``re.compile(pattern)``, cached; ``re`` is imported by the first call.

    >>> compiled(PCT_ENCODED_PATTERN).findall("%41%g1%7e")
    ['%41', '%7e']
    >>> compiled(PCT_ENCODED_PATTERN) is compiled(PCT_ENCODED_PATTERN)
    True
    """
    try:
        return _COMPILED[pattern]
    except KeyError:
        import re

        regex = _COMPILED[pattern] = re.compile(pattern)
        return regex
