"""Start-up of the command-line tool: ``urikit parse X`` against ``python -c pass``
(issue 20 item 2: at most 3x), wall time of whole processes, measured in the same
run.

Each round starts every command once, in an order rotated by round; the median
over the rounds is reported, and the ratio is of the medians. ``python -c pass``
is the floor: no Python program starts faster. The processes run with
``PYTHONDONTWRITEBYTECODE`` removed from their environment and after warm-up
runs, so that every module imported comes from its bytecode cache, as for a user.

``urikit parse X`` is timed as the console script installed beside the running
interpreter when there is one (what a user types), and as ``python -m urikit``
(which also imports :mod:`runpy`); the target is on the first that exists.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

#: The URI that ``urikit parse`` is given: a port, a query and a fragment.
URI = "http://example.org:8080/a/b?c=d#e"


def _environment(module: ModuleType, no_speedups: bool) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if no_speedups:
        env["URIKIT_NO_SPEEDUPS"] = "1"
    else:
        env.pop("URIKIT_NO_SPEEDUPS", None)
    # The urikit being benchmarked, also when it is not installed (bench.py's
    # fallback to <repo>/src).
    root = str(Path(str(module.__file__)).parents[1])
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    return env


def commands(module: ModuleType) -> dict[str, list[str]]:
    """The commands timed: the floor first, then the ways of running the tool."""
    out = {"python -c pass": [sys.executable, "-c", "pass"]}
    script = Path(sys.executable).with_name("urikit")
    if script.is_file() and os.access(script, os.X_OK):
        out["urikit parse X"] = [str(script), "parse", URI]
    out["python -m urikit parse X"] = [sys.executable, "-m", "urikit", "parse", URI]
    return out


def _run(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def measure(
    module: ModuleType, *, no_speedups: bool, rounds: int = 30, warmup: int = 3
) -> dict[str, list[float]]:
    """Seconds per run of each command, ``rounds`` runs each, interleaved."""
    env = _environment(module, no_speedups)
    cmds = commands(module)
    for argv in cmds.values():
        for _ in range(warmup):
            _run(argv, env)
    times: dict[str, list[float]] = {name: [] for name in cmds}
    names = list(cmds)
    for r in range(rounds):
        k = r % len(names)
        for name in names[k:] + names[:k]:
            times[name].append(_run(cmds[name], env))
    return times


def report(subject: str, times: dict[str, list[float]]) -> dict[str, float]:
    """Print the medians; return each way of running the tool's ratio to
    ``python -c pass``, by its name, in the order of :func:`commands`."""
    floor = statistics.median(times["python -c pass"])
    out: dict[str, float] = {}
    print(f"  {subject}:")
    for name, runs in times.items():
        median = statistics.median(runs)
        ratio = median / floor
        print(
            f"    {name:<26} {median * 1e3:7.1f} ms (min {min(runs) * 1e3:6.1f},"
            f" max {max(runs) * 1e3:6.1f})  {ratio:5.2f}x python -c pass"
        )
        if name != "python -c pass":
            out[name] = ratio
    return out
