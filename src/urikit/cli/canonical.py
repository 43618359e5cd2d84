"""The canonical-form commands: ``canonical`` (Safe Browsing, crawler and RFC 3986
profiles) and ``surt`` (web-archive keys).

>>> from urikit.cli import main
>>> main(["canonical", "--profile", "safe-browsing", "http://3279880203/a/../b#x"])
http://195.127.0.11/b
0
>>> main(["surt", "--with-scheme", "http://www.example.com/a?b"])
http://(com,example)/a?b
0
"""

from __future__ import annotations

import argparse
from typing import Any

from ..canonical_forms.rules import (
    PROFILES,
    canonical,
    check_profile,
    safe_browsing_expressions,
    surt,
)
from ._commands import add_command
from ._common import add_common, add_inputs, define_record, inputs, run_records, usage_error

__all__ = ["register"]

CANONICAL = define_record("canonical", "profile", "result")
SURT = define_record("surt", "result")


def _cmd_canonical(args: argparse.Namespace) -> int:
    # An option the profile does not take is a usage error, not ignored.
    try:
        check_profile("safe-browsing" if args.expressions else args.profile, args.keep_fragment)
    except ValueError as err:
        usage_error(args, f"argument --keep-fragment: {err}")
    if args.expressions:

        def handle(text: str) -> tuple[dict[str, Any], list[str]]:
            found = safe_browsing_expressions(text)
            return {"result": list(found)}, [" ".join(found)]

    else:

        def handle(text: str) -> tuple[dict[str, Any], list[str]]:
            result = canonical(text, args.profile, keep_fragment=args.keep_fragment)
            return {"result": result}, [result]

    fixed = {"profile": "safe-browsing-expressions" if args.expressions else args.profile}
    return run_records(args, CANONICAL, inputs(args.uris), handle, fixed=fixed)


def _cmd_surt(args: argparse.Namespace) -> int:
    options = {
        "with_scheme": args.with_scheme,
        "trailing_comma": args.trailing_comma,
        "strip_www": not args.keep_www,
        "reverse_ipaddr": not args.keep_ipaddr,
        "lowercase": not args.keep_case,
        "strip_session_ids": not args.keep_session_ids,
        "sort_query": not args.keep_query_order,
    }

    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        result = surt(text, **options)
        return {"result": result}, [result]

    return run_records(args, SURT, inputs(args.uris), handle)


def register(sub: Any) -> None:
    """Add ``canonical`` and ``surt`` to the ``urikit`` tool."""
    p = add_command(sub, "canonical")
    add_inputs(p, "uris", "URL", "inputs")
    p.add_argument("--profile", default="semantic", choices=PROFILES)
    p.add_argument(
        "--keep-fragment", action="store_true", help="semantic/aggressive: keep the fragment"
    )
    p.add_argument(
        "--expressions",
        action="store_true",
        help="the Safe Browsing host-suffix/path-prefix expressions (space-separated; "
        "a list with --json) instead of the canonical URL",
    )
    add_common(p)
    p.set_defaults(run=_cmd_canonical)

    p = add_command(sub, "surt")
    add_inputs(p, "uris", "URL", "inputs")
    p.add_argument("--with-scheme", action="store_true", help="start with scheme://(")
    p.add_argument("--trailing-comma", action="store_true", help="end the host with ,)")
    p.add_argument("--keep-www", action="store_true", help="keep a www/wwwN. first label")
    p.add_argument("--keep-ipaddr", action="store_true", help="do not reverse an IPv4 address")
    p.add_argument("--keep-case", action="store_true", help="do not lower-case path and query")
    p.add_argument("--keep-session-ids", action="store_true", help="keep Heritrix session ids")
    p.add_argument("--keep-query-order", action="store_true", help="do not sort the query")
    add_common(p)
    p.set_defaults(run=_cmd_surt)
