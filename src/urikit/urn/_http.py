"""The network side of the RFC 2169 trivial HTTP resolver, imported on first use.

:func:`exchange` sends one ``GET`` with :mod:`http.client` and returns the status,
the ``Location`` headers and (for a 200 answer) the body. It trusts nothing:

* one deadline bounds the whole exchange: the name lookup, the connection, the TLS
  handshake, sending the request and every read are each given only the time
  that is left, so a server trickling a byte at a time cannot hold the call
  beyond ``timeout``;
* a body larger than ``max_body`` bytes, or one cut short by the server, is an
  error, never a truncated answer;
* every failure (``OSError``, ``ssl`` errors, every ``http.client`` exception, a
  timeout) becomes :class:`ExchangeError`, whose text says what went wrong.

This module imports only the standard library; it is kept apart so that
``import urikit`` does not load :mod:`http.client`, :mod:`socket` or :mod:`ssl`.
"""

from __future__ import annotations

import http.client
import io
import socket
import ssl
import threading
import time
from typing import TYPE_CHECKING, Any, NamedTuple, cast

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer, WriteableBuffer

__all__ = ["Answer", "ExchangeError", "exchange"]

#: The longest piece of a server-controlled text quoted in an error message.
_QUOTE_LIMIT = 200


class ExchangeError(Exception):
    """The exchange failed; ``str()`` completes "resolver HOST:PORT ..."."""


class Answer(NamedTuple):
    """What the resolver answered: status, ``Location`` values, body (200 only)."""

    status: int
    locations: list[str]
    body: bytes


class _Deadline:
    """One point in time by which everything must be done."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.end = time.monotonic() + seconds

    def left(self) -> float:
        """The seconds left; ``TimeoutError`` once there are none."""
        left = self.end - time.monotonic()
        if left <= 0:
            raise TimeoutError("the deadline has passed")
        return left


def _addresses(host: str, port: int, deadline: _Deadline) -> list[Any]:
    """``getaddrinfo`` within the deadline (a name is looked up in a helper thread,
    because the system resolver cannot be interrupted)."""
    try:
        return socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_NUMERICHOST)
    except socket.gaierror:
        pass  # not a numeric address: a name to look up
    found: list[Any] = []
    failed: list[Exception] = []

    def lookup() -> None:
        try:
            found.extend(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM))
        except Exception as exc:  # handed to the caller below
            failed.append(exc)

    thread = threading.Thread(target=lookup, name="urikit-resolver-lookup", daemon=True)
    thread.start()
    thread.join(deadline.left())
    if thread.is_alive():
        raise TimeoutError(f"looking up {host!r} took too long")
    if failed:
        raise failed[0]
    return found


def _connect(host: str, port: int, deadline: _Deadline) -> socket.socket:
    """A TCP connection to the first address of ``host`` that accepts one."""
    error: OSError = OSError(f"no address found for {host!r}")
    for family, kind, proto, _, address in _addresses(host, port, deadline):
        sock = socket.socket(family, kind, proto)
        try:
            sock.settimeout(deadline.left())
            sock.connect(address)
        except OSError as exc:
            sock.close()
            if isinstance(exc, TimeoutError):
                raise
            error = exc
        else:
            return sock
    raise error


class _DeadlineReader(io.RawIOBase):
    """The socket as a raw stream whose every read waits only for the time left."""

    def __init__(self, sock: socket.socket, deadline: _Deadline) -> None:
        super().__init__()
        self._sock = sock
        self._deadline = deadline

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: WriteableBuffer, /) -> int:
        self._sock.settimeout(self._deadline.left())
        return self._sock.recv_into(cast(Any, buffer))


class _DeadlineSocket:
    """What :mod:`http.client` uses of its socket (``sendall``, ``makefile``,
    ``close``), each bounded by the deadline. Closing is left to :func:`exchange`,
    which owns the real socket: http.client closes its connection before the
    body of a "Connection: close" answer has been read."""

    def __init__(self, sock: socket.socket, deadline: _Deadline) -> None:
        self._sock = sock
        self._deadline = deadline

    def sendall(self, data: ReadableBuffer) -> None:
        self._sock.settimeout(self._deadline.left())
        self._sock.sendall(data)

    def makefile(self, mode: str = "rb") -> io.BufferedReader:
        return io.BufferedReader(_DeadlineReader(self._sock, self._deadline))

    def close(self) -> None:
        pass


class _Connection(http.client.HTTPConnection):
    """An HTTP(S) connection whose every step is bounded by one deadline."""

    def __init__(
        self, host: str, port: int, deadline: _Deadline, context: ssl.SSLContext | None
    ) -> None:
        super().__init__(host, port)
        if context is not None:
            self.default_port = http.client.HTTPS_PORT  # the Host header omits it
        self._deadline = deadline
        self._context = context
        self.real_socket: socket.socket | None = None

    def connect(self) -> None:
        sock = _connect(self.host, self.port, self._deadline)
        try:
            if self._context is not None:
                sock.settimeout(self._deadline.left())
                sock = self._context.wrap_socket(sock, server_hostname=self.host)
        except BaseException:
            sock.close()
            raise
        self.real_socket = sock
        self.sock = cast(socket.socket, _DeadlineSocket(sock, self._deadline))


def _quote(text: str) -> str:
    """``text`` as it may appear in a message: short and printable."""
    if len(text) > _QUOTE_LIMIT:
        return repr(text[:_QUOTE_LIMIT]) + f" (first {_QUOTE_LIMIT} of {len(text)} characters)"
    return text if text.isprintable() else repr(text)


def _read_body(response: http.client.HTTPResponse, limit: int) -> bytes:
    declared = response.length  # from Content-Length (None if absent or chunked)
    if declared is not None and declared > limit:
        raise ExchangeError(
            f"announced a body of {declared} bytes, more than the limit of {limit} bytes"
        )
    body = response.read(limit + 1)
    if len(body) > limit:
        raise ExchangeError(f"sent a body of more than the limit of {limit} bytes")
    if response.length:  # http.client counts down what Content-Length still owes
        raise ExchangeError(
            f"closed the connection after {len(body)} of the {declared} bytes announced"
        )
    return body


def exchange(
    host: str, port: int, target: str, *, tls: bool, timeout: float, max_body: int
) -> Answer:
    """``GET target`` from ``host:port`` (``host`` without brackets), all within
    ``timeout`` seconds; raises :class:`ExchangeError` on any failure."""
    deadline = _Deadline(timeout)
    context = ssl.create_default_context() if tls else None
    conn = _Connection(host, port, deadline, context)
    response: http.client.HTTPResponse | None = None
    try:
        conn.request("GET", target, headers={"Accept": "text/uri-list"})
        response = conn.getresponse()
        locations = response.msg.get_all("Location") or []
        body = _read_body(response, max_body) if response.status == 200 else b""
        return Answer(response.status, [str(x) for x in locations], body)
    except TimeoutError as exc:
        # every socket operation waits only for the time left, so a timeout is the deadline
        raise ExchangeError(f"did not answer within the timeout of {timeout:g} s") from exc
    except (OSError, http.client.HTTPException, ValueError) as exc:
        # ValueError: e.g. ssl.CertificateError, or a name the IDNA codec refuses
        raise ExchangeError(f"failed: {type(exc).__name__}: {_quote(str(exc))}") from exc
    finally:
        if response is not None:
            response.close()
        conn.close()
        if conn.real_socket is not None:
            conn.real_socket.close()
