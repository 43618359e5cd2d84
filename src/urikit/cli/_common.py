"""Shared plumbing of the command-line tool: inputs, records, output, exit codes.

Every command reads its inputs from its arguments or, when there are none, one
per line from standard input, and writes exactly one record per input, in
input order: a bad input yields an error record in its place, never a gap.

Exit codes: 0 when every input was valid, 1 when any was not, 2 for usage
errors (argparse's own convention).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TextIO

from ..errors import URIError

__all__ = [
    "EXIT_INVALID",
    "EXIT_OK",
    "EXIT_USAGE",
    "Handler",
    "error_record",
    "read_lines",
    "run_comparison",
    "run_records",
]

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2

#: A command's work on one input: returns (JSON record, human line); raises URIError.
Handler = Callable[[str], tuple[dict[str, Any], str]]


def read_lines(stream: TextIO | None = None) -> Iterator[str]:
    """Yield the lines of ``stream`` (stdin by default) without their line ends.

    Bytes that are not UTF-8 are kept as lone surrogates (``surrogateescape``)
    so such a line is reported as invalid instead of stopping the run.
    """
    if stream is None:
        buffer = sys.stdin.buffer
        for raw in buffer:
            yield raw.decode("utf-8", "surrogateescape").rstrip("\r\n")
        return
    for line in stream:
        yield line.rstrip("\r\n")


def inputs(values: list[str] | None) -> Iterable[str]:
    """The command's inputs: its arguments, or stdin lines when there are none."""
    return values if values else read_lines()


def error_record(text: str, err: URIError, **extra: Any) -> dict[str, Any]:
    """The JSON record of a rejected input.

    When the error is in another text than the input (a command's base URI, the
    other URI of a pair), the error carries that ``text``, so that its
    ``position`` can be read.
    """
    record: dict[str, Any] = {"input": text, "valid": False}
    record.update(extra)
    record["error"] = {
        "message": str(err),
        "reason": err.reason,
        "component": err.component,
        "position": err.position,
    }
    if err.text != text:
        record["error"]["text"] = err.text
    return record


def _write(out: TextIO, line: str) -> None:
    out.write(line)
    out.write("\n")


def run_records(
    args: argparse.Namespace,
    items: Iterable[str],
    handler: Handler,
    *,
    out: TextIO | None = None,
) -> int:
    """Run ``handler`` on each input and print one record per input, in order."""
    out = sys.stdout if out is None else out
    status = EXIT_OK
    as_json = bool(getattr(args, "json", False))
    for text in items:
        try:
            record, human = handler(text)
        except URIError as err:
            status = EXIT_INVALID
            record = error_record(text, err)
            human = f"error\t{text}\t{err}"
            if err.text != text:
                human += f" (in {err.text!r})"
        if as_json:
            _write(out, json.dumps(record, ensure_ascii=True))
        else:
            _write(out, human)
    out.flush()
    return status


def run_comparison(
    args: argparse.Namespace,
    a: str,
    b: str,
    compare: Callable[[], bool],
    details: dict[str, Any],
) -> int:
    """Print one record for the pair ``(a, b)``, computing ``compare()`` once.

    Exit status: 0 when it is true, 1 when it is false or an input is invalid.
    """
    outcome: list[bool] = []

    def handle(_: str) -> tuple[dict[str, Any], str]:
        result = compare()
        outcome.append(result)
        word = "equivalent" if result else "not equivalent"
        record = {"input": [a, b], **details, "valid": True, "equivalent": result}
        return record, f"{word}\t{a}\t{b}"

    status = run_records(args, [a], handle)
    return EXIT_INVALID if status == EXIT_OK and not outcome[0] else status


def add_common(parser: argparse.ArgumentParser) -> None:
    """Options every record-printing command takes."""
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object per input (errors included)"
    )
