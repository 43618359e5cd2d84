"""``urikit template expand|match``: records, variables from options and lines,
exit statuses, usage errors."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from cli_helpers import FakeStdin

from urikit.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    status = main(argv)
    return status, capsys.readouterr().out.splitlines()


def test_expand_from_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert run(["template", "expand", "{/p*}{?q}", "--var", "p=a", "--var", "p=b c"], capsys) == (
        0,
        ["/a/b%20c"],
    )
    given = tmp_path / "vars.json"
    given.write_text('{"p": ["x"], "q": {"k": "v"}}')
    assert run(["template", "expand", "{/p*}{?q}", "--vars", str(given)], capsys) == (
        0,
        ["/x?q=k,v"],
    )
    status, lines = run(
        ["template", "expand", "{/p*}{?q}", "--vars", str(given), "--var", "q=1", "--json"], capsys
    )
    record = json.loads(lines[0])
    assert status == 0 and record["result"] == "/x?q=1" and record["template"] == "{/p*}{?q}"
    assert json.loads(record["input"]) == {"p": ["x"], "q": "1"}


def test_expand_a_record_per_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", FakeStdin(b'{"a": "1"}\n[1]\n{"a": {"k": "v"}}\n{"b": 2}\n'))
    status, lines = run(["template", "expand", "{a:1}{?b}", "--json"], capsys)
    records = [json.loads(line) for line in lines]
    assert status == 1
    assert [r["result"] for r in records] == ["1", None, None, "?b=2"]
    assert records[1]["error"]["reason"] == "bad-json"
    assert records[2]["error"]["reason"] == "bad-template"  # a prefix on a composite
    assert records[2]["error"]["text"] == "{a:1}{?b}"


def test_expand_defaults_from_options_for_each_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run(
        ["template", "expand", "{a}{/b}", "--var", "a=x", '{"b": "1"}', "{}"], capsys
    )
    assert (status, lines) == (0, ["x/1", "x"])


def test_match(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run(["template", "match", "{/path*}{?q*}", "/a/b?x=1", "/a", "--json"], capsys)
    records = [json.loads(line) for line in lines]
    assert status == 0
    assert records[0]["variables"] == {"path": ["a", "b"], "q": {"x": "1"}}
    assert records[1]["matched"] is True
    status, lines = run(["template", "match", "/u/{id}", "/u/1", "/g/1"], capsys)
    assert status == 1 and lines == ['match\t/u/1\t{"id": "1"}', "no-match\t/g/1"]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["template", "expand", "{a"], "argument TEMPLATE: invalid template at position 2"),
        (["template", "match", "{a}{b}"], "cannot match"),
        (["template", "expand", "{a}", "--var", "a"], "expected NAME=VALUE"),
        (["template", "expand", "{a}", "--vars", "/nonexistent/x.json"], "cannot read"),
    ],
)
def test_usage_errors(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(argv)
    except SystemExit as stop:
        status = int(stop.code or 0)
    assert status == 2
    assert words in capsys.readouterr().err


def test_vars_that_are_not_an_object(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    given = tmp_path / "vars.json"
    given.write_text("[1]")
    with pytest.raises(SystemExit):
        main(["template", "expand", "{a}", "--vars", str(given)])
    assert "holds no JSON object" in capsys.readouterr().err
