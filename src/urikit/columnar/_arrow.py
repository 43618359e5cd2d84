"""The code behind :mod:`urikit.arrow` (the face that documents it)."""

from __future__ import annotations

import functools
from typing import Any

from ..core import _extras
from ..core._accel import speedups
from ..core._errors import URIError, arg_type_error, check_str, fields_of, unknown_choice
from ..core._normalization import normalize as _normalize
from ..core._parser import RULES, diagnose
from ..core._parser import split as _split
from ..core._resolution import resolve as _resolve
from ..core._schemeinfo import DEFAULT_REGISTRY

# the C kernels this module calls (None in the pure-Python build)
arrow_canonical = None if speedups is None else speedups.arrow_canonical
arrow_domain = None if speedups is None else speedups.arrow_domain
arrow_errors = None if speedups is None else speedups.arrow_errors
arrow_normalize = None if speedups is None else speedups.arrow_normalize
arrow_resolve = None if speedups is None else speedups.arrow_resolve
arrow_split = None if speedups is None else speedups.arrow_split
arrow_validate = None if speedups is None else speedups.arrow_validate
canonical_fast = None if speedups is None else speedups.canonical_fast

__all__ = [
    "COMPONENTS",
    "RowError",
    "normalize",
    "parse_table",
    "resolve",
    "split",
    "split_type",
    "validate",
]

#: The component columns of :func:`split`, in order (then ``error_reason`` and
#: ``error_position``).
COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")

_EXPECTED = "a pyarrow string Array or ChunkedArray"
_ERRORS = ("null", "raise")


class RowError(URIError):
    """The :class:`~urikit.URIError` of one row, raised by a kernel called with
    ``errors="raise"``: :attr:`row` is the row's 0-based index in the array
    (counted across the chunks of a ``ChunkedArray``); ``reason``,
    ``component``, ``position``, ``text`` and ``detail`` are the row's error's
    (the position in that row's text), and the message is its message after
    ``row N:``. (An engine that re-raises a task's exception from its message
    alone, as Polars does, gives a ``RowError`` with the message and the row,
    the other fields unknown.)

    >>> import pyarrow as pa
    >>> from urikit import arrow
    >>> try:
    ...     arrow.normalize(pa.chunked_array([["http://a/"], ["b", "c d"]]), errors="raise")
    ... except arrow.RowError as err:
    ...     print(err.row, err.reason, err.position, "-", err)
    2 invalid-char 1 - row 2: invalid character ' ' in path at position 1
    """

    row: int

    def __init__(self, err: URIError | str, row: int = -1) -> None:
        if isinstance(err, str):
            # rebuilt from its message alone, as some engines re-raise a task's
            # exception (Polars: ``type(exc)(message)``): the row is read back from
            # it; reason, component and text are unknown ("", position -1)
            head, sep, rest = err.partition(": ")
            number = head[4:] if head.startswith("row ") and sep else ""
            super().__init__("", "", -1, "", message=err)
            self.row = int(number) if number.isdigit() and len(number) < 20 else row
            self.row_message = rest if number else err
            return
        super().__init__(*fields_of(err), message=f"row {row}: {err}", detail=err.detail)
        self.row = row
        #: the row's own message, without "row N: "
        self.row_message = str(err)

    def moved(self, rows: int) -> RowError:
        """The same error ``rows`` rows further on (a chunk's row in its array)."""
        moved = RowError(self, self.row + rows)
        moved.row_message = self.row_message
        moved.args = (f"row {moved.row}: {self.row_message}",)
        return moved


def _each_row(one: Any, *columns: list[Any]) -> list[Any]:
    """``one`` of each row's values (the rows of ``columns`` side by side), a
    :class:`~urikit.URIError` it raises made a :class:`RowError` naming the row
    (its index in these lists)."""
    out = []
    for i, values in enumerate(zip(*columns, strict=True)):
        try:
            out.append(one(*values))
        except URIError as err:
            raise RowError(err, i) from None
    return out


def _array_of(values: list[Any], string_type: Any) -> Any:
    """``pa.array(values, string_type)``, as ``large_string`` when it would pass
    the 2 GiB that ``string`` offsets hold (pyarrow would give a ChunkedArray)."""
    pa = _pa()
    if pa.types.is_string(string_type) and sum(len(v) for v in values if v) >= 1 << 31:
        string_type = pa.large_string()  # more characters than string offsets hold bytes
    arr = pa.array(values, string_type)
    if isinstance(arr, pa.ChunkedArray):  # more bytes than characters, past 2 GiB
        arr = pa.array(values, pa.large_string())
    return arr


_pyarrow = _extras.loader("arrow", "pyarrow", "pyarrow")
_pyarrow_compute = _extras.loader("arrow", "pyarrow", "pyarrow", "pyarrow.compute")


def _pa() -> Any:
    return _pyarrow()[0]


def _pc() -> Any:
    return _pyarrow_compute()[1]


def _is_text(t: Any) -> bool:
    pa = _pa()
    return bool(pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t))


def _strings(value: object, func: str, param: str) -> Any:
    """``value`` as a pyarrow Array or ChunkedArray of a string type (or of a
    dictionary of one), or TypeError."""
    pa = _pa()
    obj: Any = value
    if not isinstance(value, (pa.Array, pa.ChunkedArray)):
        try:
            if hasattr(value, "__arrow_c_stream__"):
                obj = pa.chunked_array(value)
            elif hasattr(value, "__arrow_c_array__"):
                obj = pa.array(value)
            else:
                raise arg_type_error(func, param, _EXPECTED, value)
        except (pa.ArrowException, ValueError):
            raise arg_type_error(func, param, _EXPECTED, value) from None
    t = obj.type
    if not (_is_text(t) or (pa.types.is_dictionary(t) and _is_text(t.value_type))):
        raise arg_type_error(func, param, _EXPECTED, obj)
    return obj


def _plain(chunk: Any) -> Any:
    """``chunk`` without its dictionary encoding, if it has one (a dictionary of
    ``string_view``, which pyarrow cannot take from, decodes to ``string``)."""
    pa = _pa()
    if not pa.types.is_dictionary(chunk.type):
        return chunk
    if pa.types.is_string_view(chunk.type.value_type):
        values = chunk.dictionary.cast(pa.string())
        chunk = pa.DictionaryArray.from_arrays(chunk.indices, values)
    return chunk.dictionary_decode()


def _by_value(kernel: Any) -> Any:
    """``kernel`` for a chunk that may be dictionary-encoded (as Parquet readers
    give a column of few distinct values): run once on the dictionary's values,
    then taken row by row through the indices (a null index gives a null row),
    unless the dictionary has more values than the chunk has rows. For the
    kernels that never raise on a row: one that did would raise for a value
    that no row holds."""

    def run(chunk: Any) -> Any:
        if not _pa().types.is_dictionary(chunk.type):
            return kernel(chunk)
        if len(chunk.dictionary) > len(chunk):
            return kernel(_plain(chunk))
        return kernel(chunk.dictionary).take(chunk.indices)

    return run


def _check_rule(rule: object, func: str) -> str:
    if type(rule) is not str:
        check_str(rule, func, "rule")
    assert isinstance(rule, str)
    if rule not in RULES:
        raise unknown_choice("rule", rule, sorted(RULES))
    return rule


def _per_chunk(obj: Any, kernel: Any) -> Any:
    """``kernel`` of each chunk of ``obj``: an Array for an Array, a ChunkedArray
    of as many chunks for a ChunkedArray. A :class:`RowError` a chunk raises is
    moved to the chunk's place; chunks of ``string`` and ``large_string`` (one
    whose result passed 2 GiB) are all made ``large_string``."""
    pa = _pa()
    if isinstance(obj, pa.ChunkedArray):
        chunks = []
        start = 0
        for c in obj.chunks:
            try:
                chunks.append(kernel(c))
            except RowError as err:
                raise err.moved(start) from None
            start += len(c)
        if not chunks:
            t = obj.type.value_type if pa.types.is_dictionary(obj.type) else obj.type
            return pa.chunked_array([], type=kernel(pa.array([], t)).type)
        types = {c.type for c in chunks}
        if len(types) > 1 and pa.large_string() in types:
            chunks = [c.cast(pa.large_string()) for c in chunks]
        return pa.chunked_array(chunks)
    return kernel(obj)


def _use_c() -> bool:
    # None in the pure-Python build, and for an extension older than arrow_errors
    return arrow_validate is not None


# ------------------------------------------------------------------ validate


def validate(array: Any, rule: str = "URI-reference") -> Any:
    """A ``BooleanArray`` (``ChunkedArray`` for a chunked input): is each row a
    valid ``rule`` (:func:`urikit.is_valid`); null for a null row.

    >>> import pyarrow as pa
    >>> validate(pa.array(["a:b", "/p", None]), rule="URI").to_pylist()
    [True, False, None]
    """
    obj = _strings(array, "validate", "array")
    rule = _check_rule(rule, "validate")
    if _use_c():
        return _per_chunk(obj, _by_value(lambda chunk: _validate_c(chunk, rule)))
    return _per_chunk(obj, _by_value(lambda chunk: _validate_py(chunk, rule)))


def _validate_c(chunk: Any, rule: str) -> Any:
    pa = _pa()
    assert arrow_validate is not None
    schema, arr = chunk.__arrow_c_array__()
    bits, nonnull, _invalid, nulls = arrow_validate(schema, arr, rule)
    validity = None if nonnull is None else pa.py_buffer(nonnull)
    return pa.Array.from_buffers(
        pa.bool_(), len(chunk), [validity, pa.py_buffer(bits)], null_count=nulls
    )


def _validate_py(chunk: Any, rule: str) -> Any:
    pa = _pa()
    out = [None if s is None else _split(s, rule) is not None for s in chunk.to_pylist()]
    return pa.array(out, pa.bool_())


# --------------------------------------------------------------------- split


def split_type(string_type: Any = None) -> Any:
    """The ``StructType`` :func:`split` returns for an input of ``string_type``
    (``large_string`` components for a ``large_string`` input, else ``string``):
    the eight :data:`COMPONENTS`, ``error_reason`` (string) and
    ``error_position`` (int64).

    >>> [f.name for f in split_type()][-3:]
    ['fragment', 'error_reason', 'error_position']
    """
    pa = _pa()
    if string_type is not None and pa.types.is_dictionary(string_type):
        string_type = string_type.value_type
    if string_type is not None and pa.types.is_large_string(string_type):
        text = pa.large_string()
    else:
        text = pa.string()
    fields = [pa.field(name, text) for name in COMPONENTS]
    fields += [pa.field("error_reason", pa.string()), pa.field("error_position", pa.int64())]
    return pa.struct(fields)


def split(array: Any, rule: str = "URI-reference") -> Any:
    """A ``StructArray`` (``ChunkedArray`` for a chunked input) of the components
    of each row as :func:`urikit.parse` splits them (null: undefined), with
    ``error_reason`` and ``error_position`` (null unless the row is invalid). A
    null row is a null struct.

    >>> import pyarrow as pa
    >>> s = split(pa.array(["//h:8/p#f", "%zz"]))
    >>> s.to_pylist()[0]["port"], s.to_pylist()[1]["error_reason"]
    ('8', 'bad-percent')
    """
    obj = _strings(array, "split", "array")
    rule = _check_rule(rule, "split")
    if _use_c():
        return _per_chunk(obj, _by_value(lambda chunk: _split_c(chunk, rule)))
    return _per_chunk(obj, _by_value(lambda chunk: _split_py(chunk, rule)))


def _errors_of(texts: list[str], rule: str) -> tuple[list[str], list[int]]:
    """The reasons and positions of the errors in the invalid ``texts``."""
    reasons: list[str] = []
    positions: list[int] = []
    for text in texts:
        reason, position = _diagnose(text, rule)
        reasons.append(reason)
        positions.append(position)
    return reasons, positions


def _diagnose(text: str, rule: str) -> tuple[str, int]:
    """The reason and position of the error in ``text`` (the core's diagnoser
    returns it without a traceback, so no reference cycle keeps a batch alive)."""
    err = diagnose(text, rule)
    return err.reason, err.position


@functools.cache
def _allocator() -> Any:
    """``alloc(size)``: a writable, resizable buffer of ``size`` bytes from
    Arrow's default memory pool, for the C kernels' output (the pool reuses
    freed memory, where a fresh allocation of every output buffer would fault
    its pages in again); made once, it is called for every buffer."""
    return functools.partial(_pa().allocate_buffer, resizable=True)


@functools.cache
def _struct_of(wide: bool) -> tuple[Any, Any]:
    """(split's struct type, its component type) for a large_string input or
    not; made once: split_type costs more than a small chunk's split."""
    stype = split_type(_pa().large_string() if wide else None)
    return stype, stype.field(0).type


def _split_c(chunk: Any, rule: str) -> Any:
    pa = _pa()
    assert arrow_split is not None and arrow_errors is not None
    wide = pa.types.is_large_string(chunk.type)
    stype, text_type = _struct_of(wide)
    schema, arr = chunk.__arrow_c_array__()
    alloc = _allocator()
    nonnull, invalid, nulls, bad, bad_texts, comps = arrow_split(schema, arr, rule, wide, alloc)
    n = len(chunk)
    children = [
        pa.Array.from_buffers(text_type, n, [v, o, d], null_count=k) for v, o, d, k in comps
    ]
    reasons, positions = _errors_of(bad_texts, rule)
    rv, ro, rd, pv, pvals = arrow_errors(n, bad, reasons, positions, alloc)
    fine = n - invalid
    children.append(pa.Array.from_buffers(pa.string(), n, [rv, ro, rd], null_count=fine))
    children.append(pa.Array.from_buffers(pa.int64(), n, [pv, pvals], null_count=fine))
    validity = nonnull if nulls else None
    return pa.Array.from_buffers(stype, n, [validity], null_count=nulls, children=children)


def _split_py(chunk: Any, rule: str) -> Any:
    pa = _pa()
    stype = split_type(chunk.type)
    texts = chunk.to_pylist()
    columns: list[list[Any]] = [[] for _ in range(len(COMPONENTS) + 2)]
    nulls: list[bool] = []
    for text in texts:
        nulls.append(text is None)
        sp = None if text is None else _split(text, rule)
        if sp is None:
            for c in range(len(COMPONENTS)):
                columns[c].append(None)
            if text is None:
                columns[-2].append(None)
                columns[-1].append(None)
            else:
                reason, position = _diagnose(text, rule)
                columns[-2].append(reason)
                columns[-1].append(position)
            continue
        for c in range(len(COMPONENTS)):
            a, b = sp[c + 1]
            columns[c].append(None if a < 0 else text[a:b])
        columns[-2].append(None)
        columns[-1].append(None)
    children = [pa.array(col, f.type) for col, f in zip(columns, stype, strict=True)]
    mask = pa.array(nulls, pa.bool_()) if any(nulls) else None
    return pa.StructArray.from_arrays(children, fields=list(stype), mask=mask)


# ------------------------------------------------------- normalize, resolve


def _check_errors(errors: object, func: str) -> str:
    if type(errors) is not str:
        check_str(errors, func, "errors")
    assert isinstance(errors, str)
    if errors not in _ERRORS:
        raise unknown_choice("errors", errors, _ERRORS)
    return errors


def _out_type(t: Any) -> Any:
    pa = _pa()
    return pa.large_string() if pa.types.is_large_string(t) else pa.string()


def normalize(array: Any, level: str = "scheme", *, errors: str = "null") -> Any:
    """The normal form of each row (:func:`urikit.normalize`); null for a null
    row and, with ``errors="null"`` (the default), for an invalid one;
    ``errors="raise"`` raises the first row's :class:`~urikit.URIError` instead.

    >>> import pyarrow as pa
    >>> normalize(pa.array(["HTTP://A:80/./b", "a b", None])).to_pylist()
    ['http://a/b', None, None]
    """
    obj = _strings(array, "normalize", "array")
    check_str(level, "normalize", "level")
    errors = _check_errors(errors, "normalize")
    _normalize("a:", level)  # an unknown level raises here, even for an empty array
    one = _null_on_error(functools.partial(_normalize, level=level), errors)
    # the registry of level "scheme" as the C kernel reads it: names and port strings
    ports = tuple((k, str(v)) for k, v in DEFAULT_REGISTRY.ports.items() if type(k) is str)
    like = tuple(k for k in DEFAULT_REGISTRY.http_like if type(k) is str)

    def kernel(chunk: Any) -> Any:
        chunk = _plain(chunk)
        if arrow_normalize is not None and len(chunk) > 0:
            done = _in_c(arrow_normalize, chunk, level == "scheme", ports, like, one)
            if done is not None:
                return done
        out = _each_row(lambda s: None if s is None else one(s), chunk.to_pylist())
        return _array_of(out, _out_type(chunk.type))

    return _per_chunk(obj, kernel)


def _text_buffers(chunk: Any) -> tuple[Any, Any, Any, int, int, bool]:
    """The arguments of the C kernels for a plain string chunk: (validity | None,
    offsets, data, offset, length, wide); a ``string_view`` chunk is read as
    ``large_string`` (a cast, which keeps the rows and cannot overflow)."""
    pa = _pa()
    if pa.types.is_string_view(chunk.type):
        chunk = chunk.cast(pa.large_string())
    validity, offsets, data = chunk.buffers()
    wide = pa.types.is_large_string(chunk.type)
    return validity, offsets, b"" if data is None else data, chunk.offset, len(chunk), wide


def _in_c(kernel: Any, chunk: Any, *args: Any) -> Any:
    """The output array of the C string-to-string ``kernel`` (normalize,
    resolve, canonical) for a plain string ``chunk``, of its output type
    (``large_string`` for a ``string`` chunk whose result would pass the 2 GiB
    of int32 offsets), its buffers (validity or None, offsets, data: pyarrow
    Buffers of :func:`_allocator`) taken without a copy; None when the kernel
    declines, or a row's error is to be raised (the caller's loop over the rows
    raises it, naming the row). ``args`` are the kernel's own."""
    pa = _pa()
    wide_out = pa.types.is_large_string(chunk.type)
    buffers_in = _text_buffers(chunk)
    try:
        done = kernel(*buffers_in, wide_out, _allocator(), *args)
        if done is None and not wide_out:
            # the result passes the 2 GiB of int32 offsets: large_string offsets
            wide_out = True
            done = kernel(*buffers_in, wide_out, _allocator(), *args)
    except RowError:
        raise
    except URIError:
        # errors="raise" and a row failed: the caller's Python loop over the rows
        # raises the same error (the builds agree), naming the row
        return None
    if done is None:
        return None
    validity, offsets, data, nulls = done
    buffers = [validity, offsets, data]
    out_type = pa.large_string() if wide_out else pa.string()
    return pa.Array.from_buffers(out_type, len(chunk), buffers, null_count=nulls)


def _plain_array(values: Any) -> Any:
    """A slice of a base column (Array or ChunkedArray) as one plain Array."""
    pa = _pa()
    if isinstance(values, pa.ChunkedArray):
        chunks = [_plain(c) for c in values.chunks]
        if len(chunks) == 1:
            return chunks[0]
        if any(pa.types.is_string_view(c.type) for c in chunks):
            chunks = [c.cast(pa.large_string()) for c in chunks]
        return pa.concat_arrays(chunks)
    return _plain(values)


def _null_on_error(func: Any, errors: str) -> Any:
    """``func`` of one text, giving None where it raises :class:`~urikit.URIError`
    (unless ``errors`` is ``"raise"``)."""

    def one(text: str) -> str | None:
        try:
            result: str = func(text)
            return result
        except URIError as err:
            if errors == "raise":
                raise
            err.__traceback__ = None  # its frames link back to ours: no cycle for gc
            return None

    return one


def _check_base(base: str, strict: bool, func: str) -> None:
    """Raise the :class:`~urikit.URIError` of a base that is not an absolute URI,
    its message naming the base: one base for every row is an argument, and a
    bad argument is an error whatever ``errors`` says of bad rows."""
    try:
        _resolve(base, "", strict=strict)
    except URIError as err:
        message = f"{func}(): the base {base!r} is not an absolute URI: {err}"
        raise URIError(*fields_of(err), message=message, detail=err.detail) from None


def resolve(base: Any, refs: Any, *, strict: bool = True, errors: str = "null") -> Any:
    """Resolve each row of ``refs`` against ``base`` (:func:`urikit.resolve`):
    ``base`` is one ``str`` (or a pyarrow string scalar) for every row, or an
    array of the same length, row by row. A null on either side, or (with
    ``errors="null"``) an invalid reference or an invalid base of a row, gives
    null. One base for every row that is not an absolute URI raises
    :class:`~urikit.URIError`, whatever ``errors`` says: it would make every
    row null.

    >>> import pyarrow as pa
    >>> resolve("http://a/b/c/d;p?q", pa.array(["../g", None, "g?y#s"])).to_pylist()
    ['http://a/b/g', None, 'http://a/b/c/g?y#s']
    >>> from urikit import URIError
    >>> try:
    ...     resolve("relative/base", pa.array(["g"]), errors="null")
    ... except URIError as err:
    ...     print(err.reason, "-", err)  # doctest: +NORMALIZE_WHITESPACE
    not-absolute - resolve(): the base 'relative/base' is not an absolute URI:
    base URI must be absolute (have a scheme) at position 0
    """
    pa = _pa()
    obj = _strings(refs, "resolve", "refs")
    if type(strict) is not bool:
        raise arg_type_error("resolve", "strict", "bool", strict)
    errors = _check_errors(errors, "resolve")
    if isinstance(base, pa.Scalar) and (
        pa.types.is_string(base.type)
        or pa.types.is_large_string(base.type)
        or pa.types.is_string_view(base.type)
    ):
        base = base.as_py()
    if base is None or isinstance(base, str):
        if base is not None:
            _check_base(base, strict, "resolve")
        scalar: str | None = base
        bases: list[str | None] | None = None
    else:
        try:
            barr = _strings(base, "resolve", "base")
        except TypeError:
            raise arg_type_error("resolve", "base", "a str or " + _EXPECTED, base) from None
        if len(barr) != len(obj):
            raise ValueError(f"base has {len(barr)} rows but refs has {len(obj)}")
        scalar = None
        bases = None if arrow_resolve is not None else barr.to_pylist()

    def one(b: str | None, r: str | None) -> str | None:
        if b is None or r is None:
            return None
        try:
            return _resolve(b, r, strict=strict)
        except URIError as err:
            if errors == "raise":
                raise
            err.__traceback__ = None  # its frames link back to ours: no cycle for gc
            return None

    start = 0
    by_row = not (base is None or isinstance(base, str))

    def kernel(chunk: Any) -> Any:
        nonlocal start
        chunk = _plain(chunk)
        n = len(chunk)
        start += n
        if not by_row and scalar is None:
            return pa.nulls(n, _out_type(chunk.type))
        if arrow_resolve is not None and n > 0:
            if by_row:
                b_column = _text_buffers(_plain_array(barr.slice(start - n, n)))
                b_arg: Any = b_column[:4] + b_column[5:]  # the length is the refs'
            else:
                b_arg = scalar
            done = _in_c(arrow_resolve, chunk, strict, one, b_arg)
            if done is not None:
                return done
        texts = chunk.to_pylist()
        if not by_row:
            out = _each_row(lambda r: one(scalar, r), texts)
        else:
            some = bases[start - n : start] if bases is not None else barr.slice(start - n, n)
            row_bases = some if isinstance(some, list) else some.to_pylist()
            out = _each_row(one, row_bases, texts)
        return _array_of(out, _out_type(chunk.type))

    return _per_chunk(obj, kernel)


# --------------------------------------------------------------------- table


def parse_table(
    table: Any, column: str, rule: str = "URI-reference", prefix: str | None = None
) -> Any:
    """``table`` with the :func:`split` columns of ``column`` appended, named
    ``prefix + name`` (default prefix: ``column + "_"``), e.g. ``url_host`` and
    ``url_error_reason``. Rows keep their order; nothing is dropped.

    >>> import pyarrow as pa
    >>> t = parse_table(pa.table({"url": ["http://h/p", "a b"]}), "url")
    >>> t.column_names[:3], t["url_host"].to_pylist()
    (['url', 'url_scheme', 'url_authority'], ['h', None])
    """
    pa = _pa()
    if not isinstance(table, pa.Table):
        if hasattr(table, "__arrow_c_stream__"):
            table = pa.table(table)
        else:
            raise arg_type_error("parse_table", "table", "a pyarrow Table", table)
    check_str(column, "parse_table", "column")
    rule = _check_rule(rule, "parse_table")
    if prefix is None:
        prefix = column + "_"
    check_str(prefix, "parse_table", "prefix")
    if column not in table.column_names:
        raise KeyError(f"no column {column!r} in the table (columns: {table.column_names})")
    parts = split(table[column], rule)
    stype = parts.type
    for i, f in enumerate(stype):
        chunks = [c.field(i) for c in parts.chunks]
        table = table.append_column(prefix + f.name, pa.chunked_array(chunks, type=f.type))
    return table


# ------------------------------------------------------- canonical, surt
# In the C build a column goes through the C kernel over its buffers (the
# common rows without the GIL, by urikit.canonical_forms' C core; the others
# afterwards through the Python function), as normalize does. Otherwise row
# by row.


def _canonical_map(obj: Any, func: Any, errors: str, mode: int | None) -> Any:
    fast = None if mode is None else canonical_fast
    one = _null_on_error(func, errors)

    def kernel(chunk: Any) -> Any:
        chunk = _plain(chunk)
        if mode is not None and arrow_canonical is not None and len(chunk) > 0:
            done = _in_c(arrow_canonical, chunk, mode, one)
            if done is not None:
                return done
        rows = chunk.to_pylist()
        if fast is None:
            out = _each_row(lambda s: None if s is None else one(s), rows)
        else:
            assert mode is not None  # fast is set with a mode only
            out = _each_row(lambda s: None if s is None else fast(s, mode) or one(s), rows)
        return _array_of(out, _out_type(chunk.type))

    return _per_chunk(obj, kernel)


def canonical(
    array: Any, profile: str = "semantic", *, keep_fragment: bool = False, errors: str = "null"
) -> Any:
    """The canonical form of each row (:func:`urikit.canonical`); null for a null
    row and, with ``errors="null"`` (the default), for one that cannot be
    canonicalized; ``errors="raise"`` raises its :class:`~urikit.URIError`.
    In the C build a ``"semantic"`` or ``"safe-browsing"`` string column is
    looped over in C, the rows its kernel declines handed to Python.

    >>> import pyarrow as pa
    >>> canonical(pa.array(["www.A.com/b/..", "http://h:x/", None]), "safe-browsing").to_pylist()
    ['http://www.a.com/', None, None]
    """
    from ..canonical_forms._rules import canonical as _canonical
    from ..canonical_forms._rules import check_profile

    obj = _strings(array, "canonical", "array")
    check_str(profile, "canonical", "profile")
    errors = _check_errors(errors, "canonical")
    check_profile(profile, keep_fragment)  # raises here, even for an empty array
    modes = {"semantic": 1 if keep_fragment else 0, "safe-browsing": 3}
    mode = modes.get(profile)
    return _canonical_map(
        obj,
        functools.partial(_canonical, profile=profile, keep_fragment=keep_fragment),
        errors,
        mode,
    )


def surt(array: Any, *, errors: str = "null", **options: Any) -> Any:
    """The SURT key of each row (:func:`urikit.surt`, with its ``options``); null
    for a null row and, with ``errors="null"``, for one that has none. In the
    C build, with the default options, a string column is looped over in C.

    >>> import pyarrow as pa
    >>> surt(pa.array(["http://www.example.com/a?b", None])).to_pylist()
    ['com,example)/a?b', None]
    """
    from ..canonical_forms._rules import _SURT_DEFAULTS
    from ..canonical_forms._rules import surt as _surt

    obj = _strings(array, "surt", "array")
    errors = _check_errors(errors, "surt")
    _surt("a:", **options)  # an unknown option raises here
    mode = 2 if all(options.get(k, v) == v for k, v in _SURT_DEFAULTS.items()) else None
    return _canonical_map(obj, functools.partial(_surt, **options), errors, mode)


__all__ += ["canonical", "surt"]


# ------------------------------------------------- registrable domains
# Each row a host or a URL, read as urikit.domains.split reads one, under the
# default list (urikit.domains.default_list). In the C build a column goes
# through the C kernel over its buffers (the common rows without the GIL, by
# urikit.domains' C lookup; the others afterwards through the Python function).

#: arrow_domain's answers (DOM_* of columnar/arrow_transform_c.c)
_SUFFIX, _REGISTRABLE, _SUBDOMAIN, _DOMAIN, _PART_SUFFIX = range(5)


def _domain_row(psl: Any, what: int, private: bool) -> Any:
    """The Python function of one row's text for ``what``."""
    from ..domains._hosts import host_of

    def one(text: str) -> str | None:
        host = host_of(text)
        if what == _SUFFIX:
            return None if host is None else psl.public_suffix(host, private=private)
        if what == _REGISTRABLE:
            return None if host is None else psl.registrable_domain(host, private=private)
        parts = psl.parts_of(host, private)
        return str(
            parts.subdomain
            if what == _SUBDOMAIN
            else parts.domain
            if what == _DOMAIN
            else parts.suffix
        )

    return one


def _domain_map(obj: Any, what: int, private: bool, errors: str) -> Any:
    from ..domains._api import default_list

    psl = default_list()
    one = _null_on_error(_domain_row(psl, what, private), errors)
    table = psl._table

    def kernel(chunk: Any) -> Any:
        chunk = _plain(chunk)
        if arrow_domain is not None and table is not None and len(chunk) > 0:
            done = _in_c(arrow_domain, chunk, table, private, what, one)
            if done is not None:
                return done
        rows = chunk.to_pylist()
        out = _each_row(lambda s: None if s is None else one(s), rows)
        return _array_of(out, _out_type(chunk.type))

    return _per_chunk(obj, kernel)


def _domain_args(array: Any, private: object, errors: object, func: str) -> tuple[Any, bool, str]:
    obj = _strings(array, func, "array")
    if type(private) is not bool:
        raise arg_type_error(func, "private", "bool", private)
    return obj, private, _check_errors(errors, func)


def registrable_domain(array: Any, *, private: bool = True, errors: str = "null") -> Any:
    """The registrable domain of each row's host (:func:`urikit.domains.registrable_domain`),
    a row a host or a URL as :func:`urikit.domains.split` reads one; null for a
    null row, a host that has none (a public suffix, an IP address), a URL
    without a host and, with ``errors="null"`` (the default), a text that does
    not parse. Needs the ``domains`` extra too. In the C build a string column
    is looped over in C without the GIL, the rows its kernel declines (``%XX``,
    U-labels, a text without ``//`` that is not a bare host) handed to Python.

    >>> import pyarrow as pa, pytest
    >>> _ = pytest.importorskip("publicsuffixlist")  # the list: the domains extra
    >>> hosts = pa.array(["forums.bbc.co.uk", "https://a.b.github.io/x", "co.uk", None])
    >>> registrable_domain(hosts).to_pylist()
    ['bbc.co.uk', 'b.github.io', None, None]
    >>> registrable_domain(hosts, private=False).to_pylist()
    ['bbc.co.uk', 'github.io', None, None]
    """
    obj, private, errors = _domain_args(array, private, errors, "registrable_domain")
    return _domain_map(obj, _REGISTRABLE, private, errors)


def public_suffix(array: Any, *, private: bool = True, errors: str = "null") -> Any:
    """The public suffix of each row's host (:func:`urikit.domains.public_suffix`),
    a row a host or a URL; null as :func:`registrable_domain` gives it, but for
    a public suffix, which is its own.

    >>> import pyarrow as pa, pytest
    >>> _ = pytest.importorskip("publicsuffixlist")  # the list: the domains extra
    >>> public_suffix(pa.array(["forums.bbc.co.uk", "http://127.0.0.1/", "co.uk"])).to_pylist()
    ['co.uk', None, 'co.uk']
    """
    obj, private, errors = _domain_args(array, private, errors, "public_suffix")
    return _domain_map(obj, _SUFFIX, private, errors)


def domain_parts(array: Any, *, private: bool = True, errors: str = "null") -> Any:
    """The ``subdomain``, ``domain`` and ``suffix`` of each row's host, as
    :func:`urikit.domains.split` gives them (``""`` for an absent part; an IP
    address is the domain), a row a host or a URL: a struct array of the three
    string fields, null for a null row and, with ``errors="null"``, a text that
    does not parse. (Named so beside :func:`split`, the components of a URI.)

    >>> import pyarrow as pa, pytest
    >>> _ = pytest.importorskip("publicsuffixlist")  # the list: the domains extra
    >>> parts = domain_parts(pa.array(["http://forums.news.bbc.co.uk/", "github.io", None]))
    >>> parts.to_pylist()[0]
    {'subdomain': 'forums.news', 'domain': 'bbc', 'suffix': 'co.uk'}
    >>> parts.field("suffix").to_pylist()
    ['co.uk', 'github.io', None]
    """
    obj, private, errors = _domain_args(array, private, errors, "domain_parts")
    pa = _pa()
    fields = (("subdomain", _SUBDOMAIN), ("domain", _DOMAIN), ("suffix", _PART_SUFFIX))

    def struct(chunk: Any) -> Any:
        chunk = _plain(chunk)
        cols = [_domain_map(chunk, what, private, errors) for _, what in fields]
        types = {c.type for c in cols}
        if len(types) > 1:
            cols = [c.cast(pa.large_string()) for c in cols]
        # a row is null where its input is, or where a text did not parse (all three null)
        pc = _pc()
        mask = pc.and_(pc.is_null(cols[0]), pc.and_(pc.is_null(cols[1]), pc.is_null(cols[2])))
        return pa.StructArray.from_arrays(cols, names=[n for n, _ in fields], mask=mask)

    return _per_chunk(obj, struct)


__all__ += ["domain_parts", "public_suffix", "registrable_domain"]
