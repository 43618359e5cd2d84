"""RFC 3987's character classes, spelt here from its section 2.2 ABNF, independently
of urikit.

RFC 3987's grammar is RFC 3986's with ``iunreserved`` (``ucschar`` added to
``unreserved``) and ``iprivate`` in ``iquery``; urikit checks an IRI by handing the
RFC 3986 parser a stand-in (urikit.iri._syntax). So its ASCII classes are tested
twice: against this table, and against the RFC 3986 class the stand-in reading
relies on, so that a change to one standard's class that the other does not make
fails here (tests/core/test_charsets_apart.py makes such a change in a copy).
"""

from __future__ import annotations

import string

import pytest

from urikit import URIError, iri
from urikit.core import _charsets
from urikit.iri import _syntax

ALPHA_DIGIT = string.ascii_letters + string.digits
IUNRESERVED = ALPHA_DIGIT + "-._~"  # iunreserved, less ucschar
SUB_DELIMS = "!$&'()*+,;="  # RFC 3986's, which RFC 3987 takes as is
IPCHAR = IUNRESERVED + SUB_DELIMS + ":@"

#: RFC 3987 section 2.2: each class, its ASCII characters (pct-encoded aside).
RFC3987 = {
    "IUNRESERVED_ASCII": IUNRESERVED,
    "IUSERINFO_ASCII": IUNRESERVED + SUB_DELIMS + ":",  # iuserinfo
    "IREG_NAME_ASCII": IUNRESERVED + SUB_DELIMS,  # ireg-name
    "IPCHAR_ASCII": IPCHAR,  # ipchar
    "ISEGMENT_NZ_NC_ASCII": IUNRESERVED + SUB_DELIMS + "@",  # isegment-nz-nc
    "IPATH_ASCII": IPCHAR + "/",  # isegment *( "/" isegment )
    "IQUERY_ASCII": IPCHAR + "/?",  # iquery = *( ipchar / iprivate / "/" / "?" )
    "IFRAGMENT_ASCII": IPCHAR + "/?",  # ifragment = *( ipchar / "/" / "?" )
}
#: The RFC 3986 class the core parser reads each component by, through the stand-in.
STAND_IN_READS = {
    "IUNRESERVED_ASCII": "UNRESERVED",
    "IUSERINFO_ASCII": "USERINFO",
    "IREG_NAME_ASCII": "REG_NAME",
    "IPCHAR_ASCII": "PCHAR",
    "ISEGMENT_NZ_NC_ASCII": "PCHAR_NC",
    "IPATH_ASCII": "PATH",
    "IQUERY_ASCII": "QUERY",
    "IFRAGMENT_ASCII": "FRAGMENT",
}
PRINTABLE = [chr(c) for c in range(0x21, 0x7F)]


@pytest.mark.parametrize("name", sorted(RFC3987))
def test_classes_are_rfc3987s(name: str) -> None:
    assert getattr(_syntax, name) == frozenset(RFC3987[name])


@pytest.mark.parametrize("name", sorted(STAND_IN_READS))
def test_stand_in_reading_holds(name: str) -> None:
    """The stand-in premise: RFC 3987's class, by its ASCII characters, is the RFC 3986
    class urikit's core parser checks it by. Should the two standards part, the IRI
    checker must check that component by its own class: until then this fails."""
    ours, core = getattr(_syntax, name), getattr(_charsets, STAND_IN_READS[name])
    assert ours == core, f"{name} differs from RFC 3986's {STAND_IN_READS[name]}"
    assert ours is not core  # RFC 3987's own object, not RFC 3986's under a new name


def _reads(text: str, component: str) -> str | None:
    try:
        value = getattr(iri.parse(text), component)
    except URIError:
        return None
    assert value is None or isinstance(value, str)
    return value


@pytest.mark.parametrize(
    ("component", "text", "value", "name"),
    [
        ("query", "a:?x", "x", "IQUERY_ASCII"),
        ("fragment", "a:#x", "x", "IFRAGMENT_ASCII"),
        ("path", "a:/x", "/x", "IPATH_ASCII"),
        ("userinfo", "a://x", "x", "IUSERINFO_ASCII"),
    ],
)
def test_parse_reads_each_component_by_its_rfc3987_class(
    component: str, text: str, value: str, name: str
) -> None:
    """``iri.parse`` keeps a printable ASCII character in a component exactly when
    RFC 3987's class of that component holds it."""
    suffix = "@h" if component == "userinfo" else ""
    kept = {c for c in PRINTABLE if _reads(text + c + suffix, component) == value + c}
    assert kept == set(RFC3987[name])


@pytest.mark.parametrize(
    ("ch", "in_query", "in_fragment"),
    [
        ("é", True, True),
        ("\u4e00", True, True),
        ("\ue000", True, False),
        ("\U000f0000", True, False),
    ],
)
def test_ucschar_everywhere_iprivate_in_the_query_only(
    ch: str, in_query: bool, in_fragment: bool
) -> None:
    assert (_reads("a:?x" + ch, "query") == "x" + ch) is in_query
    assert (_reads("a:#x" + ch, "fragment") == "x" + ch) is in_fragment
