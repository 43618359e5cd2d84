"""The C build's ``check``: ``urikit.security.check(text)`` answered in C for a
text whose report surely has no finding under the default policy.

The texts here sit on each edge of what C decides (empty and other ports, "%XX"
notable or not and where, dot segments, A-labels in any case, local and metadata
names, schemes of concern, address forms): the C path must be taken where it
should and refused where a finding is due, and every report it gives must equal
the full analysis. (That equality on generated references, arbitrary text and
the corpus is tests/security/test_check_shortcuts.py's, in both builds.)
The tests run on the C build (the ``build`` fixture restricted to ``"c"``).
"""

from __future__ import annotations

import pytest
from _twins import C_ONLY, Build
from test_check_shortcuts import _full, _python_calls, _same

pytestmark = C_ONLY


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
def test_c_answers_what_has_nothing_to_report(build: Build, text: str) -> None:
    check = build["urikit.security"].check
    with _python_calls() as calls:
        report = check(text)
    assert calls == []
    assert report.findings == () and report.ok
    assert tuple(report) == _full(build, text)


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
def test_c_answers_from_the_origin(build: Build, text: str) -> None:
    """A port, a local name or an address: the findings of the origin alone,
    from the memo, when the rest is quiet."""
    check, check_module = build["urikit.security"].check, build["urikit.security._check"]
    with _python_calls() as calls:
        report = check(text)
        again = check(text)  # from the memo
    assert calls == []
    assert tuple(report) == tuple(again) == _full(build, text)
    path_span = build["urikit.core._parser"].PATH_SPAN
    origin = text[: build.urikit.parse(text)._sp[path_span][0]]  # "scheme://host[:port]"
    assert check_module._ORIGINS[origin] is not None


def test_hosts_of_every_length_and_shape(build: Build) -> None:
    """C reads a host of up to 16 characters in one step (SSE2): where its last
    label starts and each "--". Every length from 1 to 20, with a dot, an
    "xn--" (any case), a near miss or a digit at every offset, before a path or
    a port, must give the full analysis' report; and with no port, a host that
    _plain_origin calls plain must be answered without the origin memo (which
    would give the same report, only later)."""
    check_module = build["urikit.security._check"]
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
                    _same(build, f"http://{host}{rest}")
                    if plain and not rest.startswith(":"):
                        assert f"http://{host}" not in memo, host


def test_the_origin_memo_follows_the_registry(build: Build) -> None:
    """A port's findings depend on the scheme registry: a memo entry made before
    a change is not used after it."""
    check = build["urikit.security"].check
    registry = build["urikit.core._schemeinfo"].DEFAULT_REGISTRY
    text = "http://h.example:20008/"
    assert check(text).findings == ()
    registry.set_default_port("x-uk-test", 20008)
    try:
        with _python_calls() as calls:
            assert [f.code for f in check(text).findings] == ["unusual-port"]
            assert tuple(check(text)) == _full(build, text)
        assert calls == []  # C still answers: the entry is worked out again
    finally:
        registry.set_default_port("x-uk-test", None)
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
def test_c_hands_over_what_may_have_a_finding(build: Build, text: str) -> None:
    check, Policy = build["urikit.security"].check, build["urikit.security"].Policy
    with _python_calls() as calls:
        report = check(text)
    assert calls == [text]
    assert tuple(report) == tuple(check(text, policy=Policy()))


def test_other_calls_are_the_python_functions(build: Build) -> None:
    check, Policy = build["urikit.security"].check, build["urikit.security"].Policy
    with _python_calls() as calls:
        check("http://example.org/", policy=Policy.ssrf())
        check("http://example.org/", resolve_dns=False)
    assert len(calls) == 2
    with pytest.raises(TypeError):
        check(b"http://example.org/")
    assert check.__wrapped__.__name__ == "check"
    assert "RFC 3986 section 7" in (check.__doc__ or "")


def test_accelerate_check_refuses_bad_fields(build: Build) -> None:
    """accelerate("check", ...) takes check's fields by name, every one and no
    other, each of the kind C reads."""
    _speedups = build.speedups
    check, Report = build["urikit.security"].check, build["urikit.security"].Report
    check_module = build["urikit.security._check"]
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
    with pytest.raises(TypeError, match="by name"):  # the positional tuple of old
        _speedups.accelerate("check", check, Report, tuple(fields.values())[1:])
    with pytest.raises(TypeError, match="no keyword"):
        _speedups.accelerate("split", check, report_type=Report)
    made = _speedups.accelerate("check", check, **fields)
    assert made("http://example.org/") == check("http://example.org/")
