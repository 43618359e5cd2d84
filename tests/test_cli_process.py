"""The ``urikit`` tool as a real process: no traceback for any environment.

A broken pipe ends quietly (141, as a process ended by SIGPIPE), an unwritable
output is one line on stderr and exit 2, Ctrl-C exits 130,
a bad option value is an argparse usage error (exit 2) naming the option.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

URIKIT = [sys.executable, "-m", "urikit"]
TIMEOUT = 120  # seconds; a generous bound against a hang, not a speed test


def no_traceback(stderr: str) -> None:
    assert "Traceback" not in stderr
    assert "Exception ignored" not in stderr


def test_broken_pipe_exits_quietly(tmp_path: Path) -> None:
    # Found: `urikit parse < urls.txt | head -1` ended in a BrokenPipeError traceback.
    source = tmp_path / "in.txt"
    source.write_text("http://example.com/a/b?q#f\n" * 200_000)  # far more than a pipe holds
    with (
        source.open("rb") as stdin,
        subprocess.Popen(
            [*URIKIT, "parse"], stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        ) as proc,
    ):
        assert proc.stdout is not None and proc.stderr is not None
        first = proc.stdout.readline()
        proc.stdout.close()  # what `head -1` does after its line
        stderr = proc.stderr.read().decode()
        status = proc.wait(timeout=TIMEOUT)
    assert first.startswith(b"ok\thttp://example.com/a/b?q#f\t")
    no_traceback(stderr)
    assert stderr == ""
    assert status == 141


def test_broken_pipe_through_a_shell(tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    source.write_text("http://a/\n" * 200_000)
    script = f'"$@" validate < {source} | head -1'
    done = subprocess.run(
        ["sh", "-c", script, "sh", *URIKIT],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert done.stdout == "valid\thttp://a/\n"
    no_traceback(done.stderr)
    assert done.stderr == ""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("extra", [[], ["--json"], ["--line-buffered"]])
def test_full_disk_is_one_line_and_exit_2(extra: list[str]) -> None:
    # Found: writing to a full disk ended in an OSError traceback.
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*URIKIT, "validate", *extra, "http://a/", "b"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
    no_traceback(done.stderr)
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("urikit: cannot write the output: ")
    assert "No space left" in lines[0]


def test_ctrl_c_exits_130_without_traceback() -> None:
    # Found: Ctrl-C gave a KeyboardInterrupt traceback.
    proc = subprocess.Popen(
        [*URIKIT, "validate", "--line-buffered"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    try:
        proc.stdin.write(b"http://a/\n")
        proc.stdin.flush()
        # The answer proves the tool is inside its loop, waiting for the next line.
        assert proc.stdout.readline() == b"valid\thttp://a/\n"
        proc.send_signal(signal.SIGINT)
        status = proc.wait(timeout=TIMEOUT)
        stderr = proc.stderr.read().decode()
    finally:
        if proc.poll() is None:  # pragma: no cover - only when the test fails
            proc.kill()
            proc.wait()
        proc.stdin.close()
        proc.stdout.close()
        proc.stderr.close()
    no_traceback(stderr)
    assert status == 130


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["urn", "resolve", "--http", "h:xx", "urn:ietf:rfc:8141"], "--http"),
        (["urn", "resolve", "--http", "h:99999", "urn:ietf:rfc:8141"], "--http"),
        (["urn", "resolve", "--http", "[::1", "urn:ietf:rfc:8141"], "--http"),
        (["urn", "resolve", "--http", "", "urn:ietf:rfc:8141"], "--http"),
        (["normalize", "--level", "bogus", "x"], "--level"),
        (["validate", "--grammar", "rfc1738", "--rule", "relative-ref", "x:y"], "--rule"),
        (["resolve", "http://a b", "g"], "BASE"),
        (["resolve"], "BASE"),
    ],
)
def test_bad_option_values_are_usage_errors(argv: list[str], option: str) -> None:
    done = subprocess.run(
        [*URIKIT, *argv],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    no_traceback(done.stderr)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("usage: urikit")
    assert option in done.stderr.splitlines()[-1]


def test_not_a_base_with_empty_input_is_a_usage_error() -> None:
    # Found: `urikit resolve 'not a base' < /dev/null` exited 0.
    done = subprocess.run(
        [*URIKIT, "resolve", "not a base"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 2
    assert "argument BASE" in done.stderr
