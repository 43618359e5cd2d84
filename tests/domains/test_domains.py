"""urikit.domains: hosts as they come, the two sections, split, same_site, the
references' properties, lists of one's own, the lazy default list, a property
over generated hosts and a comparison with tldextract on the corpus hosts."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import paths
import publicsuffixlist
import pytest
from _twins import Build
from hypothesis import given
from hypothesis import strategies as st

import urikit
from urikit import domains
from urikit.domains import DomainParts, load, public_suffix, registrable_domain, same_site, split

#: host -> (public suffix, registrable domain): every kind of host a parsed URI
#: may have, each with its documented answer (docs/domains.md, "Hosts as they come").
HOSTS: dict[str, tuple[str | None, str | None]] = {
    "forums.bbc.co.uk": ("co.uk", "bbc.co.uk"),
    "FORUMS.BBC.Co.Uk": ("co.uk", "bbc.co.uk"),
    "forums.bbc.co.uk.": ("co.uk.", "bbc.co.uk."),
    "forums.bbc.co.uk..": (None, None),
    "%62bc.co.uk": ("co.uk", "bbc.co.uk"),
    "bbc%2Eco%2euk": ("co.uk", "bbc.co.uk"),
    "%E4%BE%8B%E3%81%88.jp": ("jp", "例え.jp"),
    "%ff.co.uk": (None, None),
    "[::1]": (None, None),
    "[v1.x]": (None, None),
    "127.0.0.1": (None, None),
    "0x7f.1": (None, None),
    "0X7F.0X1": (None, None),
    "2130706433": (None, None),
    "127.1": (None, None),
    "10.0.0.1.": (None, None),
    "example.0x": (None, None),
    "example.123": (None, None),
    "123.example.com": ("com", "example.com"),
    "localhost": ("localhost", None),
    "www.localhost": ("localhost", "www.localhost"),
    "": (None, None),
    ".": (None, None),
    "a..b.com": (None, None),
    "com": ("com", None),
    "a.b.github.io": ("github.io", "b.github.io"),
    "Bücher.DE": ("de", "bücher.de"),
    "xn--bcher-kva.de": ("de", "xn--bcher-kva.de"),
    "www.食狮.xn--55qx5d.cn": ("xn--55qx5d.cn", "食狮.xn--55qx5d.cn"),
    "www.xn--85x722f.公司.cn": ("公司.cn", "xn--85x722f.公司.cn"),
    "test.ck": ("test.ck", None),
    "b.test.ck": ("test.ck", "b.test.ck"),
    "www.ck": ("ck", "www.ck"),
}


@pytest.mark.parametrize("host", list(HOSTS), ids=[repr(h) for h in HOSTS])
def test_hosts_as_they_come(host: str) -> None:
    suffix, domain = HOSTS[host]
    assert (public_suffix(host), registrable_domain(host)) == (suffix, domain)


def test_the_icann_section_alone() -> None:
    assert registrable_domain("a.b.github.io", private=False) == "github.io"
    assert public_suffix("a.b.github.io", private=False) == "io"
    assert split("a.b.github.io").section == "private"
    assert split("a.b.github.io", private=False).section == "icann"
    assert split("a.b.github.io").is_private
    assert split("www.example.zz-not-listed").section is None
    # an ICANN rule is the same with either
    assert registrable_domain("a.bbc.co.uk", private=False) == "bbc.co.uk"


SPLITS: dict[str, tuple[str, str, str]] = {
    "forums.news.bbc.co.uk": ("forums.news", "bbc", "co.uk"),
    "http://forums.news.bbc.co.uk/a?b#c": ("forums.news", "bbc", "co.uk"),
    "HTTPS://user:pw@WWW.Example.COM:8443/x": ("www", "example", "com"),
    "www.example.com:8080/path": ("www", "example", "com"),
    "//cdn.example.org/x": ("cdn", "example", "org"),
    "mailto:someone@example.co.uk": ("", "example", "co.uk"),
    "https://例え.テスト.jp/パス": ("例え", "テスト", "jp"),
    "http://127.0.0.1:8080/": ("", "127.0.0.1", ""),
    "http://[2001:DB8::1]/": ("", "[2001:db8::1]", ""),
    "urn:isbn:0451450523": ("", "", ""),
    "file:///etc/hosts": ("", "", ""),
    "github.io": ("", "", "github.io"),
    "example.com.": ("", "example", "com."),
}


@pytest.mark.parametrize("text", list(SPLITS))
def test_split(text: str) -> None:
    parts = split(text)
    assert tuple(parts) == SPLITS[text]
    _, domain, suffix = parts
    registrable = f"{domain}.{suffix}" if domain and suffix else ""
    assert parts.registrable_domain == registrable


def test_split_takes_a_parsed_reference_and_refuses_what_does_not_parse() -> None:
    assert tuple(split(urikit.parse("http://a.b.example.com/"))) == ("a.b", "example", "com")
    assert tuple(split(urikit.parse("/relative"))) == ("", "", "")
    with pytest.raises(urikit.URIError):
        split("http://exa mple.com/")
    with pytest.raises(TypeError, match="must be str"):
        split(b"example.com")  # type: ignore[arg-type]


def test_domain_parts_are_immutable_values() -> None:
    parts = split("a.b.example.co.uk")
    assert parts == ("a.b", "example", "co.uk") and parts == DomainParts(
        "a.b", "example", "co.uk", "icann"
    )
    assert hash(parts) == hash(("a.b", "example", "co.uk"))
    assert pickle.loads(pickle.dumps(parts)) == parts
    assert parts.as_dict()["registrable_domain"] == "example.co.uk"
    with pytest.raises(AttributeError):
        parts.domain = "x"
    assert "section='icann'" in repr(parts)


SAME_SITE: list[tuple[str, str, bool]] = [
    ("https://a.example.co.uk/x", "https://b.example.co.uk/y", True),
    ("https://a.example.co.uk/", "HTTPS://B.EXAMPLE.CO.UK:8443/", True),
    ("https://a.example.co.uk/", "http://a.example.co.uk/", False),
    ("https://example.co.uk/", "https://example.co.jp/", False),
    ("https://a.github.io/", "https://b.github.io/", False),
    ("https://a.b.github.io/", "https://c.b.github.io/", True),
    ("http://bücher.de/", "http://www.xn--bcher-kva.de/", True),
    ("http://127.0.0.1/", "http://127.0.0.1:8080/", True),
    ("http://127.0.0.1/", "http://127.0.0.2/", False),
    ("http://[::1]/", "http://[::1]:81/x", True),
    ("http://localhost/", "http://localhost:8000/", True),
    ("http://github.io/", "http://github.io/x", True),
    ("http://github.io/", "http://a.github.io/", False),
    ("http://example.com./", "http://example.com/", False),
    ("mailto:a@example.com", "mailto:a@example.com", False),
    ("file:///a", "file:///a", False),
    ("//example.com/", "http://example.com/", False),
]


@pytest.mark.parametrize(("a", "b", "expected"), SAME_SITE)
def test_same_site(a: str, b: str, expected: bool) -> None:
    assert same_site(a, b) is expected
    assert same_site(b, a) is expected
    assert urikit.iri.parse(a).same_site(b) is expected


def test_same_site_icann_only_and_bad_arguments() -> None:
    assert same_site("https://a.github.io/", "https://b.github.io/", private=False)
    with pytest.raises(urikit.URIError):
        same_site("http://a b/", "http://a/")
    with pytest.raises(TypeError):
        same_site(1, "http://a/")  # type: ignore[arg-type]


def test_the_properties_of_a_reference(build: Build) -> None:
    ref = build.urikit.parse("https://WWW.Forums.BBC.co.uk./a")
    assert (ref.registrable_domain, ref.public_suffix) == ("bbc.co.uk.", "co.uk.")
    for text in ("/relative", "urn:isbn:1", "http://192.168.0.1/", "http://[::1]/", "file:///x"):
        ref = build.urikit.parse(text)
        assert (ref.registrable_domain, ref.public_suffix) == (None, None), text
    ref = build.urikit.parse("http://a.b.github.io/")
    assert ref.registrable_domain == "b.github.io"
    assert ref.same_site("http://c.b.github.io/") and not ref.same_site("http://c.github.io/")
    assert ref.same_site("http://c.github.io/", private=False)


def test_the_properties_of_an_iri_reference() -> None:
    ref = urikit.iri.parse("http://www.食狮.公司.cn/パス")
    assert (ref.registrable_domain, ref.public_suffix) == ("食狮.公司.cn", "公司.cn")
    assert tuple(split(ref)) == ("www", "食狮", "公司.cn")
    assert ref.same_site(urikit.parse("http://xn--85x722f.xn--55qx5d.cn/"))


# --- lists of one's own -------------------------------------------------------------

OWN = """\
// VERSION: 2026-12-01_00-00-00_UTC
// COMMIT: 0123456789abcdef

// ===BEGIN ICANN DOMAINS===
example
*.wild.example
!keep.wild.example   the rest of the line is a comment
// ===END ICANN DOMAINS===
// ===BEGIN PRIVATE DOMAINS===
Hosting.Example
// ===END PRIVATE DOMAINS===
"""


def test_load_text_bytes_and_paths(tmp_path: Path) -> None:
    file = tmp_path / "list.dat"
    file.write_text(OWN, encoding="utf-8")
    lists = [load(OWN), load(OWN.encode()), load(file), load(str(file))]
    for psl in lists:
        assert (psl.version, psl.commit) == ("2026-12-01_00-00-00_UTC", "0123456789abcdef")
        assert [(r.text, r.exception, r.section) for r in psl.rules] == [
            ("example", False, "icann"),
            ("*.wild.example", False, "icann"),
            ("keep.wild.example", True, "icann"),
            ("hosting.example", False, "private"),
        ]
        assert psl.registrable_domain("a.b.example") == "b.example"
        assert psl.registrable_domain("a.b.wild.example") == "a.b.wild.example"
        assert psl.registrable_domain("x.keep.wild.example") == "keep.wild.example"
        assert psl.split("a.b.hosting.example") == ("a", "b", "hosting.example")
        assert psl.split("a.b.hosting.example", private=False) == ("a.b", "hosting", "example")
        assert psl.public_suffix("a.com") == "com"  # unlisted: the default rule *
    assert lists[2].source == str(file) and lists[0].source == "<text>"
    assert "4 rules" in repr(lists[0])


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("a..b\n", "an empty label"),
        ("a.*.b\n", "a wildcard that is not the whole leftmost label"),
        ("*x.b\n", "a wildcard that is not the whole leftmost label"),
        ("!*.b\n", "an exception rule with a wildcard"),
    ],
)
def test_a_bad_rule_names_its_line(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=f"line 2: {why}"):
        load("ok\n" + text)


def test_a_list_is_immutable_and_a_missing_file_an_os_error(tmp_path: Path) -> None:
    psl = load(OWN)
    with pytest.raises(AttributeError):
        psl.version = "x"
    with pytest.raises(OSError):
        load(tmp_path / "missing.dat")
    with pytest.raises(TypeError):
        load(3)  # type: ignore[arg-type]


def test_use_and_the_environment_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bundled = domains.default_list()
    try:
        domains.use(load(OWN))
        assert registrable_domain("a.b.co.uk") == "co.uk"  # this list has no co.uk
        assert urikit.parse("http://a.b.hosting.example/").registrable_domain == (
            "b.hosting.example"
        )
        file = tmp_path / "env.dat"
        file.write_text("uk\n", encoding="utf-8")
        monkeypatch.setenv(domains.ENVIRONMENT, str(file))
        domains.use(None)
        assert domains.default_list().source == str(file)
        assert registrable_domain("a.b.hosting.example") == "hosting.example"
    finally:
        monkeypatch.delenv(domains.ENVIRONMENT, raising=False)
        domains.use(None)
    assert domains.default_list().source == bundled.source
    with pytest.raises(TypeError):
        domains.use("list.dat")  # type: ignore[arg-type]


def _run(code: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(paths.IMPORT_ROOT)}
    env.pop(domains.ENVIRONMENT, None)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    return done.stdout.strip()


def test_the_list_is_loaded_on_first_use_only() -> None:
    code = (
        "import sys, urikit, urikit.domains as d\n"
        "print('publicsuffixlist' in sys.modules, d._api._default is None)\n"
        "urikit.parse('http://a/').host_kind\n"
        "print('publicsuffixlist' in sys.modules, d._api._default is None)\n"
        "print(d.registrable_domain('a.b.example.com'))\n"
        "print('publicsuffixlist' in sys.modules, d._api._default is None)\n"
    )
    assert _run(code).splitlines() == ["False True", "False True", "example.com", "True False"]


def test_import_urikit_imports_no_domains() -> None:
    assert _run("import sys, urikit\nprint('urikit.domains' in sys.modules)") == "False"


def test_a_missing_package_names_the_extra() -> None:
    code = (
        "import sys; sys.modules['publicsuffixlist'] = None  # as if not installed\n"
        "from urikit import domains\n"
        "print(domains.load('com\\n').registrable_domain('a.com'))  # a list of one's own works\n"
        "try:\n"
        "    domains.registrable_domain('a.com')\n"
        "except ImportError as err:\n"
        "    print(err)\n"
    )
    assert _run(code).splitlines() == [
        "a.com",
        "urikit.domains needs publicsuffixlist: pip install 'urikit[domains]'",
    ]


def test_the_list_is_the_packages_file() -> None:
    assert domains.default_list().source == publicsuffixlist.PSLFILE


# --- a property over generated hosts ----------------------------------------------

_RULES = [r.text for r in domains.default_list().rules]
_label = st.one_of(
    st.from_regex(r"[a-z]([a-z0-9-]{0,8}[a-z0-9])?", fullmatch=True),
    st.sampled_from(["www", "xn--85x722f", "食狮", "bücher", "city", "www", "k12", "ck"]),
)


@st.composite
def _hosts(draw: st.DrawFn) -> str:
    """A host: 0-3 labels before a listed rule (its * made a label), in upper
    case or not, with a trailing dot or not; or before an unlisted label."""
    rule = draw(st.one_of(st.sampled_from(_RULES), _label))
    rule = ".".join(draw(_label) if label == "*" else label for label in rule.split("."))
    host = ".".join([*draw(st.lists(_label, max_size=3)), rule])
    if draw(st.booleans()):
        host = host.upper()
    return host + draw(st.sampled_from(["", "."]))


@given(_hosts(), st.booleans())
def test_a_registrable_domain_is_the_public_suffix_and_one_label(host: str, private: bool) -> None:
    suffix = public_suffix(host, private=private)
    domain = registrable_domain(host, private=private)
    lowered = host.lower()
    assert suffix is not None  # generated hosts have no IP and no empty label
    assert lowered == suffix or lowered.endswith("." + suffix)
    if domain is None:
        assert suffix == lowered
    else:
        assert lowered == domain or lowered.endswith("." + domain)
        assert domain.endswith("." + suffix)
        assert domain.count(".") == suffix.count(".") + 1
    sub, name, tail = split(host, private=private)
    assert ".".join(p for p in (sub, name, tail) if p) == lowered
    assert tail == suffix


# --- tldextract, with the same list, on the corpus hosts --------------------------

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "urls.txt"


def _corpus_hosts() -> list[str]:
    if not CORPUS.exists():
        pytest.skip(f"no corpus at {CORPUS}")
    hosts = set()
    for line in CORPUS.read_text(encoding="utf-8", errors="surrogateescape").splitlines():
        if urikit.is_valid(line):
            host = urikit.parse(line).host
            if host:
                hosts.add(host)
    return sorted(hosts)


# tldextract reads a file:// list through a file it leaves to the garbage collector
@pytest.mark.filterwarnings("ignore::ResourceWarning")
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.parametrize("private", [True, False], ids=["private", "icann"])
def test_tldextract_agrees_on_the_corpus_hosts(private: bool) -> None:
    tldextract = pytest.importorskip("tldextract")
    extract = tldextract.TLDExtract(
        suffix_list_urls=("file://" + publicsuffixlist.PSLFILE,),
        cache_dir=None,
        include_psl_private_domains=private,
        fallback_to_snapshot=False,
    )
    psl = domains.default_list()
    hosts = _corpus_hosts()
    compared, differ = 0, []
    for host in hosts:
        if "%" in host or not host.isascii() or psl.public_suffix(host) is None:
            continue  # tldextract reads neither %XX nor an IP address as we document
        theirs = extract(host)
        if not theirs.suffix:
            continue  # an unlisted top-level domain: tldextract gives no suffix, the PSL *
        compared += 1
        ours = psl.split(host, private=private)
        expected = (theirs.subdomain, theirs.domain, theirs.suffix)
        if tuple(ours) != tuple(p.lower() for p in expected):
            differ.append((host, tuple(ours), expected))
    assert compared > 1000, compared
    assert not differ, differ[:20]
