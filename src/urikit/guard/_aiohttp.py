"""A guarded ``aiohttp.ClientSession`` (extra ``[aiohttp]``): every request and redirect checked.

The session follows redirects itself, one hop at a time (aiohttp's own
``_request`` is called with ``allow_redirects=False``): each hop is admitted
(the URL checked under the policy, the host resolved once through the guard's
resolver, every address checked), and the ``Location`` of a redirect is
resolved against the hop's URL (RFC 3986 section 5.2) and admitted like the
first request, so that a redirect to ``file:`` or to a private address is
refused as :class:`~urikit.guard.Blocked` before anything is sent there.

The admitted hop is current (a context variable) while aiohttp sends it. The
session's connector connects only for a request whose scheme, host and port
are the hop's, and its resolver answers the hop's checked addresses only (an IP
literal is the checked address itself); the pool key of a connection holds the
checked addresses, so that a pooled connection serves only requests admitted
to the same addresses. ``Host`` and the TLS server name and certificate check
are aiohttp's, with the URL's host name.
"""

from __future__ import annotations

import asyncio
import contextvars
import socket
import time
import warnings
from collections.abc import Mapping
from typing import Any, NamedTuple, cast

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult
from multidict import CIMultiDict
from yarl import URL

from ..security import Policy
from ._gate import (
    MAX_BYTES,
    Hop,
    LookupTimeout,
    Memo,
    Resolver,
    Settings,
    _literal,
    admit,
    check_body_size,
    check_declared_size,
    checked_settings,
    timed_out,
    too_many_redirects,
)
from ._pins import host_key
from ._urlopen import (
    REDIRECT_STATUSES,
    origin_changed,
    redirect_target,
    rewritten_method,
    without_credentials,
)

__all__ = ["aiohttp_session"]

#: The hop aiohttp is sending in this task (read by the connector and the resolver).
_current_hop: contextvars.ContextVar[Hop | None] = contextvars.ContextVar(
    "urikit_guard_aiohttp_hop", default=None
)

#: The session options that would connect elsewhere than checked.
_REFUSED = ("connector", "request_class", "proxy", "proxy_auth", "trust_env")


class _PinnedKey(NamedTuple):
    """aiohttp's ``ConnectionKey`` with the checked addresses added."""

    host: str
    port: int | None
    is_ssl: bool
    ssl: Any
    proxy: Any
    proxy_auth: Any
    proxy_headers_hash: int | None
    server_hostname: str | None
    addresses: tuple[str, ...]


class _PinnedRequest(aiohttp.ClientRequest):
    """A request whose pool key holds the addresses it was admitted to."""

    urikit_addresses: tuple[str, ...] = ()

    @property
    def connection_key(self) -> Any:
        return _PinnedKey(*super().connection_key, self.urikit_addresses)


def _not_admitted(host: str, port: int | None) -> aiohttp.ClientConnectionError:
    return aiohttp.ClientConnectionError(
        f"urikit.guard: {host}:{port} was not admitted; not connecting"
    )


class _PinnedResolver(AbstractResolver):
    """Resolves the current hop's host name to its checked addresses, and nothing else."""

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        hop = _current_hop.get()
        if hop is None or host_key(host) != host_key(hop.host):
            raise OSError(f"urikit.guard: {host} was not admitted; not resolving it")
        return [
            {
                "hostname": host,
                "host": address,
                "port": port,
                "family": socket.AF_INET6 if ":" in address else socket.AF_INET,
                "proto": 0,
                "flags": socket.AI_NUMERICHOST,
            }
            for address in hop.addresses
        ]

    async def close(self) -> None:
        pass


class _PinnedConnector(aiohttp.TCPConnector):
    """A ``TCPConnector`` that connects only for the hop being sent (its scheme,
    host and port, no proxy), through :class:`_PinnedResolver`."""

    async def connect(self, req: aiohttp.ClientRequest, *args: Any, **kwargs: Any) -> Any:
        hop = _current_hop.get()
        url = req.url
        host = url.raw_host or ""
        if (
            hop is None
            or req.proxy is not None
            or not isinstance(req, _PinnedRequest)
            or url.scheme.lower() != hop.scheme
            or host_key(host) != host_key(hop.host)
            or url.port != hop.port
        ):
            raise _not_admitted(host, url.port)
        req.urikit_addresses = hop.addresses
        return await super().connect(req, *args, **kwargs)


async def _admitted(
    settings: Settings, memo: dict[str, Memo], url: str, number: int, written: str, end: float
) -> Hop:
    """The hop ``url`` is admitted as; the resolver is asked in a worker thread
    (a host that is an IP literal is admitted on the event loop)."""

    def run() -> Hop:
        return admit(
            url,
            policy=settings.policy,
            resolver=settings.resolver,
            hop=number,
            time_left=lambda: max(end - time.monotonic(), 0.0),
            memo=memo,
            written=written,
            client="yarl",  # the URL as aiohttp reads it, checked against RFC 3986's reading
        )

    try:
        host = URL(url).raw_host or ""
    except ValueError:
        host = ""
    try:
        if not host or _literal(f"[{host}]" if ":" in host else host) is not None:
            return run()
        return await asyncio.to_thread(run)
    except LookupTimeout:
        raise timed_out(settings.timeout) from None


async def _read_body(response: aiohttp.ClientResponse, settings: Settings) -> None:
    """Read the body of ``response`` within ``max_bytes`` (refused beyond, not
    truncated), for ``response.read()`` to give."""
    check_declared_size(settings.max_bytes, response.headers.get("Content-Length"))
    body = bytearray()
    while chunk := await response.content.read(65536):
        body += chunk
        check_body_size(settings.max_bytes, received=len(body))
    response._body = bytes(body)


with warnings.catch_warnings():
    # aiohttp discourages subclassing its session; the guard needs its request loop
    warnings.simplefilter("ignore", DeprecationWarning)

    class GuardedSession(aiohttp.ClientSession):
        """An ``aiohttp.ClientSession`` that admits every hop (see :func:`aiohttp_session`)."""

        _urikit: tuple[Settings, dict[str, Memo], CIMultiDict[str]]

        async def _request(
            self,
            method: str,
            str_or_url: Any,
            *,
            allow_redirects: bool = True,
            proxy: Any = None,
            proxy_auth: Any = None,
            timeout: Any = None,
            params: Any = None,
            data: Any = None,
            headers: Any = None,
            auth: Any = None,
            **kwargs: Any,
        ) -> aiohttp.ClientResponse:
            settings, memo, defaults = self._urikit
            if proxy is not None or proxy_auth is not None:
                raise ValueError(
                    "urikit.guard: refusing the proxy: a guarded session connects to the"
                    " checked addresses only, never through a proxy"
                )
            end = time.monotonic() + settings.timeout
            if isinstance(str_or_url, str) and self._base_url is None:
                current = str_or_url  # checked as written (yarl would re-encode it)
            else:
                current = str(self._build_url(str_or_url))
            if params:
                current = str(URL(current.strip(), encoded=True).extend_query(params))
            written = current
            given: CIMultiDict[str] = CIMultiDict(headers or {})
            # the session's headers are merged here, so that credentials among them
            # are not sent on to another origin either
            sent = CIMultiDict((k, v) for k, v in defaults.items() if k not in given)
            sent.extend(given)
            method = method.upper()
            history: list[aiohttp.ClientResponse] = []
            previous: Hop | None = None
            number = 0
            while True:
                hop = await _admitted(settings, memo, current, number, written, end)
                if previous is not None and origin_changed(previous, hop):
                    sent = CIMultiDict(without_credentials(sent))
                    auth = None
                left = end - time.monotonic()
                if left <= 0:
                    raise timed_out(settings.timeout)
                token = _current_hop.set(hop)
                try:
                    async with asyncio.timeout(left):
                        response = await super()._request(
                            method,
                            URL(hop.url, encoded=True),
                            allow_redirects=False,
                            timeout=aiohttp.ClientTimeout(total=left),
                            data=data,
                            headers=sent,
                            auth=auth,
                            **kwargs,
                        )
                        location = response.headers.get("Location")
                        redirect = (
                            allow_redirects
                            and response.status in REDIRECT_STATUSES
                            and location is not None
                        )
                        if not redirect:
                            try:
                                await _read_body(response, settings)
                            except BaseException:
                                response.close()
                                raise
                except TimeoutError as exc:
                    if time.monotonic() >= end - 0.01:
                        raise timed_out(settings.timeout) from exc
                    raise
                finally:
                    _current_hop.reset(token)
                if not redirect or location is None:
                    response._history = tuple(history)
                    return response
                history.append(response)
                response.release()
                target = redirect_target(hop, location, settings.policy, number + 1)
                if number >= settings.max_redirects:
                    raise too_many_redirects(
                        target, number + 1, settings.max_redirects, written=location
                    )
                rewritten = rewritten_method(response.status, method)
                if rewritten is not None:
                    method, data = rewritten, None
                    for name in ("Content-Type", "Content-Length", "Transfer-Encoding"):
                        sent.popall(name, None)
                previous, current, written = hop, target, location
                number += 1


def aiohttp_session(
    policy: Policy | None = None,
    resolver: Resolver | None = None,
    *,
    max_redirects: int = 5,
    timeout: float = 10.0,
    max_bytes: int = MAX_BYTES,
    **session_options: Any,
) -> aiohttp.ClientSession:
    """An ``aiohttp.ClientSession`` that checks and pins every request and redirect.

    ``policy`` defaults to :meth:`Policy.ssrf() <urikit.security.Policy.ssrf>`;
    ``resolver`` (``host -> addresses``, called in a worker thread) to the
    system's. Each hop is checked under the policy, its host resolved once and
    every address checked; the connection goes to a checked address, with
    ``Host`` and the TLS server name the URL's host. The session follows
    redirects itself (``allow_redirects=False`` returns the redirect): each
    ``Location`` is resolved against the hop's URL and checked like the first
    request; a request that would take more than ``max_redirects`` raises
    ``URIError`` with ``reason == "too-many-redirects"``. ``timeout`` bounds the
    whole request, its redirects, name lookups and body
    (:class:`~urikit.guard.FetchError`); the body is read before the response
    is returned, and one over ``max_bytes`` is refused, not truncated.

    The other keywords are ``aiohttp.ClientSession``'s (``headers``,
    ``cookie_jar``, ``raise_for_status``, ...), except ``connector``,
    ``request_class``, ``proxy``, ``proxy_auth`` and ``trust_env``, which would
    connect elsewhere than checked (``TypeError``); ``connector_options`` are
    given to the session's ``TCPConnector`` (``limit``, ``ssl``, ...). A
    request given ``proxy=`` raises ``ValueError``. ``Authorization``, ``Cookie``
    and ``Proxy-Authorization`` headers (the session's ``headers`` and the
    request's) are not sent on to another origin. Connections are kept alive
    in aiohttp's pool, keyed also by the checked addresses.

    Call it inside a running event loop, and close the session (``async with``):

    >>> import asyncio
    >>> from urikit.guard import Blocked, aiohttp_session
    >>> async def main():
    ...     async with aiohttp_session() as session:
    ...         try:
    ...             await session.get("http://10.0.0.1/")
    ...         except Blocked as err:
    ...             print(err.reason, err.hop)
    >>> asyncio.run(main())
    private-address 0
    """
    settings = checked_settings(
        "aiohttp_session",
        policy=policy,
        resolver=resolver,
        timeout=timeout,
        max_redirects=max_redirects,
        max_bytes=max_bytes,
    )
    for name in _REFUSED:
        if session_options.get(name) not in (None, False):
            raise TypeError(f"aiohttp_session() does not take {name!r}: it would bypass the guard")
        session_options.pop(name, None)
    connector_options: Mapping[str, Any] = session_options.pop("connector_options", None) or {}
    for name in ("resolver", "use_dns_cache"):
        if name in connector_options:
            raise TypeError(
                f"aiohttp_session() connector_options may not hold {name!r}:"
                " it would bypass the guard"
            )
    connector = _PinnedConnector(
        resolver=_PinnedResolver(), use_dns_cache=False, **connector_options
    )
    defaults: CIMultiDict[str] = CIMultiDict(session_options.pop("headers", None) or {})
    session = GuardedSession(
        connector=connector, request_class=_PinnedRequest, trust_env=False, **session_options
    )
    object.__setattr__(session, "_urikit", (settings, cast(dict[str, Memo], {}), defaults))
    return session
