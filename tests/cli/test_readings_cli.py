"""``urikit readings``: a table per URL, the disagreeing cells marked, ``--json``,
stdin, exit statuses, bad options."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from cli_helpers import run

from urikit.cli import main
from urikit.cli._common import RECORD_KEYS

STDLIB = ["--parsers", "rfc3986,urllib"]
URIKIT = [sys.executable, "-m", "urikit"]


def test_a_table_per_url_with_the_disagreeing_cells_marked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, lines = run(["readings", *STDLIB, "http://u@h/", "http://h/"], capsys)
    assert status == 1  # one input splits the parsers on where to connect
    heads = [line for line in lines if not line.startswith("  ")]
    assert heads == ["disagree\thttp://u@h/", "agree\thttp://h/"]
    rfc, ours = lines[2], lines[3]
    assert rfc.split()[0] == "rfc3986" and rfc.endswith("h:80 *")
    assert ours.split()[0] == "urllib" and ours.endswith("u@h:80 *")
    assert "  connect: 'h:80' (rfc3986) vs 'u@h:80' (urllib) at 8-9" in lines
    carets = lines[lines.index("  connect: 'h:80' (rfc3986) vs 'u@h:80' (urllib) at 8-9") + 2]
    assert carets == "          ^"
    assert not any("*" in line for line in lines[lines.index("agree\thttp://h/") :])


def test_an_error_is_a_cell(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run(["readings", *STDLIB, " http://h/"], capsys)
    assert status == 1
    assert lines[2].split()[:3] == ["rfc3986", lines[2].split()[1], "error"]
    assert lines[2].endswith("*")


def test_a_host_with_no_known_port_is_where_to_connect(capsys: pytest.CaptureFixture[str]) -> None:
    """A scheme with no default port: the connect cell is the host, not ``h:None``."""
    status, lines = run(["readings", *STDLIB, "foo://h/x"], capsys)
    assert status == 0
    row = next(line.split() for line in lines if line.split()[:1] == ["rfc3986"])
    assert row[-1] == "h"


def test_json_records(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["readings", *STDLIB, "--json", "http://u@h/", "http://h/"])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert status == 1
    assert [tuple(r) for r in records] == [RECORD_KEYS["readings"]] * 2
    first, second = records
    assert (first["agree"], second["agree"]) == (False, True)
    assert set(first["versions"]) == {"rfc3986", "urllib"}
    assert first["readings"]["urllib"]["connect_host"] == "u@h"
    (d,) = first["disagreements"]
    assert d == {
        "component": "connect",
        "values": [
            {"value": "h:80", "parsers": ["rfc3986"]},
            {"value": "u@h:80", "parsers": ["urllib"]},
        ],
        "spans": [[8, 9]],
    }


def test_stdin_and_exit_statuses() -> None:
    done = subprocess.run(
        [*URIKIT, "readings", *STDLIB],
        input=b"http://h/\nhttps://example.org/a\n",
        capture_output=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    heads = [line for line in done.stdout.splitlines() if not line.startswith(b"  ")]
    assert heads == [b"agree\thttp://h/", b"agree\thttps://example.org/a"]


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--parsers", "chrome"], "unknown parser 'chrome'"),
        (["--parsers", ","], "no parser named"),
    ],
)
def test_bad_options_are_usage_errors(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["readings", *argv, "http://h/"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert says in err and "usage: urikit readings" in err


def test_every_parser_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    main(["readings", "--json", "http://h/"])
    (record,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {"rfc3986", "urllib"} <= set(record["readings"])
