"""One convention for the inputs of every command (docs/cli.md, "Inputs:
arguments, files and -"): ``-`` is stdin everywhere, ``--from FILE`` reads a
file's lines, an argument that names a file is still an input (with a warning),
an empty line is an input with one record in its place; and every field the
commands print reads back, with ``urikit.batch.read_text_record``, to the text
it holds."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import FakeStdin, record_lines, run, with_extras
from test_cli_records import SAMPLES

from urikit.batch import read_text_record
from urikit.cli import main

#: The per-input commands (every one with a record per input but the comparisons).
PER_INPUT = sorted(c for c in SAMPLES if "equivalent" not in c)


def argv_of(command: str) -> list[str]:
    """The command and its fixed arguments (BASE), without an input."""
    good, _ = SAMPLES[command]
    return good[:-1]


def records(
    argv: list[str],
    stdin: bytes,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[int, list[dict[str, Any]], str]:
    monkeypatch.setattr(sys, "stdin", FakeStdin(stdin))
    status = main([*argv, "--json"])
    captured = capsys.readouterr()
    return status, [json.loads(line) for line in captured.out.splitlines()], captured.err


@pytest.mark.parametrize("command", with_extras(PER_INPUT))
def test_dash_is_stdin_in_its_place(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Found: "-" was the URI "-" here, and stdin for extract, linkify and batch.
    _, got, _ = records(
        [*argv_of(command), "first", "-", "last"], b"one\ntwo\n", capsys, monkeypatch
    )
    assert [r["input"] for r in got] == ["first", "one", "two", "last"]


@pytest.mark.parametrize("command", with_extras(PER_INPUT))
def test_from_file_reads_its_lines_after_the_arguments(
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    listed = tmp_path / "inputs.txt"
    listed.write_bytes(b"a\r\n\nb\rc\n\xff\n-\n")
    argv = [*argv_of(command), "x", "--from", str(listed), "--from", "-", "y"]
    _, got, err = records(argv, b"from stdin\n", capsys, monkeypatch)
    # the file's lines as stdin's are read: LF ends a line, a CR before it goes,
    # a lone CR stays, an empty line is an input, "-" in a file is the URI "-"
    assert [r["input"] for r in got] == [
        "x",
        "y",
        "a",
        "",
        "b\rc",
        "\ufffd",
        "-",
        "from stdin",
    ]
    assert got[5]["error"]["reason"] == "not-utf8"
    assert "warning" not in err


@pytest.mark.parametrize("command", with_extras(PER_INPUT))
def test_an_unreadable_from_file_is_trouble_before_any_output(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.txt"
    assert main([*argv_of(command), "x", "--from", str(missing)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"urikit: cannot read {missing}: No such file or directory\n"


@pytest.mark.parametrize("command", with_extras(PER_INPUT))
def test_an_argument_naming_a_file_is_an_input_with_a_warning(
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Found: "urikit validate urls.txt" validated the name, silently.
    monkeypatch.chdir(tmp_path)
    Path("urls.txt").write_text("http://a/\n")
    Path("folder").mkdir()
    _, got, err = records(
        [*argv_of(command), "urls.txt", "folder", "other"], b"", capsys, monkeypatch
    )
    assert [r["input"] for r in got] == ["urls.txt", "folder", "other"]
    prog = "urikit " + command
    if command == "file-uri":  # its inputs are paths: no warning
        assert err == ""
    else:
        assert err == (
            f"{prog}: warning: the argument 'urls.txt' is read as an input, not as the file it "
            "names; to read the file a line at a time: --from urls.txt\n"
        )


@pytest.mark.parametrize("command", ["equivalent", "urn equivalent"])
def test_a_comparison_reads_dash_from_stdin(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    good, _ = SAMPLES[command]
    head, a, b = good[:-2], good[-2], good[-1]
    status, got, _ = records([*head, "-", "-"], f"{a}\n{b}\n".encode(), capsys, monkeypatch)
    assert status == 0 and got[0]["input"] == [a, b]
    status, got, _ = records([*head, a, "-"], f"{b}\n".encode(), capsys, monkeypatch)
    assert status == 0 and got[0]["input"] == [a, b]
    monkeypatch.setattr(sys, "stdin", FakeStdin(f"{a}\n".encode()))
    with pytest.raises(SystemExit) as info:
        main([*head, "-", "-"])
    assert info.value.code == 2
    assert "argument B: '-' reads a line of stdin, and it has none left" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["resolve", "relativize"])
def test_a_base_is_never_stdin(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main([command, "-", "a"])
    assert info.value.code == 2
    assert "argument BASE: the base is a URI, never read from stdin ('-')" in (
        capsys.readouterr().err
    )


def test_fetch_reads_dash_from_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", FakeStdin(b"http://127.0.0.1:1/\n"))
    assert main(["fetch", "-"]) == 1  # blocked, as the URL given as an argument
    assert "hop 0 http://127.0.0.1:1/: blocked: private-address" in capsys.readouterr().err


def test_the_file_commands_read_dash_as_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", FakeStdin(b"see http://a/\n"))
    status, lines = run(["extract", "-"], capsys)
    assert (status, lines) == (0, ["-:1:5\thttp://a/\tbare"])
    monkeypatch.setattr(sys, "stdin", FakeStdin(b"see http://a/\n"))
    status, lines = run(["linkify", "-"], capsys)
    assert status == 0 and lines == ['see <a href="http://a/">http://a/</a>']


# --- empty lines: one record in its place, what docs/cli.md says it is ---

#: command -> (valid, the result or the error reason) for an empty line.
EMPTY_LINE: dict[str, tuple[bool, Any]] = {
    "parse": (True, None),
    "validate": (True, None),
    "iri validate": (True, None),
    "check": (True, None),
    "check-redirect": (True, None),  # an empty target stays on the page: safe
    "readings": (True, None),  # an empty reference to RFC 3986; the WHATWG refuses it
    "resolve": (True, "http://a/b"),
    "relativize": (True, ""),
    "normalize": (True, ""),
    "iri to-uri": (True, ""),
    "iri from-uri": (True, ""),
    "iri display": (True, ""),
    "canonical": (False, "empty-component"),
    "surt": (False, "empty-component"),
    "domain": (False, "empty-component"),
    "fixup": (False, "bad-value"),
    "file-path": (False, "bad-value"),
    "file-uri": (False, "bad-value"),
    "urn parse": (False, "not-urn"),
    "urn validate": (False, "not-urn"),
    "urn resolve": (False, "not-urn"),
    "template expand": (False, "bad-json"),  # an empty line is no JSON object of variables
    "template match": (True, None),  # a valid verdict: "" does not match /a/{x}
}


def test_the_empty_line_table_covers_every_command() -> None:
    assert sorted(EMPTY_LINE) == PER_INPUT


@pytest.mark.parametrize("command", with_extras(PER_INPUT))
@pytest.mark.parametrize("line_end", [b"\n", b"\r\n"])
def test_an_empty_line_is_one_record_in_its_place(
    command: str,
    line_end: bytes,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    good, _ = SAMPLES[command]
    sample = good[-1].encode()
    data = sample + line_end + line_end + sample + line_end + line_end
    _, got, _ = records(argv_of(command), data, capsys, monkeypatch)
    assert [r["input"] for r in got] == [good[-1], "", good[-1], ""]
    keys = [list(r) for r in got]
    assert keys[1] == keys[0]  # the same shape
    valid, what = EMPTY_LINE[command]
    empty = got[1]
    assert empty["valid"] is valid
    if valid:
        if what is not None:
            assert empty["result"] == what
    else:
        assert empty["error"]["reason"] == what
        # in the input's coordinates: the text is the empty line, the position 0
        assert (empty["error"]["text"], empty["error"]["position"]) == ("", 0)
    # the human form: one line each too
    monkeypatch.setattr(sys, "stdin", FakeStdin(data))
    main(argv_of(command))
    human = record_lines(command, capsys.readouterr().out.split("\n"))
    assert len(human) == 5 and human[-1] == ""


def test_show_gives_an_empty_line_its_block(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", FakeStdin(b"http://a/\n\nhttp://b/\n"))
    status, lines = run(["show"], capsys)
    # each reg-name host's block has a line for its registrable domain
    site = [line for line in lines if line.startswith("  registrable domain")]
    assert len(site) == 2 and status == 0
    assert [line for line in lines if line not in site] == [
        "[scheme http]://[HOST a][path /]",
        "",
        "[scheme http]://[HOST b][path /]",
    ]
    assert (lines[1], lines[4]) == tuple(site)  # each under its own URI


def test_extract_and_linkify_keep_the_line_count(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", FakeStdin(b"\n\nhttp://a/\n"))
    assert run(["extract"], capsys) == (0, ["-:3:1\thttp://a/\tbare"])
    monkeypatch.setattr(sys, "stdin", FakeStdin(b"\n\nx\n\n"))
    assert main(["linkify"]) == 0
    assert capsys.readouterr().out == "\n\nx\n\n"


# --- every field reads back to the text it holds ---

#: Every kind of awkward input a line can hold (not a line end): the text of an
#: escape and the character, a backslash alone, each C0 control, DEL, a C1
#: control, U+2028, a lone surrogate that is no byte, bytes that are not UTF-8.
AWKWARD_LINES = [
    b"",
    b"\\N",
    b"\\",
    b"\\\\",
    b"\x00",
    b"\\x00",
    b"\\\x00",
    *[bytes([c]) for c in range(0x20) if c not in (0x0A, 0x0D)],  # (a CR: "a\rb")
    *[b"a\\x%02xb" % c for c in range(0x20)],
    b"a\rb",
    b"\x7f",
    b"\\x7f",
    b"\xc2\x85",
    b"\xe2\x80\xa8",
    b"\\u2028",
    b"\xed\xa0\x80",  # U+D800 written as UTF-8 bytes: not UTF-8, three bytes back
    b"\\ud800",
    b"\xff",
    b"a\xc3",
    b"\\udcff",
    b"http://h/a\\b\tc",
    b"http://h/\\x1b[31m\x1b[31m",
]

#: The first field of a record that shows its input second.
VERDICTS = (
    "error",
    "valid",
    "ok",
    "pass",
    "fail",
    "misleading",
    "safe",
    "unsafe",
    "match",
    "no-match",
    "agree",
    "disagree",
)


@pytest.mark.parametrize("command", with_extras(PER_INPUT))
def test_every_field_reads_back_through_a_pipe(command: str, tmp_path: Path) -> None:
    """Through a real process and pipe: the bytes as written, read back."""
    data = b"\n".join(AWKWARD_LINES) + b"\n"
    argv = [sys.executable, "-m", "urikit", *argv_of(command)]
    human = subprocess.run(argv, input=data, capture_output=True, timeout=120, check=False)
    as_json = subprocess.run(
        [*argv, "--json"], input=data, capture_output=True, timeout=120, check=False
    )
    assert human.returncode == as_json.returncode == 1, human.stderr
    lines = record_lines(command, human.stdout.split(b"\n"))
    assert lines[-1] == b"" and len(lines) == len(AWKWARD_LINES) + 1
    wanted = [line.decode("utf-8", "surrogateescape") for line in AWKWARD_LINES]
    json_records = [json.loads(line) for line in as_json.stdout.splitlines()]
    for line, text, record in zip(lines[:-1], wanted, json_records, strict=True):
        fields = read_text_record(line)
        if fields[0] in VERDICTS and len(fields) > 1:
            assert fields[1] == text, (line, text)
            if fields[0] == "error" and not any("\udc80" <= c <= "\udcff" for c in text):
                # the message as JSON gives it (a byte that was not UTF-8 is U+FFFD
                # there, its hex in the human form: not compared)
                assert str(fields[2]).startswith(record["error"]["message"]), (fields, record)
        else:  # a result alone: the JSON record's
            assert fields == [record["result"]], (line, record)


def test_batch_text_output_reads_back(tmp_path: Path) -> None:
    """``urikit batch`` with a text output: every awkward value, from a JSON Lines
    input (a null, a line end, any character) and a text input (bytes that are
    not UTF-8), read back by read_text_record, is the input."""
    pytest.importorskip("pyarrow")  # batch reads and writes through Arrow
    values: list[str | None] = [
        None,
        "",
        "\\N",
        "\\",
        "\x00",
        "\\x00",
        *[chr(c) for c in range(0x20)],
        *[f"\\x{c:02x}" for c in range(0x20)],
        "\x7f",
        "\t",
        "\n",
        "a\r\nb",
        "\u2028",
        "\\u2028",
        "\\udcff",
        "\x85",
        "é\\",
    ]
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps({"url": v}) + "\n" for v in values))
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}.txt"
        argv = ["batch", str(src), str(out), "--batch-size", "7", "--jobs", jobs]
        assert main([*argv, "--ops", "split,normalize", "--no-progress"]) == 1
        lines = out.read_bytes().split(b"\n")
        assert lines[-1] == b"" and len(lines) == len(values) + 2
        header = read_text_record(lines[0])
        assert header[:3] == ["row", "url", "valid"]
        got = [dict(zip(header, read_text_record(line), strict=True)) for line in lines[1:-1]]
        assert [r["url"] for r in got] == values
        assert [r["row"] for r in got] == [str(i) for i in range(1, len(values) + 1)]
        assert got[0]["valid"] is None and got[1]["valid"] == "true"
    # a text input: every line, bytes that are not UTF-8 too, comes back as read
    text_in = tmp_path / "in.txt"
    text_in.write_bytes(b"\n".join(AWKWARD_LINES) + b"\n")
    out = tmp_path / "out.txt"
    assert main(["batch", str(text_in), str(out), "--no-progress"]) == 1
    lines = out.read_bytes().split(b"\n")[1:-1]
    wanted = [line.decode("utf-8", "surrogateescape") for line in AWKWARD_LINES]
    assert [read_text_record(line)[1] for line in lines] == wanted


def test_the_header_and_a_column_name_read_back(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")  # batch reads and writes through Arrow
    src = tmp_path / "in.jsonl"
    name = "u\trl\\N"
    src.write_text(json.dumps({name: "http://a/"}) + "\n")
    out = tmp_path / "out.txt"
    assert main(["batch", str(src), str(out), "--column", name, "--no-progress"]) == 0
    first, second = out.read_bytes().split(b"\n")[:2]
    assert read_text_record(first)[:2] == ["row", name]
    assert read_text_record(second)[:3] == ["1", "http://a/", "true"]


def test_extract_fields_read_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Found: extract's human fields were not escaped at all: a TAB in a file name
    # or an attribute value split the record, and a control reached the terminal.
    name = tmp_path / "a\tb\\x1b.html"
    name.write_bytes(b'<a href="x\ty\\z\x1b">t</a>\n')
    assert main(["extract", "--html", str(name)]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    where, shown, what, error = read_text_record(line)
    assert where == f"{name}:1:1" and shown == "x\ty\\z\x1b" and what == "a href"
    assert str(error).startswith("error: invalid character '\\t' in path at position 1")
    assert all(field.isprintable() for field in line.split("\t"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_from_a_named_pipe(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a --from file is read as it comes, a line at a time (a FIFO is not a regular
    # file: no warning for it given as an argument either)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    writer = subprocess.Popen(
        [sys.executable, "-c", f"open({str(fifo)!r}, 'wb').write(b'http://a/\\nb c\\n')"]
    )
    try:
        assert main(["validate", "--from", str(fifo)]) == 1
    finally:
        writer.wait(timeout=60)
    assert capsys.readouterr().out.splitlines() == [
        "valid\thttp://a/",
        "error\tb c\tinvalid character ' ' in path at position 1",
    ]


# --- an option a profile ignores is refused ---


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--keep-fragment", "--profile", "safe-browsing"],
            "argument --keep-fragment: not allowed with --profile safe-browsing (it drops",
        ),
        (
            ["--keep-fragment", "--profile", "rfc3986"],
            "argument --keep-fragment: not allowed with --profile rfc3986 (it keeps",
        ),
        (
            ["--expressions", "--profile", "semantic"],
            "argument --expressions: the Safe Browsing lookup expressions, not allowed with "
            "--profile semantic",
        ),
        (["--expressions", "--keep-fragment"], "argument --keep-fragment: not allowed with"),
    ],
)
def test_canonical_refuses_what_a_profile_ignores(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Found: --keep-fragment with safe-browsing was silently ignored. The check
    # is the command's own, found before any input is read.
    with pytest.raises(SystemExit) as info:
        main(["canonical", *argv, "http://a/b#f"])
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err


@pytest.mark.parametrize(
    ("argv", "result"),
    [
        (["--keep-fragment"], "http://a/b#f"),
        (["--keep-fragment", "--profile", "aggressive"], "http://a/b#f"),
        (["--profile", "safe-browsing"], "http://a/b"),
        (["--profile", "rfc3986"], "http://a/b#f"),
        (["--expressions", "--profile", "safe-browsing"], "a/b a/"),
        (["--expressions"], "a/b a/"),
    ],
)
def test_canonical_takes_what_a_profile_uses(
    argv: list[str], result: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["canonical", *argv, "http://a/b#f"], capsys) == (0, [result])
