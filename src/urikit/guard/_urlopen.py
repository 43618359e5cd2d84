"""Guarded fetching with the standard library: :func:`urlopen`, its
:class:`Response`, and the redirect walk every hop of which the gate admits."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core._errors import URIError, arg_type_error, check_str
from ..security import Policy, Report
from ._gate import (
    MAX_BYTES,
    Hop,
    LookupTimeout,
    Resolver,
    admit,
    checked_settings,
    timed_out,
    too_many_redirects,
)

if TYPE_CHECKING:
    import http.client
    import ssl


#: The statuses whose ``Location`` is followed.
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
#: Request headers not sent to another origin after a redirect.
_CREDENTIALS = frozenset({"authorization", "cookie", "proxy-authorization"})


@dataclass(frozen=True, slots=True)
class Response:
    """The answer to a guarded request (or, in ``history``, to one of its hops).

    ``status``, ``reason`` and ``headers`` (an :class:`email.message.Message`:
    ``headers["Content-Type"]``, ``headers.get_all("Set-Cookie")``) as sent;
    ``url`` the URL of this hop (for the final answer, the URL after every
    redirect); ``history`` the redirect answers before this one, in order;
    ``report`` this hop's :class:`~urikit.security.Report`; ``address`` the
    checked address the connection was made to. :meth:`read` gives the body.
    """

    status: int
    reason: str
    headers: http.client.HTTPMessage
    url: str
    history: tuple[Response, ...]
    report: Report
    address: str
    _body: bytes = field(repr=False)

    def read(self) -> bytes:
        """The whole body (already read, within the timeout and ``max_bytes``)."""
        return self._body


def _check_request(method: object, data: object, headers: object) -> None:
    """The arguments :func:`urlopen` takes besides the guarded clients' settings."""
    check_str(method, "urlopen", "method")
    if data is not None and not isinstance(data, bytes):
        raise arg_type_error("urlopen", "data", "bytes or None", data)
    if headers is not None and not isinstance(headers, Mapping):
        raise arg_type_error("urlopen", "headers", "mapping or None", headers)


def _origin(hop: Hop) -> tuple[str, str, int]:
    return (hop.scheme, hop.host, hop.port)


def urlopen(
    url: str,
    *,
    policy: Policy | None = None,
    resolver: Resolver | None = None,
    timeout: float = 10.0,
    max_redirects: int = 5,
    method: str = "GET",
    data: bytes | None = None,
    headers: Mapping[str, str] | None = None,
    max_bytes: int = MAX_BYTES,
    follow_redirects: bool = True,
    context: ssl.SSLContext | None = None,
) -> Response:
    """Fetch ``url`` (http or https), checking every hop under ``policy``.

    ``policy`` defaults to :meth:`Policy.ssrf() <urikit.security.Policy.ssrf>`.
    Each hop's URL is checked with :func:`urikit.security.check`; its host is
    resolved once through ``resolver`` (``host -> iterable of address strings``,
    default the system resolver); every address is checked, and the connection
    is made to a checked one, with ``Host`` and the TLS server name (and the
    certificate check) from the URL's host name. A redirect (301, 302, 303,
    307, 308) is resolved against the hop's URL (RFC 3986 section 5.2) and
    checked like the first request; 303, and 301/302 after a POST, continue as
    a GET without a body; ``Authorization`` and ``Cookie`` headers are not sent
    to another origin. ``follow_redirects=False`` returns the redirect itself.

    Raises :class:`Blocked` for a refused hop, :class:`~urikit.URIError` with
    ``reason == "too-many-redirects"`` after more than ``max_redirects``
    redirects (a loop included), and :class:`FetchError` (an ``OSError``) when
    the exchange fails: no connection, a server that breaks HTTP, the whole
    request taking more than ``timeout`` seconds (every hop, the name lookups
    and the body together), or a body of more than ``max_bytes`` bytes (refused,
    not truncated). ``context`` is the TLS context for https (default: the
    system's trusted certificates).
    """
    check_str(url, "urlopen", "url")
    given = checked_settings(
        "urlopen",
        policy=policy,
        resolver=resolver,
        timeout=timeout,
        max_redirects=max_redirects,
        max_bytes=max_bytes,
    )
    _check_request(method, data, headers)
    from ._wire import Deadline, exchange

    deadline = Deadline(given.timeout)
    sent: dict[str, str] = dict(headers or {})
    history: list[Response] = []
    current = written = url
    previous: Hop | None = None
    hop_number = 0
    while True:
        try:
            hop = admit(
                current,
                policy=given.policy,
                resolver=given.resolver,
                hop=hop_number,
                time_left=deadline.left,
                written=written,
            )
        except (LookupTimeout, TimeoutError):
            raise timed_out(given.timeout) from None
        if previous is not None and origin_changed(previous, hop):
            sent = without_credentials(sent)
        answer = exchange(
            hop,
            method=method,
            headers=sent,
            data=data,
            deadline=deadline,
            max_bytes=given.max_bytes,
            context=context,
        )
        response = Response(
            answer.status,
            answer.reason,
            answer.headers,
            hop.url,
            tuple(history),
            hop.report,
            answer.peer,
            answer.body,
        )
        location = answer.headers.get("Location")
        if not follow_redirects or answer.status not in REDIRECT_STATUSES or location is None:
            return response
        history.append(response)
        target = redirect_target(hop, location, given.policy, hop_number + 1)
        if hop_number >= given.max_redirects:
            raise too_many_redirects(target, hop_number + 1, given.max_redirects, written=location)
        rewritten = rewritten_method(answer.status, method)
        if rewritten is not None:
            method = rewritten
            data = None
            sent = {
                k: v
                for k, v in sent.items()
                if k.lower() not in ("content-type", "content-length", "transfer-encoding")
            }
        previous = hop
        current, written = target, location
        hop_number += 1


def rewritten_method(status: int, method: str) -> str | None:
    """The method a redirect answered with ``status`` goes on with when it drops
    the request's body (303, and 301 or 302 after a POST: a GET, a HEAD staying
    a HEAD); None when the request goes on as it was sent."""
    if status == 303 or (status in (301, 302) and method == "POST"):
        return "GET" if method != "HEAD" else method
    return None


def origin_changed(previous: Hop, hop: Hop) -> bool:
    """Whether ``hop`` goes to another origin (scheme, host, port) than
    ``previous``: the request's credentials are then not sent on."""
    return _origin(previous) != _origin(hop)


def redirect_target(hop: Hop, location: str, policy: Policy, number: int) -> str:
    """The ``Location`` of a redirect resolved against the hop's URL, or
    :class:`Blocked` when it is no URI reference (its position counted in the
    ``Location`` as sent)."""
    from ..core._resolution import resolve
    from ..security import check
    from ._gate import _refused

    text = location.strip(" \t")
    try:
        return resolve(hop.url, text)
    except URIError as err:
        raise _refused(
            check(text, policy=policy),
            location,
            number,
            location,
            why=f"the Location {location!r} is not a URI reference: ",
            cause=err,
        ) from None


def without_credentials(headers: Mapping[str, str]) -> dict[str, str]:
    """``headers`` without those not sent to another origin after a redirect."""
    return {k: v for k, v in headers.items() if k.lower() not in _CREDENTIALS}


def hops_of(response: Response) -> Iterable[Response]:
    """Every hop of ``response`` in order: its history, then itself."""
    yield from response.history
    yield response
