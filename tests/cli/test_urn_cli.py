"""``urikit urn ...``: one record per input, exit codes 0 / 1 / 2."""

from __future__ import annotations

import io
import json
import sys

import pytest
from cli_helpers import run

from urikit.cli import main


def test_equivalent_issue_examples(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(["urn", "equivalent", "URN:foo:a123,456", "urn:FOO:a123%2c456"], capsys)
    assert (status, out) == (1, ["not equivalent\tURN:foo:a123,456\turn:FOO:a123%2c456"])
    status, out = run(["urn", "equivalent", "URN:foo:a123%2C456", "urn:FOO:a123%2c456"], capsys)
    assert (status, out) == (0, ["equivalent\tURN:foo:a123%2C456\turn:FOO:a123%2c456"])


def test_equivalent_modes_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    a, b = "urn:foo:a123,456", "urn:foo:a123,456?x=y"
    assert run(["urn", "equivalent", a, b], capsys)[0] == 0
    assert run(["urn", "equivalent", "--mode", "resolution", a, b], capsys)[0] == 1
    isbn = ["urn:isbn:0395363411", "urn:isbn:978-0-395-36341-6"]
    assert run(["urn", "equivalent", *isbn], capsys)[0] == 1
    status, out = run(["urn", "equivalent", "--namespace-rules", "--json", *isbn], capsys)
    assert status == 0
    record = json.loads(out[0])
    assert record["equivalent"] is True and record["input"] == isbn
    # Found: exit 1 both for "not equivalent" and for an invalid URN.
    status, out = run(["urn", "equivalent", "--json", "urn:a:b", "urn:ab:c"], capsys)
    assert status == 2
    record = json.loads(out[0])
    assert record["error"]["component"] == "nid" and record["input"] == ["urn:a:b", "urn:ab:c"]


def test_parse_records(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(["urn", "parse", "URN:ISBN:0-395-36341-1?s=I2L#x", "urn:a_b:c"], capsys)
    assert status == 1
    assert len(out) == 2
    assert out[0].startswith("ok\tURN:ISBN:0-395-36341-1?s=I2L#x\t")
    assert 'nid="ISBN"' in out[0] and 'directives=[["s", "I2L"]]' in out[0]
    assert out[1].startswith("error\turn:a_b:c\t")
    status, out = run(["urn", "parse", "--json", "urn:urn-7:x?+r"], capsys)
    record = json.loads(out[0])
    assert status == 0
    assert (record["namespace_kind"], record["r_component"]) == ("informal", "r")


def test_validate_syntax_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["urn", "validate", "urn:foo:a?x=y"], capsys) == (0, ["valid\turn:foo:a?x=y"])
    status, out = run(["urn", "validate", "--syntax", "rfc8141", "urn:foo:a?x=y"], capsys)
    assert status == 1 and out[0].startswith("error\t")
    assert run(["urn", "validate", "urn:isbn:0-395-36341-2"], capsys)[0] == 0
    status, out = run(["urn", "validate", "--namespace-rules", "urn:isbn:0-395-36341-2"], capsys)
    assert status == 1 and "check digit" in out[0]


@pytest.mark.parametrize(
    ("text", "component"),
    [("urn:ab:b?+x", "r-component"), ("urn:ab:b?=x", "q-component"), ("urn:ab:b?x", "query")],
)
def test_assigned_name_error_names_the_component(
    text: str, component: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Found: the NSS was blamed; the fault is in the component the "?" starts.
    status, out = run(["urn", "validate", "--syntax", "assigned-name", "--json", text], capsys)
    assert status == 1
    error = json.loads(out[0])["error"]
    assert (error["component"], error["position"]) == (component, 8)
    status, out = run(["urn", "validate", "--syntax", "assigned-name", text], capsys)
    assert out[0].startswith(f"error\t{text}\tinvalid {component} at position 8")


def test_stdin_one_per_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = b"urn:ietf:rfc:2141\nnot a urn\r\nurn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    status, out = run(["urn", "resolve", "--json"], capsys)
    assert status == 1
    records = [json.loads(line) for line in out]
    assert [r["input"] for r in records] == [
        "urn:ietf:rfc:2141",
        "not a urn",
        "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
    ]
    assert records[0]["result"] == ["https://www.rfc-editor.org/rfc/rfc2141"]
    assert records[1]["valid"] is False and records[2]["valid"] is False
    assert records[2]["error"]["reason"] == "not-resolvable"


def test_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["urn"]) == 2
    with pytest.raises(SystemExit) as info:
        main(["urn", "equivalent", "urn:ab:c"])
    assert info.value.code == 2


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        # Found: a ValueError traceback, accepted, "resolver [: failed", ignored.
        ("h:xx", "invalid character 'x' in resolver port at position 2"),
        ("h:99999", "'99999' is outside 1-65535"),
        ("[::1", "missing ']'"),
        ("", "empty (expected HOST, HOST:PORT or [IPv6]:PORT)"),
        ("h:", "empty resolver port"),
        ("u@h", "without a user at position 1"),
        (":80", "empty resolver host"),
    ],
)
def test_http_option_is_validated(
    value: str, problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["urn", "resolve", "--http", value, "urn:ietf:rfc:8141"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "argument --http" in err and problem in err


def test_http_option_accepts_host_and_port() -> None:
    from urikit.cli._urn import http_resolver

    assert (http_resolver("127.0.0.1:8080").host, http_resolver("127.0.0.1:8080").port) == (
        "127.0.0.1",
        8080,
    )
    assert http_resolver("[::1]").address == "[::1]:80"
    assert http_resolver("Resolver.Example:1").address == "Resolver.Example:1"


def test_service_choices(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["urn", "resolve", "--service", "X2Y", "urn:ietf:rfc:8141"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "--service" in err and "I2L" in err
