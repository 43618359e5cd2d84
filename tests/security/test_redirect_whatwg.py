"""``check_redirect``'s browser reading (urikit's own steps of the WHATWG URL
Standard) gives the origin ada-url (the ``[whatwg]`` extra) gives for the same
target against the same page, over a table and Hypothesis-made targets.
Skipped when the extra is not installed."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from urikit.security._redirect import _DEFAULT_PORTS, _browser, _Origin

ada_url = pytest.importorskip("ada_url")

BASES = (_Origin("https", "example.com", 443), _Origin("http", "example.com", 80))


def theirs(target: str, base: _Origin) -> tuple[str, str, int] | str | None:
    """ada's origin of ``target`` from a page of ``base``: a tuple, "opaque"
    (a scheme without a tuple origin), or ``None`` when ada rejects it."""
    try:
        joined = ada_url.join_url(f"{base}/", target)
    except ValueError:
        return None
    parts = ada_url.parse_url(joined, attributes=("protocol", "hostname", "port"))
    scheme = parts["protocol"][:-1]
    if scheme not in _DEFAULT_PORTS:
        return "opaque"
    port = int(parts["port"]) if parts["port"] else _DEFAULT_PORTS[scheme]
    return (scheme, parts["hostname"], port)


def ours(target: str, base: _Origin) -> tuple[str, str, int] | str | None:
    reading = _browser(target, base)
    if reading.error is not None:
        return None
    if reading.origin is None:
        return "opaque"
    return (reading.origin.scheme, reading.origin.host, reading.origin.port)


TABLE = (
    "",
    "/",
    "x",
    "?q",
    "#f",
    "//evil.com",
    "/\\evil.com",
    "\\/evil.com",
    "\\\\evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    "\r\n//evil.com",
    "\x00\x1f //evil.com \x00",
    "///evil.com",
    "https:evil.com",
    "http:evil.com",
    "https:/evil.com",
    "https:\\\\evil.com",
    "HTTPS://EVIL.COM:443/",
    "https://evil.com:0443/",
    "https://evil.com:/",
    "https://evil.com:x/",
    "https://evil.com:65536/",
    "https://u:p@evil.com/",
    "https://a@b@evil.com/",
    "https://evil.com\\@example.com/",
    "https://@evil.com/",
    "https://",
    "https://0x7f.1/",
    "https://2130706433/",
    "https://1.2.3.4.5/",
    "https://999999999999/",
    "https://1.2.3.256/",
    "https://example.com.0x/",
    "https://[::1]/",
    "https://[0:0::ffff:7f00:1]/",
    "https://[::1/",
    "https://ex%61mple.com/",
    "https://%zz/",
    "https://bücher.example/",
    "https://xn--bcher-kva.example/",
    "https://EXAMPLE.com./",
    "https://exa mple.com/",
    "https://a<b/",
    "javascript:alert(1)",
    "java\nscript:alert(1)",
    "data:,x",
    "file:///etc/passwd",
    "ftp:9999999999",
    "http:999999999",
    "ws://example.com/",
    "blob:https://example.com/x",
    "mailto:a@example.com",
    "1http://evil.com",
    "h+t.t-p://evil.com",
    # an authority the URL Standard refuses after a scheme that is not special
    "javascript://\\",
    "evil.comhttps://\\",
    "x://a b/",
    "x://@/",
    "x://:1/",
    "x://h:99999/",
    "x://h:1a/",
    "x://[::1]:80/",
    "x://[::1%25eth0]/",
    "x://[v1.x]/",
    "x://u@h:8/",
    "x://h%zz/",
    "x://h\x7f/",
)


@pytest.mark.parametrize("base", BASES, ids=str)
@pytest.mark.parametrize("target", TABLE)
def test_origin_is_adas(target: str, base: _Origin) -> None:
    assert ours(target, base) == theirs(target, base)


PIECES = st.sampled_from(
    [
        "/", "\\", "//", "/\\", "\t", "\n", "\r", " ", "\x00", "\x1f",
        "https:", "http:", "HTTP:", "ws:", "javascript:", "data:",
        "evil.com", "example.com", "EXAMPLE.com", "ex%61mple.com", "@", ":", ":443", ":80",
        ":8080", "?", "#", "[::1]", "0x7f.1", "127.0.0.1", "1", ".", "a", "%2f", "%", "u:p@",
        "x:", "x://", "|", "^", "]",
    ]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, max_size=8).map("".join), st.sampled_from(BASES))
@example("/\t\\evil.com", BASES[0])
def test_origin_is_adas_for_made_targets(target: str, base: _Origin) -> None:
    assert ours(target, base) == theirs(target, base)
