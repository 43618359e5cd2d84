"""The IRI commands: ``urikit iri validate|to-uri|from-uri|display`` (RFC 3987).

Inputs come from the arguments or, when there are none, one per line from
stdin; one record per input, in order. With ``--json`` every record of a
command has the same keys whether the input was valid or not (``null`` where
a value is absent; ``error`` is ``null`` on success). Exit status: 0 when every
input was valid, 1 when any was not, 2 for usage errors.

>>> from urikit.cli import main
>>> main(["iri", "to-uri", "--idna", "http://例え.jp/パス"])
http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9
0
>>> main(["iri", "from-uri", "http://www.example.org/D%C3%BCrst"])
http://www.example.org/Dürst
0
>>> main(["iri", "validate", "http://h/\\ue000"])  # doctest: +NORMALIZE_WHITESPACE
error	http://h/\ue000	invalid character '\\ue000' in path at position 9
1
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable
from typing import Any

from ..errors import URIError
from ._common import EXIT_INVALID, EXIT_OK, add_common, error_record, inputs

__all__ = ["parse_as_iri", "register"]

#: The RFC 3986 rule names of ``urikit parse --rule`` and the IRI rule each widens to.
_IRI_RULE = {
    "URI-reference": "IRI-reference",
    "URI": "IRI",
    "absolute-URI": "absolute-IRI",
    "relative-ref": "irelative-ref",
}

#: A command's work on one input: (the record's own fields, the human line).
_Handler = Callable[[str], tuple[dict[str, Any], str]]


def parse_as_iri(text: str, rule: str) -> Any:
    """``urikit parse --iri``: parse ``text`` by the IRI rule that widens the URI ``rule``."""
    from .. import iri

    return iri.parse(text, _IRI_RULE.get(rule, rule))


def _run(
    args: argparse.Namespace, items: Iterable[str], keys: tuple[str, ...], handle: _Handler
) -> int:
    """One record per input; ``keys`` are the command's own fields (``None`` on error)."""
    status = EXIT_OK
    out = sys.stdout
    for text in items:
        try:
            fields, human = handle(text)
            record: dict[str, Any] = {"input": text, "valid": True, **fields, "error": None}
        except URIError as err:
            status = EXIT_INVALID
            record = {"input": text, "valid": False, **dict.fromkeys(keys)}
            record["error"] = error_record(text, err)["error"]
            human = f"error\t{text}\t{err}"
            if err.text != text:
                human += f" (in {err.text!r})"
        out.write(json.dumps(record, ensure_ascii=True) if args.json else human)
        out.write("\n")
    out.flush()
    return status


def _cmd_validate(args: argparse.Namespace) -> int:
    from .. import iri

    def handle(text: str) -> tuple[dict[str, Any], str]:
        iri.parse(text, args.rule)
        return {"rule": args.rule}, f"valid\t{text}"

    return _run(args, inputs(args.iris), ("rule",), handle)


def _cmd_to_uri(args: argparse.Namespace) -> int:
    from .. import iri

    def handle(text: str) -> tuple[dict[str, Any], str]:
        result = iri.to_uri(text, idna=args.idna)
        return {"result": result}, result

    return _run(args, inputs(args.iris), ("result",), handle)


def _cmd_from_uri(args: argparse.Namespace) -> int:
    from .. import iri

    def handle(text: str) -> tuple[dict[str, Any], str]:
        result = iri.from_uri(text, idna=args.idna)
        return {"result": result}, result

    return _run(args, inputs(args.uris), ("result",), handle)


def _cmd_display(args: argparse.Namespace) -> int:
    from .. import iri

    def handle(text: str) -> tuple[dict[str, Any], str]:
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
            return fields, f"misleading\t{shown.text}\t{why}\tshow: {shown.safe_text}"
        return fields, f"ok\t{shown.text}"

    keys = ("result", "misleading", "safe_text", "warnings")
    return _run(args, inputs(args.uris), keys, handle)


def register(sub: Any) -> None:
    """Add ``urikit iri ...`` to the tool."""
    parser = sub.add_parser("iri", help="IRIs (RFC 3987): validate, map to and from URIs, display")
    cmds = parser.add_subparsers(dest="iri_command", metavar="IRI_COMMAND", required=True)

    p = cmds.add_parser("validate", help="check IRI references against RFC 3987 section 2.2")
    p.add_argument("iris", nargs="*", metavar="IRI", help="inputs (default: stdin lines)")
    p.add_argument(
        "--rule",
        default="IRI-reference",
        choices=["IRI", "IRI-reference", "absolute-IRI", "irelative-ref"],
    )
    add_common(p)
    p.set_defaults(run=_cmd_validate)

    p = cmds.add_parser("to-uri", help="map IRIs to URIs (RFC 3987 section 3.1)")
    p.add_argument("iris", nargs="*", metavar="IRI", help="inputs (default: stdin lines)")
    p.add_argument("--idna", action="store_true", help="write non-ASCII host labels as A-labels")
    add_common(p)
    p.set_defaults(run=_cmd_to_uri)

    p = cmds.add_parser("from-uri", help="convert URIs to IRIs (RFC 3987 section 3.2)")
    p.add_argument("uris", nargs="*", metavar="URI", help="inputs (default: stdin lines)")
    p.add_argument("--idna", action="store_true", help="write valid A-labels as U-labels")
    add_common(p)
    p.set_defaults(run=_cmd_from_uri)

    p = cmds.add_parser(
        "display", help="the form to show people, and whether it would mislead (exit 0 either way)"
    )
    p.add_argument("uris", nargs="*", metavar="URI", help="inputs (default: stdin lines)")
    p.add_argument(
        "--strict", action="store_true", help="a misleading form is an error (exit status 1)"
    )
    add_common(p)
    p.set_defaults(run=_cmd_display)
