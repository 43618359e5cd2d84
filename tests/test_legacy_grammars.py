"""RFC 2396 (+ RFC 2732) versus RFC 3986: each difference, both ways."""

from __future__ import annotations

import pytest

import urikit

# (text, valid under rfc3986, valid under rfc2396, why)
DIFFERENCES = [
    ("mailto:", True, False, "RFC 2396 opaque_part = uric_no_slash *uric: not empty"),
    ("foo:", True, False, "same"),
    ("http://[v1.x]/", True, False, "IPvFuture is RFC 3986 only"),
    ("//a@b@c/x", False, True, "RFC 2396 reg_name allows '@'"),
    ("http://a/b#c#d", False, False, "one '#' in both"),
    ("http://a b/", False, False, "space in neither"),
    ("http://[::1]:80/", True, True, "RFC 2732 IPv6reference"),
    ("http://a/b;p?q#f", True, True, "both"),
    ("g;x=1/../y", True, True, "rel_path"),
    ("http://a/%zz", False, False, "bad escape"),
    ("", True, True, "empty reference"),
]


@pytest.mark.parametrize(("text", "v3986", "v2396", "why"), DIFFERENCES)
def test_rfc2396_differences(text: str, v3986: bool, v2396: bool, why: str) -> None:
    assert urikit.is_valid(text) is v3986, why
    assert urikit.is_valid(text, grammar="rfc2396") is v2396, why


def test_rules() -> None:
    assert not urikit.is_valid("g:h", rule="relativeURI", grammar="rfc2396")
    assert not urikit.is_valid("/p", rule="absoluteURI", grammar="rfc2396")
    assert not urikit.is_valid("a:b#f", rule="absoluteURI", grammar="rfc2396")
    with pytest.raises(ValueError, match="unknown grammar"):
        urikit.is_valid("x", grammar="rfc9999")
