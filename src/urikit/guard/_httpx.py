"""Guarded transports for httpx (extra ``[httpx]``): every request and redirect checked and pinned.

``httpx.Client(transport=HTTPTransport(policy=...))``: httpx follows redirects
itself and hands every hop to the transport, which admits it (the URL as httpx
will send it, checked under the policy; the host resolved once; every address
checked) and then lets httpcore connect, through a network backend that dials
only the checked addresses of that host. TLS (server name and certificate) is
httpcore's, with the URL's host name.

httpx builds the request for a redirect with the extensions of the request
that was redirected; the transport keeps the request's chain (its deadline and
hop count) there, so that it knows each hop whatever URL httpx made of the
``Location``.
"""

from __future__ import annotations

import time
from typing import Any

import httpcore
import httpx

from ..security import Policy
from ._gate import (
    MAX_BYTES,
    Hop,
    Resolver,
    admit,
    check_body_size,
    timed_out,
    too_many_redirects,
)
from ._pins import Chain, Pins, Watchdog, current_watchdog

#: No connection is kept for another request: each one is made to the addresses
#: checked for that request, and watched by that request's deadline.
_NO_KEEPALIVE = httpx.Limits(max_connections=100, max_keepalive_connections=0)

__all__ = ["AsyncHTTPTransport", "HTTPTransport"]

#: The request extension that carries a request's :class:`Chain` to its redirects.
_CHAIN = "urikit.guard.chain"


def _refused(host: str, port: int) -> httpcore.ConnectError:
    return httpcore.ConnectError(f"urikit.guard: {host}:{port} was not admitted; not connecting")


def _watch(sock: Any) -> None:
    watchdog = current_watchdog.get()
    if watchdog is not None and sock is not None:
        watchdog.add(sock)


class _PinnedBackend(httpcore.NetworkBackend):
    """A network backend that connects to the checked addresses of a host only."""

    def __init__(self, pins: Pins) -> None:
        self._pins = pins
        self._real = httpcore.SyncBackend()

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Any = None,
    ) -> httpcore.NetworkStream:
        addresses = self._pins.addresses(host, port)
        if not addresses:
            raise _refused(host, port)
        error: Exception = _refused(host, port)
        for address in addresses:
            try:
                stream = self._real.connect_tcp(
                    address, port, timeout, local_address, socket_options
                )
            except httpcore.ConnectError as exc:
                error = exc
            else:
                _watch(stream.get_extra_info("socket"))
                return stream
        raise error

    def connect_unix_socket(self, *args: Any, **kwargs: Any) -> httpcore.NetworkStream:
        raise httpcore.ConnectError("urikit.guard: no Unix sockets")

    def sleep(self, seconds: float) -> None:
        self._real.sleep(seconds)


class _AsyncPinnedBackend(httpcore.AsyncNetworkBackend):
    """The async twin of :class:`_PinnedBackend`."""

    def __init__(self, pins: Pins) -> None:
        self._pins = pins
        self._real = httpcore.AnyIOBackend()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Any = None,
    ) -> httpcore.AsyncNetworkStream:
        addresses = self._pins.addresses(host, port)
        if not addresses:
            raise _refused(host, port)
        error: Exception = _refused(host, port)
        for address in addresses:
            try:
                stream = await self._real.connect_tcp(
                    address, port, timeout, local_address, socket_options
                )
            except httpcore.ConnectError as exc:
                error = exc
            else:
                _watch(stream.get_extra_info("socket"))
                return stream
        raise error

    async def connect_unix_socket(self, *args: Any, **kwargs: Any) -> httpcore.AsyncNetworkStream:
        raise httpcore.ConnectError("urikit.guard: no Unix sockets")

    async def sleep(self, seconds: float) -> None:
        await self._real.sleep(seconds)


def _guarded_options(transport: str, kwargs: dict[str, Any]) -> None:
    """Refuse the httpx options that would connect elsewhere than checked (``proxy``,
    ``uds``); no keep-alive unless ``limits`` is given."""
    for name in ("proxy", "uds"):
        if kwargs.get(name) is not None:
            raise TypeError(f"{transport}() does not take {name!r}: it would bypass the guard")
    kwargs.setdefault("limits", _NO_KEEPALIVE)


class _Admission:
    """What both transports do around each request httpx sends."""

    def __init__(
        self,
        policy: Policy | None,
        resolver: Resolver | None,
        max_redirects: int,
        timeout: float,
        max_bytes: int,
    ) -> None:
        self.policy = Policy.ssrf() if policy is None else policy
        self.resolver = resolver
        self.max_redirects = max_redirects
        self.timeout = timeout
        self.max_bytes = max_bytes
        self.pins = Pins()

    def admit(self, request: httpx.Request) -> tuple[Chain, int, Watchdog]:
        url = str(request.url)
        chain = request.extensions.get(_CHAIN)
        number = chain.next_hop(request) if isinstance(chain, Chain) else None
        if not isinstance(chain, Chain) or number is None:
            chain, number = Chain(self.timeout), 0
            request.extensions[_CHAIN] = chain
        end = chain.end
        if number > self.max_redirects:
            raise too_many_redirects(url, number, self.max_redirects)
        left = end - time.monotonic()
        if left <= 0:
            raise timed_out(self.timeout)
        hop: Hop = admit(
            url,
            policy=self.policy,
            resolver=self.resolver,
            hop=number,
            time_left=lambda: max(end - time.monotonic(), 0.0),
        )
        self.pins.pin(hop)
        return chain, number, Watchdog(end - time.monotonic())

    def check_body(self, size: int, declared: str | None) -> None:
        length = int(declared) if declared is not None and declared.isdigit() else None
        check_body_size(self.max_bytes, declared=length, received=size)

    def answered(
        self,
        request: httpx.Request,
        chain: Chain,
        number: int,
        response: httpx.Response,
        body: bytes,
    ) -> httpx.Response:
        if response.status_code in (301, 302, 303, 307, 308):
            chain.redirected(request, number)
        return httpx.Response(
            response.status_code,
            headers=response.headers,
            content=body,
            extensions=response.extensions,
        )


class HTTPTransport(httpx.HTTPTransport):
    """An ``httpx.HTTPTransport`` that checks and pins every request.

    ``policy`` (default :meth:`Policy.ssrf() <urikit.security.Policy.ssrf>`),
    ``resolver`` (``host -> addresses``, default the system's) and
    ``max_redirects`` (a request that is the target of more redirects raises
    ``URIError`` with ``reason == "too-many-redirects"``); ``timeout`` bounds
    the whole request, every redirect, name lookup and the body included
    (:class:`~urikit.guard.FetchError` when it passes; httpx's own timeouts
    still bound each operation); both hold however httpx rewrote the
    redirects' URLs, and for ``response.next_request`` sent by hand. A body
    over ``max_bytes`` is refused, not truncated (the body is read by the
    transport). The other keyword arguments are httpx's (``verify``,
    ``cert``, ``http2``, ``limits``, ...), except ``proxy`` and ``uds``, which
    would connect elsewhere than checked; connections are not kept alive by
    default, so that each is made to the addresses checked for its request.

    >>> import httpx
    >>> from urikit.guard import Blocked, HTTPTransport
    >>> with httpx.Client(transport=HTTPTransport()) as client:
    ...     try:
    ...         client.get("http://[::1]/")
    ...     except Blocked as err:
    ...         print(err.reason, err.hop)
    private-address 0
    """

    def __init__(
        self,
        *,
        policy: Policy | None = None,
        resolver: Resolver | None = None,
        max_redirects: int = 5,
        timeout: float = 10.0,
        max_bytes: int = MAX_BYTES,
        **kwargs: Any,
    ) -> None:
        _guarded_options("HTTPTransport", kwargs)
        super().__init__(**kwargs)
        self._admission = _Admission(policy, resolver, max_redirects, timeout, max_bytes)
        self._pool._network_backend = _PinnedBackend(self._admission.pins)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        chain, number, watchdog = self._admission.admit(request)
        token = current_watchdog.set(watchdog)
        try:
            response = super().handle_request(request)
            try:
                body = bytearray()
                declared = response.headers.get("content-length")
                self._admission.check_body(0, declared)
                for chunk in response.iter_raw():
                    body += chunk
                    self._admission.check_body(len(body), None)
            finally:
                response.close()
        except (httpx.TransportError, OSError) as exc:
            if watchdog.fired:
                raise timed_out(self._admission.timeout) from exc
            raise
        finally:
            current_watchdog.reset(token)
            watchdog.cancel()
        return self._admission.answered(request, chain, number, response, bytes(body))


class AsyncHTTPTransport(httpx.AsyncHTTPTransport):
    """The async :class:`HTTPTransport`, for ``httpx.AsyncClient(transport=...)``.

    The resolver is called in a worker thread, so that a slow lookup does not
    hold the event loop.
    """

    def __init__(
        self,
        *,
        policy: Policy | None = None,
        resolver: Resolver | None = None,
        max_redirects: int = 5,
        timeout: float = 10.0,
        max_bytes: int = MAX_BYTES,
        **kwargs: Any,
    ) -> None:
        _guarded_options("AsyncHTTPTransport", kwargs)
        super().__init__(**kwargs)
        self._admission = _Admission(policy, resolver, max_redirects, timeout, max_bytes)
        self._pool._network_backend = _AsyncPinnedBackend(self._admission.pins)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        import anyio.to_thread

        chain, number, watchdog = await anyio.to_thread.run_sync(self._admission.admit, request)
        token = current_watchdog.set(watchdog)
        try:
            response = await super().handle_async_request(request)
            try:
                body = bytearray()
                declared = response.headers.get("content-length")
                self._admission.check_body(0, declared)
                async for chunk in response.aiter_raw():
                    body += chunk
                    self._admission.check_body(len(body), None)
            finally:
                await response.aclose()
        except (httpx.TransportError, OSError) as exc:
            if watchdog.fired:
                raise timed_out(self._admission.timeout) from exc
            raise
        finally:
            current_watchdog.reset(token)
            watchdog.cancel()
        return self._admission.answered(request, chain, number, response, bytes(body))
