#!/usr/bin/env python3
"""Linear time on adversarial input (issue 8): one line per case, with its time.

Times, in this process, the cases the tests only check for their answer:

* resolution under each legacy rule set of a 1 MB reference ``"x/"*k + "../"*k + "g"``
  (quadratic before issue 8: 24 s at 80 KB);
* ``relativize`` on 1 MB dot-heavy paths (2-4 s pure Python before issue 8);
* the legacy grammars (``is_valid(grammar=...)``) on the 200 KB inputs of
  tests/legacy/test_legacy_grammars.py;
* ``urikit.html.links`` on hostile HTML (issue 17): each piece of unterminated
  markup (and deep nesting) repeated to 1 MB and to 4 MB, with the ratio of the
  two times (best of 5). Linear time gives about 4; quadratic, 16;
* ``urikit.markdown.markdown_it().render`` on paragraphs without whitespace
  (each piece repeated to 20 KB and to 80 KB, the same ratio), and
  markdown-it-py's own inline linkify rule (with urikit's linkifier) on
  ``'://'`` repeated, for comparison;
* ``urikit.canonical`` (each profile), ``urikit.surt`` and
  ``urikit.safe_browsing_expressions`` on nested and repeated ``%25``, ``..``
  segments, dots in the host, a long host and session-id shapes (``cfid=``
  repeated in a query, ``(24 characters)`` path segments, ``;jsessionid=`` ids
  before slashes), at 250 KB and at 1 MB, with the ratio of the two times
  (best of 5), as for HTML.

    python bench/linear.py                 # the active implementation
    URIKIT_NO_SPEEDUPS=1 python bench/linear.py
    python bench/linear.py --check         # exit 1 when a case takes over --limit s
                                           # or a ratio is over --ratio
    python bench/linear.py --only canonical   # only the lines whose label has this

This is a measuring script only: no test asserts on these numbers.
"""

from __future__ import annotations

import argparse
import gc
import math
import sys
import time
from collections.abc import Callable
from functools import partial

import urikit
from urikit.html import links
from urikit.legacy.resolution import LEGACY_RULES

MB = 1_000_000

#: Hostile HTML: each repeated to the size measured. The stdlib's html.parser
#: (Python 3.11.7) took 170 s for 200 KB of the first.
HTML_PIECES = (
    "<a b=",
    "<a",
    "<!--",
    "</",
    "<?",
    "<URL:",
    '<a href="',
    "<div>",  # deep nesting: no element is ever closed
    "<b><i><table><tr><td><a href=x><p>",  # deep nesting, formatting and table elements
    "<a b=\n",  # one tag per line: one feed per line
)


#: Markdown paragraphs without whitespace: a "://" in every piece. urikit's
#: linkifier took 26 s to render 20 KB of the first before it read only the link
#: at the start of the text it is given.
MARKDOWN_PIECES = (
    "[http://a](",
    "*http://a* ",
    "://",
    "a://",
    "http://a:b:/",
    "http://a#b#",
    "http://a/%zz",
    "(http://a/x)",
)


def _ratios(
    func: Callable[[str], object], pieces: tuple[str, ...], size: int, repeat: int
) -> list[tuple[str, float, float]]:
    """Each piece: (piece, seconds of ``func`` at ``size``, seconds at 4 x ``size``).

    A time is the best of ``repeat`` timings of ``runs`` calls, divided by ``runs``;
    ``runs`` makes the small timing last 0.1 s or more, and the two sizes take
    turns, so that a busy machine's noise cannot swing the ratio of two 10 ms runs.
    """
    out = []
    for piece in pieces:
        small, large = (piece * (n // len(piece)) for n in (size, 4 * size))
        out.append((piece, *_pair(func, small, large, repeat)))
    return out


def _pair(
    func: Callable[[str], object], small: str, large: str, repeat: int
) -> tuple[float, float]:
    """Seconds of ``func(small)`` and of ``func(large)``, timed as :func:`_ratios` says."""
    func(small)
    start = time.perf_counter()
    func(small)
    runs = max(1, math.ceil(0.1 / (time.perf_counter() - start)))
    times = [float("inf"), float("inf")]
    for _ in range(repeat):  # the sizes take turns, so that a change of load hits both
        for i, doc in enumerate((small, large)):
            gc.collect()
            start = time.perf_counter()
            for _ in range(runs):
                func(doc)
            times[i] = min(times[i], (time.perf_counter() - start) / runs)
    return times[0], times[1]


def html_ratios(
    size: int = MB, repeat: int = 5, pieces: tuple[str, ...] = HTML_PIECES
) -> list[tuple[str, float, float]]:
    """Each hostile HTML piece: (piece, seconds at ``size``, seconds at 4 x ``size``)."""
    return _ratios(partial(links, base="http://h.example/"), pieces, size, repeat)


def markdown_ratios(
    size: int = 20_000, repeat: int = 3, pieces: tuple[str, ...] = MARKDOWN_PIECES
) -> list[tuple[str, float, float]]:
    """Each Markdown piece rendered by ``urikit.markdown.markdown_it()``, as above."""
    from urikit.markdown import markdown_it

    return _ratios(markdown_it().render, pieces, size, repeat)


def stock_rule_seconds(size: int) -> float:
    """markdown-it-py's own inline linkify rule (urikit's linkifier) on ``'://'``
    repeated to ``size``: the rule searches all pending text at every ``://``."""
    from markdown_it import MarkdownIt

    from urikit.markdown import linkify_it

    md = MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
    md.linkify = linkify_it()
    text = "://" * (size // 3)
    start = time.perf_counter()
    md.render(text)
    return time.perf_counter() - start


def cases() -> list[tuple[str, Callable[[], object]]]:
    out: list[tuple[str, Callable[[], object]]] = []
    base = "http://a/b/c/d;p?q"
    ref = "x/" * (MB // 5) + "../" * (MB // 5) + "g"
    for rules in ("rfc3986", *LEGACY_RULES):
        out.append((f"resolve 1 MB rules={rules}", partial(urikit.resolve, base, ref, rules=rules)))
    pairs = {
        "segments": ("http://a/" + "b/" * (MB // 4) + "c", "http://a/" + "d/" * (MB // 4) + "e"),
        "dot-prefix": ("x:" + "./" * (MB // 2) + "c", "x:" + "a/" * (MB // 2)),
        "dot-segments": ("http://a/" + "b/./" * (MB // 4), "http://a/" + "b/../" * (MB // 5)),
        "slashes": ("http://a/b/c", "http://a/" + "/" * MB),
        "dotdot": ("x:" + "../" * (MB // 3), "x:" + "../" * (MB // 3) + "a"),
    }
    for name, (b, t) in pairs.items():
        out.append((f"relativize 1 MB {name}", partial(urikit.relativize, b, t)))
    texts = [
        "http://" + "a" * 200_000 + "!",
        "telnet://" + "@" * 200_000 + "1",
        "news:" + "1@" * 100_000,
        "gopher://h/1" + "a/" * 100_000 + "/",
        "x:" + "a+" * 100_000,
        "wais://h/" + "a" * 100_000 + "/b/" + "1" * 100_000 + "x",
        "ftp://" + "a." * 100_000 + "-/~",
    ]
    for grammar in ("rfc1738", "draft-1993"):
        for text in texts:
            label = f"is_valid 200 KB grammar={grammar} {text[:12]!r}"
            out.append((label, partial(urikit.is_valid, text + "\0", grammar=grammar)))
    return out


#: The canonical forms' hostile inputs, each made to a size: nested and repeated
#: ``%25`` (Safe Browsing's "unescape until no escape is left"), dot segments,
#: dots in the host, a long host, and the session-id shapes the surt package's
#: regular expressions backtrack on (a query of "cfid=", a path of
#: "(24 characters)" segments, and for aggressive trailing ";jsessionid=" ids).
CANONICAL_TEXTS: dict[str, Callable[[int], str]] = {
    "%25 repeated": lambda n: "http://h/" + "%25" * (n // 3),
    "%25 nested": lambda n: "http://h/%" + "25" * (n // 2),
    "%2 then 5": lambda n: "http://h/" + "%2" * (n // 2) + "5",
    "../ repeated": lambda n: "http://h/" + "a/" * (n // 4) + "../" * (n // 4),
    "dots in host": lambda n: "http://h" + "." * n + "/",
    "long host": lambda n: "http://" + "a." * (n // 2) + "/",
    "cfid= query": lambda n: "http://h/?" + "cfid=" * (n // 5),
    "(id) segments": lambda n: "http://h" + "/(abcdefghijklmnopqrstuvwx)" * (n // 27),
    ";jsessionid/ tail": lambda n: (
        "http://h/" + ";jsessionid=0123456789abcdef0123456789abcdef/" * (n // 45)
    ),
}


def _or_error(func: Callable[[str], object]) -> Callable[[str], object]:
    """``func``, its URIError returned (a refusal is timed as an answer: Safe
    Browsing refuses escapes nested more than 1023 deep, as its Go client)."""

    def run(text: str) -> object:
        try:
            return func(text)
        except urikit.URIError as exc:
            return exc

    return run


def canonical_functions() -> list[tuple[str, Callable[[str], object], tuple[str, ...]]]:
    """(label, function, the names of the :data:`CANONICAL_TEXTS` it is timed on)."""
    every = tuple(CANONICAL_TEXTS)
    out: list[tuple[str, Callable[[str], object], tuple[str, ...]]] = [
        (f"canonical {profile}", _or_error(partial(urikit.canonical, profile=profile)), every)
        for profile in ("safe-browsing", "semantic", "aggressive")
    ]
    out.append(("surt", _or_error(urikit.surt), every))
    out.append(("safe_browsing_expressions", urikit.safe_browsing_expressions, ("long host",)))
    return out


def canonical_ratios(
    size: int = 250_000, repeat: int = 5, only: str = ""
) -> list[tuple[str, float, float]]:
    """Each canonical function on each hostile text: (label, seconds at ``size``,
    seconds at 4 x ``size``); only the labels that contain ``only``."""
    out = []
    for label, func, names in canonical_functions():
        for name in names:
            full = f"{label} {name!r}"
            if only in full:
                make = CANONICAL_TEXTS[name]
                out.append((full, *_pair(func, make(size), make(4 * size), repeat)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a case is too slow")
    parser.add_argument("--limit", type=float, default=1.0, help="seconds per case (--check)")
    parser.add_argument(
        "--ratio", type=float, default=6.0, help="time at 4 x the size / at the size (--check)"
    )
    parser.add_argument(
        "--only", default="", metavar="TEXT", help="only the cases whose label contains TEXT"
    )
    args = parser.parse_args(argv)
    only = args.only
    print(f"implementation: {urikit.IMPLEMENTATION}")
    slow = 0
    for label, func in cases():
        if only not in label:
            continue
        start = time.perf_counter()
        func()
        elapsed = time.perf_counter() - start
        mark = ""
        if elapsed > args.limit:
            slow += 1
            mark = "  SLOW"
        print(f"{elapsed:8.3f} s  {label}{mark}")

    def ratios(title: str, rows: list[tuple[str, float, float]]) -> None:
        nonlocal slow
        if rows:
            print(title)
        for label, small, large in rows:
            ratio = large / small
            mark = ""
            if ratio > args.ratio:
                slow += 1
                mark = "  NOT LINEAR"
            print(f"{small:8.3f} s {large:8.3f} s {ratio:6.2f}  {label}{mark}")

    # A section runs whole when its title holds ``only``, else only its rows that do.
    title = "html.links on hostile HTML: 1 MB, 4 MB, ratio (best of 5)"
    pieces = tuple(p for p in HTML_PIECES if only in title or only in f"html {p!r}")
    rows = [(f"html {p!r}", small, large) for p, small, large in html_ratios(pieces=pieces)]
    ratios(title, rows)
    title = "markdown_it().render of one paragraph: 20 KB, 80 KB, ratio (best of 3)"
    pieces = tuple(p for p in MARKDOWN_PIECES if only in title or only in f"markdown {p!r}")
    rows = [(f"markdown {p!r}", small, large) for p, small, large in markdown_ratios(pieces=pieces)]
    ratios(title, rows)
    title = "the canonical forms on hostile input: 250 KB, 1 MB, ratio (best of 5)"
    ratios(title, canonical_ratios(only="" if only in title else only))
    stock = (
        "markdown-it-py's own linkify rule, '://' at 10 KB and 40 KB (not urikit's; not checked)"
    )
    if only in stock:
        small, large = stock_rule_seconds(10_000), stock_rule_seconds(40_000)
        print(f"{small:8.3f} s {large:8.3f} s {large / small:6.2f}  {stock}")
    return 1 if args.check and slow else 0


if __name__ == "__main__":
    sys.exit(main())
