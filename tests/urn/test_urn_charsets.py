"""RFC 8141's character classes, spelt here from its section 2 ABNF (and the RFC 3986
rules it names, ``pchar`` and ``fragment``), independently of urikit.

The table below is RFC 8141's alone: it is compared with the classes
urikit.urn spells for itself, and with what ``URN.parse`` reads, character by
character. A change to RFC 3986's classes (urikit.core._charsets) fails none of
these tests; a change to one of RFC 8141's fails them
(tests/core/test_charsets_apart.py proves both in a copy of the tree).
"""

from __future__ import annotations

import string

import pytest

from urikit import URN, URIError
from urikit.urn import _namespaces, _syntax

ALPHANUM = string.ascii_letters + string.digits  # RFC 3986's ALPHA / DIGIT
PCHAR = ALPHANUM + "-._~" + "!$&'()*+,;=" + ":@"  # unreserved, sub-delims, ":" "@"

#: RFC 8141 section 2: each class, the characters it holds (pct-encoded aside).
RFC8141 = {
    "LDH": ALPHANUM + "-",  # ldh = alphanum / "-"
    "PCHAR": PCHAR,
    "NSS": PCHAR + "/",  # NSS = pchar *(pchar / "/")
    "R_COMPONENT": PCHAR + "/?",  # r-component = pchar *( pchar / "/" / "?" )
    "Q_COMPONENT": PCHAR + "/?",  # q-component = pchar *( pchar / "/" / "?" )
    "F_COMPONENT": PCHAR + "/?",  # f-component = fragment (RFC 3986 section 3.5)
    # the 2012 rfc2141bis draft, section 2.3: v-pchar = unreserved / pct-encoded /
    # v-subdels; v-subdels = "!" "$" "'" "(" ")" "*" "+" "," ";" "=" ":" "@" "/" "?"
    "V_PCHAR": ALPHANUM + "-._~" + "!$'()*+,;=" + ":@/?",
}
PRINTABLE = [chr(c) for c in range(0x21, 0x7F)]


@pytest.mark.parametrize("name", sorted(RFC8141))
def test_classes_are_rfc8141s(name: str) -> None:
    module = _namespaces if name == "LDH" else _syntax
    assert getattr(module, name) == frozenset(RFC8141[name])


def test_classes_are_not_rfc3986s_objects() -> None:
    """Each class is URN's own object, not one of urikit.core._charsets' under a new
    name (equal sets today, where RFC 8141 takes RFC 3986's rules)."""
    from urikit.core import _charsets

    ours = [getattr(_syntax, n) for n in RFC8141 if n != "LDH"] + [_namespaces.LDH]
    theirs = [v for v in vars(_charsets).values() if isinstance(v, frozenset)]
    assert not [c for c in ours if any(c is t for t in theirs)]
    assert _namespaces.NID_CHARS is _namespaces.LDH


def _reads(text: str, component: str) -> str | None:
    try:
        value = getattr(URN.parse(text), component)
    except URIError:
        return None
    assert value is None or isinstance(value, str)
    return value


# component -> (a URN ending where the component does, the value it then reads)
PROBES = {
    "nss": ("urn:example:a", "a"),
    "r_component": ("urn:example:a?+x", "x"),
    "q_component": ("urn:example:a?=x", "x"),
    "f_component": ("urn:example:a#x", "x"),
}
CLASS_OF = {
    "nss": "NSS",
    "r_component": "R_COMPONENT",
    "q_component": "Q_COMPONENT",
    "f_component": "F_COMPONENT",
}


@pytest.mark.parametrize("component", sorted(PROBES))
def test_parse_reads_each_component_by_its_rfc8141_class(component: str) -> None:
    """``URN.parse`` keeps a printable ASCII character in a component exactly when
    RFC 8141's class of that component holds it."""
    text, value = PROBES[component]
    kept = {c for c in PRINTABLE if _reads(text + c, component) == value + c}
    assert kept == set(RFC8141[CLASS_OF[component]])


def test_build_keeps_rfc8141s_nss_characters() -> None:
    """``URN.build`` leaves as is exactly the NSS characters (pchar first, then "/")."""
    kept = {c for c in PRINTABLE if str(URN.build("example", "a" + c)) == "urn:example:a" + c}
    assert kept == set(PCHAR)
    kept = {
        c
        for c in PRINTABLE
        if str(URN.build("example", "a" + c, allow_slash=True)) == "urn:example:a" + c
    }
    assert kept == set(RFC8141["NSS"])


def test_build_names_the_nss_when_it_cannot_encode() -> None:
    with pytest.raises(URIError) as info:
        URN.build("example", "a\ud800")
    assert (info.value.reason, info.value.component) == ("bad-encoding", "nss")
