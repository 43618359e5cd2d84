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


# RFC 3986 / RFC 2396 / RFC 1738 section 5 / 1993 draft "BNF syntax": each row is
# one line of the table in docs/legacy.md.
# (text, rfc3986, rfc2396, rfc1738, draft-1993, why)
FOUR_WAY = [
    ("http://h/~u", True, True, False, False, '"~" is national (1738) / variant (1993)'),
    ("http://h/a b", False, False, False, True, "1993 extra = ... | space"),
    ('http://h/a"b', False, False, False, True, '1993 extra has <">; 1738 calls it punctuation'),
    ("a b:c", False, False, False, True, "1993 scheme = ialpha, space is an xalpha"),
    ("http://h/#f", True, True, False, True, "1738 has no fragment; 1993 fragmentaddress"),
    ("http://h/a#b#c", False, False, False, False, "one '#' at most, none in 1738"),
    ("http://h/?a=b", True, True, True, False, '"=" is in no 1993 class'),
    ("x:a=b", True, True, True, False, "same, in a generic URL"),
    ("prospero://h/p;a=b", True, True, True, False, "1738 fieldspec; 1993 has no '='"),
    ("http://h?q", True, True, False, True, '1738 search only after "/" hpath'),
    ("mailto:", True, False, False, True, "1738 encoded822addr = 1*xchar; 1993 path = void"),
    ("news:", True, False, False, False, "grouppart / groupart are never empty"),
    ("gopher://h/", True, True, True, False, '1993: "/" must be followed by a gtype'),
    ("ftp://10.0.0.1:21/f", True, True, True, False, "1993 fileaddress = ftp://host/path, no port"),
    ("file://h/p", True, True, True, False, "1993 has no file scheme; generic path has no '/'"),
    ("x:/p", True, True, True, False, "1993 generic path cannot start with '/'"),
    ("http://h/a//b", True, True, True, False, "1993 path segments are never empty"),
    ("telnet://h/", True, True, True, False, '1993 telnetaddress has no trailing "/"'),
    ("HTTP://h/", True, True, False, False, "1738 scheme is lowalpha; 1993 literals h t t p"),
    ("1x:y", False, False, True, False, "1738 scheme may start with a digit"),
    ("http://a_b/", True, True, False, True, '1738 hostname has no "_"; 1993 hostname = ialpha'),
    ("http://h:/", True, True, False, True, "1738 port = 1*digit; 1993 ialpha holds ':'"),
    ("http:opaque", True, True, False, False, "http URLs must match httpurl / httpaddress"),
    ("wais://h/db/t/12/p", True, True, False, True, "1993 waisdoc = db/wtype/digits/path"),
    ("ftp://h/f;type=b", True, True, False, False, "1738 ftptype = A I D a i d"),
    ("http://[::1]/", True, True, False, False, "IPv6 literals are RFC 2732 and later"),
    ("//a/b", True, True, False, False, "neither older grammar has relative forms here"),
    ("http://h/a{b}", False, False, False, False, '"{" is national / variant everywhere'),
    ("foo:", True, False, True, True, "1738 schemepart = *xchar may be empty"),
    ("http://[v1.x]/", True, False, False, False, "IPvFuture is RFC 3986 only"),
    ("//a@b@c/x", False, True, False, False, "RFC 2396 reg_name allows '@'"),
    ("http://a/%zz", False, False, False, False, "bad escape everywhere"),
    ("http://info.cern.ch/hypertext/WWW/TheProject.html", True, True, True, True, "all four"),
]


@pytest.mark.parametrize(("text", "v3986", "v2396", "v1738", "v1993", "why"), FOUR_WAY)
def test_four_grammars(
    text: str, v3986: bool, v2396: bool, v1738: bool, v1993: bool, why: str
) -> None:
    assert urikit.is_valid(text) is v3986, why
    assert urikit.is_valid(text, grammar="rfc2396") is v2396, why
    assert urikit.is_valid(text, grammar="rfc1738") is v1738, why
    assert urikit.is_valid(text, grammar="draft-1993") is v1993, why


# RFC 1738 section 5, rule by rule: (rule, valid examples, invalid examples).
RFC1738_RULES = [
    (
        "ftpurl",
        [
            "ftp://ftp.x.org/",
            "ftp://ftp.x.org",
            "ftp://u:p@h:21/a/b;type=d",
            "ftp://h/;type=A",
            "ftp://@h/",
            "ftp://:pw@h/",
            "ftp://h/a%3Bb/c?d:e@f&g=h",
            "ftp://10.1.2.3/x",
        ],
        [
            "ftp://h/f;type=x",
            "ftp://h/f;type=",
            "ftp://h/f;type=aa",
            "ftp://h/f;typ=a",
            "ftp://h/a;b/c",
            "ftp://u@v@h/",
            "ftp://u:p:q@h/",
            "ftp:/h/",
            "ftp://h:x/",
            "ftp://h:/",
            "ftp://h/a b",
            "ftp://-h/",
            "ftp://h-/",
            "ftp://h.1/",
            "ftp://h/#f",
        ],
    ),
    (
        "fileurl",
        [
            "file:///etc/motd",
            "file://localhost/etc/motd",
            "file://vms.host.edu/disk$user/x",
            "file://h/",
        ],
        [
            "file://h",
            "file://h:21/a",
            "file:/etc/x",
            "file://u@h/a",
            "file://h/a;type=a",
            "file:///a|b",
        ],
    ),
    (
        "httpurl",
        [
            "http://h",
            "http://h/",
            "http://h:8080/a/b;c?d;e:f@g&h=i",
            "http://h/?",
            "http://h/a,b$c+d!e*f'g(h)",
        ],
        [
            "http://h?q",
            "http://h/a?b?c",
            "http://h/a?b/c",
            "http://u@h/",
            "http://h/a#f",
            "http://h/a%2",
        ],
    ),
    (
        "gopherurl",
        ["gopher://h", "gopher://h/", "gopher://h/1sel%09search%09plus", "gopher://h:70/0a/b?c;d"],
        ["gopher://h/a b", "gopher://u@h/", "gopher:h", "gopher://h:x/"],
    ),
    (
        "mailtourl",
        ["mailto:a@b.c", "mailto:a%20b@c", "mailto:x"],
        ["mailto:", "mailto:<a@b>", "mailto:a b", "mailto:a@b#c"],
    ),
    (
        "newsurl",
        [
            "news:*",
            "news:comp.lang.c++",
            "news:a_b-c.d",
            "news:123abc@host.example",
            "news:a/b?c:d@10.0.0.1",
        ],
        ["news:", "news:1group", "news:a@b@c", "news:a@", "news:@h", "news:**", "news:a~b"],
    ),
    (
        "nntpurl",
        ["nntp://h/comp.x", "nntp://h:119/comp.x/123"],
        [
            "nntp://h/comp.x/12a",
            "nntp://h/comp.x/",
            "nntp://h",
            "nntp://h/",
            "nntp://h/1x",
            "nntp://h/a/1/2",
        ],
    ),
    (
        "telneturl",
        ["telnet://h", "telnet://h/", "telnet://u:p@h:23/", "telnet://u@h"],
        ["telnet://h/x", "telnet://h//", "telnet:h", "telnet://u@h:x"],
    ),
    (
        "waisurl",
        ["wais://h/db", "wais://h/", "wais://h/db?a;b", "wais://h:210/db/TEXT/doc%20id"],
        ["wais://h", "wais://h/db/t", "wais://h/db/t/p/q", "wais://h/db?x/y", "wais://h/d:b"],
    ),
    (
        "prosperourl",
        ["prospero://h/a/b", "prospero://h:1525/a;n=v;x=y", "prospero://h/a;n=", "prospero://h/"],
        ["prospero://h/a;n", "prospero://h/a;n=v=w", "prospero://h", "prospero://h/a;;n=v"],
    ),
]


@pytest.mark.parametrize(("rule", "valid", "invalid"), RFC1738_RULES)
def test_rfc1738_scheme_rules(rule: str, valid: list[str], invalid: list[str]) -> None:
    for text in valid:
        assert urikit.is_valid(text, rule=rule, grammar="rfc1738"), (rule, text)
        assert urikit.is_valid(text, grammar="rfc1738"), text
        assert not urikit.is_valid(text, rule="otherurl", grammar="rfc1738"), text
    for text in invalid:
        assert not urikit.is_valid(text, rule=rule, grammar="rfc1738"), (rule, text)
        assert not urikit.is_valid(text, grammar="rfc1738"), text


def test_rfc1738_generic_and_other() -> None:
    def ok(text: str, rule: str) -> bool:
        return urikit.is_valid(text, rule=rule, grammar="rfc1738")

    assert ok("x-foo:a/b;c?d", "otherurl") and ok("x-foo:a/b;c?d", "url")
    assert ok("http:opaque", "genericurl") and not ok("http:opaque", "url")
    assert not ok("http:opaque", "otherurl") and not ok("http://h/", "otherurl")
    assert not ok("ftp://h/", "httpurl")  # a rule checks its own scheme
    assert not ok("X-foo:a", "url") and not ok(":a", "url") and not ok("x-foo", "url")
    assert ok("x-foo:", "url")  # schemepart = *xchar
    for rule in ("URI-reference", "URI", "absolute-URI", "absoluteURI"):
        assert ok("http://h/", rule) and not ok("http://h/#f", rule)
    with pytest.raises(ValueError, match="unknown rfc1738 rule 'relative-ref'"):
        ok("a", "relative-ref")


# The 1993 draft's rules: (rule, valid examples, invalid examples).
DRAFT1993_RULES = [
    (
        "httpaddress",
        ["http://h", "http://h/", "http://h?a+b", "http://h:80/a/b/?c d+e", "http://1.2.3.4:80/"],
        [
            "http://h/?",
            "http://h/?a++b",
            "http://h/a//b",
            "http://1.2.3.4:x/",
            "http://h/a=b",
            "http://-h/",
        ],
    ),
    (
        "fileaddress",
        ["ftp://info.cern.ch./pub/www/doc/http-spec.txt", "ftp://10.0.0.1/", "ftp://h/a+b/"],
        ["ftp://h", "ftp://10.0.0.1:21/x", "ftp://h/a?b", "file://h/a"],
    ),
    ("afsaddress", ["afs://cell.example/a/b"], ["afs://cell.example", "afs://1.2.3.4/a"]),
    (
        "newsaddress",
        ["news:*", "news:comp.infosystems", "news:12345@host.example", "news:a b@1.2.3.4"],
        ["news:", "news:1.2.3.4", "news:@h", "news:a+b", "news:1@-"],
    ),
    (
        "waisaddress",
        [
            "wais://quake.think.com/wais-discussion-archives?lynch",
            "wais://h/db",
            "wais://h:210/db/TEXT/123/a/b",
        ],
        ["wais://h/", "wais://h/db/TEXT/x/a", "wais://h/db/TEXT", "wais://h/db?"],
    ),
    (
        "prosperoaddress",
        ["prospero://h/a/b%001attr", "prospero://h/a%00%00x", "prospero://h/"],
        ["prospero://h", "prospero://h/a;x=y", "prospero://h//"],
    ),
    (
        "telnetaddress",
        ["telnet://h", "telnet://u@h:23", "telnet://1@2@a", "telnet://1.2@3.4.5.6:23"],
        ["telnet://h/", "telnet://@h", "telnet://1", "telnet://1@"],
    ),
    (
        "gopheraddress",
        [
            "gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher",
            "gopher://h",
            "gopher://h/1",
            "gopher://h?x",
            "gopher://h/7sel?x+y",
        ],
        ["gopher://h/", "gopher://h/1/a", "gopher://h/+"],
    ),
    (
        "generic",
        ["mailto:timbl@info.cern.ch", "x:", "x:a/b/", "x:a?b+c", "urn:a:b", "a b:c"],
        ["x:/a", "x:a?", "x:a?b=c", "1x:a", ":a", "x"],
    ),
]


@pytest.mark.parametrize(("rule", "valid", "invalid"), DRAFT1993_RULES)
def test_draft1993_rules(rule: str, valid: list[str], invalid: list[str]) -> None:
    for text in valid:
        assert urikit.is_valid(text, rule=rule, grammar="draft-1993"), (rule, text)
    for text in invalid:
        assert not urikit.is_valid(text, rule=rule, grammar="draft-1993"), (rule, text)


def test_draft1993_readings() -> None:
    def ok(text: str, rule: str = "URI-reference") -> bool:
        return urikit.is_valid(text, rule=rule, grammar="draft-1993")

    # xpalphas read as one or more xpalpha (the literal "xpalpha [ xpalpha ]" caps at 2)
    assert ok("http://h/abc")
    # fragmentaddress = url [ # fragmentid ], fragmentid = xalphas (never empty)
    assert ok("x:a#f g") and not ok("x:a#") and not ok("x:a#f", rule="url")
    # a scheme the draft defines must match its rule, even when generic would
    assert ok("http:a", rule="generic") and not ok("http:a") and not ok("News:x")
    # scheme, hostname and group may hold any xalpha
    assert ok("a@b&c:d") and ok("telnet://x y:z@h") and ok("http://a:b@c/")
    with pytest.raises(ValueError, match="unknown draft-1993 rule 'relative-ref'"):
        ok("a", "relative-ref")


@pytest.mark.parametrize("grammar", ["rfc1738", "draft-1993"])
@pytest.mark.parametrize(
    "text",
    [
        "http://" + "a" * 200_000 + "!",
        "telnet://" + "@" * 200_000 + "1",
        "news:" + "1@" * 100_000,
        "gopher://h/1" + "a/" * 100_000 + "/",
        "x:" + "a+" * 100_000,
        "wais://h/" + "a" * 100_000 + "/b/" + "1" * 100_000 + "x",
        "ftp://" + "a." * 100_000 + "-/~",
    ],
    ids=lambda text: text[:12],
)
def test_long_adversarial_input(grammar: str, text: str) -> None:
    # Inputs built to make a backtracking matcher quadratic; only the answer is
    # checked here (no clock in unit tests): bench/linear.py times these cases.
    assert not urikit.is_valid(text + "\x00", grammar=grammar)
