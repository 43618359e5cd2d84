"""The ``urikit`` tool's parser and ``main``: the command table's modules
registered, the streams set up, every outcome mapped to an exit status."""

from __future__ import annotations

import argparse
import os
import sys

from ..core import _accel
from ._commands import COMMANDS, MODULES, add_command, load
from ._common import (
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_TROUBLE,
    InputError,
    OutputError,
    configure_output,
    flush_output,
    say,
    take_extra_inputs,
    write_output,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

__all__ = ["EXIT_STATUS_HELP", "build_parser", "main"]

#: The command modules (``urikit.cli._commands``): each adds its commands with
#: ``register(subparsers)`` and declares its records with ``_common.define_record``.
#: A new command is one more entry in that table.
COMMAND_MODULES = MODULES

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
  143  batch ended by SIGTERM, its temporary output removed

With no input arguments a command reads one input per line from stdin and writes
one record per input, in order (--json: one JSON object per line)."""


def _columns() -> int:
    """The terminal's width, as :func:`shutil.get_terminal_size` gives it (``COLUMNS``,
    then the terminal of stdout, then 80), without importing :mod:`shutil`, which
    loads zlib, bz2 and lzma (a tenth of ``urikit parse X``'s start-up)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, its default width found without :mod:`shutil`."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        if width is None:
            width = _columns() - 2  # what argparse.HelpFormatter does
        super().__init__(prog, indent_increment, max_help_position, width)


class _DescriptionFormatter(_Formatter, argparse.RawDescriptionHelpFormatter):
    """The top-level help: the description and epilog as written."""


class _Parser(argparse.ArgumentParser):
    """The tool's parsers: :class:`_Formatter` unless told otherwise; the
    subcommands' parsers are made with the top-level parser's class."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def _print_message(self, message: str, file: Any = None) -> None:
        """Write ``--help``, ``--version`` and usage errors; output that cannot be
        written to stdout (``urikit --help > /dev/full``) is an :class:`OutputError`
        (exit 2) or a broken pipe, where argparse would let it pass and exit 0."""
        if not message:
            return
        file = sys.stderr if file is None else file
        if file is not sys.stdout:
            super()._print_message(message, file)
            return
        write_output(file, message, flush=True)


class _VersionAction(argparse.Action):
    """``--version``: argparse's version action, with the version read only when
    asked for (``urikit.__version__`` reads the package metadata, which every
    other command would pay for at start-up)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS) -> None:
        super().__init__(
            option_strings,
            dest,
            default=argparse.SUPPRESS,
            nargs=0,
            help="show program's version number and exit",
        )

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        from .. import __version__

        formatter = parser._get_formatter()  # wrapped as argparse wraps its version
        formatter.add_text(f"urikit {__version__}, {_accel.describe()}")
        parser._print_message(formatter.format_help(), sys.stdout)
        parser.exit()


class _Skipped:
    """What a command module's ``register`` builds for a command that is not run:
    every call is taken and does nothing (argparse builds no parser for it)."""

    def __getattr__(self, name: str) -> Any:
        return self._ignore

    def _ignore(self, *args: object, **kwargs: object) -> _Skipped:
        return self


class _OneCommand:
    """The subcommands of the tool as one command's module sees them when only
    ``name`` is wanted: its other commands become :class:`_Skipped`."""

    def __init__(self, sub: Any, name: str) -> None:
        self._sub = sub
        self._name = name

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        if name == self._name:
            return self._sub.add_parser(name, **kwargs)
        return _Skipped()


def build_parser(
    command: str | None = None, *, only: bool = False, others: bool = True
) -> argparse.ArgumentParser:
    """The argument parser with every registered command.

    With ``only=True``, only ``command`` is built (its module imported and asked
    to register it alone); every other command is a stub with its name and help
    line (``urikit --help`` lists them all, and a mistyped command gets the usual
    "invalid choice" error), so that ``urikit parse X`` loads nothing it does not
    run. ``others=False`` leaves the stubs out too: :func:`main` does that when
    the command is the first argument, where the top-level parser has neither
    help nor an invalid choice to print.

    >>> sorted(build_parser("parse", only=True)._subparsers._group_actions[0].choices)[:3]
    ['batch', 'canonical', 'check']
    >>> list(build_parser("parse", only=True, others=False)._subparsers._group_actions[0].choices)
    ['parse']
    """
    parser = _Parser(
        prog="urikit",
        description="Parse, validate, resolve and normalize URIs exactly as RFC 3986 says.",
        epilog=EXIT_STATUS_HELP,
        formatter_class=_DescriptionFormatter,
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    if not only:
        for module in MODULES:
            load(module).register(sub)
        return parser
    for name, entry in COMMANDS.items():
        if name == command:
            load(entry.module).register(_OneCommand(sub, name))
        elif others:
            add_command(sub, name)
    return parser


def _command_of(argv: Sequence[str]) -> str | None:
    """The command word of ``argv``: its first argument that is not an option (the
    tool's own options, --help and --version, take no value)."""
    for arg in argv:
        if arg == "--":
            return None
        if not arg.startswith("-"):
            return arg
    return None


def _configure_streams() -> None:
    configure_output(sys.stdout)
    reconfigure = getattr(sys.stderr, "reconfigure", None)
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
    say(f"urikit: {message}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the tool; returns the exit status (0 yes, 1 no, 2 trouble, see --help).

    Never ends in a traceback for the input or the environment: a broken pipe
    ends quietly, an unwritable output or unreadable input is one line on stderr,
    Ctrl-C exits with 130.
    """
    try:
        _configure_streams()
        argv = sys.argv[1:] if argv is None else argv
        first = argv[0] if argv else None
        if first in COMMANDS:
            parser = build_parser(first, only=True, others=False)
        else:
            parser = build_parser(_command_of(argv), only=True)
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
