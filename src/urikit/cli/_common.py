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

>>> escape("a\\x1b[31mb\\tc\\u200e")
'a\\\\x1b[31mb\\\\x09c\\\\u200e'
"""

from __future__ import annotations

import os
import sys

from ..columnar._escape import escape
from ..columnar._write_all import write_all
from ..core._errors import URIError

# argparse, json and re are imported where they are used: `urikit parse X`
# without --json needs none of json and re, and starts faster without them.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Iterable, Iterator
    from contextlib import AbstractContextManager
    from typing import Any, BinaryIO, NoReturn, TextIO

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
    "NOT_UTF8",
    "RECORD_KEYS",
    "InputError",
    "OutputError",
    "Rejected",
    "add_common",
    "add_comparison",
    "add_inputs",
    "add_repeatable",
    "configure_output",
    "count",
    "define_record",
    "escape",
    "inputs",
    "json_line",
    "json_text",
    "network",
    "not_utf8",
    "open_input",
    "output_bytes",
    "port",
    "read_lines",
    "run_comparison",
    "run_records",
    "say",
    "scheme_list",
    "seconds",
    "stdin_argument",
    "take_extra_inputs",
    "too_long",
    "usage_error",
    "without_line_end",
    "write_output",
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


#: The reason of the error record of an input holding a byte that is not UTF-8.
NOT_UTF8 = "not-utf8"

#: Every byte that is not UTF-8, as ``surrogateescape`` keeps it, -> U+FFFD: what
#: the outputs that must be UTF-8 (JSON) write for it.
_REPLACE_BYTES = {cp: "\ufffd" for cp in range(0xDC80, 0xDD00)}


def not_utf8(text: str) -> Rejected | None:
    """The ``not-utf8`` error of ``text`` when it holds a byte that is not UTF-8
    (read with ``surrogateescape``), at the first such byte; else ``None``.

    >>> err = not_utf8("http://a/\\udcff")
    >>> err.reason, err.position, str(err)
    ('not-utf8', 9, 'the byte 0xff at position 9 is not UTF-8')
    >>> not_utf8("http://a/\\u00e9") is None
    True
    """
    if text.isascii():
        return None
    try:
        text.encode("utf-8")  # stops at the first lone surrogate
    except UnicodeEncodeError as err:
        first = err.start
    else:
        return None
    for position in range(first, len(text)):
        cp = ord(text[position])
        if 0xDC80 <= cp <= 0xDCFF:
            return Rejected(
                f"the byte 0x{cp - 0xDC00:02x} at position {position} is not UTF-8",
                reason=NOT_UTF8,
                text=text,
                position=position,
            )
    return None


def _replace_bytes(value: Any) -> Any:
    if isinstance(value, str):
        return value.translate(_REPLACE_BYTES)
    if isinstance(value, dict):
        return {k: _replace_bytes(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_replace_bytes(v) for v in value]
    return value


def json_line(record: Any) -> str:
    """``record`` as one line of JSON (ASCII), each byte that is not UTF-8 written
    as U+FFFD (a record holding one always carries the ``not-utf8`` error).

    >>> json_line({"input": "a\\udcffb", "ok": True})
    '{"input": "a\\\\ufffdb", "ok": true}'
    """
    import json

    line = json.dumps(record, ensure_ascii=True)
    if "\\ud" in line:
        line = json.dumps(_replace_bytes(record), ensure_ascii=True)
    return line


def _write_bytes_back(err: UnicodeError) -> tuple[str | bytes, int]:
    """The output streams' encoding error handler: a byte that was not UTF-8 in the
    input (U+DC80..U+DCFF) is written back as that byte; any other character
    that cannot be encoded (a lone surrogate) as a backslash escape."""
    if not isinstance(err, UnicodeEncodeError):
        raise err
    out = bytearray()
    for ch in err.object[err.start : err.end]:
        cp = ord(ch)
        if 0xDC80 <= cp <= 0xDCFF:
            out.append(cp - 0xDC00)
        else:
            out += ch.encode("ascii", "backslashreplace")
    return bytes(out), err.end


#: The name of :func:`_write_bytes_back` in the :mod:`codecs` registry.
OUTPUT_ERRORS = "urikit-bytes-back"


def _register_output_errors() -> None:
    import codecs

    try:
        codecs.lookup_error(OUTPUT_ERRORS)
    except LookupError:
        codecs.register_error(OUTPUT_ERRORS, _write_bytes_back)


def output_bytes(text: str) -> bytes:
    """``text`` as the tool writes text to a binary output: UTF-8, each byte that
    was not UTF-8 in the input written back as that byte.

    >>> output_bytes("a\\udcff\\u00e9")
    b'a\\xff\\xc3\\xa9'
    """
    _register_output_errors()
    return text.encode("utf-8", OUTPUT_ERRORS)


def configure_output(stream: Any) -> None:
    """Let ``stream``, the process's stdout, write back the input's bytes that are
    not UTF-8. Another text stream put in its place (a test harness, an embedding
    program) is given backslash escapes instead: it holds text, not bytes."""
    errors = "backslashreplace"
    if stream is sys.__stdout__:
        _register_output_errors()
        errors = OUTPUT_ERRORS
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors=errors)


def open_input(name: str, stdin_name: str = "-") -> AbstractContextManager[TextIO]:
    """The file ``name`` (``stdin_name``: standard input) as text: UTF-8, each byte
    that is not UTF-8 kept (``surrogateescape``), line ends as written."""
    import contextlib
    import io

    @contextlib.contextmanager
    def opened() -> Iterator[TextIO]:
        if name != stdin_name:
            with open(name, encoding="utf-8", errors="surrogateescape", newline="") as stream:
                yield stream
            return
        raw = getattr(sys.stdin, "buffer", None)
        if raw is None:  # a text stream without bytes under it (an embedding program)
            yield sys.stdin
            return
        wrapper = io.TextIOWrapper(raw, encoding="utf-8", errors="surrogateescape", newline="")
        try:
            yield wrapper
        finally:
            with contextlib.suppress(ValueError):  # the stream is gone already
                wrapper.detach()  # leave the process's stdin open

    return opened()


# --- option values: a bad one is a usage error naming the option (argparse types) ---


def _argument_error(message: str) -> Exception:
    import argparse

    return argparse.ArgumentTypeError(message)


def seconds(value: str) -> float:
    """An argparse type: a number of seconds, finite and more than 0.

    >>> seconds("2.5"), seconds("1e-3")
    (2.5, 0.001)
    >>> seconds("nan")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 'nan' is not a number of seconds more than 0
    """
    import math

    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not (math.isfinite(number) and number > 0):
        raise _argument_error(f"{value!r} is not a number of seconds more than 0")
    return number


def too_long(value: str, digits: int = 18) -> bool:
    """Whether ``value`` is a run of ASCII digits with more than ``digits``
    significant ones: more than an option's value can be, and told apart before
    ``int()`` reads it (which refuses 4,300 digits and more).

    >>> too_long("0" * 40 + "12"), too_long("9" * 19), too_long("x" * 40)
    (False, True, False)
    """
    text = value.strip()
    return text.isascii() and text.isdigit() and len(text.lstrip("0")) > digits


def _shown(value: str) -> str:
    """``value`` as a message quotes it: its repr, a long one cut."""
    return repr(value) if len(value) <= 40 else f"{value[:20]!r}... ({len(value)} characters)"


def count(value: str) -> int:
    """An argparse type: a whole number, 0 or more.

    >>> count("0"), count("12")
    (0, 12)
    >>> count("-5")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '-5' is not a whole number 0 or more
    >>> count("9" * 50)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '99999999999999999999'... (50 characters) is too large (over 18...
    """
    if too_long(value):
        raise _argument_error(f"{_shown(value)} is too large (over 18 digits)")
    try:
        number = int(value)
    except ValueError:
        number = -1
    if number < 0:
        raise _argument_error(f"{_shown(value)} is not a whole number 0 or more")
    return number


def port(value: str) -> int:
    """An argparse type: a port number, 1 to 65535.

    >>> port("8080")
    8080
    >>> port("99999")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '99999' is not a port (1-65535)
    """
    try:
        number = 0 if too_long(value, 5) else int(value)
    except ValueError:
        number = 0
    if not 1 <= number <= 65535:
        raise _argument_error(f"{_shown(value)} is not a port (1-65535)")
    return number


def network(value: str) -> str:
    """An argparse type: a network in CIDR notation, as :class:`urikit.security.Policy`
    reads it (so the option and the API accept the same values).

    >>> network("127.0.0.1/32")
    '127.0.0.1/32'
    >>> network("127.0.0.1/99")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '127.0.0.1/99' is not a network (CIDR)
    """
    from ..security import Policy

    try:
        Policy(allowed_networks=[value])
    except URIError:
        raise _argument_error(f"{value!r} is not a network (CIDR)") from None
    return value


def origin(value: str) -> str:
    """An argparse type: an http or https origin, as
    :func:`urikit.security.check_redirect` reads ``allowed_origins``.

    >>> origin("https://example.com")
    'https://example.com'
    >>> origin("https://example.com/path")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 'https://example.com/path' is not an origin (http or https://host[:port])
    """
    from ..security._redirect import _origins

    try:
        _origins([value])
    except URIError:
        raise _argument_error(f"{value!r} is not an origin (http or https://host[:port])") from None
    return value


def scheme_list(value: str) -> list[str]:
    """An argparse type: comma-separated URI schemes (RFC 3986 3.1), lower-cased.

    >>> scheme_list("http,HTTPS, doi")
    ['http', 'https', 'doi']
    >>> scheme_list("ht tp")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 'ht tp' is not a URI scheme (RFC 3986 3.1)
    """
    from ..core._reference import parse

    schemes = []
    for item in value.split(","):
        name = item.strip()
        try:
            ok = parse(name + ":", "absolute-URI").scheme == name
        except URIError:
            ok = False
        if not ok:
            raise _argument_error(f"{name!r} is not a URI scheme (RFC 3986 3.1)")
        schemes.append(name.lower())
    return schemes


def _escape_message(message: str) -> str:
    # A lone surrogate U+DC80..U+DCFF in a CLI input is an undecodable byte
    # (surrogateescape, for stdin and for argv); a message quotes it with repr(),
    # which is made to name the byte before the message is escaped.
    if "\\udc" in message:
        import re

        message = re.sub(r"\\udc([89a-f][0-9a-f])", r"\\x\1", message)
    return escape(message)


def without_line_end(line: str) -> str:
    """``line`` without its line end, LF, CR LF or CR; a CR before that is the
    line's own (an empty line is an input too: ``""``).

    >>> without_line_end("a\\r\\n"), without_line_end("a\\r\\r\\n"), without_line_end("\\n")
    ('a', 'a\\r', '')
    """
    if line.endswith("\n"):
        line = line[:-1]
    return line[:-1] if line.endswith("\r") else line


def read_lines(stream: BinaryIO | None = None, name: str = "the input") -> Iterator[str]:
    """Yield the lines of ``stream`` (bytes; stdin by default) without their line
    ends (:func:`without_line_end`: a line ends at LF); an empty line is yielded
    as ``""``, an input like any other.

    Bytes that are not UTF-8 are kept as lone surrogates (``surrogateescape``)
    so such a line is reported as invalid instead of stopping the run.
    """
    try:
        if stream is None:
            raw = getattr(sys.stdin, "buffer", None)
            if raw is None:  # a text stream without bytes under it (an embedding program)
                for line in sys.stdin:
                    yield without_line_end(line)
                return
            stream = raw
        for data in stream:
            yield without_line_end(data.decode("utf-8", "surrogateescape"))
    except OSError as exc:
        raise InputError(f"cannot read {name}: {exc}") from None


def inputs(args: argparse.Namespace, values: list[str] | None) -> Iterable[str]:
    """The command's inputs, in order: its arguments (``-``: the lines of stdin,
    there), then the lines of each ``--from FILE`` (``-``: stdin); stdin's lines
    when there are none of either. A line is always an input, never a file name:
    the URI ``-`` is given as a line (``echo - | urikit validate``).

    An argument that names an existing file is still an input (a file name is
    a relative reference), and a warning on stderr says how to read the file
    instead (``--from FILE``). A ``--from`` file that cannot be opened is an
    :class:`InputError` (exit 2) before any input is read.
    """
    files: list[str] = list(getattr(args, "from_files", None) or ())
    if not values and not files:
        return read_lines()
    opened = [None if name == "-" else _open_lines(name) for name in files]
    return _each_input(args, values or [], files, opened)


def _open_lines(name: str) -> BinaryIO:
    try:
        return open(name, "rb")
    except OSError as exc:
        raise InputError(f"cannot read {name}: {exc.strerror or exc}") from None


def _each_input(
    args: argparse.Namespace, values: list[str], files: list[str], opened: list[BinaryIO | None]
) -> Iterator[str]:
    try:
        for value in values:
            if value == "-":
                yield from read_lines()
                continue
            if getattr(args, "warn_files", False) and value and os.path.isfile(value):
                _warn_file(args, value)
            yield value
        for name, stream in zip(files, opened, strict=True):
            if stream is None:
                yield from read_lines()
                continue
            try:
                yield from read_lines(stream, name)
            finally:
                stream.close()
    finally:
        for stream in opened:
            if stream is not None:
                stream.close()


def _warn_file(args: argparse.Namespace, value: str) -> None:
    parser = getattr(args, "parser", None)
    prog = "urikit" if parser is None else parser.prog
    say(
        f"{prog}: warning: the argument {escape(value)!r} is read as an input, not as the "
        f"file it names; to read the file a line at a time: --from {escape(value)}"
    )


def say(line: str) -> None:
    """Write ``line`` and a line end to stderr, flushed; nothing when stderr is gone."""
    try:
        sys.stderr.write(f"{line}\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # pragma: no cover - stderr is gone
        pass


def stdin_argument(args: argparse.Namespace, value: str, name: str) -> str:
    """A one-value argument ``value`` (``A`` or ``B`` of ``equivalent``, the ``URL``
    of ``fetch``), ``-`` standing for the next line of stdin; a usage error when
    stdin has no more lines."""
    if value != "-":
        return value
    lines: Iterator[str] | None = getattr(args, "_stdin_lines", None)
    if lines is None:
        lines = args._stdin_lines = iter(read_lines())
    line = next(lines, None)
    if line is None:
        usage_error(args, f"argument {name}: '-' reads a line of stdin, and it has none left")
    return line


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


#: The length from which :func:`write_output` writes a text's bytes itself.
_AT_ONCE = 1 << 16


def write_output(out: TextIO, text: str, *, end: str = "", flush: bool = False) -> None:
    """Write ``text``, then ``end``, to ``out`` and flush it when asked; an OSError
    other than a broken pipe becomes :class:`OutputError` (exit 2, one line on
    stderr), a broken pipe is left to :func:`urikit.cli.main` (exit 141).

    >>> import io, os
    >>> write_output(io.StringIO(), "x", end="\\n", flush=True)
    >>> with open(os.devnull) as read_only:
    ...     try:
    ...         write_output(read_only, "x")
    ...     except OutputError as err:
    ...         print(err)
    cannot write the output: not writable

    A long text reaches the bytes below whole, though they take a part a call:

    >>> class Short(io.BytesIO):
    ...     def write(self, data):
    ...         return super().write(bytes(data)[:1000])
    >>> raw = Short()
    >>> out = io.TextIOWrapper(raw, encoding="utf-8")
    >>> write_output(out, "é" * 70_000, flush=True)
    >>> len(raw.getvalue())
    140000
    """
    try:
        raw = getattr(out, "buffer", None) if len(text) >= _AT_ONCE else None
        if raw is not None and os.linesep == "\n":
            # a long text goes to the bytes below at once, every byte of it: the
            # text layer hands it on whole and does not look at the count taken
            out.flush()
            write_all(raw, text.encode(out.encoding, out.errors or "strict"))
        elif text:
            out.write(text)
        if end:
            out.write(end)
        if flush:
            out.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(f"cannot write the output: {exc}") from None


def flush_output(out: TextIO) -> None:
    """Flush ``out``; an OSError other than a broken pipe becomes :class:`OutputError`."""
    write_output(out, "", flush=True)


def _emit(
    args: argparse.Namespace,
    out: TextIO,
    record: dict[str, Any],
    human: list[str],
) -> None:
    line = json_line(record) if getattr(args, "json", False) else "\t".join(human)
    write_output(out, line, end="\n", flush=bool(getattr(args, "line_buffered", False)))


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
    base, the level, ...), present on error records too. An input holding a
    byte that is not UTF-8 is a ``not-utf8`` error record. Returns 0 when every
    input was handled, 1 when any was rejected.
    """
    out = sys.stdout if out is None else out
    fixed = {} if fixed is None else fixed
    status = EXIT_OK
    for text in items:
        try:
            bad = not_utf8(text)
            if bad is not None:
                raise bad
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
        bad = not_utf8(a) or not_utf8(b)
        if bad is not None:
            raise bad
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


def add_comparison(sub: Any, help: str) -> argparse.ArgumentParser:
    """Add an ``equivalent`` command to ``sub``: its two inputs A and B, and ``help``
    (from :func:`~urikit.cli._commands.comparison_help`, which states the exit
    status of :func:`run_comparison`)."""
    p: argparse.ArgumentParser = sub.add_parser("equivalent", help=help)
    p.add_argument("a", metavar="A", help="a URI ('-': the next line of stdin)")
    p.add_argument("b", metavar="B", help="a URI ('-': the next line of stdin)")
    return p


def add_repeatable(
    parser: argparse.ArgumentParser,
    option: str,
    kind: Callable[[str], object],
    metavar: str,
    help: str,
) -> None:
    """Add ``option``, which may be given again and again: its values, each read by
    the argparse type ``kind`` (:func:`network`, :func:`port`, ...), in a list."""
    parser.add_argument(option, action="append", default=[], type=kind, metavar=metavar, help=help)


def add_inputs(
    parser: argparse.ArgumentParser, dest: str, metavar: str, what: str, *, paths: bool = False
) -> None:
    """The command's inputs: positional arguments (``-``: stdin's lines there) and
    ``--from FILE`` (repeatable: a file's lines, after the arguments), or stdin
    lines when there are neither (see :func:`inputs`).

    They may come before, between and after the options (``urikit validate a
    --json b``); after ``--`` every argument is an input, even one starting with
    "-". An argument that names an existing file gets a warning that it is read
    as an input, unless ``paths`` (the inputs are paths: ``file-uri``).
    """
    # A default makes argparse count the inputs as optional ("required: BASE", not
    # "required: BASE, REF", when a required argument before them is missing).
    parser.add_argument(
        dest,
        nargs="*",
        default=[],
        metavar=metavar,
        help=f"{what}; '-' reads stdin's lines there (default: stdin's lines)",
    )
    parser.add_argument(
        "--from",
        dest="from_files",
        action="append",
        default=[],
        metavar="FILE",
        help=f"read {what} from FILE too, one a line, after the arguments ('-': stdin; repeatable)",
    )
    parser.set_defaults(inputs_dest=dest, warn_files=not paths)


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
    setattr(args, dest, [*getattr(args, dest), *before, *after])


def add_common(
    parser: argparse.ArgumentParser,
    *,
    json_help: str = "print one JSON object per input (errors included)",
    line_buffered_help: str = "write each record out at once (for a pipe that waits for answers)",
) -> None:
    """Options every record-printing command takes, and the parser for usage errors."""
    parser.add_argument("--json", action="store_true", help=json_help)
    parser.add_argument("--line-buffered", action="store_true", help=line_buffered_help)
    parser.set_defaults(parser=parser)
