"""What the client transports share: redirect chains, deadlines and tries.

A transport admits each request (:func:`~urikit.guard._gate.admit`) and sends
it through a connection pool keyed by what was checked (scheme, host name,
port and the checked addresses), whose connections dial only those addresses.
The clients follow redirects themselves; a :class:`Chain` rides along
with the requests the client builds for them (httpx's request ``extensions``,
the link requests makes from a redirect answer to the next request), so that
a transport knows which hop a request is and when the whole request is due,
however the client rewrote the redirect's URL.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import heapq
import ipaddress
import itertools
import socket
import threading
import time
import weakref

__all__ = [
    "IDEMPOTENT",
    "MAX_REPLAYS",
    "WATCHDOG",
    "Attempt",
    "Chain",
    "Watch",
    "Watchdog",
    "count_connection",
    "current_attempt",
    "current_end",
    "current_watch",
    "host_key",
]


@functools.lru_cache(maxsize=1024)
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


#: The methods a request may be sent again with (RFC 9110 section 9.2.2).
IDEMPOTENT = frozenset({"GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"})

#: How many times a request is sent again after a pooled connection turned out
#: to be closed before answering (each try takes one such connection out).
MAX_REPLAYS = 8


class Attempt:
    """One try at sending a request: ``opened`` counts the connections the
    network code made for it (none: it went out on a pooled connection)."""

    __slots__ = ("opened",)

    def __init__(self) -> None:
        self.opened = 0


#: The try being made in this thread or task (the network code counts into it).
current_attempt: contextvars.ContextVar[Attempt | None] = contextvars.ContextVar(
    "urikit_guard_attempt", default=None
)


def count_connection() -> None:
    """Note that a new connection is being made for the current try."""
    attempt = current_attempt.get()
    if attempt is not None:
        attempt.opened += 1


#: The ``time.monotonic()`` by which the request sent in this thread or task
#: must be done (None: no request of a guarded client).
current_end: contextvars.ContextVar[float | None] = contextvars.ContextVar(
    "urikit_guard_end", default=None
)


class Watch:
    """One request's entry with the :class:`Watchdog`: the connections it uses
    (objects with a ``sock`` attribute), whose sockets are shut down
    (``SHUT_RDWR``) if the request is not :meth:`done` by ``end``."""

    __slots__ = ("_conns", "_lock", "done_", "end", "fired")

    def __init__(self, end: float) -> None:
        self.end = end
        self.fired = False
        self.done_ = False
        self._lock = threading.Lock()
        self._conns: list[object] = []

    def add(self, conn: object) -> None:
        """Watch the socket ``conn`` has now or makes later (``conn.sock``)."""
        with self._lock:
            self._conns.append(conn)
            fired = self.fired
        if fired:
            _shut(conn)

    def done(self) -> None:
        """The request is over: its connections are no longer watched."""
        with self._lock:
            self.done_ = True
            self._conns = []

    def fire(self) -> None:
        with self._lock:
            if self.done_:
                return
            self.fired = True
            conns = list(self._conns)
        for conn in conns:
            _shut(conn)


def _shut(conn: object) -> None:
    sock = getattr(conn, "sock", None)
    if isinstance(sock, socket.socket):
        # the plain socket's shutdown, also for an SSLSocket (whose own would
        # drop its TLS state under the thread reading it)
        with contextlib.suppress(OSError):
            socket.socket.shutdown(sock, socket.SHUT_RDWR)


class Watchdog:
    """One thread for every request of the process: it shuts down the sockets of
    each :class:`Watch` whose time is up (a server trickling a byte at a time
    cannot hold a client whose timeouts are per read)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._heap: list[tuple[float, int, Watch]] = []
        self._count = itertools.count()
        self._thread: threading.Thread | None = None

    def watch(self, end: float) -> Watch:
        """A new :class:`Watch` due at ``end`` (a ``time.monotonic()``)."""
        entry = Watch(end)
        with self._cond:
            heapq.heappush(self._heap, (end, next(self._count), entry))
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="urikit-guard-watchdog", daemon=True
                )
                self._thread.start()
            elif self._heap[0][2] is entry:
                self._cond.notify()
        return entry

    def _run(self) -> None:
        with self._cond:
            while True:
                if not self._heap:
                    self._cond.wait()
                    continue
                end, _, entry = self._heap[0]
                if entry.done_:
                    heapq.heappop(self._heap)
                    continue
                wait = end - time.monotonic()
                if wait > 0:
                    self._cond.wait(wait)
                    continue
                heapq.heappop(self._heap)
                entry.fire()


#: The watchdog of every guarded requests session.
WATCHDOG = Watchdog()

#: The watch of the request being sent in this thread.
current_watch: contextvars.ContextVar[Watch | None] = contextvars.ContextVar(
    "urikit_guard_watch", default=None
)
