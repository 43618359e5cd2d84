"""The URN commands: ``urikit urn parse|validate|equivalent|resolve``.

>>> from urikit.cli import main
>>> a, b = "URN:foo:a123%2C456", "urn:FOO:a123%2c456"
>>> main(["urn", "equivalent", a, b])  # doctest: +NORMALIZE_WHITESPACE
equivalent	URN:foo:a123%2C456	urn:FOO:a123%2c456
0
>>> main(["urn", "equivalent", "URN:foo:a123,456", b])  # doctest: +NORMALIZE_WHITESPACE
not equivalent	URN:foo:a123,456	urn:FOO:a123%2c456
1
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..urn import URN, ResolverRegistry, TrivialHTTPResolver, resolve_all
from ._common import EXIT_USAGE, add_common, inputs, run_comparison, run_records

__all__ = ["register"]

_FIELDS = ("nid", "nss", "r_component", "q_component", "query", "f_component")


def _parse(args: argparse.Namespace, text: str) -> URN:
    return URN.parse(text, syntax=args.syntax, namespace_rules=args.namespace_rules)


def _cmd_parse(args: argparse.Namespace) -> int:
    def handle(text: str) -> tuple[dict[str, Any], str]:
        urn = _parse(args, text)
        record = {"input": text, "valid": True, **urn.to_dict()}
        shown = [f"{k}={json.dumps(record[k])}" for k in _FIELDS if record[k] is not None]
        if urn.directives:
            shown.append(f"directives={json.dumps(record['directives'])}")
        shown.append(f"kind={urn.namespace_kind}")
        return record, f"ok\t{text}\t{' '.join(shown)}"

    return run_records(args, inputs(args.urns), handle)


def _cmd_validate(args: argparse.Namespace) -> int:
    def handle(text: str) -> tuple[dict[str, Any], str]:
        _parse(args, text)
        return {"input": text, "valid": True}, f"valid\t{text}"

    return run_records(args, inputs(args.urns), handle)


def _cmd_equivalent(args: argparse.Namespace) -> int:
    options: dict[str, Any] = {"mode": args.mode, "namespace_rules": args.namespace_rules}
    return run_comparison(
        args, args.a, args.b, lambda: URN.equivalent(args.a, args.b, **options), options
    )


def _cmd_resolve(args: argparse.Namespace) -> int:
    registry = None
    if args.http:
        host, _, port = args.http.rpartition(":") if ":" in args.http else (args.http, "", "")
        resolver = TrivialHTTPResolver(host, port=int(port) if port else None)
        registry = ResolverRegistry(fallback=resolver)

    def handle(text: str) -> tuple[dict[str, Any], str]:
        urls = resolve_all(text, args.service, registry=registry)
        record = {"input": text, "valid": True, "service": args.service, "result": urls}
        return record, "\t".join(urls)

    return run_records(args, inputs(args.urns), handle)


def _common_parse_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--syntax",
        default="reference",
        choices=("reference", "rfc8141", "assigned-name"),
        help="reference: RFC 8141 plus the rfc2141bis draft's query directives (default); "
        "rfc8141: RFC 8141 only; assigned-name: no components after the NSS",
    )
    p.add_argument(
        "--namespace-rules",
        action="store_true",
        help="also apply the registered namespace's own rules (check digits, ...)",
    )


def register(sub: Any) -> None:
    """Add the ``urn`` command group to the ``urikit`` tool."""
    group = sub.add_parser("urn", help="URNs: RFC 8141 parse, validate, equivalence, resolution")
    urn_sub = group.add_subparsers(dest="urn_command", metavar="URN-COMMAND")
    group.set_defaults(run=lambda args: _usage(group))

    p = urn_sub.add_parser("parse", help="split URNs into NID, NSS and components")
    p.add_argument("urns", nargs="*", metavar="URN", help="inputs (default: stdin lines)")
    _common_parse_options(p)
    add_common(p)
    p.set_defaults(run=_cmd_parse)

    p = urn_sub.add_parser("validate", help="check URNs against RFC 8141")
    p.add_argument("urns", nargs="*", metavar="URN", help="inputs (default: stdin lines)")
    _common_parse_options(p)
    add_common(p)
    p.set_defaults(run=_cmd_validate)

    p = urn_sub.add_parser(
        "equivalent", help="are two URNs equivalent (exit 0) or not (exit 1)? (RFC 8141 3.1)"
    )
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument(
        "--mode",
        default="lexical",
        choices=("lexical", "resolution"),
        help="lexical: RFC 8141 section 3.1 (default); resolution: the draft's step 5b",
    )
    p.add_argument(
        "--namespace-rules", action="store_true", help="apply namespace equivalences too"
    )
    add_common(p)
    p.set_defaults(run=_cmd_equivalent)

    p = urn_sub.add_parser("resolve", help="URN to URL(s) through the resolver registry")
    p.add_argument("urns", nargs="*", metavar="URN", help="inputs (default: stdin lines)")
    p.add_argument("--service", default="I2L", help="RFC 2483 service (default: I2L)")
    p.add_argument(
        "--http",
        metavar="HOST[:PORT]",
        help="ask this RFC 2169 trivial HTTP resolver (the only option that uses the network)",
    )
    add_common(p)
    p.set_defaults(run=_cmd_resolve)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return EXIT_USAGE
