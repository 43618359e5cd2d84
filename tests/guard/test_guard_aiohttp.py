"""urikit.guard.aiohttp_session beyond the shared table (tests/guard/test_guard.py):
the pool keeps connections alive and keys them by the checked addresses, proxies
and the options that would bypass the guard are refused, and nothing connects
for a request the session did not admit.

Every server listens on 127.0.0.1, 127.0.0.2 or ::1 (an ephemeral port), run by a
daemon thread; names are answered by an injected resolver.
"""

from __future__ import annotations

import asyncio
import http.server
import socket
import subprocess
import sys
import threading
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import pytest

from urikit.guard import Blocked, aiohttp_session
from urikit.security import Policy

aiohttp = pytest.importorskip("aiohttp")


class _KeepAlive(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        path, _, query = self.path.partition("?")
        if path == "/to":
            self.send_response(302)
            self.send_header("Location", query)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body = f"{self.server.name} {self.headers.get('Host', '')}".encode()
        if path == "/auth":
            body = repr(self.headers.get("Authorization")).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class _Server(http.server.ThreadingHTTPServer):
    """A keep-alive server that counts the connections it accepted."""

    daemon_threads = True

    def __init__(self, host: str, port: int = 0, name: str = "") -> None:
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        super().__init__((host, port), _KeepAlive)
        self.name = name or host
        self.accepted = 0
        self.port: int = self.server_address[1]
        threading.Thread(
            target=self.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()

    def get_request(self) -> tuple[socket.socket, Any]:
        self.accepted += 1
        return super().get_request()

    def close(self) -> None:
        self.shutdown()
        self.server_close()


@pytest.fixture
def server() -> Iterator[_Server]:
    srv = _Server("127.0.0.1")
    yield srv
    srv.close()


def lab(*ports: int) -> Policy:
    return Policy.ssrf(allowed_ports=ports, allowed_networks=["127.0.0.0/8", "::1/128"])


def run(main: Callable[[], Awaitable[Any]]) -> Any:
    return asyncio.run(main())  # type: ignore[arg-type]


def test_keep_alive_reuses_one_connection(server: _Server) -> None:
    async def main() -> list[bytes]:
        async with aiohttp_session(lab(server.port)) as session:
            bodies = []
            for _ in range(3):
                async with session.get(f"http://127.0.0.1:{server.port}/") as response:
                    bodies.append(await response.read())
            return bodies

    assert run(main) == [f"127.0.0.1 127.0.0.1:{server.port}".encode()] * 3
    assert server.accepted == 1


def test_a_name_resolved_elsewhere_gets_a_new_connection(server: _Server) -> None:
    """The pool key holds the checked addresses: a name that now resolves to
    another address is dialled there, not served by the pooled connection."""
    try:
        other = _Server("127.0.0.2", server.port, name="other")
    except OSError:
        pytest.skip("127.0.0.2 cannot be bound here")
    answers = iter([["127.0.0.1"], ["127.0.0.2"], ["127.0.0.2"]])

    async def main() -> list[bytes]:
        async with aiohttp_session(lab(server.port), lambda host: next(answers)) as session:
            bodies = []
            for _ in range(3):
                async with session.get(f"http://svc.test:{server.port}/") as response:
                    bodies.append(await response.read())
            return bodies

    try:
        host = f"svc.test:{server.port}"
        assert run(main) == [f"127.0.0.1 {host}".encode(), *[f"other {host}".encode()] * 2]
        assert (server.accepted, other.accepted) == (1, 1)
    finally:
        other.close()


@pytest.mark.parametrize("where", ["session", "request"])
def test_credentials_stay_with_their_origin(server: _Server, where: str) -> None:
    other = _Server("127.0.0.1")
    auth = {"Authorization": "Bearer secret"}

    async def main(to: _Server) -> bytes:
        defaults = auth if where == "session" else None
        async with aiohttp_session(lab(server.port, other.port), headers=defaults) as session:
            url = f"http://127.0.0.1:{server.port}/to?http://127.0.0.1:{to.port}/auth"
            sent = auth if where == "request" else None
            async with session.get(url, headers=sent) as response:
                return bytes(await response.read())

    try:
        assert run(lambda: main(server)) == b"'Bearer secret'"  # the same origin
        assert run(lambda: main(other)) == b"None"  # another port: not sent on
    finally:
        other.close()


def test_ipv6_loopback() -> None:
    try:
        srv = _Server("::1")
    except OSError:
        pytest.skip("no ::1 here")
    try:

        async def main() -> bytes:
            async with (
                aiohttp_session(lab(srv.port), lambda host: ["::1"]) as session,
                session.get(f"http://v6.test:{srv.port}/") as response,
            ):
                return bytes(await response.read())

        assert run(main) == f"::1 v6.test:{srv.port}".encode()
    finally:
        srv.close()


@pytest.mark.parametrize(
    "option",
    [
        {"proxy": "http://127.0.0.1:9"},
        {"trust_env": True},
        {"connector": None},
        {"request_class": object},
    ],
)
def test_options_that_bypass_the_guard_are_refused(option: dict[str, Any]) -> None:
    name = next(iter(option))
    if name == "connector":
        option = {"connector": object()}
    with pytest.raises(TypeError, match=f"does not take '{name}'"):
        aiohttp_session(**option)
    with pytest.raises(TypeError, match="may not hold 'resolver'"):
        aiohttp_session(connector_options={"resolver": object()})


def test_a_proxy_per_request_is_refused(server: _Server) -> None:
    async def main() -> None:
        async with aiohttp_session(lab(server.port)) as session:
            await session.get(f"http://127.0.0.1:{server.port}/", proxy="http://127.0.0.1:9")

    with pytest.raises(ValueError, match="never through a proxy"):
        run(main)
    assert server.accepted == 0


def test_a_middleware_that_moves_the_request_is_not_connected(server: _Server) -> None:
    """A request that is not the admitted hop (here a middleware sends it to another
    host) is refused by the connector: nothing connects."""

    async def elsewhere(req: Any, handler: Any) -> Any:
        req.url = req.url.with_host("127.0.0.2")
        return await handler(req)

    async def main() -> None:
        async with aiohttp_session(lab(server.port), middlewares=(elsewhere,)) as session:
            await session.get(f"http://127.0.0.1:{server.port}/")

    with pytest.raises(aiohttp.ClientConnectionError, match="was not admitted"):
        run(main)
    assert server.accepted == 0


def test_blocked_counts_in_the_url_as_written() -> None:
    async def main() -> None:
        async with aiohttp_session() as session:
            await session.get("  http://10.0.0.1/")

    with pytest.raises(Blocked) as info:
        run(main)
    err = info.value
    assert (err.reason, err.position, err.text[err.position :]) == (
        "private-address",
        9,
        "10.0.0.1/",
    )


def test_import_does_not_load_aiohttp() -> None:
    code = "import sys, urikit, urikit.guard; print('aiohttp' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
