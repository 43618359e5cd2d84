"""The canonical forms scored on their references' own test data
(canonical_references.py says where each table comes from).

Every case agrees with the reference, but those of the EXCEPTIONS tables: there
urikit answers otherwise on purpose, the answer and the reason are written down
(docs/canonical.md lists them too), and the test checks both that urikit gives
that answer and that the reference's is another one, so that a table cannot
keep a case that no longer differs. SCORES is what docs/canonical.md reports.
"""

from __future__ import annotations

import pytest
from canonical_references import (
    SAFE_BROWSING_DOC,
    SAFE_BROWSING_GO_CANONICAL_HOST,
    SAFE_BROWSING_GO_CANONICAL_PATH,
    SAFE_BROWSING_GO_CANONICAL_URL,
    SAFE_BROWSING_GO_IP_ADDRESS,
    SAFE_BROWSING_GO_PARSE_URL,
    SAFE_BROWSING_GO_PATTERNS,
    SURT_PACKAGE,
    URLCANON_AGGRESSIVE,
    URLCANON_SEMANTIC_PRECISE,
)

import urikit
from urikit.canonicalization import canonical, safe_browsing_expressions

#: Why the Safe Browsing profile answers otherwise than the Go client's tests
#: (the input, urikit's answer, the reason); the answer is compared as the Go
#: table is (canonicalURL without the query; the host; the path).
GO_EXCEPTIONS: dict[str, tuple[str, str]] = {
    "http://some%1bhost.com/%1b": (
        "http://some%1Bhost.com/%1B",
        "the page: 'The escapes should use uppercase hex characters'; the client writes %1b",
    ),
    "http://[::192.9.5.5]/ipng": (
        "[::c009:505]",
        "an IPv6 literal in the form of RFC 5952 (section 4; an IPv4-compatible address is"
        " not written in dotted form); the client only lower-cases it",
    ),
    ":8080/foo.html": (
        "refused",
        "no host: the client makes http:///foo.html, which reads back as the host foo.html"
        " (RFC 3986 section 3.2.2: http needs a host)",
    ),
    "10.192.95.89 xy": (
        "10.192.95.89%20xy",
        "the test calls parseIPAddress alone; in the client's canonicalURL the space is"
        " escaped before the host is read, as here, and the host is not an address",
    ),
    "http://a.b.c.d.e.f.g.h.i/": (
        "5 hosts",
        "the page: 'up to four additional hostnames formed by starting with the last five"
        " components'; the client forms them from the last seven",
    ),
    "https://a.b.c.d.e.f.g.h.i/": ("5 hosts", "as for http://a.b.c.d.e.f.g.h.i/"),
    "a.b.c.d.e.f.g.h.i/": ("5 hosts", "as for http://a.b.c.d.e.f.g.h.i/"),
}

#: Why the aggressive profile answers otherwise than urlcanon's aggressive.json.
AGGRESSIVE_EXCEPTIONS: dict[str, tuple[str, str]] = {
    url: (
        answer,
        "the data file is the Java urlcanon's, which keeps a trailing slash;"
        " the Python urlcanon (the package named) removes it, as here",
    )
    for url, answer in (
        ("foo.com///goo/", "http://foo.com/goo"),
        ("http://www.flickr.com/photos/36050182@N05/", "http://flickr.com/photos/36050182@n05"),
        (
            "http://example.com/something/;jsessionid=E85FAC04E331FFCA55549B10B7C7A4FA",
            "http://example.com/something",
        ),
    )
}

#: Why surt() answers otherwise than the surt package's tests.
SURT_EXCEPTIONS: dict[str, tuple[str, str]] = {
    "": (
        "refused",
        "an empty text is refused as in canonical() (URIError 'empty host'); the package"
        " gives '-', the CDX files' mark for no URL",
    ),
}

#: The scores docs/canonical.md reports: (agree, cases).
SCORES = {
    "safe-browsing page": (33, 33),
    "safe-browsing Go client": (97, 104),
    "urlcanon semantic_precise": (280, 280),
    "urlcanon aggressive": (39, 42),
    "surt package": (45, 46),
}


def _answer(func: object, *args: object, **options: object) -> str:
    try:
        return func(*args, **options)  # type: ignore[operator, no-any-return]
    except urikit.URIError:
        return "refused"


def _without_query(url: str) -> str:
    return url.partition("?")[0]


def _host_and_path(url: str) -> tuple[str, str]:
    """The host and path of a canonical Safe Browsing URL."""
    rest = _without_query(url).split("//", 1)[1]
    host, slash, path = rest.partition("/")
    return host, slash + path


def _go_cases() -> list[tuple[str, str, str]]:
    """(input, urikit's answer, the Go test's) over the Go client's tables."""
    out = []
    for url, want in SAFE_BROWSING_GO_CANONICAL_URL:
        got = _answer(canonical, url, "safe-browsing")
        out.append((url, got if got == "refused" else _without_query(got), want or "refused"))
    for table, index in (
        (SAFE_BROWSING_GO_CANONICAL_HOST, 0),
        (SAFE_BROWSING_GO_CANONICAL_PATH, 1),
    ):
        for url, want in table:
            got = _answer(canonical, url, "safe-browsing")
            out.append(
                (url, got if got == "refused" else _host_and_path(got)[index], want or "refused")
            )
    for url, want in SAFE_BROWSING_GO_PARSE_URL:
        got = _answer(canonical, url, "safe-browsing")
        out.append((url, got if got == "refused" else _without_query(got), want or "refused"))
    for host, want in SAFE_BROWSING_GO_IP_ADDRESS:
        got = _host_and_path(canonical(f"http://{host}/", "safe-browsing"))[0]
        # None: not an address, so the host stays as it is (lower-case, escaped)
        out.append((host, got, want or host.lower()))
    for url, want_set in SAFE_BROWSING_GO_PATTERNS:
        found = _answer(safe_browsing_expressions, url)
        got = (
            found
            if isinstance(found, str)
            else str(len({e.partition("/")[0] for e in found})) + " hosts"
        )
        wanted = (
            "refused"
            if want_set is None
            else str(len({e.partition("/")[0] for e in want_set})) + " hosts"
        )
        if got == wanted and want_set is not None and not isinstance(found, str):
            got = wanted = "same" if set(found) == want_set else "other"
        out.append((url, got, wanted))
    return out


def _score(cases: list[tuple[str, str, str]], exceptions: dict[str, tuple[str, str]]) -> int:
    """How many of ``cases`` (input, ours, theirs) agree; the others must be the
    exceptions, each with urikit's answer as written."""
    agree = 0
    for url, ours, theirs in cases:
        if url in exceptions:
            answer, _reason = exceptions[url]
            assert ours == answer, url
            assert ours != theirs, f"{url!r} agrees now: remove its exception"
        else:
            assert ours == theirs, url
            agree += 1
    return agree


@pytest.mark.parametrize(("url", "expected"), SAFE_BROWSING_DOC)
def test_safe_browsing_page(url: str, expected: str) -> None:
    assert canonical(url, "safe-browsing") == expected


def test_safe_browsing_go_client() -> None:
    cases = _go_cases()
    assert (_score(cases, GO_EXCEPTIONS), len(cases)) == SCORES["safe-browsing Go client"]


def test_urlcanon_semantic_precise() -> None:
    cases = [
        (url, _answer(canonical, url, "semantic", keep_fragment=True), expected)
        for url, expected in URLCANON_SEMANTIC_PRECISE
    ]
    assert (_score(cases, {}), len(cases)) == SCORES["urlcanon semantic_precise"]


def test_urlcanon_semantic_is_precise_without_the_fragment() -> None:
    for url, expected in URLCANON_SEMANTIC_PRECISE:
        assert canonical(url, "semantic") == expected.partition("#")[0], url


def test_urlcanon_aggressive() -> None:
    cases = [
        (url, _answer(canonical, url, "aggressive"), expected)
        for url, expected in URLCANON_AGGRESSIVE
    ]
    assert (_score(cases, AGGRESSIVE_EXCEPTIONS), len(cases)) == SCORES["urlcanon aggressive"]


def _options(options: dict[str, bool]) -> dict[str, bool]:
    renamed = dict(options)
    if "host_massage" in renamed:
        renamed["strip_www"] = renamed.pop("host_massage")
    return renamed


def test_surt_package() -> None:
    cases = [
        (url, _answer(urikit.surt, url, **_options(options)), expected)
        for url, options, expected in SURT_PACKAGE
    ]
    assert (_score(cases, SURT_EXCEPTIONS), len(cases)) == SCORES["surt package"]


def test_safe_browsing_page_score() -> None:
    agree = sum(canonical(url, "safe-browsing") == want for url, want in SAFE_BROWSING_DOC)
    assert (agree, len(SAFE_BROWSING_DOC)) == SCORES["safe-browsing page"]
