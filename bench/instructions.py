"""Instructions per call of urikit's operations under callgrind: a count that
does not move with the load on a shared machine, so that CI can fail on a
speed regression without timing anything.

Wall-clock ratios on a shared 2-CPU virtual machine move by more than 5% from
one run of the same tree to the next; an instruction count of the same code on
the same inputs moves by well under 1% once the hash seed is fixed. Each build
runs in one process under ``valgrind --tool=callgrind --collect-atstart=no``;
for each operation the process prepares its inputs, makes one untimed call (a
first call may import or compile something), then turns callgrind's counting
on around one pass over the items (a marker library of three functions,
compiled here from valgrind's ``callgrind.h`` client requests and called
through ``ctypes``) and dumps the count. The count divided by the number of
items is the cost of one call; start-up and imports are never counted.

The operations, each on the shared corpus (``../shared/corpus``):

* ``parse``, ``is_valid``, ``read`` (parse and read every component),
  ``resolve`` (``refs.tsv`` pairs), ``normalize``, ``batch`` (``batch.validate``
  of the whole list), ``update_query`` and ``join`` (``ref.update_query({first
  parameter: "2"})`` and ``ref / "page 2"`` on bench/bench_edit.py's items, the
  http(s) URLs parsed beforehand), ``check`` (``security.check``), ``canonical``
  (each of its profiles in turn and ``surt``): per URL;
* ``extract``: per KB of ``descriptions.txt``; ``regex-http``: the literal
  ``re.findall(r"https?://\\S+")`` that bench/bench_extract.py times extract
  against, on the same text and per KB, so that ``regex-http`` over
  ``extract`` (printed when both run) is that ratio without the machine's load;
* ``arrow-*``: the Arrow kernels (``validate``, ``split``, ``normalize``,
  ``resolve`` against one base, ``canonical``, ``surt``) on one array of the
  URLs: per row (skipped, saying so, when pyarrow is not installed).

    python bench/instructions.py                       # the urikit Python imports
    python bench/instructions.py --src ../other/src    # another tree's, to compare
    python bench/instructions.py --check               # against bench/instructions.json
    python bench/instructions.py --write               # record bench/instructions.json

``--check`` exits 1 when an operation costs more than ``--tolerance`` (5%) over
the recorded baseline in either build, and 2 when the baseline was recorded on
another Python or machine (its counts would not compare). Recording a new
baseline is a commit of its own whose message says why the counts moved.
Needs valgrind (Debian's ``valgrind`` package, which ships ``callgrind.h``) and
a C compiler.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = REPO_ROOT / ".." / "shared" / "corpus"
BASELINE = Path(__file__).resolve().parent / "instructions.json"
OPERATIONS = (
    "parse",
    "is_valid",
    "read",
    "resolve",
    "normalize",
    "batch",
    "update_query",
    "join",
    "check",
    "canonical",
    "extract",
    "regex-http",
    "arrow-validate",
    "arrow-split",
    "arrow-normalize",
    "arrow-resolve",
    "arrow-canonical",
    "arrow-surt",
)
BUILDS = ("c", "python")

#: The marker library: callgrind's client requests are inline assembly, so they
#: are reached from Python through three exported functions.
MARKER_C = """
#include <valgrind/callgrind.h>
void marker_start(void) { CALLGRIND_ZERO_STATS; CALLGRIND_TOGGLE_COLLECT; }
void marker_stop(void) { CALLGRIND_TOGGLE_COLLECT; }
void marker_dump(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }
"""

#: The program callgrind runs: argv is the marker library, the corpus
#: directory, the item count and the operations. Prints "name units" for each
#: operation it measured, "skip name reason" for one it could not.
CHILD = r"""
import ctypes, gc, sys
from pathlib import Path
marker = ctypes.CDLL(sys.argv[1])
corpus, count, ops = Path(sys.argv[2]), int(sys.argv[3]), sys.argv[4].split(",")
import urikit, urikit.batch

def lines(name):
    text = (corpus / name).read_text(encoding="utf-8", errors="surrogateescape")
    return [line for line in text.splitlines() if line][:count]

def quiet(func):
    def run(items):
        for item in items:
            try:
                func(item)
            except ValueError:
                pass
    return run

def read(text):
    r = urikit.parse(text)
    return (r.scheme, r.authority, r.userinfo, r.host, r.port, r.path, r.query, r.fragment)

def resolve_all(pairs):
    for base, reference in pairs:
        try:
            urikit.resolve(base, reference)
        except ValueError:
            pass

def canonical_all(urls):
    from urikit.canonicalization import PROFILES
    for profile in PROFILES:
        for text in urls:
            try:
                urikit.canonical(text, profile)
            except ValueError:
                pass
    for text in urls:
        try:
            urikit.surt(text)
        except ValueError:
            pass

def prepare(op):
    # (function of one argument, its argument, the units it covers)
    urls = lines("urls.txt")
    if op == "resolve":
        pairs = [line.split("\t", 1) for line in lines("refs.tsv")]
        return resolve_all, [p for p in pairs if len(p) == 2], len(pairs)
    if op == "batch":
        return urikit.batch.validate, urls, len(urls)
    if op in ("update_query", "join"):
        edits = []
        for text in urls:
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
        if op == "join":
            def run(items):
                for ref, _ in items:
                    ref / "page 2"
        else:
            def run(items):
                for ref, params in items:
                    ref.update_query(params)
        return run, edits, len(edits)
    if op == "check":
        from urikit import security
        return quiet(security.check), urls, len(urls)
    if op == "canonical":
        from urikit.canonicalization import PROFILES
        return canonical_all, urls, len(urls) * (len(PROFILES) + 1)
    if op in ("extract", "regex-http"):
        text = (corpus / "descriptions.txt").read_text(encoding="utf-8")[: count * 100]
        if op == "regex-http":
            import re
            return re.compile(r"https?://\S+").findall, text, len(text.encode("utf-8")) / 1000
        return urikit.extract, text, len(text.encode("utf-8")) / 1000
    if op.startswith("arrow-"):
        try:
            import pyarrow as pa
        except ImportError:
            return None
        from urikit import arrow
        array = pa.array(urls)
        kernel = op[len("arrow-"):]
        if kernel == "resolve":
            return (lambda a: arrow.resolve("http://a/b/c/d;p?q", a)), array, len(array)
        func = getattr(arrow, kernel)
        return func, array, len(array)
    func = {"parse": urikit.parse, "is_valid": urikit.is_valid, "read": read,
            "normalize": urikit.normalize}[op]
    return quiet(func), urls, len(urls)

for op in ops:
    prepared = prepare(op)
    if prepared is None:
        print("skip", op, "pyarrow is not installed", flush=True)
        continue
    func, argument, units = prepared
    func(argument)  # untimed: a first call may import or compile something
    # a full collection first: the collections inside the count then depend on
    # the operation's own allocations, not on what was allocated before it
    gc.collect()
    marker.marker_start()
    func(argument)
    marker.marker_stop()
    marker.marker_dump(op.encode())
    print(op, units, flush=True)
"""


def build_marker(directory: Path) -> Path:
    """Compile the marker library into ``directory``."""
    source = directory / "marker.c"
    source.write_text(MARKER_C, encoding="utf-8")
    library = directory / "marker.so"
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    subprocess.run(
        [*compiler.split(), "-shared", "-fPIC", "-O1", "-o", str(library), str(source)],
        check=True,
    )
    return library


def measure(
    src: Path | None,
    corpus: Path,
    count: int,
    ops: list[str],
    impl: str,
    marker: Path,
    work: Path,
) -> tuple[dict[str, float], dict[str, str]]:
    """Instructions per unit of each operation in one build (of the urikit in
    ``src``, else the one Python imports), and the operations skipped with the
    reason."""
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1"}
    if src is not None:
        env["PYTHONPATH"] = str(src) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("URIKIT_REQUIRE_SPEEDUPS", None)
    if impl == "python":
        env["URIKIT_NO_SPEEDUPS"] = "1"
    else:
        env.pop("URIKIT_NO_SPEEDUPS", None)
        env["URIKIT_REQUIRE_SPEEDUPS"] = "1"
    out = work / f"callgrind.{impl}"
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--collect-atstart=no",
            f"--callgrind-out-file={out}",
            sys.executable,
            "-c",
            CHILD,
            str(marker),
            str(corpus),
            str(count),
            ",".join(ops),
        ],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"error: the {impl} build failed under callgrind:\n{done.stderr[-3000:]}")
    units: dict[str, float] = {}
    skipped: dict[str, str] = {}
    for line in done.stdout.splitlines():
        if line.startswith("skip "):
            _, op, reason = line.split(" ", 2)
            skipped[op] = reason
        else:
            op, amount = line.split()
            units[op] = float(amount)
    counts: dict[str, int] = {}
    for dump in work.glob(f"callgrind.{impl}.*"):
        text = dump.read_text(encoding="utf-8", errors="replace")
        trigger = re.search(r"^desc: Trigger: Client Request: (\S+)", text, re.M)
        total = re.search(r"^(?:summary|totals):\s*(\d+)", text, re.M)
        if trigger and total and trigger.group(1) in units:
            counts[trigger.group(1)] = int(total.group(1))
    missing = sorted(set(units) - set(counts))
    if missing:
        raise SystemExit(f"error: no callgrind count for {', '.join(missing)} ({impl})")
    return {op: counts[op] / units[op] for op in units}, skipped


def environment() -> dict[str, str]:
    """What a count depends on besides urikit's code: the interpreter, and for
    the Arrow kernels pyarrow's version."""
    try:
        from importlib.metadata import PackageNotFoundError, version

        arrow = version("pyarrow")
    except PackageNotFoundError:
        arrow = "none"
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "pyarrow": arrow,
    }


def compare(
    baseline: dict[str, dict[str, float]],
    results: dict[str, dict[str, float]],
    tolerance: float,
) -> list[str]:
    """The operations whose count grew more than ``tolerance`` over the
    baseline (or that the baseline has and the run lacks), worded."""
    faults = []
    for impl, ops in baseline.items():
        for op, recorded in ops.items():
            now = results.get(impl, {}).get(op)
            if now is None:
                faults.append(f"{impl} {op}: in the baseline, not measured now")
            elif now > recorded * (1 + tolerance):
                faults.append(
                    f"{impl} {op}: {now:,.0f} instructions per unit, "
                    f"{now / recorded - 1:+.1%} over the baseline's {recorded:,.0f}"
                )
    return faults


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--src", type=Path, help="the src/ to measure (default: the urikit Python imports)"
    )
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--count", type=int, default=2000, help="URLs (or pairs) per operation")
    parser.add_argument("--impl", choices=[*BUILDS, "both"], default="both")
    parser.add_argument("--ops", default=",".join(OPERATIONS), help="comma-separated")
    parser.add_argument("--json", type=Path, help="write the counts to this file")
    parser.add_argument("--check", action="store_true", help="compare with --baseline")
    parser.add_argument("--write", action="store_true", help="record --baseline")
    parser.add_argument("--baseline", type=Path, default=BASELINE)
    parser.add_argument("--tolerance", type=float, default=0.05)
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
    if unknown or args.count < 1 or args.tolerance < 0:
        print(
            f"error: --ops takes {', '.join(OPERATIONS)}; --count >= 1; --tolerance >= 0",
            file=sys.stderr,
        )
        return 2
    baseline = None
    if args.check:
        try:
            baseline = json.loads(args.baseline.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            print(f"error: cannot read the baseline {args.baseline}: {exc}", file=sys.stderr)
            return 2
        recorded = dict(baseline.get("environment", {}))
        here = environment()
        recorded_arrow, here_arrow = recorded.pop("pyarrow", None), here.pop("pyarrow")
        if recorded != here or baseline.get("count") != args.count:
            print(
                f"error: the baseline was recorded with {recorded}, count "
                f"{baseline.get('count')}; this run is {here}, count {args.count}: "
                "its counts do not compare (record one here with --write)",
                file=sys.stderr,
            )
            return 2
        if recorded_arrow != here_arrow:
            # pyarrow's own code is part of the Arrow kernels' counts
            print(
                f"note: the baseline's Arrow counts are of pyarrow {recorded_arrow}, this is "
                f"pyarrow {here_arrow}: the arrow-* operations are printed, not compared"
            )
            for ops in baseline["ops"].values():
                for op in [op for op in ops if op.startswith("arrow-")]:
                    del ops[op]
    impls = list(BUILDS) if args.impl == "both" else [args.impl]
    where = args.src.resolve() if args.src is not None else "the installed urikit"
    print(f"src {where}, {args.count} items, instructions per unit")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        marker = build_marker(work)
        # one process a build, side by side: a count is the same whatever runs beside it
        with ThreadPoolExecutor(len(impls)) as pool:
            futures = {
                impl: pool.submit(
                    measure, args.src, args.corpus, args.count, operations, impl, marker, work
                )
                for impl in impls
            }
            measured = {impl: future.result() for impl, future in futures.items()}
    results = {impl: counts for impl, (counts, _) in measured.items()}
    for impl, (counts, skipped) in measured.items():
        for op in operations:
            if op in counts:
                recorded = (baseline or {}).get("ops", {}).get(impl, {}).get(op)
                versus = f"  {counts[op] / recorded - 1:+6.1%}" if recorded else ""
                print(f"  {impl:6} {op:16} {counts[op]:12,.0f}{versus}", flush=True)
            else:
                print(f"  {impl:6} {op:16} skipped: {skipped.get(op, '?')}")
        if "extract" in counts and "regex-http" in counts:
            ratio = counts["regex-http"] / counts["extract"]
            print(f"  {impl:6} regex-http / extract: {ratio:.2f}", flush=True)
    document = {"environment": environment(), "count": args.count, "ops": results}
    if args.json is not None:
        args.json.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    if args.write:
        args.baseline.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
        print(f"recorded {args.baseline}")
    if baseline is not None:
        faults = compare(baseline["ops"], results, args.tolerance)
        for fault in faults:
            print(f"REGRESSION {fault}")
        if faults:
            print(
                f"{len(faults)} operation(s) over the baseline by more than "
                f"{args.tolerance:.0%}: make them cheaper again, or record a new baseline "
                "(--write) in a commit that says why they cost more"
            )
            return 1
        print(f"every operation within {args.tolerance:.0%} of the baseline")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
