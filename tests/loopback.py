"""HTTP servers a test starts on a loopback address (127.0.0.1 or ::1), the
only addresses the tests talk to: each answers every GET with one body."""

from __future__ import annotations

import http.server
import socket
import threading
from collections.abc import Iterator


def body_handler(body: bytes) -> type[http.server.BaseHTTPRequestHandler]:
    """A request handler that answers every GET with ``body`` (200), quietly."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    return Handler


class _Server6(http.server.ThreadingHTTPServer):
    address_family = socket.AF_INET6


def serve(server: http.server.ThreadingHTTPServer) -> Iterator[int]:
    """Run ``server`` on a thread; yield its port; shut it down after."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def serving(body: bytes, host: str = "127.0.0.1") -> Iterator[int]:
    """A server on ``host`` (``"127.0.0.1"`` or ``"::1"``) answering ``body``: its
    port, for a fixture to ``yield from``."""
    cls = _Server6 if ":" in host else http.server.ThreadingHTTPServer
    yield from serve(cls((host, 0), body_handler(body)))
