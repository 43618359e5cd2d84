"""The cheap paths of :func:`urikit.security.check` give exactly the
reports of the full analysis, in each build (the ``build`` fixture):

* ``check(text)`` (in the C build, the default policy's cheap path in C; more in
  tests/security/test_check_nothing_to_report.py) against the Python path, which
  an explicit ``Policy()`` takes, and against the full analysis
  (``_check._check``, no cheap path at all);
* ``_whatwg_agrees`` (skipping the comparison with the WHATWG reading) against
  always comparing: run with and without the ``[whatwg]`` extra; without it
  ``_whatwg`` compares nothing and both sides are trivially equal.

Checked on the corpus and on Hypothesis references built to hit the edges: special
and other schemes, ports (empty, leading zeros, above 65535), IPv4 and IPv6
hosts, paths with dot segments and percent-encoded dots, slashes and UTF-8.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
import strategies as gen
from _twins import Build
from hypothesis import given, settings
from hypothesis import strategies as st

from urikit.security import Finding, Policy, check
from urikit.security import _check as check_module

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "urls.txt"
try:
    import ada_url  # noqa: F401

    HAS_ADA = True
except ImportError:
    HAS_ADA = False


def _corpus() -> list[str]:
    if not CORPUS.is_file():
        pytest.skip("no shared corpus beside the checkout")
    text = CORPUS.read_text(encoding="utf-8", errors="surrogateescape")
    return [line for line in text.splitlines() if line]


@contextmanager
def _always_compared(module: Any) -> Iterator[None]:
    """check() with every special-scheme reference compared with the WHATWG reading
    (``module``: a build's ``urikit.security._check``)."""
    saved = module._whatwg_agrees
    module._whatwg_agrees = lambda *args: False
    try:
        yield
    finally:
        module._whatwg_agrees = saved


@contextmanager
def _python_calls() -> Iterator[list[str]]:
    """The texts for which the Python ``check`` ran (C handed the call over)."""
    calls: list[str] = []

    def hook(frame: FrameType, event: str, arg: object) -> None:
        code = frame.f_code
        if event == "call" and code.co_name == "check" and code.co_filename.endswith("_check.py"):
            calls.append(frame.f_locals["text"])

    sys.setprofile(hook)
    try:
        yield calls
    finally:
        sys.setprofile(None)


def _full(build: Build, text: str) -> tuple[Any, ...]:
    """The report of the full analysis (no cheap path), as a plain tuple."""
    security, check_module = build["urikit.security"], build["urikit.security._check"]
    try:
        ref = build.urikit.parse(text)
    except build.urikit.URIError:
        return tuple(security.check(text, policy=security.Policy()))  # invalid or an IRI
    return tuple(check_module._check(text, ref, ref._sp, security.Policy(), False, None))


def _same(build: Build, text: str) -> None:
    """``check(text)`` (C's cheap path in the C build) is the Python path's report,
    with and without the WHATWG skip, and the full analysis'."""
    security, check_module = build["urikit.security"], build["urikit.security._check"]
    fast = security.check(text)
    # an explicit Policy() takes the Python path (C answers only check(text))
    assert security.Policy() == build["urikit.security._policy"]._DEFAULT_POLICY
    assert tuple(security.check(text, policy=security.Policy())) == tuple(fast)
    with _always_compared(check_module):
        slow = security.check(text, policy=security.Policy())
    assert isinstance(fast, security.Report)
    assert tuple(fast) == tuple(slow), text
    assert fast.findings == slow.findings
    assert fast.uri == slow.uri
    assert tuple(fast) == _full(build, text), text


_SEGMENTS = st.sampled_from(
    ["a", "", ".", "..", "%2e", "%2E", ".%2e", "%2e%2E", "%41", "%2f", "%5C", "%C3%A9", "x%20y"]
) | st.text(alphabet="az09-._~!$&'()*+,;=:@", max_size=4)

_PORTS = st.one_of(
    st.just(""),
    gen.port,
    st.sampled_from(["80", "443", "21", "0", "00080", "000080", "65535", "65536", "99999"]),
    st.integers(0, 10**7).map(str),
)

_HOSTS = st.one_of(
    gen.host,
    st.sampled_from(
        [
            "example.org",
            "Example.ORG.",
            "127.0.0.1",
            "10.0.0.1",
            "0x7f.1",
            "2130706433",
            "localhost",
            "a.localhost",
            "169.254.169.254",
            "xn--bcher-kva.example",
            "[::1]",
            "[::ffff:1.2.3.4]",
            "h_1.example",
            "a-.example",
            "",
        ]
    ),
)


@st.composite
def _special_references(draw: st.DrawFn) -> str:
    scheme = draw(st.sampled_from(["http", "HTTPS", "ws", "wss", "ftp", "file", "mailto", "x"]))
    host = draw(_HOSTS)
    port = draw(st.none() | _PORTS)
    path = "".join("/" + s for s in draw(st.lists(_SEGMENTS, max_size=4)))
    query = draw(st.none() | st.sampled_from(["", "a=%41", "q=%2e"]))
    authority = host if port is None else f"{host}:{port}"
    text = f"{scheme}://{authority}{path}"
    return text if query is None else f"{text}?{query}"


_EDGE_SCHEMES = st.sampled_from(
    ["http", "HTTPS", "ftp", "x-y", "data", "DATA", "file", "javascript", "JavaScript",
     "vbscript", "livescript", "mocha", "datax", "fil"]
)  # fmt: skip

_EDGE_NAMES = st.from_regex(
    r"([a-zA-Z0-9-]{1,8}\.){0,3}[a-zA-Z][a-zA-Z0-9-]{0,6}\.?", fullmatch=True
)

_EDGE_HOSTS = st.one_of(
    _EDGE_NAMES,
    _EDGE_NAMES,
    st.from_regex(r"[a-zA-Z0-9-]{1,8}(\.[a-zA-Z0-9-]{1,6}){0,3}", fullmatch=True),
    gen.host,
    st.sampled_from(
        [
            "example.org", "Example.ORG", "example.org.", "a.b-c.d", "a--b.org", "xn--a.org",
            "XN--bcher-kva.example", "a.Xn--p1ai", "axn--b.org", "xn-.org", "-xn--", "xn--",
            "localhost", "LOCALHOST", "localhost.", "a.localhost", "notlocalhost", "localhostx",
            "metadata.goog", "METADATA.GOOG", "metadata.google.internal", "instance-data",
            "instance-data.ec2.internal", "xmetadata.goog", "1.2.3.4", "1.2.3.a", "a.1b", "a.b1",
            "0x7f.1", "[::1]", "[v1.a]", "ex%41mple.org", "a.%41", "h_1.example", "a", "Z",
        ]
    ),
)  # fmt: skip

_EDGE_PCT = st.one_of(
    st.sampled_from(
        ["%2e", "%2E", "%2f", "%2F", "%5c", "%5C", "%7f", "%7F", "%00", "%0d", "%1F", "%80",
         "%C3%A9", "%e2%80%ae", "%20", "%41", "%7e", "%3F", "%60", "%6F", "%7A",
         # UTF-8: Hebrew and Arabic letters (right-to-left), ALM and LRM (bidi
         # formatting), a slash and a full-width solidus (look-alikes), Han, an
         # emoji (not in the BMP), C1 NEL, ZWJ; and no UTF-8: an overlong ".", a
         # surrogate, a lone lead and a lone continuation octet
         "%D7%98", "%d8%a7", "%D8%9C", "%E2%80%8E", "%E2%88%95", "%EF%BC%8F", "%E4%BA%8C",
         "%F0%9F%98%80", "%C2%85", "%E2%80%8D", "%C0%AE", "%ED%A0%80", "%C3", "%A9",
         # right-to-left runs: Hebrew, Arabic, a Hebrew letter with a point (a
         # mark, no letter), a presentation form (U+FB2A), Cypriot (not in the BMP)
         "%D7%98%D7%99", "%D8%A7%D9%84%D8%B1", "%D7%91%D6%B0", "%EF%AC%AA", "%F0%90%A0%80",
         # invisible: ZWSP, a soft hyphen, a BOM, a variation selector, a tag, a
         # Hangul filler (a letter to unicodedata), a joiner after a virama
         "%E2%80%8B", "%C2%AD", "%EF%BB%BF", "%EF%B8%8F", "%F3%A0%81%81", "%E3%85%A4",
         "%E0%A4%95%E0%A5%8D%E2%80%8D"]
    ),
    st.integers(0, 255).map(lambda b: f"%{b:02X}"),
    st.integers(0, 255).map(lambda b: f"%{b:02x}"),
)  # fmt: skip

_EDGE_PIECES = st.lists(
    st.one_of(
        _EDGE_PCT, st.sampled_from(["a", "/", ".", "..", "/.", "./", "-", "x", "=", "&", ";"])
    ),
    max_size=6,
).map("".join)


@st.composite
def _edge_references(draw: st.DrawFn) -> str:
    def now_and_then(of: st.SearchStrategy[str]) -> str | None:
        # one draw in eight (a middle value: Hypothesis favours the ends)
        return draw(of) if draw(st.integers(1, 8)) == 4 else None

    scheme = draw(st.none() | _EDGE_SCHEMES)
    userinfo = now_and_then(st.sampled_from(["", "u", "u:p"]))
    host = draw(_EDGE_HOSTS)
    port = now_and_then(st.sampled_from(["0", "80", "8080", "443", "65536", "000080"]))
    port = "" if port is None and draw(st.booleans()) else port
    path = draw(_EDGE_PIECES)
    if path and not path.startswith("/"):
        path = "/" + path
    query = draw(st.none() | _EDGE_PIECES)
    fragment = draw(st.none() | _EDGE_PIECES)
    text = f"{scheme}:" if scheme is not None else ""
    text += "//" + (f"{userinfo}@" if userinfo is not None else "") + host
    text += f":{port}" if port is not None else ""
    text += path
    text += f"?{query}" if query is not None else ""
    text += f"#{fragment}" if fragment is not None else ""
    poison = now_and_then(st.sampled_from(["é", "%", " ", "#", "\x00", "\ud800"]))
    if poison is not None:  # no URI, or another one
        at = draw(st.integers(0, len(text)))
        text = text[:at] + poison + text[at:]
    return text


@settings(max_examples=1000, deadline=None)
@given(st.one_of(_special_references(), _edge_references()))
def test_cheap_paths_give_the_full_report(build: Build, text: str) -> None:
    _same(build, text)


@settings(max_examples=300, deadline=None)
@given(st.one_of(gen.uri_references().map(lambda g: g.text), gen.mutated(), gen.arbitrary_text()))
def test_cheap_paths_on_any_text(build: Build, text: str) -> None:
    _same(build, text)


def test_cheap_paths_on_the_corpus(build: Build) -> None:
    urls = _corpus()
    if build.name == "c":
        with _python_calls() as calls:
            for text in urls:
                build["urikit.security"].check(text)
        # C answers nearly every line (what makes the equality below say something)
        assert len(calls) < len(urls) / 100, len(calls)
    for text in urls:
        _same(build, text)


@pytest.mark.skipif(not HAS_ADA, reason="the [whatwg] extra (ada-url) is not installed")
def test_the_skip_is_taken_and_would_find_nothing() -> None:
    """Lines the skip applies to do reach it (so the equality above is not vacuous)."""
    urls = [u for u in _corpus() if "%" in u or "://127." in u] + [
        "http://example.org:8080/a%41/b",
        "https://127.0.0.1:443/x",
        "ws://h:0/%C3%A9",
    ]
    taken = []
    saved = check_module._whatwg_agrees

    def spy(text: str, sp: tuple[tuple[int, int], ...], named: bool) -> bool:
        agrees = saved(text, sp, named)
        if agrees:
            taken.append(text)
        return agrees

    check_module._whatwg_agrees = spy
    try:
        for text in urls:
            check(text)
    finally:
        check_module._whatwg_agrees = saved
    assert len(taken) >= 3


def test_an_ipvfuture_host_is_not_a_plain_name() -> None:
    """ "[v0.A]" ends in "A]", which once passed for a host name's last label: the
    WHATWG comparison and the host checks were skipped for it."""
    codes = [f.code for f in check("http://[v0.A]/").findings]
    assert ("whatwg-differs" in codes) is HAS_ADA


def test_whatwg_agrees_refuses_what_the_whatwg_reads_otherwise() -> None:
    from urikit import parse

    def agrees(text: str) -> bool:
        ref = parse(text)
        return check_module._whatwg_agrees(text, ref._sp, True)

    assert agrees("http://h:8080/a%41")
    assert not agrees("http://h:65536/")  # the WHATWG rejects the port
    assert not agrees("http://h:000080/")  # more than five digits: left to ada
    assert not agrees("http://h/a/%2e/b")  # a dot to the WHATWG
    assert not agrees("http://h/a/%2E%2e/b")
    assert not agrees("http://h/a/./b")


# --- what the cheap paths assume --------------------------------------------------------


def _percent_findings(text: str) -> list[tuple[str, int]]:
    from urikit import iri, parse
    from urikit.errors import URIError
    from urikit.security._percent import _check_percent_runs
    from urikit.security._policy import _Found

    try:
        ref = parse(text)
    except URIError:
        ref = iri.parse(text)
    found = _Found(Policy())
    _check_percent_runs(found, text, ref._sp)
    return [(f.code, f.start) for f in found.items]


_PCT = st.integers(0, 255).map(lambda b: f"%{b:02X}") | st.integers(0, 255).map(
    lambda b: f"%{b:02x}"
)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.one_of(_PCT, st.sampled_from(["a", "/", ".", "..", "?", "é"])), max_size=8))
def test_a_reference_without_a_notable_octet_has_no_percent_finding(pieces: list[str]) -> None:
    """_check_percent reads the runs only when an octet may give a finding: without
    one, reading them finds nothing (controls, UTF-8, bidi, dots, delimiters)."""
    from urikit.security._percent import _NOTABLE_PCT_RE

    text = "http://h/" + "".join(pieces)
    if _NOTABLE_PCT_RE.search(text) is None:
        assert _percent_findings(text) == []
    else:
        _percent_findings(text)  # reads without error either way


def test_every_notable_octet_is_seen() -> None:
    from urikit.security._percent import _NOTABLE_PCT_RE

    for byte in range(256):
        text = f"http://h/a%{byte:02X}b%{byte:02x}"
        if _percent_findings(text) or _percent_findings(f"http://h/%{byte:02X}"):
            assert _NOTABLE_PCT_RE.search(text), hex(byte)


def test_ascii_is_latin_and_left_to_right() -> None:
    """iri._display's ASCII shortcuts: every ASCII letter's script is Latin, and no
    ASCII character is right-to-left."""
    import string
    import unicodedata

    from urikit.iri._display import _LATIN, _label_scripts, _script

    assert {_script(c) for c in string.ascii_letters} == {_LATIN}
    assert {_script(c) for c in string.digits + "-._~"} == {None}
    assert not any(unicodedata.bidirectional(chr(i)) in ("R", "AL") for i in range(128))
    assert _label_scripts("a-1") == {_LATIN}
    assert _label_scripts("1-2") == set()


def _display_findings(text: str) -> list[str]:
    """The findings of what _check skips where _shows_plainly holds: the display
    checks and the invisible characters."""
    from urikit import parse
    from urikit.security._display import _check_shown
    from urikit.security._policy import _Found

    found = _Found(Policy())
    _check_shown(found, text, parse(text)._sp)
    return [f.code for f in found.items]


def _encoded(chars: str) -> str:
    return "".join(f"%{b:02X}" for b in chars.encode("utf-8", "surrogatepass"))


_SHOWN_CHARS = st.one_of(
    st.characters(min_codepoint=0x80, max_codepoint=0x2FFFF, exclude_categories=["Cs"]),
    st.sampled_from(
        list(
            "éжא\u0627\u202e\u2066\u200f\u2215\uff0f\uff1f\u2024\u3002\uff0e\u00bd\u2100二ß"
            "\u200b\u200d\u00ad\ufe0f\u3164"  # invisible
        )
    ),
    st.sampled_from(["a", "-", "%"]),
)


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.lists(_SHOWN_CHARS, max_size=4).map("".join), min_size=1, max_size=4),
    st.sampled_from(["/p/", "/p?q=", "/#", "/a;b="]),
    st.booleans(),
)
def test_a_reference_that_shows_plainly_has_no_display_finding(
    runs: list[str], where: str, raw: bool
) -> None:
    """_check skips the display checks where _shows_plainly holds: they would find
    nothing there. ``raw`` also writes an ASCII run between the encoded ones."""
    from urikit.security._check import _shows_plainly

    glue = "x" if raw else ""
    text = "http://example.org" + where + glue.join(_encoded(r) for r in runs)
    if _shows_plainly(text, len("http://example.org")):
        assert _display_findings(text) == []


def test_shows_plainly_on_the_corpus_and_its_refusals() -> None:
    from urikit import URIError, parse
    from urikit.core._parser import HOST_SPAN
    from urikit.security._check import _shows_plainly

    start = len("http://h")
    seen = 0
    for text in [u for u in _corpus() if "%" in u and u.isascii()]:
        try:
            ref = parse(text)
        except URIError:
            continue
        h1 = ref._sp[HOST_SPAN][1]
        if ref.host and ref.host.isascii() and _shows_plainly(text, h1):
            seen += 1
            assert _display_findings(text) == [], text
    assert seen > 0
    for refused in ["\u05d0", "\u0627", "\u2215", "\uff0f", "\u2024"]:  # R, AL, slash, /, .
        assert not _shows_plainly("http://h/" + _encoded(refused), start)
    assert not _shows_plainly("http://h/%C3", start)  # not UTF-8
    assert _shows_plainly("http://h/%E4%BA%8C%C3%A9", start)


# --- the memos and shortcuts of the full analysis ----------------------------


def _reference_pieces(text: str, a: int, b: int, seps: str) -> list[tuple[int, str]]:
    """iri._display._pieces as it was: one character at a time."""
    out: list[tuple[int, str]] = []
    start = a
    for i in range(a, b + 1):
        if i == b or text[i] in seps:
            out.append((start, text[start:i]))
            start = i + 1
    return out


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab/;.:&=\u3002\uff0e\uff61é", max_size=12), st.data())
def test_pieces_split_as_one_character_at_a_time(text: str, data: st.DataObject) -> None:
    from urikit.iri._display import _LABEL_SEPS, _pieces

    a = data.draw(st.integers(0, len(text)))
    b = data.draw(st.integers(a, len(text)))
    for seps in (":", _LABEL_SEPS, "/;.", "&=;", "/"):
        assert _pieces(text, a, b, seps) == _reference_pieces(text, a, b, seps)


_DISPLAY_CHARS = st.one_of(
    st.characters(min_codepoint=0x80, max_codepoint=0x2FFFF, exclude_categories=["Cs"]),
    st.sampled_from(list("\u05d0\u0627\u2215\uff0f\u3002\uff0e\uff61\u00bd\u200e\u202e\u2066")),
    st.sampled_from(list("a/;.:&=?#")),
)


def _reference_display_warnings(text: str) -> list[tuple[str, str, int, str]]:
    """iri.display_warnings as it was: every character looked up, no memo."""
    import unicodedata

    from urikit.iri import _display as d
    from urikit.iri._syntax import HOST_SPAN, iri_split

    sp = iri_split(text)
    assert sp is not None
    out: list[tuple[str, str, int, str]] = []
    h0, h1 = sp[HOST_SPAN]
    if h0 >= 0 and not text.startswith("[", h0):
        for pos, label in _reference_pieces(text, h0, h1, d._LABEL_SEPS):
            scripts = d._label_scripts(label)
            if d._mixed(scripts):
                why = f"the label {label!r} mixes scripts: {', '.join(sorted(scripts))}"
                out.append(("mixed-script", "host", pos, why))
            if label[:4].lower() == "xn--":
                out.append(
                    ("invalid-a-label", "host", pos, f"{label!r} is not a valid IDNA A-label")
                )
    for group, component, seps in d._GROUPS:
        a, b = sp[group]
        if a < 0 or text[a:b].isascii():
            continue
        for pos, piece in _reference_pieces(text, a, b, seps):
            classes = [unicodedata.bidirectional(c) for c in piece]
            rtl = [c in ("R", "AL") for c in classes]
            if not any(rtl):
                continue
            if "L" in classes:
                why = f"{piece!r} mixes right-to-left and left-to-right letters"
                out.append(("bidi", component, pos, why))
            elif not (rtl[0] and rtl[-1]):
                why = f"{piece!r} has right-to-left letters but does not start and end with one"
                out.append(("bidi", component, pos, why))
        for i in range(a, b):
            ch = text[i]
            if ch.isascii():
                continue
            lookalike = ch in d._SLASH_LIKE or (component == "host" and ch in d._HOST_DOTS)
            if lookalike or d._DELIMITERS & set(unicodedata.normalize("NFKC", ch)):
                why = f"U+{ord(ch):04X} {unicodedata.name(ch, '')} looks like a delimiter"
                out.append(("delimiter-lookalike", component, i, why))
    out.sort(key=lambda w: w[2])
    return out


@settings(max_examples=500, deadline=None)
@given(
    st.lists(_DISPLAY_CHARS, max_size=10).map("".join),
    st.lists(_DISPLAY_CHARS, max_size=6).map("".join),
    st.booleans(),
)
def test_display_warnings_as_without_memos(chars: str, label: str, clear: bool) -> None:
    """display_warnings (its memos filled by earlier examples, or emptied) warns as
    it did when it looked every character up; _check_display's reading of it and
    from_uri is what for_display gives."""
    from urikit import iri
    from urikit.errors import URIError
    from urikit.iri import _conversion, _display

    if clear:
        for memo in (_display._LEARNT, _display._NOT_RTL, _display._NOT_LOOKALIKE):
            memo.clear()
            memo.update(map(chr, range(128)))
    for text in (f"http://{chars}/", f"http://a{label}.{label}b/{chars}?{chars}#{chars}"):
        try:
            uri = iri.to_uri(text)
            shown = iri.for_display(uri)
        except URIError:
            continue
        expected = _reference_display_warnings(shown.text)
        got = _display.display_warnings(shown.text)
        assert [(w.kind, w.component, w.position, w.detail) for w in got] == expected, text
        assert list(shown.warnings) == got
        assert _conversion._from_uri(uri, idna=True, display=True) == shown.text
        assert (shown.safe_text if shown.warnings else iri.to_uri(uri)) == iri.to_uri(uri)


def _reference_decode(value: str, in_query: bool, display: bool) -> str:
    """iri._decode_component as it was: octet by octet, no memo."""
    from urikit.iri._conversion import _PCT_RUN_RE, _UNRESERVED_OCTETS, _decodable

    def one_run(m: re.Match[str]) -> str:
        run = m.group()
        data = bytes.fromhex(run.replace("%", ""))
        out: list[str] = []
        i = 0
        while i < len(data):
            b = data[i]
            if b < 0x80:
                out.append(chr(b) if b in _UNRESERVED_OCTETS else run[3 * i : 3 * i + 3])
                i += 1
                continue
            size = 2 if 0xC2 <= b <= 0xDF else 3 if 0xE0 <= b <= 0xEF else 4 if b <= 0xF4 else 0
            ch = ""
            if size and i + size <= len(data):
                try:
                    ch = data[i : i + size].decode("utf-8")
                except UnicodeDecodeError:
                    ch = ""
            if ch and _decodable(ch, in_query, for_display=display):
                out.append(ch)
                i += size
            elif ch:
                out.append("".join(f"%{x:02X}" for x in data[i : i + size]))
                i += size
            else:
                out.append(f"%{b:02X}")
                i += 1
        return "".join(out)

    return _PCT_RUN_RE.sub(one_run, value)


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.one_of(_PCT, _DISPLAY_CHARS.map(_encoded), st.just("x")), max_size=8),
    st.booleans(),
    st.booleans(),
)
def test_decoding_a_run_at_once_is_decoding_it_octet_by_octet(
    pieces: list[str], in_query: bool, display: bool
) -> None:
    from urikit.iri._conversion import _decode_component

    value = "".join(pieces)
    expected = _reference_decode(value, in_query, display)
    assert _decode_component(value, in_query, display) == expected
    assert _decode_component(value, in_query, display) == expected  # from the memo


def _reference_percent_runs(text: str) -> list[tuple[str, str, str, int, int, str]]:
    """What _check_percent_runs finds without its pre-tests (every octet read,
    every path segment decoded)."""
    from urikit import iri, parse
    from urikit.errors import URIError
    from urikit.security import _percent
    from urikit.security._policy import _Found

    try:
        ref = parse(text)
    except URIError:
        ref = iri.parse(text)
    saved = (_percent._CONTROL_PCT_RE, _percent._SEGMENT_PCT_RE)
    anything = re.compile("")  # matches everywhere: the pre-tests always pass
    _percent._CONTROL_PCT_RE = anything  # type: ignore[misc]  # Final, replaced for the test
    _percent._SEGMENT_PCT_RE = anything  # type: ignore[misc]
    try:
        found = _Found(Policy())
        _percent._check_percent_runs(found, text, ref._sp)
    finally:
        _percent._CONTROL_PCT_RE = saved[0]  # type: ignore[misc]
        _percent._SEGMENT_PCT_RE = saved[1]  # type: ignore[misc]
    return [(f.code, f.severity, f.component, f.start, f.end, f.message) for f in found.items]


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.one_of(
            _PCT,
            _DISPLAY_CHARS.map(_encoded),
            st.sampled_from(["a", "/", ".", "..", "%2e", "%2F", "%5c", "é", "%E2%80", "%C0%AE"]),
        ),
        max_size=8,
    ),
    st.sampled_from(["http://h/", "http://u%0A@h/", "http://h/?", "http://h/#"]),
)
def test_percent_pretests_skip_only_what_finds_nothing(pieces: list[str], head: str) -> None:
    from urikit import iri, parse
    from urikit.errors import URIError
    from urikit.security._percent import _check_percent, _check_percent_runs
    from urikit.security._policy import _Found

    text = head + "".join(pieces)
    try:
        ref = parse(text)
    except URIError:
        ref = iri.parse(text)
    expected = _reference_percent_runs(text)
    for checks in (_check_percent_runs, _check_percent):
        found = _Found(Policy())
        checks(found, text, ref._sp)
        fast = [(f.code, f.severity, f.component, f.start, f.end, f.message) for f in found.items]
        assert fast == expected, checks


def test_host_memo_gives_what_the_host_checks_give() -> None:
    """_check_host's memo (per host text, for a policy without networks) gives the
    same findings at each position as the checks themselves, and is not used
    with a policy that has networks."""
    import ipaddress

    from urikit.security import _authority
    from urikit.security._policy import _Found

    hosts = [
        "127.0.0.1",
        "localhost",
        "LocalHost.",
        "0x7f.1",
        "[::1]",
        "169.254.169.254",
        "metadata.google.internal",
        "10.0.0.1",
        "example.org",
        "[v1.x]",
        "a.localhost",
    ]
    for policy in (Policy(), Policy(allowed_networks=[ipaddress.ip_network("127.0.0.0/8")])):
        for host in hosts:
            for prefix in ("http://", "http://user@"):
                text = prefix + host + "/p"
                a, b = len(prefix), len(prefix) + len(host)
                runs = []
                for _ in range(2):  # the second from the memo
                    found = _Found(policy)
                    name = _authority._check_host(found, text, a, b)
                    runs.append((name, found.items))
                direct = _Found(policy)
                name = _authority._host_findings(direct, text, a, b)
                assert runs[0] == runs[1] == (name, direct.items), (policy, text)
    assert "127.0.0.1" in _authority._HOST_MEMO
    codes = [
        f.code
        for f in check(
            "http://127.0.0.1/",
            policy=Policy(allowed_networks=[ipaddress.ip_network("127.0.0.0/8")]),
        ).findings
    ]
    assert "private-address" not in codes


@pytest.mark.skipif(not HAS_ADA, reason="the [whatwg] extra (ada-url) is not installed")
def test_whatwg_reads_local_and_metadata_names_as_rfc_3986(build: Build) -> None:
    """_whatwg_agrees now holds for "localhost" and metadata host names: the WHATWG
    reading of them (with ports, paths, any case, a trailing dot) gives no
    whatwg-differs, and the skip is taken for them."""
    parse, check_module = build.urikit.parse, build["urikit.security._check"]
    METADATA_HOSTS = build["urikit.security._addresses"].METADATA_HOSTS

    names = ["localhost", "LOCALHOST", "localhost.", "a.localhost", "x.LocalHost.", *METADATA_HOSTS]
    for name in names:
        for tail in ("", ":8080/doc", ":80/", ":/a", "/a%41/b", "?q#f"):
            for scheme in ("http", "wss", "ftp"):
                text = f"{scheme}://{name}{tail}"
                ref = parse(text)
                assert check_module._whatwg_agrees(text, ref._sp, True), text
                _same(build, text)


# --- the display checks of an ASCII reference whose authority shows as written -------

#: Characters whose percent-encoded UTF-8 the generated references hold: Hebrew,
#: Arabic (letters, Arabic-Indic digits), Latin, digits, bidi controls, slash
#: look-alikes, full-width delimiters, a space, a private-use character (decoded
#: in the query only), and whatever Hypothesis draws.
_RTL_LETTERS = st.sampled_from(list("\u05d0\u05d1\u05d8\u05d9\u05f3\u0627\u0644\u0631\u0629"))
_RTL_CHARS = st.one_of(
    _RTL_LETTERS,
    _RTL_LETTERS,
    _RTL_LETTERS,
    st.sampled_from(list("\u0660\u06f1\u0661")),
    st.sampled_from(list("aZ09\u00e9\u0436\u4e8c\u06cc\u00bd")),
    st.sampled_from(
        list(
            "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u061c"
            "\u2215\u2044\uff0f\uff1f\uff03\u2024\u3002\uff0e\u00a0\ue000\U000f0000"
        )
    ),
    st.characters(min_codepoint=0x80, max_codepoint=0x2FFFF, exclude_categories=["Cs"]),
)

#: What goes between them: ASCII as it is, encoded ASCII, octets that are no UTF-8
#: (lone, truncated, overlong, an encoded surrogate, beyond U+10FFFF).
_RTL_GLUE = st.one_of(
    st.just(""),
    st.sampled_from(["a", "-", "1", "%2E", "%2e", "%20", "%2F", "%41", "%25"]),
    st.sampled_from(["%C3", "%D7", "%E2%80", "%C0%AF", "%E0%80%AF", "%ED%A0%80", "%F4%90%80%80"]),
)


#: Glue that keeps the text UTF-8 with no encoded ASCII (what one pass decodes).
_CLEAN_GLUE = st.sampled_from(["", "", "a", "-", "1"])


@st.composite
def _rtl_component(draw: st.DrawFn, seps: str, glues: st.SearchStrategy[str]) -> str:
    """Pieces of encoded characters and ``glues``, joined by ``seps`` characters."""
    pieces = []
    for _ in range(draw(st.integers(0, 4))):
        runs = draw(st.lists(st.lists(_RTL_CHARS, max_size=4).map("".join), max_size=3))
        glue = draw(glues)
        pieces.append(glue.join(_encoded(r) for r in runs) + draw(glues))
    joined = pieces[0] if pieces else ""
    for piece in pieces[1:]:
        joined += draw(st.sampled_from(seps)) + piece
    return joined


@st.composite
def _rtl_references(draw: st.DrawFn) -> str:
    scheme = draw(st.sampled_from(["http://", "https://", "x:", "//", ""]))
    authority = ""
    if scheme.endswith("//"):
        userinfo = draw(st.sampled_from(["", "", "", "u@", "%D7%90@"]))
        host = draw(
            st.sampled_from(["example.org", "ojuba.org", "", "127.0.0.1", "[::1]", "a-b.example"])
            | st.sampled_from(["Xn--bcher-kva.example", "xn--mgbh0fb.example", "%D7%90.example"])
        )
        port = draw(st.sampled_from(["", "", ":8080", ":"]))
        authority = userinfo + host + port
    glues = draw(st.sampled_from([_CLEAN_GLUE, _RTL_GLUE]))
    path = draw(_rtl_component("/;.=&", glues))
    if scheme and not scheme.endswith("//"):
        path = path.lstrip("/")  # "x:" then a rootless path
    elif not scheme:
        path = "/" + path  # "/" first: no scheme to mistake for one
    elif authority or scheme.endswith("//"):
        path = "/" + path if path and not path.startswith("/") else path
    text = scheme + authority + path
    if draw(st.booleans()):
        text += "?" + draw(_rtl_component("&=;/?", glues))
    if draw(st.booleans()):
        text += "#" + draw(_rtl_component("/?&", glues))
    return text


def _display_both(text: str) -> tuple[list[Finding], list[Finding]]:
    """The findings of _check_display (which may take _bidi_after_authority) and of
    _check_display_all (the full analysis) on ``text``."""
    from urikit import parse
    from urikit.security._display import _check_display, _check_display_all
    from urikit.security._policy import _Found

    sp = parse(text)._sp
    fast, full = _Found(Policy()), _Found(Policy())
    _check_display(fast, text, sp)
    _check_display_all(full, text, sp)
    return list(fast.items), list(full.items)


def _clear_bidi_memos() -> None:
    from urikit.security import _display

    for memo in (_display._KNOWN, _display._LOOKALIKE, _display._UNSURE, _display._RTL):
        memo.clear()
    _display._KNOWN.update(_display._ASCII)
    _display._LTR.clear()
    _display._LTR.update(_display._ASCII_LTR)


@settings(max_examples=1500, deadline=None)
@given(_rtl_references(), st.sampled_from(["keep", "clear", "small"]))
def test_bidi_after_authority_gives_the_full_display_findings(text: str, memos: str) -> None:
    """_check_display's shortcut for an ASCII reference whose authority shows as
    written (percent-encoded right-to-left text after it) finds exactly what the
    full analysis finds: every field of every finding, in order. The memos of
    character facts kept from earlier examples, emptied, or made so small that
    they are emptied on the way."""
    from urikit import URIError, parse
    from urikit.security import _display

    try:
        parse(text)
    except URIError:
        return
    if memos == "clear":
        _clear_bidi_memos()
    saved = _display._KNOWN_SIZE
    if memos == "small":
        _display._KNOWN_SIZE = len(_display._ASCII) + 3  # type: ignore[misc]  # Final, for the test
    try:
        fast, full = _display_both(text)
    finally:
        _display._KNOWN_SIZE = saved  # type: ignore[misc]
    assert fast == full, text


def test_bidi_after_authority_answers_the_lines_it_is_for() -> None:
    """The shortcut is taken (it answers, with the findings of the full analysis)
    for right-to-left lines, from the one-pass decoding and from the decoding per
    component, so that the equality above is not vacuous; it leaves look-alikes
    to the full analysis."""
    from urikit import parse
    from urikit.security._display import _bidi_after_authority, _shown_tail

    arabic = "%D8%A7%D9%84%D8%B1%D8%A6%D9%8A%D8%B3%D8%A9"
    hebrew = "%D7%98%D7%99%D7%A4%D7%95%D7%92%D7%A8%D7%A4%D7%99%D7%94"
    answered = {
        f"https://ojuba.org/okasha:{arabic}": 1,
        f"https://ojuba.org/hijra:{arabic}": 1,
        f"http://www.ldcodesign.com/{hebrew}/": 0,
        f"http://h/{hebrew}/{arabic}?{arabic}=x&a={hebrew}#{hebrew}/1{arabic}": 1,
        f"http://h/{hebrew}a/{arabic}?q{arabic}=x#{hebrew}/1{arabic}": 3,
        f"http://h/{hebrew}%20{hebrew}1?q={arabic}": 1,  # encoded ASCII: per component
        f"http://h/{hebrew}%E2%80%8F?%EE%80%80{arabic}": 2,  # RLM kept, iprivate in query
        f"http://h:8080/{hebrew}.{arabic}1;a{hebrew}": 1,  # one finding, two details
        f"/{hebrew}/{arabic}a": 1,
        f"x:{hebrew}": 0,
    }
    for text, count in answered.items():
        sp = parse(text)._sp
        found = _bidi_after_authority(text, sp)
        assert found is not None, text
        assert len(found) == count, (text, found)
        fast, full = _display_both(text)
        assert fast == full, text
        assert [f.code for f in fast] == ["bidi-formatting"] * count
    assert _shown_tail(f"http://h/{hebrew}%20x", len("http://h")) is None
    for lookalike in ("%E2%88%95", "%EF%BC%8F", "%EF%BC%9F"):  # U+2215, U+FF0F, U+FF1F
        text = f"http://h/{hebrew}{lookalike}{hebrew}"
        assert _bidi_after_authority(text, parse(text)._sp) is None
        fast, full = _display_both(text)
        assert fast == full and [f.code for f in fast] == ["idn-homograph"], text


def test_bidi_after_authority_on_the_corpus() -> None:
    """On every corpus line with percent-encoding, _check_display gives what the
    full analysis gives."""
    from urikit import URIError, parse

    for text in _corpus():
        if "%" not in text or not text.isascii():
            continue
        try:
            parse(text)
        except URIError:
            continue
        fast, full = _display_both(text)
        assert fast == full, text
