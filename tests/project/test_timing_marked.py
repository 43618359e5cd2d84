"""Every test that measures time is marked ``timing``: the suite leaves those out
(pyproject.toml's addopts) and CI runs them alone, serially, once per build, so
that no other test's load can move what they measure.

A test measures time when its own body reads a clock (``time.perf_counter``,
``time.monotonic``, ``time.process_time``, ``time.time``) or times a function
with tests/growth.py (``growth``, ``scaled``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
CLOCKS = frozenset({"perf_counter", "monotonic", "process_time", "time", "perf_counter_ns"})
TIMERS = frozenset({"growth", "scaled"})


def _is_timing_mark(node: ast.expr) -> bool:
    return ast.unparse(node).replace("pytest.", "") == "mark.timing"


def measures_time(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """What in ``function``'s body reads a clock or times a call."""
    found = []
    for node in ast.walk(function):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr in CLOCKS
            and isinstance(func.value, ast.Name)
            and func.value.id == "time"
        ) or (isinstance(func, ast.Name) and func.id in TIMERS):
            found.append(f"line {node.lineno}: {ast.unparse(func)}()")
    return found


def unmarked(source: str) -> list[str]:
    """The test functions of ``source`` that measure time but are not marked."""
    tree = ast.parse(source)
    module_marked = any(
        isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets)
        and "timing" in ast.unparse(node.value)
        for node in tree.body
    )
    faults = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if not node.name.startswith("test"):
            continue
        marked = module_marked or any(_is_timing_mark(d) for d in node.decorator_list)
        found = measures_time(node)
        if found and not marked:
            faults.append(f"{node.name} ({', '.join(found)})")
    return faults


@pytest.mark.parametrize(
    "path", sorted(TESTS.rglob("test_*.py")), ids=lambda p: p.relative_to(TESTS).as_posix()
)
def test_a_test_that_measures_time_is_marked(path: Path) -> None:
    assert unmarked(path.read_text(encoding="utf-8")) == []


def test_the_scan_finds_clocks_and_timers() -> None:
    source = (
        "import time\n"
        "import pytest\n"
        "def test_a():\n    t = time.perf_counter()\n"
        "def test_b():\n    assert scaled(f, g) < 1\n"
        "@pytest.mark.timing\ndef test_c():\n    time.monotonic()\n"
        "def test_d():\n    wait_until(lambda: True)\n"
        "def helper():\n    time.monotonic()\n"
    )
    assert unmarked(source) == [
        "test_a (line 4: time.perf_counter())",
        "test_b (line 6: scaled())",
    ]
