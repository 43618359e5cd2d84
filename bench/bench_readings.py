#!/usr/bin/env python3
"""Benchmark urikit.security.readings() and Policy(agreement=...).

Run from the repository root::

    python bench/bench_readings.py                  # 3 rounds, 5,000 corpus URLs
    python bench/bench_readings.py --rounds 5 --limit 20000
    python bench/bench_readings.py --check          # exit 1 when a target is missed
    python bench/bench_readings.py --json out.json

Measured per URL, in CPU time (``time.process_time``), the fastest of
interleaved rounds (the order rotated each round), on the shared corpus:

* ``readings()`` with every parser installed, and with each parser alone;
* ``check()`` under a policy, and under the same policy with ``agreement``
  naming parsers.

Target (issue 48 item 5): ``check`` with ``agreement`` costs at most the check
without it plus the named parsers' own readings (each ``readings(url,
parsers=[name])``), plus 10%. No test asserts on speed.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from urikit.security import Policy, check, readings  # noqa: E402
from urikit.security._readings import available  # noqa: E402

#: The agreements timed: a parser each of the guard's clients, and more.
AGREEMENTS: tuple[tuple[str, ...], ...] = (
    ("urllib3",),
    ("httpx",),
    ("urllib",),
    ("whatwg", "urllib3", "requests"),
)
#: The most "check with agreement / (check + the named parsers)" may be.
LIMIT = 1.10


def _read_with(parsers: list[str], url: str) -> object:
    return readings(url, parsers=parsers)


def _check_under(policy: Policy, url: str) -> object:
    return check(url, policy=policy)


def measure(
    subjects: dict[str, Callable[[str], object]], urls: list[str], rounds: int
) -> dict[str, float]:
    """Seconds a URL, the fastest of ``rounds`` interleaved rounds (as timeit
    reports: the other processes on a shared machine only ever add time)."""
    times: dict[str, list[float]] = {name: [] for name in subjects}
    names = list(subjects)
    for r in range(rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            func = subjects[name]
            start = time.process_time()
            for url in urls:
                func(url)
            times[name].append((time.process_time() - start) / len(urls))
    return {name: min(values) for name, values in times.items()}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=int, default=5000)
    parser.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpus" / "urls.txt"))
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    args = parser.parse_args(argv)
    if not Path(args.corpus).is_file():
        print(f"error: the corpus {args.corpus} is not there (see --corpus)", file=sys.stderr)
        return 2
    text = Path(args.corpus).read_text(encoding="utf-8", errors="surrogateescape")
    urls = text.splitlines()[: args.limit]
    here = available()
    subjects: dict[str, Callable[[str], object]] = {"readings (all)": readings}
    for name in here:
        subjects[f"readings ({name})"] = functools.partial(_read_with, [name])
    base = Policy()
    subjects["check"] = lambda u: check(u, policy=base)
    agreements = [a for a in AGREEMENTS if set(a) <= set(here)]
    for names in agreements:
        policy = Policy(agreement=names)
        subjects[f"check agreement={','.join(names)}"] = functools.partial(_check_under, policy)
    timings = measure(subjects, urls, args.rounds)
    print(f"{len(urls)} URLs, {args.rounds} rounds; parsers: {', '.join(here)}")
    for name, seconds in timings.items():
        print(f"  {name:45} {seconds * 1e6:8.1f} us")
    missed = []
    ratios = {}
    for names in agreements:
        budget = timings["check"] + sum(timings[f"readings ({n})"] for n in names)
        ratio = timings[f"check agreement={','.join(names)}"] / budget
        ratios[",".join(names)] = ratio
        verdict = "ok" if ratio <= LIMIT else "MISSED"
        print(f"  agreement={','.join(names)}: {ratio:.2f} x (check + named parsers) {verdict}")
        if ratio > LIMIT:
            missed.append(",".join(names))
    if args.json:
        figures = {"items": len(urls), "seconds": timings, "ratios": ratios, "limit": LIMIT}
        Path(args.json).write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
