#!/usr/bin/env python3
"""Beside the engines: urikit next to DuckDB's and Polars' own string functions,
and how DuckDB and Dask pass urikit's GIL-free kernels through their threads.

In one run, on ../shared/corpus/urls.txt repeated to ``--rows`` rows (default
2,000,000), written once as a text file (one URL a line) and as a Parquet file
(row groups of ``--row-group`` rows, so that every thread of an engine gets
some); wall times, best of ``--rounds`` rounds, the contestants interleaved in
each round, the 1-minute load average taken before each timed run (the load of
the best round is printed beside it, and the load before and after the whole
run; it counts the run's own threads too, and the machine may be shared:
rerun the figures of a run that started at a load above 1.5);

* side by side (``--only side``): every row split (scheme ... fragment) and
  normalized, from the text file and from the Parquet file into a Parquet file,
  in rows/s:

  - ``urikit batch INPUT OUT.parquet --ops split,normalize --jobs 2`` (a child
    process: its start, two workers' start and the writing are counted);
  - DuckDB calling urikit's ``uri_split`` and ``uri_normalize``
    (:mod:`urikit.duckdb`), ``SET threads = 2``, ``COPY (SELECT ...) TO``;
  - DuckDB's own string functions, 2 threads: ``regexp_extract`` with the
    regular expression of RFC 3986 Appendix B (scheme, authority, path, query,
    fragment), the host cut from the authority by a second one (userinfo up to
    the last ``@`` and the port dropped, an IP literal kept whole), and
    ``lower(url)`` for a normalize-like step;
  - Polars' own: ``str.extract_groups`` / ``str.extract`` with the same regular
    expressions, ``str.to_lowercase``, ``scan_*`` to ``sink_parquet`` (Polars'
    thread pool: one thread per core);

* correctness (with ``side``): the Parquet outputs compared row by row with
  ``urikit batch``'s (urikit's RFC 3986 answer): DuckDB's urikit functions on
  every column (0 rows should differ); each engine's own scheme, host and path
  (an undefined component is null in urikit's answer, where DuckDB's
  ``regexp_extract`` gives ``''``: those rows are counted apart), its
  ``lower(url)`` against ``normalize``, and a validity verdict: the RFC 3986
  regular expression of bench_arrow.py (``regexp_full_match``,
  ``str.contains``; the engines have no URI parser of their own) against
  urikit's; the number of rows that differ and up to three distinct example
  rows of each;

* threads (``--only threads``): the same query on 1 and on 2 threads, and the
  ratio (1-thread time over 2-thread time; target >= 1.5, the ceiling on this
  2-core machine is about 1.83, two plain CPU-bound processes):

  - DuckDB, one connection, ``SET threads = 1`` / ``2``, over the Parquet file:
    ``count`` over ``uri_split`` + ``uri_normalize`` (the side-by-side work),
    then ``uri_valid``, ``uri_split`` and ``uri_normalize`` alone, and what
    DuckDB itself scales: the built-in ``length(url)``, a no-op Arrow UDF (the
    vector to Arrow and back, DuckDB's cost of any Python function) and a UDF
    that only sleeps 1 ms a call, with the GIL released (whether DuckDB runs
    two calls at once at all);
  - Dask, ``dask.config.set(scheduler="threads", num_workers=N)``,
    ``dd.read_parquet`` of the file (one partition per row group):
    ``urikit.dask.validate`` + ``split`` (GIL-free kernels), ``normalize``, a
    no-op task per partition (the read and the partition to Arrow, as
    urikit.dask does: the engine's own share and per-task cost) and a task
    that only sleeps 50 ms;

  each with the cores the process kept busy (its CPU time over the wall time)
  and its context switches: two threads that take turns at the GIL keep two
  cores busy and switch often, without finishing sooner.

``--check`` exits 1 when a threads ratio of the GIL-free work (DuckDB
``uri_split`` + ``uri_valid``, Dask validate + split) is below 1.5. Needs the
``arrow``, ``duckdb``, ``polars`` and ``dask`` extras and the C accelerator
(the GIL-free kernels are the C build's).

    python bench/bench_engines.py                        # 2,000,000 rows, both parts
    python bench/bench_engines.py --rows 200000 --rounds 1
    python bench/bench_engines.py --only threads --rounds 5
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:
    import duckdb
    import polars as pl
    import pyarrow as pa  # type: ignore[import-untyped]
    import pyarrow.compute as pc  # type: ignore[import-untyped]
    import pyarrow.parquet as pq  # type: ignore[import-untyped]
except ImportError as err:  # a message, not a traceback
    print(
        f"error: bench_engines.py needs {err.name}: pip install -e '.[duckdb,polars,dask]'",
        file=sys.stderr,
    )
    sys.exit(2)

from _perbuild import DEFAULT_CORPUS, RFC3986_REGEX, corpus_array

import urikit
from urikit import duckdb as uduckdb

#: RFC 3986 Appendix B, with names for the groups it keeps: any string matches.
APPENDIX_B = (
    r"^(?:(?P<scheme>[^:/?#]+):)?(?://(?P<authority>[^/?#]*))?(?P<path>[^?#]*)"
    r"(?:\?(?P<query>[^#]*))?(?:#(?P<fragment>.*))?"
)
GROUPS = ["scheme", "authority", "path", "query", "fragment"]
#: The host of an authority: after the last "@", an IP literal whole, else up to a ":".
HOST_REGEX = r"^(?:.*@)?(\[[^\]]*\]|[^:]*)"
#: The columns every output of the side-by-side runs has, compared with urikit's.
COMPARED = ["scheme", "host", "path", "normalized"]
SPLIT = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"]

#: engine and query -> the least acceptable ratio (1 thread / 2 threads).
TARGETS = {
    "duckdb uri_valid": 1.5,
    "duckdb uri_split": 1.5,
    "dask validate+split": 1.5,
}


def sql_text(text: str) -> str:
    """``text`` as an SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


def load() -> float:
    return os.getloadavg()[0]


class Rounds:
    """Best wall seconds of each named run over interleaved rounds, with the load
    average (1 minute) taken just before that best run, the CPU seconds this
    process spent in it (all its threads: CPU over wall is how many cores it
    kept busy; a child process's time is not counted) and its threads' context
    switches (a thread waiting for the GIL, or for another thread, is one)."""

    def __init__(self) -> None:
        self.best: dict[str, float] = {}
        self.load: dict[str, float] = {}
        self.cpu: dict[str, float] = {}
        self.switches: dict[str, int] = {}

    def time(self, name: str, func: Callable[..., object], *args: Any) -> float:
        """Seconds of ``func(*args)``, kept if the best of ``name``."""
        before = load()
        s0 = _switches()
        c0, t0 = time.process_time(), time.perf_counter()
        func(*args)
        seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
        if seconds < self.best.get(name, float("inf")):
            self.best[name], self.load[name], self.cpu[name] = seconds, before, cpu
            self.switches[name] = _switches() - s0
        return seconds


def _switches() -> int:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_nvcsw + usage.ru_nivcsw


def write_inputs(rows: int, tmp: Path, row_group: int) -> tuple[Path, Path]:
    """The corpus repeated to ``rows`` rows as ``urls.txt`` and ``urls.parquet``."""
    arr = corpus_array(rows, DEFAULT_CORPUS)
    text, parquet = tmp / "urls.txt", tmp / "urls.parquet"
    with open(text, "w", encoding="utf-8") as f:
        step = 1_000_000
        for k in range(0, rows, step):
            f.write("\n".join(arr.slice(k, step).to_pylist()) + "\n")
    pq.write_table(pa.table({"url": arr}), parquet, row_group_size=row_group)
    return text, parquet


def duckdb_source(path: Path) -> str:
    """The SQL that reads ``path``'s one column ``url`` (a text file: one value a
    line, nothing quoted; the corpus has no tab)."""
    if path.suffix == ".parquet":
        return f"read_parquet('{path}')"
    return (
        f"read_csv('{path}', header = false, columns = {{'url': 'VARCHAR'}}, "
        "delim = '\t', quote = '', escape = '', auto_detect = false)"
    )


def polars_source(path: Path) -> Any:
    if path.suffix == ".parquet":
        return pl.scan_parquet(path)
    return pl.scan_csv(
        path, has_header=False, new_columns=["url"], schema={"url": pl.String},
        separator="\t", quote_char=None,
    )  # fmt: skip


def run_urikit_batch(src: Path, out: Path) -> None:
    cmd = [sys.executable, "-m", "urikit", "batch", str(src), str(out)]
    cmd += ["--ops", "split,normalize", "--jobs", "2", "--no-progress", "--force"]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):  # 1: some row is invalid
        raise SystemExit(f"urikit batch failed ({done.returncode}): {done.stderr}")


def duckdb_connection(threads: int) -> Any:
    con = duckdb.connect()
    con.execute(f"SET threads = {threads}")
    uduckdb.register(con)
    return con


def run_duckdb_urikit(con: Any, src: Path, out: Path) -> None:
    parts = ", ".join(f"p.{name}" for name in SPLIT)
    con.execute(
        f"COPY (SELECT url, p.error_reason IS NULL AS valid, {parts}, "
        "p.error_reason, p.error_position, n AS normalized FROM "
        f"(SELECT url, uri_split(url) AS p, uri_normalize(url) AS n FROM {duckdb_source(src)})"
        f") TO '{out}' (FORMAT parquet)"
    )


def run_duckdb_own(con: Any, src: Path, out: Path) -> None:
    names = ", ".join(f"'{g}'" for g in GROUPS)
    con.execute(
        "COPY (SELECT url, g.scheme, g.authority, "
        f"regexp_extract(g.authority, {sql_text(HOST_REGEX)}, 1) AS host, g.path, g.query, "
        "g.fragment, lower(url) AS normalized FROM "
        f"(SELECT url, regexp_extract(url, {sql_text(APPENDIX_B)}, [{names}]) AS g "
        f"FROM {duckdb_source(src)})) TO '{out}' (FORMAT parquet)"
    )


def run_polars_own(src: Path, out: Path) -> None:
    url = pl.col("url")
    (
        polars_source(src)
        .with_columns(g=url.str.extract_groups(APPENDIX_B))
        .unnest("g")
        .with_columns(
            host=pl.col("authority").str.extract(HOST_REGEX, 1),
            normalized=url.str.to_lowercase(),
        )
        .sink_parquet(out)
    )


def bench_side(
    text: Path, parquet: Path, tmp: Path, args: argparse.Namespace, out: dict[str, Any]
) -> dict[str, Path]:
    """rows/s of each contestant on each input; returns the Parquet input's outputs."""
    con = duckdb_connection(2)
    contestants: dict[str, Callable[[Path, Path], None]] = {
        "urikit batch --jobs 2": run_urikit_batch,
        "DuckDB + urikit uri_* (2 threads)": lambda s, o: run_duckdb_urikit(con, s, o),
        "DuckDB regexp_extract + lower (2 threads)": lambda s, o: run_duckdb_own(con, s, o),
        "Polars str.extract_groups + to_lowercase": run_polars_own,
    }
    rounds = Rounds()
    outputs: dict[str, Path] = {}
    for _ in range(args.rounds):
        for k, (name, run) in enumerate(contestants.items()):
            for src in (text, parquet):
                dst = tmp / f"out{k}.{src.suffix[1:]}.parquet"
                if dst.exists():
                    dst.unlink()
                rounds.time(f"{name}, {src.suffix[1:]}", run, src, dst)
                if src is parquet:
                    outputs[name] = dst
    con.close()
    side = out.setdefault("side", {})
    for name in contestants:
        side[name] = {
            src: {"rows/s": args.rows / rounds.best[f"{name}, {src}"], "load": rounds.load[key]}
            for src in ("txt", "parquet")
            for key in [f"{name}, {src}"]
        }
    return outputs


def differing(ours: Any, theirs: Any) -> tuple[Any, Any]:
    """Boolean arrays: the rows where ``theirs`` differs from ``ours`` (a null
    equals only a null), and those of them where one is null, the other ''."""
    same = pc.fill_null(pc.equal(ours, theirs), False)
    both_null = pc.and_(pc.is_null(ours), pc.is_null(theirs))
    diff = pc.invert(pc.or_(same, both_null))
    if not pa.types.is_string(ours.type):
        return diff, pa.nulls(len(diff), pa.bool_()).fill_null(False)
    null_empty = pc.or_(
        pc.and_(pc.is_null(ours), pc.fill_null(pc.equal(theirs, ""), False)),
        pc.and_(pc.is_null(theirs), pc.fill_null(pc.equal(ours, ""), False)),
    )
    return diff, pc.and_(diff, null_empty)


def examples(urls: Any, ours: Any, theirs: Any, mask: Any, most: int = 3) -> list[str]:
    """Up to ``most`` distinct rows of ``mask``: the URL, urikit's and the engine's value."""
    seen: dict[str, str] = {}
    for i in pc.indices_nonzero(mask).to_pylist():
        url = urls[i].as_py()
        if url not in seen:
            seen[url] = f"{url!r}: urikit {ours[i].as_py()!r}, engine {theirs[i].as_py()!r}"
            if len(seen) == most:
                break
    return list(seen.values())


def verdicts(parquet: Path) -> dict[str, Any]:
    """The RFC 3986 regular expression's verdict on every row, in each engine."""
    con = duckdb.connect()
    con.execute("SET threads = 2")
    ddb = con.sql(
        f"SELECT regexp_full_match(url, {sql_text(RFC3986_REGEX)}) AS v "
        f"FROM read_parquet('{parquet}')"
    ).to_arrow_table()
    con.close()
    plr = pl.read_parquet(parquet).select(v=pl.col("url").str.contains(RFC3986_REGEX))
    return {
        "DuckDB regexp_extract + lower (2 threads)": ddb["v"].combine_chunks(),
        "Polars str.extract_groups + to_lowercase": plr.to_arrow()["v"].combine_chunks(),
    }


def compare(outputs: dict[str, Path], parquet: Path, out: dict[str, Any]) -> None:
    """Each engine's Parquet output against ``urikit batch``'s, row by row."""
    reference = pq.read_table(outputs.pop("urikit batch --jobs 2"))
    urls = reference["url"].combine_chunks()
    judged = verdicts(parquet)
    for name, path in outputs.items():
        table = pq.read_table(path)
        if table.num_rows != reference.num_rows:
            raise SystemExit(f"{name}: {table.num_rows} rows, urikit batch {reference.num_rows}")
        columns = reference.column_names[1:] if "uri_" in name else COMPARED
        diffs: dict[str, Any] = {}
        for col in columns:
            ours, theirs = reference[col].combine_chunks(), table[col].combine_chunks()
            if not theirs.type.equals(ours.type):
                theirs = theirs.cast(ours.type)
            diff, null_empty = differing(ours, theirs)
            count = pc.sum(diff).as_py() or 0
            if count or "uri_" not in name:
                diffs[col] = {
                    "rows": count,
                    "null vs ''": pc.sum(null_empty).as_py() or 0,
                    "examples": examples(urls, ours, theirs, pc.and_not(diff, null_empty)),
                }
        if name in judged:
            ours = reference["valid"].combine_chunks()
            theirs = judged[name]
            diff, _ = differing(ours, theirs)
            accepted = pc.and_(diff, pc.fill_null(theirs, False))
            diffs["verdict (RFC 3986 regex)"] = {
                "rows": pc.sum(diff).as_py() or 0,
                "invalid accepted": pc.sum(accepted).as_py() or 0,
                "examples": examples(urls, ours, theirs, diff),
            }
        if "uri_" in name and not diffs:
            diffs["every column"] = {"rows": 0}
        out.setdefault("correctness", {})[name] = diffs


def fetch(con: Any, sql: str) -> object:
    return con.execute(sql).fetchall()


#: What the GIL-free stand-ins sleep: per DuckDB call (a vector of 2048 rows), per Dask task.
SLEEP_CALL, SLEEP_TASK = 0.001, 0.05


def bench_duckdb_threads(parquet: Path, args: argparse.Namespace, out: dict[str, Any]) -> None:
    con = duckdb_connection(1)
    true = pa.array([True] * 4096)

    def sleeper(urls: Any) -> Any:
        time.sleep(SLEEP_CALL)
        return true.slice(0, len(urls))

    for name, func in (("noop_udf", lambda urls: true.slice(0, len(urls))), ("sleep_udf", sleeper)):
        con.create_function(
            name, func, ["VARCHAR"], "BOOLEAN", type="arrow", null_handling="special"
        )
    src = f"read_parquet('{parquet}')"
    queries = {
        "uri_split + uri_normalize": "SELECT count(p.host), count(n) FROM "
        f"(SELECT uri_split(url) AS p, uri_normalize(url) AS n FROM {src})",
        "uri_valid": f"SELECT count(*) FILTER (WHERE uri_valid(url)) FROM {src}",
        "uri_split": f"SELECT count(uri_split(url).host) FROM {src}",
        "uri_normalize": f"SELECT count(uri_normalize(url)) FROM {src}",
        "no-op Arrow UDF": f"SELECT count(*) FILTER (WHERE noop_udf(url)) FROM {src}",
        "GIL-free UDF (sleeps 1 ms a call)": "SELECT count(*) FILTER (WHERE sleep_udf(url)) "
        f"FROM {src}",
        "built-in length(url)": f"SELECT count(*) FILTER (WHERE length(url) > 0) FROM {src}",
    }
    rounds = Rounds()
    for _ in range(args.rounds):
        for name, sql in queries.items():
            for threads in (1, 2):
                con.execute(f"SET threads = {threads}")
                rounds.time(f"{name}, {threads}", fetch, con, sql)
    con.close()
    report_threads("duckdb", queries, rounds, args.rows, out)


def report_threads(engine: str, names: Any, rounds: Rounds, rows: int, out: dict[str, Any]) -> None:
    threads = out.setdefault("threads", {})
    for name in names:
        one, two = rounds.best[f"{name}, 1"], rounds.best[f"{name}, 2"]
        keys = (f"{name}, 1", f"{name}, 2")
        threads[f"{engine} {name}"] = {
            "ns/row": [one / rows * 1e9, two / rows * 1e9],
            "ratio": one / two,
            "cores busy": [rounds.cpu[k] / rounds.best[k] for k in keys],
            "context switches": [rounds.switches[k] for k in keys],
            "load": [rounds.load[k] for k in keys],
        }


def _noop_part(part: Any) -> Any:
    import pandas as pd  # type: ignore[import-untyped]

    from urikit.columnar._dask import _to_arrow

    return pd.Series([len(_to_arrow(part))])  # as urikit.dask hands a partition over


def _sleep_part(part: Any) -> Any:
    import pandas as pd

    time.sleep(SLEEP_TASK)
    return pd.Series([len(part)])


def bench_dask_threads(parquet: Path, args: argparse.Namespace, out: dict[str, Any]) -> None:
    import dask
    import dask.dataframe as dd
    from dask.base import compute as dask_compute

    from urikit import dask as udask

    compute: Callable[..., tuple[Any, ...]] = dask_compute
    df = dd.read_parquet(str(parquet), split_row_groups=True)
    out["dask partitions"] = df.npartitions
    urls = df["url"]
    work: dict[str, Callable[[], object]] = {
        "validate+split": lambda: compute(
            udask.validate(urls).sum(), udask.split(urls).host.count()
        ),
        "normalize": lambda: compute(udask.normalize(urls).count()),
        "no-op task": lambda: compute(urls.map_partitions(_noop_part, meta=(None, "i8")).sum()),
        "GIL-free task (sleeps 50 ms)": lambda: compute(
            urls.map_partitions(_sleep_part, meta=(None, "i8")).sum()
        ),
    }
    rounds = Rounds()
    with dask.config.set(scheduler="threads", num_workers=1):
        work["validate+split"]()  # imports, the memory pool
    for _ in range(args.rounds):
        for name, func in work.items():
            for workers in (1, 2):
                with dask.config.set(scheduler="threads", num_workers=workers):
                    rounds.time(f"{name}, {workers}", func)
    report_threads("dask", work, rounds, args.rows, out)
    per_task = rounds.best["no-op task, 1"] / df.npartitions
    out["dask no-op task, 1 worker: ms per partition"] = per_task * 1e3


def print_results(out: dict[str, Any]) -> None:
    print(f"load average (1, 5, 15 min) before: {_loads(out['load before'])}")
    if "side" in out:
        print("\nside by side, rows/s (load before the best round)")
        print(f"  {'':<48} {'text':>17} {'Parquet':>17}")
        for name, got in out["side"].items():
            cells = [f"{got[src]['rows/s']:>10,.0f} ({got[src]['load']:.2f})" for src in got]
            print(f"  {name:<48} {cells[0]:>17} {cells[1]:>17}")
    for name, diffs in out.get("correctness", {}).items():
        print(f"\nrows that differ from urikit batch's: {name}")
        for col, got in diffs.items():
            counts = ", ".join(f"{k} {v}" for k, v in got.items() if k != "examples")
            print(f"  {col}: {counts}")
            for line in got.get("examples", []):
                print(f"    {line}")
    if "threads" in out:
        print("\nthreads: 1 and 2 (ns/row, cores busy, context switches, load before)")
        heads = ("ns/row", 15), ("ratio", 6), ("cores", 11), ("switches", 13), ("load", 11)
        print("  " + " " * 44 + "".join(f" {h:>{w}}" for h, w in heads))
        for name, got in out["threads"].items():
            ns, cores, switches = got["ns/row"], got["cores busy"], got["context switches"]
            print(
                f"  {name:<44} {ns[0]:>7.1f} {ns[1]:>7.1f} {got['ratio']:>6.2f} "
                f"{cores[0]:>5.2f} {cores[1]:>5.2f} {switches[0]:>6} {switches[1]:>6} "
                f"{got['load'][0]:>5.2f} {got['load'][1]:>5.2f}"
            )
    for name, value in out.items():
        if isinstance(value, int | float):
            print(f"{name}: {value:.2f}" if isinstance(value, float) else f"{name}: {value}")
    print(f"load average (1, 5, 15 min) after: {_loads(out['load after'])}")


def _loads(loads: Any) -> str:
    return ", ".join(f"{x:.2f}" for x in loads)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rows", type=int, default=2_000_000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--row-group", type=int, default=131_072, metavar="ROWS")
    parser.add_argument("--only", default="", help="comma-separated: side, threads")
    parser.add_argument("--json", type=Path, default=None, metavar="FILE")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    if not DEFAULT_CORPUS.is_file():
        print(f"error: the corpus {DEFAULT_CORPUS} is not there", file=sys.stderr)
        return 2
    parts = {s.strip() for s in args.only.split(",") if s.strip()} or {"side", "threads"}
    print(
        f"urikit {urikit.__version__}, {urikit.IMPLEMENTATION} implementation, duckdb "
        f"{duckdb.__version__}, polars {pl.__version__}, {os.cpu_count()} CPUs, "
        f"{args.rows} rows, best of {args.rounds} rounds",
        flush=True,
    )
    out: dict[str, Any] = {"load before": os.getloadavg()}
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        text, parquet = write_inputs(args.rows, tmp, args.row_group)
        if "side" in parts:
            compare(bench_side(text, parquet, tmp, args, out), parquet, out)
        if "threads" in parts:
            bench_duckdb_threads(parquet, args, out)
            bench_dask_threads(parquet, args, out)
    out["load after"] = os.getloadavg()
    print_results(out)
    ratios = {name: got["ratio"] for name, got in out.get("threads", {}).items()}
    missed = [name for name, limit in TARGETS.items() if name in ratios and ratios[name] < limit]
    for name, limit in TARGETS.items():
        if name in ratios:
            word = "MISSED" if name in missed else "met"
            print(f"target {name}: 2 threads >= {limit}x 1: {ratios[name]:.2f} {word}")
    if urikit.IMPLEMENTATION != "c":
        print("note: the GIL-free kernels are the C build's; this run is pure Python")
    if args.json:
        args.json.write_text(json.dumps(out, indent=2, default=str) + "\n")
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
