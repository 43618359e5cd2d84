"""``urikit batch INPUT OUTPUT``: validate, split, normalize or check a column of a big file.

Reads text (one URI a line), CSV, JSON Lines or Parquet as a stream of Arrow
record batches, runs :mod:`urikit.arrow` on one column, and writes one output
row per input row, in order, errors in place, in any of the same formats. A
row that cannot be read (bytes that are not UTF-8, a JSON value that is not a
string, a record without the column, a malformed record) is an error record
in its place, and the run goes on. Memory use does not grow with the file
(Parquet read from stdin excepted: it must be seekable, so it is read whole).

The output never destroys data: an output that is the input, or an existing
file without ``--force``, is refused before anything is written, and a file
output is written beside its destination and renamed into place only when the
run has finished. Needs pyarrow (``urikit[arrow]``); tqdm, when installed,
draws a progress bar on a terminal.

>>> parse_rows("64")
64
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import io
import itertools
import json
import os
import re
import signal
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from typing import IO, Any

from ..core._extras import imported, optional
from ._common import EXIT_NO, EXIT_OK, InputError, OutputError, escape

__all__ = ["EXIT_TERMINATED", "FORMATS", "OPS", "output_columns", "parse_rows", "register"]

FORMATS = ("text", "csv", "jsonl", "parquet")
OPS = ("validate", "split", "normalize", "check")
#: SIGTERM: 128 + 15, what a shell reports for a process the signal ended.
EXIT_TERMINATED = 143
_EXTENSIONS = {
    ".txt": "text",
    ".csv": "csv",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "jsonl",
    ".parquet": "parquet",
    ".pq": "parquet",
}
#: How the text output writes a null (an empty field is an empty string).
_NULL = "\\N"
_COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")
#: A character that UTF-8 cannot hold: an undecodable input byte (kept as
#: U+DC80..U+DCFF by ``surrogateescape``) or a lone surrogate from a JSON escape.
_SURROGATE = re.compile("[\ud800-\udfff]")
#: A JSON Lines block that pyarrow cannot read is split in this many parts,
#: and each part that it cannot read again, until a part is read or has at
#: most _JSON_LINES_ALONE lines: then its lines are read one by one, by Python.
_JSON_PARTS = 16
_JSON_LINES_ALONE = 256


def output_columns(column: str, ops: list[str]) -> list[str]:
    """The output columns, in order: ``row`` (1-based), the input column, ``valid``,
    ``error_reason``, ``error_position``, then the eight components with
    ``split``, ``normalized`` with ``normalize``, and ``verdict`` and
    ``findings`` with ``check``.

    >>> output_columns("url", ["normalize", "check"])
    ['row', 'url', 'valid', 'error_reason', 'error_position', 'normalized', 'verdict', 'findings']
    """
    cols = ["row", column, "valid", "error_reason", "error_position"]
    if "split" in ops:
        cols += list(_COMPONENTS)
    if "normalize" in ops:
        cols.append("normalized")
    if "check" in ops:
        cols += ["verdict", "findings"]
    return cols


def parse_rows(text: str) -> int:
    """``--batch-size``: a whole number of rows, at least 1 (else argparse's
    usage error naming the option).

    >>> parse_rows("0")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be at least 1, not 0
    """
    try:
        rows = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number of rows: {text!r}") from None
    if rows < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {rows}")
    return rows


def register(sub: Any) -> None:
    """Add ``batch`` to the ``urikit`` tool."""
    p = sub.add_parser(
        "batch",
        help="validate, split or normalize a column of a large file (text, CSV, JSONL, Parquet)",
        description="Stream INPUT in record batches and write one row per input row to OUTPUT, "
        "in order, errors in place ('-': stdin / stdout). Columns: row, the input column, "
        "valid, error_reason, error_position, then the components (split), normalized "
        "(normalize), verdict and findings (check). A row that cannot be read (not UTF-8, "
        "not a string, no such column, a malformed record) is an error record in its place. "
        "An OUTPUT that is INPUT, or that exists (without --force), is refused; a file "
        "OUTPUT appears only when the run has finished. A summary goes to stderr. Exit "
        "status: 0 when every non-null row is valid (and passes check), 1 when one is not, "
        "2 for usage errors, a missing column, unreadable input or unwritable output, 130 "
        "on Ctrl-C, 143 on SIGTERM. Needs pyarrow: pip install 'urikit[arrow]'.",
    )
    p.add_argument("input", metavar="INPUT", help="the input file, or '-' for stdin")
    p.add_argument("output", metavar="OUTPUT", help="the output file, or '-' for stdout")
    p.add_argument(
        "--column",
        default=None,
        help="the column of URIs (default: url); it must be in the CSV header, the Parquet "
        "schema or the first JSON record; a text input's column gets this name",
    )
    p.add_argument(
        "--ops",
        default="validate",
        metavar="LIST",
        help="comma-separated: validate (RFC 3986 validity), split (the components), "
        "normalize, check (the security verdict of 'urikit check' under --policy) "
        "(default: validate)",
    )
    p.add_argument("--format", choices=FORMATS, help="the input and output format")
    p.add_argument(
        "--input-format",
        choices=FORMATS,
        help="the input format (default: --format, or by the extension; '-' is text)",
    )
    p.add_argument(
        "--output-format",
        choices=FORMATS,
        help="the output format (default: --format, or by the extension; '-' is text)",
    )
    p.add_argument(
        "--rule",
        default="URI-reference",
        choices=["URI-reference", "URI", "absolute-URI", "relative-ref"],
        help="the RFC 3986 rule a valid row matches (default: URI-reference)",
    )
    p.add_argument(
        "--level",
        default="scheme",
        choices=["syntax", "scheme"],
        help="how far normalize goes, as in 'urikit normalize' (default: scheme)",
    )
    p.add_argument(
        "--policy",
        choices=["default", "ssrf"],
        default="default",
        help="the policy of the check op, as in 'urikit check' (default: block on danger)",
    )
    p.add_argument(
        "--batch-size",
        type=parse_rows,
        default=65536,
        metavar="ROWS",
        help="rows read and written at a time, at least 1 (default: 65536)",
    )
    p.add_argument(
        "--force", action="store_true", help="replace an existing OUTPUT file (never INPUT)"
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(run=_cmd_batch, parser=p)


def _usage(args: argparse.Namespace, message: str) -> None:
    parser: argparse.ArgumentParser = args.parser
    parser.error(message)


def _format(args: argparse.Namespace, path: str, explicit: str | None) -> str:
    if explicit:
        return explicit
    if args.format:
        return str(args.format)
    if path == "-":
        return "text"
    ext = os.path.splitext(path)[1].lower()
    if ext not in _EXTENSIONS:
        _usage(args, f"cannot tell the format of {path!r}: give --format")
    return _EXTENSIONS[ext]


def _modules() -> tuple[Any, Any]:
    try:
        pa = imported("pyarrow")
        imported("pyarrow.compute")
    except ImportError:
        raise InputError("urikit batch needs pyarrow: pip install 'urikit[arrow]'") from None
    arrow = imported("urikit.columnar.arrow")
    return pa, arrow


class _NoColumn(Exception):
    """The header, schema or first record has no such column (exit 2)."""

    def __init__(self, column: str, columns: list[str]) -> None:
        super().__init__(column)
        self.column = column
        self.columns = columns


class _Terminated(BaseException):
    """SIGTERM arrived: raised in the main thread, like KeyboardInterrupt for SIGINT."""


# ------------------------------------------------------------------- readers


class _Rows:
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


def _not_utf8(text: str) -> tuple[str, int] | None:
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
        bad = None if value is None else _not_utf8(value)
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

    def rows(self, pa: Any) -> _Rows:
        rows = _Rows(pa.array(self.values, pa.string()), self.errors, self.raw)
        self.values, self.errors, self.raw = [], {}, {}
        return rows


def _open_in(path: str) -> IO[bytes]:
    if path == "-":
        return sys.stdin.buffer
    try:
        return open(path, "rb")
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from None


def _text_rows(pa: Any, f: IO[bytes], column: str, size: int) -> Iterator[_Rows]:
    rows = _Collect()
    for raw in f:
        if raw.endswith(b"\n"):
            raw = raw[:-2] if raw.endswith(b"\r\n") else raw[:-1]
        try:
            rows.values.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            rows.text(raw.decode("utf-8", "surrogateescape"))
        if len(rows) >= size:
            yield rows.rows(pa)
    if len(rows):
        yield rows.rows(pa)


def _binary_rows(pa: Any, values: Any) -> _Rows:
    """``values`` (binary) as a string array; the rows that are not UTF-8 become
    error records (the whole array is checked at once, then row by row only
    when it fails)."""
    try:
        return _Rows(values.cast(pa.string()), {}, {})
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


def _csv_rows(pa: Any, f: IO[bytes], column: str, size: int) -> Iterator[_Rows]:
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
            parse_options=csv.ParseOptions(invalid_row_handler=on_bad_row),
            convert_options=csv.ConvertOptions(
                column_types={column: pa.binary()},
                include_columns=[column],
                strings_can_be_null=False,
            ),
        )
    except pa.ArrowKeyError as exc:
        if "include_columns" in str(exc):
            raise _NoColumn(column, header) from None
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


def _jsonl_rows(pa: Any, f: IO[bytes], column: str, size: int) -> Iterator[_Rows]:
    pj = imported("pyarrow.json")
    first = True
    while True:
        block = list(itertools.islice(f, size))
        if not block:
            return
        lines = [line for line in block if not line.isspace()]
        if not lines:
            continue
        if first:
            first = False
            record = _json_first_record(lines)
            if record is not None and column not in record:
                raise _NoColumn(column, list(record))
        if not lines[-1].endswith(b"\n"):
            lines[-1] += b"\n"
        out = _Collect()
        values = _json_block(pa, pj, lines, column, out)
        yield _Rows(values, {}, {}) if values is not None else out.rows(pa)


def _parquet_rows(pa: Any, f: IO[bytes], column: str, size: int) -> Iterator[_Rows]:
    pq = imported("pyarrow.parquet")
    source: Any = f
    if f is sys.stdin.buffer:
        source = io.BytesIO(f.read())
    pf = pq.ParquetFile(source)
    if column not in pf.schema_arrow.names:
        raise _NoColumn(column, list(pf.schema_arrow.names))
    for batch in pf.iter_batches(batch_size=size, columns=[column]):
        values = batch.column(0)
        if pa.types.is_binary(values.type) or pa.types.is_large_binary(values.type):
            yield _binary_rows(pa, values)
        elif pa.types.is_string(values.type) or pa.types.is_large_string(values.type):
            yield _Rows(values, {}, {})
        else:
            yield _Rows(values.cast(pa.string()), {}, {})


_READERS = {
    "text": _text_rows,
    "jsonl": _jsonl_rows,
    "csv": _csv_rows,
    "parquet": _parquet_rows,
}


# ------------------------------------------------------------------- writers


def _same(a: os.stat_result, b: os.stat_result) -> bool:
    return os.path.samestat(a, b)


def _refuse_unsafe_output(args: argparse.Namespace) -> None:
    """Refuse, before anything is opened for writing, an output that is the
    input (the same path, a symlink or a hard link to it, or the file behind
    stdin / stdout) and an existing output file without ``--force``."""
    src, dst = args.input, args.output
    if dst == "-":
        if src != "-":
            try:
                same = _same(os.fstat(1), os.stat(src))
            except OSError:
                same = False
            if same:
                raise OutputError(f"the output (stdout) is the input {src}: refusing to write")
        return
    if not os.path.lexists(dst):
        return
    try:
        same = _same(os.fstat(0), os.stat(dst)) if src == "-" else os.path.samefile(src, dst)
    except OSError:
        same = False
    if same:
        raise OutputError(f"the output {dst} is the input {src}: refusing to write over it")
    try:
        regular = stat.S_ISREG(os.stat(dst).st_mode)
    except OSError:  # a dangling symlink
        regular = True
    if regular and not args.force:
        raise OutputError(f"the output {dst} exists: give --force to replace it")


class _Writer:
    """The output: stdout, a device or FIFO written in place, or a file written
    to a temporary file beside it and renamed into place by :meth:`finish`."""

    def __init__(self, fmt: str, path: str, force: bool, signals: _Signals) -> None:
        self.fmt, self.path, self.force = fmt, path, force
        self.signals = signals
        self.name = "stdout" if path == "-" else path
        self.inner: Any = None
        self.rows = 0
        self.temp: str | None = None
        self.f: IO[bytes] | None = None
        self.dest = path
        if path != "-":
            try:
                if os.path.islink(path):
                    self.dest = os.path.realpath(path)
                special = not stat.S_ISREG(os.stat(path).st_mode)
            except OSError:
                special = False
            self.inplace = special
        else:
            self.inplace = True

    def _error(self, exc: OSError) -> OutputError:
        return OutputError(f"cannot write {self.name}: {exc.strerror or exc}")

    def _open(self) -> IO[bytes]:
        if self.path == "-":
            return sys.stdout.buffer
        try:
            if self.inplace:
                return open(self.path, "wb")
            folder, base = os.path.split(os.path.abspath(self.dest))
            with self.signals.held():  # no signal between making the file and knowing its name
                fd, self.temp = tempfile.mkstemp(prefix=f".{base}.", suffix=".part", dir=folder)
            return os.fdopen(fd, "wb")
        except OSError as exc:
            raise self._error(exc) from None

    def write(self, batch: Any, raw: dict[int, str]) -> None:
        if self.f is None:
            self.f = self._open()
        try:
            self._write(batch, raw)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._error(exc) from None
        self.rows += batch.num_rows

    def _write(self, batch: Any, raw: dict[int, str]) -> None:
        assert self.f is not None
        if self.fmt == "parquet":
            if self.inner is None:
                pq = imported("pyarrow.parquet")
                self.inner = pq.ParquetWriter(self.f, batch.schema)
            self.inner.write_batch(batch)
        elif self.fmt == "csv":
            if self.inner is None:
                csv = imported("pyarrow.csv")
                self.inner = csv.CSVWriter(self.f, batch.schema)
            self.inner.write_batch(batch)
        elif self.fmt == "jsonl":
            out = io.StringIO()
            for record in batch.to_pylist():
                out.write(json.dumps(record, ensure_ascii=True))
                out.write("\n")
            self.f.write(out.getvalue().encode("ascii"))
        else:
            if self.inner is None:
                self.inner = True
                self.f.write(("\t".join(batch.schema.names) + "\n").encode("utf-8"))
            out = io.StringIO()
            columns = [c.to_pylist() for c in batch.columns]
            for i, value in raw.items():
                columns[1][i] = value  # written back byte for byte as read
            for row in zip(*columns, strict=True):
                out.write("\t".join(_text_field(v) for v in row))
                out.write("\n")
            self.f.write(out.getvalue().encode("utf-8", "surrogateescape"))

    def finish(self) -> None:
        """Close the output; a temporary file is renamed into place (without
        ``--force``, never over a file that appeared meanwhile)."""
        assert self.f is not None
        try:
            if self.inner is not None and self.inner is not True:
                self.inner.close()
            self.f.flush()
            if self.path != "-":
                if self.temp is not None:
                    os.fsync(self.f.fileno())
                self.f.close()
            if self.temp is not None:
                os.chmod(self.temp, self._mode())
                with self.signals.held():  # the run is done: a signal now is too late
                    if self.force or not _link(self.temp, self.dest):
                        os.replace(self.temp, self.dest)
                    else:
                        os.unlink(self.temp)
                    self.temp = None
        except BrokenPipeError:
            raise
        except FileExistsError:
            message = f"the output {self.name} appeared during the run: give --force"
            raise OutputError(message) from None
        except OSError as exc:
            raise self._error(exc) from None

    def _mode(self) -> int:
        try:
            return stat.S_IMODE(os.stat(self.dest).st_mode)
        except OSError:
            umask = os.umask(0)
            os.umask(umask)
            return 0o666 & ~umask

    def discard(self) -> str:
        """Give up: remove the temporary file. Returns what became of the output."""
        with self.signals.held():  # a second Ctrl-C does not stop the cleaning up
            return self._discard()

    def _discard(self) -> str:
        if getattr(self.inner, "is_open", False):
            self.inner.is_open = False  # no Parquet footer, which would pass for a whole file
        if self.f is not None and self.path != "-":
            with contextlib.suppress(OSError):
                self.f.close()
        if self.temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.temp)
            self.temp = None
            return f"nothing written to {self.name}"
        if self.f is None:
            return f"nothing written to {self.name}"
        return f"the output on {self.name} is incomplete"


def _link(temp: str, dest: str) -> bool:
    """Give ``temp`` the name ``dest`` unless ``dest`` exists (FileExistsError);
    False where the file system has no hard links (then a rename must do)."""
    try:
        os.link(temp, dest)
    except FileExistsError:
        raise
    except OSError:
        if os.path.lexists(dest):
            raise FileExistsError(dest) from None
        return False
    return True


def _text_field(value: object) -> str:
    if value is None:
        return _NULL
    if value is True:
        return "true"
    if value is False:
        return "false"
    text = str(value)
    if text.isprintable():
        return text
    # control characters escaped; a byte that was not UTF-8 goes back as it came
    return "".join(c if c.isprintable() or "\udc80" <= c <= "\udcff" else escape(c) for c in text)


# ----------------------------------------------------------------------- run


class _Checker:
    """The check op: the verdict of :func:`urikit.security.check` under a policy."""

    def __init__(self, policy: str) -> None:
        security = imported("urikit.security")
        self.check = security.check
        self.policy = security.Policy.ssrf() if policy == "ssrf" else security.Policy()

    def __call__(self, values: list[str | None]) -> tuple[list[str | None], list[str | None]]:
        verdicts: list[str | None] = []
        findings: list[str | None] = []
        for value in values:
            if value is None:
                verdicts.append(None)
                findings.append(None)
                continue
            report = self.check(value, policy=self.policy)
            verdicts.append("pass" if report.ok else "fail")
            findings.append(" ".join(f.code for f in report.findings))
        return verdicts, findings


class _Tally:
    rows = 0
    invalid = 0
    nulls = 0
    failed = 0

    def __init__(self) -> None:
        self.reasons: collections.Counter[str] = collections.Counter()

    def summary(self, seconds: float) -> str:
        reasons = ", ".join(f"{r}: {n}" for r, n in sorted(self.reasons.items()))
        text = f"rows: {self.rows}, invalid: {self.invalid}"
        if reasons:
            text += f" ({reasons})"
        text += f", null: {self.nulls}"
        if self.failed:
            text += f", failed check: {self.failed}"
        return text + f", time: {seconds:.2f} s"


def _process(
    pa: Any,
    arrow: Any,
    rows: _Rows,
    column: str,
    ops: list[str],
    args: argparse.Namespace,
    tally: _Tally,
    checker: _Checker | None,
) -> Any:
    pc = imported("pyarrow.compute")
    values = rows.values
    if not pa.types.is_string(values.type):
        values = values.cast(pa.string())
    parts = arrow.split(values, args.rule)
    n = len(values)
    reason = parts.field("error_reason")
    position = parts.field("error_position")
    valid = pc.if_else(pc.is_null(values), pa.nulls(n, pa.bool_()), pc.is_null(reason))
    extra: list[Any] = []
    if "split" in ops:
        extra += [parts.field(name) for name in _COMPONENTS]
    if "normalize" in ops:
        extra.append(arrow.normalize(values, args.level))
    if checker is not None:
        texts = values.to_pylist()
        for i in rows.errors:
            texts[i] = None  # no verdict on a row that could not be read
        verdicts, findings = checker(texts)
        tally.failed += verdicts.count("fail")
        extra += [pa.array(verdicts, pa.string()), pa.array(findings, pa.string())]
    if rows.errors:
        reasons, positions, valids = reason.to_pylist(), position.to_pylist(), valid.to_pylist()
        for i, (why, at) in rows.errors.items():
            reasons[i], positions[i], valids[i] = why, at, False
        reason = pa.array(reasons, pa.string())
        position = pa.array(positions, pa.int64())
        valid = pa.array(valids, pa.bool_())
        unread = pa.array([i in rows.errors for i in range(n)], pa.bool_())
        extra = [pc.if_else(unread, pa.nulls(n, a.type), a) for a in extra]
    tally.rows += n
    tally.invalid += n - reason.null_count  # a reason for every invalid row, none otherwise
    tally.nulls += valid.null_count  # a null input; an error row is never null
    if reason.null_count < n:
        for item in pc.value_counts(reason).to_pylist():
            if item["values"] is not None:
                tally.reasons[item["values"]] += item["counts"]
    row = pa.array(range(tally.rows - n + 1, tally.rows + 1), pa.int64())
    arrays = [row, values, valid, reason, position, *extra]
    return pa.record_batch(arrays, names=output_columns(column, ops))


def _progress(args: argparse.Namespace) -> Any:
    if args.no_progress or not sys.stderr.isatty():
        return None
    tqdm = optional("tqdm")
    if tqdm is None:
        return None
    return tqdm.tqdm(total=None, unit=" rows", unit_scale=True, file=sys.stderr)


class _Signals:
    """SIGINT and SIGTERM during a run: each raises (KeyboardInterrupt,
    :class:`_Terminated`) where the run is, and is remembered, so that one
    raised inside a finalizer (where Python only prints it) still stops the run
    at the next batch."""

    def __init__(self) -> None:
        self.caught: list[int] = []
        self.previous: dict[int, Any] = {}
        self.holding = 0

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """A section that a signal must not cut: one that comes is raised at
        the next :meth:`check` instead."""
        self.holding += 1
        try:
            yield
        finally:
            self.holding -= 1

    def __enter__(self) -> _Signals:
        for signum in (signal.SIGINT, signal.SIGTERM):
            try:
                self.previous[signum] = signal.signal(signum, self._on_signal)
            except ValueError:  # not the main thread: the signals keep their handlers
                break
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, handler in self.previous.items():
            signal.signal(signum, handler)

    def _on_signal(self, signum: int, frame: object) -> None:
        self.caught.append(signum)
        if not self.holding:
            self.check()

    def check(self) -> None:
        if not self.caught:
            return
        if self.caught[0] == signal.SIGINT:
            raise KeyboardInterrupt
        raise _Terminated


def _say(message: str) -> None:
    try:
        sys.stderr.write(f"urikit batch: {message}\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # pragma: no cover - stderr is gone too
        pass


def _cmd_batch(args: argparse.Namespace) -> int:
    ops = [op.strip() for op in str(args.ops).split(",") if op.strip()]
    unknown = [op for op in ops if op not in OPS]
    if unknown or not ops:
        _usage(args, f"--ops: unknown {unknown} (choose from {', '.join(OPS)})")
    in_fmt = _format(args, args.input, args.input_format)
    out_fmt = _format(args, args.output, args.output_format)
    column = args.column or "url"
    pa, arrow = _modules()
    checker = _Checker(args.policy) if "check" in ops else None
    f = _open_in(args.input)
    try:
        _refuse_unsafe_output(args)
        with _Signals() as signals:
            return _run(args, pa, arrow, f, in_fmt, out_fmt, column, ops, checker, signals)
    finally:
        if f is not sys.stdin.buffer:
            f.close()


def _run(
    args: argparse.Namespace,
    pa: Any,
    arrow: Any,
    f: IO[bytes],
    in_fmt: str,
    out_fmt: str,
    column: str,
    ops: list[str],
    checker: _Checker | None,
    signals: _Signals,
) -> int:
    start = time.perf_counter()
    tally = _Tally()
    writer = _Writer(out_fmt, args.output, args.force, signals)
    bar = _progress(args)
    try:
        for rows in _READERS[in_fmt](pa, f, column, args.batch_size):
            out = _process(pa, arrow, rows, column, ops, args, tally, checker)
            writer.write(out, rows.raw)
            signals.check()
            if bar is not None:
                bar.update(out.num_rows)
        if writer.f is None:  # an empty input still gives a (headed) output
            empty = _Rows(pa.array([], pa.string()), {}, {})
            writer.write(_process(pa, arrow, empty, column, ops, args, tally, checker), {})
        signals.check()
        writer.finish()
    except BrokenPipeError:
        writer.discard()
        raise
    except _NoColumn as exc:
        writer.discard()
        columns = ", ".join(exc.columns) if exc.columns else "none seen"
        raise InputError(
            f"no column {exc.column!r} in {args.input} (its columns: {columns}): give --column"
        ) from None
    except (InputError, OutputError) as exc:
        raise type(exc)(f"{exc}; {writer.discard()}") from None
    except (pa.ArrowException, OSError, UnicodeError) as exc:
        raise InputError(f"cannot read {args.input}: {exc}; {writer.discard()}") from None
    except KeyboardInterrupt:
        _say(f"interrupted; {writer.discard()}")
        raise
    except _Terminated:
        _say(f"terminated; {writer.discard()}")
        return EXIT_TERMINATED
    finally:
        if bar is not None:
            bar.close()
    _say(tally.summary(time.perf_counter() - start))
    return EXIT_NO if tally.invalid or tally.failed else EXIT_OK
