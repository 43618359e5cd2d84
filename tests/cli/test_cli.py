"""The generic-syntax commands of the ``urikit`` tool: records in input order, errors
in place, JSON output, stdin input, exit codes 0 / 1 / 2, usage errors, escaping.

(The subprocess tests - broken pipe, full disk, Ctrl-C - are in test_cli_process.py;
the record shapes of every command in test_cli_records.py.)"""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from cli_helpers import FakeStdin, run, run_json

from urikit.cli import main


def usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``argv``, expect an argparse usage error (exit 2, nothing on stdout)."""
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "usage: urikit" in captured.err
    return captured.err


class UnreadableStdin:
    """A stdin that fails the test when anything reads it."""

    @property
    def buffer(self) -> io.BytesIO:
        raise AssertionError("stdin was read")


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
    assert record["valid"] is True and record["error"] is None
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
    assert [r["input"] for r in records] == ["http://a/b", "\ufffd bad utf-8", "", "a b", "//h:80"]
    assert [r["valid"] for r in records] == [True, False, True, False, True]
    assert records[1]["error"]["reason"] == "not-utf8"
    assert records[1]["error"]["position"] == 0
    assert records[3]["error"] == {
        "message": "invalid character ' ' in path at position 1",
        "reason": "invalid-char",
        "component": "path",
        "position": 1,
        "text": "a b",
    }


def test_human_output_escapes_controls_and_shows_bytes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Found: an ESC sequence in the input reached the terminal raw. (A byte that is
    # not UTF-8 is written back as it was read: tests/cli/test_cli_walk.py.)
    data = b"a\x1b[31mb\nhttp://h/\xc3\xa9\nx\ty\n"
    monkeypatch.setattr(sys, "stdin", FakeStdin(data))
    status, lines = run(["validate"], capsys)
    assert status == 1
    assert "\x1b" not in "\n".join(lines)
    # The message's own backslash (repr's) is doubled, as every backslash is.
    assert lines[0] == "error\ta\\x1b[31mb\tinvalid character '\\\\x1b' in path at position 1"
    # Printable non-ASCII is shown as it is; a TAB in the input cannot split a column.
    assert lines[1].split("\t")[1] == "http://h/é"
    assert lines[2].split("\t")[1] == "x\\x09y"
    assert len(lines[2].split("\t")) == 3
    # Arguments too.
    status, lines = run(["normalize", "http://h/\x9b31m"], capsys)
    assert status == 1 and "\x9b" not in lines[0] and "\\x9b31m" in lines[0]


class BrokenStdin:
    """A stdin whose reading fails (as a disk error would)."""

    class _Buffer:
        def __iter__(self) -> BrokenStdin._Buffer:
            return self

        def __next__(self) -> bytes:
            raise OSError(5, "Input/output error")

    buffer = _Buffer()


def test_unreadable_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", BrokenStdin())
    assert main(["validate"]) == 2
    captured = capsys.readouterr()
    assert captured.err == "urikit: cannot read the input: [Errno 5] Input/output error\n"


def test_validate_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["validate", "--rule", "URI", "http://h/"], capsys)[0] == 0
    status, lines = run(["validate", "--rule", "URI", "/relative"], capsys)
    assert status == 1 and lines[0].startswith("error\t/relative\t")


@pytest.mark.parametrize(
    ("grammar", "text", "valid"),
    [
        # docs/legacy.md: each differs from RFC 3986 (and from is_valid's default).
        ("rfc2396", "//a@b@c/x", True),
        ("rfc2396", "mailto:", False),
        ("rfc1738", "http://h/~u", False),
        ("rfc1738", "1x:y", True),
        ("draft-1993", "a b:c", True),
        ("draft-1993", "http://h/?a=b", False),
    ],
)
def test_validate_and_parse_grammar(
    grammar: str, text: str, valid: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    import urikit

    assert urikit.is_valid(text) is not valid  # the option makes the difference
    status, records = run_json(["validate", "--grammar", grammar, text], capsys)
    assert (status, records[0]["valid"], records[0]["grammar"]) == (
        0 if valid else 1,
        valid,
        grammar,
    )
    status, records = run_json(["parse", "--grammar", grammar, text], capsys)
    assert records[0]["valid"] is valid
    if not valid:
        assert records[0]["error"]["reason"] == "no-match"
        assert grammar in records[0]["error"]["message"]


def test_parse_grammar_gives_the_appendix_b_split(capsys: pytest.CaptureFixture[str]) -> None:
    status, records = run_json(["parse", "--grammar", "rfc2396", "//a@b@c/x?q"], capsys)
    assert status == 0
    record = records[0]
    assert (record["authority"], record["path"], record["query"]) == ("a@b@c", "/x", "q")
    assert record["scheme"] is None and record["fragment"] is None
    assert record["kind"] == "relative"


def test_rule_outside_the_grammar_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(["validate", "--grammar", "rfc1738", "--rule", "relative-ref", "x:y"], capsys)
    assert "--rule" in err and "ftpurl" in err  # lists the allowed values
    err = usage_error(["parse", "--rule", "ftpurl", "x:y"], capsys)
    assert "--rule" in err and "absolute-URI" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["normalize", "--level", "bogus", "x"],
        ["validate", "--grammar", "rfc9999", "x"],
        ["resolve", "--rules", "rfc1", "http://a/", "g"],
    ],
)
def test_bad_option_values_list_the_choices(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    err = usage_error(argv, capsys)
    assert argv[1] in err and "choose from" in err


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


@pytest.mark.parametrize(
    ("rules", "ref", "expected"),
    # docs/legacy.md's table, base http://a/b/c/d;p?q
    [
        ("rfc3986", "?y", "http://a/b/c/d;p?y"),
        ("rfc2396", "?y", "http://a/b/c/?y"),
        ("rfc1808", ";x", "http://a/b/c/d;x"),
        ("draft-1997", "g?y/./x", "http://a/b/c/g?y/x"),
        ("draft-2003", "../../../g", "http://a/../g"),
    ],
)
def test_resolve_rules(
    rules: str, ref: str, expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, records = run_json(["resolve", "--rules", rules, "http://a/b/c/d;p?q", ref], capsys)
    assert status == 0
    assert (records[0]["result"], records[0]["rules"]) == (expected, rules)


def test_relativize_and_normalize(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["relativize", "http://a/b/c/d", "http://a/b/x"], capsys) == (0, ["../x"])
    assert run(["normalize", "HTTP://A:80/%7e/./x"], capsys) == (0, ["http://a/~/x"])
    assert run(["normalize", "--level", "syntax", "HTTP://A:80"], capsys) == (0, ["http://a:80"])


@pytest.mark.parametrize("command", ["resolve", "relativize"])
def test_bad_base_is_a_usage_error_before_any_input(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Found: a bad base gave a per-input error record and exit 1 (or exit 0 with no input).
    monkeypatch.setattr(sys, "stdin", UnreadableStdin())
    err = usage_error([command, "http://a b/"], capsys)
    assert "argument BASE: invalid character ' ' in host at position 8" in err
    err = usage_error([command, "not a base"], capsys)
    assert "argument BASE" in err
    err = usage_error([command, "http://a b", "g"], capsys)
    assert "argument BASE" in err


def test_bad_base_for_the_chosen_rules(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(["resolve", "--rules", "rfc2396", "relative/base", "g"], capsys)
    assert "argument BASE" in err


@pytest.mark.parametrize("command", ["resolve", "relativize"])
def test_missing_base_does_not_claim_refs_are_required(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Found: "the following arguments are required: base, REF" (REF may come from stdin).
    err = usage_error([command], capsys)
    last = err.strip().splitlines()[-1]
    assert last.endswith("the following arguments are required: BASE")


def test_error_names_the_text_its_position_refers_to(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run(["equivalent", "http://a/b", "a%zz"], capsys)
    assert status == 2
    assert lines[0].startswith("error\thttp://a/b\ta%zz\t")
    assert lines[0].endswith("(in 'a%zz')")
    status, records = run_json(["equivalent", "a%zz", "http://a/b"], capsys)
    assert records[0]["error"]["text"] == "a%zz"
    assert records[0]["error"]["position"] == 2  # the "z" after "%"
    status, records = run_json(["resolve", "http://a/", "a b"], capsys)
    assert records[0]["error"]["text"] == "a b"


def test_equivalent_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    # Found: exit 1 both for "not equivalent" and for an invalid input.
    assert run(["equivalent", "http://a/%7E", "HTTP://A:80/~"], capsys)[0] == 0
    status, records = run_json(["equivalent", "http://a/b", "http://a/c"], capsys)
    assert status == 1 and records[0]["equivalent"] is False
    status, records = run_json(["equivalent", "http://a/b", "http://a b/"], capsys)
    assert status == 2
    assert records[0]["valid"] is False and records[0]["equivalent"] is None


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["no-such-command"])
    assert info.value.code == 2
    assert main([]) == 2
    capsys.readouterr()


def test_help_documents_the_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    for status in ("0", "1", "2", "130", "141"):
        assert f"\n  {status} " in out
    assert "grep" in out


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


def test_inputs_may_follow_options(capsys: pytest.CaptureFixture[str]) -> None:
    # argparse alone refused `urikit validate a --json b` ("unrecognized arguments: b").
    status, records = run(["validate", "a", "--json", "b"], capsys)
    assert status == 0 and [json.loads(x)["input"] for x in records] == ["a", "b"]
    status, lines = run(["resolve", "http://a/b", "x", "--rules", "rfc2396", "y"], capsys)
    assert (status, lines) == (0, ["http://a/x", "http://a/y"])
    status, lines = run(["resolve", "http://a/b", "--json", "--", "-x", "--json"], capsys)
    assert [json.loads(x)["input"] for x in lines] == ["-x", "--json"]
    status, lines = run(["urn", "validate", "urn:ab:c", "--syntax", "rfc8141", "urn:ab:d"], capsys)
    assert (status, len(lines)) == (0, 2)


def test_unknown_options_are_still_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(["validate", "a", "--bogus", "b"], capsys)
    assert "unrecognized arguments: --bogus" in err
    err = usage_error(["equivalent", "a", "b", "c"], capsys)
    assert "unrecognized arguments: c" in err
