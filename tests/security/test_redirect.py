"""``check_redirect``: a redirect target is safe only when a browser's reading and
RFC 3986's both land on an allowed origin.

The Django table is facts read from Django's ``tests/utils_tests/test_http.py``
(``URLHasAllowedHostAndSchemeTests``: the ``bad_urls`` and ``good_urls`` of
``url_has_allowed_host_and_scheme`` and its ``require_https`` cases), written
here as urikit's own table; Django's allowed hosts are given as their http and
https origins. Where Django is installed, the same table runs through
``django.utils.http.url_has_allowed_host_and_scheme`` too."""

from __future__ import annotations

import pickle

import pytest

from urikit import URIError
from urikit.security import CODES, Report, check_redirect
from urikit.security._redirect import _browser, _Origin


def origins(*hosts: str) -> list[str]:
    return [f"{scheme}://{host}" for host in hosts for scheme in ("http", "https")]


#: Django's bad_urls, each unsafe from a page of testserver or testserver2.
DJANGO_BAD = (
    "http://example.com",
    "http:///example.com",
    "https://example.com",
    "ftp://example.com",
    r"\\example.com",
    r"\\\example.com",
    r"/\\/example.com",
    r"\\//example.com",
    r"/\/example.com",
    r"\/example.com",
    r"/\example.com",
    r"http:/\//example.com",
    r"http:\/example.com",
    r"http:/\example.com",
    'javascript:alert("XSS")',
    "\njavascript:alert(x)",
    "java\nscript:alert(x)",
    "\x08//example.com",
    r"http://otherserver\@example.com",
    r"http:\\testserver\@example.com",
    r"http://testserver\me:pass@example.com",
    r"http://testserver\@example.com",
    r"http:\\testserver\confirm\me@example.com",
    "http:999999999",
    "ftp:9999999999",
    "\n",
    "http://[2001:cdba:0000:0000:0000:0000:3257:9652/",
    "http://2001:cdba:0000:0000:0000:0000:3257:9652]/",
)
DJANGO_BAD_HOSTS: tuple[str, ...] = ("testserver", "testserver2")

#: Django's good_urls, each safe from a page of otherserver or testserver.
DJANGO_GOOD = (
    "/view/?param=http://example.com",
    "/view/?param=https://example.com",
    "/view?param=ftp://example.com",
    "view/?param=//example.com",
    "https://testserver/",
    "HTTPS://testserver/",
    "//testserver/",
    "http://testserver/confirm?email=me@example.com",
    "/url%20with%20spaces/",
    "path/http:2222222222",
)
DJANGO_GOOD_HOSTS: tuple[str, ...] = ("otherserver", "testserver")

#: Django's require_https cases for the host example.com: (target, safe), here
#: from a page of https://example.com (the only origin require_https allows).
DJANGO_HTTPS = (
    ("https://example.com/p", True),
    ("HTTPS://example.com/p", True),
    ("/view/?param=http://example.com", True),
    ("http://example.com/p", False),
    ("ftp://example.com/p", False),
    ("//example.com/p", True),
)

#: Where urikit answers otherwise than Django, on purpose: (target, hosts,
#: require_https) -> why (docs/howto-redirect.md says it too).
DELIBERATE: dict[tuple[str, tuple[str, ...], bool], str] = {
    ("//example.com/p", ("example.com",), True): (
        "Django does not know the page's scheme; check_redirect is given the origin"
        " (https://example.com), so a network-path reference stays on https"
    ),
    ("/a b", ("example.com",), False): (
        "a space makes it no URI reference: RFC 3986 reads no URL, so urikit cannot say"
        " both readings agree; percent-encode it (/a%20b)"
    ),
}


@pytest.mark.parametrize("target", DJANGO_BAD)
def test_django_bad_urls_are_unsafe(target: str) -> None:
    report = check_redirect(target, allowed_origins=origins(*DJANGO_BAD_HOSTS))
    assert not report.ok, report
    assert report.blocking and all(f.severity == "danger" for f in report.blocking)


@pytest.mark.parametrize("target", DJANGO_GOOD)
def test_django_good_urls_are_safe(target: str) -> None:
    report = check_redirect(target, allowed_origins=origins(*DJANGO_GOOD_HOSTS))
    assert report.ok, report.findings


@pytest.mark.parametrize(("target", "safe"), DJANGO_HTTPS)
def test_django_require_https(target: str, safe: bool) -> None:
    report = check_redirect(target, allowed_origins=["https://example.com"], require_https=True)
    assert report.ok is safe, report.findings


def test_side_by_side_with_django() -> None:
    http = pytest.importorskip("django.utils.http")
    cases: list[tuple[str, tuple[str, ...], bool]] = [
        (t, DJANGO_BAD_HOSTS, False) for t in DJANGO_BAD
    ]
    cases += [(t, DJANGO_GOOD_HOSTS, False) for t in DJANGO_GOOD]
    cases += [(t, ("example.com",), True) for t, _ in DJANGO_HTTPS]
    cases += [(t, ("example.com",), False) for t in OWN_UNSAFE]
    differ = []
    for target, hosts, https in cases:
        theirs = http.url_has_allowed_host_and_scheme(
            target, allowed_hosts=set(hosts), require_https=https
        )
        allowed = [f"https://{h}" for h in hosts] if https else origins(*hosts)
        ours = check_redirect(target, allowed_origins=allowed, require_https=https).ok
        if ours != theirs and (target, hosts, https) not in DELIBERATE:
            differ.append((target, hosts, https, theirs, ours))
    assert not differ
    for target, hosts, https in DELIBERATE:  # each still differs, else it leaves the table
        theirs = http.url_has_allowed_host_and_scheme(
            target, allowed_hosts=set(hosts), require_https=https
        )
        allowed = [f"https://{h}" for h in hosts] if https else origins(*hosts)
        assert theirs != check_redirect(target, allowed_origins=allowed, require_https=https).ok


#: Targets people check by hand and get wrong; unsafe from https://example.com.
OWN_UNSAFE = (
    "//evil.com",
    "/\\evil.com",
    "\\/evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    "\r\n//evil.com",
    " //evil.com",
    "https:evil.com",
    "http:evil.com",
    "https:/evil.com",
    "https:\\\\evil.com",
    "///evil.com",
    "https://example.com.evil.com/",
    "https://example.com@evil.com/",
    "https://evil.com\\@example.com/",
    "https://example.com:8443/",
    "http://example.com/",
    "data:text/html,<script>alert(1)</script>",
    "JavaScript:alert(1)",
    "vbscript:msgbox(1)",
    "//0x7f.1/",
    "//[::1]/",
    "/a b",
    "https://",
)


@pytest.mark.parametrize("target", OWN_UNSAFE)
def test_hand_rolled_mistakes_are_unsafe(target: str) -> None:
    assert not check_redirect(target, allowed_origins=["https://example.com"]).ok


@pytest.mark.parametrize(
    "target",
    [
        "",
        "/",
        "/a/b?c=//evil.com#//evil.com",
        "a/b",
        "../../x",
        "?next=//evil.com",
        "#top",
        "https://example.com/x",
        "HTTPS://EXAMPLE.COM:443/x",
        "//example.com/x",
        "https://Ex%61mple.com/",
        "/caf%C3%A9",
    ],
)
def test_staying_on_the_site_is_safe(target: str) -> None:
    report = check_redirect(target, allowed_origins=["https://example.com"])
    assert report.ok, report.findings
    assert report.findings == ()


@pytest.mark.parametrize("target", ["javascript:alert(1)", "data:,x", "java\tscript:x"])
def test_javascript_and_data_are_never_safe(target: str) -> None:
    for allowed in (["https://example.com"], origins("example.com", "other.org")):
        report = check_redirect(target, allowed_origins=allowed)
        assert "redirect-scheme" in [f.code for f in report.blocking]


@pytest.mark.parametrize(
    ("target", "code", "span"),
    [
        ("//evil.com/x", "redirect-off-site", (2, 10)),
        ("/\\evil.com", "backslash-as-slash", (1, 2)),
        ("/\\evil.com", "redirect-off-site", (2, 10)),
        ("/\t/evil.com", "ignored-character", (1, 2)),
        ("/\t/evil.com", "redirect-off-site", (3, 11)),
        ("  //evil.com", "ignored-character", (0, 2)),
        ("/x\n", "ignored-character", (2, 3)),
        ("ja\nvascript:x", "redirect-scheme", (0, 11)),
        ("https://u@evil.com:8/", "redirect-off-site", (10, 20)),
        ("https:evil.com", "readings-differ", (0, 5)),
        ("http:evil.com", "redirect-scheme", (0, 4)),
        ("https://exa mple.com/", "redirect-invalid", (11, 12)),
    ],
)
def test_findings_name_their_span_in_the_target_as_written(
    target: str, code: str, span: tuple[int, int]
) -> None:
    report = check_redirect(target, allowed_origins=["https://example.com"])
    assert (code, *span) in [(f.code, f.start, f.end) for f in report.findings]
    for f in report.findings:
        assert 0 <= f.start <= f.end <= len(target)
        assert f.code in CODES and f.reference == CODES[f.code][1]


def test_https_host_from_an_http_page_is_another_host() -> None:
    # the URL Standard: a special scheme other than the page's takes what follows as the host
    site = ["http://example.com", "https://example.com"]
    report = check_redirect("https:evil.com", allowed_origins=site)
    assert [f.code for f in report.blocking if f.code == "redirect-off-site"]
    assert _browser("https:evil.com", _Origin("http", "example.com", 80)).origin == (
        "https",
        "evil.com",
        443,
    )
    assert _browser("https:evil.com", _Origin("https", "example.com", 443)).origin == (
        "https",
        "example.com",
        443,
    )


def test_require_https() -> None:
    both = origins("example.com")
    assert check_redirect("https://example.com/", allowed_origins=both, require_https=True).ok
    report = check_redirect("http://example.com/", allowed_origins=both, require_https=True)
    assert [f.code for f in report.blocking] == ["redirect-not-https"]
    assert check_redirect("http://example.com/", allowed_origins=both).ok
    # a relative target from an http page stays on http
    assert not check_redirect("/x", allowed_origins=both, require_https=True).ok
    assert check_redirect("/x", allowed_origins=["https://example.com"], require_https=True).ok


@pytest.mark.parametrize(
    ("allowed", "target", "safe"),
    [
        ("https://example.com:443", "https://example.com/", True),
        ("https://example.com", "https://example.com:443/", True),
        ("https://example.com/", "https://example.com:0443/", True),
        ("http://example.com:8080", "http://example.com:8080/", True),
        ("http://example.com:8080", "http://example.com/", False),
        ("https://EXAMPLE.com", "https://example.COM/", True),
        ("https://bücher.example", "https://xn--bcher-kva.example/", True),
        ("https://[::1]:8443", "https://[0:0::1]:8443/", True),
    ],
)
def test_origins_and_default_ports(allowed: str, target: str, safe: bool) -> None:
    assert check_redirect(target, allowed_origins=[allowed]).ok is safe


@pytest.mark.parametrize(
    "bad",
    [
        "example.com",
        "https://example.com/path",
        "https://example.com?q",
        "ftp://example.com",
        "javascript:x",
        "https://",
        "https://u@example.com",
        " https://example.com",
        "https://example.com:99999",
    ],
)
def test_allowed_origins_are_checked(bad: str) -> None:
    with pytest.raises(URIError) as err:
        check_redirect("/", allowed_origins=[bad])
    assert err.value.reason == "bad-value"


def test_argument_types() -> None:
    with pytest.raises(TypeError):
        check_redirect(b"/", allowed_origins=["https://example.com"])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        check_redirect("/", allowed_origins="https://example.com")
    with pytest.raises(TypeError):
        check_redirect("/", allowed_origins=[1])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        check_redirect("/", allowed_origins=["https://a"], require_https=1)  # type: ignore[arg-type]
    with pytest.raises(URIError):
        check_redirect("/", allowed_origins=[])


def test_report_is_the_security_report() -> None:
    report = check_redirect("//evil.com", allowed_origins=["https://example.com"])
    assert isinstance(report, Report)
    assert report.text == "//evil.com" and report.uri is not None
    assert pickle.loads(pickle.dumps(report)) == report
    assert check_redirect("/a b", allowed_origins=["https://example.com"]).uri is None
    assert [s.component for s in report.segments()][:2] == ["delimiter", "host"]
