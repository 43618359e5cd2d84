"""The ``file`` scheme commands: ``file-path`` (URI to local path) and ``file-uri``.

>>> from urikit.cli import main
>>> main(["file-path", "--flavour", "windows", "file:///c:/a%20b"])
c:\\\\a b
0
>>> main(["file-uri", "/tmp/a b"])
file:///tmp/a%20b
0
"""

from __future__ import annotations

import argparse
from typing import Any

from ..schemes._file import FLAVOURS, FileView
from ._commands import add_command
from ._common import add_common, add_inputs, define_record, inputs, run_records

__all__ = ["register"]

FILE_PATH = define_record("file-path", "flavour", "result")
FILE_URI = define_record("file-uri", "flavour", "host", "result")


def _cmd_file_path(args: argparse.Namespace) -> int:
    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        path = FileView(text).to_path(args.flavour)
        return {"result": path}, [path]

    fixed = {"flavour": args.flavour}
    return run_records(args, FILE_PATH, inputs(args, args.uris), handle, fixed=fixed)


def _cmd_file_uri(args: argparse.Namespace) -> int:
    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        uri = str(FileView.from_path(text, args.flavour, host=args.host))
        return {"result": uri}, [uri]

    fixed = {"flavour": args.flavour, "host": args.host}
    return run_records(args, FILE_URI, inputs(args, args.paths), handle, fixed=fixed)


def register(sub: Any) -> None:
    """Add ``file-path`` and ``file-uri`` to the ``urikit`` tool."""
    p = add_command(sub, "file-path")
    add_inputs(p, "uris", "URI", "inputs")
    p.add_argument("--flavour", default="posix", choices=FLAVOURS, help="path flavour")
    add_common(p)
    p.set_defaults(run=_cmd_file_path)

    p = add_command(sub, "file-uri")
    add_inputs(p, "paths", "PATH", "inputs", paths=True)
    p.add_argument("--flavour", default="posix", choices=FLAVOURS, help="path flavour")
    p.add_argument("--host", default="", help="host for POSIX paths (default: none)")
    add_common(p)
    p.set_defaults(run=_cmd_file_uri)
