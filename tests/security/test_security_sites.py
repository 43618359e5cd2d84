"""A policy's allowed_sites and denied_sites: a host's site is its registrable
domain (the Public Suffix List), or the host when it has none; the findings'
codes, spans and messages; entries that are no site refused."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

# the sites are read from the Public Suffix List of the [domains] extra
pytest.importorskip("publicsuffixlist")

from urikit import URIError
from urikit.security import Policy, check

DENY = Policy(denied_sites=["evil.co.uk", "github.io", "0x7f.1"], whatwg=False)
ALLOW = Policy(allowed_sites=["example.co.uk", "bücher.de"], whatwg=False)


@pytest.mark.parametrize(
    ("url", "site"),
    [
        ("http://evil.co.uk/", "evil.co.uk"),
        ("http://a.b.EVIL.Co.Uk./x", "evil.co.uk"),
        ("http://ev%69l.co.uk/", "evil.co.uk"),
        ("https://someone.github.io/", "someone.github.io"),
        ("http://127.0.0.1/", "127.0.0.1"),
        ("http://2130706433/", "127.0.0.1"),
    ],
)
def test_denied(url: str, site: str) -> None:
    report = check(url, policy=DENY)
    (finding,) = [f for f in report.findings if f.code == "denied-site"]
    start = url.index("//") + 2
    end = url.index("/", start)
    assert (finding.severity, finding.component, finding.start, finding.end) == (
        "danger",
        "host",
        start,
        end,
    )
    assert f"{url[start:end]!r}" in finding.message and f"{site!r}" in finding.message
    assert finding.reference == "policy" and not report.ok


@pytest.mark.parametrize(
    "url", ["http://good.co.uk/", "http://evil.co.uk.example/", "http://notevil.co.uk/"]
)
def test_not_denied(url: str) -> None:
    assert [f.code for f in check(url, policy=DENY).findings] == []


@pytest.mark.parametrize(
    ("url", "ok"),
    [
        ("https://shop.example.co.uk/", True),
        ("https://EXAMPLE.co.uk./", True),
        ("http://bücher.de/", True),
        ("http://www.xn--bcher-kva.de/", True),
        ("https://example.com/", False),
        ("https://example.co.uk.evil.com/", False),
        ("https://co.uk/", False),
        ("/relative", False),
    ],
)
def test_allowed(url: str, ok: bool) -> None:
    report = check(url, policy=ALLOW)
    codes = [f.code for f in report.blocking]
    assert codes == ([] if ok else ["site-not-allowed"]), codes
    if not ok:
        assert "allowed sites: example.co.uk, xn--bcher-kva.de" in report.blocking[0].message


def test_the_plain_path_reads_the_site() -> None:
    """A plain reference (the check's cheap path) is checked for its site too."""
    assert check("http://evil.co.uk", policy=DENY).blocking[0].code == "denied-site"
    assert check("http://evil.co.uk").ok


@pytest.mark.parametrize("entry", ["www.example.com", "a.b.github.io"])
def test_an_entry_that_is_no_site(entry: str) -> None:
    with pytest.raises(URIError, match="is not a site: its site is"):
        Policy(allowed_sites=[entry])
    with pytest.raises(URIError, match="is not a site"):
        Policy(denied_sites=[entry])


@pytest.mark.parametrize("bad", ["example.com", b"x", [1], [b"example.com"]])
def test_types(bad: object) -> None:
    with pytest.raises(TypeError, match="allowed_sites"):
        Policy(allowed_sites=bad)  # type: ignore[arg-type]


def test_kept_as_keys_copied_and_pickled() -> None:
    p = Policy.ssrf(allowed_sites=["Bücher.DE."], denied_sites=["EVIL.co.uk"])
    assert p.allowed_sites == frozenset({"xn--bcher-kva.de"})
    assert p.denied_sites == frozenset({"evil.co.uk"})
    assert pickle.loads(pickle.dumps(p)) == p and hash(p) == hash(p.replace())
    assert p.replace(denied_sites=None).denied_sites == frozenset()
    assert p != p.replace(allowed_sites=None)


def test_no_sites_loads_no_list() -> None:
    code = (
        "import sys; from urikit.security import Policy, check;"
        "check('http://a.example/', policy=Policy.ssrf(denied_networks=['10.0.0.0/8']));"
        "print('urikit.domains' in sys.modules, 'publicsuffixlist' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
