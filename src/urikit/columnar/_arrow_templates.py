"""A column of URIs read back into the variables of a URI Template (RFC 6570)."""

from __future__ import annotations

import json
from typing import Any

from ..core._errors import arg_type_error
from ..templates import Template
from ._arrow import _pa, _plain, _strings

__all__ = ["template_match"]


def template_match(template: str | Template, array: Any) -> Any:
    """Each row's :meth:`urikit.templates.Template.match`, as a ``StructArray``
    (``ChunkedArray`` for a chunked input, with the same chunks).

    The struct has a ``matched`` field (``bool``) and one field per variable of
    the template, in its order. A null row is a null struct; a row the template
    does not match has ``matched`` false and every variable null; a variable a
    match leaves undefined is null. A variable's field type is that of its
    values over the whole column: ``string``, ``list<string>`` (an exploded
    path, a list) or ``map<string, string>`` (an associative array); a variable
    whose values are of more than one kind is a ``string`` field, its lists and
    maps written as JSON. A template that cannot be matched unambiguously
    (``{a}{b}``) raises :class:`~urikit.URIError` before any row is read. Each
    row is matched in Python (the matcher is one pass over the row).

    >>> import pyarrow as pa
    >>> uris = pa.array(["/repos/python/cpython/contents/Lib/json?ref=main", "/x", None])
    >>> out = template_match("/repos{/owner,repo}/contents{/path*}{?ref}", uris)
    >>> out.to_pylist()[0]
    {'matched': True, 'owner': 'python', 'repo': 'cpython', 'path': ['Lib', 'json'], 'ref': 'main'}
    >>> out.field("matched").to_pylist(), out.type.field("path").type
    ([True, False, None], ListType(list<item: string>))
    """
    if isinstance(template, str):
        template = Template(template)
    elif not isinstance(template, Template):
        raise arg_type_error("template_match", "template", "str or Template", template)
    obj = _strings(array, "template_match", "array")
    template.match("")  # an ambiguous template is refused here, rows or not
    pa = _pa()
    chunks = obj.chunks if isinstance(obj, pa.ChunkedArray) else [obj]
    rows: list[str | None] = []
    for chunk in chunks:
        rows += _plain(chunk).to_pylist()
    found: list[dict[str, Any] | None] = [None if r is None else template.match(r) for r in rows]
    names = template.variables
    fields = [pa.field("matched", pa.bool_())]
    columns = [
        pa.array([None if r is None else m is not None for r, m in zip(rows, found, strict=True)])
    ]
    for name in names:
        values = [None if m is None else m.get(name) for m in found]
        field_type, values = _typed(values, pa)
        fields.append(pa.field(name, field_type))
        columns.append(pa.array(values, field_type))
    mask = pa.array([r is None for r in rows])
    whole = pa.StructArray.from_arrays(columns, fields=fields, mask=mask)
    if not isinstance(obj, pa.ChunkedArray):
        return whole
    out, at = [], 0
    for chunk in chunks:
        out.append(whole.slice(at, len(chunk)))
        at += len(chunk)
    return pa.chunked_array(out, whole.type)


def _typed(values: list[Any], pa: Any) -> tuple[Any, list[Any]]:
    """The Arrow type of one variable's values, and the values in it."""
    kinds = {type(v) for v in values if v is not None}
    if kinds <= {str}:
        return pa.string(), values
    if kinds == {list}:
        return pa.list_(pa.string()), values
    if kinds == {dict}:
        return pa.map_(pa.string(), pa.string()), [
            None if v is None else list(v.items()) for v in values
        ]
    return pa.string(), [
        v if v is None or isinstance(v, str) else json.dumps(v, ensure_ascii=False) for v in values
    ]
