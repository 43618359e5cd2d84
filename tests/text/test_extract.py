"""urikit.extract / iter_extract: URIs in running text by the seeds' delimiting rules.

Worked examples are quoted from RFC 3986 Appendix C, RFC 1738's appendix
"Recommendations for URLs in Context" (English and the Chinese seed), the 2003
rfc2396bis draft and the 1997 draft Appendix E, and the 1993 URL draft's
references (all under ../shared). The seed files of the 1997 and 2003 drafts
lost their line breaks (and the 2003 one its angle-bracketed text) in
conversion; their examples are quoted here with the line breaks of the
published drafts, which is what the "break a long URI across lines" rule is
about, and the 1997 seed's own text, where each line break became one space,
must read the same.
"""

from __future__ import annotations

import doctest
import re
from collections import deque
from pathlib import Path

import pytest
from growth import LIMIT, scaled
from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import INTERESTING, uris

import urikit
import urikit.text._extraction
from urikit import Extracted, extract, iter_extract

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"

# --- the seeds' worked examples ---------------------------------------------------

RFC3986_C = """\
      Yes, Jim, I found it under "http://www.w3.org/Addressing/",
      but you can probably pick it up from <ftp://foo.example.
      com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
      ietf/uri/historical.html#WARNING>.
"""
# The 2003 draft Appendix E: the same text with the host ds.internic.net.
DRAFT2003_E = RFC3986_C.replace("foo.example.\n      com", "ds.internic.\n      net")
DRAFT1997_E = """\
   Yes, Jim, I found it under "http://www.w3.org/pub/WWW/", but you can
   probably pick it up from <ftp://ds.internic.
   net/rfc/>.  Note the warning in <http://ds.internic.net/
   instructions/overview.html#WARNING>.
"""
RFC1738_APPENDIX = """\
      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
      type=d> but you can probably pick it up from <URL:ftp://ds.in
      ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.
      net/instructions/overview.html#WARNING>.
"""
RFC1738_ZH = (
    "是的,Jim,我发现它在<URL:ftp://info.cern.ch/pub/www/doc;type=d>上,但是你可\n"
    "能能够从<URL:ftp://ds.internic.net/rfc>那儿获得它。请注意\n"
    "<URL:http://ds.internic.net/instructions/overview.html#WARNING>上的警告。\n"
)
RFC1738_ZH_FTP = (
    "定密码。例如:<URL:ftp://@host.com/>的用户名为空并且没有密码,<\xa0\n"
    "URL:ftp://host.com/>没有用户名,而<URL:ftp://foo:@host.com/>的用户名是“foo”\n"
)
DRAFT1993_REFS = """\
        Alberti, R., et.al.  (1991) "Notes on the Internet Gopher
            Protocol" University of Minnesota, December 1991,
            URL=<ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol
            >. See also
            URL=<gopher://gopher.micro.umn.edu/00/Information%20About%2
            0Gopher/About%20Gopher>
"""

SEED_EXAMPLES: list[tuple[str, str, list[tuple[str | None, str]]]] = [
    (
        "RFC 3986 Appendix C",
        RFC3986_C,
        [
            ("quote", "http://www.w3.org/Addressing/"),
            ("angle", "ftp://foo.example.com/rfc/"),
            ("angle", "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"),
        ],
    ),
    (
        "2003 draft Appendix E",
        DRAFT2003_E,
        [
            ("quote", "http://www.w3.org/Addressing/"),
            ("angle", "ftp://ds.internic.net/rfc/"),
            ("angle", "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"),
        ],
    ),
    (
        "1997 draft Appendix E",
        DRAFT1997_E,
        [
            ("quote", "http://www.w3.org/pub/WWW/"),
            ("angle", "ftp://ds.internic.net/rfc/"),
            ("angle", "http://ds.internic.net/instructions/overview.html#WARNING"),
        ],
    ),
    (
        "RFC 1738 appendix",
        RFC1738_APPENDIX,
        [
            ("url", "ftp://info.cern.ch/pub/www/doc;type=d"),
            ("url", "ftp://ds.internic.net/rfc"),
            ("url", "http://ds.internic.net/instructions/overview.html#WARNING"),
        ],
    ),
    (
        "RFC 1738 appendix (Chinese seed)",
        RFC1738_ZH,
        [
            ("url", "ftp://info.cern.ch/pub/www/doc;type=d"),
            ("url", "ftp://ds.internic.net/rfc"),
            ("url", "http://ds.internic.net/instructions/overview.html#WARNING"),
        ],
    ),
    (
        "RFC 1738 3.2.1 (Chinese seed, a wrapper broken after '<')",
        RFC1738_ZH_FTP,
        [
            ("url", "ftp://@host.com/"),
            ("url", "ftp://host.com/"),
            ("url", "ftp://foo:@host.com/"),
        ],
    ),
    (
        "1993 draft references",
        DRAFT1993_REFS,
        [
            ("angle", "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol"),
            (
                "angle",
                "gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher",
            ),
        ],
    ),
    (
        "RFC 1738 section 1 (Chinese seed: a bare URI after 'URL:' and before '。')",
        "在URL:http://www.acl.lanl.gov/URI/archive/uri-archive.index.html。\n",
        [(None, "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html")],
    ),
]


def strip_wrapper(span: str) -> str:
    """The URI inside a delimited span, by the rules of RFC 3986 Appendix C (independent)."""
    inner = span[1:-1]
    inner = "".join(inner.split())
    return inner[4:] if inner.startswith("URL:") else inner


@pytest.mark.parametrize(("source", "text", "expected"), SEED_EXAMPLES, ids=lambda x: x)
def test_seed_examples(source: str, text: str, expected: list[tuple[str | None, str]]) -> None:
    found = extract(text)
    assert [(f.wrapper, f.uri) for f in found] == expected, source
    for f in found:
        span = text[f.start : f.end]
        if f.wrapper is None:
            assert span == f.uri
        else:
            assert span[0] in '<"' and span[-1] in '>"'
            assert strip_wrapper(span) == f.uri


def test_seed_files_hold_the_quoted_examples() -> None:
    # The tables above quote the seeds; the seeds must still say so.
    if not SHARED.is_dir():
        pytest.skip("../shared is not available")
    specs = SHARED / "specs"
    rfc3986 = (specs / "rfc3986.txt").read_text(encoding="utf-8")
    assert RFC3986_C in rfc3986
    for uri in ("ftp://foo.example.com/rfc/", "historical.html#WARNING"):
        assert uri in rfc3986
    assert RFC1738_APPENDIX in (specs / "rfc1738.txt").read_text(encoding="utf-8")
    zh = (SHARED / "seeds" / "rfc1738-zh.txt").read_text(encoding="utf-8")
    assert RFC1738_ZH in zh and RFC1738_ZH_FTP in zh
    assert DRAFT1993_REFS in (SHARED / "seeds" / "1993-url-internet-draft.txt").read_text(
        encoding="utf-8"
    )
    draft2003 = (SHARED / "seeds" / "2003-draft-fielding-uri-rfc2396bis-01.txt").read_text(
        encoding="utf-8"
    )
    listed = draft2003.split("contains the URI references", 1)[1].split()[:3]
    assert [uri for _, uri in SEED_EXAMPLES[1][2]] == listed
    draft1997 = (SHARED / "seeds" / "1997-draft-fielding-url-syntax-05.txt").read_text(
        encoding="utf-8"
    )
    assert " ".join(DRAFT1997_E.split()) in draft1997


# --- whitespace inside delimiters: line breaks and single spaces read the same -------

# The 1997 draft's Appendix E example exactly as the seed file holds it: the
# file lost its line breaks in conversion, each became one space (checked
# against the file below when ../shared is there).
DRAFT1997_E_SEED = (
    'Yes, Jim, I found it under "http://www.w3.org/pub/WWW/", but you can probably pick'
    " it up from <ftp://ds.internic. net/rfc/>. Note the warning in"
    " <http://ds.internic.net/ instructions/overview.html#WARNING>."
)
DRAFT1997_E_SPANS = [
    '"http://www.w3.org/pub/WWW/"',
    "<ftp://ds.internic. net/rfc/>",
    "<http://ds.internic.net/ instructions/overview.html#WARNING>",
]
DRAFT1997_E_SEED_FILE = SHARED / "seeds" / "1997-draft-fielding-url-syntax-05.txt"


def check_the_1997_example(text: str, offset: int) -> None:
    """``text`` holds DRAFT1997_E_SEED at ``offset``: the three URIs, wrappers, spans."""
    region = range(offset, offset + len(DRAFT1997_E_SEED))
    found = [f for f in extract(text) if f.start in region]
    assert [(f.wrapper, f.uri) for f in found] == SEED_EXAMPLES[2][2]
    spans = []
    at = offset
    for raw in DRAFT1997_E_SPANS:
        start = text.index(raw, at)
        spans.append((start, start + len(raw)))
        at = start + len(raw)
    assert [(f.start, f.end) for f in found] == spans
    # the line-broken text gives the same URIs, wrappers and (up to whitespace) spans
    broken = extract(DRAFT1997_E)
    assert [(f.wrapper, f.uri) for f in broken] == [(f.wrapper, f.uri) for f in found]
    assert [" ".join(DRAFT1997_E[f.start : f.end].split()) for f in broken] == DRAFT1997_E_SPANS


def test_the_1997_example_with_its_line_breaks_turned_into_spaces() -> None:
    # The inline copy always runs, so this test never skips everything.
    check_the_1997_example("Examples: " + DRAFT1997_E_SEED + " F. Summary", len("Examples: "))
    assert " ".join(DRAFT1997_E.split()) == DRAFT1997_E_SEED


@pytest.mark.skipif(
    not DRAFT1997_E_SEED_FILE.is_file(), reason=f"seed file missing: {DRAFT1997_E_SEED_FILE}"
)
def test_the_1997_example_in_the_seed_file() -> None:
    seed = DRAFT1997_E_SEED_FILE.read_text(encoding="utf-8")
    assert seed.count(DRAFT1997_E_SEED) == 1
    check_the_1997_example(seed, seed.index(DRAFT1997_E_SEED))


@pytest.mark.parametrize(("source", "text", "expected"), SEED_EXAMPLES, ids=lambda x: x)
def test_seed_examples_with_their_line_breaks_turned_into_spaces(
    source: str, text: str, expected: list[tuple[str | None, str]]
) -> None:
    flat = " ".join(text.split())
    found = extract(flat)
    assert [(f.wrapper, f.uri) for f in found] == expected, source
    originals = extract(text)
    for f, g in zip(found, originals, strict=True):
        assert flat[f.start : f.end] == " ".join(text[g.start : g.end].split())
        assert f.alternatives == g.alternatives


DELIMITED_WHITESPACE = [
    # text, [(wrapper, uri, span)] (span None: the whole text)
    ("<http://a.example/ b>", [("angle", "http://a.example/b", None)]),
    ("<http://a.example/\tb\xa0c>", [("angle", "http://a.example/bc", None)]),
    ("<http://a.example/ \r\n   b  c>", [("angle", "http://a.example/bc", None)]),
    ("<http://a.example/\rb c>", [("angle", "http://a.example/bc", None)]),
    ("< URL: http://a.example/ b >", [("url", "http://a.example/b", None)]),
    ("<URL:ftp://a.example/ x\n  y/ z>", [("url", "ftp://a.example/xy/z", None)]),
    ('"http://a.example/ b c"', [("quote", "http://a.example/bc", None)]),
    ('"mailto:a@b. example"', [("quote", "mailto:a@b.example", None)]),
    ("<doi: 10.1000/182>", [("angle", "doi:10.1000/182", None)]),
    ("<ht\n  tp://a.example/>", [("angle", "http://a.example/", None)]),
    # a hyphen before a space may be one before a line break turned into a space
    ("<http://a.example/a- b>", [("angle", "http://a.example/a-b", None)]),
    # words before a colon are prose, not a scheme: the bare URI inside counts
    ('"see the docs at http://a.example/ and more"', [(None, "http://a.example/", "http")]),
    ("<see http://a.example/ here>", [(None, "http://a.example/", "http")]),
    ('"http :// a.example/"', []),
    # a blank line, a form feed or a vertical tab ends the text
    ("<http://a.example/x\n\n  y>", [(None, "http://a.example/x", "http")]),
    ("<http://a.example/x \n \r\n y>", [(None, "http://a.example/x", "http")]),
    ("<http://a.example/x\fy>", [(None, "http://a.example/x", "http")]),
    ("<http://a.example/x \v y>", [(None, "http://a.example/x", "http")]),
    # no whitespace just inside quotes
    ('" http://a.example/ x"', [(None, "http://a.example/", "http")]),
    # the content without whitespace is no URI: as for any such content
    ("<http://a.example/ %zz>", [(None, "http://a.example/", "http")]),
    ("<a b c>", []),
    ("<Data:: Dumper>", []),
]


@pytest.mark.parametrize(("text", "expected"), DELIMITED_WHITESPACE)
def test_whitespace_inside_delimiters(
    text: str, expected: list[tuple[str | None, str, str | None]]
) -> None:
    found = extract(text)
    assert [(f.wrapper, f.uri) for f in found] == [(w, u) for w, u, _ in expected]
    for f, (_, uri, span) in zip(found, expected, strict=True):
        start = 0 if span is None else text.index(span)
        end = len(text) if span is None else start + len(uri)
        assert (f.start, f.end) == (start, end)
    if text == "<http://a.example/a- b>":
        assert found[0].alternatives == ("http://a.example/ab",)


SPACES = st.sampled_from([" ", "\t", "\xa0", "  ", " \t ", "\n", " \n", "\n   ", "\r\n\t", "\r "])


@given(uris(), st.sampled_from(["url", "angle", "quote"]), st.data())
def test_whitespace_anywhere_after_the_scheme_is_ignored(
    g: object, wrapper: str, data: st.DataObject
) -> None:
    uri: str = g.text  # type: ignore[attr-defined]
    scheme: str = g.scheme  # type: ignore[attr-defined]
    slashes = g.authority is not None  # type: ignore[attr-defined]
    assume(len(scheme) <= 64 and not uri.startswith(":", len(scheme) + 1))
    assume(scheme.upper() != "URL" and len(uri) > len(scheme) + 2)
    if wrapper == "quote":
        assume(slashes and len(uri) > len(scheme) + 3)
    cuts = sorted(set(data.draw(st.lists(st.integers(len(scheme) + 1, len(uri) - 1), max_size=4))))
    seps = [data.draw(SPACES) for _ in cuts]
    pieces = [uri[a:b] for a, b in zip([0, *cuts], [*cuts, len(uri)], strict=True)]
    body = pieces[0] + "".join(sep + p for sep, p in zip(seps, pieces[1:], strict=True))
    opener, closer = {"url": ("<URL:", ">"), "angle": ("<", ">"), "quote": ('"', '"')}[wrapper]
    before = "see "
    readings = []
    for inner in (body, pieces[0] + "".join(" " + p for p in pieces[1:])):
        text = before + opener + inner + closer + " here"
        found = extract(text)
        assert [(f.uri, f.start, f.end, f.wrapper) for f in found] == [
            (uri, len(before), len(text) - len(" here"), wrapper)
        ]
        readings.append(found[0].alternatives)
    # the line-broken and the single-spaced forms read the same
    assert readings[0] == readings[1]
    hyphens = [c for c in cuts if uri[c - 1] == "-"]
    alt = "".join(
        uri[a : b - 1] if b in hyphens else uri[a:b]
        for a, b in zip([0, *cuts], [*cuts, len(uri)], strict=True)
    )
    assert readings[0] == ((alt,) if hyphens and urikit.is_valid(alt, "URI") else ())


# --- rules, as tables ----------------------------------------------------------------

NOT_URIS = [
    "Note: this is prose.",
    "The meeting is at 10:30, not 11:00.",
    "Copy it to C:\\path\\file.txt now",
    "Some words, e.g.: these ones",
    "See Foo.pm and www.foo.com for details",
    "<foo bar> is an XML-ish tag",
    "<foo> and <hsoname> are placeholders",
    "a <see http://example.org/ here> pair",
    "Perl's Data::Dumper and News::Scan and C<Test::More>",
    '"Note:" and "e.g.:" in quotes',
    "http:// alone, and mailto: alone, and file: too.",
    "a blank line cannot hold a URI: <http://example.org/a\n\nb>",
    "x" * 70 + "://example.org/ has a scheme too long for prose",
]


@pytest.mark.parametrize("text", NOT_URIS)
def test_text_that_is_not_a_uri(text: str) -> None:
    found = extract(text)
    if text.startswith("a <see"):
        # words before a colon are no scheme, so the brackets hold no URI; the
        # bare URI inside them counts
        assert [f.uri for f in found] == ["http://example.org/"]
    elif text.startswith("a blank line"):
        assert [f.uri for f in found] == ["http://example.org/a"]
    else:
        assert found == []


BARE = [
    # text, the URI found (None: none)
    ("see http://example.org/a.", "http://example.org/a"),
    ("see http://example.org/a?!", "http://example.org/a"),
    ("(see http://example.org/a)", "http://example.org/a"),
    ("see http://en.example.org/wiki/Foo_(bar).", "http://en.example.org/wiki/Foo_(bar)"),
    ("(http://example.org/Foo_(bar))", "http://example.org/Foo_(bar)"),
    # a ")" that closes the "(" just before the URI ends it (the corpus's case)
    ("(https://godoc.org/x/lmdb).Advantages", "https://godoc.org/x/lmdb"),
    ("(http://example.org/a_(b)_c).d", "http://example.org/a_(b)_c"),
    ("(http://example.org/a)b)c", "http://example.org/a"),
    ("http://example.org/a).b", "http://example.org/a).b"),  # no "(" before it
    ("x(http://example.org/a).b", "http://example.org/a"),
    ("[http://example.org/]", "http://example.org/"),
    ("[http://[::1]:80/]", "http://[::1]:80/"),
    ("at http://[2001:db8::7]]", "http://[2001:db8::7]"),
    ("'http://example.org/x'", "http://example.org/x"),
    ("http://example.org/a;b,c:", "http://example.org/a;b,c"),
    ("http://example.org/%zz", "http://example.org/"),
    ("http://example.org/a]b", "http://example.org/a"),
    ("mailto:someone@example.org.", "mailto:someone@example.org"),
    ("URN:ISBN:0-395-36341-1;", "URN:ISBN:0-395-36341-1"),
    ("call tel:+1-816-555-1212!", "tel:+1-816-555-1212"),
    ("news:comp.infosystems.www.servers.unix,", "news:comp.infosystems.www.servers.unix"),
    ("data:,A%20brief%20note", "data:,A%20brief%20note"),
    ("svn+ssh://example.org/repo", "svn+ssh://example.org/repo"),
    ("foo://example.com:8042/over/there?name=ferret#nose", None),  # filled in below
    ("the ht://Dig system", "ht://Dig"),
    ("URL:http://example.org/ (the old prefix)", "http://example.org/"),
    ("--http://example.org/", "http://example.org/"),
    ("http://exa mple.org/", "http://exa"),
    ("http://example.org/é", "http://example.org/"),
    ("http://example.org/\x00x", "http://example.org/"),
    ("xmailto:a@b.example", None),
    ("doi:10.1000/182 is no registered scheme", None),
]


@pytest.mark.parametrize(("text", "uri"), BARE)
def test_bare_uris(text: str, uri: str | None) -> None:
    if text.startswith("foo://"):
        uri = text
    found = extract(text)
    if uri is None:
        assert found == []
        return
    (f,) = found
    assert (f.uri, f.wrapper) == (uri, None)
    assert text[f.start : f.end] == uri


def test_delimited_forms() -> None:
    text = '<URL: http://a.example/x> <URL:\n  mailto:a@b.example> "http://c.example/" <foo:bar>'
    found = extract(text)
    assert [(f.wrapper, f.uri) for f in found] == [
        ("url", "http://a.example/x"),
        ("url", "mailto:a@b.example"),
        ("quote", "http://c.example/"),
        ("angle", "foo:bar"),
    ]
    assert [text[f.start : f.end][0] for f in found] == ["<", "<", '"', "<"]
    # the old prefix in any case
    assert [(f.wrapper, f.uri) for f in extract("<url:http://a.example/>")] == [
        ("url", "http://a.example/")
    ]
    # a fragment inside the brackets belongs to the URI
    assert extract("<http://a.example/#frag>")[0].uri == "http://a.example/#frag"
    # quotes take the schemes bare URIs take; a relative reference is no URI in prose
    assert extract('"foo:bar" "word" <../x>') == []
    # tabs and a CRLF line end are line-breaking whitespace too
    assert extract("<http://a.example/\r\n\tb>")[0].uri == "http://a.example/b"
    # whitespace right inside quotes: not a quoted URI (the bare one still counts)
    assert [(f.wrapper, f.uri) for f in extract('" http://a.example/ "')] == [
        (None, "http://a.example/")
    ]


def test_hyphen_at_a_line_break() -> None:
    text = "get <http://example.org/very-\n    long-name/> or http://example.org/a-\n  b/c."
    first, second = extract(text)
    assert first.uri == "http://example.org/very-long-name/"
    assert first.alternatives == ("http://example.org/verylong-name/",)
    assert (second.uri, second.wrapper) == ("http://example.org/a-b/c", None)
    assert second.alternatives == ("http://example.org/ab/c",)
    assert text[second.start : second.end] == "http://example.org/a-\n  b/c"
    # a hyphen at the end of a line with nothing after it: the URI ends there
    (f,) = extract("http://example.org/a-\n\nnext paragraph")
    assert (f.uri, f.alternatives) == ("http://example.org/a-", ())


def test_schemes_filter() -> None:
    text = "http://a.example/ mailto:x@a.example urn:isbn:0451450523 doi:10.1000/182"
    assert [f.uri for f in extract(text, schemes=["URN", "mailto"])] == [
        "mailto:x@a.example",
        "urn:isbn:0451450523",
    ]
    # a scheme asked for by name counts without '//' too
    assert [f.uri for f in extract(text, schemes={"doi"})] == ["doi:10.1000/182"]
    assert extract(text, schemes=[]) == []
    assert [f.uri for f in extract('<urn:a:b> "urn:c:d"', schemes=["urn"])] == [
        "urn:a:b",
        "urn:c:d",
    ]


def test_urns_are_found_like_any_uri() -> None:
    text = "The namespace urn:xmpp:omemo:2 and <URN:ISBN:0-395-36341-1>."
    found = extract(text)
    assert [f.uri for f in found] == ["urn:xmpp:omemo:2", "URN:ISBN:0-395-36341-1"]
    assert found[1].parsed.scheme == "URN"


def test_extracted_is_immutable_and_comparable() -> None:
    f = extract("x http://a.example/y z")[0]
    with pytest.raises(AttributeError):
        setattr(f, "uri", "other")  # noqa: B010 - the assignment must reach __setattr__
    with pytest.raises(AttributeError):
        del f.start
    assert f == Extracted("http://a.example/y", 2, 20)
    assert f != Extracted("http://a.example/y", 2, 20, "angle")
    assert hash(f) == hash(Extracted("http://a.example/y", 2, 20))
    assert isinstance(f.parsed, urikit.URIReference) and f.parsed.path == "/y"
    assert f.parsed is f.parsed  # parsed once
    assert "http://a.example/y" in repr(f)


def test_exports_are_lazy_and_the_same_objects() -> None:
    import urikit.text._extraction as module

    assert urikit.extract is module.extract and urikit.fixup is module.fixup
    assert urikit.iter_extract is module.iter_extract and urikit.Extracted is module.Extracted
    with pytest.raises(AttributeError):
        _ = urikit.no_such_name


def test_iter_extract_over_lines_gives_absolute_offsets(monkeypatch: pytest.MonkeyPatch) -> None:
    text = DRAFT1993_REFS + "\n" + RFC3986_C + "\n\n" + RFC1738_APPENDIX
    lines = text.splitlines(keepends=True)
    assert list(iter_extract(lines)) == extract(text)
    assert list(iter_extract(text)) == extract(text)
    # a paragraph longer than the cap is cut at a line end (here no URI spans one)
    monkeypatch.setattr(urikit.text._extraction, "_MAX_PIECE", 40)
    one_liners = [
        f"line {k}: see <http://h{k}.example/> and mailto:a@b{k}.example.\n" for k in range(50)
    ]
    found = list(iter_extract(one_liners))
    assert found == extract("".join(one_liners)) and len(found) == 100
    gen = iter_extract(iter(lines))
    assert next(gen).uri.startswith("ftp://boombox")  # lazy: a generator
    with pytest.raises(TypeError):
        extract(b"http://a/")  # type: ignore[arg-type]


# --- every <scheme:...> of the RFC texts -------------------------------------------


def angle_references(text: str) -> list[tuple[int, int, str]]:
    """An independent oracle: every ``<...>`` of ``text`` holding ``[URL:]scheme:...``.

    Written with plain string operations. Whitespace inside is ignored (RFC 3986
    Appendix C) unless a run of it holds a blank line or a form feed; before the
    scheme's colon it must break a line.
    """
    found = []
    i = text.find("<")
    while i >= 0:
        j = text.find(">", i + 1)
        k = text.find("<", i + 1)
        if j < 0:
            break
        if 0 <= k < j:
            i = k
            continue
        inner = text[i + 1 : j]
        lead = inner[: len(inner) - len(inner.lstrip())]
        trail = inner[len(inner.rstrip()) :]
        runs = re.findall(r"[ \t\r\n\f\v]+", inner.strip())
        raw = inner.strip()
        if raw.startswith("URL:"):
            raw = raw[4:].lstrip()
        in_scheme = re.findall(r"[ \t\r\n\f\v]+", raw.partition(":")[0])
        body = "".join(raw.split())
        scheme, colon, rest = body.partition(":")
        if (
            all(s.count("\n") <= 1 and "\f" not in s for s in (lead, trail, *runs))
            and all("\n" in s for s in in_scheme)
            and colon
            and scheme[:1].isalpha()
            and not rest.startswith(":")
            and urikit.is_valid(body, "URI")
        ):
            found.append((i, j + 1, body))
        i = text.find("<", j + 1)
    return found


def spec_texts() -> list[Path]:
    if not SHARED.is_dir():
        return []
    return sorted((SHARED / "specs").glob("rfc*.txt"))


@pytest.mark.skipif(not spec_texts(), reason="../shared/specs is not available")
def test_every_angle_reference_of_the_rfcs_comes_back_whole() -> None:
    total = wrapped = 0
    for path in spec_texts():
        text = path.read_text(encoding="utf-8")
        found = {(f.start, f.end): f for f in extract(text)}
        for start, end, uri in angle_references(text):
            f = found.get((start, end))
            assert f is not None, (path.name, text[start:end])
            assert f.uri == uri and f.wrapper in ("angle", "url"), (path.name, f)
            total += 1
            wrapped += "\n" in text[start:end]
    # The oracle must have had something to check, line-wrapped ones included.
    assert total > 100 and wrapped > 10


def test_the_oracle_can_fail() -> None:
    text = (
        "a <http://x.example/> b <URL:ftp://y.example/\n  z> c <foo bar> d <http://a b>"
        " e <see http://b.example/> f <http://c.example/\n\n  d> g <http://e.example/\f>"
    )
    assert [u for _, _, u in angle_references(text)] == [
        "http://x.example/",
        "ftp://y.example/z",
        "http://ab",
    ]


# --- properties ------------------------------------------------------------------

WORDS = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyzABC"), min_size=1, max_size=8)
PROSE = st.lists(
    st.tuples(WORDS, st.sampled_from(["", ",", ".", ";", "!", "?"]), st.sampled_from(" \n")),
    max_size=6,
).map(lambda ws: "".join(w + p + s for w, p, s in ws))
INDENT = st.sampled_from(["", " ", "   ", "\t", "  \t"])


@st.composite
def wrapped(draw: st.DrawFn, uri: str, wrapper: str | None) -> tuple[str, list[int]]:
    """``uri`` in ``wrapper``, with line breaks (and indentation) at random places."""
    cuts = sorted(set(draw(st.lists(st.integers(1, max(1, len(uri) - 1)), max_size=3))))
    if wrapper is None or len(uri) < 2:
        cuts = []
    pieces = [uri[a:b] for a, b in zip([0, *cuts], [*cuts, len(uri)], strict=True)]
    breaks = [draw(st.sampled_from(["", " ", "\t"])) + "\n" + draw(INDENT) for _ in cuts]
    body = pieces[0] + "".join(b + p for b, p in zip(breaks, pieces[1:], strict=True))
    if wrapper == "url":
        return "<URL:" + draw(st.sampled_from(["", " ", "\n   "])) + body + ">", cuts
    if wrapper == "angle":
        return "<" + body + ">", cuts
    if wrapper == "quote":
        return '"' + body + '"', cuts
    return body, cuts


@given(
    uris(),
    st.sampled_from(["url", "angle", "quote", None]),
    PROSE,
    PROSE,
    st.sampled_from(["", ".", ",", ")", "!"]),
    st.data(),
)
def test_embedded_uris_come_back_exactly(
    g: object, wrapper: str | None, before: str, after: str, punct: str, data: st.DataObject
) -> None:
    uri: str = g.text  # type: ignore[attr-defined]
    scheme: str = g.scheme  # type: ignore[attr-defined]
    slashes = g.authority is not None  # type: ignore[attr-defined]
    assume(len(scheme) <= 64 and not uri.startswith(":", len(scheme) + 1))
    assume(scheme != "URL")
    if wrapper in ("quote", None):
        assume(slashes and len(uri) > len(scheme) + 3)
    if wrapper is None:
        assume(uri[-1] not in ".,;:!?')]-")
        assume(punct != ")" or (uri.count("(") < uri.count(")") + 1 and "(" not in uri))
    piece, cuts = data.draw(wrapped(uri, wrapper))
    text = before + data.draw(INDENT) + piece + punct + " " + after
    start = text.index(piece)
    found = extract(text)
    assert [(f.uri, f.start, f.end, f.wrapper) for f in found] == [
        (uri, start, start + len(piece), wrapper)
    ]
    hyphen_breaks = [c for c in cuts if uri[c - 1] == "-"]
    if not hyphen_breaks:
        assert found[0].alternatives == ()
    else:
        alt = "".join(
            uri[a : b - 1] if b in hyphen_breaks else uri[a:b]
            for a, b in zip([0, *cuts], [*cuts, len(uri)], strict=True)
        )
        assert found[0].alternatives == ((alt,) if urikit.is_valid(alt, "URI") else ())
    assert found[0].parsed == urikit.parse(uri)


TROUBLE = st.lists(
    st.one_of(
        st.sampled_from(INTERESTING),
        st.sampled_from(["<", ">", '"', "URL:", "http://", "mailto:", "-\n", "\n", " ", "::"]),
        st.text(max_size=5),
    ),
    max_size=30,
).map("".join)


@given(st.one_of(TROUBLE, st.text(st.characters(codec=None), max_size=80)))
def test_any_text_gives_valid_uris_with_consistent_spans(text: str) -> None:
    found = extract(text)
    last = 0
    for f in found:
        assert urikit.is_valid(f.uri, "URI")
        assert last <= f.start < f.end <= len(text)
        last = f.end
        span = text[f.start : f.end]
        if f.wrapper is None:
            assert "".join(span.split()) == f.uri
        else:
            assert strip_wrapper(span) == f.uri
        for alt in f.alternatives:
            assert urikit.is_valid(alt, "URI") and alt != f.uri
    # blank lines end every URI, so a stream of lines gives the same results
    assert list(iter_extract(text.splitlines(keepends=True))) == found


#: Adversarial texts for the scanner: (name, the text of about n characters).
def _adversarial(n: int) -> list[tuple[str, str]]:
    units = ["<", ":", '"', "a:", "://", "<a:", '"a:', "<URL:", "http://a-\n", "-\n", "(", ")"]
    return [
        *((repr(unit), unit * (n // len(unit))) for unit in units),
        ("http://x/ then dots", "http://x/" + "." * n),
        ("http://x/ then ')'", "http://x/" + ")" * n),
        ("letters then ://x", "a" * n + "://x"),
    ]


@pytest.mark.timing
def test_linear_time_on_adversarial_input() -> None:
    # A size ratio, not a clock bound (tests/growth.py): 20 times the text may
    # cost at most 36 times the time; a quadratic scan costs 400 times (it took
    # minutes on 1 MB of these before the scanner was linear).
    smallest, largest = _sizes()
    for i, (name, _) in enumerate(_adversarial(1)):

        def make(n: int, i: int = i) -> str:
            return _adversarial(n)[i][1]

        assert scaled(extract, make, smallest=smallest, largest=largest) <= LIMIT, name


def _sizes() -> tuple[int, int]:
    """The sizes to time at (tests/growth.py's ``scaled``): up to 1 MB; with the C
    scanner (urikit.core._speedups.extract_scan), which runs near memory speed,
    50 KB and 1 MB, where both texts are out of a core's first-level cache and
    in its second."""
    import urikit.text._extraction as module

    return (1024 if module._extract_scan is None else 50_000), 1_000_000


# Delimited forms that are never closed, or closed around 1 MB of whitespace:
# (name, text of about n characters, the URIs found in it).
def _unclosed(n: int) -> list[tuple[str, str, int]]:
    return [
        ("<URL: and spaces, repeated", ("<URL:" + " " * 8) * (n // 13), 0),
        ("<URL: then spaces", "<URL:" + " " * n, 0),
        ("'<a ' repeated", "<a " * (n // 3), 0),
        ("< then 'a ' repeated", "<" + "a " * (n // 2), 0),
        ("'\" x' repeated", '" x' * (n // 3), 0),
        ("\" then ' x' repeated", '"' + " x" * (n // 2), 0),
        ("<a: then ' b' repeated, closed", "<a:" + " b" * (n // 2) + ">", 1),
        ("\"http://a/ then ' b' repeated, closed", '"http://a/' + " b" * (n // 2) + '"', 1),
    ]


@pytest.mark.timing
def test_unclosed_and_spaced_delimiters_take_linear_time() -> None:
    # A size ratio, not a clock bound: 20 times the text may cost at most 36
    # times the time (a quadratic scan costs 400 times).
    smallest, largest = _sizes()
    for i, (name, small, count) in enumerate(_unclosed(1000)):

        def make(n: int, i: int = i) -> str:
            return _unclosed(n)[i][1]

        assert len(extract(small)) == count == len(extract(make(64_000))), name
        assert scaled(extract, make, smallest=smallest, largest=largest) <= LIMIT, name


def test_the_examples_of_docs_extract_md_run() -> None:
    # the page's last example needs the [markdown] extra; without it pytest's own
    # doctest of the page runs the others and skips there
    pytest.importorskip("markdown_it")
    path = Path(__file__).resolve().parents[2] / "docs" / "extract.md"
    result = doctest.testfile(str(path), module_relative=False, verbose=False)
    assert result.attempted >= 10
    assert result.failed == 0


# --- IRIs (iris=True) and abbreviated URIs (abbreviated=True) -------------

IRIS = [
    # text, [(uri, start, end)] with iris=True; the span is the URI as written
    ("http://twitter.com/Русские_слова", [("http://twitter.com/Русские_слова", 0, 32)]),
    # twitter-text's conformance vector "Extract URLs with IDN(not encoded)", indices and all
    (
        "test http://foobar.みんな/ http://foobar.中国/ http://foobar.پاکستان/ ",
        [
            ("http://foobar.みんな/", 5, 23),
            ("http://foobar.中国/", 24, 41),
            ("http://foobar.پاکستان/", 42, 64),
        ],
    ),
    ("text http://✪df.ws/ejp", [("http://✪df.ws/ejp", 5, 22)]),
    ("皆さん見てください\uff01 http://google.com", [("http://google.com", 11, 28)]),
    # CJK and full-width punctuation ends a bare IRI
    ("見て http://例え.jp/パス。次の文", [("http://例え.jp/パス", 3, 18)]),
    ("「http://例え.jp/パス」を", [("http://例え.jp/パス", 1, 16)]),
    ("\uff08http://例え.jp/パス\uff09", [("http://例え.jp/パス", 1, 16)]),
    (
        "http://例え.jp/a、http://例え.jp/b",
        [("http://例え.jp/a", 0, 14), ("http://例え.jp/b", 15, 29)],
    ),
    ("“http://example.org/ü”", [("http://example.org/ü", 1, 21)]),
    ("http://例え.jp/a\u3000b", [("http://例え.jp/a", 0, 14)]),
    # bidirectional formatting characters end an IRI (RFC 3987 section 4.1)
    ("http://example.org/a\u202eb", [("http://example.org/a", 0, 20)]),
    ("http://example.org/a\u200fb", [("http://example.org/a", 0, 20)]),
    ("http://example.org/a\u2067b", [("http://example.org/a", 0, 20)]),
    # private-use characters: in the query only
    ("http://example.org/?q=\ue000 x", [("http://example.org/?q=\ue000", 0, 23)]),
    ("http://example.org/a\ue000b", [("http://example.org/a", 0, 20)]),
    # lone surrogates are no characters of an IRI
    ("http://example.org/a\ud800b", [("http://example.org/a", 0, 20)]),
    # sentence punctuation and brackets as for URIs
    ("(see http://例え.jp/パス).", [("http://例え.jp/パス", 5, 20)]),
    ("http://例え.jp/パス_(曖昧).", [("http://例え.jp/パス_(曖昧)", 0, 20)]),
    # delimited forms
    ("<http://例え.jp/\n   パス>", [("http://例え.jp/パス", 0, 21)]),
    ('"http://例え.jp/パス"', [("http://例え.jp/パス", 0, 17)]),
    ("<http://例え.jp/a\u3000b>", [("http://例え.jp/a", 1, 15)]),
    # twitter-text keeps CJK text out of the path; the IRI grammar takes it in
    (
        "http://twitter.com/これは日本語です。example.com",
        [("http://twitter.com/これは日本語です", 0, 27)],
    ),
]


@pytest.mark.parametrize(("text", "expected"), IRIS)
def test_iris_in_text(text: str, expected: list[tuple[str, int, int]]) -> None:
    from urikit.iri import IRIReference

    found = extract(text, iris=True)
    assert [(f.uri, f.start, f.end) for f in found] == expected
    for f in found:
        assert isinstance(f.parsed, IRIReference) and str(f.parsed) == f.uri
        assert not f.abbreviated
        if f.wrapper is None:
            assert text[f.start : f.end] == f.uri
    assert list(iter_extract(text.splitlines(keepends=True), iris=True)) == found


def test_iris_default_is_off_and_keeps_todays_results() -> None:
    # cut at the first non-ASCII character without iris=True
    assert [f.uri for f in extract("http://twitter.com/Русские_слова")] == ["http://twitter.com/"]
    assert [f.uri for f in extract("see http://foobar.みんな/")] == ["http://foobar"]
    assert type(extract("http://a.example/")[0].parsed) is urikit.URIReference
    for source, text, expected in SEED_EXAMPLES:
        found = extract(text, iris=True)
        assert [(f.wrapper, f.uri) for f in found] == expected, source


ABBREVIATED = [
    # text, [(uri, span as written)]
    (
        "Go to www.w3.org/Addressing/.",
        [("https://www.w3.org/Addressing/", "www.w3.org/Addressing/")],
    ),
    ("ftp.example.org/pub/file.txt, or", [("ftp://ftp.example.org/pub/file.txt", None)]),
    ("WWW.EXAMPLE.ORG!", [("https://WWW.EXAMPLE.ORG", "WWW.EXAMPLE.ORG")]),
    ("at www.example.org:8080/x?y=1#z.", [("https://www.example.org:8080/x?y=1#z", None)]),
    ("(www.example.org)", [("https://www.example.org", "www.example.org")]),
    ("(www.example.org/x).y", [("https://www.example.org/x", "www.example.org/x")]),
    ("'www.example.org' <www.example.org>", [("https://www.example.org", None)] * 2),
    ('"www.example.org" *www.example.org*', [("https://www.example.org", None)] * 2),
    ("see www.example.org/wiki/Foo_(bar).", [("https://www.example.org/wiki/Foo_(bar)", None)]),
    ("www.example.org/a%zz", [("https://www.example.org/a", "www.example.org/a")]),
    ("www.example.org: the site", [("https://www.example.org", "www.example.org")]),
    # twitter-text: "www.foo.co.uk" is found; without a TLD list, so is "www.xxxxxxx.baz"
    (
        "foo.baz foo.co.jp www.xxxxxxx.baz www.foo.co.uk wwwww.xxxxxxx foo.comm",
        [("https://www.xxxxxxx.baz", None), ("https://www.foo.co.uk", None)],
    ),
    # not words, not host names, or inside an e-mail address or another URI
    ("mail someone@www.example.org now", []),
    ("http://www.example.org/ and mailto:a@ftp.example.org", None),
    ("xwww.example.org 1www.example.org .www.example.org /www.example.org", []),
    ("www.example alone, and www.foo_bar.com", []),
    ("www.example.org@example.com and ftp.admin@example.org", []),
    ("www.-a.example.org www.a-.example.org www.example.123", []),
    ("Foo.pm and example.org and ftp.txt", []),
]


@pytest.mark.parametrize(("text", "expected"), ABBREVIATED)
def test_abbreviated_uris(text: str, expected: list[tuple[str, str | None]] | None) -> None:
    found = extract(text, abbreviated=True)
    if expected is None:  # only the URIs without abbreviated=True
        assert found == extract(text) and found
        return
    assert [f.uri for f in found] == [uri for uri, _ in expected]
    for f, (uri, span) in zip(found, expected, strict=True):
        assert f.abbreviated and f.wrapper is None and f.alternatives == ()
        written = text[f.start : f.end]
        assert written == (span if span is not None else uri.split("://", 1)[1])
        assert urikit.fixup(written) == f.uri
        assert f.parsed == urikit.parse(uri)
        assert "abbreviated=True" in repr(f)
    assert extract(text) == [f for f in found if not f.abbreviated]


def test_abbreviated_iris_and_the_schemes_filter() -> None:
    text = "「www.例え.jp/パス」と ftp.example.org/pub と http://example.org/"
    found = extract(text, iris=True, abbreviated=True)
    assert [(f.uri, f.abbreviated) for f in found] == [
        ("https://www.例え.jp/パス", True),
        ("ftp://ftp.example.org/pub", True),
        ("http://example.org/", False),
    ]
    assert urikit.fixup("www.例え.jp/パス", iris=True) == found[0].uri
    with pytest.raises(urikit.URIError):
        urikit.fixup("www.例え.jp/パス")  # an IRI only with iris=True
    ftp_only = extract(text, iris=True, abbreviated=True, schemes=["FTP"])
    assert [f.uri for f in ftp_only] == ["ftp://ftp.example.org/pub"]
    # Extracted compares abbreviated too
    assert found[1] != Extracted(found[1].uri, found[1].start, found[1].end)


def test_fixup_reads_a_host_with_an_at_sign_in_its_path_as_a_host() -> None:
    assert urikit.fixup("www.example.org/a@b.example") == "https://www.example.org/a@b.example"
    assert urikit.fixup("someone@example.org") == "mailto:someone@example.org"


DRAFT2003_SEED = SHARED / "seeds" / "2003-draft-fielding-uri-rfc2396bis-01.txt"


@pytest.mark.skipif(not DRAFT2003_SEED.is_file(), reason=f"seed missing: {DRAFT2003_SEED}")
def test_the_2003_draft_appendix_f_example() -> None:
    seed = DRAFT2003_SEED.read_text(encoding="utf-8")
    appendix = seed[seed.index("Appendix F. Abbreviated URIs") :]
    appendix = appendix[: appendix.index("Appendix G.")]
    found = extract(appendix, abbreviated=True)
    assert [(f.uri, appendix[f.start : f.end]) for f in found] == [
        ("https://www.w3.org/Addressing/", "www.w3.org/Addressing/")
    ]
    assert extract(appendix) == []
    # the whole draft: every abbreviated one reads as fixup reads it, the rest as before
    whole = extract(seed, iris=True, abbreviated=True)
    assert [f for f in whole if not f.abbreviated] == extract(seed)
    for f in whole:
        if f.abbreviated:
            assert urikit.fixup(seed[f.start : f.end]) == f.uri


IRI_PROSE = st.lists(
    st.one_of(
        st.sampled_from(
            ["http://", "www.", "ftp.", ".", "/", "?", "#", "%", "%41", "-\n", "(", ")"]
        ),
        st.sampled_from(
            ["例え", "パス", "Русские", "ü", "。", "、", "」", "「", "\uff08", "\uff09", " "]
        ),
        st.sampled_from(["\u202e", "\u200e", "\u2067", "\ue000", "\u3000", "\ud800", "\n\n"]),
        st.text(st.sampled_from("abcxyz019:@-_~"), min_size=1, max_size=5),
    ),
    max_size=25,
).map("".join)


@given(st.one_of(IRI_PROSE, TROUBLE, st.text(st.characters(codec=None), max_size=60)))
def test_any_text_with_iris_and_abbreviated(text: str) -> None:
    from urikit.iri import IRIReference
    from urikit.iri import is_valid as iri_is_valid

    found = extract(text, iris=True, abbreviated=True)
    last = 0
    for f in found:
        assert last <= f.start < f.end <= len(text)
        last = f.end
        span = text[f.start : f.end]
        assert iri_is_valid(f.uri, "IRI") and isinstance(f.parsed, IRIReference)
        assert not any(c in f.uri for c in "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e")
        if f.abbreviated:
            assert span[:4].lower() in ("www.", "ftp.")
            assert urikit.fixup(span, iris=True) == f.uri
        elif f.wrapper is None:
            assert "".join(span.split()) == f.uri
    assert list(iter_extract(text.splitlines(keepends=True), iris=True, abbreviated=True)) == found
    # without the IRI characters, iris=True reads as the URI rules do
    if text.isascii():
        assert extract(text, iris=True) == extract(text)
    # what abbreviated=True adds never changes what is found without it, only hides
    # the URIs it covers
    plain = extract(text, iris=True)
    assert [f for f in found if not f.abbreviated] == [
        f for f in plain if not any(g.abbreviated and g.start <= f.start < g.end for g in found)
    ]


def _hostile_iri(n: int) -> list[tuple[str, str, dict[str, bool]]]:
    ja = {"iris": True}
    both = {"iris": True, "abbreviated": True}
    return [
        ("a run of non-ASCII letters", "http://x/" + "ж" * n, ja),
        ("'http://例/。' repeated", "http://例/。" * (n // 10), ja),
        ("'www.' repeated", "www." * (n // 4), both),
        ("'www.a.b ' repeated", "www.a.b " * (n // 8), both),
        ("'(www.a.b/%' repeated", "(www.a.b/%" * (n // 10), both),
        ("'(www.a.b/ж[' repeated", "(www.a.b/ж[" * (n // 11), both),
        ("'http://a/%' repeated", "http://a/%" * (n // 10), ja),
        ("'http://a/#b#' repeated", "http://a/#b#" * (n // 12), ja),
        ("'http://a/\\ue000' repeated", "http://a/\ue000" * (n // 10), ja),
        ("'http://a/%-\\n' repeated", "http://a/%-\n" * (n // 12), ja),
        ("CJK punctuation around IRIs", "「www.例え.jp/パス」、" * (n // 16), both),
        # today's arguments too: long runs of reference characters were judged whole
        # from every candidate scheme in them (quadratic: 59 s for 400 KB)
        ("'http://a/%' repeated, default", "http://a/%" * (n // 10), {}),
        ("'http://a/#b#' repeated, default", "http://a/#b#" * (n // 12), {}),
        ("'a:%' repeated, default", "a:%" * (n // 3), {}),
        # a long run whose URIs end early: in an authority that is none, or at the
        # ")" closing the "(" before them (each candidate read the rest of the run)
        ("'http://a:b:/' repeated, default", "http://a:b:/" * (n // 12), {}),
        ("'(http://a)' repeated, default", "(http://a)" * (n // 10), {}),
        ("'(www.a.b/)' repeated", "(www.a.b/)" * (n // 10), both),
    ]


@pytest.mark.timing
def test_iris_and_abbreviated_take_linear_time() -> None:
    # A size ratio as above: 20 times the text may cost at most 36 times the time.
    smallest, largest = _sizes()
    for i, (name, _, kw) in enumerate(_hostile_iri(1000)):

        def make(n: int, i: int = i) -> str:
            return _hostile_iri(n)[i][1]

        iris, abbreviated = kw.get("iris", False), kw.get("abbreviated", False)

        def scan(text: str, iris: bool = iris, abbreviated: bool = abbreviated) -> None:
            # the scan's time, not that of keeping what it finds: "www.a.b "
            # repeated finds one URI every 8 characters, and 125,000 results kept
            # for 1 MB leave the caches (the ratio read 37 to 43 that way)
            deque(iter_extract(text, iris=iris, abbreviated=abbreviated), maxlen=0)

        assert scaled(scan, make, smallest=smallest, largest=largest) <= LIMIT, name


def test_prose_schemes_follow_the_scheme_registry() -> None:
    # The prose schemes are cached, keyed on the registry's version: a scheme
    # without an authority registered after an extract counts at once, and stops
    # counting when it is replaced by one with an authority or removed. (Run in
    # both builds: the C scanner and the Python one each get the cached set.)
    from urikit import schemes
    from urikit.text._prose import _prose_schemes

    text = "see zz-prose:abc now"

    def found() -> list[str]:
        return [e.uri for e in extract(text)] + [e.uri for e in iter_extract(text)]

    assert found() == []
    assert _prose_schemes(frozenset()) is _prose_schemes(frozenset())  # cached
    schemes.register(schemes.SchemeHandler("zz-prose", has_authority=False))
    try:
        assert found() == ["zz-prose:abc"] * 2
        schemes.register(schemes.SchemeHandler("zz-prose"), replace=True)
        assert found() == []
        schemes.register(schemes.SchemeHandler("zz-prose", has_authority=False), replace=True)
        assert found() == ["zz-prose:abc"] * 2
    finally:
        schemes.registry.unregister("zz-prose")
    assert found() == []
