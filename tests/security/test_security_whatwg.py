"""``whatwg-differs``: RFC 3986 and the WHATWG URL Standard (ada-url, the ``[whatwg]``
extra) read a reference differently. Skipped when the extra is not installed;
.ci/run runs this file once more after installing it."""

from __future__ import annotations

from pathlib import Path

import pytest

from urikit.security import Policy, check
from urikit.security._policy import _Found
from urikit.security._whatwg import _SPECIAL, _whatwg

ada_url = pytest.importorskip("ada_url")

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "urls.txt"


def differs(text: str) -> list[str]:
    return [f.message for f in check(text).findings if f.code == "whatwg-differs"]


@pytest.mark.parametrize(
    ("text", "component", "theirs"),
    [
        ("http://0x7f.1/", "host", "'127.0.0.1'"),
        ("http://2130706433/", "host", "'127.0.0.1'"),
        ("http://%31%32%37.0.0.1/", "host", "'127.0.0.1'"),
        ("http:/example.com", "host", "'example.com'"),
        ("http:example.com/x", "host", "'example.com'"),
        ("http://h/a/%2e%2e/b", "path", "'/b'"),
        ("http://h/a/%2E/b", "path", "'/a/b'"),
        ("http://\uff11\uff12\uff17.0.0.1/", "host", "'127.0.0.1'"),
    ],
)
def test_whatwg_differs_states_both_readings(text: str, component: str, theirs: str) -> None:
    found = [f for f in check(text).findings if f.code == "whatwg-differs"]
    assert found, text
    assert any(f.component == component and theirs in f.message for f in found), found
    assert all("RFC 3986" in f.message for f in found)


def test_whatwg_rejects_what_rfc_3986_accepts() -> None:
    assert differs("http://a%2Fb/") == [
        "RFC 3986 reads a valid URI; the WHATWG URL Standard rejects it"
    ]


@pytest.mark.parametrize(
    "text",
    [
        "http://example.com/",
        "HTTP://EXAMPLE.COM:80/a/./b/../c",  # dot segments: both remove them
        "https://example.com:443",
        "http://[::FFFF:127.0.0.1]/",
        "http://\u4f8b\u3048.jp/\u30d1\u30b9",
        "http://xn--r8jz45g.jp/",
        "mailto:a@b",  # not a special scheme: not compared
    ],
)
def test_same_reading_gives_no_finding(text: str) -> None:
    assert differs(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "http://example.com:0/",
        "http://example.com:000/",
        "https://example.com:0/a",
        "ws://example.com:00000/",
        "http://[::1]:0/",
        "http://10.0.0.1:0/",
        "http://example.com:0080/",  # the default port, written with zeros: both drop it
        "http://example.com:08080/",
    ],
)
def test_port_zero_is_the_number_zero(text: str) -> None:
    """RFC 3986 keeps "0" and "000" as written, the WHATWG parser as the number 0;
    both are port 0, not an empty port: no whatwg-differs."""
    assert differs(text) == []
    port = text.split("://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1]
    assert ada_url.parse_url(text)["port"] in (str(int(port)), "")  # what is compared


def test_ssrf_blocks_on_it_and_whatwg_false_skips_it() -> None:
    text = "http://h/a/%2e%2e/admin"
    assert "whatwg-differs" in [f.code for f in check(text, policy=Policy.ssrf()).blocking]
    no_browser = Policy(whatwg=False)
    assert "whatwg-differs" not in [f.code for f in check(text, policy=no_browser).findings]


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not there")
def test_the_fast_path_skips_only_references_both_read_alike() -> None:
    """check() asks ada-url only when a cheap test cannot tell that both standards
    agree; every corpus URL the test lets through must indeed be read alike."""
    lines = CORPUS.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    compared = 0
    for line in lines[::7]:
        report = check(line)
        if report.uri is None or (report.uri.scheme or "").lower() not in _SPECIAL:
            continue
        found = _Found(Policy())
        _whatwg(found, line, report.uri, report.uri.scheme.lower())  # type: ignore[union-attr]
        full = [f for f in found.items if f.code == "whatwg-differs"]
        assert [f.message for f in full] == differs(line), line
        compared += 1
    assert compared > 1000
