#!/usr/bin/env python3
"""Benchmark urikit.batch against a plain loop of urikit.parse, the collector on.

Run from the repository root::

    python bench/bench_batch.py                 # both builds, 5 rounds, whole corpus
    python bench/bench_batch.py --impl c --rounds 3 --limit 20000
    python bench/bench_batch.py --check         # exit 1 when a target is missed
    python bench/bench_batch.py --json out.json

Targets (issue 20 item 5, the C build's; the pure-Python build's ratios are
printed for information), measured within one run, with the cyclic garbage
collector left on (its cost is counted: ``bench.py`` turns it off while it
times):

* ``batch.split(urls)`` takes less time than a loop of ``urikit.parse`` that
  reads the eight components of each reference ("loop: parse + 8 components");
* ``batch.iter_file(path)``, reading each record's reference, takes less time
  than a hand-written loop over the open file that strips the line end, parses
  and reads the reference ("file loop: parse").

For information: ``batch.split`` followed by reading all eight columns, and the
two loops without reading anything.

Each build runs in a child process (see ``_perbuild.py``); within a process the
contestants run in interleaved rounds, the order rotated each round, and the
median time per URL is reported. No test asserts on speed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from _perbuild import import_urikit, main, read_urls

#: (subject, peer) -> the largest acceptable "subject time / peer time".
TARGETS: dict[tuple[str, str], float] = {
    ("batch.split", "loop: parse + 8 components"): 1.0,
    ("batch.iter_file", "file loop: parse"): 1.0,
}

COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")


def rounds_of(runs: dict[str, Callable[[], object]], n: int, rounds: int) -> dict[str, float]:
    """Median seconds per item of each whole run, interleaved and rotated."""
    names = list(runs)
    times: dict[str, list[float]] = {name: [] for name in names}
    for r in range(rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            start = time.perf_counter()
            runs[name]()
            times[name].append((time.perf_counter() - start) / max(n, 1))
    return {name: statistics.median(ts) for name, ts in times.items()}


def child(args: argparse.Namespace) -> dict[str, Any]:
    """Run in the child process: time everything for the build urikit loaded."""
    urikit = import_urikit()
    from urikit import batch

    urls = read_urls(args)
    path = args.corpus
    parse, error = urikit.parse, urikit.URIError

    def loop_read() -> None:
        for text in urls:
            try:
                ref = parse(text)
            except error:
                continue
            ref.scheme, ref.authority, ref.userinfo, ref.host  # noqa: B018
            ref.port, ref.path, ref.query, ref.fragment  # noqa: B018

    def loop_parse() -> None:
        for text in urls:
            try:
                parse(text)
            except error:
                continue

    def split_read() -> None:
        cols = batch.split(urls)
        for name in COMPONENTS:
            cols.column(name)

    def file_loop() -> None:
        with open(path, encoding="utf-8", errors="surrogateescape", newline="\n") as f:
            for line in f:
                if line.endswith("\n"):
                    line = line[:-1]
                try:
                    ref = parse(line)
                except error:
                    continue
                ref.path  # noqa: B018

    def iter_file() -> None:
        for record in batch.iter_file(path):
            ref = record.reference
            if ref is not None:
                ref.path  # noqa: B018

    # --limit cuts the list, not the file: both file contestants read all of it
    with open(path, encoding="utf-8", errors="surrogateescape", newline="\n") as f:
        n_file = sum(1 for _ in f)
    timings = rounds_of(
        {
            "loop: parse + 8 components": loop_read,
            "batch.split": lambda: batch.split(urls),
            "batch.split + 8 columns": split_read,
            "loop: parse": loop_parse,
        },
        len(urls),
        args.rounds,
    )
    timings.update(
        rounds_of(
            {"file loop: parse": file_loop, "batch.iter_file": iter_file}, n_file, args.rounds
        )
    )
    info = {k: timings.pop(k) for k in ("batch.split + 8 columns", "loop: parse")}
    return {
        "implementation": urikit.IMPLEMENTATION,
        "items": len(urls),
        "timings": timings,
        "info": info,
    }


if __name__ == "__main__":
    sys.exit(
        main(
            sys.argv[1:],
            doc=__doc__ or "",
            script=__file__,
            child=child,
            targets=TARGETS,
            c_only=TARGETS,
        )
    )
