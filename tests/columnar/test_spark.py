"""urikit.spark on a real local Spark session (``local[2]``, bound to 127.0.0.1):
a Parquet dataset of the whole corpus (with nulls, empty strings, an empty and
an all-invalid partition) read by Spark gives, for every operation, every input
row back in its order with results equal to urikit.parse, urikit.is_valid,
urikit.normalize and urikit.resolve applied to that row. One more session, in a
subprocess, has workers whose Python cannot import urikit: the first call
raises urikit.spark.WorkersError saying what to do.

Skipped without the spark extra, and (with a visible reason) when no Java
runtime can be had: neither ``java`` on PATH nor ``JAVA_HOME``. .ci/run installs
a headless OpenJDK when ``java`` is missing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from spark_session import local_spark

import urikit
from urikit.columnar import _arrow as arrow

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
pytest.importorskip("pyspark")
sql = pytest.importorskip("pyspark.sql")
F = pytest.importorskip("pyspark.sql.functions")
T = pytest.importorskip("pyspark.sql.types")

from urikit.columnar import _spark as uspark  # noqa: E402  (after the skips: needs pyspark)

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "urls.txt"
PARTITIONS = 8
INVALID: list[str | None] = ["a b", "%zz", "http://[x]/"] * 50

if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
    pytest.skip(
        "no Java runtime for Spark: no java on PATH and JAVA_HOME unset "
        "(.ci/run installs openjdk-17-jre-headless when it can)",
        allow_module_level=True,
    )


def corpus_lines() -> list[str]:
    if CORPUS.is_file():
        return CORPUS.read_text(encoding="utf-8", errors="replace").split("\n")[:-1]
    # still a real test without ../shared: generated URLs, some invalid
    return [
        f"http://h{i % 97}.example/p/{i}?q={i}" if i % 13 else f"bad {i}" for i in range(20_000)
    ]


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    """One local Spark session for the module: two cores, no UI, every socket on
    127.0.0.1, the workers on this interpreter (so on this urikit build)."""
    config = {
        "spark.sql.shuffle.partitions": "2",
        # one partition per Parquet file (the cost of opening a file is taken
        # to be larger than a partition), so the test chooses them
        "spark.sql.files.openCostInBytes": str(1 << 30),
        "spark.sql.files.maxPartitionBytes": str(1 << 20),
    }
    with local_spark("urikit-tests", cores=2, config=config) as session:
        yield session


@pytest.fixture(scope="module")
def dataset(spark: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, list[str | None]]:
    """8 Parquet files read as 8 partitions: 6 corpus slices (with nulls and empty
    strings), an empty one and an all-invalid one; the rows in Spark's order."""
    lines: list[str | None] = list(corpus_lines())
    for i in range(0, len(lines), 997):
        lines[i] = None
    for i in range(5, len(lines), 1009):
        lines[i] = ""
    slices = [lines[k * len(lines) // 6 : (k + 1) * len(lines) // 6] for k in range(6)]
    parts = [slices[0], slices[1], [], slices[2], INVALID, *slices[3:]]
    root = tmp_path_factory.mktemp("spark-urls")
    start = 0
    for k, part in enumerate(parts):
        ids = pa.array(range(start, start + len(part)), pa.int64())
        table = pa.table({"id": ids, "url": pa.array(part, pa.string())})
        pq.write_table(table, root / f"part-{k}.parquet")
        start += len(part)
    df = spark.read.parquet(str(root))
    assert df.rdd.getNumPartitions() == PARTITIONS
    table = df.toArrow()
    assert table.num_rows == start
    return df, table["url"].to_pylist()


def parsed(text: str | None) -> dict[str, Any]:
    """The split columns urikit.parse gives for one row (all null for a null row)."""
    row: dict[str, Any] = dict.fromkeys([*arrow.COMPONENTS, "error_reason", "error_position"])
    if text is None:
        return row
    try:
        ref = urikit.parse(text)
    except urikit.URIError as err:
        row["error_reason"], row["error_position"] = err.reason, err.position
        return row
    for name in arrow.COMPONENTS:
        row[name] = getattr(ref, name)
    return row


def normalized(text: str | None) -> str | None:
    if text is None:
        return None
    try:
        return urikit.normalize(text)
    except urikit.URIError:
        return None


def resolved(base: str | None, ref: str | None) -> str | None:
    if base is None or ref is None:
        return None
    try:
        return urikit.resolve(base, ref)
    except urikit.URIError:
        return None


def test_split_every_row_equals_parse(dataset: tuple[Any, list[str | None]]) -> None:
    df, urls = dataset
    out = uspark.split(df, "url")
    names = ["url_" + f.name for f in arrow.split_type()]
    assert out.columns == ["id", "url", *names]
    types = {f.name: f.dataType for f in out.schema.fields}
    assert types["url_error_position"] == T.LongType()
    assert all(types[n] == T.StringType() for n in names[:-1])
    got = out.toArrow()
    # every input row back, in the order Spark gives the input
    assert got["id"].to_pylist() == df.select("id").toArrow()["id"].to_pylist()
    assert got["url"].to_pylist() == urls
    rows = got.select(names).rename_columns([n.removeprefix("url_") for n in names]).to_pylist()
    assert len(rows) == len(urls)
    for url, row in zip(urls, rows, strict=True):
        assert row == parsed(url), url
    assert None in urls and "" in urls


def test_validate_and_normalize_every_row(dataset: tuple[Any, list[str | None]]) -> None:
    df, urls = dataset
    out = uspark.normalize(uspark.validate(df, "url"), "url").toArrow()
    assert out.column_names == ["id", "url", "url_valid", "url_normalized"]
    assert out["url"].to_pylist() == urls
    assert out["url_valid"].to_pylist() == [None if u is None else urikit.is_valid(u) for u in urls]
    assert out["url_normalized"].to_pylist() == [normalized(u) for u in urls]


def test_the_empty_and_the_all_invalid_partition(dataset: tuple[Any, list[str | None]]) -> None:
    df, _urls = dataset
    out = uspark.split(df, "url").select(
        F.spark_partition_id().alias("p"), "url", "url_path", "url_error_reason"
    )
    by_part: dict[int, list[dict[str, Any]]] = {p: [] for p in range(PARTITIONS)}
    for row in out.toArrow().to_pylist():
        by_part[row["p"]].append(row)
    sizes = sorted(len(rows) for rows in by_part.values())
    assert sizes[0] == 0 and sizes[1] > 0  # exactly one empty partition, and it ran
    bad = [rows for rows in by_part.values() if rows and rows[0]["url"] == INVALID[0]]
    assert len(bad) == 1
    assert [r["url"] for r in bad[0]] == INVALID  # in order, none dropped
    assert all(r["url_path"] is None and r["url_error_reason"] for r in bad[0])


def test_null_and_empty_rows(spark: Any) -> None:
    urls: list[str | None] = [None, "", "a b", "//h:8/p?#", None]
    df = spark.createDataFrame([(i, u) for i, u in enumerate(urls)], "n int, url string")
    out = uspark.validate(uspark.split(df, "url"), "url").toArrow()
    for url, row in zip(urls, out.to_pylist(), strict=True):
        assert row["url"] == url
        want = {"url_" + k: v for k, v in parsed(url).items()}
        assert {k: row[k] for k in want} == want
        assert row["url_valid"] == (None if url is None else urikit.is_valid(url))
    assert out["url_valid"].null_count == 2  # null stays null: not False
    assert out["url_path"].to_pylist()[:2] == [None, ""]  # undefined vs empty


def test_large_string_batches_and_a_prefix(spark: Any) -> None:
    """With Spark's large variable types, text results take large_string too."""
    df = spark.createDataFrame([("http://a/b?q",), ("a b",)], "link string")
    spark.conf.set("spark.sql.execution.arrow.useLargeVarTypes", "true")
    try:
        out = uspark.split(df, "link", "URI", prefix="").toArrow()
    finally:
        spark.conf.unset("spark.sql.execution.arrow.useLargeVarTypes")
    assert out.column_names[:3] == ["link", "scheme", "authority"]
    assert out["query"].to_pylist() == ["q", None]
    assert out["error_reason"].to_pylist() == [None, parsed("a b")["error_reason"]]


def test_argument_errors(spark: Any) -> None:
    df = spark.createDataFrame([(1, "http://a/")], "n int, url string")
    with pytest.raises(TypeError) as info:
        uspark.split([1], "url")
    assert str(info.value) == "split() argument 'df' must be a Spark DataFrame, not list"
    with pytest.raises(TypeError) as info:
        uspark.validate(df, None)  # type: ignore[arg-type]
    assert str(info.value) == "validate() argument 'column' must be str, not NoneType"
    with pytest.raises(TypeError, match="argument 'prefix' must be str"):
        uspark.split(df, "url", prefix=b"x")  # type: ignore[arg-type]
    with pytest.raises(KeyError, match="no column 'uri'"):
        uspark.split(df, "uri")
    with pytest.raises(TypeError, match="column 'n' must be of string type, not int"):
        uspark.validate(df, "n")
    with pytest.raises(ValueError, match="unknown rule"):
        uspark.validate(df, "url", "nope")
    with pytest.raises(ValueError, match="unknown level"):
        uspark.normalize(df, "url", "nope")
    twice = uspark.validate(df, "url")
    with pytest.raises(ValueError, match="'url_valid' already"):
        uspark.validate(twice, "url")
    assert uspark.validate(twice, "url", prefix="again_").columns[-1] == "again_valid"


def test_resolve_against_a_base_and_a_base_column(
    spark: Any, dataset: tuple[Any, list[str | None]]
) -> None:
    df, urls = dataset
    base = "http://example.org/a/b?q"
    bases = [None, "relative/base", "a b", "http://h/p/", base]
    with_bases = df.withColumn(
        "base", F.element_at(F.array(*map(F.lit, bases)), (1 + F.col("id") % 5).cast("int"))
    )
    out = uspark.resolve(
        uspark.resolve(with_bases, "url", base), "url", base_column="base", prefix="row_"
    )
    got = out.select("id", "url", "base", "url_resolved", "row_resolved").toArrow()
    assert got["url"].to_pylist() == urls
    assert got["url_resolved"].to_pylist() == [resolved(base, u) for u in urls]
    row_bases = got["base"].to_pylist()
    assert got["row_resolved"].to_pylist() == [
        resolved(b, u) for b, u in zip(row_bases, urls, strict=True)
    ]
    assert set(row_bases) == set(bases)


@pytest.mark.parametrize("base", ["relative/base", "", "http://[x/"])
def test_a_bad_base_raises_before_anything_runs(spark: Any, base: str) -> None:
    df = spark.createDataFrame([("g",)], "url string")
    with pytest.raises(urikit.URIError) as info:
        uspark.resolve(df, "url", base)
    assert str(info.value).startswith(f"resolve(): the base {base!r} is not an absolute URI: ")
    with pytest.raises(TypeError, match="a base or a base_column"):
        uspark.resolve(df, "url")
    with pytest.raises(TypeError, match="a base or a base_column"):
        uspark.resolve(df, "url", "http://a/", base_column="url")
    with pytest.raises(KeyError, match="no column 'b'"):
        uspark.resolve(df, "url", base_column="b")


def test_the_workers_are_checked_once_per_session(
    spark: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs: list[Any] = []
    real = uspark._run_probe

    def counted(session: Any) -> dict[str, Any]:
        runs.append(session)
        return real(session)

    monkeypatch.setattr(uspark, "_run_probe", counted)
    monkeypatch.setattr(uspark, "_checked", set())
    df = spark.createDataFrame([("http://a/",)], "url string")
    uspark.validate(df, "url")
    found = real(spark)
    assert found["error"] is None and found["urikit"].startswith(urikit.__version__)
    uspark.split(df, "url")
    uspark.resolve(df, "url", "http://h/")
    assert len(runs) == 1


def python_without_urikit(root: Path) -> Path:
    """A wrapper script for PYSPARK_PYTHON: a venv of this Python with this
    environment's packages (pyspark, pyarrow ...) but not urikit, run isolated
    (``-I``: no PYTHONPATH, which Spark gives its workers from the driver's)."""
    env = root / "workers"
    venv.create(env, with_pip=False, symlinks=True)
    site = next(env.glob("lib/python*/site-packages"))
    deps = root / "deps"
    deps.mkdir()
    for directory in dict.fromkeys([sysconfig.get_path("purelib"), sysconfig.get_path("platlib")]):
        for entry in Path(directory).iterdir():
            if entry.name.startswith(("urikit", "__editable__")) or entry.suffix == ".pth":
                continue
            if not (deps / entry.name).exists():
                (deps / entry.name).symlink_to(entry)
    (site / "deps.pth").write_text(f"{deps}\n", encoding="utf-8")
    wrapper = root / "python-without-urikit"
    wrapper.write_text(f'#!/bin/sh\nexec "{env}/bin/python" -I "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    return wrapper


FAILING_SESSION = """
import json, sys
from pyspark.sql import SparkSession
from urikit.columnar import _spark as uspark

session = (
    SparkSession.builder.master("local[1]")
    .config("spark.ui.enabled", "false")
    .config("spark.ui.showConsoleProgress", "false")
    .config("spark.driver.host", "127.0.0.1")
    .config("spark.driver.bindAddress", "127.0.0.1")
    .config("spark.log.level", "ERROR")
    .getOrCreate()
)
df = session.createDataFrame([("http://a/",)], "url string")
try:
    uspark.validate(df, "url")
    outcome = {"raised": None}
except Exception as err:
    outcome = {"raised": type(err).__name__, "message": str(err)}
session.stop()
print(json.dumps(outcome))
"""


def test_workers_without_urikit_raise_one_clear_error(tmp_path: Path) -> None:
    wrapper = python_without_urikit(tmp_path)
    check = subprocess.run(
        [str(wrapper), "-c", "import pyarrow, pyspark; import urikit"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "No module named 'urikit'" in check.stderr  # pyarrow and pyspark load, urikit not
    env = {**os.environ, "PYSPARK_PYTHON": str(wrapper), "SPARK_LOCAL_IP": "127.0.0.1"}
    env["PYSPARK_DRIVER_PYTHON"] = sys.executable
    done = subprocess.run(
        [sys.executable, "-c", FAILING_SESSION],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    outcome = json.loads(done.stdout.strip().splitlines()[-1])
    assert outcome["raised"] == "WorkersError"
    message = outcome["message"]
    assert "cannot import urikit" in message and "No module named 'urikit'" in message
    assert f"their Python: {tmp_path / 'workers'}" in message
    assert "PYSPARK_PYTHON" in message and "spark.archives" in message
    assert "Py4J" not in message and "Traceback" not in message


@pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas:FutureWarning")
def test_a_raised_row_error_names_the_row(spark: Any) -> None:
    # urikit.arrow's kernels with errors="raise" in a Spark task: the row is in
    # the message Spark hands back
    from urikit import arrow

    rows = ["http://ok/", None, "http://ok/b", "http://h:x/", "c d"]
    df = spark.createDataFrame([(r,) for r in rows], "url string").coalesce(1)

    def strict(batches: Any) -> Any:
        for batch in batches:
            out = arrow.normalize(batch.column(0), errors="raise")
            yield pa.record_batch([out], ["n"])

    with pytest.raises(Exception) as caught:
        df.mapInArrow(strict, "n string").collect()
    assert "row 3: invalid character 'x' in port at position 9" in str(caught.value)
