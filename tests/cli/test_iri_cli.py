"""``urikit iri validate|to-uri|from-uri|display`` and ``urikit parse --iri``: records
in input order, the same JSON keys on success and error, stdin, exit codes 0 / 1 / 2."""

from __future__ import annotations

import subprocess
import sys

import pytest
from cli_helpers import FakeStdin, run, run_json


def test_validate(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run(["iri", "validate", "http://例え.jp/", "http://h/\ue000"], capsys)
    assert status == 1
    assert lines == [
        "valid\thttp://例え.jp/",
        "error\thttp://h/\\ue000\tinvalid character '\\\\ue000' in path at position 9",
    ]
    status, lines = run(["iri", "validate", "--rule", "irelative-ref", "パス"], capsys)
    assert (status, lines) == (0, ["valid\tパス"])


@pytest.mark.parametrize(
    ("argv", "fixed", "keys"),
    [
        (["iri", "validate"], {"rule"}, set()),
        (["iri", "to-uri"], {"idna"}, {"result"}),
        (["iri", "to-uri", "--idna"], {"idna"}, {"result"}),
        (["iri", "from-uri"], {"idna"}, {"result"}),
        (["iri", "display"], {"strict"}, {"result", "misleading", "safe_text", "warnings"}),
    ],
)
def test_json_records_have_the_same_keys(
    argv: list[str], fixed: set[str], keys: set[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, records = run_json([*argv, "http://例え.jp/", "http://h/a b"], capsys)
    assert status == 1
    good, bad = records
    assert set(good) == set(bad) == {"input", "valid", "error"} | fixed | keys
    assert (good["valid"], good["error"]) == (True, None)
    assert bad["valid"] is False and all(bad[k] is None for k in keys)
    assert all(bad[k] == good[k] is not None for k in fixed)  # the run's options, on every record
    assert (bad["error"]["component"], bad["error"]["position"]) == ("path", 10)


def test_to_uri_and_from_uri(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run(["iri", "to-uri", "http://r\u00e9sum\u00e9.example.org"], capsys)
    assert (status, lines) == (0, ["http://r%C3%A9sum%C3%A9.example.org"])
    status, lines = run(["iri", "to-uri", "--idna", "http://r\u00e9sum\u00e9.example.org"], capsys)
    assert (status, lines) == (0, ["http://xn--rsum-bpad.example.org"])
    status, records = run_json(["iri", "to-uri", "--idna", "http://a\u00b7b.example/"], capsys)
    assert status == 1
    assert records[0]["error"]["position"] == 7 and "'a·b'" in records[0]["error"]["message"]
    status, lines = run(
        ["iri", "from-uri", "--idna", "http://xn--99zt52a.example.org/%e2%80%ae"], capsys
    )
    assert (status, lines) == (0, ["http://納豆.example.org/%E2%80%AE"])


def test_a_label_that_is_not_valid_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    bad, good = "http://www.Xn--ls8h.example/", "http://XN--99ZT52A.example/%7Eu"
    status, lines = run(["iri", "to-uri", "--idna", bad, good], capsys)
    assert status == 1 and len(lines) == 2
    kind, shown, message = lines[0].split("\t")
    assert (kind, shown) == ("error", bad)
    assert "'Xn--ls8h'" in message and message.endswith("at position 11")
    assert lines[1] == good
    status, records = run_json(["iri", "to-uri", "--idna", bad], capsys)
    error = records[0]["error"]
    assert (status, records[0]["result"]) == (1, None)
    assert (error["reason"], error["component"], error["position"]) == ("bad-value", "host", 11)
    # from-uri is ToUnicode, which never fails (RFC 3490 section 4.2): kept as written
    status, lines = run(["iri", "from-uri", "--idna", bad, good], capsys)
    assert (status, lines) == (0, [bad, "http://納豆.example/~u"])
    for command in ("to-uri", "from-uri"):
        status, lines = run(["iri", command, bad], capsys)  # without --idna labels are not read
        assert (status, lines) == (0, [bad])


def test_display(capsys: pytest.CaptureFixture[str]) -> None:
    status, records = run_json(["iri", "display", "http://xn--pple-43d.com/"], capsys)
    assert status == 0
    (record,) = records
    assert record["misleading"] is True and record["safe_text"] == "http://xn--pple-43d.com/"
    assert record["warnings"][0]["kind"] == "mixed-script"
    status, lines = run(["iri", "display", "--strict", "http://xn--pple-43d.com/"], capsys)
    assert status == 1 and lines[0].startswith("error\t")


def test_stdin_in_order_with_undecodable_bytes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = "http://例え.jp/\n\xff\nhttp://h/\u202e\nパス\n".encode().replace(b"\xc3\xbf", b"\xff")
    monkeypatch.setattr(sys, "stdin", FakeStdin(data))
    status, records = run_json(["iri", "validate"], capsys)
    assert status == 1
    assert [r["valid"] for r in records] == [True, False, False, True]
    assert records[2]["error"]["reason"] == "bad-value"
    assert records[3]["input"] == "パス"


def test_parse_iri(capsys: pytest.CaptureFixture[str]) -> None:
    status, records = run_json(["parse", "--iri", "http://例え.jp/パス?q#f"], capsys)
    assert status == 0
    assert (records[0]["host"], records[0]["path"]) == ("例え.jp", "/パス")
    status, records = run_json(["parse", "http://例え.jp/パス"], capsys)
    assert status == 1  # without --iri it is no URI
    status, records = run_json(["parse", "--iri", "--rule", "relative-ref", "http://例/"], capsys)
    assert status == 1 and records[0]["error"]["reason"] == "colon-in-first-segment"


def test_usage_errors_exit_2() -> None:
    for argv in (["iri"], ["iri", "nope"], ["iri", "validate", "--rule", "URI"]):
        proc = subprocess.run(
            [sys.executable, "-m", "urikit", *argv], capture_output=True, text=True, check=False
        )
        assert proc.returncode == 2, argv
