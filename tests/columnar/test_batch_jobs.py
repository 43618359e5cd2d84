"""``run_file(..., jobs=N)``: the same output and summary whatever N is, for
every input format with its error records; the threads of a run stop at the
first failure. Skipped without pyarrow."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from urikit.batch import FileSummary, run_file
from urikit.columnar._file_readers import Rows

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")


def url(i: int) -> str:
    return f"http://h{i % 97}.example/p/{i}?q={i % 7}"


def csv_input(n: int) -> bytes:
    lines = [b"id,url\n"]
    for i in range(n):
        if i % 211 == 5:
            lines.append(b"%d,http://a/,extra\n" % i)  # bad-record
        elif i % 173 == 7:
            lines.append(b"%d,http://h\xff.example/\n" % i)  # not-utf8
        else:
            lines.append(f"{i},{url(i) if i % 50 else 'a b'}\n".encode())
    return b"".join(lines)


def jsonl_input(n: int) -> bytes:
    lines = []
    for i in range(n):
        if i % 211 == 5:
            lines.append(b'{"id": %d, "url": 5}\n' % i)  # not-a-string
        elif i % 223 == 9:
            lines.append(b'{"id": %d, "url": "http://tru\n' % i)  # bad-record
        elif i % 173 == 7:
            lines.append(b'{"id": %d, "url": "http://h\xff.example/"}\n' % i)  # not-utf8
        else:
            lines.append(json.dumps({"id": i, "url": url(i)}).encode() + b"\n")
    return b"".join(lines)


def parquet_input(path: Path, n: int) -> None:
    values = [b"http://\xfe/" if i % 173 == 7 else url(i).encode() for i in range(n)]
    pq.write_table(pa.table({"url": pa.array(values, pa.binary())}), path)


@pytest.mark.parametrize("in_fmt", ["csv", "jsonl", "parquet"])
@pytest.mark.parametrize("out_fmt", ["text", "csv", "jsonl", "parquet"])
def test_any_number_of_jobs_gives_the_same_output(
    tmp_path: Path, in_fmt: str, out_fmt: str
) -> None:
    src = tmp_path / f"in.{in_fmt}"
    n = 4000
    if in_fmt == "parquet":
        parquet_input(src, n)
    else:
        src.write_bytes(csv_input(n) if in_fmt == "csv" else jsonl_input(n))
    outputs: dict[int, bytes] = {}
    summaries: dict[int, FileSummary] = {}
    for jobs in (1, 2):
        dst = tmp_path / f"out{jobs}.{out_fmt}"
        summary = run_file(
            src, dst, ["split", "normalize"], output_format=out_fmt, batch_size=300, jobs=jobs
        )
        outputs[jobs], summaries[jobs] = dst.read_bytes(), summary._replace(seconds=0)
    assert outputs[2] == outputs[1]
    assert summaries[2] == summaries[1]
    assert summaries[1].rows == n
    assert "not-utf8" in dict(summaries[1].reasons)


def test_jobs_is_checked(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text("http://a/\n")
    with pytest.raises(ValueError, match="'jobs' must be at least 1, not 0"):
        run_file(src, tmp_path / "o.txt", jobs=0)
    with pytest.raises(TypeError, match="jobs"):
        run_file(src, tmp_path / "o.txt", jobs=2.0)  # type: ignore[arg-type]
    assert not (tmp_path / "o.txt").exists()


def _batches(n: int) -> list[Rows]:
    return [Rows([i], {}, {}) for i in range(n)]


@pytest.mark.parametrize("where", ["maker", "emit"])
def test_threads_stop_at_the_first_failure_in_order(where: str) -> None:
    """A failure in a making thread or in the writing thread is raised by
    run_threaded; the batches before it are written in order, none after."""
    from urikit.columnar._parallel import run_threaded

    written: list[int] = []

    def maker(rows: object, start: int) -> tuple[int, None]:
        if where == "maker" and start == 6:
            raise ValueError("batch 6")
        return start, None

    def emit(start: int, tally: None) -> None:
        if where == "emit" and start == 6:
            raise ValueError("batch 6")
        written.append(start)

    with pytest.raises(ValueError, match="batch 6"):
        run_threaded(iter(_batches(40)), 2, maker, emit)
    assert written == [1, 2, 3, 4, 5]


def test_threads_stop_when_reading_fails() -> None:
    from urikit.columnar._parallel import run_threaded

    written: list[int] = []

    def batches() -> Iterator[Rows]:
        yield from _batches(3)
        raise OSError("the input went away")

    with pytest.raises(OSError, match="went away"):
        run_threaded(
            batches(), 2, lambda rows, start: (start, None), lambda s, t: written.append(s)
        )
    assert written == [1, 2, 3][: len(written)]  # in order; what was made may be written
