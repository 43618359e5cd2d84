"""The generic-syntax commands: parse, validate, resolve, relativize, normalize, equivalent."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .._parser import RULES
from ..normalize import LEVELS, equivalent, normalize
from ..reference import parse
from ..resolve import relativize, resolve
from ._common import add_common, inputs, run_comparison, run_records

__all__ = ["register"]

_FIELDS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


def _human_fields(record: dict[str, Any]) -> str:
    # Undefined components are left out; empty ones show as "" (JSON-quoted values).
    shown = [f"{k}={json.dumps(record[k])}" for k in _FIELDS if record[k] is not None]
    if record["host_kind"] is not None:
        shown.append(f"host_kind={record['host_kind']}")
    return " ".join(shown)


def _cmd_parse(args: argparse.Namespace) -> int:
    def handle(text: str) -> tuple[dict[str, Any], str]:
        if args.iri:
            from .iri import parse_as_iri

            ref = parse_as_iri(text, args.rule)
        else:
            ref = parse(text, args.rule)
        record = {"input": text, "valid": True, **ref.to_dict()}
        human = f"ok\t{text}\t{record['kind']} {_human_fields(record)}"
        if args.scheme:
            fields = ref.scheme_view().fields()  # URIError: bad for its scheme
            record["scheme_fields"] = fields
            human += "\t" + " ".join(f"{k}={json.dumps(v)}" for k, v in fields.items())
        return record, human

    return run_records(args, inputs(args.uris), handle)


def _cmd_validate(args: argparse.Namespace) -> int:
    def handle(text: str) -> tuple[dict[str, Any], str]:
        parse(text, args.rule)
        return {"input": text, "valid": True}, f"valid\t{text}"

    return run_records(args, inputs(args.uris), handle)


def _cmd_resolve(args: argparse.Namespace) -> int:
    def handle(ref: str) -> tuple[dict[str, Any], str]:
        result = resolve(args.base, ref, strict=not args.non_strict)
        return {"input": ref, "base": args.base, "valid": True, "result": result}, result

    return run_records(args, inputs(args.refs), handle)


def _cmd_relativize(args: argparse.Namespace) -> int:
    def handle(target: str) -> tuple[dict[str, Any], str]:
        result = relativize(args.base, target)
        return {"input": target, "base": args.base, "valid": True, "result": result}, result

    return run_records(args, inputs(args.targets), handle)


def _cmd_normalize(args: argparse.Namespace) -> int:
    def handle(text: str) -> tuple[dict[str, Any], str]:
        result = normalize(text, args.level)
        return {"input": text, "valid": True, "result": result}, result

    return run_records(args, inputs(args.uris), handle)


def _cmd_equivalent(args: argparse.Namespace) -> int:
    return run_comparison(
        args,
        args.a,
        args.b,
        lambda: equivalent(args.a, args.b, args.level),
        {"level": args.level},
    )


def register(sub: Any) -> None:
    """Add the generic-syntax commands to the ``urikit`` tool."""
    rules = sorted(RULES)

    p = sub.add_parser("parse", help="split URI references into their components")
    p.add_argument("uris", nargs="*", metavar="URI", help="inputs (default: stdin lines)")
    p.add_argument("--rule", default="URI-reference", choices=rules)
    p.add_argument("--iri", action="store_true", help="parse as IRIs (RFC 3987; --rule widened)")
    p.add_argument(
        "--scheme",
        action="store_true",
        help="also show the scheme's typed fields (urikit.schemes); a URI that breaks "
        "its scheme's syntax is an error",
    )
    add_common(p)
    p.set_defaults(run=_cmd_parse)

    p = sub.add_parser("validate", help="check URI references against RFC 3986")
    p.add_argument("uris", nargs="*", metavar="URI", help="inputs (default: stdin lines)")
    p.add_argument("--rule", default="URI-reference", choices=rules)
    add_common(p)
    p.set_defaults(run=_cmd_validate)

    p = sub.add_parser("resolve", help="resolve references against a base URI (RFC 3986 5.2)")
    p.add_argument("base", help="the absolute base URI")
    p.add_argument("refs", nargs="*", metavar="REF", help="references (default: stdin lines)")
    p.add_argument(
        "--non-strict",
        action="store_true",
        help="treat a reference with the base's scheme as relative (RFC 3986 5.2.2)",
    )
    add_common(p)
    p.set_defaults(run=_cmd_resolve)

    p = sub.add_parser("relativize", help="the shortest reference from a base to each target")
    p.add_argument("base", help="the absolute base URI")
    p.add_argument("targets", nargs="*", metavar="TARGET", help="targets (default: stdin lines)")
    add_common(p)
    p.set_defaults(run=_cmd_relativize)

    p = sub.add_parser("normalize", help="RFC 3986 section 6 normal form")
    p.add_argument("uris", nargs="*", metavar="URI", help="inputs (default: stdin lines)")
    p.add_argument("--level", default="scheme", choices=LEVELS)
    add_common(p)
    p.set_defaults(run=_cmd_normalize)

    p = sub.add_parser(
        "equivalent", help="are two URIs equivalent (exit 0) or not (exit 1)? (RFC 3986 6)"
    )
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--level", default="scheme", choices=LEVELS)
    add_common(p)
    p.set_defaults(run=_cmd_equivalent)
