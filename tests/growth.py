"""How a function's time grows with its input: a size ratio, never a clock bound.

``growth(func, small, large)`` times ``func`` on two texts, ``large`` about
:data:`FACTOR` (20) times as long as ``small``, and returns the ratio of the
times. A linear function gives about 20; a quadratic one about 400, more than
10 times :data:`LIMIT` (36), the bound the tests assert: a quadratic cost fails
by a wide margin, and a linear one passes with 80% of its ratio to spare.

The tests that call it are marked ``timing``: CI runs them alone, serially,
once per build (``python -m pytest -m timing -n 0``), never beside the rest of
the suite. Times are the process's CPU time (``time.process_time``), not the
wall clock's: time spent waiting while another process has a CPU does not count,
and the garbage collector is off while a call is timed. Each call on the small
text is repeated to last ``fill`` seconds, the two sizes take turns, the best of
``rounds`` timings counts, and a ratio over the limit is measured again up to
``retries`` (4) times before it is returned: a real superlinear cost is over the
limit in every measurement. (CI runs the timing tests beside the other
interpreters' suites, which share the caches: a linear relativize at 1 MB once
read 36.3 after three measurements.)

Code that runs near memory speed (the C scanners) reads more than 20 when the
small text fits a core's first-level cache and the large one does not (48 KB of
data cache a core here), and more again past the second level (4 MB): time it on
50 KB and 1 MB, both between the two (``smallest=50_000, largest=1_000_000``).
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable, Sized
from typing import TypeVar

T = TypeVar("T", bound=Sized)

#: How many times longer the large text is than the small one.
FACTOR = 20
#: The largest ratio of times a linear function may show (1.8 times FACTOR;
#: FACTOR squared, a quadratic's, is 11 times it).
LIMIT = 36.0


def _best_of(func: Callable[[T], object], small: T, large: T, fill: float, rounds: int) -> float:
    collecting = gc.isenabled()
    gc.disable()  # a collection's cost grows with what a call leaves alive, not with it
    try:
        return _measured(func, small, large, fill, rounds)
    finally:
        if collecting:
            gc.enable()


def _measured(func: Callable[[T], object], small: T, large: T, fill: float, rounds: int) -> float:
    start = time.process_time()
    func(small)
    runs = max(1, math.ceil(fill / max(time.process_time() - start, 1e-6)))
    best = [math.inf, math.inf]
    for _ in range(rounds):
        for i, text in enumerate((small, large)):
            start = time.process_time()
            for _ in range(runs):
                func(text)
            best[i] = min(best[i], time.process_time() - start)
    return best[1] / best[0]


def growth(
    func: Callable[[T], object],
    small: T,
    large: T,
    *,
    size: Callable[[T], int] = len,
    limit: float = LIMIT,
    fill: float = 0.005,
    rounds: int = 3,
    retries: int = 4,
) -> float:
    """The ratio of ``func``'s time on ``large`` to its time on ``small``, which
    must be :data:`FACTOR` times as long (within a tenth) by ``size``.

    The smallest of up to ``1 + retries`` measurements; measuring stops at the
    first one within ``limit``, and at one over three times ``limit`` (no load
    makes a linear function read that: a quadratic one reads 400, and measuring
    it again would take a quarter of a minute each time).
    """
    if not 0.9 * FACTOR <= size(large) / max(size(small), 1) <= 1.1 * FACTOR:
        raise ValueError(f"the large text should be {FACTOR} times the small one's length")
    func(small)  # a first call may import or compile something
    ratio = _best_of(func, small, large, fill, rounds)
    for _ in range(retries):
        if ratio <= limit or ratio > 3 * limit:
            break
        ratio = min(ratio, _best_of(func, small, large, fill, rounds))
    return ratio


def scaled(
    func: Callable[[T], object],
    make: Callable[[int], T],
    *,
    size: Callable[[T], int] = len,
    smallest: int = 1024,
    largest: int = 1_000_000,
    target: float = 0.001,
    limit: float = LIMIT,
) -> float:
    """:func:`growth` of ``func`` on ``make(n)`` and ``make(FACTOR * n)``: ``n``
    starts at ``smallest``, is halved (down to 1,024) while one call on the small
    text takes more than 8 times ``target`` seconds, and doubled while it takes
    less than ``target`` and the large text would stay within ``largest``
    characters. Each shape is timed where its time is measurable, and the whole
    measure takes a second or so whatever the shape costs."""

    def once(text: T) -> float:
        start = time.process_time()
        func(text)
        return time.process_time() - start

    n = smallest
    small = make(n)
    took = once(small)
    while took > 8 * target and n // 2 >= 1024:
        n //= 2
        small = make(n)
        took = once(small)
    while took < target and 2 * FACTOR * n <= largest:
        n *= 2
        small = make(n)
        took = once(small)
    return growth(func, small, make(FACTOR * n), size=size, limit=limit)
