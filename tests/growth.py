"""How a function's time grows with its input: a size ratio, never a clock bound.

``growth(func, small, large)`` times ``func`` on two texts and returns the ratio
of the times. A linear function gives about the ratio of the sizes (4 for the
texts the tests use); a quadratic one gives its square (16). Tests assert the
ratio stays at most 6, which still fails every time for a quadratic function.

On a shared 2-CPU machine one burst of load can swing one short timing by more
than half, so each call on the small text is repeated to last ``fill`` seconds,
the two sizes take turns, the best of ``rounds`` timings counts, and a ratio
over ``limit`` is measured again up to ``retries`` times before it is returned.
A real superlinear cost is over the limit in every measurement.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable


def _best_of(
    func: Callable[[str], object], small: str, large: str, fill: float, rounds: int
) -> float:
    start = time.perf_counter()
    func(small)
    runs = max(1, math.ceil(fill / max(time.perf_counter() - start, 1e-6)))
    best = [math.inf, math.inf]
    for _ in range(rounds):
        for i, text in enumerate((small, large)):
            start = time.perf_counter()
            for _ in range(runs):
                func(text)
            best[i] = min(best[i], time.perf_counter() - start)
    return best[1] / best[0]


def growth(
    func: Callable[[str], object],
    small: str,
    large: str,
    *,
    limit: float = 6.0,
    fill: float = 0.05,
    rounds: int = 3,
    retries: int = 2,
) -> float:
    """The ratio of ``func``'s time on ``large`` to its time on ``small``.

    The smallest of up to ``1 + retries`` measurements; measuring stops at the
    first one within ``limit``.
    """
    func(small)  # a first call may import or compile something
    ratio = _best_of(func, small, large, fill, rounds)
    for _ in range(retries):
        if ratio <= limit:
            break
        ratio = min(ratio, _best_of(func, small, large, fill, rounds))
    return ratio
