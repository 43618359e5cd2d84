"""The generic-syntax commands of the ``urikit`` tool: records in input order, errors
in place, JSON output, stdin input, exit codes 0 / 1 / 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest

from urikit.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    status = main(argv)
    return status, capsys.readouterr().out.splitlines()


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[Any]]:
    status, lines = run([*argv, "--json"], capsys)
    return status, [json.loads(line) for line in lines]


class FakeStdin:
    """A stand-in for sys.stdin with the binary ``buffer`` the CLI reads."""

    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


def test_parse_human_output_and_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run(["parse", "http://h?", "a b"], capsys)
    assert status == 1
    assert lines[0].split("\t")[:2] == ["ok", "http://h?"]
    assert 'query=""' in lines[0] and "fragment" not in lines[0]
    assert lines[1] == "error\ta b\tinvalid character ' ' in path at position 1"


def test_parse_json_records(capsys: pytest.CaptureFixture[str]) -> None:
    uri = "foo://example.com:8042/over/there?name=ferret#nose"  # RFC 3986 section 3
    status, records = run_json(["parse", uri], capsys)
    assert status == 0
    (record,) = records
    assert record["valid"] is True
    assert (record["scheme"], record["host"], record["port"], record["path"]) == (
        "foo",
        "example.com",
        "8042",
        "/over/there",
    )
    assert (record["query"], record["fragment"]) == ("name=ferret", "nose")
    assert record["userinfo"] is None


def test_stdin_one_record_per_line_in_order(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [b"http://a/b", b"\xff bad utf-8", b"", b"a b", b"//h:80\r"]
    monkeypatch.setattr(sys, "stdin", FakeStdin(b"\n".join(lines) + b"\n"))
    status, records = run_json(["validate"], capsys)
    assert status == 1
    assert [r["input"] for r in records] == ["http://a/b", "\udcff bad utf-8", "", "a b", "//h:80"]
    assert [r["valid"] for r in records] == [True, False, True, False, True]
    assert records[1]["error"]["position"] == 0
    assert records[3]["error"] == {
        "message": "invalid character ' ' in path at position 1",
        "reason": "invalid-char",
        "component": "path",
        "position": 1,
    }


def test_validate_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["validate", "--rule", "URI", "http://h/"], capsys)[0] == 0
    status, lines = run(["validate", "--rule", "URI", "/relative"], capsys)
    assert status == 1 and lines[0].startswith("error\t/relative\t")


def test_resolve_arguments_and_errors_in_place(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run(["resolve", "http://a/b/c/d;p?q", "../g", "bad ref", "g?y#s"], capsys)
    assert status == 1
    assert lines[0] == "http://a/b/g"
    assert lines[1].startswith("error\tbad ref\t")
    assert lines[2] == "http://a/b/c/g?y#s"


def test_resolve_non_strict(capsys: pytest.CaptureFixture[str]) -> None:
    base = "http://a/b/c/d;p?q"
    assert run(["resolve", base, "http:g"], capsys)[1] == ["http:g"]
    assert run(["resolve", "--non-strict", base, "http:g"], capsys)[1] == ["http://a/b/c/g"]


def test_relativize_and_normalize(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["relativize", "http://a/b/c/d", "http://a/b/x"], capsys) == (0, ["../x"])
    assert run(["normalize", "HTTP://A:80/%7e/./x"], capsys) == (0, ["http://a/~/x"])
    assert run(["normalize", "--level", "syntax", "HTTP://A:80"], capsys) == (0, ["http://a:80"])


def test_error_names_the_text_its_position_refers_to(capsys: pytest.CaptureFixture[str]) -> None:
    # The record's input is the reference; the error is in the base.
    status, records = run_json(["resolve", "http://a b/", "g"], capsys)
    assert status == 1
    assert records[0]["input"] == "g"
    assert records[0]["error"]["text"] == "http://a b/"
    assert records[0]["error"]["position"] == 8
    status, lines = run(["equivalent", "http://a/b", "a%zz"], capsys)
    assert status == 1
    assert lines[0].endswith("(in 'a%zz')")
    # When the error is in the input itself, nothing is added.
    status, records = run_json(["resolve", "http://a/", "a b"], capsys)
    assert "text" not in records[0]["error"]


def test_equivalent_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["equivalent", "http://a/%7E", "HTTP://A:80/~"], capsys)[0] == 0
    status, records = run_json(["equivalent", "http://a/b", "http://a/c"], capsys)
    assert status == 1 and records[0]["equivalent"] is False


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["no-such-command"])
    assert info.value.code == 2
    assert main([]) == 2
    capsys.readouterr()


def test_console_script_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "urikit", "validate", "--json"],
        input="http://a/\nx y\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert [json.loads(line)["valid"] for line in done.stdout.splitlines()] == [True, False]
