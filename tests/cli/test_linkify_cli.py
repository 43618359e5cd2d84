"""``urikit linkify [FILE]``: text in, HTML out."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import FakeStdin, closed_after_a_few_bytes
from test_layers import imports_of

from urikit import linkify
from urikit.cli import main

TEXT = (
    "Yes, Jim, see <URL:ftp://info.cern.ch/pub/www/doc;\n"
    "      type=d> & www.example.org/a.\n"
    "\n"
    '"javascript:alert(1)" and http://例え.jp/パス。\r\n'
    "\n\n"
    "http://example.org/very-\n"
    "  long/path <b>\n"
)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_a_file_becomes_what_linkify_gives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "in.txt"
    path.write_bytes(TEXT.encode("utf-8"))
    status, out, err = run(["linkify", str(path)], capsys)
    assert (status, err) == (0, "")
    # Paragraph by paragraph gives what the whole text gives, line ends kept.
    assert out == linkify(TEXT)
    assert out.count("<a ") == 4 and "\r\n" in out
    assert "&quot;javascript:alert(1)&quot;" in out


def test_stdin_and_options(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", FakeStdin(TEXT.encode("utf-8")))
    argv = ["linkify", "-", "--no-abbreviated", "--no-iris", "--attr", "rel=nofollow"]
    argv += ["--schemes", "http,FTP", "--attr", "class=x y"]
    status, out, _ = run(argv, capsys)
    assert status == 0
    expected = linkify(
        TEXT,
        iris=False,
        abbreviated=False,
        schemes=["ftp", "http"],
        attrs={"rel": "nofollow", "class": "x y"},
    )
    assert out == expected
    assert 'rel="nofollow" class="x y"' in out and "www.example.org" in out


def test_bytes_that_are_not_utf8_are_written_back_as_read(tmp_path: Path) -> None:
    # Found: such a byte became U+FFFD (the CLI's one handling: docs/cli.md).
    path = tmp_path / "in.txt"
    path.write_bytes(b"http://a.example/\xff<b>\xe9\n")
    done = subprocess.run(
        [sys.executable, "-m", "urikit", "linkify", str(path)],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == b""
    assert done.stdout == b'<a href="http://a.example/">http://a.example/</a>\xff&lt;b&gt;\xe9\n'


@pytest.mark.parametrize(
    "argv",
    [
        ["linkify", "--schemes", "http,javascript"],
        ["linkify", "--attr", "rel"],
        ["linkify", "--attr", "href=x"],
        ["linkify", "--attr", "on click=x"],
    ],
)
def test_bad_options_are_usage_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(argv, capsys)
    assert (status, out) == (2, "")
    assert err.startswith("urikit linkify: ")


def test_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["linkify", str(tmp_path / "missing.txt")], capsys)
    assert (status, out) == (2, "")
    assert "missing.txt" in err


def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "urikit", "linkify"],
        input=b"<x> http://a.example/?a=1&b=2\n",
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout == (
        b'&lt;x&gt; <a href="http://a.example/?a=1&amp;b=2">http://a.example/?a=1&amp;b=2</a>\n'
    )


def test_the_command_imports_no_other_command() -> None:
    imported = {i.target for i in imports_of("urikit.cli._linkify")}
    commands = {m for m in imported if m.startswith("urikit.cli")}
    assert commands == {"urikit.cli._common", "urikit.cli._commands"}  # plumbing and table
    assert "urikit.text._linkifier" in imported


def test_a_pipe_closed_during_the_one_write_is_a_closed_pipe(tmp_path: Path) -> None:
    """The page is written in one go; its reader takes 10 bytes and closes the
    pipe. The write cut short says nothing, so the command must see to every
    byte: exit 141, as for any closed pipe, not 0."""
    source = tmp_path / "in.txt"
    source.write_text("".join(f"see http://h.example/{i:0>30} now\n" for i in range(5_000)))
    argv = [sys.executable, "-m", "urikit", "linkify", str(source)]
    assert closed_after_a_few_bytes(argv) == (141, "")
