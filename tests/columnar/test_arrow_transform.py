"""urikit.arrow.normalize and resolve against the pure-Python per-row functions,
row by row, on both builds: in the C build these are the GIL-free kernels of
columnar/arrow_transform_c.c, whose declined rows go through Python."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from _twins import C_ONLY, Build

pa = pytest.importorskip("pyarrow")

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
URLS = SHARED / "urls.txt"
REFS = SHARED / "refs.tsv"
TYPES = [pa.string(), pa.large_string(), pa.string_view()]

#: Rows the C cores decline or that stress their buffers.
HOSTILE: list[str | None] = [
    None,
    "",
    "a b",
    "%zz",
    "http://h/é",
    "HTTP://HÉ/",
    "\x00",
    "http://[::1]:/",
    "HTTP://A:80/./b/../c/%7e%2F",
    "https://H:0443",
    "http://h:/",
    "HTTP://h",
    "foo://U%41@H/.",
    "//h/.//p",
    "../a/./b",
    "http://h/" + "a/../" * 20000 + "z",
    "http://h/" + "%41" * 30000,
    "x:" + "/." * 10000,
    None,
]


def corpus(step: int) -> list[str | None]:
    if not URLS.is_file():
        pytest.skip("../shared/corpus is not available")
    lines = URLS.read_text(encoding="utf-8", errors="replace").split("\n")
    sample = lines[::step]
    # upper case: a scheme and host to lower, percent-encodings to decode (%2E)
    return [*sample, *(t.upper() for t in sample[::4]), *HOSTILE]


def pairs(step: int) -> tuple[list[str | None], list[str | None]]:
    if not REFS.is_file():
        pytest.skip("../shared/corpus/refs.tsv is not available")
    rows = [
        line.split("\t", 1)
        for line in REFS.read_text(encoding="utf-8", errors="replace").split("\n")[::step]
        if "\t" in line
    ]
    bases: list[str | None] = [b for b, _ in rows]
    refs: list[str | None] = [r for _, r in rows]
    bases += ["http://a/b/c", None, "http://a/", "rel", "é:x", "http://a/b", "http://a/b"]
    refs += [None, "g", "a b", "g", "g", "../" * 5000 + "g", "g/" * 20000 + ".."]
    return bases, refs


def per_row(func: Callable[..., str], *texts: str | None) -> str | None:
    """``func`` of one row as the arrays promise it: null for a null or invalid input."""
    if any(t is None for t in texts):
        return None
    try:
        return func(*texts)
    except ValueError:  # URIError
        return None


def python_normalize(build: Build) -> Callable[..., str]:
    f = build["urikit.core.normalization"].normalize
    return getattr(f, "__wrapped__", f)  # type: ignore[no-any-return]


def python_resolve(build: Build) -> Callable[..., str]:
    f = build["urikit.core.resolution"].resolve
    return getattr(f, "__wrapped__", f)  # type: ignore[no-any-return]


@pytest.mark.parametrize("typ", TYPES, ids=str)
@pytest.mark.parametrize("level", ["scheme", "syntax"])
def test_normalize_equals_the_python_function(build: Build, typ: Any, level: str) -> None:
    rows = corpus(31)
    ref = python_normalize(build)
    want = [per_row(lambda t: ref(t, level), t) for t in rows]
    got = build["urikit.arrow"].normalize(pa.array(rows, typ), level).to_pylist()
    bad = [(i, rows[i], g, w) for i, (g, w) in enumerate(zip(got, want, strict=True)) if g != w]
    assert bad == []
    # the rows were not all trivial: some unchanged, some changed, some null
    assert sum(g == r for g, r in zip(got, rows, strict=True)) > 100
    assert sum(g not in (None, r) for g, r in zip(got, rows, strict=True)) > 20
    assert got.count(None) > 5


@pytest.mark.parametrize("typ", TYPES, ids=str)
def test_resolve_equals_the_python_function(build: Build, typ: Any) -> None:
    bases, refs = pairs(10)
    ref = python_resolve(build)
    arrow = build["urikit.arrow"]
    for strict in (True, False):
        want = [
            per_row(lambda b, r, s=strict: ref(b, r, strict=s), b, r)
            for b, r in zip(bases, refs, strict=True)
        ]
        got = arrow.resolve(pa.array(bases, typ), pa.array(refs, typ), strict=strict).to_pylist()
        assert [i for i, (g, w) in enumerate(zip(got, want, strict=True)) if g != w] == []
        assert got.count(None) > 3
        one = "http://a/b/c/d;p?q"
        want = [per_row(lambda r, s=strict, o=one: ref(o, r, strict=s), r) for r in refs]
        got = arrow.resolve(one, pa.array(refs, typ), strict=strict).to_pylist()
        assert [i for i, (g, w) in enumerate(zip(got, want, strict=True)) if g != w] == []


def test_chunks_slices_and_mixed_widths(build: Build) -> None:
    arrow = build["urikit.arrow"]
    rows = corpus(301)
    want = arrow.normalize(pa.array(rows)).to_pylist()
    chunked = pa.chunked_array([rows[:7], [], rows[7:100], rows[100:]], pa.large_string())
    got = arrow.normalize(chunked)
    assert got.type == pa.large_string() and got.num_chunks == 4
    assert got.to_pylist() == want
    assert arrow.normalize(pa.array(rows)[5:50]).to_pylist() == want[5:50]
    bases, refs = pairs(97)
    want = arrow.resolve(pa.array(bases), pa.array(refs)).to_pylist()
    b = pa.chunked_array([bases[:3], bases[3:]], pa.large_string())
    r = pa.chunked_array([refs[:10], refs[10:20], refs[20:]], pa.string_view())
    got = arrow.resolve(b, r)
    assert got.type == pa.string() and got.to_pylist() == want
    assert arrow.resolve(pa.array(bases)[3:40], pa.array(refs)[3:40]).to_pylist() == want[3:40]
    assert arrow.resolve(None, pa.array(refs)).null_count == len(refs)


@pytest.mark.parametrize("func", ["normalize", "resolve"])
def test_errors_raise_names_the_first_bad_row(build: Build, func: str) -> None:
    arrow = build["urikit.arrow"]
    rows = ["http://ok/", None, "http://h/é", "a b"] * 3
    call: Callable[[Any], Any] = (
        (lambda a: arrow.normalize(a, errors="raise"))
        if func == "normalize"
        else (lambda a: arrow.resolve("http://a/", a, errors="raise"))
    )
    with pytest.raises(build["urikit"].URIError) as caught:
        call(pa.array(rows))
    assert caught.value.position == 9 and "é" in str(caught.value)


@C_ONLY
def test_the_c_kernels_run_in_threads_side_by_side(build: Build) -> None:
    """Two threads on the same arrays give what one gives (the loop holds no GIL
    and no shared state)."""
    arrow = build["urikit.arrow"]
    rows = pa.array(corpus(7))
    bases, refs = pairs(3)
    barr, rarr = pa.array(bases), pa.array(refs)
    want = (arrow.normalize(rows), arrow.resolve(barr, rarr))
    got: list[tuple[Any, Any]] = []

    def work() -> None:
        got.append((arrow.normalize(rows), arrow.resolve(barr, rarr)))

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(got) == 2 and all(n.equals(want[0]) and r.equals(want[1]) for n, r in got)


@C_ONLY
def test_c_kernels_check_their_buffers(build: Build) -> None:
    accel = build["urikit.core._accel"]
    offsets = pa.py_buffer(bytes([0, 0, 0, 0, 9, 0, 0, 0]))  # row 0 ends past the data
    with pytest.raises(ValueError, match="offsets"):
        accel.arrow_normalize(None, offsets, b"abc", 0, 1, False, False, True, (), (), str)
    with pytest.raises(ValueError, match="too small"):
        accel.arrow_resolve(None, offsets, b"abc", 0, 2, False, False, True, str, "http://a/")
    with pytest.raises(TypeError):
        accel.arrow_normalize(None, offsets, b"abc", 0, 1, False, False, True, ((1, 2),), (), str)
    # a fallback that gives no str (a declined row: "a b")
    three = pa.py_buffer(bytes([0, 0, 0, 0, 3, 0, 0, 0]))
    with pytest.raises(TypeError, match="no str"):
        accel.arrow_normalize(None, three, b"a b", 0, 1, False, False, True, (), (), len)
