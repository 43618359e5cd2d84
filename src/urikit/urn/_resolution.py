"""URN resolution (URN -> URL) through a pluggable registry of resolvers.

Services are named as in RFC 2483 section 4 (``I2L``: URI to URL, ``I2Ls``: URI to
URLs, ...). A :class:`ResolverRegistry` maps NIDs to resolvers, with an optional
fallback; :data:`resolvers` is the default registry with rule-based resolvers for
``ietf``, ``isbn``, ``nbn`` and ``uuid`` (for which I2L is not applicable). The
rule-based resolvers compute URLs locally; only a :class:`TrivialHTTPResolver`
(RFC 2169) touches the network, and only when it is called.

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

import http.client
from collections.abc import Mapping
from typing import Final

from ..errors import URIError, arg_type_error, check_str
from ._namespaces import IETF, ISBN, NBN, NSSError
from ._syntax import URN

__all__ = [
    "IETFResolver",
    "ISBNResolver",
    "NBNResolver",
    "NotApplicableResolver",
    "Resolver",
    "ResolverRegistry",
    "TrivialHTTPResolver",
    "resolve",
    "resolve_all",
    "resolvers",
]


def _fail(urn: URN, detail: str, component: str = "nid") -> URIError:
    text = str(urn)
    position = len(urn.scheme) + 1 if component == "nid" else len(urn.scheme) + len(urn.nid) + 2
    return URIError("not-resolvable", component, position, text, detail=detail)


class Resolver:
    """Base class: resolves URNs of some namespace(s). Override :meth:`resolve_all`."""

    #: The services (RFC 2483 names) this resolver offers.
    services: frozenset[str] = frozenset({"I2L", "I2Ls"})

    def resolve_all(self, urn: URN, service: str) -> list[str]:
        """The URLs ``service`` gives for ``urn``; raises ``URIError`` if none."""
        raise _fail(urn, f"{type(self).__name__} does not resolve URNs")


class NotApplicableResolver(Resolver):
    """For namespaces whose URNs cannot be resolved (e.g. ``uuid``, RFC 4122)."""

    services: frozenset[str] = frozenset()

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def resolve_all(self, urn: URN, service: str) -> list[str]:
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
        self.base = base.rstrip("/")
        self.drafts = drafts

    def resolve_all(self, urn: URN, service: str) -> list[str]:
        try:
            series, name = IETF().parts(urn.nss)
        except NSSError as err:
            raise _fail(urn, str(err), "nss") from None
        if series == "rfc":
            return [f"{self.base}/rfc/rfc{int(name)}"]
        if series in ("std", "bcp", "fyi"):
            return [f"{self.base}/info/{series}{int(name)}"]
        if series == "id":
            return [f"{self.drafts}draft-{name}"]
        raise _fail(urn, f"no rule locates IETF name {urn.nss.lower()!r}", "nss")


class ISBNResolver(Resolver):
    """``urn:isbn`` (RFC 3187): a URL template filled with the ISBN-13 digits.

    >>> ISBNResolver().resolve_all(URN.parse("urn:isbn:0-395-36341-1"), "I2L")
    ['https://openlibrary.org/isbn/9780395363416']
    """

    def __init__(self, template: str = "https://openlibrary.org/isbn/{isbn13}") -> None:
        self.template = template

    def resolve_all(self, urn: URN, service: str) -> list[str]:
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
        self.by_country = {k.lower(): v for k, v in by_country.items()}

    def resolve_all(self, urn: URN, service: str) -> list[str]:
        try:
            country, _, _ = NBN().parts(urn.nss)
        except NSSError as err:
            raise _fail(urn, str(err), "nss") from None
        template = self.by_country.get(country.lower())
        if template is None:
            raise _fail(urn, f"no NBN resolver known for prefix {country!r}", "nss")
        return [template.format(urn=urn.equivalence_key())]


class TrivialHTTPResolver(Resolver):
    """RFC 2169 "trivial HTTP" resolution: ``GET /uri-res/<service>?<urn>`` on a host.

    The URN is sent as its assigned-name plus any r-component (RFC 8141 section
    2.3.1); redirects are not followed: for I2L the ``Location`` of a 30x answer
    is the URL (RFC 2169 section 3.1); a 200 answer is read as ``text/uri-list``.

    >>> TrivialHTTPResolver("resolver.example").request_url(URN.parse("urn:foo:1?+r#f"), "I2L")
    'http://resolver.example/uri-res/I2L?urn:foo:1?+r'
    """

    services: frozenset[str] = frozenset({"I2L", "I2Ls"})

    def __init__(
        self, host: str, *, port: int | None = None, scheme: str = "http", timeout: float = 10.0
    ) -> None:
        if scheme not in ("http", "https"):
            raise ValueError(f"scheme must be 'http' or 'https', not {scheme!r}")
        self.host = host
        self.port = port
        self.scheme = scheme
        self.timeout = timeout

    def _target(self, urn: URN, service: str) -> str:
        text = urn.assigned_name
        if urn.r_component is not None:
            text += "?+" + urn.r_component
        return f"/uri-res/{service}?{text}"

    def request_url(self, urn: URN, service: str) -> str:
        """The URL this resolver GETs for ``service`` on ``urn``."""
        port = "" if self.port is None else f":{self.port}"
        return f"{self.scheme}://{self.host}{port}{self._target(urn, service)}"

    def resolve_all(self, urn: URN, service: str) -> list[str]:
        cls = http.client.HTTPSConnection if self.scheme == "https" else http.client.HTTPConnection
        conn = cls(self.host, self.port, timeout=self.timeout)
        try:
            conn.request("GET", self._target(urn, service), headers={"Accept": "text/uri-list"})
            response = conn.getresponse()
            body = response.read(1 << 20)
            location = response.getheader("Location")
            status = response.status
        except OSError as exc:
            raise _fail(urn, f"resolver {self.host} failed: {exc}") from None
        finally:
            conn.close()
        if 300 <= status < 400 and location:
            return [location]
        if status == 200:
            lines = body.decode("utf-8", "replace").splitlines()
            urls = [x.strip() for x in lines if x.strip() and not x.startswith("#")]
            if urls:
                return urls
        raise _fail(urn, f"resolver {self.host} answered HTTP {status} for {service}")


class ResolverRegistry:
    """NID -> :class:`Resolver` (case-insensitive), with an optional ``fallback``.

    >>> registry = ResolverRegistry(fallback=TrivialHTTPResolver("resolver.example"))
    >>> registry.get("anything").host
    'resolver.example'
    """

    def __init__(
        self, resolvers: Mapping[str, Resolver] | None = None, *, fallback: Resolver | None = None
    ) -> None:
        self._by_nid: dict[str, Resolver] = {}
        self.fallback = fallback
        for nid, resolver in (resolvers or {}).items():
            self.register(nid, resolver)

    def register(self, nid: str, resolver: Resolver, *, replace: bool = False) -> None:
        """Use ``resolver`` for URNs of ``nid``; a taken NID needs ``replace=True``."""
        key = nid.lower()
        if key in self._by_nid and not replace:
            raise ValueError(f"a resolver for {nid!r} is already registered (use replace=True)")
        self._by_nid[key] = resolver

    def unregister(self, nid: str) -> None:
        """Remove the resolver of ``nid`` (KeyError if there is none)."""
        del self._by_nid[nid.lower()]

    def get(self, nid: str) -> Resolver | None:
        """The resolver for ``nid`` (or the fallback, or None)."""
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
    _check_args(urn, service, "resolve_all")
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
    _check_args(urn, service, "resolve")
    return resolve_all(urn, service, registry=registry)[0]


def _check_args(urn: object, service: object, func: str) -> None:
    if not isinstance(urn, (URN, str)):
        raise arg_type_error(func, "urn", "URN or str", urn)
    check_str(service, func, "service")
