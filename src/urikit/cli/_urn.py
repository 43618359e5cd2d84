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

from ..core._errors import URIError, quoted
from ..urn import RESOLUTION_SERVICES, URN, ResolverRegistry, TrivialHTTPResolver, resolve_all
from ._commands import add_command, comparison_help
from ._common import (
    EXIT_USAGE,
    add_common,
    add_comparison,
    add_inputs,
    add_repeatable,
    define_record,
    inputs,
    network,
    run_comparison,
    run_records,
    stdin_argument,
)

__all__ = ["http_resolver", "register"]

_FIELDS = ("nid", "nss", "r_component", "q_component", "query", "f_component")
#: The values of :meth:`urikit.urn.URN.to_dict` a parse record has (``urn`` is the input).
_URN_KEYS = (
    "scheme",
    "nid",
    "nss",
    "assigned_name",
    "r_component",
    "q_component",
    "query",
    "directives",
    "f_component",
    "namespace_kind",
    "equivalence_key",
)

PARSE = define_record("urn parse", "syntax", "namespace_rules", *_URN_KEYS)
VALIDATE = define_record("urn validate", "syntax", "namespace_rules")
EQUIVALENT = define_record("urn equivalent", "mode", "namespace_rules", "equivalent")
RESOLVE = define_record("urn resolve", "service", "result")


def http_resolver(value: str) -> TrivialHTTPResolver:
    """The ``--http HOST[:PORT]`` value as a resolver; an argparse type.

    The spec is read by :meth:`~urikit.urn.TrivialHTTPResolver.from_spec`, so the
    command line and the API accept and refuse the same values.

    >>> http_resolver("[::1]:8080").address, http_resolver("resolver.example").address
    ('[::1]:8080', 'resolver.example:80')
    >>> http_resolver("h:xx")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 'h:xx': invalid character 'x' in resolver port at position 2
    """
    try:
        return TrivialHTTPResolver.from_spec(value)
    except URIError as err:
        raise argparse.ArgumentTypeError(f"{quoted(value, limit=40)}: {err}") from None


def _parse(args: argparse.Namespace, text: str) -> URN:
    return URN.parse(text, syntax=args.syntax, namespace_rules=args.namespace_rules)


def _parse_options(args: argparse.Namespace) -> dict[str, Any]:
    return {"syntax": args.syntax, "namespace_rules": args.namespace_rules}


def _cmd_parse(args: argparse.Namespace) -> int:
    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        urn = _parse(args, text)
        as_dict = urn.to_dict()
        record = {k: as_dict[k] for k in _URN_KEYS}
        shown = [f"{k}={json.dumps(record[k])}" for k in _FIELDS if record[k] is not None]
        if urn.directives:
            shown.append(f"directives={json.dumps(record['directives'])}")
        shown.append(f"kind={urn.namespace_kind}")
        return record, ["ok", text, " ".join(shown)]

    return run_records(args, PARSE, inputs(args, args.urns), handle, fixed=_parse_options(args))


def _cmd_validate(args: argparse.Namespace) -> int:
    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        _parse(args, text)
        return {}, ["valid", text]

    return run_records(args, VALIDATE, inputs(args, args.urns), handle, fixed=_parse_options(args))


def _cmd_equivalent(args: argparse.Namespace) -> int:
    options: dict[str, Any] = {"mode": args.mode, "namespace_rules": args.namespace_rules}
    a, b = stdin_argument(args, args.a, "A"), stdin_argument(args, args.b, "B")
    return run_comparison(
        args,
        EQUIVALENT,
        (a, b),
        lambda: URN.equivalent(a, b, **options),
        fixed=options,
    )


def _cmd_resolve(args: argparse.Namespace) -> int:
    registry = None
    if args.http is not None:
        resolver = args.http
        if args.allow_network:
            from ..security import Policy

            policy = Policy.ssrf(
                allowed_ports=[] if resolver.port is None else [resolver.port],
                allowed_networks=args.allow_network,
            )
            resolver = TrivialHTTPResolver(
                resolver.host, port=resolver.port, scheme=resolver.scheme, policy=policy
            )
        registry = ResolverRegistry(fallback=resolver)

    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        urls = resolve_all(text, args.service, registry=registry)
        return {"result": urls}, urls

    return run_records(
        args, RESOLVE, inputs(args, args.urns), handle, fixed={"service": args.service}
    )


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
    group = add_command(sub, "urn")
    urn_sub = group.add_subparsers(dest="urn_command", metavar="URN-COMMAND")
    group.set_defaults(run=lambda args: _usage(group))

    p = urn_sub.add_parser("parse", help="split URNs into NID, NSS and components")
    add_inputs(p, "urns", "URN", "inputs")
    _common_parse_options(p)
    add_common(p)
    p.set_defaults(run=_cmd_parse)

    p = urn_sub.add_parser("validate", help="check URNs against RFC 8141")
    add_inputs(p, "urns", "URN", "inputs")
    _common_parse_options(p)
    add_common(p)
    p.set_defaults(run=_cmd_validate)

    p = add_comparison(urn_sub, comparison_help("URNs", "RFC 8141 3.1"))
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
    add_inputs(p, "urns", "URN", "inputs")
    p.add_argument(
        "--service",
        default="I2L",
        choices=tuple(RESOLUTION_SERVICES),
        help="RFC 2483 service (default: I2L)",
    )
    p.add_argument(
        "--http",
        metavar="HOST[:PORT]",
        type=http_resolver,
        help="ask this RFC 2169 trivial HTTP resolver (the only option that uses the network;"
        " through urikit.guard, which refuses internal addresses)",
    )
    add_repeatable(
        p,
        "--allow-network",
        network,
        "CIDR",
        "with --http: let the resolver be reached at an address in CIDR (repeatable),"
        " e.g. 127.0.0.1/32",
    )
    add_common(p)
    p.set_defaults(run=_cmd_resolve)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return EXIT_USAGE
