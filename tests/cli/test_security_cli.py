"""``urikit check`` and ``urikit show``: exit statuses, records, highlighting."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from urikit.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(argv)
    return status, capsys.readouterr().out


def test_check_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["check", "https://example.org/"], capsys)[0] == 0
    assert run(["check", "https://example.org/", "javascript:x"], capsys)[0] == 1
    assert run(["check", "http://10.0.0.1/"], capsys)[0] == 0  # a warning passes by default
    assert run(["check", "--policy", "ssrf", "http://10.0.0.1/"], capsys)[0] == 1
    assert run(["check", "a b"], capsys)[0] == 1
    with pytest.raises(SystemExit) as exc:
        main(["check", "--policy", "nope", "http://h/"])
    assert exc.value.code == 2
    capsys.readouterr()


def test_check_json_records_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    inputs = ["http://u:p@h/", "a b", "http://0x7f.1/", "https://example.org/"]
    status, out = run(["check", "--json", "--policy", "ssrf", *inputs], capsys)
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["input"] for r in records] == inputs and status == 1
    assert [r["ok"] for r in records] == [False, None, False, True]
    assert records[1]["error"]["position"] == 1
    codes = [f["code"] for f in records[0]["findings"]]
    assert codes == ["userinfo-not-allowed", "password-in-userinfo"]
    assert "".join(inputs[0][s["start"] : s["end"]] for s in records[0]["segments"]) == inputs[0]


def test_check_reads_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = b"http://h/\nhttp://127.0.0.1/\n\xff\n"
    proc = subprocess.run(
        [sys.executable, "-m", "urikit", "check", "--policy", "ssrf"],
        input=lines,
        capture_output=True,
        check=False,
    )
    out = proc.stdout.splitlines()
    assert [line.split(b"\t")[0] for line in out] == [b"pass", b"fail", b"error"]
    assert out[2] == b"error\t\xff\tthe byte 0xff at position 0 is not UTF-8"
    assert proc.returncode == 1


def test_show_plain_marks_findings_under_spans(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(["show", "http://evil.example.com@10.0.0.1:25/"], capsys)
    labelled, text, carets, *found = out.splitlines()
    assert labelled == (
        "[scheme http]://[userinfo evil.example.com]@[HOST 10.0.0.1]:[port 25][path /]"
    )
    assert text == "http://evil.example.com@10.0.0.1:25/"
    assert carets == " " * 7 + "^" * 16 + " " + "^" * 8 + " ^^"
    assert [line.split()[1] for line in found] == [
        "misleading-userinfo",
        "private-address",
        "unusual-port",
    ]
    assert status == 1  # misleading userinfo is danger


def test_show_escapes_and_has_no_carets_without_findings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out = run(["show", "https://example.org/a"], capsys)
    labelled, site = out.splitlines()
    assert labelled == "[scheme https]://[HOST example.org][path /a]" and status == 0
    assert site.startswith("  registrable domain")  # the list's answer, or that it is missing
    status, out = run(["show", "a\x1b[31mb"], capsys)
    assert "\x1b" not in out and "\\x1b" in out and status == 1


def test_show_colours_only_when_asked_or_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out = run(["show", "--color", "always", "http://h/"], capsys)
    assert "\x1b[1;4mh\x1b[0m" in out  # the host bold and underlined
    _, out = run(["show", "http://h/"], capsys)
    assert "\x1b" not in out

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    fake = Tty()
    monkeypatch.setattr(sys, "stdout", fake)
    main(["show", "http://h/"])
    assert "\x1b[" in fake.getvalue()


def test_show_html(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run(["show", "--html", "http://u:p@<h>/"], capsys)
    assert "<h>" not in out  # escaped (the input is invalid: one "invalid" span)
    assert '<span class="invalid' in out
    _, out = run(["show", "--html", "http://u:p@h/"], capsys)
    assert '<span class="host"><strong>h</strong></span>' in out
    assert 'class="userinfo finding warning" data-codes="password-in-userinfo"' in out
    assert '<li class="warning"><code>password-in-userinfo</code>' in out


def _no_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """``urikit.domains.default_list`` as it is without the ``[domains]`` extra."""
    import urikit.domains

    def missing() -> None:
        raise ImportError("urikit.domains needs publicsuffixlist: pip install 'urikit[domains]'")

    monkeypatch.setattr(urikit.domains, "default_list", missing)


def test_show_says_in_one_line_that_the_list_is_missing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_list(monkeypatch)
    status, out = run(["show", "https://www.example.org/", "http://10.0.0.1/", "urn:a:b"], capsys)
    lines = out.splitlines()
    missing = [line for line in lines if "registrable domain" in line]
    # one line for the reg-name host, none for the IP address and the URN
    assert missing == [
        "  registrable domain: the Public Suffix List is not available:"
        " pip install 'urikit[domains]'"
    ]
    assert lines[0] == "[scheme https]://[HOST www.example.org][path /]"
    assert lines[1] == missing[0]
    assert status == 0  # the exit status is the policy's, as before
    status, out = run(["show", "--html", "http://u:p@www.example.org/"], capsys)
    assert '<div class="domain unavailable">registrable domain: the Public Suffix List' in out
    assert "pip install &#x27;urikit[domains]&#x27;" in out
    assert status == 0


@pytest.mark.parametrize(
    "uri", ["http://10.0.0.1/", "http://[::1]/", "http://0x7f.1/", "urn:isbn:1", "file:///x", "a b"]
)
def test_show_has_no_domain_line_without_a_reg_name(
    uri: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with_list = run(["show", uri], capsys)
    _no_list(monkeypatch)
    assert run(["show", uri], capsys) == with_list
    assert "registrable domain" not in with_list[1]


def test_show_says_in_one_line_that_the_list_cannot_be_read(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import urikit.domains

    monkeypatch.setenv(urikit.domains.ENVIRONMENT, str(tmp_path / "none.dat"))
    urikit.domains.use(None)  # forget a list loaded before
    try:
        status, out = run(["show", "https://www.example.org/", "http://a.example/"], capsys)
    finally:
        monkeypatch.delenv(urikit.domains.ENVIRONMENT)
        urikit.domains.use(None)
    site = [line for line in out.splitlines() if "registrable domain" in line]
    assert len(site) == 2 and site[0] == site[1] and status == 0
    assert site[0].startswith("  registrable domain: the Public Suffix List is not available: ")
    assert "none.dat" in site[0]
