"""Normalization and comparison (RFC 3986 section 6.2.2 and 6.2.3).

The RFC's own examples are in test_rfc_examples.py. Here: one row per rule, the
default port of every scheme the library documents, the things normalization must not
do, and properties: idempotence, agreement with a model built from rfc_model.py,
and "never decodes a reserved character".
"""

from __future__ import annotations

import re

import pytest
import rfc_model
import strategies as S
from hypothesis import assume, given
from hypothesis import strategies as st

import urikit
from urikit.core._schemeinfo import default_port

# (input, level "syntax", level "scheme")
NORMALIZE: list[tuple[str, str, str]] = [
    # 6.2.2.1: scheme and host to lowercase, hex digits of pct-encodings to uppercase
    ("HTTP://EXAMPLE.COM/", "http://example.com/", "http://example.com/"),
    ("sVn+SSH://h/", "svn+ssh://h/", "svn+ssh://h/"),
    ("http://[2001:DB8::A]/", "http://[2001:db8::a]/", "http://[2001:db8::a]/"),
    ("http://[::FFFF:1.2.3.4]/", "http://[::ffff:1.2.3.4]/", "http://[::ffff:1.2.3.4]/"),
    ("http://[V1F.ABC:Def]/", "http://[v1f.abc:def]/", "http://[v1f.abc:def]/"),
    ("http://%41%62%2f.COM/", "http://ab%2F.com/", "http://ab%2F.com/"),
    ("http://%c3%a9.example/", "http://%C3%A9.example/", "http://%C3%A9.example/"),
    ("x://%C3%A9/", "x://%C3%A9/", "x://%C3%A9/"),
    # the other components keep their case; 6.2.2.2 decodes unreserved in each of them
    ("http://%7eUser:P%61ss@h/", "http://~User:Pass@h/", "http://~User:Pass@h/"),
    ("HTTP://h/A/%7e%41%2f%2F%3a?B#C", "http://h/A/~A%2F%2F%3A?B#C", "http://h/A/~A%2F%2F%3A?B#C"),
    ("x:?%7e=%3d%61&%5f", "x:?~=%3Da&_", "x:?~=%3Da&_"),
    ("x:#%7E%7e%25%2d", "x:#~~%25-", "x:#~~%25-"),
    ("%7e/%41", "~/A", "~/A"),
    # reserved characters are never decoded, "%25" neither
    (
        "x:/%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A%2F%25",
        "x:/%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A%2F%25",
        "x:/%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A%2F%25",
    ),
    ("x:/%3f%2b", "x:/%3F%2B", "x:/%3F%2B"),
    # 6.2.2.3: dot segments removed for references with a scheme, after decoding
    ("x:/a/./b/../c", "x:/a/c", "x:/a/c"),
    ("http://a/b/%2E%2e/c", "http://a/c", "http://a/c"),
    ("x:a/../b", "x:/b", "x:/b"),
    ("x:/a/..//b", "x:/.//b", "x:/.//b"),  # see docs/design.md, recomposition
    # ... and kept in relative references, whose dots mean something against a base
    ("/a/../b", "/a/../b", "/a/../b"),
    # ... except with an authority: that path is resolved against no base path
    # (section 5.2.2), and the "/." guard is only for paths without an authority
    ("//h/a/./b", "//h/a/b", "//h/a/b"),
    ("//host/.//foo/bar", "//host//foo/bar", "//host//foo/bar"),
    ("//h/a/..//b", "//h//b", "//h//b"),
    ("http://h/.//a", "http://h//a", "http://h//a"),
    ("b/%2E%2E/c", "b/../c", "b/../c"),
    ("./a:b", "./a:b", "./a:b"),
    # 6.2.3: an empty port, and the default port of the scheme, are dropped
    ("http://h:/", "http://h:/", "http://h/"),
    ("http://h:80/", "http://h:80/", "http://h/"),
    ("HTTP://h:80/", "http://h:80/", "http://h/"),
    ("http://u@h:80", "http://u@h:80", "http://u@h/"),
    ("http://[::1]:80/", "http://[::1]:80/", "http://[::1]/"),
    ("http://h:080/", "http://h:080/", "http://h/"),  # port 080 is port 80
    ("http://h:0000000080/", "http://h:0000000080/", "http://h/"),
    ("http://h:800/", "http://h:800/", "http://h:800/"),
    ("http://h:0/", "http://h:0/", "http://h:0/"),
    ("http://h:443/", "http://h:443/", "http://h:443/"),
    ("https://h:80/", "https://h:80/", "https://h:80/"),
    ("foo://h:80/", "foo://h:80/", "foo://h:80/"),
    ("foo://h:/", "foo://h:/", "foo://h/"),
    ("//h:/", "//h:/", "//h/"),
    ("//h:80/", "//h:80/", "//h:80/"),  # no scheme, no default port
    # 6.2.3: http, https, ws and wss with an authority and an empty path get "/"
    ("http://h", "http://h", "http://h/"),
    ("https://h?q", "https://h?q", "https://h/?q"),
    ("ws://h#f", "ws://h#f", "ws://h/#f"),
    ("WSS://h", "wss://h", "wss://h/"),
    ("http://h:80?", "http://h:80?", "http://h/?"),
    ("ftp://h", "ftp://h", "ftp://h"),
    ("foo://h", "foo://h", "foo://h"),
    ("http:", "http:", "http:"),
    ("http:?q", "http:?q", "http:?q"),
    ("//h", "//h", "//h"),
    # nothing else: empty query, fragment, userinfo keep their delimiters
    ("http://h/?", "http://h/?", "http://h/?"),
    ("http://h/#", "http://h/#", "http://h/#"),
    ("http://h?#", "http://h?#", "http://h/?#"),
    ("http://@h/", "http://@h/", "http://@h/"),
    ("http://:@h/", "http://:@h/", "http://:@h/"),
    ("http:///", "http:///", "http:///"),
    ("x:", "x:", "x:"),
    ("", "", ""),
    ("http://h/a?b=c+d", "http://h/a?b=c+d", "http://h/a?b=c+d"),
]


@pytest.mark.parametrize(("text", "syntax", "scheme"), NORMALIZE)
def test_normalize(text: str, syntax: str, scheme: str) -> None:
    assert urikit.normalize(text, level="syntax") == syntax
    assert urikit.normalize(text, level="scheme") == scheme
    assert urikit.normalize(text) == scheme
    assert urikit.normalize(syntax, level="syntax") == syntax
    assert urikit.normalize(scheme) == scheme
    assert urikit.parse(text).normalize() == urikit.parse(scheme)
    assert urikit.parse(text).normalize("syntax") == urikit.parse(syntax)
    assert urikit.equivalent(text, scheme)
    assert urikit.equivalent(text, syntax, level="syntax")


# Section 6.2.3 and the scheme registry: the default ports normalization knows.
DEFAULT_PORTS = [
    ("http", 80),
    ("https", 443),
    ("ws", 80),
    ("wss", 443),
    ("ftp", 21),
    ("gopher", 70),
    ("nntp", 119),
    ("telnet", 23),
    ("wais", 210),
    ("prospero", 1525),
]


@pytest.mark.parametrize(("scheme", "port"), DEFAULT_PORTS)
def test_default_ports(scheme: str, port: int) -> None:
    assert urikit.normalize(f"{scheme}://h:{port}/p") == f"{scheme}://h/p"
    assert urikit.normalize(f"{scheme.upper()}://h:{port}/p") == f"{scheme}://h/p"
    assert urikit.normalize(f"{scheme}://h:{port}/p", level="syntax") == f"{scheme}://h:{port}/p"
    other = port + 1
    assert urikit.normalize(f"{scheme}://h:{other}/p") == f"{scheme}://h:{other}/p"
    assert urikit.equivalent(f"{scheme}://h:{port}/p", f"{scheme}://h/p")
    assert not urikit.equivalent(f"{scheme}://h:{port}/p", f"{scheme}://h/p", level="syntax")


@pytest.mark.parametrize(
    ("a", "b", "level", "expected"),
    [
        ("http://a/%7Esmith", "HTTP://A:/~smith", "scheme", True),
        ("http://a/%7Esmith", "HTTP://A:/~smith", "syntax", False),
        ("http://a/b?", "http://a/b", "scheme", False),
        ("http://a/b#", "http://a/b", "scheme", False),
        ("http://a/B", "http://a/b", "scheme", False),
        ("http://U@a/", "http://u@a/", "scheme", False),
        ("http://a/%2F", "http://a//", "scheme", False),
        ("http://a/%2f", "http://a/%2F", "syntax", True),
        ("x:/a/../b", "x:/b", "syntax", True),
        ("/a/../b", "/b", "syntax", False),
        ("mailto:Joe@Example.COM", "mailto:Joe@example.com", "scheme", False),  # 6.2.3
    ],
)
def test_equivalent(a: str, b: str, level: str, expected: bool) -> None:
    assert urikit.equivalent(a, b, level=level) is expected
    assert urikit.equivalent(b, a, level=level) is expected


def test_huge_port() -> None:
    """port = *DIGIT has no length limit (section 3.2.3); int() has one."""
    assert urikit.normalize("http://h:" + "0" * 5000 + "80/") == "http://h/"
    huge = "http://h:" + "9" * 5000 + "/"
    assert urikit.normalize(huge) == huge
    assert urikit.equivalent(huge, huge)


def test_invalid_input_and_level() -> None:
    with pytest.raises(urikit.URIError) as info:
        urikit.normalize("http://h/a b")
    assert (info.value.position, info.value.component) == (10, "path")
    with pytest.raises(urikit.URIError):
        urikit.equivalent("http://h/", "http://h/ ")
    with pytest.raises(ValueError, match="unknown level"):
        urikit.normalize("http://h/", level="protocol")
    with pytest.raises(ValueError, match="unknown level"):
        urikit.equivalent("a:", "a:", level="Syntax")


# --- properties ---------------------------------------------------------------------------

LEVELS = st.sampled_from(["syntax", "scheme"])


@given(S.uri_references(), LEVELS)
def test_normalize_is_idempotent(g: S.Generated, level: str) -> None:
    once = urikit.normalize(g.text, level)
    assert urikit.normalize(once, level) == once
    assert urikit.is_valid(once)
    assert urikit.parse(once).kind == urikit.parse(g.text).kind
    assert urikit.equivalent(g.text, once, level)


@given(S.uri_references())
def test_scheme_level_refines_syntax_level(g: S.Generated) -> None:
    syntax = urikit.normalize(g.text, "syntax")
    assert urikit.normalize(syntax, "scheme") == urikit.normalize(g.text, "scheme")


HTTP_LIKE = {"http", "https", "ws", "wss"}
PORTS = dict(DEFAULT_PORTS)


def _model(g: S.Generated, level: str) -> str:
    """Section 6.2.2 (and 6.2.3) from rfc_model.py, component by component."""
    scheme = None if g.scheme is None else g.scheme.lower()
    authority = None
    if g.host is not None:
        authority = rfc_model.lower_keeping_pct(rfc_model.normalize_pct(g.host))
        port = g.port
        if (
            level == "scheme"
            and port is not None
            and (port == "" or (scheme in PORTS and int(port) == PORTS[scheme]))
        ):
            port = None
        if port is not None:
            authority += ":" + port
        if g.userinfo is not None:
            authority = rfc_model.normalize_pct(g.userinfo) + "@" + authority
    path = rfc_model.normalize_pct(g.path)
    if scheme is not None or authority is not None:
        path = rfc_model.remove_dot_segments(path)
        if level == "scheme" and path == "" and authority is not None and scheme in HTTP_LIKE:
            path = "/"
    if authority is None and path.startswith("//"):
        path = "/." + path
    query = None if g.query is None else rfc_model.normalize_pct(g.query)
    fragment = None if g.fragment is None else rfc_model.normalize_pct(g.fragment)
    return rfc_model.recompose((scheme, authority, path, query, fragment))


@given(S.uri_references(), LEVELS)
def test_normalize_matches_model(g: S.Generated, level: str) -> None:
    # (urikit.schemes may register more default ports than this list)
    assume(g.scheme is None or g.scheme.lower() in PORTS or default_port(g.scheme) is None)
    assert urikit.normalize(g.text, level) == _model(g, level)


_TRIPLET = re.compile(r"%[0-9A-Fa-f]{2}")
_UNRESERVED_BYTES = {ord(c) for c in rfc_model.UNRESERVED}


def _kept_triplets(text: str) -> list[str]:
    return sorted(
        t.upper() for t in _TRIPLET.findall(text) if int(t[1:], 16) not in _UNRESERVED_BYTES
    )


@given(S.uri_references(), LEVELS)
def test_never_decodes_a_reserved_character(g: S.Generated, level: str) -> None:
    """Only unreserved octets are decoded (section 6.2.2.2), so every other
    pct-encoding survives, uppercased -- unless dot removal drops its segment."""
    out = urikit.normalize(g.text, level)
    decoded_path = rfc_model.normalize_pct(g.path)
    removes_dots = g.scheme is not None or g.host is not None
    if removes_dots and rfc_model.remove_dot_segments(decoded_path) != decoded_path:
        kept = _kept_triplets(out)
        assert all(t in _kept_triplets(g.text) for t in kept)
    else:
        assert _kept_triplets(out) == _kept_triplets(g.text)
    for triplet in _TRIPLET.findall(out):
        assert triplet == triplet.upper()
        assert int(triplet[1:], 16) not in _UNRESERVED_BYTES


def test_network_path_dot_guard() -> None:
    """A "/." guards a path without authority only; with one it is a dot segment."""
    assert urikit.normalize("//host/.//foo/bar", level="syntax") == "//host//foo/bar"
    assert urikit.equivalent("//host/.//foo/bar", "//host//foo/bar")
    assert not urikit.equivalent("/.//foo/bar", "//foo/bar")  # authority "foo" vs none
    # resolve and relativize agree with it
    assert urikit.resolve("http://a/b", "//host/.//foo/bar") == "http://host//foo/bar"
    assert urikit.resolve("x:/a/b", "/.//foo") == "x:/.//foo"
    target = "http://a//foo"
    rel = urikit.relativize("http://a/b/c", target)
    assert urikit.resolve("http://a/b/c", rel) == target
