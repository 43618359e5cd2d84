"""urikit.html.links: the URI attributes of HTML, resolved against the document's base.

The base element example is quoted from the 1997 draft Appendix D (the 2003
draft Appendix D has the same example; its seed file lost the markup).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from growth import LIMIT, scaled
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from urikit.html import URI_ATTRIBUTES, Link, links

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"

APPENDIX_D = (
    '<!doctype html public "-//IETF//DTD HTML//EN"> <HTML><HEAD> '
    "<TITLE>An example HTML document</TITLE> "
    '<BASE href="http://www.ics.uci.edu/Test/a/b/c"> </HEAD><BODY> ... '
    '<A href="../x">a hypertext anchor</A> ... </BODY></HTML>'
)


def test_appendix_d_base_element() -> None:
    found = links(APPENDIX_D)
    assert [(k.element, k.attribute, k.uri) for k in found] == [
        ("base", "href", "http://www.ics.uci.edu/Test/a/b/c"),
        ("a", "href", "http://www.ics.uci.edu/Test/a/x"),
    ]
    # "regardless of the context in which the example document was obtained"
    assert links(APPENDIX_D, base="ftp://elsewhere.example/")[1].uri == found[1].uri


def test_appendix_d_is_quoted_from_the_seed() -> None:
    if not SHARED.is_dir():
        pytest.skip("../shared is not available")
    seed = (SHARED / "seeds" / "1997-draft-fielding-url-syntax-05.txt").read_text(encoding="utf-8")
    assert APPENDIX_D in seed
    assert "absolute URL <http://www.ics.uci.edu/Test/a/x>" in seed


def test_every_uri_attribute_is_read() -> None:
    parts = []
    expected = []
    # html, head and body first, where HTML has them: a later <body> tag is misplaced
    # (the implied body is open) and the tokenizer drops it.
    first = ("html", "head", "body")
    for element, attributes in sorted(
        URI_ATTRIBUTES.items(),
        key=lambda item: (first.index(item[0]) if item[0] in first else 3, item[0]),
    ):
        for attribute in sorted(attributes):
            value = f"{element}-{attribute}.x"
            parts.append(f'<{element} {attribute}="{value}" title="t{attribute}">')
            if element in {"script", "iframe"}:  # raw text up to the end tag
                parts.append(f"</{element}>")
            expected.append((element, attribute, f"http://h.example/d/{value}"))
    found = links("\n".join(parts), base="http://h.example/d/page")
    base_href = [k for k in found if k.element == "base"]
    assert base_href and base_href[0].uri == "http://h.example/d/base-href.x"
    assert [(k.element, k.attribute, k.uri) for k in found] == expected
    for name in (
        "href a area link base",
        "src img script iframe embed audio video source track input",
        "action form",
        "formaction input button",
        "cite blockquote q",
        "data object",
        "poster video",
        "srcset img source",
    ).__iter__():
        attribute, *elements = name.split()
        for element in elements:
            assert attribute in URI_ATTRIBUTES[element], (element, attribute)


def test_other_attributes_and_elements_are_not_links() -> None:
    assert links('<p href="x"><a title="http://x.example/" name="y"><div src="z">') == []


def test_first_base_wins_and_is_resolved_against_base() -> None:
    doc = '<a href="x"><base href="/docs/"><base href="http://other.example/"><img src="i.png">'
    found = links(doc, base="https://example.org/a/index.html")
    assert [k.uri for k in found] == [
        "https://example.org/docs/x",  # a link before <base> uses it too
        "https://example.org/docs/",
        "http://other.example/",
        "https://example.org/docs/i.png",
    ]
    # without a base argument, a relative <base href> cannot be resolved
    assert [k.uri for k in links(doc)] == [None, None, "http://other.example/", None]
    # a <base href> that is no URI reference is ignored
    found = links('<base href="http://a b/"><a href="y">', base="http://h.example/")
    assert found[0].error is not None and found[1].uri == "http://h.example/y"


def test_raw_is_entity_decoded_and_whitespace_stripped() -> None:
    (k,) = links('<a href="\n  /p?a=1&amp;b=2&#x23;f \t">', base="http://h.example/")
    assert k.raw == "\n  /p?a=1&b=2#f \t"
    assert k.uri == "http://h.example/p?a=1&b=2#f"
    assert k.error is None


def test_errors_carry_the_uri_error() -> None:
    found = links('<a href="http://h.example/a b">\n  <img src="%zz">', base="http://h.example/")
    assert [k.uri for k in found] == [None, None]
    first, second = (k.error for k in found)
    assert isinstance(first, urikit.URIError) and isinstance(second, urikit.URIError)
    assert (first.reason, first.position, first.text) == (
        "invalid-char",
        18,
        "http://h.example/a b",
    )
    assert second.reason == "bad-percent"


def test_positions_dot_segments_and_empty_values() -> None:
    doc = '<p>\n  <a href="http://h.example/a/../b">x</a>\n<a href>y</a><a href="">z</a>'
    found = links(doc, base="http://h.example/dir/page#frag")
    assert [k.line for k in found] == [2, 3, 3]
    assert [k.uri for k in found] == [
        "http://h.example/b",
        "http://h.example/dir/page",
        "http://h.example/dir/page",
    ]
    assert all(isinstance(k, Link) for k in found)
    with pytest.raises(AttributeError):
        found[0].uri = "x"  # type: ignore[misc]


def test_srcset_candidates() -> None:
    doc = '<img srcset="a.png 1x, b.png 2x,c.png,  d,e.png 100w, f.png (max-width: 10px, 2x) 3x">'
    found = links(doc, base="http://h.example/")
    assert [k.raw for k in found] == ["a.png", "b.png", "c.png", "d,e.png", "f.png"]
    assert found[0].uri == "http://h.example/a.png"


def test_bad_base_argument_raises() -> None:
    with pytest.raises(urikit.URIError):
        links("<a href='x'>", base="relative/base")
    with pytest.raises(TypeError):
        links(b"<a>")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "doc", ["", "<", "<a href=", "<a href='\x00\ud800'>", "<<<>>>" * 1000, "<a href=x" * 500]
)
def test_never_crashes_on_odd_documents(doc: str) -> None:
    for k in links(doc, base="http://h.example/"):
        assert k.uri is None or urikit.is_valid(k.uri, "URI")


def test_html5_tokenization() -> None:
    # character references in attribute values: a legacy name without ";" before
    # "=" or an alphanumeric stays as written (HTML5 "consume a character reference")
    (k,) = links('<a href="?a=1&copy=2&not;x">')
    assert k.raw == "?a=1&copy=2\u00acx"
    # the first of two equal attribute names wins, the second is dropped
    assert [k.raw for k in links('<A HREF="x" href="y">')] == ["x"]
    # the content of raw-text and RCDATA elements is text, not markup
    doc = "".join(
        f"<{e}><a href=in-{e}></{e}>" for e in ("textarea", "title", "xmp", "noembed", "style")
    )
    assert [k.raw for k in links(doc + "<a href=after>")] == ["after"]
    # NUL becomes U+FFFD, as HTML5 says; so does a lone surrogate (an HTML decoder's answer)
    assert [k.raw for k in links("<a href='\x00x'><a href='\ud800y'>")] == ["\ufffdx", "\ufffdy"]
    # the encoding is the str's: a <meta charset> cannot change it
    assert [k.raw for k in links('<meta charset="iso-8859-1"><a href="/\u00e9">')] == ["/\u00e9"]


def test_comments_bogus_comments_and_templates() -> None:
    doc = "<!-- <a href=c1> --><?php <a href=pi> ?><a href=a1><!--> <a href=a2><template><a href=t>"
    assert [k.raw for k in links(doc)] == ["a1", "a2", "t"]


def test_deep_nesting_loses_no_link() -> None:
    doc = "<div>" * 5000 + '<a href="deep">' + "<b><i><a href=x><p>" * 3000
    found = links(doc)
    assert len(found) == 3001 and found[0].raw == "deep"


def _where(doc: str, found: list[Link]) -> list[int]:
    """The offsets of ``found`` in ``doc`` from their line and column (the oracle:
    lines split at CR LF, CR or LF with str.splitlines on those three only)."""
    starts = [0]
    i = 0
    while i < len(doc):
        if doc.startswith("\r\n", i):
            i += 2
        elif doc[i] in "\r\n":
            i += 1
        else:
            i += 1
            continue
        starts.append(i)
    return [starts[k.line - 1] + k.column for k in found]


def test_line_and_column_are_where_the_tag_starts() -> None:
    doc = 'one\r\n<a\nhref="x"\n>two\n\n<img src=y><IMG\tSRC=z>\rx <area href=w>\n'
    found = links(doc)
    assert [(k.raw, k.line, k.column) for k in found] == [
        ("x", 2, 0),
        ("y", 6, 0),
        ("z", 6, 11),
        ("w", 7, 2),
    ]
    assert [doc[at : at + 2].lower() for at in _where(doc, found)] == ["<a", "<i", "<i", "<a"]
    many = "\n" * 100_000 + "  <a href=x>"  # past libxml2's 65535-line limit of a tree
    assert (links(many)[0].line, links(many)[0].column) == (100_001, 2)


def test_a_less_than_sign_inside_markup_is_not_a_tag_start() -> None:
    # "<" in attribute values, comments, bogus comments and raw text: each link is
    # placed at its own tag's "<".
    doc = (
        '<!-- <a href=c> --><a title="<a x" href=1>t</a><script>"<a href=s>"</script>'
        "<?x <a href=p ?>\n<textarea><img src=t></textarea> <img alt='<img' src=2>"
        '<a href=3 title="<a">'
    )
    found = links(doc)
    assert [k.raw for k in found] == ["1", "2", "3"]
    starts = _where(doc, found)
    assert starts == [doc.index("<a title"), doc.index("<img alt"), doc.index("<a href=3")]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "<a href=x>",
                "<A HREF='y'>",
                '<img title="<img" src=z>',
                "<!-- <a href=c> -->",
                "\n",
                "\r\n",
                "\r",
                "text",
                "<p>",
                "<a\nhref=m>",
                "<script><a href=s></script>",
                "<",
                "é",
            ]
        ),
        max_size=20,
    )
)
def test_every_link_is_placed_at_a_start_tag_of_its_element(pieces: list[str]) -> None:
    doc = "".join(pieces)
    found = links(doc)
    offsets = _where(doc, found)
    assert offsets == sorted(offsets)
    for k, at in zip(found, offsets, strict=True):
        assert doc[at : at + 1 + len(k.element)].lower() == "<" + k.element


def test_iri_values() -> None:
    doc = '<base href="http://例え.jp/a/"><a href="パス?q=é#ß"><img src="http://a.example/x">'
    found = links(doc)
    assert [k.uri for k in found] == [
        "http://例え.jp/a/",
        "http://例え.jp/a/パス?q=é#ß",
        "http://a.example/x",
    ]
    assert all(k.error is None for k in found)
    assert [k.uri for k in links(doc, to_uri=True)] == [
        "http://xn--r8jz45g.jp/a/",
        "http://xn--r8jz45g.jp/a/%E3%83%91%E3%82%B9?q=%C3%A9#%C3%9F",
        "http://a.example/x",
    ]
    for k in links(doc, to_uri=True):
        assert k.uri is not None and urikit.is_valid(k.uri, "URI")
    # an IRI error is still an error, with its position in the stripped value
    (bad,) = links('<a href=" http://例え.jp/a b ">')
    assert bad.uri is None and bad.error is not None
    assert (bad.error.position, bad.error.text) == (14, "http://例え.jp/a b")


def test_extract_html_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # urikit extract --html: a column like text records (from 1), IRI values as
    # URIs unless --iris, and JSON errors with the "text" their position is in.
    import json

    from urikit.cli import main

    page = tmp_path / "page.html"
    page.write_text(
        '<p>\n  <a href="http://例え.jp/パス">x</a> <img src="a b">\n', encoding="utf-8"
    )
    assert main(["extract", "--html", "--json", str(page)]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["line"], r["column"], r["uri"]) for r in records] == [
        (2, 3, "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9"),
        (2, 35, None),
    ]
    assert records[1]["error"]["text"] == "a b"
    assert records[1]["error"]["position"] == 1
    assert main(["extract", "--html", "--iris", "--schemes", "http", str(page)]) == 0
    assert capsys.readouterr().out == f"{page}:2:3\thttp://例え.jp/パス\ta href\n"


def test_import_urikit_does_not_import_the_tokenizer() -> None:
    code = (
        "import sys, urikit, urikit.html\n"
        "assert 'lxml' not in sys.modules, 'imported by import'\n"
        "urikit.html.links('<a href=x>')\n"
        "assert 'lxml' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


#: Hostile HTML: unterminated markup and deep nesting, repeated.
HOSTILE = ["<a b=", "<a", "<!--", "</", "<?", "<URL:", '<a href="', "<div>", "<b><i><td><p>"]


@pytest.mark.timing
@pytest.mark.parametrize("piece", HOSTILE)
def test_hostile_html_is_linear(piece: str) -> None:
    """20 times the text costs at most 36 times the time (quadratic: 400); no
    clock limit.

    The stdlib's html.parser took 1 s for 16 KB of ``<a b=`` and 15 s for 64 KB.
    ``growth`` (tests/growth.py) says how the timing resists load.
    """
    ratio = scaled(links, lambda n: piece * (n // len(piece)), largest=400_000)
    assert ratio <= LIMIT, (piece, ratio)
