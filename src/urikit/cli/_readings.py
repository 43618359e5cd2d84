"""``urikit readings``: how every installed URL parser reads each URL, in a table.

One block per input: its first line the verdict (``agree``: on the scheme,
host and port; else ``disagree``) and the input, as a record line, then, each
indented, a row per parser (its version, then what it reads: scheme,
userinfo, host, port, path, query, fragment, and where a client built on it
would connect; or its error), a ``*`` after each cell whose component the
parsers disagree on, and a line per disagreement with the input's characters
that cause it marked. ``--json``: one record per input. Inputs come from the
arguments or, when there are none, one per line from stdin. Exit status: 0 when
the parsers agree on every input's scheme, host and port (and where to
connect), 1 when they do not on one (or an input is not UTF-8), 2 for usage
errors.

>>> from urikit.cli import main
>>> main(["readings", "--parsers", "rfc3986,urllib", "http://user@h/"])
... # doctest: +NORMALIZE_WHITESPACE, +ELLIPSIS
disagree http://user@h/
  parser   version  scheme  userinfo  host  port  path  query  fragment  connect
  rfc3986  ...      http    user      h     -     /     -      -         h:80 *
  urllib   ...      http    user      h     -     /     -      -         user@h:80 *
  connect: 'h:80' (rfc3986) vs 'user@h:80' (urllib) at 11-12
  http://user@h/
             ^
1
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ._commands import add_command
from ._common import (
    EXIT_NO,
    EXIT_OK,
    _error_columns,
    add_common,
    add_inputs,
    define_record,
    escape,
    flush_output,
    inputs,
    not_utf8,
    run_records,
    usage_error,
    write_output,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..security import Readings

__all__ = ["register"]

READINGS = define_record("readings", "agree", "versions", "readings", "disagreements")

#: The table's columns after the parser and its version: a component of the
#: reading, and the disagreement component that marks it.
COLUMNS = (
    ("scheme", "scheme"),
    ("userinfo", "userinfo"),
    ("host", "host"),
    ("port", "port"),
    ("path", "path"),
    ("query", "query"),
    ("fragment", "fragment"),
    ("connect", "connect"),
)


def _cell(readings: Readings, name: str, column: str) -> str:
    r = readings[name]
    if column == "connect":
        return "-" if r.connect is None else escape(r.connect)
    value = getattr(r, column)
    return "-" if value is None else escape(str(value)) or '""'


def _table(readings: Readings) -> str:
    """The block ``urikit readings`` prints for one input."""
    marked = {(d.component, p) for d in readings.disagreements for p in d.parsers}
    refused = {p for d in readings.disagreements if d.component == "valid" for p in d.values[1][1]}
    head = ["parser", "version", *(c for c, _ in COLUMNS)]
    rows: list[list[str]] = []
    for name in readings:
        r = readings[name]
        row = [name, r.version]
        if r.error is not None:
            row.append(("error " + escape(r.error)) + (" *" if name in refused else ""))
        else:
            for column, component in COLUMNS:
                cell = _cell(readings, name, column)
                row.append(cell + " *" if (component, name) in marked else cell)
        rows.append(row)
    table = [head, *(row for row in rows if len(row) == len(head))]
    widths = [max(len(row[i]) for row in table) for i in range(len(head))]
    verdict = "disagree" if readings.on_origin() else "agree"
    lines = [f"{verdict}\t{escape(readings.text)}"]
    for row in [head, *rows]:
        cells = [cell.ljust(widths[i]) for i, cell in enumerate(row)]
        lines.append(("  " + "  ".join(cells)).rstrip())
    # the carets under the text as shown (an escaped character is wider)
    offsets = [0]
    for char in readings.text:
        offsets.append(offsets[-1] + len(escape(char)))
    shown = escape(readings.text)
    for d in readings.disagreements:
        lines.append("  " + escape(str(d)))
        marks = [" "] * len(shown)
        for a, b in d.spans:
            for i in range(offsets[a], offsets[b]):
                marks[i] = "^"
        lines.append("  " + shown)
        lines.append(("  " + "".join(marks)).rstrip())
    for name in readings.missing:
        lines.append(f"  {name}: not installed")
    return "\n".join(lines)


def _parsers(args: argparse.Namespace) -> list[str] | None:
    if args.parsers is None:
        return None
    from ..security import PARSERS

    names = [n.strip() for n in args.parsers.split(",") if n.strip()]
    unknown = [n for n in names if n not in PARSERS]
    if unknown or not names:
        usage_error(
            args,
            f"argument --parsers: unknown parser {unknown[0]!r}" if unknown else "no parser named",
        )
    return names


def _cmd_readings(args: argparse.Namespace) -> int:
    from ..security import readings

    parsers = _parsers(args)
    disagree = False
    if args.json:

        def handle(text: str) -> tuple[dict[str, Any], list[str]]:
            nonlocal disagree
            found = readings(text, parsers=parsers)
            fields = found.to_dict()
            disagree = disagree or not fields["agree"]
            return fields, []

        status = run_records(args, READINGS, inputs(args, args.urls), handle)
        return EXIT_NO if disagree else status
    out = sys.stdout
    for text in inputs(args, args.urls):
        bad = not_utf8(text)
        if bad is not None:  # the error record's line, as every command writes it
            disagree = True
            write_output(out, "\t".join(_error_columns([text], bad)) + "\n")
            continue
        found = readings(text, parsers=parsers)
        disagree = disagree or bool(found.on_origin())
        write_output(out, _table(found) + "\n")
        if args.line_buffered:
            flush_output(out)
    flush_output(out)
    return EXIT_NO if disagree else EXIT_OK


def register(sub: Any) -> None:
    """Add ``urikit readings`` to the tool."""
    p = add_command(sub, "readings")
    add_inputs(p, "urls", "URL", "URLs to read with every parser")
    p.add_argument(
        "--parsers",
        metavar="NAMES",
        help="comma-separated parsers (rfc3986, whatwg, urllib, urllib3, requests, httpx, yarl,"
        " curl; default: every one installed)",
    )
    add_common(p)
    p.set_defaults(run=_cmd_readings)
