"""The IRI commands: ``urikit iri validate|to-uri|from-uri|display`` (RFC 3987).

Inputs come from the arguments or, when there are none, one per line from
stdin; one record per input, in order. With ``--json`` every record of a
command has the same keys whether the input was valid or not (``null`` where
a value is absent; ``error`` is ``null`` on success). The exit status is
:data:`EXIT_STATUS`, which every ``iri`` command's ``--help`` shows.

>>> from urikit.cli import main
>>> main(["iri", "to-uri", "--idna", "http://例え.jp/パス"])
http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9
0
>>> main(["iri", "from-uri", "http://www.example.org/D%C3%BCrst"])
http://www.example.org/Dürst
0
>>> main(["iri", "validate", "http://h/\\ue000"])  # doctest: +NORMALIZE_WHITESPACE
error	http://h/\\ue000	invalid character '\\\\ue000' in path at position 9
1
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from ._commands import add_command
from ._common import add_common, add_inputs, define_record, inputs, run_records

__all__ = ["EXIT_STATUS", "parse_as_iri", "register"]

#: The RFC 3986 rule names of ``urikit parse --rule`` and the IRI rule each widens to.
_IRI_RULE = {
    "URI-reference": "IRI-reference",
    "URI": "IRI",
    "absolute-URI": "absolute-IRI",
    "relative-ref": "irelative-ref",
}

VALIDATE = define_record("iri validate", "rule")
TO_URI = define_record("iri to-uri", "idna", "result")
FROM_URI = define_record("iri from-uri", "idna", "result")
DISPLAY = define_record("iri display", "strict", "result", "misleading", "safe_text", "warnings")


def parse_as_iri(text: str, rule: str) -> Any:
    """``urikit parse --iri``: parse ``text`` by the IRI rule that widens the URI ``rule``."""
    from .. import iri

    return iri.parse(text, _IRI_RULE.get(rule, rule))


def _cmd_validate(args: argparse.Namespace) -> int:
    from .. import iri

    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        iri.parse(text, args.rule)
        return {}, ["valid", text]

    return run_records(args, VALIDATE, inputs(args, args.iris), handle, fixed={"rule": args.rule})


def _cmd_to_uri(args: argparse.Namespace) -> int:
    from .. import iri

    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        result = iri.to_uri(text, idna=args.idna)
        return {"result": result}, [result]

    return run_records(args, TO_URI, inputs(args, args.iris), handle, fixed={"idna": args.idna})


def _cmd_from_uri(args: argparse.Namespace) -> int:
    from .. import iri

    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        result = iri.from_uri(text, idna=args.idna)
        return {"result": result}, [result]

    return run_records(args, FROM_URI, inputs(args, args.uris), handle, fixed={"idna": args.idna})


def _cmd_display(args: argparse.Namespace) -> int:
    from .. import iri

    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        shown = iri.for_display(text, strict=args.strict)
        warnings = [
            {"kind": w.kind, "component": w.component, "position": w.position, "detail": w.detail}
            for w in shown.warnings
        ]
        fields = {
            "result": shown.text,
            "misleading": shown.misleading,
            "safe_text": shown.safe_text,
            "warnings": warnings,
        }
        if shown.misleading:
            why = "; ".join(f"{w.kind} at {w.position}: {w.detail}" for w in shown.warnings)
            return fields, ["misleading", shown.text, why, f"show: {shown.safe_text}"]
        return fields, ["ok", shown.text]

    return run_records(
        args, DISPLAY, inputs(args, args.uris), handle, fixed={"strict": args.strict}
    )


#: The exit status of every ``iri`` command, as ``urikit iri --help`` and each
#: command's ``--help`` say it.
EXIT_STATUS = (
    "Exit status: 0 when every input is valid (for display, a form that would mislead "
    "too, unless --strict), 1 when one is not, 2 for usage errors."
)


def register(sub: Any) -> None:
    """Add ``urikit iri ...`` to the tool."""
    parser = add_command(sub, "iri", description=EXIT_STATUS)
    cmds = parser.add_subparsers(dest="iri_command", metavar="IRI_COMMAND", required=True)

    p = _subcommand(cmds, "validate", "check IRI references against RFC 3987 section 2.2")
    add_inputs(p, "iris", "IRI", "inputs")
    p.add_argument(
        "--rule",
        default="IRI-reference",
        choices=["IRI", "IRI-reference", "absolute-IRI", "irelative-ref"],
    )
    add_common(p)
    p.set_defaults(run=_cmd_validate)

    p = _subcommand(cmds, "to-uri", "map IRIs to URIs (RFC 3987 section 3.1)")
    add_inputs(p, "iris", "IRI", "inputs")
    _idna_option(p, "write non-ASCII host labels as A-labels", _cmd_to_uri)

    p = _subcommand(cmds, "from-uri", "convert URIs to IRIs (RFC 3987 section 3.2)")
    add_inputs(p, "uris", "URI", "inputs")
    _idna_option(p, "write valid A-labels as U-labels", _cmd_from_uri)

    p = _subcommand(
        cmds,
        "display",
        "the form to show people, and whether it would mislead (an error with --strict)",
    )
    add_inputs(p, "uris", "URI", "inputs")
    p.add_argument(
        "--strict", action="store_true", help="a misleading form is an error (exit status 1)"
    )
    add_common(p)
    p.set_defaults(run=_cmd_display)


def _subcommand(cmds: Any, name: str, help: str) -> argparse.ArgumentParser:
    """Add ``urikit iri NAME``, its ``--help`` saying :data:`EXIT_STATUS`."""
    parser: argparse.ArgumentParser = cmds.add_parser(name, help=help, description=EXIT_STATUS)
    return parser


def _idna_option(p: argparse.ArgumentParser, help: str, run: Callable[..., int]) -> None:
    """The rest of a mapping command (``to-uri``, ``from-uri``): ``--idna``, the
    common options and the function that runs it."""
    p.add_argument("--idna", action="store_true", help=help)
    add_common(p)
    p.set_defaults(run=run)
