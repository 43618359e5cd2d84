"""Any str is accepted without a crash: it is valid, or URIError says where it is not.

Lone surrogates, NUL and other control characters, non-ASCII, and 1 MB strings
(valid and invalid) go through every public function. The big inputs also
guard linear time: a quadratic (or backtracking) path would make this module
take minutes instead of a second. No timings are asserted.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urikit
from urikit import URIReference
from urikit.core import _parser

MB = 10**6

# (text, position of the first fault or None when valid, component)
BIG: list[tuple[str, int | None, str | None]] = [
    ("http://h/" + "a" * MB, None, None),
    ("http://h/" + "%" * MB, 10, "path"),
    ("http://h/" + "%41" * (MB // 3), None, None),
    ("http://h/" + "%41" * (MB // 3) + "%4", 9 + 3 * (MB // 3) + 2, "path"),
    ("[" * MB, 0, "path"),
    ("//" + "[" * MB, 3, "host"),
    ("//[" + "1:" * (MB // 2) + "]", 18, "host"),  # the ":" that asks for a ninth piece
    ("//[" + "v1." + "a" * MB + "]", None, None),
    ("//[" + "v1." + "a" * MB, 3 + 3 + MB, "host"),
    ("http://" + "a" * MB + " ", 7 + MB, "host"),
    ("http://" + "u" * MB + "@h", None, None),
    ("http://" + "u:" * (MB // 2) + "@h:" + "9" * MB, None, None),
    ("http://h:" + "9" * MB + "x", 9 + MB, "port"),
    ("a" * MB + ":", None, None),
    ("a" * MB + "+", None, None),
    ("a" * MB + " ", MB, "path"),
    ("1" + "a" * MB + ":", MB + 1, "path"),
    ("/" * MB, None, None),
    ("?" * MB, None, None),
    ("#" * MB, 1, "fragment"),
    ("x:" + "./" * (MB // 2), None, None),
    ("x:/" + "../" * (MB // 3), None, None),
    ("http://h/?" + "a=b&" * (MB // 4), None, None),
    ("http://h/\x00" * 1000, 9, "path"),
]


@pytest.mark.parametrize(("text", "position", "component"), BIG, ids=range(len(BIG)))
def test_big_inputs(text: str, position: int | None, component: str | None) -> None:
    valid = position is None
    assert urikit.is_valid(text) is valid
    assert (_parser.split(text) is None) is not valid
    err = _parser.find_error(text)
    if valid:
        assert err is None
        ref = urikit.parse(text)
        assert str(ref) == text
        assert len(urikit.normalize(text)) <= len(text) + 1
        if ref.scheme is not None:
            assert urikit.is_valid(urikit.resolve(text, "g?y#s"))
            assert urikit.relativize(text, text) == ""
        assert urikit.is_valid(urikit.resolve("http://a/b/c", text))
    else:
        assert err is not None
        assert (err.position, err.component) == (position, component)
        with pytest.raises(urikit.URIError) as info:
            urikit.parse(text)
        assert info.value.position == position
        with pytest.raises(urikit.URIError):
            urikit.normalize(text)


def test_big_percent_and_dots() -> None:
    text = "é/" * (MB // 2)
    encoded = urikit.percent_encode(text, "path")
    assert urikit.percent_decode(encoded) == text
    assert urikit.percent_encode("a" * MB, "segment") == "a" * MB
    with pytest.raises(urikit.URIError) as info:
        urikit.percent_encode("a" * MB + "\ud800", "query")
    assert info.value.position == MB
    with pytest.raises(urikit.URIError) as info:
        urikit.percent_decode("%41" * MB + "%")
    assert info.value.position == 3 * MB + 1
    assert urikit.remove_dot_segments("/a/.." * (MB // 5)) == "/"
    assert (
        urikit.remove_dot_segments("/a" * (MB // 2) + "/.." * (MB // 6))
        == "/a" * (MB // 2 - MB // 6) + "/"
    )
    assert urikit.resolve("http://h/" + "a/" * (MB // 2), "../" * (MB // 3) + "g") == (
        "http://h/" + "a/" * (MB // 2 - MB // 3) + "g"
    )
    assert urikit.parse("http://h/" + "a/" * (MB // 4)).path_segments == ["a"] * (MB // 4) + [""]
    big_base = "http://h/" + "a/" * (MB // 4) + "b"
    assert urikit.relativize(big_base, "http://h/" + "a/" * (MB // 4) + "c") == "c"


# --- lone surrogates, NUL, controls, non-ASCII, in every component ------------------------


@pytest.mark.parametrize(
    ("text", "position", "component"),
    [
        ("\ud800", 0, "path"),
        ("\udfff:", 0, "path"),
        ("a\ud800:", 1, "path"),
        ("http://\ud800/", 7, "host"),
        ("http://\ud800@h/", 7, "userinfo"),
        ("http://h:\ud800/", 9, "port"),
        ("http://[\ud800]/", 8, "host"),
        ("http://[v1.\ud800]/", 11, "host"),
        ("http://h/\ud800", 9, "path"),
        ("?\udfff", 1, "query"),
        ("#\ud800", 1, "fragment"),
        ("\x00", 0, "path"),
        ("http://h/\x00", 9, "path"),
        ("http://h\x00/", 8, "host"),
        ("?\x00", 1, "query"),
        ("\x00:", 0, "path"),
        ("http://h/\u00e9", 9, "path"),
        ("http://h/\u200b", 9, "path"),  # ZERO WIDTH SPACE
        ("http://h/\ufeff", 9, "path"),
        ("http://h/\U0001f600", 9, "path"),
        ("http://\u0131/", 7, "host"),
        ("http://h/%\u0661\u0661", 10, "path"),
        ("\u212aa:b", 0, "path"),
    ],
)
def test_special_characters(text: str, position: int, component: str) -> None:
    with pytest.raises(urikit.URIError) as info:
        urikit.parse(text)
    err = info.value
    assert (err.position, err.component) == (position, component)
    assert f"at position {position}" in str(err)  # a message for any character
    if err.reason == "invalid-char":
        assert repr(text[position]) in str(err)


def test_surrogates_under_every_rule() -> None:
    for rule in ("URI", "absolute-URI", "relative-ref", "URI-reference"):
        assert not urikit.is_valid("\ud800:x", rule=rule)
        with pytest.raises(urikit.URIError):
            urikit.parse("x:\udfff", rule=rule)


def _outcome(fn: Callable[[], object]) -> None:
    """Run ``fn``: it may return or raise URIError, nothing else."""
    try:
        fn()
    except urikit.URIError as err:
        assert isinstance(err, ValueError)
        assert isinstance(str(err), str)
        assert err.position >= 0


ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=30)
URI_ISH = st.builds(
    lambda a, b: a + b,
    st.sampled_from(["", "http://", "x:", "//", "/", "?", "#", "//[", "//u@h:"]),
    ANY_TEXT,
)


@given(st.one_of(ANY_TEXT, URI_ISH))
def test_any_str_never_crashes(text: str) -> None:
    _outcome(lambda: urikit.parse(text))
    for rule in ("URI", "absolute-URI", "relative-ref", "URI-reference"):
        urikit.is_valid(text, rule=rule)
        _outcome(partial(urikit.parse, text, rule))
    _outcome(lambda: urikit.normalize(text))
    _outcome(lambda: urikit.normalize(text, "syntax"))
    _outcome(lambda: urikit.equivalent(text, "http://h/"))
    _outcome(lambda: urikit.resolve("http://a/b/c", text))
    _outcome(lambda: urikit.resolve(text, "g"))
    _outcome(lambda: urikit.relativize("http://a/b/c", text))
    _outcome(lambda: urikit.relativize(text, "http://a/b/c"))
    _outcome(lambda: urikit.percent_decode(text))
    _outcome(lambda: urikit.percent_encode(text, "query"))
    urikit.remove_dot_segments(text)
    for name in ("scheme", "userinfo", "host", "port", "path", "query", "fragment"):
        _outcome(partial(_parser.check_component, name, text))
    _outcome(lambda: URIReference.from_components(path=text))
    _outcome(lambda: URIReference.from_components(host=text))
    _outcome(lambda: URIReference.build(path=text, query=text, fragment=text))
    _outcome(lambda: URIReference.build(scheme="s", host=text, userinfo=text))
