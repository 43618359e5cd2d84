"""Percent-encoding (RFC 3986 section 2.1, 2.4) and the character classes of section 2.

The allowed set of each component is spelled out here from the RFC's ABNF,
independently of urikit.core._charsets, and the two are compared.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urikit
from urikit.core import _charsets as cs
from urikit.core import _parser

# --- section 2: the character classes, spelled out from the RFC --------------------------

ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
DIGIT = "0123456789"
UNRESERVED = ALPHA + DIGIT + "-._~"  # section 2.3
GEN_DELIMS = ":/?#[]@"  # section 2.2
SUB_DELIMS = "!$&'()*+,;="  # section 2.2
PCHAR = UNRESERVED + SUB_DELIMS + ":@"  # section 3.3

#: component -> characters percent_encode leaves as they are
SAFE: dict[str, str] = {
    "userinfo": UNRESERVED + SUB_DELIMS + ":",  # section 3.2.1
    "host": UNRESERVED + SUB_DELIMS,  # section 3.2.2, reg-name
    "path": PCHAR + "/",  # section 3.3
    "segment": PCHAR,  # section 3.3
    "query": PCHAR + "/?",  # section 3.4: query = *( pchar / "/" / "?" )
    "fragment": PCHAR + "/?",  # section 3.5: fragment = *( pchar / "/" / "?" )
}
COMPONENTS = sorted(SAFE)


def test_character_classes_match_the_rfc() -> None:
    assert set(UNRESERVED) == cs.UNRESERVED
    assert set(GEN_DELIMS) == cs.GEN_DELIMS
    assert set(SUB_DELIMS) == cs.SUB_DELIMS
    assert set(GEN_DELIMS + SUB_DELIMS) == cs.RESERVED
    assert set(ALPHA + DIGIT + "+-.") == cs.SCHEME
    assert set(SAFE["userinfo"]) == cs.USERINFO
    assert set(SAFE["host"]) == cs.REG_NAME
    assert set(PCHAR) == cs.PCHAR
    assert set(PCHAR) - {":"} == cs.PCHAR_NC
    assert set(SAFE["path"]) == cs.PATH
    assert set(SAFE["query"]) == cs.QUERY
    assert set(SAFE["fragment"]) == cs.FRAGMENT
    assert cs.QUERY is not cs.FRAGMENT  # two definitions, equal today, not an alias
    assert set(UNRESERVED + SUB_DELIMS + ":") == cs.IPVFUTURE_TAIL
    assert set("0123456789abcdefABCDEF") == cs.HEXDIG


# --- percent_encode ---------------------------------------------------------------------

SAMPLE = "a b%/?#[]@:!$&'()*+,;=-._~é"

ENCODED_SAMPLE = {
    "userinfo": "a%20b%25%2F%3F%23%5B%5D%40:!$&'()*+,;=-._~%C3%A9",
    "host": "a%20b%25%2F%3F%23%5B%5D%40%3A!$&'()*+,;=-._~%C3%A9",
    "path": "a%20b%25/%3F%23%5B%5D@:!$&'()*+,;=-._~%C3%A9",
    "segment": "a%20b%25%2F%3F%23%5B%5D@:!$&'()*+,;=-._~%C3%A9",
    "query": "a%20b%25/?%23%5B%5D@:!$&'()*+,;=-._~%C3%A9",
    "fragment": "a%20b%25/?%23%5B%5D@:!$&'()*+,;=-._~%C3%A9",
}


@pytest.mark.parametrize("component", COMPONENTS)
def test_percent_encode_sample(component: str) -> None:
    assert urikit.percent_encode(SAMPLE, component) == ENCODED_SAMPLE[component]
    assert urikit.percent_decode(ENCODED_SAMPLE[component]) == SAMPLE


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", ""),
        ("abc", "abc"),
        ("\x00", "%00"),
        ("\x7f", "%7F"),
        ("\n", "%0A"),
        ("%41", "%2541"),
        ("%", "%25"),
        ("é", "%C3%A9"),
        ("€", "%E2%82%AC"),
        ("😀", "%F0%9F%98%80"),
        ("\uffff", "%EF%BF%BF"),
        ("a/b", "a/b"),
        ("\\", "%5C"),
        ('"<>^`{|}', "%22%3C%3E%5E%60%7B%7C%7D"),
    ],
)
def test_percent_encode_path(text: str, expected: str) -> None:
    assert urikit.percent_encode(text) == expected
    assert urikit.percent_encode(text, "path") == expected


def test_percent_encode_other_encoding() -> None:
    assert urikit.percent_encode("é", "query", encoding="latin-1") == "%E9"
    assert urikit.percent_decode("%E9", encoding="latin-1") == "é"


def test_percent_encode_unknown_component() -> None:
    with pytest.raises(ValueError, match="unknown component"):
        urikit.percent_encode("a", "scheme")
    with pytest.raises(ValueError, match="unknown component"):
        urikit.percent_encode("a", "port")


@pytest.mark.parametrize(
    ("text", "position"),
    [("\ud800", 0), ("a\ud800b", 1), ("é\udfff", 1), ("a b\udc80\ud800", 3)],
)
@pytest.mark.parametrize("component", COMPONENTS)
def test_percent_encode_lone_surrogate(text: str, position: int, component: str) -> None:
    """Strict UTF-8 cannot encode a lone surrogate: URIError, not bytes no decoder
    would give back."""
    with pytest.raises(urikit.URIError) as info:
        urikit.percent_encode(text, component)
    err = info.value
    assert (err.reason, err.position, err.component) == ("bad-encoding", position, component)
    assert isinstance(err, ValueError)
    assert "cannot be encoded as utf-8" in str(err)


@pytest.mark.parametrize("component", COMPONENTS)
@pytest.mark.parametrize("code", [*range(0x80), 0xA0, 0xE9, 0x2028, 0xFEFF, 0x1F600])
def test_percent_encode_each_character(component: str, code: int) -> None:
    """Exactly the component's allowed characters are left alone; everything
    else becomes its UTF-8 bytes, each %XX with uppercase hex (section 2.1)."""
    ch = chr(code)
    expected = ch if ch in SAFE[component] else "".join(f"%{b:02X}" for b in ch.encode())
    assert urikit.percent_encode(ch, component) == expected


# --- percent_decode ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", ""),
        ("abc", "abc"),
        ("%7e", "~"),
        ("%7E%7e", "~~"),
        ("a+b", "a+b"),
        ("%2B", "+"),
        ("%20", " "),
        ("%C3%A9", "é"),
        ("%c3%A9", "é"),
        ("%E2%82%AC", "€"),
        ("%F0%9F%98%80", "😀"),
        ("%25", "%"),
        ("%2525", "%25"),
        ("%00", "\x00"),
        ("a%2Fb", "a/b"),
        ("%41%42x%43", "ABxC"),
    ],
)
def test_percent_decode(text: str, expected: str) -> None:
    assert urikit.percent_decode(text) == expected


@pytest.mark.parametrize(
    ("text", "position", "reason"),
    [
        ("%", 1, "bad-percent"),
        ("%4", 2, "bad-percent"),
        ("%4g", 2, "bad-percent"),
        ("%g4", 1, "bad-percent"),
        ("a%", 2, "bad-percent"),
        ("%41%", 4, "bad-percent"),
        ("%%", 1, "bad-percent"),
        ("%C3", 0, "bad-decoding"),
        ("%80", 0, "bad-decoding"),
        ("a%C3%28", 1, "bad-decoding"),
        ("ab%E2%82", 2, "bad-decoding"),
        ("%41%C3", 3, "bad-decoding"),
        ("x%C3y%C3", 1, "bad-decoding"),
        ("%ED%A0%80", 0, "bad-decoding"),  # an encoded surrogate is not UTF-8
    ],
)
def test_percent_decode_errors(text: str, position: int, reason: str) -> None:
    with pytest.raises(urikit.URIError) as info:
        urikit.percent_decode(text)
    assert (info.value.position, info.value.reason) == (position, reason)


def test_percent_decode_error_handlers() -> None:
    assert urikit.percent_decode("%FF", errors="replace") == "\ufffd"
    assert urikit.percent_decode("a%FFb", errors="ignore") == "ab"
    assert urikit.percent_decode("%FF", errors="surrogateescape") == "\udcff"
    assert urikit.percent_decode("%E9", "latin-1") == "é"
    with pytest.raises(urikit.URIError):  # a bad "%" is refused whatever the handler
        urikit.percent_decode("%zz", errors="replace")


# --- properties -------------------------------------------------------------------------


@given(st.text(), st.sampled_from(COMPONENTS))
def test_percent_round_trip(text: str, component: str) -> None:
    """percent_decode(percent_encode(x, c)) == x for every str without lone surrogates."""
    encoded = urikit.percent_encode(text, component)
    assert urikit.percent_decode(encoded) == text
    # the encoded text is valid for its component ...
    name = {"segment": "path", "host": "host"}.get(component, component)
    _parser.check_component(name, encoded)
    if component == "segment":
        assert "/" not in encoded
    # ... uses uppercase hex, and leaves exactly the allowed characters
    for i, ch in enumerate(encoded):
        if ch == "%":
            assert all(h in "0123456789ABCDEF" for h in encoded[i + 1 : i + 3])
        else:
            assert ch in SAFE[component]
    assert len(encoded) >= len(text)


@given(st.text(st.sampled_from(sorted(SAFE["query"]))), st.sampled_from(COMPONENTS))
def test_allowed_text_is_left_alone(text: str, component: str) -> None:
    encoded = urikit.percent_encode(text, component)
    assert encoded == "".join(ch if ch in SAFE[component] else f"%{ord(ch):02X}" for ch in text)


@given(st.text(st.characters(exclude_categories=())), st.sampled_from(COMPONENTS))
def test_encode_any_str(text: str, component: str) -> None:
    """Any str: either encoded (and decodes back) or URIError at the first surrogate."""
    surrogates = [i for i, ch in enumerate(text) if 0xD800 <= ord(ch) <= 0xDFFF]
    if surrogates:
        with pytest.raises(urikit.URIError) as info:
            urikit.percent_encode(text, component)
        assert info.value.position == surrogates[0]
    else:
        assert urikit.percent_decode(urikit.percent_encode(text, component)) == text


@given(st.text(st.sampled_from("%0123456789abcdefABCDEFgG z\ud800é")))
def test_decode_any_str(text: str) -> None:
    """Any str: decoded, or URIError; never another exception."""
    try:
        out = urikit.percent_decode(text)
    except urikit.URIError as err:
        assert 0 <= err.position <= len(text)
        assert err.reason in ("bad-percent", "bad-decoding")
    else:
        assert len(out) <= len(text)
        if "%" not in text:
            assert out == text
