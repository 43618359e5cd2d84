"""The C Arrow kernels' fast scanner equals the pure-Python reference.

``arrow_validate`` / ``arrow_split`` first try a specialised scan of the common
shape ``scheme "://" reg-name [":" port] path-abempty ["?" query] ["#" fragment]``
(8 bytes a step) and leave every other text to the general splitter. These
tests feed that shape - long components, so the 8-byte steps and their tails
are crossed, percent-encodings at every place - and mutations of it, and
compare every row with the regular-expression reference ``_parser.split``
(its Python definition, never the C twin). Skipped without pyarrow or the C
build.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import fragment, mutated, path_abempty, pct_encoded, port, query, reg_name, scheme

import urikit
from urikit import _accel, _parser, arrow
from urikit import _charsets as cs

pa = pytest.importorskip("pyarrow")
pytestmark = pytest.mark.skipif(urikit.IMPLEMENTATION != "c", reason="needs the C build")

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


def expected_components(text: str, rule: str) -> dict[str, str | None] | None:
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


@pytest.fixture(params=sorted(LEVELS, key=LEVELS.__getitem__), autouse=True)
def scanner(request: pytest.FixtureRequest) -> Iterator[None]:
    """Run each test with each scanner level the CPU has: AVX2 and SSSE3 (the
    byte-class pass of ``arrow_validate``), and the portable scanner, which CPUs
    without SSSE3 (and non-x86 machines) use."""
    speedups: Any = _accel.speedups
    try:
        was = speedups._arrow_level(LEVELS[request.param])
    except ValueError:
        pytest.skip(f"this CPU has no {request.param}")
    try:
        yield
    finally:
        speedups._arrow_level(was)


def check(texts: list[str]) -> None:
    for typ in TYPES:
        arr = pa.array(texts, typ)
        for rule in RULES:
            expected = [expected_components(t, rule) for t in texts]
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
def test_fast_shape_equals_reference(texts: list[str]) -> None:
    check(texts)


@settings(max_examples=400, deadline=None)
@given(st.lists(mutated(fast_shape()), min_size=1, max_size=8))
def test_mutated_fast_shape_equals_reference(texts: list[str]) -> None:
    check([t for t in texts if t == t.encode("utf-8", "replace").decode("utf-8")])


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
def test_edges_equal_reference(text: str) -> None:
    check([text, text + "/x" * 5, "x" + text])


def test_rows_that_end_inside_a_prefix() -> None:
    # the scanner may read past a row into the next ones: a row that is only the
    # start of "https://" must still be read as itself
    check(["https:/", "/a", "http:/", "/", "https:", "//", "http://", "https://", "http:"])
    check(["https://", "http://a", "https://a", "HTTPS://a", "httpx://a", "http:/", "/"])
