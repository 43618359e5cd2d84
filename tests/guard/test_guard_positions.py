"""Every ``Blocked`` the guard raises counts its positions in the text that was
written: the caller's URL (before surrounding whitespace is stripped, before an
IRI becomes its URI, RFC 3987 section 3.1), or, for a redirect, the
``Location`` as the server sent it; ``err.text[err.position]`` is the offending
character and ``err.text[start:end]`` of each of ``err.spans`` what the finding
is about. Where the refused part is not in the ``Location`` (resolution, RFC
3986 section 5.2, took it from the hop's URL or rewrote it), the text is the URL
as checked. ``urikit fetch`` prints those spans.

Names are answered by an injected resolver; the one server listens on
127.0.0.1 (an ephemeral port)."""

from __future__ import annotations

import contextlib
import http.server
import io
import threading
import urllib.parse
from collections.abc import Iterator

import pytest

from urikit.guard import Blocked, urlopen
from urikit.guard._gate import admit
from urikit.security import Policy

#: The default policy without the WHATWG comparison (whose findings come only
#: with the [whatwg] extra: test_whatwg_findings_are_placed_too has them).
SSRF = Policy.ssrf().replace(whatwg=False)
#: A policy that lets an IRI through as the URI it maps to.
IRIS = SSRF.replace(one_reading=False)
PUBLIC = ["93.184.215.14"]  # never dialled: admit() only checks

# (url, policy, the resolver's answer, reason, what err.text[err.position:] starts
# with, what each blocking finding's span holds in err.text)
TABLE: list[tuple[str, Policy, list[str], str, str, list[str]]] = [
    ("  http://127.0.0.1/", SSRF, PUBLIC, "private-address", "127.0.0.1/", ["127.0.0.1"]),
    ("\thttp://10.0.0.1:8080/", SSRF, PUBLIC, "private-address", "10.0.0.1:", ["10.0.0.1", "8080"]),
    ("\n\r http://[::1]/", SSRF, PUBLIC, "private-address", "[::1]", ["[::1]"]),
    (" ftp://h.test/", SSRF, PUBLIC, "scheme-not-allowed", "ftp:", ["ftp"]),
    (" http://u:pw@h.test/", SSRF, PUBLIC, "userinfo-not-allowed", "u:pw@", ["u:pw"]),
    (" http://h.test:99999/", SSRF, PUBLIC, "port-not-allowed", "99999/", ["99999"]),
    (" http://h.test:" + "9" * 30 + "/", SSRF, PUBLIC, "port-not-allowed", "999", ["9" * 30]),
    ("\x00http:///p", SSRF, PUBLIC, "missing-host", "/p", [""]),
    ("  http://h.test/", SSRF, [], "unresolved-host", "h.test/", ["h.test"]),
    ("  http://h.test/", SSRF, ["10.9.8.7"], "private-address", "h.test/", ["h.test"]),
    # the guard's own refusals (no finding): where they point
    ("  http://h.test/", SSRF, ["not an address"], "blocked", "h.test/", []),
    (
        "  http://h.test:0/",
        SSRF.replace(allowed_ports=None),
        PUBLIC,
        "blocked",
        "0/",
        [],
    ),
    ("  mailto:a@h.test", Policy(whatwg=False), PUBLIC, "blocked", "mailto:", []),
    ("  http:/p", Policy(whatwg=False), PUBLIC, "blocked", "/p", []),
    # not a URI once whitespace is stripped: the position is the offending character
    # of the stripped text; the report is the check of the URL as given, whose
    # finding is its first character RFC 3986 refuses (the leading space)
    (" http://h.test/a b", SSRF, PUBLIC, "invalid-syntax", " b", [" "]),
    (" \thttp://h.test/\u00e9", SSRF, PUBLIC, "invalid-syntax", "\u00e9", [" "]),
    # an IRI checked as its URI (A-labels, %XX octets): placed back in the IRI
    ("http://b\u00fccher.example:99999/", IRIS, PUBLIC, "port-not-allowed", "99999/", ["99999"]),
    (
        " http://b\u00fccher.example/\u00e9/%2e%2e/x",
        IRIS,
        PUBLIC,
        "encoded-dot-segment",
        "%2e%2e/x",
        ["%2e%2e"],
    ),
    (
        "http://\u00e9.example/\u00e4?x=\u00fc#%2F",
        IRIS,
        ["10.0.0.1"],
        "private-address",
        "\u00e9.example/",
        ["\u00e9.example"],
    ),
    (
        "http://u:\u00e9@\u00e9.example/",
        IRIS,
        PUBLIC,
        "userinfo-not-allowed",
        "u:\u00e9@",
        ["u:\u00e9"],
    ),
    (
        "http://\u00e9.example/\u00e9\u00e9:99999",  # a path, not a port
        IRIS,
        ["127.0.0.1"],
        "private-address",
        "\u00e9.example",
        ["\u00e9.example"],
    ),
    # nothing stripped: the positions were right already, and stay so
    ("http://10.0.0.1/ \t", SSRF, PUBLIC, "private-address", "10.0.0.1/", ["10.0.0.1"]),
]


@pytest.mark.parametrize(("url", "policy", "answer", "reason", "at", "spans"), TABLE)
def test_positions_count_in_the_url_as_written(
    url: str, policy: Policy, answer: list[str], reason: str, at: str, spans: list[str]
) -> None:
    with pytest.raises(Blocked) as info:
        admit(url, policy=policy, resolver=lambda host: answer, hop=0)
    err = info.value
    assert (err.reason, err.text, err.url) == (reason, url, url), str(err)
    assert err.text[err.position :].startswith(at), (err.position, str(err))
    assert [err.text[a:b] for a, b in err.spans] == spans
    assert len(err.spans) == len(err.report.blocking)
    # the report's own spans count in the URL as checked
    for finding in err.report.blocking:
        assert 0 <= finding.start <= finding.end <= len(err.report.text)


@pytest.mark.parametrize(
    ("url", "policy", "spans"),
    [
        (" http://h.test:99999/", SSRF, ["http://h.test:99999/", "99999"]),
        ("  http:/p", SSRF, ["", "http:/p", "/p"]),
        (
            "\thttp://b\u00fccher.example/\u00e9/%2e%2e/x",
            IRIS,
            ["/\u00e9/%2e%2e/x", "%2e%2e"],
        ),
    ],
)
def test_whatwg_findings_are_placed_too(url: str, policy: Policy, spans: list[str]) -> None:
    pytest.importorskip("ada_url")
    with pytest.raises(Blocked) as info:
        admit(url, policy=policy.replace(whatwg=True), resolver=lambda host: PUBLIC, hop=0)
    err = info.value
    assert err.text == url
    assert [err.text[a:b] for a, b in err.spans] == spans, str(err)
    assert err.position == err.spans[0][0]


@pytest.mark.parametrize(
    "url", [" http://h.test/a b", "\t http://h.test/x|y", " http://h.test/?q=\u00e9"]
)
def test_the_message_names_the_position_it_has(url: str) -> None:
    with pytest.raises(Blocked) as info:
        admit(url, policy=SSRF, resolver=lambda host: PUBLIC, hop=0)
    err = info.value
    assert str(err).endswith(f" at position {err.position}"), str(err)
    assert err.text[err.position] in " |\u00e9"


def test_a_redirect_hop_counts_in_the_location() -> None:
    """admit() of a redirect target is given the Location it came from."""
    target = "http://10.0.0.1/a"
    cases = {
        "http://10.0.0.1/a ": 7,  # the header's trailing space
        "//10.0.0.1/a": 2,
    }
    for location, position in cases.items():
        with pytest.raises(Blocked) as info:
            admit(target, policy=SSRF, resolver=None, hop=1, written=location)
        err = info.value
        assert (err.text, err.url, err.position) == (location, target, position)
        assert [err.text[a:b] for a, b in err.spans] == ["10.0.0.1"]


def test_a_part_the_location_does_not_hold_counts_in_the_checked_url() -> None:
    target = "http://10.0.0.1/a"
    with pytest.raises(Blocked) as info:
        admit(target, policy=SSRF, resolver=None, hop=1, written="/a")
    err = info.value
    assert (err.text, err.position, err.spans) == (target, 7, ((7, 15),))


# --- through urlopen and a redirecting server on 127.0.0.1 ----------------------------


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        location = urllib.parse.unquote(self.path.partition("?")[2])
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def lab(port: int) -> Policy:
    return Policy.ssrf(allowed_ports=[port], allowed_networks=["127.0.0.1/32"])


# (Location, what err.text is: "location" or "checked", what the position points at)
REDIRECTS = [
    ("http://10.0.0.1/ok", "location", "10.0.0.1"),
    ("http://127.0.0.1:{port}/x/%2e%2e/y", "location", "%2e%2e"),
    ("//10.0.0.1/ok", "location", "10.0.0.1"),
    ("/x/%2e%2e/y", "location", "%2e%2e"),
    ("/x/%2E%2e/y ", "location", "%2E%2e"),
    ("?q=%2e%2e/x#%0d", "location", "%0d"),
    # dot segments removed (RFC 3986 5.2.4): the path checked is not the one sent
    ("/a/../%2e%2e/b", "checked", "%2e%2e"),
    # no URI reference: the Location's own character
    ("/x y", "location", " "),
    ("http://h.test/a|b", "location", "|"),
]


@pytest.mark.parametrize(("location", "text", "at"), REDIRECTS)
def test_urlopen_redirect_positions(port: int, location: str, text: str, at: str) -> None:
    location = location.format(port=port)
    start = f"http://127.0.0.1:{port}/redirect?{urllib.parse.quote(location)}"
    policy = lab(port).replace(block_codes={"encoded-control"})
    with pytest.raises(Blocked) as info:
        urlopen(start, policy=policy, resolver=lambda host: PUBLIC, max_redirects=1)
    err = info.value
    assert err.hop == 1, str(err)
    sent = location.lstrip(" \t")
    assert err.text == (sent if text == "location" else err.url), (err.text, str(err))
    assert err.text[err.position :].startswith(at), (err.position, str(err))
    for a, b in err.spans:
        assert err.text[a:b] != ""
    if err.spans:
        assert err.spans[0][0] == err.position


@pytest.mark.parametrize("location", ["/again", "//127.0.0.1:{port}/again", "?again"])
def test_too_many_redirects_counts_in_the_location(port: int, location: str) -> None:
    from urikit import URIError

    location = location.format(port=port)
    start = f"http://127.0.0.1:{port}/redirect?{urllib.parse.quote(location)}"
    with pytest.raises(URIError) as info:
        urlopen(start, policy=lab(port), max_redirects=0)
    err = info.value
    assert (err.reason, err.text, err.position) == ("too-many-redirects", location, 0), str(err)


# --- urikit fetch -------------------------------------------------------------------


def _fetch(*argv: str) -> tuple[int, str]:
    from urikit.cli import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main(["fetch", *argv])
    return status, err.getvalue()


def test_cli_fetch_spans_and_hints_count_in_the_url_given(port: int) -> None:
    url = f" http://127.0.0.1:{port}/"
    status, said = _fetch("--allow-network", "127.0.0.1/32", url)
    assert status == 1
    start = url.index(str(port))
    assert (
        f"port-not-allowed at {start}-{start + len(str(port))}: port {port} is not allowed"
        f" (--allow-port {port} lets it through)"
    ) in said
    status, said = _fetch("\t http://127.0.0.1/")
    assert status == 1
    assert (
        "private-address at 9-18: the host 127.0.0.1 is a loopback address"
        " (--allow-network 127.0.0.1/32 lets it through)"
    ) in said


def test_cli_fetch_names_the_location_its_spans_count_in(port: int) -> None:
    start = f"http://127.0.0.1:{port}/redirect?{urllib.parse.quote('//10.0.0.1/ok')}"
    status, said = _fetch("--allow-network", "127.0.0.1/32", "--allow-port", str(port), start)
    assert status == 1
    assert (
        "hop 1 http://10.0.0.1/ok: blocked: private-address at 2-10 of '//10.0.0.1/ok':"
    ) in said


# --- httpx and requests: the URL as the client sends it -------------------------------


def _httpx_get(url: str, policy: Policy) -> None:
    httpx = pytest.importorskip("httpx")
    from urikit.guard import HTTPTransport

    transport = HTTPTransport(policy=policy, resolver=lambda host: PUBLIC, max_redirects=1)
    with httpx.Client(transport=transport, follow_redirects=True, trust_env=False) as client:
        client.get(url)


def _requests_get(url: str, policy: Policy) -> None:
    pytest.importorskip("requests")
    from urikit.guard import session

    session(policy=policy, resolver=lambda host: PUBLIC, max_redirects=1).get(url)


@pytest.mark.parametrize("get", [_httpx_get, _requests_get], ids=["httpx", "requests"])
@pytest.mark.parametrize(
    ("location", "at"),
    # (not %2e: requests decodes it, as RFC 3986 6.2.2.2 lets it)
    [("//10.0.0.1/ok", "10.0.0.1"), ("/x/?q=%0d", "%0d"), ("?q=%0d", "%0d")],
)
def test_client_redirects_count_in_the_url_the_client_sends(
    port: int, get: object, location: str, at: str
) -> None:
    """httpx and requests resolve the Location themselves and hand the transport
    the URL they will send: the positions count in it (``err.text == err.url``)."""
    start = f"http://127.0.0.1:{port}/redirect?{urllib.parse.quote(location)}"
    policy = lab(port).replace(block_codes={"encoded-control"})
    with pytest.raises(Blocked) as info:
        get(start, policy)  # type: ignore[operator]
    err = info.value
    assert err.hop == 1 and err.text == err.url, str(err)
    assert err.text[err.position :].startswith(at), (err.position, str(err))
