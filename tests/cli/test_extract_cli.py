"""``urikit extract`` and ``urikit fixup``: records, JSON keys, stdin, exit codes 0 / 1 / 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import FakeStdin, run, run_json

from urikit.cli import main

KEYS = {
    "file",
    "line",
    "column",
    "uri",
    "wrapper",
    "alternatives",
    "raw",
    "element",
    "attribute",
    "error",
}

TEXT = (
    "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n"
    "      type=d> but you can probably pick it up from\n"
    "http://example.org/very-\n"
    '  long/path. And "mailto:jim@example.org".\n'
)


@pytest.fixture
def text_file(tmp_path: Path) -> Path:
    path = tmp_path / "mail.txt"
    path.write_text(TEXT, encoding="utf-8")
    return path


def test_extract_human_records(text_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run(["extract", str(text_file)], capsys)
    assert status == 0
    assert lines == [
        f"{text_file}:1:28\tftp://info.cern.ch/pub/www/doc;type=d\turl",
        f"{text_file}:3:1\thttp://example.org/very-long/path\tbare\t"
        "http://example.org/verylong/path",
        f"{text_file}:4:18\tmailto:jim@example.org\tquote",
    ]


def test_extract_json_records_have_the_same_keys(
    text_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, records = run_json(["extract", str(text_file)], capsys)
    assert status == 0
    assert all(set(r) == KEYS for r in records)
    first, second, third = records
    assert (first["line"], first["column"], first["wrapper"]) == (1, 28, "url")
    assert first["raw"] == "<URL:ftp://info.cern.ch/pub/www/doc;\n      type=d>"
    assert second["alternatives"] == ["http://example.org/verylong/path"]
    assert second["raw"] == "http://example.org/very-\n  long/path"
    assert (third["uri"], third["element"], third["error"]) == (
        "mailto:jim@example.org",
        None,
        None,
    )
    # the same records for the file given twice, in order
    status, twice = run_json(["extract", str(text_file), str(text_file)], capsys)
    assert twice == records + records


def test_extract_stdin_and_nothing_found(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", FakeStdin(TEXT.encode()))
    status, records = run_json(["extract"], capsys)
    assert status == 0 and [r["file"] for r in records] == ["-", "-", "-"]
    monkeypatch.setattr(sys, "stdin", FakeStdin(b"Note: nothing here at 10:30.\n"))
    assert run(["extract", "-"], capsys) == (1, [])


def test_extract_schemes(text_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, records = run_json(["extract", "--schemes", "ftp,MAILTO", str(text_file)], capsys)
    assert status == 0 and [r["uri"][:4] for r in records] == ["ftp:", "mail"]
    assert run(["extract", "--schemes", "gopher", str(text_file)], capsys) == (1, [])


def test_extract_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        '<html><head><base href="/docs/"></head>\n<body><a href="x.html">x</a>\n'
        '  <img src="a b.png"></body></html>\n',
        encoding="utf-8",
    )
    status, records = run_json(
        ["extract", "--html", "--base", "http://h.example/", str(page)], capsys
    )
    assert status == 0
    assert all(set(r) == KEYS for r in records)
    assert [(r["line"], r["column"], r["element"], r["attribute"]) for r in records] == [
        (1, 13, "base", "href"),
        (2, 7, "a", "href"),
        (3, 3, "img", "src"),
    ]
    assert [r["uri"] for r in records] == [
        "http://h.example/docs/",
        "http://h.example/docs/x.html",
        None,
    ]
    assert records[2]["error"]["reason"] == "invalid-char" and records[2]["raw"] == "a b.png"
    status, lines = run(["extract", "--html", "--base", "http://h.example/", str(page)], capsys)
    assert lines[1] == f"{page}:2:7\thttp://h.example/docs/x.html\ta href"
    assert lines[2].startswith(f"{page}:3:3\ta b.png\timg src\terror: invalid character")
    status, records = run_json(["extract", "--html", "--schemes", "https", str(page)], capsys)
    assert (status, records) == (1, [])


def test_extract_usage_errors(
    text_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["extract", "--base", "http://h.example/", str(text_file)]) == 2
    assert "--html" in capsys.readouterr().err
    assert main(["extract", "--html", "--base", "not a uri", str(text_file)]) == 2
    assert "bad --base" in capsys.readouterr().err
    # an unreadable file: reported, the others still processed, status 2
    status = main(["extract", str(tmp_path / "missing.txt"), str(text_file)])
    captured = capsys.readouterr()
    assert status == 2 and "missing.txt" in captured.err
    assert len(captured.out.splitlines()) == 3
    with pytest.raises(SystemExit) as info:
        main(["extract", "--no-such-option"])
    assert info.value.code == 2


def test_fixup_records_and_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run(["fixup", "www.w3.org/Addressing/", "<URL:ftp://a.example/>"], capsys)
    assert (status, lines) == (0, ["https://www.w3.org/Addressing/", "ftp://a.example/"])
    status, lines = run(["fixup", "--default-scheme", "http", "www.a.example", "a b"], capsys)
    assert status == 1
    assert lines[0] == "http://www.a.example"
    assert lines[1].startswith("error\ta b\t")
    status, records = run_json(["fixup", "someone@example.org", "word"], capsys)
    assert status == 1
    assert records[0] == {
        "input": "someone@example.org",
        "valid": True,
        "error": None,
        "default_scheme": "https",
        "result": "mailto:someone@example.org",
    }
    assert records[1]["valid"] is False and records[1]["input"] == "word"
    assert records[1]["result"] is None and records[1]["error"]["reason"]
    assert main(["fixup", "--default-scheme", "1x", "www.a.example"]) == 2


def test_fixup_reads_stdin_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", FakeStdin(b"www.a.example\nftp.b.example/x\n"))
    assert run(["fixup"], capsys) == (0, ["https://www.a.example", "ftp://ftp.b.example/x"])


def test_python_dash_m(text_file: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "urikit", "extract", "--json"],
        input=text_file.read_bytes(),
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0
    assert len(done.stdout.splitlines()) == 3


def test_extract_iris_and_abbreviated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ja.txt"
    path.write_text("見て http://例え.jp/パス。\nまた「www.example.org/a」も\n", encoding="utf-8")
    status, lines = run(["extract", str(path)], capsys)
    assert (status, lines) == (1, [])  # without the options: neither is a URI
    status, records = run_json(["extract", "--iris", "--abbreviated", str(path)], capsys)
    assert status == 0
    assert [(r["line"], r["column"], r["uri"], r["wrapper"], r["raw"]) for r in records] == [
        (1, 4, "http://例え.jp/パス", None, "http://例え.jp/パス"),
        (2, 4, "https://www.example.org/a", "abbreviated", "www.example.org/a"),
    ]
    status, lines = run(["extract", "--abbreviated", str(path)], capsys)
    assert (status, lines) == (0, [f"{path}:2:4\thttps://www.example.org/a\tabbreviated"])
    assert main(["extract", "--html", "--abbreviated", str(path)]) == 2
