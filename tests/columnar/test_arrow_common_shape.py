"""The C Arrow kernels' fast scanner equals the pure-Python reference.

``arrow_validate`` / ``arrow_split`` first try a specialised scan of the common
shape ``scheme "://" reg-name [":" port] path-abempty ["?" query] ["#" fragment]``
(8 bytes a step) and leave every other text to the general splitter. These
tests feed that shape - long components, so the 8-byte steps and their tails
are crossed, percent-encodings at every place - and mutations of it, and
compare every row with the regular-expression reference ``_parser.split``
(its Python definition, never the C twin). They run on the C build (the
``build`` fixture restricted to ``"c"``); skipped without pyarrow.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from _twins import C_ONLY, Build
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import fragment, mutated, path_abempty, pct_encoded, port, query, reg_name, scheme

from urikit.core import _charsets as cs
from urikit.core import _parser

pa = pytest.importorskip("pyarrow")
pytestmark = C_ONLY

RULES = ["URI-reference", "URI", "absolute-URI", "relative-ref"]
TYPES = [pa.string(), pa.large_string(), pa.string_view()]
#: the regular-expression reference split (the C twin wraps it as a fallback)
split_reference: Any = getattr(_parser.split, "__wrapped__", _parser.split)


def long_run(charset: frozenset[str]) -> st.SearchStrategy[str]:
    """Up to ~40 characters of ``charset`` or percent-encodings."""
    element = st.one_of(st.sampled_from(sorted(charset)), pct_encoded)
    return st.lists(element, max_size=40).map("".join)


@st.composite
def fast_shape(draw: st.DrawFn) -> str:
    """``scheme "://" host [":" port] path-abempty ["?" query] ["#" fragment]``."""
    host = draw(st.one_of(reg_name, long_run(cs.REG_NAME)))
    text = draw(scheme) + "://" + host
    if draw(st.booleans()):
        text += ":" + draw(port)
    text += draw(st.one_of(path_abempty, long_run(cs.PATH).map(lambda p: "/" + p)))
    if draw(st.booleans()):
        text += "?" + draw(st.one_of(query, long_run(cs.QUERY)))
    if draw(st.booleans()):
        text += "#" + draw(st.one_of(fragment, long_run(cs.FRAGMENT)))
    return text


def expected_components(arrow: Any, text: str, rule: str) -> dict[str, str | None] | None:
    """The components of ``text`` from the reference split (None: invalid)."""
    spans = split_reference(text, rule)
    if spans is None:
        return None
    return {
        name: None if spans[g][0] < 0 else text[spans[g][0] : spans[g][1]]
        for g, name in enumerate(arrow.COMPONENTS, start=1)
    }


#: the scanner levels of the C kernels: portable, SSSE3, AVX2
LEVELS = {"portable": 0, "ssse3": 1, "avx2": 2}


@pytest.fixture(params=list(LEVELS), autouse=True)
def scanner(request: pytest.FixtureRequest, build: Build) -> Iterator[None]:
    """Run each test with each scanner level the CPU has: AVX2 and SSSE3 (the
    byte-class pass of ``arrow_validate``), and the portable scanner, which CPUs
    without SSSE3 (and non-x86 machines) use."""
    speedups = build.speedups
    try:
        was = speedups._arrow_level(LEVELS[request.param])
    except ValueError:
        pytest.skip(f"this CPU has no {request.param}")
    try:
        yield
    finally:
        speedups._arrow_level(was)


def check(arrow: Any, texts: list[str]) -> None:
    for typ in TYPES:
        arr = pa.array(texts, typ)
        for rule in RULES:
            expected = [expected_components(arrow, t, rule) for t in texts]
            assert arrow.validate(arr, rule).to_pylist() == [e is not None for e in expected]
            rows = arrow.split(arr, rule).to_pylist()
            for text, row, exp in zip(texts, rows, expected, strict=True):
                got = {name: row[name] for name in arrow.COMPONENTS}
                if exp is None:
                    assert row["error_reason"] is not None, text
                    assert got == dict.fromkeys(arrow.COMPONENTS), text
                else:
                    assert row["error_reason"] is None, text
                    assert got == exp, text


@settings(max_examples=300, deadline=None)
@given(st.lists(fast_shape(), min_size=1, max_size=8))
def test_fast_shape_equals_reference(build: Build, texts: list[str]) -> None:
    arrow = build["urikit.arrow"]
    check(arrow, texts)


@settings(max_examples=400, deadline=None)
@given(st.lists(mutated(fast_shape()), min_size=1, max_size=8))
def test_mutated_fast_shape_equals_reference(build: Build, texts: list[str]) -> None:
    arrow = build["urikit.arrow"]
    check(arrow, [t for t in texts if t == t.encode("utf-8", "replace").decode("utf-8")])


# Texts at the edges of the fast shape: each is decided by the general splitter
# or must be read by the fast scanner exactly as the splitter reads it.
EDGES = [
    "http://",
    "http:/",
    "http:",
    "h://",
    "h://a",
    "h://:",
    "h://:80",
    "h://a:",
    "h://a:8x/",
    "h://a:80@b/",
    "h://u@h/",
    "h://u:p@h:1/p",
    "h://[::1]/",
    "h://[::1",
    "h://a]/",
    "h://a%4/",
    "h://a%41/",
    "h://a%4g/",
    "h://a?",
    "h://a#",
    "h://a?#",
    "h://a#?",
    "h://a##",
    "h://a/b#c#d",
    "h://a/%",
    "h://a/%4",
    "h://a/%41",
    "h://abcdefgh/abcdefgh%41bcdefgh%4",
    "h://abcdefgh/abcdefgh?abcdefgh#abcdefgh",
    "h://abcdefgh/abcdefg h",
    "h://abcdefgh/abcdefgh\x7f",
    "h://abcdefghijklmnop\x00",
    "h://a b/",
    "h://a\\b/",
    "h://a/b\\c",
    "h://a/b[c]",
    "h://a?b[c]",
    "h://a#b[c]",
    "h://a/b?c/d?e:f@g",
    "1h://a/",
    "+h://a/",
    "h+.-9://a/",
    "h//a/",
    "://a/",
    "h:///",
    "h:////",
    "h://a//b",
    "h://é/",
    "h://a/é",
]


@pytest.mark.parametrize("text", EDGES)
def test_edges_equal_reference(build: Build, text: str) -> None:
    arrow = build["urikit.arrow"]
    check(arrow, [text, text + "/x" * 5, "x" + text])


def test_rows_that_end_inside_a_prefix(build: Build) -> None:
    arrow = build["urikit.arrow"]
    # the scanner may read past a row into the next ones: a row that is only the
    # start of "https://" must still be read as itself
    check(arrow, ["https:/", "/a", "http:/", "/", "https:", "//", "http://", "https://", "http:"])
    check(arrow, ["https://", "http://a", "https://a", "HTTPS://a", "httpx://a", "http:/", "/"])


# ----------------------------------------------------- arrow_validate's byte-class pass
# On the SIMD levels arrow_validate classifies 8 KiB of rows at a time, 64
# bytes a word, and decides most rows from those bits: these cases put every
# kind of byte at every place of a word, rows across words, chunks and the
# end of the buffer, nulls and slices.


def validate_check(arrow: Any, texts: Sequence[str | None], typ: Any = None) -> None:
    """``arrow.validate`` of ``texts`` as one array of ``typ`` (default
    ``string``) equals the reference, under every rule."""
    arr = pa.array(texts, typ or pa.string())
    for rule in RULES:
        expected = [None if t is None else split_reference(t, rule) is not None for t in texts]
        assert arrow.validate(arr, rule).to_pylist() == expected, rule


#: bytes that the byte classes tell apart: delimiters, "%", "#", brackets,
#: space, controls, non-ASCII and query-class bytes whose low nibble is 0xf
#: like "/" and "?" ("O", "_", "o") or 0x0 / 0xa like "@" and ":" ("P", "J", "z").
PROBES = [*":@/?#%[] \x00\x7f\t", "é", "\u20ac", "\U0001f600", *"O_oPJz~!.-+9"]


def test_every_byte_at_every_place_of_a_word(build: Build) -> None:
    arrow = build["urikit.arrow"]
    # rows of 96 characters ("https://" + host + path + query), each with one
    # probe at one place; the rows follow each other in one buffer, so each
    # place falls at every offset of the 64-byte words
    base = "https://" + "h" * 20 + "/" + "p" * 40 + "?" + "q" * 26
    assert len(base) == 96
    rows = [base[:k] + c + base[k + 1 :] for k in range(len(base)) for c in PROBES]
    validate_check(arrow, rows)
    validate_check(arrow, rows, pa.large_string())
    validate_check(arrow, rows, pa.string_view())


def test_every_length_and_start(build: Build) -> None:
    arrow = build["urikit.arrow"]
    # a row of every length 0..200 (so 63, 64, 65, 127, 128, 129) after a row
    # of every length 0..65 (so it starts at every offset of a word), with and
    # without a delimiter in the host
    rows: list[str | None] = []
    for n in range(201):
        for lead in (0, 1, 7, 31, 32, 33, 63, 64, 65):
            rows.append("x" * lead)
            for text in ("http://" + "a" * n, "https://a.b/" + "p" * n, "git://" + "h" * n + ":1/"):
                rows.append(text[: n + 8])
    validate_check(arrow, rows)
    validate_check(arrow, rows, pa.large_string())


def test_long_authorities_and_schemes(build: Build) -> None:
    arrow = build["urikit.arrow"]
    # the first delimiter after "//" 62..66 bytes on (the pass looks 63 ahead),
    # schemes long and short, hosts ending in ":" or "@" past that
    # hosts of "o" (low nibble 0xf like "/" and "?") or "z" (0xa like ":")
    rows = []
    for n in range(58, 70):
        for tail in ("", "/", "?", ":", "@", ":80/", ":x", "@h/", "@h@h/", "@:", "/a:b@c", "#f"):
            rows.append("https://" + "h" * n + tail)
            rows.append("https://" + "o" * n + tail)
            rows.append("http://" + "z" * n + tail)
            rows.append("s" * n + "://h" + tail)
            rows.append("s" + "+" * n + "://" + "h" * n + tail)
    validate_check(arrow, rows)


def test_rows_across_chunks_and_the_buffer_end(build: Build) -> None:
    arrow = build["urikit.arrow"]
    # 8 KiB chunks: rows of every length around the chunk's end, rows longer
    # than a chunk (valid, and with a bad byte at the end), and a last row that
    # ends the buffer (the pass must not read past it)
    url = "https://example.org/a/b?c=d"
    rows = [url] * 300 + ["https://h/" + "p" * 9000, "https://h/" + "p" * 9000 + " "]
    rows += [url[: k % len(url)] for k in range(400)]
    rows += [url + "/" * k for k in range(100)]
    for last in ("http://", "https://", "http:/", "h", "https://a", url, url + "#", url + "%"):
        validate_check(arrow, [*rows, last])
        validate_check(arrow, [last])


def test_buffer_that_ends_at_the_last_row(build: Build) -> None:
    arrow = build["urikit.arrow"]
    # a data buffer exactly as long as its rows (from a bytes object, not an
    # Arrow allocation with padding): under AddressSanitizer a read past it is
    # an error
    for texts in (["https://a.b/c"] * 50 + ["http://"], ["x"] * 600 + ["https://" + "h" * 70]):
        data = "".join(texts).encode()
        offsets = [0]
        for t in texts:
            offsets.append(offsets[-1] + len(t.encode()))
        arr = pa.Array.from_buffers(
            pa.string(),
            len(texts),
            [None, pa.py_buffer(pa.array(offsets, pa.int32()).buffers()[1]), pa.py_buffer(data)],
        )
        for rule in RULES:
            expected = [split_reference(t, rule) is not None for t in texts]
            assert arrow.validate(arr, rule).to_pylist() == expected


def test_nulls_and_slices_across_words(build: Build) -> None:
    arrow = build["urikit.arrow"]
    rows: list[str | None] = []
    for k in range(150):
        rows.append(None if k % 3 == 0 else "https://h" + "x" * (k % 70) + "/p?q")
        if k % 7 == 0:
            rows.append("https://h/%zz" if k % 2 else "")
    arr = pa.array(rows, pa.string())
    for start in range(0, 70):
        for length in (0, 1, 63, 64, 65, 130):
            part = rows[start : start + length]
            for rule in RULES:
                expected = [t if t is None else split_reference(t, rule) is not None for t in part]
                assert arrow.validate(arr.slice(start, length), rule).to_pylist() == expected


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(st.none(), fast_shape(), mutated(fast_shape()), st.text(max_size=80)),
        min_size=1,
        max_size=60,
    ),
    st.integers(min_value=0, max_value=40),
)
def test_validate_random_rows_and_slices(build: Build, texts: list[str | None], start: int) -> None:
    arrow = build["urikit.arrow"]
    texts = [t for t in texts if t is None or t == t.encode("utf-8", "replace").decode("utf-8")]
    arr = pa.array(texts, pa.string())
    for rule in RULES:
        expected = [None if t is None else split_reference(t, rule) is not None for t in texts]
        assert arrow.validate(arr, rule).to_pylist() == expected
        assert arrow.validate(arr.slice(start), rule).to_pylist() == expected[start:]


def test_level_hook(build: Build) -> None:
    speedups = build.speedups
    with pytest.raises(ValueError, match="scanner level"):
        speedups._arrow_level(3)
    with pytest.raises(ValueError, match="scanner level"):
        speedups._arrow_level(-2)
