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
"""

from __future__ import annotations

import collections
import threading
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any, cast

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


class _PinnedBackend(httpcore.NetworkBackend):
    """A network backend for one pool: it connects to that pool's host and port
    only, at its checked addresses only."""

    def __init__(self, key: _Key) -> None:
        self._key = key
        self._real = httpcore.SyncBackend()

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Any = None,
    ) -> httpcore.NetworkStream:
        _, name, pinned_port, addresses = self._key
        if (host_key(host), port) != (name, pinned_port) or not addresses:
            raise _refused(host, port)
        count_connection()
        error: Exception = _refused(host, port)
        for address in addresses:
            try:
                stream = self._real.connect_tcp(
                    address,
                    port,
                    _left(timeout, httpcore.ConnectTimeout),
                    local_address,
                    socket_options,
                )
            except httpcore.ConnectError as exc:
                error = exc
            else:
                return _TimedStream(stream)
        raise error

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
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Any = None,
    ) -> httpcore.AsyncNetworkStream:
        _, name, pinned_port, addresses = self._key
        if (host_key(host), port) != (name, pinned_port) or not addresses:
            raise _refused(host, port)
        count_connection()
        error: Exception = _refused(host, port)
        for address in addresses:
            try:
                stream = await self._real.connect_tcp(
                    address,
                    port,
                    _left(timeout, httpcore.ConnectTimeout),
                    local_address,
                    socket_options,
                )
            except httpcore.ConnectError as exc:
                error = exc
            else:
                return _AsyncTimedStream(stream)
        raise error

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


class _Pools:
    """Stands in for the transport's httpcore pool: one pool per :data:`_Key`, each
    request sent through the pool of what was checked for it."""

    def __init__(self, template: httpcore.ConnectionPool) -> None:
        self._settings = _settings(template)
        self._lock = threading.Lock()
        self._pools: collections.OrderedDict[_Key, httpcore.ConnectionPool] = (
            collections.OrderedDict()
        )

    def _pool(self, key: _Key) -> tuple[httpcore.ConnectionPool, list[httpcore.ConnectionPool]]:
        with self._lock:
            pool = self._pools.get(key)
            if pool is None:
                pool = httpcore.ConnectionPool(
                    network_backend=_PinnedBackend(key), **self._settings
                )
                self._pools[key] = pool
            self._pools.move_to_end(key)
            return pool, _spare(self._pools)

    def handle_request(self, request: httpcore.Request) -> httpcore.Response:
        hop = request.extensions.get(_HOP)
        if not isinstance(hop, Hop):
            raise _refused(request.url.host.decode("ascii", "replace"), request.url.port or 0)
        pool, spare = self._pool(_key(hop))
        for old in spare:
            old.close()
        tries = 0
        while True:
            attempt = Attempt()
            token = current_attempt.set(attempt)
            try:
                return pool.handle_request(request)
            except _DROPPED as exc:
                if not _replayable(request, exc, attempt, tries):
                    raise
                tries += 1
            finally:
                current_attempt.reset(token)

    def close(self) -> None:
        with self._lock:
            pools = list(self._pools.values())
            self._pools.clear()
        for pool in pools:
            pool.close()

    def __enter__(self) -> _Pools:
        return self

    def __exit__(self, *args: object) -> None:
        self.close()


class _AsyncPools:
    """The async twin of :class:`_Pools`."""

    def __init__(self, template: httpcore.AsyncConnectionPool) -> None:
        self._settings = _settings(template)
        self._lock = threading.Lock()
        self._pools: collections.OrderedDict[_Key, httpcore.AsyncConnectionPool] = (
            collections.OrderedDict()
        )

    def _pool(
        self, key: _Key
    ) -> tuple[httpcore.AsyncConnectionPool, list[httpcore.AsyncConnectionPool]]:
        with self._lock:
            pool = self._pools.get(key)
            if pool is None:
                pool = httpcore.AsyncConnectionPool(
                    network_backend=_AsyncPinnedBackend(key), **self._settings
                )
                self._pools[key] = pool
            self._pools.move_to_end(key)
            return pool, _spare(self._pools)

    async def handle_async_request(self, request: httpcore.Request) -> httpcore.Response:
        hop = request.extensions.get(_HOP)
        if not isinstance(hop, Hop):
            raise _refused(request.url.host.decode("ascii", "replace"), request.url.port or 0)
        pool, spare = self._pool(_key(hop))
        for old in spare:
            await old.aclose()
        tries = 0
        while True:
            attempt = Attempt()
            token = current_attempt.set(attempt)
            try:
                return await pool.handle_async_request(request)
            except _DROPPED as exc:
                if not _replayable(request, exc, attempt, tries):
                    raise
                tries += 1
            finally:
                current_attempt.reset(token)

    async def aclose(self) -> None:
        with self._lock:
            pools = list(self._pools.values())
            self._pools.clear()
        for pool in pools:
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


class _Body(httpx.SyncByteStream):
    """An answer's body as the client reads it: each read within the request's
    deadline, the whole within ``max_bytes`` (refused beyond, not truncated)."""

    def __init__(self, inner: httpx.SyncByteStream, admission: _Admission, end: float) -> None:
        self._inner = inner
        self._admission = admission
        self._end = end

    def __iter__(self) -> Iterator[bytes]:
        chunks = iter(self._inner)
        size = 0
        while True:
            token = current_end.set(self._end)
            try:
                chunk = next(chunks, None)
            except (httpx.TransportError, OSError) as exc:
                self._admission.failed_as(exc, self._end)
                raise
            finally:
                current_end.reset(token)
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
        self._end = end

    async def __aiter__(self) -> AsyncIterator[bytes]:
        chunks = aiter(self._inner)
        size = 0
        while True:
            token = current_end.set(self._end)
            try:
                chunk = await anext(chunks, None)
            except (httpx.TransportError, OSError) as exc:
                self._admission.failed_as(exc, self._end)
                raise
            finally:
                current_end.reset(token)
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
        token = current_end.set(end)
        try:
            response = super().handle_request(request)
        except (httpx.TransportError, OSError) as exc:
            self._admission.failed_as(exc, end)
            raise
        finally:
            current_end.reset(token)
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
        token = current_end.set(end)
        try:
            response = await super().handle_async_request(request)
        except (httpx.TransportError, OSError) as exc:
            self._admission.failed_as(exc, end)
            raise
        finally:
            current_end.reset(token)
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
