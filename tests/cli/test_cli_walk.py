"""Every subcommand of the ``urikit`` console script, walked through the same
environments: a closed pipe, a full disk (``/dev/full``), a bad option value, empty
input and Ctrl-C. Each must end with its documented exit status and no traceback.

The tool runs as the console script pip writes for ``[project.scripts]`` of
pyproject.toml (so its entry point is tested too), as a separate process. The
network is used only through servers this module starts on 127.0.0.1.
"""

from __future__ import annotations

import importlib.util
import os
import random
import signal
import socket
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import paths
import pytest
from cli_helpers import with_extras
from loopback import serving

ROOT = Path(__file__).resolve().parents[2]
SRC = paths.IMPORT_ROOT  # the urikit under test (tests/paths.py)
TIMEOUT = 120  # seconds; a bound against a hang, not a speed test
#: How long a command is given to start before Ctrl-C when it cannot say it is
#: ready (start-up takes a tenth of that; SIGINT during the interpreter's own
#: start-up, before any code of the tool runs, is the start-up test's business).
SETTLE = 1.5

#: The body the test server sends: more than a pipe holds.
BODY = b"x" * 300_000

needs_dev_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")


def no_traceback(stderr: str) -> None:
    assert "Traceback" not in stderr
    assert "Exception ignored" not in stderr


@pytest.fixture(scope="module")
def urikit(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The ``urikit`` console script, as pip writes it for pyproject.toml's entry point."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, _, function = scripts["urikit"].partition(":")
    script = tmp_path_factory.mktemp("bin") / "urikit"
    script.write_text(
        "import sys\n"
        f"from {module} import {function}\n"
        "if __name__ == '__main__':\n"
        "    sys.argv[0] = sys.argv[0].removesuffix('.exe')\n"
        f"    sys.exit({function}())\n"
    )
    return [sys.executable, str(script)]


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SRC), env.get("PYTHONPATH")]))
    return env


@pytest.fixture(scope="module")
def server() -> Iterator[int]:
    """An HTTP server on 127.0.0.1 that answers every GET with :data:`BODY`; its port."""
    yield from serving(BODY, "127.0.0.1")


@pytest.fixture(scope="module")
def silent() -> Iterator[int]:
    """A port on 127.0.0.1 that takes connections and never answers."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(8)
        yield sock.getsockname()[1]


def fetch_argv(port: int) -> list[str]:
    url = f"http://127.0.0.1:{port}/"
    return ["fetch", url, "--allow-network", "127.0.0.1/32", "--allow-port", str(port)]


@dataclass
class Command:
    """One subcommand: how to run it on some input, and on a bad option value."""

    argv: list[str]
    line: str = "http://example.org/a"  # an input line (stdin)
    bad: list[str] = field(default_factory=list)  # argv with a bad option value
    option: str = ""  # the option the usage error must name
    empty: int = 0  # the exit status on empty input
    stdin: bool = True  # reads its inputs from stdin


#: Every subcommand; ``fetch`` is filled in with the test server's port.
COMMANDS: dict[str, Command] = {
    "parse": Command(["parse"], bad=["parse", "--grammar", "x"], option="--grammar"),
    "validate": Command(["validate"], bad=["validate", "--rule", "x"], option="--rule"),
    "resolve": Command(
        ["resolve", "http://a/b/c"], line="../g", bad=["resolve", "a b"], option="BASE"
    ),
    "relativize": Command(
        ["relativize", "http://a/b/c"], bad=["relativize", "http://a/", "--json=x"], option="--json"
    ),
    "normalize": Command(["normalize"], bad=["normalize", "--level", "x"], option="--level"),
    "canonical": Command(["canonical"], bad=["canonical", "--profile", "x"], option="--profile"),
    "surt": Command(["surt"], bad=["surt", "--json=x"], option="--json"),
    "domain": Command(["domain"], bad=["domain", "--json=x"], option="--json"),
    "template expand": Command(
        ["template", "expand", "/a/{x}"],
        line='{"x": "1"}',
        bad=["template", "expand", "/a/{x", "--json"],
        option="TEMPLATE",
    ),
    "template match": Command(
        ["template", "match", "/a/{x}"],
        bad=["template", "match", "{x}{y}"],
        option="TEMPLATE",
    ),
    "readings": Command(
        ["readings", "--parsers", "rfc3986,urllib"],
        bad=["readings", "--parsers", "nope"],
        option="--parsers",
    ),
    "check-redirect": Command(
        ["check-redirect", "--allow", "https://example.org"],
        bad=["check-redirect", "--allow", "ftp://x"],
        option="--allow",
    ),
    "equivalent": Command(
        ["equivalent", "http://a/", "HTTP://A:80/"],
        bad=["equivalent", "a", "b", "--level", "x"],
        option="--level",
        stdin=False,
    ),
    "file-path": Command(
        ["file-path"], line="file:///x", bad=["file-path", "--flavour", "x"], option="--flavour"
    ),
    "file-uri": Command(
        ["file-uri"], line="/x", bad=["file-uri", "--flavour", "x"], option="--flavour"
    ),
    "urn parse": Command(
        ["urn", "parse"], line="urn:ab:c", bad=["urn", "parse", "--syntax", "x"], option="--syntax"
    ),
    "urn validate": Command(
        ["urn", "validate"],
        line="urn:ab:c",
        bad=["urn", "validate", "--syntax", "x"],
        option="--syntax",
    ),
    "urn equivalent": Command(
        ["urn", "equivalent", "urn:ab:c", "URN:AB:c"],
        bad=["urn", "equivalent", "urn:ab:c", "urn:ab:c", "--mode", "x"],
        option="--mode",
        stdin=False,
        empty=2,  # "" is not a URN: an invalid input to a comparison
    ),
    "urn resolve": Command(
        ["urn", "resolve"],
        line="urn:ietf:rfc:8141",
        bad=["urn", "resolve", "--http", "h:0"],
        option="--http",
    ),
    "extract": Command(
        ["extract"],
        line="see http://example.org/a.",
        bad=["extract", "--schemes", "ht tp"],
        option="--schemes",
        empty=1,  # no URI found
    ),
    "fixup": Command(
        ["fixup"],
        line="www.example.org",
        bad=["fixup", "--default-scheme", "1 x"],
        option="--default-scheme",
    ),
    "linkify": Command(
        ["linkify"],
        line="see http://example.org/a.",
        bad=["linkify", "--schemes", ""],
        option="--schemes",
    ),
    "iri validate": Command(
        ["iri", "validate"], bad=["iri", "validate", "--rule", "x"], option="--rule"
    ),
    "iri to-uri": Command(["iri", "to-uri"], bad=["iri", "to-uri", "--idna=x"], option="--idna"),
    "iri from-uri": Command(
        ["iri", "from-uri"], bad=["iri", "from-uri", "--idna=x"], option="--idna"
    ),
    "iri display": Command(
        ["iri", "display"], bad=["iri", "display", "--strict=x"], option="--strict"
    ),
    "check": Command(["check"], bad=["check", "--policy", "x"], option="--policy"),
    "show": Command(["show"], bad=["show", "--color", "x"], option="--color"),
    "fetch": Command(
        [], bad=["fetch", "http://h/", "--timeout", "nan"], option="--timeout", stdin=False
    ),
    "batch": Command(
        ["batch", "-", "-", "--no-progress"],
        bad=["batch", "-", "-", "--batch-size", "0"],
        option="--batch-size",
    ),
}


#: The walked commands; batch's runs need pyarrow (the [arrow] extra) and skip without
#: it, domain's publicsuffixlist (the [domains] extra: cli_helpers.with_extras).
WALKED = [
    pytest.param(
        name,
        marks=pytest.mark.skipif(
            name == "batch" and importlib.util.find_spec("pyarrow") is None,
            reason="urikit batch needs the [arrow] extra: pyarrow is not installed",
        ),
    )
    if name != "domain"
    else with_extras([name])[0]
    for name in sorted(COMMANDS)
]


def command(name: str, port: int) -> Command:
    cmd = COMMANDS[name]
    if name == "fetch":
        return Command(fetch_argv(port), bad=cmd.bad, option=cmd.option, stdin=False)
    return cmd


def test_the_walk_has_every_command() -> None:
    from urikit.cli import build_parser

    parser = build_parser()
    found = set()
    for name, sub in parser._subparsers._group_actions[0].choices.items():  # type: ignore[union-attr]
        groups = sub._subparsers
        if groups is None:
            found.add(name)
            continue
        found |= {f"{name} {inner}" for inner in groups._group_actions[0].choices}
    assert found == set(COMMANDS)


def run(
    urikit: list[str], argv: list[str], stdin: bytes, stdout: int | None
) -> tuple[int, str, bytes]:
    done = subprocess.run(
        [*urikit, *argv],
        input=stdin,
        stdout=subprocess.PIPE if stdout is None else stdout,
        stderr=subprocess.PIPE,
        env=environment(),
        timeout=TIMEOUT,
        check=False,
    )
    return done.returncode, done.stderr.decode("utf-8", "replace"), done.stdout or b""


def inputs(cmd: Command, lines: int = 2000) -> bytes:
    return (cmd.line + "\n").encode() * lines if cmd.stdin else b""


@pytest.mark.parametrize("name", WALKED)
def test_a_closed_pipe_ends_quietly(name: str, urikit: list[str], server: int) -> None:
    cmd = command(name, server)
    read, write = os.pipe()
    os.close(read)  # the reader has gone before the first byte: every write fails
    try:
        status, stderr, _ = run(urikit, cmd.argv, inputs(cmd), write)
    finally:
        os.close(write)
    no_traceback(stderr)
    assert stderr == "" or name == "fetch"  # fetch's verdicts go to stderr
    assert "Broken pipe" not in stderr
    assert status == 141


@needs_dev_full
@pytest.mark.parametrize("name", WALKED)
def test_a_full_disk_is_one_line_naming_the_output(
    name: str, urikit: list[str], server: int
) -> None:
    cmd = command(name, server)
    with open("/dev/full", "wb") as full:
        status, stderr, _ = run(urikit, cmd.argv, inputs(cmd), full.fileno())
    no_traceback(stderr)
    assert status == 2
    complaint = [line for line in stderr.splitlines() if line.startswith("urikit")]
    assert len(complaint) == 1
    assert "cannot write" in complaint[0] and "No space left" in complaint[0]
    assert "-:" not in complaint[0]  # the output, not the input


@pytest.mark.parametrize("name", WALKED)
def test_a_bad_option_value_is_a_usage_error_naming_it(name: str, urikit: list[str]) -> None:
    cmd = COMMANDS[name]
    status, stderr, stdout = run(urikit, cmd.bad, b"", None)
    no_traceback(stderr)
    assert status == 2
    assert stdout == b""
    assert cmd.option in stderr.splitlines()[-1]


@pytest.mark.parametrize("name", WALKED)
def test_empty_input(name: str, urikit: list[str]) -> None:
    cmd = COMMANDS[name]
    argv = cmd.argv
    if name in ("equivalent", "urn equivalent"):
        argv = [*argv[:-2], "", ""]
    elif name == "fetch":
        argv = ["fetch", ""]
    status, stderr, stdout = run(urikit, argv, b"", None)
    no_traceback(stderr)
    expected = {"fetch": 1}.get(name, cmd.empty)  # "" is no URL to fetch: blocked
    assert status == expected
    if cmd.stdin and name != "batch":  # batch writes its header line
        assert stdout == b""


@pytest.mark.parametrize("name", WALKED)
def test_ctrl_c_exits_130_quietly(name: str, urikit: list[str], silent: int) -> None:
    cmd = command(name, silent)  # fetch waits on a server that never answers
    if not cmd.stdin and name != "fetch":
        pytest.skip("runs at once, with nothing to wait on: test_ctrl_c_during_start_up")
    proc = subprocess.Popen(
        [*urikit, *cmd.argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment(),
    )
    try:
        time.sleep(SETTLE)  # started, and waiting for stdin (or for the server)
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=TIMEOUT)
    finally:
        if proc.poll() is None:  # pragma: no cover - only when the test fails
            proc.kill()
            proc.wait()
    no_traceback(stderr.decode("utf-8", "replace"))
    assert proc.returncode == 130


def _project_frames(stderr: str) -> bool:
    """Does a traceback on ``stderr`` pass through a file of this project?"""
    return f'File "{paths.PACKAGE}' in stderr or f'File "{paths.ENTRY}' in stderr


#: What CPython prints, and carries on from, when a KeyboardInterrupt comes where
#: it cannot be raised: while the interpreter checks whether the script path is an
#: import path entry, or in the callback of an import lock, which swallows it as
#: unraisable (seen on a loaded machine: "Exception ignored in: <function
#: _get_module_lock.<locals>.cb at 0x...>", then only importlib's frames).
_INTERPRETER_NOTES = (
    "Failed checking if argv[0] is an import path entry",
    "Exception ignored in: <function _get_module_lock.<locals>.cb at ",
)


@pytest.mark.timing
def test_ctrl_c_during_start_up(urikit: list[str]) -> None:
    """SIGINT at random moments of a start-up: never a traceback from the tool's
    code (the entry point handles SIGINT before it imports the package).

    The moments are drawn from three times what one whole run of ``equivalent``
    takes here, measured first (0.03 s on a quiet machine; a loaded one starts
    Python more slowly, and a fixed window would then end before the tool's own
    code began): a timing test, run alone (``-m timing``). About half the signals
    land in the tool's code (exit 130): ``validate`` waits on its stdin."""
    rng = random.Random(20)
    started = time.monotonic()
    subprocess.run(
        [*urikit, "equivalent", "http://a/", "http://a/"],
        capture_output=True,
        env=environment(),
        check=True,
        timeout=TIMEOUT,
    )
    window = 3 * (time.monotonic() - started)
    outcomes: dict[str, int] = {}
    for attempt in range(60):
        argv = ["validate"] if attempt % 2 else ["equivalent", "http://a/", "http://a/"]
        proc = subprocess.Popen(
            [*urikit, *argv],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=environment(),
        )
        time.sleep(rng.uniform(0, window))
        proc.send_signal(signal.SIGINT)
        _, raw = proc.communicate(timeout=TIMEOUT)
        stderr = raw.decode("utf-8", "replace")
        assert not _project_frames(stderr), stderr
        if proc.returncode == 130:
            assert stderr == ""
            kind = "130"
        elif proc.returncode == 0:
            # equivalent finished before the signal came (nothing on stderr); or
            # the signal landed in Python's own start-up, which printed its
            # KeyboardInterrupt while it looked at argv[0] (zipimport) and then ran
            # the tool to the end: either command (validate of an empty stdin
            # exits 0 too)
            if not stderr.startswith(_INTERPRETER_NOTES):
                assert argv[0] == "equivalent" and stderr == "", stderr
            kind = "done first"
        else:
            # The signal came before the script's first line ran: Python's own
            # start-up (killed by the signal, or a KeyboardInterrupt in site or
            # while it looked for the entry module) - no code of the tool yet.
            assert proc.returncode in (-signal.SIGINT, 1), (proc.returncode, stderr)
            kind = "interpreter start-up"
        outcomes[kind] = outcomes.get(kind, 0) + 1
    assert outcomes.get("130", 0) >= 20, outcomes


@needs_dev_full
@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["parse", "--help"]])
def test_help_and_version_that_cannot_be_written_fail(argv: list[str], urikit: list[str]) -> None:
    # Found: `urikit --help > /dev/full` exited 0.
    with open("/dev/full", "wb") as full:
        status, stderr, _ = run(urikit, argv, b"", full.fileno())
    no_traceback(stderr)
    assert status == 2
    assert stderr.startswith("urikit: cannot write the output: ")


@pytest.mark.parametrize("argv", [["--help"], ["--version"]])
def test_help_and_version_to_a_closed_pipe(argv: list[str], urikit: list[str]) -> None:
    read, write = os.pipe()
    os.close(read)
    try:
        status, stderr, _ = run(urikit, argv, b"", write)
    finally:
        os.close(write)
    assert (status, stderr) == (141, "")
