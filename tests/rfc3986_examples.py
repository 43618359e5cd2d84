"""Every example of RFC 3986, as data, with the section it comes from.

Source: ../shared/specs/rfc3986.txt (relative to the repository root). The tests
never read that file; the examples are copied here by hand, verbatim, so a
test fails if the code disagrees with the RFC, not with itself.

Components are given as (scheme, authority, userinfo, host, port, path, query,
fragment), ``None`` meaning undefined.
"""

from __future__ import annotations

from typing import NamedTuple


class Components(NamedTuple):
    scheme: str | None
    authority: str | None
    userinfo: str | None
    host: str | None
    port: str | None
    path: str
    query: str | None
    fragment: str | None


# (section, URI, its components, host_kind)
PARSE_EXAMPLES: list[tuple[str, str, Components, str | None]] = [
    # --- section 1.1.2 Examples --------------------------------------------------------
    (
        "1.1.2",
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        Components(
            "ftp", "ftp.is.co.za", None, "ftp.is.co.za", None, "/rfc/rfc1808.txt", None, None
        ),
        "reg-name",
    ),
    (
        "1.1.2",
        "http://www.ietf.org/rfc/rfc2396.txt",
        Components(
            "http", "www.ietf.org", None, "www.ietf.org", None, "/rfc/rfc2396.txt", None, None
        ),
        "reg-name",
    ),
    (
        "1.1.2",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        Components(
            "ldap", "[2001:db8::7]", None, "[2001:db8::7]", None, "/c=GB", "objectClass?one", None
        ),
        "ipv6",
    ),
    (
        "1.1.2",
        "mailto:John.Doe@example.com",
        Components("mailto", None, None, None, None, "John.Doe@example.com", None, None),
        None,
    ),
    (
        "1.1.2",
        "news:comp.infosystems.www.servers.unix",
        Components("news", None, None, None, None, "comp.infosystems.www.servers.unix", None, None),
        None,
    ),
    (
        "1.1.2",
        "tel:+1-816-555-1212",
        Components("tel", None, None, None, None, "+1-816-555-1212", None, None),
        None,
    ),
    (
        "1.1.2",
        "telnet://192.0.2.16:80/",
        Components("telnet", "192.0.2.16:80", None, "192.0.2.16", "80", "/", None, None),
        "ipv4",
    ),
    (
        "1.1.2",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        Components(
            "urn",
            None,
            None,
            None,
            None,
            "oasis:names:specification:docbook:dtd:xml:4.1.2",
            None,
            None,
        ),
        None,
    ),
    # --- section 1.2.3: "file:///etc/hosts" (an empty host) -----------------------
    (
        "1.2.3",
        "file:///etc/hosts",
        Components("file", "", None, "", None, "/etc/hosts", None, None),
        "reg-name",
    ),
    # --- section 3 Syntax Components ----------------------------------------------
    (
        "3",
        "foo://example.com:8042/over/there?name=ferret#nose",
        Components(
            "foo",
            "example.com:8042",
            None,
            "example.com",
            "8042",
            "/over/there",
            "name=ferret",
            "nose",
        ),
        "reg-name",
    ),
    (
        "3",
        "urn:example:animal:ferret:nose",
        Components("urn", None, None, None, None, "example:animal:ferret:nose", None, None),
        None,
    ),
    # --- section 3.3 Path -------------------------------------------------------
    (
        "3.3",
        "mailto:fred@example.com",
        Components("mailto", None, None, None, None, "fred@example.com", None, None),
        None,
    ),
    (
        "3.3",
        "foo://info.example.com?fred",
        Components("foo", "info.example.com", None, "info.example.com", None, "", "fred", None),
        "reg-name",
    ),
    # --- section 7.6 Semantic Attacks ---------------------------------------------
    (
        "7.6",
        "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
        Components(
            "ftp",
            "cnn.example.com&story=breaking_news@10.0.0.1",
            "cnn.example.com&story=breaking_news",
            "10.0.0.1",
            None,
            "/top_story.htm",
            None,
            None,
        ),
        "ipv4",
    ),
    # --- Appendix B Parsing a URI Reference with a Regular Expression -------------
    (
        "B",
        "http://www.ics.uci.edu/pub/ietf/uri/#Related",
        Components(
            "http",
            "www.ics.uci.edu",
            None,
            "www.ics.uci.edu",
            None,
            "/pub/ietf/uri/",
            None,
            "Related",
        ),
        "reg-name",
    ),
]

# --- section 5.4 Reference Resolution Examples -----------------------------------------
RESOLVE_BASE = "http://a/b/c/d;p?q"

# section 5.4.1 Normal Examples: (reference, target)
RESOLVE_NORMAL: list[tuple[str, str]] = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
]

# section 5.4.2 Abnormal Examples: (reference, target)
RESOLVE_ABNORMAL: list[tuple[str, str]] = [
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
]

# section 5.4.2, last example: "http:g" for strict parsers / for backward compatibility
RESOLVE_SAME_SCHEME = ("http:g", "http:g", "http://a/b/c/g")

# section 5.2.4: the two merged paths traced step by step, and their results
REMOVE_DOT_SEGMENTS: list[tuple[str, str]] = [
    ("/a/b/c/./../../g", "/a/g"),
    ("mid/content=5/../6", "mid/6"),
]

# --- section 6.2 Comparison Ladder ---------------------------------------------------
# section 6.2.2: "could reasonably consider the following two URIs equivalent"
SYNTAX_EQUIVALENT = ("example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
# section 6.2.2.1: <HTTP://www.EXAMPLE.com/> is equivalent to <http://www.example.com/>
CASE_EQUIVALENT = ("HTTP://www.EXAMPLE.com/", "http://www.example.com/")
# section 6.2.2.1: "%3a" versus "%3A"
PCT_CASE = ("%3a", "%3A")
# section 6.2.3: four equivalent http URIs; "the second URI above is the normal form"
SCHEME_EQUIVALENT = (
    "http://example.com",
    "http://example.com/",
    "http://example.com:/",
    "http://example.com:80/",
)
SCHEME_NORMAL_FORM = "http://example.com/"
# section 6.2.3: "http://example.com/?" cannot be assumed equivalent to the above;
# two URIs that differ only by the suffix "#" are different.
SCHEME_NOT_EQUIVALENT = ("http://example.com/?", "http://example.com/#")

# --- section 4.2: a colon in the first segment needs "./" ------------------------
COLON_SEGMENT = ("this:that", "./this:that")
