"""with_host(None) never drops components silently; with_query_params types."""

from __future__ import annotations

from typing import Any

import pytest

import urikit
from urikit import parse


def test_with_host_none_removes_a_bare_authority() -> None:
    assert str(parse("http://h/p?q#f").with_host(None)) == "http:/p?q#f"
    assert str(parse("//h").with_host(None)) == ""


@pytest.mark.parametrize(
    ("text", "dropped"),
    [
        ("http://u@h:1/p", "userinfo and port"),
        ("http://u@h/p", "userinfo"),
        ("http://h:1/p", "port"),
        ("http://@h:/p", "userinfo and port"),  # empty ones count: they are written
    ],
)
def test_with_host_none_refuses_to_drop(text: str, dropped: str) -> None:
    ref = parse(text)
    with pytest.raises(urikit.URIError) as info:
        ref.with_host(None)
    err = info.value
    assert (err.reason, err.component, err.text) == ("bad-value", "host", text)
    assert err.position == text.index("h", len("http://"))
    assert f"would drop the {dropped}" in str(err)
    # the way out the message names works
    out = ref
    for name in dropped.split(" and "):
        out = getattr(out, "with_" + name)(None)
    assert out.with_host(None).authority is None


def test_with_query_params_none_removes_the_query() -> None:
    assert str(parse("http://h/p?a=1#f").with_query_params(None)) == "http://h/p#f"
    assert str(parse("http://h/p").with_query_params(None)) == "http://h/p"
    assert str(parse("http://h/p?x").with_query_params([])) == "http://h/p?"


PAIRS = "a mapping or an iterable of (str, value) pairs"
VALUE = "str, int, float or None"
VALUES = "str, int, float, None or a list or tuple of them"


@pytest.mark.parametrize(
    ("params", "expected", "found"),
    [
        ([(1, "a")], PAIRS, "int"),
        ({1: "a"}, PAIRS, "int"),
        ("a=1", PAIRS, "str"),
        (b"a=1", PAIRS, "bytes"),
        (1, PAIRS, "int"),
        ([("a", "b", "c")], PAIRS, "tuple"),
        (["ab"], PAIRS, "str"),
        ([None], PAIRS, "NoneType"),
        ([("a", b"x")], VALUE, "bytes"),
        ([("a", True)], VALUE, "bool"),
        ([("a", [1])], VALUE, "list"),  # a list of values only as a mapping's value
        ({"a": b"x"}, VALUES, "bytes"),
        ({"a": {1}}, VALUES, "set"),
        ({"a": [b"x"]}, VALUE, "bytes"),
        ({"a": [[1]]}, VALUE, "list"),
        ({"a": False}, VALUE, "bool"),
    ],
)
def test_with_query_params_wrong_types(params: Any, expected: str, found: str) -> None:
    for ref in (parse("http://h/"), urikit.iri.parse("http://h/")):
        with pytest.raises(TypeError) as info:
            ref.with_query_params(params)
        assert str(info.value) == (
            f"{type(ref).__name__}.with_query_params() argument 'params' must be {expected},"
            f" not {found}"
        )


def test_with_query_params_takes_numbers_and_keywords() -> None:
    ref = parse("http://h/?x")
    values: dict[str, Any] = {"n": 1, "f": 2.5, "l": [1, "a", None]}
    assert str(ref.with_query_params(values)) == ("http://h/?n=1&f=2.5&l=1&l=a&l")
    assert str(ref.with_query_params([("a", 1)], b=2)) == "http://h/?a=1&b=2"
    assert str(ref.with_query_params(params=1)) == "http://h/?params=1"
    assert str(ref.with_query_params(page=1e20)) == "http://h/?page=1e%2B20"
    with pytest.raises(TypeError, match=r"^URIReference.with_query_params\(\) takes params=None"):
        ref.with_query_params(None, a="1")
