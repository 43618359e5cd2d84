"""Reading templates (RFC 6570 section 2): what is refused, where and why."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urikit import URIError
from urikit.templates import Template, expand

#: (template, 0-based position of the fault, words of the detail).
MALFORMED: list[tuple[str, int, str]] = [
    ("{var", 4, "missing '}'"),
    ("{", 1, "missing '}'"),
    ("a{b{c}", 3, "missing '}'"),
    ("a}b", 1, "'}' without an opening '{'"),
    ("{}", 1, "expected a variable name, found '}'"),
    ("{+}", 2, "expected a variable name"),
    ("{=x}", 1, "reserved for future extensions"),
    ("{,x}", 1, "reserved"),
    ("{!x}", 1, "reserved"),
    ("{@x}", 1, "reserved"),
    ("{|x}", 1, "reserved"),
    ("{$x}", 1, "expected a variable name, found '$'"),
    ("{x,}", 3, "expected a variable name, found '}'"),
    ("{x y}", 2, "expected ',' or '}'"),
    ("{x:}", 3, "a prefix ':' takes a length from 1 to 9999"),
    ("{x:0}", 3, "no leading zero"),
    ("{x:05}", 3, "no leading zero"),
    ("{x:10000}", 3, "1 to 9999"),
    ("{x:3*}", 4, "after a modifier"),
    ("{x**}", 3, "after a modifier"),
    ("{x.}", 2, "expected ',' or '}'"),
    ("{.x..y}", 3, "expected ',' or '}'"),
    ("{%2}", 1, "'%' in a variable name must start a triplet"),
    ("{x%zz}", 2, "'%' in a variable name"),
    ("a%zz", 1, "'%' must start a percent-encoded triplet"),
    ("a%2", 1, "'%' must start"),
    ("a b", 1, "' ' is not allowed in a literal"),
    ('a"b', 1, "not allowed in a literal"),
    ("a'b", 1, "not allowed in a literal"),
    ("a<b", 1, "not allowed"),
    ("a\\b", 1, "not allowed"),
    ("a^b", 1, "not allowed"),
    ("a`b", 1, "not allowed"),
    ("a|b", 1, "not allowed"),
    ("a\x7fb", 1, "not allowed"),
    ("a\nb", 1, "not allowed"),
    ("a\ufffeb", 1, "not allowed"),
]


@pytest.mark.parametrize(("template", "position", "words"), MALFORMED)
def test_malformed_templates_name_the_fault(template: str, position: int, words: str) -> None:
    with pytest.raises(URIError) as info:
        Template(template)
    err = info.value
    assert (err.reason, err.component, err.position, err.text) == (
        "bad-template",
        "template",
        position,
        template,
    )
    assert words in str(err)
    assert f"position {position}" in str(err)
    with pytest.raises(URIError):
        expand(template, {})


#: Templates RFC 6570 allows that a careless reader might refuse.
WELL_FORMED: list[tuple[str, tuple[str, ...]]] = [
    ("", ()),
    ("no-expressions:/a?b=c#d", ()),
    ("/vars/:var", ()),
    ("caf\u00e9/\ue000/\U00010000", ()),
    ("%7Euser/{x}", ("x",)),
    ("{last.name}", ("last.name",)),
    ("{Some%20Thing}", ("Some%20Thing",)),
    ("{_x9,X_}", ("_x9", "X_")),
    ("{x:9999}", ("x",)),
    ("{x}{x}{?x}", ("x",)),
    ("{+a}{#b}{.c}{/d}{;e}{?f}{&g}", tuple("abcdefg")),
]


@pytest.mark.parametrize(("template", "variables"), WELL_FORMED)
def test_well_formed_templates(template: str, variables: tuple[str, ...]) -> None:
    t = Template(template)
    assert t.variables == variables
    assert t.text == str(t) == template


def test_literals_are_encoded_as_section_3_1_says() -> None:
    assert expand("caf\u00e9/%7E/:@!$&()*+,;=", {}) == "caf%C3%A9/%7E/:@!$&()*+,;="


def test_template_is_immutable_hashable_and_picklable() -> None:
    t = Template("/users/{id}")
    with pytest.raises(AttributeError):
        t._text = "x"
    with pytest.raises(AttributeError):
        del t._text
    assert t == Template("/users/{id}") and hash(t) == hash(Template("/users/{id}"))
    assert t != Template("/users/{name}")
    assert (t == "/users/{id}") is False
    assert pickle.loads(pickle.dumps(t)) == t
    bound = Template("{a,b}").partial(a="1")
    assert pickle.loads(pickle.dumps(bound)) == bound
    assert repr(t) == "Template('/users/{id}')"


@pytest.mark.parametrize("bad", [None, b"{x}", 3])
def test_a_template_must_be_text(bad: object) -> None:
    with pytest.raises(TypeError, match="'text' must be str"):
        Template(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="'template' must be str"):
        expand(bad, {})  # type: ignore[arg-type]


_TEMPLATE_CHARS = st.sampled_from([*"{}+#./;?&=,!@|:*%2Fab_.-~ 'é\x00", "%41", "{x}", "{/y*}"])


@settings(max_examples=500, deadline=None)
@given(st.lists(_TEMPLATE_CHARS, max_size=12).map("".join))
def test_any_text_is_a_template_or_a_uri_error(text: str) -> None:
    try:
        t = Template(text)
    except URIError as err:
        assert err.component == "template" and 0 <= err.position <= len(text)
        return
    assert Template(t.text) == t
    assert isinstance(t.expand(x="1", y=["a", "b"]), str)


@settings(max_examples=500, deadline=None)
@given(
    st.lists(_TEMPLATE_CHARS, max_size=10).map("".join),
    st.text(st.sampled_from(list("/?&=,;.#%2Fab")), max_size=12),
)
def test_match_of_any_text_is_a_dict_none_or_a_refusal(text: str, uri: str) -> None:
    try:
        t = Template(text)
    except URIError:
        return
    try:
        found = t.match(uri)
    except URIError as err:
        assert "cannot match" in str(err)
        return
    assert found is None or t.expand(found) == uri
