"""``urikit batch INPUT OUTPUT``: validate, split or normalize a column of a big file.

Reads text (one URI a line), CSV, JSON Lines or Parquet as a stream of Arrow
record batches, runs :mod:`urikit.arrow` on one column, and writes one output
row per input row, in order, errors in place, in any of the same formats.
Memory use does not grow with the file (Parquet read from stdin excepted: it
must be seekable, so it is read whole). Needs pyarrow (``urikit[arrow]``);
tqdm, when installed, draws a progress bar on a terminal.
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import os
import sys
import time
from collections.abc import Iterator
from typing import IO, Any

from ._common import EXIT_NO, EXIT_OK, InputError, OutputError, escape, usage_error

__all__ = ["FORMATS", "OPS", "output_columns", "register"]

FORMATS = ("text", "csv", "jsonl", "parquet")
OPS = ("validate", "split", "normalize", "check")
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


def output_columns(column: str, ops: list[str]) -> list[str]:
    """The output columns, in order: ``row`` (1-based), the input column, ``valid``,
    ``error_reason``, ``error_position``, then the eight components with
    ``split`` and ``normalized`` with ``normalize``.

    >>> output_columns("url", ["normalize"])
    ['row', 'url', 'valid', 'error_reason', 'error_position', 'normalized']
    """
    cols = ["row", column, "valid", "error_reason", "error_position"]
    if "split" in ops:
        cols += list(_COMPONENTS)
    if "normalize" in ops:
        cols.append("normalized")
    return cols


def register(sub: Any) -> None:
    """Add ``batch`` to the ``urikit`` tool."""
    p = sub.add_parser(
        "batch",
        help="validate, split or normalize a column of a large file (text, CSV, JSONL, Parquet)",
        description="Stream INPUT in record batches and write one row per input row to OUTPUT, "
        "in order, errors in place ('-': stdin / stdout). Columns: row, the input column, "
        "valid, error_reason, error_position, then the components (split) and normalized "
        "(normalize). A summary goes to stderr. Exit status: 0 when every non-null row is "
        "valid, 1 when one is not, 2 for usage errors, a missing column, unreadable input or "
        "unwritable output. Needs pyarrow: pip install 'urikit[arrow]'.",
    )
    p.add_argument("input", metavar="INPUT", help="the input file, or '-' for stdin")
    p.add_argument("output", metavar="OUTPUT", help="the output file, or '-' for stdout")
    p.add_argument(
        "--column", default=None, help="the column of URIs (default: url; text input: url)"
    )
    p.add_argument(
        "--ops",
        default="validate",
        metavar="LIST",
        help="comma-separated: validate, split, normalize, check (check: RFC 3986 validity,"
        " as validate) (default: validate)",
    )
    p.add_argument("--format", choices=FORMATS, help="the input and output format")
    p.add_argument("--input-format", choices=FORMATS, help="(default: --format or by extension)")
    p.add_argument("--output-format", choices=FORMATS, help="(default: --format or by extension)")
    p.add_argument(
        "--rule",
        default="URI-reference",
        choices=["URI-reference", "URI", "absolute-URI", "relative-ref"],
    )
    p.add_argument("--level", default="scheme", choices=["syntax", "scheme"])
    p.add_argument("--batch-size", type=int, default=65536, metavar="ROWS")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(run=_cmd_batch, parser=p)


def _format(args: argparse.Namespace, path: str, explicit: str | None) -> str:
    if explicit:
        return explicit
    if args.format:
        return str(args.format)
    if path == "-":
        return "text"
    ext = os.path.splitext(path)[1].lower()
    if ext not in _EXTENSIONS:
        usage_error(args, f"cannot tell the format of {path!r}: give --format")
    return _EXTENSIONS[ext]


def _modules() -> tuple[Any, Any]:
    try:
        pa = importlib.import_module("pyarrow")
        importlib.import_module("pyarrow.compute")
    except ImportError:
        raise InputError("urikit batch needs pyarrow: pip install 'urikit[arrow]'") from None
    arrow = importlib.import_module("urikit.arrow")
    return pa, arrow


# ------------------------------------------------------------------- readers


def _open_in(path: str) -> IO[bytes]:
    if path == "-":
        return sys.stdin.buffer
    try:
        return open(path, "rb")
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from None


def _text_batches(pa: Any, f: IO[bytes], column: str, size: int) -> Iterator[Any]:
    lines: list[str] = []
    for raw in f:
        line = raw.decode("utf-8", "replace")
        if line.endswith("\n"):
            line = line[:-1]
            if line.endswith("\r"):
                line = line[:-1]
        lines.append(line)
        if len(lines) >= size:
            yield pa.record_batch([pa.array(lines, pa.string())], names=[column])
            lines = []
    if lines:
        yield pa.record_batch([pa.array(lines, pa.string())], names=[column])


def _jsonl_batches(pa: Any, f: IO[bytes], column: str, size: int) -> Iterator[Any]:
    values: list[str | None] = []
    for number, raw in enumerate(f, 1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except ValueError as exc:
            raise InputError(f"line {number}: not JSON: {exc}") from None
        if not isinstance(obj, dict):
            raise InputError(f"line {number}: not a JSON object")
        value = obj.get(column)
        if value is not None and not isinstance(value, str):
            raise InputError(f"line {number}: {column!r} is not a string")
        values.append(value)
        if len(values) >= size:
            yield pa.record_batch([pa.array(values, pa.string())], names=[column])
            values = []
    if values:
        yield pa.record_batch([pa.array(values, pa.string())], names=[column])


def _csv_batches(pa: Any, f: IO[bytes], column: str, size: int) -> Iterator[Any]:
    csv = importlib.import_module("pyarrow.csv")
    reader = csv.open_csv(
        f,
        read_options=csv.ReadOptions(block_size=max(1 << 20, size * 64)),
        convert_options=csv.ConvertOptions(
            column_types={column: pa.string()},
            include_columns=[column],
            strings_can_be_null=False,
        ),
    )
    yield from reader


def _parquet_batches(pa: Any, f: IO[bytes], column: str, size: int) -> Iterator[Any]:
    pq = importlib.import_module("pyarrow.parquet")
    source: Any = f
    if f is sys.stdin.buffer:
        source = io.BytesIO(f.read())
    pf = pq.ParquetFile(source)
    if column not in pf.schema_arrow.names:
        raise InputError(f"no column {column!r} in the input (columns: {pf.schema_arrow.names})")
    yield from pf.iter_batches(batch_size=size, columns=[column])


_READERS = {
    "text": _text_batches,
    "jsonl": _jsonl_batches,
    "csv": _csv_batches,
    "parquet": _parquet_batches,
}


# ------------------------------------------------------------------- writers


class _Writer:
    def __init__(self, pa: Any, fmt: str, path: str) -> None:
        self.pa, self.fmt, self.path = pa, fmt, path
        self.inner: Any = None
        self.own = path != "-"
        try:
            # closed by close(), after the last batch
            self.f: IO[bytes] = open(path, "wb") if self.own else sys.stdout.buffer  # noqa: SIM115
        except OSError as exc:
            raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None

    def write(self, batch: Any) -> None:
        try:
            self._write(batch)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"cannot write the output: {exc}") from None

    def _write(self, batch: Any) -> None:
        if self.fmt == "parquet":
            if self.inner is None:
                pq = importlib.import_module("pyarrow.parquet")
                self.inner = pq.ParquetWriter(self.f, batch.schema)
            self.inner.write_batch(batch)
        elif self.fmt == "csv":
            if self.inner is None:
                csv = importlib.import_module("pyarrow.csv")
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
            for row in zip(*columns, strict=True):
                out.write("\t".join(_NULL if v is None else escape(str(v)) for v in row))
                out.write("\n")
            self.f.write(out.getvalue().encode("utf-8", "backslashreplace"))

    def close(self) -> None:
        try:
            if self.fmt in ("parquet", "csv") and self.inner is not None:
                self.inner.close()
            self.f.flush()
            if self.own:
                self.f.close()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"cannot write the output: {exc}") from None


# ----------------------------------------------------------------------- run


def _process(
    pa: Any,
    arrow: Any,
    batch: Any,
    column: str,
    ops: list[str],
    args: argparse.Namespace,
    row0: int,
) -> tuple[Any, int]:
    pc = importlib.import_module("pyarrow.compute")
    values = batch.column(batch.schema.get_field_index(column))
    if not (pa.types.is_string(values.type) or pa.types.is_large_string(values.type)):
        values = values.cast(pa.string())
    parts = arrow.split(values, args.rule)
    n = len(values)
    reason = parts.field("error_reason")
    valid = pc.if_else(pc.is_null(values), pa.nulls(n, pa.bool_()), pc.is_null(reason))
    names = output_columns(column, ops)
    arrays = [pa.array(range(row0 + 1, row0 + n + 1), pa.int64()), values, valid, reason]
    arrays.append(parts.field("error_position"))
    if "split" in ops:
        arrays += [parts.field(name) for name in _COMPONENTS]
    if "normalize" in ops:
        arrays.append(arrow.normalize(values, args.level))
    invalid = n - reason.null_count  # a reason for every invalid row, none otherwise
    return pa.record_batch(arrays, names=names), invalid


def _progress(args: argparse.Namespace, total: int | None) -> Any:
    if args.no_progress or not sys.stderr.isatty():
        return None
    try:
        tqdm = importlib.import_module("tqdm")
    except ImportError:
        return None
    return tqdm.tqdm(total=total, unit=" rows", unit_scale=True, file=sys.stderr)


def _cmd_batch(args: argparse.Namespace) -> int:
    ops = [op.strip() for op in str(args.ops).split(",") if op.strip()]
    unknown = [op for op in ops if op not in OPS]
    if unknown or not ops:
        usage_error(args, f"--ops: unknown {unknown} (choose from {', '.join(OPS)})")
    if args.batch_size < 1:
        usage_error(args, "--batch-size must be at least 1")
    in_fmt = _format(args, args.input, args.input_format)
    out_fmt = _format(args, args.output, args.output_format)
    column = args.column or "url"
    pa, arrow = _modules()
    start = time.perf_counter()
    rows = invalid = nulls = 0
    f = _open_in(args.input)
    writer: _Writer | None = None
    bar = None
    try:
        total = None
        batches = _READERS[in_fmt](pa, f, column, args.batch_size)
        bar = _progress(args, total)
        for batch in batches:
            if column not in batch.schema.names:
                raise InputError(f"no column {column!r} in the input")
            out, bad = _process(pa, arrow, batch, column, ops, args, rows)
            if writer is None:
                writer = _Writer(pa, out_fmt, args.output)
            writer.write(out)
            rows += batch.num_rows
            invalid += bad
            nulls += out.column(1).null_count
            if bar is not None:
                bar.update(batch.num_rows)
        if writer is None:  # an empty input still gives a (headed) output
            empty = pa.record_batch([pa.array([], pa.string())], names=[column])
            out, _ = _process(pa, arrow, empty, column, ops, args, 0)
            writer = _Writer(pa, out_fmt, args.output)
            writer.write(out)
        writer.close()
    except (BrokenPipeError, OutputError):
        raise
    except (pa.ArrowException, OSError) as exc:
        raise InputError(f"cannot read {args.input}: {exc}") from None
    except UnicodeDecodeError as exc:
        raise InputError(f"cannot read {args.input}: {exc}") from None
    finally:
        if bar is not None:
            bar.close()
        if f is not sys.stdin.buffer:
            f.close()
    seconds = time.perf_counter() - start
    summary = f"rows: {rows}, invalid: {invalid}, null: {nulls}, time: {seconds:.2f} s"
    sys.stderr.write(f"urikit batch: {summary}\n")
    return EXIT_NO if invalid else EXIT_OK
