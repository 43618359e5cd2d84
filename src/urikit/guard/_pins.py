"""What the client transports share: the checked addresses of each host, and hop numbers.

A transport admits each request (:func:`~urikit.guard._gate.admit`) and records
the checked addresses of its ``(host, port)`` here; the transport's connection
code (httpcore's network backend, urllib3's connection) then connects only to
those. The clients follow redirects themselves, so a transport learns the hop
number of a request from the redirects it has answered: a redirect's target
URL is remembered with the next hop number (a small bounded memory).
"""

from __future__ import annotations

import contextlib
import contextvars
import ipaddress
import socket
import threading
import time
from collections import OrderedDict

from ..resolution import resolve
from ._gate import Hop

__all__ = ["Pins", "Watchdog", "current_watchdog", "host_key"]

_MEMORY = 1024


def host_key(host: str) -> str:
    """``host`` as the clients and :class:`Hop` may each write it, made comparable:
    brackets dropped, addresses in their canonical form, names lowercase."""
    bare = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    try:
        return str(ipaddress.ip_address(bare.split("%", 1)[0]))
    except ValueError:
        return bare.lower().rstrip(".")


class Pins:
    """Checked addresses by ``(host, port)``, and the hop numbers of redirect targets."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._addresses: dict[tuple[str, int], tuple[str, ...]] = {}
        self._hops: OrderedDict[str, tuple[int, float]] = OrderedDict()

    def pin(self, hop: Hop) -> None:
        """Allow connections to ``hop``'s host and port to its checked addresses."""
        with self._lock:
            self._addresses[(host_key(hop.host), hop.port)] = hop.addresses

    def addresses(self, host: str, port: int) -> tuple[str, ...]:
        """The checked addresses of ``host:port`` (empty: none was admitted)."""
        with self._lock:
            return self._addresses.get((host_key(host), port), ())

    def hop_of(self, url: str, timeout: float) -> tuple[int, float]:
        """The hop number of a request for ``url`` and the ``time.monotonic()`` by
        which the whole request must be done: 0 and ``timeout`` from now, unless
        it is the target of a redirect this transport answered."""
        with self._lock:
            return self._hops.pop(url, (0, time.monotonic() + timeout))

    def redirected(self, url: str, location: str | None, hop: int, end: float) -> None:
        """Remember that ``url`` (hop ``hop`` of a request due by ``end``) redirected
        to ``location``."""
        if not location:
            return
        try:
            target = resolve(url, location.strip(" \t"))
        except ValueError:
            return
        with self._lock:
            self._hops[target] = (hop + 1, end)
            self._hops.move_to_end(target)
            while len(self._hops) > _MEMORY:
                self._hops.popitem(last=False)


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
