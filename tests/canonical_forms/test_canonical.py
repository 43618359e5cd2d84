"""Canonical forms: Safe Browsing's published vectors, urlcanon and surt on the corpus,
one-pass unescaping, linear time on hostile input."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote_to_bytes

import pytest
from canonical_references import SAFE_BROWSING_DOC
from growth import LIMIT, scaled
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from spark_session import local_spark

import urikit
from urikit.canonicalization import (
    PROFILES,
    canonical,
    safe_browsing_expressions,
    unescape_all,
    unsurt,
)

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "urls.txt"


@pytest.mark.parametrize(("url", "expected"), SAFE_BROWSING_DOC)
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
        # A delimiter unescaped in the host or path stays escaped (urlcanon and
        # Safe Browsing's page), so that the canonical URL reads back as the same
        # host and path; Safe Browsing's client unescapes the whole URL first.
        ("http://a%2fb/c", "semantic", "http://a%2Fb/c"),
        ("http://a%3ab%40c/", "semantic", "http://a%3Ab%40c/"),
        ("http://a%3ab%40c/", "safe-browsing", "http://c/"),
        ("http://a%2fb/c", "safe-browsing", "http://a/b/c"),
        ("http://h/.%3f.", "safe-browsing", "http://h/?."),
        ("http://h/.%3f.", "semantic", "http://h/.%3F."),
        ("http://h/a%5cb/../c", "semantic", "http://h/a/c"),
        ("foo:%2f%2fh/x", "semantic", "foo:/.//h/x"),
        ("foo://h/a//", "aggressive", "foo://h/a"),
        ("http://[::1]?b&%5B", "semantic", "http://[::1]/?[&b"),
        ("file:///x", "semantic", "file:///x"),
        # The classes of the references' behaviour (docs/canonical.md).
        ("http%3A%2F%2Fwackyurl.com:80/", "safe-browsing", "http://wackyurl.com/"),
        ("http://@ho@st/a/b", "semantic", "http://st/a/b"),
        ("http://u@v@h:8/x", "safe-browsing", "http://h/x"),
        ("file:a/b", "semantic", "file:///a/b"),
        ("gopher:example.com/", "semantic", "gopher://example.com/"),
        ("gopher://foo:70/", "semantic", "gopher://foo/"),
        ("http://[2001:0DB8:0:0:0:0:0:1]/", "semantic", "http://[2001:db8::1]/"),
        ("http://[2001:0DB8:0:0:0:0:0:1]/", "safe-browsing", "http://[2001:db8::1]/"),
        ("foo://[1:0:0:0:0:0:0:2]:80/", "semantic", "foo://[1::2]:80/"),
        ("http://%2e/a", "semantic", "http://0.0.0.0/a"),
        ("sc://Ex%41mple.COM/", "semantic", "sc://ExAmple.COM/"),
        ("telnet://h:23/", "semantic", "telnet://h:23/"),
        ("nonspecial:%2e%2e/a", "semantic", "nonspecial:../a"),
        ("http://a/b?a=%26&b=%3d", "semantic", "http://a/b?a=%26&b=%3D"),
    ],
)
def test_crawler_profiles(url: str, profile: str, expected: str) -> None:
    assert canonical(url, profile) == expected
    assert canonical(expected, profile) == expected


# One host, one key: a host's U-label, its case and its A-label give the same
# form (UTS #46 through the idna package; IDNA 2003 for SURT, as the package).
@pytest.mark.parametrize(
    "host",
    [
        "b\u00fccher.example",
        "B\u00dcCHER.example",
        "xn--bcher-kva.example",
        "XN--BCHER-KVA.example",
        "b%C3%BCcher.example",
    ],
)
def test_one_host_one_key(host: str) -> None:
    url = f"http://{host}/"
    for profile in ("safe-browsing", "semantic", "aggressive"):
        assert canonical(url, profile) == "http://xn--bcher-kva.example/", profile
    assert urikit.surt(url) == "example,xn--bcher-kva)/"


# Where Safe Browsing's Go client refuses a URL ("missing hostname", "invalid
# path": no "//" after the scheme), the profile raises; positions are the input's.
@pytest.mark.parametrize(
    ("url", "reason", "position"),
    [
        ("/blah", "empty-component", 0),
        ("http:///blah", "empty-component", 7),
        ("http://?query#ref", "empty-component", 7),
        ("#ref", "empty-component", 0),
        ("mailto:bryner@google.com", "missing-separator", 7),
        ("http:www.google.com:8080/foo.html", "missing-separator", 5),
        ("http://[::1/", "unterminated-ip-literal", 11),
        ("  http://u@:80/", "empty-component", 11),
        ("http://%2E%2e/", "empty-component", 7),
        (" %68ttp://\u00e9:8x/", "invalid-char", 13),
        ("http://h:8x/", "invalid-char", 10),
        ("http://\u00e9\u00e9/%25" + "25" * 1100 + "41", "bad-value", 0),
    ],
)
def test_safe_browsing_refuses(url: str, reason: str, position: int) -> None:
    with pytest.raises(urikit.URIError) as info:
        canonical(url, "safe-browsing")
    assert (info.value.reason, info.value.position, info.value.text) == (reason, position, url)


# A special URL but file with no host: RFC 3986 section 3.2.2 (http "considers a
# missing authority or empty host invalid") and the WHATWG URL Standard
# (host-missing) reject it. urlcanon writes "http:///x", which reads back as the
# host "x". A host of dots is urlcanon's IPv4 address 0.0.0.0 (its parse_ipv4).
@pytest.mark.parametrize(
    ("url", "position"),
    [
        (":/0", 0),
        ("http://:80/", 7),
        ("http://u@/x", 9),
        ("  http://u@/x", 11),
        ("\u00e9@:80/", 2),
        ("http://", 7),
        ("ws://.....", 5),
    ],
)
@pytest.mark.parametrize("profile", ["semantic", "aggressive"])
def test_empty_host(url: str, position: int, profile: str) -> None:
    with pytest.raises(urikit.URIError) as info:
        canonical(url, profile)
    error = info.value
    assert (error.reason, error.component, error.position, error.text) == (
        "empty-component",
        "host",
        position,
        url,
    )
    assert str(error) == f"empty host at position {position}"


def test_error_positions_are_the_inputs() -> None:
    # a leading space, a tab and two-byte characters before the port
    url = " \u00e9h\t\u00e9:8x/"
    for profile in ("safe-browsing", "semantic"):
        with pytest.raises(urikit.URIError) as info:
            canonical(url, profile)
        assert (info.value.component, info.value.position, info.value.text) == ("port", 7, url)
    with pytest.raises(urikit.URIError) as info:
        urikit.surt(url)
    assert (info.value.component, info.value.position) == ("port", 7)


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_empty_input(text: str) -> None:
    for profile in PROFILES:
        if profile == "rfc3986" and text:
            continue  # normalize raises for white space (invalid characters)
        with pytest.raises(urikit.URIError) as info:
            canonical(text, profile)
        assert str(info.value) == "empty host at position 0"
    with pytest.raises(urikit.URIError) as info:
        urikit.surt(text)
    assert str(info.value) == "empty host at position 0"


@pytest.mark.parametrize("profile", ["safe-browsing", "rfc3986"])
def test_options_a_profile_ignores_are_refused(profile: str) -> None:
    with pytest.raises(ValueError, match=f"keep_fragment is not an option of the '{profile}'"):
        canonical("http://a/b#c", profile, keep_fragment=True)


def test_keep_fragment() -> None:
    assert canonical("http://a/b#c#d%zz", "semantic", keep_fragment=True) == "http://a/b#c%23d%25zz"
    # A backslash is a slash before the query or the fragment only.
    assert canonical("http://a\\b#c\\d", "semantic", keep_fragment=True) == "http://a/b#c\\d"
    assert canonical("http://a/B/#c", "aggressive", keep_fragment=True) == "http://a/b#c"


def test_huge_ports_never_reach_int() -> None:
    url = "http://h:" + "1" * 5000 + "/x"
    assert canonical(url, "safe-browsing") == "http://h/x"  # the client drops any port
    assert canonical(url, "semantic") == url  # urlcanon keeps it as written
    with pytest.raises(urikit.URIError) as info:
        urikit.surt(url)  # the package refuses a port above 65535
    assert (info.value.reason, info.value.component, info.value.position) == (
        "bad-value",
        "port",
        9,
    )
    assert str(info.value) == "invalid port: a number above 65535 at position 9"
    with pytest.raises(urikit.URIError):
        urikit.surt("http://h:65536/")
    assert urikit.surt("http://h:65535/") == "h:65535)/"


# Pieces that make URLs: delimiters, escapes of delimiters, dots, hex digits,
# ports, session ids, ASP.NET segments.
_URL_PIECES = st.sampled_from(
    [
        *":/?#[]@%.\\&=;~ \t\x00\x7f()é€0aAfFwW1259",
        "%2f",
        "%3a",
        "%3f",
        "%40",
        "%5b",
        "%5c",
        "%2e",
        "%25",
        "%23",
        ":80",
        ":443",
        ":8080",
        ":",
        "www.",
        "www2.",
        ".aspx",
        ".ASPX",
        ";jsessionid=0123456789abcdef0123456789abcdef",
        "(abcdefghijklmnopqrstuvwx)/",
        "(a(abcdefghijklmnopqrstuvwx))/",
        "jsessionid=0123456789abcdef",
        "cfid=1&cftoken=x",
        "CFTOKEN=x&CFID=2",
        "sid=0123456789abcdef0123456789abcdef",
        "&&",
    ]
)
_URLISH = st.one_of(
    st.text(max_size=40),
    st.lists(_URL_PIECES, max_size=25).map("".join),
    st.tuples(
        st.sampled_from(
            [
                "http:",
                "https://",
                "HTTPS://www.",
                "file:",
                "file://",
                "foo:",
                "foo://",
                "//",
                "",
                "gopher:",
            ]
        ),
        st.lists(_URL_PIECES, max_size=20).map("".join),
    ).map("".join),
)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_URLISH)
@example("https://example.com:80/")
@example("http://h/(abcdefghijklmnopqrstuvwx)/a.aspx/")
@example("http://h/x;jsessionid=0123456789abcdef0123456789abcdef/")
@example("http://h/?cfid=1&cfid=2&cftoken=a&cftoken=b")
@example("http://www.www.h/")
@example("....0")
def test_no_crash_and_idempotent(text: str) -> None:
    for profile, keep_fragment in (
        ("safe-browsing", False),
        ("semantic", False),
        ("semantic", True),
        ("aggressive", False),
        ("aggressive", True),
        ("rfc3986", False),
    ):
        try:
            once = canonical(text, profile, keep_fragment=keep_fragment)
        except urikit.URIError:
            continue
        assert canonical(once, profile, keep_fragment=keep_fragment) == once, profile


def test_aggressive_idempotent_cases() -> None:
    # urlcanon gives the first answer, and another one for it (docs/canonical.md)
    for url, expected in (
        ("https://example.com:80/", "http://example.com/"),
        ("http://h/(abcdefghijklmnopqrstuvwx)/a.aspx/", "http://h/a.aspx"),
        ("http://h/x;jsessionid=0123456789abcdef0123456789abcdef/", "http://h/x"),
        ("http://h/?cfid=1&cfid=2&cftoken=a&cftoken=b&z", "http://h/?z"),
        ("http://www.www2.h/", "http://h/"),
        ("http://h/?jsessionid=0123456789abcdef&sid=0123456789abcdef", "http://h/"),
    ):
        assert canonical(url, "aggressive") == expected, url


def _corpus() -> list[str]:
    if not CORPUS.exists():
        pytest.skip("no corpus at ../shared/corpus/urls.txt")
    return CORPUS.read_text(encoding="utf-8", errors="surrogateescape").splitlines()[:5000]


#: The canonical forms' hostile inputs (bench/linear.py has the same shapes):
#: nested and repeated "%25", dot segments, dots in the host, a long host, a
#: query of session-id-like "cfid=" (quadratic in the surt package's regular
#: expressions) and a path of ASP.NET-session-like segments.
HOSTILE: tuple[tuple[str, str, str], ...] = (
    ("http://h/", "%25", ""),
    ("http://h/%", "25", ""),
    ("http://h/", "../", ""),
    ("http://h", ".", "/"),
    ("http://", "a.", "/"),
    ("http://h/", "%2", "5"),
    ("http://h/?", "cfid=", ""),
    ("http://h", "/(abcdefghijklmnopqrstuvwx)", ""),
    ("http://h/", ";jsessionid=0123456789abcdef0123456789abcdef/", ""),
    ("http://h/?", "cfid=1&cfid=2&cftoken=a&", ""),
)


@pytest.mark.timing
@pytest.mark.parametrize(("head", "piece", "tail"), HOSTILE)
@pytest.mark.parametrize("form", ["safe-browsing", "semantic", "aggressive", "surt"])
def test_linear_on_hostile_input(head: str, piece: str, tail: str, form: str) -> None:
    """20 times the input may cost at most 36 times the time (quadratic gives 400)."""

    def run(text: str) -> object:
        try:
            return urikit.surt(text) if form == "surt" else canonical(text, form)
        except urikit.URIError as exc:
            return exc

    def make(n: int) -> str:
        return head + piece * (n // len(piece)) + tail

    assert scaled(run, make, largest=400_000) <= LIMIT, piece


def test_profiles_listed() -> None:
    assert PROFILES == ("safe-browsing", "semantic", "aggressive", "rfc3986")


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
    # an option the profile does not take is a usage error, not ignored
    for extra in (["--profile", "safe-browsing"], ["--profile", "rfc3986"], ["--expressions"]):
        with pytest.raises(SystemExit) as info:
            main(["canonical", "--keep-fragment", *extra, "http://a/#b"])
        assert info.value.code == 2
        assert "argument --keep-fragment: not allowed with" in capsys.readouterr().err


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


def _reference_rows() -> list[str | None]:
    """The references' inputs, some corpus lines and a null: rows for the columns."""
    import canonical_references as refs

    rows: list[str | None] = [None]
    for table in (
        refs.SAFE_BROWSING_DOC,
        refs.SAFE_BROWSING_GO_CANONICAL_URL,
        refs.URLCANON_SEMANTIC_PRECISE,
        refs.URLCANON_AGGRESSIVE,
        refs.SURT_PACKAGE,
    ):
        rows.extend(case[0] for case in table)
    if CORPUS.exists():
        rows.extend(
            CORPUS.read_text(encoding="utf-8", errors="surrogateescape").splitlines()[:2000]
        )
    # the columns hold UTF-8: a row with a lone surrogate cannot be one
    return [r for r in rows if r is None or not re.search("[\ud800-\udfff]", r)]


def test_columns_equal_the_scalar_functions() -> None:
    pa = pytest.importorskip("pyarrow")
    from urikit import arrow

    rows = _reference_rows()
    for profile, keep in (
        *((p, False) for p in PROFILES),
        ("semantic", True),
        ("aggressive", True),
    ):
        got = arrow.canonical(pa.array(rows), profile, keep_fragment=keep).to_pylist()
        scalar = functools.partial(canonical, profile=profile, keep_fragment=keep)
        assert got == _expected(scalar, rows), profile
    assert arrow.surt(pa.array(rows)).to_pylist() == _expected(urikit.surt, rows)
    got = arrow.surt(pa.array(rows, pa.large_string()), with_scheme=True).to_pylist()
    assert got == _expected(lambda t: urikit.surt(t, with_scheme=True), rows)
    duckdb = pytest.importorskip("duckdb")
    from urikit import duckdb as uduckdb

    con = duckdb.connect()
    uduckdb.register(con)
    con.execute("CREATE TABLE t (i INTEGER, u VARCHAR)")
    con.executemany("INSERT INTO t VALUES (?, ?)", list(enumerate(rows)))
    out = con.sql(
        "SELECT uri_canonical(u, 'safe-browsing'), uri_canonical(u, 'aggressive'), uri_surt(u)"
        " FROM t ORDER BY i"
    ).fetchall()
    assert [r[0] for r in out] == _expected(lambda t: canonical(t, "safe-browsing"), rows)
    assert [r[1] for r in out] == _expected(lambda t: canonical(t, "aggressive"), rows)
    assert [r[2] for r in out] == _expected(urikit.surt, rows)


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


def test_spark_canonical_and_surt() -> None:
    pytest.importorskip("pyarrow")
    with local_spark("urikit-canonical-tests") as session:
        from urikit import spark as uspark

        df = session.createDataFrame([(r,) for r in ROWS], "u string")
        out = uspark.surt(uspark.canonical(df, "u", "aggressive"), "u").collect()
        assert [r["u_canonical"] for r in out] == _expected(
            lambda t: canonical(t, "aggressive"), ROWS
        )
        assert [r["u_surt"] for r in out] == _expected(urikit.surt, ROWS)


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
