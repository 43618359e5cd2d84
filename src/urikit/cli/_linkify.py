"""``urikit linkify [FILE]``: plain text in, HTML out, every URI a link (:func:`urikit.linkify`).

The file (standard input when none is named, or ``-``) is read as UTF-8 and
written out HTML-escaped, each reference found an ``<a href>``; line ends are
kept, and a byte that is not UTF-8 is written back as it was read (it ends a
URI, as a space would). The text is linkified a paragraph
(up to a blank line) at a time, which gives what linkifying it whole would (no
reference spans a blank line), in memory bounded by the longest paragraph.

The exit status is in :data:`DESCRIPTION`, which ``urikit linkify --help`` shows.

>>> from urikit.cli import main
>>> main(["linkify", "--attr", "rel=nofollow", "--no-abbreviated", "/dev/null"])
0
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from ..text._linkifier import linkify
from ._commands import add_command
from ._common import (
    EXIT_OK,
    EXIT_USAGE,
    InputError,
    flush_output,
    open_input,
    scheme_list,
    write_output,
)

__all__ = ["register"]

_STDIN = "-"
# What counts as a blank line between paragraphs (what extraction ends a URI at).
_BLANKS = " \t\n\r\f\v\xa0"
# A paragraph longer than this many characters is cut at a line end.
_MAX_PIECE = 1 << 20


def _lines(name: str, stream: TextIO) -> Iterator[str]:
    try:
        yield from stream
    except OSError as err:
        raise InputError(f"cannot read {name}: {err.strerror or err}") from None


def _paragraphs(name: str, stream: TextIO) -> Iterator[str]:
    buffer: list[str] = []
    size = 0
    for line in _lines(name, stream):
        buffer.append(line)
        size += len(line)
        if line.strip(_BLANKS) == "" or size > _MAX_PIECE:
            yield "".join(buffer)
            buffer.clear()
            size = 0
    if buffer:
        yield "".join(buffer)


def _cmd_linkify(args: argparse.Namespace) -> int:
    schemes = None
    if args.schemes:
        schemes = sorted({s for spec in args.schemes for s in spec})
    attrs: dict[str, str] = {}
    for spec in args.attrs or ():
        name, eq, value = spec.partition("=")
        if not eq:
            print(f"urikit linkify: --attr {spec!r}: expected NAME=VALUE", file=sys.stderr)
            return EXIT_USAGE
        attrs[name] = value
    options: dict[str, Any] = {
        "iris": not args.no_iris,
        "abbreviated": not args.no_abbreviated,
        "attrs": attrs or None,
        "schemes": schemes,
    }
    try:
        linkify("", **options)  # the options, checked before any output
    except ValueError as err:
        print(f"urikit linkify: {err}", file=sys.stderr)
        return EXIT_USAGE
    name = args.file or _STDIN
    with contextlib.ExitStack() as stack:
        try:
            stream = stack.enter_context(open_input(name, _STDIN))
        except OSError as err:
            print(f"urikit linkify: {name}: {err.strerror or err}", file=sys.stderr)
            return EXIT_USAGE
        for piece in _paragraphs(name, stream):
            _write(sys.stdout, linkify(piece, **options))
    flush_output(sys.stdout)
    return EXIT_OK


def _write(out: TextIO, text: str) -> None:
    write_output(out, text)


#: What ``urikit linkify --help`` says of the output and the exit status.
DESCRIPTION = (
    "Write the text HTML-escaped, with every URI, IRI and www./ftp. abbreviation found an"
    " <a href>. Exit status: 0, or 2 for an unreadable file or a bad option."
)


def register(sub: Any) -> None:
    """Add ``linkify`` to the ``urikit`` tool."""
    p = add_command(sub, "linkify", description=DESCRIPTION)
    p.add_argument("file", nargs="?", metavar="FILE", help="input (default: stdin, '-')")
    p.add_argument("--no-iris", action="store_true", help="URIs only: no non-ASCII characters")
    p.add_argument(
        "--no-abbreviated", action="store_true", help="no www./ftp. host names without a scheme"
    )
    p.add_argument(
        "--schemes",
        action="append",
        type=scheme_list,
        metavar="LIST",
        help="link only these schemes (comma-separated, repeatable; default: "
        "http,https,ftp,mailto; javascript, vbscript and data never)",
    )
    p.add_argument(
        "--attr",
        dest="attrs",
        action="append",
        metavar="NAME=VALUE",
        help="an attribute for every link (repeatable), e.g. --attr rel=nofollow",
    )
    p.set_defaults(run=_cmd_linkify, parser=p)
