"""``urikit batch INPUT OUTPUT``: validate, split, normalize, check or look up the
registrable domains of a column of a big file.

The work is :func:`urikit.batch.run_file`'s (the library's readers and
writers: text, CSV, JSON Lines or Parquet; one output row per input row, in
order, errors in place; nothing destroyed). This module parses the options,
draws a progress bar (tqdm, when installed, on a terminal), turns SIGINT and
SIGTERM into a clean stop, and maps the outcome to a message and an exit
status: 0 every row valid, 1 not, 2 usage or I/O error, 130 Ctrl-C, 143
SIGTERM (141, a closed pipe, is the tool's). Needs pyarrow (``urikit[arrow]``).

>>> parse_rows("64"), parse_jobs("2")
(64, 2)
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Callable, Iterator
from typing import Any, NoReturn

from ..columnar._file_readers import READERS
from ..columnar._files import (
    FORMATS,
    LEVELS,
    OPS,
    POLICIES,
    RULES,
    FileError,
    FileRun,
    FileSummary,
    NameClash,
    NoColumn,
    OutputExists,
    ReadError,
    format_of,
    output_columns,
)
from ..columnar._parallel import default_jobs
from ..core._extras import optional
from ._commands import add_command
from ._common import EXIT_NO, EXIT_OK, InputError, OutputError, say, too_long

__all__ = [
    "EXIT_TERMINATED",
    "FORMATS",
    "OPS",
    "output_columns",
    "parse_jobs",
    "parse_rows",
    "register",
    "whole_number",
]

#: SIGTERM: 128 + 15, what a shell reports for a process the signal ended.
EXIT_TERMINATED = 143
#: The readers by input format (the library's table: a test may replace one).
_READERS = READERS


def whole_number(noun: str) -> Callable[[str], int]:
    """An argparse ``type``: a whole number of ``noun``, at least 1 (else
    argparse's usage error naming the option).

    >>> whole_number("rows")("0")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be at least 1, not 0
    >>> whole_number("jobs")("two")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: not a whole number of jobs: 'two'
    """

    def parse(text: str) -> int:
        if too_long(text):
            raise argparse.ArgumentTypeError(
                f"too large a number of {noun}: {len(text.strip())} digits"
            )
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number of {noun}: {text!r}") from None
        if number < 1:
            raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
        return number

    return parse


#: ``--batch-size``: rows, at least 1.
parse_rows = whole_number("rows")
#: ``--jobs``: batches made at once, at least 1.
parse_jobs = whole_number("jobs")


def register(sub: Any) -> None:
    """Add ``batch`` to the ``urikit`` tool."""
    p = add_command(
        sub,
        "batch",
        description="Stream INPUT in record batches and write one row per input row to OUTPUT, "
        "in order, errors in place ('-': stdin / stdout). Columns: row, the input column, "
        "valid, error_reason, error_position, then the components (split), normalized "
        "(normalize), verdict and findings (check), registrable_domain, public_suffix and "
        "subdomain (domain: null where absent, as for an IP address). A row that cannot be "
        "read (not UTF-8, not a string, no such column, a malformed record) is an error "
        "record in its place. "
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
        "normalize, check (the security verdict of 'urikit check' under --policy), "
        "domain (the host's registrable domain, public suffix and subdomain by the Public "
        "Suffix List; needs pip install 'urikit[domains]') (default: validate)",
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
        choices=RULES,
        help="the RFC 3986 rule a valid row matches (default: URI-reference)",
    )
    p.add_argument(
        "--level",
        default="scheme",
        choices=LEVELS,
        help="how far normalize goes, as in 'urikit normalize' (default: scheme)",
    )
    p.add_argument(
        "--policy",
        choices=POLICIES,
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
        "--jobs",
        type=parse_jobs,
        default=None,
        metavar="N",
        help="batches made at once, in threads or worker processes; the output is the same "
        "whatever N is; 1: all in this process (default: the number of usable cores)",
    )
    p.add_argument(
        "--force", action="store_true", help="replace an existing OUTPUT file (never INPUT)"
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(run=_cmd_batch, parser=p)


def _usage(args: argparse.Namespace, message: str) -> NoReturn:
    parser: argparse.ArgumentParser = args.parser
    parser.error(message)


def _format(args: argparse.Namespace, path: str, explicit: str | None) -> str:
    if explicit:
        return explicit
    if args.format:
        return str(args.format)
    found = format_of(path)
    if found is None:
        _usage(args, f"cannot tell the format of {path!r}: give --format")
    return str(found)


class _Terminated(BaseException):
    """SIGTERM arrived: raised in the main thread, like KeyboardInterrupt for SIGINT."""


def _summary(summary: FileSummary) -> str:
    reasons = ", ".join(f"{r}: {n}" for r, n in summary.reasons)
    text = f"rows: {summary.rows}, invalid: {summary.invalid}"
    if reasons:
        text += f" ({reasons})"
    text += f", null: {summary.nulls}"
    if summary.failed:
        text += f", failed check: {summary.failed}"
    return text + f", time: {summary.seconds:.2f} s"


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
    say(f"urikit batch: {message}")


def _need_the_list() -> None:
    """The domain op's list, loaded (the run's lookups reuse it); a missing
    ``[domains]`` extra, or a list that cannot be read, is exit 2."""
    from ..domains import ENVIRONMENT, default_list

    try:
        default_list()
    except ImportError:
        raise InputError(
            "urikit batch --ops domain needs publicsuffixlist: pip install 'urikit[domains]'"
        ) from None
    except (OSError, ValueError) as exc:
        raise InputError(
            f"--ops domain: cannot read the list ${ENVIRONMENT} names: {exc}"
        ) from None


def _cmd_batch(args: argparse.Namespace) -> int:
    ops = [op.strip() for op in str(args.ops).split(",") if op.strip()]
    unknown = [op for op in ops if op not in OPS]
    if unknown or not ops:
        _usage(args, f"--ops: unknown {unknown} (choose from {', '.join(OPS)})")
    in_fmt = _format(args, args.input, args.input_format)
    out_fmt = _format(args, args.output, args.output_format)
    if "domain" in ops:
        _need_the_list()
    signals = _Signals()
    bars: list[Any] = []  # the progress bar (None: none), made when the first batch is written
    # pyarrow imports numpy, whose OpenBLAS starts a thread pool that spins for
    # about 0.1 s of CPU after the import: a core taken from the run (and from
    # each worker process, which inherits this) for work no run ever asks of it
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

    def progress(rows: int) -> None:
        signals.check()
        if not bars:
            bars.append(_progress(args))
        if bars[0] is not None:
            bars[0].update(rows)

    try:
        run = FileRun(
            args.input,
            args.output,
            ops=ops,
            column=args.column or "url",
            input_format=in_fmt,
            output_format=out_fmt,
            rule=args.rule,
            level=args.level,
            policy=args.policy,
            batch_size=args.batch_size,
            force=args.force,
            progress=progress,
            held=signals.held,
            jobs=args.jobs or default_jobs(),
        )
    except ImportError:
        raise InputError("urikit batch needs pyarrow: pip install 'urikit[arrow]'") from None
    except NameClash as exc:
        _usage(args, f"--column {exc.column}: {exc}")
    try:
        with signals:
            summary = run()
    except NoColumn as exc:
        raise InputError(f"{exc}: give --column") from None
    except OutputExists as exc:
        hint = "give --force" if exc.during_run else "give --force to replace it"
        message = f"{exc.message}: {hint}"
        raise OutputError(message if exc.outcome is None else f"{message}; {exc.outcome}") from None
    except ReadError as exc:
        raise InputError(str(exc)) from None
    except FileError as exc:
        raise OutputError(str(exc)) from None
    except KeyboardInterrupt:
        _say(f"interrupted; {run.outcome}")
        raise
    except _Terminated:
        _say(f"terminated; {run.outcome}")
        return EXIT_TERMINATED
    finally:
        if bars and bars[0] is not None:
            bars[0].close()
    _say(_summary(summary))
    return EXIT_NO if not summary.ok else EXIT_OK
