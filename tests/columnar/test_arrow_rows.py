"""The kernels of urikit.arrow name the row that failed (``errors="raise"``),
through every engine that runs them, and give an Array for an Array and a
ChunkedArray for a ChunkedArray whatever the size of the result (a ``string``
result past 2 GiB is ``large_string``, docs/large-data.md)."""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

import pytest
from _twins import C_ONLY, Build

pa = pytest.importorskip("pyarrow")

#: kernel name -> (call of the column kernel with errors="raise", the scalar function)
KERNELS: dict[str, tuple[Callable[..., Any], Callable[..., Any]]] = {
    "normalize": (
        lambda arrow, col: arrow.normalize(col, errors="raise"),
        lambda u, s: u.normalize(s),
    ),
    "resolve": (
        lambda arrow, col: arrow.resolve("http://a/b/c", col, errors="raise"),
        lambda u, s: u.resolve("http://a/b/c", s),
    ),
    "resolve by row": (
        lambda arrow, col: arrow.resolve(pa.array(["http://a/b"] * len(col)), col, errors="raise"),
        lambda u, s: u.resolve("http://a/b", s),
    ),
    "canonical": (
        lambda arrow, col: arrow.canonical(col, errors="raise"),
        lambda u, s: u.canonical(s),
    ),
    "canonical safe-browsing": (
        lambda arrow, col: arrow.canonical(col, "safe-browsing", errors="raise"),
        lambda u, s: u.canonical(s, "safe-browsing"),
    ),
    "canonical aggressive": (
        lambda arrow, col: arrow.canonical(col, "aggressive", errors="raise"),
        lambda u, s: u.canonical(s, "aggressive"),
    ),
    "surt": (lambda arrow, col: arrow.surt(col, errors="raise"), lambda u, s: u.surt(s)),
    "surt with options": (
        lambda arrow, col: arrow.surt(col, errors="raise", with_scheme=True),
        lambda u, s: u.surt(s, with_scheme=True),
    ),
}

#: rows every kernel takes, then the bad one (at BAD), then another bad one
ROWS = ["http://ok/", None, "http://ok/%41", "/x", "http://ok/b", "http://h:x/", "http://g:yy/", ""]
BAD = 5
#: the kernels that refuse a row before BAD: Safe Browsing refuses "/x", a URL
#: with no host, as Google's Go client does
FIRST_BAD = {"canonical safe-browsing": 3}


def shapes(rows: list[str | None]) -> dict[str, Any]:
    return {
        "array": pa.array(rows),
        "large": pa.array(rows, pa.large_string()),
        "view": pa.array(rows, pa.string_view()),
        "dictionary": pa.array(rows).dictionary_encode(),
        "chunked": pa.chunked_array([rows[:2], rows[2:4], [], rows[4:]]),
        "sliced": pa.array(["http://q:q/", *rows]).slice(1),
    }


@pytest.mark.parametrize("kernel", sorted(KERNELS))
@pytest.mark.parametrize("shape", sorted(shapes(ROWS)))
def test_the_raised_error_names_the_row(build: Build, kernel: str, shape: str) -> None:
    # Found: urikit.arrow.canonical(..., errors="raise") did not say which row failed.
    arrow, urikit = build["urikit.arrow"], build["urikit"]
    column, one = KERNELS[kernel]
    with pytest.raises(arrow.RowError) as caught:
        column(arrow, shapes(ROWS)[shape])
    err = caught.value
    # the reference's own call (ValueError: a twin build's canonical forms may
    # raise another copy's URIError class)
    bad = FIRST_BAD.get(kernel, BAD)
    with pytest.raises(ValueError) as direct:
        one(urikit, ROWS[bad])
    assert err.row == bad
    assert str(err) == f"row {bad}: {direct.value}"
    for field in ("reason", "component", "position", "text", "detail"):
        assert getattr(err, field) == getattr(direct.value, field), field
    assert type(direct.value).__name__ == "URIError"
    assert isinstance(err, urikit.URIError) and isinstance(err, ValueError)


def test_the_row_counts_across_chunks_and_pickles(build: Build) -> None:
    import pickle

    arrow = build["urikit.arrow"]
    chunks = [["http://a/"] * 1000, ["http://b/"] * 70_000 + ["a b"], ["c d"]]
    with pytest.raises(arrow.RowError) as caught:
        arrow.normalize(pa.chunked_array(chunks), errors="raise")
    assert caught.value.row == 71_000
    assert str(caught.value) == "row 71000: invalid character ' ' in path at position 1"
    again = pickle.loads(pickle.dumps(caught.value))
    assert (type(again), again.row, str(again), again.position) == (
        arrow.RowError,
        71_000,
        str(caught.value),
        1,
    )


def test_errors_null_is_unchanged(build: Build) -> None:
    arrow = build["urikit.arrow"]
    got = arrow.normalize(pa.array(ROWS)).to_pylist()
    assert got[BAD] is None and got[0] == "http://ok/"


def test_polars(build: Build) -> None:
    pl = pytest.importorskip("polars")
    from urikit import arrow

    df = pl.DataFrame({"url": ROWS})
    with pytest.raises(Exception) as caught:
        df.select(
            pl.col("url").map_batches(
                lambda s: pl.from_arrow(arrow.canonical(s.to_arrow(), errors="raise")),
                return_dtype=pl.String,
            )
        )
    # Polars re-raises the function's exception from its message: it names the row
    assert str(caught.value).startswith(f"row {BAD}: invalid character 'x' in port at position 9")
    assert isinstance(caught.value, arrow.RowError) and caught.value.row == BAD


def test_dask() -> None:
    dd = pytest.importorskip("dask.dataframe")
    pytest.importorskip("distributed")
    pd = pytest.importorskip("pandas")
    from urikit import arrow

    series = dd.from_pandas(pd.Series(ROWS * 3, dtype="string[pyarrow]"), npartitions=3)

    def part(p: Any) -> Any:
        out = arrow.normalize(pa.array(p, pa.string()), errors="raise")
        return pd.Series(out.to_pandas(), index=p.index)

    with pytest.raises(arrow.RowError) as caught:
        series.map_partitions(part, meta=("url", "object")).compute(scheduler="sync")
    # the index within the partition's array: each partition is 8 rows of ROWS
    assert caught.value.row == BAD and caught.value.reason == "invalid-char"


def test_duckdb() -> None:
    duckdb = pytest.importorskip("duckdb")
    from urikit import arrow

    con = duckdb.connect()
    con.create_function(
        "strict_normalize",
        lambda col: arrow.normalize(col, errors="raise"),
        ["VARCHAR"],
        "VARCHAR",
        type="arrow",
    )
    # (DuckDB hands the function its non-null rows: the index is in that array)
    rows = [r for r in ROWS if r is not None]
    values = ", ".join(f"('{r}')" for r in rows)
    con.execute(f"create table t as select * from (values {values}) v(url)")
    with pytest.raises(duckdb.Error) as caught:
        con.execute("select strict_normalize(url) from t").fetchall()
    bad = rows.index(str(ROWS[BAD]))
    assert f"row {bad}: invalid character 'x' in port at position 9" in str(caught.value)


# --- results past 2 GiB ---

#: A base of 1 MiB: each row's result holds it, so 2,049 rows make 2 GiB and more
#: from an input of 2,049 bytes (the memory is the result's).
BASE = "http://a/" + "b" * (1 << 20) + "/"
ROWS_PAST = 2049


@C_ONLY
def test_a_result_past_2_gib_keeps_the_shape(build: Build) -> None:
    # Found: a ChunkedArray for an Array input, a TypeError for a ChunkedArray
    # input, each after the whole column went through Python.
    arrow = build["urikit.arrow"]
    out = arrow.resolve(BASE, pa.array(["g"] * ROWS_PAST))
    assert isinstance(out, pa.Array) and out.type == pa.large_string()
    assert len(out) == ROWS_PAST and out[ROWS_PAST - 1].as_py() == BASE + "g"
    assert sum(len(v) for v in out.buffers()[2:3]) > 1 << 31
    del out
    gc.collect()
    chunked = pa.chunked_array([["h", None], ["g"] * ROWS_PAST, ["i"]])
    out = arrow.resolve(BASE, chunked)
    assert isinstance(out, pa.ChunkedArray) and out.num_chunks == 3
    assert out.type == pa.large_string()
    assert [len(c) for c in out.chunks] == [2, ROWS_PAST, 1]
    assert out.chunk(0).to_pylist() == [BASE + "h", None]
    assert out.chunk(2).to_pylist() == [BASE + "i"]
    del out
    gc.collect()
    # below 2 GiB the type is the input's
    assert arrow.resolve(BASE, pa.array(["g"] * 3)).type == pa.string()


def test_the_python_rows_past_2_gib(build: Build) -> None:
    """The pure-Python path's rule (every kernel's rows made by Python go through
    it): values of more than 2 GiB are a large_string Array, not a ChunkedArray.
    One 1 GiB string twice: 2 GiB of Arrow, 1 GiB of Python."""
    columnar = build["urikit.columnar._arrow"]
    big = "x" * (1 << 30)
    out = columnar._array_of([big, None, big], pa.string())
    assert isinstance(out, pa.Array) and out.type == pa.large_string() and len(out) == 3
    assert out.null_count == 1
    del out
    gc.collect()
    assert columnar._array_of(["a", None], pa.string()).type == pa.string()
