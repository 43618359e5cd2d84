"""urikit.arrow.normalize, resolve, canonical and surt against the per-row
functions, row by row, on both builds: in the C build these are the GIL-free
kernels of columnar/arrow_transform_c.c, whose declined rows go through Python,
their output in buffers from Arrow's memory pool."""

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
    f = build["urikit.core._normalization"].normalize
    return getattr(f, "__wrapped__", f)  # type: ignore[no-any-return]


def python_resolve(build: Build) -> Callable[..., str]:
    f = build["urikit.core._resolution"].resolve
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


#: (name, call) of each form arrow_canonical takes: the urikit.arrow function and
#: the per-row function of a urikit copy
CANONICAL: list[tuple[str, Callable[..., Any], Callable[[Any, str], str]]] = [
    ("surt", lambda a, x, **kw: a.surt(x, **kw), lambda u, t: u.surt(t)),
    ("semantic", lambda a, x, **kw: a.canonical(x, **kw), lambda u, t: u.canonical(t)),
    (
        "fragment",
        lambda a, x, **kw: a.canonical(x, keep_fragment=True, **kw),
        lambda u, t: u.canonical(t, keep_fragment=True),
    ),
    (
        "safe-browsing",
        lambda a, x, **kw: a.canonical(x, "safe-browsing", **kw),
        lambda u, t: u.canonical(t, "safe-browsing"),
    ),
]


@pytest.mark.parametrize("typ", TYPES, ids=str)
@pytest.mark.parametrize("form", CANONICAL, ids=lambda f: f[0])
def test_canonical_equals_the_per_row_function(build: Build, typ: Any, form: Any) -> None:
    """A column mixing rows the C core takes, rows it declines (to Python, some
    of them null there), nulls and rows whose form outgrows the output's first
    size (each "=" after a query part's first becomes %3D), sliced at every
    offset of a few rows too."""
    _, column, one = form
    grown = ["http://h/?a=" + "=" * 3000, "http://h/p?" + "x==&" * 500]
    rows = [*corpus(31), *grown * 20, *["http://h:x/", "http://h:y/"] * 3]
    want = [per_row(lambda t: one(build.urikit, t), t) for t in rows]
    arr = pa.array(rows, typ)
    got = column(build["urikit.arrow"], arr)
    assert got.type == (pa.large_string() if typ == pa.large_string() else pa.string())
    bad = [(i, rows[i], g, w) for i, (g, w) in enumerate(zip(got.to_pylist(), want, strict=True))]
    assert [b for b in bad if b[2] != b[3]] == []
    assert sum(g not in (None, r) for _, r, g, _ in bad) > 100  # changed rows
    assert sum(g is None and r is not None for _, r, g, _ in bad) > 3  # declined, then null
    few = pa.array(HOSTILE[:8] + grown + ["http://A/b?z&a#f"], typ)
    for start in range(len(few)):
        part = column(build["urikit.arrow"], few.slice(start, 5)).to_pylist()
        assert part == [
            per_row(lambda t: one(build.urikit, t), t) for t in few.to_pylist()[start:][:5]
        ]


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


@pytest.mark.parametrize("form", CANONICAL, ids=lambda f: f[0])
def test_canonical_errors_raise_names_the_first_bad_row(build: Build, form: Any) -> None:
    """The error of the first row that has no form, not of a later one: rows
    the C core takes come before and between them."""
    _, column, one = form
    urikit = build["urikit"]
    first, later = "http://h:x/", "http://hh:yy/"
    rows = ["http://ok/", None, "http://é/", first, "http://ok/b", later, ""]
    with pytest.raises(urikit.URIError) as caught:
        column(build["urikit.arrow"], pa.array(rows, pa.large_string()), errors="raise")
    # the reference's own call (ValueError: a twin build may hold another URIError class)
    with pytest.raises(ValueError) as direct:
        one(urikit, first)
    # the row's error, naming the row (its index in the array)
    assert str(caught.value) == f"row 3: {direct.value}"
    assert isinstance(caught.value, build["urikit.arrow"].RowError) and caught.value.row == 3
    assert caught.value.row_message == str(direct.value)
    for field in ("reason", "component", "position", "text"):
        assert getattr(caught.value, field) == getattr(direct.value, field), field
    with pytest.raises(ValueError) as other:
        one(urikit, later)
    assert str(other.value) != str(direct.value)  # the assertion above can tell them apart


def test_declined_rows_in_many_blocks(build: Build) -> None:
    """More rows than the C kernel maps between two turns of Python (65536):
    declined rows of every block come back in their places, and with
    errors="raise" the first bad row's error is raised, though the rows of an
    earlier block went through Python already."""
    arrow = build["urikit.arrow"]
    n = 70_000
    # the C core takes "http://H/i", declines "http://h/%41i" (a "%": Python's "http://h/Ai")
    rows = [[f"http://H/{i}", f"http://h/%41{i}", None][i % 3] for i in range(n)]
    got = arrow.canonical(pa.array(rows)).to_pylist()
    assert got == [per_row(build.urikit.canonical, t) for t in rows]
    # the second block's first rows: declined, null, taken
    assert got[65536:65539] == ["http://h/A65536", None, "http://h/65538"]
    first, later = 69_001, 69_500
    rows[first], rows[later] = "http://h:x/", "http://hh:yy/"
    with pytest.raises(build.urikit.URIError) as caught:
        arrow.canonical(pa.array(rows), errors="raise")
    assert str(caught.value) == "row 69001: invalid character 'x' in port at position 9"
    assert caught.value.row == first


@pytest.mark.parametrize("typ", TYPES, ids=str)
def test_declined_rows_that_outgrow_the_output(build: Build, typ: Any) -> None:
    """Rows the C core declines (non-ASCII, for Python) whose canonical and
    SURT forms are about three times their length (each é, 2 bytes, becomes
    %C3%A9), between rows it takes, nulls and invalid rows: the Python rows'
    bytes outgrow the room left for them, and every row around them moves to
    its place. normalize and resolve over the same rows, declined as well."""
    arrow = build["urikit.arrow"]
    long = "http://h/" + "\u00e9" * 300
    rows = ["http://H/a", long, None, "http://h/%7e", "a b", long + "x", "", "http://h/b"] * 40
    rows += [long] * 20 + ["http://H/end"]
    arr = pa.array(rows, typ)
    size = sum(len((t or "").encode()) for t in rows)
    for name in ("canonical", "surt"):
        got = getattr(arrow, name)(arr).to_pylist()
        assert got == [per_row(getattr(build.urikit, name), t) for t in rows]
        assert sum(len(g or "") for g in got) > 2.5 * size
    assert arrow.normalize(arr).to_pylist() == [per_row(build.urikit.normalize, t) for t in rows]
    got = arrow.resolve("http://a/b/", arr).to_pylist()
    assert got == [per_row(build.urikit.resolve, "http://a/b/", t) for t in rows]


@C_ONLY
@pytest.mark.parametrize("name", ["normalize", "resolve", "canonical", "surt"])
def test_the_c_kernels_output_comes_from_arrows_pool(build: Build, name: str) -> None:
    """The output buffers are Arrow's memory pool's (which keeps freed memory
    for the next call), not memory of the kernel's own."""
    arrow = build["urikit.arrow"]
    rows = pa.array(corpus(7))
    call: dict[str, Callable[[], Any]] = {
        "normalize": lambda: arrow.normalize(rows),
        "resolve": lambda: arrow.resolve("http://a/b", rows),
        "canonical": lambda: arrow.canonical(rows),
        "surt": lambda: arrow.surt(rows),
    }
    pool = pa.default_memory_pool()
    before = pool.bytes_allocated()
    out = call[name]()
    validity, offsets, data = out.buffers()
    assert validity is not None and data.size > 100_000
    assert pool.bytes_allocated() - before >= validity.size + offsets.size + data.size
    assert offsets.size == 4 * (len(rows) + 1)


@C_ONLY
def test_the_c_kernels_run_in_threads_side_by_side(build: Build) -> None:
    """Two threads on the same arrays give what one gives (the loop holds no GIL
    and no shared state)."""
    arrow = build["urikit.arrow"]
    rows = pa.array(corpus(7))
    bases, refs = pairs(3)
    barr, rarr = pa.array(bases), pa.array(refs)
    kernels: list[Callable[[], Any]] = [
        lambda: arrow.normalize(rows),
        lambda: arrow.resolve(barr, rarr),
        lambda: arrow.canonical(rows),
        lambda: arrow.surt(rows),
    ]
    want = [k() for k in kernels]
    got: list[list[Any]] = []

    def work() -> None:
        got.append([k() for k in kernels])

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(got) == 2 and all(len(g) == 4 and all(map(pa.Array.equals, g, want)) for g in got)


@C_ONLY
def test_c_kernels_check_their_buffers(build: Build) -> None:
    accel = build["urikit.core._accel"].speedups
    alloc = build["urikit.columnar._arrow"]._allocator()
    offsets = pa.py_buffer(bytes([0, 0, 0, 0, 9, 0, 0, 0]))  # row 0 ends past the data
    with pytest.raises(ValueError, match="offsets"):
        accel.arrow_normalize(None, offsets, b"abc", 0, 1, False, False, alloc, True, (), (), str)
    with pytest.raises(ValueError, match="offsets"):
        accel.arrow_canonical(None, offsets, b"abc", 0, 1, False, False, alloc, 2, str)
    with pytest.raises(ValueError, match="too small"):
        accel.arrow_resolve(
            None, offsets, b"abc", 0, 2, False, False, alloc, True, str, "http://a/"
        )
    with pytest.raises(TypeError):
        accel.arrow_normalize(
            None, offsets, b"abc", 0, 1, False, False, alloc, True, ((1, 2),), (), str
        )
    with pytest.raises(ValueError, match="mode"):
        accel.arrow_canonical(None, offsets, b"abc", 0, 1, False, False, alloc, 4, str)
    # a fallback that gives no str (a declined row: "a b")
    three = pa.py_buffer(bytes([0, 0, 0, 0, 3, 0, 0, 0]))
    with pytest.raises(TypeError, match="no str"):
        accel.arrow_normalize(None, three, b"a b", 0, 1, False, False, alloc, True, (), (), len)
    with pytest.raises(TypeError, match="no str"):
        accel.arrow_canonical(None, three, b"a b", 0, 1, False, False, alloc, 0, len)
    # the allocator: not callable, failing, or giving a buffer too small
    ok = pa.py_buffer(bytes([0, 0, 0, 0, 3, 0, 0, 0]))
    with pytest.raises(TypeError, match="alloc"):
        accel.arrow_canonical(None, ok, b"a:b", 0, 1, False, False, None, 0, str)

    def failing(size: int) -> Any:
        raise MemoryError(size)

    with pytest.raises(MemoryError):
        accel.arrow_canonical(None, ok, b"a:b", 0, 1, False, False, failing, 0, str)
    with pytest.raises(ValueError, match="too small"):
        accel.arrow_canonical(None, ok, b"a:b", 0, 1, False, False, lambda n: bytearray(0), 0, str)
