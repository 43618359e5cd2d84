"""The floors of a benchmark, measured in the same run as its contestants: what no
operation on the same items can go below, so that a result can be read against
its limit (issue 20 item 7).

* ``loop``: a Python ``for`` loop over the items doing nothing (ns/item);
* ``C call``: the same loop calling a trivial C function on each item
  (``str.isascii``, which reads a flag, not the text);
* ``byte scan``: one C pass over all the items' UTF-8 bytes (``bytes.count``),
  in ns/item and ns/byte.

Each is the minimum over ``rounds`` passes (a floor: the least interfered run).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Sequence


def _loop(items: Sequence[str]) -> int:
    start = time.perf_counter_ns()
    for _item in items:
        pass
    return time.perf_counter_ns() - start


def _c_call(items: Sequence[str]) -> int:
    func = str.isascii
    start = time.perf_counter_ns()
    for item in items:
        func(item)
    return time.perf_counter_ns() - start


def floors(items: Sequence[str], rounds: int = 5) -> dict[str, float]:
    """``loop``, ``C call`` and ``byte scan`` in ns/item, ``byte scan/byte`` in ns/byte."""
    n = max(len(items), 1)
    blob = "\n".join(items).encode("utf-8", "surrogatepass")
    size = max(len(blob), 1)
    loop = call = scan = float("inf")
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(max(rounds, 1)):
            loop = min(loop, _loop(items))
            call = min(call, _c_call(items))
            start = time.perf_counter_ns()
            blob.count(b"\x00")
            scan = min(scan, time.perf_counter_ns() - start)
    finally:
        if enabled:
            gc.enable()
    return {
        "loop": loop / n,
        "C call": call / n,
        "byte scan": scan / n,
        "byte scan/byte": scan / size,
    }


def describe(floor: dict[str, float]) -> str:
    """One line: the floors, in ns."""
    return (
        f"floors: loop {floor['loop']:.1f} ns/item, C call {floor['C call']:.1f} ns/item,"
        f" byte scan {floor['byte scan']:.1f} ns/item ({floor['byte scan/byte']:.3f} ns/byte)"
    )


def beside(ns_per_item: float, floor: dict[str, float]) -> str:
    """A result against its floors: how many C calls and loop steps it costs."""
    return f"{ns_per_item / floor['C call']:6.1f}x C call {ns_per_item / floor['loop']:6.1f}x loop"
