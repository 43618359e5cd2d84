"""A guarded ``requests.Session`` (extra ``[requests]``): every request and redirect checked.

requests follows redirects itself and sends every hop through the session's
adapter; the adapter here admits it (the URL as requests prepared it, checked
under the policy; the host resolved once; every address checked) and sends it
through a urllib3 pool keyed by what was checked: scheme, host name, port, the
TLS settings (urllib3's own pool key) and the checked addresses, whose
connections dial only those addresses. A connection is thus reused only by a
request admitted to the same addresses (the policy is the adapter's: each
adapter has pools of its own). The TLS server name and certificate check are
urllib3's, with the URL's host name.

The session links each request it builds for a redirect to the answer it
follows (``Session.rebuild_method`` is given both), so that the adapter counts
the hop and keeps the first request's deadline whatever URL requests made of
the ``Location``.

A :class:`~urikit.guard.Blocked` counts its positions in the URL as requests
prepared it (``err.text == err.url``): requests has rewritten the caller's URL
and resolved the ``Location`` before the adapter sees the request.
"""

from __future__ import annotations

import collections
import contextvars
import functools
import socket
import threading
import time
import weakref
from collections.abc import Mapping
from typing import Any, cast

import requests
import urllib3
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import ConnectTimeoutError, NewConnectionError
from urllib3.poolmanager import PoolKey, _default_key_normalizer
from urllib3.util import connection as _connection

from ..security import Policy
from ._gate import (
    MAX_BYTES,
    GuardedClient,
    Hop,
    Memo,
    Resolver,
    Settings,
    admit,
    check_body_size,
    check_declared_size,
    checked_settings,
    timed_out,
    too_many_redirects,
)
from ._pins import (
    IDEMPOTENT,
    MAX_REPLAYS,
    WATCHDOG,
    Attempt,
    Chain,
    count_connection,
    current_attempt,
    current_watch,
    host_key,
)

__all__ = ["GuardedAdapter", "session"]

#: The chain of every request a guarded adapter sent or a guarded session built
#: for a redirect (held as long as the request is).
_chains: weakref.WeakKeyDictionary[requests.PreparedRequest, Chain] = weakref.WeakKeyDictionary()
_chains_lock = threading.Lock()


def _refuse_proxies(proxies: Mapping[str, Any] | None, where: str) -> None:
    """``ValueError`` when ``proxies`` names a proxy: the guard would not use it
    (a proxy connects elsewhere than checked), and is not to ignore it silently."""
    # the keys only: a proxy URL may hold a password
    named = sorted(str(k) for k, v in (proxies or {}).items() if v and k != "no_proxy")
    if named:
        raise ValueError(
            f"urikit.guard: {where} (for {', '.join(map(repr, named))}): a guarded session"
            " connects to the checked addresses only, never through a proxy"
        )


#: urllib3's pool key with the checked addresses added.
_PinnedPoolKey = collections.namedtuple(  # type: ignore[misc]
    "_PinnedPoolKey", (*PoolKey._fields, "key_urikit_addresses")
)
_KEY_FN = functools.partial(_default_key_normalizer, cast(Any, _PinnedPoolKey))

#: The hop being sent in this thread (read where requests picks the pool).
_current_hop: contextvars.ContextVar[Hop | None] = contextvars.ContextVar(
    "urikit_guard_hop", default=None
)


def _pinned_conn(self: Any) -> socket.socket:
    """urllib3's ``_new_conn``, connecting to the checked addresses only."""
    addresses = self.urikit_addresses
    if not addresses:
        raise NewConnectionError(self, f"urikit.guard: {self.host}:{self.port} was not admitted")
    count_connection()
    error: Exception | None = None
    for address in addresses:
        try:
            sock = _connection.create_connection(
                (address, self.port),
                self.timeout,
                source_address=self.source_address,
                socket_options=self.socket_options,
            )
        except TimeoutError as exc:
            raise ConnectTimeoutError(self, f"connecting to {address} timed out") from exc
        except OSError as exc:
            error = exc
        else:
            return sock
    raise NewConnectionError(self, f"Failed to establish a new connection: {error}")


class _PinnedHTTPConnection(HTTPConnection):
    """A urllib3 connection that dials its pool's checked addresses only."""

    def __init__(self, *args: Any, urikit_addresses: tuple[str, ...] = (), **kwargs: Any) -> None:
        self.urikit_addresses = urikit_addresses
        super().__init__(*args, **kwargs)

    def _new_conn(self) -> socket.socket:
        return _pinned_conn(self)


class _PinnedHTTPSConnection(_PinnedHTTPConnection, HTTPSConnection):
    """The TLS twin of :class:`_PinnedHTTPConnection`: its dialing (first in the
    method order), urllib3's TLS."""


def _watched(conn: Any) -> Any:
    watch = current_watch.get()
    if watch is not None and conn is not None:
        watch.add(conn)
    return conn


class _PinnedHTTPPool(HTTPConnectionPool):
    """A pool whose connections are pinned, each watched by the request using it."""

    ConnectionCls = _PinnedHTTPConnection

    def _get_conn(self, timeout: float | None = None) -> Any:
        return _watched(super()._get_conn(timeout))


class _PinnedHTTPSPool(HTTPSConnectionPool):
    """The TLS twin of :class:`_PinnedHTTPPool`."""

    ConnectionCls = _PinnedHTTPSConnection

    def _get_conn(self, timeout: float | None = None) -> Any:
        return _watched(super()._get_conn(timeout))


def _timeouts(given: object, left: float) -> object:
    """requests' ``timeout`` (None, seconds or a pair), each cut to ``left``."""
    if given is None:
        return (left, left)
    if isinstance(given, int | float) and not isinstance(given, bool):
        return min(float(given), left)
    if isinstance(given, tuple) and len(given) == 2:
        return tuple(left if t is None else min(float(t), left) for t in given)
    return given


def _replayable(request: requests.PreparedRequest) -> bool:
    return (request.method or "").upper() in IDEMPOTENT and (
        request.body is None or isinstance(request.body, bytes | str)
    )


class GuardedAdapter(GuardedClient, HTTPAdapter):
    """An ``HTTPAdapter`` that admits every request before sending it and whose
    connections go to checked addresses only (see :func:`session`)."""

    def _take(self, settings: Settings) -> None:
        self.policy = settings.policy
        self.resolver = settings.resolver
        self.max_redirects = settings.max_redirects
        self.timeout = settings.timeout
        self.max_bytes = settings.max_bytes
        self._memo: dict[str, Memo] = {}
        self._memo_policy = self.policy

    def init_poolmanager(
        self, connections: int, maxsize: int, block: bool = False, **pool_kwargs: Any
    ) -> None:
        super().init_poolmanager(connections, maxsize, block, **pool_kwargs)
        self.poolmanager.pool_classes_by_scheme = {
            "http": _PinnedHTTPPool,
            "https": _PinnedHTTPSPool,
        }
        self.poolmanager.key_fn_by_scheme = {"http": _KEY_FN, "https": _KEY_FN}

    def build_connection_pool_key_attributes(
        self, request: requests.PreparedRequest, verify: Any, cert: Any = None
    ) -> Any:
        # the pool key gets the checked addresses: a pool per (scheme, host, port,
        # TLS settings, addresses), whose connections dial those addresses only
        host_params, pool_kwargs = super().build_connection_pool_key_attributes(
            request, verify, cert
        )
        hop = _current_hop.get()
        host, port = host_params.get("host") or "", host_params.get("port")
        if (
            hop is None
            or (host_params.get("scheme") or "").lower() != hop.scheme
            or host_key(host) != host_key(hop.host)
            or (port if port is not None else hop.port) != hop.port
        ):
            addresses: tuple[str, ...] = ()  # not what was admitted: nothing to dial
        else:
            addresses = hop.addresses
        return host_params, {**cast(dict[str, Any], pool_kwargs), "urikit_addresses": addresses}

    def proxy_manager_for(self, proxy: str, **proxy_kwargs: Any) -> Any:
        raise requests.exceptions.InvalidProxyURL(
            f"urikit.guard: no proxies ({proxy!r} would connect elsewhere than checked)"
        )

    def send(self, request: requests.PreparedRequest, *args: Any, **kwargs: Any) -> Any:
        # requests passes them as keywords (the session's, the request's and, with
        # trust_env, the environment's, merged)
        _refuse_proxies(kwargs.get("proxies"), "refusing the proxies")
        url = request.url or ""
        with _chains_lock:
            chain = _chains.get(request)
            number = None if chain is None else chain.next_hop(request)
            if chain is None or number is None:
                chain, number = Chain(self.timeout), 0
                _chains[request] = chain
        end = chain.end
        if number > self.max_redirects:
            raise too_many_redirects(url, number, self.max_redirects)
        if end - time.monotonic() <= 0:
            raise timed_out(self.timeout)
        if self._memo_policy is not self.policy:  # the verdicts were another policy's
            self._memo, self._memo_policy = {}, self.policy
        hop = admit(
            url,
            policy=self.policy,
            resolver=self.resolver,
            hop=number,
            time_left=lambda: max(end - time.monotonic(), 0.0),
            memo=self._memo,
            client="urllib3",  # the prepared URL as requests' adapter reads it
        )
        kwargs["proxies"] = {}
        kwargs["stream"] = True  # the body is read here, within the deadline and the limit
        watch = WATCHDOG.watch(end)
        watch_token = current_watch.set(watch)
        hop_token = _current_hop.set(hop)
        try:
            response = self._send(request, end, args, kwargs)
            try:
                check_declared_size(self.max_bytes, response.headers.get("content-length"))
                body = bytearray()
                for chunk in response.raw.stream(65536, decode_content=True):
                    body += chunk
                    check_body_size(self.max_bytes, received=len(body))
            finally:
                response.close()
        except (requests.RequestException, OSError, urllib3.exceptions.HTTPError) as exc:
            if watch.fired or time.monotonic() >= end:
                raise timed_out(self.timeout) from exc
            raise
        finally:
            watch.done()
            _current_hop.reset(hop_token)
            current_watch.reset(watch_token)
        response._content = bytes(body)
        response._content_consumed = True  # type: ignore[attr-defined]
        if response.status_code in (301, 302, 303, 307, 308):
            with _chains_lock:
                chain.redirected(request, number)
        return response

    def _send(
        self,
        request: requests.PreparedRequest,
        end: float,
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
    ) -> requests.Response:
        """``HTTPAdapter.send``, again on a new connection when an idempotent
        request went out on a pooled connection the server had closed."""
        given = kwargs.get("timeout")
        tries = 0
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise timed_out(self.timeout)
            kwargs["timeout"] = _timeouts(given, left)
            attempt = Attempt()
            token = current_attempt.set(attempt)
            try:
                return super().send(request, *args, **kwargs)
            except requests.exceptions.ConnectionError:
                if attempt.opened or tries >= MAX_REPLAYS or not _replayable(request):
                    raise
                tries += 1
            finally:
                current_attempt.reset(token)


class _GuardedSession(requests.Session):
    """A ``requests.Session`` that hands a request's chain (deadline, hop count) to
    the request it builds for a redirect."""

    def rebuild_method(
        self, prepared_request: requests.PreparedRequest, response: requests.Response
    ) -> None:
        # called once for every redirect followed, with the answer and the next request
        with _chains_lock:
            chain = _chains.get(response.request)
            if chain is not None:
                _chains[prepared_request] = chain
        super().rebuild_method(prepared_request, response)


def session(
    policy: Policy | None = None,
    resolver: Resolver | None = None,
    *,
    max_redirects: int = 5,
    timeout: float = 10.0,
    max_bytes: int = MAX_BYTES,
    proxies: Mapping[str, str | None] | None = None,
) -> requests.Session:
    """A ``requests.Session`` whose adapters check and pin every request and redirect.

    ``policy`` defaults to :meth:`Policy.ssrf() <urikit.security.Policy.ssrf>`;
    ``resolver`` (``host -> addresses``) to the system's. ``timeout`` bounds each
    whole request with its redirects and bodies (:class:`~urikit.guard.FetchError`
    when it passes); a body over ``max_bytes`` is refused, not truncated (bodies
    are read by the adapter, also with ``stream=True``); a request that is the
    target of more than ``max_redirects`` redirects raises ``URIError`` with
    ``reason == "too-many-redirects"``; both hold however requests rewrote
    the redirects' URLs.

    Connections are kept alive in urllib3 pools keyed by scheme, host, port,
    TLS settings and the checked addresses: a connection serves only requests
    admitted to the same addresses, and an idempotent request that went out on
    a pooled connection the server had closed is sent again on a new one.

    Proxies are not used: a proxy would connect elsewhere than what was
    checked. ``trust_env`` is off, and a proxy named anywhere (``proxies``
    here, ``proxies=`` given to a request, the session's ``proxies``, or the
    environment's once ``trust_env`` is turned on) raises ``ValueError``
    instead of being ignored.

    >>> from urikit.guard import Blocked, session
    >>> try:
    ...     session().get("http://10.0.0.1/")
    ... except Blocked as err:
    ...     print(err.reason)
    private-address
    >>> try:
    ...     session().get("http://example.org/", proxies={"http": "http://u:pw@proxy.test:3128"})
    ... except ValueError as err:
    ...     print(str(err).split(": a guarded")[0])
    urikit.guard: refusing the proxies (for 'http')
    """
    settings = checked_settings(
        "session",
        policy=policy,
        resolver=resolver,
        timeout=timeout,
        max_redirects=max_redirects,
        max_bytes=max_bytes,
    )
    _refuse_proxies(proxies, "session() does not take proxies")
    s = _GuardedSession()
    s.trust_env = False
    s.max_redirects = settings.max_redirects + 1  # the adapter raises first, with its own error
    adapter = GuardedAdapter(
        policy=settings.policy,
        resolver=settings.resolver,
        max_redirects=settings.max_redirects,
        timeout=settings.timeout,
        max_bytes=settings.max_bytes,
    )
    s.mount("http://", adapter)
    s.mount("https://", adapter)
    s.mount("", adapter)  # any other scheme reaches the adapter too, which refuses it
    return s
