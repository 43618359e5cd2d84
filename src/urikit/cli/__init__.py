"""The ``urikit`` command-line tool.

>>> main(["resolve", "http://a/b/c/d;p?q", "../g"])
http://a/b/g
0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .. import IMPLEMENTATION, __version__
from . import core, iri, schemes, urn
from ._common import EXIT_USAGE

__all__ = ["build_parser", "main"]

#: Each module adds its commands with ``register(subparsers)``.
_COMMAND_MODULES = (core, schemes, urn, iri)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every registered command."""
    parser = argparse.ArgumentParser(
        prog="urikit",
        description="Parse, validate, resolve and normalize URIs exactly as RFC 3986 says.",
        epilog="With no URI arguments, a command reads one input per line from stdin. "
        "Exit status: 0 all inputs valid, 1 some input invalid, 2 usage error.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"urikit {__version__} ({IMPLEMENTATION} implementation)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _COMMAND_MODULES:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the tool; returns the exit status (0 valid, 1 invalid input, 2 usage)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    status: int = args.run(args)
    return status
