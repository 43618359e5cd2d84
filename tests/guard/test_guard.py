"""urikit.guard: every hop checked, each host resolved once, the checked
address dialled; the same table for urlopen, the httpx transports (sync and async)
the requests session and the aiohttp session.

Every server here listens on 127.0.0.1 or ::1 (an ephemeral port), run by a daemon
thread; names are answered by an injected resolver, never by DNS. Addresses
outside 127.0.0.0/8 and ::1 appear only as answers that must be refused before
any connection is made.
"""

from __future__ import annotations

import asyncio
import http.server
import socket
import ssl
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, cast

import pytest

from urikit import URIError
from urikit.guard import Blocked, FetchError, urlopen
from urikit.security import Policy

_LIFETIME = 30.0


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _send(self, status: int, body: bytes, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        self.server.seen.append((self.path, self.headers.get("Host", "")))
        path, _, query = self.path.partition("?")
        query = urllib.parse.unquote(query)
        if path == "/ok":
            self._send(200, b"ok " + self.headers.get("Host", "").encode())
        elif path == "/redirect":
            self._send(302, b"", {"Location": query})
        elif path == "/loop":
            self._send(302, b"", {"Location": "/loop"})
        elif path.startswith("/rewrite/"):
            self._rewrite(path)
        elif path == "/big":
            self._send(200, b"x" * 5000)
        elif path == "/trickle":
            self.send_response(200)
            self.send_header("Content-Length", "100")
            self.end_headers()
            for _ in range(100):
                if self.server.stop.wait(0.2):
                    return
                self.wfile.write(b"x")
                self.wfile.flush()
        else:
            self._send(404, b"")

    def _rewrite(self, path: str) -> None:
        """``/rewrite/<tail>/<ms>/...``: after ``ms`` milliseconds, a redirect to this
        path with ``tail`` added, sent raw ("e" is a raw UTF-8 e-acute, "p" a "|"):
        characters a URI may not hold, which the client percent-encodes."""
        _, _, tail, delay, _ = path.split("/", 4)
        if self.server.stop.wait(int(delay) / 1000):
            return
        raw = (path + {"e": "\u00e9", "p": "|"}[tail]).encode("utf-8")
        # send_header writes latin-1: these are the UTF-8 bytes, unescaped
        self._send(302, b"", {"Location": raw.decode("latin-1")})


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, host: str, context: ssl.SSLContext | None = None) -> None:
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        super().__init__((host, 0), _Handler)
        if context is not None:
            self.socket = context.wrap_socket(self.socket, server_side=True)
        self.seen: list[tuple[str, str]] = []
        self.stop = threading.Event()
        self.port: int = self.server_address[1]
        threading.Thread(
            target=self.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()
        threading.Timer(_LIFETIME, self.shutdown).start()

    def close(self) -> None:
        self.stop.set()
        self.shutdown()
        self.server_close()


_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex


def _loopback_only(address: Any) -> None:
    host = address[0] if isinstance(address, tuple) else address
    import ipaddress

    if not ipaddress.ip_address(str(host).split("%", 1)[0]).is_loopback:
        raise AssertionError(f"a test tried to connect to {address!r}, outside 127.0.0.0/8 and ::1")


@pytest.fixture(autouse=True)
def only_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every connection a test in this module makes (any client, sync or async) goes
    to 127.0.0.0/8 or ::1; any other address fails the test."""

    def connect(self: socket.socket, address: Any) -> None:
        _loopback_only(address)
        _real_connect(self, address)

    def connect_ex(self: socket.socket, address: Any) -> int:
        _loopback_only(address)
        return _real_connect_ex(self, address)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)


def test_the_loopback_fence_can_fail() -> None:
    with socket.socket() as s, pytest.raises(AssertionError, match="outside 127"):
        s.connect(("192.0.2.1", 9))


@pytest.fixture
def server() -> Iterator[_Server]:
    srv = _Server("127.0.0.1")
    yield srv
    srv.close()


def lab(*ports: int, **changes: Any) -> Policy:
    """The default policy (Policy.ssrf) with this machine's 127.0.0.1 let through."""
    return Policy.ssrf(allowed_ports=ports, allowed_networks=["127.0.0.1/32", "::1/128"]).replace(
        **changes
    )


@dataclass
class Fetched:
    status: int
    body: bytes
    url: str


Fetch = Callable[..., Fetched]


def _urlopen(url: str, **options: Any) -> Fetched:
    response = urlopen(url, **options)
    return Fetched(response.status, response.read(), response.url)


def _httpx(url: str, **options: Any) -> Fetched:
    httpx = pytest.importorskip("httpx")
    from urikit.guard import HTTPTransport

    verify = options.pop("context", True)
    transport = HTTPTransport(verify=verify, **options)
    with httpx.Client(transport=transport, follow_redirects=True, trust_env=False) as client:
        response = client.get(url)
        return Fetched(response.status_code, response.content, str(response.url))


def _httpx_async(url: str, **options: Any) -> Fetched:
    httpx = pytest.importorskip("httpx")
    from urikit.guard import AsyncHTTPTransport

    verify = options.pop("context", True)

    async def run() -> Fetched:
        transport = AsyncHTTPTransport(verify=verify, **options)
        async with httpx.AsyncClient(
            transport=transport, follow_redirects=True, trust_env=False
        ) as client:
            response = await client.get(url)
            return Fetched(response.status_code, response.content, str(response.url))

    return asyncio.run(run())


def _requests(url: str, **options: Any) -> Fetched:
    pytest.importorskip("requests")
    from urikit.guard import session

    context = options.pop("context", None)
    s = session(**options)
    verify: Any = True if context is None else options_ca.get(id(context), True)
    response = s.get(url, verify=verify)
    return Fetched(response.status_code, response.content, response.url)


def _aiohttp(url: str, **options: Any) -> Fetched:
    pytest.importorskip("aiohttp")
    from urikit.guard import aiohttp_session

    context = options.pop("context", None)
    connector = {} if context is None else {"ssl": context}

    async def run() -> Fetched:
        async with (
            aiohttp_session(connector_options=connector, **options) as session,
            session.get(url) as response,
        ):
            return Fetched(response.status, await response.read(), str(response.url))

    return asyncio.run(run())


#: CA bundle files of the TLS contexts made by the tls fixture (requests takes a path).
options_ca: dict[int, str] = {}

CLIENTS: dict[str, Fetch] = {
    "urlopen": _urlopen,
    "httpx": _httpx,
    "httpx-async": _httpx_async,
    "requests": _requests,
    "aiohttp": _aiohttp,
}


@pytest.fixture(params=sorted(CLIENTS))
def fetch(request: pytest.FixtureRequest) -> Fetch:
    return CLIENTS[request.param]


# --- the table ----------------------------------------------------------------------


def test_plain_fetch_allowed_network(fetch: Fetch, server: _Server) -> None:
    got = fetch(f"http://127.0.0.1:{server.port}/ok", policy=lab(server.port))
    assert (got.status, got.body) == (200, f"ok 127.0.0.1:{server.port}".encode())


def test_default_policy_refuses_loopback(fetch: Fetch, server: _Server) -> None:
    with pytest.raises(Blocked) as info:
        fetch(f"http://127.0.0.1:{server.port}/ok")
    assert info.value.hop == 0 and server.seen == []
    assert {f.code for f in info.value.report.blocking} >= {"private-address"}


@pytest.mark.parametrize(
    ("location", "code"),
    [
        ("http://127.0.0.2:{port}/ok", "private-address"),
        ("file:///etc/passwd", "scheme-not-allowed"),
        ("http://0x7f.0.0.2:{port}/ok", "rare-ip-form"),
        ("http://2130706434:{port}/ok", "rare-ip-form"),
        ("http://[::ffff:127.0.0.2]:{port}/ok", "private-address"),
    ],
)
def test_redirect_refused(fetch: Fetch, server: _Server, location: str, code: str) -> None:
    target = location.format(port=server.port)
    with pytest.raises(Blocked) as info:
        fetch(
            f"http://127.0.0.1:{server.port}/redirect?{urllib.parse.quote(target)}",
            policy=lab(server.port),
        )
    err = info.value
    # hop 1 also where the client rewrote the target (httpx sends "file:///etc/passwd"
    # as "file://127.0.0.1/etc/passwd", with the host of the redirecting URL)
    assert err.hop == 1 and err.reason == code, (err.hop, str(err))
    assert [path for path, _ in server.seen] == [f"/redirect?{urllib.parse.quote(target)}"]


def test_redirect_followed(fetch: Fetch, server: _Server) -> None:
    start = f"http://127.0.0.1:{server.port}/redirect?/ok"
    got = fetch(start, policy=lab(server.port))
    assert got.status == 200 and got.url == f"http://127.0.0.1:{server.port}/ok"


def test_redirect_loop(fetch: Fetch, server: _Server) -> None:
    with pytest.raises(URIError) as info:
        fetch(f"http://127.0.0.1:{server.port}/loop", policy=lab(server.port), max_redirects=3)
    assert info.value.reason == "too-many-redirects"
    assert len(server.seen) == 4  # the request and three redirects, then no more


def test_dns_rebinding(fetch: Fetch, server: _Server) -> None:
    asked: list[str] = []

    def rebinding(host: str) -> list[str]:
        asked.append(host)
        return ["127.0.0.1"] if len(asked) == 1 else ["10.0.0.1"]

    got = fetch(f"http://svc.test:{server.port}/ok", policy=lab(server.port), resolver=rebinding)
    assert got.body == f"ok svc.test:{server.port}".encode()  # Host is the name
    assert asked == ["svc.test"]  # once for the one hop: the checked answer was dialled


def test_one_allowed_one_denied_address(fetch: Fetch, server: _Server) -> None:
    with pytest.raises(Blocked) as info:
        fetch(
            f"http://svc.test:{server.port}/ok",
            policy=lab(server.port),
            resolver=lambda host: ["127.0.0.1", "10.0.0.1"],
        )
    assert info.value.reason == "private-address" and server.seen == []


def test_denied_network(fetch: Fetch, server: _Server) -> None:
    policy = lab(server.port).replace(denied_networks=["127.0.0.1/32"])
    with pytest.raises(Blocked) as info:
        fetch(f"http://127.0.0.1:{server.port}/ok", policy=policy)
    assert info.value.reason == "denied-network" and server.seen == []


def test_ipv6_literal(fetch: Fetch) -> None:
    srv = _Server("::1")
    try:
        url = f"http://[::1]:{srv.port}/ok"
        with pytest.raises(Blocked):
            fetch(url, policy=lab(srv.port).replace(allowed_networks=["127.0.0.1/32"]))
        got = fetch(url, policy=lab(srv.port))
        assert got.body == f"ok [::1]:{srv.port}".encode()
    finally:
        srv.close()


def test_ipv4_mapped_ipv6(fetch: Fetch, server: _Server) -> None:
    url = f"http://[::ffff:127.0.0.1]:{server.port}/ok"
    with pytest.raises(Blocked) as info:
        fetch(url, policy=Policy.ssrf(allowed_ports=[server.port]))
    assert info.value.reason == "private-address"
    with pytest.raises(Blocked):
        fetch(f"http://[::ffff:127.0.0.2]:{server.port}/ok", policy=lab(server.port))
    assert server.seen == []


@pytest.mark.timing
def test_trickling_server_whole_request_timeout(fetch: Fetch, server: _Server) -> None:
    started = time.monotonic()
    with pytest.raises(FetchError) as info:
        fetch(f"http://127.0.0.1:{server.port}/trickle", policy=lab(server.port), timeout=1.0)
    elapsed = time.monotonic() - started
    assert info.value.timed_out and elapsed < 4.0, elapsed  # 100 bytes would take 20 s


def test_oversized_body(fetch: Fetch, server: _Server) -> None:
    with pytest.raises(FetchError, match="more than the limit of 1000 bytes"):
        fetch(f"http://127.0.0.1:{server.port}/big", policy=lab(server.port), max_bytes=1000)
    got = fetch(f"http://127.0.0.1:{server.port}/big", policy=lab(server.port), max_bytes=5000)
    assert len(got.body) == 5000


def test_whatwg_host_reading_refused(fetch: Fetch, server: _Server) -> None:
    pytest.importorskip("ada_url")
    # "%31%32%37.0.0.2" is a reg-name to RFC 3986, 127.0.0.2 to the WHATWG reading: refused
    # (urlopen: the readings differ; a client that decodes it first asks for 127.0.0.2)
    with pytest.raises(Blocked):
        fetch(
            f"http://%31%32%37.0.0.2:{server.port}/ok",
            policy=lab(server.port),
            resolver=lambda host: ["127.0.0.1"],
        )
    assert server.seen == []


# --- the bounds hold however the client rewrites a redirect ----------------------------

#: The clients that follow redirects themselves, with the raw Location characters
#: they percent-encode: httpx a UTF-8 one, requests that and "|".
REWRITING = [
    pytest.param("httpx", "e", "%C3%A9", id="httpx-utf8"),
    pytest.param("httpx-async", "e", "%C3%A9", id="httpx-async-utf8"),
    pytest.param("requests", "e", "%C3%A9", id="requests-utf8"),
    pytest.param("requests", "p", "%7C", id="requests-pipe"),
]


@pytest.mark.parametrize(("client", "tail", "encoded"), REWRITING)
def test_max_redirects_when_the_client_rewrites(
    server: _Server, client: str, tail: str, encoded: str
) -> None:
    url = f"http://127.0.0.1:{server.port}/rewrite/{tail}/0/"
    with pytest.raises(URIError) as info:
        CLIENTS[client](url, policy=lab(server.port), max_redirects=3)
    assert info.value.reason == "too-many-redirects", str(info.value)
    paths = [path for path, _ in server.seen]
    assert len(paths) == 4  # the request and three redirects, then no more
    assert paths[-1].endswith(encoded * 3)  # what the client sent is not the Location


@pytest.mark.timing
@pytest.mark.parametrize(("client", "tail", "encoded"), REWRITING)
def test_timeout_bounds_a_rewritten_chain(
    server: _Server, client: str, tail: str, encoded: str
) -> None:
    # a server that redirects forever, 0.2 s a hop: only the timeout can end it
    url = f"http://127.0.0.1:{server.port}/rewrite/{tail}/200/"
    started = time.monotonic()
    with pytest.raises(FetchError) as info:
        CLIENTS[client](url, policy=lab(server.port), max_redirects=100, timeout=1.0)
    elapsed = time.monotonic() - started
    assert info.value.timed_out and elapsed < 2.5, (elapsed, str(info.value))
    paths = [path for path, _ in server.seen]
    assert 2 <= len(paths) <= 7 and encoded in paths[-1], paths


def test_httpx_next_request_by_hand(server: _Server) -> None:
    """A redirect followed by hand (``response.next_request``) is the next hop; the
    redirected request sent again is a new request."""
    httpx = pytest.importorskip("httpx")
    from urikit.guard import HTTPTransport

    transport = HTTPTransport(policy=lab(server.port), max_redirects=1)
    with httpx.Client(transport=transport, trust_env=False) as client:
        first = client.build_request("GET", f"http://127.0.0.1:{server.port}/rewrite/e/0/")
        for _ in range(3):
            answer = client.send(first)
            assert answer.status_code == 302
        second = client.send(answer.next_request)  # hop 1
        assert second.status_code == 302 and second.next_request is not None
        with pytest.raises(URIError) as info:
            client.send(second.next_request)  # hop 2
    assert info.value.reason == "too-many-redirects"
    assert len(server.seen) == 4


def test_requests_next_request_by_hand(server: _Server) -> None:
    pytest.importorskip("requests")
    from urikit.guard import session

    s = session(lab(server.port), max_redirects=1)
    url = f"http://127.0.0.1:{server.port}/rewrite/p/0/"
    first = s.get(url, allow_redirects=False)
    for _ in range(2):
        again = s.send(first.request, allow_redirects=False)
        assert again.status_code == 302
    assert first.next is not None
    second = s.send(first.next, allow_redirects=False)  # hop 1
    assert second.status_code == 302 and second.next is not None
    with pytest.raises(URIError) as info:
        s.send(second.next, allow_redirects=False)  # hop 2
    assert info.value.reason == "too-many-redirects"
    assert len(server.seen) == 4


# --- the requests session takes no proxy, and says so ----------------------------------

_PROXY = {"http": "http://user:secret@127.0.0.1:9", "https": "http://127.0.0.1:9"}


def test_session_refuses_proxies_argument() -> None:
    pytest.importorskip("requests")
    from urikit.guard import session

    with pytest.raises(
        ValueError, match=r"session\(\) does not take proxies \(for 'http', 'https'\)"
    ) as info:
        session(proxies=_PROXY)
    assert "secret" not in str(info.value)  # a proxy URL's password is not repeated
    # naming no proxy is not ignoring one
    assert session(proxies={}).proxies == {}
    assert session(proxies={"http": None}).proxies == {}


@pytest.mark.parametrize("path", ["request", "attribute", "send", "environment"])
def test_session_refuses_proxies_per_request(
    server: _Server, path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    requests = pytest.importorskip("requests")
    from urikit.guard import session

    s = session(lab(server.port))
    url = f"http://127.0.0.1:{server.port}/redirect?/ok"
    assert s.get(url).content == f"ok 127.0.0.1:{server.port}".encode()
    with pytest.raises(
        ValueError, match=r"refusing the proxies \(for 'http'.*never through a proxy"
    ):
        if path == "request":
            s.get(url, proxies=_PROXY)
        elif path == "attribute":
            s.proxies = dict(_PROXY)
            s.get(url)
        elif path == "send":
            s.send(requests.Request("GET", url).prepare(), proxies=_PROXY)
        else:
            monkeypatch.setenv("HTTP_PROXY", _PROXY["http"])
            s.trust_env = True
            s.get(url)
    assert len(server.seen) == 2  # the two hops before; nothing after


# --- TLS: the name, not the address, is verified --------------------------------------


@pytest.fixture
def tls(tmp_path: Any) -> Iterator[tuple[_Server, ssl.SSLContext]]:
    trustme = pytest.importorskip("trustme")
    ca = trustme.CA()
    cert = ca.issue_cert("guard.test")
    server_context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    cert.configure_cert(server_context)
    client_context = ssl.create_default_context()
    ca.configure_trust(client_context)
    bundle = tmp_path / "ca.pem"
    ca.cert_pem.write_to_path(str(bundle))
    options_ca[id(client_context)] = str(bundle)
    srv = _Server("127.0.0.1", server_context)
    yield srv, client_context
    srv.close()
    options_ca.pop(id(client_context), None)


def test_tls_verifies_the_name(fetch: Fetch, tls: tuple[_Server, ssl.SSLContext]) -> None:
    srv, context = tls
    policy = lab(srv.port)
    got = fetch(
        f"https://guard.test:{srv.port}/ok",
        policy=policy,
        resolver=lambda host: ["127.0.0.1"],
        context=context,
    )
    assert got.body == f"ok guard.test:{srv.port}".encode()
    # the same address under another name: the certificate does not match it
    with pytest.raises(Exception) as info:
        fetch(
            f"https://other.test:{srv.port}/ok",
            policy=policy,
            resolver=lambda host: ["127.0.0.1"],
            context=context,
        )
    assert not isinstance(info.value, Blocked)
    assert "certificate" in str(info.value).lower() or "hostname" in str(info.value).lower()


# --- urlopen only -----------------------------------------------------------------------


def test_urlopen_history_and_address(server: _Server) -> None:
    response = urlopen(
        f"http://svc.test:{server.port}/redirect?/ok",
        policy=lab(server.port),
        resolver=lambda host: ["127.0.0.1"],
    )
    assert [h.status for h in response.history] == [302]
    assert response.history[0].url == f"http://svc.test:{server.port}/redirect?/ok"
    assert response.address == "127.0.0.1" and response.report.ok
    assert response.headers["Content-Length"] == str(len(response.read()))


def test_urlopen_not_following(server: _Server) -> None:
    response = urlopen(
        f"http://127.0.0.1:{server.port}/loop", policy=lab(server.port), follow_redirects=False
    )
    assert response.status == 302 and response.headers["Location"] == "/loop"


@pytest.mark.parametrize(
    ("url", "why"),
    [
        (" http://h.test/a b", "not a URI by RFC 3986"),
        ("http://h.test/\u00e9", "not a URI by RFC 3986"),
    ],
)
def test_urlopen_one_reading(url: str, why: str) -> None:
    with pytest.raises(Blocked, match=why):
        urlopen(url, resolver=lambda host: ["192.0.2.1"])


def test_the_default_port_is_the_policys_registrys(server: _Server) -> None:
    """The port dialled for a URL without one, and whether ``Host`` names it, come
    from the scheme registry the policy carries (the registry's one table)."""
    from urikit.schemes import SchemeHandler, SchemeRegistry

    registry = SchemeRegistry((SchemeHandler("http", server.port, http_like=True),))
    response = urlopen("http://127.0.0.1/ok", policy=lab(registry=registry))
    assert response.read() == b"ok 127.0.0.1"  # dialled server.port, not named in Host
    assert server.seen == [("/ok", "127.0.0.1")]
    with pytest.raises(Blocked, match="the scheme 'https' has no default port"):
        urlopen("https://127.0.0.1/ok", policy=lab(registry=registry))


def test_blocked_messages_quote_the_url_one_way() -> None:
    from urikit.core._errors import quoted

    url = "http://10.0.0.1/" + "x" * 300
    with pytest.raises(Blocked) as info:
        urlopen(url)
    assert str(info.value).startswith(f"blocked the request to {quoted(url)}: ")
    assert "(first 200 of 316 characters)" in str(info.value)


def test_urlopen_arguments() -> None:
    with pytest.raises(TypeError, match="argument 'url' must be str"):
        urlopen(b"http://x/")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="'policy' must be Policy or None"):
        urlopen("http://x/", policy="ssrf")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="timeout must be more than 0"):
        urlopen("http://x/", timeout=0)


def _guarded_client(name: str) -> Callable[..., object]:
    """A maker of guarded client ``name`` that takes the shared settings as keywords."""
    if name == "urlopen":
        return lambda **settings: urlopen("http://192.0.2.1/", **settings)
    if name == "aiohttp_session":
        pytest.importorskip("aiohttp")
        import urikit.guard

        return cast(Callable[..., object], urikit.guard.aiohttp_session)
    if name in ("HTTPTransport", "AsyncHTTPTransport"):
        pytest.importorskip("httpx")
        import urikit.guard

        return cast(Callable[..., object], getattr(urikit.guard, name))
    pytest.importorskip("requests")
    from urikit.guard import _requests

    return cast(Callable[..., object], getattr(_requests, name))


#: Bad values of the settings every guarded client takes, and what is said of them.
BAD_SETTINGS: list[tuple[dict[str, object], type[Exception], str]] = [
    ({"policy": "ssrf"}, TypeError, "argument 'policy' must be Policy or None, not str"),
    (
        {"resolver": ["10.0.0.1"]},
        TypeError,
        "argument 'resolver' must be callable or None, not list",
    ),
    ({"timeout": "10"}, TypeError, "argument 'timeout' must be float, not str"),
    ({"timeout": True}, TypeError, "argument 'timeout' must be float, not bool"),
    ({"timeout": 0}, ValueError, "timeout must be more than 0, not 0"),
    ({"timeout": float("nan")}, ValueError, "timeout must be more than 0, not nan"),
    ({"max_redirects": 1.5}, TypeError, "argument 'max_redirects' must be int, not float"),
    ({"max_redirects": -1}, ValueError, "max_redirects must be 0 or more, not -1"),
    ({"max_bytes": None}, TypeError, "argument 'max_bytes' must be int, not NoneType"),
    ({"max_bytes": -1}, ValueError, "max_bytes must be 0 or more, not -1"),
]


@pytest.mark.parametrize(
    "client",
    [
        "urlopen",
        "HTTPTransport",
        "AsyncHTTPTransport",
        "session",
        "GuardedAdapter",
        "aiohttp_session",
    ],
)
@pytest.mark.parametrize(("bad", "error", "message"), BAD_SETTINGS)
def test_every_client_refuses_the_same_settings(
    client: str, bad: dict[str, object], error: type[Exception], message: str
) -> None:
    """One checker for every client: the same bad value, the same words, naming
    the client and the argument (nothing is sent: urlopen's URL is never dialled)."""
    make = _guarded_client(client)
    with pytest.raises(error) as info:
        make(**bad)
    assert str(info.value) == f"{client}() {message}"


def test_policy_networks() -> None:
    from urikit.security import check

    policy = Policy.ssrf(allowed_networks=["127.0.0.1/32"])
    assert check("http://127.0.0.1/", policy=policy).ok
    assert not check("http://127.0.0.2/", policy=policy).ok
    assert not check("http://[::1]/", policy=policy).ok
    import ipaddress

    policy = Policy(denied_networks=[ipaddress.ip_network("2001:db8::/32")])
    assert [f.code for f in check("http://[2001:db8::1]/", policy=policy).findings] == [
        "denied-network"
    ]
    with pytest.raises(URIError, match="not a network"):
        Policy(allowed_networks=["10.0.0.0/33"])
    with pytest.raises(TypeError):
        Policy(denied_networks="10.0.0.0/8")  # a str is not a collection of networks


# --- urikit fetch ----------------------------------------------------------------------


def _cli(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "urikit", "fetch", *args], capture_output=True, timeout=60
    )


def test_cli_fetch(server: _Server, tmp_path: Any) -> None:
    url = f"http://127.0.0.1:{server.port}/redirect?/ok"
    allow = ["--allow-network", "127.0.0.1/32", "--allow-port", str(server.port)]
    done = _cli(url, *allow)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"ok 127.0.0.1:{server.port}".encode()
    lines = done.stderr.decode().splitlines()
    assert [line.split(": pass")[0] for line in lines] == [
        f"hop 0 {url}",
        f"hop 1 http://127.0.0.1:{server.port}/ok",
    ]
    out = tmp_path / "body"
    assert _cli(url, *allow, "-o", str(out)).returncode == 0
    assert out.read_bytes() == f"ok 127.0.0.1:{server.port}".encode()
    # blocked: exit 1, the blocking finding on stderr, nothing on stdout
    blocked = _cli(url, *allow, "--deny-network", "127.0.0.0/8")
    assert blocked.returncode == 1 and blocked.stdout == b""
    assert b"hop 0" in blocked.stderr and b"denied-network" in blocked.stderr
    assert _cli(url).returncode == 1  # the ssrf policy refuses 127.0.0.1
    # trouble: exit 2 (a bad option value, no one listening)
    assert _cli(url, "--allow-network", "10.0.0.0/33").returncode == 2
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    refused = _cli(
        f"http://127.0.0.1:{closed}/",
        "--allow-network",
        "127.0.0.1/32",
        "--allow-port",
        str(closed),
    )
    assert refused.returncode == 2 and b"Connection" in refused.stderr
