"""``urikit domain``: the parts of each input, its record, stdin, the list's
options and the exit codes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import publicsuffixlist
import pytest
from cli_helpers import FakeStdin, run

from urikit.cli import main


def test_human_lines(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run(
        ["domain", "https://forums.news.bbc.co.uk/x", "a.b.github.io", "http://[::1]/", "co.uk"],
        capsys,
    )
    assert status == 0
    assert [line.split("\t") for line in lines] == [
        ["ok", "https://forums.news.bbc.co.uk/x", "forums.news", "bbc", "co.uk", "bbc.co.uk"],
        ["ok", "a.b.github.io", "a", "b", "github.io", "b.github.io"],
        ["ok", "http://[::1]/", "", "[::1]", "", ""],
        ["ok", "co.uk", "", "", "co.uk", ""],
    ]


def test_icann_and_private(capsys: pytest.CaptureFixture[str]) -> None:
    _, icann = run(["domain", "--icann", "a.b.github.io"], capsys)
    _, private = run(["domain", "--private", "a.b.github.io"], capsys)
    assert icann == ["ok\ta.b.github.io\ta.b\tgithub\tio\tgithub.io"]
    assert private == ["ok\ta.b.github.io\ta\tb\tgithub.io\tb.github.io"]
    with pytest.raises(SystemExit) as exit_info:
        main(["domain", "--icann", "--private", "x.com"])
    assert exit_info.value.code == 2


def test_json_records_and_an_error_in_place(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run(["domain", "--json", "WWW.Example.CO.UK", "http://a b/", "urn:x:y"], capsys)
    assert status == 1
    records = [json.loads(line) for line in lines]
    version = records[0]["list_version"]
    assert version is not None
    assert records[0] == {
        "input": "WWW.Example.CO.UK",
        "valid": True,
        "error": None,
        "sections": "all",
        "list_version": version,
        "host": "WWW.Example.CO.UK",
        "subdomain": "www",
        "domain": "example",
        "suffix": "co.uk",
        "registrable_domain": "example.co.uk",
        "section": "icann",
    }
    assert records[1]["valid"] is False and records[1]["error"]["reason"] == "invalid-char"
    assert records[1]["list_version"] == version and records[1]["domain"] is None
    assert records[2]["host"] is None and records[2]["registrable_domain"] is None
    assert records[2]["valid"] is True


def test_an_empty_line_is_an_error_record(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run(["domain", "--json", ""], capsys)
    assert status == 1
    assert json.loads(lines[0])["error"]["reason"] == "empty-component"


def test_a_list_of_ones_own_and_show_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "own.dat"
    file.write_text("// VERSION: mine\nexample\n", encoding="utf-8")
    status, lines = run(["domain", "--list", str(file), "a.b.example", "a.b.co.uk"], capsys)
    assert status == 0
    assert lines == [
        "ok\ta.b.example\ta\tb\texample\tb.example",
        "ok\ta.b.co.uk\ta.b\tco\tuk\tco.uk",  # not on this list: the default rule *
    ]
    status, lines = run(["domain", "--list", str(file), "--show-list"], capsys)
    assert (status, lines[0], lines[2].split("\t")[:2]) == (0, "version\tmine", ["rules", "1"])
    status, lines = run(["domain", "--show-list"], capsys)
    assert lines[-1] == f"source\t{publicsuffixlist.PSLFILE}"


@pytest.mark.parametrize(
    ("text", "message"),
    [(None, "cannot read"), ("a..b\n", "line 1: an empty label")],
)
def test_a_list_that_cannot_be_used_is_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | None, message: str
) -> None:
    file = tmp_path / "list.dat"
    if text is not None:
        file.write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main(["domain", "--list", str(file), "a.com"])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_stdin_lines(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", FakeStdin(b"https://a.example.co.uk/\nlocalhost\n"))
    status, lines = run(["domain"], capsys)
    assert status == 0
    assert lines == [
        "ok\thttps://a.example.co.uk/\ta\texample\tco.uk\texample.co.uk",
        "ok\tlocalhost\t\t\tlocalhost\t",
    ]
