#!/usr/bin/env python3
"""Benchmark urikit against its peers on a corpus of real URLs.

Run from the repository root::

    python bench/bench.py                      # 5 rounds on the whole corpus
    python bench/bench.py --rounds 3 --limit 5000
    python bench/bench.py --check              # exit 1 when a target in TARGETS is missed
    python bench/bench.py --json results.json  # also write the results as JSON

Every operation times all of its contestants in this one process, in interleaved
rounds: round r runs each contestant once over the whole input, with the order of
the contestants rotated by r, and the median over the rounds is reported.

``--impl`` picks the urikit contestants: "urikit" is urikit imported with
URIKIT_NO_SPEEDUPS=1 (pure Python; the one TARGETS are about), "urikit-c" a second,
fresh import with that variable unset, timed only when that import loads a compiled
extension module.  The script sets the variable itself and restores the caller's
environment afterwards.

Peers (the ``bench`` extra; each one is optional and skipped when it fails to
import): rfc3986, uritools, yarl, rfc3987, ada-url (``ada_url``), can_ada.
urllib.parse comes with Python.  ada-url and can_ada implement the WHATWG URL
standard, not RFC 3986: they are speed references (TARGETS), not correctness
peers; their "rejected" counts differ from urikit's.

Operations: parse (validating), validate only, read (parse, then read every
component), resolve, normalize, batch validate (one call for the whole list
where a library has one; otherwise a loop), and the error path: parse of the
corpus URLs urikit accepts, each with the character at its middle replaced by a
space, raising and catching URIError, against a successful parse of the same
URLs unchanged (each urikit contestant against itself: "urikit valid" is the
same parse on the valid URLs; the ratio is the cost of a failure in successful
parses of the same length).

This is a measuring script only: no test asserts on speed.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import importlib
import importlib.machinery
import importlib.metadata
import json
import os
import platform
import statistics
import sys
import time
import urllib.parse
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import _startup
from _floors import beside, describe, floors

# Speed targets: (operation, subject, peer) -> the largest acceptable ratio
# "time per item of the urikit subject / time per item of the peer", both
# measured in the same run.  "urikit" is pure Python, "urikit-c" the C
# accelerator.  ``--check`` exits non-zero when one is missed; targets whose
# subject --impl did not select are skipped.
TARGETS: dict[tuple[str, str, str], float] = {
    ("parse", "urikit", "urlsplit"): 1.0,
    ("resolve", "urikit", "urljoin"): 0.5,
    ("normalize", "urikit", "rfc3986"): 0.25,
    # issue 20: half of ada's parse; is_valid <= 0.3x can_parse; parse + read all
    # components <= 0.5x; normalize <= 0.35x can_ada's parse + href
    ("parse", "urikit-c", "can_ada"): 0.5,
    ("validate", "urikit-c", "can_ada"): 0.3,
    ("read", "urikit-c", "can_ada"): 0.5,
    ("resolve", "urikit-c", "urljoin"): 0.10,
    ("normalize", "urikit-c", "can_ada"): 0.35,
    ("batch-validate", "urikit-c", "can_ada"): 0.5,
    ("parse-error", "urikit", "urikit valid"): 3.0,
    ("parse-error", "urikit-c", "urikit-c valid"): 3.0,
    # issue 20: `urikit parse X` (wall time of the process) <= 3x `python -c pass`
    ("startup", "urikit-c", "python -c pass"): 3.0,
}

# The subjects TARGETS are about, by --impl.
SUBJECTS = {"python": ("urikit",), "c": ("urikit-c",), "both": ("urikit", "urikit-c")}

# urikit reads this environment variable when it is imported: "1" forces the pure
# Python implementation even when its C accelerator is built.
NO_SPEEDUPS_ENV = "URIKIT_NO_SPEEDUPS"

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = REPO_ROOT / ".." / "shared" / "corpus"

# What this script calls on a urikit module.
URIKIT_API = ("parse", "is_valid", "resolve", "normalize")

WARMUP_ITEMS = 2000

Errors = tuple[type[BaseException], ...]


# --------------------------------------------------------------------------- corpus


def read_lines(path: Path, limit: int | None) -> list[str]:
    """The lines of a UTF-8 file without their line ends (split on "\\n" only)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines[:limit]


def read_urls(corpus: Path, limit: int | None) -> list[str]:
    return read_lines(corpus / "urls.txt", limit)


def read_pairs(corpus: Path, limit: int | None) -> list[tuple[str, str]]:
    """(base, reference) pairs; the reference may be empty."""
    pairs: list[tuple[str, str]] = []
    for number, line in enumerate(read_lines(corpus / "refs.tsv", limit), 1):
        base, tab, reference = line.partition("\t")
        if not tab:
            raise SystemExit(f"refs.tsv line {number}: no tab in {line!r}")
        pairs.append((base, reference))
    return pairs


# --------------------------------------------------------------------------- imports


def optional_import(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except Exception:  # any failure to import means "not installed" here
        return None


def distribution_version(name: str, module: ModuleType | None = None) -> str:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return str(getattr(module, "__version__", "unknown"))


def _forget_urikit() -> None:
    for name in [n for n in sys.modules if n == "urikit" or n.startswith("urikit.")]:
        del sys.modules[name]


def _urikit_extension_modules() -> list[str]:
    """Names of compiled extension modules that importing urikit has loaded."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if "urikit" in name and str(getattr(module, "__file__", "") or "").endswith(suffixes)
    )


def import_urikit(*, no_speedups: bool) -> tuple[ModuleType, list[str]]:
    """Import a fresh copy of urikit, with URIKIT_NO_SPEEDUPS=1 or with it unset.

    Returns the module and the extension modules it loaded.  Each call yields a
    distinct module object, so a pure Python urikit and an accelerated one can be
    timed side by side in one process.  Falls back to <repo>/src when urikit is
    not installed.  The caller's environment is restored afterwards.
    """
    saved = os.environ.get(NO_SPEEDUPS_ENV)
    _forget_urikit()
    if no_speedups:
        os.environ[NO_SPEEDUPS_ENV] = "1"
    else:
        os.environ.pop(NO_SPEEDUPS_ENV, None)
    try:
        try:
            module = importlib.import_module("urikit")
        except ModuleNotFoundError as exc:
            if exc.name != "urikit":
                raise
            src = str(REPO_ROOT / "src")
            if src not in sys.path:
                sys.path.insert(0, src)
            importlib.invalidate_caches()
            module = importlib.import_module("urikit")
        optional_import("urikit.batch")  # this copy's batch module, as module.batch
        missing = [name for name in URIKIT_API if not hasattr(module, name)]
        if missing:
            raise SystemExit(
                f"error: urikit at {getattr(module, '__file__', '?')} lacks {', '.join(missing)}"
            )
        return module, _urikit_extension_modules()
    finally:
        if saved is None:
            os.environ.pop(NO_SPEEDUPS_ENV, None)
        else:
            os.environ[NO_SPEEDUPS_ENV] = saved


# --------------------------------------------------------------------------- model


@dataclass(frozen=True)
class Contestant:
    """One implementation of one operation.

    ``func`` takes one item (a URL) or, for pair operations, two (base, reference).
    Raising one of ``errors``, or returning False, counts as rejecting the item.
    """

    name: str
    func: Callable[..., object]
    errors: Errors = (ValueError,)
    items: Sequence[str] | None = None  # its own input instead of the operation's


@dataclass
class Operation:
    name: str
    title: str
    items: Sequence[str] | None = None
    pairs: Sequence[tuple[str, str]] | None = None
    whole: bool = False  # func takes the whole list of items at once
    contestants: list[Contestant] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)  # contestant -> why
    # subject -> the one contestant it is compared with (instead of every peer)
    baselines: dict[str, str] = field(default_factory=dict)

    @property
    def count(self) -> int:
        return len(self.items if self.items is not None else self.pairs or ())

    def add(
        self,
        name: str,
        func: Callable[..., object],
        errors: Errors = (ValueError,),
        items: Sequence[str] | None = None,
    ) -> None:
        self.contestants.append(Contestant(name, func, errors, items))

    def skip(self, name: str, why: str) -> None:
        self.skipped[name] = why


@dataclass
class Run:
    ns: int
    rejected: int
    unexpected: int
    example: str | None


@dataclass
class Result:
    name: str
    rounds_ns_per_item: list[float] = field(default_factory=list)
    rejected: int = 0
    unexpected: int = 0
    example: str | None = None

    @property
    def median(self) -> float:
        return statistics.median(self.rounds_ns_per_item)


# --------------------------------------------------------------------------- timing


def _loop_items(func: Callable[[str], object], items: Sequence[str], errors: Errors) -> Run:
    rejected = unexpected = 0
    example = None
    start = time.perf_counter_ns()
    for item in items:
        try:
            if func(item) is False:
                rejected += 1
        except errors:
            rejected += 1
        except Exception as exc:  # a bug in a contestant: count it, report it, go on
            unexpected += 1
            if example is None:
                example = f"{item!r}: {exc!r}"
    return Run(time.perf_counter_ns() - start, rejected, unexpected, example)


def _loop_pairs(
    func: Callable[[str, str], object], pairs: Sequence[tuple[str, str]], errors: Errors
) -> Run:
    rejected = unexpected = 0
    example = None
    start = time.perf_counter_ns()
    for base, reference in pairs:
        try:
            if func(base, reference) is False:
                rejected += 1
        except errors:
            rejected += 1
        except Exception as exc:  # a bug in a contestant: count it, report it, go on
            unexpected += 1
            if example is None:
                example = f"{(base, reference)!r}: {exc!r}"
    return Run(time.perf_counter_ns() - start, rejected, unexpected, example)


def _whole_list(func: Callable[[Sequence[str]], object], items: Sequence[str]) -> Run:
    """One call over the whole list; the result is the list of verdicts."""
    start = time.perf_counter_ns()
    result = func(items)
    elapsed = time.perf_counter_ns() - start
    rejected = sum(1 for ok in result if not ok) if isinstance(result, list) else 0
    return Run(elapsed, rejected, 0, None)


def time_once(op: Operation, contestant: Contestant, limit: int | None = None) -> Run:
    """One pass of a contestant over the operation's input (or its first ``limit`` items)."""
    gc.collect()
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        if op.items is not None:
            own = contestant.items if contestant.items is not None else op.items
            items = own if limit is None else own[:limit]
            if op.whole:
                return _whole_list(contestant.func, items)
            return _loop_items(contestant.func, items, contestant.errors)
        assert op.pairs is not None
        pairs = op.pairs if limit is None else op.pairs[:limit]
        return _loop_pairs(contestant.func, pairs, contestant.errors)
    finally:
        if gc_was_enabled:
            gc.enable()


def measure(op: Operation, rounds: int) -> list[Result]:
    contestants = op.contestants
    results = {c.name: Result(c.name) for c in contestants}
    count = op.count
    if not contestants or not count:
        return list(results.values())
    for contestant in contestants:  # warm-up, not recorded
        time_once(op, contestant, WARMUP_ITEMS)
    for r in range(rounds):
        shift = r % len(contestants)
        for contestant in contestants[shift:] + contestants[:shift]:
            run = time_once(op, contestant)
            result = results[contestant.name]
            result.rounds_ns_per_item.append(run.ns / count)
            result.rejected = run.rejected
            result.unexpected = run.unexpected
            result.example = result.example or run.example
    return list(results.values())


# --------------------------------------------------------------------------- contestants


def rfc3986_checker(rfc3986: ModuleType) -> Callable[[str], object]:
    """Parse with rfc3986 and check the reference is valid per RFC 3986.

    rfc3986 >= 1.1 has ``validators.Validator``; ``Validator().check_validity_of(<all
    components>).validate(ref)`` raises a ValidationError (an RFC3986Exception, not a
    ValueError) when a component is invalid.  Older versions only have the (later
    deprecated) ``URIReference.is_valid()``, which returns a bool.  The function
    returned raises on invalid input in the first case and returns False in the second;
    both count as a rejection.
    """
    uri_reference = rfc3986.uri_reference
    validators = getattr(rfc3986, "validators", None)
    validator_class = getattr(validators, "Validator", None)
    if validator_class is not None and hasattr(validator_class, "check_validity_of"):
        validate = (
            validator_class()
            .check_validity_of("scheme", "userinfo", "host", "port", "path", "query", "fragment")
            .validate
        )

        def check(text: str) -> object:
            ref = uri_reference(text)
            validate(ref)
            return ref

        return check

    warnings.filterwarnings("ignore", category=DeprecationWarning, module="rfc3986")

    def check_old(text: str) -> object:
        ref = uri_reference(text)
        return ref if ref.is_valid() else False

    return check_old


def rfc3986_errors(rfc3986: ModuleType) -> Errors:
    base = getattr(getattr(rfc3986, "exceptions", None), "RFC3986Exception", None)
    return (ValueError, base) if isinstance(base, type) else (ValueError,)


def build_operations(
    urikits: list[tuple[str, ModuleType]],
    urikit_skipped: dict[str, str],
    peers: dict[str, ModuleType | None],
    urls: list[str],
    pairs: list[tuple[str, str]],
) -> list[Operation]:
    rfc3986 = peers.get("rfc3986")
    uritools = peers.get("uritools")
    parse = Operation("parse", "parse (validating)", items=urls)
    validate = Operation("validate", "validate only", items=urls)
    read = Operation("read", "parse + read all components", items=urls)
    resolve = Operation("resolve", "resolve (refs.tsv)", pairs=pairs)
    normalize = Operation("normalize", "normalize", items=urls)
    batch = Operation("batch-validate", "batch validate (whole list)", items=urls, whole=True)
    operations = [parse, validate, read, resolve, normalize, batch]
    # The error path: the URLs the first urikit accepts, each with its middle
    # character replaced by a space (same length), against the URLs themselves.
    accepted = [u for u in urls if urikits and urikits[0][1].is_valid(u)]
    broken = [u[: len(u) // 2] + " " + u[len(u) // 2 + 1 :] for u in accepted]
    error = Operation(
        "parse-error", "error path: parse raising URIError vs parse succeeding", items=broken
    )

    for name, urikit in urikits:
        parse.add(name, urikit.parse)
        validate.add(name, urikit.is_valid)
        read.add(name, urikit_reader(urikit.parse))
        resolve.add(name, urikit.resolve)
        normalize.add(name, urikit.normalize)
        error.add(name, urikit.parse, (urikit.URIError,))
        error.add(f"{name} valid", urikit.parse, (urikit.URIError,), items=accepted)
        error.baselines[name] = f"{name} valid"
        batch_module = getattr(urikit, "batch", None)
        if batch_module is None:
            batch.skip(name, "no urikit.batch")
        else:
            batch.add(name, batch_module.validate)
    for name, why in urikit_skipped.items():
        for op in [*operations, error]:
            op.skip(name, why)

    # The cache-bypassed function: urlsplit itself is wrapped in an lru_cache.
    parse.add("urlsplit", getattr(urllib.parse.urlsplit, "__wrapped__", urllib.parse.urlsplit))
    resolve.add("urljoin", urllib.parse.urljoin)

    if rfc3986 is None:
        for op in operations:
            op.skip("rfc3986", "not installed")
    else:
        errors = rfc3986_errors(rfc3986)
        check = rfc3986_checker(rfc3986)
        parse.add("rfc3986", check, errors)

        def is_valid(text: str) -> bool:
            try:
                return check(text) is not False
            except errors:
                return False

        validate.add("rfc3986", is_valid)
        uri_reference = rfc3986.uri_reference

        def join(base: str, reference: str) -> object:
            return uri_reference(reference).resolve_with(base).unsplit()

        resolve.add("rfc3986", join, errors)
        normalize.add("rfc3986", rfc3986.normalize_uri, errors)

    if uritools is None:
        for op in operations:
            op.skip("uritools", "not installed")
    else:
        parse.add("uritools", uritools.urisplit)
        validate.skip("uritools", "has no validator")
        resolve.add("uritools", uritools.urijoin)
        normalize.skip("uritools", "has no normalize")
    add_more_peers(peers, parse, validate, read, resolve, normalize, batch)
    return [*operations, error]


def urikit_reader(parse: Callable[[str], object]) -> Callable[[str], object]:
    def read(text: str) -> object:
        r: Any = parse(text)
        return (r.scheme, r.authority, r.userinfo, r.host, r.port, r.path, r.query, r.fragment)

    return read


def add_more_peers(
    peers: dict[str, ModuleType | None],
    parse: Operation,
    validate: Operation,
    read: Operation,
    resolve: Operation,
    normalize: Operation,
    batch: Operation,
) -> None:
    """yarl, rfc3987, ada-url and can_ada (each skipped when not installed)."""
    everything = (parse, validate, read, resolve, normalize, batch)
    yarl = peers.get("yarl")
    if yarl is None:
        for op in everything:
            op.skip("yarl", "not installed")
    else:
        url = yarl.URL
        parse.add("yarl", url)
        validate.skip("yarl", "has no validator")

        def yarl_read(text: str) -> object:
            u = url(text)
            return (u.scheme, u.authority, u.user, u.password, u.host, u.port, u.path,
                    u.query_string, u.fragment)  # fmt: skip

        read.add("yarl", yarl_read)
        resolve.add("yarl", lambda base, ref: str(url(base).join(url(ref))))
        normalize.skip("yarl", "has no RFC 3986 normalize")

    rfc3987 = peers.get("rfc3987")
    if rfc3987 is None:
        for op in everything:
            op.skip("rfc3987", "not installed")
    else:
        parse.add("rfc3987", lambda text: rfc3987.parse(text, rule="URI_reference"))
        validate.add("rfc3987", lambda text: rfc3987.match(text, rule="URI_reference") is not None)
        resolve.add("rfc3987", rfc3987.resolve)

    ada = peers.get("ada_url")
    if ada is None:
        for op in everything:
            op.skip("ada_url", "not installed")
    else:
        parse.add("ada_url", ada.URL)
        validate.add("ada_url", ada.check_url)
        read.add("ada_url", ada.parse_url)
        resolve.add("ada_url", ada.join_url)
        normalize.add("ada_url", ada.normalize_url)

    can_ada = peers.get("can_ada")
    if can_ada is None:
        for op in everything:
            op.skip("can_ada", "not installed")
        return
    can_parse = can_ada.can_parse
    parse.add("can_ada", can_ada.parse)
    validate.add("can_ada", can_parse)

    def can_ada_read(text: str) -> object:
        u = can_ada.parse(text)
        return (u.protocol, u.host, u.username, u.password, u.hostname, u.port, u.pathname,
                u.search, u.hash)  # fmt: skip

    read.add("can_ada", can_ada_read)
    normalize.add("can_ada", lambda text: can_ada.parse(text).href)
    batch.add("can_ada", lambda texts: [can_parse(text) for text in texts])


# --------------------------------------------------------------------------- report


def ratio_key(subject: str, peer: str) -> str:
    return f"{subject} / {peer}"


def ratios(results: list[Result], baselines: dict[str, str] | None = None) -> dict[str, float]:
    """urikit contestant / peer, for every pair measured (only subject / its
    baseline when ``baselines`` are given)."""
    by_name = {r.name: r for r in results if r.rounds_ns_per_item}
    out: dict[str, float] = {}
    if baselines:
        for subject, base in baselines.items():
            if subject in by_name and base in by_name:
                out[ratio_key(subject, base)] = by_name[subject].median / by_name[base].median
        return out
    for subject in (n for n in by_name if n.startswith("urikit")):
        for peer in (n for n in by_name if not n.startswith("urikit")):
            out[ratio_key(subject, peer)] = by_name[subject].median / by_name[peer].median
    return out


def op_floors(op: Operation, rounds: int) -> dict[str, float]:
    """The floors (bench/_floors.py) over the operation's items, in this run; for
    pairs, over the references (one loop step per pair)."""
    if op.items is not None:
        return floors(op.items, rounds)
    return floors([reference for _base, reference in op.pairs or ()], rounds)


def print_operation(
    op: Operation, results: list[Result], rounds: int, floor: dict[str, float]
) -> dict[str, float]:
    unit = "pairs" if op.pairs is not None else "URLs"
    print(f"\n== {op.title}: {op.count:,} {unit}, {rounds} rounds ==")
    print(f"  {describe(floor)}")
    print(
        f"  {'contestant':<12} {'ns/item':>10} {'min':>10} {'max':>10} {'rejected':>9}"
        "   against the floors"
    )
    for r in results:
        times = r.rounds_ns_per_item
        print(
            f"  {r.name:<12} {r.median:>10.1f} {min(times):>10.1f} {max(times):>10.1f}"
            f" {r.rejected:>9,}   {beside(r.median, floor)}"
        )
    for name, why in op.skipped.items():
        print(f"  {name:<12} skipped: {why}")
    for r in results:
        if r.unexpected:
            print(f"  WARNING {r.name}: {r.unexpected:,} unexpected exceptions, e.g. {r.example}")
    op_ratios = ratios(results, op.baselines)
    for key, value in op_ratios.items():
        print(f"  {key} = {value:.2f}x")
    return op_ratios


def startup(
    urikits: list[tuple[str, ModuleType]], rounds: int, all_ratios: dict[str, dict[str, float]]
) -> dict[str, object]:
    """Time `urikit parse X` against `python -c pass` for each urikit contestant
    (bench/_startup.py); the ratio of the first way of running the tool (the
    console script when installed) is the one TARGETS checks."""
    runs = max(6 * rounds, 30)
    print(f"\n== start-up: `urikit parse X` against `python -c pass`, {runs} runs each ==")
    print("  floor: python -c pass (wall time of a process that imports nothing)")
    out: dict[str, object] = {}
    startup_ratios: dict[str, float] = {}
    for name, module in urikits:
        times = _startup.measure(module, no_speedups=name == "urikit", rounds=runs)
        by_way = _startup.report(name, times)
        for way, value in by_way.items():
            startup_ratios.setdefault(ratio_key(name, "python -c pass"), value)
            startup_ratios[ratio_key(f"{name} ({way})", "python -c pass")] = value
        out[name] = {"seconds": times, "ratios": by_way}
    all_ratios["startup"] = startup_ratios
    return out


def check_targets(
    all_ratios: dict[str, dict[str, float]], impl: str = "both"
) -> list[dict[str, object]]:
    print("\n== targets (urikit subject vs peer, same run) ==")
    checks: list[dict[str, object]] = []
    for (op_name, subject, peer), target in TARGETS.items():
        key = ratio_key(subject, peer)
        value = all_ratios.get(op_name, {}).get(key)
        if subject not in SUBJECTS[impl]:
            status = "SKIP"
            shown = f"--impl {impl} does not time {subject}"
        elif value is None:
            status = "MISSING"
            shown = "not measured"
        else:
            status = "PASS" if value <= target else "FAIL"
            shown = f"{value:.2f}x"
        print(f"  {status:<7} {op_name}: {key} = {shown} (target <= {target:.2f}x)")
        checks.append(
            {
                "operation": op_name,
                "subject": subject,
                "peer": peer,
                "target": target,
                "ratio": value,
                "status": status,
            }
        )
    return checks


def environment(
    args: argparse.Namespace,
    corpus: Path,
    versions: dict[str, str],
    urikit_files: dict[str, str],
    counts: dict[str, int],
) -> dict[str, object]:
    return {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "python": sys.version.replace("\n", " "),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor() or "unknown",
        "cpu_count": os.cpu_count(),
        "rounds": args.rounds,
        "limit": args.limit,
        "impl": args.impl,
        "corpus": str(corpus),
        "counts": counts,
        "versions": versions,
        "urikit_files": urikit_files,
    }


# --------------------------------------------------------------------------- main


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "--corpus",
        type=Path,
        default=DEFAULT_CORPUS,
        metavar="DIR",
        help="directory holding urls.txt and refs.tsv (default: <repo>/../shared/corpus)",
    )
    parser.add_argument("--rounds", type=positive_int, default=5, metavar="N")
    parser.add_argument(
        "--limit", type=positive_int, default=None, metavar="N", help="use the first N lines"
    )
    parser.add_argument("--json", type=Path, default=None, metavar="FILE")
    parser.add_argument(
        "--impl",
        choices=("python", "c", "both"),
        default="python",
        help=(
            "which urikit to time: 'python' (imported with URIKIT_NO_SPEEDUPS=1, the "
            "contestant 'urikit'), 'c' (imported without it, 'urikit-c'), or both"
        ),
    )
    parser.add_argument(
        "--check", action="store_true", help="exit 1 when a target in TARGETS is missed"
    )
    return parser.parse_args(argv)


def load_urikits(impl: str) -> tuple[list[tuple[str, ModuleType]], dict[str, str], dict[str, str]]:
    """The urikit contestants to time, those unavailable (name -> why), and their files.

    To add another urikit contestant (e.g. a kernel module imported directly),
    append (name, module-like object with parse/is_valid/resolve/normalize) here.
    """
    urikits: list[tuple[str, ModuleType]] = []
    skipped: dict[str, str] = {}
    files: dict[str, str] = {}
    if impl in ("python", "both"):
        module, extensions = import_urikit(no_speedups=True)
        urikits.append(("urikit", module))
        files["urikit"] = str(getattr(module, "__file__", "?"))
        if extensions:
            print(
                f"note: with {NO_SPEEDUPS_ENV}=1 urikit still loaded {', '.join(extensions)}",
                file=sys.stderr,
            )
    if impl in ("c", "both"):
        module, extensions = import_urikit(no_speedups=False)
        if extensions:
            urikits.append(("urikit-c", module))
            files["urikit-c"] = f"{getattr(module, '__file__', '?')} + {', '.join(extensions)}"
        else:
            skipped["urikit-c"] = "urikit loaded no compiled extension (no C accelerator built)"
    return urikits, skipped, files


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    corpus: Path = args.corpus
    for needed in ("urls.txt", "refs.tsv"):
        if not (corpus / needed).is_file():
            print(f"error: {corpus / needed} not found (see --corpus)", file=sys.stderr)
            return 2

    urikits, urikit_skipped, urikit_files = load_urikits(args.impl)
    peers = {
        name: optional_import(name)
        for name in ("rfc3986", "uritools", "yarl", "rfc3987", "ada_url", "can_ada")
    }
    versions = {"urikit": distribution_version("urikit", urikits[0][1] if urikits else None)}
    for name, module in peers.items():
        dist = {"ada_url": "ada-url"}.get(name, name)
        versions[name] = "not installed" if module is None else distribution_version(dist, module)

    urls = read_urls(corpus, args.limit)
    pairs = read_pairs(corpus, args.limit)
    counts = {"urls": len(urls), "pairs": len(pairs)}
    env = environment(args, corpus.resolve(), versions, urikit_files, counts)

    print(f"Python   {env['python']}")
    print(f"machine  {env['platform']} ({env['machine']}, {env['cpu_count']} CPUs)")
    print(f"date     {env['date']}")
    print(f"corpus   {env['corpus']}: {len(urls):,} URLs, {len(pairs):,} pairs")
    print(f"rounds   {args.rounds} (median reported; order rotated each round)")
    print("versions " + ", ".join(f"{k} {v}" for k, v in versions.items()))
    for name, path in urikit_files.items():
        print(f"{name:<8} {path}")
    print("urlsplit = urllib.parse.urlsplit.__wrapped__ (its lru_cache bypassed)")

    operations = build_operations(urikits, urikit_skipped, peers, urls, pairs)
    report: dict[str, object] = {"environment": env}
    op_reports: dict[str, object] = {}
    all_ratios: dict[str, dict[str, float]] = {}
    for op in operations:
        results = measure(op, args.rounds)
        floor = op_floors(op, args.rounds)
        op_ratios = print_operation(op, results, args.rounds, floor)
        all_ratios[op.name] = op_ratios
        op_reports[op.name] = {
            "items": op.count,
            "contestants": {
                r.name: {
                    "median_ns_per_item": r.median,
                    "rounds_ns_per_item": r.rounds_ns_per_item,
                    "rejected": r.rejected,
                    "unexpected_exceptions": r.unexpected,
                    "unexpected_example": r.example,
                }
                for r in results
            },
            "skipped": op.skipped,
            "ratios": op_ratios,
            "floors_ns": floor,
        }
    report["operations"] = op_reports
    report["startup"] = startup(urikits, args.rounds, all_ratios)
    checks = check_targets(all_ratios, args.impl)
    report["targets"] = checks

    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        print(f"\nwrote {args.json}")

    if args.check and any(c["status"] not in ("PASS", "SKIP") for c in checks):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
