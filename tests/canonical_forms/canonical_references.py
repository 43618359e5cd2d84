"""The canonical forms' references, as their own documentation and test suites give them.

Each table is the test data of the implementation a profile is named after,
transcribed with its source; ``test_canonical_references.py`` scores urikit
on them and lists, with the reason for each, the cases where urikit answers
otherwise on purpose.

A reference written in bytes (Go strings, urlcanon's JSON read as ISO-8859-1)
is given here as the ``str`` Python reads those bytes as with
``errors="surrogateescape"``: UTF-8 as its characters, any other byte as the
lone surrogate U+DC80-U+DCFF that stands for it (:func:`from_bytes`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

HERE: Final = Path(__file__).resolve().parent


def from_bytes(data: bytes) -> str:
    """The text Python reads ``data`` as (UTF-8, any other byte surrogate-escaped)."""
    return data.decode("utf-8", "surrogateescape")


def _urlcanon_json(name: str) -> tuple[tuple[str, str], ...]:
    """A urlcanon test-data file: JSON whose strings are bytes read as ISO-8859-1
    (urlcanon's python/tests/test_urlcanon.py, load_json_bytes), in file order."""
    text = (HERE / "data" / name).read_bytes().decode("latin-1")
    pairs: list[tuple[str, str]] = json.loads(text, object_pairs_hook=list)
    return tuple(
        (from_bytes(k.encode("latin-1")), from_bytes(v.encode("latin-1"))) for k, v in pairs
    )


#: Google Safe Browsing v4, "URLs and Hashing"
#: (https://developers.google.com/safe-browsing/v4/urls-hashing), section
#: "Canonicalization": the test vectors the page publishes, in its order. The one
#: with a raw byte 0x80 is written here with the byte (see the module docstring).
SAFE_BROWSING_DOC: Final[tuple[tuple[str, str], ...]] = (
    ("http://host/%25%32%35", "http://host/%25"),
    ("http://host/%25%32%35%25%32%35", "http://host/%25%25"),
    ("http://host/%2525252525252525", "http://host/%25"),
    ("http://host/asdf%25%32%35asd", "http://host/asdf%25asd"),
    ("http://host/%%%25%32%35asd%%", "http://host/%25%25%25asd%25%25"),
    ("http://www.google.com/", "http://www.google.com/"),
    (
        "http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/",
        "http://168.188.99.26/.secure/www.ebay.com/",
    ),
    (
        "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
        "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
    ),
    (
        "http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B",
        "http://host%23.com/~a!b@c%23d$e%25f^00&11*22(33)44_55+",
    ),
    ("http://3279880203/blah", "http://195.127.0.11/blah"),
    ("http://www.google.com/blah/..", "http://www.google.com/"),
    ("www.google.com/", "http://www.google.com/"),
    ("www.google.com", "http://www.google.com/"),
    ("http://www.evil.com/blah#frag", "http://www.evil.com/blah"),
    ("http://www.GOOgle.com/", "http://www.google.com/"),
    ("http://www.google.com.../", "http://www.google.com/"),
    ("http://www.google.com/foo\tbar\rbaz\n2", "http://www.google.com/foobarbaz2"),
    ("http://www.google.com/q?", "http://www.google.com/q?"),
    ("http://www.google.com/q?r?", "http://www.google.com/q?r?"),
    ("http://www.google.com/q?r?s", "http://www.google.com/q?r?s"),
    ("http://evil.com/foo#bar#baz", "http://evil.com/foo"),
    ("http://evil.com/foo;", "http://evil.com/foo;"),
    ("http://evil.com/foo?bar;", "http://evil.com/foo?bar;"),
    ("http://\x01\udc80.com/", "http://%01%80.com/"),
    ("http://notrailingslash.com", "http://notrailingslash.com/"),
    ("http://www.gotaport.com:1234/", "http://www.gotaport.com/"),
    ("  http://www.google.com/  ", "http://www.google.com/"),
    ("http:// leadingspace.com/", "http://%20leadingspace.com/"),
    ("http://%20leadingspace.com/", "http://%20leadingspace.com/"),
    ("%20leadingspace.com/", "http://%20leadingspace.com/"),
    ("https://www.securesite.com/", "https://www.securesite.com/"),
    ("http://host.com/ab%23cd", "http://host.com/ab%23cd"),
    ("http://host.com//twoslashes?more//slashes", "http://host.com/twoslashes?more//slashes"),
)

#: The Safe Browsing Go client (github.com/google/safebrowsing, urls_test.go,
#: TestCanonicalURL): (input, canonicalURL's result, or None where the test
#: expects an error). canonicalURL writes scheme://host/path and leaves the query
#: out (urls.go: "It strips off fragments and queries"); the table test compares
#: it with urikit's answer without its query.
SAFE_BROWSING_GO_CANONICAL_URL: Final[tuple[tuple[str, str | None], ...]] = (
    (
        "http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/",
        "http://168.188.99.26/.secure/www.ebay.com/",
    ),
    (
        "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
        "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
    ),
    (
        "http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B",
        "http://host%23.com/~a!b@c%23d$e%25f^00&11*22(33)44_55+",
    ),
    ("http://host/%25%32%35", "http://host/%25"),
    ("http://host/%25%32%35%25%32%35", "http://host/%25%25"),
    ("http://host/%2525252525252525", "http://host/%25"),
    ("http://host/asdf%25%32%35asd", "http://host/asdf%25asd"),
    ("http://host/%%%25%32%35asd%%", "http://host/%25%25%25asd%25%25"),
    ("http://www.google.com/", "http://www.google.com/"),
    ("http://3279880203/blah", "http://195.127.0.11/blah"),
    ("http://www.evil.com/blah#frag", "http://www.evil.com/blah"),
    ("http://www.GOOgle.com/", "http://www.google.com/"),
    ("http://www.google.com.../", "http://www.google.com/"),
    ("http://www.google.com/foo\tbar\rbaz\n2", "http://www.google.com/foobarbaz2"),
    ("http://www.google.com/q?", "http://www.google.com/q"),
    ("http://www.google.com/q?r?", "http://www.google.com/q"),
    ("http://www.google.com/q?r?s", "http://www.google.com/q"),
    ("http://evil.com/foo#bar#baz", "http://evil.com/foo"),
    ("http://evil.com/foo;", "http://evil.com/foo;"),
    ("http://evil.com/foo?bar;", "http://evil.com/foo"),
    ("http://\x01\udc80.com/", "http://%01%80.com/"),
    ("http://notrailingslash.com", "http://notrailingslash.com/"),
    ("http://www.gotaport.com:1234/", "http://www.gotaport.com/"),
    ("  http://www.google.com/  ", "http://www.google.com/"),
    ("http:// leadingspace.com/", "http://%20leadingspace.com/"),
    ("http://%20leadingspace.com/", "http://%20leadingspace.com/"),
    ("%20leadingspace.com/", "http://%20leadingspace.com/"),
    ("https://www.securesite.com/", "https://www.securesite.com/"),
    ("ftp://ftp.myfiles.com/", "ftp://ftp.myfiles.com/"),
    ("http://some%1bhost.com/%1b", "http://some%1bhost.com/%1b"),
    ("  http://www.google.com/  ", "http://www.google.com/"),
    ("http://www.google.com/q?r?s%3F", "http://www.google.com/q"),
    ("http://www.\u00fcmlat.com/", "http://www.xn--mlat-zra.com/"),
    ("http://[2001:470:1:18::114]/", "http://[2001:470:1:18::114]/"),
    ("http%3A%2F%2Fwackyurl.com:80/", "http://wackyurl.com/"),
    ("http://W!eird<>Ho$^.com/", "http://w!eird<>ho$^.com/"),
    ("http://i.have.way.too.many.dots.com/", "http://i.have.way.too.many.dots.com/"),
    # "All of these cases are missing a valid hostname and should return empty"
    ("", None),
    (":", None),
    ("/blah", None),
    ("#ref", None),
    ("/blah#ref", None),
    ("?query#ref", None),
    ("/blah?query#ref", None),
    ("/blah;param", None),
    ("http://#ref", None),
    ("http:///blah#ref", None),
    ("http://?query#ref", None),
    ("http:///blah?query#ref", None),
    ("http:///blah;param", None),
    ("http:///blah;param?query#ref", None),
    ("mailto:bryner@google.com", None),
)

#: The same file, TestCanonicalHost: (input, host, or None where an error is expected).
SAFE_BROWSING_GO_CANONICAL_HOST: Final[tuple[tuple[str, str | None], ...]] = (
    ("http://www.google.com/foo.html", "www.google.com"),
    ("http://google.com./foo.html", "google.com"),
    ("http://google.com.:8080/foo.html", "google.com"),
    ("http://google...com/foo.html", "google.com"),
    ("http://..google.com/foo.html", "google.com"),
    (
        "http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html",
        "[fedc:ba98:7654:3210:fedc:ba98:7654:3210]",
    ),
    ("http://[::192.9.5.5]/ipng", "[::192.9.5.5]"),
    ("http://0x12.0x43.0x44.0x01", "18.67.68.1"),
    ("http://192.168.0.1:80/index.html", "192.168.0.1"),
    ("/asdf", None),
)

#: The same file, TestCanonicalPath: (input, path, or None where an error is expected).
SAFE_BROWSING_GO_CANONICAL_PATH: Final[tuple[tuple[str, str | None], ...]] = (
    ("http://a.com", "/"),
    ("http://a.com/foo.html", "/foo.html"),
    ("http://a.com/foo/.././bar/./../foo.html", "/foo.html"),
    ("http://a.com/a/b/", "/a/b/"),
    ("http://a.com/a/b/c", "/a/b/c"),
    ("http://a.com//a//b///c////", "/a/b/c/"),
    (
        "http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/?query#fragment",
        "/.secure/www.ebay.com/",
    ),
    (
        "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
        "/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
    ),
    (
        "http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B",
        "/~a!b@c%23d$e%25f^00&11*22(33)44_55+",
    ),
    ("/asdf", None),
)

#: The same file, TestParseURL: (input, scheme://host + path, or None where an
#: error is expected).
SAFE_BROWSING_GO_PARSE_URL: Final[tuple[tuple[str, str | None], ...]] = (
    ("www.google.com:8080/foo.html", "http://www.google.com/foo.html"),
    ("www.google.com:80/", "http://www.google.com/"),
    ("www.google.com:80", "http://www.google.com/"),
    (":8080/foo.html", "http:///foo.html"),
    ("http://www.google.com:8080/foo.html", "http://www.google.com/foo.html"),
    ("http:www.google.com:8080/foo.html", None),
    ("www.google.com:xxyy/foo.html:80", None),
)

#: The same file, TestParseIPAddress: (host, dotted decimal, or None: not an address).
SAFE_BROWSING_GO_IP_ADDRESS: Final[tuple[tuple[str, str | None], ...]] = (
    ("123.123.0.0.1", None),
    ("255.0.0.1", "255.0.0.1"),
    ("12.0x12.01234", "12.18.2.156"),
    ("276.2.3", "20.2.0.3"),
    ("012.034.01.055", "10.28.1.45"),
    ("0x12.0x43.0x44.0x01", "18.67.68.1"),
    ("167838211", "10.1.2.3"),
    ("3279880203", "195.127.0.11"),
    ("4294967295", "255.255.255.255"),
    ("10.192.95.89 xy", "10.192.95.89"),
    ("1.2.3.00x0", None),
)

#: The same file, TestGeneratePatterns: (input, the expressions as a set, or None
#: where an error is expected). The Go client returns them in another order.
SAFE_BROWSING_GO_PATTERNS: Final[tuple[tuple[str, frozenset[str] | None], ...]] = (
    (
        "http://a.b.c/1/2.html?param=1/2",
        frozenset(
            {
                "a.b.c/1/2.html?param=1/2",
                "a.b.c/1/2.html",
                "a.b.c/1/",
                "a.b.c/",
                "b.c/1/2.html?param=1/2",
                "b.c/1/2.html",
                "b.c/1/",
                "b.c/",
            }
        ),
    ),
    (
        "http://a.b.c/1/2/3/4/5/",
        frozenset(
            {
                "a.b.c/1/2/3/4/5/",
                "a.b.c/1/2/3/",
                "a.b.c/1/2/",
                "a.b.c/1/",
                "a.b.c/",
                "b.c/1/2/3/4/5/",
                "b.c/1/2/3/",
                "b.c/1/2/",
                "b.c/1/",
                "b.c/",
            }
        ),
    ),
    (
        "http://a.b.c.d.e.f.g.h.i/",
        frozenset(
            {
                "a.b.c.d.e.f.g.h.i/",
                "c.d.e.f.g.h.i/",
                "d.e.f.g.h.i/",
                "e.f.g.h.i/",
                "f.g.h.i/",
                "g.h.i/",
                "h.i/",
            }
        ),
    ),
    (
        "http://a.b.c.d.e/1.html",
        frozenset(
            {
                "a.b.c.d.e/1.html",
                "a.b.c.d.e/",
                "b.c.d.e/1.html",
                "b.c.d.e/",
                "c.d.e/1.html",
                "c.d.e/",
                "d.e/1.html",
                "d.e/",
            }
        ),
    ),
    (
        "http://b.c/1/2/3.html?param=1/2",
        frozenset({"b.c/1/2/3.html?param=1/2", "b.c/1/2/3.html", "b.c/1/2/", "b.c/1/", "b.c/"}),
    ),
    ("http://a.b/?", frozenset({"a.b/"})),
    (
        "http://[2001:470:1:18::114]/a/b",
        frozenset({"[2001:470:1:18::114]/a/b", "[2001:470:1:18::114]/a/", "[2001:470:1:18::114]/"}),
    ),
    ("http://1.2.3.4/a/b", frozenset({"1.2.3.4/a/b", "1.2.3.4/a/", "1.2.3.4/"})),
    ("http://a.b/", frozenset({"a.b/"})),
    ("http://b/", frozenset({"b/"})),
    (
        "https://a.b.c.d.e.f.g.h.i/",
        frozenset(
            {
                "a.b.c.d.e.f.g.h.i/",
                "c.d.e.f.g.h.i/",
                "d.e.f.g.h.i/",
                "e.f.g.h.i/",
                "f.g.h.i/",
                "g.h.i/",
                "h.i/",
            }
        ),
    ),
    (
        "a.b.c.d.e.f.g.h.i/",
        frozenset(
            {
                "a.b.c.d.e.f.g.h.i/",
                "c.d.e.f.g.h.i/",
                "d.e.f.g.h.i/",
                "e.f.g.h.i/",
                "f.g.h.i/",
                "g.h.i/",
                "h.i/",
            }
        ),
    ),
    (
        "[2001:470:1:18::114]/a/b",
        frozenset({"[2001:470:1:18::114]/a/b", "[2001:470:1:18::114]/a/", "[2001:470:1:18::114]/"}),
    ),
    ("/asdf", None),
)

#: urlcanon's test data for its semantic_precise canonicalizer (iipc/urlcanon,
#: testdata/semantic_precise.json, copied whole into data/): ``canonical(x,
#: "semantic", keep_fragment=True)``, which is urlcanon.semantic_precise.
URLCANON_SEMANTIC_PRECISE: Final = _urlcanon_json("urlcanon_semantic_precise.json")

#: urlcanon's test data for its aggressive canonicalizer (iipc/urlcanon,
#: testdata/aggressive.json, copied whole into data/; it names
#: "http://www.chub.org:80/foo" twice).
URLCANON_AGGRESSIVE: Final = _urlcanon_json("urlcanon_aggressive.json")

SurtCase = tuple[str, dict[str, bool], str]

#: The surt package's own tests (internetarchive/surt, tests/test_surt.py as of
#: the release installed, 0.3.1: test_surt, "from WaybackURLKeyMakerTest.java"),
#: as (url, options, key); the options are the package's names (``host_massage``
#: is urikit's ``strip_www``). Left out: ``surt(None)`` (urikit takes ``str``
#: only) and the case that passes a ``canonicalizer`` (urikit has no such
#: argument). Last, the package's later test_surt_query (on its master branch,
#: marked xfail there: "this illustrates a bug in canonicalization of query
#: part"; it writes the host "exmaple.com" and expects the key of "example.com",
#: used here).
SURT_PACKAGE: Final[tuple[SurtCase, ...]] = (
    ("", {}, "-"),
    ("filedesc:foo.arc.gz", {}, "filedesc:foo.arc.gz"),
    ("filedesc:/foo.arc.gz", {}, "filedesc:/foo.arc.gz"),
    ("filedesc://foo.arc.gz", {}, "filedesc://foo.arc.gz"),
    ("warcinfo:foo.warc.gz", {}, "warcinfo:foo.warc.gz"),
    ("dns:alexa.com", {}, "dns:alexa.com"),
    ("dns:archive.org", {}, "dns:archive.org"),
    ("http://www.archive.org/", {}, "org,archive)/"),
    ("http://archive.org/", {}, "org,archive)/"),
    ("http://archive.org/goo/", {}, "org,archive)/goo"),
    ("http://archive.org/goo/?", {}, "org,archive)/goo"),
    ("http://archive.org/goo/?b&a", {}, "org,archive)/goo?a&b"),
    ("http://archive.org/goo/?a=2&b&a=1", {}, "org,archive)/goo?a=1&a=2&b"),
    ("http://archive.org/goo/?a=2&b&a=1", {"trailing_comma": True}, "org,archive,)/goo?a=1&a=2&b"),
    ("dns:archive.org", {"trailing_comma": True}, "dns:archive.org"),
    ("warcinfo:foo.warc.gz", {"trailing_comma": True}, "warcinfo:foo.warc.gz"),
    (
        "http://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&action=profile;u=4221",
        {},
        "org,archive)/index.php?action=profile;u=4221",
    ),
    ("whois://whois.isoc.org.il/shaveh.co.il", {}, "il,org,isoc,whois)/shaveh.co.il"),
    (
        "http://visit.webhosting.yahoo.com/visit.gif?&r=http%3A//web.archive.org/web/20090517140029/http%3A//anthonystewarthead.electric-chi.com/&b=Netscape%205.0%20%28Windows%3B%20en-US%29&s=1366x768&o=Win32&c=24&j=true&v=1.2",
        {},
        "com,yahoo,webhosting,visit)/visit.gif?&b=netscape%205.0%20(windows;%20en-us)&c=24&j=true&o=win32&r=http://web.archive.org/web/20090517140029/http://anthonystewarthead.electric-chi.com/&s=1366x768&v=1.2",
    ),
    ("mailto:foo@example.com", {}, "mailto:foo@example.com"),
    ("http://www.example.com/", {"with_scheme": True}, "http://(com,example)/"),
    (
        "http://www.example.com/",
        {"with_scheme": True, "host_massage": True},
        "http://(com,example)/",
    ),
    ("http://www.example.com/", {"with_scheme": False}, "com,example)/"),
    (
        "http://www.example.com/",
        {"with_scheme": True, "trailing_comma": True},
        "http://(com,example,)/",
    ),
    (
        "https://www.example.com/",
        {"with_scheme": True, "trailing_comma": True},
        "https://(com,example,)/",
    ),
    ("ftp://www.example.com/", {"with_scheme": False, "trailing_comma": True}, "com,example,)/"),
    ("ftp://www.example.com/", {"with_scheme": False, "trailing_comma": False}, "com,example)/"),
    (
        "ftp://www.example.com/",
        {"with_scheme": True, "trailing_comma": True},
        "ftp://(com,example,)/",
    ),
    (
        "http://www.example.com/",
        {"with_scheme": True, "host_massage": False},
        "http://(com,example,www)/",
    ),
    ("http://www.example.com/", {"with_scheme": False, "host_massage": False}, "com,example,www)/"),
    (
        "http://www.example.com/",
        {"with_scheme": True, "trailing_comma": True, "host_massage": False},
        "http://(com,example,www,)/",
    ),
    (
        "https://www.example.com/",
        {"with_scheme": True, "trailing_comma": True, "host_massage": False},
        "https://(com,example,www,)/",
    ),
    (
        "ftp://www.example.com/",
        {"with_scheme": True, "trailing_comma": True, "host_massage": False},
        "ftp://(com,example,www,)/",
    ),
    ("mailto:foo@example.com", {"with_scheme": True}, "mailto:foo@example.com"),
    ("mailto:foo@example.com", {"trailing_comma": True}, "mailto:foo@example.com"),
    (
        "mailto:foo@example.com",
        {"with_scheme": True, "trailing_comma": True},
        "mailto:foo@example.com",
    ),
    ("dns:archive.org", {"with_scheme": True}, "dns:archive.org"),
    ("dns:archive.org", {"trailing_comma": True}, "dns:archive.org"),
    ("dns:archive.org", {"with_scheme": True, "trailing_comma": True}, "dns:archive.org"),
    (
        "whois://whois.isoc.org.il/shaveh.co.il",
        {"with_scheme": True},
        "whois://(il,org,isoc,whois)/shaveh.co.il",
    ),
    (
        "whois://whois.isoc.org.il/shaveh.co.il",
        {"trailing_comma": True},
        "il,org,isoc,whois,)/shaveh.co.il",
    ),
    (
        "whois://whois.isoc.org.il/shaveh.co.il",
        {"trailing_comma": True, "with_scheme": True},
        "whois://(il,org,isoc,whois,)/shaveh.co.il",
    ),
    ("warcinfo:foo.warc.gz", {"trailing_comma": True}, "warcinfo:foo.warc.gz"),
    ("warcinfo:foo.warc.gz", {"with_scheme": True}, "warcinfo:foo.warc.gz"),
    ("warcinfo:foo.warc.gz", {"with_scheme": True, "trailing_comma": True}, "warcinfo:foo.warc.gz"),
    (
        "http://example.com/script?type=a+b+%26+c&grape=wine",
        {},
        "com,example)/script?grape=wine&type=a+b+%26+c",
    ),
)
