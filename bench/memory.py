#!/usr/bin/env python3
"""Constant memory: validate the corpus repeated to N lines through urikit.batch.iter_file.

Writes ../shared/corpus/urls.txt repeated to ``--lines`` lines (default 10
million) into a temporary file, streams it through ``urikit.batch.iter_file``
one record at a time, and prints the process's peak RSS after every tenth of the
file. Memory is constant when the peak stops growing after the first tenth.
``--check`` exits 1 when the final peak exceeds the peak at the first
checkpoint by more than ``--slack-mib`` (default 16 MiB).

    python bench/memory.py                 # 10,000,000 lines
    python bench/memory.py --lines 1000000 --check
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def peak_rss_mib() -> float:
    """Peak resident set size of this process, in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=10_000_000)
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--slack-mib", type=float, default=16.0)
    args = parser.parse_args(argv)
    if not (args.corpus / "urls.txt").is_file():
        print(
            f"error: the corpus {args.corpus / 'urls.txt'} is not there (see --corpus)",
            file=sys.stderr,
        )
        return 2

    try:
        import urikit
    except ImportError:
        sys.path.insert(0, str(REPO / "src"))
        import urikit
    from urikit.batch import iter_file

    corpus = (args.corpus / "urls.txt").read_text(encoding="utf-8").splitlines(keepends=True)
    fd, name = tempfile.mkstemp(suffix=".txt", prefix="urikit-mem-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            written = 0
            while written < args.lines:
                chunk = corpus[: args.lines - written]
                out.writelines(chunk)
                written += len(chunk)
        del corpus
        size_mib = os.path.getsize(name) / 2**20
        version = sys.version.split()[0]
        print(f"urikit {urikit.__version__} ({urikit.IMPLEMENTATION}), Python {version}")
        print(
            f"{args.lines:,} lines, {size_mib:,.0f} MiB file;"
            f" peak RSS before: {peak_rss_mib():.1f} MiB"
        )
        step = max(1, args.lines // 10)
        checkpoints: list[float] = []
        valid = invalid = 0
        start = time.perf_counter()
        for record in iter_file(name):
            if record.error is None:
                valid += 1
            else:
                invalid += 1
            if record.line % step == 0:
                checkpoints.append(peak_rss_mib())
                print(f"  {record.line:>12,} lines  peak RSS {checkpoints[-1]:7.1f} MiB")
        elapsed = time.perf_counter() - start
    finally:
        os.unlink(name)
    print(
        f"valid {valid:,}, invalid {invalid:,}, {elapsed:.1f} s "
        f"({elapsed / max(1, valid + invalid) * 1e9:.0f} ns/line)"
    )
    if valid + invalid != args.lines:
        print(f"FAIL: {valid + invalid:,} records for {args.lines:,} lines")
        return 1
    growth = checkpoints[-1] - checkpoints[0] if checkpoints else 0.0
    verdict = "PASS" if growth <= args.slack_mib else "FAIL"
    print(f"{verdict} constant memory: peak grew {growth:.1f} MiB after the first tenth")
    return 1 if (args.check and verdict == "FAIL") else 0


if __name__ == "__main__":
    sys.exit(main())
