"""``urikit fetch``: one guarded request (:func:`urikit.guard.urlopen`).

Each hop's verdict goes to stderr (``hop N URL: pass`` with the address it
connected to, or ``blocked`` with the findings that blocked it); the body goes
to stdout, or to ``-o FILE``. Exit status: 0 fetched, 1 blocked (or too many
redirects), 2 trouble (usage, no connection, a timeout, a body over the limit,
an unwritable output).

>>> from urikit.cli import main
>>> main(["fetch", "http://[::1]/"])  # doctest: +SKIP
hop 0 http://[::1]/: blocked: danger private-address at 7-12: the host [::1] is ::1, ...
1
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ._common import EXIT_NO, EXIT_OK, EXIT_TROUBLE

__all__ = ["register"]


def _cmd_fetch(args: argparse.Namespace) -> int:
    from ..errors import URIError
    from ..guard import Blocked, FetchError, urlopen
    from ..security import Policy

    try:
        base = Policy.ssrf() if args.policy == "ssrf" else Policy()
        policy = base.replace(
            allowed_networks=args.allow_network or None,
            denied_networks=args.deny_network or None,
            allowed_ports=(
                None
                if base.allowed_ports is None and not args.allow_port
                else (base.allowed_ports or frozenset()) | set(args.allow_port)
            ),
        )
    except (URIError, ValueError) as err:
        print(f"urikit fetch: {err}", file=sys.stderr)
        return EXIT_TROUBLE
    try:
        response = urlopen(
            args.url,
            policy=policy,
            timeout=args.timeout,
            max_redirects=args.max_redirects,
            max_bytes=args.max_bytes,
        )
    except Blocked as err:
        for finding in err.report.blocking:
            print(
                f"hop {err.hop} {err.url}: blocked: {finding.severity} {finding.code}"
                f" at {finding.start}-{finding.end}: {finding.message}",
                file=sys.stderr,
            )
        if not err.report.blocking:
            print(f"hop {err.hop} {err.url}: blocked: {err}", file=sys.stderr)
        return EXIT_NO
    except URIError as err:  # too many redirects
        print(f"urikit fetch: {err}", file=sys.stderr)
        return EXIT_NO
    except (FetchError, OSError) as err:
        print(f"urikit fetch: {args.url}: {err}", file=sys.stderr)
        return EXIT_TROUBLE
    for number, hop in enumerate((*response.history, response)):
        print(
            f"hop {number} {hop.url}: pass ({hop.address}): HTTP {hop.status} {hop.reason}",
            file=sys.stderr,
        )
    body = response.read()
    try:
        if args.output is None:
            sys.stdout.flush()
            sys.stdout.buffer.write(body)
            sys.stdout.flush()
        else:
            with open(args.output, "wb") as out:
                out.write(body)
    except OSError as err:
        print(f"urikit fetch: cannot write the body: {err}", file=sys.stderr)
        return EXIT_TROUBLE
    return EXIT_OK


def register(sub: Any) -> None:
    """Add ``urikit fetch`` to the tool."""
    p = sub.add_parser(
        "fetch",
        help="fetch an http(s) URL with every hop checked under a policy (urikit.guard)",
        description=(
            "Fetch URL with urikit.guard: each hop checked under the policy, its host"
            " resolved once and the checked address dialled. Verdicts go to stderr, the"
            " body to stdout or -o. Exit: 0 fetched, 1 blocked, 2 trouble."
        ),
    )
    p.add_argument("url", metavar="URL", help="an http or https URL")
    p.add_argument(
        "--policy",
        choices=["ssrf", "default"],
        default="ssrf",
        help="ssrf (the default): public addresses and default ports only; default: block"
        " on danger",
    )
    p.add_argument(
        "--allow-network",
        action="append",
        default=[],
        metavar="CIDR",
        help="let addresses in CIDR through (repeatable), e.g. 127.0.0.1/32",
    )
    p.add_argument(
        "--deny-network",
        action="append",
        default=[],
        metavar="CIDR",
        help="refuse addresses in CIDR (repeatable)",
    )
    p.add_argument(
        "--allow-port",
        action="append",
        default=[],
        type=int,
        metavar="PORT",
        help="allow PORT besides the scheme's default (repeatable)",
    )
    p.add_argument("-o", "--output", metavar="FILE", help="write the body to FILE")
    p.add_argument("--timeout", type=float, default=10.0, help="seconds for the whole request")
    p.add_argument("--max-redirects", type=int, default=5, help="redirects to follow at most")
    p.add_argument(
        "--max-bytes", type=int, default=10 * 1024 * 1024, help="the largest body accepted"
    )
    p.set_defaults(run=_cmd_fetch)
