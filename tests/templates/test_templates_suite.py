"""The URI Template test suite (uri-templates/uritemplate-test), as urikit's tables.

The facts are those of the suite's JSON files, read on GitHub
(uri-templates/uritemplate-test: ``spec-examples.json``,
``spec-examples-by-section.json``, ``extended-tests.json`` and
``negative-tests.json``): each group's variables and each template's expansion,
written here as Python tables in the files' groups. Where the suite accepts
several answers (a list), so does the table: the orders of an associative
array's pairs, which the suite lists in full, are written with :func:`orders`
(every permutation of the pairs, as the suite's lists are); urikit keeps a
dict's own order, which is one of them. A negative case (the suite's ``false``)
must raise :class:`urikit.URIError` naming the template and a position in it;
the suite's later negative cases (``{with space}``, ``/people/{~thing}``,
``/resolution{?x, y}``...) are in, and its early ``/vars/:var`` (no expression:
RFC 6570 allows it as a literal, and the suite dropped it) is not.
"""

# ruff: noqa: RUF001 (the suite's values hold U+00D7 MULTIPLICATION SIGN)
from __future__ import annotations

from itertools import permutations
from typing import Any

import pytest

from urikit import URIError
from urikit.templates import Template, expand


def orders(prefix: str, sep: str, *pairs: str) -> tuple[str, ...]:
    """``prefix`` then the ``pairs`` joined by ``sep``, in every order."""
    return tuple(prefix + sep.join(p) for p in permutations(pairs))


KEYS = {"comma": ",", "dot": ".", "semi": ";"}

#: spec-examples.json: the overview table of RFC 6570 section 1.2, by level.
SPEC_EXAMPLES: list[tuple[str, dict[str, Any], list[tuple[str, str | tuple[str, ...]]]]] = [
    (
        "Level 1 Examples",
        {"var": "value", "hello": "Hello World!"},
        [("{var}", "value"), ("{hello}", "Hello%20World%21")],
    ),
    (
        "Level 2 Examples",
        {"var": "value", "hello": "Hello World!", "path": "/foo/bar"},
        [
            ("{+var}", "value"),
            ("{+hello}", "Hello%20World!"),
            ("{+path}/here", "/foo/bar/here"),
            ("here?ref={+path}", "here?ref=/foo/bar"),
        ],
    ),
    (
        "Level 3 Examples",
        {
            "var": "value",
            "hello": "Hello World!",
            "empty": "",
            "path": "/foo/bar",
            "x": "1024",
            "y": "768",
        },
        [
            ("map?{x,y}", "map?1024,768"),
            ("{x,hello,y}", "1024,Hello%20World%21,768"),
            ("{+x,hello,y}", "1024,Hello%20World!,768"),
            ("{+path,x}/here", "/foo/bar,1024/here"),
            ("{#x,hello,y}", "#1024,Hello%20World!,768"),
            ("{#path,x}/here", "#/foo/bar,1024/here"),
            ("X{.var}", "X.value"),
            ("X{.x,y}", "X.1024.768"),
            ("{/var}", "/value"),
            ("{/var,x}/here", "/value/1024/here"),
            ("{;x,y}", ";x=1024;y=768"),
            ("{;x,y,empty}", ";x=1024;y=768;empty"),
            ("{?x,y}", "?x=1024&y=768"),
            ("{?x,y,empty}", "?x=1024&y=768&empty="),
            ("?fixed=yes{&x}", "?fixed=yes&x=1024"),
            ("{&x,y,empty}", "&x=1024&y=768&empty="),
        ],
    ),
    (
        "Level 4 Examples",
        {
            "var": "value",
            "hello": "Hello World!",
            "path": "/foo/bar",
            "list": ["red", "green", "blue"],
            "keys": KEYS,
        },
        [
            ("{var:3}", "val"),
            ("{var:30}", "value"),
            ("{list}", "red,green,blue"),
            ("{list*}", "red,green,blue"),
            ("{keys}", orders("", ",", "comma,%2C", "dot,.", "semi,%3B")),
            ("{keys*}", orders("", ",", "comma=%2C", "dot=.", "semi=%3B")),
            ("{+path:6}/here", "/foo/b/here"),
            ("{+list}", "red,green,blue"),
            ("{+list*}", "red,green,blue"),
            ("{+keys}", orders("", ",", "comma,,", "dot,.", "semi,;")),
            ("{+keys*}", orders("", ",", "comma=,", "dot=.", "semi=;")),
            ("{#path:6}/here", "#/foo/b/here"),
            ("{#list}", "#red,green,blue"),
            ("{#list*}", "#red,green,blue"),
            ("{#keys}", orders("#", ",", "comma,,", "dot,.", "semi,;")),
            ("{#keys*}", orders("#", ",", "comma=,", "dot=.", "semi=;")),
            ("X{.var:3}", "X.val"),
            ("X{.list}", "X.red,green,blue"),
            ("X{.list*}", "X.red.green.blue"),
            ("X{.keys}", orders("X.", ",", "comma,%2C", "dot,.", "semi,%3B")),
            ("{/var:1,var}", "/v/value"),
            ("{/list}", "/red,green,blue"),
            ("{/list*}", "/red/green/blue"),
            ("{/list*,path:4}", "/red/green/blue/%2Ffoo"),
            ("{/keys}", orders("/", ",", "comma,%2C", "dot,.", "semi,%3B")),
            ("{/keys*}", orders("/", "/", "comma=%2C", "dot=.", "semi=%3B")),
            ("{;hello:5}", ";hello=Hello"),
            ("{;list}", ";list=red,green,blue"),
            ("{;list*}", ";list=red;list=green;list=blue"),
            ("{;keys}", orders(";keys=", ",", "comma,%2C", "dot,.", "semi,%3B")),
            ("{;keys*}", orders(";", ";", "comma=%2C", "dot=.", "semi=%3B")),
            ("{?var:3}", "?var=val"),
            ("{?list}", "?list=red,green,blue"),
            ("{?list*}", "?list=red&list=green&list=blue"),
            ("{?keys}", orders("?keys=", ",", "comma,%2C", "dot,.", "semi,%3B")),
            ("{?keys*}", orders("?", "&", "comma=%2C", "dot=.", "semi=%3B")),
            ("{&var:3}", "&var=val"),
            ("{&list}", "&list=red,green,blue"),
            ("{&list*}", "&list=red&list=green&list=blue"),
            ("{&keys}", orders("&keys=", ",", "comma,%2C", "dot,.", "semi,%3B")),
            ("{&keys*}", orders("&", "&", "comma=%2C", "dot=.", "semi=%3B")),
        ],
    ),
]

#: The variables every group of spec-examples-by-section.json has.
SECTION_VARIABLES: dict[str, Any] = {
    "count": ["one", "two", "three"],
    "dom": ["example", "com"],
    "dub": "me/too",
    "hello": "Hello World!",
    "half": "50%",
    "var": "value",
    "who": "fred",
    "base": "http://example.com/home/",
    "path": "/foo/bar",
    "list": ["red", "green", "blue"],
    "keys": KEYS,
    "v": "6",
    "x": "1024",
    "y": "768",
    "empty": "",
    "empty_keys": {},
    "undef": None,
}

#: spec-examples-by-section.json: the walkthroughs of RFC 6570 section 3.2.
BY_SECTION: list[tuple[str, list[tuple[str, str | tuple[str, ...]]]]] = [
    (
        "3.2.1 Variable Expansion",
        [
            ("{count}", "one,two,three"),
            ("{count*}", "one,two,three"),
            ("{/count}", "/one,two,three"),
            ("{/count*}", "/one/two/three"),
            ("{;count}", ";count=one,two,three"),
            ("{;count*}", ";count=one;count=two;count=three"),
            ("{?count}", "?count=one,two,three"),
            ("{?count*}", "?count=one&count=two&count=three"),
            ("{&count*}", "&count=one&count=two&count=three"),
        ],
    ),
    (
        "3.2.2 Simple String Expansion",
        [
            ("{var}", "value"),
            ("{hello}", "Hello%20World%21"),
            ("{half}", "50%25"),
            ("O{empty}X", "OX"),
            ("O{undef}X", "OX"),
            ("{x,y}", "1024,768"),
            ("{x,hello,y}", "1024,Hello%20World%21,768"),
            ("?{x,empty}", "?1024,"),
            ("?{x,undef}", "?1024"),
            ("?{undef,y}", "?768"),
            ("{var:3}", "val"),
            ("{var:30}", "value"),
            ("{list}", "red,green,blue"),
            ("{list*}", "red,green,blue"),
            ("{keys}", orders("", ",", "comma,%2C", "dot,.", "semi,%3B")),
            ("{keys*}", orders("", ",", "comma=%2C", "dot=.", "semi=%3B")),
        ],
    ),
    (
        "3.2.3 Reserved Expansion",
        [
            ("{+var}", "value"),
            ("{+hello}", "Hello%20World!"),
            ("{+half}", "50%25"),
            ("{base}index", "http%3A%2F%2Fexample.com%2Fhome%2Findex"),
            ("{+base}index", "http://example.com/home/index"),
            ("O{+empty}X", "OX"),
            ("O{+undef}X", "OX"),
            ("{+path}/here", "/foo/bar/here"),
            ("{+path:6}/here", "/foo/b/here"),
            ("here?ref={+path}", "here?ref=/foo/bar"),
            ("up{+path}{var}/here", "up/foo/barvalue/here"),
            ("{+x,hello,y}", "1024,Hello%20World!,768"),
            ("{+path,x}/here", "/foo/bar,1024/here"),
            ("{+list}", "red,green,blue"),
            ("{+list*}", "red,green,blue"),
            ("{+keys}", orders("", ",", "comma,,", "dot,.", "semi,;")),
            ("{+keys*}", orders("", ",", "comma=,", "dot=.", "semi=;")),
        ],
    ),
    (
        "3.2.4 Fragment Expansion",
        [
            ("{#var}", "#value"),
            ("{#hello}", "#Hello%20World!"),
            ("{#half}", "#50%25"),
            ("foo{#empty}", "foo#"),
            ("foo{#undef}", "foo"),
            ("{#x,hello,y}", "#1024,Hello%20World!,768"),
            ("{#path,x}/here", "#/foo/bar,1024/here"),
            ("{#path:6}/here", "#/foo/b/here"),
            ("{#list}", "#red,green,blue"),
            ("{#list*}", "#red,green,blue"),
            ("{#keys}", orders("#", ",", "comma,,", "dot,.", "semi,;")),
        ],
    ),
    (
        "3.2.5 Label Expansion with Dot-Prefix",
        [
            ("{.who}", ".fred"),
            ("{.who,who}", ".fred.fred"),
            ("{.half,who}", ".50%25.fred"),
            ("www{.dom*}", "www.example.com"),
            ("X{.var}", "X.value"),
            ("X{.var:3}", "X.val"),
            ("X{.empty}", "X."),
            ("X{.undef}", "X"),
            ("X{.list}", "X.red,green,blue"),
            ("X{.list*}", "X.red.green.blue"),
            ("{#keys}", orders("#", ",", "comma,,", "dot,.", "semi,;")),
            ("{#keys*}", orders("#", ",", "comma=,", "dot=.", "semi=;")),
            ("X{.empty_keys}", "X"),
            ("X{.empty_keys*}", "X"),
        ],
    ),
    (
        "3.2.6 Path Segment Expansion",
        [
            ("{/who}", "/fred"),
            ("{/who,who}", "/fred/fred"),
            ("{/half,who}", "/50%25/fred"),
            ("{/who,dub}", "/fred/me%2Ftoo"),
            ("{/var}", "/value"),
            ("{/var,empty}", "/value/"),
            ("{/var,undef}", "/value"),
            ("{/var,x}/here", "/value/1024/here"),
            ("{/var:1,var}", "/v/value"),
            ("{/list}", "/red,green,blue"),
            ("{/list*}", "/red/green/blue"),
            ("{/list*,path:4}", "/red/green/blue/%2Ffoo"),
            ("{/keys}", orders("/", ",", "comma,%2C", "dot,.", "semi,%3B")),
            ("{/keys*}", orders("/", "/", "comma=%2C", "dot=.", "semi=%3B")),
        ],
    ),
    (
        "3.2.7 Path-Style Parameter Expansion",
        [
            ("{;who}", ";who=fred"),
            ("{;half}", ";half=50%25"),
            ("{;empty}", ";empty"),
            ("{;hello:5}", ";hello=Hello"),
            ("{;v,empty,who}", ";v=6;empty;who=fred"),
            ("{;v,bar,who}", ";v=6;who=fred"),
            ("{;x,y}", ";x=1024;y=768"),
            ("{;x,y,empty}", ";x=1024;y=768;empty"),
            ("{;x,y,undef}", ";x=1024;y=768"),
            ("{;list}", ";list=red,green,blue"),
            ("{;list*}", ";list=red;list=green;list=blue"),
            ("{;keys}", orders(";keys=", ",", "comma,%2C", "dot,.", "semi,%3B")),
            ("{;keys*}", orders(";", ";", "comma=%2C", "dot=.", "semi=%3B")),
        ],
    ),
    (
        "3.2.8 Form-Style Query Expansion",
        [
            ("{?who}", "?who=fred"),
            ("{?half}", "?half=50%25"),
            ("{?x,y}", "?x=1024&y=768"),
            ("{?x,y,empty}", "?x=1024&y=768&empty="),
            ("{?x,y,undef}", "?x=1024&y=768"),
            ("{?var:3}", "?var=val"),
            ("{?list}", "?list=red,green,blue"),
            ("{?list*}", "?list=red&list=green&list=blue"),
            ("{?keys}", orders("?keys=", ",", "comma,%2C", "dot,.", "semi,%3B")),
            ("{?keys*}", orders("?", "&", "comma=%2C", "dot=.", "semi=%3B")),
        ],
    ),
    (
        "3.2.9 Form-Style Query Continuation",
        [
            ("{&who}", "&who=fred"),
            ("{&half}", "&half=50%25"),
            ("?fixed=yes{&x}", "?fixed=yes&x=1024"),
            ("{&var:3}", "&var=val"),
            ("{&x,y,empty}", "&x=1024&y=768&empty="),
            ("{&x,y,undef}", "&x=1024&y=768"),
            ("{&list}", "&list=red,green,blue"),
            ("{&list*}", "&list=red&list=green&list=blue"),
            ("{&keys}", orders("&keys=", ",", "comma,%2C", "dot,.", "semi,%3B")),
            ("{&keys*}", orders("&", "&", "comma=%2C", "dot=.", "semi=%3B")),
        ],
    ),
]

_PREFIX_QUERY = (
    "PREFIX dc: <http://purl.org/dc/elements/1.1/> SELECT ?book ?who WHERE "
    "{ ?book dc:creator ?who }"
)
_RANDOM = "šöäŸœñê€£¥‡ÑÒÓÔÕÖ×ØÙÚàáâãäåæçÿ"
_RANDOM_ENCODED = (
    "%C5%A1%C3%B6%C3%A4%C5%B8%C5%93%C3%B1%C3%AA%E2%82%AC%C2%A3%C2%A5%E2%80%A1%C3%91%C3%92"
    "%C3%93%C3%94%C3%95%C3%96%C3%97%C3%98%C3%99%C3%9A%C3%A0%C3%A1%C3%A2%C3%A3%C3%A4%C3%A5"
    "%C3%A6%C3%A7%C3%BF"
)
_ANSWER = "The Answer to the Ultimate Question of Life, the Universe, and Everything"
_ANSWER_ENCODED = (
    "The%20Answer%20to%20the%20Ultimate%20Question%20of%20Life%2C%20the%20Universe%2C"
    "%20and%20Everything"
)


#: extended-tests.json.
EXTENDED: list[tuple[str, dict[str, Any], list[tuple[str, str | tuple[str, ...]]]]] = [
    (
        "Additional Examples 1",
        {
            "id": "person",
            "token": "12345",
            "fields": ["id", "name", "picture"],
            "format": "json",
            "q": "URI Templates",
            "page": "5",
            "lang": "en",
            "geocode": ["37.76", "-122.427"],
            "first_name": "John",
            "last.name": "Doe",
            "Some%20Thing": "foo",
            "number": 6,
            "long": 37.76,
            "lat": -122.427,
            "group_id": "12345",
            "query": _PREFIX_QUERY,
            "uri": "http://example.org/?uri=http%3A%2F%2Fexample.org%2F",
            "word": "drücken",
            "Stra%C3%9Fe": "Grüner Weg",
            "random": _RANDOM,
            "assoc_special_chars": {"šöäŸœñê€£¥‡ÑÒÓÔÕ": "Ö×ØÙÚàáâãäåæçÿ"},
        },
        [
            ("{/id*}", "/person"),
            (
                "{/id*}{?fields,first_name,last.name,token}",
                tuple(
                    f"/person?fields={f}&first_name=John&last.name=Doe&token=12345"
                    for f in orders("", ",", "id", "name", "picture")
                ),
            ),
            (
                "/search.{format}{?q,geocode,lang,locale,page,result_type}",
                (
                    "/search.json?q=URI%20Templates&geocode=37.76,-122.427&lang=en&page=5",
                    "/search.json?q=URI%20Templates&geocode=-122.427,37.76&lang=en&page=5",
                ),
            ),
            ("/test{/Some%20Thing}", "/test/foo"),
            ("/set{?number}", "/set?number=6"),
            ("/loc{?long,lat}", "/loc?long=37.76&lat=-122.427"),
            (
                "/base{/group_id,first_name}/pages{/page,lang}{?format,q}",
                "/base/12345/John/pages/5/en?format=json&q=URI%20Templates",
            ),
            (
                "/sparql{?query}",
                "/sparql?query=PREFIX%20dc%3A%20%3Chttp%3A%2F%2Fpurl.org%2Fdc%2Felements%2F1.1%2F"
                "%3E%20SELECT%20%3Fbook%20%3Fwho%20WHERE%20%7B%20%3Fbook%20dc%3Acreator%20%3Fwho"
                "%20%7D",
            ),
            (
                "/go{?uri}",
                "/go?uri=http%3A%2F%2Fexample.org%2F%3Furi%3Dhttp%253A%252F%252Fexample.org%252F",
            ),
            ("/service{?word}", "/service?word=dr%C3%BCcken"),
            ("/lookup{?Stra%C3%9Fe}", "/lookup?Stra%C3%9Fe=Gr%C3%BCner%20Weg"),
            ("{random}", _RANDOM_ENCODED),
            (
                "{?assoc_special_chars*}",
                "?%C5%A1%C3%B6%C3%A4%C5%B8%C5%93%C3%B1%C3%AA%E2%82%AC%C2%A3%C2%A5%E2%80%A1%C3%91"
                "%C3%92%C3%93%C3%94%C3%95=%C3%96%C3%97%C3%98%C3%99%C3%9A%C3%A0%C3%A1%C3%A2%C3%A3%C3%A4%C3%A5%C3%A6"
                "%C3%A7%C3%BF",
            ),
        ],
    ),
    (
        "Additional Examples 2",
        {
            "id": ["person", "albums"],
            "token": "12345",
            "fields": ["id", "name", "picture"],
            "format": "atom",
            "q": "URI Templates",
            "page": "10",
            "start": "5",
            "lang": "en",
            "geocode": ["37.76", "-122.427"],
        },
        [
            ("{/id*}", ("/person/albums", "/albums/person")),
            (
                "{/id*}{?fields,token}",
                tuple(
                    f"{p}?fields={f}&token=12345"
                    for p in ("/person/albums", "/albums/person")
                    for f in orders("", ",", "id", "name", "picture")
                ),
            ),
        ],
    ),
    (
        "Additional Examples 3: Empty Variables",
        {"empty_list": [], "empty_assoc": {}},
        [
            ("{/empty_list}", ("",)),
            ("{/empty_list*}", ("",)),
            ("{?empty_list}", ("",)),
            ("{?empty_list*}", ("",)),
            ("{?empty_assoc}", ("",)),
            ("{?empty_assoc*}", ("",)),
        ],
    ),
    (
        "Additional Examples 4: Numeric Keys",
        {
            "42": _ANSWER,
            "1337": ["leet", "as", "it", "can", "be"],
            "german": {"11": "elf", "12": "zwölf"},
        },
        [
            ("{42}", _ANSWER_ENCODED),
            ("{?42}", "?42=" + _ANSWER_ENCODED),
            ("{1337}", "leet,as,it,can,be"),
            ("{?1337*}", "?1337=leet&1337=as&1337=it&1337=can&1337=be"),
            ("{?german*}", ("?11=elf&12=zw%C3%B6lf", "?12=zw%C3%B6lf&11=elf")),
        ],
    ),
    (
        "Additional Examples 5: Explode Combinations",
        {
            "id": "admin",
            "token": "12345",
            "tab": "overview",
            "keys": {"key1": "val1", "key2": "val2"},
        },
        [
            ("{?id,token,keys*}", orders("?id=admin&token=12345&", "&", "key1=val1", "key2=val2")),
            ("{/id}{?token,keys*}", orders("/admin?token=12345&", "&", "key1=val1", "key2=val2")),
            (
                "{?id,token}{&keys*}",
                orders("?id=admin&token=12345&", "&", "key1=val1", "key2=val2"),
            ),
            (
                "/user{/id}{?token,tab}{&keys*}",
                orders("/user/admin?token=12345&tab=overview&", "&", "key1=val1", "key2=val2"),
            ),
        ],
    ),
    (
        "Additional Examples 6: Reserved Expansion",
        {
            "id": "admin%2F",
            "not_pct": "%foo",
            "list": ["red%25", "%2Fgreen", "blue "],
            "keys": {"key1": "val1%2F", "key2": "val2%2F"},
        },
        [
            ("{+id}", "admin%2F"),
            ("{#id}", "#admin%2F"),
            ("{id}", "admin%252F"),
            ("{+not_pct}", "%25foo"),
            ("{#not_pct}", "#%25foo"),
            ("{not_pct}", "%25foo"),
            ("{+list}", "red%25,%2Fgreen,blue%20"),
            ("{#list}", "#red%25,%2Fgreen,blue%20"),
            ("{list}", "red%2525,%252Fgreen,blue%20"),
            ("{+keys}", orders("", ",", "key1,val1%2F", "key2,val2%2F")),
            ("{#keys}", orders("#", ",", "key1,val1%2F", "key2,val2%2F")),
            ("{keys}", orders("", ",", "key1,val1%252F", "key2,val2%252F")),
        ],
    ),
]

#: negative-tests.json: the variables of its one group, and its templates.
NEGATIVE_VARIABLES: dict[str, Any] = {
    "id": "thing",
    "var": "value",
    "hello": "Hello World!",
    "empty": "",
    "path": "/foo/bar",
    "x": "1024",
    "y": "768",
    "list": ["red", "green", "blue"],
    "keys": KEYS,
    "example": "red",
    "searchTerms": "uri templates",
    "~thing": "some-user",
    "default-graph-uri": ["http://www.example/book/", "http://www.example/papers/"],
    "query": _PREFIX_QUERY,
}

NEGATIVE: list[str] = [
    "{/id*",
    "/id*}",
    "{/?id}",
    "{var:prefix}",
    "{hello:2*}",
    "{??hello}",
    "{!hello}",
    "{with space}",
    "{ leading_space}",
    "{trailing_space }",
    "{=path}",
    "{$var}",
    "{|var*}",
    "{*keys?}",
    "{?empty=default,var}",
    "{var}{-prefix|/-/|var}",
    "?q={searchTerms}&amp;c={example:color?}",
    "x{?empty|foo=none}",
    "/h{#hello+}",
    "/h#{hello+}",
    "{keys:1}",
    "{+keys:1}",
    "{;keys:1*}",
    "?{-join|&|var,list}",
    "/people/{~thing}",
    "/{default-graph-uri}",
    "/sparql{?query,default-graph-uri}",
    "/sparql{?query){&default-graph-uri*}",
    "/resolution{?x, y}",
]


def _all_cases() -> list[tuple[str, str, dict[str, Any], str | tuple[str, ...]]]:
    cases = []
    for group, variables, rows in SPEC_EXAMPLES + EXTENDED:
        cases += [(f"{group}: {t}", t, variables, want) for t, want in rows]
    for group, rows in BY_SECTION:
        cases += [(f"{group}: {t}", t, SECTION_VARIABLES, want) for t, want in rows]
    return cases


CASES = _all_cases()


@pytest.mark.parametrize(
    ("template", "variables", "want"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_suite_expansion(
    template: str, variables: dict[str, Any], want: str | tuple[str, ...]
) -> None:
    accepted = (want,) if isinstance(want, str) else want
    got = expand(template, variables)
    assert got in accepted
    assert Template(template).expand(variables) == got


@pytest.mark.parametrize("template", NEGATIVE)
def test_suite_negative(template: str) -> None:
    with pytest.raises(URIError) as info:
        Template(template).expand(NEGATIVE_VARIABLES)
    err = info.value
    assert err.component == "template"
    assert err.reason == "bad-template"
    assert 0 <= err.position <= len(template)
    assert err.text == template


def test_suite_counts() -> None:
    # The suite's files as read: spec-examples 63, by-section 114, extended 42, negative 29.
    assert [sum(len(r) for _, _, r in t) for t in (SPEC_EXAMPLES, EXTENDED)] == [63, 42]
    assert sum(len(r) for _, r in BY_SECTION) == 114
    assert len(NEGATIVE) == 29
