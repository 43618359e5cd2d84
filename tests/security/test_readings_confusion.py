"""The published URL-confusion cases, read by every installed parser.

The inputs are urikit's own, each of a kind the research shows (facts, not text
taken from it):

* ``orange``: Orange Tsai, "A New Era of SSRF - Exploiting URL Parser in
  Trending Programming Languages!", Black Hat USA 2017: several "@" and "#"
  in one authority, a blank before "@", "\\" before "@", two ports, CR-LF in
  the host (a Redis command), full-width and circled characters that NFKC
  maps to delimiters and letters, IPv4 in hex, octal, one number, IPv6 with
  IPv4 inside.
* ``claroty``: Claroty Team82 and Snyk, "Exploiting URL Parsing Confusion"
  (2022), its five classes: scheme confusion (no scheme, an upper-case or
  missing "//"), slashes confusion (one, three or four slashes), backslash
  confusion, URL-encoded data confusion, scheme mixup (ldap with a "#"
  host, as in the Log4j allow-list bypass, file, javascript, gopher).
* ``cve-2023-24329``: urllib.parse read a URL with leading C0 controls or
  spaces as one without a scheme (fixed in 3.11.4, 3.12); the WHATWG URL
  Standard strips them.
* ``backslash-at``: "\\" before "@": urllib.parse (and httpx, curl) read the
  host after the "@", urllib3 (under requests) and browsers the one before,
  the advisory class of a URL validated with urllib.parse and fetched through
  requests.
* ``userinfo``: the plain "@" tricks every parser reads alike (the control
  group), and urllib.request, which connects to the userinfo and host together.

Each case's readings by the installed versions are in ``readings_confusion.json``
(``python tests/security/test_readings_confusion.py --write`` records them
again, with the versions); a parser whose installed version is not the one
recorded is compared only for what must hold in any version.
"""

from __future__ import annotations

import json
import platform
import sys
from pathlib import Path
from typing import Any

import pytest

from urikit.security import Policy, check, readings

GOLDEN = Path(__file__).with_name("readings_confusion.json")
FIELDS = (
    "scheme",
    "userinfo",
    "host",
    "port",
    "path",
    "query",
    "fragment",
    "connect_host",
    "connect_port",
)
AGREE_ALL = Policy(agreement="all")

CASES: list[tuple[str, str]] = [
    # Orange Tsai, "A New Era of SSRF", Black Hat USA 2017
    ("orange", "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/"),
    ("orange", "http://1.1.1.1&@2.2.2.2#@3.3.3.3/"),
    ("orange", "http://foo@evil.example:80@good.example/"),
    ("orange", "http://foo@evil.example @good.example/"),
    ("orange", "http://good.example#@evil.example/"),
    ("orange", "http://good.example?@evil.example/"),
    ("orange", "http://evil.example\\@good.example/"),
    ("orange", "http://127.0.0.1:11211:80/"),
    ("orange", "http://127.0.0.1:6379\\@good.example/"),
    ("orange", "http://good.example:80\\@evil.example/"),
    ("orange", "http://127.0.0.1\tgood.example/"),
    ("orange", "http://127.0.0.1\r\n:80/"),
    ("orange", "http://127.0.0.1%0d%0aSLAVEOF%20a%206379%0d%0a:80/"),
    ("orange", "http://0\r\n SLAVEOF a 6379\r\n :80/"),
    ("orange", "http://good.example\uff03@evil.example/"),
    ("orange", "http://evil.example\u3002good.example/"),
    ("orange", "http://\u24d6\u24de\u24de\u24d6\u24db\u24d4.com/"),
    ("orange", "http://0x7f000001/"),
    ("orange", "http://2130706433/"),
    ("orange", "http://0177.0.0.1/"),
    ("orange", "http://127.1/"),
    ("orange", "http://0/"),
    ("orange", "http://[::ffff:127.0.0.1]/"),
    ("orange", "http://[::127.0.0.1]/"),
    ("orange", "http://127.0.0.1%00.good.example/"),
    ("orange", "http://good.example%2f@evil.example/"),
    ("orange", "http://evil.example%23@good.example/"),
    # Claroty and Snyk, "Exploiting URL Parsing Confusion", 2022: scheme confusion
    ("claroty", "good.example/path"),
    ("claroty", "good.example:80/path"),
    ("claroty", "//good.example/path"),
    ("claroty", "HTTP://good.example/"),
    ("claroty", "http:good.example/"),
    # slashes confusion
    ("claroty", "http:/good.example/"),
    ("claroty", "http:///good.example/"),
    ("claroty", "http:////good.example/"),
    ("claroty", "https:/\\good.example/"),
    # backslash confusion
    ("claroty", "http:\\\\good.example\\path"),
    ("claroty", "http://good.example\\path"),
    ("claroty", "http://evil.example\\.good.example/"),
    ("claroty", "https://good.example\\\\@evil.example/"),
    ("claroty", "/\\evil.example"),
    ("claroty", "\\\\evil.example/"),
    # URL-encoded data confusion
    ("claroty", "http://%67%6f%6f%64.example/"),
    ("claroty", "http://good%2eexample/"),
    ("claroty", "http://127.0.0.1%2f@evil.example/"),
    ("claroty", "http://%31%32%37.0.0.1/"),
    ("claroty", "http://good.example%3a80@evil.example/"),
    ("claroty", "http://good.example%40evil.example/"),
    ("claroty", "http://good.example/%2e%2e/admin"),
    # scheme mixup
    ("claroty", "ldap://127.0.0.1#.evil.example/a"),
    ("claroty", "ftp://good.example@evil.example/"),
    ("claroty", "file://good.example/etc/passwd"),
    ("claroty", "javascript://good.example/%0aalert(1)"),
    ("claroty", "gopher://127.0.0.1:6379/_INFO"),
    # CVE-2023-24329: urllib.parse and leading blanks
    ("cve-2023-24329", " http://127.0.0.1/"),
    ("cve-2023-24329", "\x00http://127.0.0.1/"),
    ("cve-2023-24329", "\x1fhttp://127.0.0.1/"),
    ("cve-2023-24329", "\thttp://127.0.0.1/"),
    ("cve-2023-24329", " file:///etc/passwd"),
    ("cve-2023-24329", "http://127.0.0.1/ "),
    # backslash-@: a URL validated with urllib.parse, fetched through requests/urllib3
    ("backslash-at", "http://good.example\\@127.0.0.1/"),
    ("backslash-at", "http://127.0.0.1\\@good.example/"),
    ("backslash-at", "https://good.example\\@169.254.169.254/latest/meta-data/"),
    ("backslash-at", "http://user:pw\\@127.0.0.1@good.example/"),
    ("backslash-at", "http://good.example%5c@127.0.0.1/"),
    ("backslash-at", "http://good.example\\\\@127.0.0.1/"),
    ("backslash-at", "http://good.example\\;@127.0.0.1/"),
    # userinfo tricks
    ("userinfo", "http://good.example@evil.example/"),
    ("userinfo", "http://good.example:pw@evil.example/"),
    ("userinfo", "http://good.example%20@evil.example/"),
    ("userinfo", "http://a@b@evil.example/"),
    ("userinfo", "http://good.example;@evil.example/"),
]


def recorded(url: str) -> dict[str, Any]:
    """What the installed parsers read in ``url``, as the golden file keeps it."""
    r = readings(url)
    out: dict[str, Any] = {}
    for name, reading in r.items():
        if reading.error is not None:
            out[name] = {"refused": True}
        else:
            out[name] = {f: getattr(reading, f) for f in FIELDS}
    return {"readings": out, "differing": list(r.differing)}


def _golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


def _splits_host(url: str) -> bool:
    return bool({"host", "connect"} & set(readings(url).differing))


def test_the_table_is_large_and_unique() -> None:
    urls = [u for _, u in CASES]
    assert len(urls) >= 60 and len(set(urls)) == len(urls)
    assert [c["url"] for c in _golden()["cases"]] == urls


@pytest.mark.parametrize(("source", "url"), CASES, ids=[repr(u) for _, u in CASES])
def test_readings_are_those_recorded(source: str, url: str) -> None:
    golden = _golden()
    (case,) = [c for c in golden["cases"] if c["url"] == url]
    assert case["source"] == source
    r = readings(url)
    same = [n for n in r if golden["versions"].get(n) == r[n].version]
    if golden["versions"].get("urllib") != platform.python_version():
        # yarl writes an IPv6 host with the running Python's ipaddress (3.13
        # writes "::ffff:127.0.0.1" where 3.11 writes "::ffff:7f00:1"): its
        # readings are held to the table on the Python that recorded it only
        same = [n for n in same if n != "yarl"]
    if not same:
        pytest.skip("no installed parser has the version recorded")
    got = recorded(url)["readings"]
    for name in same:
        assert got[name] == case["readings"][name], name
    if len(same) == len(r) == len(golden["versions"]):
        assert list(r.differing) == case["differing"]


@pytest.mark.parametrize(("source", "url"), CASES, ids=[repr(u) for _, u in CASES])
def test_parsers_disagree_on_each_host_split(source: str, url: str) -> None:
    report = check(url, policy=AGREE_ALL)
    codes = [f for f in report.findings if f.code == "parsers-disagree"]
    if _splits_host(url):
        assert any(f.component == "host" for f in codes), url
        assert not report.ok
        for f in codes:
            assert 0 <= f.start < f.end <= len(url)
            assert f.severity == "danger"
    else:
        assert not any(f.component == "host" for f in codes), [f.message for f in codes]


# What the research says, as facts about the parsers (each where the parser is installed).
FACTS = [
    # (url, parser, component, value)
    ("http://evil.example\\@good.example/", "urllib", "host", "good.example"),
    ("http://evil.example\\@good.example/", "urllib3", "host", "evil.example"),
    ("http://evil.example\\@good.example/", "whatwg", "host", "evil.example"),
    ("http://good.example\\@127.0.0.1/", "requests", "connect_host", "good.example"),
    ("http://good.example\\@127.0.0.1/", "urllib", "host", "127.0.0.1"),
    ("http://good.example#@evil.example/", "urllib", "host", "good.example"),
    ("http://1.1.1.1&@2.2.2.2#@3.3.3.3/", "urllib", "host", "2.2.2.2"),
    ("http://1.1.1.1&@2.2.2.2#@3.3.3.3/", "urllib3", "host", "2.2.2.2"),
    ("http:/good.example/", "whatwg", "host", "good.example"),
    ("http:/good.example/", "urllib", "host", None),
    ("https:/\\good.example/", "whatwg", "host", "good.example"),
    ("good.example/path", "urllib3", "host", "good.example"),
    ("good.example/path", "urllib", "host", None),
    ("http://0x7f000001/", "whatwg", "host", "127.0.0.1"),
    ("http://good.example@evil.example/", "urllib", "connect_host", "good.example@evil.example"),
]


@pytest.mark.parametrize(("url", "parser", "field", "value"), FACTS)
def test_the_research_facts_hold(url: str, parser: str, field: str, value: object) -> None:
    r = readings(url, parsers=[parser])
    if parser in r.missing:
        pytest.skip(f"{parser} is not installed")
    assert getattr(r[parser], field) == value


@pytest.mark.skipif(sys.version_info < (3, 11, 4), reason="urllib.parse strips blanks from 3.11.4")
@pytest.mark.parametrize("url", [u for s, u in CASES if s == "cve-2023-24329" and "http:" in u])
def test_urllib_strips_blanks(url: str) -> None:
    r = readings(url, parsers=["rfc3986", "urllib"])
    assert r["urllib"].host == "127.0.0.1" and r["urllib"].scheme == "http"
    assert r["rfc3986"].error is not None  # not a URI: check() says invalid-syntax
    (valid,) = [d for d in r.disagreements if d.component == "valid"]
    a, b = valid.spans[0]
    assert url[a:b].strip("\x00\x1f\t ") == "" and (a == 0 or b == len(url))


def main() -> None:  # pragma: no cover - records the golden file
    r = readings("http://example.org/")
    data = {
        "versions": r.versions,
        "cases": [{"source": s, "url": u, **recorded(u)} for s, u in CASES],
    }
    text = json.dumps(data, indent=1, ensure_ascii=True) + "\n"
    GOLDEN.write_text(text, encoding="utf-8")


if __name__ == "__main__" and "--write" in sys.argv:  # pragma: no cover
    main()
