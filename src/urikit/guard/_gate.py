"""The check every hop of a guarded request passes, whatever client makes it.

:func:`admit` reads one URL the way RFC 3986 does, checks it with
:func:`urikit.security.check` under a :class:`~urikit.security.Policy`, resolves
its host **once** through the resolver, checks every address it got (one
blocked address blocks the hop) and returns a :class:`Hop`: the host name to
send in ``Host`` and to verify the TLS certificate against, the port, and the
checked addresses, the only ones a client may connect to. The clients
(:func:`urikit.guard.urlopen`, the httpx transports, the requests session) all
go through it, so that the parse that decided is the parse that is dialled.
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, cast

from ..core._errors import URIError, arg_type_error, quoted
from ..core._parser import HOST_SPAN, PORT_SPAN
from ..core._reference import URIReference, parse
from ..core._schemeinfo import DEFAULT_REGISTRY
from ..security import Policy, Report, check
from ._places import STRIPPED as _STRIPPED
from ._places import Placer

__all__ = [
    "MAX_BYTES",
    "Blocked",
    "FetchError",
    "GuardedClient",
    "Hop",
    "LookupTimeout",
    "Resolver",
    "Settings",
    "admit",
    "check_body_size",
    "check_declared_size",
    "checked_settings",
    "system_resolver",
    "timed_out",
    "too_many_redirects",
]

#: ``resolver(host) -> addresses``: the host is a name (A-labels, no trailing dot).
Resolver = Callable[[str], Iterable[str]]

_SCHEMES = frozenset({"http", "https"})


#: The most admitted hops a caller's ``memo`` holds (see :func:`admit`).
_MEMO_SIZE = 256

#: The largest body the guarded clients accept by default (10 MiB).
MAX_BYTES = 10 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Settings:
    """What every guarded client is given: the ``policy`` (``Policy.ssrf()`` when
    none was), the ``resolver`` (``None``: the system's), the ``timeout`` of a
    whole request in seconds, the redirects it may take (``max_redirects``) and
    the largest body it accepts (``max_bytes``)."""

    policy: Policy
    resolver: Resolver | None
    timeout: float
    max_redirects: int
    max_bytes: int


def checked_settings(
    func: str,
    *,
    policy: object,
    resolver: object,
    timeout: object,
    max_redirects: object,
    max_bytes: object,
) -> Settings:
    """The :class:`Settings` of a guarded client ``func`` was called with, each
    argument checked: ``TypeError`` or ``ValueError`` naming ``func`` and the
    argument, the same words for every client.

    >>> checked_settings(
    ...     "session", policy=None, resolver=None, timeout=0, max_redirects=5, max_bytes=1
    ... )
    Traceback (most recent call last):
    ValueError: session() timeout must be more than 0, not 0
    """
    if policy is not None and not isinstance(policy, Policy):
        raise arg_type_error(func, "policy", "Policy or None", policy)
    if resolver is not None and not callable(resolver):
        raise arg_type_error(func, "resolver", "callable or None", resolver)
    if isinstance(timeout, bool) or not isinstance(timeout, int | float):
        raise arg_type_error(func, "timeout", "float", timeout)
    if not timeout > 0:
        raise ValueError(f"{func}() timeout must be more than 0, not {timeout!r}")
    return Settings(
        Policy.ssrf() if policy is None else policy,
        cast("Resolver | None", resolver),
        float(timeout),
        _count(func, "max_redirects", max_redirects),
        _count(func, "max_bytes", max_bytes),
    )


def _count(func: str, name: str, value: object) -> int:
    """``value`` when it is an ``int`` of 0 or more (``TypeError``, ``ValueError``)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise arg_type_error(func, name, "int", value)
    if value < 0:
        raise ValueError(f"{func}() {name} must be 0 or more, not {value}")
    return value


class GuardedClient:
    """The constructor of the guarded client classes (the httpx transports, the
    requests adapter): ``policy``, ``resolver``, ``max_redirects``, ``timeout``
    and ``max_bytes`` are checked by :func:`checked_settings` under the class's
    name and handed to :meth:`_take`; the other keywords go to the client
    library's class (next in the subclass's MRO) once :meth:`_refuse` has seen
    them."""

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
        settings = checked_settings(
            type(self).__name__,
            policy=policy,
            resolver=resolver,
            timeout=timeout,
            max_redirects=max_redirects,
            max_bytes=max_bytes,
        )
        self._refuse(kwargs)
        super().__init__(**kwargs)
        self._take(settings)

    def _refuse(self, options: dict[str, Any]) -> None:
        """Raise for an option of the client library that would bypass the guard."""

    def _take(self, settings: Settings) -> None:
        """Keep ``settings`` (called once the client library's class is set up)."""
        raise NotImplementedError


class FetchError(OSError):
    """The exchange failed; ``str()`` says how (it completes "HOST:PORT ...").
    ``timed_out`` is true when the deadline passed."""

    def __init__(self, message: str, *, timed_out: bool = False) -> None:
        super().__init__(message)
        self.timed_out = timed_out


def timed_out(timeout: float) -> FetchError:
    """The error for a request that took more than its ``timeout`` seconds."""
    return FetchError(f"did not answer within the timeout of {timeout:g} s", timed_out=True)


def check_body_size(limit: int, *, declared: int | None = None, received: int = 0) -> None:
    """:class:`FetchError` when a body announced as ``declared`` bytes, or
    ``received`` so far, is over ``limit``: refused, never truncated."""
    if declared is not None and declared > limit:
        raise FetchError(
            f"announced a body of {declared} bytes, more than the limit of {limit} bytes"
        )
    if received > limit:
        raise FetchError(f"sent a body of more than the limit of {limit} bytes")


def check_declared_size(limit: int, declared: str | None) -> None:
    """:func:`check_body_size` of a ``Content-Length`` as the server sent it: a
    value of ASCII digits is read as a number of bytes, one longer than the
    limit's digits refused without ``int()`` (which refuses 4,300 digits and
    more, and would take time on fewer); any other value is left to the HTTP
    client, which refuses it or reads the body to its end.

    >>> try:
    ...     check_declared_size(100, "9" * 5000)
    ... except FetchError as err:
    ...     print(err)
    announced a body of a 5000-digit number of bytes, more than the limit of 100 bytes
    >>> [check_declared_size(100, declared) for declared in ("0099", "x", None)]
    [None, None, None]
    """
    if declared is None:
        return
    text = declared.strip()
    if not (text.isascii() and text.isdigit()):
        return
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(limit)):
        raise FetchError(
            f"announced a body of a {len(digits)}-digit number of bytes, more than the limit"
            f" of {limit} bytes"
        )
    check_body_size(limit, declared=int(digits))


def _port_of(ref: URIReference, default_port: int) -> int | None:
    """The port ``ref`` names (its default when it names none), or None when it is
    outside 1-65535; the digits are counted before ``int()`` reads them."""
    if not ref.port:
        return default_port
    digits = ref.port.lstrip("0") or "0"
    if len(digits) > 5:
        return None
    number = int(digits)
    return number if 0 < number < 65536 else None


class Blocked(URIError):
    """A hop the policy refused: ``.report`` (the :class:`~urikit.security.Report`
    of the refused hop, with its findings and spans), ``.url`` (that hop's URL)
    and ``.hop`` (0 for the first request, 1 for the first redirect, ...).

    ``reason`` and ``component`` are those of the first blocking finding
    (``reason`` is its code, e.g. ``"private-address"``); ``position`` is where
    it starts, or where the guard's own refusal points (the port outside
    1-65535, the character that makes the URL no URI), counted in ``text``: the
    URL as the caller wrote it (before whitespace was stripped, before an IRI
    became a URI), or for a redirect the ``Location`` as the server sent it, so
    that ``err.text[err.position]`` is the offending character of what was
    written. ``.report`` is the check of the URL as checked (``report.text``);
    its findings' spans count in that text, and ``.spans`` holds the span of
    each of ``report.blocking`` counted in ``text``. Where what is refused is
    not in the written text (a relative ``Location``, whose host is the hop's
    URL's), ``text`` is the URL as checked and the positions count in it.
    ``.addresses`` holds what the host name resolved to, as the resolver gave
    it (empty for an IP literal, or when it was not looked up): the addresses a
    finding on the name is about.

    >>> from urikit.guard._gate import admit
    >>> from urikit.security import Policy
    >>> try:
    ...     admit("  http://10.0.0.1/", policy=Policy.ssrf(), resolver=None, hop=0)
    ... except Blocked as err:
    ...     print(err.reason, err.position, repr(err.text[err.position:]), err.spans)
    private-address 9 '10.0.0.1/' ((9, 17),)
    """

    report: Report
    url: str
    hop: int
    addresses: tuple[str, ...]
    spans: tuple[tuple[int, int], ...]

    def __init__(
        self,
        report: Report,
        url: str,
        hop: int,
        *,
        why: str | None = None,
        addresses: tuple[str, ...] = (),
        text: str | None = None,
        spans: tuple[tuple[int, int], ...] | None = None,
        where: tuple[str, int] | None = None,
    ) -> None:
        first = report.blocking[0] if report.blocking else None
        if spans is None:
            spans = tuple((f.start, f.end) for f in report.blocking)
        if first is not None:
            reason, component, position = first.code, first.component, spans[0][0]
            detail = f"{first.message} ({first.code})"
        else:
            reason, component, position = "blocked", "uri", 0
            detail = why or "refused"
        if where is not None:
            component, position = where
        where_to = "the request" if hop == 0 else f"redirect {hop}"
        message = f"blocked {where_to} to {quoted(url)}: {why or detail}"
        super().__init__(
            reason,
            component,
            position,
            url if text is None else text,
            message=message,
            detail=detail,
        )
        self.report = report
        self.url = url
        self.hop = hop
        self.addresses = addresses
        self.spans = spans


def too_many_redirects(url: str, hops: int, limit: int, *, written: str | None = None) -> URIError:
    """The error for a request that would take more than ``limit`` redirects:
    its text is ``written`` (the ``Location`` ``url`` was resolved from, when the
    caller has it; default ``url``), its position where the reference starts."""
    text = url if written is None else written
    return URIError(
        "too-many-redirects",
        "uri",
        len(text) - len(text.lstrip(_STRIPPED)),
        text,
        message=f"more than {limit} redirects (the last to {quoted(url)})",
        detail=f"more than {limit} redirects",
    )


@dataclass(frozen=True, slots=True)
class Hop:
    """One admitted hop: what to connect to and what to say there.

    ``url`` is the URL as checked (RFC 3986, surrounding whitespace stripped);
    ``host`` the host as the request names it (``Host`` header, TLS server
    name; an IPv6 literal without brackets); ``port`` the port to connect to;
    ``addresses`` the checked addresses, in the resolver's order; ``target``
    the request target (path and query, ``"/"`` for an empty path);
    ``default_port`` the scheme's default port in the policy's scheme registry.
    """

    url: str
    scheme: str
    host: str
    port: int
    addresses: tuple[str, ...]
    target: str
    report: Report
    default_port: int

    @property
    def host_header(self) -> str:
        """The ``Host`` header: the host as written, with the port when it is not
        the scheme's default."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        if self.port != self.default_port:
            return f"{host}:{self.port}"
        return host


def system_resolver(host: str) -> list[str]:
    """The system resolver (``socket.getaddrinfo``): the addresses of ``host``."""
    import socket

    infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def _reading(url: str, policy: Policy, hop: int, written: str) -> tuple[str, URIReference]:
    """The URL as checked and its parse; :class:`Blocked` when it has no one reading."""
    text = url.strip(_STRIPPED)
    try:
        return text, parse(text, "URI")
    except URIError as err:
        if policy.one_reading:
            raise _refused(
                check(url, policy=policy),
                url,
                hop,
                written,
                why="not a URI by RFC 3986 once whitespace is stripped: ",
                cause=err,
            ) from None
    # A policy without one_reading: an IRI is sent as the URI it maps to.
    from .. import iri

    try:
        uri = iri.to_uri(text, idna=True)
    except URIError as err:
        raise _refused(check(url, policy=policy), url, hop, written, why="", cause=err) from None
    return uri, parse(uri, "URI")


def _refused(
    report: Report,
    url: str,
    hop: int,
    written: str,
    *,
    why: str | None = None,
    at: tuple[str, int] | None = None,
    cause: URIError | None = None,
    addresses: tuple[str, ...] = (),
) -> Blocked:
    """:class:`Blocked` for ``report``, its positions placed in ``written`` (the
    text the caller or the server wrote; see :mod:`._places`), or left in
    ``report.text`` when one of them has no place there. ``at`` (a component
    and a position in ``report.text``) or ``cause`` (an error in a text of its
    own, whose message then ends ``why``) is where the guard's own refusal
    points."""
    for text in (written, report.text):  # the written text, else the checked one
        placer = Placer(report.text, text)
        spans: list[tuple[int, int]] = []
        for finding in report.blocking:
            start, end = placer.place(finding.start), placer.place(finding.end)
            if start is None or end is None:
                break
            spans.append((start, end))
        if len(spans) != len(report.blocking):
            continue
        where: tuple[str, int] | None = None
        if cause is not None:
            position = Placer(cause.text, text).place(cause.position)
            if position is None:
                continue
            where = (cause.component, position)
            cause = URIError(cause.reason, cause.component, position, text, detail=cause.detail)
        elif at is not None:
            position = placer.place(at[1])
            if position is None:
                continue
            where = (at[0], position)
        break
    else:  # never: a text placed in itself is where it is
        raise AssertionError("no text to count the positions in")
    if cause is not None:
        why = f"{why or ''}{cause}"
    return Blocked(
        report,
        url,
        hop,
        why=why,
        addresses=addresses,
        text=text,
        spans=tuple(spans),
        where=where,
    )


class LookupTimeout(Exception):
    """The resolver did not answer in the time left (not an ``OSError``, so that
    :func:`~urikit.security.check` does not take it for a failed lookup)."""


class _Lookups:
    """Daemon threads that run resolver calls, kept for the next call when done
    (a lookup cannot be interrupted: the caller waits only for its time, and a
    lookup that hangs holds one of these threads, not the caller)."""

    def __init__(self) -> None:
        import queue
        import threading

        self._jobs: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._idle = 0

    def _work(self) -> None:
        while True:
            resolver, name, out, finished = self._jobs.get()
            try:
                out.extend(str(a) for a in resolver(name))
            except BaseException as exc:  # handed to the caller
                out[:] = [exc]
            finally:
                # idle again before the caller wakes, so that its next lookup
                # finds this thread instead of starting one
                with self._lock:
                    self._idle += 1
                finished.release()

    def call(self, resolver: Resolver, name: str, seconds: float) -> list[str]:
        """``resolver(name)`` in one of the threads (a new one when none is idle),
        waited for at most ``seconds``."""
        import _thread

        with self._lock:
            new = self._idle == 0
            if not new:
                self._idle -= 1
        if new:
            import threading

            threading.Thread(target=self._work, name="urikit-guard-lookup", daemon=True).start()
        out: list[Any] = []
        finished = _thread.allocate_lock()  # released by the thread: the cheapest hand-back
        finished.acquire()
        self._jobs.put((resolver, name, out, finished))
        if not finished.acquire(timeout=seconds):
            raise LookupTimeout(f"looking up {name!r} took too long")
        if out and isinstance(out[0], BaseException):
            raise out[0]
        return out


_Job = tuple[Resolver, str, list[Any], Any]

#: What :func:`admit` remembers of a URL: the name it asked the resolver (None:
#: it asked none), the answer, and the hop admitted on that answer.
Memo = tuple[str | None, tuple[str, ...], Hop]
_lookups: _Lookups | None = None


def _bounded(resolver: Resolver, name: str, seconds: float | None) -> list[str]:
    """``resolver(name)`` as a list of strings, waiting at most ``seconds``."""
    if seconds is None:
        return [str(a) for a in resolver(name)]
    global _lookups
    if _lookups is None:
        _lookups = _Lookups()
    return _lookups.call(resolver, name, seconds)


def admit(
    url: str,
    *,
    policy: Policy,
    resolver: Resolver | None,
    hop: int,
    time_left: Callable[[], float] | None = None,
    memo: dict[str, Memo] | None = None,
    written: str | None = None,
    client: str | None = None,
) -> Hop:
    """Check ``url`` for hop number ``hop``; resolve its host once; the :class:`Hop`
    to connect to, or :class:`Blocked`.

    ``resolver`` is called at most once, with the host name (IP literals are not
    resolved), and given at most ``time_left()`` seconds (:class:`LookupTimeout`);
    an answer that is not an address, or no answer, is refused.

    ``memo`` (kept by a caller whose ``policy`` is always the same) holds
    admitted hops by URL, with the resolver's answer they were admitted on: a
    verdict depends on the URL, the policy and that answer only. A URL whose
    host is an IP literal is admitted from it without a lookup; a host name is
    still resolved at every call, and its hop taken from the memo only when the
    answer is the same list of addresses (another answer is checked afresh).

    ``written`` is the text ``url`` was written as (default ``url`` itself): for
    a redirect, the ``Location`` value ``url`` was resolved from. The positions
    of a :class:`Blocked` count in it (see :class:`Blocked`).

    ``client`` names the parser of the client that sends the request (a name
    of :func:`urikit.security.readings`: ``"httpx"`` for the httpx
    transports, ``"urllib3"`` for the requests adapter, which reads the
    prepared URL with it, ``"yarl"`` for the aiohttp session): with
    ``policy.one_reading``, a hop that parser
    reads with another scheme, host or port than RFC 3986, or would connect
    elsewhere, is refused with a ``parsers-disagree`` finding. Compared on
    every hop the memo does not answer (a redirect's ``Location`` too), as
    the client wrote the URL.
    """
    known = None if memo is None else memo.get(url)
    if known is not None and known[0] is None:  # no lookup was needed
        return known[2]
    asked: list[tuple[str, list[str]]] = []
    failed: list[Exception] = []

    def once(name: str) -> list[str]:
        if failed:  # the memo's lookup failed: check() is told the same
            raise failed[0]
        if asked:  # never: check() asks once; kept so a second ask cannot slip by
            return asked[0][1]
        seconds = None if time_left is None else time_left()
        try:
            addresses = _bounded(resolver or system_resolver, name, seconds)
        except Exception as exc:  # (a LookupTimeout leaves admit() at once)
            failed.append(exc)
            raise
        asked.append((name, addresses))
        return addresses

    if known is not None:
        # a host name: the remembered hop stands if it resolves as it did then
        name_was, answer_was, hop_was = known
        try:
            same = tuple(once(name_was or "")) == answer_was
        except LookupTimeout:
            raise
        except Exception:  # check() below meets the same failure and reports it
            same = False
        if same:
            return hop_was

    written = url if written is None else written
    text, ref = _reading(url, policy, hop, written)
    scheme = (ref.scheme or "").lower()
    report = check(text, policy=policy, resolve_dns=True, resolver=once)
    blocking = report.blocking
    if policy.one_reading and not blocking:
        differs = [
            f for f in report.findings if f.code == "whatwg-differs" and f.component == "host"
        ]
        if differs:
            blocking = tuple(differs)
            report = Report(report.text, report.findings, blocking, ref)
    if client is not None and policy.one_reading and not blocking:
        report = _client_reading(report, text, ref, policy, client)
        blocking = report.blocking
    if blocking:
        raise _refused(report, url, hop, written, addresses=tuple(asked[0][1]) if asked else ())
    host_at = ref._sp[HOST_SPAN][0]
    host_at = host_at if host_at >= 0 else len(scheme) + 1
    if scheme not in _SCHEMES:
        why = f"the scheme {scheme!r} is not http or https"
        raise _refused(report, url, hop, written, why=why, at=("scheme", 0))
    host = ref.host or ""
    if not host:
        why = "there is no host to connect to"
        raise _refused(report, url, hop, written, why=why, at=("host", host_at))
    registry = DEFAULT_REGISTRY if policy.registry is None else policy.registry
    default_port = registry.default_port(scheme)
    if default_port is None:
        why = f"the scheme {scheme!r} has no default port"
        raise _refused(report, url, hop, written, why=why, at=("scheme", 0))
    port = _port_of(ref, default_port)
    if port is None:
        shown = ref.port if len(ref.port or "") <= 20 else f"of {len(ref.port or '')} digits"
        why = f"the port {shown} is outside 1-65535"
        at = ("port", ref._sp[PORT_SPAN][0])
        raise _refused(report, url, hop, written, why=why, at=at)
    literal = _literal(host)
    addresses: tuple[str, ...]
    if literal is not None:
        name, addresses = literal, (literal,)
    else:
        name = host.lower()
        if "%" in name:
            from ..core._percent import percent_decode

            name = percent_decode(name)
        name = name.rstrip(".") or name
        answer = asked[0][1] if asked else []
        addresses = tuple(_addresses(answer, report, url, hop, written, host_at))
        if not name.isascii():
            import idna

            name = idna.encode(name, uts46=True).decode("ascii")
    target = (ref.path or "/") + ("" if ref.query is None else "?" + ref.query)
    admitted = Hop(text, scheme, name, port, addresses, target, report, default_port)
    if memo is not None:
        if len(memo) >= _MEMO_SIZE:
            memo.clear()
        memo[url] = (asked[0][0], tuple(asked[0][1]), admitted) if asked else (None, (), admitted)
    return admitted


def _client_reading(
    report: Report, text: str, ref: URIReference, policy: Policy, client: str
) -> Report:
    """``report`` with a blocking ``parsers-disagree`` finding for each
    disagreement between RFC 3986 and ``client`` on ``text``'s scheme, host or
    port (the report as it was when they agree, or ``client`` is not installed)."""
    from ..security._policy import _Found
    from ..security._readings import _check_agreement

    found = _Found(policy)
    _check_agreement(found, text, (client,))
    if not found.items:
        return report
    blocking = tuple(found.items)
    return Report(report.text, (*report.findings, *blocking), blocking, ref)


@functools.lru_cache(maxsize=1024)
def _literal(host: str) -> str | None:
    """The address of an IP-literal or IPv4 host, as text; None for a reg-name."""
    if host.startswith("["):
        inner = host[1:-1]
        try:
            return str(ipaddress.IPv6Address(inner.replace("%25", "%", 1)))
        except ValueError:
            return None  # IPvFuture: check() has refused it unless the policy allows it
    if not host[-1:].isdigit():  # a name (an IPv4 address ends in a digit)
        return None
    try:
        return str(ipaddress.IPv4Address(host))
    except ValueError:
        return None


@functools.lru_cache(maxsize=1024)
def _canonical(address: str) -> str:
    """``address`` (a zone dropped) in its canonical form; ``ValueError`` when it is none."""
    return str(ipaddress.ip_address(address.split("%", 1)[0]))


def _addresses(
    answer: list[str], report: Report, url: str, hop: int, written: str, host_at: int
) -> list[str]:
    """The resolver's answer as addresses; refused when it is empty or not addresses."""
    out: list[str] = []
    for item in answer:
        try:
            out.append(_canonical(item))
        except ValueError:
            why = f"the resolver answered {item!r}, which is not an address"
            raise _refused(report, url, hop, written, why=why, at=("host", host_at)) from None
    if not out:
        why = "the host resolved to no address"
        raise _refused(report, url, hop, written, why=why, at=("host", host_at))
    return list(dict.fromkeys(out))
