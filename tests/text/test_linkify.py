"""urikit.linkify: text to HTML with links.

The output, read back by an HTML parser (the stdlib's ``html.parser``), is the
input text, and holds no element but ``<a>`` and no attribute but ``href`` and
the ones asked for, on any text (Hypothesis).
"""

from __future__ import annotations

import subprocess
import sys
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urikit
from urikit.text._linkifier import DEFAULT_SCHEMES, NEVER_LINKED, linkify, to_href


class Reader(HTMLParser):
    """What a browser would see: the text, and every element with its attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.ends: list[str] = []
        self.other: list[str] = []
        self.links: list[tuple[dict[str, str | None], str]] = []
        self._open: tuple[dict[str, str | None], int] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))
        self._open = (dict(attrs), len(self.text))

    def handle_endtag(self, tag: str) -> None:
        self.ends.append(tag)
        if self._open is not None:
            attrs, first = self._open
            self.links.append((attrs, "".join(self.text[first:])))
            self._open = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.other.append(f"<{tag}/>")

    def handle_comment(self, data: str) -> None:
        self.other.append("comment")

    def handle_decl(self, decl: str) -> None:
        self.other.append("decl")

    def handle_pi(self, data: str) -> None:
        self.other.append("pi")

    def unknown_decl(self, data: str) -> None:
        self.other.append("unknown decl")


def read(html: str) -> Reader:
    reader = Reader()
    reader.feed(html)
    reader.close()
    return reader


# --- examples -------------------------------------------------------------------------


def test_text_and_link_text_are_escaped() -> None:
    html = linkify("a < b & \"c\" 'd' > e http://h.example/?a=1&b='2'z.")
    assert html == (
        "a &lt; b &amp; &quot;c&quot; &#x27;d&#x27; &gt; e "
        '<a href="http://h.example/?a=1&amp;b=&#x27;2&#x27;z">'
        "http://h.example/?a=1&amp;b=&#x27;2&#x27;z</a>."
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "<http://a.example/x>",
            '&lt;<a href="http://a.example/x">http://a.example/x</a>&gt;',
        ),
        (
            "< URL: http://a.example/x >",
            '&lt; URL: <a href="http://a.example/x">http://a.example/x</a> &gt;',
        ),
        (
            '"https://a.example/"',
            '&quot;<a href="https://a.example/">https://a.example/</a>&quot;',
        ),
        # Whitespace inside the delimiters (a URI broken across lines) stays in the link.
        (
            "<http://a.example/very-\n  long>",
            '&lt;<a href="http://a.example/very-long">http://a.example/very-\n  long</a>&gt;',
        ),
        # Trailing punctuation and an unpaired ")" are not part of the link.
        (
            "(see http://a.example/x_(y).)",
            '(see <a href="http://a.example/x_(y)">http://a.example/x_(y)</a>.)',
        ),
    ],
)
def test_delimiters_stay_outside_the_link(text: str, expected: str) -> None:
    assert linkify(text) == expected


def test_iris_map_to_uris() -> None:
    # RFC 3987 section 3.1: the host as A-labels, the rest percent-encoded UTF-8;
    # the link text stays as written, and CJK punctuation ends the IRI.
    assert linkify("「http://例え.jp/パス」。") == (
        '「<a href="http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9">http://例え.jp/パス</a>」。'
    )
    assert linkify("http://twitter.com/Русские_слова") == (
        '<a href="http://twitter.com/%D0%A0%D1%83%D1%81%D1%81%D0%BA%D0%B8%D0%B5_'
        '%D1%81%D0%BB%D0%BE%D0%B2%D0%B0">http://twitter.com/Русские_слова</a>'
    )
    # Without iris=, the URI stops at the first non-ASCII character.
    assert linkify("http://twitter.com/Русские", iris=False) == (
        '<a href="http://twitter.com/">http://twitter.com/</a>Русские'
    )


def test_to_href_falls_back_to_percent_encoding_for_a_host_idna_refuses() -> None:
    assert to_href("http://a_\u00e9.example/") == "http://a_%C3%A9.example/"
    assert to_href("http://\u00e9.example/\u00e9") == "http://xn--9ca.example/%C3%A9"
    assert to_href("mailto:a@example.org") == "mailto:a@example.org"


def test_abbreviated_uris_are_fixed_up() -> None:
    assert linkify("www.example.org/a, ftp.example.org.") == (
        '<a href="https://www.example.org/a">www.example.org/a</a>, '
        '<a href="ftp://ftp.example.org">ftp.example.org</a>.'
    )
    assert linkify("www.example.org", abbreviated=False) == "www.example.org"
    # Not inside an e-mail address or another URI.
    assert linkify("me@www.example.org") == "me@www.example.org"


@pytest.mark.parametrize(
    "text",
    [
        "javascript:alert(1)",
        "<javascript:alert(1)>",
        '"javascript://%0aalert(1)"',
        "javascript://example.org/%0aalert(1)",
        "data:text/html,<script>alert(1)</script>",
        "<data:text/html;base64,PHNjcmlwdD4=>",
        "vbscript:msgbox(1)",
        "<vbscript:msgbox(1)>",
    ],
)
def test_script_schemes_are_never_links(text: str) -> None:
    for schemes in (None, ["http", "https", "news", "doi"]):
        html = linkify(text, schemes=schemes)
        assert "<a" not in html
        assert read(html).tags == []
        assert "".join(read(html).text) == text


def test_never_linked_schemes_are_refused() -> None:
    assert {"javascript", "data", "vbscript"} <= NEVER_LINKED
    for scheme in ("javascript", "JavaScript", "data", "vbscript"):
        with pytest.raises(ValueError, match="never links"):
            linkify("x", schemes=["http", scheme])


def test_schemes_choose_what_is_linked() -> None:
    text = "http://a.example/ news:comp.lang.python doi:10.1000/182 mailto:x@example.org"
    assert [a["href"] for a, _ in read(linkify(text)).links] == [
        "http://a.example/",
        "mailto:x@example.org",
    ]
    assert {"http", "https", "ftp", "mailto"} == DEFAULT_SCHEMES
    # A scheme named there counts without "//" (as with extract(schemes=...)).
    found = read(linkify(text, schemes=["NEWS", "doi"])).links
    assert [a["href"] for a, _ in found] == ["news:comp.lang.python", "doi:10.1000/182"]
    assert linkify(text, schemes=[]) == linkify(text, schemes=[], iris=False) == text


def test_attrs() -> None:
    html = linkify("http://a.example/", attrs={"rel": "nofollow noopener", "title": '"<&>'})
    assert html == (
        '<a href="http://a.example/" rel="nofollow noopener" title="&quot;&lt;&amp;&gt;">'
        "http://a.example/</a>"
    )
    reader = read(html)
    assert reader.tags == [
        ("a", [("href", "http://a.example/"), ("rel", "nofollow noopener"), ("title", '"<&>')])
    ]
    for bad in ({"href": "x"}, {"HREF": "x"}, {"on click": "x"}, {'a"': "x"}, {"": "x"}):
        with pytest.raises(ValueError):
            linkify("x", attrs=bad)
    with pytest.raises(TypeError, match="attrs"):
        linkify("x", attrs={"rel": 1})  # type: ignore[dict-item]
    with pytest.raises(TypeError, match="attrs"):
        linkify("x", attrs=[("rel", "x")])  # type: ignore[arg-type]


def test_wrong_types() -> None:
    with pytest.raises(TypeError, match="text"):
        linkify(b"http://a/")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="schemes"):
        linkify("x", schemes="http")
    with pytest.raises(TypeError, match="schemes"):
        linkify("x", schemes=[b"http"])  # type: ignore[list-item]


def test_linkify_is_exported_lazily() -> None:
    assert urikit.linkify is linkify
    assert "linkify" in urikit.__all__
    code = (
        "import sys, urikit; "
        "print(sorted(m for m in ('urikit.linkifier', 'urikit.markdown', 'markdown_it', 'html')"
        " if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


# --- properties -----------------------------------------------------------------------

PIECES = [
    "http://",
    "https://",
    "ftp://",
    "mailto:",
    "javascript:",
    "data:",
    "www.",
    "ftp.",
    "example.org",
    "例え.jp",
    "パス",
    "<",
    ">",
    "&",
    "&amp;",
    "&lt;",
    "&#",
    '"',
    "'",
    "<a href=",
    "<script>",
    "</a>",
    "<!--",
    "<URL:",
    "URL:",
    "/",
    "?",
    "#",
    "%",
    "(",
    ")",
    "[",
    "]",
    ".",
    ",",
    "-",
    "。",
    "」",
    "\u202e",
    " ",
    "\n",
    "\t",
    "\xa0",
    "@",
    ":",
]

texts = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=4)), max_size=25).map("".join)


@given(
    text=texts,
    iris=st.booleans(),
    abbreviated=st.booleans(),
    rel=st.sampled_from([None, {"rel": "nofollow"}, {"rel": '"><script>', "data-x": "&"}]),
)
def test_output_reads_back_as_the_input_with_only_links(
    text: str, iris: bool, abbreviated: bool, rel: dict[str, str] | None
) -> None:
    html = linkify(text, iris=iris, abbreviated=abbreviated, attrs=rel)
    reader = read(html)
    assert "".join(reader.text) == text
    assert reader.other == []
    allowed = {"href", *(rel or {})}
    for tag, attrs in reader.tags:
        assert tag == "a"
        assert [name for name, _ in attrs] == ["href", *(rel or {})]
        assert {name for name, _ in attrs} <= allowed
        assert dict(attrs) == {"href": dict(attrs)["href"], **(rel or {})}
    assert reader.ends == ["a"] * len(reader.tags)
    for link_attrs, link_text in reader.links:
        href = link_attrs["href"]
        assert href is not None and href.isascii()
        ref = urikit.parse(href, "URI")
        assert ref.scheme is not None and ref.scheme.lower() in DEFAULT_SCHEMES
        assert link_text and link_text in text


@given(text=texts)
def test_every_link_is_a_reference_extract_finds(text: str) -> None:
    found = urikit.extract(text, iris=True, abbreviated=True)
    hrefs = [a["href"] for a, _ in read(linkify(text)).links]
    wanted = [to_href(f.uri) for f in found if f.uri.partition(":")[0].lower() in DEFAULT_SCHEMES]
    assert hrefs == wanted
