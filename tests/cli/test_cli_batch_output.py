"""``urikit batch`` never destroys data: an output that is the input, or an
existing file without ``--force``, is refused before anything is written; a
file output appears only when the run has finished (a failed, interrupted or
terminated run leaves nothing); stdout says on stderr when it is incomplete; a
closed pipe ends quietly; a write error names the output. Skipped without pyarrow."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import closed_after_a_few_bytes, urikit_batch, wait_until

from urikit.cli import _batch as batch_cli
from urikit.cli import main

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

BIG = 300_000
TIMEOUT = 120


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A text input of 300,000 lines (a few invalid)."""
    path = tmp_path_factory.mktemp("big") / "big.txt"
    path.write_text(
        "".join(f"http://h{i % 89}.example/{i}\n" if i % 1000 else f"bad {i}\n" for i in range(BIG))
    )
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def leftovers(folder: Path) -> list[str]:
    """Temporary files of an output left in ``folder``."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


# --------------------------------------------------------- the input is safe


@pytest.mark.parametrize("how", ["same", "dot", "symlink", "hardlink"])
def test_an_output_that_is_the_input_is_refused(
    tmp_path: Path, big: Path, capsys: pytest.CaptureFixture[str], how: str
) -> None:
    src = tmp_path / "in.txt"
    src.write_bytes(big.read_bytes())
    before = digest(src)
    dst = {
        "same": src,
        "dot": tmp_path / "." / "in.txt",
        "symlink": tmp_path / "link.txt",
        "hardlink": tmp_path / "hard.txt",
    }[how]
    if how == "symlink":
        dst.symlink_to(src)
    elif how == "hardlink":
        os.link(src, dst)
    assert main(["batch", str(src), str(dst), "--force"]) == 2
    err = capsys.readouterr().err
    assert f"the output {dst} is the input {src}" in err
    assert digest(src) == before
    assert leftovers(tmp_path) == []


def test_stdin_that_is_the_output_is_refused(tmp_path: Path, big: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_bytes(big.read_bytes())
    with src.open("rb") as stdin:
        proc = subprocess.run(
            urikit_batch("-", str(src), "--force"),
            stdin=stdin,
            capture_output=True,
            timeout=TIMEOUT,
            check=False,
        )
    assert proc.returncode == 2
    assert f"the output {src} is the input -" in proc.stderr.decode()
    assert src.read_bytes() == big.read_bytes()


def test_stdout_that_is_the_input_is_refused(tmp_path: Path, big: Path) -> None:
    """``urikit batch big.txt - >> big.txt`` would read its own output."""
    src = tmp_path / "in.txt"
    src.write_bytes(big.read_bytes())
    with src.open("ab") as stdout:
        proc = subprocess.run(
            urikit_batch(str(src), "-"),
            stdout=stdout,
            stderr=subprocess.PIPE,
            timeout=TIMEOUT,
            check=False,
        )
    assert proc.returncode == 2
    assert "is the input" in proc.stderr.decode()
    assert src.read_bytes() == big.read_bytes()


# --------------------------------------------------- an existing output


def test_an_existing_output_needs_force(
    tmp_path: Path, big: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dst = tmp_path / "out.txt"
    dst.write_text("precious\n")
    dst.chmod(0o640)
    assert main(["batch", str(big), str(dst)]) == 2
    assert f"the output {dst} exists: give --force" in capsys.readouterr().err
    assert dst.read_text() == "precious\n"
    assert main(["batch", str(big), str(dst), "--force", "--no-progress"]) == 1
    lines = dst.read_text().splitlines()
    assert len(lines) == BIG + 1
    assert (dst.stat().st_mode & 0o777) == 0o640  # --force keeps the file's mode
    assert leftovers(tmp_path) == []


def test_a_new_output_has_the_usual_mode(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text("http://a/\n")
    dst = tmp_path / "out.txt"
    umask = os.umask(0o022)
    try:
        assert main(["batch", str(src), str(dst)]) == 0
    finally:
        os.umask(umask)
    assert (dst.stat().st_mode & 0o777) == 0o644


def test_a_device_is_written_in_place(tmp_path: Path) -> None:
    if not os.path.exists(os.devnull):
        pytest.skip("no /dev/null")
    src = tmp_path / "in.txt"
    src.write_text("http://a/\n")
    assert main(["batch", str(src), os.devnull, "--format", "text"]) == 0
    assert leftovers(Path(os.devnull).parent) == []


# ------------------------------------------------------------ a failed run


def test_a_run_that_fails_leaves_no_file(
    tmp_path: Path, big: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An input that fails after some batches were written: no output, no
    temporary file, and the message says so."""
    real = batch_cli._READERS["text"]

    def failing(pa: Any, f: Any, column: str, size: int) -> Iterator[Any]:
        for n, rows in enumerate(real(pa, f, column, size)):
            if n == 3:
                raise OSError(5, "Input/output error")
            yield rows

    monkeypatch.setitem(batch_cli._READERS, "text", failing)
    dst = tmp_path / "out.parquet"
    assert main(["batch", str(big), str(dst), "--batch-size", "1000"]) == 2
    err = capsys.readouterr().err
    assert f"cannot read {big}: " in err
    assert f"nothing written to {dst}" in err
    assert not dst.exists()
    assert leftovers(tmp_path) == []


def test_an_output_that_appears_during_the_run_is_kept(
    tmp_path: Path, big: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --force, a file that another program wrote at OUTPUT while the
    run went on is not replaced at the end."""
    real = batch_cli._READERS["text"]
    dst = tmp_path / "out.txt"

    def racing(pa: Any, f: Any, column: str, size: int) -> Iterator[Any]:
        for n, rows in enumerate(real(pa, f, column, size)):
            if n == 2:
                dst.write_text("theirs\n")
            yield rows

    monkeypatch.setitem(batch_cli._READERS, "text", racing)
    assert main(["batch", str(big), str(dst), "--batch-size", "1000"]) == 2
    assert f"the output {dst} appeared during the run" in capsys.readouterr().err
    assert dst.read_text() == "theirs\n"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("where", ["missing", "not-a-dir"])
def test_an_unwritable_output_is_named(
    tmp_path: Path, big: Path, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    dst = tmp_path / "no" / "out.txt" if where == "missing" else big / "out.txt"
    assert main(["batch", str(big), str(dst)]) == 2
    err = capsys.readouterr().err
    assert f"urikit: cannot write {dst}: " in err
    assert "cannot read" not in err
    assert "Traceback" not in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("fmt", ["text", "csv", "jsonl", "parquet"])
def test_stdout_on_a_full_disk(big: Path, fmt: str) -> None:
    with open("/dev/full", "wb") as full:
        proc = subprocess.run(
            urikit_batch(str(big), "-", "--output-format", fmt),
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=TIMEOUT,
            check=False,
        )
    err = proc.stderr.decode()
    assert proc.returncode == 2
    assert err.splitlines()[-1] == (
        "urikit: cannot write stdout: No space left on device; the output on stdout is incomplete"
    )
    assert str(big) not in err


@pytest.mark.parametrize("fmt", ["text", "parquet"])
def test_a_closed_pipe_ends_quietly(big: Path, fmt: str) -> None:
    """``urikit batch big.txt - | head -1``"""
    assert closed_after_a_few_bytes(urikit_batch(str(big), "-", "--output-format", fmt)) == (
        141,
        "",
    )


@pytest.mark.parametrize("fmt", ["text", "csv", "parquet"])
def test_a_pipe_closed_during_the_last_write_is_not_a_whole_run(tmp_path: Path, fmt: str) -> None:
    """One batch, written in one go to a pipe that takes 64 KiB: the reader
    reads 10 bytes and closes it. The write that was cut short says nothing;
    the run must still end as a closed pipe, not with a summary of a whole
    output."""
    source = tmp_path / "one.txt"
    source.write_text("".join(f"http://h.example/{i:0>40}\n" for i in range(20_000)))
    argv = urikit_batch(str(source), "-", "--output-format", fmt, "--batch-size", "65536")
    assert closed_after_a_few_bytes(argv) == (141, "")


# ---------------------------------------------------------- interruptions


@pytest.mark.parametrize(
    ("sig", "status", "word"),
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
)
def test_a_signal_mid_run_leaves_no_file(
    tmp_path: Path, big: Path, sig: signal.Signals, status: int, word: str
) -> None:
    dst = tmp_path / "out.parquet"
    with subprocess.Popen(
        urikit_batch(str(big), str(dst), "--batch-size", "2000", "--ops", "split,normalize"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    ) as proc:
        wait_until(lambda: leftovers(tmp_path), "the temporary output")
        proc.send_signal(sig)
        assert proc.stderr is not None
        err = proc.stderr.read().decode()
        assert proc.wait(TIMEOUT) == status
    assert err == f"urikit batch: {word}; nothing written to {dst}\n"
    assert not dst.exists()
    assert leftovers(tmp_path) == []


def test_ctrl_c_on_stdout_says_the_output_is_incomplete(big: Path) -> None:
    with subprocess.Popen(
        urikit_batch(str(big), "-", "--batch-size", "2000", "--ops", "split,normalize"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        assert proc.stdout.read(10)
        proc.send_signal(signal.SIGINT)
        rest = proc.stdout.read()
        err = proc.stderr.read().decode()
        assert proc.wait(TIMEOUT) == 130
    assert err.splitlines()[-1] == "urikit batch: interrupted; the output on stdout is incomplete"
    assert "Traceback" not in err
    assert rest.count(b"\n") < BIG
