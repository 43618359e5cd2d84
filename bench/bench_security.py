#!/usr/bin/env python3
"""Benchmark urikit.security.check() against urikit.parse of the same build.

Run from the repository root::

    python bench/bench_security.py                 # both builds, 5 rounds, whole corpus
    python bench/bench_security.py --impl c --rounds 3 --limit 20000
    python bench/bench_security.py --check         # exit 1 when a target is missed
    python bench/bench_security.py --json out.json

Target (issue 12), measured within one run, per build of urikit:

* ``check()`` with the default policy on the URL corpus takes at most 3 times
  as long as ``urikit.parse`` of the same build. The default policy compares
  with the WHATWG reading when the ``[whatwg]`` extra is installed (the child
  reports whether ``ada_url`` was loaded).

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
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = REPO_ROOT / ".." / "shared" / "corpus" / "urls.txt"

#: (subject, peer) -> the largest acceptable "subject time / peer time".
TARGETS: dict[tuple[str, str], float] = {
    ("check", "urikit.parse"): 3.0,
}


def _timed(func: Callable[[str], object], items: Sequence[str]) -> float:
    start = time.perf_counter()
    for item in items:
        # a plain try (free in CPython 3.11 when nothing is raised), not a context
        # manager: its per-item cost would be added to both sides and flatten the ratio
        try:  # noqa: SIM105
            func(item)
        except ValueError:
            pass
    return time.perf_counter() - start


def measure(
    contestants: dict[str, Callable[[str], object]], items: Sequence[str], rounds: int
) -> dict[str, float]:
    """Median seconds per item of each contestant over interleaved, rotated rounds."""
    names = list(contestants)
    times: dict[str, list[float]] = {name: [] for name in names}
    for r in range(rounds):
        order = names[r % len(names) :] + names[: r % len(names)]
        for name in order:
            times[name].append(_timed(contestants[name], items) / max(len(items), 1))
    return {name: statistics.median(ts) for name, ts in times.items()}


def child(args: argparse.Namespace) -> dict[str, Any]:
    """Run in the child process: time everything for the build urikit loaded."""
    try:
        import urikit
    except ModuleNotFoundError:
        sys.path.insert(0, str(REPO_ROOT / "src"))
        import urikit
    from urikit.security import Policy, check

    lines = args.corpus.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    urls = [line for line in lines if line][: args.limit]
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
    slow = [u for u in urls if "%" in u or (urikit.is_valid(u) and urikit.parse(u).port)]
    info.update(
        {
            f"{k} ({len(slow)} with % or port)": v
            for k, v in measure(
                {"urikit.parse": urikit.parse, "check": check}, slow, args.rounds
            ).items()
        }
    )
    result["timings"] = timings
    result["info"] = info
    result["ada_url loaded"] = "ada_url" in sys.modules
    return result


def run_build(impl: str, args: argparse.Namespace) -> dict[str, Any] | None:
    env = dict(os.environ)
    if impl == "python":
        env["URIKIT_NO_SPEEDUPS"] = "1"
    else:
        env.pop("URIKIT_NO_SPEEDUPS", None)
    cmd = [
        sys.executable,
        __file__,
        "--child",
        "--corpus",
        str(args.corpus),
        "--rounds",
        str(args.rounds),
    ]
    if args.limit is not None:
        cmd += ["--limit", str(args.limit)]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(proc.stdout)
    if result["implementation"] != impl:
        print(f"({impl} build not available: urikit loaded {result['implementation']!r})")
        return None
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--impl", choices=["python", "c", "both"], default="both")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args)))
        return 0

    impls = ["python", "c"] if args.impl == "both" else [args.impl]
    results: dict[str, Any] = {}
    missed: list[str] = []
    for impl in impls:
        result = run_build(impl, args)
        if result is None:
            continue
        results[impl] = result
        t = result["timings"]
        print(f"\n== urikit {impl} build, {result['items']} URLs, {args.rounds} rounds (median)")
        print(f"  ada_url (the [whatwg] extra) loaded: {result['ada_url loaded']}")
        for name, secs in {**t, **result["info"]}.items():
            print(f"  {name:28s} {secs * 1e6:8.3f} us/item")
        result["checks"] = []
        for (subject, peer), limit in TARGETS.items():
            if subject not in t or peer not in t:
                print(f"  target {subject} / {peer}: skipped ({peer} not timed)")
                continue
            ratio = t[subject] / t[peer]
            ok = ratio <= limit if limit != 1.0 else ratio < limit
            word = "ok" if ok else "MISSED"
            sign = "<=" if limit != 1.0 else "<"
            print(f"  target {subject} / {peer} = {ratio:.2f} ({sign} {limit}): {word}")
            result["checks"].append(
                {"subject": subject, "peer": peer, "ratio": ratio, "limit": limit, "ok": ok}
            )
            if not ok:
                missed.append(f"{impl}: {subject} / {peer} = {ratio:.2f}")
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    if args.check and missed:
        print("\nmissed targets: " + "; ".join(missed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
