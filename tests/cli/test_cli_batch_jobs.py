"""``urikit batch --jobs N``: the same bytes out whatever N is, in every output
format, rows in order and errors in place; bad values of ``--jobs`` are usage
errors; a closed pipe, a full disk and Ctrl-C end as with one job, leaving no
worker process behind; memory does not grow with the input. Skipped without
pyarrow."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_helpers import closed_after_a_few_bytes, urikit_batch, wait_until

from urikit.cli import main

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus" / "urls.txt"
TIMEOUT = 120
EXT = {"text": ".txt", "csv": ".csv", "jsonl": ".jsonl", "parquet": ".parquet"}


def corpus_lines(n: int) -> list[bytes]:
    """``n`` lines of the corpus (repeated as needed), or made-up URLs without it."""
    if CORPUS.exists():
        lines = CORPUS.read_bytes().splitlines()
    else:  # pragma: no cover - a checkout without the shared corpus
        lines = [f"http://h{i % 97}.example/p/{i}?q={i % 7}".encode() for i in range(n)]
    return [lines[i % len(lines)] for i in range(n)]


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[bytes]]:
    """3,000 corpus lines with invalid, non-UTF-8 and control-character lines
    mixed in, and a "\\r\\n" line end; the last line has no line end."""
    lines = []
    for i, line in enumerate(corpus_lines(3000)):
        lines.append(line)
        if i % 97 == 0:
            lines.append(b"http://bad host/%d" % i)
        if i % 131 == 0:
            lines.append(b"http://\xff\xfe.example/%d" % i)
        if i % 503 == 0:
            lines.append(b"a\tb\x01c%d" % i)
    path = tmp_path_factory.mktemp("jobs") / "mixed.txt"
    path.write_bytes(b"\n".join(lines[:10]) + b"\r\n" + b"\n".join(lines[10:]))
    return path, lines


def run_jobs(src: Path, dst: Path, jobs: int, ops: str = "split,normalize,check") -> int:
    argv = ["batch", str(src), str(dst), "--jobs", str(jobs), "--batch-size", "500"]
    return main([*argv, "--no-progress", "--ops", ops])


#: The ops of a run in threads (Arrow and C kernels) and of one in worker
#: processes (the check op, row by row in Python), whatever the format.
OPS = ["split,normalize", "split,normalize,check"]


@pytest.mark.parametrize("ops", OPS)
@pytest.mark.parametrize("fmt", sorted(EXT))
def test_the_output_is_the_same_bytes_for_any_number_of_jobs(
    tmp_path: Path,
    mixed: tuple[Path, list[bytes]],
    fmt: str,
    ops: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    src, lines = mixed
    outputs = {}
    summaries = {}
    for jobs in (1, 2, 3):
        dst = tmp_path / f"out{jobs}{EXT[fmt]}"
        assert run_jobs(src, dst, jobs, ops) == 1  # the bad lines are invalid
        outputs[jobs] = dst.read_bytes()
        summaries[jobs] = capsys.readouterr().err.rsplit(", time:", 1)[0]
    assert outputs[2] == outputs[1]
    assert outputs[3] == outputs[1]
    assert summaries[2] == summaries[3] == summaries[1]
    assert f"rows: {len(lines)}, invalid: " in summaries[1]
    not_utf8 = sum(b"\xff" in line for line in lines)
    assert f"not-utf8: {not_utf8}" in summaries[1]


@pytest.mark.parametrize("ops", OPS)
def test_rows_stay_in_order_with_errors_in_place(
    tmp_path: Path, mixed: tuple[Path, list[bytes]], ops: str
) -> None:
    src, lines = mixed
    dst = tmp_path / "out.parquet"
    assert run_jobs(src, dst, 3, ops) == 1
    table = pq.read_table(dst)
    assert table.column("row").to_pylist() == list(range(1, len(lines) + 1))
    expected = [line.decode("utf-8", "replace") for line in lines]
    assert table.column("url").to_pylist() == expected
    reasons = table.column("error_reason").to_pylist()
    for i, line in enumerate(lines):
        if b"\xff" in line:
            assert reasons[i] == "not-utf8"
        elif line.startswith(b"http://bad host/"):
            assert reasons[i] == "invalid-char"


@pytest.mark.parametrize("ops", OPS)
def test_text_output_writes_bytes_back_in_place(
    tmp_path: Path, mixed: tuple[Path, list[bytes]], ops: str
) -> None:
    src, lines = mixed
    dst = tmp_path / "out.txt"
    assert run_jobs(src, dst, 2, ops) == 1
    out = dst.read_bytes().split(b"\n")
    assert out[0].startswith(b"row\turl\t")
    urls = [row.split(b"\t")[1] for row in out[1:-1]]
    assert len(urls) == len(lines)
    assert [i for i, line in enumerate(lines) if b"\xff" in line and urls[i] != line] == []


@pytest.mark.parametrize("jobs", ["0", "-1", "x", "1.5"])
def test_jobs_must_be_a_positive_whole_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], jobs: str
) -> None:
    src = tmp_path / "in.txt"
    src.write_text("http://a/\n")
    with pytest.raises(SystemExit) as info:
        main(["batch", str(src), str(tmp_path / "o.txt"), "--jobs", jobs])
    assert info.value.code == 2
    assert "argument --jobs" in capsys.readouterr().err.splitlines()[-1]
    assert not (tmp_path / "o.txt").exists()


def test_the_default_is_the_usable_cores() -> None:
    from urikit.cli import build_parser
    from urikit.columnar._parallel import default_jobs

    parser = build_parser("batch", only=True)
    assert parser.parse_args(["batch", "a", "b"]).jobs is None  # filled in by default_jobs()
    assert default_jobs() == len(os.sched_getaffinity(0))


# ------------------------------------------------- in a process of its own


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("jobs") / "big.txt"
    path.write_bytes(b"\n".join(corpus_lines(300_000)) + b"\n")
    return path


@pytest.mark.parametrize("ops", ["validate", "check"])  # threads, processes
def test_a_closed_pipe_ends_quietly(big: Path, ops: str) -> None:
    argv = urikit_batch(str(big), "-", "--jobs", "2", "--batch-size", "2000", "--ops", ops)
    assert closed_after_a_few_bytes(argv, TIMEOUT) == (141, "")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("ops", ["validate", "check"])  # threads, processes
def test_a_full_disk_names_the_output(big: Path, ops: str) -> None:
    with open("/dev/full", "wb") as full:
        proc = subprocess.run(
            urikit_batch(str(big), "-", "--jobs", "2", "--batch-size", "2000", "--ops", ops),
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=TIMEOUT,
            check=False,
        )
    assert proc.returncode == 2
    assert proc.stderr.decode().splitlines() == [
        "urikit: cannot write stdout: No space left on device; the output on stdout is incomplete"
    ]


def children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(p) for p in (task / "children").read_text().split()}
    return found


def is_worker(pid: int) -> bool:
    """A worker, not multiprocessing's resource tracker (which ends by itself
    when the run has ended)."""
    try:
        return b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except FileNotFoundError:
        return False


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


#: A run of two worker processes (the check op holds the GIL).
IN_PROCESSES = ("--jobs", "2", "--batch-size", "2000", "--ops", "split,check")


def busy_workers(pid: int, ready: Callable[[], bool] = lambda: True) -> list[int]:
    """The two worker processes of run ``pid``, once both have started and
    ``ready()`` holds, and half a second more (the workers busy with batches)."""
    workers: list[int] = []

    def started() -> bool:
        workers[:] = [p for p in children(pid) if is_worker(p)]
        return len(workers) >= 2 and ready()

    wait_until(started, "the workers")
    time.sleep(0.5)
    return workers


def ctrl_c(proc: subprocess.Popen[bytes]) -> str:
    """Ctrl-C at a terminal (SIGINT to the run's process group): what the run
    said on stderr, having ended with 130."""
    os.killpg(proc.pid, signal.SIGINT)
    assert proc.stderr is not None
    err = proc.stderr.read().decode()
    assert proc.wait(TIMEOUT) == 130
    return err


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
def test_ctrl_c_stops_every_process_and_leaves_no_file(tmp_path: Path, big: Path) -> None:
    """Ctrl-C at a terminal signals the whole process group: the workers too."""
    dst = tmp_path / "out.parquet"
    with subprocess.Popen(
        urikit_batch(str(big), str(dst), *IN_PROCESSES),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    ) as proc:
        workers = busy_workers(proc.pid, lambda: any(tmp_path.glob("*.part")))
        helpers = children(proc.pid) - set(workers)
        err = ctrl_c(proc)
    assert err == f"urikit batch: interrupted; nothing written to {dst}\n"
    assert [pid for pid in workers if alive(pid)] == []  # the run waited for them
    wait_until(lambda: not any(alive(p) for p in helpers), "the helper processes", timeout=10)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_ctrl_c_stops_a_run_in_threads_and_leaves_no_file(tmp_path: Path, big: Path) -> None:
    """A run whose batches are made by threads (split, Parquet) starts no
    process, and Ctrl-C ends it as it ends a run of one job."""
    dst = tmp_path / "out.parquet"
    argv = ["--jobs", "2", "--batch-size", "2000", "--ops", "split,normalize"]
    with subprocess.Popen(
        urikit_batch("-", str(dst), *argv),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    ) as proc:
        # every row, through a pipe left open: the run cannot have ended (0.4 s
        # for these rows) when the signal comes
        assert proc.stdin is not None
        proc.stdin.write(big.read_bytes())
        proc.stdin.flush()
        wait_until(lambda: any(tmp_path.glob("*.part")), "the temporary output")
        time.sleep(0.3)  # batches in flight
        started = children(proc.pid) if Path("/proc/self/task").exists() else set()
        err = ctrl_c(proc)
    assert err == f"urikit batch: interrupted; nothing written to {dst}\n"
    assert [p for p in started if is_worker(p)] == []
    assert sorted(p.name for p in tmp_path.iterdir()) == []


#: Tries of Ctrl-C as the workers start: the old code printed a worker's
#: traceback in 8 of 30 (the resource tracker's start unblocked SIGINT before the
#: workers were spawned; a signal taken by another thread cut a start midway).
CTRL_C_TRIES = 40


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
def test_ctrl_c_as_the_workers_start_prints_no_traceback(big: Path) -> None:
    """SIGINT to the process group at moments spread over the workers' start
    (from the first worker's appearance to 0.3 s after): every try ends with
    130 and the one line of an interrupted run, never a traceback."""
    outcomes: list[tuple[int, str]] = []
    for k in range(CTRL_C_TRIES):
        with subprocess.Popen(
            urikit_batch(str(big), "-", *IN_PROCESSES, "--no-progress"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
        ) as proc:
            wait_until(lambda: any(is_worker(p) for p in children(proc.pid)), "a worker")
            time.sleep(0.3 * k / CTRL_C_TRIES)
            os.killpg(proc.pid, signal.SIGINT)
            assert proc.stderr is not None
            err = proc.stderr.read().decode()
            outcomes.append((proc.wait(TIMEOUT), err))
    said = {
        "urikit batch: interrupted; nothing written to stdout\n",
        "urikit batch: interrupted; the output on stdout is incomplete\n",  # rows written
    }
    bad = [(status, err) for status, err in outcomes if status != 130 or err not in said]
    assert not bad, f"{len(bad)} of {CTRL_C_TRIES} tries: {bad[0]}"


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
def test_a_worker_that_dies_ends_the_run_with_one_line(tmp_path: Path, big: Path) -> None:
    dst = tmp_path / "out.parquet"
    with subprocess.Popen(
        urikit_batch(str(big), str(dst), *IN_PROCESSES),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    ) as proc:
        workers = busy_workers(proc.pid)
        os.kill(workers[0], signal.SIGKILL)
        assert proc.stderr is not None
        err = proc.stderr.read().decode()
        assert proc.wait(TIMEOUT) == 2
    assert err == (
        f"urikit: a worker process of the run ended abruptly; nothing written to {dst}\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == []


SLOW_MAKER = """
import time
def maker(rows, start):
    time.sleep(120)
    return rows.values, start
"""

KILLED_RUN = """
import sys
sys.path.insert(0, sys.argv[1])
from slow import maker
from urikit.columnar._file_readers import Rows
from urikit.columnar._parallel import run_parallel
if __name__ == "__main__":
    run_parallel(iter([Rows([i], {}, {}) for i in range(8)]), 2, maker, print)
"""


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
def test_workers_end_with_a_killed_run(tmp_path: Path) -> None:
    """A run killed outright (SIGKILL, the OOM killer) cannot stop its workers:
    they end by themselves at once, not after making the batches they hold
    (here, each a two-minute sleep)."""
    (tmp_path / "slow.py").write_text(SLOW_MAKER)
    (tmp_path / "run.py").write_text(KILLED_RUN)
    with subprocess.Popen([sys.executable, str(tmp_path / "run.py"), str(tmp_path)]) as proc:
        workers: list[int] = []

        def started() -> bool:
            workers[:] = [p for p in children(proc.pid) if is_worker(p)]
            return len(workers) >= 2

        wait_until(started, "the workers")
        time.sleep(1)  # each worker in its first batch
        assert all(alive(p) for p in workers)
        proc.kill()
        proc.wait(TIMEOUT)
    try:
        wait_until(lambda: not any(alive(p) for p in workers), "the workers to end", timeout=10)
    finally:  # none left sleeping after a failure
        for pid in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


RSS = """
import resource, subprocess, sys
status = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode
assert status in (0, 1), status  # 1: the corpus has invalid lines
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def peak_rss(src: Path, dst: Path) -> int:
    """The peak RSS (KiB) of the run and of its workers, the largest of them."""
    argv = [str(src), str(dst), "--jobs", "2", "--batch-size", "5000", "--ops", "split"]
    done = subprocess.run(
        [sys.executable, "-c", RSS, *urikit_batch(*argv, "--no-progress", "--force")],
        capture_output=True,
        timeout=TIMEOUT * 2,
        check=True,
    )
    return int(done.stdout)


def test_memory_does_not_grow_with_the_input(tmp_path: Path, big: Path) -> None:
    large = tmp_path / "large.txt"
    with large.open("wb") as f:
        for _ in range(4):
            f.write(big.read_bytes())
    small_rss = peak_rss(big, tmp_path / "small.out.txt")
    large_rss = peak_rss(large, tmp_path / "large.out.txt")
    assert large_rss < small_rss * 1.3, (small_rss, large_rss)
