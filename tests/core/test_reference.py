"""URIReference: attributes, value semantics, build / from_components, with_*(),
decoded views, and the parse/str, build and edit round trips as properties."""

from __future__ import annotations

import copy
import pickle
import sys
from typing import Any

import pytest
import strategies as S
from hypothesis import assume, given
from hypothesis import strategies as st

import urikit
from urikit import URIReference, parse

# --- attributes -------------------------------------------------------------------------


COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")
FACTS = ("host_kind", "port_number", "is_absolute", "kind", "is_same_document")

# text -> (scheme, authority, userinfo, host, port, path, query, fragment)
PARSED: list[tuple[str, tuple[str | None, ...]]] = [
    ("", (None, None, None, None, None, "", None, None)),
    ("#", (None, None, None, None, None, "", None, "")),
    ("#f", (None, None, None, None, None, "", None, "f")),
    ("?", (None, None, None, None, None, "", "", None)),
    ("?q#f", (None, None, None, None, None, "", "q", "f")),
    ("p", (None, None, None, None, None, "p", None, None)),
    ("./a:b", (None, None, None, None, None, "./a:b", None, None)),
    ("/p", (None, None, None, None, None, "/p", None, None)),
    ("//", (None, "", None, "", None, "", None, None)),
    ("///", (None, "", None, "", None, "/", None, None)),
    ("//h:8", (None, "h:8", None, "h", "8", "", None, None)),
    ("a:", ("a", None, None, None, None, "", None, None)),
    ("a:b", ("a", None, None, None, None, "b", None, None)),
    ("a:b#", ("a", None, None, None, None, "b", None, "")),
    ("a:?", ("a", None, None, None, None, "", "", None)),
    ("http://u:p@h:8080/p?q#f", ("http", "u:p@h:8080", "u:p", "h", "8080", "/p", "q", "f")),
    ("http://h:/", ("http", "h:", None, "h", "", "/", None, None)),
    ("http://h:0", ("http", "h:0", None, "h", "0", "", None, None)),
    ("http://h:007", ("http", "h:007", None, "h", "007", "", None, None)),
    ("http://@h", ("http", "@h", "", "h", None, "", None, None)),
    ("http://@:", ("http", "@:", "", "", "", "", None, None)),
    ("http://[::1]:80", ("http", "[::1]:80", None, "[::1]", "80", "", None, None)),
    ("s://[v1.x]", ("s", "[v1.x]", None, "[v1.x]", None, "", None, None)),
    ("s://1.2.3.4", ("s", "1.2.3.4", None, "1.2.3.4", None, "", None, None)),
    ("s://1.2.3.4.5", ("s", "1.2.3.4.5", None, "1.2.3.4.5", None, "", None, None)),
    (
        "s://%41:%42@%43:1/%44?%45#%46",
        ("s", "%41:%42@%43:1", "%41:%42", "%43", "1", "/%44", "%45", "%46"),
    ),
]

# text -> (host_kind, port_number, is_absolute, kind, is_same_document)
DERIVED: list[tuple[str, tuple[Any, ...]]] = [
    ("", (None, None, False, "relative-path", True)),
    ("#", (None, None, False, "relative-path", True)),
    ("#f", (None, None, False, "relative-path", True)),
    ("?", (None, None, False, "relative-path", False)),
    ("?q#f", (None, None, False, "relative-path", False)),
    ("p", (None, None, False, "relative-path", False)),
    ("./a:b", (None, None, False, "relative-path", False)),
    ("/p", (None, None, False, "absolute-path", False)),
    ("//", ("reg-name", None, False, "network-path", False)),
    ("///", ("reg-name", None, False, "network-path", False)),
    ("//h:8", ("reg-name", 8, False, "network-path", False)),
    ("a:", (None, None, True, "uri", False)),
    ("a:b", (None, None, True, "uri", False)),
    ("a:b#", (None, None, False, "uri", False)),
    ("a:?", (None, None, True, "uri", False)),
    ("http://u:p@h:8080/p?q#f", ("reg-name", 8080, False, "uri", False)),
    ("http://h:/", ("reg-name", None, True, "uri", False)),
    ("http://h:0", ("reg-name", 0, True, "uri", False)),
    ("http://h:007", ("reg-name", 7, True, "uri", False)),
    ("http://@h", ("reg-name", None, True, "uri", False)),
    ("http://@:", ("reg-name", None, True, "uri", False)),
    ("http://[::1]:80", ("ipv6", 80, True, "uri", False)),
    ("s://[v1.x]", ("ipvfuture", None, True, "uri", False)),
    ("s://1.2.3.4", ("ipv4", None, True, "uri", False)),
    ("s://1.2.3.4.5", ("reg-name", None, True, "uri", False)),
    ("s://%41:%42@%43:1/%44?%45#%46", ("reg-name", 1, False, "uri", False)),
]


@pytest.mark.parametrize(("text", "expected"), PARSED)
def test_components(text: str, expected: tuple[str | None, ...]) -> None:
    ref = parse(text)
    ref._check_invariants()
    assert str(ref) == text
    assert tuple(getattr(ref, name) for name in COMPONENTS) == expected
    d = ref.to_dict()
    assert d["uri"] == text
    for name in (*COMPONENTS, "kind", "host_kind"):
        assert d[name] == getattr(ref, name)


@pytest.mark.parametrize(("text", "expected"), DERIVED)
def test_derived_facts(text: str, expected: tuple[Any, ...]) -> None:
    assert tuple(getattr(parse(text), name) for name in FACTS) == expected


def test_first_at_sign_ends_the_userinfo() -> None:
    """Section 3.2.1: "s://a@b:c@d/" has userinfo "a"; the rest is no host:port."""
    with pytest.raises(urikit.URIError) as info:
        parse("s://a@b:c@d/")
    assert (info.value.component, info.value.position) == ("port", 8)


@given(S.uri_references())
def test_parse_components_as_generated(g: S.Generated) -> None:
    """parse() finds exactly the components the ABNF generator put in."""
    ref = parse(g.text)
    ref._check_invariants()
    assert str(ref) == g.text
    assert (ref.scheme, ref.authority, ref.userinfo, ref.host, ref.port) == (
        g.scheme,
        g.authority,
        g.userinfo,
        g.host,
        g.port,
    )
    assert (ref.path, ref.query, ref.fragment, ref.host_kind) == (
        g.path,
        g.query,
        g.fragment,
        g.host_kind,
    )
    assert ref.port_number == (int(g.port) if g.port else None)
    assert ref.is_absolute is (g.scheme is not None and g.fragment is None)
    expected_kind = (
        "uri"
        if g.scheme is not None
        else "network-path"
        if g.host is not None
        else "absolute-path"
        if g.path.startswith("/")
        else "relative-path"
    )
    assert ref.kind == expected_kind
    assert ref.is_same_document is (
        g.scheme is None and g.host is None and g.path == "" and g.query is None
    )


# --- value semantics --------------------------------------------------------------------


def test_immutable() -> None:
    ref = parse("http://h/p")
    with pytest.raises(AttributeError):
        ref.path = "/q"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        ref._text = "x:"
    with pytest.raises(AttributeError):
        del ref.path
    with pytest.raises(AttributeError):
        ref.extra = 1
    assert str(ref) == "http://h/p"


def test_equality_is_exact_text_and_hashable() -> None:
    a, b = parse("http://h/p"), parse("http://h/p")
    assert a == b and hash(a) == hash(b)
    assert a is not b
    assert parse("HTTP://h/p") != a  # equivalent, but not the same text
    assert parse("http://h/%70") != a
    assert a != "http://h/p"
    assert {a, b, parse("http://h/q")} == {a, parse("http://h/q")}
    assert {a: 1}[b] == 1
    assert URIReference("http://h/p") == a
    assert URIReference("a:b", rule="URI") == parse("a:b")
    with pytest.raises(urikit.URIError):
        URIReference("/p", rule="URI")
    with pytest.raises(TypeError):
        URIReference(b"a:b")  # type: ignore[arg-type]


def test_repr_pickle_copy() -> None:
    ref = parse("http://h/p?q#f")
    assert repr(ref) == "URIReference('http://h/p?q#f')"
    for clone in (pickle.loads(pickle.dumps(ref)), copy.copy(ref), copy.deepcopy(ref)):
        assert clone == ref
        assert clone.query == "q"
        clone._check_invariants()


# --- decoded views ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "segments"),
    [
        ("", []),
        ("/", [""]),
        ("/a/b", ["a", "b"]),
        ("/a/b/", ["a", "b", ""]),
        ("a", ["a"]),
        ("a/b%2Fc", ["a", "b/c"]),
        ("/a//b", ["a", "", "b"]),
        ("//h", []),
        ("//h/", [""]),
        ("/%C3%A9/%20", ["é", " "]),
        ("x:a:b/c", ["a:b", "c"]),
        ("/a?b/c#d/e", ["a"]),
    ],
)
def test_path_segments(text: str, segments: list[str]) -> None:
    assert parse(text).path_segments == segments
    assert parse(text).decoded_path_segments() == segments


def test_decoded_views() -> None:
    ref = parse("s://%75%3A:p%40@h%2E:1/a%20b/%2F?q=%26#%23")
    assert ref.decoded_userinfo() == "u::p@"
    assert ref.decoded_host() == "h."
    assert ref.decoded_path() == "/a b//"
    assert ref.decoded_query() == "q=&"
    assert ref.decoded_fragment() == "#"
    bare = parse("x")
    assert bare.decoded_userinfo() is None
    assert bare.decoded_host() is None
    assert bare.decoded_query() is None
    assert bare.decoded_fragment() is None
    latin = parse("/%E9?%E9=%E9")
    assert latin.decoded_path_segments("latin-1") == ["é"]
    assert latin.decoded_query("latin-1") == "é=é"
    assert latin.decoded_query_params("latin-1") == [("é", "é")]
    assert latin.decoded_path(errors="replace") == "/\ufffd"
    with pytest.raises(urikit.URIError) as info:
        latin.path_segments  # noqa: B018
    assert info.value.reason == "bad-decoding"
    with pytest.raises(urikit.URIError):
        latin.query_params  # noqa: B018


@pytest.mark.parametrize(
    ("query", "params", "plus_as_space"),
    [
        (None, [], []),
        ("", [], []),
        ("a", [("a", None)], [("a", None)]),
        ("a=", [("a", "")], [("a", "")]),
        ("=x", [("", "x")], [("", "x")]),
        ("a=1&b=2", [("a", "1"), ("b", "2")], [("a", "1"), ("b", "2")]),
        ("a=1&a=2", [("a", "1"), ("a", "2")], [("a", "1"), ("a", "2")]),
        ("&", [("", None), ("", None)], [("", None), ("", None)]),
        ("a=b=c", [("a", "b=c")], [("a", "b=c")]),
        ("a+b=c+d", [("a+b", "c+d")], [("a b", "c d")]),
        ("a%2Bb=%26%3D", [("a+b", "&=")], [("a+b", "&=")]),
        ("q=%C3%A9&x=a%20b", [("q", "é"), ("x", "a b")], [("q", "é"), ("x", "a b")]),
        ("a=1;b=2", [("a", "1;b=2")], [("a", "1;b=2")]),
    ],
)
def test_query_params(
    query: str | None,
    params: list[tuple[str, str | None]],
    plus_as_space: list[tuple[str, str | None]],
) -> None:
    ref = parse("http://h/" + ("" if query is None else "?" + query))
    assert ref.query == query
    assert ref.query_params == params
    assert ref.decoded_query_params() == params
    assert ref.decoded_query_params(plus_as_space=True) == plus_as_space


def test_with_query_params() -> None:
    base = parse("http://h/p?old#f")
    pairs: list[tuple[str, str | None]] = [("q", "a&b c"), ("flag", None)]
    assert str(base.with_query_params(pairs)) == "http://h/p?q=a%26b%20c&flag#f"
    assert str(base.with_query_params({"a": "1", "b": None})) == "http://h/p?a=1&b#f"
    assert str(base.with_query_params([("a+b", "c=d#e")])) == "http://h/p?a%2Bb=c%3Dd%23e#f"
    assert str(base.with_query_params([("é", "/?:@")])) == "http://h/p?%C3%A9=/?:@#f"
    assert str(base.with_query_params([])) == "http://h/p?#f"
    assert str(base.with_query_params([("q", "é")], encoding="latin-1")) == "http://h/p?q=%E9#f"


_PARAM_TEXT = st.text(st.characters(codec="utf-8"), max_size=8)


@given(st.lists(st.tuples(_PARAM_TEXT, st.none() | _PARAM_TEXT), max_size=5))
def test_query_params_round_trip(pairs: list[tuple[str, str | None]]) -> None:
    # A lone ("", None) writes an empty query, which reads as no parameters.
    assume(pairs != [("", None)])
    ref = parse("http://h/").with_query_params(pairs)
    ref._check_invariants()
    assert ref.query_params == pairs
    assert ref.decoded_query_params(plus_as_space=True) == pairs


# --- from_components and build ------------------------------------------------------------


@given(S.uri_references())
def test_from_components_round_trip(g: S.Generated) -> None:
    ref = URIReference.from_components(
        scheme=g.scheme,
        userinfo=g.userinfo,
        host=g.host,
        port=g.port,
        path=g.path,
        query=g.query,
        fragment=g.fragment,
    )
    ref._check_invariants()
    assert ref == parse(g.text)


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({}, ""),
        ({"scheme": "http", "host": "h", "path": "/a%20b", "query": ""}, "http://h/a%20b?"),
        ({"host": ""}, "//"),
        ({"host": "h", "port": 8080}, "//h:8080"),
        ({"host": "h", "port": ""}, "//h:"),
        ({"host": "h", "port": "0"}, "//h:0"),
        ({"host": "[::1]", "userinfo": ""}, "//@[::1]"),
        ({"scheme": "x", "path": "a:b"}, "x:a:b"),
        ({"path": "./a:b"}, "./a:b"),
        ({"path": "a/b:c"}, "a/b:c"),
        ({"fragment": ""}, "#"),
        ({"query": "a?/"}, "?a?/"),
    ],
)
def test_from_components(kwargs: dict[str, Any], expected: str) -> None:
    ref = URIReference.from_components(**kwargs)
    ref._check_invariants()
    assert str(ref) == expected


@pytest.mark.parametrize(
    ("kwargs", "component", "position", "reason"),
    [
        ({"path": "a b"}, "path", 1, "invalid-char"),
        ({"scheme": "1a"}, "scheme", 0, "scheme-start"),
        ({"scheme": ""}, "scheme", 0, "invalid-char"),
        ({"scheme": "a:"}, "scheme", 1, "invalid-char"),
        ({"host": "a b"}, "host", 1, "invalid-char"),
        ({"host": "[::1"}, "host", 4, "unterminated-ip-literal"),
        ({"host": "[::1]x"}, "host", 5, "after-ip-literal"),
        ({"host": "[:1]"}, "host", 2, "bad-ipv6"),
        ({"host": "h", "port": "8a"}, "port", 1, "invalid-char"),
        ({"host": "h", "port": -1}, "port", 0, "invalid-char"),
        ({"host": "h", "userinfo": "a@b"}, "userinfo", 1, "invalid-char"),
        ({"userinfo": "u"}, "host", 0, "bad-value"),
        ({"port": 80}, "host", 0, "bad-value"),
        ({"host": "h", "path": "p"}, "path", 0, "bad-value"),
        ({"path": "//p"}, "path", 0, "double-slash-path"),
        ({"scheme": "x", "path": "//p"}, "path", 0, "double-slash-path"),
        ({"path": "a:b"}, "path", 1, "colon-in-first-segment"),
        ({"path": "a:b/c"}, "path", 1, "colon-in-first-segment"),
        ({"query": "a#b"}, "query", 1, "invalid-char"),
        ({"fragment": "#"}, "fragment", 0, "invalid-char"),
        ({"fragment": "%zz"}, "fragment", 1, "bad-percent"),
    ],
)
def test_from_components_errors(
    kwargs: dict[str, Any], component: str, position: int, reason: str
) -> None:
    with pytest.raises(urikit.URIError) as info:
        URIReference.from_components(**kwargs)
    err = info.value
    assert (err.component, err.position, err.reason) == (component, position, reason)


def test_from_components_type_errors() -> None:
    with pytest.raises(TypeError):
        URIReference.from_components(path=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        URIReference.from_components(host=b"h")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({}, ""),
        (
            {"scheme": "http", "host": "example.com", "path": "/a b/ü", "query": "q=1 2"},
            "http://example.com/a%20b/%C3%BC?q=1%202",
        ),
        ({"scheme": "http", "host": "::1"}, "http://[::1]"),
        ({"host": "[::1]"}, "//[::1]"),
        ({"host": "[v1.x]"}, "//[v1.x]"),
        ({"host": "1.2.3.4"}, "//1.2.3.4"),
        ({"host": "ex ample"}, "//ex%20ample"),
        ({"host": "a:b"}, "//a%3Ab"),
        ({"host": "é.example"}, "//%C3%A9.example"),
        ({"host": "h", "userinfo": "user:pa ss@x"}, "//user:pa%20ss%40x@h"),
        ({"host": "h", "port": 8080}, "//h:8080"),
        ({"host": "h", "port": "80"}, "//h:80"),
        ({"path": "a:b/c:d"}, "a%3Ab/c:d"),
        ({"scheme": "x", "path": "a:b"}, "x:a:b"),
        ({"path": "a/b:c"}, "a/b:c"),
        ({"path": "/a?b#c%d"}, "/a%3Fb%23c%25d"),
        ({"query": "a&b=c/d?e#f"}, "?a&b=c/d?e%23f"),
        ({"fragment": "#[]"}, "#%23%5B%5D"),
        ({"path": "100%"}, "100%25"),
        ({"scheme": "s", "path": "é", "encoding": "latin-1"}, "s:%E9"),
    ],
)
def test_build(kwargs: dict[str, Any], expected: str) -> None:
    ref = URIReference.build(**kwargs)
    ref._check_invariants()
    assert str(ref) == expected


@pytest.mark.parametrize(
    ("kwargs", "reason"),
    [
        ({"userinfo": "u"}, "bad-value"),
        ({"host": "h", "path": "rel"}, "bad-value"),
        ({"path": "//a"}, "double-slash-path"),
        ({"scheme": "1x"}, "scheme-start"),
        ({"path": "\ud800"}, "bad-encoding"),
        ({"host": "[zzz]"}, "bad-ipv6"),
    ],
)
def test_build_errors(kwargs: dict[str, Any], reason: str) -> None:
    with pytest.raises(urikit.URIError) as info:
        URIReference.build(**kwargs)
    assert info.value.reason == reason


_DECODED = st.text(st.characters(codec="utf-8"), max_size=10)


@st.composite
def decoded_parts(draw: st.DrawFn) -> dict[str, Any]:
    has_host = draw(st.booleans())
    parts: dict[str, Any] = {
        "scheme": draw(st.none() | S.scheme),
        "query": draw(st.none() | _DECODED),
        "fragment": draw(st.none() | _DECODED),
    }
    path = draw(_DECODED)
    if has_host:
        parts["host"] = draw(_DECODED)
        parts["userinfo"] = draw(st.none() | _DECODED)
        parts["port"] = draw(st.none() | st.integers(0, 70000))
        if path and not path.startswith("/"):
            path = "/" + path
    elif path.startswith("//"):
        path = path[1:]
    parts["path"] = path
    return parts


@given(decoded_parts())
def test_build_round_trip(parts: dict[str, Any]) -> None:
    """build() takes decoded values: the decoded views give them back."""
    host = parts.get("host")
    assume(host is None or not (urikit.core._parser.is_ipv6address(host) or host.startswith("[")))
    ref = URIReference.build(**parts)
    ref._check_invariants()
    assert ref.scheme == parts["scheme"]
    assert ref.decoded_host() == host
    assert ref.decoded_userinfo() == parts.get("userinfo")
    port = parts.get("port")
    assert ref.port_number == port
    assert ref.decoded_path() == parts["path"]
    assert ref.decoded_query() == parts["query"]
    assert ref.decoded_fragment() == parts["fragment"]
    assert parse(str(ref)) == ref


# --- with_*() -------------------------------------------------------------------------

BASE = "http://u@h:1/p?q#f"

WITH: list[tuple[str, Any, str]] = [
    ("with_scheme", "https", "https://u@h:1/p?q#f"),
    ("with_scheme", None, "//u@h:1/p?q#f"),
    ("with_userinfo", "v:w", "http://v:w@h:1/p?q#f"),
    ("with_userinfo", "", "http://@h:1/p?q#f"),
    ("with_userinfo", None, "http://h:1/p?q#f"),
    ("with_host", "g", "http://u@g:1/p?q#f"),
    ("with_host", "[::1]", "http://u@[::1]:1/p?q#f"),
    ("with_host", "", "http://u@:1/p?q#f"),
    ("with_port", 8080, "http://u@h:8080/p?q#f"),
    ("with_port", "", "http://u@h:/p?q#f"),
    ("with_port", None, "http://u@h/p?q#f"),
    ("with_path", "/x/y", "http://u@h:1/x/y?q#f"),
    ("with_path", "", "http://u@h:1?q#f"),
    ("with_query", "a=b", "http://u@h:1/p?a=b#f"),
    ("with_query", "", "http://u@h:1/p?#f"),
    ("with_query", None, "http://u@h:1/p#f"),
    ("with_fragment", "g", "http://u@h:1/p?q#g"),
    ("with_fragment", "", "http://u@h:1/p?q#"),
    ("with_fragment", None, "http://u@h:1/p?q"),
]


@pytest.mark.parametrize(("method", "value", "expected"), WITH)
def test_with(method: str, value: Any, expected: str) -> None:
    base = parse(BASE)
    out = getattr(base, method)(value)
    out._check_invariants()
    assert str(out) == expected
    assert str(base) == BASE


@pytest.mark.parametrize(
    ("text", "method", "value", "reason"),
    [
        ("a:b:c", "with_scheme", None, "colon-in-first-segment"),
        ("a:b", "with_scheme", "1", "scheme-start"),
        ("http://h/p", "with_path", "p", "bad-value"),
        ("http://h/p", "with_path", "/a b", "invalid-char"),
        ("x:/p", "with_userinfo", "u", "bad-value"),
        ("x:/p", "with_port", 1, "bad-value"),
        ("x:a", "with_host", "h", "bad-value"),
        ("x:", "with_path", "//a", "double-slash-path"),
        ("//h//a", "with_host", None, "double-slash-path"),
        (BASE, "with_host", None, "bad-value"),  # would drop userinfo and port
        ("//h:1", "with_host", None, "bad-value"),
        ("//u@h", "with_host", None, "bad-value"),
        ("x:", "with_query", "a b", "invalid-char"),
        ("x:", "with_fragment", "#", "invalid-char"),
        ("//h", "with_host", "a@b", "invalid-char"),
        ("//h", "with_port", "x", "invalid-char"),
    ],
)
def test_with_errors(text: str, method: str, value: Any, reason: str) -> None:
    with pytest.raises(urikit.URIError) as info:
        getattr(parse(text), method)(value)
    assert info.value.reason == reason


def test_with_unchanged_returns_self() -> None:
    ref = parse(BASE)
    assert ref.with_query("q") is ref
    assert ref.with_port("1") is ref
    assert ref.with_scheme("http") is ref
    assert parse("/p").with_host("h") == parse("//h/p")


@given(S.uri_references(), S.uri_references())
def test_with_components_of_another(g: S.Generated, other: S.Generated) -> None:
    """Each with_*() applied with a valid component: the result has it, keeps the
    rest, and is consistent -- or the combination is invalid and URIError says so."""
    ref = parse(g.text)
    changes: list[tuple[str, Any]] = [
        ("scheme", other.scheme),
        ("userinfo", other.userinfo),
        ("host", other.host),
        ("port", other.port),
        ("path", other.path),
        ("query", other.query),
        ("fragment", other.fragment),
    ]
    for name, value in changes:
        try:
            out = getattr(ref, "with_" + name)(value)
        except urikit.URIError:
            continue
        out._check_invariants()
        assert getattr(out, name) == value
        for other_name in ("scheme", "userinfo", "host", "port", "path", "query", "fragment"):
            if other_name == name or (name == "host" and value is None):
                continue
            assert getattr(out, other_name) == getattr(ref, other_name)
    # components that fit always succeed
    assert ref.with_query(other.query).query == other.query
    assert ref.with_fragment(other.fragment).fragment == other.fragment


# --- operations as methods ------------------------------------------------------------


def test_methods_return_references() -> None:
    base = parse("http://a/b/c/d;p?q")
    assert base.resolve("../g") == parse("http://a/b/g")
    assert base.relativize("http://a/b/g") == parse("../g")
    assert parse("HTTP://A:80/%7e").normalize() == parse("http://a/~")
    assert parse("HTTP://A:80").normalize("syntax") == parse("http://a:80")


def test_port_accessors_on_a_port_longer_than_int_converts() -> None:
    # port = *DIGIT (RFC 3986 3.2.3) has no length limit; int() has one.
    limit = sys.get_int_max_str_digits()
    text = "http://h:" + "9" * (limit + 1) + "/"
    ref = urikit.parse(text)
    with pytest.raises(urikit.URIError) as info:
        _ = ref.port_number
    assert info.value.component == "port"
    assert info.value.position == len("http://h:")
    assert ref.uses_default_port is False
    assert ref.port_is_unusual() is True
    assert ref.port_is_unusual(below=1024) is False
    padded = urikit.parse("http://h:" + "0" * (limit + 10) + "80/")
    assert padded.port_number == 80
    assert padded.uses_default_port is True
    assert padded.port_is_unusual() is False


@pytest.mark.parametrize(
    ("uri", "unusual", "below_1024"),
    [
        ("http://h/", False, False),
        ("http://h:/", False, False),
        ("http://h:80/", False, False),
        ("http://h:080/", False, False),
        ("http://h:25/", True, True),
        ("http://h:8080/", True, False),
        ("https://h:80/", True, True),
        ("x-unknown://h:80/", True, True),
    ],
)
def test_port_is_unusual(uri: str, unusual: bool, below_1024: bool) -> None:
    ref = urikit.parse(uri)
    assert ref.port_is_unusual() is unusual
    assert ref.port_is_unusual(below=1024) is below_1024


@pytest.mark.parametrize(
    "name", ["build", "from_components", "with_path", "with_query_params", "joinpath", "origin"]
)
def test_builders_and_edits_carry_the_public_module(name: str) -> None:
    """URIReference's builders and edits are written in a private base class
    (urikit.core._building) and still name the face users import them from."""
    for cls, face in ((URIReference, "urikit.reference"), (urikit.iri.IRIReference, "urikit.iri")):
        method = getattr(cls, name)
        function = getattr(method, "__func__", method)
        assert (function.__module__, function.__qualname__) == (face, f"{cls.__name__}.{name}")
        assert function.__globals__["__name__"] == "urikit.core._building"
