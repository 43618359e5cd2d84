#!/usr/bin/env python3
"""Benchmark URIReference's edits (update_query, "/") against yarl's.

Run from the repository root::

    python bench/bench_edit.py                 # both builds, 5 rounds, whole corpus
    python bench/bench_edit.py --impl c --rounds 3 --limit 20000
    python bench/bench_edit.py --check         # exit 1 when a target is missed
    python bench/bench_edit.py --json out.json

The items are the corpus's http(s) URLs that both urikit and yarl accept, each
parsed once beforehand by both (``urikit.parse(s)``, ``yarl.URL(s,
encoded=True)``, so that yarl keeps the text as given); only the edit is timed:

* ``update_query``: ``ref.update_query({name: "2"})``, ``name`` the URL's first
  query parameter (the one edit that rewrites a parameter in place), or
  ``"page"`` (an appended one) for a URL without a query;
* ``/``: ``ref / "page 2"`` (a segment that needs percent-encoding).

Targets, the C build's (in the pure-Python build the ratios are printed for
information): each urikit edit takes at most as long as yarl's
(``urikit / yarl <= 1.0``; skipped when yarl, of the ``bench`` extra, is not
installed). For information, the notes count the URLs whose result differs
from yarl's: yarl re-encodes the query it rewrites (``%7e`` becomes ``~``),
writes space as ``+`` in a query and "/" for an empty path (``http://h?q``),
where urikit leaves untouched bytes as written.

The corpus is ``../shared/corpus/urls.txt`` (``--corpus``); without it the
script exits with status 2 and a message. Each build runs in a child process
(bench/_perbuild.py); within a process the contestants run in interleaved
rounds, the order rotated each round, and the median per item is reported. No
test asserts on speed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _perbuild import DEFAULT_CORPUS, child_floors, import_urikit, main, measure, read_urls

#: (subject, peer) -> the largest acceptable "subject time / peer time" (a limit of
#: 1.0 is "strictly less" in the harness; 1.001 lets a tie pass).
TARGETS: dict[tuple[str, str], float] = {
    ("urikit update_query", "yarl update_query"): 1.001,
    ("urikit /", "yarl /"): 1.001,
}
C_ONLY: frozenset[tuple[str, str]] = frozenset(TARGETS)

SEGMENT = "page 2"


def _first_name(query: str | None) -> str:
    if not query:
        return "page"
    return query.split("&", 1)[0].partition("=")[0] or "page"


def child(args: argparse.Namespace) -> dict[str, Any]:
    """Run in the child process: time everything for the build urikit loaded."""
    urikit = import_urikit()
    urls = read_urls(args)
    result: dict[str, Any] = {"implementation": urikit.IMPLEMENTATION}
    yarl: Any
    try:
        import yarl
    except ImportError as exc:
        yarl = None
        result["skipped"] = {"yarl": f"yarl not importable: {exc}"}

    refs: list[Any] = []
    peers: list[Any] = []
    params: list[dict[str, str]] = []
    for u in urls:
        if not urikit.is_valid(u):
            continue
        ref = urikit.parse(u)
        if ref.scheme not in ("http", "https") or not ref.host:
            continue
        name = _first_name(ref.query)
        try:
            key = urikit.percent_decode(name)
            peer = None if yarl is None else yarl.URL(u, encoded=True)
        except ValueError:  # a name that is not UTF-8, or a URL yarl refuses
            continue
        refs.append(ref)
        peers.append(peer)
        params.append({key: "2"})
    result["items"] = len(refs)
    n = range(len(refs))
    # The items are indexes: each contestant reads its own pre-parsed object.
    items: list[Any] = list(n)

    def urikit_update(i: int) -> object:
        return refs[i].update_query(params[i])

    def urikit_join(i: int) -> object:
        return refs[i] / SEGMENT

    update_ops: dict[str, Callable[[Any], object]] = {"urikit update_query": urikit_update}
    join_ops: dict[str, Callable[[Any], object]] = {"urikit /": urikit_join}
    notes: dict[str, str] = {}
    if yarl is not None:

        def yarl_update(i: int) -> object:
            return peers[i].update_query(params[i])

        def yarl_join(i: int) -> object:
            return peers[i] / SEGMENT

        update_ops["yarl update_query"] = yarl_update
        join_ops["yarl /"] = yarl_join
        differ = [i for i in n if str(urikit_update(i)) != str(yarl_update(i))]
        slash = sum(not refs[i].path for i in differ)  # yarl writes "/" for an empty path
        notes["update_query results unlike yarl's"] = (
            f"{len(differ)} of {len(refs)} ({slash} of them: yarl's '/' for an empty path)"
        )
        differ_p = sum(str(urikit_join(i)) != str(yarl_join(i)) for i in n)
        notes["/ results unlike yarl's"] = f"{differ_p} of {len(refs)}"
    timings = measure(update_ops, items, args.rounds)
    timings.update(measure(join_ops, items, args.rounds))
    result["timings"] = timings
    result["info"] = {}
    result["notes"] = notes
    result["floors"] = child_floors([str(r) for r in refs], args.rounds)
    return result


def _corpus_missing(argv: list[str]) -> Path | None:
    """The corpus file the arguments name, when it does not exist."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    known, _ = pre.parse_known_args(argv)
    corpus: Path = known.corpus
    return None if corpus.is_file() else corpus


if __name__ == "__main__":
    missing = _corpus_missing(sys.argv[1:])
    if missing is not None:
        print(f"error: corpus {missing} not found (see --corpus)", file=sys.stderr)
        sys.exit(2)
    sys.exit(
        main(
            sys.argv[1:],
            doc=__doc__ or "",
            script=__file__,
            child=child,
            targets=TARGETS,
            c_only=C_ONLY,
        )
    )
