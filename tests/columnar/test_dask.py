"""urikit.dask on a real distributed.LocalCluster (two worker processes): a
Parquet dataset written from the corpus (with an empty and an all-invalid
partition) gives, for every operation, the row count, the index order and every
row of the single-process urikit.arrow result. Skipped without the dask extra."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from parquet_parts import read_part

import urikit
from urikit import arrow

dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
pd = pytest.importorskip("pandas")

from urikit import dask as udask  # noqa: E402  (after the skips: needs dask)

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "urls.txt"
ROWS = 20_000


def corpus_subset() -> list[str]:
    if CORPUS.is_file():
        lines = CORPUS.read_text(encoding="utf-8", errors="replace").split("\n")[:-1]
    else:  # still a real test without ../shared: generated URLs, some invalid
        lines = [
            f"http://h{i % 97}.example/p/{i}?q={i}" if i % 13 else f"bad {i}" for i in range(ROWS)
        ]
    return lines[:ROWS]


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, list[str | None]]:
    """8 Parquet files, one partition each: 6 corpus slices (with a few nulls and
    empty strings), an empty one and an all-invalid one, in that mixed order."""
    lines: list[str | None] = list(corpus_subset())
    for i in range(0, len(lines), 997):
        lines[i] = None
    for i in range(5, len(lines), 1009):
        lines[i] = ""
    slices = [lines[k * len(lines) // 6 : (k + 1) * len(lines) // 6] for k in range(6)]
    invalid: list[str | None] = ["a b", "%zz", "http://[x]/"] * 50
    parts: list[list[str | None]] = [slices[0], slices[1], [], slices[2], invalid, *slices[3:]]
    root = tmp_path_factory.mktemp("urls")
    files: list[str] = []
    rows: list[str | None] = []
    start = 0
    for k, part in enumerate(parts):
        path = root / f"part.{k}.parquet"
        ids = pa.array(range(start, start + len(part)), pa.int64())
        pq.write_table(pa.table({"id": ids, "url": pa.array(part, pa.string())}), path)
        files.append(str(path))
        rows += part
        start += len(part)
    frame = dd.from_map(read_part, files)
    assert frame.npartitions == 8
    return frame, rows


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    cluster = distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0"
    )
    with cluster, distributed.Client(cluster) as c:
        yield c


def single(op: str, rows: list[str | None]) -> Any:
    arr = pa.array(rows, pa.string())
    if op == "validate":
        return arrow.validate(arr).to_pylist()
    if op == "normalize":
        return arrow.normalize(arr).to_pylist()
    if op == "resolve":
        return arrow.resolve("http://a/b/c/d;p?q", arr).to_pylist()
    return arrow.split(arr).to_pylist()


def test_every_operation_on_a_local_cluster(
    client: Any, dataset: tuple[Any, list[str | None]]
) -> None:
    frame, rows = dataset
    lazy = {
        "validate": udask.validate(frame, column="url"),
        "split": udask.split(frame["url"]),
        "normalize": udask.normalize(frame, column="url"),
        "resolve": udask.resolve("http://a/b/c/d;p?q", frame["url"]),
    }
    computed = client.compute(list(lazy.values()), sync=True)
    for (op, obj), result in zip(lazy.items(), computed, strict=True):
        assert obj.npartitions == 8
        assert len(result) == len(rows), op
        assert result.index.tolist() == list(range(len(rows))), op  # order kept
        if op == "split":
            assert list(result.columns) == [f.name for f in arrow.split_type()]
            got = pa.Table.from_pandas(result, preserve_index=False).to_pylist()
            nothing = dict.fromkeys(got[0])  # a null row: every column null
            want = [nothing if w is None else w for w in single(op, rows)]
            assert got == want
        else:
            got = [None if pd.isna(v) else v for v in result.tolist()]
            assert got == single(op, rows), op
    # the all-invalid partition is all False, the empty one empty
    sizes = frame.map_partitions(len).compute().tolist()
    assert sizes[2] == 0 and sizes[4] == 150
    valid = computed[0]
    assert not valid.iloc[sum(sizes[:4]) : sum(sizes[:5])].any()


def test_meta_is_declared_and_checked(dataset: tuple[Any, list[str | None]]) -> None:
    frame, _rows = dataset
    assert str(udask.validate(frame["url"]).dtype) == "bool[pyarrow]"
    assert str(udask.normalize(frame["url"]).dtype) == "string[pyarrow]"
    assert list(udask.split(frame["url"]).columns)[-2:] == ["error_reason", "error_position"]
    with pytest.raises(TypeError) as info:
        udask.validate(["a"])
    assert (
        str(info.value) == "validate() argument 'urls' must be a Dask Series or DataFrame, not list"
    )
    with pytest.raises(ValueError, match="column"):
        udask.validate(frame)
    with pytest.raises(ValueError, match="unknown rule"):
        udask.split(frame["url"], "nope")
    with pytest.raises(TypeError) as info:
        udask.resolve(1, frame["url"])
    assert str(info.value) == "resolve() argument 'base' must be a str or a Dask Series, not int"


def test_resolve_against_a_series_of_bases() -> None:
    pdf = pd.DataFrame(
        {"base": ["http://a/b/", "http://x/y", None, "rel"], "ref": ["c", "../d", "e", "f"]}
    )
    ddf = dd.from_pandas(pdf, npartitions=2)
    got = udask.resolve(ddf["base"], ddf, column="ref").compute(scheduler="sync")
    assert got.index.tolist() == [0, 1, 2, 3]
    assert [None if pd.isna(v) else v for v in got.tolist()] == [
        "http://a/b/c",
        "http://x/d",
        None,
        None,
    ]


@pytest.mark.parametrize("base", ["relative/base", "", "http://[x/"])
def test_a_bad_str_base_raises_before_anything_is_computed(base: str) -> None:
    ddf = dd.from_pandas(pd.DataFrame({"ref": ["g", "h", None]}), npartitions=2)
    with pytest.raises(urikit.URIError) as info:
        udask.resolve(base, ddf, column="ref")
    assert str(info.value).startswith(f"resolve(): the base {base!r} is not an absolute URI: ")
