"""The scheme commands of the CLI: parse --scheme, file-path, file-uri."""

from __future__ import annotations

import json

import pytest

from urikit.cli import main


def test_parse_scheme_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "--scheme", "--json", "ftp://h/pub/f.txt;type=a"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["scheme_fields"]["name"] == "f.txt"
    assert record["scheme_fields"]["type_meaning"] == "ascii"
    assert record["scheme_fields"]["user"] == "anonymous"


def test_parse_scheme_error_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "--scheme", "--json", "http:/x", "telnet://h/"]) == 1
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[0]["valid"] is False and lines[0]["error"]["component"] == "authority"
    assert lines[1]["valid"] is True and lines[1]["scheme_fields"]["effective_port"] == 23
    assert lines[1]["scheme_fields"]["port"] is None  # as written: none


def test_parse_scheme_error_gives_the_position_in_the_input(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A field that does not decode: the position of its "%FF" in the line given,
    with that line as the error's text, not an index inside the field."""
    uris = ["mailto:a@x?subject=%20%FF", "ftp://u:p%FF@h/", "gopher://h/1s%09%FF"]
    assert main(["parse", "--scheme", "--json", *uris]) == 1
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [(r["error"]["component"], r["error"]["position"]) for r in lines] == [
        ("hfields", uris[0].index("%FF")),
        ("userinfo", uris[1].index("%FF")),
        ("path", uris[2].index("%FF")),
    ]
    assert [r["error"]["text"] for r in lines] == uris


def test_parse_without_scheme_flag_has_null_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "--json", "http:/x"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["scheme_fields"] is None and record["view"] is None


@pytest.mark.parametrize("uri", ["urn:isbn:0451450523", "tel:+1-201-555-0123", "data:,A%20b"])
def test_parse_scheme_without_a_typed_view_falls_back(
    uri: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Found: "no handler for the scheme 'urn'", exit 1, for valid URIs.
    assert main(["parse", "--scheme", "--json", uri]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["valid"] is True and record["view"] is None and record["scheme_fields"] is None
    assert record["scheme"] == uri.split(":")[0]
    assert main(["parse", "--scheme", uri]) == 0
    assert capsys.readouterr().out.startswith(f"ok\t{uri}\turi ")


def test_parse_scheme_names_the_view(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "--scheme", "--json", "FTP://h/x"]) == 0
    assert json.loads(capsys.readouterr().out)["view"] == "ftp"


def test_file_path_and_uri(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["file-path", "file:///tmp/a%20b", "file://h/x"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "/tmp/a b" and out[1].startswith("error\tfile://h/x\t")
    assert main(["file-path", "--flavour", "windows", "file://h/share/x"]) == 0
    # a backslash is doubled, as in every field the commands print (--json: as is)
    assert capsys.readouterr().out == "\\\\\\\\h\\\\share\\\\x\n"
    assert main(["file-uri", "--json", "--flavour", "windows", "C:\\a b\\c"]) == 0
    assert json.loads(capsys.readouterr().out)["result"] == "file:///C:/a%20b/c"
    assert main(["file-uri", "relative"]) == 1
