"""URN -> URL resolution: rule-based resolvers and RFC 2169 trivial HTTP.

The HTTP resolver is exercised against a server on 127.0.0.1 started here
(port 0, daemon thread, bounded timeouts); nothing else touches the network.
"""

from __future__ import annotations

import http.server
import threading
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

import pytest

from urikit import URN, URIError
from urikit.security import Policy
from urikit.urn import (
    IETFResolver,
    ISBNResolver,
    NBNResolver,
    NotApplicableResolver,
    Resolver,
    ResolverRegistry,
    TrivialHTTPResolver,
    resolve,
    resolve_all,
    resolvers,
)


@pytest.mark.parametrize(
    ("urn", "url"),
    [
        ("urn:ietf:rfc:2141", "https://www.rfc-editor.org/rfc/rfc2141"),  # RFC 2648 3
        ("URN:IETF:RFC:0822", "https://www.rfc-editor.org/rfc/rfc822"),
        ("urn:ietf:std:50", "https://www.rfc-editor.org/info/std50"),
        ("urn:ietf:bcp:14", "https://www.rfc-editor.org/info/bcp14"),
        ("urn:ietf:fyi:1", "https://www.rfc-editor.org/info/fyi1"),
        ("urn:ietf:id:ietf-urn-ietf-06", "https://datatracker.ietf.org/doc/html/draft-ietf-urn-ietf-06"),
        ("urn:isbn:0-395-36341-1", "https://openlibrary.org/isbn/9780395363416"),
        ("URN:NBN:fi-fe19981001", "https://urn.fi/urn:nbn:fi-fe19981001"),  # RFC 3188 4
        ("urn:nbn:de:gbv:089-3321752945", "https://nbn-resolving.org/urn:nbn:de:gbv:089-3321752945"),
        # RFC 8141 2.3.2/2.3.3: q-component -> query, f-component -> fragment
        ("urn:ietf:rfc:2141?=a=1#s2", "https://www.rfc-editor.org/rfc/rfc2141?a=1#s2"),
    ],
)  # fmt: skip
def test_rule_based(urn: str, url: str) -> None:
    assert resolve(urn) == url
    assert resolve(URN.parse(urn), "I2Ls") == url


@pytest.mark.parametrize(
    ("urn", "words"),
    [
        ("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "not applicable"),
        ("urn:example:x", "no resolver"),
        ("urn:ietf:mtg:41-urn", "no rule"),
        ("urn:isbn:0-395-36341-2", "check digit"),
        ("urn:nbn:zz-123", "'zz'"),
    ],
)
def test_resolution_errors(urn: str, words: str) -> None:
    with pytest.raises(URIError) as info:
        resolve(urn)
    assert info.value.reason == "not-resolvable"
    assert words in str(info.value)


def test_unsupported_service() -> None:
    with pytest.raises(URIError, match="I2R"):
        resolve("urn:ietf:rfc:2141", "I2R")


def test_custom_registry() -> None:
    class Fixed(Resolver):
        def resolve_all(self, urn: URN, service: str) -> list[str]:
            return ["https://a.example/1", "https://b.example/2"]

    registry = ResolverRegistry({"example": Fixed()})
    assert resolve_all("urn:EXAMPLE:x", registry=registry) == [
        "https://a.example/1",
        "https://b.example/2",
    ]
    assert resolve("urn:example:x", registry=registry) == "https://a.example/1"
    with pytest.raises(ValueError):
        registry.register("Example", Fixed())
    registry.register("example", IETFResolver(base="https://mirror.example"), replace=True)
    registry.register("ietf", IETFResolver(base="https://mirror.example/"))
    assert resolve("urn:ietf:rfc:1", registry=registry) == "https://mirror.example/rfc/rfc1"
    registry.unregister("ietf")
    assert "ietf" not in registry and "ietf" in resolvers
    custom = resolvers.copy()
    custom.register("isbn", ISBNResolver("https://books.example/{isbn13}"), replace=True)
    assert resolve("urn:isbn:0395363411", registry=custom) == "https://books.example/9780395363416"


# --- RFC 2169 trivial HTTP against a local server ---------------------------------


class _Handler(http.server.BaseHTTPRequestHandler):
    seen: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        type(self).seen.append(self.path)
        if self.path.startswith("/uri-res/I2L?urn:example:found"):
            self.send_response(303)
            self.send_header("Location", "https://example.org/found")
            self.end_headers()
        elif self.path.startswith("/uri-res/I2Ls?"):
            body = b"# urn list\r\nhttps://example.org/1\r\nhttps://example.org/2\r\n"
            self.send_response(200)
            self.send_header("Content-Type", "text/uri-list")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def local_server() -> Iterator[int]:
    server = http.server.HTTPServer(("127.0.0.1", 0), _Handler)
    server.timeout = 5
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.daemon = True
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def test_trivial_http_resolver(local_server: int) -> None:
    _Handler.seen.clear()
    local = Policy.ssrf(allowed_ports=[local_server], allowed_networks=["127.0.0.1/32"])
    http_resolver = TrivialHTTPResolver("127.0.0.1", port=local_server, timeout=5, policy=local)
    registry = ResolverRegistry(fallback=http_resolver)
    url = resolve("urn:example:found?+r1?=q1#f1", registry=registry)
    # the Location URL, with the q- and f-component applied
    assert url == "https://example.org/found?q1#f1"
    # RFC 2169 2.0: GET /uri-res/<service>?<urn>; r-component sent, q/f not
    assert _Handler.seen[-1] == "/uri-res/I2L?urn:example:found?+r1"
    assert resolve_all("urn:example:x", "I2Ls", registry=registry) == [
        "https://example.org/1",
        "https://example.org/2",
    ]
    with pytest.raises(URIError, match="HTTP 404"):
        resolve("urn:example:missing", registry=registry)
    assert http_resolver.request_url(URN.parse("urn:a1:b"), "I2L") == (
        f"http://127.0.0.1:{local_server}/uri-res/I2L?urn:a1:b"
    )


def test_trivial_http_resolver_connection_refused() -> None:
    # a port nothing listens on: the bound socket is closed before use
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    local = Policy.ssrf(allowed_ports=[port], allowed_networks=["127.0.0.1/32"])
    resolver = TrivialHTTPResolver("127.0.0.1", port=port, timeout=2, policy=local)
    registry = ResolverRegistry(fallback=resolver)
    with pytest.raises(URIError) as info:
        resolve("urn:example:x", registry=registry)
    assert f"resolver 127.0.0.1:{port} failed: ConnectionRefusedError" in str(info.value)
    with pytest.raises(ValueError):
        TrivialHTTPResolver("h", scheme="ftp")


# --- wrong argument types: TypeError naming the parameter and the expected type -----


def _any(value: object) -> Any:
    """``value`` typed as Any: these calls pass wrong types on purpose."""
    return value


def _call_registry_register() -> None:
    ResolverRegistry().register(_any(None), IETFResolver())


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: resolve(_any(None)), "resolve() argument 'urn' must be str or URN, not NoneType"),
        (
            lambda: resolve(_any(b"urn:a:b")),
            "resolve() argument 'urn' must be str or URN, not bytes",
        ),
        (lambda: resolve_all(_any(1)), "resolve_all() argument 'urn' must be str or URN, not int"),
        (
            lambda: resolve("urn:ietf:rfc:1", _any(b"I2L")),
            "resolve() argument 'service' must be str, not bytes",
        ),
        (
            lambda: resolve("urn:ietf:rfc:1", registry=_any({})),
            "resolve() argument 'registry' must be ResolverRegistry or None, not dict",
        ),
        (
            _call_registry_register,
            "ResolverRegistry.register() argument 'nid' must be str, not NoneType",
        ),
        (
            lambda: ResolverRegistry().register("x", _any("http://h")),
            "ResolverRegistry.register() argument 'resolver' must be Resolver, not str",
        ),
        (
            lambda: ResolverRegistry({"x": IETFResolver()}, fallback=_any("h")),
            "ResolverRegistry() argument 'fallback' must be Resolver or None, not str",
        ),
        (
            lambda: ResolverRegistry(_any([("x", IETFResolver())])),
            "ResolverRegistry() argument 'resolvers' must be a mapping or None, not list",
        ),
        (lambda: resolvers.get(_any(None)), "ResolverRegistry.get() argument 'nid' must be str"),
        (lambda: resolvers.unregister(_any(b"x")), "ResolverRegistry.unregister() argument 'nid'"),
        (
            lambda: IETFResolver().resolve_all(_any("urn:ietf:rfc:1"), "I2L"),
            "IETFResolver.resolve_all() argument 'urn' must be URN, not str",
        ),
        (
            lambda: ISBNResolver().resolve_all(URN.parse("urn:isbn:0395363411"), _any(None)),
            "ISBNResolver.resolve_all() argument 'service' must be str, not NoneType",
        ),
        (
            lambda: TrivialHTTPResolver("h").request_url(_any("urn:a:b"), "I2L"),
            "TrivialHTTPResolver.request_url() argument 'urn' must be URN, not str",
        ),
        (lambda: IETFResolver(base=_any(None)), "IETFResolver() argument 'base' must be str"),
        (lambda: ISBNResolver(_any(b"{isbn13}")), "ISBNResolver() argument 'template' must be str"),
        (
            lambda: NBNResolver(_any({"fi": 1})),
            "NBNResolver() argument 'by_country' must be a mapping of str to str, not int",
        ),
        (
            lambda: NotApplicableResolver(_any(None)),
            "NotApplicableResolver() argument 'reason' must be str, not NoneType",
        ),
    ],
)
def test_argument_types(call: Callable[[], object], message: str) -> None:
    with pytest.raises(TypeError) as info:
        call()
    assert str(info.value).startswith(message)
