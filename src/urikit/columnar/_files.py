"""File in, file out: the engine of :func:`urikit.batch.run_file` and of ``urikit batch``.

A :class:`FileRun` reads a column of a text, CSV, JSON Lines or Parquet file
(:mod:`.file_readers`), runs :mod:`urikit.arrow` on it batch by batch and writes
one output row per input row, in order, errors in place
(:mod:`.file_writers`), then returns a :class:`FileSummary`. The formats, the
output columns and the ops are declared here once, for the library and the CLI.
pyarrow (the ``arrow`` extra) is imported when a run is made, not before.

>>> output_columns("url", ["normalize", "check"])
['row', 'url', 'valid', 'error_reason', 'error_position', 'normalized', 'verdict', 'findings']
>>> format_of("links.ndjson"), format_of("-"), format_of("links.xlsx")
('jsonl', 'text', None)
"""

from __future__ import annotations

import collections
import contextlib
import functools
import os
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import IO, Any, NamedTuple

from ..core._errors import arg_type_error, check_str, unknown_choice
from ..core._extras import imported
from ._file_encoders import encode
from ._file_readers import READERS, FileError, NoColumn, ReadError, Rows, open_input
from ._file_writers import OutputExists, WriteError, Writer, refuse_unsafe_output

__all__ = [
    "COMPONENTS",
    "DOMAIN_COLUMNS",
    "EXTENSIONS",
    "FORMATS",
    "LEVELS",
    "OPS",
    "POLICIES",
    "RULES",
    "FileError",
    "FileRun",
    "FileSummary",
    "NameClash",
    "NoColumn",
    "OutputExists",
    "ReadError",
    "WriteError",
    "format_of",
    "output_columns",
    "run_file",
]

#: The file formats, for the input and the output.
FORMATS = ("text", "csv", "jsonl", "parquet")
#: What a run can do with each row (``validate`` is always done).
OPS = ("validate", "split", "normalize", "check", "domain")
#: The format of each file name extension.
EXTENSIONS = {
    ".txt": "text",
    ".csv": "csv",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "jsonl",
    ".parquet": "parquet",
    ".pq": "parquet",
}
#: The rules a valid row can be asked to match, the levels of the normalize op and
#: the policies of the check op.
RULES = ("URI-reference", "URI", "absolute-URI", "relative-ref")
LEVELS = ("syntax", "scheme")
POLICIES = ("default", "ssrf")
#: The component columns of the ``split`` op.
COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")
#: The columns of the ``domain`` op: the parts of the row's host by the Public
#: Suffix List (:meth:`urikit.domains.PublicSuffixList.parts_of`), null where
#: absent (no host, an IP address, a host that is a public suffix).
DOMAIN_COLUMNS = ("registrable_domain", "public_suffix", "subdomain")
#: The output columns whose values repeat from row to row (a few reasons and
#: verdicts, schemes, hosts, ports): the only ones a Parquet output
#: dictionary-encodes. The row numbers, the URIs, their paths and queries are
#: nearly all distinct, and a dictionary tried on them costs the writer time
#: and the file bytes (2M corpus rows of split,normalize: 1.32-1.42 s and 138
#: MB against 1.57-1.65 s and 143 MB with every column tried).
REPEATING = (
    "valid",
    "error_reason",
    "error_position",
    "scheme",
    "userinfo",
    "host",
    "port",
    "verdict",
    "findings",
    *DOMAIN_COLUMNS,
)


def format_of(path: str) -> str | None:
    """The format of ``path`` by its extension (``"-"``: text), or None."""
    if path == "-":
        return "text"
    return EXTENSIONS.get(os.path.splitext(path)[1].lower())


def output_columns(column: str, ops: Sequence[str]) -> list[str]:
    """The output columns, in order: ``row`` (1-based), the input column, ``valid``,
    ``error_reason``, ``error_position``, then the eight components with
    ``split``, ``normalized`` with ``normalize``, ``verdict`` and
    ``findings`` with ``check``, and ``registrable_domain``, ``public_suffix``
    and ``subdomain`` with ``domain``."""
    cols = ["row", column, "valid", "error_reason", "error_position"]
    if "split" in ops:
        cols += list(COMPONENTS)
    if "normalize" in ops:
        cols.append("normalized")
    if "check" in ops:
        cols += ["verdict", "findings"]
    if "domain" in ops:
        cols += list(DOMAIN_COLUMNS)
    return cols


class NameClash(ValueError):
    """The input column has the name of a column the output adds (``row``,
    ``valid``, a component...): the output would have two of that name, and a
    JSON Lines record, one key of a name, would lose one of them.

    >>> err = NameClash("valid", ("validate",))
    >>> str(err).split(" (")[1]
    'row, valid, error_reason, error_position): rename it'
    """

    def __init__(self, column: str, ops: Sequence[str]) -> None:
        added = [c for i, c in enumerate(output_columns(column, ops)) if i != 1]
        super().__init__(
            f"the input column {column!r} has the name of a column of the output "
            f"({', '.join(added)}): rename it"
        )
        self.column = column


def _refuse_name_clash(column: str, ops: Sequence[str]) -> None:
    if output_columns(column, ops).count(column) > 1:
        raise NameClash(column, ops)


class FileSummary(NamedTuple):
    """What a run of :func:`urikit.batch.run_file` did: the ``rows`` read and
    written, the ``invalid`` ones (with their ``reasons``, each with its count,
    by name), the ``nulls`` (a null input value, neither valid nor invalid), the
    rows that ``failed`` the check op, and the ``seconds`` it took."""

    rows: int
    invalid: int
    nulls: int
    failed: int
    reasons: tuple[tuple[str, int], ...]
    seconds: float

    @property
    def ok(self) -> bool:
        """Every non-null row valid (and passing the check op, when asked)."""
        return not self.invalid and not self.failed


class Tally:
    """The counts of a run, gathered batch by batch."""

    def __init__(self) -> None:
        self.rows = self.invalid = self.nulls = self.failed = 0
        self.reasons: collections.Counter[str] = collections.Counter()

    def summary(self, seconds: float) -> FileSummary:
        reasons = tuple(sorted(self.reasons.items()))
        return FileSummary(self.rows, self.invalid, self.nulls, self.failed, reasons, seconds)

    def add(self, other: Tally) -> None:
        """Count ``other``'s rows too (a batch counted in a worker process)."""
        self.rows += other.rows
        self.invalid += other.invalid
        self.nulls += other.nulls
        self.failed += other.failed
        self.reasons.update(other.reasons)


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


class _Domains:
    """The domain op: the registrable domain, public suffix and subdomain of
    each row's host by the default list (:func:`urikit.domains.default_list`;
    ImportError naming the ``[domains]`` extra without it), looked up once per
    distinct host of a batch."""

    def __init__(self) -> None:
        self.psl = imported("urikit.domains").default_list()

    def __call__(self, pa: Any, pc: Any, hosts: Any) -> list[Any]:
        """The :data:`DOMAIN_COLUMNS` of ``hosts`` (a string array; null: no
        host), each a string array, null where the part is absent."""
        encoded = pc.dictionary_encode(hosts)
        parts_of = self.psl.parts_of
        columns: tuple[list[str | None], ...] = ([], [], [])
        domains, suffixes, subdomains = columns
        for host in encoded.dictionary.to_pylist():
            parts = parts_of(host)
            domains.append(parts.registrable_domain or None)
            suffixes.append(parts.suffix or None)
            subdomains.append(parts.subdomain or None)
        indices = encoded.indices
        return [pa.array(values, pa.string()).take(indices) for values in columns]


def _pyarrow() -> tuple[Any, Any, Any]:
    """pyarrow, pyarrow.compute and the Arrow kernels; ImportError naming the extra."""
    try:
        pa = imported("pyarrow")
        pc = imported("pyarrow.compute")
    except ImportError:
        raise ImportError(
            "urikit.batch.run_file needs pyarrow: pip install 'urikit[arrow]'"
        ) from None
    return pa, pc, imported("urikit.columnar._arrow")


class Setup(NamedTuple):
    """What a run does to each batch: a :class:`Processor`'s arguments (small,
    picklable: a worker process makes its own processor from them)."""

    ops: tuple[str, ...]
    column: str
    rule: str
    level: str
    policy: str


class Processor:
    """Makes the output batch of each batch of rows read (imports pyarrow)."""

    def __init__(self, setup: Setup) -> None:
        self.ops, self.column = setup.ops, setup.column
        self.rule, self.level = setup.rule, setup.level
        self._pa, self._pc, self._arrow = _pyarrow()
        self._checker = _Checker(setup.policy) if "check" in self.ops else None
        self._domains = _Domains() if "domain" in self.ops else None
        self._counting = self._pa.array([], self._pa.int64())  # 0, 1, 2 ...

    def _rows(self, start: int, n: int) -> Any:
        """The ``row`` column of a batch: ``start`` ... ``start + n - 1``, added
        by Arrow to a count made once (an array made from a Python range is
        a Python int a row, holding the GIL the threads of a run share)."""
        counting = self._counting
        if len(counting) < n:
            counting = self._counting = self._pa.array(range(n), self._pa.int64())
        return self._pc.add(counting.slice(0, n), self._pa.scalar(start, self._pa.int64()))

    def __call__(self, rows: Rows, start: int, tally: Tally) -> Any:
        """The output batch of ``rows``, the first of them row ``start``
        (1-based), counted in ``tally``."""
        pa, arrow, ops = self._pa, self._arrow, self.ops
        pc = self._pc
        values = rows.values
        if not pa.types.is_string(values.type):
            values = values.cast(pa.string())
        parts = arrow.split(values, self.rule)
        n = len(values)
        reason = parts.field("error_reason")
        position = parts.field("error_position")
        valid = pc.if_else(pc.is_null(values), pa.nulls(n, pa.bool_()), pc.is_null(reason))
        extra: list[Any] = []
        if "split" in ops:
            extra += [parts.field(name) for name in COMPONENTS]
        if "normalize" in ops:
            extra.append(arrow.normalize(values, self.level))
        if self._checker is not None:
            texts = values.to_pylist()
            for i in rows.errors:
                texts[i] = None  # no verdict on a row that could not be read
            verdicts, findings = self._checker(texts)
            tally.failed += verdicts.count("fail")
            extra += [pa.array(verdicts, pa.string()), pa.array(findings, pa.string())]
        if self._domains is not None:
            extra += self._domains(pa, pc, parts.field("host"))
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
        arrays = [self._rows(start, n), values, valid, reason, position, *extra]
        return pa.record_batch(arrays, names=output_columns(self.column, ops))


def in_threads(setup: Setup) -> bool:
    """Whether the batches of a run are best made by threads of the main
    process rather than by worker processes: when what makes them is Arrow's
    compute functions and urikit's C kernels, which release the GIL (validate,
    split and normalize; every output format), threads share the batches
    without copying them between processes. The ``check`` op (the security
    check, row by row) is Python holding the GIL: worker processes.

    >>> setup = Setup(("validate", "split"), "url", "URI-reference", "scheme", "default")
    >>> in_threads(setup), in_threads(setup._replace(ops=("check",)))
    (True, False)
    """
    return "check" not in setup.ops


class BatchMaker:
    """What a worker process makes of a batch of rows (``rows``, the first of
    them row ``start``): the output batch encoded for ``fmt`` (bytes-like; for
    Parquet, the batch itself) and its :class:`Tally`. Pickled, it is its
    :class:`Setup` and ``fmt``: it makes its :class:`Processor` where it runs.

    >>> import pytest
    >>> pa = pytest.importorskip("pyarrow")
    >>> make = BatchMaker(Setup(("validate",), "url", "URI-reference", "scheme", "default"), "csv")
    >>> out, tally = make(Rows(pa.array(["http://a/", "a b"]), {}, {}), 1)
    >>> print(bytes(out).decode(), end="")
    "row","url","valid","error_reason","error_position"
    1,"http://a/",true,,
    2,"a b",false,"invalid-char",1
    >>> tally.rows, tally.invalid
    (2, 1)
    """

    def __init__(self, setup: Setup, fmt: str, processor: Processor | None = None) -> None:
        self.setup, self.fmt = setup, fmt
        self._processor = processor

    def __reduce__(self) -> tuple[type[BatchMaker], tuple[Setup, str]]:
        return BatchMaker, (self.setup, self.fmt)

    def __call__(self, rows: Rows, start: int) -> tuple[Any, Tally]:
        if self._processor is None:
            self._processor = Processor(self.setup)
        tally = Tally()
        out = self._processor(rows, start, tally)
        if self.fmt == "parquet":
            return out, tally
        return encode(self.fmt, out, rows.raw, header=start == 1), tally


class FileRun:
    """One run from ``source`` to ``destination`` (paths; ``"-"``: stdin,
    stdout), the arguments checked already (:func:`urikit.batch.run_file`
    checks them). Making it imports pyarrow (ImportError without it);
    calling it runs, once.

    ``progress`` is called with the number of rows after each batch is
    written; an exception it raises stops the run. ``held`` makes the sections
    that a signal must not cut (making the temporary file, renaming it into
    place, removing it). When the run fails, the output is discarded and
    :attr:`outcome` says what became of it; a :class:`FileError` raised says
    it too. ``jobs`` above 1 processes and encodes the batches in that many
    threads or worker processes (:func:`in_threads`, :mod:`.parallel`), with
    the same output.
    """

    def __init__(
        self,
        source: str,
        destination: str,
        *,
        ops: Sequence[str],
        column: str,
        input_format: str,
        output_format: str,
        rule: str,
        level: str,
        policy: str,
        batch_size: int,
        force: bool,
        progress: Callable[[int], object] | None = None,
        held: Callable[[], AbstractContextManager[object]] = contextlib.nullcontext,
        jobs: int = 1,
    ) -> None:
        _refuse_name_clash(column, ops)
        self.source, self.destination = source, destination
        self.ops, self.column = list(ops), column
        self.input_format, self.output_format = input_format, output_format
        self.rule, self.level, self.batch_size, self.force = rule, level, batch_size, force
        self.progress, self.held, self.jobs = progress, held, jobs
        self.setup = Setup(tuple(self.ops), column, rule, level, policy)
        self.processor = Processor(self.setup)
        self._pa = self.processor._pa
        self._tally = Tally()
        name = "stdout" if destination == "-" else destination
        #: What became of the output after a failed run.
        self.outcome = f"nothing written to {name}"

    def __call__(self) -> FileSummary:
        f = open_input(self.source)
        try:
            refuse_unsafe_output(self.source, self.destination, self.force)
            return self._run(f)
        finally:
            if f is not sys.stdin.buffer:
                f.close()

    def _run(self, f: IO[bytes]) -> FileSummary:
        pa = self._pa
        start = time.perf_counter()
        writer = Writer(
            self.output_format, self.destination, self.force, self.held, dictionary=REPEATING
        )
        try:
            batches = READERS[self.input_format](pa, f, self.column, self.batch_size)
            if self.jobs > 1:
                # here: a run of one job needs none of it
                from ._parallel import run_parallel, run_threaded

                maker = BatchMaker(self.setup, self.output_format, self.processor)
                emit = functools.partial(self.emit, writer)
                if in_threads(self.setup):
                    run_threaded(batches, self.jobs, maker, emit)
                else:
                    run_parallel(batches, self.jobs, maker, emit, self.held)
            else:
                for rows in batches:
                    self._write(writer, rows)
            if writer.f is None:  # an empty input still gives a (headed) output
                self._write(writer, Rows(pa.array([], pa.string()), {}, {}))
            writer.finish()
        except BrokenPipeError:
            self.outcome = writer.discard()
            raise
        except NoColumn as exc:
            self.outcome = writer.discard()
            exc.source = self.source
            raise
        except FileError as exc:
            exc.outcome = self.outcome = writer.discard()
            raise
        except (pa.ArrowException, OSError, UnicodeError) as exc:
            error = ReadError(f"cannot read {self.source}: {exc}")
            error.outcome = self.outcome = writer.discard()
            raise error from exc
        except BaseException:
            self.outcome = writer.discard()
            raise
        return self._tally.summary(time.perf_counter() - start)

    def _write(self, writer: Writer, rows: Rows) -> None:
        out = self.processor(rows, self._tally.rows + 1, self._tally)
        writer.write(out, rows.raw)
        if self.progress is not None:
            self.progress(out.num_rows)

    def emit(self, writer: Writer, out: Any, tally: Tally) -> None:
        """Write what a worker made of a batch (the encoded bytes, or the
        output batch for Parquet) and count its rows."""
        if isinstance(out, self._pa.RecordBatch):
            writer.write(out, {})
        else:
            writer.write_encoded(out, tally.rows)
        self._tally.add(tally)
        if self.progress is not None:
            self.progress(tally.rows)


def run_file(
    source: str | os.PathLike[str],
    destination: str | os.PathLike[str],
    ops: Sequence[str] = ("validate",),
    *,
    column: str = "url",
    fmt: str | None = None,
    input_format: str | None = None,
    output_format: str | None = None,
    rule: str = "URI-reference",
    level: str = "scheme",
    policy: str = "default",
    batch_size: int = 65536,
    force: bool = False,
    progress: Callable[[int], object] | None = None,
    jobs: int = 1,
) -> FileSummary:
    """Validate (and split, normalize or check) a column of a file, writing one
    row per input row to another file, in order; returns a :class:`FileSummary`.

    ``source`` and ``destination`` are paths (``"-"``: stdin, stdout) of text
    (one URI a line), CSV, JSON Lines or Parquet, each format given by ``fmt``,
    ``input_format`` / ``output_format`` or the file's extension. ``column``
    names the input column (a text input's gets this name). ``ops`` adds output
    columns to ``row``, ``column``, ``valid``, ``error_reason`` and
    ``error_position``: ``"split"`` the eight components, ``"normalize"``
    ``normalized`` (at ``level``), ``"check"`` ``verdict`` and ``findings`` of
    :func:`urikit.security.check` under ``policy`` (``"default"``,
    ``"ssrf"``), ``"domain"`` ``registrable_domain``, ``public_suffix`` and
    ``subdomain`` of the host by the Public Suffix List
    (:mod:`urikit.domains`; null where absent: no host, an IP address, a
    public suffix; needs the ``[domains]`` extra, ImportError without it). A
    valid row matches ``rule``.

    A row that cannot be read is an error record in its place and the run goes
    on: ``not-utf8`` (with the position of the first byte that is not UTF-8),
    ``not-a-string`` and ``missing-column`` (JSON Lines), ``bad-record`` (a CSV
    row with the wrong number of fields, a JSON line that is not an object).
    ``batch_size`` rows are read and written at a time: memory use does not grow
    with the file. ``progress``, when given, is called with the number of rows
    after each batch is written; an exception it raises stops the run.
    ``jobs`` above 1 makes the batches in that many threads or, for the
    ``check`` op, worker processes (at most ``2 * jobs`` batches in flight),
    with the same output; the processes are started by ``spawn``, so a script
    that calls this with ``check`` needs the ``if __name__ == "__main__":``
    guard. A ``column`` named as one of the output's own columns raises
    :class:`NameClash` (a ``ValueError``).

    Nothing is destroyed: a ``destination`` that is the ``source`` (the same
    path, a symlink, a hard link) raises :class:`WriteError`, and an existing
    one :class:`OutputExists` unless ``force``, before anything is written. A
    file is written to a temporary ``.part`` file beside ``destination`` and
    renamed into place when the run has finished; a run that fails (a
    :class:`ReadError`, a :class:`WriteError`, a :class:`NoColumn`, Ctrl-C)
    removes it, and a :class:`FileError` says what became of the output. Needs
    pyarrow (``urikit[arrow]``): ImportError without it.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "in.txt").write_bytes(b"http://a/b\\nnot a uri\\nhttp://\\xff/\\n")
    >>> summary = run_file(folder / "in.txt", folder / "out.csv", ["split"])
    >>> summary.rows, summary.invalid, summary.reasons, summary.ok
    (3, 2, (('invalid-char', 1), ('not-utf8', 1)), False)
    >>> print((folder / "out.csv").read_text(encoding="utf-8").splitlines()[1])
    1,"http://a/b",true,,,"http","a",,"a",,"/b",,
    >>> import pyarrow.parquet as pq
    >>> _ = run_file(folder / "in.txt", folder / "out.parquet", column="link")
    >>> pq.read_table(folder / "out.parquet").column("link").to_pylist()
    ['http://a/b', 'not a uri', 'http://\ufffd/']
    >>> try:
    ...     run_file(folder / "in.txt", folder / "in.txt", force=True)
    ... except WriteError as err:
    ...     print(str(err).replace(str(folder), "F"))
    the output F/in.txt is the input F/in.txt: refusing to write over it
    >>> sorted(p.name for p in folder.iterdir())
    ['in.txt', 'out.csv', 'out.parquet']
    """
    src = _path(source, "source")
    dst = _path(destination, "destination")
    op_list = _ops(ops)
    check_str(column, "run_file", "column")
    for name, value in (
        ("fmt", fmt),
        ("input_format", input_format),
        ("output_format", output_format),
    ):
        if value is not None:
            _choice(value, name, "format", FORMATS)
    _choice(rule, "rule", "rule", RULES)
    _choice(level, "level", "level", LEVELS)
    _choice(policy, "policy", "policy", POLICIES)
    if type(batch_size) is not int:
        raise arg_type_error("run_file", "batch_size", "int", batch_size)
    if batch_size < 1:
        raise ValueError(f"run_file() argument 'batch_size' must be at least 1, not {batch_size}")
    if type(force) is not bool:
        raise arg_type_error("run_file", "force", "bool", force)
    if type(jobs) is not int:
        raise arg_type_error("run_file", "jobs", "int", jobs)
    if jobs < 1:
        raise ValueError(f"run_file() argument 'jobs' must be at least 1, not {jobs}")
    if progress is not None and not callable(progress):
        raise arg_type_error("run_file", "progress", "a callable or None", progress)
    run = FileRun(
        src,
        dst,
        ops=op_list,
        column=column,
        input_format=_format(src, input_format or fmt, "input_format"),
        output_format=_format(dst, output_format or fmt, "output_format"),
        rule=rule,
        level=level,
        policy=policy,
        batch_size=batch_size,
        force=force,
        progress=progress,
        jobs=jobs,
    )
    return run()


def _path(value: object, param: str) -> str:
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str):
        raise arg_type_error("run_file", param, "a path (str or os.PathLike[str])", value)
    return value


def _ops(ops: object) -> list[str]:
    if isinstance(ops, (str, bytes)) or not isinstance(ops, Sequence):
        raise arg_type_error("run_file", "ops", "a sequence of str", ops)
    for op in ops:
        if not isinstance(op, str):
            raise arg_type_error("run_file", "ops", "a sequence of str", op)
        if op not in OPS:
            raise unknown_choice("op", op, OPS)
    if not ops:
        raise ValueError("run_file() argument 'ops' is empty; expected some of " + ", ".join(OPS))
    return list(ops)


def _choice(value: object, param: str, what: str, choices: tuple[str, ...]) -> None:
    check_str(value, "run_file", param)
    if value not in choices:
        raise unknown_choice(what, value, choices)


def _format(path: str, given: str | None, param: str) -> str:
    if given is not None:
        return given
    found = format_of(path)
    if found is None:
        raise ValueError(f"cannot tell the format of {path!r}: give fmt or {param}")
    return found
