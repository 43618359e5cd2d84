"""Instructions per call of urikit's operations under callgrind: a count that
does not move with the load on a shared machine, for comparing two trees.

Wall-clock ratios on a shared 2-CPU virtual machine move by more than 5% from
one run of the same tree to the next; an instruction count moves by well under
1% once the hash seed is fixed. For each operation and build, the operation runs
under ``valgrind --tool=callgrind`` once with one pass over the first ``--count``
corpus URLs (or ``refs.tsv`` pairs for ``resolve``) and once with none; the
difference, divided by the count, is the cost of one call, start-up cancelled.

    python bench/instructions.py                       # this checkout's src/
    python bench/instructions.py --src ../other/src    # another tree, to compare

Needs valgrind (Debian's ``valgrind`` package). Prints one line per operation
and build; ``--json FILE`` writes the same numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = REPO_ROOT / ".." / "shared" / "corpus"
OPERATIONS = (
    "parse",
    "is_valid",
    "read",
    "resolve",
    "normalize",
    "batch",
    "update_query",
    "join",
)

#: The program callgrind runs: argv is corpus directory, operation, count, passes.
CHILD = """
import sys
from pathlib import Path
import urikit, urikit.batch
corpus, operation = Path(sys.argv[1]), sys.argv[2]
count, passes = int(sys.argv[3]), int(sys.argv[4])
def lines(name):
    text = (corpus / name).read_text(encoding="utf-8", errors="surrogateescape")
    return [line for line in text.splitlines() if line]
def read(text):
    r = urikit.parse(text)
    return (r.scheme, r.authority, r.userinfo, r.host, r.port, r.path, r.query, r.fragment)
if operation == "resolve":
    pairs = [line.split("\\t", 1) for line in lines("refs.tsv")[:count]]
    for _ in range(passes):
        for base, reference in pairs:
            try:
                urikit.resolve(base, reference)
            except ValueError:
                pass
elif operation == "batch":
    urls = lines("urls.txt")[:count]
    for _ in range(passes):
        urikit.batch.validate(urls)
elif operation in ("update_query", "join"):
    # bench/bench_edit.py's items: the http(s) URLs, parsed beforehand; the edit is
    # ref.update_query({first parameter's name: "2"}) or ref / "page 2"
    edits = []
    for text in lines("urls.txt")[:count]:
        try:
            ref = urikit.parse(text)
        except ValueError:
            continue
        if ref.scheme not in ("http", "https") or not ref.host:
            continue
        name = (ref.query.split("&", 1)[0].partition("=")[0] if ref.query else "") or "page"
        try:
            edits.append((ref, {urikit.percent_decode(name): "2"}))
        except ValueError:
            continue
    for _ in range(passes):
        if operation == "join":
            for ref, _params in edits:
                ref / "page 2"
        else:
            for ref, params in edits:
                ref.update_query(params)
    print(f"items={len(edits)}")
else:
    urls = lines("urls.txt")[:count]
    func = {"parse": urikit.parse, "is_valid": urikit.is_valid, "read": read,
            "normalize": urikit.normalize}[operation]
    for _ in range(passes):
        for text in urls:
            try:
                func(text)
            except ValueError:
                pass
"""


def instructions(
    src: Path, corpus: Path, operation: str, count: int, passes: int, impl: str
) -> tuple[int, int]:
    """Instructions callgrind counts for the child program, and the number of
    calls in a pass (``count``, or the edits' items the child reports)."""
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(src)}
    if impl == "python":
        env["URIKIT_NO_SPEEDUPS"] = "1"
    else:
        env.pop("URIKIT_NO_SPEEDUPS", None)
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            CHILD,
            str(corpus),
            operation,
            str(count),
            str(passes),
        ],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    match = re.search(r"refs:\s*([\d,]+)", done.stderr)
    if match is None:
        raise SystemExit(f"error: no instruction count in callgrind's output:\n{done.stderr}")
    items = re.search(r"items=(\d+)", done.stdout)
    return int(match.group(1).replace(",", "")), int(items.group(1)) if items else count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=REPO_ROOT / "src", help="the src/ to measure")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--impl", choices=["python", "c", "both"], default="both")
    parser.add_argument("--ops", default=",".join(OPERATIONS), help="comma-separated")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    for needed in ("urls.txt", "refs.tsv"):
        if not (args.corpus / needed).is_file():
            print(f"error: {args.corpus / needed} not found (see --corpus)", file=sys.stderr)
            return 2
    if shutil.which("valgrind") is None:
        print("error: needs valgrind (apt install valgrind)", file=sys.stderr)
        return 2
    operations = [op for op in args.ops.split(",") if op]
    unknown = sorted(set(operations) - set(OPERATIONS))
    if unknown or args.count < 1:
        print(f"error: --ops takes {', '.join(OPERATIONS)}; --count >= 1", file=sys.stderr)
        return 2
    impls = ["c", "python"] if args.impl == "both" else [args.impl]
    results: dict[str, dict[str, float]] = {}
    print(f"src {args.src.resolve()}, {args.count} items, instructions per call")
    for impl in impls:
        for op in operations:
            none, _ = instructions(args.src, args.corpus, op, args.count, 0, impl)
            one, calls = instructions(args.src, args.corpus, op, args.count, 1, impl)
            per_call = (one - none) / calls
            results.setdefault(impl, {})[op] = per_call
            print(f"  {impl:6} {op:10} {per_call:10,.0f}", flush=True)
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
