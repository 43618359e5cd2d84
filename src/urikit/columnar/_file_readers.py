"""The readers of :func:`urikit.batch.run_file`: a column of a text, CSV, JSON
Lines or Parquet file as a stream of :class:`Rows`, one per batch of rows.

Every reader keeps the rows in order and gives one value per input row: a row
that cannot be read is an error record in its place (``not-utf8`` with the
position of the first character UTF-8 cannot hold, ``not-a-string``,
``missing-column``, ``bad-record``), and reading goes on. Memory use does not
grow with the file (Parquet read from stdin excepted: it must be seekable, so it
is read whole). pyarrow is given to each reader by its caller, which imports it
on first use.

>>> not_utf8("a\\udcffb") == ("a\\ufffdb", 1), not_utf8("ab")
(True, None)
>>> sorted(READERS)
['csv', 'jsonl', 'parquet', 'text']
"""

from __future__ import annotations

import collections
import io
import itertools
import re
import sys
from collections.abc import Callable, Iterator
from typing import IO, Any

from ..core._extras import imported

__all__ = [
    "READERS",
    "FileError",
    "NoColumn",
    "ReadError",
    "Reader",
    "Rows",
    "not_utf8",
    "open_input",
]

#: A character that UTF-8 cannot hold: an undecodable input byte (kept as
#: U+DC80..U+DCFF by ``surrogateescape``) or a lone surrogate from a JSON escape.
_SURROGATE = re.compile("[\ud800-\udfff]")
#: A JSON Lines block that pyarrow cannot read is split in this many parts,
#: and each part that it cannot read again, until a part is read or has at
#: most _JSON_LINES_ALONE lines: then its lines are read one by one, by Python.
_JSON_PARTS = 16
_JSON_LINES_ALONE = 256
#: The text input is read in blocks of this many bytes (at most): big enough
#: that Arrow's work per block is small beside the block's, small enough to stay
#: in the processor's caches (a larger block splits no quicker).
_TEXT_BLOCK = 1 << 20


class FileError(OSError):
    """The input could not be read, or the output written: ``str()`` says which
    file and why, then, once the run has given up, what became of the output
    (:attr:`outcome`)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        #: What became of the output ("nothing written to out.csv"), once known.
        self.outcome: str | None = None

    def __str__(self) -> str:
        return self.message if self.outcome is None else f"{self.message}; {self.outcome}"


class ReadError(FileError):
    """The input could not be read (a missing file, a broken Parquet file ...)."""


class NoColumn(ValueError):
    """The CSV header, the Parquet schema or the first JSON record has no such
    column: :attr:`column` is the one asked for, :attr:`columns` those seen
    (empty when none could be seen), :attr:`source` the input's name.

    >>> str(NoColumn("url", ["id", "link"], "in.csv"))
    "no column 'url' in in.csv (its columns: id, link)"
    """

    def __init__(self, column: str, columns: list[str], source: str = "the input") -> None:
        super().__init__(column, columns, source)
        self.column = column
        self.columns = columns
        self.source = source

    def __str__(self) -> str:
        columns = ", ".join(self.columns) if self.columns else "none seen"
        return f"no column {self.column!r} in {self.source} (its columns: {columns})"


def open_input(path: str) -> IO[bytes]:
    """The input, opened for reading bytes (``"-"``: standard input), or :class:`ReadError`.

    >>> try:
    ...     open_input("/urikit/no/such/file")
    ... except ReadError as err:
    ...     print(err)
    cannot read /urikit/no/such/file: No such file or directory
    """
    if path == "-":
        return sys.stdin.buffer
    try:
        return open(path, "rb")
    except OSError as exc:
        raise ReadError(f"cannot read {path}: {exc.strerror or exc}") from None


class Rows:
    """One batch as read: the column's ``values`` (an Arrow string array, a
    value that was not UTF-8 with U+FFFD in place of each bad byte), the rows
    that are error records (index -> reason, position) and the values as read
    of the rows that were not UTF-8 (index -> text with the bytes as
    ``surrogateescape`` keeps them), for the text output."""

    __slots__ = ("errors", "raw", "values")

    def __init__(
        self, values: Any, errors: dict[int, tuple[str, int | None]], raw: dict[int, str]
    ) -> None:
        self.values = values
        self.errors = errors
        self.raw = raw


def not_utf8(text: str) -> tuple[str, int] | None:
    """(``text`` with U+FFFD for each character UTF-8 cannot hold, the position
    of the first), or None when every character is fine."""
    found = _SURROGATE.search(text)
    if found is None:
        return None
    return _SURROGATE.sub("\ufffd", text), found.start()


class _Collect:
    """Values and error rows, gathered one row at a time."""

    def __init__(self) -> None:
        self.values: list[str | None] = []
        self.errors: dict[int, tuple[str, int | None]] = {}
        self.raw: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self.values)

    def text(self, value: str | None, *, raw: bool = True) -> None:
        """A value read as text (non-UTF-8 bytes as lone surrogates; ``raw``:
        they are bytes of the input, for the text output to write back)."""
        bad = None if value is None else not_utf8(value)
        if bad is not None:
            assert value is not None
            if raw:
                self.raw[len(self.values)] = value
            self.errors[len(self.values)] = ("not-utf8", bad[1])
            value = bad[0]
        self.values.append(value)

    def error(self, reason: str) -> None:
        """A row with no value to read."""
        self.errors[len(self.values)] = (reason, None)
        self.values.append(None)

    def rows(self, pa: Any) -> Rows:
        rows = Rows(pa.array(self.values, pa.string()), self.errors, self.raw)
        self.values, self.errors, self.raw = [], {}, {}
        return rows


def _text_rows(
    pa: Any, f: IO[bytes], column: str, size: int, block: int = _TEXT_BLOCK
) -> Iterator[Rows]:
    # read in blocks of up to ``block`` bytes (from a pipe, what has come), split
    # into lines by Arrow; a batch is yielded as soon as its ``size`` lines are in
    read = getattr(f, "read1", f.read)
    pending: list[Any] = []  # lines read and not yet yielded (binary arrays)
    waiting = 0  # how many
    tail: list[bytes] = []  # a line begun whose end has not been read (joined once)
    while True:
        data = read(block)
        if data:
            cut = data.rfind(b"\n") + 1
            if not cut:
                tail.append(data)
                continue
            whole = data if cut == len(data) else memoryview(data)[:cut]
            lines = _split_lines(pa, b"".join([*tail, whole]) if tail else bytes(whole))
            tail = [data[cut:]] if cut < len(data) else []
        elif tail:  # a last line without a line end
            lines, tail = pa.array([b"".join(tail)], pa.large_binary()), []
        else:
            if waiting:
                yield _text_batch(pa, pa.concat_arrays(pending))
            return
        pending.append(lines)
        waiting += len(lines)
        if waiting < size:
            continue
        lines = pa.concat_arrays(pending)
        done = waiting - waiting % size
        for at in range(0, done, size):
            # a copy: a slice would keep (and pickle, for --jobs) the whole block
            yield _text_batch(pa, pa.concat_arrays([lines.slice(at, size)]))
        pending, waiting = [lines.slice(done)], waiting - done


def _split_lines(pa: Any, block: bytes) -> Any:
    """The lines of ``block``, which ends with a line end, as a binary array,
    by Arrow: "\\r\\n" is a line end, a "\\r" elsewhere is kept."""
    pc = imported("pyarrow.compute")
    if b"\r" in block:  # (a search for one byte is the quicker)
        block = block.replace(b"\r\n", b"\n")
    # one value, the block without its last line end (no empty value after it)
    ends = pa.array([0, len(block) - 1], pa.int64()).buffers()[1]
    one = pa.Array.from_buffers(pa.large_binary(), 1, [None, ends, pa.py_buffer(block)])
    return pc.split_pattern(one, b"\n").flatten()


def _text_batch(pa: Any, lines: Any) -> Rows:
    """A batch of lines (binary) as read: a string array, or line by line when
    one is not UTF-8."""
    try:
        return Rows(lines.cast(pa.string()), {}, {})
    except pa.ArrowInvalid:  # not UTF-8
        return _text_lines(pa, lines.to_pylist())


def _text_lines(pa: Any, lines: list[bytes]) -> Rows:
    """A batch of lines (with or without their line ends) that holds a byte
    that is not UTF-8, line by line."""
    rows = _Collect()
    for raw in lines:
        if raw.endswith(b"\n"):
            raw = raw[:-2] if raw.endswith(b"\r\n") else raw[:-1]
        try:
            rows.values.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            rows.text(raw.decode("utf-8", "surrogateescape"))
    return rows.rows(pa)


def _binary_rows(pa: Any, values: Any) -> Rows:
    """``values`` (binary) as a string array; the rows that are not UTF-8 become
    error records (the whole array is checked at once, then row by row only
    when it fails)."""
    try:
        return Rows(values.cast(pa.string()), {}, {})
    except pa.ArrowInvalid:
        pass
    rows = _Collect()
    for value in values.to_pylist():
        rows.text(None if value is None else value.decode("utf-8", "surrogateescape"))
    return rows.rows(pa)


def _csv_header(f: IO[bytes]) -> list[str]:
    """The names in the first line of a CSV input, without consuming it (for a
    message); empty when it cannot be seen."""
    peek = getattr(f, "peek", None)
    if peek is None:
        return []
    head = peek(1 << 16).split(b"\n", 1)[0].decode("utf-8-sig", "replace").rstrip("\r")
    csv = imported("csv")
    return next(csv.reader([head]), [])


def _csv_rows(pa: Any, f: IO[bytes], column: str, size: int) -> Iterator[Rows]:
    csv = imported("pyarrow.csv")
    header = _csv_header(f)
    bad: collections.deque[int] = collections.deque()  # 0-based data rows, in order

    def on_bad_row(row: Any) -> str:
        # a row with the wrong number of fields: pyarrow drops it, and it comes
        # back as an error record in its place (the row number counts the header)
        if row.number is None:  # pragma: no cover - only when read by threads
            return "error"
        bad.append(row.number - 2)
        return "skip"

    try:
        reader = csv.open_csv(
            f,
            read_options=csv.ReadOptions(use_threads=False, block_size=max(1 << 20, size * 64)),
            # an empty line is a row: with one column an empty value, with more
            # a row of too few fields (a bad-record in its place), never dropped
            parse_options=csv.ParseOptions(
                invalid_row_handler=on_bad_row, ignore_empty_lines=False
            ),
            convert_options=csv.ConvertOptions(
                column_types={column: pa.binary()},
                include_columns=[column],
                strings_can_be_null=False,
            ),
        )
    except pa.ArrowKeyError as exc:
        if "include_columns" in str(exc):
            raise NoColumn(column, header) from None
        raise
    at = 0  # the next data row
    for batch in reader:
        rows = _binary_rows(pa, batch.column(0))
        n = len(rows.values)
        if not bad or bad[0] >= at + n:
            at += n
            yield rows
            continue
        merged = _Collect()
        good = rows.values.to_pylist()
        i = 0
        while i < n or (bad and bad[0] == at):
            if bad and bad[0] == at:
                bad.popleft()
                merged.error("bad-record")
            else:
                if i in rows.errors:
                    merged.text(rows.raw[i])
                else:
                    merged.values.append(good[i])
                i += 1
            at += 1
        yield merged.rows(pa)
    if bad:
        rest = _Collect()
        for _ in bad:
            rest.error("bad-record")
        yield rest.rows(pa)


def _json_line(line: bytes, column: str, rows: _Collect) -> None:
    """One JSON line, read by Python: its value or its error record."""
    import json  # here: only a run that reads JSON Lines needs it

    try:
        text, escaped = line.decode("utf-8"), False
    except UnicodeDecodeError:
        text, escaped = line.decode("utf-8", "surrogateescape"), True
    try:
        record = json.loads(text)
    except ValueError:
        rows.error("bad-record")
        return
    if not isinstance(record, dict):
        rows.error("bad-record")
    elif column not in record:
        rows.error("missing-column")
    elif record[column] is not None and not isinstance(record[column], str):
        rows.error("not-a-string")
    else:
        # a lone surrogate in a line that is UTF-8 came from a JSON escape: no byte to keep
        rows.text(record[column], raw=escaped)


def _json_first_record(lines: list[bytes]) -> dict[str, Any] | None:
    import json

    for line in lines:
        try:
            record = json.loads(line.decode("utf-8", "surrogateescape"))
        except ValueError:
            continue
        if isinstance(record, dict):
            return record
    return None


def _json_block(pa: Any, pj: Any, lines: list[bytes], column: str, out: _Collect) -> Any:
    """Read ``lines`` with pyarrow; a block it cannot read is split in parts
    until it can, so only the lines around a bad record are read one by one. Returns
    the block's string array when the block is whole and clean (nothing added
    to ``out``); else adds every row to ``out`` and returns None."""
    options = pj.ParseOptions(
        explicit_schema=pa.schema([(column, pa.string())]), unexpected_field_behavior="ignore"
    )
    try:
        table = pj.read_json(pa.BufferReader(b"".join(lines)), parse_options=options)
        values = table.column(0).combine_chunks()
        values.validate(full=True)  # pyarrow.json may pass a string that is not UTF-8
    except (pa.ArrowException, ValueError):  # UnicodeDecodeError is a ValueError
        table = None
    if table is not None and table.num_rows == len(lines):
        if values.null_count == 0 and not len(out):
            return values
        # a null is JSON null or a missing key: only Python can tell them apart
        for line, value in zip(lines, values.to_pylist(), strict=True):
            if value is None:
                _json_line(line, column, out)
            else:
                out.values.append(value)
        return None
    if len(lines) <= _JSON_LINES_ALONE:
        for line in lines:
            _json_line(line, column, out)
        return None
    step = -(-len(lines) // _JSON_PARTS)
    for at in range(0, len(lines), step):
        part = lines[at : at + step]
        values = _json_block(pa, pj, part, column, out)
        if values is not None:
            out.values.extend(values.to_pylist())
    return None


def _jsonl_rows(pa: Any, f: IO[bytes], column: str, size: int) -> Iterator[Rows]:
    pj = imported("pyarrow.json")
    first = True
    while True:
        block = list(itertools.islice(f, size))
        if not block:
            return
        # a blank line is a row too, a bad-record in its place: no JSON object
        lines = block
        if first:
            first = False
            record = _json_first_record(lines)
            if record is not None and column not in record:
                raise NoColumn(column, list(record))
        if not lines[-1].endswith(b"\n"):
            lines[-1] += b"\n"
        out = _Collect()
        values = _json_block(pa, pj, lines, column, out)
        yield Rows(values, {}, {}) if values is not None else out.rows(pa)


def _parquet_rows(pa: Any, f: IO[bytes], column: str, size: int) -> Iterator[Rows]:
    pq = imported("pyarrow.parquet")
    source: Any = f
    if f is sys.stdin.buffer:
        source = io.BytesIO(f.read())
    # pre_buffer (pyarrow's default) keeps the bytes it has read of every row
    # group until the file is closed: memory would grow with the file
    pf = pq.ParquetFile(source, pre_buffer=False)
    if column not in pf.schema_arrow.names:
        raise NoColumn(column, list(pf.schema_arrow.names))
    for batch in pf.iter_batches(batch_size=size, columns=[column]):
        values = batch.column(0)
        if pa.types.is_binary(values.type) or pa.types.is_large_binary(values.type):
            yield _binary_rows(pa, values)
        elif pa.types.is_string(values.type) or pa.types.is_large_string(values.type):
            yield Rows(values, {}, {})
        else:
            yield Rows(values.cast(pa.string()), {}, {})


#: A reader: (pyarrow, the open input, the column, rows a batch) -> the batches.
Reader = Callable[[Any, IO[bytes], str, int], Iterator[Rows]]

#: The reader of each input format.
READERS: dict[str, Reader] = {
    "text": _text_rows,
    "jsonl": _jsonl_rows,
    "csv": _csv_rows,
    "parquet": _parquet_rows,
}
