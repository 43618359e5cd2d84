"""The C build's ``check``: ``urikit.security.check(text)`` answered in C for a
text whose report surely has no finding under the default policy.

Every report C gives must equal the full analysis (``_check._check``, which
runs every check); the texts are built to sit on each edge of what C decides
(empty and other ports, "%XX" notable or not and where, dot segments, A-labels
in any case, local and metadata names, schemes of concern, address forms). The
C path must also be taken where it should (else the equality says nothing) and
refused where a finding is due.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
import strategies as gen
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from urikit import URIError
from urikit.core._parser import PATH_SPAN
from urikit.security import Policy, Report, check
from urikit.security import _check as check_module

pytestmark = pytest.mark.skipif(
    urikit.IMPLEMENTATION != "c", reason="the C accelerator is not loaded"
)

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "urls.txt"


def _full(text: str) -> tuple[Any, ...]:
    """The report of the full analysis (no cheap path), as a plain tuple."""
    try:
        ref = urikit.parse(text)
    except URIError:
        return tuple(check(text, policy=Policy()))  # invalid or an IRI: not C's
    return tuple(check_module._check(text, ref, ref._sp, Policy(), False, None))


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


def _same(text: str) -> None:
    got = check(text)
    assert isinstance(got, Report)
    assert tuple(got) == _full(text), text
    assert got.uri == check(text, policy=Policy()).uri


_SCHEMES = st.sampled_from(
    ["http", "HTTPS", "ftp", "x-y", "data", "DATA", "file", "javascript", "JavaScript",
     "vbscript", "livescript", "mocha", "datax", "fil"]
)  # fmt: skip

_NAMES = st.from_regex(r"([a-zA-Z0-9-]{1,8}\.){0,3}[a-zA-Z][a-zA-Z0-9-]{0,6}\.?", fullmatch=True)

_HOSTS = st.one_of(
    _NAMES,
    _NAMES,
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

_PCT = st.one_of(
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

_PIECES = st.lists(
    st.one_of(_PCT, st.sampled_from(["a", "/", ".", "..", "/.", "./", "-", "x", "=", "&", ";"])),
    max_size=6,
).map("".join)


@st.composite
def _references(draw: st.DrawFn) -> str:
    def now_and_then(of: st.SearchStrategy[str]) -> str | None:
        # one draw in eight (a middle value: Hypothesis favours the ends)
        return draw(of) if draw(st.integers(1, 8)) == 4 else None

    scheme = draw(st.none() | _SCHEMES)
    userinfo = now_and_then(st.sampled_from(["", "u", "u:p"]))
    host = draw(_HOSTS)
    port = now_and_then(st.sampled_from(["0", "80", "8080", "443", "65536", "000080"]))
    port = "" if port is None and draw(st.booleans()) else port
    path = draw(_PIECES)
    if path and not path.startswith("/"):
        path = "/" + path
    query = draw(st.none() | _PIECES)
    fragment = draw(st.none() | _PIECES)
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


@settings(max_examples=1500, deadline=None)
@given(_references())
def test_c_reports_equal_the_full_analysis(text: str) -> None:
    _same(text)


@settings(max_examples=300, deadline=None)
@given(st.one_of(gen.uri_references().map(lambda g: g.text), gen.mutated(), gen.arbitrary_text()))
def test_c_reports_equal_the_full_analysis_on_any_text(text: str) -> None:
    _same(text)


def test_c_reports_equal_the_full_analysis_on_the_corpus() -> None:
    if not CORPUS.is_file():
        pytest.skip("no shared corpus beside the checkout")
    lines = CORPUS.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    with _python_calls() as calls:
        for text in lines:
            check(text)
    # C answers nearly every line (what makes the equality below say something)
    assert len(calls) < len(lines) / 100, len(calls)
    for text in lines:
        _same(text)


@pytest.mark.parametrize(
    "text",
    [
        "http://example.org/a/b",
        "https://salsa.debian.org:/science-team/pygrib.git",  # an empty port
        "http://wiki.example/Five%20or%20more?q=%3F#%7E",  # printable "%XX" after the host
        "//example.org",
        "ftp://a-b.c-d.example/",
        "http://h.example/a.b/c..d",  # dots, but no segment starting with "."
        "http://h.example/%C3%A9t%C3%A9?q=%E4%BA%8C#%F0%9F%98%80",  # quiet UTF-8
        "http://h.example/%D7%98%D7%99%D7%A4/%D8%A7;%D8%A7.x?%D8%A7=%D7%98&a#%D7%98/a",
        "http://h.example:8080/",  # a port of no other service: the origin memo's
        "http://notlocalhost/",  # a plain name, but the memo's to say
    ],
)
def test_c_answers_what_has_nothing_to_report(text: str) -> None:
    with _python_calls() as calls:
        report = check(text)
    assert calls == []
    assert report.findings == () and report.ok
    assert tuple(report) == _full(text)


@pytest.mark.parametrize(
    "text",
    [
        "http://localhost/",
        "http://a.LOCALHOST/",
        "http://METADATA.goog/",
        "http://1.2.3.4/",
        "http://127.0.0.1:8000/a%C3%A9",
        "http://h:80/",
        "http://h:22/",
        "foo://h:65536/",  # no port number (a special scheme's: the WHATWG decides)
        "foo://[::1]/x",
        "//localhost:5000/?q=%41",
        "http://localhost/%D8%A7",  # a piece of right-to-left letters
    ],
)
def test_c_answers_from_the_origin(text: str) -> None:
    """A port, a local name or an address: the findings of the origin alone,
    from the memo, when the rest is quiet."""
    with _python_calls() as calls:
        report = check(text)
        again = check(text)  # from the memo
    assert calls == []
    assert tuple(report) == tuple(again) == _full(text)
    origin = text[: urikit.parse(text)._sp[PATH_SPAN][0]]  # "scheme://host[:port]"
    assert check_module._ORIGINS[origin] is not None


def test_hosts_of_every_length_and_shape() -> None:
    """C reads a host of up to 16 characters in one step (SSE2): where its last
    label starts and each "--". Every length from 1 to 20, with a dot, an
    "xn--" (any case), a near miss or a digit at every offset, before a path or
    a port, must give the full analysis' report; and with no port, a host that
    _plain_origin calls plain must be answered without the origin memo (which
    would give the same report, only later)."""
    pieces = (".", "xn--", "XN--", "xN--", "x-n-", "--", "n--", "xn-", "-", "1", "..")
    memo = check_module._ORIGINS
    for length in range(1, 21):
        for at in range(length):
            for piece in pieces:
                host = ("a" * length)[:at] + piece + ("b" * length)[at:]
                host = host[: max(length, 1)]
                plain = check_module._plain_origin(f"http://{host}") is not False
                for rest in ("/p/q", "", ":8080/x", "?q", "/" + "z" * 20):
                    memo.clear()
                    _same(f"http://{host}{rest}")
                    if plain and not rest.startswith(":"):
                        assert f"http://{host}" not in memo, host


def test_the_origin_memo_follows_the_registry() -> None:
    """A port's findings depend on the scheme registry: a memo entry made before
    a change is not used after it."""
    from urikit.core._schemeinfo import DEFAULT_REGISTRY

    text = "http://h.example:20008/"
    assert check(text).findings == ()
    DEFAULT_REGISTRY.set_default_port("x-uk-test", 20008)
    try:
        with _python_calls() as calls:
            assert [f.code for f in check(text).findings] == ["unusual-port"]
            assert tuple(check(text)) == _full(text)
        assert calls == []  # C still answers: the entry is worked out again
    finally:
        DEFAULT_REGISTRY.set_default_port("x-uk-test", None)
    with _python_calls() as calls:
        assert check(text).findings == ()
    assert calls == []


@pytest.mark.parametrize(
    "text",
    [
        "javascript://h/",
        "http://xn--bcher-kva.example/",
        "http://a.Xn--p1ai/",
        "http://example.org./",
        "http://a.LOCALHOST./",  # the WHATWG comparison decides (a trailing dot)
        "http://[::1]/",
        "http://h:65536/",
        "http://u@h/",
        "http://h/./a",
        "http://h/a/%2e/b",
        "http://h/%2F",
        "http://h/?q=%0d%0a",
        "http://h/a%D7%98%D7%99",  # right-to-left letters with a left-to-right one
        "http://h/%D7%98%D7%99-",  # ... or with something else in the piece
        "http://h/?q=%D7%98%D7%99/x",  # "/" is no piece separator in a query
        "http://h/#%D7%98.%D7%99",  # nor "." in a fragment
        "http://h/%D7%98%C3%A9",  # right-to-left with a quiet character
        "http://h/%D7%91%D6%B0",  # ... or a mark (it may end the piece)
        "https://ojuba.org/okasha:%D8%A7%D9%84%D8%B1",  # a bidi finding
        "http://h/%E2%80%8E",  # LRM
        "http://h/%E2%80%8B",  # invisible: ZWSP, a soft hyphen, VS16, a tag, a filler
        "http://h/?q=%C2%AD",
        "http://h/#%EF%B8%8F",
        "http://h/%F3%A0%81%81",
        "http://h/%E3%85%A4",
        "http://localhost/%E2%81%A0",  # WORD JOINER after an origin the memo knows
        "http://h/%E2%88%95",  # a slash look-alike
        "http://h/%C3",  # no UTF-8
        "http://ex%41mple.org/",
        "http://h/é",
        "http:/a",
        "http://",
        "http://h/ a",
    ],
)
def test_c_hands_over_what_may_have_a_finding(text: str) -> None:
    with _python_calls() as calls:
        report = check(text)
    assert calls == [text]
    assert tuple(report) == tuple(check(text, policy=Policy()))


def test_other_calls_are_the_python_functions() -> None:
    with _python_calls() as calls:
        check("http://example.org/", policy=Policy.ssrf())
        check("http://example.org/", resolve_dns=False)
    assert len(calls) == 2
    with pytest.raises(TypeError):
        check(b"http://example.org/")  # type: ignore[arg-type]
    assert check.__wrapped__.__name__ == "check"  # type: ignore[attr-defined]
    assert "RFC 3986 section 7" in (check.__doc__ or "")


def test_accelerate_check_refuses_bad_fields() -> None:
    """accelerate("check", ...) takes check's fields by name, every one and no
    other, each of the kind C reads."""
    from urikit.core import _speedups

    assert _speedups is not None
    fields: dict[str, object] = {
        "report_type": Report,
        "parsed": "uri",
        "schemes": ("data",),
        "metadata_hosts": ("metadata.goog",),
        "local_endings": ("localhost",),
        "origin_memo": {},
        "origin_verdict": check_module._origin_verdict,
        "char_kind": check_module._char_kind,
        "registry": check_module._REGISTRY,
        "version_attr": "_version",
    }
    bad: list[dict[str, object]] = [
        {"report_type": dict},  # not a tuple subclass
        {"schemes": ("DATA",)},  # not lowercase
        {"schemes": ["data"]},  # not a tuple
        {"local_endings": None},
        {"origin_memo": []},
        {"origin_verdict": None},
        {"char_kind": None},
        {"version_attr": 1},
    ]
    for change in bad:
        with pytest.raises(TypeError):
            _speedups.accelerate("check", check, **{**fields, **change})
    missing = dict(fields)
    del missing["registry"]
    with pytest.raises(TypeError, match="by name"):
        _speedups.accelerate("check", check, **missing)
    with pytest.raises(TypeError, match="by name"):
        _speedups.accelerate("check", check, **fields, other=1)
    with pytest.raises(ValueError, match="bad arguments"):  # the positional tuple of old
        _speedups.accelerate("check", check, Report, tuple(fields.values())[1:])
    with pytest.raises(TypeError, match="no keyword"):
        _speedups.accelerate("split", check, report_type=Report)
    made = _speedups.accelerate("check", check, **fields)
    assert made("http://example.org/") == check("http://example.org/")
