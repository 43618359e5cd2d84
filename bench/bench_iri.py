#!/usr/bin/env python3
"""Benchmark urikit.iri against urikit's URI parser and the rfc3987 package.

Run from the repository root::

    python bench/bench_iri.py                 # both builds, 5 rounds, whole corpus
    python bench/bench_iri.py --impl c --rounds 3 --limit 20000
    python bench/bench_iri.py --check         # exit 1 when a target is missed
    python bench/bench_iri.py --json out.json

Targets (issue 11), each measured within one run, per build of urikit:

* ``iri.parse`` on the (ASCII) URL corpus takes at most 1.5 times as long as
  ``urikit.parse`` of the same build;
* ``iri.is_valid`` is faster than ``rfc3987.match(s, "IRI_reference")``
  (the ``bench`` extra; the target is skipped when rfc3987 is not installed);
* issue 20 item 4 (the C build's; the pure-Python build's ratios are printed for
  information): ``iri.is_valid`` on the ASCII corpus takes at most 1.2 times
  as long as ``urikit.is_valid``; ``iri.to_uri(s, idna=True)`` on IRIs with
  non-ASCII hosts (the corpus's http(s) URLs, each host replaced by one of 64
  non-ASCII names, so that hosts repeat as in real data) at most 3 times as long
  as ``can_ada.parse(s).href`` on the same IRIs (skipped without can_ada).

For information, ``iri.parse`` and ``iri.to_uri`` are also timed on the corpus
turned into IRIs (``iri.from_uri``) and with non-ASCII paths.

Each build runs in a child process (``URIKIT_NO_SPEEDUPS=1`` for "python",
unset for "c"; the C build is skipped when its extension is not built). Within
a process the contestants run in interleaved rounds, the order rotated each
round, and the median per item is reported. No test asserts on speed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from _perbuild import child_floors, import_urikit, main, measure, read_urls

#: (subject, peer) -> the largest acceptable "subject time / peer time".
TARGETS: dict[tuple[str, str], float] = {
    ("iri.parse", "urikit.parse"): 1.5,
    ("iri.is_valid", "rfc3987.match"): 1.0,
    ("iri.is_valid", "urikit.is_valid"): 1.2,
    ("iri.to_uri (idna, non-ASCII hosts)", "can_ada parse+href (non-ASCII hosts)"): 3.0,
}
#: Issue 20's targets, which are the C build's.
C_ONLY: frozenset[tuple[str, str]] = frozenset(list(TARGETS)[2:])

#: The non-ASCII host names of the to_uri(idna=True) set; they repeat over the corpus.
_IDN_NAMES = (("例え", "テスト"), ("bücher", "de"), ("пример", "рф"), ("münchen", "com"))
IDN_HOSTS = tuple(f"{word}{i}.{tld}" for i in range(16) for word, tld in _IDN_NAMES)


def idn_iris(urikit: Any, urls: list[str]) -> list[str]:
    """The corpus's valid http(s) URLs with a registered name, each host replaced
    by one of :data:`IDN_HOSTS` (in turn), the rest of the URL unchanged."""
    out = []
    for u in urls:
        if not urikit.is_valid(u):
            continue
        ref = urikit.parse(u)
        if ref.scheme not in ("http", "https") or ref.host_kind != "reg-name" or not ref.host:
            continue
        if ref.userinfo is not None:
            continue
        host = IDN_HOSTS[len(out) % len(IDN_HOSTS)]
        port = "" if ref.port is None else f":{ref.port}"
        query = "" if ref.query is None else f"?{ref.query}"
        fragment = "" if ref.fragment is None else f"#{ref.fragment}"
        out.append(f"{ref.scheme}://{host}{port}{ref.path}{query}{fragment}")
    return out


def child(args: argparse.Namespace) -> dict[str, Any]:
    """Run in the child process: time everything for the build urikit loaded."""
    urikit = import_urikit()
    from urikit import iri

    urls = read_urls(args)
    result: dict[str, Any] = {"implementation": urikit.IMPLEMENTATION, "items": len(urls)}

    ascii_ops = {"urikit.parse": urikit.parse, "iri.parse": iri.parse}
    validate_ops: dict[str, Callable[[str], object]] = {
        "urikit.is_valid": urikit.is_valid,
        "iri.is_valid": iri.is_valid,
    }
    try:
        import rfc3987

        validate_ops["rfc3987.match"] = lambda s: rfc3987.match(s, "IRI_reference")
    except ImportError as exc:
        result["skipped"] = {"rfc3987.match": f"rfc3987 not importable: {exc}"}
    timings = measure(ascii_ops, urls, args.rounds)
    timings.update(measure(validate_ops, urls, args.rounds))

    idn = idn_iris(urikit, urls)
    idn_ops: dict[str, Callable[[str], object]] = {
        "iri.to_uri (idna, non-ASCII hosts)": lambda s: iri.to_uri(s, idna=True),
    }
    try:
        import can_ada

        idn_ops["can_ada parse+href (non-ASCII hosts)"] = lambda s: can_ada.parse(s).href
    except ImportError as exc:
        result.setdefault("skipped", {})["can_ada"] = f"can_ada not importable: {exc}"
    timings.update(measure(idn_ops, idn, args.rounds))
    result["notes"] = {"IRIs with non-ASCII hosts": f"{len(idn)} ({len(IDN_HOSTS)} hosts)"}
    result["floors"] = child_floors(urls, args.rounds)

    # For information: the corpus as IRIs (decoded where RFC 3987 3.2 allows),
    # plus a non-ASCII path on each.
    valid = [u for u in urls if urikit.is_valid(u)]
    iris = [iri.from_uri(u).rstrip("/") + "/例え/パス" for u in valid if "#" not in u]
    info = measure(
        {"iri.parse (non-ASCII)": iri.parse, "iri.to_uri (non-ASCII)": iri.to_uri},
        iris,
        args.rounds,
    )
    result["timings"] = timings
    result["info"] = info
    return result


if __name__ == "__main__":
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
