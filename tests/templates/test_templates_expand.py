"""Expansion (RFC 6570 section 3) beyond the suite: value types, errors, partial."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pytest

from urikit import URIError
from urikit.templates import Template, expand

#: (template, variables, expansion): value types of section 2.4 and their edges.
VALUES: list[tuple[str, dict[str, Any], str]] = [
    ("{x}", {"x": 7}, "7"),
    ("{x}", {"x": -1.5}, "-1.5"),
    ("{x}", {"x": ("a", "b")}, "a,b"),
    ("{x*}", {"x": OrderedDict([("k", "v")])}, "k=v"),
    ("{x}", {"x": None}, ""),
    ("{?x}", {"x": []}, ""),
    ("{?x*}", {"x": {}}, ""),
    ("{?x}", {"x": [""]}, "?x="),
    ("{;x}", {"x": [""]}, ";x="),
    ("{;x}", {"x": ""}, ";x"),
    ("{;x*}", {"x": {"k": ""}}, ";k"),
    ("{?x*}", {"x": {"k": ""}}, "?k="),
    ("{x*}", {"x": {"k": ""}}, "k="),
    ("{x}", {"x": "ü€\U0001f600"}, "%C3%BC%E2%82%AC%F0%9F%98%80"),
    ("{x:2}", {"x": "ü€\U0001f600"}, "%C3%BC%E2%82%AC"),
    ("{+x}", {"x": "a b%20c%zz"}, "a%20b%20c%25zz"),
    ("{+x}", {"x": ":/?#[]@!$&'()*+,;="}, ":/?#[]@!$&'()*+,;="),
    ("{x}", {"x": ":/?#[]@!$&'()*+,;="}, "%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D"),
    ("{x}", {"x": "-._~"}, "-._~"),
    ("{x}", {"x": '{}|\\^` "<>'}, "%7B%7D%7C%5C%5E%60%20%22%3C%3E"),
    ("{?q*}", {"q": {"a b": "c&d"}}, "?a%20b=c%26d"),
    ("{#k*}", {"k": {"a/b": "c#d"}}, "#a/b=c#d"),
    ("{x,y}", {"y": "2"}, "2"),
]


@pytest.mark.parametrize(("template", "variables", "want"), VALUES)
def test_value_types(template: str, variables: dict[str, Any], want: str) -> None:
    assert expand(template, variables) == want
    assert Template(template).expand(**variables) == want


def test_keywords_and_mapping_together() -> None:
    t = Template("{a}{/b}")
    assert t.expand({"a": "1", "b": "2"}, b="3") == "1/3"
    assert expand("{a}", {"a": "1"}, a="2") == "2"
    assert expand(t, a="x") == "x"
    with pytest.raises(TypeError, match="'variables' must be a mapping"):
        t.expand(["a"])  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [True, b"x", object(), {"k": [1]}, [None]])
def test_other_value_types_are_a_type_error(bad: object) -> None:
    with pytest.raises(TypeError, match="'x'"):
        expand("{x}", {"x": bad})


@pytest.mark.parametrize(
    ("template", "position"), [("{keys:1}", 5), ("{+keys:1}", 6), ("x{?a,keys:2}", 9)]
)
def test_a_prefix_on_a_composite_value(template: str, position: int) -> None:
    with pytest.raises(URIError) as info:
        expand(template, {"keys": {"a": "b"}, "a": "1"})
    assert info.value.position == position and info.value.component == "template"
    assert "section 2.4.1" in str(info.value)
    with pytest.raises(URIError):
        expand(template, {"keys": ["a"]})


def test_a_lone_surrogate_cannot_be_encoded() -> None:
    with pytest.raises(URIError, match="UTF-8 cannot encode") as info:
        expand("/{x}", {"x": "a\ud800"})
    assert info.value.position == 2


#: (template, given, partial template's text, bound values, the rest, full expansion).
PARTIAL: list[tuple[str, dict[str, Any], str, dict[str, Any], dict[str, Any], str]] = [
    ("/{a}/{b}", {"a": "x y"}, "/x%20y/{b}", {}, {"b": "z"}, "/x%20y/z"),
    ("{?a,b,c}", {"a": "1"}, "?a=1{&b,c}", {}, {"c": "3"}, "?a=1&c=3"),
    ("{?a,b,c}", {"a": None}, "{?b,c}", {}, {"c": "3"}, "?c=3"),
    ("{?a,b}", {"b": "2"}, "{?a,b}", {"b": "2"}, {"a": "1"}, "?a=1&b=2"),
    ("{/a,b}", {"a": ["p", "q"]}, "/p,q{/b}", {}, {"b": "r"}, "/p,q/r"),
    ("{.a,b}", {"a": "x"}, ".x{.b}", {}, {}, ".x"),
    ("{;a,b}", {"a": ""}, ";a{;b}", {}, {"b": "1"}, ";a;b=1"),
    ("{&a,b}", {"a": "1"}, "&a=1{&b}", {}, {"b": "2"}, "&a=1&b=2"),
    ("{a,b}", {"a": "1"}, "{a,b}", {"a": "1"}, {"b": "2"}, "1,2"),
    ("{a,b}", {"a": None}, "{b}", {}, {"b": "2"}, "2"),
    ("{#a,b}", {"a": "1", "b": "2"}, "#1,2", {}, {}, "#1,2"),
    ("{+a}", {"a": "it's"}, "{+a}", {"a": "it's"}, {}, "it's"),
    ("caf\u00e9{x}", {}, "caf\u00e9{x}", {}, {"x": "1"}, "caf%C3%A91"),
]


@pytest.mark.parametrize(("template", "given", "text", "bound", "rest", "full"), PARTIAL)
def test_partial(
    template: str,
    given: dict[str, Any],
    text: str,
    bound: dict[str, Any],
    rest: dict[str, Any],
    full: str,
) -> None:
    t = Template(template)
    p = t.partial(**given)
    assert p.text == text
    assert p.variables == tuple(v for v in t.variables if v not in given)
    assert not set(p.variables) & set(bound)
    assert p.expand(**rest) == full == t.expand(**given, **rest)
    again = Template(p.text)  # the text alone is a template
    assert again.expand(**bound, **rest) == full
