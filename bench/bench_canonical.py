#!/usr/bin/env python3
"""Benchmark urikit's canonical forms against the libraries crawlers, archives and
filters use today.

Run from the repository root::

    python bench/bench_canonical.py                  # both builds, 5 rounds, whole corpus
    python bench/bench_canonical.py --impl c --rounds 3 --limit 20000
    python bench/bench_canonical.py --check          # exit 1 when a target is missed

Pairs, each timed within one run on the corpus (``../shared/corpus/urls.txt``):

* ``canonical(profile="semantic")`` and ``urlcanon.semantic``;
* ``canonical(profile="semantic")`` and w3lib's ``canonicalize_url``;
* ``canonical(profile="safe-browsing")`` and ``urlcanon.google``;
* ``urikit.surt`` and ``surt.surt``.

Target: at least 10 times faster than each peer per URL (a ratio of at most
0.1); the peers are in the ``bench`` extra, and a pair whose peer is missing is
skipped. A URL a contestant raises on counts as done (the exception is caught).
Each build runs in a child process (``URIKIT_NO_SPEEDUPS=1`` for "python").
In the C build the semantic, safe-browsing and default SURT forms of a plain
http(s) URL come from a C kernel that declines anything else (the Python code
does those); the C run prints the share of the URLs it takes. No test asserts
on speed.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from typing import Any

from _perbuild import child_floors, import_urikit, main, measure, read_urls

#: (subject, peer) -> the largest acceptable "subject time / peer time".
TARGETS: dict[tuple[str, str], float] = {
    ("canonical semantic", "urlcanon.semantic"): 0.1,
    ("canonical semantic", "w3lib.canonicalize_url"): 0.1,
    ("canonical safe-browsing", "urlcanon.google"): 0.1,
    ("urikit.surt", "surt.surt"): 0.1,
}


def _caught(func: Callable[[str], object]) -> Callable[[str], object]:
    def run(text: str) -> object:
        try:
            return func(text)
        except ValueError as exc:  # urikit.URIError is a ValueError; so are the peers'
            return exc

    return run


def child(args: argparse.Namespace) -> dict[str, Any]:
    """Run in the child process: time everything for the build urikit loaded."""
    urikit = import_urikit()
    urls = read_urls(args)
    result: dict[str, Any] = {"implementation": urikit.IMPLEMENTATION, "items": len(urls)}
    ops: dict[str, Callable[[str], object]] = {
        "canonical semantic": _caught(lambda s: urikit.canonical(s, "semantic")),
        "canonical safe-browsing": _caught(lambda s: urikit.canonical(s, "safe-browsing")),
        "urikit.surt": _caught(urikit.surt),
    }
    skipped: dict[str, str] = {}
    try:
        urlcanon = importlib.import_module("urlcanon")  # no type stubs

        ops["urlcanon.semantic"] = _caught(lambda s: str(urlcanon.semantic(s)))
        ops["urlcanon.google"] = _caught(lambda s: str(urlcanon.google(s)))
    except ImportError as exc:
        skipped["urlcanon"] = f"urlcanon not importable: {exc}"
    try:
        from w3lib.url import canonicalize_url

        ops["w3lib.canonicalize_url"] = _caught(canonicalize_url)
    except ImportError as exc:
        skipped["w3lib"] = f"w3lib not importable: {exc}"
    try:
        surt = importlib.import_module("surt")

        ops["surt.surt"] = _caught(surt.surt)
    except ImportError as exc:
        skipped["surt"] = f"surt not importable: {exc}"
    if skipped:
        result["skipped"] = skipped
    fast = importlib.import_module("urikit.core._accel").canonical_fast
    if fast is not None:
        taken = sum(fast(s, 0) is not None for s in urls)
        result["notes"] = {"C fast path takes": f"{taken} of {len(urls)} URLs"}
    result["timings"] = measure(ops, urls, args.rounds)
    result["info"] = {}
    result["floors"] = child_floors(urls, args.rounds)
    return result


if __name__ == "__main__":
    sys.exit(
        main(
            sys.argv[1:],
            doc=__doc__ or "",
            script=__file__,
            child=child,
            targets=TARGETS,
            c_only=frozenset(),
        )
    )
