"""urikit.arrow: every row equals the one-at-a-time core, for every string type,
with nulls, empty strings, slices and chunks; the C kernels equal the Python path.

Skipped when pyarrow (the ``arrow`` extra) is not installed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import split_row
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import interesting_text, mutated, uri_references

import urikit
from urikit.columnar import _arrow as arrow

pa = pytest.importorskip("pyarrow")

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "urls.txt"
TYPES = [pa.string(), pa.large_string(), pa.string_view()]
TYPE_IDS = ["string", "large_string", "string_view"]
RULES = ["URI-reference", "URI", "absolute-URI", "relative-ref"]
SAMPLE = [
    "http://u@h:8/p?q#f",
    "a b",
    None,
    "",
    "//h",
    "?",
    "#",
    "x:",
    "http://[::1]:/",
    "%zz",
    "é",
    "a\x00b",
    "http://exceedingly-long-host-name.example/with/a/path?and=query#frag",
    None,
    "/p",
]
C_BUILD = urikit.IMPLEMENTATION == "c"


def encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_all(texts: list[str | None], typ: Any, rule: str = "URI-reference") -> None:
    arr = pa.array(texts, typ)
    assert arrow.validate(arr, rule).to_pylist() == [
        None if t is None else urikit.is_valid(t, rule) for t in texts
    ]
    got = arrow.split(arr, rule)
    assert got.type == arrow.split_type(typ)
    assert got.to_pylist() == [split_row(t, rule) for t in texts]
    assert got.null_count == texts.count(None)
    if C_BUILD:  # the C kernels equal the per-row Python path exactly (types, buffers)
        got.validate(full=True)  # well-formed buffers: offsets, bitmaps, UTF-8
        assert got.equals(arrow._split_py(arr, rule))
        assert arrow.validate(arr, rule).equals(arrow._validate_py(arr, rule))


@pytest.mark.parametrize("typ", TYPES, ids=TYPE_IDS)
@pytest.mark.parametrize("rule", RULES)
def test_sample_every_type_and_rule(typ: Any, rule: str) -> None:
    check_all(SAMPLE, typ, rule)


@pytest.mark.skipif(not CORPUS.is_file(), reason="../shared/corpus is not available")
def test_every_corpus_url_equals_parse() -> None:
    texts: list[str | None] = [
        t
        for t in CORPUS.read_text(encoding="utf-8", errors="surrogateescape").split("\n")
        if encodable(t)
    ]
    expected = [split_row(t) for t in texts]
    valid = [urikit.is_valid(t) for t in texts if t is not None]
    for typ in TYPES:
        arr = pa.array(texts, typ)
        assert arrow.validate(arr).to_pylist() == valid
        assert arrow.split(arr).to_pylist() == expected


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.none(),
            uri_references().map(lambda g: g.text),
            mutated(),
            interesting_text(),
        ).filter(lambda t: t is None or encodable(t)),
        max_size=12,
    ),
    st.sampled_from(RULES),
)
def test_generated_cases(texts: list[str | None], rule: str) -> None:
    for typ in TYPES:
        check_all(texts, typ, rule)


@pytest.mark.parametrize("typ", TYPES, ids=TYPE_IDS)
def test_slices_at_every_offset(typ: Any) -> None:
    arr = pa.array(SAMPLE * 3, typ)
    for start in range(0, 17):
        for length in (0, 1, 7, 9, 20):
            part = arr.slice(start, length)
            texts = SAMPLE * 3
            want = texts[start : start + length]
            assert arrow.validate(part).to_pylist() == [
                None if t is None else urikit.is_valid(t) for t in want
            ]
            assert arrow.split(part).to_pylist() == [split_row(t) for t in want]


@pytest.mark.parametrize("typ", TYPES, ids=TYPE_IDS)
def test_chunked_arrays_keep_their_chunks(typ: Any) -> None:
    chunks: list[list[str | None]] = [SAMPLE[:5], [], SAMPLE[5:], [None, None], [""]]
    arr = pa.chunked_array([pa.array(c, typ) for c in chunks], type=typ)
    for result in (arrow.validate(arr), arrow.split(arr), arrow.normalize(arr)):
        assert isinstance(result, pa.ChunkedArray)
        assert [len(c) for c in result.chunks] == [len(c) for c in chunks]
    flat = [t for c in chunks for t in c]
    assert arrow.split(arr).to_pylist() == [split_row(t) for t in flat]
    empty = pa.chunked_array([], type=typ)
    assert len(arrow.validate(empty)) == 0
    assert arrow.split(empty).type == arrow.split_type(typ)


@pytest.mark.parametrize("typ", TYPES, ids=TYPE_IDS)
def test_all_null_and_empty(typ: Any) -> None:
    check_all([None] * 10, typ)
    check_all([""] * 10, typ)
    check_all([], typ)


def test_normalize_and_resolve_equal_the_core() -> None:
    texts = ["HTTP://A:80/./b/../c", "a b", None, "", "../x", "http://h/%7e"]
    for typ in TYPES:
        arr = pa.array(texts, typ)
        for level in ("syntax", "scheme"):
            want = []
            for t in texts:
                try:
                    want.append(None if t is None else urikit.normalize(t, level))
                except urikit.URIError:
                    want.append(None)
            assert arrow.normalize(arr, level).to_pylist() == want
        base = "http://a/b/c/d;p?q"
        want = []
        for t in texts:
            try:
                want.append(None if t is None else urikit.resolve(base, t))
            except urikit.URIError:
                want.append(None)
        assert arrow.resolve(base, arr).to_pylist() == want
        assert arrow.resolve(pa.scalar(base), arr).to_pylist() == want
        bases = pa.array([base, base, base, None, "rel", base], typ)
        got = arrow.resolve(bases, arr).to_pylist()
        assert got[3] is None and got[4] is None and got[0] == want[0]
    with pytest.raises(urikit.URIError):
        arrow.normalize(pa.array(["a b"]), errors="raise")
    with pytest.raises(ValueError, match="rows"):
        arrow.resolve(pa.array(["http://a/"]), pa.array(["a", "b"]))
    with pytest.raises(ValueError):
        arrow.normalize(pa.array([], pa.string()), level="nope")


def test_resolve_with_chunked_refs_and_array_base() -> None:
    refs = pa.chunked_array([["a", "b"], [], ["c"]])
    bases = pa.array(["http://x/1", "http://y/2/", "http://z/"])
    assert arrow.resolve(bases, refs).to_pylist() == ["http://x/a", "http://y/2/b", "http://z/c"]


def test_parse_table_appends_columns_in_order() -> None:
    table = pa.table({"id": [1, 2, 3], "url": ["http://h/p", "a b", None]})
    out = arrow.parse_table(table, "url")
    assert out.column_names[:2] == ["id", "url"]
    assert out.column_names[2:] == ["url_" + f.name for f in arrow.split_type()]
    assert out["id"].to_pylist() == [1, 2, 3]
    assert out["url_host"].to_pylist() == ["h", None, None]
    assert out["url_error_reason"].to_pylist() == [None, "invalid-char", None]
    assert arrow.parse_table(table, "url", prefix="").column_names[2] == "scheme"
    with pytest.raises(KeyError):
        arrow.parse_table(table, "nope")


def test_capsule_objects_are_accepted() -> None:
    class Wrapped:  # only the PyCapsule interface, like another library's array
        def __init__(self, arr: Any) -> None:
            self.arr = arr

        def __arrow_c_array__(self, requested_schema: object = None) -> object:
            return self.arr.__arrow_c_array__(requested_schema)

    class Stream:
        def __init__(self, arr: Any) -> None:
            self.arr = arr

        def __arrow_c_stream__(self, requested_schema: object = None) -> object:
            return self.arr.__arrow_c_stream__(requested_schema)

    arr = pa.array(["a:b", "a b"])
    assert arrow.validate(Wrapped(arr)).to_pylist() == [True, False]
    assert arrow.validate(Stream(pa.chunked_array([arr]))).to_pylist() == [True, False]


@pytest.mark.parametrize("func", ["validate", "split", "normalize"])
def test_wrong_argument_types(func: str) -> None:
    f = getattr(arrow, func)
    expected = "a pyarrow string Array or ChunkedArray"
    for value, name in [
        (["a"], "list"),
        ("a", "str"),
        (None, "NoneType"),
        (pa.array([1]), "Int64Array"),
        (pa.array([b"a"]), "BinaryArray"),
    ]:
        with pytest.raises(TypeError) as info:
            f(value)
        assert str(info.value) == f"{func}() argument 'array' must be {expected}, not {name}"
    with pytest.raises(TypeError) as info:
        f(pa.array(["a"]), 1)
    param = "level" if func == "normalize" else "rule"
    assert str(info.value) == f"{func}() argument {param!r} must be str, not int"
    if func != "normalize":
        with pytest.raises(ValueError, match="unknown rule"):
            f(pa.array(["a"]), "nope")


def test_resolve_wrong_argument_types() -> None:
    with pytest.raises(TypeError) as info:
        arrow.resolve(1, pa.array(["a"]))
    assert str(info.value) == (
        "resolve() argument 'base' must be a str or a pyarrow string Array or ChunkedArray, not int"
    )
    with pytest.raises(TypeError) as info:
        arrow.resolve("http://a/", pa.array(["a"]), strict=1)  # type: ignore[arg-type]
    assert str(info.value) == "resolve() argument 'strict' must be bool, not int"


@pytest.mark.skipif(not C_BUILD, reason="the C accelerator is not in use")
def test_c_kernels_reject_what_they_cannot_read() -> None:
    from urikit.core._accel import speedups

    assert speedups is not None
    s, a = pa.array([1, 2]).__arrow_c_array__()
    with pytest.raises(TypeError, match="not an Arrow string array"):
        speedups.arrow_validate(s, a, "URI")
    s, a = pa.array(["x"]).__arrow_c_array__()
    with pytest.raises(ValueError, match="unknown rule"):
        speedups.arrow_split(s, a, "nope", False, pa.allocate_buffer)
    with pytest.raises(ValueError):
        speedups.arrow_validate(a, s, "URI")  # capsules swapped: wrong capsule names


def test_invalid_rows_leave_no_reference_cycles() -> None:
    """A worded error's traceback links back to the caller's frames: kept, it would
    hold every batch's arrays until the garbage collector ran (urikit batch's
    memory then grew with the file)."""
    import gc

    arr = pa.array(["a b", "%zz", "http://[x]/", "http://a/"] * 10)
    gc.collect()
    gc.disable()
    try:
        arrow.split(arr)
        arrow._split_py(arr, "URI-reference")
        arrow.normalize(arr)
        arrow.resolve("http://a/", arr)
        found = gc.collect()
    finally:
        gc.enable()
    assert found == 0


@pytest.mark.skipif(not C_BUILD, reason="the C accelerator is not in use")
@pytest.mark.parametrize(("length", "buffer", "offset"), [(25, 0, 10), (20, 1, 0), (-3, 0, 0)])
def test_c_kernels_refuse_views_outside_their_buffers(
    length: int, buffer: int, offset: int
) -> None:
    import struct

    from urikit.core._accel import speedups

    assert speedups is not None
    data = pa.py_buffer(b"http://example.org/abcdef")  # 25 bytes, one data buffer
    view = struct.pack("<i4sii", length, b"http", buffer, offset)
    arr = pa.Array.from_buffers(pa.string_view(), 1, [None, pa.py_buffer(view), data])
    s, a = arr.__arrow_c_array__()
    with pytest.raises(ValueError, match="bad Arrow string"):
        speedups.arrow_validate(s, a, "URI-reference")
    s, a = arr.__arrow_c_array__()
    with pytest.raises(ValueError, match="bad Arrow string"):
        speedups.arrow_split(s, a, "URI-reference", False, pa.allocate_buffer)


@pytest.mark.skipif(not C_BUILD, reason="the C accelerator is not in use")
@pytest.mark.parametrize("typ", TYPES, ids=TYPE_IDS)
def test_c_split_grows_what_its_sample_underestimates(typ: Any) -> None:
    """arrow_split sizes each data buffer from about 1024 rows spread over the
    array (every length // 1024-th row): here it sees only the short rows, so
    the path buffer starts far too small and must grow while splitting."""
    from urikit.core._accel import speedups

    assert speedups is not None
    long_path = "/" + "p" * 1100
    texts: list[str | None] = ["a:" if i % 2 == 0 else "a:" + long_path for i in range(2048)]
    texts[7] = None
    texts[9] = "a b"
    arr = pa.array(texts, typ)
    requested: list[int] = []

    def alloc(size: int) -> Any:
        requested.append(size)
        return pa.allocate_buffer(size, resizable=True)

    wide = pa.types.is_large_string(typ)
    schema, array = arr.__arrow_c_array__()
    nonnull, invalid, nulls, bad, bad_texts, comps = speedups.arrow_split(
        schema, array, "URI-reference", wide, alloc
    )
    path_bytes = sum(len(t) - 2 for t in texts if t is not None and t != "a b")
    path_data = comps[COMPONENT_INDEX["path"]][2]
    assert isinstance(path_data, pa.Buffer)
    assert path_data.size == path_bytes  # trimmed to the bytes written
    assert max(requested) < path_bytes  # so it was grown on the way
    assert (invalid, nulls, bad, bad_texts) == (1, 1, (9).to_bytes(8, "little"), ["a b"])
    assert nonnull is not None
    got = arrow.split(arr)
    got.validate(full=True)
    assert got.to_pylist() == [split_row(t) for t in texts]


COMPONENT_INDEX = {name: i for i, name in enumerate(arrow.COMPONENTS)}


@pytest.mark.skipif(not C_BUILD, reason="the C accelerator is not in use")
def test_c_split_buffers_are_exact_and_any_pool_serves() -> None:
    from urikit.core._accel import speedups

    assert speedups is not None
    texts = [t for t in SAMPLE if t is not None]
    arr = pa.array(texts)
    pool = pa.system_memory_pool()
    schema, array = arr.__arrow_c_array__()
    comps = speedups.arrow_split(
        schema,
        array,
        "URI-reference",
        False,
        lambda size: pa.allocate_buffer(size, memory_pool=pool, resizable=True),
    )[5]
    rows = [split_row(t) for t in texts]
    for name, (_validity, _offsets, data, null_count) in zip(arrow.COMPONENTS, comps, strict=True):
        values = [r[name] for r in rows if r is not None]
        assert null_count == values.count(None), name
        assert isinstance(data, pa.Buffer)
        assert data.to_pybytes() == "".join(v for v in values if v is not None).encode(), name


@pytest.mark.skipif(not C_BUILD, reason="the C accelerator is not in use")
def test_c_kernels_report_allocator_and_argument_errors() -> None:
    from urikit.core._accel import speedups

    assert speedups is not None
    arr = pa.array(["http://a/", "a b"])

    def capsules() -> tuple[object, object]:
        schema, array = arr.__arrow_c_array__()
        return schema, array

    def failing(size: int) -> Any:
        raise MemoryError("no memory today")

    with pytest.raises(MemoryError, match="no memory today"):
        speedups.arrow_split(*capsules(), "URI-reference", False, failing)
    with pytest.raises(TypeError, match="alloc must be callable"):
        speedups.arrow_split(*capsules(), "URI-reference", False, None)  # type: ignore[arg-type]
    with pytest.raises(BufferError):  # read-only: nothing may be written into it
        speedups.arrow_split(*capsules(), "URI-reference", False, bytes)
    with pytest.raises(ValueError, match="too small"):
        speedups.arrow_split(
            *capsules(), "URI-reference", False, lambda size: bytearray(max(0, size - 1))
        )
    with pytest.raises(AttributeError, match="resize"):  # a data buffer is trimmed by resize()
        speedups.arrow_split(*capsules(), "URI-reference", False, bytearray)
    one = (0).to_bytes(8, "little")
    two = one + (1).to_bytes(8, "little")
    errors = speedups.arrow_errors
    with pytest.raises(ValueError, match="differ in length"):
        errors(2, two, ["x"], [1], pa.allocate_buffer)
    with pytest.raises(ValueError, match="ascend"):
        errors(2, two[8:] + one, ["x", "y"], [1, 2], pa.allocate_buffer)
    with pytest.raises(ValueError, match="ascend"):
        errors(1, two, ["x", "y"], [1, 2], pa.allocate_buffer)
    with pytest.raises(TypeError, match="reasons must be str"):
        errors(1, one, [None], [1], pa.allocate_buffer)  # type: ignore[list-item]
    with pytest.raises(TypeError):
        errors(1, one, ["x"], [None], pa.allocate_buffer)  # type: ignore[list-item]
    rv, ro, rd, pv, pvals = errors(3, one, ["bad"], [4], pa.allocate_buffer)
    reasons = pa.Array.from_buffers(pa.string(), 3, [rv, ro, rd])
    positions = pa.Array.from_buffers(pa.int64(), 3, [pv, pvals])
    assert reasons.to_pylist() == ["bad", None, None]
    assert positions.to_pylist() == [4, None, None]
    # the transform kernels: validity, offsets, data, offset, length, wide, then
    # wide_out and alloc before their own arguments
    from urikit.columnar._arrow import _allocator, _text_buffers

    column, alloc = _text_buffers(arr), _allocator()
    kernels: list[tuple[Any, tuple[Any, ...]]] = [
        (speedups.arrow_normalize, (True, (), (), str)),
        (speedups.arrow_resolve, (True, lambda base, ref: ref, "http://a/")),
        (speedups.arrow_canonical, (0, str)),
    ]
    for kernel, own in kernels:
        with pytest.raises(TypeError, match="alloc must be callable"):
            kernel(*column, False, None, *own)
        with pytest.raises(TypeError):  # the length
            kernel(*column[:4], "2", *column[5:], False, alloc, *own)
        done = kernel(*column, False, alloc, *own)
        assert done is not None and done[3] == 0  # "a b" declined, given to str: kept


@pytest.mark.skipif(not C_BUILD, reason="the C accelerator is not in use")
@pytest.mark.parametrize("typ", TYPES, ids=TYPE_IDS)
def test_c_split_of_a_large_array_equals_its_pieces(typ: Any) -> None:
    """Over 2**20 rows (32 MiB of offsets) arrow_split writes the offsets with
    non-temporal stores; the result must equal the split of each piece."""
    # pieces of 11 rows (blocks of 64 rows cut them anywhere), and one with the
    # invalid rows (each is worded in Python, slowly)
    good = pa.array([t for t in SAMPLE if t is None or urikit.is_valid(t)], typ)
    bad = pa.array(SAMPLE, typ)
    pieces = [good] * ((1 << 20) // len(good) + 64)
    pieces[len(pieces) // 2] = bad
    got = arrow.split(pa.concat_arrays(pieces))
    got.validate(full=True)
    split_good, split_bad = arrow.split(good), arrow.split(bad)
    want = pa.concat_arrays([split_bad if p is bad else split_good for p in pieces])
    assert got.equals(want)
    assert got.field("path").equals(want.field("path"))
    assert got.field("error_position").equals(want.field("error_position"))


BAD_BASES = ["relative/base", "", "a b", "//h/p", "?q", "http://[x/"]


@pytest.mark.parametrize("base", BAD_BASES)
@pytest.mark.parametrize("errors", ["null", "raise"])
def test_one_bad_base_raises_whatever_errors_says(base: str, errors: str) -> None:
    with pytest.raises(urikit.URIError) as core:
        urikit.resolve(base, "g")
    for arg in (base, pa.scalar(base), pa.scalar(base, pa.large_string())):
        for refs in (pa.array(["g", None, "a b"]), pa.array([], pa.string())):
            with pytest.raises(urikit.URIError) as info:
                arrow.resolve(arg, refs, errors=errors)
            err = info.value
            assert (err.reason, err.component, err.position, err.text) == (
                core.value.reason,
                core.value.component,
                core.value.position,
                base,
            )
            assert str(err) == (
                f"resolve(): the base {base!r} is not an absolute URI: {core.value}"
            )


def test_a_base_column_keeps_following_errors() -> None:
    bases = pa.array(["http://a/b", "relative/base", None, "a b", "http://c/"])
    refs = pa.array(["g", "g", "g", "g", "h"])
    got = arrow.resolve(bases, refs)
    assert got.to_pylist() == ["http://a/g", None, None, None, "http://c/h"]
    with pytest.raises(urikit.URIError, match="absolute"):
        arrow.resolve(bases, refs, errors="raise")
    assert arrow.resolve(None, refs).null_count == len(refs)  # a null base: null rows


def dictionary_cases(typ: Any, index_types: tuple[Any, Any] = (pa.int8(), pa.int32())) -> list[Any]:
    """Dictionary-encoded arrays of ``typ``: int8 and int32 indices, a null index,
    a null value, values no row holds (one invalid), a dictionary longer than
    the rows, slices."""
    values = pa.array(["HTTP://A:80/./b", "a b", "", None, "../x", "%zz", "//h?q#f"], typ)
    indices = pa.array([0, 1, 0, None, 2, 3, 4, 4, 6, 0], index_types[0])
    rows = pa.DictionaryArray.from_arrays(indices, values)
    small = pa.DictionaryArray.from_arrays(pa.array([4, 0, None], index_types[1]), values)
    return [rows, rows.slice(3, 5), small, small.slice(2)]


def decoded(arr: Any) -> Any:
    """``arr`` as the plain array of its value type."""
    return pa.array(arr.to_pylist(), arr.type.value_type)


@pytest.mark.parametrize("typ", TYPES, ids=TYPE_IDS)
def test_dictionary_arrays_equal_the_plain_array(typ: Any) -> None:
    for arr in dictionary_cases(typ):
        plain = decoded(arr)
        for rule in RULES:
            assert arrow.validate(arr, rule).equals(arrow.validate(plain, rule))
            got = arrow.split(arr, rule)
            assert got.equals(arrow.split(plain, rule))
            assert got.type == arrow.split_type(arr.type) == arrow.split_type(typ)
        for level in ("syntax", "scheme"):
            assert arrow.normalize(arr, level).equals(arrow.normalize(plain, level))
        base = "http://a/b/c/d;p?q"
        assert arrow.resolve(base, arr).equals(arrow.resolve(base, plain))
        bases = pa.DictionaryArray.from_arrays(
            pa.array([i % 2 for i in range(len(arr))], pa.int16()),
            pa.array([base, "http://x/y/"], typ),
        )
        assert arrow.resolve(bases, arr).equals(arrow.resolve(decoded(bases), plain))
    # an invalid value that no row holds raises nothing
    held = pa.DictionaryArray.from_arrays(
        pa.array([0, 0, None]), pa.array(["HTTP://a/", "a b"], typ)
    )
    assert arrow.normalize(held, errors="raise").to_pylist() == ["http://a/", "http://a/", None]
    assert arrow.resolve("http://h/", held, errors="raise").to_pylist() == [
        "HTTP://a/",
        "HTTP://a/",
        None,
    ]
    holds_it = pa.DictionaryArray.from_arrays(pa.array([0, 1]), held.dictionary)
    with pytest.raises(urikit.URIError):
        arrow.normalize(holds_it, errors="raise")


@pytest.mark.parametrize("typ", TYPES, ids=TYPE_IDS)
def test_chunked_dictionary_arrays_and_parquet(typ: Any, tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    cases = dictionary_cases(typ, (pa.int16(), pa.int16()))
    chunked = pa.chunked_array(cases)  # each chunk with a dictionary of its own
    plain = pa.chunked_array([decoded(c) for c in cases])
    assert arrow.validate(chunked).equals(arrow.validate(plain))
    assert arrow.split(chunked).equals(arrow.split(plain))
    assert arrow.normalize(chunked).equals(arrow.normalize(plain))
    assert arrow.resolve("http://a/b/", chunked).equals(arrow.resolve("http://a/b/", plain))
    empty = pa.chunked_array([], pa.dictionary(pa.int32(), typ))
    assert arrow.split(empty).type == arrow.split_type(typ)
    assert arrow.validate(empty).type == pa.bool_()
    # a Parquet reader's dictionary column, through parse_table
    texts = [t for t in SAMPLE if t is None or encodable(t)] * 3
    path = tmp_path / "urls.parquet"
    pq.write_table(pa.table({"url": pa.array(texts, pa.string())}), path)
    table = pq.read_table(path, read_dictionary=["url"])
    assert pa.types.is_dictionary(table["url"].type)
    got = arrow.parse_table(table, "url")
    want = arrow.parse_table(table.cast(pa.schema([("url", pa.string())])), "url")
    assert got.drop_columns(["url"]).equals(want.drop_columns(["url"]))
    assert [r["url_host"] for r in got.to_pylist()] == [
        None if row is None else row["host"] for row in map(split_row, texts)
    ]
