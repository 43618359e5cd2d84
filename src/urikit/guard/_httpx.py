"""Guarded transports for httpx (extra ``[httpx]``): every request and redirect checked and pinned.

``httpx.Client(transport=HTTPTransport(policy=...))``: httpx follows redirects
itself and hands every hop to the transport, which admits it (the URL as httpx
will send it, checked under the policy; the host resolved once; every address
checked) and then sends it through an httpcore connection pool kept for what
was checked: the scheme, the host name, the port and the checked addresses
(the TLS settings and the policy are the transport's own). That pool's network
backend dials only those addresses, so a connection is reused only by a
request admitted to the same addresses, and a name that now resolves elsewhere
gets a new connection to the newly checked address. TLS (server name and
certificate) is httpcore's, with the URL's host name.

httpx builds the request for a redirect with the extensions of the request
that was redirected; the transport keeps the request's chain (its deadline and
hop count) there, so that it knows each hop whatever URL httpx made of the
``Location``. The deadline is enforced without a thread: every connect, read
and write of the request is given at most the time left.

A :class:`~urikit.guard.Blocked` counts its positions in the URL as httpx will
send it (``err.text == err.url``): httpx has rewritten the caller's URL and
resolved the ``Location`` before the transport sees the request.
"""

from __future__ import annotations

import collections
import threading
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any, Generic, TypeVar, cast

import httpcore
import httpx

from ._gate import (
    FetchError,
    GuardedClient,
    Hop,
    Memo,
    Settings,
    admit,
    check_body_size,
    check_declared_size,
    timed_out,
    too_many_redirects,
)
from ._pins import (
    IDEMPOTENT,
    MAX_REPLAYS,
    Attempt,
    Chain,
    count_connection,
    current_attempt,
    current_end,
    host_key,
)

__all__ = ["AsyncHTTPTransport", "HTTPTransport"]

#: The request extension that carries a request's :class:`Chain` to its redirects.
_CHAIN = "urikit.guard.chain"
#: The request extension that carries the admitted :class:`Hop` to the pools.
_HOP = "urikit.guard.hop"

#: What a pooled connection was made for: scheme, host, port, checked addresses.
_Key = tuple[str, str, int, tuple[str, ...]]

#: Pools kept at most (beyond that, pools with no connection in use are closed).
_MAX_POOLS = 64

#: The errors of a request that went out on a connection the server had closed
#: (before any byte of an answer came back).
_DROPPED = (httpcore.RemoteProtocolError, httpcore.ReadError, httpcore.WriteError)


def _key(hop: Hop) -> _Key:
    return (hop.scheme, host_key(hop.host), hop.port, hop.addresses)


def _refused(host: str, port: int) -> httpcore.ConnectError:
    return httpcore.ConnectError(f"urikit.guard: {host}:{port} was not admitted; not connecting")


def _left(timeout: float | None, error: type[Exception]) -> float | None:
    """``timeout`` cut to the time the current request has left (``error`` once none)."""
    end = current_end.get()
    if end is None:
        return timeout
    left = end - time.monotonic()
    if left <= 0:
        raise error("urikit.guard: the request's timeout has passed")
    return left if timeout is None else min(timeout, left)


def _replayable(request: httpcore.Request, exc: Exception, attempt: Attempt, tries: int) -> bool:
    """Whether a request that failed with ``exc`` may be sent again: it went out
    on a pooled connection (no new one was made for it), failed before any
    answer, is idempotent and has a body that can be sent again."""
    if attempt.opened or tries >= MAX_REPLAYS:
        return False
    if request.method.decode("ascii", "replace").upper() not in IDEMPOTENT:
        return False
    if not isinstance(request.stream, httpx.ByteStream):
        return False
    if isinstance(exc, httpcore.RemoteProtocolError):
        return "without sending a response" in str(exc)
    return True


class _TimedStream(httpcore.NetworkStream):
    """A connection whose every operation waits at most the time its request has left."""

    def __init__(self, real: httpcore.NetworkStream) -> None:
        self._real = real

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._real.read(max_bytes, _left(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._real.write(buffer, _left(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._real.close()

    def start_tls(
        self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore.NetworkStream:
        tls = self._real.start_tls(
            ssl_context, server_hostname, _left(timeout, httpcore.ConnectTimeout)
        )
        return _TimedStream(tls)

    def get_extra_info(self, info: str) -> Any:
        return self._real.get_extra_info(info)


class _AsyncTimedStream(httpcore.AsyncNetworkStream):
    """The async twin of :class:`_TimedStream`."""

    def __init__(self, real: httpcore.AsyncNetworkStream) -> None:
        self._real = real

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return await self._real.read(max_bytes, _left(timeout, httpcore.ReadTimeout))

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:
        await self._real.write(buffer, _left(timeout, httpcore.WriteTimeout))

    async def aclose(self) -> None:
        await self._real.aclose()

    async def start_tls(
        self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore.AsyncNetworkStream:
        tls = await self._real.start_tls(
            ssl_context, server_hostname, _left(timeout, httpcore.ConnectTimeout)
        )
        return _AsyncTimedStream(tls)

    def get_extra_info(self, info: str) -> Any:
        return self._real.get_extra_info(info)


class _Dial:
    """One ``connect_tcp`` of a pinned backend, without the I/O.

    Made, it checks the host and port asked for against the pin (refused unless
    they are the pool's, with checked addresses) and counts the connection;
    iterated, it gives the options of one connect to each checked address in
    turn (``timeout`` cut to the time left); used as the context of each
    connect, it keeps a failure to connect (:attr:`error`) and lets the caller
    go on to the next address, so that ``error`` is the last failure once none
    connects.
    """

    #: httpcore's ``connect_tcp`` parameters after ``host`` and ``port``, in order.
    _OPTIONS = ("timeout", "local_address", "socket_options")

    def __init__(
        self, key: _Key, host: str, port: int, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> None:
        _, name, pinned_port, addresses = key
        if (host_key(host), port) != (name, pinned_port) or not addresses:
            raise _refused(host, port)
        count_connection()
        self._addresses = addresses
        self._port = port
        self._options = dict(zip(self._OPTIONS, args, strict=False), **kwargs)
        self.error: Exception = _refused(host, port)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        for address in self._addresses:
            timeout = _left(self._options.get("timeout"), httpcore.ConnectTimeout)
            yield {**self._options, "host": address, "port": self._port, "timeout": timeout}

    def __enter__(self) -> None:
        pass

    def __exit__(self, kind: object, exc: BaseException | None, tb: object) -> bool:
        if isinstance(exc, httpcore.ConnectError):
            self.error = exc
            return True
        return False


class _PinnedBackend(httpcore.NetworkBackend):
    """A network backend for one pool: it connects to that pool's host and port
    only, at its checked addresses only (a :class:`_Dial` each time)."""

    def __init__(self, key: _Key) -> None:
        self._key = key
        self._real = httpcore.SyncBackend()

    def connect_tcp(
        self, host: str, port: int, *args: Any, **kwargs: Any
    ) -> httpcore.NetworkStream:
        dial = _Dial(self._key, host, port, args, kwargs)
        for options in dial:
            with dial:
                return _TimedStream(self._real.connect_tcp(**options))
        raise dial.error

    def connect_unix_socket(self, *args: Any, **kwargs: Any) -> httpcore.NetworkStream:
        raise httpcore.ConnectError("urikit.guard: no Unix sockets")

    def sleep(self, seconds: float) -> None:
        self._real.sleep(seconds)


class _AsyncPinnedBackend(httpcore.AsyncNetworkBackend):
    """The async twin of :class:`_PinnedBackend`."""

    def __init__(self, key: _Key) -> None:
        self._key = key
        self._real = httpcore.AnyIOBackend()

    async def connect_tcp(
        self, host: str, port: int, *args: Any, **kwargs: Any
    ) -> httpcore.AsyncNetworkStream:
        dial = _Dial(self._key, host, port, args, kwargs)
        for options in dial:
            with dial:
                return _AsyncTimedStream(await self._real.connect_tcp(**options))
        raise dial.error

    async def connect_unix_socket(self, *args: Any, **kwargs: Any) -> httpcore.AsyncNetworkStream:
        raise httpcore.ConnectError("urikit.guard: no Unix sockets")

    async def sleep(self, seconds: float) -> None:
        await self._real.sleep(seconds)


def _settings(template: Any) -> dict[str, Any]:
    """The settings of the pool httpx made (limits, TLS, HTTP versions, ...), for
    the pools made from it."""
    return {
        "ssl_context": template._ssl_context,
        "max_connections": template._max_connections,
        "max_keepalive_connections": template._max_keepalive_connections,
        "keepalive_expiry": template._keepalive_expiry,
        "http1": template._http1,
        "http2": template._http2,
        "retries": template._retries,
        "local_address": template._local_address,
        "socket_options": template._socket_options,
    }


class _Sending:
    """The sendings of one request on a pool, without the I/O: each sending is
    run as this context, with a fresh :class:`Attempt` current; a failure the
    request may be sent again after (:func:`_replayable`) is counted and
    swallowed, so that the caller's loop sends it again."""

    def __init__(self, request: httpcore.Request) -> None:
        self._request = request
        self._tries = 0

    def __enter__(self) -> None:
        self._attempt = Attempt()
        self._token = current_attempt.set(self._attempt)

    def __exit__(self, kind: object, exc: BaseException | None, tb: object) -> bool:
        current_attempt.reset(self._token)
        if not isinstance(exc, _DROPPED):
            return False
        if not _replayable(self._request, exc, self._attempt, self._tries):
            return False
        self._tries += 1
        return True


_P = TypeVar("_P", httpcore.ConnectionPool, httpcore.AsyncConnectionPool)


class _PoolSet(Generic[_P]):
    """Stands in for the transport's httpcore pool: one pool per :data:`_Key`, each
    request sent through the pool of what was checked for it. This holds the
    pools; :class:`_Pools` and :class:`_AsyncPools` send and close."""

    def __init__(self, template: _P) -> None:
        self._settings = _settings(template)
        self._lock = threading.Lock()
        self._pools: collections.OrderedDict[_Key, _P] = collections.OrderedDict()

    def _new(self, key: _Key) -> _P:
        raise NotImplementedError

    def _take(self, request: httpcore.Request) -> tuple[_P, list[_P]]:
        """The pool for what was checked for ``request`` (made if new), and the
        spare pools the caller closes."""
        hop = request.extensions.get(_HOP)
        if not isinstance(hop, Hop):
            raise _refused(request.url.host.decode("ascii", "replace"), request.url.port or 0)
        key = _key(hop)
        with self._lock:
            pool = self._pools.get(key)
            if pool is None:
                pool = self._new(key)
                self._pools[key] = pool
            self._pools.move_to_end(key)
            return pool, _spare(self._pools)

    def _drain(self) -> list[_P]:
        """Every pool, taken out for the caller to close."""
        with self._lock:
            pools = list(self._pools.values())
            self._pools.clear()
        return pools


class _Pools(_PoolSet[httpcore.ConnectionPool]):
    """The pools of :class:`HTTPTransport`."""

    def _new(self, key: _Key) -> httpcore.ConnectionPool:
        return httpcore.ConnectionPool(network_backend=_PinnedBackend(key), **self._settings)

    def handle_request(self, request: httpcore.Request) -> httpcore.Response:
        pool, spare = self._take(request)
        for old in spare:
            old.close()
        sending = _Sending(request)
        while True:
            with sending:
                return pool.handle_request(request)

    def close(self) -> None:
        for pool in self._drain():
            pool.close()

    def __enter__(self) -> _Pools:
        return self

    def __exit__(self, *args: object) -> None:
        self.close()


class _AsyncPools(_PoolSet[httpcore.AsyncConnectionPool]):
    """The pools of :class:`AsyncHTTPTransport`."""

    def _new(self, key: _Key) -> httpcore.AsyncConnectionPool:
        return httpcore.AsyncConnectionPool(
            network_backend=_AsyncPinnedBackend(key), **self._settings
        )

    async def handle_async_request(self, request: httpcore.Request) -> httpcore.Response:
        pool, spare = self._take(request)
        for old in spare:
            await old.aclose()
        sending = _Sending(request)
        while True:
            with sending:
                return await pool.handle_async_request(request)

    async def aclose(self) -> None:
        for pool in self._drain():
            await pool.aclose()

    async def __aenter__(self) -> _AsyncPools:
        return self

    async def __aexit__(self, *args: object) -> None:
        await self.aclose()


def _spare(pools: collections.OrderedDict[_Key, Any]) -> list[Any]:
    """Take out of ``pools`` (most recently used last) the oldest pools beyond
    :data:`_MAX_POOLS` that have no connection in use; the caller closes them."""
    spare: list[Any] = []
    excess = len(pools) - _MAX_POOLS
    for key, pool in list(pools.items()):
        if excess <= 0:
            break
        if all(conn.is_idle() or conn.is_closed() for conn in pool.connections):
            del pools[key]
            spare.append(pool)
            excess -= 1
    return spare


def _guarded_options(transport: str, kwargs: dict[str, Any]) -> None:
    """Refuse the httpx options that would connect elsewhere than checked (``proxy``,
    ``uds``)."""
    for name in ("proxy", "uds"):
        if kwargs.get(name) is not None:
            raise TypeError(f"{transport}() does not take {name!r}: it would bypass the guard")


class _Admission:
    """What both transports do around each request httpx sends."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.memo: dict[str, Memo] = {}

    def admit(self, request: httpx.Request) -> tuple[Chain, int, float]:
        url = str(request.url)
        chain = request.extensions.get(_CHAIN)
        number = chain.next_hop(request) if isinstance(chain, Chain) else None
        if not isinstance(chain, Chain) or number is None:
            chain, number = Chain(self.settings.timeout), 0
            request.extensions[_CHAIN] = chain
        end = chain.end
        if number > self.settings.max_redirects:
            raise too_many_redirects(url, number, self.settings.max_redirects)
        left = end - time.monotonic()
        if left <= 0:
            raise timed_out(self.settings.timeout)
        hop: Hop = admit(
            url,
            policy=self.settings.policy,
            resolver=self.settings.resolver,
            hop=number,
            time_left=lambda: max(end - time.monotonic(), 0.0),
            memo=self.memo,
            client="httpx",  # the URL as httpx reads it, checked against RFC 3986's reading
        )
        request.extensions[_HOP] = hop
        # waiting for a pooled connection counts too
        timeouts = dict(request.extensions.get("timeout") or {})
        left = max(end - time.monotonic(), 0.0)
        pool_wait = timeouts.get("pool")
        timeouts["pool"] = left if pool_wait is None else min(pool_wait, left)
        request.extensions["timeout"] = timeouts
        return chain, number, end

    def failed(self, exc: Exception, end: float) -> Exception:
        """``exc``, or the timeout error when it came of the deadline passing."""
        timeouts = httpx.TimeoutException | httpcore.TimeoutException | TimeoutError
        if isinstance(exc, timeouts) and time.monotonic() >= end - 0.01:
            return timed_out(self.settings.timeout)
        return exc

    def check_body(self, size: int, declared: str | None) -> None:
        check_declared_size(self.settings.max_bytes, declared)
        check_body_size(self.settings.max_bytes, received=size)

    def failed_as(self, exc: Exception, end: float) -> None:
        """Raise the timeout error when ``exc`` came of the deadline passing."""
        failed = self.failed(exc, end)
        if failed is not exc:
            raise failed from exc

    def within(self, end: float) -> _Within:
        """The context of a request's operations that must end by ``end``."""
        return _Within(self, end)

    def answered(
        self,
        request: httpx.Request,
        chain: Chain,
        number: int,
        response: httpx.Response,
        end: float,
    ) -> httpx.Response:
        """``response`` with its body read within the deadline and ``max_bytes``
        (the caller has checked the length it announces)."""
        if isinstance(response.stream, httpx.AsyncByteStream):
            response.stream = _AsyncBody(response.stream, self, end)
        else:
            response.stream = _Body(response.stream, self, end)
        if response.status_code in (301, 302, 303, 307, 308):
            chain.redirected(request, number)
        return response


class _Within:
    """The context of what httpx does for a request (send it, read a piece of the
    answer): the request's end current, so that every connect, read and write
    waits at most the time left, and a transport failure that came of the
    deadline passing raised as the timeout error."""

    def __init__(self, admission: _Admission, end: float) -> None:
        self._admission = admission
        self._end = end

    def __enter__(self) -> None:
        self._token = current_end.set(self._end)

    def __exit__(self, kind: object, exc: BaseException | None, tb: object) -> None:
        current_end.reset(self._token)
        if isinstance(exc, (httpx.TransportError, OSError)):
            self._admission.failed_as(exc, self._end)


class _Body(httpx.SyncByteStream):
    """An answer's body as the client reads it: each read within the request's
    deadline, the whole within ``max_bytes`` (refused beyond, not truncated)."""

    def __init__(self, inner: httpx.SyncByteStream, admission: _Admission, end: float) -> None:
        self._inner = inner
        self._admission = admission
        self._within = admission.within(end)

    def __iter__(self) -> Iterator[bytes]:
        chunks = iter(self._inner)
        size = 0
        while True:
            with self._within:
                chunk = next(chunks, None)
            if chunk is None:
                return
            size += len(chunk)
            self._admission.check_body(size, None)
            yield chunk

    def close(self) -> None:
        self._inner.close()


class _AsyncBody(httpx.AsyncByteStream):
    """The async twin of :class:`_Body`."""

    def __init__(self, inner: httpx.AsyncByteStream, admission: _Admission, end: float) -> None:
        self._inner = inner
        self._admission = admission
        self._within = admission.within(end)

    async def __aiter__(self) -> AsyncIterator[bytes]:
        chunks = aiter(self._inner)
        size = 0
        while True:
            with self._within:
                chunk = await anext(chunks, None)
            if chunk is None:
                return
            size += len(chunk)
            self._admission.check_body(size, None)
            yield chunk

    async def aclose(self) -> None:
        await self._inner.aclose()


class _Guarded(GuardedClient):
    """What both transports do when made: refuse the options that would bypass the
    guard, keep the settings (in an :class:`_Admission`) and put in place of
    httpx's connection pool one pool per checked key (:attr:`_POOLS`)."""

    _POOLS: type[_Pools] | type[_AsyncPools]
    _pool: Any

    def _refuse(self, options: dict[str, Any]) -> None:
        _guarded_options(type(self).__name__, options)

    def _take(self, settings: Settings) -> None:
        self._admission = _Admission(settings)
        self._pool = cast(Any, self._POOLS(self._pool))


class HTTPTransport(_Guarded, httpx.HTTPTransport):
    """An ``httpx.HTTPTransport`` that checks and pins every request.

    ``policy`` (default :meth:`Policy.ssrf() <urikit.security.Policy.ssrf>`),
    ``resolver`` (``host -> addresses``, default the system's) and
    ``max_redirects`` (a request that is the target of more redirects raises
    ``URIError`` with ``reason == "too-many-redirects"``); ``timeout`` bounds
    the whole request, every redirect, name lookup and the body included
    (:class:`~urikit.guard.FetchError` when it passes; httpx's own timeouts
    still bound each operation); both hold however httpx rewrote the
    redirects' URLs, and for ``response.next_request`` sent by hand. A body
    over ``max_bytes`` is refused, not truncated (reading it raises
    :class:`~urikit.guard.FetchError`), and is read within the deadline. The
    other keyword arguments are httpx's (``verify``,
    ``cert``, ``http2``, ``limits``, ...), except ``proxy`` and ``uds``, which
    would connect elsewhere than checked. Connections are kept alive in pools
    keyed by what was checked (scheme, host name, port, checked addresses;
    ``limits`` applies to each pool): a connection serves only requests
    admitted to the same addresses, and an idempotent request that went out on
    a pooled connection the server had closed is sent again on a new one.

    >>> import httpx
    >>> from urikit.guard import Blocked, HTTPTransport
    >>> with httpx.Client(transport=HTTPTransport()) as client:
    ...     try:
    ...         client.get("http://[::1]/")
    ...     except Blocked as err:
    ...         print(err.reason, err.hop)
    private-address 0
    """

    _POOLS = _Pools

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        chain, number, end = self._admission.admit(request)
        with self._admission.within(end):
            response = super().handle_request(request)
        try:
            self._admission.check_body(0, response.headers.get("content-length"))
        except FetchError:
            response.close()
            raise
        return self._admission.answered(request, chain, number, response, end)


class AsyncHTTPTransport(_Guarded, httpx.AsyncHTTPTransport):
    """The async :class:`HTTPTransport`, for ``httpx.AsyncClient(transport=...)``.

    The resolver is called in a worker thread, so that a slow lookup does not
    hold the event loop.
    """

    _POOLS = _AsyncPools

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        chain, number, end = await _admit_async(self._admission, request)
        with self._admission.within(end):
            response = await super().handle_async_request(request)
        try:
            self._admission.check_body(0, response.headers.get("content-length"))
        except FetchError:
            await response.aclose()
            raise
        return self._admission.answered(request, chain, number, response, end)


async def _admit_async(admission: _Admission, request: httpx.Request) -> tuple[Chain, int, float]:
    """``admission.admit(request)``, in a worker thread when it may ask the
    resolver (a host that is an IP literal is admitted on the event loop)."""
    from ._gate import _literal

    if _literal(request.url.host if ":" not in request.url.host else f"[{request.url.host}]"):
        return admission.admit(request)
    import anyio.to_thread

    return await anyio.to_thread.run_sync(admission.admit, request)
