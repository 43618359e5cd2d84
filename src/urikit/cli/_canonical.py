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

from ..canonical_forms._rules import PROFILES, canonical, safe_browsing_expressions, surt
from ..core._errors import URIError
from ._commands import add_command
from ._common import add_common, add_inputs, define_record, inputs, run_records, usage_error

__all__ = ["register"]

CANONICAL = define_record("canonical", "profile", "result")
SURT = define_record("surt", "result")


#: The profiles ``--keep-fragment`` changes: safe-browsing drops the fragment
#: whatever is asked (the fragment is never sent to a server) and rfc3986
#: keeps it whatever is asked (RFC 3986 section 6 keeps every component).
_FRAGMENT_PROFILES = ("semantic", "aggressive")


def _empty_line(text: str) -> None:
    """An empty input has no host to canonicalize: an error record at position 0
    of the input, whatever the profile (the surt package writes ``-`` for it,
    which is not a key)."""
    if not text:
        raise URIError("empty-component", "host", 0, text)


def _check_options(args: argparse.Namespace) -> str:
    """The profile to run; an option the profile would ignore is a usage error."""
    given = args.profile
    profile = "semantic" if given is None else given
    if args.expressions:
        if given is not None and given != "safe-browsing":
            usage_error(
                args,
                f"argument --expressions: the Safe Browsing lookup expressions, not allowed "
                f"with --profile {given}",
            )
        if args.keep_fragment:
            usage_error(
                args,
                "argument --keep-fragment: not allowed with --expressions "
                "(Safe Browsing drops the fragment)",
            )
        return "safe-browsing"
    if args.keep_fragment and profile not in _FRAGMENT_PROFILES:
        why = "drops the fragment" if profile == "safe-browsing" else "keeps the fragment"
        usage_error(
            args,
            f"argument --keep-fragment: not allowed with --profile {profile} "
            f"(it {why} whatever is asked; --keep-fragment is for "
            f"{' and '.join(_FRAGMENT_PROFILES)})",
        )
    return profile


def _cmd_canonical(args: argparse.Namespace) -> int:
    profile = _check_options(args)
    if args.expressions:

        def handle(text: str) -> tuple[dict[str, Any], list[str]]:
            _empty_line(text)
            found = safe_browsing_expressions(text)
            return {"result": list(found)}, [" ".join(found)]

    else:
        options = {"keep_fragment": True} if args.keep_fragment else {}

        def handle(text: str) -> tuple[dict[str, Any], list[str]]:
            _empty_line(text)
            result = canonical(text, profile, **options)
            return {"result": result}, [result]

    fixed = {"profile": "safe-browsing-expressions" if args.expressions else profile}
    return run_records(args, CANONICAL, inputs(args, args.uris), handle, fixed=fixed)


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
        _empty_line(text)
        result = surt(text, **options)
        return {"result": result}, [result]

    return run_records(args, SURT, inputs(args, args.uris), handle)


def register(sub: Any) -> None:
    """Add ``canonical`` and ``surt`` to the ``urikit`` tool."""
    p = add_command(sub, "canonical")
    add_inputs(p, "uris", "URL", "inputs")
    p.add_argument(
        "--profile", default=None, choices=PROFILES, help="the canonical form (default: semantic)"
    )
    p.add_argument(
        "--keep-fragment",
        action="store_true",
        help="semantic and aggressive: keep the fragment (refused with the other profiles, "
        "which ignore it)",
    )
    p.add_argument(
        "--expressions",
        action="store_true",
        help="the Safe Browsing host-suffix/path-prefix expressions (space-separated; "
        "a list with --json) instead of the canonical URL (--profile safe-browsing or none)",
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
