"""URN syntax: RFC 8141 section 2 and the rfc2141bis draft's query (section 2.3).

Examples are quoted from ../shared/specs/rfc8141.txt and
../shared/seeds/2012-draft-ietf-urnbis-rfc2141bis-urn-03.txt (cited per case).
"""

from __future__ import annotations

import pickle

import pytest

import urikit
from urikit import URN, URIError

# RFC 8141 examples (section in the comment), all valid URNs.
RFC8141_VALID = [
    "urn:example:1/406/47452/2",  # 2.2
    "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",  # 2.3.1
    "urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z",  # 2.3.2
    "urn:example:foo-bar-baz-qux#somepart",  # 2.3.3
    "urn:example:a123,z456",  # 3.2
    "URN:example:a123,z456",
    "urn:EXAMPLE:a123,z456",
    "urn:example:a123,z456?+abc",
    "urn:example:a123,z456?=xyz",
    "urn:example:a123,z456#789",
    "urn:example:a123,z456/foo",
    "urn:example:a123,z456/bar",
    "urn:example:a123,z456/baz",
    "urn:example:a123%2Cz456",
    "URN:EXAMPLE:a123%2cz456",
    "urn:example:A123,z456",
    "urn:example:a123,Z456",
    "urn:example:%D0%B0123,z456",
    "urn:example:apple:pear:plum:cherry",  # 5
    "urn:urn-7:x",  # 5.2 informal NID "urn-7"
]


@pytest.mark.parametrize("text", RFC8141_VALID)
def test_rfc8141_examples_parse_and_round_trip(text: str) -> None:
    urn = URN.parse(text, syntax="rfc8141")
    assert str(urn) == text
    assert urn == URN.parse(text)


def test_components_as_written() -> None:
    # RFC 8141 2.3.1 / 2.3.2 / 2.3.3 examples
    u = URN.parse("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk")
    assert (u.nid, u.nss, u.r_component, u.q_component, u.f_component) == (
        "example",
        "foo-bar-baz-qux",
        "CCResolve:cc=uk",
        None,
        None,
    )
    u = URN.parse("urn:example:weather?=op=map&lat=39.56")
    assert u.q_component == "op=map&lat=39.56"
    assert u.r_component is None and u.query is None and u.directives == ()
    u = URN.parse("urn:example:foo-bar-baz-qux#somepart")
    assert u.f_component == "somepart"
    u = URN.parse("URN:Example:a%2Fb?+r?x/y?=q?+z/#f?/")
    assert u.scheme == "URN"
    assert u.nid == "Example"
    assert u.nss == "a%2Fb"
    assert u.r_component == "r?x/y"
    assert u.q_component == "q?+z/"
    assert u.f_component == "f?/"
    assert u.assigned_name == "URN:Example:a%2Fb"
    assert URN.parse("urn:ab:c#").f_component == ""


def test_apple_pear_nss_is_whole() -> None:
    # RFC 8141 section 5: the NSS is "apple:pear:plum:cherry" as a whole
    assert URN.parse("urn:example:apple:pear:plum:cherry").nss == "apple:pear:plum:cherry"


@pytest.mark.parametrize(
    ("nid", "ok"),
    [
        ("a", False),  # 1 char
        ("ab", True),  # 2 chars
        ("a" * 32, True),  # 32 chars
        ("a" * 33, False),  # 33 chars
        ("1" + "-" * 30 + "2", True),  # 32 with 30 hyphens inside
        ("-ab", False),  # leading hyphen
        ("ab-", False),  # trailing hyphen
        ("a-b", True),
        ("urn", False),  # reserved
        ("URN", False),  # reserved, any case
        ("urn-1", True),  # informal
        ("urn-0", False),  # informal numbers have no leading zero
        ("urn-01", False),
        ("urn-x", False),  # 'urn-' reserved for informal namespaces
        ("a_b", False),
        ("a.b", False),
        ("a+b", False),
        ("X-foo", True),  # legacy experimental
    ],
)
def test_nid_boundaries(nid: str, ok: bool) -> None:
    text = f"urn:{nid}:x"
    if ok:
        assert URN.parse(text).nid == nid
    else:
        with pytest.raises(URIError) as info:
            URN.parse(text)
        assert info.value.component == "nid"
        assert 4 <= info.value.position <= 4 + len(nid)


@pytest.mark.parametrize(
    ("text", "component", "position"),
    [
        ("urn:a_b:c", "nid", 5),
        ("urn:-ab:c", "nid", 4),
        ("urn:ab-:c", "nid", 6),
        ("urn:" + "a" * 33 + ":c", "nid", 36),
        ("urn:urn:c", "nid", 4),
        ("urn:ab:", "nss", 7),
        ("urn:ab", "nid", 6),
        ("urn::c", "nid", 4),
        ("urn:ab:/c", "nss", 7),
        ("urn:ab:c d", "nss", 8),
        ("urn:ab:c%2", "nss", 10),
        ("urn:ab:c%zz", "nss", 9),
        ("urn:ab:c[d]", "nss", 8),
        ("urn:ab:c%00", "nss", 8),
        ("urn:ab:c?+", "r-component", 10),
        ("urn:ab:c?+/x", "r-component", 10),
        ("urn:ab:c?+?=q", "r-component", 10),
        ("urn:ab:c?=", "q-component", 10),
        ("urn:ab:c?=?x", "q-component", 10),
        ("urn:ab:c?+r r", "r-component", 11),
        ("urn:ab:c#a b", "f-component", 10),
        ("urn:ab:c#a#b", "f-component", 10),
        ("http://example.com/", "scheme", 0),
        ("urx:ab:c", "scheme", 0),
    ],
)
def test_error_component_and_position(text: str, component: str, position: int) -> None:
    with pytest.raises(URIError) as info:
        URN.parse(text)
    assert (info.value.component, info.value.position) == (component, position)
    assert f"position {position}" in str(info.value)


def test_error_message_names_char() -> None:
    with pytest.raises(URIError, match=r"invalid character '_' in nid at position 5"):
        URN.parse("urn:a_b:c")
    with pytest.raises(URIError, match=r"reserved NID 'urn' at position 4"):
        URN.parse("urn:urn:c")


def test_rfc8141_rejects_bare_question_mark() -> None:
    # RFC 8141 section 2: '?' not followed by '=' or '+' SHOULD be a syntax error
    with pytest.raises(URIError) as info:
        URN.parse("urn:foo:a123,456?x=y", syntax="rfc8141")
    assert info.value.position == 16
    with pytest.raises(URIError):
        URN.parse("urn:foo:a?x", syntax="rfc8141")


def test_assigned_name_syntax() -> None:
    assert URN.parse("urn:ab:c", syntax="assigned-name").nss == "c"
    for text in ("urn:ab:c?+r", "urn:ab:c?=q", "urn:ab:c#f", "urn:ab:c?s=I2L"):
        with pytest.raises(URIError):
            URN.parse(text, syntax="assigned-name")
    with pytest.raises(ValueError):
        URN.parse("urn:ab:c", syntax="nonsense")  # type: ignore[arg-type]


# --- the draft's urn-query (section 2.3) -----------------------------------------


def test_draft_query_examples() -> None:
    # draft 2.3.2: query part "s=I2L&c=ToC" on a URN:ISBN; 2.3.1: directive "s=I2U"
    u = URN.parse("URN:ISBN:0-395-36341-1?s=I2L&c=ToC")
    assert u.query == "s=I2L&c=ToC"
    assert u.directives == (("s", "I2L"), ("c", "ToC"))
    assert u.directive("s") == "I2L" and u.directive("c") == "ToC"
    assert u.directive("S") is None  # directives are case-sensitive
    assert u.q_component is None and u.r_component is None
    assert URN.parse("urn:isbn:0395363411?s=I2U").directives == (("s", "I2U"),)


def test_draft_query_value_characters() -> None:
    # v-pchar admits "=", "?", "/", ":", "@" and percent-encodings, not "&"
    u = URN.parse("urn:ab:c?k=a=b?c/d:e@f%26g&x-1=&y2=z#frag")
    assert u.directives == (("k", "a=b?c/d:e@f%26g"), ("x-1", ""), ("y2", "z"))
    assert u.f_component == "frag"


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("urn:ab:c?", 9),  # at least one directive
        ("urn:ab:c?k", 10),  # no '='
        ("urn:ab:c?1k=v", 9),  # keyword starts with ALPHA
        ("urn:ab:c?k--x=v", 10),  # no double hyphen
        ("urn:ab:c?k-=v", 10),  # no trailing hyphen
        ("urn:ab:c?k=v&", 13),  # '&' needs a directive after it
        ("urn:ab:c?k=v&&j=w", 13),
        ("urn:ab:c?k_x=v", 10),
        ("urn:ab:c?k=v w", 12),
    ],
)
def test_draft_query_errors(text: str, position: int) -> None:
    with pytest.raises(URIError) as info:
        URN.parse(text)
    assert (info.value.component, info.value.position) == ("urn-query", position)


def test_registered_keyword_must_not_repeat() -> None:
    # draft 2.3: each registered keywd MUST NOT appear more than once
    for text, position in (("urn:ab:c?s=I2L&s=I2R", 15), ("urn:ab:c?c=a&s=I2L&c=b", 19)):
        with pytest.raises(URIError) as info:
            URN.parse(text)
        assert info.value.reason == "repeated-keyword"
        assert info.value.position == position
    # unregistered keywords may repeat
    assert URN.parse("urn:ab:c?x=1&x=2").directives == (("x", "1"), ("x", "2"))


def test_registered_keywords_and_services() -> None:
    from urikit.urn import QUERY_KEYWORDS, RESOLUTION_SERVICES

    assert set(QUERY_KEYWORDS) == {"s", "c"}
    assert set(RESOLUTION_SERVICES) == {
        "I2L", "I2Ls", "I2R", "I2Rs", "I2C", "I2Cs", "I2N", "I2Ns", "I=I",
    }  # fmt: skip


# --- namespace kinds -----------------------------------------------------------


@pytest.mark.parametrize(
    ("nid", "kind"),
    [
        ("urn-7", "informal"),
        ("URN-12", "informal"),
        ("X-dc", "experimental"),
        ("x-foo", "experimental"),
        ("isbn", "formal"),
        ("xn--abc", "formal"),
    ],
)
def test_namespace_kind(nid: str, kind: str) -> None:
    assert URN.parse(f"urn:{nid}:x").namespace_kind == kind


# --- object behaviour ----------------------------------------------------------


def test_immutable_hashable_picklable() -> None:
    u = URN.parse("urn:example:a123,z456?+r#f")
    with pytest.raises(AttributeError):
        u.nid = "x"  # type: ignore[misc]
    assert hash(u) == hash(URN.parse("urn:example:a123,z456?+r#f"))
    assert len({u, URN.parse("urn:example:a123,z456?+r#f")}) == 1
    assert u != URN.parse("URN:example:a123,z456?+r#f")  # == is text identity
    assert pickle.loads(pickle.dumps(u)) == u
    assert repr(u) == "URN('urn:example:a123,z456?+r#f')"
    assert urikit.URN is URN
    with pytest.raises(TypeError):
        URN.parse(b"urn:ab:c")  # type: ignore[arg-type]


def test_to_dict() -> None:
    d = URN.parse("URN:ISBN:0-395-36341-1?s=I2L#x").to_dict()
    assert d["nid"] == "ISBN" and d["nss"] == "0-395-36341-1"
    assert d["directives"] == [["s", "I2L"]]
    assert d["f_component"] == "x" and d["r_component"] is None
    assert d["equivalence_key"] == "urn:isbn:0-395-36341-1"


# --- build and display (draft sections 2.2, 2.5.3, 4) ------------------------


@pytest.mark.parametrize(
    ("nss_text", "expected"),
    [
        ("a123,z456", "a123,z456"),
        ("a b", "a%20b"),
        ("100%", "100%25"),
        ("a/b?c#d[e]", "a%2Fb%3Fc%23d%5Be%5D"),
        ('"<>\\^`{|}', "%22%3C%3E%5C%5E%60%7B%7C%7D"),
        ("\x7f\x01", "%7F%01"),
        ("é", "%C3%A9"),  # UTF-8: U+00E9 is C3 A9
        ("\u0430", "%D0%B0"),  # RFC 8141 3.2: U+0430 is %D0%B0
        ("€", "%E2%82%AC"),
        ("&~:@!$'()*+;=", "&~:@!$'()*+;="),
    ],
)
def test_build_encodes_outside_repertoire(nss_text: str, expected: str) -> None:
    u = URN.build("example", nss_text)
    assert str(u) == "urn:example:" + expected
    assert u.nss == expected


def test_build_slash_and_errors() -> None:
    assert str(URN.build("example", "1/406/47452/2", allow_slash=True)) == (
        "urn:example:1/406/47452/2"
    )
    assert str(URN.build("example", "/a", allow_slash=True)) == "urn:example:%2Fa"
    with pytest.raises(URIError) as info:
        URN.build("example", "ab\0c")
    assert (info.value.reason, info.value.position) == ("nul-not-allowed", 2)
    with pytest.raises(URIError):
        URN.build("urn", "x")
    with pytest.raises(URIError):
        URN.build("a", "x")
    with pytest.raises(URIError):
        URN.build("example", "")
    with pytest.raises(URIError):
        URN.build("example", "\ud800")


def test_display() -> None:
    assert URN.parse("urn:example:%D0%B0123,z456").display() == "urn:example:\u0430123,z456"
    # reserved and other ASCII octets stay encoded (draft section 4 note)
    assert URN.parse("urn:example:a%2Cb%2F%25%20").display() == "urn:example:a%2Cb%2F%25%20"
    # invalid UTF-8 and invisible characters stay encoded
    assert URN.parse("urn:example:%C3%28%FF").display() == "urn:example:%C3%28%FF"
    assert URN.parse("urn:example:x%E2%80%8By%C2%A0").display() == "urn:example:x%E2%80%8By%C2%A0"
    assert URN.parse("urn:ex:caf%c3%a9?+%C3%A9#%C3%A9").display() == "urn:ex:café?+é#é"
