#!/usr/bin/env python3
"""Benchmark urikit.pydantic's field types against pydantic's own URL types.

Run from the repository root::

    python bench/bench_pydantic.py                # both builds, 5 rounds, whole corpus
    python bench/bench_pydantic.py --impl c --rounds 3 --limit 20000
    python bench/bench_pydantic.py --check        # exit 1 when a target is missed

Each contestant validates a model of one field (``Model.model_validate({"url": s})``)
for every URL of the corpus that urikit's ``URIReference`` accepts and pydantic's
``AnyUrl`` too (the http(s) ones of them for the ``HttpURL`` pair), so that both
sides do the same work: a model made, nothing raised.

Targets (issue 46), each measured within one run, per build of urikit:

* a model with a :class:`urikit.pydantic.URIReference` field takes at most 1.5
  times as long as one with pydantic's ``AnyUrl``;
* a model with :class:`urikit.pydantic.HttpURL` at most 1.5 times as long as one
  with pydantic's ``HttpUrl``.

For information: ``SafeHttpURL`` (which runs urikit.security.check under
Policy.ssrf() on each URL) on the same http(s) URLs.

Each build runs in a child process (``URIKIT_NO_SPEEDUPS=1`` for "python",
unset for "c"); within a process the contestants run in interleaved rounds, the
order rotated each round, and the median per item is reported. No test asserts
on speed.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from _perbuild import child_floors, import_urikit, main, measure, read_urls

#: (subject, peer) -> the largest acceptable "subject time / peer time".
TARGETS: dict[tuple[str, str], float] = {
    ("model(URIReference)", "model(AnyUrl)"): 1.5,
    ("model(HttpURL)", "model(HttpUrl)"): 1.5,
}


def child(args: argparse.Namespace) -> dict[str, Any]:
    """Run in the child process: time everything for the build urikit loaded."""
    urikit = import_urikit()
    import pydantic

    from urikit import pydantic as fields

    def model(annotation: Any) -> Any:
        made = pydantic.create_model("Model", url=(annotation, ...))
        return lambda s: made.model_validate({"url": s})

    ours_any, ours_http = model(fields.URIReference), model(fields.HttpURL)
    theirs_any, theirs_http = model(pydantic.AnyUrl), model(pydantic.HttpUrl)

    def accepted(items: list[str], *checks: Any) -> list[str]:
        kept = []
        for s in items:
            try:
                for check in checks:
                    check(s)
            except ValueError:
                continue
            kept.append(s)
        return kept

    urls = accepted(read_urls(args), ours_any, theirs_any)
    http = accepted(urls, ours_http, theirs_http)
    timings = measure(
        {"model(URIReference)": ours_any, "model(AnyUrl)": theirs_any}, urls, args.rounds
    )
    timings.update(
        measure({"model(HttpURL)": ours_http, "model(HttpUrl)": theirs_http}, http, args.rounds)
    )
    safe = model(fields.SafeHttpURL)
    info = measure({"model(SafeHttpURL) (some raise)": safe}, http, args.rounds)
    return {
        "implementation": urikit.IMPLEMENTATION,
        "items": len(urls),
        "timings": timings,
        "info": info,
        "notes": {
            "pydantic": pydantic.VERSION,
            "http(s) URLs (the HttpURL pair, SafeHttpURL)": len(http),
        },
        "floors": child_floors(urls, args.rounds),
    }


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], doc=__doc__ or "", script=__file__, child=child, targets=TARGETS))
