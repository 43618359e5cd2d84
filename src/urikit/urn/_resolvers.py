"""URN resolution (URN -> URL) through a pluggable registry of resolvers.

Services are named as in RFC 2483 section 4 (``I2L``: URI to URL, ``I2Ls``: URI to
URLs, ...). A :class:`ResolverRegistry` maps NIDs to resolvers, with an optional
fallback; :data:`resolvers` is the default registry with rule-based resolvers for
``ietf``, ``isbn``, ``nbn`` and ``uuid`` (for which I2L is not applicable). The
rule-based resolvers compute URLs locally; only a :class:`TrivialHTTPResolver`
(RFC 2169) touches the network, and only when it is called (its network code,
with :mod:`http.client`, is imported then, not with this module).

Resolvers work on the lexical equivalence key of the URN, so lexically
equivalent URNs resolve alike (RFC 2169 section 2). A q-component is copied to
the query of the URL and an f-component becomes its fragment (RFC 8141 sections
2.3.2, 2.3.3) when the URL has none.

>>> resolve("urn:ietf:rfc:2648")
'https://www.rfc-editor.org/rfc/rfc2648'
>>> resolve("URN:NBN:fi-fe19981001")
'https://urn.fi/urn:nbn:fi-fe19981001'
>>> resolve("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
Traceback (most recent call last):
urikit.errors.URIError: cannot resolve nid at position 4: I2L is not applicable to URNs in namespace 'uuid' (RFC 4122: UUIDs are not globally resolvable)
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, Generic, NoReturn, Self, TypeVar, cast, overload

from ..core._errors import URIError, arg_type_error, check_str
from ..core._errors import quoted as _shown
from ..core._extras import imported
from ..core._parser import check_component, host_kind, is_ipv6address
from ..core._reference import parse
from ..core._schemeinfo import default_port
from ._namespaces import IETF, ISBN, NBN, NSSError
from ._syntax import URN

# Its public names are listed once, in urikit.urn's __all__ (which loads this
# module on the first use of one of them).

_T = TypeVar("_T")


def _fail(urn: URN, detail: str, component: str = "nid") -> URIError:
    text = str(urn)
    position = len(urn.scheme) + 1 if component == "nid" else len(urn.scheme) + len(urn.nid) + 2
    return URIError("not-resolvable", component, position, text, detail=detail)


def _check_request(resolver: Resolver, method: str, urn: object, service: object) -> None:
    """The arguments of a resolver's ``resolve_all`` / ``request_url``."""
    func = f"{type(resolver).__name__}.{method}"
    if not isinstance(urn, URN):
        raise arg_type_error(func, "urn", "URN", urn)
    check_str(service, func, "service")


class Resolver:
    """Base class: resolves URNs of some namespace(s). Override :meth:`resolve_all`."""

    #: The services (RFC 2483 names) this resolver offers.
    services: frozenset[str] = frozenset({"I2L", "I2Ls"})

    def resolve_all(self, urn: URN, service: str) -> list[str]:
        """The URLs ``service`` gives for ``urn``; raises ``URIError`` if none."""
        _check_request(self, "resolve_all", urn, service)
        raise _fail(urn, f"{type(self).__name__} does not resolve URNs")


class NotApplicableResolver(Resolver):
    """For namespaces whose URNs cannot be resolved (e.g. ``uuid``, RFC 4122)."""

    services: frozenset[str] = frozenset()

    def __init__(self, reason: str) -> None:
        check_str(reason, type(self).__name__, "reason")
        self.reason = reason

    def resolve_all(self, urn: URN, service: str) -> list[str]:
        _check_request(self, "resolve_all", urn, service)
        raise _fail(
            urn,
            f"{service} is not applicable to URNs in namespace {urn.nid.lower()!r} ({self.reason})",
        )


class IETFResolver(Resolver):
    """``urn:ietf`` (RFC 2648): RFCs, STDs, BCPs and FYIs to their RFC Editor pages,
    Internet-Drafts to the datatracker.

    >>> IETFResolver().resolve_all(URN.parse("urn:ietf:std:50"), "I2L")
    ['https://www.rfc-editor.org/info/std50']
    >>> IETFResolver().resolve_all(URN.parse("urn:ietf:id:ietf-urn-ietf-06"), "I2L")
    ['https://datatracker.ietf.org/doc/html/draft-ietf-urn-ietf-06']
    """

    def __init__(
        self,
        base: str = "https://www.rfc-editor.org",
        drafts: str = "https://datatracker.ietf.org/doc/html/",
    ) -> None:
        check_str(base, type(self).__name__, "base")
        check_str(drafts, type(self).__name__, "drafts")
        self.base = base.rstrip("/")
        self.drafts = drafts

    def resolve_all(self, urn: URN, service: str) -> list[str]:
        _check_request(self, "resolve_all", urn, service)
        try:
            series, name = IETF().parts(urn.nss)
        except NSSError as err:
            raise _fail(urn, str(err), "nss") from None
        if series in ("rfc", "std", "bcp", "fyi"):
            # the number without leading zeros, kept as digits: int() of a long digit
            # string would hit Python's int-digit limit (a bare ValueError)
            number = name.lstrip("0") or "0"
            if series == "rfc":
                return [f"{self.base}/rfc/rfc{number}"]
            return [f"{self.base}/info/{series}{number}"]
        if series == "id":
            return [f"{self.drafts}draft-{name}"]
        raise _fail(urn, f"no rule locates IETF name {urn.nss.lower()!r}", "nss")


class ISBNResolver(Resolver):
    """``urn:isbn`` (RFC 3187): a URL template filled with the ISBN-13 digits.

    >>> ISBNResolver().resolve_all(URN.parse("urn:isbn:0-395-36341-1"), "I2L")
    ['https://openlibrary.org/isbn/9780395363416']
    """

    def __init__(self, template: str = "https://openlibrary.org/isbn/{isbn13}") -> None:
        check_str(template, type(self).__name__, "template")
        self.template = template

    def resolve_all(self, urn: URN, service: str) -> list[str]:
        _check_request(self, "resolve_all", urn, service)
        try:
            isbn13 = ISBN().normalize(urn.nss)
        except NSSError as err:
            raise _fail(urn, str(err), "nss") from None
        return [self.template.format(isbn13=isbn13, urn=urn.equivalence_key())]


#: National URN:NBN resolvers by country code (``{urn}`` is the URN, lowercase prefix).
NBN_RESOLVERS: Final[Mapping[str, str]] = {
    "fi": "https://urn.fi/{urn}",
    "de": "https://nbn-resolving.org/{urn}",
    "at": "https://nbn-resolving.org/{urn}",
    "ch": "https://nbn-resolving.org/{urn}",
    "nl": "https://persistent-identifier.nl/{urn}",
    "no": "https://urn.nb.no/{urn}",
    "se": "https://urn.kb.se/resolve?urn={urn}",
}


class NBNResolver(Resolver):
    """``urn:nbn`` (RFC 3188): the national resolver chosen by the country code prefix.

    >>> NBNResolver().resolve_all(URN.parse("urn:nbn:de:101:1-201102033592"), "I2L")
    ['https://nbn-resolving.org/urn:nbn:de:101:1-201102033592']
    """

    def __init__(self, by_country: Mapping[str, str] = NBN_RESOLVERS) -> None:
        func = type(self).__name__
        if not isinstance(by_country, Mapping):
            raise arg_type_error(func, "by_country", "a mapping of str to str", by_country)
        for key, value in by_country.items():
            if not (isinstance(key, str) and isinstance(value, str)):
                bad = value if isinstance(key, str) else key
                raise arg_type_error(func, "by_country", "a mapping of str to str", bad)
        self.by_country = {k.lower(): v for k, v in by_country.items()}

    def resolve_all(self, urn: URN, service: str) -> list[str]:
        _check_request(self, "resolve_all", urn, service)
        try:
            country, _, _ = NBN().parts(urn.nss)
        except NSSError as err:
            raise _fail(urn, str(err), "nss") from None
        template = self.by_country.get(country.lower())
        if template is None:
            raise _fail(urn, f"no NBN resolver known for prefix {country!r}", "nss")
        return [template.format(urn=urn.equivalence_key())]


#: The schemes an answer of a :class:`TrivialHTTPResolver` may have by default.
DEFAULT_ALLOWED_SCHEMES: Final = frozenset({"http", "https"})
#: The largest body a :class:`TrivialHTTPResolver` reads by default (1 MiB).
MAX_BODY_BYTES: Final = 1 << 20
#: The longest ``timeout`` a :class:`TrivialHTTPResolver` accepts: one day.
MAX_TIMEOUT: Final = 86400.0


def _check_host(host: str, text: str) -> None:
    """``host`` (a prefix of ``text``) must be a host a resolver can be reached at."""
    if not host:
        raise URIError("empty-component", "resolver host", 0, text)
    if not host.startswith("[") and is_ipv6address(host):
        raise URIError(
            "bad-value",
            "resolver host",
            0,
            text,
            detail=f"write an IPv6 address in brackets: [{host}]",
        )
    try:
        check_component("host", host)
    except URIError as err:  # the same position in ``text``, which starts with ``host``
        raise URIError(err.reason, "resolver host", err.position, text, detail=err.detail) from None
    if host.startswith("[") and host_kind(host) == "ipvfuture":
        raise URIError(
            "bad-value",
            "resolver host",
            0,
            text,
            detail="an IPvFuture address cannot be connected to",
        )


def _port_number(digits: str, text: str, start: int) -> int:
    """The port ``text[start:]`` (``digits``), which must be a decimal in 1-65535."""
    if not digits:
        raise URIError("empty-component", "resolver port", start, text)
    for k, ch in enumerate(digits, start):
        if not ("0" <= ch <= "9"):
            raise URIError("invalid-char", "resolver port", k, text)
    significant = digits.lstrip("0")
    # compared as digit strings first: no int() of an unbounded number of digits
    if len(significant) > 5 or not 1 <= int(significant or "0") <= 65535:
        raise URIError(
            "bad-value", "resolver port", start, text, detail=f"{_shown(digits)} is outside 1-65535"
        )
    return int(significant)


def _check_port(port: object, func: str) -> int | None:
    if port is None:
        return None
    if isinstance(port, bool) or not isinstance(port, int):
        raise arg_type_error(func, "port", "int or None", port)
    if not 1 <= port <= 65535:
        # str() of a huge int would itself fail (Python's int-digit limit): bound it first
        shown = str(port) if -(10**12) < port < 10**12 else f"a {port.bit_length()}-bit number"
        raise URIError("bad-value", "resolver port", 0, shown, detail=f"{shown} is outside 1-65535")
    return port


class _Setting(Generic[_T]):
    """A read-only setting of a resolver, as a property would give it: the value
    the constructor checked and stored under the name with a leading ``_``,
    with its documentation (``help()``, the reference pages) and its type."""

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, obj: None, owner: type) -> Self: ...
    @overload
    def __get__(self, obj: object, owner: type) -> _T: ...
    def __get__(self, obj: object, owner: type) -> Self | _T:
        if obj is None:
            return self
        return cast("_T", getattr(obj, "_" + self._name))

    def __set__(self, obj: object, value: object) -> NoReturn:
        raise AttributeError(
            f"property {self._name!r} of {type(obj).__name__!r} object has no setter"
        )

    def __delete__(self, obj: object) -> NoReturn:
        raise AttributeError(
            f"property {self._name!r} of {type(obj).__name__!r} object has no deleter"
        )


class TrivialHTTPResolver(Resolver):
    """RFC 2169 "trivial HTTP" resolution: ``GET /uri-res/<service>?<urn>`` on a host.

    The URN is sent as its assigned-name plus any r-component (RFC 8141 section
    2.3.1); redirects are not followed: for I2L the ``Location`` of a 30x answer
    is the URL (RFC 2169 section 3.1); a 200 answer is read as ``text/uri-list``
    (RFC 2483 section 5: one URI a line, ``#`` starts a comment line).

    Nothing the server sends is trusted. Every URI of the answer must be an
    absolute URI (RFC 3986 ``URI``) whose scheme is in ``allowed_schemes``
    (http and https by default), with a host if it is an http(s) URI; a body
    over ``max_body_bytes`` (1 MiB by default) is an error, not a truncated
    answer; ``timeout`` (seconds) bounds the whole resolution: name lookup,
    connection, TLS handshake, request and every read together. Any failure
    raises ``URIError`` (reason ``"not-resolvable"``) naming the resolver.

    ``host`` is a reg-name, an IPv4 address or a bracketed IPv6 address
    (``"[::1]"``); ``port`` is 1-65535, or None for the scheme's default. See
    :meth:`from_spec` for a ``HOST[:PORT]`` string.

    The request goes through :func:`urikit.guard.urlopen`: ``policy`` (a
    :class:`urikit.security.Policy`; default ``Policy.ssrf()`` with ``port``
    allowed) decides which addresses the resolver may be reached at, so an
    internal resolver needs a policy that allows it (``allowed_networks``);
    ``resolver`` is the name resolver (``host -> addresses``, default the
    system's), asked once.

    >>> TrivialHTTPResolver("resolver.example").request_url(URN.parse("urn:foo:1?+r#f"), "I2L")
    'http://resolver.example/uri-res/I2L?urn:foo:1?+r'
    >>> TrivialHTTPResolver("resolver.example", port=70000)
    Traceback (most recent call last):
    urikit.errors.URIError: invalid resolver port: 70000 is outside 1-65535 at position 0
    """

    services: frozenset[str] = frozenset({"I2L", "I2Ls"})

    def __init__(
        self,
        host: str,
        *,
        port: int | None = None,
        scheme: str = "http",
        timeout: float = 10.0,
        allowed_schemes: Iterable[str] = DEFAULT_ALLOWED_SCHEMES,
        max_body_bytes: int = MAX_BODY_BYTES,
        policy: Any = None,
        resolver: Callable[[str], Iterable[str]] | None = None,
    ) -> None:
        func = type(self).__name__
        if not isinstance(host, str):
            raise arg_type_error(func, "host", "str", host)
        _check_host(host, host)
        self._host = host
        self._port = _check_port(port, func)
        if not isinstance(scheme, str):
            raise arg_type_error(func, "scheme", "str", scheme)
        if scheme.lower() not in ("http", "https"):
            raise URIError(
                "bad-value",
                "resolver scheme",
                0,
                scheme,
                detail=f"{_shown(scheme)} is neither 'http' nor 'https'",
            )
        self._scheme = scheme.lower()
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
            raise arg_type_error(func, "timeout", "float", timeout)
        if not 0 < timeout <= MAX_TIMEOUT:  # also refuses NaN
            shown = (
                repr(timeout)
                if isinstance(timeout, float) or abs(timeout) < 10**12
                else f"a {timeout.bit_length()}-bit number"
            )
            raise URIError(
                "bad-value",
                "resolver timeout",
                0,
                shown,
                detail=f"{shown} is not more than 0 and at most {MAX_TIMEOUT:g} seconds",
            )
        self._timeout = float(timeout)
        self._allowed_schemes = self._check_schemes(allowed_schemes, func)
        if isinstance(max_body_bytes, bool) or not isinstance(max_body_bytes, int):
            raise arg_type_error(func, "max_body_bytes", "int", max_body_bytes)
        if max_body_bytes < 1:
            raise URIError(
                "bad-value",
                "resolver max_body_bytes",
                0,
                str(max(max_body_bytes, -1)),
                detail="the body limit must be at least 1 byte",
            )
        self._max_body_bytes = max_body_bytes
        if resolver is not None and not callable(resolver):
            raise arg_type_error(func, "resolver", "callable or None", resolver)
        self._policy = policy  # a urikit.security.Policy, checked by the guard on use
        self._resolver = resolver

    @staticmethod
    def _check_schemes(schemes: Iterable[str], func: str) -> frozenset[str]:
        if isinstance(schemes, str) or not isinstance(schemes, Iterable):
            raise arg_type_error(func, "allowed_schemes", "a collection of str", schemes)
        allowed: set[str] = set()
        for name in schemes:
            if not isinstance(name, str):
                raise arg_type_error(func, "allowed_schemes", "a collection of str", name)
            try:
                check_component("scheme", name)
            except URIError as err:
                raise URIError(
                    err.reason, "allowed scheme", err.position, name, detail=err.detail
                ) from None
            allowed.add(name.lower())
        if not allowed:
            raise URIError(
                "bad-value",
                "allowed_schemes",
                0,
                "",
                detail="no scheme given: no answer could pass",
            )
        return frozenset(allowed)

    @classmethod
    def from_spec(
        cls,
        spec: str,
        *,
        scheme: str = "http",
        timeout: float = 10.0,
        allowed_schemes: Iterable[str] = DEFAULT_ALLOWED_SCHEMES,
        max_body_bytes: int = MAX_BODY_BYTES,
        policy: Any = None,
        resolver: Callable[[str], Iterable[str]] | None = None,
    ) -> TrivialHTTPResolver:
        """The resolver at ``spec``: ``HOST``, ``HOST:PORT`` or ``[IPv6]:PORT``
        (``[IPv6]`` alone too), as given on a command line. The other arguments are
        those of the constructor.

        Raises ``URIError`` saying what is wrong and where: an empty spec or
        host, a port that is not a decimal number or not in 1-65535, a ``[``
        without ``]``, an IPv6 address without brackets, a URL instead of a host.

        >>> r = TrivialHTTPResolver.from_spec("[::1]:8080")
        >>> r.host, r.port, r.address
        ('[::1]', 8080, '[::1]:8080')
        >>> TrivialHTTPResolver.from_spec("resolver.example").address
        'resolver.example:80'
        >>> TrivialHTTPResolver.from_spec("resolver.example:99999")
        Traceback (most recent call last):
        urikit.errors.URIError: invalid resolver port: '99999' is outside 1-65535 at position 17
        >>> TrivialHTTPResolver.from_spec("resolver.example:http")
        Traceback (most recent call last):
        urikit.errors.URIError: invalid character 'h' in resolver port at position 17
        """
        if not isinstance(spec, str):
            raise arg_type_error(f"{cls.__name__}.from_spec", "spec", "str", spec)
        if not spec:
            raise URIError(
                "bad-value",
                "resolver",
                0,
                spec,
                detail="empty (expected HOST, HOST:PORT or [IPv6]:PORT)",
            )
        if "://" in spec:
            raise URIError(
                "bad-value",
                "resolver",
                spec.index("://"),
                spec,
                detail="expected HOST, HOST:PORT or [IPv6]:PORT, not a URL",
            )
        if is_ipv6address(spec):
            _check_host(spec, spec)  # refused with a hint to use brackets
        # The spec is an authority: urikit's parser reads it as "//" + spec.
        try:
            ref = parse("//" + spec, "relative-ref")
        except URIError as err:
            component = {"host": "resolver host", "port": "resolver port"}.get(
                err.component, "resolver"
            )
            raise URIError(
                err.reason, component, max(0, err.position - 2), spec, detail=err.detail
            ) from None
        host = ref.host or ""
        if ref.userinfo is not None:
            raise URIError(
                "bad-value",
                "resolver",
                spec.index("@"),
                spec,
                detail="expected HOST, HOST:PORT or [IPv6]:PORT, without a user",
            )
        if ref.path or ref.query is not None or ref.fragment is not None:
            raise URIError(
                "bad-value",
                "resolver",
                min(at for at in map(spec.find, "/?#") if at >= 0),
                spec,
                detail="expected HOST, HOST:PORT or [IPv6]:PORT, without a path",
            )
        _check_host(host, spec)
        port = None if ref.port is None else _port_number(ref.port, spec, len(spec) - len(ref.port))
        return cls(
            host,
            port=port,
            scheme=scheme,
            timeout=timeout,
            allowed_schemes=allowed_schemes,
            max_body_bytes=max_body_bytes,
            policy=policy,
            resolver=resolver,
        )

    host = _Setting[str]("The host as given (an IPv6 address in brackets).")
    port = _Setting[int | None]("The port as given (None: the scheme's default).")
    scheme = _Setting[str]('``"http"`` or ``"https"``.')
    timeout = _Setting[float]("Seconds one whole resolution may take.")
    allowed_schemes = _Setting[frozenset[str]]("The (lowercase) schemes an answered URI may have.")
    max_body_bytes = _Setting[int]("The largest body accepted; a larger one is an error.")

    @property
    def address(self) -> str:
        """``host:port``, the port always written: how errors name the resolver."""
        port = self._port if self._port is not None else default_port(self._scheme)
        return f"{self._host}:{port}"

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}({self._host!r}, port={self._port!r}, scheme={self._scheme!r},"
            f" timeout={self._timeout!r})"
        )

    def _target(self, urn: URN, service: str) -> str:
        text = urn.assigned_name
        if urn.r_component is not None:
            text += "?+" + urn.r_component
        return f"/uri-res/{service}?{text}"

    def request_url(self, urn: URN, service: str) -> str:
        """The URL this resolver GETs for ``service`` on ``urn``."""
        _check_request(self, "request_url", urn, service)
        port = "" if self._port is None else f":{self._port}"
        return f"{self._scheme}://{self._host}{port}{self._target(urn, service)}"

    def _checked(self, urn: URN, text: str, what: str) -> str:
        """``text`` if it is an absolute URI of an allowed scheme, else the error."""
        try:
            ref = parse(text, "URI")
        except URIError as err:
            raise _fail(
                urn,
                f"resolver {self.address}: {what} is not an absolute URI: {_shown(text)} ({err})",
            ) from None
        scheme = (ref.scheme or "").lower()
        if scheme not in self._allowed_schemes:
            raise _fail(
                urn,
                f"resolver {self.address}: {what} has the scheme {scheme!r}, which is not"
                f" allowed (allowed: {', '.join(sorted(self._allowed_schemes))}): {_shown(text)}",
            )
        if scheme in ("http", "https") and not ref.host:
            raise _fail(
                urn,
                f"resolver {self.address}: {what} is an {scheme} URI without a host"
                f" (RFC 9110 section 4.2): {_shown(text)}",
            )
        return text

    def _uri_list(self, urn: URN, body: bytes, status: int) -> list[str]:
        """The URIs of a ``text/uri-list`` body (RFC 2483 section 5), each checked."""
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as err:
            raise _fail(
                urn,
                f"resolver {self.address}: its HTTP {status} answer is not UTF-8 text"
                f" (byte {err.start} of the body)",
            ) from None
        urls = []
        for number, raw in enumerate(text.split("\n"), start=1):
            line = raw.removesuffix("\r").strip(" \t")
            if line and not line.startswith("#"):
                urls.append(self._checked(urn, line, f"line {number} of its HTTP {status} answer"))
        return urls

    def resolve_all(self, urn: URN, service: str) -> list[str]:
        _check_request(self, "resolve_all", urn, service)
        # The fetch goes through urikit.guard (a layer above: looked up by name on
        # first use, which also keeps http.client, socket and ssl unloaded until then).
        guard = imported("urikit.guard")
        policy = self._policy
        if policy is None:
            security = imported("urikit.security")
            policy = security.Policy.ssrf(allowed_ports=[] if self._port is None else [self._port])
        try:
            answer = guard.urlopen(
                self.request_url(urn, service),
                policy=policy,
                resolver=self._resolver,
                timeout=self._timeout,
                max_bytes=self._max_body_bytes,
                follow_redirects=False,
                headers={"Accept": "text/uri-list"},
            )
        except guard.Blocked as exc:
            raise _fail(urn, f"resolver {self.address} refused by the guard: {exc}") from exc
        except guard.FetchError as exc:
            raise _fail(urn, f"resolver {self.address} {exc}") from exc
        locations = answer.headers.get_all("Location") or []
        status = answer.status
        if 300 <= status < 400 and locations:
            if len(locations) > 1:
                raise _fail(
                    urn,
                    f"resolver {self.address} answered HTTP {status} with"
                    f" {len(locations)} Location headers",
                )
            return [
                self._checked(urn, str(locations[0]), f"the Location of its HTTP {status} answer")
            ]
        if status == 200:
            urls = self._uri_list(urn, answer.read(), status)
            if urls:
                return urls
            raise _fail(urn, f"resolver {self.address} answered HTTP 200 for {service} with no URI")
        raise _fail(urn, f"resolver {self.address} answered HTTP {status} for {service}")


class ResolverRegistry:
    """NID -> :class:`Resolver` (case-insensitive), with an optional ``fallback``.

    >>> registry = ResolverRegistry(fallback=TrivialHTTPResolver("resolver.example"))
    >>> registry.get("anything").host
    'resolver.example'
    """

    def __init__(
        self, resolvers: Mapping[str, Resolver] | None = None, *, fallback: Resolver | None = None
    ) -> None:
        if resolvers is not None and not isinstance(resolvers, Mapping):
            raise arg_type_error("ResolverRegistry", "resolvers", "a mapping or None", resolvers)
        if fallback is not None and not isinstance(fallback, Resolver):
            raise arg_type_error("ResolverRegistry", "fallback", "Resolver or None", fallback)
        self._by_nid: dict[str, Resolver] = {}
        self.fallback = fallback
        for nid, resolver in (resolvers or {}).items():
            self.register(nid, resolver)

    def register(self, nid: str, resolver: Resolver, *, replace: bool = False) -> None:
        """Use ``resolver`` for URNs of ``nid``; a taken NID needs ``replace=True``."""
        check_str(nid, "ResolverRegistry.register", "nid")
        if not isinstance(resolver, Resolver):
            raise arg_type_error("ResolverRegistry.register", "resolver", "Resolver", resolver)
        key = nid.lower()
        if key in self._by_nid and not replace:
            raise ValueError(f"a resolver for {nid!r} is already registered (use replace=True)")
        self._by_nid[key] = resolver

    def unregister(self, nid: str) -> None:
        """Remove the resolver of ``nid`` (KeyError if there is none)."""
        check_str(nid, "ResolverRegistry.unregister", "nid")
        del self._by_nid[nid.lower()]

    def get(self, nid: str) -> Resolver | None:
        """The resolver for ``nid`` (or the fallback, or None)."""
        check_str(nid, "ResolverRegistry.get", "nid")
        return self._by_nid.get(nid.lower(), self.fallback)

    def copy(self) -> ResolverRegistry:
        """A new registry with the same resolvers and fallback."""
        return ResolverRegistry(dict(self._by_nid), fallback=self.fallback)

    def __contains__(self, nid: object) -> bool:
        return isinstance(nid, str) and nid.lower() in self._by_nid


#: The default registry (no network: rule-based resolvers only, no fallback).
resolvers: Final = ResolverRegistry(
    {
        "ietf": IETFResolver(),
        "isbn": ISBNResolver(),
        "nbn": NBNResolver(),
        "uuid": NotApplicableResolver("RFC 4122: UUIDs are not globally resolvable"),
    }
)


def _with_components(url: str, urn: URN) -> str:
    base, hash_, fragment = url.partition("#")
    q, f = urn.q_component, urn.f_component
    if q is not None and "?" not in base:
        base += "?" + q
    if f is not None and not hash_:
        return base + "#" + f
    return base + hash_ + fragment


def resolve_all(
    urn: URN | str, service: str = "I2Ls", *, registry: ResolverRegistry | None = None
) -> list[str]:
    """All URLs ``service`` gives for ``urn`` (raises ``URIError`` when there are none).

    >>> resolve_all("urn:ietf:rfc:2141?=x=1#sec-2", "I2Ls")
    ['https://www.rfc-editor.org/rfc/rfc2141?x=1#sec-2']
    """
    return _resolve_all("resolve_all", urn, service, registry)


def _resolve_all(
    func: str, urn: URN | str, service: str, registry: ResolverRegistry | None
) -> list[str]:
    if not isinstance(urn, (URN, str)):
        raise arg_type_error(func, "urn", "str or URN", urn)
    check_str(service, func, "service")
    if registry is not None and not isinstance(registry, ResolverRegistry):
        raise arg_type_error(func, "registry", "ResolverRegistry or None", registry)
    u = urn if isinstance(urn, URN) else URN(urn)
    reg = resolvers if registry is None else registry
    resolver = reg.get(u.nid)
    if resolver is None:
        raise _fail(u, f"no resolver registered for namespace {u.nid.lower()!r}")
    if resolver.services and service not in resolver.services:
        raise _fail(
            u,
            f"service {service!r} is not offered for namespace {u.nid.lower()!r}"
            f" (offered: {', '.join(sorted(resolver.services))})",
        )
    urls = resolver.resolve_all(u, service)
    if not urls:
        raise _fail(u, f"{service} found no URL")
    return [_with_components(x, u) for x in urls]


def resolve(
    urn: URN | str, service: str = "I2L", *, registry: ResolverRegistry | None = None
) -> str:
    """The URL of ``urn`` (RFC 2483 I2L) through the resolver registered for its NID.

    >>> resolve("urn:isbn:978-0-395-36341-6")
    'https://openlibrary.org/isbn/9780395363416'
    >>> resolve("urn:example:x")
    Traceback (most recent call last):
    urikit.errors.URIError: cannot resolve nid at position 4: no resolver registered for namespace 'example'
    """  # noqa: E501
    return _resolve_all("resolve", urn, service, registry)[0]
