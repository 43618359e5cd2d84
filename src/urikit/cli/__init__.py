"""The ``urikit`` command-line tool.

>>> main(["resolve", "http://a/b/c/d;p?q", "../g"])
http://a/b/g
0
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .. import __version__, _accel
from . import batch, core, extract, fetch, iri, linkify, schemes, security, urn
from ._common import (
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_TROUBLE,
    InputError,
    OutputError,
    flush_output,
    take_extra_inputs,
)

__all__ = ["EXIT_STATUS_HELP", "build_parser", "main"]

#: The command modules; each adds its commands with ``register(subparsers)`` and
#: declares its records with ``_common.define_record``. A new module is one more
#: entry here.
COMMAND_MODULES = [
    core,
    schemes,
    urn,
    extract,
    linkify,
    iri,
    security,
    fetch,
    batch,
]

#: The exit statuses, as ``urikit --help`` shows them (and the README and docs/cli.md).
EXIT_STATUS_HELP = """\
exit status (as grep, cmp and diff):
  0    yes: every input valid (every pair equivalent; extract: a URI found)
  1    no: some input invalid or not resolvable (a pair not equivalent;
       extract: no URI found)
  2    trouble: a usage error (bad option or BASE), unreadable input or unwritable
       output; for equivalent and urn equivalent, an input that is not valid
  130  interrupted (Ctrl-C)
  141  the reader of the output went away (broken pipe), quietly

With no input arguments a command reads one input per line from stdin and writes
one record per input, in order (--json: one JSON object per line)."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every registered command."""
    parser = argparse.ArgumentParser(
        prog="urikit",
        description="Parse, validate, resolve and normalize URIs exactly as RFC 3986 says.",
        epilog=EXIT_STATUS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"urikit {__version__}, {_accel.describe()}",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMAND_MODULES:
        module.register(sub)
    return parser


def _configure_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def _detach_stdout() -> None:
    """Point file descriptor 1 at /dev/null, so that the interpreter's last
    flush of stdout at exit cannot fail again (and print a traceback)."""
    stdout = sys.__stdout__
    if stdout is None or sys.stdout is not stdout:
        return  # not the process's stdout (a test harness, an embedding program)
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # pragma: no cover - no fd 1 at all
        pass


def _complain(message: str) -> None:
    try:
        sys.stderr.write(f"urikit: {message}\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # pragma: no cover - stderr is gone too
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the tool; returns the exit status (0 yes, 1 no, 2 trouble, see --help).

    Never ends in a traceback for the input or the environment: a broken pipe
    ends quietly, an unwritable output or unreadable input is one line on stderr,
    Ctrl-C exits with 130.
    """
    try:
        _configure_streams()
        parser = build_parser()
        args, extras = parser.parse_known_args(argv)
        if extras:  # inputs after an option, or a usage error
            take_extra_inputs(parser, args, extras)
        if args.command is None:
            parser.print_help(sys.stderr)
            return EXIT_TROUBLE
        status: int = args.run(args)
        flush_output(sys.stdout)
        return status
    except BrokenPipeError:
        _detach_stdout()
        return EXIT_BROKEN_PIPE
    except (OutputError, InputError) as err:
        _detach_stdout()
        _complain(str(err))
        return EXIT_TROUBLE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
