"""The bytes of the text, CSV and JSON Lines outputs of
:func:`urikit.batch.run_file`, made by Arrow a column at a time, without a
Python object per row (so that threads can make them at once): only the rows
whose field needs Python's rule (a value that is not printable ASCII; in
JSON, a quote or a backslash too) are made by Python and put in place. The
row-by-row encoders, :func:`_encode_text_rows` and :func:`_encode_jsonl_rows`,
are the reference the tests hold them to, and the path of a column type Arrow
does not write here. pyarrow is imported on first use.

>>> print(text_field(None), text_field(True), text_field("a\\tb"))
\\N true a\\x09b
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any

from ..core._extras import imported
from ._escape import NULL as _NULL
from ._escape import escape

__all__ = ["encode", "text_field"]


def encode(fmt: str, batch: Any, raw: dict[int, str], *, header: bool) -> Any:
    """``batch`` as the bytes of a text, CSV or JSON Lines output, preceded
    by the header line when ``header`` (JSON Lines has none); ``raw`` holds
    the values of the input column to write back as read (text only). A
    bytes-like object: the Arrow buffer it was made in (from Arrow's memory
    pool, not copied into a ``bytes`` while holding the GIL), or ``bytes``
    (a batch written row by row).

    >>> import pytest
    >>> pa = pytest.importorskip("pyarrow")
    >>> batch = pa.record_batch([pa.array([1]), pa.array(["a\\ufffd"])], names=["row", "url"])
    >>> bytes(encode("text", batch, {0: "a\\udcff"}, header=True))
    b'row\\turl\\n1\\ta\\xff\\n'
    >>> bytes(encode("jsonl", batch, {}, header=True))
    b'{"row": 1, "url": "a\\\\ufffd"}\\n'
    """
    if fmt == "csv":
        csv = imported("pyarrow.csv")
        pa = imported("pyarrow")
        sink = pa.BufferOutputStream()
        csv.write_csv(batch, sink, csv.WriteOptions(include_header=header))
        return sink.getvalue()
    if fmt == "jsonl":
        return _encode_jsonl(batch)
    return _encode_text(batch, raw, header)


def _encode_text(batch: Any, raw: dict[int, str], header: bool) -> Any:
    """The text output of ``batch``, made by Arrow a whole column at a time:
    the rows whose field needs Python's rule (a value that is not printable
    ASCII, a ``raw`` value) get it from :func:`text_field`, put in place. A
    batch with a column of another type is written row by row."""
    pa = imported("pyarrow")
    pc = imported("pyarrow.compute")
    head = _text_header(batch)
    n = batch.num_rows
    fields = []
    for i, column in enumerate(batch.columns):
        field = _text_column(pa, pc, column, raw if i == 1 else {})
        if field is None:
            return _encode_text_rows(batch, raw, header)
        fields.append(field)
    if not fields:
        return _encode_text_rows(batch, raw, header)
    if n == 0:
        return head if header else b""
    binary = pa.large_binary()
    tab, end = pa.scalar(b"\t", binary), pa.scalar(b"\n", binary)
    # field TAB field ... TAB field NL
    body = _lines(pa, pc, [*[p for f in fields for p in (f, tab)][:-1], end], n)
    return pa.py_buffer(head + body.to_pybytes()) if header else body


def _text_header(batch: Any) -> bytes:
    """The header line of the text output: the column names, escaped as the
    values are (a ``--column`` name may hold a TAB or a backslash)."""
    names = "\t".join(escape(name) for name in batch.schema.names)
    return (names + "\n").encode("utf-8", "surrogateescape")


def _lines(pa: Any, pc: Any, pieces: list[Any], n: int) -> Any:
    """The bytes of ``n`` lines, each the concatenation of ``pieces`` (large
    binary arrays of ``n`` values without nulls, and scalars), as the Arrow
    buffer they were made in (not copied into a ``bytes``)."""
    lines = pc.binary_join_element_wise(*pieces, pa.scalar(b"", pa.large_binary()))
    offsets = memoryview(lines.buffers()[1]).cast("q")
    start, stop = offsets[lines.offset], offsets[lines.offset + n]
    return lines.buffers()[2][start:stop]


def _is_string(pa: Any, column: Any) -> bool:
    return bool(pa.types.is_string(column.type) or pa.types.is_large_string(column.type))


def _other_field(pa: Any, pc: Any, column: Any, null: Any) -> Any:
    """The values of a boolean or integer ``column`` as the text and JSON
    Lines outputs write them (``true``, ``false``, decimal; the scalar
    ``null`` for a null), a large binary array; None for another type."""
    binary = pa.large_binary()
    if pa.types.is_boolean(column.type):
        true, false = pa.scalar(b"true", binary), pa.scalar(b"false", binary)
        return pc.if_else(column, true, false).fill_null(null)
    if pa.types.is_integer(column.type):
        return column.cast(pa.string()).cast(binary).fill_null(null)
    return None


def _text_column(pa: Any, pc: Any, column: Any, raw: dict[int, str]) -> Any:
    """The fields of ``column`` in the text output, a large binary array with
    no nulls; None for a type written row by row."""
    binary = pa.large_binary()
    null = pa.scalar(_NULL.encode(), binary)
    if not _is_string(pa, column):
        return _other_field(pa, pc, column, null)
    field = column.cast(binary)
    # printable ASCII (exactly Python's printable characters in ASCII) is written
    # as it is but for the backslash, which is doubled (so that no value is
    # written as a null or an escape is); any other value is Python's to judge.
    # Both are looked for in all the rows' bytes at once first.
    whole = _bytes_as_one(pa, column)
    if _has_backslash(whole):
        field = pc.replace_substring(field, b"\\", b"\\\\")
    field = field.fill_null(null)
    if not raw and pc.ascii_is_printable(whole)[0].as_py():
        return field
    python = pc.invert(pc.ascii_is_printable(column)).fill_null(False)
    if raw:  # written back as read: bytes that were not UTF-8 are kept
        flags = [False] * len(column)
        for i in raw:
            flags[i] = True
        python = pc.or_(python, pa.array(flags, pa.bool_()))
    return _by_python(
        pa,
        pc,
        field,
        column,
        python,
        lambda i, value: text_field(raw.get(i, value)).encode("utf-8", "surrogateescape"),
    )


def _by_python(
    pa: Any, pc: Any, field: Any, column: Any, python: Any, write: Callable[[int, Any], bytes]
) -> Any:
    """``field`` with each row where ``python`` holds made by ``write(row,
    value)`` from ``column``'s value instead: only these rows become Python
    objects."""
    rows = pc.indices_nonzero(python).to_pylist()
    values = column.filter(python).to_pylist()
    written = [write(i, value) for i, value in zip(rows, values, strict=True)]
    return pc.replace_with_mask(field, python, pa.array(written, pa.large_binary()))


def _has_backslash(whole: Any) -> bool:
    """Whether the one value of ``whole`` (:func:`_bytes_as_one`) holds a
    backslash, found by :meth:`bytes.find` in its bytes."""
    data = whole.buffers()[2]
    return data is not None and data.to_pybytes().find(b"\\") >= 0


def _bytes_as_one(pa: Any, column: Any) -> Any:
    """The bytes of all the values of the string array ``column`` (null rows'
    too, whatever they hold) as one large string value, not copied and not
    checked as UTF-8. A test of it is one call over the bytes instead of a call
    a row: when all of it is printable ASCII, or none of it is a quote, so is
    every row."""
    offsets = column.buffers()[1]
    start = stop = 0
    if offsets is not None and len(column) > 0:
        at = memoryview(offsets).cast("i" if pa.types.is_string(column.type) else "q")
        start, stop = at[column.offset], at[column.offset + len(column)]
    data = column.buffers()[2]
    span = pa.array([0, stop - start], pa.int64()).buffers()[1]
    piece = None if data is None else data.slice(start, stop - start)
    return pa.Array.from_buffers(pa.large_string(), 1, [None, span, piece])


def _encode_text_rows(batch: Any, raw: dict[int, str], header: bool) -> bytes:
    """The text output of ``batch``, a row at a time (any column type)."""
    out = io.StringIO()
    columns = [c.to_pylist() for c in batch.columns]
    for i, value in raw.items():
        columns[1][i] = value  # written back byte for byte as read
    for row in zip(*columns, strict=True):
        out.write("\t".join(text_field(v) for v in row))
        out.write("\n")
    body = out.getvalue().encode("utf-8", "surrogateescape")
    return _text_header(batch) + body if header else body


def _encode_jsonl(batch: Any) -> Any:
    """The JSON Lines output of ``batch`` (what :func:`_encode_jsonl_rows`
    writes), made by Arrow a whole column at a time. A batch with a column of
    another type is written row by row."""
    pa = imported("pyarrow")
    pc = imported("pyarrow.compute")
    n = batch.num_rows
    if n == 0 or batch.num_columns == 0:
        return _encode_jsonl_rows(batch)
    binary = pa.large_binary()
    pieces = []
    for i, (name, column) in enumerate(zip(batch.schema.names, batch.columns, strict=True)):
        field = _json_column(pa, pc, column)
        if field is None:
            return _encode_jsonl_rows(batch)
        key = ("{" if i == 0 else ", ") + json.dumps(name) + ": "
        pieces += [pa.scalar(key.encode("ascii"), binary), field]
    return _lines(pa, pc, [*pieces, pa.scalar(b"}\n", binary)], n)


def _json_column(pa: Any, pc: Any, column: Any) -> Any:
    """The values of ``column`` in the JSON Lines output as ``json.dumps``
    writes them, a large binary array with no nulls; None for a type written
    row by row."""
    binary = pa.large_binary()
    null = pa.scalar(b"null", binary)
    if not _is_string(pa, column):
        return _other_field(pa, pc, column, null)
    quote, none = pa.scalar(b'"', binary), pa.scalar(b"", binary)
    field = pc.binary_join_element_wise(quote, column.cast(binary), quote, none)
    # printable ASCII stands for itself between the quotes, but for the quote
    # and the backslash: json.dumps escapes those and every other character.
    # Each is looked for in all the rows' bytes at once first (a quote or a
    # backslash by bytes.find, far faster than Arrow's substring search).
    whole = _bytes_as_one(pa, column)
    data = whole.buffers()[2]
    text = b"" if data is None else data.to_pybytes()
    quotes = b'"' in text or b"\\" in text
    if not quotes and pc.ascii_is_printable(whole)[0].as_py():
        return field.fill_null(null)
    python = pc.invert(pc.ascii_is_printable(column))
    if quotes:
        python = pc.or_(python, pc.match_substring_regex(column, r'["\\]'))
    python = python.fill_null(False)
    field = _by_python(pa, pc, field, column, python, lambda _, v: json.dumps(v).encode("ascii"))
    return field.fill_null(null)


def _encode_jsonl_rows(batch: Any) -> bytes:
    """The JSON Lines output of ``batch``, a record at a time (any column type)."""
    names = batch.schema.names
    out = io.StringIO()
    for row in zip(*(c.to_pylist() for c in batch.columns), strict=True):
        out.write(
            "{"
            + ", ".join(
                json.dumps(k) + ": " + json.dumps(v) for k, v in zip(names, row, strict=True)
            )
            + "}"
        )
        out.write("\n")
    return out.getvalue().encode("ascii")


def text_field(value: object) -> str:
    """One field of the text output: ``\\N`` for a null, ``true``/``false``,
    the text with its backslashes doubled and its non-printable characters
    escaped as every command escapes them (a byte that was not UTF-8 goes back
    as it came); :func:`urikit.batch.read_text_record` reads a line of them back.

    >>> text_field("\\\\N"), text_field("a\\\\x00"), text_field("a\\x00")
    ('\\\\\\\\N', 'a\\\\\\\\x00', 'a\\\\x00')
    """
    if value is None:
        return _NULL
    if value is True:
        return "true"
    if value is False:
        return "false"
    return escape(str(value))
