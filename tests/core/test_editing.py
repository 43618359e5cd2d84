"""URIReference's (and IRIReference's) edits: path segments, query parameters, origin.

The query edits leave every byte they are not asked to change as written; the
property tests check that on the URL corpus (``../shared/corpus/urls.txt``, or
``$URIKIT_CORPUS``) and on references generated from the RFC 3986 ABNF.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import Generated, uri_references

import urikit
from urikit import URIError, URIReference, iri, parse

CORPUS = Path(
    os.environ.get(
        "URIKIT_CORPUS",
        Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "urls.txt",
    )
)


def _error(func: Any, *args: Any, **kwargs: Any) -> URIError:
    with pytest.raises(URIError) as info:
        func(*args, **kwargs)
    return info.value


def _checked(ref: URIReference) -> URIReference:
    """``ref`` after checking it holds a valid reference whose spans match its text."""
    ref._check_invariants()
    text = str(ref)
    if isinstance(ref, iri.IRIReference):
        assert iri.is_valid(text), text
    else:
        assert urikit.is_valid(text), text
    return ref


# -- joinpath and "/" ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("base", "segments", "expected"),
    [
        ("http://h/a", ("b",), "http://h/a/b"),
        ("http://h/a/", ("b",), "http://h/a/b"),  # the trailing empty segment is replaced
        ("http://h", ("b",), "http://h/b"),  # an empty path after an authority becomes "/"
        ("http://h/", ("b",), "http://h/b"),
        ("http://h/a?q=1#f", ("b",), "http://h/a/b"),  # a new resource: no query, fragment
        ("http://h/a", ("a b?#%",), "http://h/a/a%20b%3F%23%25"),
        ("http://h/a", ("b/c", "d"), "http://h/a/b/c/d"),  # "/" separates segments
        ("http://h/a", ("b//c",), "http://h/a/b//c"),
        ("http://h/a", ("",), "http://h/a/"),
        ("http://h/a", ("b", ""), "http://h/a/b/"),
        ("http://h/a", ("é:@!$&'()*+,;=~",), "http://h/a/%C3%A9:@!$&'()*+,;=~"),
        ("mailto:", ("a:b@c",), "mailto:a:b@c"),
        ("", ("a:b", "c:d"), "a%3Ab/c:d"),  # a relative first segment holds no ":"
        ("x", ("a:b",), "x/a:b"),
        ("/", ("a:b",), "/a:b"),
        ("?q#f", ("a",), "a"),
    ],
)
def test_joinpath(base: str, segments: tuple[str, ...], expected: str) -> None:
    ref = parse(base)
    out = _checked(ref.joinpath(*segments))
    assert str(out) == expected
    if len(segments) == 1:
        assert ref / segments[0] == out


def test_joinpath_keeps_the_base_as_written() -> None:
    out = parse("HTTP://u@H:80/%7e/a%2fb").joinpath("c")
    assert str(out) == "HTTP://u@H:80/%7e/a%2fb/c"


def test_joinpath_without_segments_is_the_same_reference() -> None:
    ref = parse("http://h/a?q#f")
    assert ref.joinpath() is ref


def test_joinpath_encoded() -> None:
    assert str(parse("http://h/a").joinpath("%7E/b%20c", encoded=True)) == "http://h/a/%7E/b%20c"
    assert str(parse("http://h/a/").joinpath("..", encoded=True)) == "http://h/a/.."
    err = _error(parse("http://h/a").joinpath, "b", "c d", encoded=True)
    assert (err.reason, err.component, err.position, err.text) == ("invalid-char", "path", 1, "c d")
    err = _error(parse("http://h/a").joinpath, "b%2", encoded=True)
    assert (err.reason, err.component, err.position) == ("bad-percent", "path", 3)
    assert str(parse("").joinpath("x/a:b", encoded=True)) == "x/a:b"
    err = _error(parse("").joinpath, "a:b", encoded=True)
    assert (err.reason, err.position) == ("colon-in-first-segment", 1)


@pytest.mark.parametrize(("segment", "position"), [(".", 0), ("..", 0), ("a/../b", 2), ("a/.", 2)])
def test_dot_segments_are_refused_as_data(segment: str, position: int) -> None:
    err = _error(parse("http://h/a/b").joinpath, segment)
    assert (err.reason, err.component, err.position, err.text) == (
        "bad-value",
        "path",
        position,
        segment,
    )
    assert "section 5.2.4" in str(err)
    with pytest.raises(URIError):
        parse("http://h/a/b") / segment


def test_segments_that_are_not_dots_are_not_refused() -> None:
    assert str(parse("http://h/") / "..." / ".a" / "a.") == "http://h/.../.a/a."


def test_joinpath_without_an_authority_never_makes_another_kind_of_path() -> None:
    # "x:" + ["", "a"] would read back as the absolute path "/a"
    err = _error(parse("x:").joinpath, "", "a")
    assert (err.component, err.reason) == ("path", "bad-value")
    err = _error(parse("x:/").joinpath, "", "a")
    assert err.reason == "double-slash-path"
    assert str(parse("x:").joinpath("")) == "x:"


def test_joinpath_types() -> None:
    with pytest.raises(TypeError, match="argument 'segments' must be str, not int"):
        parse("http://h/").joinpath("a", 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        parse("http://h/") / 1  # type: ignore[operator]


# -- parent, name, suffix ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "parent"),
    [
        ("http://h/a/b?q#f", "http://h/a"),
        ("http://h/a/b/", "http://h/a/b"),
        ("http://h/a", "http://h/"),
        ("http://h/", "http://h/"),
        ("http://h/?q#f", "http://h/"),
        ("http://h", "http://h"),
        ("a/b", "a"),
        ("a", ""),
        ("/a", "/"),
        ("mailto:a@b", "mailto:"),
    ],
)
def test_parent(text: str, parent: str) -> None:
    assert str(_checked(parse(text).parent)) == parent


def test_parent_of_a_reference_with_nothing_to_drop_is_itself() -> None:
    ref = parse("http://h/")
    assert ref.parent is ref


@pytest.mark.parametrize(
    ("text", "name", "suffix", "suffixes"),
    [
        ("http://h/a/b.tar.gz?q", "b.tar.gz", ".gz", (".tar", ".gz")),
        ("http://h/a/r%C3%A9sum%C3%A9.pdf", "résumé.pdf", ".pdf", (".pdf",)),
        ("http://h/a/b%2Ec", "b.c", ".c", (".c",)),
        ("http://h/a/.profile", ".profile", "", ()),
        ("http://h/a/b.", "b.", "", ()),
        ("http://h/a/", "", "", ()),
        ("http://h", "", "", ()),
        ("http://h/a%2Fb", "a/b", "", ()),
    ],
)
def test_name_and_suffixes(text: str, name: str, suffix: str, suffixes: tuple[str, ...]) -> None:
    ref = parse(text)
    assert (ref.name, ref.suffix, ref.suffixes) == (name, suffix, suffixes)


def test_with_name() -> None:
    assert str(parse("http://h/a/b.txt?q#f").with_name("c d?.txt")) == "http://h/a/c%20d%3F.txt"
    assert str(parse("http://h/%7e/b").with_name("c")) == "http://h/%7e/c"
    assert str(parse("http://h").with_name("c")) == "http://h/c"
    assert str(parse("http://h/a/").with_name("c")) == "http://h/a/c"
    assert str(parse("a").with_name("b:c")) == "b%3Ac"
    assert str(parse("x/a").with_name("b:c")) == "x/b:c"
    err = _error(parse("http://h/a").with_name, "b/c")
    assert (err.reason, err.component, err.position, err.text) == ("bad-value", "path", 1, "b/c")
    for dots in (".", ".."):
        assert _error(parse("http://h/a").with_name, dots).component == "path"


def test_with_suffix_keeps_the_rest_of_the_segment_as_written() -> None:
    assert (
        str(parse("http://h/%7Ea/b%2Etar.gz?q").with_suffix(".zip")) == "http://h/%7Ea/b%2Etar.zip"
    )
    assert str(parse("http://h/a/b%2etar").with_suffix(".zip")) == "http://h/a/b.zip"
    assert str(parse("http://h/a/b.tar.gz").with_suffix("")) == "http://h/a/b.tar"
    assert str(parse("http://h/a/b").with_suffix(".x y")) == "http://h/a/b.x%20y"
    assert str(parse("http://h/a/.profile").with_suffix(".bak")) == "http://h/a/.profile.bak"
    for bad in ("x", ".", "./x"):
        err = _error(parse("http://h/a.b").with_suffix, bad)
        assert (err.reason, err.component) == ("bad-value", "path")
    err = _error(parse("http://h/a/").with_suffix, ".x")
    assert (err.reason, err.position) == ("bad-value", len("/a/"))


@pytest.mark.parametrize(
    "text",
    [
        "http://h/a/b.tar.gz",
        "http://h/a/b/",
        "http://h/a",
        "http://h/",
        "http://h/a/.profile",
        "http://h/a/b.",
        "http://h/a/b.c?q=1#f",
        "https://h/x/y.z/w.v",
    ],
)
def test_path_reading_means_what_yarl_means(text: str) -> None:
    """name, suffix, parent, with_name mean what they mean in yarl (the bench extra)."""
    yarl_mod = pytest.importorskip("yarl")
    ref, url = parse(text), yarl_mod.URL(text)
    assert (ref.name, ref.suffix, ref.suffixes) == (url.name, url.suffix, url.suffixes)
    assert ref.parent.path == url.parent.path
    assert str(ref / "n") == str(url / "n")
    if ref.name:
        assert str(ref.with_name("n")) == str(url.with_name("n"))
        assert str(ref.with_suffix(".s")) == str(url.with_suffix(".s"))


# -- query edits -------------------------------------------------------------------


def test_update_query_keeps_untouched_parameters_as_written() -> None:
    ref = parse("http://h/p?a=%7e&b=1&c=x+y&d=1;e=%C3%A9&&b=2#frag")
    out = _checked(ref.update_query({"b": "new value"}))
    assert str(out) == "http://h/p?a=%7e&b=new%20value&c=x+y&d=1;e=%C3%A9&#frag"


def test_update_query_replaces_every_value_in_the_first_place() -> None:
    ref = parse("http://h/?a=1&b=2&a=3&c=4#f")
    assert str(ref.update_query({"a": "9"})) == "http://h/?a=9&b=2&c=4#f"
    assert str(ref.update_query([("a", "8"), ("a", "9")])) == "http://h/?a=8&a=9&b=2&c=4#f"
    assert str(ref.update_query({"d": "5", "b": None})) == "http://h/?a=1&b&a=3&c=4&d=5#f"
    assert str(parse("http://h/#f").update_query({"a": "1"})) == "http://h/?a=1#f"
    assert str(parse("http://h/?").update_query({"a": "1"})) == "http://h/?a=1"


def test_update_query_matches_names_decoded() -> None:
    ref = parse("http://h/?%61=1&a%20b=2&x=%7e")
    assert str(ref.update_query({"a": "3", "a b": "4"})) == "http://h/?a=3&a%20b=4&x=%7e"
    # a name whose bytes are not UTF-8 matches no given name and stays as written
    assert str(parse("?%FF=1&a=2").update_query({"a": "3"})) == "?%FF=1&a=3"


def test_query_edits_that_change_nothing_give_the_same_reference() -> None:
    ref = parse("http://h/?a=%7e&b=1#f")
    assert ref.update_query({}) is ref
    assert ref.update_query({"b": "1"}) is ref
    assert ref.extend_query([]) is ref
    assert ref.without_query_params("x") is ref
    assert ref.without_query_params() is ref


@pytest.mark.parametrize(
    ("value", "written", "form_written"),
    [
        ("a b", "a%20b", "a+b"),
        ("a+b", "a%2Bb", "a%2Bb"),
        ("a&b=c#d", "a%26b%3Dc%23d", "a%26b%3Dc%23d"),
        ("é/?:@", "%C3%A9/?:@", "%C3%A9/?:@"),
        ("100%", "100%25", "100%25"),
        ("~-._", "~-._", "~-._"),
    ],
)
def test_new_names_and_values_are_encoded_for_the_query(
    value: str, written: str, form_written: str
) -> None:
    ref = parse("http://h/")
    assert _checked(ref.update_query({value: value})).query == f"{written}={written}"
    form = _checked(ref.update_query({value: value}, form=True))
    assert form.query == f"{form_written}={form_written}"
    assert form.decoded_query_params(plus_as_space=True) == [(value, value)]
    assert _checked(ref.extend_query([("k", value)])).query_params == [("k", value)]


def test_form_reads_plus_as_space_in_the_names_already_there() -> None:
    ref = parse("?a+b=1&c=2")
    assert str(ref.update_query({"a b": "3"}, form=True)) == "?a+b=3&c=2"
    assert str(ref.update_query({"a b": "3"})) == "?a+b=1&c=2&a%20b=3"
    assert str(ref.without_query_params("a b", form=True)) == "?c=2"
    assert ref.query_param("a b", form=True) == "1"
    assert ref.query_param("a b") is None


def test_update_query_other_encoding() -> None:
    assert parse("?").update_query({"q": "é"}, encoding="latin-1").query == "q=%E9"
    err = _error(parse("?").update_query, {"q": "€"}, encoding="latin-1")
    assert (err.reason, err.component) == ("bad-encoding", "query")


def test_extend_query_appends() -> None:
    ref = parse("http://h/p?a=%7e&#f")
    assert str(ref.extend_query([("a", "1"), ("b", None)])) == "http://h/p?a=%7e&&a=1&b#f"
    assert str(parse("http://h/p").extend_query({"a": "1"})) == "http://h/p?a=1"


def test_without_query_params() -> None:
    ref = parse("http://h/p?utm_source=x&id=%7e7&utm_medium=y&utm_source#f")
    assert str(ref.without_query_params("utm_source", "utm_medium")) == "http://h/p?id=%7e7#f"
    assert str(ref.without_query_params("utm_source", "utm_medium", "id")) == "http://h/p#f"
    assert str(parse("http://h/p?a").without_query_params("a")) == "http://h/p"


@pytest.mark.parametrize(
    ("call", "args"),
    [
        ("update_query", ([("a", 1)],)),
        ("update_query", ({"a": 1},)),
        ("update_query", ("a=1",)),
        ("update_query", ({1: "a"},)),
        ("extend_query", ([("a",)],)),
        ("extend_query", (None,)),
        ("without_query_params", (1,)),
        ("query_param", (1,)),
        ("query_values", (None,)),
    ],
)
def test_query_argument_types(call: str, args: tuple[Any, ...]) -> None:
    with pytest.raises(TypeError, match=f"URIReference.{call}"):
        getattr(parse("?a=1"), call)(*args)


def test_query_param_and_values() -> None:
    ref = parse("?page=2&q=a%20b+c&page=3&flag&e=")
    assert ref.query_param("page") == "2"
    assert ref.query_values("page") == ["2", "3"]
    assert ref.query_param("q") == "a b+c"
    assert ref.query_param("q", form=True) == "a b c"
    assert ref.query_param("flag") is None
    assert ref.query_values("flag") == [None]
    assert ref.query_param("e") == ""
    assert ref.query_param("missing") is None
    assert ref.query_param("missing", "1") == "1"
    assert ref.query_values("missing") == []
    assert parse("http://h/").query_values("a") == []
    assert parse("?q=%E9").query_param("q", encoding="latin-1") == "é"


# -- origin ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "origin"),
    [
        ("http://h/p?q#f", "http://h"),
        ("HTTP://User:pw@Example.COM:80/p", "http://example.com"),
        ("https://h:443", "https://h"),
        ("https://h:0443", "https://h"),
        ("https://h:8443/", "https://h:8443"),
        ("https://h:08443/", "https://h:8443"),
        ("http://h:/", "http://h"),
        ("ws://h:80/", "ws://h"),
        ("ftp://h:21/", "ftp://h"),
        ("foo://H:1/", "foo://h:1"),
        ("http://[::A]:8080/", "http://[::a]:8080"),
        ("http://Ex%61mple.com/", "http://example.com"),
        ("http://%c3%A9X.com/", "http://%C3%A9x.com"),
    ],
)
def test_origin(text: str, origin: str) -> None:
    assert str(_checked(parse(text).origin())) == origin


@pytest.mark.parametrize(
    ("text", "component", "position", "words"),
    [
        ("urn:isbn:0451450523", "authority", 4, "without an authority"),
        ("mailto:a@b", "authority", 7, "without an authority"),
        ("/p", "scheme", 0, "relative reference"),
        ("//h/p", "scheme", 0, "relative reference"),
        ("file:///etc", "host", 7, "empty host"),
    ],
)
def test_origin_refused(text: str, component: str, position: int, words: str) -> None:
    err = _error(parse(text).origin)
    assert str(err).startswith("no origin: ")
    assert (err.reason, err.component, err.position, err.text) == (
        "no-origin",
        component,
        position,
        text,
    )
    assert words in str(err)


# -- IRIs keep their characters ------------------------------------------------------


def test_iri_edits_keep_iri_characters() -> None:
    ref = iri.parse("http://例え.jp/パス/?q=値&x=%E5%80%A4#frag")
    results = {
        "join": ref / "名 前",
        "joinpath": ref.joinpath("a/ü", encoded=True),
        "parent": ref.parent,
        "with_name": ref.with_name("新"),
        "with_suffix": iri.parse("http://例え.jp/a.txt").with_suffix(".テキスト"),
        "update": ref.update_query({"q": "新 値"}),
        "extend": ref.extend_query([("k", "\ue000")]),
        "without": ref.without_query_params("x"),
        "origin": iri.parse("HTTP://例え.JP:80/").origin(),
    }
    for out in results.values():
        assert type(out) is iri.IRIReference
        _checked(out)
    assert str(results["join"]) == "http://例え.jp/パス/名%20前"
    assert str(results["joinpath"]) == "http://例え.jp/パス/a/ü"
    assert str(results["with_name"]) == "http://例え.jp/パス/新"
    assert str(results["with_suffix"]) == "http://例え.jp/a.テキスト"
    # "ß".upper() is "SS": the suffix is found in the segment as written
    assert str(iri.parse("http://h/ßß.a%2Egz").with_suffix(".x")) == "http://h/ßß.a.x"
    assert str(results["update"]) == "http://例え.jp/パス/?q=新%20値&x=%E5%80%A4#frag"
    assert str(results["extend"]).endswith("&k=\ue000#frag")  # iprivate: in the query only
    assert str(results["origin"]) == "http://例え.jp"
    assert ref.name == "" and iri.parse("http://h/パス").name == "パス"
    err = _error(ref.joinpath, "\ue000", encoded=True)
    assert (err.component, err.position) == ("path", 0)
    assert str(ref.joinpath("\ue000")) == "http://例え.jp/パス/%EE%80%80"


def test_uri_edits_encode_what_an_iri_keeps() -> None:
    ref = parse("http://h/a")
    assert str(ref / "パス") == "http://h/a/%E3%83%91%E3%82%B9"
    assert str(ref.update_query({"q": "値"})) == "http://h/a?q=%E5%80%A4"
    assert type(ref / "x") is URIReference


def test_a_subclass_keeps_its_type() -> None:
    class Mine(URIReference):
        __slots__ = ()

    ref = Mine("http://h/a?b=1")
    for out in (ref / "c", ref.update_query({"b": "2"}), ref.origin(), ref.parent):
        assert type(out) is Mine
        _checked(out)


# -- properties ----------------------------------------------------------------------


NAMES = st.sampled_from(["a", "b", "page", "utm_source", "q", "x y", "é", "a=b", "&", ""])
VALUES = st.one_of(st.none(), st.text(max_size=6), st.sampled_from(["1", "a b", "%7e", "+"]))
# ("", None) writes an empty parameter, which reads back as none at all
PAIRS = st.lists(st.tuples(NAMES, VALUES).filter(lambda p: p != ("", None)), max_size=4)
SEGMENTS = st.lists(
    st.text(st.characters(exclude_categories=["Cs"]), max_size=6).filter(
        lambda s: "." not in s.split("/") and ".." not in s.split("/")
    ),
    min_size=1,
    max_size=3,
)


def _raw_items(ref: URIReference) -> list[str]:
    return ref.query.split("&") if ref.query else []


def _name(item: str) -> str | None:
    try:
        return urikit.percent_decode(item.partition("=")[0])
    except URIError:
        return None


def check_edits(
    ref: URIReference, pairs: list[tuple[str, str | None]], segments: list[str]
) -> None:
    """Every property of the edits, for one reference and one set of edits."""
    named = {n for n, _ in pairs}
    untouched = [i for i in _raw_items(ref) if _name(i) not in named]
    for out in (ref.update_query(pairs), ref.without_query_params(*named)):
        _checked(out)
        assert [i for i in _raw_items(out) if _name(i) not in named] == untouched
        assert out.fragment == ref.fragment
        assert str(out).startswith(str(ref.with_query(None).with_fragment(None)))
    extended = _checked(ref.extend_query(pairs))
    assert _raw_items(extended)[: len(_raw_items(ref))] == _raw_items(ref)
    updated = ref.update_query(pairs)
    for name in named:
        assert updated.query_values(name) == [v for n, v in pairs if n == name]
    if ref.authority is None and not ref.path:
        return
    joined = _checked(ref.joinpath(*segments))
    expected_parent = ref.joinpath(*segments[:-1]) if len(segments) > 1 else None
    parent = _checked(joined.parent)
    path = joined.path
    assert parent.path == (path[: path.rfind("/")] or path[:1])
    if expected_parent is not None and "/" not in segments[-1]:
        assert parent.path == expected_parent.path
    pieces = _pieces(segments)
    written = joined.path.split("/")[-len(pieces) :]
    assert [urikit.percent_decode(p) for p in written] == pieces


def _pieces(segments: list[str]) -> list[str]:
    return [p for s in segments for p in s.split("/")]


@given(ref=uri_references(), pairs=PAIRS, segments=SEGMENTS)
def test_edits_on_generated_references(
    ref: Generated, pairs: list[tuple[str, str | None]], segments: list[str]
) -> None:
    parsed = parse(ref.text)
    try:
        check_edits(parsed, pairs, segments)
    except URIError as err:
        # joinpath refuses only the paths it cannot write: an empty first segment
        # making an empty path absolute, or "//" starting a path without authority
        assert err.reason in ("bad-value", "double-slash-path") and err.component == "path"
        assert parsed.authority is None


def _corpus_sample(n: int) -> list[str]:
    if not CORPUS.is_file():
        return []
    lines = CORPUS.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    urls = [u for u in lines if u and urikit.is_valid(u)]
    return random.Random(3986).sample(urls, min(n, len(urls)))


CORPUS_SAMPLE = _corpus_sample(2000)


@pytest.mark.skipif(not CORPUS_SAMPLE, reason="../shared/corpus is not available")
@given(index=st.integers(0, max(len(CORPUS_SAMPLE) - 1, 0)), pairs=PAIRS, segments=SEGMENTS)
def test_edits_on_corpus_urls(
    index: int, pairs: list[tuple[str, str | None]], segments: list[str]
) -> None:
    check_edits(parse(CORPUS_SAMPLE[index]), pairs, segments)


@pytest.mark.skipif(not CORPUS.is_file(), reason="../shared/corpus is not available")
def test_every_corpus_url_keeps_its_untouched_parameters() -> None:
    """A cheap edit on all the corpus: drop one parameter, append another."""
    count = with_query = 0
    for line in CORPUS.read_text(encoding="utf-8", errors="surrogateescape").splitlines():
        if not line or not urikit.is_valid(line):
            continue
        ref = parse(line)
        items = _raw_items(ref)
        first = (_name(items[0]) if items else None) or "utm_source"
        out = ref.without_query_params(first).extend_query([("page", "2")])
        assert urikit.is_valid(str(out))
        assert _raw_items(out) == [i for i in items if _name(i) != first] + ["page=2"]
        assert out.fragment == ref.fragment
        count += 1
        with_query += bool(items)
    assert count > 10_000 and with_query > 100


# -- the two builds agree ------------------------------------------------------------


def _edit_outcomes(urikit_mod: Any, texts: list[str]) -> list[tuple[str, str]]:
    """Every edit on every text, as (kind, text or error fields), in one build."""
    edits: list[tuple[str, Any]] = [
        ("/", lambda r: r / "a b:é"),
        ("joinpath", lambda r: r.joinpath("x/y", "%7E", "\ud800")),
        ("encoded", lambda r: r.joinpath("a%2", encoded=True)),
        ("update", lambda r: r.update_query({"page": "2", "q": "a b&é"})),
        ("form", lambda r: r.update_query({"q": "a b+c"}, form=True)),
        ("extend", lambda r: r.extend_query([("k", None), ("\ud800", "x")])),
        ("without", lambda r: r.without_query_params("utm_source", "id")),
        ("with_name", lambda r: r.with_name("n é")),
        ("with_suffix", lambda r: r.with_suffix(".gz")),
        ("parent", lambda r: r.parent),
        ("origin", lambda r: r.origin()),
        ("name", lambda r: (r.name, r.suffix, r.suffixes)),
        ("values", lambda r: r.query_values("id")),
    ]
    out: list[tuple[str, str]] = []
    for text in texts:
        ref = urikit_mod.parse(text)
        for kind, edit in edits:
            try:
                out.append((kind, repr(edit(ref))))
            except (ValueError, TypeError) as err:
                fields = (type(err).__name__, str(err), getattr(err, "position", None))
                out.append((kind, repr(fields)))
    return out


TWIN_TEXTS = [
    "http://u@h:8/a/b.tar.gz?utm_source=x&id=%7e7#f",
    "HTTPS://H:443/%2E/a%2Eb?&id&id=1",
    "mailto:a@b?subject=x",
    "urn:isbn:0451450523",
    "a:b",
    "",
    "?q",
    "//h",
    "file:///etc/",
]


def test_the_c_and_python_builds_agree() -> None:
    from _twins import load

    texts = TWIN_TEXTS + CORPUS_SAMPLE[:300]
    python = load(no_speedups=True)["urikit"]
    fast = load(no_speedups=False)["urikit"]
    assert python.IMPLEMENTATION == "python"
    if fast.IMPLEMENTATION != "c":
        pytest.skip("the C accelerator is not built")
    outcomes = _edit_outcomes(python, texts)
    assert sum("Error" in text for _, text in outcomes) > len(texts)  # the errors too
    assert outcomes == _edit_outcomes(fast, texts)
