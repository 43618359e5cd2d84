"""The guard honours a policy's allowed_sites and denied_sites on every hop: a
redirect to a denied site (or to a site not allowed) is refused before it is
followed. The server listens on 127.0.0.1; names are answered by an injected
resolver, never by DNS."""

from __future__ import annotations

import http.server
import urllib.parse
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

# the sites are read from the Public Suffix List of the [domains] extra
pytest.importorskip("publicsuffixlist")
from loopback import serve

from urikit.guard import Blocked, urlopen
from urikit.security import Policy


class _Redirects(http.server.BaseHTTPRequestHandler):
    """``/to?<url>``: a 302 to ``url``; anything else: 200 ``ok``."""

    seen: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        self.seen.append(self.headers.get("Host", "") + self.path)
        path, _, query = self.path.partition("?")
        if path == "/to":
            self.send_response(302)
            self.send_header("Location", urllib.parse.unquote(query))
            body = b""
        else:
            self.send_response(200)
            body = b"ok"
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def port() -> Iterator[int]:
    _Redirects.seen = []
    yield from serve(http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Redirects))


def _lab(port: int, **sites: Any) -> Policy:
    return Policy.ssrf(allowed_ports=[port], allowed_networks=["127.0.0.1/32"], **sites)


def _here(name: str) -> list[str]:
    return ["127.0.0.1"]


def _start(port: int, target: str) -> str:
    return f"http://www.partner.co.uk:{port}/to?{urllib.parse.quote(target.format(port=port))}"


@pytest.mark.parametrize(
    ("sites", "target", "code"),
    [
        ({"denied_sites": ["evil.co.uk"]}, "http://tracker.EVIL.co.uk:{port}/", "denied-site"),
        ({"denied_sites": ["evil.co.uk"]}, "http://evil.co.uk.:{port}/", "denied-site"),
        ({"allowed_sites": ["partner.co.uk"]}, "http://other.co.uk:{port}/", "site-not-allowed"),
    ],
)
def test_a_redirect_to_a_site_is_refused(
    port: int, sites: dict[str, list[str]], target: str, code: str
) -> None:
    with pytest.raises(Blocked) as info:
        urlopen(_start(port, target), policy=_lab(port, **sites), resolver=_here)
    assert info.value.hop == 1 and info.value.reason == code, str(info.value)
    assert len(_Redirects.seen) == 1  # the first hop only: the redirect was not followed


def test_the_first_hop_too(port: int) -> None:
    with pytest.raises(Blocked) as info:
        urlopen(
            f"http://evil.co.uk:{port}/",
            policy=_lab(port, denied_sites=["evil.co.uk"]),
            resolver=_here,
        )
    assert info.value.hop == 0 and info.value.reason == "denied-site"
    assert _Redirects.seen == []


def test_a_redirect_within_the_allowed_site_is_followed(port: int) -> None:
    policy = _lab(port, allowed_sites=["partner.co.uk"], denied_sites=["evil.co.uk"])
    response = urlopen(
        _start(port, "http://shop.partner.co.uk:{port}/ok"), policy=policy, resolver=_here
    )
    assert (response.status, response.read()) == (200, b"ok")
    assert [s.split(":")[0] for s in _Redirects.seen] == ["www.partner.co.uk", "shop.partner.co.uk"]


@pytest.mark.parametrize("client", ["httpx", "requests"])
def test_the_other_clients(port: int, client: str) -> None:
    policy = _lab(port, denied_sites=["evil.co.uk"])
    url = _start(port, "http://a.evil.co.uk:{port}/")
    with pytest.raises(Blocked) as info:
        if client == "httpx":
            httpx = pytest.importorskip("httpx")
            from urikit.guard import HTTPTransport

            transport = HTTPTransport(policy=policy, resolver=_here)
            with httpx.Client(transport=transport, follow_redirects=True, trust_env=False) as c:
                c.get(url)
        else:
            pytest.importorskip("requests")
            from urikit.guard import session

            session(policy=policy, resolver=_here).get(url)
    assert info.value.reason == "denied-site"
    assert len(_Redirects.seen) == 1
