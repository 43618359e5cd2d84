"""urikit.markdown: urikit as markdown-it-py's linkifier.

The vectors are markdown-it-py's own linkify cases (its repository,
tests/test_port/fixtures/linkify.md: title, input, the HTML expected with
linkify-it-py). Where urikit finds other links, :data:`DIFFERENCES` gives what
it renders and why; docs/extract.md lists the same differences.
"""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from urikit.markdown import Linkifier, Match, linkify_it, markdown_it
from urikit.text._linkifier import link_span

markdown_it_py = pytest.importorskip("markdown_it")

#: (title, markdown input, the HTML markdown-it-py expects with linkify-it-py)
VECTORS: list[tuple[str, str, str]] = [
    (
        "linkify",
        "url http://www.youtube.com/watch?v=5Jt5GEr4AYg.\n",
        (
            '<p>url <a href="http://www.youtube.com/watch?v=5Jt5GEr4AYg">http://www.youtube'
            ".com/watch?v=5Jt5GEr4AYg</a>.</p>\n"
        ),
    ),
    (
        "don't touch text in links",
        "[https://example.com](https://example.com)\n",
        '<p><a href="https://example.com">https://example.com</a></p>\n',
    ),
    (
        "don't touch text in autolinks",
        "<https://example.com>\n",
        '<p><a href="https://example.com">https://example.com</a></p>\n',
    ),
    (
        "don't touch text in html <a> tags",
        '<a href="https://example.com">https://example.com</a>\n',
        '<p><a href="https://example.com">https://example.com</a></p>\n',
    ),
    (
        "entities inside raw links",
        "https://example.com/foo&amp;bar\n",
        (
            '<p><a href="https://example.com/foo&amp;amp;bar">https://example.com/foo&amp;a'
            "mp;bar</a></p>\n"
        ),
    ),
    (
        "emphasis inside raw links (asterisk)",
        "https://example.com/foo*bar*baz\n",
        '<p><a href="https://example.com/foo*bar*baz">https://example.com/foo*bar*baz</a></p>\n',
    ),
    (
        "emphasis inside raw links (underscore)",
        "http://example.org/foo._bar_-_baz\n",
        (
            '<p><a href="http://example.org/foo._bar_-_baz">http://example.org/foo._bar_-_b'
            "az</a></p>\n"
        ),
    ),
    (
        "backticks inside raw links",
        "https://example.com/foo`bar`baz\n",
        (
            '<p><a href="https://example.com/foo%60bar%60baz">https://example.com/foo`bar`b'
            "az</a></p>\n"
        ),
    ),
    (
        "links inside raw links",
        "https://example.com/foo[123](456)bar\n",
        (
            '<p><a href="https://example.com/foo%5B123%5D(456)bar">https://example.com/foo['
            "123](456)bar</a></p>\n"
        ),
    ),
    (
        "escapes not allowed at the start",
        "\\https://example.com\n",
        "<p>\\https://example.com</p>\n",
    ),
    (
        "escapes not allowed at comma",
        "https\\://example.com\n",
        "<p>https://example.com</p>\n",
    ),
    (
        "escapes not allowed at slashes",
        "https:\\//aa.org https://bb.org\n",
        '<p>https://aa.org <a href="https://bb.org">https://bb.org</a></p>\n',
    ),
    (
        "fuzzy link shouldn't match cc.org",
        "https:/\\/cc.org\n",
        "<p>https://cc.org</p>\n",
    ),
    (
        "bold links",
        "**http://example.com/foobar**\n",
        (
            '<p><strong><a href="http://example.com/foobar">http://example.com/foobar</a></'
            "strong></p>\n"
        ),
    ),
    (
        "match links without protocol",
        "www.example.org\n",
        '<p><a href="http://www.example.org">www.example.org</a></p>\n',
    ),
    (
        "coverage, prefix not valid",
        "http:/example.com/\n",
        "<p>http:/example.com/</p>\n",
    ),
    (
        "coverage, negative link level",
        "</a>[https://example.com](https://example.com)\n",
        (
            '<p></a><a href="https://example.com"><a href="https://example.com">https://exa'
            "mple.com</a></a></p>\n"
        ),
    ),
    (
        "emphasis with '*', real link",
        "http://cdecl.ridiculousfish.com/?q=int+%28*f%29+%28float+*%29%3B\n",
        (
            '<p><a href="http://cdecl.ridiculousfish.com/?q=int+%28*f%29+%28float+*%29%3B">'
            "http://cdecl.ridiculousfish.com/?q=int+(*f)+(float+*)%3B</a></p>\n"
        ),
    ),
    (
        "emphasis with '_', real link",
        (
            "https://www.sell.fi/sites/default/files/elainlaakarilehti/tieteelliset_artikke"
            "lit/kahkonen_t._et_al.canine_pancreatitis-_review.pdf\n"
        ),
        (
            '<p><a href="https://www.sell.fi/sites/default/files/elainlaakarilehti/tieteell'
            'iset_artikkelit/kahkonen_t._et_al.canine_pancreatitis-_review.pdf">https://www'
            ".sell.fi/sites/default/files/elainlaakarilehti/tieteelliset_artikkelit/kahkone"
            "n_t._et_al.canine_pancreatitis-_review.pdf</a></p>\n"
        ),
    ),
    (
        "emails",
        "test@example.com\n\nmailto:test@example.com\n",
        (
            '<p><a href="mailto:test@example.com">test@example.com</a></p>\n<p><a href="mai'
            'lto:test@example.com">mailto:test@example.com</a></p>\n'
        ),
    ),
    (
        "typographer should not break href",
        "http://example.com/(c)\n",
        '<p><a href="http://example.com/(c)">http://example.com/(c)</a></p>\n',
    ),
    (
        "before line",
        "before\ngithub.com\n",
        '<p>before\n<a href="http://github.com">github.com</a></p>\n',
    ),
    (
        "after line",
        "github.com\nafter\n",
        '<p><a href="http://github.com">github.com</a>\nafter</p>\n',
    ),
    (
        "before after lines",
        "before\ngithub.com\nafter\n",
        '<p>before\n<a href="http://github.com">github.com</a>\nafter</p>\n',
    ),
    (
        "before after lines with blank line",
        "before\n\ngithub.com\n\nafter\n",
        '<p>before</p>\n<p><a href="http://github.com">github.com</a></p>\n<p>after</p>\n',
    ),
    (
        "Don't match escaped",
        "google\\.com\n",
        "<p>google.com</p>\n",
    ),
]

#: title -> (what urikit renders, why it differs); docs/extract.md has the same list.
DIFFERENCES: dict[str, tuple[str, str]] = {
    "backticks inside raw links": (
        '<p><a href="https://example.com/foo">https://example.com/foo</a><code>bar</code>baz</p>\n',
        "a backtick is no URI character (RFC 3986): the URI ends before it",
    ),
    "links inside raw links": (
        '<p><a href="https://example.com/foo">https://example.com/foo</a>'
        '<a href="456">123</a>bar</p>\n',
        "'[' is no URI character outside an IP literal: the URI ends before it",
    ),
    "emails": (
        "<p>test@example.com</p>\n"
        '<p><a href="mailto:test@example.com">mailto:test@example.com</a></p>\n',
        "an e-mail address without mailto: is not a URI (no user@host guessing)",
    ),
    "before line": (
        "<p>before\ngithub.com</p>\n",
        "a bare domain name is not a URI; only www. and ftp. hosts are read as abbreviations",
    ),
    "after line": ("<p>github.com\nafter</p>\n", "a bare domain name (as above)"),
    "before after lines": ("<p>before\ngithub.com\nafter</p>\n", "a bare domain name"),
    "before after lines with blank line": (
        "<p>before</p>\n<p>github.com</p>\n<p>after</p>\n",
        "a bare domain name",
    ),
}


def md_with(linkify: object) -> Any:
    md: Any = markdown_it_py.MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
    md.linkify = linkify
    return md


def test_the_differences_are_vectors() -> None:
    assert set(DIFFERENCES) <= {title for title, _, _ in VECTORS}


@pytest.mark.parametrize(("title", "source", "expected"), VECTORS, ids=[v[0] for v in VECTORS])
def test_markdown_it_py_linkify_cases(title: str, source: str, expected: str) -> None:
    md = md_with(linkify_it())
    if title in DIFFERENCES:
        ours, _ = DIFFERENCES[title]
        assert ours != expected
        expected = ours
    assert md.render(source) == expected


def test_markdown_it_builds_the_same() -> None:
    source = "www.example.org and http://例え.jp/パス。\n"
    assert markdown_it().render(source) == md_with(linkify_it()).render(source)
    assert markdown_it(default_scheme="https").render("www.example.org") == (
        '<p><a href="https://www.example.org">www.example.org</a></p>\n'
    )
    gfm = markdown_it("gfm-like", {"typographer": True})
    assert gfm.options["linkify"] is True and gfm.options["typographer"] is True


def test_iris_and_script_schemes_in_markdown() -> None:
    md = markdown_it()
    assert md.render("http://twitter.com/Русские_слова") == (
        '<p><a href="http://twitter.com/%D0%A0%D1%83%D1%81%D1%81%D0%BA%D0%B8%D0%B5_'
        '%D1%81%D0%BB%D0%BE%D0%B2%D0%B0">http://twitter.com/Русские_слова</a></p>\n'
    )
    assert md.render('javascript:alert(1) "data:,x"') == (
        "<p>javascript:alert(1) &quot;data:,x&quot;</p>\n"
    )
    assert markdown_it(iris=False).render("http://h.example/é") == (
        '<p><a href="http://h.example/">http://h.example/</a>é</p>\n'
    )


def test_match_objects() -> None:
    linkify = linkify_it()
    text = 'See "http://a.example/x", www.b.example. and <mailto:c@example.org>.'
    found = linkify.match(text)
    assert found is not None
    assert [(m.schema, m.index, m.last_index, m.raw, m.text, m.url) for m in found] == [
        ("http:", 5, 23, "http://a.example/x", "http://a.example/x", "http://a.example/x"),
        ("", 26, 39, "www.b.example", "www.b.example", "http://www.b.example"),
        (
            "mailto:",
            46,
            66,
            "mailto:c@example.org",
            "mailto:c@example.org",
            "mailto:c@example.org",
        ),
    ]
    for m in found:
        assert text[m.index : m.lastIndex] == m.raw
    with pytest.raises(AttributeError):
        found[0].url = "javascript:x"  # type: ignore[misc]
    assert linkify.match("no link: here") is None
    assert linkify.test("no link: here") is False
    assert linkify.pretest("plain words") is False


def test_test_and_match_agree_on_any_text() -> None:
    linkify = linkify_it()
    for text in ("", "a", "www.", "<http://a/>", '"x"', "http://", "ftp.x.example/y", "mailto:"):
        found = linkify.match(text)
        assert linkify.test(text) is (found is not None)
        if not linkify.pretest(text):
            assert found is None


def test_match_at_start_reads_only_the_first_word() -> None:
    linkify = linkify_it()
    m = linkify.match_at_start("http://a.example/x. More http://b.example/")
    assert m == Match(
        "http:", 0, 18, "http://a.example/x", "http://a.example/x", "http://a.example/x"
    )
    assert linkify.match_at_start("xhttp://a.example/") is None  # not a wanted scheme
    assert linkify.match_at_start(" http://a.example/") is None
    assert linkify.match_at_start("www.example.org") is None  # only links with a scheme
    # It does not disturb what test() remembered for match().
    assert linkify.test("see www.example.org")
    linkify.match_at_start("http://x.example/")
    found = linkify.match("see www.example.org")
    assert found is not None and found[0].raw == "www.example.org"


def _first_word_match(linkify: Linkifier, text: str, **options: Any) -> tuple[Any, ...] | None:
    """The oracle: the link at the start of the first whitespace-delimited word,
    from extract() over that whole word (the reading match_at_start must keep)."""
    word = re.match(r"[^ \t\n\r\f\v\xa0]*", text)
    assert word is not None
    found = urikit.extract(word.group(), **options)
    if not found or found[0].start != 0 or found[0].abbreviated:
        return None
    uri = found[0].uri
    if uri[: uri.index(":")].lower() not in {"http", "https", "ftp", "mailto"}:
        return None
    start, end = link_span(word.group(), found[0])
    return (start, end, word.group()[start:end])


_PIECES = st.sampled_from(
    [
        "http",
        "://",
        "a",
        "b.example",
        "/",
        "x",
        "]",
        "[",
        "(",
        ")",
        "%",
        "%41",
        "#",
        "?",
        ":",
        "@",
        "*",
        ".",
        ",",
        "-",
        "é",
        "\ue000",
        "::1",
        "'",
        "mailto:",
        "1",
        " ",
        "\n",
    ]
)


@settings(max_examples=500, deadline=None)
@given(
    st.sampled_from(["http://", "mailto:", "ftp://a.example", "http://a.example/"]),
    st.lists(_PIECES, max_size=24),
    st.integers(0, 24),
    st.sampled_from(["", "x" * 300, "é" * 300, "/" * 300]),
)
def test_match_at_start_reads_as_the_whole_first_word(
    head: str, pieces: list[str], at: int, long: str
) -> None:
    # The part of the text match_at_start reads is bounded by where the link must
    # end; what it finds is what extract() finds in the whole first word. The
    # long piece takes the run over the length (256) beyond which runs are cut.
    text = head + "".join(pieces[:at]) + long + "".join(pieces[at:])
    for iris in (True, False):
        linkify = linkify_it(iris=iris, abbreviated=False)
        m = linkify.match_at_start(text)
        got = None if m is None else (m.index, m.last_index, m.raw)
        assert got == _first_word_match(linkify, text, iris=iris), text


@pytest.mark.parametrize(
    "text",
    [
        "(http://a.example/x](http://b.example/y](" * 3,
        "http://a:b:/x http://c.example/",
        "*http://a.example/* and http://b.example/x.",
        "1http://a.example/ ftp://b.example/",
    ],
)
def test_markdown_it_renders_as_the_stock_rule(text: str) -> None:
    # urikit's inline rule replaces the stock one only to read less of the text:
    # the HTML is the same as with markdown-it-py's own rule and urikit's linkifier.
    assert markdown_it().render(text) == md_with(linkify_it()).render(text)


def test_a_closing_bracket_after_the_link_in_markdown() -> None:
    html = markdown_it().render("See (https://godoc.org/x/lmdb).Advantages, (http://a.example/b).")
    assert html == (
        '<p>See (<a href="https://godoc.org/x/lmdb">https://godoc.org/x/lmdb</a>).Advantages, '
        '(<a href="http://a.example/b">http://a.example/b</a>).</p>\n'
    )


def test_the_inline_rule_leaves_another_linkifier_to_the_stock_rule() -> None:
    linkify_it_py = pytest.importorskip("linkify_it")
    md = markdown_it()
    md.linkify = linkify_it_py.LinkifyIt()
    text = "see http://a.example/x[1] and github.com"
    assert md.render(text) == md_with(linkify_it_py.LinkifyIt()).render(text)
    assert 'href="http://a.example/x%5B1%5D"' in md.render(text)  # linkify-it-py's reading


def test_options() -> None:
    assert linkify_it(schemes=["https"]).match("http://a.example/ https://b.example/") == [
        Match("https:", 18, 36, "https://b.example/", "https://b.example/", "https://b.example/")
    ]
    assert linkify_it(abbreviated=False).match("www.example.org") is None
    assert linkify_it(schemes=["news"]).test("news:comp.lang.python")
    with pytest.raises(ValueError, match="never links"):
        linkify_it(schemes=["javascript"])
    with pytest.raises(ValueError):
        linkify_it(default_scheme="no scheme")
    with pytest.raises(TypeError, match="default_scheme"):
        linkify_it(default_scheme=b"http")  # type: ignore[arg-type]
    assert isinstance(linkify_it(), Linkifier)
    assert "default_scheme='http'" in repr(linkify_it())


def test_the_same_matches_as_linkify_it_py_where_both_find_one() -> None:
    linkify_it_py = pytest.importorskip("linkify_it")
    theirs = linkify_it_py.LinkifyIt()
    ours = linkify_it()
    text = (
        "Read http://example.org/a?b=c#d, https://例え.jp/パス or www.example.org/x.\n"
        "(ftp://ftp.example.org/pub/) and mailto:a@example.org; github.com/x test@example.com"
    )
    fields = ("schema", "index", "last_index", "raw", "text", "url")
    mine = [tuple(getattr(m, f) for f in fields) for m in ours.match(text) or []]
    other = [tuple(getattr(m, f) for f in fields) for m in theirs.match(text) or []]
    common = [m for m in mine if m in other]
    assert common == mine  # every link urikit finds, linkify-it-py finds the same
    # ... and linkify-it-py also finds the bare domain and the e-mail address.
    assert sorted(m[3] for m in other if m not in mine) == ["github.com/x", "test@example.com"]


def test_import_urikit_markdown_does_not_import_markdown_it() -> None:
    code = "import sys, urikit.markdown; print('markdown_it' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
