"""Helpers shared by the CLI tests: run ``urikit.cli.main`` in-process and read
what it printed; a stand-in stdin; ``urikit batch`` as a command whose output
pipe its reader closes; waiting for a run to reach a point."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import pytest

from urikit.cli import main

#: The commands whose tests need an extra's package -> that package and the extra.
NEEDS_EXTRA: dict[str, tuple[str, str]] = {"domain": ("publicsuffixlist", "domains")}

#: The record commands whose human form is a block per input: its first line the
#: record line (verdict, input), then lines indented by two spaces (the table of
#: ``urikit readings``).
BLOCKS = frozenset({"readings"})


def record_lines(command: str, lines: list[Any]) -> list[Any]:
    """The record lines of ``command``'s human output (``str`` or ``bytes``
    lines): all of them, or a block command's first lines."""
    if command.split()[0] not in BLOCKS:
        return lines
    indent: Any = b"  " if lines and isinstance(lines[0], bytes) else "  "
    return [line for line in lines if not line.startswith(indent)]


def with_extras(commands: list[str]) -> list[Any]:
    """``commands`` as pytest parameters, each that needs an extra's package
    (:data:`NEEDS_EXTRA`) skipped when it is not installed."""
    import importlib.util

    found: list[Any] = []
    for command in commands:
        module, extra = NEEDS_EXTRA.get(command, (None, ""))
        if module is not None and importlib.util.find_spec(module) is None:
            why = f"needs {module}: pip install 'urikit[{extra}]'"
            found.append(pytest.param(command, marks=pytest.mark.skip(reason=why)))
        else:
            found.append(command)
    return found


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    """The exit status and the stdout lines of ``urikit ARGV``."""
    status = main(argv)
    return status, capsys.readouterr().out.splitlines()


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[Any]]:
    """``run`` with ``--json``: the exit status and the decoded records."""
    status, lines = run([*argv, "--json"], capsys)
    return status, [json.loads(line) for line in lines]


class FakeStdin:
    """A stand-in for sys.stdin with the binary ``buffer`` the CLI reads."""

    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


def urikit_batch(*args: str) -> list[str]:
    """The command line of ``urikit batch ARGS`` in this interpreter."""
    return [sys.executable, "-m", "urikit", "batch", *args]


def closed_after_a_few_bytes(argv: list[str], timeout: float = 120) -> tuple[int, str]:
    """``ARGV | head -c 10``: the exit status of the command whose reader
    took 10 bytes of its stdout and closed it, and what it wrote on stderr."""
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        assert proc.stdout.read(10)
        proc.stdout.close()
        err = proc.stderr.read().decode()
        return proc.wait(timeout), err


def wait_until(ready: Callable[[], object], what: str, timeout: float = 120) -> None:
    """Poll ``ready()`` until it is true; fail naming ``what`` after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.01)
