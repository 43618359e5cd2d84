#!/usr/bin/env python3
"""Benchmark the guarded HTTP clients of urikit.guard against the same clients unguarded.

Run from the repository root::

    python bench/bench_guard.py                  # 500 GETs a client, 3 rounds
    python bench/bench_guard.py --requests 200 --rounds 5
    python bench/bench_guard.py --check          # exit 1 when a target is missed

The clients run in this process against two servers a child process starts on
127.0.0.1 (in a process of their own, so that they do not share the clients'
interpreter lock): plain HTTP/1.1 and HTTPS with a certificate made by
``trustme``, both keeping connections alive. Each contestant sends ``--requests`` sequential
GETs per round, taking turns every 50 requests (the order rotated each turn).
Reported per request: the best turn and the median turn (wall clock), and the
median CPU time of this process (the clients' own work, which the machine's
other load moves less). The targets are checked on the best turns, the
measure least moved by other load on a shared machine. The servers count the connections
they accept: over HTTPS each connection is one TLS handshake.

Contestants: ``httpx.Client`` with keep-alive, the same with
``urikit.guard.HTTPTransport``; ``requests.Session``, ``urikit.guard.session()``;
``urikit.guard.urlopen`` (one connection per call); and, where installed,
``requests-hardened`` and ``advocate``. advocate needs urllib3 below 2, which
the guard's environment does not hold: ``--peer-python`` names the interpreter
of a virtual environment with advocate installed, whose clients (advocate and
plain requests there) run in a process of that interpreter, in the same turns.
The guarded clients are also timed with a host name answered by an injected
resolver (asked once per request).

Targets, within one run:

* a guarded client with keep-alive takes at most 1.2 times as long per request
  as the same client unguarded, over plain HTTP;
* over HTTPS, 100 requests to one host through a guarded client make one TLS
  handshake.

The machine's other load moves every number; only ratios within a run mean
anything. No test asserts on speed.
"""

from __future__ import annotations

import argparse
import http.server
import ipaddress
import json
import socket
import ssl
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: (guarded, unguarded) -> the largest acceptable "guarded time / unguarded time".
TARGETS: dict[tuple[str, str], float] = {
    ("httpx + guard", "httpx"): 1.2,
    ("requests + guard", "requests"): 1.2,
}
#: The guarded clients that must make one TLS handshake for 100 requests to one host.
ONE_HANDSHAKE = ("httpx + guard", "requests + guard")


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    wbufsize = 65536
    server: _Server

    def setup(self) -> None:
        super().setup()
        with self.server.lock:
            self.server.connections += 1

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        body = b"ok"
        if self.path.startswith("/count?"):  # the connections a server accepted
            body = str(_SERVERS[self.path.partition("?")[2]].connections).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


#: The servers of the serving process, by scheme.
_SERVERS: dict[str, _Server] = {}


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self, context: ssl.SSLContext | None = None) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        if context is not None:
            self.socket = context.wrap_socket(self.socket, server_side=True)
        self.lock = threading.Lock()
        self.connections = 0
        self.port: int = self.server_address[1]
        threading.Thread(target=self.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.shutdown()
        self.server_close()


Get = Callable[[str], bytes]


def contestants(port: int, ca_file: str | None) -> dict[str, tuple[Get, Callable[[], None]]]:
    """Name -> (get, close) for every client that is installed."""
    import httpx
    import requests

    from urikit.guard import HTTPTransport, session, urlopen
    from urikit.security import Policy

    policy = Policy.ssrf(allowed_ports=[port], allowed_networks=["127.0.0.1/32"])

    def resolver(host: str) -> list[str]:
        return ["127.0.0.1"]

    verify: Any = ca_file if ca_file is not None else True
    context = ssl.create_default_context(cafile=ca_file) if ca_file else None
    out: dict[str, tuple[Get, Callable[[], None]]] = {}

    def add_httpx(name: str, transport: Any) -> None:
        client = httpx.Client(transport=transport, trust_env=False)
        out[name] = (lambda url: client.get(url).content, client.close)

    def add_requests(name: str, s: Any) -> None:
        s.trust_env = False
        out[name] = (lambda url: s.get(url, verify=verify).content, s.close)

    add_httpx("httpx", httpx.HTTPTransport(verify=context or True))
    add_httpx("httpx + guard", HTTPTransport(policy=policy, verify=context or True))
    add_httpx(
        "httpx + guard (name)",
        HTTPTransport(policy=policy, resolver=resolver, verify=context or True),
    )
    plain = requests.Session()
    plain.trust_env = False
    add_requests("requests", plain)
    add_requests("requests + guard", session(policy))
    add_requests("requests + guard (name)", session(policy, resolver))
    out["urlopen (guard)"] = (
        lambda url: urlopen(url, policy=policy, context=context).read(),
        lambda: None,
    )
    import importlib

    try:
        hardened: Any = importlib.import_module("requests_hardened")
    except ImportError:
        pass
    else:
        config = hardened.Config(
            ip_filter_enable=True,
            ip_filter_allow_loopback_ips=True,
            never_redirect=False,
            default_timeout=(10, 10),
        )
        add_requests("requests-hardened", hardened.Manager(config).get_session())
    try:
        advocate: Any = importlib.import_module("advocate")
    except ImportError:
        pass
    else:
        validator = advocate.AddrValidator(
            ip_whitelist={ipaddress.ip_network("127.0.0.1/32")}, port_whitelist={port}
        )
        add_requests("advocate", advocate.Session(validator=validator))
    return out


def peer_contestants(port: int, ca_file: str | None) -> dict[str, tuple[Get, Callable[[], None]]]:
    """The clients that need libraries urikit's environment cannot hold (advocate
    requires urllib3 below 2): advocate and plain requests, as installed in the
    interpreter this runs in (``--peer-python``)."""
    import importlib.metadata

    import advocate  # type: ignore[import-not-found, unused-ignore]
    import requests

    verify: Any = ca_file if ca_file is not None else True
    out: dict[str, tuple[Get, Callable[[], None]]] = {}
    tag = f"urllib3 {importlib.metadata.version('urllib3')}"
    validator = advocate.AddrValidator(
        ip_whitelist={ipaddress.ip_network("127.0.0.1/32")}, port_whitelist={port}
    )
    sessions: dict[str, Any] = {
        f"requests ({tag})": requests.Session(),
        f"advocate ({tag})": advocate.Session(validator=validator),
    }
    for name, session in sessions.items():
        session.trust_env = False

        def get(url: str, session: Any = session) -> bytes:
            content: bytes = session.get(url, verify=verify).content
            return content

        out[name] = (get, session.close)
    return out


def serve_peers(port: int, ca_file: str) -> None:
    """The peer-client process: for each line "name<TAB>count<TAB>url" on stdin, ``count``
    GETs by that client; prints the wall and CPU seconds they took."""
    clients = peer_contestants(port, ca_file or None)
    print(json.dumps(list(clients)), flush=True)
    for line in sys.stdin:
        name, count, url = line.rstrip("\n").split("\t")
        get, _ = clients[name]
        started, cpu = time.perf_counter(), time.process_time()
        for _ in range(int(count)):
            get(url)
        print(time.perf_counter() - started, time.process_time() - cpu, flush=True)


class _PeerProcess:
    """The clients of ``serve_peers``, run in another interpreter, timed there."""

    def __init__(self, python: str, port: int, ca_file: str | None) -> None:
        import subprocess

        self._child = subprocess.Popen(
            [python, __file__, "--serve-peers", f"{port} {ca_file or ''}"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self._child.stdout is not None
        line = self._child.stdout.readline()
        if not line:
            raise SystemExit(f"error: {python} could not start the peer clients (advocate?)")
        self.names: list[str] = json.loads(line)

    def run(self, name: str, count: int, url: str) -> tuple[float, float]:
        assert self._child.stdin is not None and self._child.stdout is not None
        self._child.stdin.write(f"{name}\t{count}\t{url}\n")
        self._child.stdin.flush()
        wall, cpu = map(float, self._child.stdout.readline().split())
        return wall, cpu

    def close(self) -> None:
        assert self._child.stdin is not None
        self._child.stdin.close()
        self._child.wait(10)


def url_for(name: str, scheme: str, port: int) -> str:
    host = "bench.test" if name.endswith("(name)") else "127.0.0.1"
    return f"{scheme}://{host}:{port}/"


def serve(cert_file: str) -> None:
    """The serving process: both servers, their ports on stdout, until stdin closes."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert_file)
    _SERVERS["http"], _SERVERS["https"] = _Server(), _Server(context)
    print(_SERVERS["http"].port, _SERVERS["https"].port, flush=True)
    sys.stdin.read()


class _Remote:
    """A server of the serving process: its port and the connections it accepted."""

    def __init__(self, scheme: str, port: int, http_port: int) -> None:
        self.scheme, self.port, self._http_port = scheme, port, http_port
        self._asked = 0

    @property
    def connections(self) -> int:
        import urllib.request

        url = f"http://127.0.0.1:{self._http_port}/count?{self.scheme}"
        with urllib.request.urlopen(url) as answer:  # a connection of its own
            count = int(answer.read())
        self._asked += 1
        return count - self._asked if self.scheme == "http" else count


def run(
    scheme: str,
    server: _Remote,
    ca_file: str | None,
    n: int,
    rounds: int,
    peer_python: str | None = None,
) -> dict[str, Any]:
    clients = contestants(server.port, ca_file)
    peers = _PeerProcess(peer_python, server.port, ca_file) if peer_python else None
    remote = peers.names if peers is not None else []

    def batch_of(name: str, count: int, url: str) -> tuple[float, float]:
        """``count`` GETs of ``url`` by the client ``name``: (wall, CPU) seconds,
        measured in the process the client runs in."""
        if peers is not None and name in remote:
            return peers.run(name, count, url)
        get, _ = clients[name]
        started, cpu = time.perf_counter(), time.process_time()
        for _ in range(count):
            get(url)
        return time.perf_counter() - started, time.process_time() - cpu

    names = [*clients, *remote]
    times: dict[str, list[float]] = {name: [] for name in names}
    cpu_times: dict[str, list[float]] = {name: [] for name in names}
    handshakes: dict[str, int] = {}
    try:
        for name in names:  # warm up; count the connections of the first 100 requests
            before = server.connections
            batch_of(name, 100, url_for(name, scheme, server.port))
            handshakes[name] = server.connections - before
        batch = 50  # the clients take turns every 50 requests, so that load moves all alike
        turn = 0
        for _ in range(rounds):
            for _ in range(max(n // batch, 1)):
                turn += 1
                for name in names[turn % len(names) :] + names[: turn % len(names)]:
                    wall, cpu = batch_of(name, batch, url_for(name, scheme, server.port))
                    times[name].append(wall / batch)
                    cpu_times[name].append(cpu / batch)
    finally:
        for _, close in clients.values():
            close()
        if peers is not None:
            peers.close()
    return {
        name: {
            "best_us": min(times[name]) * 1e6,
            "us": statistics.median(times[name]) * 1e6,
            "cpu_us": statistics.median(cpu_times[name]) * 1e6,
            "connections": handshakes[name],
        }
        for name in names
    }


def report(scheme: str, result: dict[str, Any]) -> list[str]:
    """Print the table of one scheme; the missed targets."""
    missed: list[str] = []
    print(f"\n{scheme.upper()}: µs per request: the best turn of 50, the median turn, CPU")
    print("| client | best | vs unguarded | median | vs unguarded | CPU | vs unguarded |", end="")
    print(" connections / 100 requests |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    peers = {g: u for g, u in TARGETS} | {f"{g} (name)": u for g, u in TARGETS}
    peers["urlopen (guard)"] = "httpx"
    for name in result:  # a peer process's guarded client against its own plain requests
        if name.startswith("advocate ("):
            peers[name] = "requests " + name.partition(" ")[2]
    for name, row in result.items():
        cells = [name]
        for column in ("best_us", "us", "cpu_us"):
            peer = peers.get(name)
            ratio = f"{row[column] / result[peer][column]:.2f}x" if peer in result else ""
            cells += [f"{row[column]:,.0f}", ratio]
        print("| " + " | ".join(cells) + f" | {row['connections']} |")
    for (guarded, plain), limit in TARGETS.items():
        ratio = result[guarded]["best_us"] / result[plain]["best_us"]
        if scheme == "http" and ratio > limit:
            missed.append(f"{scheme}: {guarded} {ratio:.2f}x {plain} (target {limit}x)")
    if scheme == "https":
        for name in ONE_HANDSHAKE:
            if result[name]["connections"] != 1:
                missed.append(f"https: {name} made {result[name]['connections']} handshakes")
    return missed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=500, help="GETs per client per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--json", help="also write the numbers to this file")
    parser.add_argument(
        "--peer-python",
        metavar="PYTHON",
        help="an interpreter with advocate installed (it needs urllib3 below 2): its clients"
        " are timed in a process of that interpreter, in the same turns",
    )
    parser.add_argument("--serve", metavar="PEM", help=argparse.SUPPRESS)  # the child
    parser.add_argument("--serve-peers", help=argparse.SUPPRESS)  # the peer-client child
    args = parser.parse_args()
    if args.serve:
        serve(args.serve)
        return 0
    if args.serve_peers:
        port, _, ca = args.serve_peers.partition(" ")
        serve_peers(int(port), ca)
        return 0
    import subprocess

    import trustme

    ca = trustme.CA()
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        ca_file, cert_file = str(Path(tmp) / "ca.pem"), str(Path(tmp) / "server.pem")
        ca.cert_pem.write_to_path(ca_file)
        ca.issue_cert("127.0.0.1", "bench.test").private_key_and_cert_chain_pem.write_to_path(
            cert_file
        )
        child = subprocess.Popen(
            [sys.executable, __file__, "--serve", cert_file],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert child.stdout is not None
            http_port, https_port = map(int, child.stdout.readline().split())
            for scheme, port, bundle in (("http", http_port, None), ("https", https_port, ca_file)):
                server = _Remote(scheme, port, http_port)
                results[scheme] = run(
                    scheme, server, bundle, args.requests, args.rounds, args.peer_python
                )
        finally:
            assert child.stdin is not None
            child.stdin.close()
            child.wait(10)
    missed = report("http", results["http"]) + report("https", results["https"])
    print(f"\nPython {sys.version.split()[0]}, {socket.gethostname()}")
    for line in missed:
        print("MISSED", line)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
