"""The optional extras of the engine modules (urikit.arrow, dask, duckdb, spark):
``import urikit`` (and the engine module itself) imports none of the extra's
packages, and a missing package gives the error that names the extra.

Each check runs in a fresh interpreter, so it needs none of the extras
installed: a package is made missing with ``sys.modules[name] = None``.
"""

from __future__ import annotations

import functools
import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import extras_table
import pytest
from extras_table import distributions, imports_of
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from urikit.core import _extras


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


# The table of which file needs which extra (pyproject.toml's
# [tool.urikit.needs-extras], read by the root conftest.py), against pyproject's
# extras and against what the files import.

PROJECT = extras_table.load()
ALWAYS = [*PROJECT.dependencies, *PROJECT.extras["test"]]  # what README command 2 installs
FILES = sorted(
    path.relative_to(extras_table.ROOT).as_posix()
    for pattern in ("src/**/*.py", "tests/**/*.py", "docs/*.md", "README.md", "conftest.py")
    for path in extras_table.ROOT.glob(pattern)
)


@functools.cache
def closure(*requirements: str) -> frozenset[str]:
    return extras_table.closure(requirements)


@pytest.mark.parametrize("relpath", sorted(PROJECT.needs))
def test_the_table_names_files_and_extras_that_exist(relpath: str) -> None:
    assert extras_table.locate(relpath).is_file(), f"{relpath} is not a file"
    extras = PROJECT.needs[relpath]
    assert extras, f"{relpath} names no extra"
    unknown = set(extras) - set(PROJECT.extras)
    assert not unknown, f"{relpath}: no extra {sorted(unknown)} in [project.optional-dependencies]"


@pytest.mark.parametrize("relpath", FILES)
def test_what_a_file_imports_is_installed_with_it(relpath: str) -> None:
    """Every package a file imports when it is collected or its doctests run
    comes with urikit, with [test], or with the extras the table gives it (an
    ``importorskip`` first excuses one)."""
    reason = PROJECT.reason_to_skip(relpath)
    if reason is not None:  # so is the file itself; what its extras bring is not known here
        pytest.skip(reason)
    extras = PROJECT.needs.get(relpath, ())
    given = closure(*ALWAYS, *(r for e in extras for r in PROJECT.extras[e]))
    for module, skipped in sorted(imports_of(relpath).needed):
        if module in skipped or any(importlib.util.find_spec(m) is None for m in skipped):
            continue  # the doctest skips before it gets here
        dists = distributions(module)
        if dists is None:
            assert extras, (
                f"{relpath} imports {module}, which is not installed and not in the table"
            )
        else:
            excused = given | brought_with(skipped)
            assert dists & excused, (
                f"{relpath} imports {module} ({', '.join(sorted(dists))}): not installed by "
                f"urikit's dependencies, [test] or its extras in the table {list(extras)}, "
                "nor importorskip'd before"
            )


def brought_with(skipped: frozenset[str]) -> frozenset[str]:
    """What comes with the extras that bring an importorskip'd module: once
    ``importorskip("dask.dataframe")`` passed, ``import pandas`` (of the same
    [dask] extra) can too."""
    found = {d for module in skipped for d in distributions(module) or ()}
    return frozenset().union(
        *(
            closure(*requirements)
            for requirements in PROJECT.extras.values()
            if found & {canonicalize_name(Requirement(r).name) for r in requirements}
        )
    )


@pytest.mark.parametrize(
    ("relpath", "extra"),
    [(path, e) for path, extras in sorted(PROJECT.needs.items()) for e in extras],
)
def test_a_file_in_the_table_uses_its_extra(relpath: str, extra: str) -> None:
    """No stale entry: the file imports something the extra brings and
    urikit + [test] do not."""
    missing = extras_table.unmet(PROJECT.extras[extra])
    if missing is not None:
        pytest.skip(f"the [{extra}] extra is not installed: {missing}")
    own = closure(*PROJECT.extras[extra]) - closure(*ALWAYS)
    used = {d for m in imports_of(relpath).mentioned for d in distributions(m) or ()}
    assert used & own, f"{relpath} imports nothing of the [{extra}] extra ({sorted(own)})"


def test_imports_of_sees_imports_skips_and_guards(tmp_path: Path) -> None:
    """The scanner itself, on a made-up file."""
    source = (
        '"""\n>>> import alpha.x\n>>> _ = pytest.importorskip("beta")\n>>> import beta\n"""\n'
        "import gamma\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    import delta\n"
        "try:\n    import epsilon\nexcept ImportError:\n    epsilon = None\n"
        "def f() -> None:\n    import zeta\n"
    )
    module = tmp_path / "example.py"
    module.write_text(source, encoding="utf-8")
    found = imports_of(str(module))
    assert found.needed == {
        ("alpha", frozenset()),
        ("beta", frozenset({"beta"})),
        ("gamma", frozenset()),
    }
    assert found.mentioned == {"alpha", "beta", "gamma", "delta", "epsilon", "zeta"}
