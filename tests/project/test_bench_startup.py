"""The benchmarks read ../shared (beside the repository); without it each says what
is missing and exits 2, with no traceback.

Each script runs from a copy of bench/ in a temporary directory, where ../shared
is absent, on this checkout's urikit.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import paths
import pytest

BENCH = paths.ROOT / "bench"
SRC = paths.IMPORT_ROOT  # the urikit under test (tests/paths.py)
# the scripts that read ../shared, themselves or through the per-build harness
SCRIPTS = sorted(
    path.name
    for path in BENCH.glob("*.py")
    if not path.name.startswith("_")
    and any(word in path.read_text(encoding="utf-8") for word in ("corpus", "_perbuild"))
)
# what a script needs before it looks for the corpus, in the order it imports them
NEEDS = {"bench_arrow.py": ("pyarrow",), "bench_engines.py": ("duckdb", "polars", "pyarrow")}


def test_the_scripts_that_read_shared_are_found() -> None:
    assert {"bench.py", "bench_arrow.py", "bench_batch.py", "memory.py"} <= set(SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS)
def test_without_shared_a_script_says_so_and_exits_2(script: str, tmp_path: Path) -> None:
    bench = tmp_path / "repo" / "bench"
    shutil.copytree(BENCH, bench, ignore=shutil.ignore_patterns("__pycache__"))
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(
        [sys.executable, str(bench / script)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    missing = [name for name in NEEDS.get(script, ()) if importlib.util.find_spec(name) is None]
    if missing:
        assert f"needs {missing[0]}" in done.stderr, done.stderr
    else:
        assert "corpus" in done.stderr and "shared" in done.stderr, done.stderr
        assert done.stdout == "", done.stdout
