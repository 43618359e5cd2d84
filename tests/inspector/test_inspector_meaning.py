"""What the inspector marks as a difference between the browser's reading and
RFC 3986's, under CPython: the browser's reading here is ada-url's (a WHATWG
URL parser, the ``[whatwg]`` extra); tests/inspector/test_inspector_browser.py
runs the same table in Chromium, with the browser's own ``new URL()``."""

from __future__ import annotations

import re

import ada_url  # type: ignore[import-untyped, unused-ignore]  # noqa: F401  (ada_reading reads with it)
import pytest
from hypothesis import given
from hypothesis import strategies as st
from inspector_meaning import MEANING, ada_reading

from urikit.inspector._analysis import analyse
from urikit.inspector._compare import FIELDS, differences


def whatwg_reading(text: str, base: str = "") -> dict[str, str]:
    """``new URL(text, base)`` as the page passes it to the analysis."""
    return ada_reading(text, base, FIELDS)


@pytest.mark.parametrize(("text", "base", "marked"), MEANING)
def test_only_differences_of_meaning_are_marked(
    text: str, base: str, marked: frozenset[str]
) -> None:
    differs = analyse(text, base, whatwg_reading(text, base))["differs"]
    assert set(differs) == marked, differs


def test_the_notes_give_rfc_3986s_side() -> None:
    assert differences("http://0x7f.1/", "", whatwg_reading("http://0x7f.1/")) == {
        "href": "http://0x7f.1/",
        "hostname": "0x7f.1",
    }
    error = "not valid: invalid character ' ' in path at position 10"
    assert differences("http://h/a b", "", whatwg_reading("http://h/a b")) == {
        "href": error,
        "pathname": error,
    }
    # an invalid base: what the browser takes from it is marked
    a = differences("g", "http://h/a b/c", whatwg_reading("g", "http://h/a b/c"))
    assert set(a) == {"href", "pathname"} and a["pathname"].startswith("the base is not valid")
    assert differences("http://h/?a'b", "", whatwg_reading("http://h/?a'b"))["search"] == "?a'b"
    assert differences("http://@h/", "", whatwg_reading("http://@h/")) == {"href": "http://@h/"}


def test_no_reading_no_comparison() -> None:
    assert analyse("http://h/")["differs"] is None
    # a base with no scheme: neither side has a reading
    assert differences("g", "/x", whatwg_reading("g", "/x")) == {}


_ALPHABET = "hH%2fF0eE7:/?#.@[]%41a\u00e9 '"


def _marked(text: str) -> set[str]:
    return set(differences(text, "", whatwg_reading(text)))


@given(st.text(_ALPHABET, max_size=12))
def test_the_browsers_own_href_is_marked_nowhere(rest: str) -> None:
    """The browser's href is its normal form: read by RFC 3986, where valid, it
    means what the browser's reading says."""
    w = whatwg_reading("http://h/" + rest)
    if "failure" not in w and analyse(w["href"])["error"] is None:
        assert differences(w["href"], "", w) == {}, w


@given(st.text(_ALPHABET, max_size=12))
def test_the_hex_case_of_a_percent_encoding_changes_no_mark(rest: str) -> None:
    """RFC 3986 6.2.2.1: "%2f" and "%2F" are one octet, to the browser too."""
    text = "http://h/" + rest
    flipped = re.sub("%[0-9A-Fa-f]{2}", lambda m: m.group().swapcase(), text)
    assert _marked(flipped) == _marked(text)
