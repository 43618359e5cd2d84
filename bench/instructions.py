"""Instructions per call of urikit's operations under callgrind: a count that
does not move with the load on a shared machine, for comparing two trees.

Wall-clock ratios on a shared 2-CPU virtual machine move by more than 5% from
one run of the same tree to the next; an instruction count moves by well under
1% once the hash seed is fixed. For each operation and build, the operation runs
under ``valgrind --tool=callgrind`` once with one pass over the first ``--count``
corpus URLs (or ``refs.tsv`` pairs for ``resolve``) and once with none; the
difference, divided by the count, is the cost of one call, start-up cancelled.

``extract`` and ``regex-http`` are one call over the whole prose corpus
(``descriptions.txt``, 6 MB; ``--count`` does not apply): ``urikit.extract(text)``
and ``re.findall(r"https?://\\S+", text)``, the literal regex bench_extract.py
times it against, so their quotient is that ratio counted in instructions (each
warmed up on a short text in both runs, so that compiling their expressions is
cancelled too).

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
OPERATIONS = ("parse", "is_valid", "read", "resolve", "normalize", "batch", "extract", "regex-http")
#: The operations that are one call over the whole prose corpus.
PROSE_OPERATIONS = ("extract", "regex-http")

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
elif operation in ("extract", "regex-http"):
    import re
    prose = (corpus / "descriptions.txt").read_text(encoding="utf-8")
    if operation == "extract":
        func = urikit.extract
    else:
        func = re.compile(r"https?://\\S+").findall
    func("warm up http://example.org/ (http://a.example/x) <URL:a:b>")
    for _ in range(passes):
        func(prose)
elif operation == "batch":
    urls = lines("urls.txt")[:count]
    for _ in range(passes):
        urikit.batch.validate(urls)
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
) -> int:
    """Instructions callgrind counts for the child program."""
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
    return int(match.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=REPO_ROOT / "src", help="the src/ to measure")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--impl", choices=["python", "c", "both"], default="both")
    parser.add_argument("--ops", default=",".join(OPERATIONS), help="comma-separated")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    for needed in ("urls.txt", "refs.tsv", "descriptions.txt"):
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
            none = instructions(args.src, args.corpus, op, args.count, 0, impl)
            one = instructions(args.src, args.corpus, op, args.count, 1, impl)
            per_call = (one - none) / (1 if op in PROSE_OPERATIONS else args.count)
            results.setdefault(impl, {})[op] = per_call
            print(f"  {impl:6} {op:10} {per_call:10,.0f}", flush=True)
        if all(op in results[impl] for op in PROSE_OPERATIONS):
            ratio = results[impl]["regex-http"] / results[impl]["extract"]
            print(f"  {impl:6} regex-http / extract: {ratio:.2f}", flush=True)
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
