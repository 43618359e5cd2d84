"""``urikit check-redirect``: verdicts, records, stdin, exit statuses, bad options,
and an output that is closed or full."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from cli_helpers import closed_after_a_few_bytes, run, run_json

from urikit.cli import main
from urikit.cli._common import RECORD_KEYS
from urikit.security import check_redirect

SITE = ["--allow", "https://example.com"]
URIKIT = [sys.executable, "-m", "urikit"]


def test_verdicts_and_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run(["check-redirect", *SITE, "/home", "?q=1"], capsys)
    assert status == 0 and lines == ["safe\t/home", "safe\t?q=1"]
    status, lines = run(["check-redirect", *SITE, "/home", "//evil.com", "/ok"], capsys)
    assert status == 1
    assert [line.split("\t")[:2] for line in lines] == [
        ["safe", "/home"],
        ["unsafe", "//evil.com"],
        ["safe", "/ok"],
    ]
    assert "redirect-off-site at 2-10" in lines[1]


def test_json_records_are_the_api_report(capsys: pytest.CaptureFixture[str]) -> None:
    targets = ["/home", "/\t/evil.com", "javascript:alert(1)", "http://example.com/"]
    allowed = ["https://example.com", "http://example.com"]
    argv = ["check-redirect", "--allow", allowed[0], "--allow", allowed[1], "--require-https"]
    status, records = run_json([*argv, *targets], capsys)
    assert status == 1 and [r["input"] for r in records] == targets
    for record, target in zip(records, targets, strict=True):
        assert tuple(record) == RECORD_KEYS["check-redirect"]
        report = check_redirect(target, allowed_origins=allowed, require_https=True)
        assert record["ok"] is report.ok and record["valid"] is True
        assert [(f["code"], f["start"], f["end"]) for f in record["findings"]] == [
            (f.code, f.start, f.end) for f in report.findings
        ]
        assert record["allowed_origins"] == allowed and record["require_https"] is True
    assert [r["ok"] for r in records] == [False, False, False, False]  # /home: from the http page


def test_the_same_origin_twice_is_one(capsys: pytest.CaptureFixture[str]) -> None:
    _, records = run_json(["check-redirect", *SITE, *SITE, "/"], capsys)
    assert records[0]["allowed_origins"] == ["https://example.com"]


def test_stdin_lines_and_a_byte_not_utf8() -> None:
    done = subprocess.run(
        [*URIKIT, "check-redirect", *SITE],
        input=b"/a\n//evil.com\n\xff\n\n",
        capture_output=True,
        check=False,
    )
    out = done.stdout.splitlines()
    assert [line.split(b"\t")[0] for line in out] == [b"safe", b"unsafe", b"error", b"safe"]
    assert out[2] == b"error\t\xff\tthe byte 0xff at position 0 is not UTF-8"
    assert done.returncode == 1
    done = subprocess.run(
        [*URIKIT, "check-redirect", *SITE, "--json"],
        input=b"\xff\n",
        capture_output=True,
        check=False,
    )
    record = json.loads(done.stdout)
    assert record["valid"] is False and record["ok"] is None
    assert record["error"]["reason"] == "not-utf8"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["/x"], "--allow"),
        (["--allow", "example.com", "/x"], "is not an origin"),
        (["--allow", "https://example.com/path", "/x"], "is not an origin"),
        (["--allow", "ftp://example.com", "/x"], "is not an origin"),
        (["--allow"], "expected one argument"),
        (["--allow", "https://example.com", "--nope", "/x"], "unrecognized arguments"),
    ],
)
def test_usage_errors(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["check-redirect", *argv])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert says in err and "usage: urikit check-redirect" in err


def test_a_closed_pipe_ends_quietly(tmp_path: os.PathLike[str]) -> None:
    many = os.path.join(tmp_path, "targets.txt")
    with open(many, "w", encoding="utf-8") as f:
        f.write("//evil.com/a\n" * 20000)
    argv = [*URIKIT, "check-redirect", *SITE, "--from", many]
    assert closed_after_a_few_bytes(argv) == (141, "")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_output_is_a_trouble_exit() -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [*URIKIT, "check-redirect", *SITE, "/a", "//evil.com"],
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=120,
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr == b"urikit: cannot write the output: [Errno 28] No space left on device\n"
