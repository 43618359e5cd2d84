"""The inputs whose browser reading the inspector must and must not mark as
differing from RFC 3986's: (input, base, the fields marked). Read by
tests/inspector/test_inspector_meaning.py (the analysis, with ada-url as the
browser) and tests/inspector/test_inspector_browser.py (the page in Chromium).

A field is marked only where the two readings differ in meaning, after RFC 3986
normalization (sections 6.2.2 and 6.2.3); an input RFC 3986 rejects has its
href marked, and the field of the component that holds the error."""

from __future__ import annotations

from collections.abc import Iterable


def ada_reading(text: str, base: str, fields: Iterable[str]) -> dict[str, str]:
    """``new URL(text, base)``'s ``fields`` by name as the page passes them to
    the analysis, with ada-url's ``URL`` as the browser (the ``[whatwg]``
    extra); ``{"failure": message}`` when it throws."""
    import ada_url  # type: ignore[import-untyped, unused-ignore]

    try:
        url = ada_url.URL(text, base) if base else ada_url.URL(text)
    except ValueError as exc:
        return {"failure": str(exc)}
    return {name: getattr(url, name) for name in fields}


#: (input, base, the fields of ``new URL(input, base)`` that are marked).
MEANING: list[tuple[str, str, frozenset[str]]] = [
    # --- no difference of meaning: nothing marked
    # hex case of a percent-encoding (RFC 3986 6.2.2.1)
    ("http://h/a%2fb?x=%0d", "", frozenset()),
    ("http://h/a%2Fb?x=%0D#%7b", "", frozenset()),
    # a percent-encoded unreserved character (6.2.2.2), the browser keeps it encoded
    ("http://h/%7e%41", "", frozenset()),
    ("http://h/a%2e%2e/b", "", frozenset()),
    # case of the scheme and host (6.2.2.1)
    ("HTTP://EXAMPLE.com/", "", frozenset()),
    ("foo://EXAMPLE/a", "", frozenset()),
    # a default port, an empty port, a port with leading zeros (6.2.3, 3.2.3)
    ("http://h:80/", "", frozenset()),
    ("https://h:443/x", "", frozenset()),
    ("http://h:/", "", frozenset()),
    ("http://h:080/", "", frozenset()),
    # an empty path is "/" for http (6.2.3)
    ("http://h", "", frozenset()),
    # an empty query or fragment: "" in the browser's search and hash, as for none
    ("http://h/?", "", frozenset()),
    ("http://h/#", "", frozenset()),
    ("http://h/?#", "", frozenset()),
    # dot segments, also percent-encoded (6.2.2.3)
    ("http://h/a/./b/../c", "", frozenset()),
    ("http://h/a/%2e%2E/b", "", frozenset()),
    # one IPv6 address in two spellings (RFC 4291 2.2), its default port
    ("http://[0:0::1]:80/", "", frozenset()),
    # an IRI in its URI form (RFC 3987 3.1, IDNA for the host)
    ("http://b\u00fccher.example/\u00e9?\u00fc#\u00f6", "", frozenset()),
    ("http://B\u00dcCHER.example/", "", frozenset()),
    ("mailto:A@B", "", frozenset()),
    ("https://example.org/a?b#c", "", frozenset()),
    # resolved against a base (RFC 3986 5.4.1)
    ("../g?y#s", "http://a/b/c/d;p?q", frozenset()),
    ("g;x=1/../y", "http://a/b/c/d;p?q", frozenset()),
    # a relative reference with no base is no absolute URL to either
    ("//no-scheme/x", "", frozenset()),
    # both reject it: nothing to compare
    # (not a space in a host: Chromium reads "http://exa mple.com/" with the host
    # "exa%20mple.com", where the URL Standard and ada-url throw)
    ("http://[::1/", "", frozenset()),
    ("http://h:8x/", "", frozenset()),
    # --- differences of meaning: marked
    # a reg-name to RFC 3986, an IPv4 address to the browser
    ("http://0x7f.1/", "", frozenset({"href", "hostname"})),
    ("http://1.2.3/", "", frozenset({"href", "hostname"})),
    # the browser percent-encodes "'" in a special scheme's query (a sub-delim to RFC 3986)
    ("http://h/?a'b", "", frozenset({"href", "search"})),
    # an empty userinfo is kept by RFC 3986, dropped by the browser
    ("http://@h/", "", frozenset({"href"})),
    # a port beyond 65535: RFC 3986 reads it, the browser throws
    ("http://h:99999/", "", frozenset({"failure"})),
    # invalid to RFC 3986: the href and the field that holds the error, and no
    # empty port, search or hash
    ("http://h/a b", "", frozenset({"href", "pathname"})),
    ("http://h/a%zz", "", frozenset({"href", "pathname"})),
    ("http://h/a?b c", "", frozenset({"href", "search"})),
    ("http://h/#a b", "", frozenset({"href", "hash"})),
    ("http://h:8080/a|b", "", frozenset({"href", "pathname"})),
    ("a b", "http://h/x/y", frozenset({"href", "pathname"})),
    # no scheme before the ":" (section 3.1): a relative path, to the browser too
    ("ht tp://h/", "http://a/b/", frozenset({"href", "pathname"})),
    # a backslash: a path character to RFC 3986 (invalid), a slash to the browser
    ("http:\\\\h\\a", "", frozenset({"href", "hostname", "pathname"})),
]
