"""The text commands: ``urikit extract`` (URIs in text or HTML) and ``urikit fixup``.

``urikit extract [FILE ...]`` reads the files (standard input, named ``-``, when
there are none) and prints one record per URI found, in order: the file, the
line and column where it starts (both counted from 1), the URI, its wrapper
and its alternative readings. With ``--html`` it prints the URI attributes of
HTML documents instead (:func:`urikit.html.links`), resolved against
``--base``, at the line and column where the tag starts; an IRI value's
``uri`` is the URI it maps to (``iri.to_uri``), or with ``--iris`` the IRI. Every
``--json`` record has the same keys: ``file``, ``line``, ``column``,
``uri``, ``wrapper``, ``alternatives``, ``raw`` (the text as written: the
span in text, the attribute value in HTML), ``element``,
``attribute`` and ``error`` (``null`` where they do not apply).

``--iris`` finds IRIs (RFC 3987) and ``--abbreviated`` host names beginning
with ``www.`` or ``ftp.`` (:func:`urikit.extract`'s ``iris=True`` and
``abbreviated=True``); an abbreviated one's wrapper is ``abbreviated``, its
``uri`` what ``urikit fixup`` gives and its ``raw`` the text as written.

A line holding a byte that is not UTF-8 gets one error record (``uri``
``null``, ``column`` at the byte, ``error`` with the reason ``not-utf8``); the
URIs in the rest of it are found as usual. ``--line-buffered`` searches each
line on its own and writes its records as soon as it is read.

``urikit fixup [TEXT ...]`` turns user-typed text into URIs
(:func:`urikit.fixup`), one record per input.

The exit statuses are written once, in :data:`EXTRACT_DESCRIPTION` and
:data:`FIXUP_DESCRIPTION`, which the commands' ``--help`` shows.

>>> from urikit.cli import main
>>> main(["fixup", "www.w3.org/Addressing/"])
https://www.w3.org/Addressing/
0
"""

from __future__ import annotations

import argparse
import bisect
import functools
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TextIO

from ..core._errors import URIError
from ..core._reference import parse
from ..text._extracted import Extracted
from ..text._extraction import fixup, iter_extract
from ..text._html import links
from ..text._prose import _WS as _BLANKS  # what iter_extract counts as a blank line
from ._commands import add_command
from ._common import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    Rejected,
    add_common,
    add_inputs,
    define_record,
    escape,
    flush_output,
    inputs,
    json_line,
    not_utf8,
    open_input,
    run_records,
    scheme_list,
    without_line_end,
    write_output,
)

__all__ = ["register"]

#: ``iter_extract`` with the command's options: what finds the URIs of a text
#: or of its lines.
Search = Callable[[str | Iterable[str]], Iterator[Extracted]]

_STDIN = "-"


def _record(
    file: str,
    line: int,
    column: int | None,
    uri: str | None,
    *,
    wrapper: str | None = None,
    alternatives: tuple[str, ...] = (),
    raw: str,
    element: str | None = None,
    attribute: str | None = None,
    error: URIError | Rejected | None = None,
) -> dict[str, Any]:
    return {
        "file": file,
        "line": line,
        "column": column,
        "uri": uri,
        "wrapper": wrapper,
        "alternatives": list(alternatives),
        "raw": raw,
        "element": element,
        "attribute": attribute,
        "error": None
        if error is None
        else {
            "message": str(error),
            "reason": error.reason,
            "component": error.component,
            "position": error.position,
            "text": error.text,
        },
    }


def _found_record(
    name: str, number: int, column: int, found: Extracted, raw: str
) -> dict[str, Any]:
    """The record of a URI ``iter_extract`` found at ``column`` of line ``number``."""
    wrapper = "abbreviated" if found.abbreviated else found.wrapper
    return _record(
        name, number, column, found.uri, wrapper=wrapper, alternatives=found.alternatives, raw=raw
    )


def _not_utf8_record(name: str, number: int, line: str) -> dict[str, Any] | None:
    """The error record of line ``number`` when it holds a byte that is not UTF-8."""
    raw = without_line_end(line)
    err = not_utf8(raw)  # its text the line as the record's raw: without its line end
    if err is None:
        return None
    assert err.position is not None
    return _record(name, number, err.position + 1, None, raw=raw, error=err)


def _text_records(name: str, stream: TextIO, search: Search) -> Iterator[dict[str, Any]]:
    """The records of ``stream``'s URIs, and of its lines that are not UTF-8, in order.

    The text is searched a paragraph at a time (a URI may be wrapped over lines),
    so a line's records come when its paragraph ends."""
    starts: list[int] = []  # offset of each line read so far
    chunks: dict[int, str] = {}  # the lines of the paragraph being searched, by offset
    pending: list[tuple[int, dict[str, Any]]] = []  # not-UTF-8 records, by offset
    offset = 0

    def lines() -> Iterator[str]:
        nonlocal offset
        for line in stream:
            if chunks and not chunks[starts[-1]].strip(_BLANKS):
                # iter_extract has reported every URI before a blank line by now
                chunks.clear()
            starts.append(offset)
            chunks[offset] = line
            bad = _not_utf8_record(name, len(starts), line)
            if bad is not None:
                pending.append((offset + bad["column"] - 1, bad))
            offset += len(line)
            yield line

    for found in search(lines()):
        while pending and pending[0][0] < found.start:
            yield pending.pop(0)[1]
        k = bisect.bisect_right(starts, found.start) - 1
        pieces = []
        for first in starts[k:]:
            if first >= found.end:
                break
            pieces.append(chunks[first])
        raw = "".join(pieces)[found.start - starts[k] : found.end - starts[k]]
        yield _found_record(name, k + 1, found.start - starts[k] + 1, found, raw)
    for _, record in pending:
        yield record


def _line_records(name: str, stream: TextIO, search: Search) -> Iterator[dict[str, Any]]:
    """``--line-buffered``: each line searched on its own, its records given as soon
    as it is read (a URI wrapped over two lines is not joined)."""
    for number, line in enumerate(stream, 1):
        bad = _not_utf8_record(name, number, line)
        for found in search(line):
            if bad is not None and bad["column"] - 1 < found.start:
                yield bad
                bad = None
            yield _found_record(name, number, found.start + 1, found, line[found.start : found.end])
        if bad is not None:
            yield bad


def _html_records(
    name: str, stream: TextIO, base: str | None, schemes: set[str] | None, iris: bool = False
) -> Iterator[dict[str, Any]]:
    text = stream.read()
    pending = [
        bad
        for number, line in enumerate(text.split("\n"), 1)
        if (bad := _not_utf8_record(name, number, line)) is not None
    ]
    pending.reverse()
    for link in links(text, base=base, to_uri=not iris):
        if schemes is not None:
            scheme = None if link.uri is None else link.uri.partition(":")[0]
            if scheme is None or scheme.lower() not in schemes:
                continue
        while pending and pending[-1]["line"] <= link.line:
            yield pending.pop()
        yield _record(
            name,
            link.line,
            link.column + 1,
            link.uri,
            raw=link.raw,
            element=link.element,
            attribute=link.attribute,
            error=link.error,
        )
    yield from reversed(pending)


def _human(record: dict[str, Any]) -> str:
    """The record as a line of TAB-separated fields, each escaped as every
    command's are (a file name, an attribute value or a message may hold a TAB,
    a backslash or a control)."""
    where = f"{escape(record['file'])}:{record['line']}"
    if record["column"] is not None:
        where += f":{record['column']}"
    if record["uri"] is None and record["element"] is None:  # a line that is not UTF-8
        return f"{where}\terror: {escape(record['error']['message'])}"
    if record["element"] is not None:
        shown = record["uri"] if record["uri"] is not None else record["raw"]
        line = (
            f"{where}\t{escape(shown)}\t{escape(record['element'])} {escape(record['attribute'])}"
        )
        if record["error"] is not None:
            line += f"\terror: {escape(record['error']['message'])}"
        return line
    line = f"{where}\t{escape(record['uri'])}\t{record['wrapper'] or 'bare'}"
    if record["alternatives"]:
        line += "\t" + " ".join(escape(a) for a in record["alternatives"])
    return line


def _write(line: str, flush: bool) -> None:
    write_output(sys.stdout, line, end="\n", flush=flush)


def _cmd_extract(args: argparse.Namespace) -> int:
    schemes = None
    if args.schemes:
        schemes = {s for spec in args.schemes for s in spec}
    if args.html and args.abbreviated:
        print("urikit extract: --abbreviated reads text, not --html", file=sys.stderr)
        return EXIT_USAGE
    if args.base is not None:
        if not args.html:
            print("urikit extract: --base needs --html", file=sys.stderr)
            return EXIT_USAGE
        try:
            parse(args.base, "URI")
        except URIError as err:
            print(f"urikit extract: bad --base {args.base!r}: {err}", file=sys.stderr)
            return EXIT_USAGE
    found = 0
    failed = not_utf8_seen = False
    for name in args.files or [_STDIN]:
        try:
            with open_input(name, _STDIN) as stream:
                if args.html:
                    records = _html_records(name, stream, args.base, schemes, args.iris)
                else:
                    search = functools.partial(
                        iter_extract,
                        iris=args.iris,
                        abbreviated=args.abbreviated,
                        schemes=None if schemes is None else sorted(schemes),
                    )
                    read = _line_records if args.line_buffered else _text_records
                    records = read(name, stream, search)
                for record in records:
                    if record["uri"] is None and record["element"] is None:
                        not_utf8_seen = True
                    else:
                        found += 1
                    shown = json_line(record) if args.json else _human(record)
                    _write(shown, args.line_buffered)
        except BrokenPipeError:
            raise
        except OSError as err:  # the file (writes are OutputError)
            failed = True
            print(f"urikit extract: {name}: {err.strerror or err}", file=sys.stderr)
    flush_output(sys.stdout)
    if failed:
        return EXIT_USAGE
    return EXIT_OK if found and not not_utf8_seen else EXIT_INVALID


FIXUP = define_record("fixup", "default_scheme", "result")


def _cmd_fixup(args: argparse.Namespace) -> int:
    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        result = fixup(text, default_scheme=args.default_scheme)
        return {"result": result}, [result]

    try:
        parse(args.default_scheme + ":", "URI")
    except URIError:
        print(f"urikit fixup: bad --default-scheme {args.default_scheme!r}", file=sys.stderr)
        return EXIT_USAGE
    fixed = {"default_scheme": args.default_scheme}
    return run_records(args, FIXUP, inputs(args, args.texts), handle, fixed=fixed)


#: What ``urikit extract --help`` says of the output and the exit status.
EXTRACT_DESCRIPTION = (
    "Print one record per URI found: file:line:column, URI, wrapper (url, angle, quote or"
    " bare) and alternative readings. Exit status: 0 when a URI was found, 1 when none was"
    " or a line was not UTF-8, 2 for usage errors and unreadable files."
)
#: What ``urikit fixup --help`` says of the exit status.
FIXUP_DESCRIPTION = "Exit status: 0 when every input had a reading, 1 when one had none."


def register(sub: Any) -> None:
    """Add ``extract`` and ``fixup`` to the ``urikit`` tool."""
    p = add_command(sub, "extract", description=EXTRACT_DESCRIPTION)
    p.add_argument("files", nargs="*", metavar="FILE", help="inputs (default: stdin, '-')")
    p.add_argument(
        "--html", action="store_true", help="read HTML: the URI attributes of every element"
    )
    p.add_argument("--base", metavar="URL", help="with --html: the document's own URI")
    p.add_argument(
        "--schemes",
        action="append",
        type=scheme_list,
        metavar="LIST",
        help="only these schemes (comma-separated, repeatable); a scheme named here also "
        "counts without '//' in text",
    )
    p.add_argument(
        "--iris",
        action="store_true",
        help="find IRIs (RFC 3987): non-ASCII characters where the IRI grammar allows them;"
        " with --html, print an IRI value as an IRI, not as the URI it maps to",
    )
    p.add_argument(
        "--abbreviated",
        action="store_true",
        help="also find www. and ftp. host names without a scheme (wrapper 'abbreviated'; "
        "the URI is what 'urikit fixup' gives)",
    )
    add_common(
        p,
        json_help="print one JSON object per URI found (and per line that is not UTF-8)",
        line_buffered_help="search each line on its own and write its URIs as soon as it "
        "is read (a URI wrapped over two lines is not joined)",
    )
    p.set_defaults(run=_cmd_extract)

    p = add_command(sub, "fixup", description=FIXUP_DESCRIPTION)
    add_inputs(p, "texts", "TEXT", "inputs")
    p.add_argument(
        "--default-scheme",
        default="https",
        metavar="SCHEME",
        help="the scheme given to host names (default: https)",
    )
    add_common(p)
    p.set_defaults(run=_cmd_fixup)
