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

Exit status: 0 when a URI was found, 1 when none was, 2 for usage errors and
unreadable files.

``urikit fixup [TEXT ...]`` turns user-typed text into URIs
(:func:`urikit.fixup`), one record per input: 0 when every input had a
reading, 1 when one had none.

>>> from urikit.cli import main
>>> main(["fixup", "www.w3.org/Addressing/"])
https://www.w3.org/Addressing/
0
"""

from __future__ import annotations

import argparse
import bisect
import contextlib
import io
import json
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from ..errors import URIError
from ..extraction import _WS as _BLANKS  # what iter_extract counts as a blank line
from ..extraction import fixup, iter_extract
from ..html import links
from ..reference import parse
from ._common import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    add_common,
    add_inputs,
    define_record,
    inputs,
    run_records,
)

__all__ = ["register"]

_STDIN = "-"


@contextlib.contextmanager
def _open(name: str) -> Iterator[TextIO]:
    """The file as text: UTF-8, undecodable bytes kept as lone surrogates, line ends as is."""
    if name != _STDIN:
        with open(name, encoding="utf-8", errors="surrogateescape", newline="") as stream:
            yield stream
        return
    wrapper = io.TextIOWrapper(
        sys.stdin.buffer, encoding="utf-8", errors="surrogateescape", newline=""
    )
    try:
        yield wrapper
    finally:
        wrapper.detach()  # leave the process's stdin open


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
    error: URIError | None = None,
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


def _text_records(
    name: str,
    stream: TextIO,
    schemes: list[str] | None,
    iris: bool = False,
    abbreviated: bool = False,
) -> Iterator[dict[str, Any]]:
    starts: list[int] = []  # offset of each line read so far
    chunks: dict[int, str] = {}  # the lines of the paragraph being searched, by offset
    offset = 0

    def lines() -> Iterator[str]:
        nonlocal offset
        for line in stream:
            if chunks and not chunks[starts[-1]].strip(_BLANKS):
                # iter_extract has reported every URI before a blank line by now
                chunks.clear()
            starts.append(offset)
            chunks[offset] = line
            offset += len(line)
            yield line

    for found in iter_extract(lines(), iris=iris, abbreviated=abbreviated, schemes=schemes):
        k = bisect.bisect_right(starts, found.start) - 1
        pieces = []
        for first in starts[k:]:
            if first >= found.end:
                break
            pieces.append(chunks[first])
        raw = "".join(pieces)[found.start - starts[k] : found.end - starts[k]]
        yield _record(
            name,
            k + 1,
            found.start - starts[k] + 1,
            found.uri,
            wrapper="abbreviated" if found.abbreviated else found.wrapper,
            alternatives=found.alternatives,
            raw=raw,
        )


def _html_records(
    name: str, stream: TextIO, base: str | None, schemes: set[str] | None, iris: bool = False
) -> Iterator[dict[str, Any]]:
    for link in links(stream.read(), base=base, to_uri=not iris):
        if schemes is not None:
            scheme = None if link.uri is None else link.uri.partition(":")[0]
            if scheme is None or scheme.lower() not in schemes:
                continue
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


def _human(record: dict[str, Any]) -> str:
    where = f"{record['file']}:{record['line']}"
    if record["column"] is not None:
        where += f":{record['column']}"
    if record["element"] is not None:
        shown = record["uri"] if record["uri"] is not None else record["raw"]
        line = f"{where}\t{shown}\t{record['element']} {record['attribute']}"
        if record["error"] is not None:
            line += f"\terror: {record['error']['message']}"
        return line
    line = f"{where}\t{record['uri']}\t{record['wrapper'] or 'bare'}"
    if record["alternatives"]:
        line += "\t" + " ".join(record["alternatives"])
    return line


def _cmd_extract(args: argparse.Namespace) -> int:
    schemes = None
    if args.schemes:
        schemes = {s.strip().lower() for spec in args.schemes for s in spec.split(",")} - {""}
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
    out = sys.stdout
    found = 0
    failed = False
    for name in args.files or [_STDIN]:
        try:
            with _open(name) as stream:
                if args.html:
                    records = _html_records(name, stream, args.base, schemes, args.iris)
                else:
                    wanted = None if schemes is None else sorted(schemes)
                    records = _text_records(name, stream, wanted, args.iris, args.abbreviated)
                for record in records:
                    found += 1
                    shown = json.dumps(record, ensure_ascii=True) if args.json else _human(record)
                    out.write(shown + "\n")
        except OSError as err:
            failed = True
            print(f"urikit extract: {name}: {err.strerror or err}", file=sys.stderr)
    out.flush()
    if failed:
        return EXIT_USAGE
    return EXIT_OK if found else EXIT_INVALID


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
    return run_records(args, FIXUP, inputs(args.texts), handle, fixed=fixed)


def register(sub: Any) -> None:
    """Add ``extract`` and ``fixup`` to the ``urikit`` tool."""
    p = sub.add_parser(
        "extract",
        help="find the URIs in text (RFC 3986 Appendix C) or in HTML attributes",
        description="Print one record per URI found: file:line:column, URI, wrapper "
        "(url, angle, quote or bare) and alternative readings. Exit status: 0 when a URI "
        "was found, 1 when none was, 2 for usage errors and unreadable files.",
    )
    p.add_argument("files", nargs="*", metavar="FILE", help="inputs (default: stdin, '-')")
    p.add_argument(
        "--html", action="store_true", help="read HTML: the URI attributes of every element"
    )
    p.add_argument("--base", metavar="URL", help="with --html: the document's own URI")
    p.add_argument(
        "--schemes",
        action="append",
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
    add_common(p)
    p.set_defaults(run=_cmd_extract)

    p = sub.add_parser(
        "fixup",
        help="turn user-typed text (www.example.org/x, <URL:...>) into URIs",
        description="Exit status: 0 when every input had a reading, 1 when one had none.",
    )
    add_inputs(p, "texts", "TEXT", "inputs")
    p.add_argument(
        "--default-scheme",
        default="https",
        metavar="SCHEME",
        help="the scheme given to host names (default: https)",
    )
    add_common(p)
    p.set_defaults(run=_cmd_fixup)
