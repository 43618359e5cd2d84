"""The ``file`` scheme commands: ``file-path`` (URI to local path) and ``file-uri``.

>>> from urikit.cli import main
>>> main(["file-path", "--flavour", "windows", "file:///c:/a%20b"])
c:\\a b
0
>>> main(["file-uri", "/tmp/a b"])
file:///tmp/a%20b
0
"""

from __future__ import annotations

import argparse
from typing import Any

from ..schemes.file import FLAVOURS, FileView
from ._common import add_common, inputs, run_records

__all__ = ["register"]


def _cmd_file_path(args: argparse.Namespace) -> int:
    def handle(text: str) -> tuple[dict[str, Any], str]:
        path = FileView(text).to_path(args.flavour)
        return {"input": text, "valid": True, "flavour": args.flavour, "result": path}, path

    return run_records(args, inputs(args.uris), handle)


def _cmd_file_uri(args: argparse.Namespace) -> int:
    def handle(text: str) -> tuple[dict[str, Any], str]:
        uri = str(FileView.from_path(text, args.flavour, host=args.host))
        return {"input": text, "valid": True, "flavour": args.flavour, "result": uri}, uri

    return run_records(args, inputs(args.paths), handle)


def register(sub: Any) -> None:
    """Add ``file-path`` and ``file-uri`` to the ``urikit`` tool."""
    p = sub.add_parser("file-path", help="the local path of file URIs (RFC 8089)")
    p.add_argument("uris", nargs="*", metavar="URI", help="inputs (default: stdin lines)")
    p.add_argument("--flavour", default="posix", choices=FLAVOURS, help="path flavour")
    add_common(p)
    p.set_defaults(run=_cmd_file_path)

    p = sub.add_parser("file-uri", help="the file URI of local paths (RFC 8089)")
    p.add_argument("paths", nargs="*", metavar="PATH", help="inputs (default: stdin lines)")
    p.add_argument("--flavour", default="posix", choices=FLAVOURS, help="path flavour")
    p.add_argument("--host", default="", help="host for POSIX paths (default: none)")
    add_common(p)
    p.set_defaults(run=_cmd_file_uri)
