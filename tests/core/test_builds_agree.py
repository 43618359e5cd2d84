"""The C accelerator against the pure-Python reference: same results, same errors.

Two copies of urikit are loaded side by side (tests/_twins.py): ``P`` imported
with URIKIT_NO_SPEEDUPS=1 (the reference) and the C build, the ``build`` fixture
of tests/conftest.py restricted to ``"c"``. Every public
entry point the accelerator touches is called on both with arbitrary ``str``
(non-ASCII, lone surrogates, NUL, URI-shaped token soup, 1 MB inputs) and the
outcomes, a result or (exception class, message, reason, component, position),
must be equal. The raw kernels are also checked to really run in C (not just
fall back to Python) on valid input.

The fixture skips the tests when the extension is not built, unless
URIKIT_REQUIRE_SPEEDUPS=1, which turns a missing extension into a failure.
"""

from __future__ import annotations

import importlib
import inspect
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from _twins import C_ONLY, Build, get
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st


def error_key(exc: BaseException) -> tuple[Any, ...]:
    """What must be equal between two errors: class name, message and URIError fields."""
    return (
        type(exc).__name__,
        str(exc),
        getattr(exc, "reason", None),
        getattr(exc, "component", None),
        getattr(exc, "position", None),
        getattr(exc, "text", None),
        getattr(exc, "detail", None),
    )


def outcome(func: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[str, Any]:
    """("ok", result) or ("error", error_key) for one call."""
    try:
        return ("ok", func(*args, **kwargs))
    except Exception as exc:
        return ("error", error_key(exc))


#: every test here compares the C build (the ``build`` fixture) with this copy
pytestmark = C_ONLY
P = get("python")
PU: Any = P.urikit
RULES = ("URI-reference", "URI", "absolute-URI", "relative-ref")
COMPONENTS = ("userinfo", "host", "path", "segment", "segment-nz-nc", "query", "fragment")

# --- strategies ------------------------------------------------------------------

any_char = st.one_of(
    st.characters(),
    st.integers(0xD800, 0xDFFF).map(chr),  # lone surrogates
    st.sampled_from("\x00\x7f\x80\xff\u0100\uffff\U0001f600"),
)
any_text = st.text(any_char, max_size=40)
TOKENS = (
    "http:", "HTTP:", "a:", "x+y.z-1:", "1a:", ":", "//", "/", "///", "[", "]", "::", ":::",
    "1", "0", "00", "01", "ffff", "FFFF", "12345", "g", "v", "V", "v1.", "vF.x:", ".", "..",
    "./", "../", "/.", "/..", "%", "%2", "%2e", "%2E", "%41", "%7e", "%C3%A9", "%ff", "%zz",
    "%25", "@", "user:pw@", ":80", ":", "?", "#", "1.2.3.4", "255.255.255.255", "256",
    "1.2.3", "01.2.3.4", "!$&'()*+,;=", "-._~", "a", "Z", "9", " ", "é", "\x00", "\ud800",
    "\t", "\\", "{", "^", "|",
)  # fmt: skip
uri_soup = st.lists(st.sampled_from(TOKENS), max_size=14).map("".join)
ipv6_soup = st.lists(
    st.sampled_from(["1", "ffff", "0", "abcd", "12345", "::", ":", "1.2.3.4", "01.2.3.4", "g"]),
    max_size=12,
).map("".join)


@st.composite
def ipv6_shaped(draw: st.DrawFn) -> str:
    """h16 pieces joined by ":", maybe one "::", maybe an IPv4 tail: near-valid IPv6."""
    piece = st.sampled_from(["1", "ffff", "0", "abcd", "12345", "", "g", "1.2.3.4", "256.1.1.1"])
    left = draw(st.lists(piece, max_size=9))
    right = draw(st.lists(piece, max_size=9))
    middle = draw(st.sampled_from(["::", ":", ":::", ""]))
    return ":".join(left) + middle + ":".join(right)


ipv6_text = st.one_of(ipv6_soup, ipv6_shaped()).map(lambda a: "http://[" + a + "]/p")
texts = st.one_of(any_text, uri_soup, ipv6_text)
dot_paths = st.lists(
    st.sampled_from(["/", ".", "..", "a", "b/", "./", "../", "/./", "/../", "é", "%2e"]),
    max_size=12,
).map("".join)

SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def same(c_func: Callable[..., Any], p_func: Callable[..., Any], *args: Any, **kw: Any) -> None:
    c, p = outcome(c_func, *args, **kw), outcome(p_func, *args, **kw)
    assert c == p, (args, kw)


def parsed(func: Callable[..., Any], *args: Any) -> tuple[str, Any]:
    kind, value = outcome(func, *args)
    if kind == "ok":
        value._check_invariants()
        return kind, (type(value).__name__, str(value), value._sp, value.to_dict())
    return kind, value


# --- split, is_valid, parse ------------------------------------------------------------


@SETTINGS
@given(texts)
@example("http://[::1]:80/a?b#c")
@example("http://[1:2:3:4:5:6:1.2.3.4]/")
@example("//[v7.a:b]")
@example("a:b:c")
@example("http://[1:1:1::1:1:1:1.2.3.4]/")
@example("http://[1:2:3:4:5:6:7::8]/")
@example("\ud800")
def test_split_is_valid_parse(build: Build, text: str) -> None:
    for rule in RULES:
        assert build["urikit.core._parser"].split(text, rule) == P["urikit.core._parser"].split(
            text, rule
        )
        same(build.urikit.is_valid, PU.is_valid, text, rule)
        assert parsed(build.urikit.parse, text, rule) == parsed(PU.parse, text, rule)
    assert parsed(build.urikit.parse, text) == parsed(PU.parse, text)
    same(build.urikit.is_valid, PU.is_valid, text)
    assert build["urikit.core._parser"].split(text) == P["urikit.core._parser"].split(text)
    same(build["urikit.core._parser"].plain_host_end, P["urikit.core._parser"].plain_host_end, text)


@given(texts)
def test_unknown_rule_and_bad_types(build: Build, text: str) -> None:
    same(build["urikit.core._parser"].split, P["urikit.core._parser"].split, text, "nope")
    same(build.urikit.is_valid, PU.is_valid, text, "nope")
    assert parsed(build.urikit.parse, text, "nope") == parsed(PU.parse, text, "nope")
    assert parsed(build.urikit.parse, text, None) == parsed(PU.parse, text, None)


IRI_RULES = ("IRI-reference", "IRI", "absolute-IRI", "irelative-ref", "URI", "nope")


@SETTINGS
@given(texts)
@example("http://a b/")
@example("http://例え.jp/パス")
@example("http://h/?\ue000")
def test_iri_parse(build: Build, text: str) -> None:
    """urikit.iri.parse's C twin (the core's parse kernel building IRIReference,
    for ASCII text under the default rule) against the pure-Python iri.parse."""
    c_iri, p_iri = build["urikit.iri"], P["urikit.iri"]
    assert parsed(c_iri.parse, text) == parsed(p_iri.parse, text)
    for rule in IRI_RULES:
        assert parsed(c_iri.parse, text, rule) == parsed(p_iri.parse, text, rule)


def test_plain_host_end_runs_in_c(build: Build) -> None:
    host_end = build["urikit.core._parser"].plain_host_end
    assert type(host_end) is build.speedups.AcceleratedFunction
    for text in ("http://example.org/a", "//h", "http://u@h/", "http://h:1/", "file:///", "a b"):
        assert host_end(text) == host_end.__wrapped__(text)


def test_dot_segments_found_at_every_offset(build: Build) -> None:
    """The C test for a path segment starting with "." (16 bytes a step with
    SSE2, the last step overlapping the one before, a "/" carried from one step
    to the next) against Python, with the "/." (or a "." alone, or "/" and "."
    apart) at every offset of paths of 1 to 50 bytes, in the kernels that use
    it: plain_host_end, normalize, remove_dot_segments and security.check."""
    c_check = build["urikit.security"].check
    p_check = P["urikit.security"].check
    for n in range(1, 51):
        for at in range(n):
            for piece in ("/.", ".", "/x.", "//"):
                path = ("/" + "a" * n)[: at + 1] + piece + "a" * (n - at)
                text = "http://h" + path
                same(
                    build["urikit.core._parser"].plain_host_end,
                    P["urikit.core._parser"].plain_host_end,
                    text,
                )
                same(build.urikit.normalize, PU.normalize, text)
                same(build.urikit.remove_dot_segments, PU.remove_dot_segments, path)
                assert tuple(c_check(text)) == tuple(p_check(text)), text


def test_iri_parse_runs_in_c(build: Build) -> None:
    c_iri = build["urikit.iri"]
    assert type(c_iri.parse) is build.speedups.AcceleratedFunction
    ref = c_iri.parse("http://a/b?c")
    assert type(ref) is c_iri.IRIReference and ref.query == "c"
    assert parsed(c_iri.parse, "http://a/b?c") == parsed(c_iri.parse.__wrapped__, "http://a/b?c")


def test_parse_subtype_is_checked(build: Build) -> None:
    """accelerate("parse", f, diagnose=..., subtype=...): the subtype must subclass the
    installed reference type with its layout (C fills the same two slots)."""
    record = build["urikit.core._accel"].SpanRecord
    diagnose = P["urikit.core._parser"].diagnose
    sp = fresh_speedups()
    mine = type("Mine", (record,), {"__slots__": ()})
    sub = type("Sub", (mine,), {"__slots__": ()})
    with pytest.raises(TypeError, match="installed reference type"):
        sp.accelerate("parse", PU.parse, diagnose=diagnose, subtype=sub)  # nothing installed yet
    sp.set_reference_type(record, mine)

    class ExtraSlot(mine):  # type: ignore[misc, valid-type]
        __slots__ = ("extra",)

    class WithDict(mine):  # type: ignore[misc, valid-type]
        pass

    for bad in (record, ExtraSlot, WithDict, int, "Sub"):
        with pytest.raises(TypeError, match="installed reference type"):
            sp.accelerate("parse", PU.parse, diagnose=diagnose, subtype=bad)
    fast = sp.accelerate("parse", PU.parse, diagnose=diagnose, subtype=sub)
    assert type(fast("http://h/p")) is sub
    # non-ASCII text and any explicit rule go to the fallback, never to C
    calls: list[tuple[Any, ...]] = []

    def fallback(*args: Any) -> str:
        calls.append(args)
        return "fallback"

    fast = sp.accelerate("parse", fallback, diagnose=diagnose, subtype=sub)
    assert fast("http://h/é") == "fallback" and fast("a:b", "URI-reference") == "fallback"
    assert type(fast("a:b")) is sub
    assert calls == [("http://h/é",), ("a:b", "URI-reference")]
    with pytest.raises(TypeError, match="no keyword"):
        sp.accelerate("split", PU.is_valid, subtype=sub)  # only parse takes a subtype
    with pytest.raises(TypeError, match="only ascii_only"):
        sp.accelerate("is_valid", PU.is_valid, ascii_only=True, subtype=sub)  # one marker at most
    with pytest.raises(TypeError, match="by name"):
        sp.accelerate("parse", PU.parse, diagnose, sub)  # the positional extras of old
    # is_valid with a marker (the IRI is_valid): the same, for ASCII text and no rule
    calls.clear()
    fast_valid = sp.accelerate("is_valid", fallback, ascii_only=True)
    assert fast_valid("http://h/é") == "fallback" and fast_valid("a:b", "URI") == "fallback"
    assert fast_valid("a:b") is True and fast_valid("a b") is False
    assert calls == [("http://h/é",), ("a:b", "URI")]


@pytest.mark.parametrize("value", [None, 1, b"http://a", bytearray(b"x"), ["a"]])
def test_non_str_arguments(build: Build, value: Any) -> None:
    same(build.urikit.is_valid, PU.is_valid, value)
    assert parsed(build.urikit.parse, value) == parsed(PU.parse, value)
    same(build["urikit.core._parser"].split, P["urikit.core._parser"].split, value)
    same(
        build["urikit.core._parser"].plain_host_end, P["urikit.core._parser"].plain_host_end, value
    )
    same(build.urikit.normalize, PU.normalize, value)
    same(build.urikit.resolve, PU.resolve, "http://a/b", value)
    same(build.urikit.resolve, PU.resolve, value, "g")
    same(build.urikit.remove_dot_segments, PU.remove_dot_segments, value)


def test_str_subclass_and_keywords(build: Build) -> None:
    class S(str):
        pass

    for text in (S("http://a/b"), S("a b")):
        same(build.urikit.is_valid, PU.is_valid, text)
        same(
            build["urikit.core._parser"].plain_host_end,
            P["urikit.core._parser"].plain_host_end,
            text,
        )
        assert parsed(build.urikit.parse, text) == parsed(PU.parse, text)
        same(build.urikit.normalize, PU.normalize, text)
        same(build.urikit.resolve, PU.resolve, "http://a/b", text)
    assert parsed(build.urikit.parse, "a:b", "URI") == parsed(PU.parse, "a:b", "URI")
    same(build.urikit.is_valid, PU.is_valid, text="a:b", rule="URI")
    same(build.urikit.parse, PU.parse, "x", rule="nope")
    same(build.urikit.normalize, PU.normalize, "HTTP://A", level="syntax")
    same(build.urikit.normalize, PU.normalize, "HTTP://A", "other")
    same(build.urikit.resolve, PU.resolve, "http://a/b", "HTTP:g", strict=False)
    same(build.urikit.resolve, PU.resolve, "http://a/b", "g", "extra")


# --- percent-coding ---------------------------------------------------------------


@SETTINGS
@given(texts, st.sampled_from((*COMPONENTS, "nope")))
def test_percent_encode(build: Build, text: str, component: str) -> None:
    same(build.urikit.percent_encode, PU.percent_encode, text, component)


@SETTINGS
@given(
    st.one_of(
        texts,
        st.lists(
            st.sampled_from(
                [
                    "%",
                    "%C3",
                    "%A9",
                    "%ED%A0%80",
                    "%F0%9F",
                    "%98%80",
                    "%80",
                    "%c0%af",
                    "%2",
                    "a",
                    "é",
                    "\ud800",
                    "%41",
                ]
            ),
            max_size=10,
        ).map("".join),
    )
)
@example("%e2%82")
@example("a%f4%90%80%80b")
def test_percent_decode(build: Build, text: str) -> None:
    same(build.urikit.percent_decode, PU.percent_decode, text)
    same(build.urikit.percent_decode, PU.percent_decode, text, component="query")


# --- dot segments, resolve, normalize ------------------------------------------------


@SETTINGS
@given(st.one_of(dot_paths, texts))
def test_remove_dot_segments(build: Build, path: str) -> None:
    same(build.urikit.remove_dot_segments, PU.remove_dot_segments, path)
    assert build.speedups.remove_dot_segments(path) == PU.remove_dot_segments(path)


BASES = ["http://a/b/c/d;p?q", "http://a", "x:", "x:/a/b", "HTTP://u@h:1/./a/..#f", "a:b/c"]


@SETTINGS
@given(st.one_of(st.sampled_from(BASES), texts), st.one_of(texts, dot_paths), st.booleans())
def test_resolve(build: Build, base: str, reference: str, strict: bool) -> None:
    expected = outcome(PU.resolve, base, reference, strict=strict)
    assert outcome(build.urikit.resolve, base, reference, strict=strict) == expected
    kernel = build.speedups.resolve_kernel(base, reference, strict)
    if expected[0] == "ok":
        assert kernel == expected[1]  # computed in C, not by the fallback
    else:
        assert kernel is None


@SETTINGS
@given(texts, st.sampled_from(["scheme", "syntax"]))
@example("HTTP://User@Example.COM:80/a/./b/../c/%7euser?%3f#%7E", "scheme")
@example("http://h:" + "9" * 5000 + "/", "scheme")
@example("x:/.//y", "syntax")
def test_normalize(build: Build, text: str, level: str) -> None:
    expected = outcome(PU.normalize, text, level)
    assert outcome(build.urikit.normalize, text, level) == expected
    schemes = build["urikit.core._schemeinfo"].DEFAULT_REGISTRY
    kernel = outcome(build.speedups.normalize_kernel, text, level == "scheme", schemes.ports,
                     schemes.http_like)  # fmt: skip
    if expected[0] == "ok":
        assert kernel == expected
    elif kernel[0] == "ok":
        assert kernel[1] is None


# Around the C normalize's shortcut for a text already in normal form (returned as
# it is): each of these differs from one such text by one thing the shortcut must see.
NORMAL_FORM_EDGES = [
    "http://h",  # an http-like scheme with an authority and an empty path gains "/"
    "foo://h",  # not http-like: stays
    "HTTP://h/",  # a capital in the scheme
    "http://H/",  # a capital in the host
    "http://[FE80::1]/",  # in an IP literal too
    "http://U@h/",  # a capital in the userinfo stays
    "http://h/A?B#C",  # and in the path, query, fragment
    "http://h:80/",  # a default port
    "http://h:/",  # an empty port
    "http://h:8080/",  # another port
    "http://h/%7e",  # percent-encoding
    "http://h/a/./b",  # dot segments
    "http://h/a/../b",
    "http://h/.a/b",  # a segment starting with "." that is no dot segment
    "http://h/a.b/c.d",  # dots inside segments
    "//h/./a",  # a network-path loses its dots
    "a/./b",  # a relative path keeps them
    "./a",
    "x:.",
    "x:/a/..",
    "mailto:a@b.c",
    "",
    "#F",
    "?Q",
]


@pytest.mark.parametrize("text", NORMAL_FORM_EDGES)
@pytest.mark.parametrize("level", ["scheme", "syntax"])
def test_normalize_shortcut_edges(build: Build, text: str, level: str) -> None:
    expected = PU.normalize(text, level)
    assert build.urikit.normalize(text, level) == expected
    schemes = build["urikit.core._schemeinfo"].DEFAULT_REGISTRY
    kernel = build.speedups.normalize_kernel(
        text, level == "scheme", schemes.ports, schemes.http_like
    )
    assert kernel == expected
    # an implementation detail, checked so that the shortcut is known to run: C
    # hands back the very str it was given when nothing changes
    assert (kernel is text) == (expected == text)


def test_normalize_sees_default_port_changes(build: Build) -> None:
    for mod in (P, build):
        mod["urikit.core._schemeinfo"].set_default_port("foo", 8)
    try:
        same(build.urikit.normalize, PU.normalize, "FOO://h:8/")
        assert build.urikit.normalize("FOO://h:8/") == "foo://h/"
    finally:
        for mod in (P, build):
            mod["urikit.core._schemeinfo"].set_default_port("foo", None)


# --- batch -------------------------------------------------------------------------


@given(st.lists(texts, max_size=8), st.sampled_from(RULES))
def test_batch(build: Build, items: list[str], rule: str) -> None:
    assert build["urikit.batch"].validate(items, rule) == P["urikit.batch"].validate(items, rule)
    c, p = build["urikit.batch"].split(items, rule), P["urikit.batch"].split(items, rule)
    assert c.spans == p.spans
    assert c.valid == p.valid
    for name in ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"):
        assert c.column(name) == p.column(name), name


def test_batch_split_columns_on_the_corpus(build: Build) -> None:
    """C's split keeps one reference a text and reads the columns through its
    properties; Python's slices its spans: the same columns on every corpus line
    (and str subclasses, which C hands to its Python fallback)."""

    class Sub(str):
        pass

    path = Path(__file__).parents[2] / ".." / "shared" / "corpus" / "urls.txt"
    if not path.is_file():
        pytest.skip("no shared corpus beside the checkout")
    lines = path.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    items = [*lines, Sub("http://sub.example/a?b#c"), Sub("a b")]
    c, p = build["urikit.batch"].split(items), P["urikit.batch"].split(items)
    assert c.valid == p.valid and sum(c.valid) > len(lines) // 2
    for name in ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"):
        assert c.column(name) == p.column(name), name
    assert c.spans == p.spans


def test_batch_bad_items(build: Build) -> None:
    for bad in ([1], ["ok", None], [b"x"]):
        same(build["urikit.batch"].validate, P["urikit.batch"].validate, bad)
        c = outcome(lambda b: build["urikit.batch"].split(b).spans, bad)
        p = outcome(lambda b: P["urikit.batch"].split(b).spans, bad)
        assert c == p
    same(build["urikit.batch"].validate, P["urikit.batch"].validate, ["a", "b"], "nope")


# --- big inputs: linear time, no crash -------------------------------------------------

MB = 1 << 20
BIG = [
    "a" * MB,
    "http://" + "a" * MB,
    "http://h/" + "%41" * (MB // 3),
    "http://h/" + "%" * MB,
    "http://[" + "1:" * (MB // 2) + "]/",
    "http://[" + "1" * MB,
    "http://[v" + "1" * MB + ".x]",
    "http://h/" + "/.." * (MB // 3),
    "http://h/" + "a/./../" * (MB // 7),
    "x:" + "/." * (MB // 2),
    "\ud800" * MB,
    "é" * MB,
    "\x00" * MB,
    "?" * MB,
    "#" * MB,
    "//" + "@" * MB,
    "a:" + ":" * MB,
    "%C3%A9" * (MB // 6),
    "%ff" * (MB // 3),
]


@pytest.mark.parametrize("text", BIG, ids=range(len(BIG)))
def test_one_megabyte(build: Build, text: str) -> None:
    assert build["urikit.core._parser"].split(text) == P["urikit.core._parser"].split(text)
    assert parsed(build.urikit.parse, text) == parsed(PU.parse, text)
    same(build.urikit.normalize, PU.normalize, text)
    same(build.urikit.resolve, PU.resolve, "http://a/b/c", text)
    same(build.urikit.resolve, PU.resolve, text, "../g")
    same(build.urikit.remove_dot_segments, PU.remove_dot_segments, text)
    same(build.urikit.percent_decode, PU.percent_decode, text)
    same(build.urikit.percent_encode, PU.percent_encode, text, "query")


def test_component_getters_on_odd_objects(build: Build) -> None:
    """The C component getters hand anything unusual to the Python property."""
    for mod in (P, build):
        ref_type = mod["urikit.reference"].URIReference
        blank = object.__new__(ref_type)
        assert outcome(getattr, blank, "host")[1][0] == "AttributeError"
        assert isinstance(inspect.getattr_static(ref_type, "host"), property) or mod is build
        assert isinstance(ref_type.host, property)
    c_ref, p_ref = build.urikit.parse("http://u@h:1/p?q#f"), PU.parse("http://u@h:1/p?q#f")
    for name in ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"):
        assert getattr(c_ref, name) == getattr(p_ref, name)
        assert outcome(setattr, c_ref, name, "x") == outcome(setattr, p_ref, name, "x")
    odd = object.__new__(build["urikit.reference"].URIReference)
    object.__setattr__(odd, "_text", "abc")
    object.__setattr__(odd, "_sp", ((0, 3), (5, 9), (-1, -2), (1, 2)) + ((-1, -1),) * 5)
    p_odd = object.__new__(P["urikit.reference"].URIReference)
    object.__setattr__(p_odd, "_text", "abc")
    object.__setattr__(p_odd, "_sp", odd._sp)
    for name in ("scheme", "authority", "userinfo", "host", "path"):
        assert outcome(getattr, odd, name) == outcome(getattr, p_odd, name)


# --- wrong argument types: the same TypeError (class and message) in both builds -----

BAD_VALUES = [None, b"x", 1, ["x"], bytearray(b"x"), ("x",), {"x": 1}]


def _calls(bad: Any) -> list[tuple[str, str, tuple[Any, ...], dict[str, Any]]]:
    """(module, function, args, kwargs) for each accelerated entry point, ``bad``
    in each parameter in turn."""
    return [
        ("urikit", "parse", (bad,), {}),
        ("urikit", "parse", ("http://a", bad), {}),
        ("urikit", "is_valid", (bad,), {}),
        ("urikit", "is_valid", ("http://a", bad), {}),
        ("urikit", "is_valid", ("a b", bad), {}),
        ("urikit.core._parser", "split", (bad,), {}),
        ("urikit.core._parser", "split", ("http://a", bad), {}),
        ("urikit", "resolve", (bad, "g"), {}),
        ("urikit", "resolve", ("http://a/b", bad), {}),
        ("urikit", "resolve", ("http://a/b", "g"), {"strict": bad}),
        ("urikit", "normalize", (bad,), {}),
        ("urikit", "normalize", ("HTTP://A/", bad), {}),
        ("urikit", "remove_dot_segments", (bad,), {}),
        ("urikit", "percent_encode", (bad,), {}),
        ("urikit", "percent_encode", ("a b", bad), {}),
        ("urikit", "percent_encode", ("a b", "path"), {"encoding": bad}),
        ("urikit", "percent_decode", (bad,), {}),
        ("urikit", "percent_decode", ("a%20b", bad), {}),
        ("urikit", "percent_decode", ("a%20b",), {"component": bad}),
        ("urikit.batch", "validate", (bad,), {}),
        ("urikit.batch", "validate", ([bad],), {}),
        ("urikit.batch", "validate", (["a"], bad), {}),
        ("urikit.batch", "split", (bad,), {}),
        ("urikit.batch", "split", ([bad],), {}),
        ("urikit.batch", "split", (["a"], bad), {}),
        ("urikit.security", "check", (bad,), {}),
        ("urikit.security", "check", ("http://a/",), {"policy": bad}),
        ("urikit.security", "check", ("http://a/",), {"resolve_dns": bad}),
    ]


@pytest.mark.parametrize("bad", BAD_VALUES, ids=[type(b).__name__ for b in BAD_VALUES])
def test_wrong_argument_types_raise_the_same(build: Build, bad: Any) -> None:
    """Every accelerated function, given None, bytes, int or a container where a
    str (or a list of str) belongs, raises the same class and message in C and Python."""
    for module, name, args, kwargs in _calls(bad):
        c_func, p_func = getattr(build[module], name), getattr(P[module], name)
        c, p = outcome(c_func, *args, **kwargs), outcome(p_func, *args, **kwargs)
        if c[0] == p[0] == "ok" and name == "split" and module == "urikit.batch":
            c, p = ("ok", c[1].spans), ("ok", p[1].spans)
        assert c == p, (name, args, kwargs)


def test_type_mismatches_the_adversarial_run_found(build: Build) -> None:
    """The two cases the adversarial run found: both raise what Python raises."""
    same(build.urikit.percent_encode, PU.percent_encode, "a b", ["path"])
    same(build["urikit.batch"].validate, P["urikit.batch"].validate, None)
    assert outcome(build.urikit.percent_encode, "a b", ["path"])[0] == "error"
    assert outcome(build["urikit.batch"].validate, None)[1][0] == "TypeError"


# --- the C boundary: the reference-type hook, PEP 489 module state, subinterpreters ----


def fresh_speedups() -> Any:
    """A new, independent instance of the extension module (multi-phase init
    re-executes it; it is not put in sys.modules)."""
    import importlib.util

    spec = importlib.util.find_spec("urikit.core._speedups")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_reference_type_hook_is_installed(build: Build) -> None:
    """urikit.reference installed itself, on the layer-1 record layout."""
    installed = build.speedups.reference_type()
    assert installed == (
        build["urikit.core._accel"].SpanRecord,
        build["urikit.reference"].URIReference,
    )
    assert build["urikit.reference"].URIReference.__slots__ == ()


@SETTINGS
@given(texts)
@example("http://u@h:1/p?q#f")
@example("")
def test_c_builds_the_object_python_builds(build: Build, text: str) -> None:
    """The fast parse gives exactly what its Python twin gives: same type, same
    slots, nothing more (no __dict__, no other slot)."""
    c_kind, c_ref = outcome(build.urikit.parse, text)
    p_kind, p_ref = outcome(build.urikit.parse.__wrapped__, text)
    assert c_kind == p_kind
    if c_kind == "error":
        assert c_ref == p_ref
        return
    assert type(c_ref) is type(p_ref) is build["urikit.reference"].URIReference
    assert c_ref._text is text and p_ref._text is text
    assert c_ref._sp == p_ref._sp == build["urikit.core._parser"].split.__wrapped__(text)
    assert not hasattr(c_ref, "__dict__")
    assert c_ref == p_ref and hash(c_ref) == hash(p_ref)
    c_ref._check_invariants()


@pytest.mark.parametrize(
    ("text", "rule", "located"),
    [
        ("http://h/a b", None, ("invalid-char", "path", 10)),
        ("//h:8x", None, ("invalid-char", "port", 5)),
        ("1a:b", "URI-reference", ("colon-in-first-segment", "path", 2)),
        ("http://h/\u20ac%", None, ("invalid-char", "path", 9)),
        ("http://[::1/", None, None),  # an IP literal: Python finds out
        ("http://h/a b", "URI", None),  # another rule: the same
    ],
)
def test_parse_kernel_hands_the_location_to_the_diagnoser(
    build: Build, text: str, rule: str | None, located: tuple[str, str, int] | None
) -> None:
    """On a rejected text, the C parse calls its diagnoser with where the error is
    (what _parser.locate_error says), so that Python does not read the text again."""
    calls: list[tuple[object, ...]] = []
    diagnose = P["urikit.core._parser"].diagnose

    def recorder(*args: Any) -> Any:
        calls.append(args)
        return diagnose(*args)

    parse = build.speedups.accelerate("parse", PU.parse, diagnose=recorder)
    args = (text,) if rule is None else (text, rule)
    with pytest.raises(PU.URIError) as info:
        parse(*args)
    expected = P["urikit.core._parser"].find_error(text, rule or "URI-reference")
    assert error_key(info.value) == error_key(expected)
    given = (text, rule or "URI-reference")
    assert calls == [given if located is None else (*given, located)]
    if located is not None:
        assert located == (expected.reason, expected.component, expected.position)


def error_state(exc: BaseException) -> tuple[Any, ...]:
    """All a URIError shows: its class, its slots as made (before the message is
    worded), its context and attributes, the message forms, a pickle round trip."""
    slots = tuple(
        getattr(exc, name, "<unset>")
        for name in ("reason", "component", "position", "text", "detail", "_unworded")
    )
    links = (type(exc.__context__).__name__, exc.__cause__, exc.__suppress_context__)
    worded = (exc.args, str(exc), repr(exc), vars(exc), getattr(exc, "__notes__", None))
    # pickling by hand: the twins are not in sys.modules, where pickle looks
    reduced: Any = exc.__reduce__()
    rebuild, args, state = reduced
    back = rebuild(*args)
    back.__setstate__(state)
    made = (rebuild.__qualname__, args[0].__qualname__, args[1:], state, error_key(back))
    return (type(exc).__module__, type(exc).__qualname__, slots, links, worded, made)


def raised(func: Callable[..., Any], *args: Any) -> tuple[Any, ...] | None:
    """error_state of what ``func(*args)`` raises, or None; called twice: on its
    own, and while a KeyError is being handled (the error's ``__context__``)."""
    states = []
    for handling in (False, True):
        try:
            if handling:
                try:
                    raise KeyError("k")
                except KeyError:
                    func(*args)
            else:
                func(*args)
        except ValueError as exc:
            states.append(error_state(exc))
        else:
            return None
    return tuple(states)


#: texts of the common shape; their mutations reach every way the scanners stop
COMMON_SHAPES = (
    "https://example.org/a/b?c=d#e",
    "http://h:8080/p/q",
    "http://host.example?q=1",
    "http://h#frag",
    "git://a.b.c/d%41e",
    "svn+ssh://h/p",
    "http://h%41b/",
    "http://u:p@h/",
    "http://u:1%41@h/p",
    "http://h:80@x/",
    "http://[::1]:80/",
    "//h/p",
    "a:b",
)


@SETTINGS
@given(texts)
@example("http://h/a b")
@example("http://exa mple.com/")
@example("http://h:8x/")
@example("http://h\x00/")
@example("1a:b")
@example("http://h/%zz")
@example("http://[::1/")
@example("http://h/\u20ac")
def test_c_raises_the_error_python_makes(build: Build, text: str) -> None:
    """parse's C twin raises URIError itself when it knows the location: the
    same error as the pure-Python build's in every way a caller can look at it
    (slots before and after wording, args, str, repr, context, pickling)."""
    assert raised(build.urikit.parse, text) == raised(PU.parse, text)


def test_every_byte_at_every_place_of_the_common_shape(build: Build) -> None:
    """The fast scanner's answer on failure ("invalid, stopped here": no second
    scan) and the error C words from it, for every ASCII character put in place
    of, or before, each character of texts of the common shape and near it."""
    checked = 0
    for base in COMMON_SHAPES:
        for i in range(len(base) + 1):
            for code in range(128):
                for text in (base[:i] + chr(code) + base[i + 1 :], base[:i] + chr(code) + base[i:]):
                    c_sp = build["urikit.core._parser"].split(text)
                    assert c_sp == P["urikit.core._parser"].split(text), text
                    assert build.urikit.is_valid(text) is (c_sp is not None)
                    if c_sp is None:
                        assert raised(build.urikit.parse, text) == raised(PU.parse, text), text
                        checked += 1
    assert checked > 10_000


def test_set_error_type(build: Build) -> None:
    """The hook: C raises the installed type where the installed diagnose would
    be called with a location, and calls any other diagnoser (or diagnose for
    what C cannot locate); a type whose slots C cannot fill is refused."""
    sp = fresh_speedups()
    record, ref_type = (
        build["urikit.core._accel"].SpanRecord,
        build["urikit.reference"].URIReference,
    )
    sp.set_reference_type(record, ref_type)
    calls: list[tuple[object, ...]] = []
    diagnose = build["urikit.core._parser"].diagnose

    def recorder(*args: Any) -> Any:
        calls.append(args)
        return diagnose(*args)

    error_type = build.urikit.URIError
    sp.set_error_type(error_type, recorder)
    parse = sp.accelerate("parse", PU.parse, diagnose=recorder)
    other = sp.accelerate("parse", PU.parse, diagnose=diagnose)
    for text, called in (("http://h/a b", False), ("http://[::1/", True), ("a\u20ac b", False)):
        for func in (parse, other):
            with pytest.raises(error_type) as info:
                func(text)
            assert error_state(info.value) == error_state(P["urikit.core._parser"].find_error(text))
        assert calls == ([(text, "URI-reference")] if called else [])
        calls.clear()
    with pytest.raises(error_type):
        parse("http://h/a b", "URI")
    assert calls == [("http://h/a b", "URI")]

    class NoSlots(ValueError):
        pass

    class OwnNew(error_type):  # type: ignore[misc, valid-type]
        def __new__(cls, *args: Any) -> Any:
            return super().__new__(cls)

    for bad in (NoSlots, OwnNew, KeyError, "URIError", type(None)):
        with pytest.raises((TypeError, AttributeError)):
            sp.set_error_type(bad, diagnose)
    with pytest.raises(TypeError):
        sp.set_error_type(error_type, None)


def test_span_record_holds_spans_inline(build: Build) -> None:
    """C's SpanRecord: the attributes of the Python one, the spans kept inline
    (read back as the same tuple), anything but a text and nine int pairs refused."""
    record = build["urikit.core._accel"].SpanRecord
    assert record is build.speedups.SpanRecord and P["urikit.core._accel"].SpanRecord is not record
    ref_type = build["urikit.reference"].URIReference
    blank = object.__new__(ref_type)
    p_blank = object.__new__(P["urikit.reference"].URIReference)
    for name in ("_text", "_sp"):
        assert outcome(getattr, blank, name) == outcome(getattr, p_blank, name)
        assert outcome(object.__delattr__, blank, name)[1][0] == "AttributeError"
    spans = P["urikit.core._parser"].split("http://u@h:1/p?q#f")
    object.__setattr__(blank, "_text", "http://u@h:1/p?q#f")
    object.__setattr__(blank, "_sp", spans)
    assert blank._sp == spans and blank == build.urikit.parse("http://u@h:1/p?q#f")
    assert (blank.userinfo, blank.port, blank.fragment) == ("u", "1", "f")
    for bad in (
        None,
        spans[:8],
        (*spans, (0, 0)),
        ((0, "1"),) * 9,
        ((0, 1, 2),) * 9,
        [(0, 1)] * 9,
    ):
        with pytest.raises(TypeError, match=r"9 \(start, end\) pairs"):
            object.__setattr__(blank, "_sp", bad)
    with pytest.raises(TypeError, match="must be str"):
        object.__setattr__(blank, "_text", b"http://h")
    assert blank._sp == spans and blank._text == "http://u@h:1/p?q#f"
    object.__delattr__(blank, "_sp")
    assert outcome(getattr, blank, "_sp")[1][0] == "AttributeError"
    assert outcome(getattr, blank, "host")[1][0] == "AttributeError"


def test_fast_parse_without_the_hook_fails_loudly(build: Build) -> None:
    sp = fresh_speedups()
    assert sp.reference_type() is None
    assert build.speedups.reference_type() is not None  # the loaded one has its hook
    fast_parse = sp.accelerate("parse", PU.parse, diagnose=P["urikit.core._parser"].diagnose)
    with pytest.raises(RuntimeError, match="set_reference_type"):
        fast_parse("http://a/")
    with pytest.raises(RuntimeError, match="set_reference_type"):
        sp.component_getter(property(lambda self: None), 1, False)


def test_hook_checks_the_layout(build: Build) -> None:
    sp = fresh_speedups()
    record = build["urikit.core._accel"].SpanRecord

    class ExtraSlot(record):  # type: ignore[misc, valid-type]
        __slots__ = ("extra",)

    class WithDict(record):  # type: ignore[misc, valid-type]
        pass

    class NoSlots:
        pass

    for base, ref_type in ((record, ExtraSlot), (record, WithDict), (record, NoSlots)):
        with pytest.raises(TypeError, match="add no slot"):
            sp.set_reference_type(base, ref_type)
    with pytest.raises(TypeError, match="_text"):
        sp.set_reference_type(NoSlots, NoSlots)
    assert sp.reference_type() is None


def test_module_instances_are_independent(build: Build) -> None:
    """Multi-phase init: each instance has its own state (with single-phase init
    and static globals, installing a type in one would show in the other)."""
    one, two = fresh_speedups(), fresh_speedups()
    assert one is not two and one.AcceleratedFunction is not two.AcceleratedFunction
    record = build["urikit.core._accel"].SpanRecord
    mine = type("Mine", (record,), {"__slots__": ()})
    one.set_reference_type(record, mine)
    assert one.reference_type() == (record, mine)
    assert two.reference_type() is None
    assert build.speedups.reference_type()[1] is build["urikit.reference"].URIReference
    parse = one.accelerate("parse", PU.parse, diagnose=P["urikit.core._parser"].diagnose)
    built: Any = parse("http://h/p")
    assert built._sp == P["urikit.core._parser"].split("http://h/p")
    assert type(built) is mine


def test_reloading_the_module_frees_its_state(build: Build) -> None:
    """Module state is released with the module: the installed type, the heap
    types and the accelerated functions, cycles included."""
    import gc
    import weakref

    record = build["urikit.core._accel"].SpanRecord
    refs: list[weakref.ref[Any]] = []
    for _ in range(5):
        sp = fresh_speedups()
        mine = type("Mine", (record,), {"__slots__": ()})
        sp.set_reference_type(record, mine)
        fast = sp.accelerate("parse", PU.parse, diagnose=P["urikit.core._parser"].diagnose)
        assert type(fast("a:b")) is mine
        getter = sp.component_getter(inspect.getattr_static(PU.URIReference, "host"), 4, False)
        refs += [weakref.ref(obj) for obj in (sp, mine, type(fast), type(getter))]
        del sp, mine, fast, getter
    gc.collect()
    assert [r for r in refs if r() is not None] == []


def test_repeated_loads_do_not_grow_memory(build: Build) -> None:
    """Loose: 300 module instances created, used and dropped; the traced memory
    after the last is about what it was after the first few (a leak of even one
    module state per load, with its two heap types, is several KB per load)."""
    import gc
    import tracemalloc

    record = build["urikit.core._accel"].SpanRecord

    def cycle() -> None:
        sp = fresh_speedups()
        sp.set_reference_type(record, type("Mine", (record,), {"__slots__": ()}))
        fast = sp.accelerate("is_valid", PU.is_valid)
        assert fast("http://a") is True
        assert sp.validate_many(["a", "b c"], "URI-reference", PU.is_valid) == [True, False]

    tracemalloc.start()
    try:
        for _ in range(20):
            cycle()
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(300):
            cycle()
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert after - before < 300 * 1024, (before, after)


@pytest.mark.skipif(not hasattr(sys, "gettotalrefcount"), reason="needs a debug build of Python")
def test_repeated_loads_keep_the_reference_count(build: Build) -> None:
    """On a debug build: 200 more module instances leave the total reference
    count where 20 left it (loosely: a leak would add several per load)."""
    import gc

    record = build["urikit.core._accel"].SpanRecord

    def cycle() -> None:
        sp = fresh_speedups()
        sp.set_reference_type(record, type("Mine", (record,), {"__slots__": ()}))
        diagnose = P["urikit.core._parser"].diagnose
        assert sp.accelerate("parse", PU.parse, diagnose=diagnose)("a:b")._sp

    total: Any = vars(sys)["gettotalrefcount"]
    for _ in range(20):
        cycle()
    gc.collect()
    before = total()
    for _ in range(200):
        cycle()
    gc.collect()
    assert total() - before < 200, (before, total())


def _subinterpreters() -> Any:
    for name in ("_interpreters", "_xxsubinterpreters"):
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    pytest.skip("no low-level subinterpreter module in this Python")


def test_import_in_subinterpreters(build: Build) -> None:
    """The extension imports and works in subinterpreters, twice in a row (each
    gets its own module instance and its own URIReference installed)."""
    interpreters = _subinterpreters()
    code = f"""if 1:
        import sys
        sys.path[:] = {sys.path!r}
        import urikit.core._speedups as sp
        import urikit.core._accel, urikit.reference as r
        if urikit.core._accel.speedups is not None:
            assert sp.reference_type() == (urikit.core._accel.SpanRecord, r.URIReference)
            assert type(r.parse).__name__ == "AcceleratedFunction"
        ref = r.parse("http://u@h:8/p?q#f")
        assert (ref.host, ref.port, ref.path) == ("h", "8", "/p"), ref
        assert sp.remove_dot_segments("/a/./b/../c") == "/a/c"
    """
    for _ in range(2):
        interp = interpreters.create()
        try:
            failure = interpreters.run_string(interp, code)
            assert failure is None, failure  # 3.13 returns the failure; earlier versions raise
        finally:
            interpreters.destroy(interp)
    assert build.speedups.reference_type()[1] is build["urikit.reference"].URIReference


# --- IRI helpers: iri.is_valid's C twin, stand_in and to_uri's C passes ---


@SETTINGS
@given(texts)
@example("http://例え.jp/パス")
@example("http://h/?\ue000")
@example("http://a/\u202e")
def test_iri_is_valid_and_to_uri(build: Build, text: str) -> None:
    """iri.is_valid's C twin (ASCII text, default rule) and iri.to_uri (C stand-in
    and percent-encoding) against the pure-Python build."""
    c_iri, p_iri = build["urikit.iri"], P["urikit.iri"]
    same(c_iri.is_valid, p_iri.is_valid, text)
    for rule in IRI_RULES:
        same(c_iri.is_valid, p_iri.is_valid, text, rule)
    same(c_iri.to_uri, p_iri.to_uri, text)
    c_err, p_err = c_iri.find_error(text), p_iri.find_error(text)
    assert (c_err is None) == (p_err is None)
    if c_err is not None and p_err is not None:
        assert error_key(c_err) == error_key(p_err)


def test_iri_is_valid_runs_in_c_for_ascii_only(build: Build) -> None:
    c_iri = build["urikit.iri"]
    assert type(c_iri.is_valid) is build.speedups.AcceleratedFunction
    for text in ("http://a/b", "a b", "", "http://例え.jp/", "http://h/?\ue000"):
        for rule in ((), ("IRI",), ("irelative-ref",)):
            assert c_iri.is_valid(text, *rule) == c_iri.is_valid.__wrapped__(text, *rule)


ALL_CHARS = "".join(map(chr, range(0x110000)))


def test_iri_stand_in_on_every_code_point(build: Build) -> None:
    """The C stand-in of each single character is the Python (regex) stand-in
    when that is ASCII, and None (the regex path) otherwise."""
    p_stand_in = P["urikit.iri._syntax"].stand_in
    reference = p_stand_in(ALL_CHARS)
    assert len(reference) == len(ALL_CHARS)
    got = list(map(build.speedups.iri_stand_in, ALL_CHARS))
    expected = [r if r.isascii() else None for r in reference]
    assert got == expected
    assert got[ord("é")] == "_" and got[0x202E] is None and got[0xE000] is None
    c_stand_in = build["urikit.iri._syntax"].stand_in
    for text in ("http://例え.jp/パス?\ue000#x", "a\u202eb", "é?\ue000", "\ud800", ""):
        for component in (None, "query", "path"):
            assert c_stand_in(text, component) == p_stand_in(text, component)


def test_iri_pct_encode_on_every_code_point(build: Build) -> None:
    p_iri = P["urikit.iri._conversion"]
    no_surrogates = ALL_CHARS[:0xD800] + ALL_CHARS[0xE000:]
    expected = p_iri._UCS_OR_PRIVATE_RUN_RE.sub(p_iri._pct_utf8, no_surrogates)
    assert build.speedups.iri_pct_encode(no_surrogates) == expected
    assert (
        build.speedups.iri_pct_encode("é") == "%C3%A9"
        and build.speedups.iri_pct_encode("a%20b") == "a%20b"
    )
    assert (
        build.speedups.iri_pct_encode("a\ud800") is None and build.speedups.iri_pct_encode("") == ""
    )
    with pytest.raises(TypeError):
        build.speedups.iri_stand_in(b"x")
    with pytest.raises(TypeError):
        build.speedups.iri_pct_encode(1)
