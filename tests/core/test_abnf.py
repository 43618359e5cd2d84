"""Every ABNF rule of RFC 3986 Appendix A, with valid and invalid examples.

Rows are (rule, text) for ``ok`` and (rule, text, position, component[, reason])
for ``bad``; positions are 0-based indexes into ``text`` (see helpers.py for the
carrier each sub-rule is checked in). Section numbers are those of RFC 3986.
"""

from __future__ import annotations

import pytest
from helpers import bad, ok

import urikit
from urikit.core import _parser

# ---------------------------------------------------------------------------------------
# Valid examples: (rule, text)
# ---------------------------------------------------------------------------------------

VALID: list[tuple[str, str]] = [
    # section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    ("scheme", "a"),
    ("scheme", "Z"),
    ("scheme", "http"),
    ("scheme", "HTTP"),
    ("scheme", "svn+ssh"),
    ("scheme", "soap.beep"),
    ("scheme", "xn--a-b"),
    ("scheme", "a0+-."),
    ("scheme", "z9"),
    # section 3.2.1: userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
    ("userinfo", ""),
    ("userinfo", "user"),
    ("userinfo", "user:password"),
    ("userinfo", ":"),
    ("userinfo", "::"),
    ("userinfo", "-._~"),
    ("userinfo", "!$&'()*+,;="),
    ("userinfo", "%20%7e%Ff"),
    ("userinfo", "cnn.example.com&story=breaking_news"),  # section 7.6
    # section 3.2.2: host = IP-literal / IPv4address / reg-name
    ("reg-name", ""),
    ("reg-name", "example.com"),
    ("reg-name", "EXAMPLE.COM"),
    ("reg-name", "xn--bcher-kva.example"),
    ("reg-name", "a-b_c~d.e"),
    ("reg-name", "!$&'()*+,;="),
    ("reg-name", "%41%62%c3%a9"),
    ("reg-name", "1.2.3"),  # not an IPv4address, but a fine reg-name
    ("reg-name", "256.0.0.1"),
    ("reg-name", "01.2.3.4"),
    ("reg-name", "1.2.3.4."),
    ("reg-name", "localhost"),
    ("host", "192.0.2.16"),
    ("host", "[2001:db8::7]"),
    ("host", "[v7.fe80::1+eth0]"),
    ("IP-literal", "[::]"),
    ("IP-literal", "[V1.x]"),
    # IPv6address: one or more examples of each of the nine forms, with an IPv4 ls32
    # wherever the form ends in ls32.
    ("IPv6address", "1:2:3:4:5:6:7:8"),  # 6( h16 ":" ) ls32
    ("IPv6address", "1:2:3:4:5:6:1.2.3.4"),
    ("IPv6address", "FFFF:ffff:0:00:000:0000:aBcD:1"),
    ("IPv6address", "2001:DB8:0:0:8:800:200C:417A"),
    ("IPv6address", "::2:3:4:5:6:7:8"),  # "::" 5( h16 ":" ) ls32
    ("IPv6address", "::2:3:4:5:6:1.2.3.4"),
    ("IPv6address", "1::3:4:5:6:7:8"),  # [ h16 ] "::" 4( h16 ":" ) ls32
    ("IPv6address", "1::3:4:5:6:1.2.3.4"),
    ("IPv6address", "::3:4:5:6:7:8"),
    ("IPv6address", "1:2::4:5:6:7:8"),  # [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
    ("IPv6address", "1:2::4:5:6:1.2.3.4"),
    ("IPv6address", "2::4:5:6:7:8"),
    ("IPv6address", "1:2:3::5:6:7:8"),  # [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
    ("IPv6address", "1:2:3::5:6:1.2.3.4"),
    ("IPv6address", "1:2:3:4::6:7:8"),  # [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
    ("IPv6address", "1:2:3:4::6:1.2.3.4"),
    ("IPv6address", "::ffff:192.0.2.128"),
    ("IPv6address", "1:2:3:4:5::7:8"),  # [ *4( h16 ":" ) h16 ] "::" ls32
    ("IPv6address", "1:2:3:4:5::1.2.3.4"),
    ("IPv6address", "::1.2.3.4"),
    ("IPv6address", "::7:8"),
    ("IPv6address", "1:2:3:4:5:6::8"),  # [ *5( h16 ":" ) h16 ] "::" h16
    ("IPv6address", "::1"),
    ("IPv6address", "fe80::1"),
    ("IPv6address", "2001:db8::7"),  # section 1.1.2
    ("IPv6address", "1:2:3:4:5:6:7::"),  # [ *6( h16 ":" ) h16 ] "::"
    ("IPv6address", "1::"),
    ("IPv6address", "::"),
    ("h16", "0"),
    ("h16", "abcd"),
    ("h16", "ABCD"),
    ("h16", "0000"),
    ("ls32", "1:2"),
    ("ls32", "ffff:FFFF"),
    ("ls32", "0.0.0.0"),
    ("ls32", "255.255.255.255"),
    # IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
    ("IPv4address", "0.0.0.0"),
    ("IPv4address", "192.0.2.16"),
    ("IPv4address", "255.255.255.255"),
    ("IPv4address", "10.99.100.249"),
    # dec-octet: every boundary of its five alternatives
    *[("dec-octet", d) for d in ("0", "9", "10", "99", "100", "199", "200", "249", "250", "255")],
    # IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
    ("IPvFuture", "v1.x"),
    ("IPvFuture", "V1.x"),
    ("IPvFuture", "vF.:"),
    ("IPvFuture", "v1aB.fe80::a+en1"),
    ("IPvFuture", "v7.!$&'()*+,;=:-._~"),
    # section 3.2.3: port = *DIGIT (no range limit in the grammar)
    ("port", ""),
    ("port", "0"),
    ("port", "80"),
    ("port", "0080"),
    ("port", "65535"),
    ("port", "99999999999999999999"),
    # section 3.2: authority = [ userinfo "@" ] host [ ":" port ]
    ("authority", ""),
    ("authority", "@"),
    ("authority", ":"),
    ("authority", "@:"),
    ("authority", "u:p@h:1"),
    ("authority", "u@[::1]:"),
    ("authority", "[v1.x]:8"),
    ("authority", "c@d"),
    # section 3.3: the five path forms
    ("path-abempty", ""),
    ("path-abempty", "/"),
    ("path-abempty", "//"),
    ("path-abempty", "/a/b/"),
    ("path-abempty", "/a:b@c/%20/;p=1/./../"),
    ("path-absolute", "/"),
    ("path-absolute", "/a"),
    ("path-absolute", "/a/"),
    ("path-absolute", "/a//b"),
    ("path-absolute", "/:"),
    ("path-absolute", "/a:b"),
    ("path-noscheme", "a"),
    ("path-noscheme", "a/b:c"),
    ("path-noscheme", "@"),
    ("path-noscheme", "a@b"),
    ("path-noscheme", "./this:that"),  # section 4.2
    ("path-noscheme", "."),
    ("path-noscheme", ".."),
    ("path-noscheme", "%3A"),
    ("path-noscheme", "a//b"),
    ("path-rootless", "a"),
    ("path-rootless", "a:b"),
    ("path-rootless", ":"),
    ("path-rootless", ":/"),
    ("path-rootless", "a/b//"),
    ("path-rootless", "@:"),
    ("path-empty", ""),
    ("segment", ""),
    ("segment", "a:@!$&'()*+,;=-._~%41"),
    # sections 3.4, 3.5: query = fragment = *( pchar / "/" / "?" )
    ("query", ""),
    ("query", "a=b&c"),
    ("query", "/?:@"),
    ("query", "??"),
    ("query", "objectClass?one"),  # section 1.1.2
    ("query", "!$&'()*+,;=-._~%20"),
    ("fragment", ""),
    ("fragment", "nose"),  # section 3
    ("fragment", "/?:@"),
    ("fragment", "!$&'()*+,;=-._~%2f"),
    # section 2.1: pct-encoded = "%" HEXDIG HEXDIG
    ("pct-encoded", "%00"),
    ("pct-encoded", "%ff"),
    ("pct-encoded", "%FF"),
    ("pct-encoded", "%aB"),
    ("pct-encoded", "%25%25"),
    # Appendix A top-level rules
    ("URI", "a:"),
    ("URI", "a:/"),
    ("URI", "a://"),
    ("URI", "a:?#"),
    ("URI", "a:b:c"),
    ("URI", "scheme:."),  # section 1.2.3
    ("URI", "scheme:.."),
    ("absolute-URI", "a:b?c"),
    ("absolute-URI", "http://h"),
    ("relative-ref", ""),
    ("relative-ref", "a"),
    ("relative-ref", "/a"),
    ("relative-ref", "//a"),
    ("relative-ref", "?q"),
    ("relative-ref", "#f"),
    ("relative-ref", "./a:b"),
    ("URI-reference", ""),
    ("URI-reference", "#"),
    ("URI-reference", "?"),
    ("URI-reference", "//"),
    ("URI-reference", "///"),
    ("URI-reference", "a:b"),
    ("URI-reference", "g;x?y#s"),  # section 5.4.1
]


@pytest.mark.parametrize(("rule", "text"), VALID)
def test_valid(rule: str, text: str) -> None:
    ok(rule, text)


# ---------------------------------------------------------------------------------------
# Invalid examples: (rule, text, position in text, component, reason or None)
# ---------------------------------------------------------------------------------------

INVALID: list[tuple[str, str, int, str, str | None]] = [
    # section 3.1: scheme
    ("scheme", "", 0, "scheme", "empty-scheme"),
    ("scheme", "0a", 0, "scheme", "scheme-start"),
    ("scheme", "+a", 0, "scheme", "scheme-start"),
    ("scheme", "é", 0, "scheme", "scheme-start"),
    ("scheme", "\u212a", 0, "scheme", "scheme-start"),  # KELVIN SIGN, lowercases to "k"
    ("scheme", "a_b", 1, "scheme", "invalid-char"),
    ("scheme", "a b", 1, "scheme", "invalid-char"),
    ("scheme", "a%41", 1, "scheme", "invalid-char"),
    ("scheme", "ab\u0131", 2, "scheme", "invalid-char"),  # dotless i
    ("URI", "", 0, "scheme", "invalid-char"),
    ("URI", "a", 1, "scheme", "invalid-char"),
    ("URI", "/a", 0, "scheme", "scheme-start"),
    ("URI", "//h/p", 0, "scheme", "scheme-start"),
    ("URI", "?q", 0, "scheme", "scheme-start"),
    # section 3.2.1: userinfo
    ("userinfo", "a b", 1, "userinfo", "invalid-char"),
    ("userinfo", "é", 0, "userinfo", "invalid-char"),
    ("userinfo", "[a]", 0, "userinfo", "invalid-char"),
    ("userinfo", "a\x00", 1, "userinfo", "invalid-char"),
    ("userinfo", "a%G0", 2, "userinfo", "bad-percent"),
    ("userinfo", "a%0", 3, "userinfo", "bad-percent"),  # the "@" after it is no hex digit
    ("userinfo", "a@b", 3, "host", "invalid-char"),  # the first "@" ends the userinfo
    # section 3.2.2: reg-name
    ("reg-name", "exa mple", 3, "host", "invalid-char"),
    ("reg-name", "é", 0, "host", "invalid-char"),
    ("reg-name", "a<b", 1, "host", "invalid-char"),
    ("reg-name", "a\\b", 1, "host", "invalid-char"),
    ("reg-name", "a[b", 1, "host", "invalid-char"),
    ("reg-name", "a]", 1, "host", "invalid-char"),
    ("reg-name", "a%zz", 2, "host", "bad-percent"),
    ("reg-name", "a%", 2, "host", "bad-percent"),
    ("reg-name", "a%4", 3, "host", "bad-percent"),
    # IP-literal = "[" ( IPv6address / IPvFuture ) "]"
    ("IP-literal", "[::1", 4, "host", "unterminated-ip-literal"),
    ("IP-literal", "[", 1, "host", "bad-ipv6"),
    ("IP-literal", "[]", 1, "host", "bad-ipv6"),
    ("IP-literal", "[::1]x", 5, "host", "after-ip-literal"),
    ("IP-literal", "[::1]]", 5, "host", "after-ip-literal"),
    ("IP-literal", "[::1][::2]", 5, "host", "after-ip-literal"),
    ("IP-literal", "x[::1]", 1, "host", "invalid-char"),
    ("IP-literal", "[fe80::1%25eth0]", 8, "host", "bad-ipv6"),  # RFC 6874 zones are not 3986
    ("IP-literal", "[1.2.3.4]", 2, "host", "bad-ipv6"),
    ("IP-literal", "[www.example.com]", 1, "host", "bad-ipv6"),
    # IPv6address: too many pieces, too few, two "::", bad characters, bad ls32
    ("IPv6address", "", 0, "host", "bad-ipv6"),
    ("IPv6address", ":", 1, "host", "bad-ipv6"),
    ("IPv6address", ":1:2:3:4:5:6:7", 1, "host", "bad-ipv6"),
    ("IPv6address", ":::", 2, "host", "bad-ipv6"),
    ("IPv6address", "1:::2", 3, "host", "bad-ipv6"),
    ("IPv6address", "1::2::3", 5, "host", "bad-ipv6"),
    ("IPv6address", "::1::", 4, "host", "bad-ipv6"),
    ("IPv6address", "1:2:3:4:5:6:7", 13, "host", "bad-ipv6"),
    ("IPv6address", "1:2:3:4:5:6:7:", 14, "host", "bad-ipv6"),
    ("IPv6address", "1:2:3:4:5:6:7:8:9", 15, "host", "bad-ipv6"),
    ("IPv6address", "1:2:3:4:5:6:7:8:", 15, "host", "bad-ipv6"),
    ("IPv6address", "1::2:3:4:5:6:7:8", 14, "host", "bad-ipv6"),
    ("IPv6address", "::1:2:3:4:5:6:7:8", 15, "host", "bad-ipv6"),
    ("IPv6address", "1:2:3:4:5:6:7::8", 15, "host", "bad-ipv6"),
    ("IPv6address", "1:2:3:4:5:6:7:8::", 15, "host", "bad-ipv6"),
    ("IPv6address", "12345::", 4, "host", "bad-ipv6"),
    ("IPv6address", "g::", 0, "host", "bad-ipv6"),
    ("IPv6address", "::g", 2, "host", "bad-ipv6"),
    ("IPv6address", "1:2:3:4:5:6:7:1.2.3.4", 15, "host", "bad-ipv6"),
    ("IPv6address", "1:2:3:4:5::6:1.2.3.4", 14, "host", "bad-ipv6"),
    ("IPv6address", "1:2:3:4:5:1.2.3.4", 11, "host", "bad-ipv6"),  # ls32 needs 6 before
    ("IPv6address", "1.2.3.4", 1, "host", "bad-ipv6"),
    ("IPv6address", "::1a.2.3.4", 4, "host", "bad-ipv6"),  # "::1a" is fine, "." is not
    ("IPv6address", "::256.1.1.1", 5, "host", "bad-ipv6"),
    ("IPv6address", "::01.1.1.1", 4, "host", "bad-ipv6"),
    ("IPv6address", "::.1.1.1", 2, "host", "bad-ipv6"),
    ("IPv6address", "::1.2.3.4:1", 9, "host", "bad-ipv6"),
    ("IPv6address", "::1.2.3.4.5", 9, "host", "bad-ipv6"),
    ("IPv6address", "::1.2.3", 7, "host", "bad-ipv6"),
    ("IPv6address", "::1.2.3.", 8, "host", "bad-ipv6"),
    ("IPv6address", "::1..2.3", 4, "host", "bad-ipv6"),
    ("IPv6address", " ::1", 0, "host", "bad-ipv6"),
    # IPv4address inside ls32: the dec-octet ranges are enforced there
    # (a first octet is also a fine h16, so the "." after it is at fault)
    ("IPv4address", "256.1.1.1", 3, "host", "bad-ipv6"),
    ("IPv4address", "1.2.3.256", 8, "host", "bad-ipv6"),
    ("IPv4address", "01.2.3.4", 2, "host", "bad-ipv6"),
    ("IPv4address", "1.2.3.4.", 7, "host", "bad-ipv6"),
    ("IPv4address", "1.2.3", 5, "host", "bad-ipv6"),
    ("IPv4address", "1.2.3.a", 6, "host", "bad-ipv6"),
    ("IPv4address", "1.2.3.\u0663", 6, "host", "bad-ipv6"),  # ARABIC-INDIC DIGIT THREE
    ("dec-octet", "256", 2, "host", "bad-ipv6"),
    ("dec-octet", "260", 2, "host", "bad-ipv6"),
    ("dec-octet", "300", 2, "host", "bad-ipv6"),
    ("dec-octet", "999", 2, "host", "bad-ipv6"),
    ("dec-octet", "1000", 3, "host", "bad-ipv6"),
    ("dec-octet", "00", 1, "host", "bad-ipv6"),
    ("dec-octet", "01", 1, "host", "bad-ipv6"),
    ("dec-octet", "099", 1, "host", "bad-ipv6"),
    ("dec-octet", "", 0, "host", "bad-ipv6"),
    ("dec-octet", "-1", 0, "host", "bad-ipv6"),
    ("dec-octet", "+1", 0, "host", "bad-ipv6"),
    ("h16", "12345", 4, "host", "bad-ipv6"),
    ("h16", "x", 0, "host", "bad-ipv6"),
    ("ls32", "1", 1, "host", "bad-ipv6"),
    ("ls32", "1:2:3", 3, "host", "bad-ipv6"),
    # IPvFuture
    ("IPvFuture", "v", 1, "host", "bad-ipvfuture"),
    ("IPvFuture", "v1", 2, "host", "bad-ipvfuture"),
    ("IPvFuture", "v.x", 1, "host", "bad-ipvfuture"),
    ("IPvFuture", "vg.x", 1, "host", "bad-ipvfuture"),
    ("IPvFuture", "v1.", 3, "host", "bad-ipvfuture"),
    ("IPvFuture", "v1.x y", 4, "host", "bad-ipvfuture"),
    ("IPvFuture", "v1.%41", 3, "host", "bad-ipvfuture"),  # no pct-encoded in IPvFuture
    ("IPvFuture", "v1.x[", 4, "host", "bad-ipvfuture"),
    ("IPvFuture", "v1.x/", 4, "host", "unterminated-ip-literal"),  # "/" ends the authority
    # section 3.2.3: port
    ("port", "8a", 1, "port", "invalid-char"),
    ("port", "-1", 0, "port", "invalid-char"),
    ("port", "8 0", 1, "port", "invalid-char"),
    ("port", "80:", 2, "port", "invalid-char"),
    ("port", "%38", 0, "port", "invalid-char"),
    ("port", "\u0663", 0, "port", "invalid-char"),
    ("port", "\uff18", 0, "port", "invalid-char"),  # FULLWIDTH DIGIT EIGHT
    ("authority", "a:b:c", 2, "port", "invalid-char"),  # see docs/design.md
    ("authority", "u@h@i", 3, "host", "invalid-char"),
    # section 3.3: paths
    ("path-abempty", "/a b", 2, "path", "invalid-char"),
    ("path-abempty", "/a%", 3, "path", "bad-percent"),
    ("path-abempty", "/a[", 2, "path", "invalid-char"),
    ("path-abempty", "/é", 1, "path", "invalid-char"),
    ("path-abempty", "/\\", 1, "path", "invalid-char"),
    ("path-absolute", "/a\tb", 2, "path", "invalid-char"),
    ("path-absolute", "/a]", 2, "path", "invalid-char"),
    ("path-noscheme", "a:b", 1, "path", "colon-in-first-segment"),
    ("path-noscheme", ":", 0, "path", "colon-in-first-segment"),
    ("path-noscheme", "a@b:c/d", 3, "path", "colon-in-first-segment"),
    ("path-noscheme", "%41:b", 3, "path", "colon-in-first-segment"),
    ("path-noscheme", "this:that", 4, "path", "colon-in-first-segment"),  # section 4.2
    ("path-noscheme", "a b", 1, "path", "invalid-char"),
    ("path-noscheme", "a/b c", 3, "path", "invalid-char"),
    ("path-noscheme", "a%2", 3, "path", "bad-percent"),
    ("path-rootless", "a b", 1, "path", "invalid-char"),
    ("path-rootless", "a/\x7f", 2, "path", "invalid-char"),
    ("segment", "a{", 1, "path", "invalid-char"),
    ("segment", "a|b", 1, "path", "invalid-char"),
    ("segment", "a^", 1, "path", "invalid-char"),
    ("segment", "`", 0, "path", "invalid-char"),
    ("segment", '"', 0, "path", "invalid-char"),
    ("segment", "<>", 0, "path", "invalid-char"),
    # sections 3.4, 3.5: query and fragment
    ("query", "a b", 1, "query", "invalid-char"),
    ("query", "a[", 1, "query", "invalid-char"),
    ("query", "a]", 1, "query", "invalid-char"),
    ("query", "é", 0, "query", "invalid-char"),
    ("query", "\x7f", 0, "query", "invalid-char"),
    ("query", "%g1", 1, "query", "bad-percent"),
    ("query", "%1", 2, "query", "bad-percent"),
    ("query", "x%", 2, "query", "bad-percent"),
    ("fragment", "a#b", 1, "fragment", "invalid-char"),
    ("fragment", "a b", 1, "fragment", "invalid-char"),
    ("fragment", "[", 0, "fragment", "invalid-char"),
    ("fragment", "%", 1, "fragment", "bad-percent"),
    ("fragment", "%%41", 1, "fragment", "bad-percent"),
    # section 2.1: pct-encoded
    ("pct-encoded", "%", 1, "path", "bad-percent"),
    ("pct-encoded", "%0", 2, "path", "bad-percent"),
    ("pct-encoded", "%g0", 1, "path", "bad-percent"),
    ("pct-encoded", "%0g", 2, "path", "bad-percent"),
    ("pct-encoded", "% 1", 1, "path", "bad-percent"),
    ("pct-encoded", "%\u0661\u0662", 1, "path", "bad-percent"),  # non-ASCII digits
    # Appendix A: absolute-URI has no fragment; relative-ref has no scheme
    ("absolute-URI", "a:b#c", 3, "absolute-URI", "fragment-not-allowed"),
    ("absolute-URI", "a:b?c#", 5, "absolute-URI", "fragment-not-allowed"),
    ("absolute-URI", "/a", 0, "scheme", "scheme-start"),
    ("relative-ref", "a:b", 1, "path", "colon-in-first-segment"),
    ("relative-ref", "http://a", 4, "path", "colon-in-first-segment"),
    ("URI-reference", "1a:b", 2, "path", "colon-in-first-segment"),
    ("URI-reference", ":a", 0, "path", "colon-in-first-segment"),
    ("URI-reference", "a b", 1, "path", "invalid-char"),
    ("URI-reference", "//a b", 3, "host", "invalid-char"),
    ("URI-reference", "//a/b c", 5, "path", "invalid-char"),
    ("URI-reference", "/a?b c", 4, "query", "invalid-char"),
    ("URI-reference", "/a#b#c", 4, "fragment", "invalid-char"),
    ("URI-reference", "http://[::1", 11, "host", "unterminated-ip-literal"),
    ("URI-reference", "http://exa mple.com/", 10, "host", "invalid-char"),
    ("URI-reference", "http://h/a b c", 10, "path", "invalid-char"),
    ("URI-reference", "http://h:8x/", 10, "port", "invalid-char"),
    ("URI-reference", "http://a:b:c/", 9, "port", "invalid-char"),
    ("URI-reference", "ht tp://h", 2, "path", "invalid-char"),
    ("URI", ":a", 0, "scheme", "empty-scheme"),
    ("URI", "1a:b", 0, "scheme", "scheme-start"),
    ("URI", "a b:c", 1, "scheme", "invalid-char"),
    ("URI", "http://a b", 8, "host", "invalid-char"),
]


@pytest.mark.parametrize(("rule", "text", "position", "component", "reason"), INVALID)
def test_invalid(rule: str, text: str, position: int, component: str, reason: str | None) -> None:
    bad(rule, text, position, component, reason)


# ---------------------------------------------------------------------------------------
# Rules with a function of their own
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("rule", "text"), [r for r in VALID if r[0] == "IPv6address"])
def test_is_ipv6address_valid(rule: str, text: str) -> None:
    assert _parser.is_ipv6address(text)
    ref = ok("IPv6address", text)
    assert ref.host == f"[{text}]"
    assert ref.host_kind == "ipv6"


@pytest.mark.parametrize(
    "text", [r[1] for r in INVALID if r[0] == "IPv6address"] + ["[::1]", "::1 ", "::1\n"]
)
def test_is_ipv6address_invalid(text: str) -> None:
    assert not _parser.is_ipv6address(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0.0.0.0", True),
        ("255.255.255.255", True),
        ("192.0.2.16", True),
        ("9.99.199.249", True),
        ("256.0.0.0", False),
        ("1.2.3", False),
        ("1.2.3.4.5", False),
        ("01.2.3.4", False),
        ("1.2.3.04", False),
        ("00.0.0.0", False),
        ("1.2.3.4.", False),
        ("1..2.3", False),
        ("0x1.2.3.4", False),
        ("1.2.3.\u0663", False),
        ("1.2.3.4\n", False),
        (" 1.2.3.4", False),
        ("", False),
    ],
)
def test_ipv4address_and_host_kind(text: str, expected: bool) -> None:
    """Section 3.2.2: only dotted dec-octets are an IPv4address; the rest is reg-name."""
    assert _parser.is_ipv4address(text) is expected
    if urikit.is_valid("//" + text):
        assert urikit.parse("//" + text).host_kind == ("ipv4" if expected else "reg-name")


@pytest.mark.parametrize(
    ("host", "kind"),
    [
        ("[::1]", "ipv6"),
        ("[::FFFF:1.2.3.4]", "ipv6"),
        ("[v1.x]", "ipvfuture"),
        ("[V1.x]", "ipvfuture"),
        ("10.0.0.1", "ipv4"),
        ("example.com", "reg-name"),
        ("", "reg-name"),
        ("%31.2.3.4", "reg-name"),
        ("1.2.3.4%2e", "reg-name"),
    ],
)
def test_host_kind(host: str, kind: str) -> None:
    ref = urikit.parse(f"s://{host}/")
    assert ref.host == host
    assert ref.host_kind == kind


def test_no_host_kind_without_authority() -> None:
    assert urikit.parse("mailto:a@b").host_kind is None
    assert urikit.parse("/a").host_kind is None


@pytest.mark.parametrize(
    ("rule", "text", "expected"),
    [
        ("URI", "a:b", True),
        ("URI", "a:b#f", True),
        ("URI", "/a", False),
        ("URI", "", False),
        ("absolute-URI", "a:b?q", True),
        ("absolute-URI", "a:b#", False),
        ("absolute-URI", "a", False),
        ("relative-ref", "a:b", False),
        ("relative-ref", "./a:b", True),
        ("relative-ref", "//h#f", True),
        ("relative-ref", "", True),
        ("URI-reference", "", True),
        ("URI-reference", "a:b#f", True),
        ("URI-reference", "1:b", False),
    ],
)
def test_is_valid_rules(rule: str, text: str, expected: bool) -> None:
    assert urikit.is_valid(text, rule=rule) is expected
    assert urikit.is_valid(text, rule) is expected


def test_unknown_rule() -> None:
    with pytest.raises(ValueError, match="unknown rule"):
        urikit.is_valid("a:b", rule="URL")
    with pytest.raises(ValueError, match="unknown rule"):
        urikit.parse("a:b", rule="uri")
    with pytest.raises(ValueError, match="unknown rule"):
        _parser.find_error("a:b", rule="hier-part")


def test_non_str_is_a_type_error() -> None:
    for value in (b"http://a/", None, 1):
        with pytest.raises(TypeError):
            urikit.parse(value)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            urikit.is_valid(value)  # type: ignore[arg-type]


def test_str_subclass_is_accepted() -> None:
    class S(str):
        pass

    ref = urikit.parse(S("http://a/b"))
    assert type(str(ref)) is str
    assert ref.path == "/b"


def test_structural_rules_of_section_3() -> None:
    """Section 3: with an authority the path is empty or begins with "/"; without
    one it cannot begin with "//". A relative reference's first segment has no ":"."""
    assert urikit.parse("s://h").path == ""
    assert urikit.parse("s://h/p").authority == "h"
    ref = urikit.parse("s:////p")  # authority "", path "//p"
    assert (ref.authority, ref.path) == ("", "//p")
    ref = urikit.parse("s:/.//p")
    assert (ref.authority, ref.path) == (None, "/.//p")
    # "//" always starts an authority, so a path never does
    for text in ("//a", "s://a", "//", "s://"):
        assert urikit.parse(text).authority is not None
