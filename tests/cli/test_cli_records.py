"""One record shape per command: the same keys, in the same order, on success and on
error (``null`` where absent), exactly those of ``urikit.cli._common.RECORD_KEYS``,
which is also the table of docs/cli.md's "Records" section."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import record_lines, with_extras

from urikit.cli import build_parser, main
from urikit.cli._common import ERROR_KEYS, RECORD_KEYS

build_parser()  # every command module has declared its records

#: For every command: arguments that succeed, arguments that give an error record.
SAMPLES: dict[str, tuple[list[str], list[str]]] = {
    "parse": (["parse", "http://h/"], ["parse", "a b"]),
    "validate": (["validate", "http://h/"], ["validate", "a b"]),
    "resolve": (["resolve", "http://a/b", "c"], ["resolve", "http://a/b", "c d"]),
    # Found: relativize's error records had no "base".
    "relativize": (["relativize", "http://a/b", "http://a/c"], ["relativize", "http://a/b", "a b"]),
    "normalize": (["normalize", "HTTP://h/"], ["normalize", "a b"]),
    # Found: equivalent's "input" was a list on success and a string on error.
    "equivalent": (["equivalent", "http://a/", "http://a"], ["equivalent", "http://a/", "a b"]),
    "file-path": (["file-path", "file:///x"], ["file-path", "http://h/"]),
    "file-uri": (["file-uri", "/x"], ["file-uri", "relative"]),
    "urn parse": (["urn", "parse", "urn:ab:c"], ["urn", "parse", "urn:a:c"]),
    "urn validate": (["urn", "validate", "urn:ab:c"], ["urn", "validate", "urn:a:c"]),
    "urn equivalent": (
        ["urn", "equivalent", "urn:ab:c", "URN:AB:c"],
        ["urn", "equivalent", "urn:ab:c", "urn:a:c"],
    ),
    "urn resolve": (["urn", "resolve", "urn:ietf:rfc:8141"], ["urn", "resolve", "urn:ab:c"]),
    "fixup": (["fixup", "www.example.org"], ["fixup", "not a host"]),
    "iri validate": (["iri", "validate", "http://例え.jp/"], ["iri", "validate", "a b"]),
    "iri to-uri": (["iri", "to-uri", "http://例え.jp/"], ["iri", "to-uri", "a b"]),
    "iri from-uri": (["iri", "from-uri", "http://h/%C3%BC"], ["iri", "from-uri", "a b"]),
    "iri display": (["iri", "display", "http://h/%C3%BC"], ["iri", "display", "a b"]),
    "check": (["check", "http://h/"], ["check", "a b"]),
    # a target that is no URI is an unsafe verdict, not an error: only a byte
    # that is not UTF-8 makes an error record
    "check-redirect": (
        ["check-redirect", "--allow", "https://h", "/x"],
        ["check-redirect", "--allow", "https://h", "/\udcff"],
    ),
    # the parsers' errors are readings: only a byte that is not UTF-8 makes an error record
    "readings": (
        ["readings", "--parsers", "rfc3986,urllib", "http://h/"],
        ["readings", "--parsers", "rfc3986,urllib", "http://h/\udcff"],
    ),
    "canonical": (["canonical", "HTTP://h/"], ["canonical", "http://h:x/"]),
    "surt": (["surt", "http://h/"], ["surt", "http://h:x/"]),
    "domain": (["domain", "www.example.com"], ["domain", "http://a b/"]),
    "template expand": (
        ["template", "expand", "/a/{x}", '{"x": "1"}'],
        ["template", "expand", "/a/{x}", '{"x": true}'],
    ),
    "template match": (
        ["template", "match", "/a/{x}", "/a/1"],
        ["template", "match", "/a/{x}", "/a/\udcff"],
    ),
}


DOC = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def one_record(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    main([*argv, "--json"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    record: dict[str, Any] = json.loads(lines[0])
    return record


def test_every_command_has_samples() -> None:
    missing = sorted(set(RECORD_KEYS) - set(SAMPLES))
    assert not missing, f"add success/error samples for {missing} to SAMPLES"
    assert set(SAMPLES) <= set(RECORD_KEYS)


@pytest.mark.parametrize("command", with_extras(sorted(SAMPLES)))
def test_success_and_error_records_have_the_declared_keys(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    good, bad = SAMPLES[command]
    ok = one_record(good, capsys)
    error = one_record(bad, capsys)
    assert list(ok) == list(RECORD_KEYS[command])
    assert list(error) == list(RECORD_KEYS[command])
    assert (ok["valid"], ok["error"]) == (True, None)
    assert error["valid"] is False
    assert list(error["error"]) == list(ERROR_KEYS)
    # The input has one type per command: a string, or the pair of a comparison.
    assert type(ok["input"]) is type(error["input"])
    # Values that do not depend on the input (base, level, ...) are on both.
    for key in RECORD_KEYS[command]:
        if ok[key] is not None and key not in ("input", "valid", "error"):
            fixed = key in ("base", "rules", "level", "grammar", "rule", "flavour", "service")
            if fixed:
                assert error[key] == ok[key], key


def test_parse_scheme_keeps_the_shape(capsys: pytest.CaptureFixture[str]) -> None:
    for uri in ("ftp://h/x", "urn:ab:c", "http:/x"):  # typed view, none, broken scheme syntax
        assert list(one_record(["parse", "--scheme", uri], capsys)) == list(RECORD_KEYS["parse"])


def documented_records() -> dict[str, list[str]]:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("\n## Records", 1)[1].split("\n## ", 1)[0]
    table: dict[str, list[str]] = {}
    for line in section.splitlines():
        m = re.fullmatch(r"\| `([a-z -]+)` \| (.*) \|", line.strip())
        if m:
            table[m.group(1)] = re.findall(r"`([a-z_]+)`", m.group(2))
    return table


def test_the_docs_list_the_same_keys() -> None:
    documented = documented_records()
    assert documented == {command: list(keys) for command, keys in RECORD_KEYS.items()}


def test_the_docs_list_the_error_keys() -> None:
    text = DOC.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("| `error` object |"))
    assert re.findall(r"`([a-z_]+)`", line.split("|")[2]) == list(ERROR_KEYS)


NASTY = [
    "",
    "\x00",
    "\udcff",  # an undecodable input byte
    "\ud800",
    "a" * 10_000,
    "%",
    "%zz",
    "-x",  # ("-" itself is stdin: tests/cli/test_cli_inputs.py)
    "\t",
    "a\x85b",
    "\x1b[31m",
    "urn:",
    "urn:a:",
    "file:",
    "file:///c:/%00",
    "\\\\h\\x",
    "http://[",
    "http://[::1]:99999999999999999999/",
]


@pytest.mark.parametrize("command", with_extras(sorted(SAMPLES)))
@pytest.mark.parametrize("json_output", [False, True])
def test_any_input_gives_one_record_and_no_exception(
    command: str, json_output: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    good, _ = SAMPLES[command]
    comparison = "equivalent" in command
    options = ["--json"] if json_output else []
    for text in NASTY:
        if comparison:  # the nasty text first, then a valid one
            argv = [*good[:-2], *options, "--", text, good[-1]]
        else:
            argv = [*good[:-1], *options, "--", text]
        status = main(argv)
        every = capsys.readouterr().out.split("\n")
        lines = every if json_output else record_lines(command, every)
        assert lines[-1] == "" and len(lines) == 2, (argv, lines)
        assert all(line.isprintable() for line in every[1:]), every  # a block's table too
        assert status in ((0, 1, 2) if comparison else (0, 1)), argv
        if json_output:
            assert list(json.loads(lines[0])) == list(RECORD_KEYS[command])
        else:  # nothing unprintable reaches the terminal; TAB only between columns
            assert all(column.isprintable() for column in lines[0].split("\t")), lines[0]
