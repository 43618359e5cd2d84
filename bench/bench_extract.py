#!/usr/bin/env python3
"""Benchmark urikit.extract against other URL extractors, in MB/s.

Run from the repository root::

    python bench/bench_extract.py                 # 5 rounds, both urikit builds
    python bench/bench_extract.py --rounds 3 --impl python
    python bench/bench_extract.py --check         # exit 1 when a target is missed
    python bench/bench_extract.py --json out.json

Corpora: ../shared/corpus/descriptions.txt (real prose: Debian package
descriptions; ../shared/corpus/make_corpus.sh makes it), the RFC texts of
../shared/specs, concatenated, and the drafts of ../shared/seeds, concatenated.

Contestants, each timed over the same text in one run, median of the rounds:

* ``urikit`` (pure Python, URIKIT_NO_SPEEDUPS=1) and ``urikit-c`` (the C
  accelerator): each in its own child process of this script, so that the two
  builds never share an import;
* ``urikit-text`` and ``urikit-c-text``: the same builds with
  ``extract(text, iris=True, abbreviated=True)`` (IRIs and ``www.`` forms),
  timed in turn with ``extract(text)`` and the regex below;
* ``regex-http`` / ``regex-http-c``: ``re.findall(r"https?://\\S+")``, the
  literal regex a user already has (issue 20; its fixed prefix lets ``re`` skip
  to each ``http``), timed in each urikit build's process, in turn with
  ``extract`` round by round (the load of the shared machine falls on both
  alike; a call shorter than 0.05 s is repeated to fill its turn, for each
  contestant alike): the floor extraction is compared with;
* ``naive-regex``: ``[A-Za-z][A-Za-z0-9+.-]*://[^\\s<>"]+`` with ``re.findall``,
  any scheme (slower: it must try every letter);
* the peers of the ``bench`` extra, skipped when missing: urlextract
  (``URLExtract().find_urls``), linkify-it-py (``LinkifyIt().match``) and
  iocextract (``extract_urls``). They are slow, so they run on the first
  ``--peer-limit`` characters of each corpus (1 MB by default); MB/s makes the
  numbers comparable.

Targets (``--check``; per corpus, for each urikit build selected by ``--impl``):
at least 20x the speed of linkify-it-py and at least 0.5x the naive regex; the
C build at least 0.5x ``regex-http-c`` (issue 20, item 3; the pure-Python
build is not held to it), and at least 1.2x it on the prose corpus (issue 43,
item 6: the speed extraction had before a bare URI just after ``(`` came to end
at the ``)`` closing it, a rule whose candidates the C scanner first left to
Python); on the prose corpus (descriptions),
``extract(iris=True, abbreviated=True)`` at least 0.8x the speed of
``extract`` with its default arguments (issue 19).

On the prose corpus (descriptions) two more rows per urikit build, over the
same first ``--peer-limit`` characters the slow peers read:

* ``linkify`` / ``linkify-c``: ``urikit.linkify`` (text to HTML with links);
  target at least 50x the speed of linkify-it-py's ``match`` on that text;
* ``md+urikit`` / ``md+urikit-c``: markdown-it-py rendering the text with
  linkify on and urikit's linkifier (``urikit.markdown.linkify_it()``), against
  ``md+linkify-it-py`` (``md+linkify-it-py-c`` beside ``md+urikit-c``), the
  same rendering with linkify-it-py's, timed in the same child process,
  round by round in turn (the load of the machine falls on both alike);
  target at least 2x, end to end. Skipped (and missed under ``--check``)
  without markdown-it-py and linkify-it-py;
* ``md+null`` and ``md+off`` (with the build's suffix): the floors of that
  rendering, timed in the same rounds: with a linkifier that finds nothing and
  costs nothing, and with linkify off. Their ratio to ``md+linkify-it-py`` is
  printed as the ceiling of the ``md+urikit`` ratio: no linkifier can beat it.
  On the descriptions corpus it is about 2 (markdown-it-py's own parsing and
  rendering is half of the time with linkify-it-py), so the 2x target sits at
  the floor; callgrind instruction counts on 300 KB of it (2026-11-26):
  linkify off 936 M, null 959 M, urikit 1,008 M, linkify-it-py 1,909 M.

Beside each corpus the floor is printed: one C pass over the text
(``str.count``), in MB/s, and each contestant's time in such passes.

The extractors do not agree on what a URL is (urikit follows RFC 3986 Appendix
C: wrapped URIs are joined, ``<URL:...>`` stripped, no ``www.`` without a
scheme), so the "found" column is for information only.

This is a measuring script only: no test asserts on speed.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED = REPO_ROOT / ".." / "shared"
NO_SPEEDUPS_ENV = "URIKIT_NO_SPEEDUPS"
NAIVE = re.compile(r'[A-Za-z][A-Za-z0-9+.\-]*://[^\s<>"]+')
#: The literal regex of issue 20, item 3.
HTTP_REGEX = re.compile(r"https?://\S+")

#: (subject, peer, minimum ratio of MB/s subject / MB/s peer, the corpus or None: every one)
TARGETS: list[tuple[str, str, float, str | None]] = [
    ("urikit", "linkify-it-py", 20.0, None),
    ("urikit", "naive-regex", 0.5, None),
    ("urikit-c", "linkify-it-py", 20.0, None),
    ("urikit-c", "naive-regex", 0.5, None),
    ("urikit-c", "regex-http-c", 0.5, None),
    ("urikit-c", "regex-http-c", 1.2, "descriptions"),
    ("urikit-text", "urikit", 0.8, "descriptions"),
    ("urikit-c-text", "urikit-c", 0.8, "descriptions"),
]
SUBJECTS = {
    "python": ["urikit", "urikit-text"],
    "c": ["urikit-c", "urikit-c-text"],
    "both": ["urikit", "urikit-text", "urikit-c", "urikit-c-text"],
}
#: The corpus of people's prose, where linkify and markdown are timed.
PROSE = "descriptions"
#: (subject, peer, minimum ratio) on PROSE, per urikit build; the subject's and the
#: peer's names get the build's suffix ("" or "-c").
PROSE_TARGETS = [
    ("linkify", "linkify-it-py", 50.0),
    ("md+urikit", "md+linkify-it-py", 2.0),
]


def corpora() -> dict[str, str]:
    """Name -> text of every corpus that is present."""
    found: dict[str, str] = {}
    descriptions = SHARED / "corpus" / "descriptions.txt"
    if descriptions.is_file():
        found["descriptions"] = descriptions.read_text(encoding="utf-8")
    specs = sorted((SHARED / "specs").glob("rfc*.txt"))
    if specs:
        found["rfcs"] = "".join(p.read_text(encoding="utf-8") for p in specs)
    seeds = sorted((SHARED / "seeds").glob("*.txt"))
    if seeds:
        found["seeds"] = "".join(p.read_text(encoding="utf-8") for p in seeds)
    return found


def scan_floor(text: str, rounds: int) -> float:
    """MB/s (millions of characters a second) of one C pass over ``text``
    (``str.count`` of a character it lacks): the floor of any extractor, which
    must at least look at every character (issue 20 item 7). Best of ``rounds``."""
    best = float("inf")
    for _ in range(max(rounds, 1)):
        t0 = time.perf_counter()
        text.count("\x00")
        best = min(best, time.perf_counter() - t0)
    return len(text) / max(best, 1e-9) / 1e6


def time_rounds(func: Callable[[str], int], text: str, rounds: int) -> tuple[float, int]:
    """Median seconds of ``func(text)`` over ``rounds`` runs, and what it found."""
    times = []
    found = 0
    for _ in range(rounds):
        gc.collect()
        t0 = time.perf_counter()
        found = func(text)
        times.append(time.perf_counter() - t0)
    return statistics.median(times), found


#: A timing of a fast contestant repeats the call until it lasts this long.
MIN_TURN = 0.05


def time_turns(
    funcs: dict[str, Callable[[str], int]], text: str, rounds: int
) -> dict[str, tuple[float, int]]:
    """Name -> (median seconds of one call, what it found), the contestants taking
    turns within each round, so that a change in the machine's load (it is shared)
    falls on all of them alike. A call faster than MIN_TURN is repeated until the
    turn lasts that long (the count is fixed by a first, untimed call) and its
    time is the turn's divided by the count."""
    counts: dict[str, int] = {}
    found: dict[str, int] = {}
    for who, func in funcs.items():
        t0 = time.perf_counter()
        found[who] = func(text)
        counts[who] = max(1, int(MIN_TURN / max(time.perf_counter() - t0, 1e-6)))
    times: dict[str, list[float]] = {who: [] for who in funcs}
    for _ in range(rounds):
        for who, func in funcs.items():
            gc.collect()
            t0 = time.perf_counter()
            for _ in range(counts[who]):
                func(text)
            times[who].append((time.perf_counter() - t0) / counts[who])
    return {who: (statistics.median(t), found[who]) for who, t in times.items()}


# --------------------------------------------------------------------------- worker


def worker(rounds: int, peer_limit: int) -> None:
    """Child process: time urikit.extract on every corpus (with today's arguments and
    with iris=True, abbreviated=True) in turn with the issue's regex, and
    urikit.linkify and markdown-it-py with each linkifier on the prose; print JSON."""
    try:
        import urikit
    except ModuleNotFoundError:
        sys.path.insert(0, str(REPO_ROOT / "src"))
        import urikit
    urikit.extract("warm up http://example.org/ <URL:a:b>")
    result: dict[str, Any] = {"implementation": urikit.IMPLEMENTATION, "corpora": {}}
    urikit.extract("warm up http://例え.jp/ www.example.org", iris=True, abbreviated=True)
    result["text"] = {}
    result["regex"] = {}
    contestants: dict[str, Callable[[str], int]] = {
        "corpora": lambda t: len(urikit.extract(t)),
        "text": lambda t: len(urikit.extract(t, iris=True, abbreviated=True)),
        "regex": lambda t: len(HTTP_REGEX.findall(t)),
    }
    for name, text in corpora().items():
        for key, (seconds, found) in time_turns(contestants, text, rounds).items():
            result[key][name] = {"seconds": seconds, "found": found, "chars": len(text)}
    prose = corpora().get(PROSE)
    if prose is not None:
        sample = prose[:peer_limit]
        urikit.linkify("warm up http://example.org/ www.example.org")
        seconds, found = time_rounds(lambda t: urikit.linkify(t).count("<a "), sample, rounds)
        result["linkify"] = {"seconds": seconds, "found": found, "chars": len(sample)}
        result["markdown"] = time_markdown(sample, rounds)
    print(json.dumps(result))


class NullLinkifier:
    """A linkifier that finds nothing at no cost: markdown-it-py's rendering with it
    is the least time any linkifier can give (the ceiling of the md+ ratios)."""

    def pretest(self, text: str) -> bool:
        return False

    def test(self, text: str) -> bool:
        return False

    def match(self, text: str) -> None:
        return None

    def match_at_start(self, text: str) -> None:
        return None


def time_markdown(text: str, rounds: int) -> dict[str, Any] | None:
    """Median seconds of markdown-it-py rendering ``text`` with linkify on, with
    urikit's linkifier and with linkify-it-py's, in turn each round."""
    try:
        from linkify_it import LinkifyIt
        from markdown_it import MarkdownIt

        from urikit.markdown import linkify_it
    except ImportError:
        return None
    renderers = {}
    linkifiers: tuple[tuple[str, Any], ...] = (
        ("urikit", linkify_it()),
        ("linkify-it-py", LinkifyIt()),
        ("null", NullLinkifier()),
    )
    for who, linkifier in linkifiers:
        md = MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
        md.linkify = linkifier
        md.render(text[:10_000])  # warm up
        renderers[who] = md
    # the floor: the same rendering with linkify off (no linkify rule runs at all)
    renderers["off"] = MarkdownIt("commonmark")
    times: dict[str, list[float]] = {who: [] for who in renderers}
    found: dict[str, int] = {}
    for _ in range(rounds):
        for who, md in renderers.items():
            gc.collect()
            t0 = time.perf_counter()
            html = md.render(text)
            times[who].append(time.perf_counter() - t0)
            found[who] = html.count("<a ")
    return {
        who: {"seconds": statistics.median(times[who]), "found": found[who], "chars": len(text)}
        for who in renderers
    }


def run_worker(impl: str, rounds: int, peer_limit: int) -> dict[str, Any] | None:
    env = dict(os.environ)
    if impl == "python":
        env[NO_SPEEDUPS_ENV] = "1"
    else:
        env.pop(NO_SPEEDUPS_ENV, None)
    command = [sys.executable, __file__, "--worker", "--rounds", str(rounds)]
    command += ["--peer-limit", str(peer_limit)]
    done = subprocess.run(
        command,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        print(f"note: the {impl} worker failed:\n{done.stderr}", file=sys.stderr)
        return None
    data: dict[str, Any] = json.loads(done.stdout)
    if impl == "c" and data["implementation"] != "c":
        print("note: the C accelerator is not built; urikit-c is skipped", file=sys.stderr)
        return None
    return data


# --------------------------------------------------------------------------- peers


def peers() -> dict[str, tuple[Callable[[str], int], bool]]:
    """Name -> (count of URLs found in a text, whether it is slow)."""
    found: dict[str, tuple[Callable[[str], int], bool]] = {
        "naive-regex": (lambda t: len(NAIVE.findall(t)), False)
    }
    try:
        from urlextract import URLExtract

        extractor = URLExtract()
        found["urlextract"] = (lambda t: len(extractor.find_urls(t)), True)
    except ImportError:
        pass
    try:
        from linkify_it import LinkifyIt

        linkify = LinkifyIt()
        found["linkify-it-py"] = (lambda t: len(linkify.match(t) or []), True)
    except ImportError:
        pass
    try:
        import iocextract

        found["iocextract"] = (lambda t: sum(1 for _ in iocextract.extract_urls(t)), True)
    except ImportError:
        pass
    return found


# --------------------------------------------------------------------------- main


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=5, metavar="N")
    parser.add_argument("--impl", choices=sorted(SUBJECTS), default="both")
    parser.add_argument(
        "--peer-limit",
        type=int,
        default=1_000_000,
        metavar="CHARS",
        help="the slow peers read this many characters of each corpus (default 1000000)",
    )
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--json", type=Path, default=None, metavar="FILE")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.peer_limit < 1:
        parser.error("--rounds and --peer-limit must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.worker:
        worker(args.rounds, args.peer_limit)
        return 0
    texts = corpora()
    if not texts:
        print("error: no corpus under ../shared", file=sys.stderr)
        return 2
    # rate[corpus][contestant] = (MB/s, found, characters read)
    rate: dict[str, dict[str, tuple[float, int, int]]] = {name: {} for name in texts}
    for subject in ("urikit", "urikit-c"):
        if subject not in SUBJECTS[args.impl]:
            continue
        data = run_worker("python" if subject == "urikit" else "c", args.rounds, args.peer_limit)
        if data is None:
            continue
        suffix = subject.removeprefix("urikit")
        for key, who in (
            ("corpora", subject),
            ("text", subject + "-text"),
            ("regex", "regex-http" + suffix),  # timed in turn with subject
        ):
            for name, r in data[key].items():
                rate[name][who] = (r["chars"] / r["seconds"] / 1e6, r["found"], r["chars"])
        timed = {"linkify" + suffix: data.get("linkify")}
        for who, r in (data.get("markdown") or {}).items():
            # urikit's row, and linkify-it-py's timed beside it in the same process
            # ("md+linkify-it-py-c": the one timed beside urikit-c)
            timed[f"md+{who}{suffix}"] = r
        for who, r in timed.items():
            if r is not None and PROSE in rate:
                rate[PROSE][who] = (r["chars"] / r["seconds"] / 1e6, r["found"], r["chars"])
    for peer, (func, slow) in peers().items():
        for name, text in texts.items():
            sample = text[: args.peer_limit] if slow else text
            func(sample[:1000])  # warm up
            seconds, found = time_rounds(func, sample, args.rounds)
            rate[name][peer] = (len(sample) / seconds / 1e6, found, len(sample))

    print(f"rounds: {args.rounds} (median); python {sys.version.split()[0]}")
    for name, row in rate.items():
        scan = scan_floor(texts[name], args.rounds)
        print(f"\n{name} ({len(texts[name]) / 1e6:.1f} MB)")
        print(
            f"  floor: a C pass over the text (str.count) {scan:.0f} MB/s;"
            " 'x floor' is how many such passes a contestant's time is"
        )
        print(f"  {'contestant':<20} {'MB/s':>9} {'found':>7} {'chars read':>11} {'x floor':>8}")
        for who, (mbs, found, chars) in sorted(row.items(), key=lambda kv: -kv[1][0]):
            print(f"  {who:<20} {mbs:9.2f} {found:7d} {chars:11d} {scan / mbs:8.1f}")

    failures = []
    checks = []
    for name, row in rate.items():
        for subject, peer, minimum, only in TARGETS:
            if subject not in SUBJECTS[args.impl] or only not in (None, name):
                continue
            if subject not in row or peer not in row:
                missing = subject if subject not in row else peer
                checks.append({"corpus": name, "subject": subject, "peer": peer, "ok": None})
                if args.check:
                    failures.append(f"{name}: {subject} vs {peer}: {missing} was not timed")
                continue
            ratio = row[subject][0] / row[peer][0]
            ok = ratio >= minimum
            checks.append(
                {
                    "corpus": name,
                    "subject": subject,
                    "peer": peer,
                    "ratio": ratio,
                    "minimum": minimum,
                    "ok": ok,
                }
            )
            mark = "ok  " if ok else "MISS"
            print(f"{mark} {name}: {subject} / {peer} = {ratio:.2f} (target >= {minimum})")
            if not ok:
                failures.append(f"{name}: {subject} / {peer} = {ratio:.2f} < {minimum}")
    builds = [b for b in ("urikit", "urikit-c") if b in SUBJECTS[args.impl]]
    for base in builds if PROSE in rate else ():
        suffix = base.removeprefix("urikit")
        row = rate[PROSE]
        for subject, peer, minimum in PROSE_TARGETS:
            subject += suffix
            if peer.startswith("md+"):
                peer += suffix  # timed beside the subject, in its process
            if subject not in row or peer not in row:
                missing = subject if subject not in row else peer
                checks.append({"corpus": PROSE, "subject": subject, "peer": peer, "ok": None})
                print(f"---- {PROSE}: {subject} / {peer}: {missing} was not timed")
                if args.check:
                    failures.append(f"{PROSE}: {subject} vs {peer}: {missing} was not timed")
                continue
            ratio = row[subject][0] / row[peer][0]
            ok = ratio >= minimum
            checks.append(
                {
                    "corpus": PROSE,
                    "subject": subject,
                    "peer": peer,
                    "ratio": ratio,
                    "minimum": minimum,
                    "ok": ok,
                }
            )
            mark = "ok  " if ok else "MISS"
            print(f"{mark} {PROSE}: {subject} / {peer} = {ratio:.2f} (target >= {minimum})")
            if not ok:
                failures.append(f"{PROSE}: {subject} / {peer} = {ratio:.2f} < {minimum}")
            for floor in ("md+null", "md+off"):
                if subject.startswith("md+") and floor + suffix in row:
                    # what the ratio would be with a linkifier that costs nothing
                    # (null) or with no linkify rule at all (off): the ceiling
                    ceiling = row[floor + suffix][0] / row[peer][0]
                    print(f"     ceiling: {floor}{suffix} / {peer} = {ceiling:.2f}")
    if args.json is not None:
        args.json.write_text(
            json.dumps(
                {
                    "rounds": args.rounds,
                    "rates": {
                        name: {
                            who: {"mb_per_s": v[0], "found": v[1], "chars": v[2]}
                            for who, v in row.items()
                        }
                        for name, row in rate.items()
                    },
                    "checks": checks,
                },
                indent=2,
            ),
            encoding="utf-8",
        )
    if args.check and failures:
        print("\n".join(["targets missed:", *failures]), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
