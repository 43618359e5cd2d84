"""urikit.fixup: user-typed text to URIs (RFC 3986 Appendix C; 2003 draft Appendix F)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import uris

import urikit
from urikit import fixup

READINGS = [
    # (text, default_scheme, result): one row per line of the heuristics table
    ("http://a.example/", "https", "http://a.example/"),
    ("mailto:x@y.example", "https", "mailto:x@y.example"),
    ("urn:isbn:0451450523", "https", "urn:isbn:0451450523"),
    ("news:comp.infosystems.www.servers.unix", "https", "news:comp.infosystems.www.servers.unix"),
    ("svn+ssh://a.example/repo", "https", "svn+ssh://a.example/repo"),
    # delimiters and embedded whitespace are stripped (Appendix C)
    ("  <URL:http://a.example/x>  ", "https", "http://a.example/x"),
    ("<URL: ftp://ds.internic.net/rfc/>", "https", "ftp://ds.internic.net/rfc/"),
    ('"https://a.example/"', "https", "https://a.example/"),
    ("<http://a.example/very-\n   long/path>", "https", "http://a.example/very-long/path"),
    ("http://www.ics.uci.edu/pub/\n  ietf/uri/", "https", "http://www.ics.uci.edu/pub/ietf/uri/"),
    ("<www.w3.org/Addressing/>", "https", "https://www.w3.org/Addressing/"),
    # abbreviated URIs (2003 draft Appendix F)
    ("www.w3.org/Addressing/", "https", "https://www.w3.org/Addressing/"),
    ("www.w3.org", "http", "http://www.w3.org"),
    ("example.com:8080/x?y#z", "https", "https://example.com:8080/x?y#z"),
    ("ftp.example.org/pub/file", "https", "ftp://ftp.example.org/pub/file"),
    ("FTP.Example.ORG", "https", "ftp://FTP.Example.ORG"),
    ("someone@example.org", "https", "mailto:someone@example.org"),
    ("first.last+tag@mail.example.co", "https", "mailto:first.last+tag@mail.example.co"),
    ("localhost:8080", "http", "http://localhost:8080"),
    ("192.0.2.1/x", "https", "https://192.0.2.1/x"),
    ("[2001:db8::1]:443/", "https", "https://[2001:db8::1]:443/"),
    ("//cdn.example/x.js", "https", "https://cdn.example/x.js"),
    ("xn--bcher-kva.example", "https", "https://xn--bcher-kva.example"),
]


@pytest.mark.parametrize(("text", "scheme", "result"), READINGS)
def test_readings(text: str, scheme: str, result: str) -> None:
    assert fixup(text, default_scheme=scheme) == result
    assert urikit.is_valid(result, "URI")


NO_READING = [
    "",
    "   ",
    "just some words",
    "word",
    "Note:",
    "10:30",
    "C:\\path\\file",
    "e.g.:",
    "x@y",
    "-a.example",
    "a..example",
    "a.example/x y",  # a space is never part of a host reading
    "www.a.example/%zz",
    "a.1",
    "<>",
    '""',
    "URL:",
    "\x00",
    "\ud800.example",
]


@pytest.mark.parametrize("text", NO_READING)
def test_no_reading_raises(text: str) -> None:
    with pytest.raises(urikit.URIError) as info:
        fixup(text)
    assert info.value.text == text and info.value.position == 0


def test_bad_default_scheme() -> None:
    with pytest.raises(ValueError, match="default_scheme"):
        fixup("www.a.example", default_scheme="1http")
    with pytest.raises(TypeError):
        fixup(b"www.a.example")  # type: ignore[arg-type]


@given(uris())
def test_uris_with_known_schemes_come_back_unchanged(g: object) -> None:
    text: str = g.text  # type: ignore[attr-defined]
    scheme: str = g.scheme  # type: ignore[attr-defined]
    for known in ("http", "mailto", "urn"):
        uri = known + text[len(scheme) :]
        assert fixup(uri) == uri


WORD = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz0123456789-_ "), min_size=0, max_size=20)


@given(WORD)
def test_never_invents_a_reading_for_words(text: str) -> None:
    # no dot, colon, slash, '@' or brackets: neither a host with a domain nor a URI
    assume(text.strip() != "localhost")
    with pytest.raises(urikit.URIError):
        fixup(text)


@given(st.text(st.characters(codec=None), max_size=40))
def test_any_text_gives_a_uri_or_a_uri_error(text: str) -> None:
    try:
        result = fixup(text)
    except urikit.URIError:
        return
    assert urikit.is_valid(result, "URI")


def test_fixup_is_one_function_under_its_public_names() -> None:
    """``fixup`` lives in ``urikit.text._fixup``; ``urikit.fixup`` and
    ``urikit.extraction.fixup`` (in its ``__all__``) are the same function,
    published as ``urikit.extraction.fixup``."""
    import urikit.extraction
    import urikit.text._fixup

    assert urikit.fixup is urikit.extraction.fixup is urikit.text._fixup.fixup
    assert "fixup" in urikit.extraction.__all__
    assert urikit.extraction.fixup.__module__ == "urikit.extraction"
    assert urikit.extraction.fixup("www.w3.org") == "https://www.w3.org"
