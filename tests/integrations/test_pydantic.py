"""urikit.pydantic: each field type's acceptance and refusal, the value kept as
written (every corpus URL that parses comes back from JSON byte for byte), the
errors' shape and ctx (urikit's reason, component and position, against
urikit's own parse), the JSON schema, objects as input, Annotated metadata and
strict models.

Skipped when pydantic (the ``pydantic`` extra) is not installed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Annotated, Any, NamedTuple

import paths
import pytest
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

import urikit
import urikit.iri
import urikit.security
import urikit.urn
from urikit import pydantic as fields

CORPUS = paths.SHARED / "corpus" / "urls.txt"

#: each public field type, the urikit parse its value must equal, and its JSON format
TYPES: dict[str, tuple[Any, Callable[[str], object], str]] = {
    "URIReference": (fields.URIReference, urikit.parse, "uri-reference"),
    "URI": (fields.URI, lambda s: urikit.parse(s, rule="URI"), "uri"),
    "HttpURL": (fields.HttpURL, lambda s: urikit.parse(s, rule="URI"), "uri"),
    "SafeHttpURL": (fields.SafeHttpURL, lambda s: urikit.parse(s, rule="URI"), "uri"),
    "URN": (fields.URN, urikit.urn.URN.parse, "uri"),
    "IRI": (fields.IRI, lambda s: urikit.iri.parse(s, rule="IRI"), "iri"),
}


class Row(NamedTuple):
    field: str
    text: str
    error: str | None  # the error type, None when accepted
    reason: str | None = None  # when refused: urikit's reason ...
    component: str | None = None
    position: int | None = None  # ... and position, when not urikit's parse's own


ROWS = [
    # URIReference: anything RFC 3986 allows, as written
    Row("URIReference", "", None),
    Row("URIReference", "../a?b#c", None),
    Row("URIReference", "HTTPS://H", None),
    Row("URIReference", "http://a b/", "uri_parsing"),
    Row("URIReference", "%zz", "uri_parsing"),
    Row("URIReference", "http://[::1/", "uri_parsing"),
    Row("URIReference", "ü", "uri_parsing"),
    # URI: a scheme
    Row("URI", "mailto:a@b", None),
    Row("URI", "urn:isbn:0451450523", None),
    Row("URI", "x:#frag", None),
    Row("URI", "/relative", "uri_parsing"),
    Row("URI", "", "uri_parsing"),
    Row("URI", "1a:b", "uri_parsing"),
    # HttpURL: http(s), a host
    Row("HttpURL", "https://h", None),
    Row("HttpURL", "HTTP://H:8080/a/../b?q#f", None),
    Row("HttpURL", "http://[::1]/", None),
    Row("HttpURL", "ftp://h/", "uri_scheme", "bad-value", "scheme", 0),
    Row("HttpURL", "httpx://h/", "uri_scheme", "bad-value", "scheme", 0),
    Row("HttpURL", "http:foo", "uri_scheme", "empty-component", "host", 5),
    Row("HttpURL", "https:///p", "uri_scheme", "empty-component", "host", 8),
    Row("HttpURL", "//h/p", "uri_parsing"),
    Row("HttpURL", "http://h:x/", "uri_parsing"),
    # SafeHttpURL: what Policy.ssrf() passes
    Row("SafeHttpURL", "https://example.org/a?b", None),
    Row("SafeHttpURL", "ftp://example.org/", "uri_scheme", "bad-value", "scheme", 0),
    Row("SafeHttpURL", "http://127.0.0.1/", "uri_unsafe"),
    Row("SafeHttpURL", "http://0x7f.1/", "uri_unsafe"),
    Row("SafeHttpURL", "http://[::1]/", "uri_unsafe"),
    Row("SafeHttpURL", "http://169.254.169.254/latest", "uri_unsafe"),
    Row("SafeHttpURL", "http://u:p@example.org/", "uri_unsafe"),
    Row("SafeHttpURL", "https://example.org:8443/", "uri_unsafe"),
    # URN
    Row("URN", "urn:isbn:0451450523", None),
    Row("URN", "URN:EXAMPLE:a?=b#c", None),
    Row("URN", "urn:x", "uri_parsing"),
    Row("URN", "http://h/", "uri_parsing"),
    Row("URN", "urn:ab:", "uri_parsing"),
    # IRI: absolute, non-ASCII allowed
    Row("IRI", "http://例え.テスト/パス", None),
    Row("IRI", "http://h/a", None),
    Row("IRI", "/例え", "uri_parsing"),
    Row("IRI", "http://h/a b", "uri_parsing"),
    Row("IRI", "1a:b", "uri_parsing"),
]


def adapter(field: str) -> TypeAdapter[Any]:
    return TypeAdapter(TYPES[field][0])


def expected_ctx(row: Row) -> tuple[str | None, str | None, int | None]:
    """urikit's (reason, component, position) for the refused ``row``: the row's
    own, else what urikit's parse (or, for uri_unsafe, security.check) says."""
    if row.reason is not None:
        return row.reason, row.component, row.position
    if row.error == "uri_unsafe":
        finding = urikit.security.check(row.text, policy=urikit.security.Policy.ssrf()).blocking[0]
        return finding.code, finding.component, finding.start
    with pytest.raises(urikit.URIError) as caught:
        TYPES[row.field][1](row.text)
    err = caught.value
    return err.reason, err.component, err.position


@pytest.mark.parametrize("row", ROWS, ids=[f"{r.field}-{r.text!r}" for r in ROWS])
def test_each_type_accepts_and_refuses(row: Row) -> None:
    ta = adapter(row.field)
    if row.error is None:
        value = ta.validate_python(row.text)
        assert value == TYPES[row.field][1](row.text)
        assert type(value) is type(TYPES[row.field][1](row.text))
        assert str(value) == row.text
        assert ta.dump_json(value).decode() == json.dumps(row.text, ensure_ascii=False)
        assert ta.validate_json(json.dumps(row.text)) == value
        return
    with pytest.raises(ValidationError) as caught:
        ta.validate_python(row.text)
    (error,) = caught.value.errors()
    assert error["type"] == row.error
    ctx = error.get("ctx", {})
    assert (ctx["reason"], ctx["component"], ctx["position"]) == expected_ctx(row)
    assert error["input"] == row.text
    assert ctx["error"] in error["msg"]
    with pytest.raises(ValidationError) as from_json:
        ta.validate_json(json.dumps(row.text))
    assert from_json.value.errors()[0]["ctx"] == ctx


def test_the_rows_cover_every_type_and_error() -> None:
    assert {r.field for r in ROWS} == set(TYPES)
    assert {r.error for r in ROWS} - {None} == set(fields.ERROR_TYPES) - {"uri_type"}
    for field in TYPES:
        assert {r.error is None for r in ROWS if r.field == field} == {True, False}, field


def corpus() -> list[str]:
    return CORPUS.read_text(encoding="utf-8", errors="replace").split("\n")[:-1]


class One(BaseModel):
    url: fields.URIReference


def test_every_corpus_url_that_parses_comes_back_as_written() -> None:
    kept = refused = 0
    for text in corpus():
        try:
            urikit.parse(text)
        except urikit.URIError as err:
            with pytest.raises(ValidationError) as caught:
                One.model_validate({"url": text})
            (error,) = caught.value.errors()
            assert error["loc"] == ("url",)
            ctx = error.get("ctx", {})
            assert (ctx["reason"], ctx["component"], ctx["position"]) == (
                err.reason,
                err.component,
                err.position,
            ), text
            refused += 1
            continue
        model = One.model_validate({"url": text})
        assert model.model_dump_json() == json.dumps({"url": text}, separators=(",", ":"))
        assert model.model_dump(mode="json") == {"url": text}
        assert model.model_dump() == {"url": text}
        assert type(model.model_dump()["url"]) is str
        assert One.model_validate_json(model.model_dump_json()) == model
        kept += 1
    assert kept > 90_000 and refused > 0, (kept, refused)


def test_an_error_has_pydantics_shape() -> None:
    class Form(BaseModel):
        name: str
        callback: fields.HttpURL

    with pytest.raises(ValidationError) as caught:
        Form.model_validate({"name": "n", "callback": "https://app.example/c b"})
    (error,) = caught.value.errors()
    assert set(error) == {"type", "loc", "msg", "input", "ctx"}
    assert error["loc"] == ("callback",)
    assert set(error["ctx"]) == {"expected", "error", "reason", "component", "position"}
    assert error["msg"] == f"Input should be an http(s) URL: {error['ctx']['error']}"
    assert json.loads(caught.value.json())[0]["ctx"] == error["ctx"]
    assert "callback\n  Input should be an http(s) URL: invalid character" in str(caught.value)


@pytest.mark.parametrize("field", sorted(TYPES))
def test_the_json_schema(field: str) -> None:
    annotation, _, format_ = TYPES[field]

    class Form(BaseModel):
        url: annotation  # type: ignore[valid-type]

    for mode in ("validation", "serialization"):
        schema = Form.model_json_schema(mode=mode)
        assert schema["properties"]["url"] == {"type": "string", "format": format_, "title": "Url"}


@pytest.mark.parametrize("bad", [3, None, b"http://h/", ["http://h/"], object()])
@pytest.mark.parametrize("field", sorted(TYPES))
def test_neither_text_nor_the_object_is_refused(field: str, bad: object) -> None:
    with pytest.raises(ValidationError) as caught:
        adapter(field).validate_python(bad)
    (error,) = caught.value.errors()
    assert error["type"] == "uri_type"
    assert error.get("ctx", {})["type_name"] == TYPES[field][0].value_type.__name__


#: an object already parsed, per field type, and one the type refuses
OBJECTS: dict[str, tuple[Callable[[], object], Callable[[], object]]] = {
    "URIReference": (lambda: urikit.parse("a/b"), lambda: urikit.iri.parse("ü")),
    "URI": (lambda: urikit.parse("x:y"), lambda: urikit.parse("/y")),
    "HttpURL": (lambda: urikit.parse("http://h/"), lambda: urikit.parse("ftp://h/")),
    "SafeHttpURL": (lambda: urikit.parse("http://e.org/"), lambda: urikit.parse("http://[::1]/")),
    "URN": (lambda: urikit.urn.URN.parse("urn:ab:c"), lambda: urikit.parse("urn:ab:c")),
    "IRI": (lambda: urikit.iri.parse("http://ü/"), lambda: urikit.iri.parse("ü")),
}


@pytest.mark.parametrize("field", sorted(TYPES))
def test_an_object_is_checked_and_kept(field: str) -> None:
    good, bad = (make() for make in OBJECTS[field])
    assert adapter(field).validate_python(good) is good
    with pytest.raises(ValidationError):
        adapter(field).validate_python(bad)


def test_a_str_subclass_is_its_text() -> None:
    class Text(str):
        pass

    value = adapter("HttpURL").validate_python(Text("http://h/"))
    assert type(value) is urikit.URIReference and str(value) == "http://h/"


def test_as_annotated_metadata_and_in_a_strict_model() -> None:
    class Form(BaseModel):
        model_config = ConfigDict(strict=True, frozen=True)
        a: Annotated[urikit.URIReference, fields.HttpURL]
        b: fields.HttpURL | None = None
        c: list[fields.URN] = []

    form = Form.model_validate({"a": "http://h", "c": ["urn:ab:1", "urn:ab:2"]})
    assert form.a == urikit.parse("http://h") and form.b is None
    assert form.model_dump_json() == '{"a":"http://h","b":null,"c":["urn:ab:1","urn:ab:2"]}'
    assert Form.model_validate_json(form.model_dump_json()) == form
    with pytest.raises(ValidationError) as caught:
        Form.model_validate({"a": "ftp://h", "c": ["urn:ab:1", "urn:x"]})
    assert [(e["loc"], e["type"]) for e in caught.value.errors()] == [
        (("a",), "uri_scheme"),
        (("c", 1), "uri_parsing"),
    ]


def test_a_field_type_is_not_made() -> None:
    field_type: Any = fields.HttpURL  # to a type checker, urikit.URIReference
    with pytest.raises(TypeError, match="is a field type"):
        field_type()


def test_importing_urikit_imports_no_pydantic() -> None:
    code = (
        "import sys, urikit, urikit.pydantic\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'pydantic_core')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
