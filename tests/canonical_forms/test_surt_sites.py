"""surt(registrable_domain=True): the host keyed by its registrable domain,
in both builds; the default key unchanged."""

from __future__ import annotations

import pytest

# the sites are read from the Public Suffix List of the [domains] extra
pytest.importorskip("publicsuffixlist")

import urikit
from urikit import domains


@pytest.mark.parametrize(
    ("url", "key"),
    [
        ("http://forums.news.bbc.co.uk/x?b=1&a=2", "uk,co,bbc)/x?a=2&b=1"),
        ("http://www.Forums.BBC.co.uk:8080/", "uk,co,bbc:8080)/"),
        ("https://a.b.github.io/", "io,github,b)/"),
        ("http://bücher.de/a", "de,xn--bcher-kva)/a"),
        ("http://1.2.3.4/x", "4,3,2,1)/x"),
        ("http://[::1]/", "::1)/"),
        ("http://co.uk/", "uk,co)/"),
        ("http://localhost/", "localhost)/"),
    ],
)
def test_site_keys(url: str, key: str) -> None:
    assert urikit.surt(url, registrable_domain=True) == key
    assert urikit.surt(url, registrable_domain=True, with_scheme=True).endswith("(" + key)


@pytest.mark.parametrize(
    "url", ["http://forums.news.bbc.co.uk/x", "http://a.b.github.io/", "http://www.example.com/"]
)
def test_the_default_is_the_host(url: str) -> None:
    key = urikit.surt(url)
    assert urikit.surt(url, registrable_domain=False) == key
    host = key.partition(")")[0]
    site = domains.registrable_domain(urikit.parse(url).host or "")
    assert site is not None
    assert urikit.surt(url, registrable_domain=True).partition(")")[0] == ",".join(
        reversed(site.split("."))
    )
    assert host.startswith(urikit.surt(url, registrable_domain=True).partition(")")[0])
