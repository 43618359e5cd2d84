"""URIReference's (and IRIReference's) edits: path segments, query parameters, origin.

The query edits leave every byte they are not asked to change as written; the
property tests check that on the URL corpus (``../shared/corpus/urls.txt``, or
``$URIKIT_CORPUS``) and on references generated from the RFC 3986 ABNF.
"""

from __future__ import annotations

import decimal
import enum
import fractions
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
    assert (err.reason, err.position, err.text) == ("bad-value", len("http://h/a/"), "http://h/a/")


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


# -- dot segments: the path as RFC 3986 section 5.2.4 leaves it ----------------------

#: text, parent, name, suffix, with_name("c"), with_suffix(".csv") (None: URIError), / "x"
DOTTED: list[tuple[str, str | None, str, str, str, str | None, str]] = [
    # the three of the report: yarl gives http://h/, an error and http://h/a/c
    ("http://h/a/..", "http://h/", "", "", "http://h/c", None, "http://h/x"),
    ("http://h/a/b/..", "http://h/a", "", "", "http://h/a/c", None, "http://h/a/x"),
    ("http://h/a/.", "http://h/a", "", "", "http://h/a/c", None, "http://h/a/x"),
    ("http://h/a/b/../", "http://h/a", "", "", "http://h/a/c", None, "http://h/a/x"),
    ("http://h/..", "http://h/", "", "", "http://h/c", None, "http://h/x"),
    (
        "http://h/a/./b.txt?q#f",
        "http://h/a",
        "b.txt",
        ".txt",
        "http://h/a/c",
        "http://h/a/b.csv",
        "http://h/a/b.txt/x",
    ),
    (
        "http://h/a/../b.txt",
        "http://h/",
        "b.txt",
        ".txt",
        "http://h/c",
        "http://h/b.csv",
        "http://h/b.txt/x",
    ),
    # "%2E" is ".": the same character (section 2.3)
    ("http://h/a/%2E%2E", "http://h/", "", "", "http://h/c", None, "http://h/x"),
    ("http://h/a/.%2e/", "http://h/", "", "", "http://h/c", None, "http://h/x"),
    (
        "http://h/a/%2e/b",
        "http://h/a",
        "b",
        "",
        "http://h/a/c",
        "http://h/a/b.csv",
        "http://h/a/b/x",
    ),
    # kept as written around them: the other segments' bytes, "..." and ".x"
    (
        "http://h/%7e/x/../.a/...",
        "http://h/%7e/.a",
        "...",
        "",
        "http://h/%7e/.a/c",
        "http://h/%7e/.a/....csv",
        "http://h/%7e/.a/.../x",
    ),
    # a URI without authority: section 5.2.2 reads its path too
    ("foo:/a/b/..", "foo:/a", "", "", "foo:/a/c", None, "foo:/a/x"),
    ("foo:a/../b", "foo:/", "b", "", "foo:/c", "foo:/b.csv", "foo:/b/x"),
    ("foo:/a/..//b", "foo:/./", "b", "", "foo:/.//c", "foo:/.//b.csv", "foo:/.//b/x"),
    # a relative path: its leading ".." climb from the base and stay
    ("../a", "..", "a", "", "../c", "../a.csv", "../a/x"),
    ("%2E%2E/a/b/..", "../a", "", "", "../a/c", None, "../a/x"),
    ("a/..", None, "", "", "./c", None, "./x"),
    ("..", None, "", "", "../c", None, "../x"),
    ("./a:b", ".", "a:b", "", "./c", "./a:b.csv", "./a:b/x"),
    ("x/../a:b", ".", "a:b", "", "./c", "./a:b.csv", "./a:b/x"),
    ("/a/b/..", "/a", "", "", "/a/c", None, "/a/x"),
]


def _outcome(edit: Any) -> str | None:
    try:
        return str(_checked(edit()))
    except URIError as err:
        assert err.component == "path", err
        return None


@pytest.mark.parametrize(
    ("text", "parent", "name", "suffix", "renamed", "resuffixed", "joined"), DOTTED
)
def test_edits_read_the_path_without_its_dot_segments(
    text: str,
    parent: str | None,
    name: str,
    suffix: str,
    renamed: str,
    resuffixed: str | None,
    joined: str,
) -> None:
    for ref in (parse(text), iri.parse(text)):
        assert _outcome(lambda r=ref: r.parent) == parent
        assert (ref.name, ref.suffix) == (name, suffix)
        assert ref.name not in (".", "..")
        assert _outcome(lambda r=ref: r.with_name("c")) == renamed
        assert _outcome(lambda r=ref: r.with_suffix(".csv")) == resuffixed
        assert _outcome(lambda r=ref: r / "x") == joined
        assert _outcome(lambda r=ref: r.joinpath("x")) == joined


def test_a_path_ending_in_a_dot_segment_has_no_name_to_give_a_suffix() -> None:
    err = _error(parse("http://h/a/..?q").with_suffix, ".csv")
    assert (err.reason, err.component, err.position, err.text) == (
        "bad-value",
        "path",
        len("http://h/a/"),
        "http://h/a/..?q",
    )
    assert "section 5.2.4" in str(err)


def test_the_parent_of_a_relative_directory_is_the_bases_to_tell() -> None:
    for text, position in (("a/..", 2), ("..", 0), ("x/%2E%2E?q", 2), ("./", 0), ("../b/../", 5)):
        err = _error(lambda t=text: parse(t).parent)
        assert (err.reason, err.component, err.position, err.text) == (
            "bad-value",
            "path",
            position,
            text,
        )
        assert "resolve() the reference first" in str(err)


DOT_WORDS = st.sampled_from(["a", "b.c", ".", "..", "%2E", "%2e%2E", ".%2E", "", ".x", "..."])


@given(words=st.lists(DOT_WORDS, min_size=1, max_size=6))
def test_dotted_http_paths_read_as_yarl_reads_them(words: list[str]) -> None:
    """yarl removes dot segments when it parses a URL: each edit gives what yarl's
    gives (compared after RFC 3986 normalization, which makes yarl's re-encoding
    and urikit's bytes as written alike)."""
    yarl_mod = pytest.importorskip("yarl")
    text = "http://h/" + "/".join(words)
    ref, url = parse(text), yarl_mod.URL(text)

    def same(ours: Any, theirs: Any) -> None:
        try:
            mine: str | None = urikit.normalize(str(ours()))
        except URIError:
            mine = None
        try:
            their: str | None = urikit.normalize(str(theirs()))
        except ValueError:
            their = None
        assert mine == their, (text, mine, their)

    assert (ref.name, ref.suffix, ref.suffixes) == (url.name, url.suffix, url.suffixes)
    assert ref.parent.path == url.parent.path
    same(lambda: ref.with_name("n"), lambda: url.with_name("n"))
    same(lambda: ref.with_suffix(".s"), lambda: url.with_suffix(".s"))
    same(lambda: ref / "n", lambda: url / "n")


BASES = ["http://h/x/y/z", "http://h/z", "http://h/"]


@given(words=st.lists(DOT_WORDS, min_size=1, max_size=6), base=st.sampled_from(BASES))
def test_a_relative_paths_edits_mean_the_same_after_any_base(words: list[str], base: str) -> None:
    """The dot segments of a relative path are read as resolution (section 5.2)
    would read them against any base: an edit and then resolution give what
    resolution and then the edit give."""
    text = "/".join(words)
    if not text or text.startswith("/") or not urikit.is_valid(text):
        return  # (the empty reference is the base document itself, not a path in it)
    # resolution reads "%2E" as data (section 5.2.4 works on the text), the edits
    # as the "." it is equivalent to (section 2.3), as normalize() does
    plain = text.replace("%2E", ".").replace("%2e", ".")
    ref, target = parse(text), parse(urikit.resolve(base, plain))

    def same(edit: Any) -> None:
        try:
            before: str | None = urikit.normalize(urikit.resolve(base, str(edit(ref))))
        except URIError:
            before = None
        try:
            after: str | None = urikit.normalize(str(edit(target)))
        except URIError:
            after = None
        assert before == after, (text, base, before, after)

    assert ref.name == target.name
    same(lambda r: r.with_name("n"))
    same(lambda r: r.with_suffix(".s"))
    same(lambda r: r / "n")
    same(lambda r: r.joinpath("n", "m"))


def test_a_segment_starting_with_a_slash_is_refused_as_yarl_refuses_it() -> None:
    base = parse("http://h/a/")
    for edit in (
        lambda: base / "/abs",
        lambda: base / "/",
        lambda: base.joinpath("b", "/c"),
        lambda: base.joinpath("/c", encoded=True),
    ):
        err = _error(edit)
        assert (err.reason, err.component, err.position) == ("bad-value", "path", 0)
        assert "with_path()" in str(err)
    assert str(base.with_path("/abs")) == "http://h/abs"  # the replacement, by its name
    yarl_mod = pytest.importorskip("yarl")
    url = yarl_mod.URL("http://h/a/")
    with pytest.raises(ValueError, match="starting from slash is forbidden"):
        url / "/abs"
    with pytest.raises(ValueError, match="starting from slash is forbidden"):
        url.joinpath("b", "/c")


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
        ("update_query", ([("a", b"1")],)),
        ("update_query", ({"a": True},)),
        ("update_query", ((), {"a": 1})),  # two positional arguments
        ("extend_query", ([("a", 1.5j)],)),
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


# -- numbers and keyword arguments, as yarl takes them ---------------------------------

#: Each edit with numbers or keyword arguments that urikit writes as yarl does.
AS_YARL: list[tuple[str, Any]] = [
    ("update page=2", lambda u: u.update_query(page=2)),
    ("update a=3", lambda u: u.update_query(a=3)),
    ("update float", lambda u: u.update_query(page=2.5, x=-0.0, y=1.0)),
    ("update big float", lambda u: u.update_query(page=1e20)),
    ("update big int", lambda u: u.update_query(page=10**30)),
    ("update mapping", lambda u: u.update_query({"a": 3, "c": 4.5})),
    ("update list", lambda u: u.update_query({"a": [1, 2]})),
    ("update lists", lambda u: u.update_query({"b": [7, 8], "a": 9})),
    ("update tuple", lambda u: u.update_query(a=(1, "x"))),
    ("update empty list", lambda u: u.update_query(a=[])),
    ("update pairs", lambda u: u.update_query([("page", 1), ("q", "x")])),
    ("extend", lambda u: u.extend_query(page=2, a=[5, 6])),
    ("extend mapping", lambda u: u.extend_query({"a": 7})),
    ("extend pairs", lambda u: u.extend_query([("a", 1), ("a", 2.5)])),
]


@pytest.mark.parametrize("edit", [pytest.param(e, id=n) for n, e in AS_YARL])
def test_numbers_and_keywords_as_yarl_writes_them(edit: Any) -> None:
    yarl_mod = pytest.importorskip("yarl")
    text = "http://h/p?a=1&b=2"
    ours = edit(parse(text))
    assert str(ours) == str(edit(yarl_mod.URL(text)))
    assert str(edit(iri.parse(text))) == str(ours)


def test_int_enum_and_subclasses_are_written_as_numbers() -> None:
    class Page(enum.IntEnum):
        TWO = 2

    class Ratio(float):
        def __repr__(self) -> str:
            return "not a number's text"

    ref = parse("http://h/")
    assert str(ref.update_query(page=Page.TWO, r=Ratio(0.5))) == "http://h/?page=2&r=0.5"


@pytest.mark.parametrize(
    ("value", "error", "message"),
    [
        (True, TypeError, "argument 'page' must be str, int, float or None, not bool"),
        (b"2", TypeError, "argument 'page' must be str, int, float, None or a list or tuple"),
        (float("inf"), ValueError, "argument 'page': inf is not a finite number"),
        (float("nan"), ValueError, "argument 'page': nan is not a finite number"),
        # yarl writes int(value): "1" for Decimal("1.5"), losing digits
        (decimal.Decimal("1.5"), TypeError, "not Decimal"),
        (fractions.Fraction(1, 2), TypeError, "not Fraction"),
        ([[1]], TypeError, "argument 'page' must be str, int, float or None, not list"),
    ],
)
def test_values_that_are_not_written(value: object, error: type[Exception], message: str) -> None:
    for ref in (parse("http://h/?a=1"), iri.parse("http://h/?a=1")):
        for method in ("update_query", "extend_query", "with_query_params"):
            with pytest.raises(error) as info:
                getattr(ref, method)(page=value)
            assert str(info.value).startswith(f"{type(ref).__name__}.{method}() "), info.value
            assert message in str(info.value)


def test_params_and_keywords_together() -> None:
    ref = parse("http://h/?a=1&form=x")
    # a parameter called "form" or "encoding" goes in params
    assert str(ref.update_query({"form": "y"}, a=2)) == "http://h/?a=2&form=y"
    assert str(ref.extend_query([("encoding", "z")], b=3)) == "http://h/?a=1&form=x&encoding=z&b=3"
    assert str(ref.update_query(params="p")) == "http://h/?a=1&form=x&params=p"
    assert ref.update_query() is ref and ref.extend_query() is ref


def test_where_urikit_differs_from_yarl_in_values() -> None:
    """The differences docs/core.md lists: None writes the name alone (yarl refuses
    it), params and keywords together (yarl refuses), a query string is not taken
    as params (yarl parses it)."""
    yarl_mod = pytest.importorskip("yarl")
    url, ref = yarl_mod.URL("http://h/?a=1"), parse("http://h/?a=1")
    assert str(ref.update_query(a=None)) == "http://h/?a"
    with pytest.raises(TypeError):
        url.update_query(a=None)
    assert str(ref.update_query({"a": 2}, b=3)) == "http://h/?a=2&b=3"
    with pytest.raises(ValueError):
        url.update_query({"a": 2}, b=3)
    assert str(url.update_query("b=2")) == "http://h/?a=1&b=2"
    with pytest.raises(TypeError, match="must be a mapping or an iterable of"):
        ref.update_query("b=2")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "args", "kwargs"),
    [
        ("update_query", ({}, {}), {}),
        ("extend_query", ({}, {}), {}),
        ("with_query_params", ({}, {}), {}),
        ("without_query_params", (), {"nme": "x"}),
        ("query_param", (), {}),
        ("with_name", (), {}),
        ("with_suffix", ("a", "b"), {}),
        ("joinpath", ("a",), {"encode": True}),
    ],
)
def test_argument_errors_name_the_public_method(
    call: str, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    """Python's own argument errors too, naming the class called as urikit's
    own checks do: the methods are written in a private class
    (urikit.core._building), whose name never shows, and an IRIReference's are
    URIReference's, whose name does not show on an IRIReference either."""
    for ref in (parse("http://h/?a=1"), iri.parse("http://h/?a=1")):
        cls = type(ref).__name__
        with pytest.raises(TypeError) as info:
            getattr(ref, call)(*args, **kwargs)
        assert str(info.value).startswith(f"{cls}.{call}()"), info.value
        assert getattr(type(ref), call).__qualname__ == f"{cls}.{call}"
        with pytest.raises(TypeError) as own:  # urikit's own check of an argument
            getattr(ref, call)(b"x")
        assert str(own.value).startswith(f"{cls}.{call}() argument"), own.value


# -- one encoder for every query a URIReference or IRIReference builds --------------

#: RFC 3987 section 2.2: ucschar and iprivate, and section 4.1's bidi formatting
#: characters, which an IRI may not hold.
UCSCHAR = [
    (0xA0, 0xD7FF),
    (0xF900, 0xFDCF),
    (0xFDF0, 0xFFEF),
    *((0x10000 * k, 0x10000 * k + 0xFFFD) for k in range(1, 14)),
    (0xE1000, 0xEFFFD),
]
IPRIVATE = [(0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)]
BIDI = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e")


def _in(ranges: list[tuple[int, int]], ch: str) -> bool:
    return any(a <= ord(ch) <= b for a, b in ranges)


QUERY_TEXT = st.lists(
    st.one_of(
        st.characters(exclude_categories=["Cs"]),
        st.sampled_from(["é", "値", "\ue000", "\U000f0000", "\u202e", "&", "=", "+", "#", " "]),
        st.sampled_from(["%", "/", "?", "~", "%41", "\x00", "\ufffe"]),
    ),
    max_size=5,
).map("".join)
QUERY_PAIRS = st.lists(
    st.tuples(QUERY_TEXT, st.one_of(st.none(), QUERY_TEXT, st.integers(), st.floats(-1e9, 1e9))),
    max_size=4,
)


@given(pairs=QUERY_PAIRS)
def test_every_query_builder_writes_with_the_class_codec(
    build: Any, pairs: list[tuple[str, str | int | float | None]]
) -> None:
    """with_query_params, extend_query and update_query (and the builders' query)
    write the same text for the same pairs, in each class and each build: an IRI
    keeps ucschar (iprivate too: the query allows it) as written, a URI
    percent-encodes; each value reads back."""
    pairs = [p for p in pairs if p != ("", None)]  # an empty item reads back as none
    for cls in (build["urikit"].URIReference, build["urikit.iri"].IRIReference):
        ref = cls("http://h/p")
        built = ref.with_query_params(pairs)
        assert ref.extend_query(pairs).query == (built.query or None)
        names = [n for n, _ in pairs]
        if len(set(names)) == len(names):
            assert ref.update_query(pairs).query == (built.query or None)
        query = built.query or ""
        for name, value in pairs:
            expected = value if value is None or isinstance(value, str) else str(value)
            assert expected in built.query_values(name)
            for ch in name + (expected or ""):
                keep = ch not in BIDI and (_in(UCSCHAR, ch) or _in(IPRIVATE, ch))
                if cls.__name__ == "IRIReference" and keep:
                    assert ch in query
                elif not ch.isascii():
                    assert ch not in query
        if cls.__name__ == "URIReference":
            assert query.isascii()
        for name, _value in pairs:  # one parameter written by build() reads the same
            if not (set(name) & set("&=+#")):
                assert cls.build(scheme="http", host="h", path="/p", query=name).query == (
                    ref.with_query_params([(name, None)]).query
                )


def test_an_iri_keeps_its_characters_whichever_method_builds_the_query() -> None:
    ref = iri.parse("http://h/")
    written = {
        str(ref.with_query_params({"k": "é"})),
        str(ref.update_query({"k": "é"})),
        str(ref.extend_query({"k": "é"})),
        str(iri.IRIReference.build(scheme="http", host="h", path="/", query="k=é")),
    }
    assert written == {"http://h/?k=é"}
    assert str(parse("http://h/").with_query_params({"k": "é"})) == "http://h/?k=%C3%A9"


# -- encodings that do not write ASCII as ASCII --------------------------------------

QUERY_METHODS: list[tuple[str, Any]] = [
    ("update_query", lambda r, e: r.update_query({"k": "é"}, encoding=e)),
    ("extend_query", lambda r, e: r.extend_query({"k": "é"}, encoding=e)),
    ("with_query_params", lambda r, e: r.with_query_params({"k": "é"}, encoding=e)),
    ("with_query_params", lambda r, e: r.with_query_params(None, encoding=e)),
    ("without_query_params", lambda r, e: r.without_query_params("k", encoding=e)),
    ("query_values", lambda r, e: r.query_values("k", encoding=e)),
    ("query_param", lambda r, e: r.query_param("k", encoding=e)),
    ("build", lambda r, e: type(r).build(scheme="http", host="h", query="k=é", encoding=e)),
]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "UTF-32", "utf-7", "cp037"])
@pytest.mark.parametrize("method", [pytest.param(m, id=n) for n, m in QUERY_METHODS])
def test_an_encoding_that_is_not_ascii_compatible_is_refused(encoding: str, method: Any) -> None:
    for ref in (parse("http://h/?k=1"), iri.parse("http://h/?k=1")):
        with pytest.raises(ValueError) as info:
            method(ref, encoding)
        message = str(info.value)
        name = next(n for n, m in QUERY_METHODS if m is method)
        assert message.startswith(
            f"{type(ref).__name__}.{name}() argument 'encoding': {encoding!r} is not"
            " ASCII-compatible"
        ), message


@pytest.mark.parametrize("encoding", ["latin-1", "cp1252", "shift_jis", "euc-kr", "UTF-8"])
def test_an_ascii_compatible_encoding_reads_back(encoding: str) -> None:
    value = "é" if encoding in ("latin-1", "cp1252", "UTF-8") else "ア"
    ref = parse("http://h/?x=1").update_query({"k": value}, encoding=encoding)
    assert ref.query_values("k", encoding=encoding) == [value]
    assert str(ref.without_query_params("k", encoding=encoding)) == "http://h/?x=1"


def test_an_unknown_encoding_names_the_method() -> None:
    for encoding in ("no-such-codec", "rot13"):
        with pytest.raises(LookupError, match=r"^URIReference.update_query\(\) argument"):
            parse("http://h/").update_query({"k": "v"}, encoding=encoding)


# -- errors of the decoded accessors point into the reference ------------------------

#: (accessor, text with one "%FF" where the error is, the component named).
DECODED: list[tuple[str, Any, str, str]] = [
    ("query_param", lambda r: r.query_param("q"), "http://h/p?a=1&q=x%FF", "query"),
    ("query_values", lambda r: r.query_values("q"), "http://h/p?q=1&q=%FF#f", "query"),
    ("query_param form", lambda r: r.query_param("q", form=True), "http://h/?q=a+b%FF", "query"),
    ("query_params value", lambda r: r.query_params, "http://h/?a=1&b=c%FF", "query"),
    ("query_params name", lambda r: r.query_params, "http://h/?a=1&b%FF=c", "query"),
    ("plus_as_space", lambda r: r.decoded_query_params(plus_as_space=True), "?a+=%FF", "query"),
    ("decoded_query", lambda r: r.decoded_query(), "http://h/?a=%FF", "query"),
    ("decoded_path", lambda r: r.decoded_path(), "http://h/a/b%FF?q=%FF", "path"),
    ("path_segments", lambda r: r.path_segments, "http://h/a/b/%FF", "path"),
    ("decoded_path_segments", lambda r: r.decoded_path_segments(), "a/%FF/c", "path"),
    ("decoded_fragment", lambda r: r.decoded_fragment(), "http://h/%20#x%FF", "fragment"),
    ("decoded_userinfo", lambda r: r.decoded_userinfo(), "http://u%FF@h/", "userinfo"),
    ("decoded_host", lambda r: r.decoded_host(), "http://h%FF/", "host"),
    ("name", lambda r: r.name, "http://h/a/%FF", "path"),
    ("suffix", lambda r: r.suffix, "http://h/a/b.%FF", "path"),
    ("with_suffix", lambda r: r.with_suffix(".x"), "http://h/a/%FF.y", "path"),
]


@pytest.mark.parametrize(
    ("accessor", "text", "component"), [pytest.param(a, t, c, id=n) for n, a, t, c in DECODED]
)
def test_a_decoding_error_gives_the_position_in_the_reference(
    build: Any, accessor: Any, text: str, component: str
) -> None:
    for cls in (build["urikit"].URIReference, build["urikit.iri"].IRIReference):
        with pytest.raises(build["urikit"].URIError) as info:
            accessor(cls(text))
        err = info.value
        position = text.index("%FF")
        assert (err.reason, err.component, err.position, err.text) == (
            "bad-decoding",
            component,
            position,
            text,
        )
        assert f"at position {position}" in str(err)


# -- the differences docs/core.md lists, against the installed peers ----------------


def _text_or_error(edit: Any) -> str:
    try:
        return str(edit())
    except (ValueError, TypeError) as err:
        return type(err).__name__


def test_docs_differences_yarl() -> None:
    yarl = pytest.importorskip("yarl")
    url = yarl.URL
    assert str(url("http://h/a/b/..").parent) == "http://h/a"
    assert str(url("http://h/a/b/..").with_name("c")) == "http://h/a/c"
    assert url("a/..").name == ".."
    assert str(url("http://h/a/") / "..") == "http://h/"
    assert _text_or_error(lambda: url("http://h/a/") / "/abs") == "ValueError"
    assert str(url("http://h/a/") / "x/y") == "http://h/a/x/y"
    assert _text_or_error(lambda: url("http://h/").update_query(a=None)) == "TypeError"
    assert str(url("http://h/").update_query(a=decimal.Decimal("1.5"))) == "http://h/?a=1"
    assert _text_or_error(lambda: url("http://h/").update_query({"a": 1}, b=2)) == "ValueError"
    assert str(url("http://h/").update_query("a=1&b=2")) == "http://h/?a=1&b=2"
    assert str(url("http://h/").update_query(a="x y")) == "http://h/?a=x+y"
    assert str(url("http://h/?a=%7e&b=1").update_query(b=2)) == "http://h/?a=~&b=2"
    assert str(url("http://h/").update_query(k="é")) == "http://h/?k=%C3%A9"
    pairs = [("a", 5), ("b", 6), ("a", 7)]
    assert str(url("http://h/?a=1&b=2").update_query(pairs)) == "http://h/?a=5&b=6&a=7"
    assert str(url("http://h?a=1").update_query(b=2)) == "http://h/?a=1&b=2"


def test_docs_differences_hyperlink() -> None:
    hyperlink = pytest.importorskip("hyperlink")
    url, decoded = hyperlink.URL.from_text, hyperlink.DecodedURL.from_text
    assert url("http://h/a/b/..").sibling("c").to_text() == "http://h/a/b/c"
    assert url("http://h/a/b/..").path[-1] == ".."
    assert url("http://h/a/").child("..").to_text() == "http://h/a/.."
    assert url("http://h/a/").child("/abs").to_text() == "http://h/a/%2Fabs"
    assert url("http://h/a/").child("x/y").to_text() == "http://h/a/x%2Fy"
    for make in (url, decoded):
        assert _text_or_error(lambda m=make: m("http://h/").set("a", 2)) == "TypeError"
        assert make("http://h/").set("a", None).to_text() == "http://h/?a"
    assert decoded("http://h/").set("a", "x y").to_text() == "http://h/?a=x%20y"
    assert decoded("http://h/?a=%7e&b=1").set("b", "2").to_text() == "http://h/?a=~&b=2"
    assert url("http://h/?a=%7e&b=1").set("b", "2").to_text() == "http://h/?a=%7e&b=2"
    assert url("http://h/").set("k", "é").to_text() == "http://h/?k=é"
    assert decoded("http://h/").set("k", "é").to_text() == "http://h/?k=%C3%A9"


def test_docs_differences_furl() -> None:
    furl = pytest.importorskip("furl").furl
    assert str(furl("http://h/a/b/..") / "x") == "http://h/a/b/../x"
    assert str(furl("http://h/a/b/..").path.normalize()) == "/a"
    assert str(furl("http://h/a/") / "..") == "http://h/a/.."
    assert str(furl("http://h/a/") / "/abs") == "http://h/a//abs"
    assert str(furl("http://h/a/") / "x/y") == "http://h/a/x/y"
    f = furl("http://h/?a=%7e&b=1")
    f.args["b"] = True
    assert f.url == "http://h/?a=~&b=True"
    assert furl("http://h/").set(args={"a": "x y"}).url == "http://h/?a=x+y"
    assert furl("http://h/").set(args={"k": "é"}).url == "http://h/?k=%C3%A9"


def test_docs_differences_urikit() -> None:
    """urikit's column of the table."""
    ref = parse("http://h/a/b/..")
    assert (str(ref.parent), str(ref.with_name("c"))) == ("http://h/a", "http://h/a/c")
    assert parse("a/..").name == ""
    base = parse("http://h/a/")
    for bad in ("..", ".", "/abs"):
        assert _text_or_error(lambda b=bad: base / b) == "URIError"
    assert str(base.joinpath("..", encoded=True)) == "http://h/a/.."
    assert str(base / "x/y") == "http://h/a/x/y"
    h = parse("http://h/")
    assert str(h.update_query(a=None, b=[1, 2.5])) == "http://h/?a&b=1&b=2.5"
    decimal_value: Any = decimal.Decimal("1.5")
    assert _text_or_error(lambda: h.update_query(a=decimal_value)) == "TypeError"
    assert str(h.update_query({"a": 1}, b=2)) == "http://h/?a=1&b=2"
    assert _text_or_error(lambda: h.update_query("a=1&b=2")) == "TypeError"  # type: ignore[arg-type]
    assert str(h.update_query(a="x y")) == "http://h/?a=x%20y"
    assert str(h.update_query(a="x y", form=True)) == "http://h/?a=x+y"
    assert str(parse("http://h/?a=%7e&b=1").update_query(b=2)) == "http://h/?a=%7e&b=2"
    assert str(iri.parse("http://h/").update_query(k="é")) == "http://h/?k=é"
    pairs = [("a", 5), ("b", 6), ("a", 7)]
    assert str(parse("http://h/?a=1&b=2").update_query(pairs)) == "http://h/?a=5&a=7&b=6"
    assert str(parse("http://h?a=1").update_query(b=2)) == "http://h?a=1&b=2"


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
        lambda s: "." not in s.split("/") and ".." not in s.split("/") and not s.startswith("/")
    ),
    min_size=1,
    max_size=3,
)


def _is_dot(segment: str) -> bool:
    """A dot segment, its "%2E" read as "." (RFC 3986 section 2.3)."""
    return segment.replace("%2E", ".").replace("%2e", ".") in (".", "..")


def _same_place(a: URIReference, b: URIReference) -> bool:
    """``a`` and ``b`` name the same resource against any base (their paths equal
    once a relative one's "./" is read, RFC 3986 section 5.2)."""
    if a.path == b.path:
        return True
    base = "http://base/x/y/z"
    return urikit.normalize(urikit.resolve(base, str(a))) == urikit.normalize(
        urikit.resolve(base, str(b))
    )


def pieces_last(segments: list[str]) -> str:
    """The name of a path that ``segments`` were appended to: the last piece."""
    return segments[-1].split("/")[-1]


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
    if not any(_is_dot(s) for s in path.split("/")):
        assert parent.path == (path[: path.rfind("/")] or path[:1] if "/" in path else "")
    assert joined.name == pieces_last(segments)
    if expected_parent is not None and "/" not in segments[-1]:
        assert _same_place(parent, expected_parent)
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
