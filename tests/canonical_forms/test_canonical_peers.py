"""The canonical forms beside the installed peers they are named after, on the
shared corpus and on Hypothesis' URLs: urlcanon (semantic_precise, semantic,
aggressive; google beside "safe-browsing"), the surt package, w3lib's
canonicalize_url.

A disagreement must fall in one of the documented classes (the CLASSES tables,
each with its reason; docs/canonical.md lists the same), whose predicate says,
from the input alone, that the class is in play. Google's Go client, the Safe
Browsing reference, cannot be installed here (no Go toolchain): that profile is
scored on the client's own vectors in test_canonical_references.py.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import urikit
from urikit.canonical_forms._hosts import urlcanon_ipv4, uts46_host
from urikit.canonical_forms._text import byte_text, unescape_all

urlcanon: Any = pytest.importorskip("urlcanon")
surt_package: Any = pytest.importorskip("surt")

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "urls.txt"
CORPUS_LINES = 20_000

#: The documented classes of disagreement with urlcanon: name -> reason.
URLCANON_CLASSES: dict[str, str] = {
    "empty port": "urlcanon keeps the ':' of an empty port; RFC 3986 section 6.2.3 and the"
    " WHATWG URL Standard drop it",
    "empty host": "a special URL but file without a host is refused (RFC 3986 section 3.2.2);"
    " urlcanon writes http:///..., which it reads back as another host",
    "port not digits": "a port that is not digits is refused (RFC 3986 section 3.2.3);"
    " urlcanon keeps any text",
    "scheme": "urlcanon takes any characters but ':' after a scheme's first letter"
    " ('u@h:80/x' has the scheme 'u@h'); RFC 3986 section 3.1 allows letters, digits, + - .",
    "network-path reference": "'//host/path' without a scheme: urlcanon reads it twice and"
    " takes the path's first segment for the host; RFC 3986 section 4.2 reads the host",
    "host delimiter": "a host that unescapes to / ? # @ : (or \\ in a special URL) keeps it"
    " escaped, so that the canonical URL reads back as the same host (idempotence);"
    " urlcanon writes it raw",
    "host case": "a special host urlcanon's IDNA step cannot convert (a label with '_' or"
    " longer than 63, with idna 3.x) keeps its case and raw labels in urlcanon; urikit"
    " lower-cases it and converts each label it can (RFC 3986 section 3.2.2)",
    "IPv4-mapped": "an IPv4-mapped IPv6 address in the mixed form of RFC 5952 section 5"
    " ([::ffff:1.2.3.4]); Python's ipaddress before 3.13 writes [::ffff:102:304]",
    "address after IDNA": "a host IDNA maps to an IPv4 address (U+00B2 is '2') is read as one,"
    " as the WHATWG URL Standard does after domain to ASCII; urlcanon reads addresses"
    " before IDNA, and the next time (it is not idempotent there)",
    "IPv4 int()": "urlcanon reads an address part with Python's int(), which also takes a"
    " sign, underscores and spaces; urikit reads digits only",
    "no authority": "a path that unescapes to '//...' without an authority gets '/.' before"
    " it (RFC 3986 section 3.3, as the WHATWG serializer writes it); urlcanon's reads back"
    " as an authority",
    "urlcanon raises": "urlcanon raises (a negative address part from int(), a text it cannot"
    " encode)",
}

#: The documented classes of disagreement with the surt package: name -> reason.
SURT_CLASSES: dict[str, str] = {
    "query %26": "a query value keeps an '&' it unescapes to escaped: the package splits"
    " type=a+b+%26+c at it, a bug its own tests mark (test_surt_query, xfail)",
    "empty": "an empty text (or white space only) is refused; the package gives '-'"
    " (or fails with AttributeError)",
}

_SPECIAL = ("ftp", "gopher", "http", "https", "ws", "wss", "file")
_EMPTY_PORT = re.compile(r"^([a-z][a-z0-9+.\-]*://[^/?#]*):(?=[/?#]|$)")
_URLCANON_SCHEME = re.compile(r"[a-zA-Z][^:]*:")
_RFC_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")


def _bytes(text: str) -> bytes:
    return byte_text(text).encode("latin-1")


def _peer(func: Callable[[bytes], Any], text: str) -> str:
    try:
        return bytes(func(_bytes(text))).decode("latin-1")
    except Exception as exc:  # a peer's failure is an answer to compare
        return f"raises {type(exc).__name__}"


def _settled(func: Callable[[bytes], Any], text: str) -> str:
    """``func`` applied until its answer no longer changes (urlcanon's
    aggressive is not idempotent, nor its semantic forms where removing dots
    leaves an address; urikit gives the answer it settles on)."""
    answer = _peer(func, text)
    for _ in range(8):
        if answer.startswith("raises"):
            return answer
        again = _peer(func, answer)
        if again == answer:
            return answer
        answer = again
    return answer


def _ours(func: Callable[..., str], text: str, **options: Any) -> str:
    try:
        return func(text, **options)
    except urikit.URIError as exc:
        return "refused port" if exc.component == "port" else f"refused {exc.reason}"


def _prepared(text: str) -> str:
    data = byte_text(text).strip("".join(map(chr, range(0x21))))
    return data.translate(str.maketrans("", "", "\t\r\n"))


def _urlcanon_parts(text: str) -> tuple[str, str, bool, str]:
    """(scheme, host, whether there is an authority, path) as urlcanon parses
    ``text``, host and path unescaped."""
    parsed = urlcanon.parse_url(_bytes(text))
    urlcanon.canon.remove_tabs_and_newlines(parsed)
    urlcanon.canon.default_scheme_http(parsed)  # reads the host of a text without a scheme
    scheme = parsed.scheme.decode("latin-1").lower()
    authority = bool(parsed.slashes or parsed.authority)
    host, path = (unescape_all(part.decode("latin-1")) for part in (parsed.host, parsed.path))
    return scheme, host, authority, path


def _urlcanon_idna_keeps(host: str) -> bool:
    """urlcanon's IDNA step leaves ``host`` as it is, where urikit changes it."""
    fixed = re.sub(r"\.{2,}", ".", host.strip("."))
    url = urlcanon.ParsedUrl()
    url.scheme, url.host = b"http", fixed.encode("latin-1")
    urlcanon.canon.punycode_special_host(url)
    converted: str = url.host.decode("latin-1")
    return converted != uts46_host(fixed)


def urlcanon_classes(text: str, ours: str, theirs: str) -> set[str]:
    """The documented classes in play for ``text`` (urikit said ``ours``,
    urlcanon ``theirs``)."""
    found = set()
    data = _prepared(text)
    if _EMPTY_PORT.match(theirs):
        found.add("empty port")
    if ours == "refused empty-component":
        found.add("empty host")
    if ours == "refused port":
        found.add("port not digits")
    if _URLCANON_SCHEME.match(data) and not _RFC_SCHEME.match(data):
        found.add("scheme")
    if not _URLCANON_SCHEME.match(data) and data.startswith("//"):
        found.add("network-path reference")
    if theirs.startswith("raises"):
        found.add("urlcanon raises")
    scheme, host, authority, path = _urlcanon_parts(text)
    if not authority and path.startswith("//") and scheme not in _SPECIAL:
        found.add("no authority")
    delimiters = "/?#\\" if scheme == "file" else "/?#@:\\" if scheme in _SPECIAL else "/?#@:"
    if any(c in host for c in delimiters):
        found.add("host delimiter")
    if scheme in _SPECIAL and host and _urlcanon_idna_keeps(host):
        found.add("host case")
    if scheme in _SPECIAL and not host.isascii() and urlcanon_ipv4(uts46_host(host)):
        found.add("address after IDNA")
    if host.startswith("[") and host[1:].lower().startswith("::ffff:"):
        found.add("IPv4-mapped")
    if urlcanon.parse_ipv4(host.encode("latin-1")) is not None and re.search(r"[+_ \-]", host):
        found.add("IPv4 int()")
    return found


def surt_classes(text: str, ours: str, theirs: str) -> set[str]:
    """The documented classes in play for ``text`` with the surt package."""
    found = set()
    query = text.partition("?")[2].partition("#")[0]
    if unescape_all(query).count("&") > query.count("&"):
        found.add("query %26")
    if not text.strip(" \t\n\r\x0b\x0c"):
        found.add("empty")
    return found


# ------------------------------------------------------------------ inputs

_SCHEMES = st.sampled_from(
    [
        "http://",
        "https://",
        "HTTP://",
        "ftp://",
        "file://",
        "file:",
        "foo://",
        "foo:",
        "gopher:",
        "ws://",
        "",
        "//",
        "http:",
        "http:/",
        "https:\\\\",
        "mailto:",
        "dns:",
    ]
)
_USERINFO = st.sampled_from(["", "u@", "u:p@", "@", "a@b@", ":@", "%40@"])
_HOSTS = st.sampled_from(
    [
        "h",
        "www.Example.com",
        "b\u00fccher.de",
        "B\u00dcCHER.de",
        "xn--bcher-kva.de",
        "XN--BCHER-KVA.de",
        "1.2.3.4",
        "0x7f.1",
        "3279880203",
        "[::1]",
        "[::FFFF:1.2.3.4]",
        "[1:0:0:0:0:0:0:2]",
        "a..b",
        ".a.",
        "%41.com",
        "a%2Fb",
        "a%3Ab",
        "a_b.com",
        "A_B.com",
        "www2.www.x.y",
        "",
        ".",
        "%2e",
        "0",
        "09",
        "1.2.3.256",
        "fa\u00df.de",
        "\u2603.net",
        "h%20x",
        "a%40b",
        "+1.2.3.4",
    ]
)
_PORTS = st.sampled_from(["", ":", ":80", ":443", ":0080", ":8080", ":0", ":99999"])
_PATHS = st.sampled_from(
    [
        "",
        "/",
        "//",
        "/a",
        "/a/b/../c",
        "/./x",
        "/a/.",
        "/%2e%2e/x",
        "/%2F",
        "/a%3Fb",
        "/A/B",
        "/(abcdefghijklmnopqrstuvwx)/x.aspx",
        "/(a(abcdefghijklmnopqrstuvwx))/x.aspx",
        "/x;jsessionid=0123456789abcdef0123456789abcdef",
        "/x.aspx/",
        "/%5C",
        "\\a",
        "/a b",
        "/%25",
        "/%%32%35",
        "/\u00e9",
        "/a//b/",
    ]
)
_QUERIES = st.sampled_from(
    [
        "",
        "?",
        "?a=1",
        "?b=2&a=1",
        "?a=%26",
        "?type=a+b+%26+c&grape=wine",
        "?&&a&&",
        "?jsessionid=0123456789abcdef&b=1",
        "?cfid=1&cftoken=x",
        "?CFTOKEN=x&CFID=1",
        "?sid=0123456789abcdef0123456789abcdef",
        "?a=b=c",
        "?%3D=%3D",
        "?A=B",
        "?x#",
        "?q%23",
    ]
)
_FRAGMENTS = st.sampled_from(["", "#", "#f", "#a#b", "#%41"])
URLS = st.one_of(
    st.tuples(
        _SCHEMES,
        st.one_of(st.just(""), st.tuples(_USERINFO, _HOSTS, _PORTS).map("".join)),
        st.lists(_PATHS, max_size=3).map("".join),
        _QUERIES,
        _FRAGMENTS,
    ).map("".join),
    st.text(alphabet=":/?#[]@%.\\&=;~ aAbB019xX\u00e9", max_size=25),
)
_PEERS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _check(text: str, ours: str, theirs: str, classes: Callable[[str, str, str], set[str]]) -> None:
    if ours != theirs:
        assert classes(text, ours, theirs), (text, ours, theirs)


@_PEERS
@given(URLS)
def test_semantic_precise_beside_urlcanon(text: str) -> None:
    ours = _ours(urikit.canonical, text, profile="semantic", keep_fragment=True)
    _check(text, ours, _settled(urlcanon.semantic_precise, text), urlcanon_classes)


@_PEERS
@given(URLS)
def test_semantic_beside_urlcanon(text: str) -> None:
    ours = _ours(urikit.canonical, text, profile="semantic")
    _check(text, ours, _settled(urlcanon.semantic, text), urlcanon_classes)


@_PEERS
@given(URLS)
def test_aggressive_beside_urlcanon_settled(text: str) -> None:
    ours = _ours(urikit.canonical, text, profile="aggressive")
    _check(text, ours, _settled(urlcanon.aggressive, text), urlcanon_classes)


@_PEERS
@given(URLS)
def test_surt_beside_the_package(text: str) -> None:
    ours = _ours(urikit.surt, text)
    theirs = _peer(surt_package.surt, text)
    if ours == "refused port" and theirs == "raises ValueError":
        return  # both refuse the port
    _check(text, ours, theirs, surt_classes)


# ------------------------------------------------------------------ corpus


def _corpus() -> list[str]:
    if not CORPUS.exists():
        pytest.skip("no corpus at ../shared/corpus/urls.txt")
    lines = CORPUS.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    return lines[:CORPUS_LINES]


def _tally(
    pairs: list[tuple[str, str, str]], classes: Callable[[str, str, str], set[str]]
) -> Counter[str]:
    counts: Counter[str] = Counter()
    for text, ours, theirs in pairs:
        if ours == theirs:
            counts["same"] += 1
            continue
        found = classes(text, ours, theirs)
        assert found, (text, ours, theirs)
        counts.update(found)
    return counts


@pytest.mark.parametrize(
    ("profile", "peer"),
    [("semantic", "semantic"), ("aggressive", "aggressive")],
)
def test_urlcanon_on_corpus(profile: str, peer: str) -> None:
    func = getattr(urlcanon, peer)
    pairs = [(u, _ours(urikit.canonical, u, profile=profile), _peer(func, u)) for u in _corpus()]
    counts = _tally(pairs, urlcanon_classes)
    assert counts["same"] > 0.99 * len(pairs)
    assert set(counts) <= {"same", *URLCANON_CLASSES}


def test_surt_on_corpus() -> None:
    for options in (
        {},
        {"with_scheme": True, "trailing_comma": True},
        {"strip_www": False, "reverse_ipaddr": False},
    ):
        peer_options = dict(options)
        if "strip_www" in peer_options:
            peer_options["host_massage"] = peer_options.pop("strip_www")
        package = functools.partial(surt_package.surt, **peer_options)
        for text in _corpus():
            ours = _ours(urikit.surt, text, **options)
            theirs = _peer(package, text)
            if ours == "refused port" and theirs == "raises ValueError":
                continue
            _check(text, ours, theirs, surt_classes)


#: What makes "safe-browsing" differ from urlcanon's google canonicalizer (which
#: follows the older v2 page, keeps the port "matching surt library", and reads
#: URLs as urlcanon does): name -> reason.
GOOGLE_CLASSES: dict[str, str] = {
    "port": "the v4 page's vector http://www.gotaport.com:1234/ -> http://www.gotaport.com/"
    " and the Go client drop the port; urlcanon.google keeps it",
    "userinfo": "the Go client drops the userinfo (the host is after the last '@');"
    " urlcanon.google keeps it",
    "empty host": "no host: refused, as the Go client refuses it",
    "no '//'": "a scheme without '//' after it (lp:x, mailto:): refused, as the Go client"
    " refuses it ('Safe Browsing test web URLs only')",
    "port not digits": "refused (RFC 3986 section 3.2.3)",
    "slashes": "the page: 'Replace runs of consecutive slashes with a single slash',"
    " whatever the scheme; urlcanon.google collapses them in special URLs only",
}


def google_classes(text: str, ours: str, theirs: str) -> set[str]:
    found = set()
    parsed = urlcanon.parse_url(_bytes(text))
    if parsed.port or parsed.colon_before_port:
        found.add("port")
    if parsed.at_sign:
        found.add("userinfo")
    if ours == "refused empty-component":
        found.add("empty host")
    if ours == "refused missing-separator":
        found.add("no '//'")
    if ours == "refused port":
        found.add("port not digits")
    if "//" in parsed.path.decode("latin-1"):
        found.add("slashes")
    return found


def test_safe_browsing_beside_urlcanon_google_on_corpus() -> None:
    pairs = [
        (u, _ours(urikit.canonical, u, profile="safe-browsing"), _peer(urlcanon.google, u))
        for u in _corpus()
    ]
    counts = _tally(pairs, google_classes)
    assert counts["same"] > 0.99 * len(pairs)


#: Where w3lib's canonicalize_url (Scrapy's) and "semantic" give other schemes,
#: hosts or paths: name -> reason. Their queries differ by design (w3lib escapes
#: "/", ":", ";" ... in values), so only what comes before "?" is compared.
W3LIB_CLASSES: dict[str, str] = {
    "slashes": "urlcanon collapses runs of slashes in a special URL's path; w3lib keeps them",
    "userinfo": "urlcanon removes the userinfo; w3lib keeps it",
    "empty port": URLCANON_CLASSES["empty port"],
    "scheme:scheme:": "'https:https://h/': urlcanon (and the WHATWG URL Standard) read the"
    " host 'https'; w3lib keeps the text",
}


def w3lib_classes(text: str, ours: str, theirs: str) -> set[str]:
    found = set()
    parsed = urlcanon.parse_url(_bytes(text))
    if "//" in parsed.path.decode("latin-1"):
        found.add("slashes")
    if parsed.at_sign:
        found.add("userinfo")
    if parsed.colon_before_port and not parsed.port:
        found.add("empty port")
    if re.match(r"(?i)https?:https?:", text):
        found.add("scheme:scheme:")
    return found


def test_semantic_beside_w3lib_on_corpus() -> None:
    w3lib_url = pytest.importorskip("w3lib.url")
    pairs = []
    for text in _corpus():
        ours = _ours(urikit.canonical, text, profile="semantic")
        if ours.startswith("refused"):
            continue
        try:
            theirs = w3lib_url.canonicalize_url(text)
        except Exception as exc:  # a peer's failure is an answer to compare
            theirs = f"raises {type(exc).__name__}"
        pairs.append((text, ours.partition("?")[0], theirs.partition("?")[0]))
    counts = _tally(pairs, w3lib_classes)
    assert counts["same"] > 0.99 * len(pairs)
