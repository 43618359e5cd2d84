"""One HTTP exchange with :mod:`http.client`, to checked addresses only, within a deadline.

:func:`exchange` sends one request of an admitted :class:`~urikit.guard._gate.Hop`
and reads the answer. It trusts nothing:

* it connects only to the hop's checked addresses (never looking the name up
  again); the ``Host`` header and the TLS server name and certificate check
  use the URL's host name;
* one deadline bounds everything: the connection, the TLS handshake, sending
  the request and every read are each given only the time that is left, so a
  server trickling a byte at a time cannot hold the call beyond the timeout;
* a body larger than ``max_bytes``, or one cut short by the server, is an
  error, never a truncated answer;
* every failure (``OSError``, ``ssl`` errors, every ``http.client`` exception, a
  timeout) becomes :class:`FetchError`, whose text says what went wrong.

This module imports only the standard library (and is imported on first use,
so that ``import urikit`` does not load :mod:`http.client`, :mod:`socket` or
:mod:`ssl`).
"""

from __future__ import annotations

import http.client
import io
import socket
import ssl
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ..core._errors import quoted
from ._gate import FetchError, check_body_size, timed_out

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer, WriteableBuffer

    from ._gate import Hop

__all__ = ["Answer", "Deadline", "FetchError", "exchange"]  # FetchError: from _gate


class Answer(NamedTuple):
    """What the server answered: status, reason phrase, headers and body."""

    status: int
    reason: str
    headers: http.client.HTTPMessage
    body: bytes
    peer: str


class Deadline:
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


def _connect(addresses: tuple[str, ...], port: int, deadline: Deadline) -> socket.socket:
    """A TCP connection to the first of the checked ``addresses`` that accepts one."""
    error: OSError = OSError("no address to connect to")
    for address in addresses:
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.settimeout(deadline.left())
            sock.connect((address, port))
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

    def __init__(self, sock: socket.socket, deadline: Deadline) -> None:
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

    def __init__(self, sock: socket.socket, deadline: Deadline) -> None:
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
    """An HTTP(S) connection to checked addresses, every step bounded by one deadline."""

    def __init__(self, hop: Hop, deadline: Deadline, context: ssl.SSLContext | None) -> None:
        super().__init__(hop.host, hop.port)
        self._hop = hop
        self._deadline = deadline
        self._context = context
        self.real_socket: socket.socket | None = None

    def connect(self) -> None:
        sock = _connect(self._hop.addresses, self._hop.port, self._deadline)
        try:
            if self._context is not None:
                sock.settimeout(self._deadline.left())
                # the name, not the address, is what the certificate must match
                sock = self._context.wrap_socket(sock, server_hostname=self._hop.host)
        except BaseException:
            sock.close()
            raise
        self.real_socket = sock
        self.sock = cast(socket.socket, _DeadlineSocket(sock, self._deadline))


def _read_body(response: http.client.HTTPResponse, limit: int) -> bytes:
    declared = response.length  # from Content-Length (None if absent or chunked)
    check_body_size(limit, declared=declared)
    body = response.read(limit + 1)
    check_body_size(limit, received=len(body))
    if response.length:  # http.client counts down what Content-Length still owes
        raise FetchError(
            f"closed the connection after {len(body)} of the {declared} bytes announced"
        )
    return body


def exchange(
    hop: Hop,
    *,
    method: str,
    headers: Mapping[str, str],
    data: bytes | None,
    deadline: Deadline,
    max_bytes: int,
    context: ssl.SSLContext | None = None,
    read_body: bool = True,
) -> Answer:
    """Send ``method`` for ``hop`` and read the answer, within ``deadline``;
    raises :class:`FetchError` on any failure. ``read_body=False`` skips the
    body (a redirect's). ``context`` is for https (default: the system's
    trusted certificates)."""
    if hop.scheme == "https":
        tls = context if context is not None else ssl.create_default_context()
    else:
        tls = None
    conn = _Connection(hop, deadline, tls)
    response: http.client.HTTPResponse | None = None
    try:
        sent = {"Host": hop.host_header, "Accept-Encoding": "identity", **headers}
        conn.putrequest(method, hop.target, skip_host=True, skip_accept_encoding=True)
        for name, value in sent.items():
            conn.putheader(name, value)
        if data is not None and not any(k.lower() == "content-length" for k in sent):
            conn.putheader("Content-Length", str(len(data)))
        conn.endheaders(data)
        response = conn.getresponse()
        body = b""
        if read_body and method != "HEAD":
            body = _read_body(response, max_bytes)
        peer = str(conn.real_socket.getpeername()[0]) if conn.real_socket is not None else ""
        return Answer(response.status, response.reason, response.msg, body, peer)
    except TimeoutError as exc:
        # every socket operation waits only for the time left, so a timeout is the deadline
        raise timed_out(deadline.seconds) from exc
    except FetchError:
        raise
    except (OSError, http.client.HTTPException, ValueError) as exc:
        # ValueError: e.g. ssl.CertificateError, or a header http.client refuses
        raise FetchError(f"failed: {type(exc).__name__}: {quoted(str(exc), bare=True)}") from exc
    finally:
        if response is not None:
            response.close()
        conn.close()
        if conn.real_socket is not None:
            conn.real_socket.close()
