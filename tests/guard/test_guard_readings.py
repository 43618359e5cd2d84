"""The guard compares its client's reading of every hop with RFC 3986's
(``admit(client=...)``): a hop the client's parser reads with another scheme,
host or port is refused with ``parsers-disagree``."""

from __future__ import annotations

import pytest

from urikit.guard._gate import Blocked, admit
from urikit.security import Policy


def fake_dns(name: str) -> list[str]:
    return ["93.184.216.34"]


def test_a_hop_the_client_reads_elsewhere_is_refused() -> None:
    url = "http://user@example.org/"  # urllib.request would connect to 'user@example.org'
    assert admit(url, policy=Policy(), resolver=fake_dns, hop=0).host == "example.org"
    with pytest.raises(Blocked) as info:
        admit(url, policy=Policy(), resolver=fake_dns, hop=0, client="urllib")
    err = info.value
    assert err.reason == "parsers-disagree" and err.component == "host"
    assert "urllib" in str(err) and err.text[err.spans[0][0]] == "@"


@pytest.mark.parametrize("client", ["httpx", "urllib3"])
def test_the_adapters_clients_agree_on_plain_hops(client: str) -> None:
    pytest.importorskip(client)
    for url in ("https://example.org/a?b#c", "http://example.org:8080/", "http://[2001:db8::1]/"):
        hop = admit(url, policy=Policy(), resolver=fake_dns, hop=0, client=client)
        assert hop.port in (443, 8080, 80)


def test_without_one_reading_the_client_is_not_compared() -> None:
    url = "http://user@example.org/"
    policy = Policy(one_reading=False)
    assert admit(url, policy=policy, resolver=fake_dns, hop=0, client="urllib").port == 80
