"""Helpers shared by the CLI tests: run ``urikit.cli.main`` in-process and read
what it printed; a stand-in stdin."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from urikit.cli import main


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
