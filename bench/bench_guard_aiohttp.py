#!/usr/bin/env python3
"""Benchmark ``urikit.guard.aiohttp_session`` against a plain ``aiohttp.ClientSession``.

Run from the repository root::

    python bench/bench_guard_aiohttp.py                  # 500 GETs a session, 3 rounds
    python bench/bench_guard_aiohttp.py --requests 200 --rounds 5
    python bench/bench_guard_aiohttp.py --check          # exit 1 when the target is missed

The server is bench_guard.py's keep-alive HTTP/1.1 server on 127.0.0.1, run in
a child process (so that it does not share the sessions' interpreter lock).
Each session sends ``--requests`` sequential GETs per round (reading each
body), taking turns every 50 requests, the order rotated each turn; reported
per request: the best turn and the median turn (wall clock). The guarded
session is also timed with a host name answered by an injected resolver (asked
once per request).

Target, within one run: the guarded session with keep-alive takes at most 1.2
times as long per request as the plain session (best turns). The machine's
other load moves every number; only ratios within a run mean anything.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

TARGET = 1.2
TURN = 50

_SERVE = """
import sys, time
sys.path.insert(0, sys.argv[1])
import bench_guard
server = bench_guard._Server()
print(server.port, flush=True)
sys.stdin.read()
"""


async def _turn(session: Any, url: str, count: int) -> float:
    started = time.perf_counter()
    for _ in range(count):
        async with session.get(url) as response:
            await response.read()
    return (time.perf_counter() - started) / count


async def _run(port: int, requests: int, rounds: int) -> dict[str, list[float]]:
    import aiohttp

    from urikit.guard import aiohttp_session
    from urikit.security import Policy

    policy = Policy.ssrf(allowed_networks=["127.0.0.1/32"], allowed_ports=[port])
    sessions = {
        "aiohttp": (aiohttp.ClientSession(trust_env=False), f"http://127.0.0.1:{port}/"),
        "aiohttp + guard": (aiohttp_session(policy), f"http://127.0.0.1:{port}/"),
        "aiohttp + guard (name)": (
            aiohttp_session(policy, lambda host: ["127.0.0.1"]),
            f"http://bench.test:{port}/",
        ),
    }
    names = list(sessions)
    times: dict[str, list[float]] = {name: [] for name in names}
    try:
        for name in names:  # warm up: a connection each, the code paths loaded
            session, url = sessions[name]
            await _turn(session, url, 5)
        turn = 0
        for _ in range(rounds):
            for _ in range(max(requests // TURN, 1)):
                order = names[turn % len(names) :] + names[: turn % len(names)]
                turn += 1
                for name in order:
                    session, url = sessions[name]
                    times[name].append(await _turn(session, url, TURN))
    finally:
        for session, _ in sessions.values():
            await session.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    here = str(Path(__file__).resolve().parent)
    child = subprocess.Popen(
        [sys.executable, "-c", _SERVE, here], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    try:
        assert child.stdout is not None
        port = int(child.stdout.readline())
        times = asyncio.run(_run(port, args.requests, args.rounds))
    finally:
        assert child.stdin is not None
        child.stdin.close()
        child.wait(10)
    best = {name: min(values) for name, values in times.items()}
    print(f"{'session':<24} {'best µs/req':>12} {'median µs/req':>14} {'x plain (best)':>15}")
    for name, values in times.items():
        print(
            f"{name:<24} {best[name] * 1e6:>12.1f} {statistics.median(values) * 1e6:>14.1f}"
            f" {best[name] / best['aiohttp']:>15.2f}"
        )
    ratio = best["aiohttp + guard"] / best["aiohttp"]
    met = ratio <= TARGET
    print(f"target: guarded at most {TARGET}x plain: {'met' if met else 'MISSED'} ({ratio:.2f}x)")
    return 0 if met or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
