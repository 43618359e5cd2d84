"""The RFC 2169 trivial HTTP resolver against hostile servers.

Every server here is a raw TCP socket on 127.0.0.1 (ephemeral port) run by a
daemon thread that serves one scripted answer per connection and stops by itself
(at the end of each test, or after ``_LIFETIME`` seconds at the latest). Nothing
else is contacted. A hostile answer must end in a ``URIError`` (reason
``"not-resolvable"``) that names the resolver, never in an answer that was not
checked, a truncated one, an ``http.client`` exception, or a hang.
"""

from __future__ import annotations

import math
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from urikit import URIError
from urikit.cli import main
from urikit.security import Policy
from urikit.urn import ResolverRegistry, TrivialHTTPResolver, resolve, resolve_all
from urikit.urn._resolvers import MAX_BODY_BYTES

Script = Callable[[socket.socket, threading.Event], None]

_LIFETIME = 30.0  # seconds a server may live, whatever happens to the test


def _read_request(conn: socket.socket) -> bytes:
    """The request head (bounded: 64 KiB at most)."""
    data = b""
    while b"\r\n\r\n" not in data and len(data) < 65536:
        chunk = conn.recv(4096)
        if not chunk:
            break
        data += chunk
    return data


class HostileServer:
    """Runs ``script(conn, stop)`` for each connection, one at a time."""

    def __init__(self, script: Script, *, read_request: bool = True) -> None:
        self._script = script
        self._read_request = read_request
        self.stop = threading.Event()
        self.requests: list[bytes] = []
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(8)
        self._listener.settimeout(0.05)
        self.port: int = self._listener.getsockname()[1]
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        end = time.monotonic() + _LIFETIME
        while not self.stop.is_set() and time.monotonic() < end:
            try:
                conn, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with conn:
                conn.settimeout(5)
                try:
                    if self._read_request:
                        self.requests.append(_read_request(conn))
                    self._script(conn, self.stop)
                except OSError:
                    pass  # the client went away: the next connection

    def close(self) -> None:
        self.stop.set()
        self._thread.join(timeout=10)
        self._listener.close()

    def resolver(self, **options: Any) -> TrivialHTTPResolver:
        options.setdefault("timeout", 5.0)
        options.setdefault("policy", local_policy(self.port))
        return TrivialHTTPResolver("127.0.0.1", port=self.port, **options)


def local_policy(port: int) -> Policy:
    """The guard's default policy, with this test's server let through."""
    return Policy.ssrf(allowed_ports=[port], allowed_networks=["127.0.0.1/32"])


@pytest.fixture
def serve() -> Iterator[Callable[..., HostileServer]]:
    servers: list[HostileServer] = []

    def start(script: Script, *, read_request: bool = True) -> HostileServer:
        server = HostileServer(script, read_request=read_request)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()


def reply(data: bytes) -> Script:
    """A script that sends ``data`` and closes the connection."""

    def script(conn: socket.socket, stop: threading.Event) -> None:
        conn.sendall(data)

    return script


def trickle(head: bytes, data: bytes, interval: float = 0.3) -> Script:
    """Sends ``head`` at once, then ``data`` a byte every ``interval`` seconds."""

    def script(conn: socket.socket, stop: threading.Event) -> None:
        conn.sendall(head)
        for byte in data:
            if stop.wait(interval):
                return
            conn.sendall(bytes([byte]))

    return script


def answer(status: str, headers: list[tuple[str, str]], body: bytes = b"") -> bytes:
    head = f"HTTP/1.1 {status}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers)
    return head.encode("latin-1") + b"\r\n" + body


def redirect(location: str, status: str = "303 See Other") -> bytes:
    return answer(status, [("Location", location), ("Content-Length", "0")])


def uri_list(body: bytes, *, length: bool = True) -> bytes:
    headers = [("Content-Type", "text/uri-list")]
    if length:
        headers.append(("Content-Length", str(len(body))))
    return answer("200 OK", headers, body)


def resolve_with(
    resolver: TrivialHTTPResolver, urn: str = "urn:example:x", service: str = "I2L"
) -> list[str]:
    return resolve_all(urn, service, registry=ResolverRegistry(fallback=resolver))


def refused(server: HostileServer, *words: str, **options: Any) -> URIError:
    """Resolve through ``server``; it must fail with a resolution error naming the
    resolver and containing each of ``words``."""
    with pytest.raises(URIError) as info:
        resolve_with(server.resolver(**options))
    err = info.value
    assert err.reason == "not-resolvable"
    message = str(err)
    assert f"resolver 127.0.0.1:{server.port}" in message
    for word in words:
        assert word in message
    return err


# --- the answer must be an absolute URI of an allowed scheme ------------------------


@pytest.mark.parametrize(
    ("location", "words"),
    [
        ("file:///etc/passwd", "scheme 'file', which is not allowed"),
        ("javascript:alert(1)", "scheme 'javascript', which is not allowed"),
        ("data:text/plain,x", "scheme 'data'"),
        ("ftp://files.example/x", "scheme 'ftp'"),
        ("junk with spaces", "not an absolute URI"),
        ("/relative/path", "not an absolute URI"),
        ("relative", "not an absolute URI"),
        ("//other.example/x", "not an absolute URI"),
        ("", "not an absolute URI"),
        ("http:no-host", "without a host"),
        ("https:///path", "without a host"),
        ("https://exa mple.org/", "invalid character ' ' in host"),
        ("\x1b[2Jhttps://example.org/", "not an absolute URI"),
    ],
)
def test_location_refused(serve: Callable[..., HostileServer], location: str, words: str) -> None:
    server = serve(reply(redirect(location)))
    err = refused(server, words, "the Location of its HTTP 303 answer")
    assert "\x1b" not in str(err)  # server text is quoted with repr, never raw


def test_location_accepted(serve: Callable[..., HostileServer]) -> None:
    server = serve(reply(redirect("HTTPS://Example.ORG/ok#x", "302 Found")))
    # the URI comes back as the server sent it (schemes compare case-insensitively)
    assert resolve_with(server.resolver()) == ["HTTPS://Example.ORG/ok#x"]
    assert server.requests[-1].startswith(b"GET /uri-res/I2L?urn:example:x HTTP/1.1\r\n")


def test_allowed_schemes_configurable(serve: Callable[..., HostileServer]) -> None:
    ftp = serve(reply(redirect("ftp://files.example/x")))
    assert resolve_with(ftp.resolver(allowed_schemes=["FTP", "http"])) == ["ftp://files.example/x"]
    https = serve(reply(redirect("https://example.org/")))
    refused(https, "scheme 'https'", "(allowed: ftp, http)", allowed_schemes=("ftp", "http"))
    # schemes other than http(s) need no host
    mailto = serve(reply(redirect("mailto:someone@example.org")))
    resolver = mailto.resolver(allowed_schemes={"mailto"})
    assert resolve_with(resolver) == ["mailto:someone@example.org"]


def test_two_locations_refused(serve: Callable[..., HostileServer]) -> None:
    data = answer(
        "301 Moved",
        [("Location", "https://a.example/"), ("Location", "https://b.example/")],
    )
    refused(serve(reply(data)), "2 Location headers")


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b"https://ok.example/1\r\nfile:///etc/passwd\r\n", "line 2 of its HTTP 200 answer"),
        (b"# list\r\nhttps://ok.example/1\r\njunk here\r\n", "line 3 of its HTTP 200 answer"),
        (b"javascript:alert(1)", "scheme 'javascript'"),
        # NEL (U+0085) is a line break for str.splitlines, not for text/uri-list
        ("https://ok.example/\x85javascript:x\r\n".encode(), "not an absolute URI"),
        (b"https://ok.example/\xff\r\n", "not UTF-8 text (byte 19 of the body)"),
        (b"# only a comment\r\n\r\n", "with no URI"),
        (b"", "with no URI"),
    ],
)
def test_body_refused(serve: Callable[..., HostileServer], body: bytes, words: str) -> None:
    refused(serve(reply(uri_list(body))), words)


def test_body_lines_accepted(serve: Callable[..., HostileServer]) -> None:
    body = b"# comment\r\n  https://a.example/1 \r\n\r\nhttps://a.example/2\n"
    server = serve(reply(uri_list(body)))
    got = resolve_with(server.resolver(), "urn:example:x", "I2Ls")
    assert got == ["https://a.example/1", "https://a.example/2"]


# --- no silent truncation -----------------------------------------------------------


def _exact(size: int) -> bytes:
    """A body of exactly ``size`` bytes that is one valid URI."""
    prefix = b"https://example.org/"
    return prefix + b"a" * (size - len(prefix))


def test_body_at_the_limit_accepted(serve: Callable[..., HostileServer]) -> None:
    body = _exact(64)
    server = serve(reply(uri_list(body, length=False)))
    assert resolve_with(server.resolver(max_body_bytes=64)) == [body.decode()]


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (uri_list(_exact(65)), "announced a body of 65 bytes, more than the limit of 64"),
        (uri_list(_exact(65), length=False), "more than the limit of 64 bytes"),
        (
            answer(
                "200 OK",
                [("Transfer-Encoding", "chunked")],
                b"41\r\n" + _exact(65) + b"\r\n0\r\n\r\n",
            ),
            "more than the limit of 64 bytes",
        ),
    ],
)
def test_body_over_the_limit(serve: Callable[..., HostileServer], data: bytes, words: str) -> None:
    refused(serve(reply(data)), words, max_body_bytes=64)


def test_default_limit_no_truncated_url(serve: Callable[..., HostileServer]) -> None:
    # a URL crossing the 1 MiB cap: cut at the cap it would name another host
    filler = b"#" + b"x" * (MAX_BODY_BYTES - 12) + b"\r\n"
    body = filler + b"https://example.org.attacker.example/\r\n"
    assert len(filler) < MAX_BODY_BYTES < len(body)
    server = serve(reply(uri_list(body, length=False)))
    refused(server, f"more than the limit of {MAX_BODY_BYTES} bytes")


def test_body_cut_short(serve: Callable[..., HostileServer]) -> None:
    data = answer("200 OK", [("Content-Length", "100")], b"https://example.org/")
    refused(serve(reply(data)), "closed the connection after 20 of the 100 bytes")


def test_chunked_body_cut_short(serve: Callable[..., HostileServer]) -> None:
    data = answer("200 OK", [("Transfer-Encoding", "chunked")], b"40\r\nhttps://exa")
    refused(serve(reply(data)), "IncompleteRead")


# --- one deadline for the whole resolution ------------------------------------------
# The issue asks for timeout=1.0 to bound the call however the server trickles; the
# bound asserted is loose (3 s) so that a slow, shared machine cannot make it fail.

_TIMEOUT = 1.0
_BOUND = 3.0


def silent(conn: socket.socket, stop: threading.Event) -> None:
    """Sends nothing and keeps the connection open."""
    stop.wait(_LIFETIME)


def endless_interim(conn: socket.socket, stop: threading.Event) -> None:
    """Interim answers as fast as the client reads them, never a final one."""
    while not stop.is_set():
        conn.sendall(b"HTTP/1.1 100 Continue\r\n\r\n" * 100)


@pytest.mark.timing
@pytest.mark.parametrize(
    "script",
    [
        trickle(b"", redirect("https://example.org/")),
        trickle(answer("200 OK", [("Content-Length", "200")]), b"https://example.org/" * 10),
        silent,
        endless_interim,
    ],
    ids=["status-line", "body", "silent", "endless-100-continue"],
)
def test_trickling_server_bounded(serve: Callable[..., HostileServer], script: Script) -> None:
    server = serve(script)
    started = time.monotonic()
    refused(server, "did not answer within the timeout of 1 s", timeout=_TIMEOUT)
    assert time.monotonic() - started < _BOUND


@pytest.mark.timing
def test_name_lookup_bounded() -> None:
    release = threading.Event()

    def hang(host: str) -> list[str]:  # a name resolver that never answers
        release.wait(_LIFETIME)
        raise socket.gaierror(socket.EAI_AGAIN, "no answer")

    started = time.monotonic()
    try:
        with pytest.raises(URIError) as info:
            resolve_with(TrivialHTTPResolver("resolver.test", timeout=_TIMEOUT, resolver=hang))
    finally:
        release.set()
    assert time.monotonic() - started < _BOUND
    assert "resolver resolver.test:80 did not answer within the timeout of 1 s" in str(info.value)


def test_name_lookup_failure() -> None:
    def unknown(host: str) -> list[str]:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    with pytest.raises(URIError) as info:
        resolve_with(TrivialHTTPResolver("resolver.test", timeout=_TIMEOUT, resolver=unknown))
    message = str(info.value)
    assert "resolver resolver.test:80 refused by the guard" in message
    assert "did not resolve" in message and "(unresolved-host)" in message


def test_name_lookup_then_connect(serve: Callable[..., HostileServer]) -> None:
    server = serve(reply(redirect("https://example.org/found")))
    asked: list[str] = []

    def lookup(host: str) -> list[str]:
        asked.append(host)
        return ["127.0.0.1"]

    resolver = TrivialHTTPResolver(
        "resolver.test",
        port=server.port,
        timeout=5,
        policy=local_policy(server.port),
        resolver=lookup,
    )
    assert resolve_with(resolver) == ["https://example.org/found"]
    assert f"Host: resolver.test:{server.port}\r\n".encode() in server.requests[-1]
    assert asked == ["resolver.test"]  # looked up once, the checked address dialled


def test_internal_resolver_refused_by_default(serve: Callable[..., HostileServer]) -> None:
    # the guard's default policy refuses a resolver on an internal address,
    # literal or resolved, before any connection is made
    server = serve(reply(redirect("https://example.org/found")))
    for resolver in (
        TrivialHTTPResolver("127.0.0.1", port=server.port, timeout=5),
        TrivialHTTPResolver(
            "resolver.test", port=server.port, timeout=5, resolver=lambda h: ["10.1.2.3"]
        ),
    ):
        with pytest.raises(URIError, match=r"refused by the guard.*private-address"):
            resolve_with(resolver)
    assert server.requests == []


@pytest.mark.timing
def test_tls_handshake_bounded(serve: Callable[..., HostileServer]) -> None:
    # a server that never completes a TLS handshake: the same deadline applies
    server = serve(trickle(b"", b"\x16\x03\x01\x00" * 20))
    started = time.monotonic()
    refused(server, "did not answer within the timeout of 1 s", scheme="https", timeout=_TIMEOUT)
    assert time.monotonic() - started < _BOUND


def test_tls_to_a_plain_server(serve: Callable[..., HostileServer]) -> None:
    def plain(conn: socket.socket, stop: threading.Event) -> None:
        conn.recv(4096)  # the TLS ClientHello, answered in plain HTTP
        conn.sendall(redirect("https://example.org/"))
        while conn.recv(4096):  # until the client gives up
            pass

    server = serve(plain, read_request=False)
    refused(server, "failed: SSLError", scheme="https")


# --- every http.client failure is a resolution error --------------------------------


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"HTTP/1.1 abc\r\n\r\n", "BadStatusLine"),
        (b"garbage\r\n\r\n", "BadStatusLine"),
        (b"\x1b[2J\x07\r\n\r\n", "BadStatusLine"),
        (b"", "RemoteDisconnected"),
        (b"HTTP/1.1 200 OK" + b"A" * 70000 + b"\r\n\r\n", "LineTooLong"),
        (b"HTTP/1.1 200 OK\r\nX-Long: " + b"a" * 70000 + b"\r\n\r\n", "LineTooLong"),
        (
            b"HTTP/1.1 200 OK\r\n" + b"".join(b"X-%d: 1\r\n" % k for k in range(120)) + b"\r\n",
            "got more than 100 headers",
        ),
        (
            answer("200 OK", [("Transfer-Encoding", "chunked")], b"zz\r\nhttps://x\r\n"),
            "IncompleteRead",
        ),
    ],
    ids=[
        "bad-status",
        "not-http",
        "control-chars",
        "closed",
        "long-status",
        "long-header",
        "many-headers",
        "bad-chunk",
    ],
)
def test_http_client_failures(serve: Callable[..., HostileServer], data: bytes, words: str) -> None:
    err = refused(serve(reply(data)), "failed: ", words)
    assert "\x1b" not in str(err) and "\x07" not in str(err)


def test_other_status(serve: Callable[..., HostileServer]) -> None:
    refused(serve(reply(answer("500 Oops", [("Content-Length", "0")]))), "answered HTTP 500")
    refused(serve(reply(answer("302 Found", [("Content-Length", "0")]))), "answered HTTP 302")


# --- configuration: ports, host, scheme, timeout, limits ----------------------------


@pytest.mark.parametrize(
    ("port", "shown"),
    [
        (0, "0"),
        (-1, "-1"),
        (65536, "65536"),
        (70000, "70000"),
        (10**5000, "a 16610-bit number"),
        (-(10**5000), "a 16610-bit number"),
    ],
    ids=["0", "-1", "65536", "70000", "huge", "-huge"],
)
def test_port_out_of_range(port: int, shown: str) -> None:
    with pytest.raises(URIError) as info:
        TrivialHTTPResolver("127.0.0.1", port=port)
    assert str(info.value) == f"invalid resolver port: {shown} is outside 1-65535 at position 0"


@pytest.mark.parametrize("port", [1, 80, 65535])
def test_port_in_range(port: int) -> None:
    assert TrivialHTTPResolver("127.0.0.1", port=port).port == port


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"port": "80"}, "argument 'port' must be int or None, not str"),
        ({"port": 80.0}, "argument 'port' must be int or None, not float"),
        ({"port": True}, "argument 'port' must be int or None, not bool"),
        ({"timeout": "1"}, "argument 'timeout' must be float, not str"),
        ({"timeout": False}, "argument 'timeout' must be float, not bool"),
        ({"scheme": b"http"}, "argument 'scheme' must be str, not bytes"),
        ({"allowed_schemes": "http"}, "argument 'allowed_schemes' must be a collection of str"),
        ({"allowed_schemes": [b"http"]}, "argument 'allowed_schemes' must be a collection of str"),
        ({"max_body_bytes": 1.5}, "argument 'max_body_bytes' must be int, not float"),
    ],
)
def test_option_types(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(TypeError) as info:
        TrivialHTTPResolver("h", **kwargs)
    assert str(info.value).startswith("TrivialHTTPResolver() " + message)


@pytest.mark.parametrize("host", [None, b"h", 1])
def test_host_type(host: Any) -> None:
    with pytest.raises(TypeError) as info:
        TrivialHTTPResolver(host)
    expected = f"TrivialHTTPResolver() argument 'host' must be str, not {type(host).__name__}"
    assert str(info.value) == expected


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"timeout": 0}, "resolver timeout"),
        ({"timeout": -1.0}, "resolver timeout"),
        ({"timeout": math.nan}, "resolver timeout"),
        ({"timeout": math.inf}, "resolver timeout"),
        ({"timeout": 10**400}, "a 1329-bit number is not more than 0"),
        ({"timeout": -(10**5000)}, "a 16610-bit number is not more than 0"),
        ({"scheme": "ftp"}, "'ftp' is neither 'http' nor 'https'"),
        ({"allowed_schemes": ["ht tp"]}, "invalid character ' ' in allowed scheme at position 2"),
        ({"allowed_schemes": []}, "no scheme given"),
        ({"max_body_bytes": 0}, "at least 1 byte"),
    ],
)
def test_option_values(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(URIError) as info:
        TrivialHTTPResolver("h", **kwargs)
    assert words in str(info.value)


@pytest.mark.parametrize(
    ("host", "words"),
    [
        ("", "empty resolver host at position 0"),
        ("a b", "invalid character ' ' in resolver host at position 1"),
        ("h:80", "invalid character ':' in resolver host at position 1"),
        ("::1", "write an IPv6 address in brackets: [::1]"),
        ("[::1", "missing ']'"),
        ("[v1.x]", "IPvFuture"),
    ],
)
def test_bad_host(host: str, words: str) -> None:
    with pytest.raises(URIError) as info:
        TrivialHTTPResolver(host)
    assert words in str(info.value)


def test_configuration_read_only() -> None:
    resolver = TrivialHTTPResolver("[::1]", port=8080, scheme="HTTPS", timeout=2)
    assert (resolver.host, resolver.port, resolver.scheme, resolver.timeout) == (
        "[::1]",
        8080,
        "https",
        2.0,
    )
    assert resolver.allowed_schemes == frozenset({"http", "https"})
    assert resolver.max_body_bytes == MAX_BODY_BYTES == 1 << 20
    assert TrivialHTTPResolver("h", scheme="https").address == "h:443"
    with pytest.raises(AttributeError):
        setattr(resolver, "port", 70000)  # noqa: B010 - the point is that it fails
    assert "port=8080" in repr(resolver)


# --- HOST[:PORT] specs (the CLI's --http) -------------------------------------------


@pytest.mark.parametrize(
    ("spec", "host", "port"),
    [
        ("h", "h", None),
        ("resolver.example:8080", "resolver.example", 8080),
        ("127.0.0.1:1", "127.0.0.1", 1),
        ("h:65535", "h", 65535),
        ("h:0080", "h", 80),
        ("[::1]", "[::1]", None),
        ("[::1]:53", "[::1]", 53),
        ("[2001:db8::7]:8080", "[2001:db8::7]", 8080),
    ],
)
def test_from_spec(spec: str, host: str, port: int | None) -> None:
    resolver = TrivialHTTPResolver.from_spec(spec, timeout=3, scheme="https")
    assert (resolver.host, resolver.port, resolver.timeout, resolver.scheme) == (
        host,
        port,
        3.0,
        "https",
    )


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "invalid resolver: empty (expected HOST, HOST:PORT or [IPv6]:PORT) at position 0"),
        ("h:xx", "invalid character 'x' in resolver port at position 2"),
        ("h:99999", "invalid resolver port: '99999' is outside 1-65535 at position 2"),
        ("h:0", "invalid resolver port: '0' is outside 1-65535 at position 2"),
        ("h:-1", "invalid character '-' in resolver port at position 2"),
        ("h:1:2", "invalid character ':' in resolver port at position 3"),
        ("h:\uff18\uff10", "invalid character '\uff18' in resolver port at position 2"),
        ("h:", "empty resolver port at position 2"),
        (":80", "empty resolver host at position 0"),
        ("[::1", "missing ']' to close the IP literal in resolver host at position 4"),
        ("[::1]x", "invalid character 'x' after IP literal at position 5"),
        ("[::1]:", "empty resolver port at position 6"),
        ("[::g]:80", "invalid IPv6 address in resolver host"),
        ("[v1.x]:80", "IPvFuture"),
        ("::1", "invalid resolver host: write an IPv6 address in brackets: [::1] at position 0"),
        ("a b:80", "invalid character ' ' in resolver host at position 1"),
        ("http://h:80", "invalid resolver: expected HOST, HOST:PORT or [IPv6]:PORT, not a URL"),
        ("u@h:80", "HOST:PORT or [IPv6]:PORT, without a user at position 1"),
        ("h:80/x", "HOST:PORT or [IPv6]:PORT, without a path at position 4"),
        ("h?x", "without a path at position 1"),
        ("[::1]#x", "without a path at position 5"),
        ("h:8:", "invalid character ':' in resolver port at position 3"),
    ],
)
def test_from_spec_errors(spec: str, message: str) -> None:
    with pytest.raises(URIError) as info:
        TrivialHTTPResolver.from_spec(spec)
    assert message in str(info.value)
    assert info.value.text == spec


def test_from_spec_reads_what_urikit_parse_reads() -> None:
    # The spec is read as the authority of "//" + spec by urikit.parse: the host
    # and port are the parsed reference's, percent-encoded host included.
    import urikit

    for spec in ("h", "h:8080", "[::1]:53", "127.0.0.1:1", "h%41.example:81", "[v1.x]"):
        if spec == "[v1.x]":
            with pytest.raises(URIError, match="IPvFuture"):
                TrivialHTTPResolver.from_spec(spec)
            continue
        ref = urikit.parse("//" + spec)
        resolver = TrivialHTTPResolver.from_spec(spec)
        assert resolver.host == ref.host
        assert resolver.port == (int(ref.port) if ref.port else None)


def test_address_uses_the_registry_default_port() -> None:
    from urikit.core._schemeinfo import DEFAULT_REGISTRY

    resolver = TrivialHTTPResolver.from_spec("h", scheme="https")
    assert resolver.address == "h:443"
    DEFAULT_REGISTRY.set_default_port("https", 8443)
    try:
        assert resolver.address == "h:8443"
    finally:
        DEFAULT_REGISTRY.set_default_port("https", 443)
    assert resolver.address == "h:443"


def test_from_spec_long_port() -> None:
    # thousands of digits: refused without Python's int-digit limit (a bare ValueError)
    with pytest.raises(URIError, match="outside 1-65535 at position 2"):
        TrivialHTTPResolver.from_spec("h:" + "9" * 5000)
    assert TrivialHTTPResolver.from_spec("h:" + "0" * 5000 + "8").port == 8


def test_from_spec_type() -> None:
    with pytest.raises(TypeError) as info:
        TrivialHTTPResolver.from_spec(None)  # type: ignore[arg-type]
    assert str(info.value) == (
        "TrivialHTTPResolver.from_spec() argument 'spec' must be str, not NoneType"
    )


# --- no int() of unbounded input digits in the URN package ---------


def test_long_ietf_numbers() -> None:
    digits = "1" * 5000  # beyond Python's default int-digit limit (4300)
    assert resolve("urn:ietf:rfc:" + digits) == "https://www.rfc-editor.org/rfc/rfc" + digits
    assert resolve("urn:ietf:std:" + "0" * 5000 + "42") == "https://www.rfc-editor.org/info/std42"
    assert resolve("urn:ietf:bcp:000") == "https://www.rfc-editor.org/info/bcp0"


def test_long_ietf_number_cli(capsys: pytest.CaptureFixture[str]) -> None:
    # the CLI goes on to the next line instead of stopping with a traceback
    status = main(["urn", "resolve", "urn:ietf:rfc:" + "1" * 5000, "urn:ietf:rfc:2141"])
    out = capsys.readouterr().out.splitlines()
    assert status == 0
    assert out == [
        "https://www.rfc-editor.org/rfc/rfc" + "1" * 5000,
        "https://www.rfc-editor.org/rfc/rfc2141",
    ]


# --- the network modules load on first use -------------------------


@pytest.mark.parametrize(
    "modules",
    [
        "urikit.urn._resolvers",  # this module on its own (its network code is in urikit.guard)
        "urikit, urikit.urn",  # the package as a whole
    ],
)
def test_no_network_modules_on_import(modules: str) -> None:
    code = (
        f"import sys, {modules}\n"
        "network = ('http.client', 'ssl', 'urikit.guard', 'urikit.guard._wire')\n"
        "loaded = [m for m in network if m in sys.modules]\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_cli_allow_network(
    serve: Callable[..., HostileServer], capsys: pytest.CaptureFixture[str]
) -> None:
    # the CLI's --http resolver goes through the guard; --allow-network lets
    # a resolver on an internal address be reached
    server = serve(reply(redirect("https://example.org/found")))
    spec = f"127.0.0.1:{server.port}"
    assert main(["urn", "resolve", "--http", spec, "urn:example:x"]) == 1
    assert "refused by the guard" in capsys.readouterr().out
    assert server.requests == []
    allow = ["--allow-network", "127.0.0.1/32"]
    assert main(["urn", "resolve", "--http", spec, *allow, "urn:example:x"]) == 0
    assert "https://example.org/found" in capsys.readouterr().out
    # a bad network is a usage error of argparse's (exit 2), naming the option as written
    with pytest.raises(SystemExit) as exited:
        main(["urn", "resolve", "--http", spec, "--allow-network", "1.2.3.4/99", "x"])
    assert exited.value.code == 2
    assert "--allow-network" in capsys.readouterr().err
