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


def test_bench_domains_quick_runs_on_a_small_corpus(tmp_path: Path) -> None:
    """``bench_domains.py --quick`` runs end to end (no speed asserted): each
    contestant is timed, the list versions and memory are reported, and the
    hosts each peer answers as urikit does are counted."""
    pytest.importorskip("tldextract")
    pytest.importorskip("publicsuffixlist")
    corpus = tmp_path / "urls.txt"
    corpus.write_text(
        "https://forums.bbc.co.uk/a\nhttp://a.b.github.io/\nhttp://127.0.0.1/\nurn:isbn:1\n",
        encoding="utf-8",
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
    }
    script = str(BENCH / "bench_domains.py")
    done = subprocess.run(
        [sys.executable, script, "--quick", "--impl", "python", "--corpus", str(corpus)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "hosts: 3 (3 distinct)" in out, out  # the URN has no host
    for name in ("registrable_domain", "tldextract.extract", "publicsuffixlist.privatesuffix"):
        assert f"target registrable_domain / {name}" in out or f"  {name} " in out, out
    assert "memory: urikit trie" in out and "first use: urikit default_list()" in out, out
    # tldextract gives the IP address no registrable domain, as urikit does;
    # publicsuffixlist reads 127.0.0.1 as a name ("0.1")
    assert "tldextract.extract 3/3, publicsuffixlist.privatesuffix 2/3" in out, out
