"""urikit.iri: the IRIReference API, the mappings and their properties (Hypothesis).

The IRI generators here are built from the RFC 3987 section 2.2 ABNF (the
ranges are restated from the RFC, not taken from urikit); the URI generators
are the core suite's (tests/strategies.py).
"""

from __future__ import annotations

import contextlib
import pickle
import string
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import INTERESTING, arbitrary_text, mutated, scheme, uri_references

import urikit
from urikit import iri
from urikit.iri import _reference

# --- generators from the RFC 3987 ABNF ---------------------------------------------

_UCS_RANGES = [
    (0xA0, 0xD7FF),
    (0xF900, 0xFDCF),
    (0xFDF0, 0xFFEF),
    *[(p * 0x10000, p * 0x10000 + 0xFFFD) for p in range(1, 14)],
    (0xE1000, 0xEFFFD),
]
_PRIVATE_RANGES = [(0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)]
_BIDI = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e")


def _in(ranges: list[tuple[int, int]], ch: str) -> bool:
    return any(lo <= ord(ch) <= hi for lo, hi in ranges)


def _range_chars(ranges: list[tuple[int, int]]) -> st.SearchStrategy[str]:
    return st.one_of(*[st.integers(lo, hi).map(chr) for lo, hi in ranges])


# Mostly letters people use (Latin-1, Cyrillic, Hebrew, Arabic, CJK, kana), some anywhere.
ucschar = st.one_of(
    st.sampled_from("éüßжяאבגعربي例え日本語パスｱ한국"),
    # what NFC changes: combining marks, singletons (KELVIN SIGN, GREEK QUESTION MARK
    # which is ";", GREEK VARIA which is "`")
    st.sampled_from("\u0301\u0323\u0308\u212a\u037e\u1fef\u2126"),
    _range_chars(_UCS_RANGES).filter(lambda c: c not in _BIDI),
)
iprivate = _range_chars(_PRIVATE_RANGES)
_UNRESERVED = "ABCXYZabcxyz0189-._~"
_SUB_DELIMS = "!$&'()*+,;="
pct = st.sampled_from(["%41", "%7e", "%2F", "%25", "%C3%A9", "%e2%80%ae", "%FC", "%E4%BE%8B"])


def _run(extra: str, *, private: bool = False, max_size: int = 6) -> st.SearchStrategy[str]:
    parts = [st.sampled_from(_UNRESERVED + extra), ucschar, ucschar, pct]
    if private:
        parts.append(iprivate)
    return st.lists(st.one_of(*parts), max_size=max_size).map("".join)


@dataclass
class IRIParts:
    text: str
    scheme: str | None
    userinfo: str | None
    host: str | None
    port: str | None
    path: str
    query: str | None
    fragment: str | None


@st.composite
def iris(draw: st.DrawFn, *, relative: bool = False) -> IRIParts:
    """IRI (or, with ``relative``, irelative-ref with a path) by the section 2.2 ABNF."""
    sch = None if relative else draw(scheme)
    userinfo = host = port = None
    if relative:
        first = draw(_run(_SUB_DELIMS + "@", max_size=4).filter(bool))
        rest = draw(st.lists(_run(_SUB_DELIMS + ":@"), max_size=3))
        path = "/".join([first, *rest])
    else:
        if draw(st.booleans()):
            userinfo = draw(st.none() | _run(_SUB_DELIMS + ":"))
            host = draw(_run(_SUB_DELIMS) | st.sampled_from(["[::1]", "192.0.2.1", ""]))
            port = draw(st.none() | st.sampled_from(["", "80", "8080"]))
            segs = draw(st.lists(_run(_SUB_DELIMS + ":@"), max_size=3))
            path = "".join("/" + s for s in segs)
        else:
            # path-absolute / path-rootless / path-empty: a first segment is not empty
            segs = draw(st.lists(_run(_SUB_DELIMS + ":@"), max_size=3))
            if segs and not segs[0]:
                segs[0] = "x"
            path = ("/" if draw(st.booleans()) else "") + "/".join(segs)
    query = draw(st.none() | _run(_SUB_DELIMS + ":@/?", private=True))
    fragment = draw(st.none() | _run(_SUB_DELIMS + ":@/?"))
    text = ""
    if sch is not None:
        text += sch + ":"
    if host is not None:
        text += "//" + (userinfo + "@" if userinfo is not None else "") + host
        text += ":" + port if port is not None else ""
    text += path
    text += "?" + query if query is not None else ""
    text += "#" + fragment if fragment is not None else ""
    return IRIParts(text, sch, userinfo, host, port, path, query, fragment)


def _upper_pct(text: str) -> str:
    import re

    return re.sub(r"%[0-9a-fA-F]{2}", lambda m: m.group().upper(), text)


#: RFC 3986 section 2.3 ``unreserved``: ALPHA / DIGIT / "-" / "." / "_" / "~".
_RFC3986_UNRESERVED = frozenset(string.ascii_letters + string.digits + "-._~")


def _unreserved_decoded(text: str) -> str:
    """``text`` with percent-encoded unreserved characters decoded and the hex
    digits of the other percent-encodings in uppercase (RFC 3986 6.2.2.1-2)."""
    import re

    def one(m: re.Match[str]) -> str:
        ch = chr(int(m.group()[1:], 16))
        return ch if ch in _RFC3986_UNRESERVED else m.group().upper()

    return re.sub(r"%[0-9a-fA-F]{2}", one, text)


# --- parsing ------------------------------------------------------------------------


@given(iris())
def test_parse_gives_the_generated_components(g: IRIParts) -> None:
    ref = iri.parse(g.text)
    assert str(ref) == g.text
    got = (ref.scheme, ref.userinfo, ref.host, ref.port, ref.path, ref.query, ref.fragment)
    assert got == (g.scheme, g.userinfo, g.host, g.port, g.path, g.query, g.fragment)
    assert iri.is_valid(g.text) and iri.is_valid(g.text, "IRI")
    assert iri.is_valid(g.text, "absolute-IRI") is (g.fragment is None)
    ref._check_invariants()


@given(iris(relative=True))
def test_irelative_refs(g: IRIParts) -> None:
    assert iri.is_valid(g.text, "irelative-ref")
    assert not iri.is_valid(g.text, "IRI")
    assert iri.parse(g.text, "irelative-ref").path == g.path


@given(uri_references())
def test_every_uri_is_an_iri_with_identical_components(g: object) -> None:
    text = g.text  # type: ignore[attr-defined]
    a, b = urikit.parse(text), iri.parse(text)
    assert isinstance(b, iri.IRIReference) and isinstance(b, urikit.URIReference)
    for name in ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"):
        assert getattr(a, name) == getattr(b, name), name
    assert a.to_dict() == b.to_dict()
    assert iri.to_uri(text) == text
    if a.host is None or "%" not in a.host:  # encoded UTF-8 in a host becomes an A-label
        assert iri.to_uri(text, idna=True) == text


@given(st.one_of(arbitrary_text(), mutated(), mutated(iris().map(lambda g: g.text))))
def test_split_and_diagnoser_agree(text: str) -> None:
    for rule in sorted(iri.RULES):
        ok = iri.is_valid(text, rule)
        err = iri.find_error(text, rule)
        assert ok is (err is None), rule
        if err is not None:
            assert 0 <= err.position <= len(text) and err.text == text
            with pytest.raises(urikit.URIError) as info:
                iri.parse(text, rule)
            assert str(info.value) == str(err)
        else:
            assert str(iri.parse(text, rule)) == text
        if text.isascii():  # an ASCII IRI rule is exactly its URI rule
            uri_rule = rule.replace("IRI", "URI").replace("irelative", "relative")
            assert ok is urikit.is_valid(text, uri_rule)


@given(st.lists(st.sampled_from(INTERESTING), max_size=12).map("".join))
def test_no_crash_on_troublemakers(text: str) -> None:
    with contextlib.suppress(urikit.URIError):
        iri.parse(text)


def test_one_megabyte() -> None:
    big = "http://例え.jp/" + "パ" * 1_000_000
    assert iri.is_valid(big)
    bad = big + " "
    with pytest.raises(urikit.URIError) as info:
        iri.parse(bad)
    assert info.value.position == len(big)


# --- the IRIReference API -----------------------------------------------------------


def test_none_vs_empty_and_copies() -> None:
    ref = iri.parse("http://例え.jp/パス?#")
    assert (ref.query, ref.fragment, ref.port) == ("", "", None)
    assert iri.parse("http://例え.jp").path == ""
    changed = ref.with_query(None).with_fragment("下").with_port(8080)
    assert str(changed) == "http://例え.jp:8080/パス#下"
    assert isinstance(changed, iri.IRIReference)
    assert str(ref) == "http://例え.jp/パス?#"  # unchanged
    assert ref.with_path("/パス") is ref
    assert str(ref.with_host("ü").with_userinfo("ユ")) == "http://ユ@ü/パス?#"
    assert str(ref.with_host(None)) == "http:/パス?#"
    with pytest.raises(urikit.URIError) as info:
        ref.with_path("/a\ue000")
    assert (info.value.component, info.value.position) == ("path", 2)
    with pytest.raises(urikit.URIError) as info:
        ref.with_host("[v1.ü]")
    assert info.value.component == "host"
    with pytest.raises(AttributeError):
        ref.path = "/x"  # type: ignore[misc]


def test_from_components_structure_errors_name_the_iri_component() -> None:
    with pytest.raises(urikit.URIError) as info:
        iri.IRIReference.from_components(path="ü:x")
    assert (info.value.reason, info.value.position, info.value.text) == (
        "colon-in-first-segment",
        1,
        "ü:x",
    )
    with pytest.raises(urikit.URIError) as info:
        iri.IRIReference.from_components(host="h", path="ü")
    assert info.value.component == "path"
    with pytest.raises(TypeError) as type_info:
        iri.IRIReference.from_components(path=3)  # type: ignore[arg-type]
    assert (
        str(type_info.value)
        == "IRIReference.from_components() argument 'path' must be str, not int"
    )


def test_build_keeps_ucschar_and_encodes_the_rest() -> None:
    ref = iri.IRIReference.build(
        scheme="http",
        userinfo="ü s",
        host="例え.jp",
        path="/a b/ü",
        query="q=値&\ue000",
        fragment="#",
    )
    assert str(ref) == "http://ü%20s@例え.jp/a%20b/ü?q=値&\ue000#%23"
    assert str(iri.IRIReference.build(path="ü:b/c")) == "ü%3Ab/c"
    assert str(iri.IRIReference.build(host="::1", path="/\ue000")) == "//[::1]/%EE%80%80"
    assert iri.IRIReference.build(path="/\u202e").path == "/%E2%80%AE"


# --- one set of builders for URIs and IRIs: what the codec keeps --------------------

#: (edit, what an IRIReference gets, what a URIReference gets): an IRI keeps ucschar
#: ("値", "ü") everywhere and iprivate ("\ue000") in the query only; a URI
#: percent-encodes both (UTF-8).
EDIT_TABLE: list[
    tuple[str, Callable[[type[urikit.URIReference]], urikit.URIReference], str, str]
] = [
    (
        "build path",
        lambda cls: cls.build(scheme="http", host="h", path="/値 ü"),
        "http://h/値%20ü",
        "http://h/%E5%80%A4%20%C3%BC",
    ),
    (
        "build host and userinfo",
        lambda cls: cls.build(scheme="http", userinfo="ü:x", host="例え.jp"),
        "http://ü:x@例え.jp",
        "http://%C3%BC:x@%E4%BE%8B%E3%81%88.jp",
    ),
    (
        "build iprivate in the query",
        lambda cls: cls.build(scheme="s", query="\ue000=値"),
        "s:?\ue000=値",
        "s:?%EE%80%80=%E5%80%A4",
    ),
    (
        "build iprivate in the path and fragment",
        lambda cls: cls.build(path="/\ue000", fragment="\ue000ü"),
        "/%EE%80%80#%EE%80%80ü",
        "/%EE%80%80#%EE%80%80%C3%BC",
    ),
    (
        "build a relative path with a colon",
        lambda cls: cls.build(path="ü:b/c d"),
        "ü%3Ab/c%20d",
        "%C3%BC%3Ab/c%20d",
    ),
    (
        "from_components",
        lambda cls: cls.from_components(scheme="s", host="h", port=8, path="/a", query="b"),
        "s://h:8/a?b",
        "s://h:8/a?b",
    ),
    (
        "joinpath",
        lambda cls: cls("http://h/a/").joinpath("値 \ue000"),
        "http://h/a/値%20%EE%80%80",
        "http://h/a/%E5%80%A4%20%EE%80%80",
    ),
    (
        "with_name",
        lambda cls: cls("http://h/a/b").with_name("ü.txt"),
        "http://h/a/ü.txt",
        "http://h/a/%C3%BC.txt",
    ),
    (
        "update_query",
        lambda cls: cls("http://h/?a=1#f").update_query({"a": "値\ue000"}),
        "http://h/?a=値\ue000#f",
        "http://h/?a=%E5%80%A4%EE%80%80#f",
    ),
    (
        "extend_query",
        lambda cls: cls("http://h/?a=1").extend_query([("ü", None)]),
        "http://h/?a=1&ü",
        "http://h/?a=1&%C3%BC",
    ),
    (
        "with_query_params",
        lambda cls: cls("http://h/").with_query_params([("q", "ü\ue000")]),
        "http://h/?q=ü\ue000",
        "http://h/?q=%C3%BC%EE%80%80",
    ),
    (
        "with_port",
        lambda cls: cls("http://h:1/").with_port(8080),
        "http://h:8080/",
        "http://h:8080/",
    ),
]


@pytest.mark.parametrize(
    ("edit", "iri_text", "uri_text"),
    [pytest.param(e, i, u, id=name) for name, e, i, u in EDIT_TABLE],
)
def test_one_builder_two_codecs(
    edit: Callable[[type[urikit.URIReference]], urikit.URIReference], iri_text: str, uri_text: str
) -> None:
    as_iri = edit(iri.IRIReference)
    as_uri = edit(urikit.URIReference)
    assert (type(as_iri), str(as_iri)) == (iri.IRIReference, iri_text)
    assert (type(as_uri), str(as_uri)) == (urikit.URIReference, uri_text)
    as_iri._check_invariants()
    as_uri._check_invariants()
    # the IRI is the URI's IRI form: to_uri maps it back
    assert iri.to_uri(iri_text) == uri_text


#: (edit of encoded text, component, position, character; IRI: None when accepted):
#: a URI refuses every non-ASCII character; an IRI iprivate outside the query, the
#: bidi formatting characters and what the core refuses.
ERROR_TABLE: list[
    tuple[
        str,
        Callable[[type[urikit.URIReference]], urikit.URIReference],
        tuple[str, int, str] | None,
        tuple[str, int, str],
    ]
] = [
    (
        "with_path ucschar",
        lambda cls: cls("http://h/").with_path("/a値"),
        None,
        ("path", 2, "値"),
    ),
    (
        "with_path iprivate",
        lambda cls: cls("http://h/").with_path("/a\ue000"),
        ("path", 2, "\ue000"),
        ("path", 2, "\ue000"),
    ),
    (
        "with_query iprivate",
        lambda cls: cls("http://h/").with_query("x\ue000"),
        None,
        ("query", 1, "\ue000"),
    ),
    (
        "with_fragment iprivate",
        lambda cls: cls("http://h/").with_fragment("ü\ue000"),
        ("fragment", 1, "\ue000"),
        ("fragment", 0, "ü"),
    ),
    (
        "with_host bidi",
        lambda cls: cls("http://h/").with_host("a\u202eb"),
        ("host", 1, "\u202e"),
        ("host", 1, "\u202e"),
    ),
    (
        "with_userinfo space",
        lambda cls: cls("http://h/").with_userinfo("ü x"),
        ("userinfo", 1, " "),
        ("userinfo", 0, "ü"),
    ),
    (
        "with_scheme ucschar",
        lambda cls: cls("http://h/").with_scheme("hü"),
        ("scheme", 1, "ü"),
        ("scheme", 1, "ü"),
    ),
    (
        "with_port",
        lambda cls: cls("http://h/").with_port("8ü"),
        ("port", 1, "ü"),
        ("port", 1, "ü"),
    ),
    (
        "from_components path",
        lambda cls: cls.from_components(scheme="s", path="ü/\ue000"),
        ("path", 2, "\ue000"),
        ("path", 0, "ü"),
    ),
    (
        "build: a lone surrogate in a relative path",
        lambda cls: cls.build(path="ü/a\ud800"),
        ("path", 3, "\ud800"),
        ("path", 3, "\ud800"),
    ),
    (
        "build: a lone surrogate in the query",
        lambda cls: cls.build(query="値x\ud800"),
        ("query", 2, "\ud800"),
        ("query", 2, "\ud800"),
    ),
]


@pytest.mark.parametrize(
    ("edit", "iri_error", "uri_error"),
    [pytest.param(e, i, u, id=name) for name, e, i, u in ERROR_TABLE],
)
def test_one_checker_two_codecs_errors(
    edit: Callable[[type[urikit.URIReference]], urikit.URIReference],
    iri_error: tuple[str, int, str] | None,
    uri_error: tuple[str, int, str],
) -> None:
    for cls, expected in ((iri.IRIReference, iri_error), (urikit.URIReference, uri_error)):
        if expected is None:
            assert type(edit(cls)) is cls
            continue
        with pytest.raises(urikit.URIError) as info:
            edit(cls)
        err = info.value
        component, position, char = expected
        assert (err.component, err.position, err.text[err.position]) == expected
        message = str(err)
        assert f"at position {position}" in message
        # (the bad-encoding message names the encoding; .component names the component)
        assert component in message or err.reason in ("bad-value", "bad-encoding")
        assert repr(char)[1:-1] in message or f"U+{ord(char):04X}" in message


@pytest.mark.parametrize(
    "method",
    [
        "with_scheme",
        "with_userinfo",
        "with_host",
        "with_port",
        "with_path",
        "with_query",
        "with_fragment",
        "with_query_params",
    ],
)
def test_inherited_edits_name_their_class_in_type_errors(method: str) -> None:
    for ref in (iri.parse("http://例え.jp/"), urikit.parse("http://h/")):
        with pytest.raises(TypeError) as info:
            getattr(ref, method)(3.5)
        assert str(info.value).startswith(f"{type(ref).__name__}.{method}() argument ")
    with pytest.raises(TypeError) as info:
        iri.IRIReference.build(port=3.5)  # type: ignore[arg-type]
    assert str(info.value).startswith("IRIReference.build() argument 'port'")


def test_value_semantics() -> None:
    ref = iri.parse("http://例え.jp/")
    assert repr(ref) == "IRIReference('http://例え.jp/')"
    assert pickle.loads(pickle.dumps(ref)) == ref
    assert type(pickle.loads(pickle.dumps(ref))) is iri.IRIReference
    assert iri.parse("http://a/") == urikit.parse("http://a/")
    assert hash(iri.parse("http://a/")) == hash(urikit.parse("http://a/"))
    assert iri.IRIReference("http://例え.jp/") == ref
    assert str(ref.to_uri(idna=True)) == "http://xn--r8jz45g.jp/"
    assert ref.host_kind == "reg-name" and ref.kind == "uri"
    assert iri.parse("?q=ü%C3%BC").query_params == [("q", "üü")]


def test_type_errors() -> None:
    with pytest.raises(TypeError) as info:
        iri.parse(b"x")  # type: ignore[arg-type]
    assert str(info.value) == "parse() argument 'text' must be str, not bytes"
    with pytest.raises(TypeError) as info:
        iri.is_valid(None)  # type: ignore[arg-type]
    assert str(info.value) == "is_valid() argument 'text' must be str, not NoneType"
    with pytest.raises(TypeError) as info:
        iri.to_uri(1)  # type: ignore[arg-type]
    assert str(info.value) == "to_uri() argument 'iri' must be str or URIReference, not int"
    with pytest.raises(ValueError, match="unknown rule"):
        iri.parse("x", rule="URI")
    with pytest.raises(ValueError, match="unknown level"):
        iri.normalize("x", level="case")


# --- resolution ---------------------------------------------------------------------


@given(iris(), iris(relative=True))
def test_resolution_commutes_with_to_uri(base: IRIParts, ref: IRIParts) -> None:
    # RFC 3987 section 6.5: resolving IRIs gives the IRI of resolving their URIs.
    assume(base.scheme is not None)
    got = iri.resolve(base.text, ref.text)
    assert iri.to_uri(got) == urikit.resolve(iri.to_uri(base.text), iri.to_uri(ref.text))
    assert iri.is_valid(got, "IRI")
    assert str(iri.parse(base.text).resolve(ref.text)) == got
    # relativize finds a reference that resolves back
    rel = iri.relativize(base.text, got)
    assert iri.resolve(base.text, rel) == got
    assert len(rel) <= len(got)


def test_resolution_examples() -> None:
    base = "http://例え.jp/a/b/c?q"
    assert iri.resolve(base, "../d/é") == "http://例え.jp/a/d/é"
    assert iri.resolve(base, "//ü/x") == "http://ü/x"
    assert iri.resolve(base, "#ü") == "http://例え.jp/a/b/c?q#ü"
    assert iri.relativize(base, "http://例え.jp/a/b/é") == "é"
    assert iri.relativize(base, "https://例え.jp/") == "https://例え.jp/"
    with pytest.raises(urikit.URIError) as info:
        iri.resolve("/例", "x")
    assert info.value.reason == "not-absolute"


# --- the mappings -------------------------------------------------------------------


@given(iris())
def test_to_uri_is_a_uri_with_the_same_structure(g: IRIParts) -> None:
    uri = iri.to_uri(g.text)
    assert uri.isascii() and urikit.is_valid(uri)
    ref, uref = iri.parse(g.text), urikit.parse(uri)
    assert uref.scheme == ref.scheme and (uref.host is None) is (ref.host is None)
    assert iri.to_uri(uri) == uri  # idempotent
    decode = urikit.percent_decode
    assert decode(uref.path, errors="surrogateescape") == decode(ref.path, errors="surrogateescape")


@given(iris())
def test_to_uri_with_idna_is_a_uri_or_names_the_label(g: IRIParts) -> None:
    try:
        uri = iri.to_uri(g.text, idna=True)
    except urikit.URIError as err:
        assert err.component == "host" and "label" in str(err)
        return
    assert uri.isascii() and urikit.is_valid(uri)


_URIS_WITH_UTF8 = st.one_of(
    uri_references().map(lambda g: g.text), iris().map(lambda g: iri.to_uri(g.text))
)


@given(_URIS_WITH_UTF8)
def test_to_uri_of_from_uri_is_the_uri(uri: str) -> None:
    # RFC 3987 section 3.2: the IRI maps back to the URI "except for potential case
    # differences in percent-encoding and for potential percent-encoded unreserved
    # characters", which RFC 3986 section 6.2.2 normalization takes away.
    back = iri.to_uri(iri.from_uri(uri))
    assert _upper_pct(back) == _unreserved_decoded(uri)
    assert urikit.normalize(back, "syntax") == urikit.normalize(uri, "syntax")
    assert urikit.equivalent(back, uri, level="syntax")


@given(_URIS_WITH_UTF8)
def test_from_uri_decodes_only_what_to_uri_encodes_back(uri: str) -> None:
    out = iri.from_uri(uri)
    ref = iri.parse(out)
    q0 = q1 = -1
    if ref.query is not None:
        q0 = out.index("?") + 1
        q1 = q0 + len(ref.query)
    i = j = 0
    while i < len(out):
        ch = out[i]
        if ch == "%":  # a triplet left encoded: only the case of its hex digits may change
            assert out[i : i + 3].upper() == uri[j : j + 3].upper()
            assert chr(int(out[i + 1 : i + 3], 16)) not in _RFC3986_UNRESERVED  # step 2
            i += 3
            j += 3
            continue
        if ch.isascii():  # as it was, or decoded from an unreserved one's triplet
            if uri[j] == "%":
                assert ch in _RFC3986_UNRESERVED
                assert uri[j : j + 3].upper() == f"%{ord(ch):02X}"
                j += 3
            else:
                assert uri[j] == ch
                j += 1
            i += 1
            continue
        encoded = "".join(f"%{b:02X}" for b in ch.encode("utf-8"))
        assert uri[j : j + len(encoded)].upper() == encoded
        assert ch not in _BIDI
        assert _in(_UCS_RANGES, ch) or (q0 <= i < q1 and _in(_PRIVATE_RANGES, ch))
        i += 1
        j += len(encoded)
    assert j == len(uri)


@given(iris())
def test_from_uri_of_to_uri_recovers_the_characters(g: IRIParts) -> None:
    uri = iri.to_uri(g.text)
    back = iri.from_uri(uri)
    # Everything the display rules allow comes back as it was (unreserved decoded).
    assert _upper_pct(iri.to_uri(back)) == _unreserved_decoded(uri)


def test_from_uri_never_decodes_meaningful_octets() -> None:
    for uri in ["http://h/%25C3%25A9", "http://h/a%2Fb", "http://h/%3F", "http://[::1]/"]:
        assert iri.from_uri(uri) == uri
    # "%", reserved characters and ASCII that URIs do not allow stay encoded
    for uri in ["http://h/%25", "http://h/%3a%40%21%5B", "http://%20h/%00%7F%22%3C%5C%7B"]:
        assert iri.from_uri(uri) == uri
    # invisible format characters and spaces stay encoded (RFC 3987 section 6.1)
    assert iri.from_uri("http://h/%C2%AD%E3%80%80%E2%80%8B") == "http://h/%C2%AD%E3%80%80%E2%80%8B"
    # iprivate: decoded in the query only
    assert iri.from_uri("http://h/%EE%80%80?%EE%80%80") == "http://h/%EE%80%80?\ue000"
    # overlong and surrogate encodings are not UTF-8
    assert iri.from_uri("http://h/%C0%AF%ED%A0%80") == "http://h/%C0%AF%ED%A0%80"
    with pytest.raises(urikit.URIError):
        iri.from_uri("http://h/a b")


# --- comparison ---------------------------------------------------------------------


@given(iris(), st.sampled_from(iri.LEVELS))
def test_normalize_is_idempotent_and_valid(g: IRIParts, level: str) -> None:
    once = iri.normalize(g.text, level)
    assert iri.is_valid(once)
    assert iri.normalize(once, level) == once
    assert iri.equivalent(g.text, once, level)


@given(iris())
def test_raw_and_encoded_are_syntax_equivalent(g: IRIParts) -> None:
    assert iri.equivalent(g.text, iri.to_uri(g.text), level="syntax")
    assert iri.equivalent(g.text, iri.to_uri(g.text), level="syntax", via_uri=True)


def test_nfc_only_when_asked() -> None:
    decomposed = "http://h/e\u0301"
    assert iri.normalize(decomposed, "syntax") == decomposed
    assert iri.normalize(decomposed, "scheme") == decomposed
    assert iri.normalize(decomposed, "nfc") == "http://h/\u00e9"
    # NFC turning a character into a delimiter does not change the structure.
    assert iri.normalize("http://h/a\u037eb", "nfc") == "http://h/a%3Bb"
    assert iri.normalize("http://h/a\u1fef", "nfc") == "http://h/a%60"
    # a combining mark never joins the hex digits of a percent-encoding
    assert iri.normalize("http://h/%5E\u0301", "nfc") == "http://h/%5E\u0301"
    assert iri.normalize("http://h/%5e\u0301", "nfc") == "http://h/%5E\u0301"


# --- display ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("uri", "text", "kinds"),
    [
        ("http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9", "http://例え.jp/パス", []),
        # a whole-script look-alike (Cyrillic only) needs confusable data: not flagged here
        ("http://xn--80ak6aa92e.com/", "http://\u0430\u0440\u0440\u04cf\u0435.com/", []),
        ("http://xn--pple-43d.com/", "http://\u0430pple.com/", ["mixed-script"]),
        ("http://h/a%EF%BC%8Fb", "http://h/a\uff0fb", ["delimiter-lookalike"]),
        ("http://h/%D7%90b", "http://h/\u05d0b", ["bidi"]),
        # an ideographic full stop separates labels for IDNA: in a host it is a dot
        ("http://a%E3%80%82b.example/", "http://a\u3002b.example/", ["delimiter-lookalike"]),
        ("http://h/a%E3%80%82", "http://h/a\u3002", []),
        ("http://h/%D7%90%D7%91", "http://h/\u05d0\u05d1", []),
        ("http://sony-例え.jp/", "http://sony-例え.jp/", []),  # Latin + Han + kana is ordinary
    ],
)
def test_for_display(uri: str, text: str, kinds: list[str]) -> None:
    shown = iri.for_display(uri)
    assert shown.text == text
    assert [w.kind for w in shown.warnings] == kinds
    assert shown.misleading is bool(kinds)
    assert shown.safe_text == (iri.to_uri(uri) if kinds else text)
    if kinds:
        with pytest.raises(urikit.URIError) as info:
            iri.for_display(uri, strict=True)
        assert info.value.position == shown.warnings[0].position
    else:
        assert iri.for_display(uri, strict=True) == shown


# --- imports ------------------------------------------------------------------------


def test_import_urikit_loads_neither_iri_nor_idna() -> None:
    code = (
        "import sys, urikit\n"
        "assert 'urikit.iri' not in sys.modules and 'idna' not in sys.modules\n"
        "ref = urikit.iri.parse('http://例え.jp/')\n"
        "urikit.iri.to_uri('http://例え.jp/'); urikit.iri.normalize('http://例え.jp/')\n"
        "assert 'idna' not in sys.modules, 'idna without IDNA work'\n"
        "urikit.iri.to_uri('http://例え.jp/', idna=True)\n"
        "assert 'idna' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --- the C fast path ----------------------------------------------------------------


@given(st.one_of(arbitrary_text(), mutated(), iris().map(lambda g: g.text)))
def test_fast_path_agrees_with_the_general_path(text: str) -> None:
    # iri.parse takes the core's parse (C when built) for ASCII text.
    try:
        expected: object = _reference._parse(text, "IRI-reference")
    except urikit.URIError as err:
        expected = ("error", str(err), err.position, err.component, err.reason, err.text)
    try:
        got: object = iri.parse(text)
    except urikit.URIError as err:
        got = ("error", str(err), err.position, err.component, err.reason, err.text)
    assert got == expected
    if isinstance(got, iri.IRIReference):
        assert type(got) is iri.IRIReference
        got._check_invariants()  # its spans are the IRI grammar's
        if text.isascii():
            assert got.to_dict() == urikit.parse(text).to_dict()


@given(_URIS_WITH_UTF8)
def test_display_form_is_an_iri_that_maps_back(uri: str) -> None:
    shown = iri.for_display(uri)
    assert iri.is_valid(shown.text)
    assert shown.safe_text in (shown.text, iri.to_uri(uri))
    try:
        expected = iri.to_uri(uri, idna=True)
    except urikit.URIError:
        return  # a host label IDNA refuses: there is no A-label form to compare
    # A-labels shown as U-labels and encoded characters shown raw map back.
    try:
        back = iri.to_uri(shown.text, idna=True)
    except urikit.URIError as err:
        # a label with raw characters next to octets that are not UTF-8 has no A-label
        assert err.component == "host" and "not UTF-8" in str(err)
        return
    assert urikit.equivalent(back, expected, level="syntax")


# --- the IDNA caches: idna decides each label it has not seen -----------


@pytest.fixture
def idna_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The labels ``idna.encode`` is asked about, from empty caches."""
    import idna

    from urikit.iri import _idna

    calls: list[str] = []
    real = idna.encode

    def spy(label: str, **kwargs: bool) -> bytes:
        calls.append(label)
        return real(label, **kwargs)

    monkeypatch.setattr(idna, "encode", spy)
    _idna._cached_host_ascii.cache_clear()
    _idna._cached_to_a_label.cache_clear()
    yield calls
    _idna._cached_host_ascii.cache_clear()
    _idna._cached_to_a_label.cache_clear()


def test_idna_decides_each_new_label_once(idna_calls: list[str]) -> None:
    assert iri.to_uri("http://bücher.example/", idna=True) == "http://xn--bcher-kva.example/"
    assert idna_calls == ["bücher"]
    # a known host, and a new host of known labels: idna is not asked again
    assert iri.to_uri("https://u@bücher.example:1/x", idna=True) == (
        "https://u@xn--bcher-kva.example:1/x"
    )
    assert iri.to_uri("http://www.bücher.example/", idna=True) == (
        "http://www.xn--bcher-kva.example/"
    )
    assert idna_calls == ["bücher"]
    # a label not seen before is idna's to decide
    assert iri.to_uri("http://büchern.example/", idna=True) == "http://xn--bchern-3ya.example/"
    assert idna_calls == ["bücher", "büchern"]


@pytest.mark.parametrize(
    ("host", "offset", "words"),
    [
        ("a.xn--zz-bad", 2, "not a valid IDNA A-label"),
        ("ü_x.example", 0, "IDNA refuses the label 'ü_x'"),
        ("a.%FF%FE\u00e9", 2, "percent-encoded octets that are not UTF-8"),
    ],
)
def test_a_cached_host_error_names_the_label_where_it_is(
    idna_calls: list[str], host: str, offset: int, words: str
) -> None:
    """The same refused host at three offsets, the later answers from the cache:
    each error names the label at that text's position."""
    from urikit.iri import _idna

    details = set()
    for prefix in ("http://", "https://user@", "//"):
        text = prefix + host + "/p"
        with pytest.raises(urikit.URIError) as info:
            iri.to_uri(text, idna=True)
        err = info.value
        assert (err.component, err.position, err.text) == ("host", len(prefix) + offset, text)
        assert words in str(err)
        details.add(err.detail)
    assert len(details) == 1
    assert _idna._cached_host_ascii.cache_info().hits == 2


def test_idna_caches_are_bounded_and_skip_long_hosts(idna_calls: list[str]) -> None:
    from urikit.iri import _idna

    assert _idna._cached_host_ascii.cache_info().maxsize == 1024
    assert _idna._cached_to_a_label.cache_info().maxsize == 4096
    long_host = ".".join(["bücher"] * 60)  # 419 characters: not kept whole
    assert iri.to_uri(f"http://{long_host}/", idna=True).count("xn--bcher-kva") == 60
    assert _idna._cached_host_ascii.cache_info().currsize == 0
    assert idna_calls == ["bücher"]  # its labels are
