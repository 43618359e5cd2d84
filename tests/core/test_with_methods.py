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


@pytest.mark.parametrize(
    ("params", "found"),
    [
        ([("a", 1)], "int"),
        ([(1, "a")], "int"),
        ([("a", b"x")], "bytes"),
        ({"a": 1}, "int"),
        ("a=1", "str"),
        (b"a=1", "bytes"),
        (1, "int"),
        ([("a", "b", "c")], "tuple"),
        (["ab"], "str"),
        ([None], "NoneType"),
    ],
)
def test_with_query_params_wrong_types(params: Any, found: str) -> None:
    with pytest.raises(TypeError) as info:
        parse("http://h/").with_query_params(params)
    assert str(info.value) == (
        "URIReference.with_query_params() argument 'params' must be a mapping or an"
        f" iterable of (str, str or None) pairs, not {found}"
    )
