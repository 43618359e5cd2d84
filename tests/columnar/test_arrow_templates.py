"""urikit.arrow.template_match: each row as Template.match reads it, in a struct
column typed by the values. Skipped without pyarrow."""

from __future__ import annotations

import json
from typing import Any

import pytest

from urikit import URIError
from urikit.templates import Template

pa = pytest.importorskip("pyarrow")

from urikit.arrow import template_match  # noqa: E402  (after the skip: needs pyarrow)

CASES = [
    (
        "/repos{/owner,repo}/contents{/path*}{?ref}",
        [
            "/repos/python/cpython/contents/Lib/json?ref=main",
            "/repos/a/b/contents",
            "/repos/a%20b/c/contents/x?ref=v%2F1",
            "/elsewhere",
            None,
            "",
        ],
    ),
    ("/search{?q,page}", ["/search?q=a%20b&page=2", "/search", "/search?page=1", "/other"]),
    ("/s{?params*}", ["/s?a=1&b=2", "/s?c=3", "/s", None]),
    ("{+base}/users/{id}", ["https://api.example/v1/users/7", "https://h/users/", "x"]),
    ("/{x}", ["/a,b", "/c", "/d%2Ce"]),
]


def _expected(template: str, rows: list[str | None]) -> list[Any]:
    t = Template(template)
    out: list[Any] = []
    for row in rows:
        if row is None:
            out.append(None)
            continue
        found = t.match(row)
        record: dict[str, Any] = {"matched": found is not None}
        for name in t.variables:
            record[name] = None if found is None else found.get(name)
        out.append(record)
    return out


def _as_python(value: Any, field_type: Any) -> Any:
    """A struct field's value as Template.match gives it (maps as dicts, JSON
    strings of a mixed field as their values)."""
    if value is None:
        return None
    if pa.types.is_map(field_type):
        return dict(value)
    if isinstance(value, str) and value[:1] in "[{":
        return json.loads(value)
    return value


@pytest.mark.parametrize(("template", "rows"), CASES, ids=[c[0] for c in CASES])
def test_each_row_is_what_match_gives(template: str, rows: list[str | None]) -> None:
    out = template_match(template, pa.array(rows, pa.string()))
    assert len(out) == len(rows)
    assert out.type.names == ["matched", *Template(template).variables]
    got: list[dict[str, Any] | None] = []
    for record in out.to_pylist():
        if record is None:
            got.append(None)
            continue
        got.append({k: _as_python(v, out.type.field(k).type) for k, v in record.items()})
    assert got == _expected(template, rows)
    assert out.null_count == rows.count(None)


def test_the_field_types_follow_the_values() -> None:
    t = "/repos{/owner,repo}/contents{/path*}{?ref}"
    out = template_match(t, pa.array(["/repos/a/b/contents/x/y?ref=r"]))
    assert [out.type.field(n).type for n in out.type.names] == [
        pa.bool_(),
        pa.string(),
        pa.string(),
        pa.list_(pa.string()),
        pa.string(),
    ]
    mapped = template_match("/s{?params*}", pa.array(["/s?a=1&b=2"]))
    assert mapped.type.field("params").type == pa.map_(pa.string(), pa.string())
    mixed = template_match("/{x}", pa.array(["/a,b", "/c"]))
    assert mixed.type.field("x").type == pa.string()
    assert mixed.field("x").to_pylist() == ['["a", "b"]', "c"]


def test_chunks_large_strings_and_dictionaries() -> None:
    t = "/search{?q,page}"
    chunked = pa.chunked_array([["/search?q=a", None], [], ["/search?page=3"]])
    out = template_match(t, chunked)
    assert isinstance(out, pa.ChunkedArray)
    assert [len(c) for c in out.chunks] == [2, 0, 1]
    assert out.to_pylist() == _expected(t, ["/search?q=a", None, "/search?page=3"])
    large = template_match(t, pa.array(["/search?q=x"], pa.large_string()))
    assert large.to_pylist() == _expected(t, ["/search?q=x"])
    encoded = pa.array(["/search?q=x", "/search?q=x", None]).dictionary_encode()
    assert template_match(Template(t), encoded).to_pylist() == _expected(
        t, ["/search?q=x", "/search?q=x", None]
    )


def test_an_ambiguous_template_is_refused_before_the_rows() -> None:
    with pytest.raises(URIError, match="cannot match"):
        template_match("{a}{b}", pa.array([], pa.string()))
    with pytest.raises(URIError):
        template_match("{a", pa.array(["x"]))


@pytest.mark.parametrize("bad", [None, 1, b"/x"])
def test_what_is_not_a_template(bad: object) -> None:
    with pytest.raises(TypeError, match="template_match"):
        template_match(bad, pa.array(["/x"]))  # type: ignore[arg-type]


def test_what_is_not_a_string_column() -> None:
    with pytest.raises(TypeError, match="template_match"):
        template_match("/{x}", pa.array([1, 2]))
