#!/usr/bin/env python3
"""Benchmark urikit.security.check() against urikit.parse of the same build.

Run from the repository root::

    python bench/bench_security.py                 # both builds, 5 rounds, whole corpus
    python bench/bench_security.py --impl c --rounds 3 --limit 20000
    python bench/bench_security.py --check         # exit 1 when a target is missed
    python bench/bench_security.py --json out.json

Targets (issue 20 item 5), measured within one run, per build of urikit:

* ``check()`` with the default policy on the URL corpus takes at most 1.5 times
  as long as ``urikit.parse`` of the same build;
* on the corpus lines with a port, a ``%`` or an IP literal, at most 5 times.

The default policy compares with the WHATWG reading when the ``[whatwg]`` extra
is installed (the child reports whether ``ada_url`` was loaded).

For information, also timed: ``check()`` with ``Policy.ssrf()``, with
``Policy(whatwg=False)``, and on the corpus lines that contain "%" or a port
(the slow path).

Each build runs in a child process (``URIKIT_NO_SPEEDUPS=1`` for "python",
unset for "c"; the C build is skipped when its extension is not built). Within
a process the contestants run in interleaved rounds, the order rotated each
round, and the median per item is reported. No test asserts on speed.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from _perbuild import child_floors, import_urikit, main, measure, read_urls

#: (subject, peer) -> the largest acceptable "subject time / peer time".
TARGETS: dict[tuple[str, str], float] = {
    ("check", "urikit.parse"): 1.5,
    ("check (slow lines)", "urikit.parse (slow lines)"): 5.0,
}


def child(args: argparse.Namespace) -> dict[str, Any]:
    """Run in the child process: time everything for the build urikit loaded."""
    urikit = import_urikit()
    from urikit.security import Policy, check

    urls = read_urls(args)
    result: dict[str, Any] = {"implementation": urikit.IMPLEMENTATION, "items": len(urls)}
    ssrf, rfc_only = Policy.ssrf(), Policy(whatwg=False)
    timings = measure({"urikit.parse": urikit.parse, "check": check}, urls, args.rounds)
    info = measure(
        {
            "check (ssrf)": lambda s: check(s, policy=ssrf),
            "check (whatwg=False)": lambda s: check(s, policy=rfc_only),
        },
        urls,
        args.rounds,
    )

    def slow_line(u: str) -> bool:
        if "%" in u:
            return True
        if not urikit.is_valid(u):
            return False
        ref = urikit.parse(u)
        return ref.port is not None or ref.host_kind in ("ipv4", "ipv6", "ipvfuture")

    slow = [u for u in urls if slow_line(u)]
    timings.update(
        {
            f"{k} (slow lines)": v
            for k, v in measure(
                {"urikit.parse": urikit.parse, "check": check}, slow, args.rounds
            ).items()
        }
    )
    result["floors"] = child_floors(urls, args.rounds)
    result["timings"] = timings
    result["info"] = info
    result["notes"] = {
        "ada_url (the [whatwg] extra) loaded": "ada_url" in sys.modules,
        "slow lines (a port, a % or an IP literal)": len(slow),
    }
    return result


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], doc=__doc__ or "", script=__file__, child=child, targets=TARGETS))
