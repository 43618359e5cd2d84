"""The CLI says one thing one way: bytes that are not UTF-8 (docs/cli.md), booleans,
option values, help texts, ``extract --line-buffered`` and ``fetch``'s verdicts.

The network is used only through servers this module starts on 127.0.0.1; an
address such as 169.254.169.254 is refused before any connection is made.
"""

from __future__ import annotations

import http.server
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import paths
import pytest
from cli_helpers import record_lines, with_extras
from test_cli_records import SAMPLES

from urikit.cli import main

SRC = paths.IMPORT_ROOT  # the urikit under test (tests/paths.py)
URIKIT = [sys.executable, "-m", "urikit"]
TIMEOUT = 120


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SRC), env.get("PYTHONPATH")]))
    return env


def urikit(argv: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*URIKIT, *argv],
        input=stdin,
        capture_output=True,
        env=environment(),
        timeout=TIMEOUT,
        check=False,
    )


# --- bytes that are not UTF-8 -------------------------------------------------------

#: Record commands: argv reading stdin, and a line with the byte 0xff at position 9.
NOT_UTF8 = {
    "parse": (["parse"], b"http://a/\xffb"),
    "validate": (["validate"], b"http://a/\xffb"),
    "resolve": (["resolve", "http://a/b"], b"http://a/\xffb"),
    "relativize": (["relativize", "http://a/b"], b"http://a/\xffb"),
    "normalize": (["normalize"], b"http://a/\xffb"),
    "file-path": (["file-path"], b"file:///a\xffbcd"),
    "file-uri": (["file-uri"], b"/a/b/c/d/\xffb"),
    "urn parse": (["urn", "parse"], b"urn:ab:cd\xffb"),
    "urn validate": (["urn", "validate"], b"urn:ab:cd\xffb"),
    "urn resolve": (["urn", "resolve"], b"urn:ab:cd\xffb"),
    "fixup": (["fixup"], b"www.a.org\xffb"),
    "iri validate": (["iri", "validate"], b"http://a/\xffb"),
    "iri to-uri": (["iri", "to-uri"], b"http://a/\xffb"),
    "iri from-uri": (["iri", "from-uri"], b"http://a/\xffb"),
    "iri display": (["iri", "display"], b"http://a/\xffb"),
    "check": (["check"], b"http://a/\xffb"),
    "check-redirect": (["check-redirect", "--allow", "https://a"], b"http://a/\xffb"),
    "readings": (["readings", "--parsers", "rfc3986,urllib"], b"http://a/\xffb"),
    "canonical": (["canonical"], b"http://a/\xffb"),
    "surt": (["surt"], b"http://a/\xffb"),
    "domain": (["domain"], b"http://a/\xffb"),
    "template expand": (["template", "expand", "/a/{x}"], b'{"x": "ab\xff"}'),
    "template match": (["template", "match", "/a/{x}"], b"http://a/\xffb"),
}


#: A line each record command takes as valid.
SAMPLES_GOOD = {
    name: (
        "http://a/b"
        if name in ("resolve", "relativize")
        else SAMPLES[name][0][-1]
        if name != "iri from-uri"
        else "http://h/x"
    ).encode()
    for name in NOT_UTF8
}


@pytest.mark.parametrize("name", with_extras(sorted(NOT_UTF8)))
def test_a_line_not_utf8_is_an_error_record_in_its_place(name: str) -> None:
    argv, line = NOT_UTF8[name]
    assert line.index(b"\xff") == 9
    stdin = b"\n".join([SAMPLES_GOOD[name], line, SAMPLES_GOOD[name]]) + b"\n"
    # Plain text: the line written back byte for byte.
    done = urikit(argv, stdin)
    assert done.returncode == 1 and done.stderr == b""
    out = record_lines(name, done.stdout.splitlines())
    assert len(out) == 3
    assert out[1] == b"error\t" + line + b"\tthe byte 0xff at position 9 is not UTF-8"
    # JSON: U+FFFD in its place, never silently: the record carries the error.
    done = urikit([*argv, "--json"], stdin)
    assert done.returncode == 1
    records = [json.loads(x) for x in done.stdout.splitlines()]
    assert [r["valid"] for r in records] == [True, False, True]
    assert records[1]["input"] == line.decode("utf-8", "replace")
    assert "\ufffd" in records[1]["input"]
    error = records[1]["error"]
    assert (error["reason"], error["position"]) == ("not-utf8", 9)
    assert error["text"] == records[1]["input"]


def test_every_record_command_is_in_the_not_utf8_walk() -> None:
    stdin_commands = {name for name in SAMPLES if "equivalent" not in name}
    assert stdin_commands == set(NOT_UTF8)


def test_an_output_encoding_that_is_not_utf8_escapes_what_it_cannot_hold() -> None:
    env = {**environment(), "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [*URIKIT, "normalize"],
        input=b"x\xff \xc3\xa9\xf0\x9f\x98\x80\n",
        capture_output=True,
        env=env,
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 1 and done.stderr == b""
    assert (
        done.stdout == b"error\tx\xff \\xe9\\U0001f600\tthe byte 0xff at position 1 is not UTF-8\n"
    )


def test_a_pair_not_utf8_is_an_invalid_input_to_a_comparison() -> None:
    for argv in (["equivalent"], ["urn", "equivalent"]):
        done = subprocess.run(
            [*URIKIT, *argv, "urn:ab:c", "urn:ab:c\udcff"],
            capture_output=True,
            env=environment(),
            timeout=TIMEOUT,
            check=False,
        )
        assert done.returncode == 2
        assert done.stdout.startswith(b"error\turn:ab:c\turn:ab:c\xff\t")
        assert b"is not UTF-8" in done.stdout


def test_show_writes_the_line_back_and_the_error() -> None:
    done = urikit(["show"], b"http://a/\xffb\n")
    assert done.returncode == 1
    assert done.stdout == (
        b"http://a/\xffb\n  error not-utf8: the byte 0xff at position 9 is not UTF-8\n"
    )


def test_extract_finds_uris_around_the_byte_and_reports_the_line() -> None:
    text = b"see http://a/b\xffc and http://x/y\nnext http://z/\n"
    done = urikit(["extract"], text)
    assert done.returncode == 1  # a line was not UTF-8
    assert done.stdout.splitlines() == [
        b"-:1:5\thttp://a/b\tbare",
        b"-:1:15\terror: the byte 0xff at position 14 is not UTF-8",
        b"-:1:22\thttp://x/y\tbare",
        b"-:2:6\thttp://z/\tbare",
    ]
    done = urikit(["extract", "--json"], text)
    records = [json.loads(x) for x in done.stdout.splitlines()]
    bad = records[1]
    assert (bad["uri"], bad["line"], bad["column"]) == (None, 1, 15)
    assert bad["raw"] == "see http://a/b\ufffdc and http://x/y"
    assert (bad["error"]["reason"], bad["error"]["position"]) == ("not-utf8", 14)
    assert [r["uri"] for r in records] == ["http://a/b", None, "http://x/y", "http://z/"]
    # The same records line by line.
    assert urikit(["extract", "--line-buffered"], text).stdout.splitlines() == [
        b"-:1:5\thttp://a/b\tbare",
        b"-:1:15\terror: the byte 0xff at position 14 is not UTF-8",
        b"-:1:22\thttp://x/y\tbare",
        b"-:2:6\thttp://z/\tbare",
    ]


def test_extract_html_reports_the_line_too() -> None:
    done = urikit(["extract", "--html", "--json"], b'<a href="http://a/">\n<p>\xff</p>\n')
    records = [json.loads(x) for x in done.stdout.splitlines()]
    assert [(r["uri"], r["line"]) for r in records] == [("http://a/", 1), (None, 2)]
    assert records[1]["error"]["reason"] == "not-utf8"
    assert done.returncode == 1


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_extract_to_a_full_disk_names_the_output_not_the_file(tmp_path: Path) -> None:
    # Found: "urikit extract: FILE: No space left on device".
    source = tmp_path / "in.txt"
    source.write_text("see http://example.org/a\n" * 1000)
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [*URIKIT, "extract", str(source)],
            stdout=full,
            stderr=subprocess.PIPE,
            env=environment(),
            timeout=TIMEOUT,
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr == b"urikit: cannot write the output: [Errno 28] No space left on device\n"


def test_fetch_refuses_a_url_not_utf8() -> None:
    done = subprocess.run(
        [*URIKIT, "fetch", "http://a/\udcff"],
        capture_output=True,
        env=environment(),
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr == b"urikit fetch: the byte 0xff at position 9 is not UTF-8\n"


# --- booleans -----------------------------------------------------------------------


@pytest.mark.parametrize("name", with_extras(sorted(SAMPLES)))
def test_booleans_are_true_and_false(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in SAMPLES[name]:
        for extra in ([], ["--json"]):
            main([*argv, *extra])
            out = capsys.readouterr().out
            assert "True" not in out and "False" not in out


def test_booleans_in_scheme_fields_and_display(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["parse", "--scheme", "http://h:1/?q", "mailto:a@b"],
        ["iri", "display", "http://xn--80ak6aa92e.com/"],
        ["check", "--policy", "ssrf", "http://[::1]/"],
    ):
        for extra in ([], ["--json"]):
            main([*argv, *extra])
            out = capsys.readouterr().out
            assert out and "True" not in out and "False" not in out
    main(["check", "--json", "--policy", "ssrf", "http://[::1]/"])
    assert '"ok": false' in capsys.readouterr().out


# --- option values and help ---------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["fetch", "http://h/", "--timeout", "0"], "--timeout"),
        (["fetch", "http://h/", "--timeout", "-1"], "--timeout"),
        (["fetch", "http://h/", "--timeout", "nan"], "--timeout"),
        (["fetch", "http://h/", "--timeout", "inf"], "--timeout"),
        (["fetch", "http://h/", "--max-redirects", "-5"], "--max-redirects"),
        (["fetch", "http://h/", "--max-bytes", "-1"], "--max-bytes"),
        (["fetch", "http://h/", "--allow-port", "99999"], "--allow-port"),
        (["fetch", "http://h/", "--allow-port", "0"], "--allow-port"),
        (["fetch", "http://h/", "--allow-network", "10.0.0.0/99"], "--allow-network"),
        (["fetch", "http://h/", "--deny-network", "x"], "--deny-network"),
        (["urn", "resolve", "--http", "h", "--allow-network", "x", "urn:a:b"], "--allow-network"),
        (["extract", "--schemes", "ht tp"], "--schemes"),
        (["extract", "--schemes", ""], "--schemes"),
        (["extract", "--schemes", "http,1abc"], "--schemes"),
        (["linkify", "--schemes", "ht tp"], "--schemes"),
        (["linkify", "--schemes", ""], "--schemes"),
        (["linkify", "--schemes", "1abc"], "--schemes"),
    ],
)
def test_bad_option_values_name_the_option(
    argv: list[str], option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: urikit")
    assert f"argument {option}: " in err.splitlines()[-1]
    assert "allowed_networks" not in err and "Traceback" not in err


def test_resolve_usage_shows_base_as_required(capsys: pytest.CaptureFixture[str]) -> None:
    for command, rest in (("resolve", "BASE [REF ...]"), ("relativize", "BASE [TARGET ...]")):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        usage = " ".join(capsys.readouterr().out.split("\n\n")[0].split())
        assert usage.endswith(rest) and "[BASE]" not in usage


def test_extract_json_help_says_per_uri_found(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["extract", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "one JSON object per URI found" in out
    assert "per input" not in out


def _exit_status_text(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    return out[out.index("Exit status:") :].split(". ")[0]


def test_iri_help_agrees_with_each_command_on_exit_status(
    capsys: pytest.CaptureFixture[str],
) -> None:
    group = _exit_status_text(["iri"], capsys)
    assert "--strict" in group
    for command in ("validate", "to-uri", "from-uri", "display"):
        assert _exit_status_text(["iri", command], capsys) == group
    with pytest.raises(SystemExit):
        main(["iri", "--help"])
    assert "either way" not in capsys.readouterr().out


# --- extract --line-buffered --------------------------------------------------------


def test_extract_line_buffered_answers_each_line_at_once() -> None:
    # Found: it waited for a blank line (the end of the paragraph).
    proc = subprocess.Popen(
        [*URIKIT, "extract", "--line-buffered"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment(),
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for n in range(1, 4):
            proc.stdin.write(f"see http://example.org/{n} now\n".encode())
            proc.stdin.flush()
            # Read before the next line is sent: a hang here is the bug.
            assert proc.stdout.readline() == f"-:{n}:5\thttp://example.org/{n}\tbare\n".encode()
        proc.stdin.close()
        assert proc.wait(timeout=TIMEOUT) == 0
    finally:
        if proc.poll() is None:  # pragma: no cover - only when the test fails
            proc.kill()
            proc.wait()
        proc.stdout.close()
        if proc.stderr is not None:
            proc.stderr.close()


# --- fetch --------------------------------------------------------------------------

BODY = b"the body\n"
REQUESTS: list[str] = []


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        REQUESTS.append(self.path)
        self.send_response(200)
        self.send_header("Content-Length", str(len(BODY)))
        self.end_headers()
        self.wfile.write(BODY)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[int]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield httpd.server_address[1]
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_fetch_names_every_blocking_finding_and_what_allows_it(server: int) -> None:
    url = f"http://127.0.0.1:{server}/x"
    done = urikit(["fetch", url])
    assert done.returncode == 1 and done.stdout == b""
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"hop 0 {url}: blocked: private-address at 7-16: ")
    assert lines[0].endswith("(--allow-network 127.0.0.1/32 lets it through)")
    assert lines[1].startswith(f"hop 0 {url}: blocked: port-not-allowed at 17-")
    assert lines[1].endswith(f"(--allow-port {server} lets it through)")
    assert "warning" not in done.stderr.decode() and "danger" not in done.stderr.decode()
    # What the lines say lets it through does.
    done = urikit(["fetch", url, "--allow-network", "127.0.0.1/32", "--allow-port", str(server)])
    assert done.returncode == 0 and done.stdout == BODY


def test_fetch_says_why_once_when_no_finding_blocks() -> None:
    done = urikit(["fetch", "--policy", "default", "ftp://example.org/"])
    assert done.returncode == 1
    assert done.stderr == (
        b"hop 0 ftp://example.org/: blocked: the scheme 'ftp' is not http or https\n"
    )


def test_fetch_says_a_literal_address_once() -> None:
    done = urikit(["fetch", "http://169.254.169.254/latest/meta-data/"])
    assert done.returncode == 1
    (line,) = done.stderr.decode().splitlines()
    message = line.split(": blocked: ", 1)[1]
    assert message.count("169.254.169.254") == 2  # the message once, the option once
    assert "the host 169.254.169.254 is a cloud metadata address" in message


def test_fetch_checks_the_output_before_the_request(server: int, tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{server}/checked-first"
    allow = ["--allow-network", "127.0.0.1/32", "--allow-port", str(server)]
    done = urikit(["fetch", url, *allow, "-o", str(tmp_path / "no" / "such" / "dir")])
    assert done.returncode == 2
    assert done.stderr.decode().startswith("urikit fetch: cannot write ")
    assert "/checked-first" not in REQUESTS
    # A file that exists is kept as it was when the request is blocked...
    target = tmp_path / "body"
    target.write_bytes(b"old")
    assert urikit(["fetch", f"http://127.0.0.1:{server}/", "-o", str(target)]).returncode == 1
    assert target.read_bytes() == b"old"
    # ... and holds the body, only the body, when it comes.
    assert urikit(["fetch", url, *allow, "-o", str(target)]).returncode == 0
    assert target.read_bytes() == BODY
    # A file the run made is not left behind by a blocked request.
    fresh = tmp_path / "fresh"
    assert urikit(["fetch", "http://169.254.169.254/", "-o", str(fresh)]).returncode == 1
    assert not fresh.exists()
