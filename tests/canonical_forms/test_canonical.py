"""Canonical forms: Safe Browsing's published vectors, urlcanon and surt on the corpus,
one-pass unescaping, linear time on hostile input."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote_to_bytes

import pytest
from growth import LIMIT, scaled
from hypothesis import given
from hypothesis import strategies as st

import urikit
from urikit.canonicalization import (
    PROFILES,
    canonical,
    safe_browsing_expressions,
    unescape_all,
    unsurt,
)

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "urls.txt"

# Google Safe Browsing v4, "URLs and Hashing", "Canonicalization": the test vectors
# the page publishes, in its order. All 33 pairs agree, input and output, with the
# copy of the whole list in KDE's WebEngineViewer URL-hashing test; the first
# eight also with Chromium's V4ProtocolManagerUtil test. The one marked BYTES is written there
# with a raw byte 0x80, which a Python str can only give as U+0080 (UTF-8: two bytes).
SAFE_BROWSING_VECTORS: tuple[tuple[str, str], ...] = (
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
    ("http://\x01\x80.com/", "http://%01%C2%80.com/"),  # BYTES: the page has %01%80
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


@pytest.mark.parametrize(("url", "expected"), SAFE_BROWSING_VECTORS)
def test_safe_browsing_vectors(url: str, expected: str) -> None:
    assert canonical(url, "safe-browsing") == expected


# "Suffix/Prefix Expressions": the page's examples, in its order.
EXPRESSION_VECTORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "http://a.b.c/1/2.html?param=1",
        (
            "a.b.c/1/2.html?param=1",
            "a.b.c/1/2.html",
            "a.b.c/",
            "a.b.c/1/",
            "b.c/1/2.html?param=1",
            "b.c/1/2.html",
            "b.c/",
            "b.c/1/",
        ),
    ),
    (
        "http://a.b.c.d.e.f.g/1.html",
        (
            "a.b.c.d.e.f.g/1.html",
            "a.b.c.d.e.f.g/",
            "c.d.e.f.g/1.html",
            "c.d.e.f.g/",
            "d.e.f.g/1.html",
            "d.e.f.g/",
            "e.f.g/1.html",
            "e.f.g/",
            "f.g/1.html",
            "f.g/",
        ),
    ),
    ("http://1.2.3.4/1/", ("1.2.3.4/1/", "1.2.3.4/")),
)


@pytest.mark.parametrize(("url", "expected"), EXPRESSION_VECTORS)
def test_safe_browsing_expressions(url: str, expected: tuple[str, ...]) -> None:
    assert safe_browsing_expressions(url) == expected


def test_expressions_bounded() -> None:
    found = safe_browsing_expressions("http://a.b.c.d.e.f.g.h/1/2/3/4/5/6/x.html?q")
    assert len(found) == 30
    assert found[:6] == (
        "a.b.c.d.e.f.g.h/1/2/3/4/5/6/x.html?q",
        "a.b.c.d.e.f.g.h/1/2/3/4/5/6/x.html",
        "a.b.c.d.e.f.g.h/",
        "a.b.c.d.e.f.g.h/1/",
        "a.b.c.d.e.f.g.h/1/2/",
        "a.b.c.d.e.f.g.h/1/2/3/",
    )


def _unescape_by_rounds(text: str) -> str:
    """The specification's wording: unescape the whole text until it stays the same."""
    data = text.encode("latin-1")
    while True:
        new = unquote_to_bytes(data)
        if new == data:
            return data.decode("latin-1")
        data = new


@given(st.text(alphabet="%25aAfFgz0", max_size=30))
def test_one_pass_unescape_equals_rounds(text: str) -> None:
    assert unescape_all(text) == _unescape_by_rounds(text)


def test_profiles_and_errors() -> None:
    assert urikit.canonical is canonical
    assert canonical("HTTP://A.com:80/%7e", "rfc3986") == urikit.normalize("HTTP://A.com:80/%7e")
    with pytest.raises(ValueError, match="profile"):
        canonical("http://a/", "nope")
    with pytest.raises(urikit.URIError) as info:
        canonical("http://host:8x/", "semantic")
    assert (info.value.component, info.value.position) == ("port", 13)
    with pytest.raises(TypeError):
        canonical(b"http://a/", "semantic")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("url", "profile", "expected"),
    [
        ("HTTP://Example.com:80/b/../a?z=1&a=%41#top", "semantic", "http://example.com/a?a=A&z=1"),
        ("http://a\\b/c d?x=%26&y", "semantic", "http://a/b/c%20d?x=%26&y"),
        ("https:https://h/x", "semantic", "https://https/h/x"),
        ("http://a/b#c#d%zz", "semantic", "http://a/b"),
        ("svn://h//x//y", "semantic", "svn://h//x//y"),
        ("https://www2.Example.com/A/?B=1&&", "aggressive", "http://example.com/a?b=1"),
        ("http://h/x?jsessionid=0123456789abcdef&b=1", "aggressive", "http://h/x?b=1"),
        ("http://h/x?", "aggressive", "http://h/x"),
        # A delimiter unescaped in the host or path stays escaped, so that the
        # canonical URL reads back as the same host and path.
        ("http://a%2fb/c", "semantic", "http://a%2Fb/c"),
        ("http://a%3ab%40c/", "safe-browsing", "http://a%3Ab%40c/"),
        ("http://h/.%3f.", "safe-browsing", "http://h/.%3F."),
        ("http://h/a%5cb/../c", "semantic", "http://h/a/c"),
        ("foo:%2f%2fh/x", "semantic", "foo:/.//h/x"),
        ("foo://h/a//", "aggressive", "foo://h/a"),
        ("http://[::1]?b&%5B", "semantic", "http://[::1]/?[&b"),
        ("file:///x", "semantic", "file:///x"),
    ],
)
def test_crawler_profiles(url: str, profile: str, expected: str) -> None:
    assert canonical(url, profile) == expected
    assert canonical(expected, profile) == expected


# A special URL but file with no host, or one that is only dots: RFC 3986 section
# 3.2.2 (http "considers a missing authority or empty host invalid") and the WHATWG
# URL Standard (host-missing) reject it. Written out it would read as another URL
# ("http:///0" has the host "0", which is 0.0.0.0).
@pytest.mark.parametrize(
    ("url", "prepared", "position"),
    [
        (":/0", "http://:/0", 7),
        ("http://:80/", "http://:80/", 7),
        ("http://u@/x", "http://u@/x", 9),
        ("https://./x", "https://./x", 8),
        ("http://%2E%2e/", "http://%2E%2e/", 7),
        ("ws://..%252e/", "ws://..%252e/", 5),
    ],
)
@pytest.mark.parametrize("profile", ["safe-browsing", "semantic", "aggressive"])
def test_empty_host(url: str, prepared: str, position: int, profile: str) -> None:
    with pytest.raises(urikit.URIError) as info:
        canonical(url, profile)
    error = info.value
    assert (error.reason, error.component, error.position, error.text) == (
        "empty-component",
        "host",
        position,
        prepared,
    )
    assert str(error) == f"empty host at position {position}"


def test_keep_fragment() -> None:
    assert canonical("http://a/b#c#d%zz", "semantic", keep_fragment=True) == "http://a/b#c%23d%25zz"
    # A backslash is a slash before the query or the fragment only.
    assert canonical("http://a\\b#c\\d", "semantic", keep_fragment=True) == "http://a/b#c\\d"


# Pieces that make URLs: delimiters, escapes of delimiters, dots, hex digits.
_URL_PIECES = st.sampled_from(
    [
        *":/?#[]@%.\\&=;~ \t\x00\x7fé€0aAfFwW1259",
        "%2f",
        "%3a",
        "%3f",
        "%40",
        "%5b",
        "%5c",
        "%2e",
        "%25",
        "%23",
    ]
)
_URLISH = st.one_of(
    st.text(max_size=40),
    st.lists(_URL_PIECES, max_size=25).map("".join),
    st.tuples(
        st.sampled_from(["http:", "https://", "file:", "file://", "foo:", "foo://", "//", ""]),
        st.lists(_URL_PIECES, max_size=20).map("".join),
    ).map("".join),
)


@given(_URLISH)
def test_no_crash_and_idempotent(text: str) -> None:
    for profile, keep_fragment in (
        ("safe-browsing", False),
        ("semantic", False),
        ("semantic", True),
        ("aggressive", False),
        ("rfc3986", False),
    ):
        try:
            once = canonical(text, profile, keep_fragment=keep_fragment)
        except urikit.URIError:
            continue
        assert canonical(once, profile, keep_fragment=keep_fragment) == once


def _corpus() -> list[str]:
    if not CORPUS.exists():
        pytest.skip("no corpus at ../shared/corpus/urls.txt")
    return CORPUS.read_text(encoding="utf-8", errors="surrogateescape").splitlines()[:5000]


_EMPTY_PORT = re.compile(r"^[a-z]+://[^/?#]*:(?=[/?#]|$)")


@pytest.mark.parametrize("profile", ["semantic", "aggressive", "safe-browsing"])
def test_urlcanon_on_corpus(profile: str) -> None:
    """Equal to urlcanon on the corpus but for the classes docs/canonical.md lists."""
    urlcanon = pytest.importorskip("urlcanon")
    peer = {
        "semantic": urlcanon.semantic,
        "aggressive": urlcanon.aggressive,
        "safe-browsing": urlcanon.google,
    }[profile]
    unexplained = []
    for url in _corpus():
        try:
            ours = canonical(url, profile)
        except urikit.URIError:
            continue
        theirs = str(peer(url))
        if ours == theirs or _EMPTY_PORT.match(theirs):
            continue
        if profile == "safe-browsing":  # port and userinfo dropped; "//" collapsed
            parsed = urikit.parse(canonical(url, "semantic"))
            if parsed.port or "@" in theirs or "//" in parsed.path:
                continue
        unexplained.append((url, ours, theirs))
    assert unexplained == []


HOSTILE: tuple[tuple[str, str, str], ...] = (
    ("http://h/", "%25", ""),
    ("http://h/%", "25", ""),
    ("http://h/", "../", ""),
    ("http://h", ".", "/"),
    ("http://", "a.", "/"),
    ("http://h/", "%2", "5"),
)


@pytest.mark.timing
@pytest.mark.parametrize(("head", "piece", "tail"), HOSTILE)
@pytest.mark.parametrize("profile", ["safe-browsing", "semantic"])
def test_linear_on_hostile_input(head: str, piece: str, tail: str, profile: str) -> None:
    """20 times the input may cost at most 36 times the time (quadratic gives 400)."""

    def run(text: str) -> object:
        return canonical(text, profile)

    def make(n: int) -> str:
        return head + piece * (n // len(piece)) + tail

    assert scaled(run, make, largest=400_000) <= LIMIT, piece


def test_profiles_listed() -> None:
    assert PROFILES == ("safe-browsing", "semantic", "aggressive", "rfc3986")


SURT_OPTIONS: tuple[dict[str, bool], ...] = (
    {},
    {"with_scheme": True, "trailing_comma": True},
    {"strip_www": False, "reverse_ipaddr": False},
)


def _peer_options(options: dict[str, bool]) -> dict[str, bool]:
    renamed = dict(options)
    if "strip_www" in renamed:
        renamed["host_massage"] = renamed.pop("strip_www")
    return renamed


@pytest.mark.parametrize("options", SURT_OPTIONS)
def test_surt_on_corpus(options: dict[str, bool]) -> None:
    """Equal to the surt package but for "scheme:scheme://" (docs/canonical.md)."""
    surt_package = pytest.importorskip("surt")
    unexplained = []
    for url in _corpus():
        try:
            ours = urikit.surt(url, **options)
        except urikit.URIError:
            with pytest.raises(ValueError):
                surt_package.surt(url, **_peer_options(options))
            continue
        theirs = surt_package.surt(url, **_peer_options(options))
        if ours != theirs and not re.match(r"https?:https?:", url):
            unexplained.append((url, ours, theirs))
    assert unexplained == []


@pytest.mark.parametrize(
    ("url", "options", "expected"),
    [
        ("http://www.example.com/a?b", {}, "com,example)/a?b"),
        ("HTTP://WWW.A.com/%7eA/./b/../c//d?B=2&a&c=%41", {}, "com,a)/~a/c/d?a&b=2&c=a"),
        ("http://a.com/x?jsessionid=0123456789abcdef0123456789abcdef&b=1", {}, "com,a)/x?b=1"),
        ("http://h.com/?", {}, "com,h)/"),
        ("mailto:a@b", {}, "mailto:a@b"),
        ("http://u:p@www3.a.com:8080/", {}, "com,a:8080)/"),
        ("http://1.2.3.4/x", {"reverse_ipaddr": False}, "1.2.3.4)/x"),
        ("http://www.a.com/X", {"strip_www": False, "lowercase": False}, "com,a,www)/X"),
        ("http://a.com/?b&a", {"sort_query": False}, "com,a)/?b&a"),
        ("https://a.com/", {"with_scheme": True, "trailing_comma": True}, "https://(com,a,)/"),
        ("", {}, "-"),
    ],
)
def test_surt_examples(url: str, options: dict[str, bool], expected: str) -> None:
    assert urikit.surt(url, **options) == expected


def test_cli_canonical_and_surt(capsys: pytest.CaptureFixture[str]) -> None:
    from urikit.cli import main

    assert main(["canonical", "--profile", "safe-browsing", "www.GOOgle.com", "http://h:8x/"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "http://www.google.com/"
    assert out[1].startswith("error\thttp://h:8x/\t") and "port" in out[1]
    assert main(["canonical", "--json", "--expressions", "http://1.2.3.4/1/"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["result"] == ["1.2.3.4/1/", "1.2.3.4/"]
    assert record["profile"] == "safe-browsing-expressions"
    assert main(["surt", "--keep-www", "--trailing-comma", "http://www.a.com/X"]) == 0
    assert capsys.readouterr().out == "com,a,www,)/x\n"


ROWS = ["www.A.com/b/..", "http://h:x/", None, "https://www.Example.com/X/?b&a#f"]


def _expected(func: Callable[[str], str], rows: list[str | None]) -> list[str | None]:
    out: list[str | None] = []
    for row in rows:
        try:
            out.append(None if row is None else func(row))
        except urikit.URIError:
            out.append(None)
    return out


@pytest.mark.parametrize("profile", PROFILES)
def test_arrow_canonical_equals_rows(profile: str) -> None:
    pa = pytest.importorskip("pyarrow")
    from urikit import arrow

    got = arrow.canonical(pa.chunked_array([ROWS[:2], ROWS[2:]]), profile).to_pylist()
    assert got == _expected(lambda t: canonical(t, profile), ROWS)
    with pytest.raises(urikit.URIError):
        arrow.canonical(pa.array(ROWS), profile, errors="raise")
    with pytest.raises(ValueError, match="profile"):
        arrow.canonical(pa.array([], pa.string()), "nope")


def test_arrow_surt_equals_rows() -> None:
    pa = pytest.importorskip("pyarrow")
    from urikit import arrow

    got = arrow.surt(pa.array(ROWS, pa.large_string()), with_scheme=True)
    assert got.type == pa.large_string()
    assert got.to_pylist() == _expected(lambda t: urikit.surt(t, with_scheme=True), ROWS)


def test_duckdb_canonical_and_surt() -> None:
    duckdb = pytest.importorskip("duckdb")
    from urikit import duckdb as uduckdb

    con = duckdb.connect()
    names = uduckdb.register(con)
    assert "uri_canonical" in names and "uri_surt" in names
    con.execute("CREATE TABLE t (u VARCHAR)")
    con.executemany("INSERT INTO t VALUES (?)", [[r] for r in ROWS])
    rows = con.sql(
        "SELECT uri_canonical(u), uri_canonical(u, 'aggressive'), uri_surt(u) FROM t"
    ).fetchall()
    assert [r[0] for r in rows] == _expected(canonical, ROWS)
    assert [r[1] for r in rows] == _expected(lambda t: canonical(t, "aggressive"), ROWS)
    assert [r[2] for r in rows] == _expected(urikit.surt, ROWS)
    uduckdb.unregister(con)
    assert not con.sql(
        "SELECT * FROM duckdb_functions() WHERE function_name = 'uri_surt'"
    ).fetchall()


def test_dask_canonical_and_surt() -> None:
    dd = pytest.importorskip("dask.dataframe")
    pd = pytest.importorskip("pandas")

    from urikit import dask as udask

    urls = dd.from_pandas(pd.Series(ROWS), npartitions=2)
    got = udask.canonical(urls, "safe-browsing").compute().tolist()
    expected = _expected(lambda t: canonical(t, "safe-browsing"), ROWS)
    assert [None if pd.isna(v) else v for v in got] == expected
    got = udask.surt(urls).compute().tolist()
    assert [None if pd.isna(v) else v for v in got] == _expected(urikit.surt, ROWS)


def test_spark_canonical_and_surt(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pyarrow")
    sql = pytest.importorskip("pyspark.sql")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("no Java runtime for Spark")
    from urikit import spark as uspark

    monkeypatch.setenv("SPARK_LOCAL_IP", "127.0.0.1")
    monkeypatch.setenv("PYSPARK_PYTHON", sys.executable)
    monkeypatch.setenv("PYSPARK_DRIVER_PYTHON", sys.executable)
    session = (
        sql.SparkSession.builder.master("local[1]")
        .appName("urikit-canonical-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.log.level", "ERROR")
        .config("spark.ui.showConsoleProgress", "false")
        .getOrCreate()
    )
    try:
        df = session.createDataFrame([(r,) for r in ROWS], "u string")
        out = uspark.surt(uspark.canonical(df, "u", "aggressive"), "u").collect()
        assert [r["u_canonical"] for r in out] == _expected(
            lambda t: canonical(t, "aggressive"), ROWS
        )
        assert [r["u_surt"] for r in out] == _expected(urikit.surt, ROWS)
    finally:
        session.stop()


@pytest.mark.parametrize(
    ("key", "scheme", "url"),
    [
        ("com,example)/a/b?a=2&z=1", "http", "http://example.com/a/b?a=2&z=1"),
        ("https://(org,archive,)/x", "http", "https://archive.org/x"),
        ("http://(com,example:8080,)/", "https", "http://example.com:8080/"),
        ("com,example:8080)/", "https", "https://example.com:8080/"),
        ("4,3,2,1)/", "http", "http://1.2.3.4/"),
        ("mailto:x@example.com", "http", "mailto:x@example.com"),
    ],
)
def test_unsurt(key: str, scheme: str, url: str) -> None:
    assert unsurt(key, scheme=scheme) == url


def test_unsurt_without_a_host_end() -> None:
    with pytest.raises(urikit.URIError) as info:
        unsurt("com,example/a")
    assert (info.value.reason, info.value.component, info.value.position) == (
        "missing-separator",
        "host",
        13,
    )


@pytest.mark.parametrize(
    "options", [{}, {"with_scheme": True}, {"with_scheme": True, "trailing_comma": True}]
)
def test_unsurt_undoes_surt_on_the_corpus(options: dict[str, bool]) -> None:
    kept = 0
    for url in _corpus():
        try:
            key = urikit.surt(url, **options)
        except urikit.URIError:
            continue
        scheme = "https" if url[:6].lower() == "https:" else "http"
        if "?" in key.partition("?")[2] or key.endswith("?"):
            continue  # a "?" decoded into the path: the key cannot tell it apart
        assert urikit.surt(unsurt(key, scheme=scheme), **options) == key, url
        kept += 1
    assert kept > 4000
