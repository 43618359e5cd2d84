"""``urikit fetch``: one guarded request (:func:`urikit.guard.urlopen`).

Each hop's verdict goes to stderr (``hop N URL: pass`` with the address it
connected to, or ``blocked`` with every finding that blocked it, and the option
that would let it through); the body goes to stdout, or to ``-o FILE``. The
exit status is in :data:`DESCRIPTION`, which ``urikit fetch --help`` shows.

>>> import contextlib, sys
>>> from urikit.cli import main
>>> with contextlib.redirect_stderr(sys.stdout):  # doctest: +NORMALIZE_WHITESPACE
...     main(["fetch", "http://[::1]:8080/"])
hop 0 http://[::1]:8080/: blocked: private-address at 7-12: the host [::1] is a
  loopback address (--allow-network ::1/128 lets it through)
hop 0 http://[::1]:8080/: blocked: port-not-allowed at 13-17: port 8080 is not allowed
  (--allow-port 8080 lets it through)
1
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import os
import sys
from typing import Any, BinaryIO

from ..columnar._write_all import write_all
from ._commands import add_command
from ._common import (
    EXIT_NO,
    EXIT_OK,
    EXIT_TROUBLE,
    add_repeatable,
    count,
    network,
    not_utf8,
    port,
    seconds,
    stdin_argument,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..guard import Blocked
    from ..security import Finding

__all__ = ["register"]


def _address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address a host written as an IP literal is (``None`` for a name)."""
    try:
        return ipaddress.ip_address(host[1:-1] if host.startswith("[") else host)
    except ValueError:
        return None


def _letting_through(finding: Finding, err: Blocked, allowed: list[str]) -> str:
    """The option of this command that would let ``finding`` through, if one would:
    for a host name, ``--allow-network`` with each address it resolved to that
    ``allowed`` (the networks let through already) does not hold."""
    checked = err.report.uri  # the URL as checked, which the finding's span is in
    if finding.code == "port-not-allowed" and checked is not None:
        return f" (--allow-port {checked.port} lets it through)"
    if finding.code != "private-address":
        return ""
    addr = _address(err.report.text[finding.start : finding.end])
    if addr is not None:
        return f" (--allow-network {addr}/{addr.max_prefixlen} lets it through)"
    networks = [ipaddress.ip_network(n, strict=False) for n in allowed]
    wanted = []
    for text in dict.fromkeys(err.addresses):
        found = _address(text.split("%", 1)[0])
        if found is not None and not any(found in net for net in networks):
            wanted.append(f"--allow-network {found}/{found.max_prefixlen}")
    if not wanted:  # not resolved (or every address let through already)
        return " (--allow-network with its address lets it through)"
    return f" ({' '.join(wanted)} {'lets' if len(wanted) == 1 else 'let'} it through)"


def _say_blocked(err: Blocked, allowed: list[str]) -> None:
    """Every finding that blocked the hop, each with the option that would allow it;
    its span counts in the URL as given (or the ``Location`` as sent, named when
    it is not the hop's URL)."""
    from ..core._errors import quoted

    of = "" if err.text == err.url else f" of {quoted(err.text)}"
    for finding, (start, end) in zip(err.report.blocking, err.spans, strict=True):
        print(
            f"hop {err.hop} {err.url}: blocked: {finding.code} at {start}-{end}{of}:"
            f" {finding.message}{_letting_through(finding, err, allowed)}",
            file=sys.stderr,
        )
    if not err.report.blocking:  # refused for what the guard itself needs
        print(f"hop {err.hop} {err.url}: blocked: {err.detail or err}", file=sys.stderr)


class _Output:
    """``-o PATH``, opened before the request (an unwritable path is found before any
    byte is asked for) and not emptied until the body is there; a file this run
    made is removed again when no body comes."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.made = not os.path.exists(path)
        self.file: BinaryIO = open(path, "ab")  # noqa: SIM115 - closed by close()
        self.written = False

    def write(self, body: bytes) -> None:
        if os.path.isfile(self.path):
            self.file.truncate(0)
        self.file.write(body)
        self.file.flush()
        self.written = True

    def close(self) -> None:
        self.file.close()
        if self.made and not self.written:
            with contextlib.suppress(OSError):
                os.unlink(self.path)


def _write_body(out: _Output | None, body: bytes) -> None:
    if out is None:
        sys.stdout.flush()
        write_all(sys.stdout.buffer, body)
        sys.stdout.flush()
    else:
        out.write(body)


def _cmd_fetch(args: argparse.Namespace) -> int:
    from ..core._errors import URIError
    from ..guard import Blocked, FetchError, urlopen
    from ..security import Policy

    args.url = stdin_argument(args, args.url, "URL")
    bad = not_utf8(args.url)
    if bad is not None:
        print(f"urikit fetch: {bad}", file=sys.stderr)
        return EXIT_NO
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
    out = None
    if args.output is not None:
        try:
            out = _Output(args.output)
        except OSError as err:
            print(
                f"urikit fetch: cannot write {args.output}: {err.strerror or err}", file=sys.stderr
            )
            return EXIT_TROUBLE
    try:
        try:
            response = urlopen(
                args.url,
                policy=policy,
                timeout=args.timeout,
                max_redirects=args.max_redirects,
                max_bytes=args.max_bytes,
            )
        except Blocked as err:
            _say_blocked(err, args.allow_network)
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
            _write_body(out, body)
        except BrokenPipeError:
            raise
        except OSError as err:
            print(f"urikit fetch: cannot write the body: {err}", file=sys.stderr)
            return EXIT_TROUBLE
    finally:
        if out is not None:
            out.close()
    return EXIT_OK


#: What ``urikit fetch --help`` says of the request, the output and the exit status.
DESCRIPTION = (
    "Fetch URL with urikit.guard: each hop checked under the policy, its host resolved"
    " once and the checked address dialled. Verdicts go to stderr, the body to stdout or"
    " -o. Exit status: 0 fetched, 1 blocked (or too many redirects), 2 trouble (usage, a"
    " bad option value, no connection, a timeout, a body over the limit, an unwritable"
    " output)."
)


def register(sub: Any) -> None:
    """Add ``urikit fetch`` to the tool."""
    p = add_command(sub, "fetch", description=DESCRIPTION)
    p.add_argument("url", metavar="URL", help="an http or https URL ('-': read it from stdin)")
    p.add_argument(
        "--policy",
        choices=["ssrf", "default"],
        default="ssrf",
        help="ssrf (the default): public addresses and default ports only; default: block"
        " on danger",
    )
    add_repeatable(
        p,
        "--allow-network",
        network,
        "CIDR",
        "let addresses in CIDR through (repeatable), e.g. 127.0.0.1/32",
    )
    add_repeatable(p, "--deny-network", network, "CIDR", "refuse addresses in CIDR (repeatable)")
    add_repeatable(
        p,
        "--allow-port",
        port,
        "PORT",
        "allow PORT (1-65535) besides the scheme's default (repeatable)",
    )
    p.add_argument(
        "-o", "--output", metavar="FILE", help="write the body to FILE (checked before the request)"
    )
    p.add_argument(
        "--timeout",
        type=seconds,
        default=10.0,
        metavar="SECONDS",
        help="seconds for the whole request, more than 0 (default: 10)",
    )
    p.add_argument(
        "--max-redirects",
        type=count,
        default=5,
        metavar="N",
        help="redirects to follow at most, 0 or more (default: 5)",
    )
    p.add_argument(
        "--max-bytes",
        type=count,
        default=10 * 1024 * 1024,
        metavar="N",
        help="the largest body accepted, in bytes (default: 10 MiB)",
    )
    p.set_defaults(run=_cmd_fetch, parser=p)
