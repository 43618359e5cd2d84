"""Template.match: the variables that give a URI back, the templates it refuses,
the round trip for generated templates and values, and linear time."""

from __future__ import annotations

from typing import Any

import pytest
from growth import LIMIT, scaled
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from urikit import URIError
from urikit.templates import Template

#: (template, URI, the variables match gives).
MATCHES: list[tuple[str, str, dict[str, Any]]] = [
    ("/users/{id}", "/users/42", {"id": "42"}),
    ("/users/{id}", "/users/a%20b", {"id": "a b"}),
    ("/users/{id}", "/users/", {}),
    (
        "{+base}/users/{id}{?page,per_page}",
        "https://h/v1/users/7?page=2",
        {"base": "https://h/v1", "id": "7", "page": "2"},
    ),
    ("{/path*}{?q*}", "/a/b%20c?x=1&y=", {"path": ["a", "b c"], "q": {"x": "1", "y": ""}}),
    ("{/path*}{?q*}", "/a", {"path": ["a"]}),
    ("{/path*}{?q*}", "?x=1", {"q": {"x": "1"}}),
    ("{/path*}{?q*}", "", {}),
    ("{?list*}", "?list=red&list=green", {"list": ["red", "green"]}),
    ("{?x,y,empty}", "?x=1024&y=768&empty=", {"x": "1024", "y": "768", "empty": ""}),
    ("{?x,y}", "?y=768", {"y": "768"}),
    ("{;x,y,empty}", ";x=1024;y=768;empty", {"x": "1024", "y": "768", "empty": ""}),
    ("{;list}", ";list=red,green", {"list": ["red", "green"]}),
    ("X{.x,y}", "X.1024.768", {"x": "1024", "y": "768"}),
    (
        "{/list*,path:4}",
        "/red/green/blue/%2Ffoo",
        {"list": ["red", "green", "blue"], "path": "/foo"},
    ),
    ("{keys*}", "comma=%2C,dot=.", {"keys": {"comma": ",", "dot": "."}}),
    ("{list}", "red,green,blue", {"list": ["red", "green", "blue"]}),
    ("{+path}/here", "/foo/bar/here", {"path": "/foo/bar"}),
    ("{+x}", "a%2Fb", {"x": "a%2Fb"}),
    (
        "{#x,hello,y}",
        "#1024,Hello%20World!,768",
        {"x": "1024", "hello": "Hello%20World!", "y": "768"},
    ),
    ("{var:3}/{var}", "val/value", {"var": "value"}),
    ("{id}.json", "a.b.json", {"id": "a.b"}),
    ("/search{?q}{&page}", "/search?q=uri&page=2", {"q": "uri", "page": "2"}),
    ("/c/{+path}{?ref}", "/c/Lib/json?ref=main", {"path": "Lib/json", "ref": "main"}),
    ("/c/{+path}{?ref}", "/c/Lib/json", {"path": "Lib/json"}),
    ("{+base}{#frag}", "http://h/a?b#c", {"base": "http://h/a?b", "frag": "c"}),
    ("{/id}{?q}", "/5", {"id": "5"}),
    ("caf\u00e9/{x}", "caf%C3%A9/1", {"x": "1"}),
    (
        "/lookup{?Stra%C3%9Fe}",
        "/lookup?Stra%C3%9Fe=Gr%C3%BCner%20Weg",
        {"Stra%C3%9Fe": "Grüner Weg"},
    ),
]


@pytest.mark.parametrize(("template", "uri", "want"), MATCHES)
def test_match(template: str, uri: str, want: dict[str, Any]) -> None:
    t = Template(template)
    assert t.match(uri) == want
    assert t.expand(want) == uri


#: (template, a URI no values expand it to).
NO_MATCH: list[tuple[str, str]] = [
    ("/users/{id}", "/groups/1"),
    ("/users/{id}", "/users/1/2"),
    ("/users/{id}", "/users/%41"),  # expansion writes "A"
    ("/users/{id}", "/users/%FF"),  # not UTF-8
    ("/users/{id}", "/users/%zz"),
    ("{?q}", "?r=1"),
    ("{?q}", "q=1"),
    ("{;q}", ";q=1;r=2"),
    ("{var:3}", "value"),
    ("{a}/{a}", "x/y"),
    ("{+a}!", "x"),
    ("{/a}", "/a b"),
]


@pytest.mark.parametrize(("template", "uri"), NO_MATCH)
def test_no_match(template: str, uri: str) -> None:
    assert Template(template).match(uri) is None


#: (template, the position of the expression that makes it ambiguous).
AMBIGUOUS: list[tuple[str, int]] = [
    ("{a}{b}", 3),
    ("{a}{+b}", 3),
    ("{+a}{/b}", 4),
    ("{+a}{;b}", 4),
    ("{id}{.format}", 4),
    ("{/a*}{/b}", 5),
    ("{?a,b}{&c}", 6),
]


@pytest.mark.parametrize(("template", "position"), AMBIGUOUS)
def test_ambiguous_templates_are_refused_at_match_time(template: str, position: int) -> None:
    t = Template(template)  # a valid template: expansion is fine
    t.expand(a="1", b="2")
    with pytest.raises(URIError, match="cannot match") as info:
        t.match("12")
    assert (info.value.reason, info.value.component, info.value.position) == (
        "bad-template",
        "template",
        position,
    )


def test_match_of_a_partial_template_checks_its_bound_values() -> None:
    p = Template("{a,b}").partial(a="1")
    assert p.match("1,2") == {"b": "2"}
    assert p.match("3,2") is None


def test_match_takes_text_only() -> None:
    with pytest.raises(TypeError, match="'uri' must be str"):
        Template("{x}").match(b"x")  # type: ignore[arg-type]


# The round trip. Values draw on characters every operator encodes or keeps,
# less those that rule 2 of the matcher (docs/howto-templates.md) reads as
# structure: no "." (the separator of {.x}), and literals of sub-delims that no
# value holds, so the first occurrence of a literal is its own.
_VALUE_CHARS = "aZ09-_~ /?&=,;%é#:€"
_LITERAL_CHARS = "!@$()*+"
_OPERATORS = ["", "+", "#", ".", "/", ";", "?", "&"]

_PLAIN = st.text(_VALUE_CHARS, max_size=6)
# {+a,b} and {#a,b} keep a value's ",": it reads as their separator (rule 3);
# and "?" and "#", which end them before an expression of "?" or "#" (rule 1).
_RESERVED = st.text(_VALUE_CHARS.replace(",", "").replace("?", "").replace("#", ""), max_size=6)


@st.composite
def _expression(draw: st.DrawFn, names: list[str]) -> tuple[str, dict[str, Any]]:
    op = draw(st.sampled_from(_OPERATORS))
    _scalars = _RESERVED if op in ("+", "#") else _PLAIN
    count = draw(st.integers(1, 3))
    specs: list[str] = []
    values: dict[str, Any] = {}
    for k in range(count):
        name = f"v{len(names)}"
        names.append(name)
        last = k == count - 1
        kind = draw(st.sampled_from(["str", "prefix", "list", "explode", "none"]))
        if kind == "explode" and not last:
            kind = "list"  # an exploded variable comes last (rule 3)
        if kind == "list" and not last and op in ("", "+", "#"):
            kind = "str"  # where "," separates variables, a list is the last one's (rule 3)
        if kind == "prefix":
            specs.append(f"{name}:{draw(st.integers(1, 4))}")
            values[name] = draw(_scalars)
        elif kind == "str":
            specs.append(name)
            values[name] = draw(_scalars)
        elif kind == "list":
            specs.append(name)
            values[name] = draw(st.lists(_scalars, max_size=3))
        elif kind == "explode":
            specs.append(name + "*")
            if draw(st.booleans()):
                values[name] = draw(st.lists(_scalars, max_size=3))
            else:
                values[name] = draw(st.dictionaries(_scalars, _scalars, max_size=3))
        else:
            specs.append(name)
            values[name] = None
    return "{" + op + ",".join(specs) + "}", values


@st.composite
def _templates(draw: st.DrawFn) -> tuple[Template, dict[str, Any]]:
    names: list[str] = []
    text = ""
    values: dict[str, Any] = {}
    for _ in range(draw(st.integers(1, 4))):
        if draw(st.booleans()):
            text += draw(st.text(_LITERAL_CHARS, min_size=1, max_size=3))
        expression, more = draw(_expression(names))
        text += expression
        values.update(more)
    if draw(st.booleans()):
        text += draw(st.text(_LITERAL_CHARS, min_size=1, max_size=3))
    return Template(text), values


@settings(max_examples=400, deadline=None)
@given(_templates())
def test_match_round_trip(case: tuple[Template, dict[str, Any]]) -> None:
    t, values = case
    uri = t.expand(**values)
    try:
        found = t.match(uri)
    except URIError as err:
        assert "cannot match" in str(err)
        assume(False)
        return
    assert found is not None, (t, values, uri)
    assert t.expand(**found) == uri


def _long_uri(n: int) -> str:
    return "/" + "/".join(["seg%20x"] * (n // 8)) + "?" + "&".join(["k=v"] * (n // 8))


@pytest.mark.timing
@pytest.mark.parametrize(
    ("template", "make"),
    [
        ("{/path*}{?q*}", _long_uri),
        ("{+base}/users/{id}", lambda n: "h:" + "/users" * (n // 6) + "/users/x"),
        ("{/a}{/b}", lambda n: "/" + "a" * n),  # no match: the second '/' never comes
        ("{?q}", lambda n: "?q=" + "," * n),
    ],
)
def test_match_is_linear(template: str, make: Any) -> None:
    t = Template(template)
    ratio = scaled(t.match, make, largest=400_000)
    assert ratio <= LIMIT, (template, ratio)


@settings(max_examples=300, deadline=None)
@given(_templates(), st.data())
def test_partial_then_expand_is_expand(
    case: tuple[Template, dict[str, Any]], data: st.DataObject
) -> None:
    t, values = case
    names = sorted(values)
    given_names = data.draw(st.sets(st.sampled_from(names)) if names else st.just(set()))
    now = {n: values[n] for n in given_names}
    later = {n: v for n, v in values.items() if n not in given_names}
    p = t.partial(**now)
    assert p.expand(**later) == t.expand(**values)
    assert set(p.variables) == set(t.variables) - given_names
