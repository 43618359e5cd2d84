"""What the client transports share: the checked addresses of each host, and redirect chains.

A transport admits each request (:func:`~urikit.guard._gate.admit`) and records
the checked addresses of its ``(host, port)`` here; the transport's connection
code (httpcore's network backend, urllib3's connection) then connects only to
those. The clients follow redirects themselves; a :class:`Chain` rides along
with the requests the client builds for them (httpx's request ``extensions``,
the link requests makes from a redirect answer to the next request), so that
a transport knows which hop a request is and when the whole request is due,
however the client rewrote the redirect's URL.
"""

from __future__ import annotations

import contextlib
import contextvars
import ipaddress
import socket
import threading
import time
import weakref

from ._gate import Hop

__all__ = ["Chain", "Pins", "Watchdog", "current_watchdog", "host_key"]


def host_key(host: str) -> str:
    """``host`` as the clients and :class:`Hop` may each write it, made comparable:
    brackets dropped, addresses in their canonical form, names lowercase."""
    bare = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    try:
        return str(ipaddress.ip_address(bare.split("%", 1)[0]))
    except ValueError:
        return bare.lower().rstrip(".")


class Chain:
    """One request and the redirects its client follows from it: ``end``, the
    ``time.monotonic()`` by which all of them must be done, and the number of the
    hop a redirect answer leads to.

    A transport makes a chain for a first request; when it answers a redirect it
    calls :meth:`redirected` with the request that was answered, and the request
    the client builds for that redirect is hop :meth:`next_hop`. The request that
    was answered, sent again, starts a chain of its own.
    """

    __slots__ = ("_answered", "_next", "end")

    def __init__(self, timeout: float) -> None:
        self.end = time.monotonic() + timeout
        self._next = 0
        # weakly: the chain is kept in what the request carries (or keyed by it)
        self._answered: weakref.ref[object] | None = None

    def redirected(self, request: object, hop: int) -> None:
        """``request``, hop number ``hop`` of this chain, was answered with a redirect."""
        self._answered, self._next = weakref.ref(request), hop + 1

    def next_hop(self, request: object) -> int | None:
        """The hop number of ``request`` when it is the one the client built for the
        last redirect answered (and it is taken); None when it is not."""
        answered = None if self._answered is None else self._answered()
        if self._next == 0 or request is answered:
            return None
        number, self._next, self._answered = self._next, 0, None
        return number


class Pins:
    """Checked addresses by ``(host, port)``."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._addresses: dict[tuple[str, int], tuple[str, ...]] = {}

    def pin(self, hop: Hop) -> None:
        """Allow connections to ``hop``'s host and port to its checked addresses."""
        with self._lock:
            self._addresses[(host_key(hop.host), hop.port)] = hop.addresses

    def addresses(self, host: str, port: int) -> tuple[str, ...]:
        """The checked addresses of ``host:port`` (empty: none was admitted)."""
        with self._lock:
            return self._addresses.get((host_key(host), port), ())


class Watchdog:
    """Ends a request's connections when its time is up: a timer that shuts down
    (``SHUT_RDWR``) every socket registered with it, so that a server trickling a
    byte at a time cannot hold a client whose timeouts are per read. Each socket
    is registered as a duplicate (``dup``), which stays valid when the client
    wraps or closes its own, and is closed by :meth:`cancel`."""

    def __init__(self, seconds: float) -> None:
        self.fired = False
        self._lock = threading.Lock()
        self._socks: list[socket.socket] = []
        self._timer = threading.Timer(max(seconds, 0.0), self._fire)
        self._timer.daemon = True
        self._timer.start()

    def add(self, sock: socket.socket) -> None:
        """Watch ``sock`` (a duplicate of it is kept)."""
        try:
            dup = sock.dup()
        except OSError:
            return
        with self._lock:
            self._socks.append(dup)
            fired = self.fired
        if fired:
            self._shut(dup)

    @staticmethod
    def _shut(sock: socket.socket) -> None:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)

    def _fire(self) -> None:
        with self._lock:
            self.fired = True
            socks = list(self._socks)
        for sock in socks:
            self._shut(sock)

    def cancel(self) -> None:
        """Stop the timer and let go of the duplicates."""
        self._timer.cancel()
        with self._lock:
            socks, self._socks = self._socks, []
        for sock in socks:
            sock.close()


#: The watchdog of the request being sent in this thread or task.
current_watchdog: contextvars.ContextVar[Watchdog | None] = contextvars.ContextVar(
    "urikit_guard_watchdog", default=None
)
