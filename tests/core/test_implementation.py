"""Choosing the implementation: environment variables, fallback, generated tables."""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import paths
import pytest
from _twins import C_ONLY, Build
from paths import needs_source

import urikit
from urikit.core import _accel

REPO = paths.ROOT


def _flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def _load_tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, REPO / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@needs_source
def test_generated_tables_are_fresh() -> None:
    """src/urikit/core/_tables.h is exactly what tools/gen_tables.py makes from _charsets.py."""
    generated = _load_tool("gen_tables").generate()
    committed = (REPO / "src" / "urikit" / "core" / "_tables.h").read_text(encoding="utf-8")
    assert committed == generated, "stale _tables.h: run python tools/gen_tables.py"


def test_gen_tables_check_fails_when_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python tools/gen_tables.py --check`` exits 1 on a stale header, 0 on a fresh one."""
    tool = _load_tool("gen_tables")
    header = tmp_path / "_tables.h"
    monkeypatch.setattr(tool, "HEADER", header)
    header.write_text(tool.generate().replace('"invalid-char"', '"bad-char"'), encoding="utf-8")
    assert tool.main(["--check"]) == 1
    assert "stale" in capsys.readouterr().err
    header.write_text(tool.generate(), encoding="utf-8")
    assert tool.main(["--check"]) == 0


# A definition the header is generated from, as written in its module, and a change to it.
CHANGED_DEFINITIONS = [
    ("core/_parser.py", '"absolute-URI", "relative-ref"})', '"absolute-URI", "relative"})'),
    ("core/_errors.py", "expected one of {expected}", "expected {expected}"),
    ("text/_prose.py", '_LINE_BLANKS: Final = " \\t\\xa0"', '_LINE_BLANKS: Final = " \\t"'),
    ("text/_prose.py", '_ANGLE_OPEN: Final = "<"', '_ANGLE_OPEN: Final = "["'),
    ("text/_prose.py", '("www", "ftp")', '("www", "ftp", "web")'),
    ("text/_prose.py", '_URL_PREFIX: Final = "URL:"', '_URL_PREFIX: Final = "URI:"'),
    ("text/_prose.py", '("angle", "quote", "url")', '("angle", "quoted", "url")'),
    ("text/_candidates.py", "_SHORT_RUN = 256", "_SHORT_RUN = 128"),
    ("iri/_syntax.py", "(0xE1000, 0xEFFFD)", "(0xE1000, 0xEFFFC)"),
    (
        "core/_charsets.py",
        'FRAGMENT = PCHAR | frozenset("/?")',
        'FRAGMENT = PCHAR | frozenset("/")',
    ),
    ("core/_charsets.py", "QUERY = PCHAR |", 'QUERY = (PCHAR - frozenset("\'")) |'),
]


@needs_source
@pytest.mark.parametrize(("module", "old", "new"), CHANGED_DEFINITIONS)
def test_gen_tables_check_fails_when_a_definition_changes(
    tmp_path: Path, module: str, old: str, new: str
) -> None:
    """``--check`` run in a copy of the tree whose Python definition was changed
    (the committed header kept) fails: the header follows the definitions."""
    copy = tmp_path / "repo"
    shutil.copytree(REPO / "tools", copy / "tools")
    shutil.copytree(
        REPO / "src" / "urikit",
        copy / "src" / "urikit",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
    )
    check = [sys.executable, str(copy / "tools" / "gen_tables.py"), "--check"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["URIKIT_NO_SPEEDUPS"] = "1"
    fresh = subprocess.run(check, env=env, capture_output=True, text=True, check=False)
    assert fresh.returncode == 0, fresh.stderr
    path = copy / "src" / "urikit" / module
    source = path.read_text(encoding="utf-8")
    assert source.count(old) == 1, f"{module} no longer holds {old!r}: update this test"
    path.write_text(source.replace(old, new), encoding="utf-8")
    stale = subprocess.run(check, env=env, capture_output=True, text=True, check=False)
    assert stale.returncode == 1
    assert "stale" in stale.stderr or "_parser.RULES" in stale.stderr, stale.stderr


@needs_source
def test_design_names_a_differential_test_for_every_automaton() -> None:
    """docs/design.md's table of C automata names built units, and for each a test
    that exists: the test named as what holds C and Python equal is really there."""
    design = (REPO / "docs" / "design.md").read_text(encoding="utf-8")
    section = design.split("### Which rule each C automaton implements", 1)[1].split("\n\n#", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and "`" in line]
    assert len(rows) >= 10
    built = {path.name for path in C_SOURCES}  # all built: see the setup.py test
    for row in rows:
        automaton, _, held_by = row.strip("|").split(" | ")
        units = re.findall(r"`(?:\w+/)?(\w+\.[ch])`", automaton)
        assert units and set(units) <= built, row
        tests = re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", held_by)
        tests += (
            [(tests[0][0], name) for name in re.findall(r"`::(\w+)`", held_by)] if tests else []
        )
        assert tests, row
        for file, name in tests:
            source = (REPO / file).read_text(encoding="utf-8")
            assert re.search(rf"^def {name}\(", source, re.MULTILINE), f"{file}::{name}"


def test_c_units_spell_no_generated_fact() -> None:
    """The facts _tables.h holds are spelt nowhere else in C: no hex digit string,
    no nibble table, no error reason, no URIError or Extracted slot name, no rule
    name, no extraction wrapper, abbreviated scheme or whitespace test, no ucschar
    range."""
    from urikit.core._parser import RULES
    from urikit.errors import URIError
    from urikit.extraction import Extracted
    from urikit.text import _prose as prose

    facts = [
        '"0123456789ABCDEF"',
        "_nib[16] = {",
        '"invalid-char"',
        '"bad-percent"',
        '"bad-decoding"',
        '"ftp://"',
        "== 0xA0",
        "!= 0xA0",
        "'\\f'",
        "'\\v'",
        "expected one of",
        "0x200E",
        "0xFDCF",
    ]
    facts += [f'"{slot}"' for slot in (*URIError.__slots__, *Extracted.__slots__)]
    facts += [f'"{name}"' for name in (*RULES, *prose._WRAPPERS)]
    for path in C_SOURCES:
        if path.name == "_tables.h":
            continue
        source = path.read_text(encoding="utf-8")
        assert [f for f in facts if f in source] == [], path.name


def test_tables_cover_every_class_member() -> None:
    text = _load_tool("gen_tables").generate()
    assert "UK_PCHAR_NC" in text and "UK_SAFE_SEGMENT_NZ_NC" in text
    assert text.count("u, /* ") == 128


def test_implementation_matches_environment() -> None:
    """CI runs the suite with each variable set; this proves which code ran."""
    assert urikit.IMPLEMENTATION == _accel.IMPLEMENTATION
    if _flag(_accel.NO_SPEEDUPS_ENV):
        assert urikit.IMPLEMENTATION == "python"
        assert "urikit.core._speedups" not in sys.modules
    elif _flag(_accel.REQUIRE_SPEEDUPS_ENV):
        assert urikit.IMPLEMENTATION == "c"
    if urikit.IMPLEMENTATION == "c":
        assert type(urikit.parse).__name__ == "AcceleratedFunction"
    else:
        assert type(urikit.parse).__name__ == "function"


def _run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith("URIKIT_")}
    full["PYTHONPATH"] = os.pathsep.join([str(paths.IMPORT_ROOT), full.get("PYTHONPATH", "")])
    full.update(env)
    return subprocess.run(
        [sys.executable, "-c", code], env=full, capture_output=True, text=True, check=False
    )


BLOCK_C = "import sys; sys.modules['urikit.core._speedups'] = None; "


def test_missing_extension_falls_back() -> None:
    done = _run(BLOCK_C + "import urikit; print(urikit.IMPLEMENTATION)")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "python"


def test_missing_extension_is_an_error_when_required() -> None:
    """The error says what is missing and how to build it, and never blames a
    circular import (what ``from . import _speedups`` says for a missing module)."""
    done = _run(BLOCK_C + "import urikit", URIKIT_REQUIRE_SPEEDUPS="1")
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: URIKIT_REQUIRE_SPEEDUPS is set"), done.stderr
    assert "urikit.core._speedups is missing" in last
    assert "pip install" in last and "C compiler" in last
    assert "circular" not in done.stderr


# Hides the extension and stands in for the urikit/core/_build_info.py that setup.py
# writes when the compiler fails.
FAKE_BUILD_INFO = (
    "import sys, types; sys.modules['urikit.core._speedups'] = None; "
    "info = types.ModuleType('urikit.core._build_info'); "
    "info.C_EXTENSION_NOT_BUILT = 'C compiler failed: no cc'; "
    "sys.modules['urikit.core._build_info'] = info; "
)


def test_required_error_gives_the_recorded_build_failure() -> None:
    done = _run(FAKE_BUILD_INFO + "import urikit", URIKIT_REQUIRE_SPEEDUPS="1")
    assert "it was not built (C compiler failed: no cc)" in done.stderr, done.stderr


def test_version_says_why_c_is_missing() -> None:
    code = FAKE_BUILD_INFO + "from urikit.cli import main; main(['--version'])"
    done = _run(code)
    shown = " ".join(done.stdout.split())  # argparse wraps the version text at 80 columns
    assert shown.endswith(
        ", python implementation (C extension not built: C compiler failed: no cc)"
    ), done.stderr
    done = _run(BLOCK_C + "from urikit.cli import main; main(['--version'])")
    assert "python implementation (C extension not built: " in done.stdout, done.stderr
    done = _run("from urikit.cli import main; main(['--version'])", URIKIT_NO_SPEEDUPS="1")
    assert done.stdout.strip().endswith(", python implementation (URIKIT_NO_SPEEDUPS is set)")


def test_describe_matches_the_implementation() -> None:
    assert _accel.describe().startswith(f"{urikit.IMPLEMENTATION} implementation")
    if urikit.IMPLEMENTATION == "c":
        assert _accel.describe() == "c implementation"


def test_no_speedups_wins() -> None:
    code = (
        "import sys, urikit; print(urikit.IMPLEMENTATION, 'urikit.core._speedups' in sys.modules)"
    )
    done = _run(code, URIKIT_NO_SPEEDUPS="1", URIKIT_REQUIRE_SPEEDUPS="1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["python", "False"]


def test_the_c_build_skips_or_fails_without_the_extension(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``build`` fixture's C build (tests/_twins.py): a copy that loaded no
    extension skips the test, or fails it when URIKIT_REQUIRE_SPEEDUPS is set."""
    import _twins

    without_c = _twins.load(no_speedups=True)  # what a machine without the extension loads
    monkeypatch.setattr(_twins, "_build", lambda name: _twins.Build(name, without_c))
    monkeypatch.delenv(_accel.REQUIRE_SPEEDUPS_ENV, raising=False)
    with pytest.raises(pytest.skip.Exception, match="not built"):
        _twins.get("c")
    monkeypatch.setenv(_accel.REQUIRE_SPEEDUPS_ENV, "1")
    with pytest.raises(pytest.fail.Exception, match="did not load"):
        _twins.get("c")
    assert _twins.get("python").urikit is without_c["urikit"]


@C_ONLY
def test_accelerated_functions_look_like_their_python_twins(build: Build) -> None:
    c_urikit = build.urikit
    funcs: list[Any] = [c_urikit.parse, c_urikit.is_valid, c_urikit.resolve, c_urikit.normalize]
    for func in funcs:
        assert type(func) is build.speedups.AcceleratedFunction
        wrapped = func.__wrapped__
        assert func.__doc__ == wrapped.__doc__
        assert func.__name__ == wrapped.__name__
        assert func.__module__ == wrapped.__module__
    import inspect
    import pickle

    resolve: Any = c_urikit.resolve
    assert inspect.signature(resolve) == inspect.signature(resolve.__wrapped__)
    assert pickle.loads(pickle.dumps(c_urikit.parse)) is c_urikit.parse


def _setup_namespace() -> dict[str, Any]:
    """setup.py's globals, loaded with setuptools.setup() replaced by a no-op."""
    import runpy

    setuptools: Any = importlib.import_module("setuptools")  # untyped; no stubs needed
    saved = setuptools.setup
    setuptools.setup = lambda **kwargs: None
    try:
        namespace = runpy.run_path(str(REPO / "setup.py"))
    finally:
        setuptools.setup = saved
    return namespace


@needs_source
def test_setup_records_a_failed_build(tmp_path: Path) -> None:
    """A compiler failure is announced and recorded in urikit/core/_build_info.py,
    which is what urikit --version and the import error read."""
    ns = _setup_namespace()
    distribution: Any = importlib.import_module("setuptools").Distribution
    build_ext_cls = ns["OptionalBuildExt"]
    module_globals = build_ext_cls._failed.__globals__
    said: list[str] = []
    saved = module_globals["REQUIRE"], module_globals["_announce"]
    module_globals["REQUIRE"], module_globals["_announce"] = False, said.append
    info_file = tmp_path / "urikit" / "core" / "_build_info.py"

    def recorded() -> Any:
        info: dict[str, Any] = {}
        exec(info_file.read_text(encoding="utf-8"), info)
        return info["C_EXTENSION_NOT_BUILT"]

    try:
        cmd = build_ext_cls(distribution())
        cmd.build_lib, cmd.inplace = str(tmp_path), False
        with pytest.raises(ns["_Reported"]):
            cmd._failed(RuntimeError("command 'cc' failed:\n No such file"))
        assert recorded() == "C compiler failed: command 'cc' failed: No such file"
        with pytest.raises(ns["_Reported"]):
            cmd._failed(RuntimeError("Command '['false', '-c', 'x.c']' returned exit status 1."))
        assert recorded() == "C compiler failed: false exited with status 1"
        module_globals["REQUIRE"] = True
        with pytest.raises(SystemExit, match="URIKIT_REQUIRE_SPEEDUPS is set"):
            cmd._failed(RuntimeError("cc"))
    finally:
        module_globals["REQUIRE"], module_globals["_announce"] = saved
    assert len(said) == 2 and all(m.startswith("WARNING: urikit's C accelerator") for m in said)
    assert "(command 'cc' failed: No such file)" in said[0]
    assert "(false exited with status 1)" in said[1]


PACKAGE = paths.PACKAGE  # the urikit under test, which ships its C sources (tests/paths.py)
#: The units of the one extension urikit.core._speedups and the headers they share.
C_SOURCES = sorted([*PACKAGE.rglob("*.c"), *PACKAGE.rglob("*.h")])


def test_c_module_imports_nothing_and_uses_no_deprecated_api() -> None:
    """The C side of the boundary, for the layering rules: no unit of _speedups
    imports a Python module (everything it uses is handed in: see urikit.core._accel) and
    each calls the APIs deprecated in 3.12 only in the branch for older versions."""
    assert len(C_SOURCES) > 2
    module = (PACKAGE / "core" / "_speedups_module.c").read_text(encoding="utf-8")
    assert "PyInit__speedups(void)\n{\n    return PyModuleDef_Init(&moduledef);\n}" in module
    for path in C_SOURCES:
        source = path.read_text(encoding="utf-8")
        assert "PyImport_" not in source, path
        stack: list[tuple[str, bool]] = []  # (#if condition, in its #else branch)
        for number, line in enumerate(source.splitlines(), 1):
            if line.startswith("#if"):
                stack.append((line, False))
            elif line.startswith("#else"):
                stack[-1] = (stack[-1][0], True)
            elif line.startswith("#endif"):
                stack.pop()
            elif any(name in line for name in DEPRECATED_IN_312) and not line.startswith("#define"):
                only_before_312 = any(
                    (cond == "#if PY_VERSION_HEX < 0x030C0000" and not in_else)
                    or (cond == "#if PY_VERSION_HEX >= 0x030C0000" and in_else)
                    for cond, in_else in stack
                )
                assert only_before_312, (path.name, number, line)


@needs_source
def test_setup_builds_every_unit_and_rebuilds_on_every_header() -> None:
    """setup.py lists every .c file under src/urikit as a source of the one
    extension, and every .h file in its ``depends`` (so a header edit rebuilds),
    and MANIFEST.in ships them all in an sdist."""
    import ast

    tree = ast.parse((REPO / "setup.py").read_text(encoding="utf-8"))
    lists = {
        t.id: ast.literal_eval(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        for t in node.targets
        if isinstance(t, ast.Name) and t.id in ("SPEEDUPS_SOURCES", "SPEEDUPS_HEADERS")
    }
    on_disk = {
        p.relative_to(REPO).as_posix()
        for p in sorted([*paths.SOURCE.rglob("*.c"), *paths.SOURCE.rglob("*.h")])
    }
    assert set(lists["SPEEDUPS_SOURCES"]) == {p for p in on_disk if p.endswith(".c")}
    assert set(lists["SPEEDUPS_HEADERS"]) == {p for p in on_disk if p.endswith(".h")}
    manifest = (REPO / "MANIFEST.in").read_text(encoding="utf-8")
    assert "recursive-include src/urikit *.c *.h" in manifest


DEPRECATED_IN_312 = ("PyErr_Fetch", "PyErr_Restore", "PyErr_NormalizeException", "PyUnicode_READY")
