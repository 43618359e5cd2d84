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
  (the ``bench`` extra; the target is skipped when rfc3987 is not installed).

Targets (issue 20), C build only (in the pure-Python build they are shown for
information):

* ``iri.is_valid`` on the (ASCII) URL corpus takes at most 1.2 times as long as
  ``urikit.is_valid``;
* ``iri.to_uri(s, idna=True)`` on IRIs with non-ASCII hosts takes at most 3 times
  as long as ``can_ada.parse(s).href`` (the ``bench`` extra; skipped without
  can_ada). The IRIs are the corpus with the registrable label of each host
  ("debian" in "salsa.debian.org") made non-ASCII ("débiän"; "ü" put in front
  of a label without a vowel), so hosts repeat as often as in the corpus: about
  one URL in ten has a host seen nowhere else, whose label ``idna`` decides (its
  caches are bounded: 1,024 hosts, 4,096 labels; the median round is reported).

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

from _perbuild import import_urikit, main, measure, read_urls

#: (subject, peer) -> the largest acceptable "subject time / peer time".
TARGETS: dict[tuple[str, str], float] = {
    ("iri.parse", "urikit.parse"): 1.5,
    ("iri.is_valid", "rfc3987.match"): 1.0,
    ("iri.is_valid", "urikit.is_valid"): 1.2,
    ("iri.to_uri(idna=True)", "can_ada.parse().href"): 3.0,
}

#: Vowels made non-ASCII in the IDN variant of a corpus host.
_ACCENTS = str.maketrans({"a": "ä", "e": "é", "o": "ö", "u": "ü", "i": "ï"})


def idn_variant(iri: Any, text: str) -> str | None:
    """``text`` with the registrable label of its reg-name host made non-ASCII;
    None when it has no such host (no host, an IP literal or address, invalid)."""
    try:
        ref = iri.parse(text)
    except ValueError:
        return None
    host = ref.host
    if not host or host.startswith("[") or not any(c.isalpha() for c in host):
        return None
    labels = host.split(".")
    i = max(0, len(labels) - 2)
    label = labels[i].lower().translate(_ACCENTS)
    labels[i] = label if not label.isascii() else "ü" + label
    return str(ref.with_host(".".join(labels)))


def idn_timings(urikit: Any, iri: Any, urls: list[str], rounds: int) -> dict[str, float]:
    """``iri.to_uri(idna=True)`` against can_ada's parse + href on the IRIs with
    non-ASCII hosts (see the module docstring); {} without can_ada."""
    try:
        import can_ada
    except ImportError:
        return {}
    iris = [v for v in (idn_variant(iri, u) for u in urls) if v is not None]
    return measure(
        {
            "iri.to_uri(idna=True)": lambda s: iri.to_uri(s, idna=True),
            "can_ada.parse().href": lambda s: can_ada.parse(s).href,
        },
        iris,
        rounds,
    )


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

    # For information: the corpus as IRIs (decoded where RFC 3987 3.2 allows),
    # plus a non-ASCII path on each.
    valid = [u for u in urls if urikit.is_valid(u)]
    iris = [iri.from_uri(u).rstrip("/") + "/例え/パス" for u in valid if "#" not in u]
    info = measure(
        {"iri.parse (non-ASCII)": iri.parse, "iri.to_uri (non-ASCII)": iri.to_uri},
        iris,
        args.rounds,
    )
    # issue 20: targets in the C build, information in the pure-Python one
    idn = idn_timings(urikit, iri, urls, args.rounds)
    if urikit.IMPLEMENTATION == "c":
        timings.update(idn)
    else:
        info.update(idn)
    result["timings"] = timings
    result["info"] = info
    return result


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], doc=__doc__ or "", script=__file__, child=child, targets=TARGETS))
