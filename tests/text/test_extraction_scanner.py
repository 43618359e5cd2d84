"""The C scanner of ``urikit.extract`` against the pure-Python reference.

``_speedups.extract_scan`` decides the common candidates itself and stops at
every other one for ``candidates._judge`` (see ``src/urikit/text/extraction_c.c``).
Two copies of urikit are loaded side by side (tests/_twins.py): ``P`` with
URIKIT_NO_SPEEDUPS=1 (the reference, every kernel in Python) and the C build's
module, the ``scanner`` fixture (from the ``build`` fixture, restricted to
``"c"``). ``extract`` and ``iter_extract`` must find the same references (uri, span, wrapper,
alternatives, abbreviated, and whether ``.parsed`` is an IRI) in arbitrary text,
with every combination of ``iris`` and ``abbreviated``, in text of each ``str``
width (ASCII, Latin-1, BMP, astral), and with the scanner stopping after every
reference (``iter_extract`` in small chunks).

The fixture skips them when the extension is not built, unless
URIKIT_REQUIRE_SPEEDUPS=1.
"""

from __future__ import annotations

import gc
from typing import Any

import pytest
from _twins import C_ONLY, Build, get
from hypothesis import example, given, settings
from hypothesis import strategies as st

#: every test here compares the C build (the ``build`` fixture) with this copy
pytestmark = C_ONLY
P: Any = get("python")["urikit.text._extraction"]
assert P._extract_scan is None


@pytest.fixture(scope="module")
def scanner(build: Build) -> Any:
    """The C build's ``urikit.text._extraction``, whose ``_extract_scan`` is C."""
    module = build["urikit.text._extraction"]
    assert module._extract_scan is not None
    return module


def keys(found: Any) -> list[tuple[Any, ...]]:
    return [(f._key(), f._iri) for f in found]


MODES = [
    {},
    {"iris": True},
    {"abbreviated": True},
    {"iris": True, "abbreviated": True},
]

# Pieces that reach every branch of the scanner and of _judge: schemes with and
# without "//", prose schemes, delimiters with whitespace, line breaks and the
# old "URL:" prefix, hyphens at line ends, www./ftp. hosts, ports, brackets,
# percent signs, characters that end a bare reference, and non-ASCII of every
# width (Latin-1, BMP, astral), no-break spaces and bidi controls.
PIECES = [
    "http://",
    "https://a.example/",
    "ftp://x.y/z",
    "mailto:",
    "urn:isbn:1",
    "news:",
    "MAILTO:",
    "x:",
    "a+b.c-d://",
    "sips:a@b",
    "data:,x",
    "Note:",
    "10:30",
    "::",
    ":",
    "//",
    "<",
    ">",
    '"',
    "URL:",
    "url:",
    "<URL:",
    "< ",
    "www.",
    "WWW.",
    "ftp.",
    "www.a.example",
    "www.a-b.example/p?q#f",
    "ftp.x.org:21/",
    "www.-a.b",
    "www.a.1",
    "example",
    "org",
    "a",
    "-",
    "-\n",
    "-\r\n  ",
    "\n",
    "\r\n",
    "\r",
    "\n\n",
    " ",
    "\t",
    "\xa0",
    "\f",
    "\v",
    "(",
    ")",
    "[",
    "]",
    "[::1]",
    "%",
    "%41",
    "%zz",
    "#",
    "?",
    "@",
    ".",
    ",",
    ";",
    "!",
    "'",
    "*",
    "_",
    "é",
    "ж",
    "例え",
    "。",
    "」",
    "\u202e",
    "\u3000",
    "\ue000",
    "\U0001f600",
    "\U00020000",
    "a" * 130,
]
TEXTS = st.one_of(
    st.lists(st.sampled_from(PIECES), max_size=40).map("".join),
    st.text(st.sampled_from("ahtp:/.<>\"'w -\n\xa0é例(),[]%#?@U\rRL"), max_size=80),
    st.text(st.characters(codec=None), max_size=60),
)


@settings(max_examples=400, deadline=None)
@given(TEXTS, st.sampled_from(MODES))
@example("see <http://a.example/\n  b> and <URL:ftp://x.y/z-\n  w>", {})
@example('"Note: this" and "http://a.example/ b" "mailto:a@b.c"', {})
@example("www.a.example/x. ftp.b.org, (www.c.d)", {"abbreviated": True})
@example("http://例え.jp/パス。 http://a.b/c", {"iris": True})
@example("http://a/" + "b" * 300 + " http://a/" + "b" * 240 + "-\nc", {})
@example("(http://a.example/x).y (http://a/b_(c)_d)) ((http://a/b)c) (www.a.b/c).d", {})
@example("(http://a/%zz)) (www.a.b/c_(d)).e (www.a.b/c)d)", {"abbreviated": True})
@example("http://a/b_(c)).;, http://a/b)]'. http://[::1]/c]). http://a/(b]).", {})
def test_c_scanner_finds_what_python_finds(scanner: Any, text: str, mode: dict[str, bool]) -> None:
    assert keys(scanner.extract(text, **mode)) == keys(P.extract(text, **mode))


@settings(max_examples=150, deadline=None)
@given(TEXTS, st.sampled_from(MODES), st.integers(1, 3))
def test_c_scanner_in_small_chunks(
    scanner: Any, text: str, mode: dict[str, bool], chunk: int
) -> None:
    # the scanner stops after `chunk` references found, and Python judges the next
    # candidate: results must not depend on where it stops
    expected = keys(P.extract(text, **mode))
    got: list[Any] = []
    for part in scanner._scan_chunks(
        text, None, bool(mode.get("iris")), bool(mode.get("abbreviated")), chunk
    ):
        got += part
    assert keys(got) == expected
    lines = text.splitlines(keepends=True)
    assert keys(scanner.iter_extract(lines, **mode)) == keys(P.iter_extract(lines, **mode))


@settings(max_examples=100, deadline=None)
@given(TEXTS, st.sampled_from(MODES), st.sampled_from([["http"], ["mailto", "urn"], ["doi"]]))
def test_the_schemes_filter_takes_the_python_path(
    scanner: Any, text: str, mode: dict[str, bool], schemes: list[str]
) -> None:
    got = scanner.extract(text, schemes=schemes, **mode)
    assert keys(got) == keys(P.extract(text, schemes=schemes, **mode))


def test_the_scanner_decides_the_common_cases_itself(scanner: Any) -> None:
    # Not a fallback in disguise: these are found by C alone (stop == len(text)).
    text = (
        'See http://a.example/x, "https://b.example/" and <URL:ftp://c.example/\n'
        "  d> or <mailto:e@f.example>; www.g.example/h.\n"
    )
    prose = scanner._prose_schemes(frozenset())
    found, stop = scanner._extract_scan(text, 0, 0, prose, False, True, scanner.Extracted, 100)
    assert stop == len(text)
    assert [f.uri for f in found] == [
        "http://a.example/x",
        "https://b.example/",
        "ftp://c.example/d",
        "mailto:e@f.example",
        "https://www.g.example/h",
    ]
    assert [f.wrapper for f in found] == [None, "quote", "url", "angle", None]
    assert found[-1].abbreviated and not found[0].abbreviated
    assert keys(found) == keys(P.extract(text, abbreviated=True))
    # an invalid bare reference is cut where parse says it goes wrong, in C too
    text = "x http://a/%zz y"
    found, stop = scanner._extract_scan(text, 0, 0, prose, False, False, scanner.Extracted, 9)
    assert stop == len(text) and [f.uri for f in found] == ["http://a/"]
    assert keys(found) == keys(P.extract(text))
    # and stops at what it leaves to Python: the same with iris=True (the IRI rule)
    found, stop = scanner._extract_scan(text, 0, 0, prose, True, False, scanner.Extracted, 9)
    assert (found, stop) == ([], 6)


PAREN_TEXT = (
    "(https://godoc.org/x/lmdb).Advantages, (http://a.example/b_(c)_d)) and\n"
    "((http://a.example/e)f)g; x(http://a.example/h).i (www.j.example/k_(l)).m"
    " (mailto:n@o.example)."
)


@pytest.mark.parametrize("mode", MODES, ids=str)
def test_the_scanner_ends_a_uri_at_the_paren_before_it_itself(
    scanner: Any, mode: dict[str, bool]
) -> None:
    # A bare or abbreviated URI just after "(" ends at the ")" closing it, decided by
    # C alone (stop == len(text)), as Python decides it: the common case in prose.
    prose = scanner._prose_schemes(frozenset())
    iris, abbreviated = bool(mode.get("iris")), bool(mode.get("abbreviated"))
    found, stop = scanner._extract_scan(
        PAREN_TEXT, 0, 0, prose, iris, abbreviated, scanner.Extracted, 100
    )
    assert stop == len(PAREN_TEXT)
    assert keys(found) == keys(P.extract(PAREN_TEXT, **mode))
    expected = ["https://godoc.org/x/lmdb", "http://a.example/b_(c)_d", "http://a.example/e"]
    expected += ["http://a.example/h"]
    if abbreviated:
        expected.append("https://www.j.example/k_(l)")
    expected.append("mailto:n@o.example")
    assert [f.uri for f in found] == expected


@pytest.mark.parametrize("filler", ["a", "\xe9", "\u0436", "\U0001f600"], ids=ascii)
def test_candidates_at_every_offset_of_the_simd_steps(scanner: Any, filler: str) -> None:
    # The scanner reads 32 then 16 characters a step, then one at a time: a
    # candidate at each offset from the start, in text of each width, and the
    # text's end at each offset, are found as Python finds them.
    for form in ("http://a.example/x", "<mailto:a@b.example>", '"news:a.b"', "www.c.example"):
        for at in range(0, 70):
            text = filler * at + " " + form + " " + filler * (69 - at)
            for mode in MODES:
                assert keys(scanner.extract(text, **mode)) == keys(P.extract(text, **mode))
            tail = filler * at + " " + form
            assert keys(scanner.extract(tail, abbreviated=True)) == keys(
                P.extract(tail, abbreviated=True)
            )


def test_the_scan_leaves_the_collector_as_it_was(scanner: Any) -> None:
    # The scan holds automatic collection off while it runs (its objects are
    # untracked) and gives it back as it found it, enabled or not.
    text = "see http://a.example/ and <mailto:b@c.example> " * 2000
    was = gc.isenabled()
    try:
        for enabled in (True, False, True):
            (gc.enable if enabled else gc.disable)()
            assert len(scanner.extract(text)) == 4000
            assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_extract_scan_checks_its_arguments(scanner: Any) -> None:
    scan = scanner._extract_scan
    prose = frozenset({"mailto"})
    with pytest.raises(TypeError):
        scan(b"http://a/", 0, 0, prose, False, False, scanner.Extracted, 9)
    with pytest.raises(TypeError):
        scan("http://a/", 0, 0, ["mailto"], False, False, scanner.Extracted, 9)
    with pytest.raises(ValueError):
        scan("http://a/", -1, 0, prose, False, False, scanner.Extracted, 9)
    with pytest.raises(ValueError):
        scan("http://a/", 0, 0, prose, False, False, scanner.Extracted, 0)
    with pytest.raises(TypeError, match="object slot"):
        scan("http://a/", 0, 0, prose, False, False, type("NoSlots", (), {}), 9)
    # a position past the end finds nothing
    assert scan("http://a/", 50, 0, prose, False, False, scanner.Extracted, 9) == ([], 9)
