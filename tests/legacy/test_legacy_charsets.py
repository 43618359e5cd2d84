"""The older grammars' character classes, one table per document, spelt here from
its ABNF (RFC 2396 Appendix A with RFC 2732 section 3, RFC 1738 section 5, the
1993 Internet-Draft's BNF), independently of urikit and of RFC 3986's classes.

Each table is compared with the classes its module spells for itself, and with
what its checker reads; tests/core/test_charsets_apart.py changes one class of one
document in a copy of the tree and checks that no other standard's moves.
"""

from __future__ import annotations

import string

import pytest

from urikit.legacy import draft1993, grammars, rfc1738
from urikit.legacy.draft1993 import is_valid_draft1993
from urikit.legacy.grammars import is_valid_rfc2396 as _is_valid_rfc2396
from urikit.legacy.rfc1738 import is_valid_rfc1738

ALPHANUM = string.ascii_letters + string.digits
PRINTABLE = [chr(c) for c in range(0x20, 0x7F)]

# RFC 2396 Appendix A (section 2.2 reserved widened by RFC 2732 section 3).
_MARK = "-_.!~*'()"
_UNRESERVED = ALPHANUM + _MARK
_PCHAR = _UNRESERVED + ":@&=+$,"
RFC2396 = {
    "_UNRESERVED": _UNRESERVED,
    "_RESERVED": ";/?:@&=+$," + "[]",
    "_URIC": ";/?:@&=+$,[]" + _UNRESERVED,  # uric = reserved | unreserved | escaped
    "_PCHAR": _PCHAR,
    "_SEGMENT": _PCHAR + ";",  # segment = *pchar *( ";" param ), param = *pchar
    "_PATH": _PCHAR + ";/",
    "_REL_SEGMENT": _UNRESERVED + ";@&=+$,",
    "_USERINFO": _UNRESERVED + ";:&=+$,",
    "_REG_NAME": _UNRESERVED + "$,;:@&=+",
    "_SCHEME": ALPHANUM + "+-.",  # after the first character, an alpha
}

# RFC 1738 section 5 (each class without ``escape``).
_UNRESERVED_1738 = ALPHANUM + "$-_.+" + "!*'(),"  # alpha | digit | safe | extra
RFC1738 = {
    "_SAFE": "$-_.+",
    "_EXTRA": "!*'(),",
    "_UNRESERVED": _UNRESERVED_1738,
    "_RESERVED": ";/?:@&=",
    "_XCHAR": _UNRESERVED_1738 + ";/?:@&=",
    "_USER": _UNRESERVED_1738 + ";?&=",
    "_FSEGMENT": _UNRESERVED_1738 + "?:@&=",
    "_HSEGMENT": _UNRESERVED_1738 + ";:@&=",
    "_SEARCH": _UNRESERVED_1738 + ";:@&=",
    "_PSEGMENT": _UNRESERVED_1738 + "?:@&=",
    "_FIELD": _UNRESERVED_1738 + "?:@&",
    "_ARTICLE": _UNRESERVED_1738 + ";/?:&=",
}

# The 1993 draft's BNF: safe = $ - _ @ . &, extra = ! * " ' ( ) : ; , space.
_XALPHA = ALPHANUM + "$-_@.&" + "!*\"'():;, "
DRAFT1993 = {
    "_SAFE": "$-_@.&",
    "_EXTRA": "!*\"'():;, ",
    "_XALPHA": _XALPHA,
    "_XPALPHA": _XALPHA + "+",
}

TABLES = [
    *((grammars, name, chars) for name, chars in RFC2396.items()),
    *((rfc1738, name, chars) for name, chars in RFC1738.items()),
    *((draft1993, name, chars) for name, chars in DRAFT1993.items()),
]


@pytest.mark.parametrize(
    ("module", "name", "chars"), TABLES, ids=[f"{m.__name__}.{n}" for m, n, _ in TABLES]
)
def test_classes_are_the_documents(module: object, name: str, chars: str) -> None:
    assert getattr(module, name) == frozenset(chars)


def test_classes_are_not_rfc3986s_objects() -> None:
    from urikit.core import _charsets

    theirs = [v for v in vars(_charsets).values() if isinstance(v, frozenset)]
    ours = [getattr(m, n) for m, n, _ in TABLES]
    assert not [c for c in ours if any(c is t for t in theirs)]


def _kept(check: object, text: str, tail: str = "") -> set[str]:
    assert callable(check)
    return {c for c in PRINTABLE if check(text + c + tail)}


def test_rfc2396_reads_the_query_and_fragment_by_uric() -> None:
    """query = fragment = *uric, less the "[" "]" that RFC 2732 section 3 allows in
    an IPv6 host only; after a query, "#" starts the fragment."""
    in_uric = set(RFC2396["_URIC"]) - {"[", "]"}
    assert _kept(_is_valid_rfc2396, "a:/b?x") == in_uric | {"#"}
    assert _kept(_is_valid_rfc2396, "a:/b#x") == in_uric


def test_rfc1738_reads_each_rule_by_its_class() -> None:
    assert _kept(is_valid_rfc1738, "http://h/x") == set(RFC1738["_HSEGMENT"]) | {"/", "?"}
    assert _kept(is_valid_rfc1738, "http://h/x?y") == set(RFC1738["_SEARCH"])
    # ftpurl: fsegment *[ "/" fsegment ], and ";" only before "type=" ftptype
    assert _kept(is_valid_rfc1738, "ftp://h/x") == set(RFC1738["_FSEGMENT"]) | {"/"}


def test_draft1993_reads_a_search_by_xalpha() -> None:
    # search = xalphas [ + search ]: a "+" between two xalphas only; "#" before a
    # fragmentid ends the search
    xalpha = set(DRAFT1993["_XALPHA"])
    assert _kept(is_valid_draft1993, "http://h/p?x") == xalpha
    assert _kept(is_valid_draft1993, "http://h/p?x", "y") == xalpha | {"+", "#"}
