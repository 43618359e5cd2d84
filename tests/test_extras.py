"""The optional extras of the engine modules (urikit.arrow, dask, duckdb, spark):
``import urikit`` (and the engine module itself) imports none of the extra's
packages, and a missing package gives the error that names the extra.

Each check runs in a fresh interpreter, so it needs none of the extras
installed: a package is made missing with ``sys.modules[name] = None``.
"""

from __future__ import annotations

import subprocess
import sys
from typing import NamedTuple

import pytest

from urikit import _extras


class Engine(NamedTuple):
    module: str  # urikit.<module>, and the extra's name
    needs: str  # what the error says it needs
    packages: tuple[str, ...]  # the top-level packages it imports on first use
    call: str  # a call that needs them


ENGINES = [
    Engine("arrow", "pyarrow", ("pyarrow",), "validate(None)"),
    Engine("dask", "dask", ("dask", "pandas", "pyarrow"), "validate(None)"),
    Engine("duckdb", "duckdb", ("duckdb", "pyarrow"), "register(object())"),
    Engine("spark", "pyspark", ("pyspark", "py4j", "pyarrow"), "split(None, 'url')"),
]
IDS = [e.module for e in ENGINES]


def run(code: str) -> str:
    """What a fresh interpreter running ``code`` prints."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip()


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_import_urikit_imports_no_extra(engine: Engine) -> None:
    code = (
        f"import sys, urikit, urikit.batch, urikit.cli, urikit.{engine.module}\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {engine.packages!r}))\n"
    )
    assert run(code) == "[]"


@pytest.mark.parametrize(
    ("engine", "missing"),
    [(e, p) for e in ENGINES for p in e.packages if p != "py4j"],
    ids=[f"{e.module}-{p}" for e in ENGINES for p in e.packages if p != "py4j"],
)
def test_a_missing_package_names_the_extra(engine: Engine, missing: str) -> None:
    code = (
        f"import sys; sys.modules[{missing!r}] = None  # as if not installed\n"
        f"from urikit import {engine.module} as engine\n"
        "try:\n"
        f"    engine.{engine.call}\n"
        "except ImportError as err:\n"
        "    print(err)\n"
    )
    expected = f"urikit.{engine.module} needs {engine.needs}: pip install 'urikit[{engine.module}]'"
    assert run(code) == expected


def test_a_failed_import_is_tried_again(monkeypatch: pytest.MonkeyPatch) -> None:
    load = _extras.loader("example", "json", "json")
    monkeypatch.setitem(sys.modules, "json", None)
    with pytest.raises(ImportError, match=r"^urikit.example needs json: pip install"):
        load()
    monkeypatch.undo()
    first = load()
    assert first[0] is sys.modules["json"]
    monkeypatch.setitem(sys.modules, "json", None)
    assert load() is first  # kept: not imported again
