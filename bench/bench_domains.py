#!/usr/bin/env python3
"""Benchmark urikit.domains.registrable_domain against tldextract and publicsuffixlist.

Run from the repository root::

    python bench/bench_domains.py                  # both builds, 5 rounds, every corpus host
    python bench/bench_domains.py --quick          # a smoke test: 1 round, 2,000 hosts
    python bench/bench_domains.py --impl c --rounds 7
    python bench/bench_domains.py --check          # exit 1 when a target is missed
    python bench/bench_domains.py --json out.json

Items: the hosts of the URL corpus (../shared/corpus/urls.txt), as urikit
parses them (each line with a host, in the corpus's order, repeats kept; a
line that does not parse, or has no host, is left out).

Contestants, each called on a host and giving its registrable domain, the
list's private section included (the issue's examples: ``a.b.github.io`` ->
``b.github.io``):

* ``registrable_domain``: ``urikit.domains.registrable_domain(host)`` with
  the list the ``publicsuffixlist`` package ships (urikit's default list);
* ``tldextract.extract``: ``TLDExtract(cache_dir=None, suffix_list_urls=(),
  include_psl_private_domains=True)`` called on the host, and the result's
  ``top_domain_under_public_suffix`` read: the snapshot of the list tldextract
  bundles, no network, no cache file;
* ``publicsuffixlist.privatesuffix``: ``PublicSuffixList().privatesuffix(host)``
  (its bundled list, the one urikit reads);
* for information, ``tldextract (same list)``: tldextract given the
  ``publicsuffixlist`` package's file (``suffix_list_urls=("file://...",)``,
  ``fallback_to_snapshot=False``), so that the three read one list version.

Targets (issue 45, item 3), per build, measured in one run: the scalar lookup
at least 10 times as fast as tldextract's ``extract`` (a time ratio at most
0.1) and 5 times as fast as publicsuffixlist (at most 0.2); and the Arrow
kernel at most 50 ns a row (reported, not checked by ``--check``).

The Arrow kernel, per build: ``urikit.arrow.registrable_domain`` of one
``string`` array of the same hosts, and of one of the corpus lines (URLs: the
host read from each first), the median seconds of a call over the rounds,
divided by the rows (in the C build the GIL-free kernel arrow_domain; in the
pure-Python build one ``str`` per row).

Also reported, per build: the list versions each contestant reads; the
first-use load time (urikit's ``default_list()``: reading and compiling the
list, the first thing the child does; ``PublicSuffixList()``; tldextract's
first call, which reads its snapshot); the memory of urikit's loaded list
(tracemalloc of a second ``load`` of the same file: what stays allocated, and
the peak while compiling; and the trie's own size, ``sys.getsizeof`` summed
over its dicts, tuples and label strings) beside tracemalloc of the peers'
loads; and how many hosts the peers answer as urikit does (for information:
tldextract reads IP addresses and empty labels otherwise).

Each build runs in a child process (``URIKIT_NO_SPEEDUPS=1`` for "python",
unset for "c"; the C build is skipped when its extension is not built). Within
a process the contestants run in interleaved rounds, the order rotated each
round, and the median per item is reported. No test asserts on speed.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

from _perbuild import child_floors, import_urikit, main, measure, read_urls

#: (subject, peer) -> the largest acceptable "subject time / peer time".
TARGETS: dict[tuple[str, str], float] = {
    ("registrable_domain", "tldextract.extract"): 0.1,
    ("registrable_domain", "publicsuffixlist.privatesuffix"): 0.2,
}

#: --quick: a smoke test of the whole script.
QUICK = ["--rounds", "1", "--limit", "2000"]


def deep_size(root: object) -> int:
    """Bytes of ``root`` and of every dict, tuple, list and str under it, each
    object counted once (``sys.getsizeof``; small ints are shared and left out)."""
    seen: set[int] = set()
    total = 0
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or item is None or isinstance(item, int):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, tuple | list):
            stack.extend(item)
    return total


def traced(make: Callable[[], object]) -> tuple[object, int, int]:
    """``make()``, the bytes it left allocated (what it returned keeps) and its peak."""
    tracemalloc.start()
    try:
        made = make()
        current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return made, current, peak


def seconds(make: Callable[[], object]) -> tuple[object, float]:
    start = time.perf_counter()
    made = make()
    return made, time.perf_counter() - start


def _mib(n: int) -> str:
    return f"{n / 2**20:.2f} MiB"


def list_version(path: str) -> str:
    """The ``// VERSION:`` line of a list file, or ``?``."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("// VERSION:"):
                return line.split(":", 1)[1].strip()
            if line.strip() and not line.startswith("//"):
                break
    return "?"


def arrow_rows(urikit: Any, hosts: list[str], urls: list[str], rounds: int) -> dict[str, float]:
    """ns per row of ``urikit.arrow.registrable_domain`` on a column of ``hosts``
    and on one of ``urls`` (the median call over ``rounds``, after one warm-up);
    empty without pyarrow."""
    try:
        import pyarrow as pa
    except ImportError:
        return {}
    from urikit import arrow

    out = {}
    for name, rows in (("hosts", hosts), ("urls", urls)):
        column = pa.array(rows, pa.string())
        arrow.registrable_domain(column)
        times = []
        for _ in range(max(rounds, 1)):
            start = time.perf_counter()
            arrow.registrable_domain(column)
            times.append(time.perf_counter() - start)
        out[name] = sorted(times)[len(times) // 2] / max(len(rows), 1) * 1e9
    return out


def child(args: argparse.Namespace) -> dict[str, Any]:
    """Run in the child process: time everything for the build urikit loaded."""
    urikit = import_urikit()
    from urikit import domains

    # first use: the list read and compiled, before anything else touches it
    psl, load_s = seconds(domains.default_list)
    assert isinstance(psl, domains.PublicSuffixList)

    import publicsuffixlist
    import tldextract

    peer_psl, peer_psl_s = seconds(publicsuffixlist.PublicSuffixList)
    assert isinstance(peer_psl, publicsuffixlist.PublicSuffixList)
    bundled = tldextract.TLDExtract(
        cache_dir=None, suffix_list_urls=(), include_psl_private_domains=True
    )
    _, tld_load_s = seconds(lambda: bundled("example.com"))
    same = tldextract.TLDExtract(
        cache_dir=None,
        suffix_list_urls=("file://" + publicsuffixlist.PSLFILE,),
        fallback_to_snapshot=False,
        include_psl_private_domains=True,
    )
    same("example.com")

    # memory: a second compile of the same file, traced (PyMem allocations too:
    # in the C build that includes the C table), and the C table alone
    again, kept, peak = traced(lambda: domains.load(psl.source))
    trie = deep_size(again._root)  # type: ignore[attr-defined]
    from urikit.domains._list import _nodes, psl_table

    table_bytes = 0
    if psl_table is not None:
        nodes = _nodes(again._root)  # type: ignore[attr-defined]
        table_of = psl_table
        _, table_bytes, _ = traced(lambda: table_of(nodes))
    _, peer_kept, _ = traced(publicsuffixlist.PublicSuffixList)
    fresh = tldextract.TLDExtract(
        cache_dir=None, suffix_list_urls=(), include_psl_private_domains=True
    )
    _, tld_kept, _ = traced(lambda: fresh("example.com"))

    hosts = []
    for url in read_urls(args):
        try:
            host = urikit.parse(url).host
        except ValueError:
            continue
        if host:
            hosts.append(host)

    registrable_domain = domains.registrable_domain
    privatesuffix = peer_psl.privatesuffix
    contestants: dict[str, Callable[[str], object]] = {
        "registrable_domain": registrable_domain,
        "tldextract.extract": lambda h: bundled(h).top_domain_under_public_suffix,
        "publicsuffixlist.privatesuffix": privatesuffix,
    }
    info_contestants: dict[str, Callable[[str], object]] = {
        "tldextract (same list)": lambda h: same(h).top_domain_under_public_suffix,
    }
    # all four in the same interleaved rounds; the information row is moved aside
    timings = measure({**contestants, **info_contestants}, hosts, args.rounds)
    info = {name: timings.pop(name) for name in info_contestants}

    arrow_ns = arrow_rows(urikit, hosts, read_urls(args), args.rounds)

    ours = [registrable_domain(h) for h in hosts]
    agree = {
        name: sum(1 for h, mine in zip(hosts, ours, strict=True) if (func(h) or None) == mine)
        for name, func in {**contestants, **info_contestants}.items()
        if name != "registrable_domain"
    }
    tld_snapshot = "?"
    snapshot = getattr(tldextract, "__file__", None)
    if snapshot:
        path = Path(snapshot).with_name(".tld_set_snapshot")
        if path.is_file():
            tld_snapshot = list_version(str(path))
    ns = {name: value * 1e9 for name, value in timings.items()}
    return {
        "implementation": urikit.IMPLEMENTATION,
        "items": len(hosts),
        "timings": timings,
        "info": info,
        "floors": child_floors(hosts, args.rounds),
        "notes": {
            "hosts": f"{len(hosts)} ({len(set(hosts))} distinct)",
            "list (urikit, publicsuffixlist, tldextract same list)": (
                f"{psl.version} (publicsuffixlist {version('publicsuffixlist')},"
                f" {len(psl.rules)} rules)"
            ),
            "list (tldextract bundled)": f"{tld_snapshot} (tldextract {tldextract.__version__})",
            "first use: urikit default_list()": f"{load_s * 1e3:.1f} ms",
            "first use: PublicSuffixList()": f"{peer_psl_s * 1e3:.1f} ms",
            "first use: tldextract's first call": f"{tld_load_s * 1e3:.1f} ms",
            "memory: urikit load(), kept / peak": f"{_mib(kept)} / {_mib(peak)}",
            "memory: urikit trie (getsizeof, summed)": _mib(trie),
            "memory: urikit C table (tracemalloc)": _mib(table_bytes),
            "memory: PublicSuffixList(), kept": _mib(peer_kept),
            "memory: tldextract first call, kept": _mib(tld_kept),
            "ns per call": ", ".join(f"{k} {v:.0f}" for k, v in ns.items()),
            "speed-up (peer time / urikit time)": ", ".join(
                f"{k} {v / ns['registrable_domain']:.1f}x"
                for k, v in ns.items()
                if k != "registrable_domain"
            ),
            "arrow.registrable_domain, ns per row (target <= 50)": ", ".join(
                f"{k} {v:.0f}" for k, v in arrow_ns.items()
            ),
            "answers as urikit's": ", ".join(f"{k} {v}/{len(hosts)}" for k, v in agree.items()),
        },
    }


if __name__ == "__main__":
    argv = sys.argv[1:]
    if "--quick" in argv:
        argv = [a for a in argv if a != "--quick"] + QUICK
    sys.exit(main(argv, doc=__doc__ or "", script=__file__, child=child, targets=TARGETS))
