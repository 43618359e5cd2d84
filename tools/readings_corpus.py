"""How often the URL parsers disagree on a corpus of real URLs, by class.

    python tools/readings_corpus.py [../shared/corpus/urls.txt]

Prints the number of URLs read, the URLs on which any installed parsers
disagree, those on which they disagree on the scheme, host or port (or refuse),
those ``check`` under ``Policy(agreement="all")`` gives a ``parsers-disagree``
finding, and each disagreement by its component and the smaller side (the
parsers that read it apart from the rest), with up to three examples. The
figures in docs/howto-readings.md come from it.
"""

from __future__ import annotations

import collections
import sys
import time
from pathlib import Path

from urikit.security import Policy, check, readings


def main(argv: list[str]) -> None:
    path = Path(argv[0] if argv else Path(__file__).parents[1] / ".." / "shared/corpus/urls.txt")
    lines = path.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    policy = Policy(agreement="all")
    classes: collections.Counter[tuple[str, str]] = collections.Counter()
    examples: dict[tuple[str, str], list[str]] = {}
    differ = origin = flagged = 0
    start = time.process_time()
    for url in lines:
        r = readings(url)
        differ += bool(r.disagreements)
        origin += bool(r.on_origin())
        for d in r.disagreements:
            fewest = min(d.values, key=lambda v: (len(v[1]), v[1]))[1]
            key = (d.component, ",".join(fewest))
            classes[key] += 1
            if len(examples.setdefault(key, [])) < 3:
                examples[key].append(url)
    spent = time.process_time() - start
    for url in lines:
        flagged += any(f.code == "parsers-disagree" for f in check(url, policy=policy).findings)
    print(f"urls {len(lines)}; parsers {', '.join(f'{k} {v}' for k, v in r.versions.items())}")
    print(f"readings: {spent / len(lines) * 1e6:.0f} us a URL (CPU)")
    print(f"any disagreement {differ}; on scheme, host, port or validity {origin}")
    print(f"parsers-disagree under Policy(agreement='all') {flagged}")
    for (component, side), n in classes.most_common():
        print(f"{n:6}  {component:9} {side:24} {examples[component, side]}")


if __name__ == "__main__":
    main(sys.argv[1:])
