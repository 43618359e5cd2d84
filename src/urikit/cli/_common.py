"""Shared plumbing of the command-line tool: inputs, records, output, exit codes.

Every command reads its inputs from its arguments or, when there are none, one
per line from standard input, and writes exactly one record per input, in
input order: a bad input yields an error record in its place, never a gap.

Each command's JSON record has one shape, declared once with
:func:`define_record`: the same keys on success and on error, ``None`` (JSON
``null``) where a value is absent. :data:`RECORD_KEYS` is that table; the
documentation's schema section and the tests are checked against it.

Exit codes follow ``grep``, ``cmp`` and ``diff``: :data:`EXIT_OK` (0, yes: every
input valid, every pair equivalent), :data:`EXIT_NO` (1, no: some input invalid,
some pair not equivalent), :data:`EXIT_TROUBLE` (2: a usage or environment
error, or an invalid URI given to a comparison).

>>> escape("a\\x1b[31mb\\tc\\udcff")
'a\\\\x1b[31mb\\\\x09c\\\\xff'
"""

from __future__ import annotations

import sys

from ..errors import URIError

# argparse, json and re are imported where they are used: `urikit parse X`
# without --json needs none of json and re (start-up time, issue 20).
TYPE_CHECKING = False  # typing for type checkers only: `urikit parse X` starts faster
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any, NoReturn, TextIO

    #: A command's work on one input: returns (record fields, human columns); raises
    #: URIError or Rejected.
    Handler = Callable[[str], tuple[dict[str, Any], list[str]]]

__all__ = [
    "ERROR_KEYS",
    "EXIT_BROKEN_PIPE",
    "EXIT_INTERRUPTED",
    "EXIT_INVALID",
    "EXIT_NO",
    "EXIT_OK",
    "EXIT_TROUBLE",
    "EXIT_USAGE",
    "RECORD_KEYS",
    "InputError",
    "OutputError",
    "Rejected",
    "add_common",
    "add_comparison",
    "add_inputs",
    "define_record",
    "escape",
    "inputs",
    "json_text",
    "read_lines",
    "run_comparison",
    "run_records",
    "take_extra_inputs",
    "usage_error",
]

EXIT_OK = 0
EXIT_NO = 1
EXIT_TROUBLE = 2
#: Ctrl-C: 128 + SIGINT, what a shell reports for a process the signal ended.
EXIT_INTERRUPTED = 130
#: The reader of the output went away (``urikit parse < big | head -1``):
#: 128 + SIGPIPE, what a shell reports for ``yes | head -1`` under ``pipefail``.
EXIT_BROKEN_PIPE = 141
#: Older names of :data:`EXIT_NO` and :data:`EXIT_TROUBLE`.
EXIT_INVALID = EXIT_NO
EXIT_USAGE = EXIT_TROUBLE

#: The keys every record starts with.
BASE_KEYS = ("input", "valid", "error")
#: The keys of a record's ``error`` object (``null`` on success).
ERROR_KEYS = ("message", "reason", "component", "position", "text")

#: Command name ("parse", "urn parse", ...) -> the keys of its JSON record, in order.
RECORD_KEYS: dict[str, tuple[str, ...]] = {}


def define_record(command: str, *keys: str) -> str:
    """Declare the record of ``command``: :data:`BASE_KEYS` then ``keys``.

    Returns ``command``, the name to pass to :func:`run_records`.
    """
    RECORD_KEYS[command] = (*BASE_KEYS, *keys)
    return command


class Rejected(Exception):
    """An input a command refuses without a :class:`~urikit.URIError` (for example
    one that an older grammar does not match: there is no position to give)."""

    def __init__(
        self,
        message: str,
        *,
        reason: str,
        text: str,
        component: str | None = None,
        position: int | None = None,
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.text = text
        self.component = component
        self.position = position


class InputError(Exception):
    """Standard input could not be read (exit 2)."""


class OutputError(Exception):
    """Standard output could not be written, other than a broken pipe (exit 2)."""


def json_text(value: Any) -> str:
    """``json.dumps(value)`` (ASCII only), without importing :mod:`json` for the
    values a human-readable record shows most: ``None``, integers and printable
    ASCII strings with no quote or backslash.

    >>> json_text("http"), json_text(8080), json_text(None), json_text('a"\\u00e9')
    ('"http"', '8080', 'null', '"a\\\\"\\\\u00e9"')
    """
    kind = type(value)
    if kind is str:
        if value.isascii() and value.isprintable() and '"' not in value and "\\" not in value:
            return f'"{value}"'
    elif kind is int:
        return str(value)
    elif value is None:
        return "null"
    import json

    return json.dumps(value, ensure_ascii=True)


def escape(text: str) -> str:
    """``text`` safe for a terminal: every non-printable character (controls such
    as ESC and TAB, format characters, lone surrogates) as a backslash escape,
    an undecodable input byte (U+DC80..U+DCFF) as the byte ``\\xNN``."""
    if text.isprintable():
        return text
    out: list[str] = []
    for ch in text:
        if ch.isprintable():
            out.append(ch)
            continue
        cp = ord(ch)
        if 0xDC80 <= cp <= 0xDCFF:
            out.append(f"\\x{cp - 0xDC00:02x}")
        elif cp <= 0xFF:
            out.append(f"\\x{cp:02x}")
        elif cp <= 0xFFFF:
            out.append(f"\\u{cp:04x}")
        else:
            out.append(f"\\U{cp:08x}")
    return "".join(out)


def _escape_message(message: str) -> str:
    # A lone surrogate U+DC80..U+DCFF in a CLI input is an undecodable byte
    # (surrogateescape, for stdin and for argv); a message quotes it with repr().
    escaped = escape(message)
    if "\\udc" not in escaped:
        return escaped
    import re

    return re.sub(r"\\udc([89a-f][0-9a-f])", r"\\x\1", escaped)


def read_lines(stream: TextIO | None = None) -> Iterator[str]:
    """Yield the lines of ``stream`` (stdin by default) without their line ends.

    Bytes that are not UTF-8 are kept as lone surrogates (``surrogateescape``)
    so such a line is reported as invalid instead of stopping the run.
    """
    try:
        if stream is None:
            for raw in sys.stdin.buffer:
                yield raw.decode("utf-8", "surrogateescape").rstrip("\r\n")
            return
        for line in stream:
            yield line.rstrip("\r\n")
    except OSError as exc:
        raise InputError(f"cannot read the input: {exc}") from None


def inputs(values: list[str] | None) -> Iterable[str]:
    """The command's inputs: its arguments, or stdin lines when there are none."""
    return values if values else read_lines()


def usage_error(args: argparse.Namespace, message: str) -> NoReturn:
    """Stop with the command's usage line and ``message`` (exit 2), as argparse does."""
    parser: argparse.ArgumentParser = args.parser
    parser.error(message)


def _error_object(err: URIError | Rejected) -> dict[str, Any]:
    return {
        "message": str(err),
        "reason": err.reason,
        "component": err.component,
        "position": err.position,
        "text": err.text,
    }


def _write(out: TextIO, line: str, flush: bool) -> None:
    try:
        out.write(line)
        out.write("\n")
        if flush:
            out.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(f"cannot write the output: {exc}") from None


def flush_output(out: TextIO) -> None:
    """Flush ``out``; an OSError other than a broken pipe becomes :class:`OutputError`."""
    try:
        out.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(f"cannot write the output: {exc}") from None


def _emit(
    args: argparse.Namespace,
    out: TextIO,
    record: dict[str, Any],
    human: list[str],
) -> None:
    if getattr(args, "json", False):
        import json

        line = json.dumps(record, ensure_ascii=True)
    else:
        line = "\t".join(human)
    _write(out, line, bool(getattr(args, "line_buffered", False)))


def _record(
    command: str, value: Any, fixed: dict[str, Any], fields: dict[str, Any]
) -> dict[str, Any]:
    keys = RECORD_KEYS[command]
    record: dict[str, Any] = dict.fromkeys(keys)
    record.update(fixed)
    record["input"] = value
    record.update(fields)
    if len(record) != len(keys):
        unknown = sorted(set(record) - set(keys))
        raise RuntimeError(f"record keys {unknown} are not declared for {command!r}")
    return record


def _error_columns(shown: list[str], err: URIError | Rejected) -> list[str]:
    message = str(err)
    if len(shown) > 1 or err.text != shown[0]:
        message += f" (in {err.text!r})"
    return ["error", *(escape(x) for x in shown), _escape_message(message)]


def run_records(
    args: argparse.Namespace,
    command: str,
    items: Iterable[str],
    handler: Handler,
    *,
    fixed: dict[str, Any] | None = None,
    out: TextIO | None = None,
) -> int:
    """Run ``handler`` on each input and print one record per input, in order.

    ``fixed`` holds the record values that do not depend on the input (the
    base, the level, ...), present on error records too. Returns 0 when every
    input was handled, 1 when any was rejected.
    """
    out = sys.stdout if out is None else out
    fixed = {} if fixed is None else fixed
    status = EXIT_OK
    for text in items:
        try:
            fields, human = handler(text)
        except (URIError, Rejected) as err:
            status = EXIT_NO
            record = _record(command, text, fixed, {"valid": False, "error": _error_object(err)})
            _emit(args, out, record, _error_columns([text], err))
        else:
            record = _record(command, text, fixed, {"valid": True, **fields})
            _emit(args, out, record, [escape(x) for x in human])
    flush_output(out)
    return status


def run_comparison(
    args: argparse.Namespace,
    command: str,
    pair: tuple[str, str],
    compare: Callable[[], bool],
    *,
    fixed: dict[str, Any] | None = None,
    out: TextIO | None = None,
) -> int:
    """Print one record for ``pair``, computing ``compare()`` once.

    Exit status: 0 when it is true, 1 when it is false, 2 when an input is not
    valid (so "not equivalent" and "invalid" can be told apart, as with ``cmp``).
    """
    out = sys.stdout if out is None else out
    fixed = {} if fixed is None else fixed
    a, b = pair
    try:
        result = compare()
    except (URIError, Rejected) as err:
        fields: dict[str, Any] = {"valid": False, "error": _error_object(err)}
        _emit(args, out, _record(command, [a, b], fixed, fields), _error_columns([a, b], err))
        flush_output(out)
        return EXIT_TROUBLE
    word = "equivalent" if result else "not equivalent"
    record = _record(command, [a, b], fixed, {"valid": True, "equivalent": result})
    _emit(args, out, record, [word, escape(a), escape(b)])
    flush_output(out)
    return EXIT_OK if result else EXIT_NO


def add_comparison(sub: Any, what: str, section: str) -> argparse.ArgumentParser:
    """Add the ``equivalent`` command of ``what`` ("URIs", "URNs") to ``sub``: its
    two inputs A and B, and in its help the exit status of :func:`run_comparison`."""
    p: argparse.ArgumentParser = sub.add_parser(
        "equivalent",
        help=f"are two {what} equivalent (exit 0), not (exit 1), or is one invalid (exit 2)? "
        f"({section})",
    )
    p.add_argument("a", metavar="A")
    p.add_argument("b", metavar="B")
    return p


def add_inputs(parser: argparse.ArgumentParser, dest: str, metavar: str, what: str) -> None:
    """The command's inputs: positional arguments, or stdin lines when there are none.

    They may come before, between and after the options (``urikit validate a
    --json b``); after ``--`` every argument is an input, even one starting with "-".
    """
    parser.add_argument(dest, nargs="*", metavar=metavar, help=f"{what} (default: stdin lines)")
    parser.set_defaults(inputs_dest=dest)


def take_extra_inputs(
    parser: argparse.ArgumentParser, args: argparse.Namespace, extras: list[str]
) -> None:
    """Add the arguments argparse left over (inputs after an option) to the inputs;
    anything else (an unknown option) is the usage error argparse would give."""
    dest = getattr(args, "inputs_dest", None)
    before, after = extras, []
    if "--" in extras:
        at = extras.index("--")
        before, after = extras[:at], extras[at + 1 :]
    unknown = [x for x in before if x.startswith("-") and x != "-"]
    if dest is None or unknown:
        target: argparse.ArgumentParser = getattr(args, "parser", parser)
        target.error(f"unrecognized arguments: {' '.join(unknown or extras)}")
    getattr(args, dest).extend([*before, *after])


def add_common(parser: argparse.ArgumentParser) -> None:
    """Options every record-printing command takes, and the parser for usage errors."""
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object per input (errors included)"
    )
    parser.add_argument(
        "--line-buffered",
        action="store_true",
        help="write each record out at once (for a pipe that waits for answers)",
    )
    parser.set_defaults(parser=parser)
