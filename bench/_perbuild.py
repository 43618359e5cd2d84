"""The harness shared by the benchmarks that compare two urikit operations within
one build (``bench_iri.py``, ``bench_security.py``): each build runs in a child
process (``URIKIT_NO_SPEEDUPS=1`` for "python", unset for "c"; the C build is
skipped when its extension is not built); within a process the contestants run
in interleaved rounds, the order rotated each round, and the median per item is
reported against the script's ``TARGETS``. No test asserts on speed.

A script defines ``child(args) -> dict`` (keys ``implementation``, ``items``,
``timings``, ``info`` and optionally ``notes``, a dict printed as is, and
``floors``, what :func:`child_floors` measured on the items) and calls
``main(argv, doc=__doc__, script=__file__, child=child, targets=TARGETS)``.

Also what the columnar benchmarks (``bench_arrow.py``, ``bench_engines.py``)
share: the corpus repeated to a number of rows as one Arrow array, and an RFC
3986 URI-reference regular expression for regex engines (RE2, Rust's regex).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any

from _floors import beside, describe, floors

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = REPO_ROOT / ".." / "shared" / "corpus" / "urls.txt"

# RFC 3986 URI-reference for RE2 and Rust's regex (no possessive quantifiers, no
# lookaround); the IPv6 literal is only shape-checked, so it accepts a little
# more than RFC 3986.
_PCT = "%[0-9A-Fa-f]{2}"
_UNRES_SUB = r"A-Za-z0-9\-._~!$&'()*+,;="
_PCHAR = f"(?:[{_UNRES_SUB}:@]|{_PCT})"
_HOST = rf"(?:\[[0-9A-Fa-f:.vV{_UNRES_SUB}]+\]|(?:[{_UNRES_SUB}]|{_PCT})*)"
_AUTH = rf"(?:(?:[{_UNRES_SUB}:]|{_PCT})*@)?{_HOST}(?::[0-9]*)?"
RFC3986_REGEX = (
    rf"^(?:[A-Za-z][A-Za-z0-9+.\-]*:)?"
    rf"(?://{_AUTH}(?:/{_PCHAR}*)*|/?(?:{_PCHAR}+(?:/{_PCHAR}*)*)?)"
    rf"(?:\?(?:{_PCHAR}|[/?])*)?(?:#(?:{_PCHAR}|[/?])*)?$"
)


def corpus_array(rows: int, corpus: Path = DEFAULT_CORPUS) -> Any:
    """The lines of ``corpus`` repeated to ``rows`` rows, as one pyarrow ``string`` array."""
    import pyarrow as pa  # type: ignore[import-untyped]

    lines = corpus.read_text(encoding="utf-8", errors="replace").split("\n")[:-1]
    base = pa.array(lines, pa.string())
    reps = -(-rows // len(base))
    return pa.concat_arrays([base] * reps).slice(0, rows)


def timed(func: Callable[[str], object], items: Sequence[str]) -> float:
    """Seconds to call ``func`` on every item (a ``ValueError`` counts as done)."""
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
            times[name].append(timed(contestants[name], items) / max(len(items), 1))
    return {name: statistics.median(ts) for name, ts in times.items()}


def child_floors(items: Sequence[str], rounds: int) -> dict[str, float]:
    """The floors of ``items`` in seconds per item (``byte scan/byte`` per byte), as
    the timings are: printed beside each result (bench/_floors.py)."""
    return {k: v / 1e9 for k, v in floors(items, rounds).items()}


def import_urikit() -> Any:
    """``urikit`` as installed, else from this checkout's ``src``."""
    try:
        import urikit
    except ModuleNotFoundError:
        sys.path.insert(0, str(REPO_ROOT / "src"))
        import urikit
    return urikit


def read_urls(args: argparse.Namespace) -> list[str]:
    """The corpus lines (``--limit`` of them), undecodable bytes kept as surrogates."""
    lines = args.corpus.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    return [line for line in lines if line][: args.limit]


def _run_build(script: str, impl: str, args: argparse.Namespace) -> dict[str, Any] | None:
    env = dict(os.environ)
    if impl == "python":
        env["URIKIT_NO_SPEEDUPS"] = "1"
    else:
        env.pop("URIKIT_NO_SPEEDUPS", None)
    cmd = [sys.executable, script, "--child", "--corpus", str(args.corpus)]
    cmd += ["--rounds", str(args.rounds)]
    if args.limit is not None:
        cmd += ["--limit", str(args.limit)]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(proc.stdout)
    if result["implementation"] != impl:
        print(f"({impl} build not available: urikit loaded {result['implementation']!r})")
        return None
    return result


def main(
    argv: Sequence[str] | None,
    *,
    doc: str,
    script: str,
    child: Callable[[argparse.Namespace], dict[str, Any]],
    targets: dict[tuple[str, str], float],
    c_only: Collection[tuple[str, str]] = (),
) -> int:
    """The command line of a per-build benchmark; ``targets`` maps (subject, peer)
    to the largest acceptable time ratio (a limit of 1.0 means strictly faster)
    in every build, except those in ``c_only``, which are the C build's (issue 20
    set its targets for the C build): in the pure-Python build their ratios are
    printed for information."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--impl", choices=["python", "c", "both"], default="both")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not args.corpus.is_file():
        print(f"error: the corpus {args.corpus} is not there (see --corpus)", file=sys.stderr)
        return 2
    if args.child:
        print(json.dumps(child(args)))
        return 0

    impls = ["python", "c"] if args.impl == "both" else [args.impl]
    results: dict[str, Any] = {}
    missed: list[str] = []
    for impl in impls:
        result = _run_build(script, impl, args)
        if result is None:
            continue
        results[impl] = result
        t = result["timings"]
        print(f"\n== urikit {impl} build, {result['items']} URLs, {args.rounds} rounds (median)")
        for name, value in result.get("notes", {}).items():
            print(f"  {name}: {value}")
        floor_ns = {k: v * 1e9 for k, v in result.get("floors", {}).items()}
        if floor_ns:
            print(f"  {describe(floor_ns)} (on the main items)")
        for name, secs in {**t, **result["info"]}.items():
            against = f"   {beside(secs * 1e9, floor_ns)}" if floor_ns else ""
            print(f"  {name:40s} {secs * 1e6:8.3f} us/item{against}")
        result["checks"] = []
        for (subject, peer), limit in targets.items():
            if subject not in t or peer not in t:
                print(f"  target {subject} / {peer}: skipped ({peer} not timed)")
                continue
            ratio = t[subject] / t[peer]
            ok = ratio <= limit if limit != 1.0 else ratio < limit
            sign = "<=" if limit != 1.0 else "<"
            if impl != "c" and (subject, peer) in c_only:
                print(
                    f"  {subject} / {peer} = {ratio:.2f} (the target, {sign} {limit}, is the"
                    " C build's: for information)"
                )
                continue
            word = "ok" if ok else "MISSED"
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
