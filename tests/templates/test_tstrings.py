"""urikit.templates.url: URLs from template strings, no value able to change
their structure.

The injection table puts each of VALUES in each of PLACES and holds the answer
to one rule: the value is refused (URIError), or the URL made parses and every
component but the value's own is the one the template writes with a harmless
value there, and the value's own component decodes back to the value. On
Python 3.11 to 3.13 the templates are stand-ins with a template's ``strings``
and ``interpolations``; on 3.14 (CPython, or Pyodide's in Node, as .ci/browser
runs this file) the same table runs through real ``t"..."`` strings too.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

import pytest

import urikit
from urikit import URIError
from urikit.templates import url


@dataclass(frozen=True)
class Interpolation:
    """A stand-in of string.templatelib.Interpolation."""

    value: object
    expression: str = "v"
    conversion: str | None = None
    format_spec: str = ""


@dataclass(frozen=True)
class Template:
    """A stand-in of string.templatelib.Template."""

    strings: tuple[str, ...]
    interpolations: tuple[Interpolation, ...]


def stand_in(place: str, value: object, **how: Any) -> Template:
    """The template ``place`` ("https://{v}/p") with ``value`` as its one value."""
    before, after = place.split("{v}")
    return Template((before, after), (Interpolation(value, **how),))


def real(place: str, value: object) -> object:
    """The same as a real t-string (Python 3.14)."""
    source = "t" + repr(place)
    return eval(compile(source, "<template>", "eval"), {"v": value})


#: Each place a value can land in: the template, its component, and a harmless
#: value that shows what the rest of the URL is.
PLACES = {
    "scheme": ("{v}://h.example/p", "scheme"),
    "userinfo": ("https://{v}@h.example/p", "userinfo"),
    "host": ("https://{v}/p?x=1", "host"),
    "host-label": ("https://{v}.example.com/p", "host"),
    "ip-literal": ("https://[{v}]/p", "host"),
    "port": ("https://h.example:{v}/p", "port"),
    "segment": ("https://h.example/a/{v}/b?x=1", "path"),
    "segment-part": ("https://h.example/a/{v}.json", "path"),
    "query-value": ("https://h.example/p?x={v}&y=2#f", "query"),
    "query-name": ("https://h.example/p?{v}=1&y=2", "query"),
    "fragment": ("https://h.example/p?x=1#{v}", "fragment"),
    "relative": ("{v}/x", "path"),
    "mailto": ("mailto:{v}", "path"),
}

HARMLESS = {"scheme": "https", "port": "8080", "ip-literal": "::1"}

#: Values from the injection classes: traversal, delimiters of every component,
#: encodings, whitespace and controls, Unicode, addresses, schemes.
VALUES = [
    "../admin",
    "..",
    ".",
    "a&admin=1",
    "evil.example#",
    "evil.example/",
    "evil.example?",
    "evil.example@",
    "u:p@evil.example",
    "evil.example:80",
    "a b",
    "a+b",
    "100%",
    "%2e%2e",
    "%2F",
    "..%2f",
    "%00",
    "a;b",
    "a=b",
    "#frag",
    "?q=1",
    "/abs",
    "//evil.example",
    "\\evil.example",
    "\t",
    "\r\nX-Injected: 1",
    "\x00",
    "\x7f",
    "ü",
    "bücher",
    "xn--bcher-kva",
    "日本",
    "\uff25\uff36\uff29\uff2c.example",
    "\u202eevil",
    "::1",
    "127.0.0.1",
    "0x7f.1",
    "[::1]",
    "80",
    "65536",
    "-1",
    "javascript:alert(1)",
    "http://evil.example",
    "",
    " ",
    "a/b",
    "~user",
    "@",
    ":",
    "\ud800",
    "x" * 300,
]


def _answer(place: str, value: object, build: Any) -> str | None:
    """The URL made, or None when url() refused the value."""
    try:
        return url(build(place, value))
    except URIError:
        return None


def _components(ref: urikit.URIReference) -> dict[str, str | None]:
    return {
        "scheme": ref.scheme,
        "userinfo": ref.userinfo,
        "host": ref.host,
        "port": ref.port,
        "path": ref.path,
        "query": ref.query,
        "fragment": ref.fragment,
    }


def _holds(name: str, value: str, made: str, build: Any) -> None:
    """The rule of the table for one cell whose URL was made."""
    template, component = PLACES[name]
    ref = urikit.parse(made)  # it parses
    harmless = url(build(template, HARMLESS.get(name, "x1")))
    base = urikit.parse(harmless)
    got, want = _components(ref), _components(base)
    for part in want:
        if part != component:
            assert got[part] == want[part], (name, value, made, part)
    own = got[component]
    assert own is not None
    if component in ("userinfo", "fragment"):
        assert unquote(own, errors="strict") == value
    elif component == "path":
        assert own.count("/") == want["path"].count("/")  # type: ignore[union-attr]
        segments = own.split("/")
        assert "." not in segments and ".." not in segments
        assert value in unquote(own, errors="strict")
    elif component == "query":
        pairs = [p.split("=", 1)[0] for p in own.split("&")]
        wanted = [p.split("=", 1)[0] for p in want["query"].split("&")]  # type: ignore[union-attr]
        assert len(pairs) == len(wanted)
        if name == "query-value":
            assert pairs == wanted
            assert unquote(own.split("&")[0].split("=", 1)[1], errors="strict") == value
        else:
            assert pairs[1:] == wanted[1:]
            assert unquote(pairs[0], errors="strict") == value
    elif component == "host":
        if name == "host-label":
            assert own.endswith(".example.com")
        assert "@" not in own and "/" not in own and "#" not in own and "?" not in own
    elif component == "port":
        assert own == value and own.isdigit()
    elif component == "scheme":
        assert own == value


@pytest.mark.parametrize("value", VALUES)
@pytest.mark.parametrize("name", list(PLACES))
def test_no_value_changes_the_structure(name: str, value: str) -> None:
    made = _answer(PLACES[name][0], value, stand_in)
    if made is not None:
        _holds(name, value, made, stand_in)


@pytest.mark.skipif(sys.version_info < (3, 14), reason="t-strings need Python 3.14")
@pytest.mark.parametrize("value", VALUES)
@pytest.mark.parametrize("name", list(PLACES))
def test_no_value_changes_the_structure_of_a_real_t_string(name: str, value: str) -> None:
    made = _answer(PLACES[name][0], value, real)
    assert made == _answer(PLACES[name][0], value, stand_in)
    if made is not None:
        _holds(name, value, made, real)


def test_the_table_is_large_enough() -> None:
    assert len(VALUES) >= 40 and len(PLACES) >= 10
    refused = sum(_answer(p, v, stand_in) is None for p, _ in PLACES.values() for v in VALUES)
    made = len(VALUES) * len(PLACES) - refused
    assert refused > 100 and made > 300  # both branches of the rule are exercised


# What some cells give, written out.
WRITTEN = [
    ("https://api.example/users/{v}", "../admin", "https://api.example/users/..%2Fadmin"),
    ("https://h/p?q={v}", "a&admin=1", "https://h/p?q=a%26admin%3D1"),
    ("https://h/p?q={v}", "a b+c", "https://h/p?q=a%20b%2Bc"),
    ("https://h/p?{v}=1", "a=b", "https://h/p?a%3Db=1"),
    ("https://{v}/", "bücher.example", "https://xn--bcher-kva.example/"),
    ("https://{v}/", "\uff25\uff36\uff29\uff2c.example", "https://evil.example/"),
    ("https://{v}/", "::1", "https://[::1]/"),
    ("https://[{v}]/", "::1", "https://[::1]/"),
    ("https://{v}/", "127.0.0.1", "https://127.0.0.1/"),
    ("https://h:{v}/", 8080, "https://h:8080/"),
    ("https://{v}@h/", "u:p@x", "https://u%3Ap%40x@h/"),
    ("https://h/#{v}", "a#b c", "https://h/#a%23b%20c"),
    ("{v}/x", "a:b", "a%3Ab/x"),
    ("/{v}/x", "a:b", "/a:b/x"),
    ("mailto:{v}", "a@b.example?subject=x", "mailto:a@b.example%3Fsubject=x"),
    ("https://h/{v}", "100%", "https://h/100%25"),
    ("https://h/{v}", "%2e%2e", "https://h/%252e%252e"),
    ("https://h/{v}.json", "a/b", "https://h/a%2Fb.json"),
]


@pytest.mark.parametrize(("place", "value", "want"), WRITTEN)
def test_what_a_value_becomes(place: str, value: object, want: str) -> None:
    assert url(stand_in(place, value)) == want


# Refused, with the component and the position of the value's "{" in the
# template as written.
REFUSED = [
    ("https://{v}/login", "evil.example#", "host", 8, "{v} is 'evil.example#', which holds '#'"),
    ("https://{v}/login", "evil.example/x", "host", 8, "which holds '/'"),
    ("https://{v}/", "", "host", 8, "is empty"),
    ("https://{v}/", "a:b", "host", 8, "which holds ':'"),
    ("https://h:{v}/", "80/x", "port", 10, "not a port"),
    ("https://h:{v}/", 70000, "port", 10, "not a port"),
    ("https://h/{v}/x", "..", "path", 10, "makes the segment '..'"),
    ("https://h/{v}", ".", "path", 10, "makes the segment '.'"),
    ("{v}://h/", "java script", "scheme", 0, "which holds ' '"),
    ("{v}://h/", "", "scheme", 0, "is empty"),
    # an empty first segment would make "//x" an authority: the parse says so
    ("{v}//x", "", "path", 0, "changes the URL's structure"),
    ("https://h/{v}", True, "path", 10, "is bool True"),
    ("https://h/{v}", None, "path", 10, "is NoneType None"),
    ("https://h/{v}", 1.5, "path", 10, "is float 1.5"),
]


@pytest.mark.parametrize(("place", "value", "component", "position", "words"), REFUSED)
def test_what_is_refused(
    place: str, value: object, component: str, position: int, words: str
) -> None:
    with pytest.raises(URIError) as caught:
        url(stand_in(place, value))
    err = caught.value
    assert (err.reason, err.component, err.position) == ("bad-value", component, position)
    assert words in str(err)
    assert err.text == place


def test_two_values_that_make_a_dot_dot_segment_together() -> None:
    template = Template(
        ("https://h/", "", "/x"), (Interpolation(".", "a"), Interpolation(".", "b"))
    )
    with pytest.raises(URIError, match=r"makes the segment '\.\.'"):
        url(template)


def test_conversions_and_format_specs_apply_as_in_an_f_string() -> None:
    assert url(stand_in("https://h/{v}", 1.5, conversion="s")) == "https://h/1.5"
    assert url(stand_in("https://h/{v}", "é", conversion="a")) == "https://h/'%5Cxe9'"
    assert url(stand_in("https://h/{v}", 7, format_spec="03d")) == "https://h/007"
    assert url(stand_in("https://h/p?n={v}", 0.5, format_spec=".0%")) == "https://h/p?n=50%25"
    with pytest.raises(URIError, match="unknown conversion"):
        url(stand_in("https://h/{v}", "x", conversion="z"))


def test_a_mapping_as_the_whole_query() -> None:
    params = {"q": "a&b", "tag": ["x y", "z"], "n": 2}
    made = url(stand_in("https://h/search?{v}", params))
    assert made == "https://h/search?q=a%26b&tag=x%20y&tag=z&n=2"
    pairs = [("a", "1"), ("a", "2")]
    assert url(stand_in("https://h/?{v}#f", pairs)) == "https://h/?a=1&a=2#f"
    with pytest.raises(URIError, match="mapping"):
        url(stand_in("https://h/?{v}", {"a": None}))
    with pytest.raises(URIError, match="is dict"):  # a mapping elsewhere is refused
        url(stand_in("https://h/?x={v}", {"a": "1"}))


def test_the_literal_text_is_checked_too() -> None:
    with pytest.raises(URIError) as caught:
        url(Template(("https://h/a b/", ""), (Interpolation("x"),)))
    assert caught.value.reason == "invalid-char"
    with pytest.raises(URIError):
        url(Template(("https://h/\x00", ""), (Interpolation("x"),)))


def test_a_template_with_no_values() -> None:
    assert url(Template(("https://h/p?q",), ())) == "https://h/p?q"


@pytest.mark.parametrize("bad", ["https://h/", b"x", Template(("a",), (Interpolation(1),))])
def test_what_is_not_a_template(bad: object) -> None:
    with pytest.raises(TypeError, match="url"):
        url(bad)  # type: ignore[arg-type]
