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

import paths
import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit.cli._commands import COMMANDS, MODULES

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


# --- each command loads only its own modules ----------------------------

#: Modules of other commands, and the layers and extras they need: `urikit parse X`
#: must load none of them.
NOT_FOR_PARSE = (
    "urikit.cli._batch",
    "urikit.cli._extract",
    "urikit.cli._fetch",
    "urikit.cli._iri",
    "urikit.cli._schemes",
    "urikit.cli._security",
    "urikit.cli._urn",
    "urikit.batch",
    "urikit.extraction",
    "urikit.html",
    "urikit.security",
    "urikit.guard",
    "urikit.urn",
    "urikit.iri",
    "urikit.schemes",
    "urikit.legacy",
    "urikit.legacy.grammars",
    "urikit.legacy.rfc1738",
    "urikit.legacy.draft1993",
    "urikit.linkifier",
    "urikit.markdown",
    "urikit.arrow",
    "urikit.dask",
    "pyarrow",
    "idna",
    "lxml",
    "http.client",
)


def _modules_loaded_by(argv: list[str]) -> set[str]:
    code = (
        "import sys\n"
        "from urikit.cli import main\n"
        "try:\n"
        "    status = main(sys.argv[1:])\n"
        "except SystemExit:\n"  # --help
        "    pass\n"
        "sys.stdout.flush()\n"
        "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120
    )
    return set(out.stderr.split())


def test_parse_loads_no_other_commands_modules() -> None:
    loaded = _modules_loaded_by(["parse", "http://example.org/a"])
    assert "urikit.cli._core" in loaded  # the check sees what the command imports
    assert sorted(loaded.intersection(NOT_FOR_PARSE)) == []


def test_parse_loads_nothing_it_does_not_run() -> None:
    """What `urikit parse X` once imported besides its work (so that it starts
    quickly): the older grammars (for the names of --grammar's
    rules), json (only --json and unusual values need it), shutil (argparse's
    terminal width) and the other commands of its module."""
    plain = _modules_loaded_by(["parse", "http://example.org:8080/a?b#c"])
    assert "urikit.core._reference" in plain
    assert sorted(plain.intersection({"json", "shutil", "urikit.legacy"})) == []
    as_json = _modules_loaded_by(["parse", "--json", "http://example.org/a"])
    assert "json" in as_json  # the check sees json where it is needed
    legacy = _modules_loaded_by(["parse", "--grammar", "rfc1738", "http://example.org/a"])
    assert "urikit.legacy.rfc1738" in legacy


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_loads_no_other_command_module(command: str) -> None:
    loaded = _modules_loaded_by([command, "--help"])
    own = COMMANDS[command].module
    assert f"urikit.cli._{own}" in loaded
    others = {f"urikit.cli._{m}" for m in MODULES if m != own}
    assert sorted(loaded & others) == []


def test_a_command_loads_its_own_module_only() -> None:
    loaded = _modules_loaded_by(["file-path", "file:///x"])
    assert "urikit.cli._schemes" in loaded
    assert "urikit.cli._core" not in loaded
    assert "urikit.cli._batch" not in loaded


def test_the_command_table_matches_the_modules() -> None:
    """``urikit.cli._commands`` names every command, in order, with its help line,
    as the modules register them; ``urikit --help`` is the same either way."""
    import argparse
    import io

    from urikit.cli import build_parser
    from urikit.cli._commands import COMMANDS

    def commands(parser: argparse.ArgumentParser) -> list[tuple[str, str | None]]:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        return [(a.dest, a.help) for a in sub._choices_actions]

    def help_text(parser: argparse.ArgumentParser) -> str:
        out = io.StringIO()
        parser.print_help(out)
        return out.getvalue()

    full = build_parser()
    assert commands(full) == [(name, c.help) for name, c in COMMANDS.items()]
    for name in [None, "parse", "urn", "batch"]:
        assert help_text(build_parser(name, only=True)) == help_text(full)


_CLI = paths.PACKAGE / "cli"  # the urikit under test (tests/paths.py)


@pytest.mark.parametrize(
    "module",
    [path.name for path in sorted(_CLI.glob("*.py")) if path.name != "_commands.py"],
)
def test_each_help_line_is_written_once(module: str) -> None:
    """A command's help line is spelt in ``urikit.cli._commands`` only: no other
    module of the tool holds a copy of one (they add their commands with
    ``add_command``, which reads the table), so the two cannot drift apart."""
    import ast

    lines = {c.help for c in COMMANDS.values()}
    tree = ast.parse((_CLI / module).read_text(encoding="utf-8"))
    copies = [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in lines
    ]
    assert copies == []


def test_the_written_out_choices_match_their_tables() -> None:
    """``urikit.cli._core`` spells out the older grammars' rules and the resolution
    rules (so that `urikit parse X` need not import urikit.legacy): the same names,
    in the same order, as the tables they come from."""
    from urikit.cli._core import GRAMMAR_RULES, RESOLUTION_RULES
    from urikit.core._hooks import resolution_rules
    from urikit.legacy import draft1993, rfc1738

    assert GRAMMAR_RULES["rfc1738"] == tuple(rfc1738.RULES)
    assert GRAMMAR_RULES["draft-1993"] == tuple(draft1993.RULES)
    assert resolution_rules.names() == RESOLUTION_RULES


@pytest.mark.parametrize("columns", [None, "", "x", "-3", "0", "37", "200"])
def test_help_width_is_shutils(monkeypatch: pytest.MonkeyPatch, columns: str | None) -> None:
    import shutil

    from urikit.cli._main import _columns

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.setenv("LINES", "24")
    assert _columns() == shutil.get_terminal_size().columns


_JSON_VALUES = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text()
    | st.text(alphabet=st.characters(max_codepoint=0x7F))
    | st.lists(st.text(max_size=3), max_size=3)
    | st.dictionaries(st.text(max_size=3), st.integers(), max_size=3)
)


@given(_JSON_VALUES)
def test_json_text_is_json_dumps(value: object) -> None:
    import json

    from urikit.cli._common import json_text

    assert json_text(value) == json.dumps(value, ensure_ascii=True)


def test_the_help_line_scan_reads_every_command_module() -> None:
    scanned = {path.name for path in _CLI.glob("*.py")}
    assert {"_batch.py", "_core.py", "_fetch.py", "_urn.py", "_commands.py"} <= scanned
