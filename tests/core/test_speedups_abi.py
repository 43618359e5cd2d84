"""The C extension as one unit: its ABI stamp, the names its stub declares, the
method table its units' headers make, and what ``accelerate`` takes by name."""

from __future__ import annotations

import ast
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
from paths import needs_source

from urikit.core import _accel, _interface

# the wheel ships the stub: it is read from the urikit under test
STUB = paths.PACKAGE / "core" / "_speedups.pyi"
MODULE_FILE = paths.SOURCE / "core" / "_speedups_module.c"


def _extension() -> ModuleType:
    """A fresh instance of the built extension (whatever the environment says),
    or a skip when it is not built (a failure under URIKIT_REQUIRE_SPEEDUPS)."""
    spec = importlib.util.find_spec("urikit.core._speedups")
    if spec is None or spec.loader is None:
        if os.environ.get(_accel.REQUIRE_SPEEDUPS_ENV, "") not in ("", "0"):
            pytest.fail("URIKIT_REQUIRE_SPEEDUPS is set but the extension is not built")
        pytest.skip("the C accelerator is not built")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith("URIKIT_")}
    full["PYTHONPATH"] = os.pathsep.join([str(paths.IMPORT_ROOT), full.get("PYTHONPATH", "")])
    full.update(env)
    return subprocess.run(
        [sys.executable, "-c", code], env=full, capture_output=True, text=True, check=False
    )


def _stub_names() -> set[str]:
    """The public names _speedups.pyi declares (functions, classes, constants)."""
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return {n for n in names if not (n.startswith("__") or n in ("_F", "_T", "_Spans"))}


# ---------------------------------------------------------------- the stamp


def test_the_built_extension_has_this_abi() -> None:
    module = _extension()
    assert isinstance(module.ABI, int) and not isinstance(module.ABI, bool)
    assert module.ABI == _accel.ABI


@needs_source
def test_the_stamp_is_written_once() -> None:
    """setup.py makes the stamp from _accel.py's REVISION line and the generated
    INTERFACE line, and no C file spells a number for it."""
    accel = (paths.SOURCE / "core" / "_accel.py").read_text(encoding="utf-8")
    assert re.findall(r"^REVISION: Final = (\d+)$", accel, re.M) == [str(_accel.REVISION)]
    assert re.findall(r"^ABI: Final = (.+)$", accel, re.M) == ["REVISION << 32 | INTERFACE"]
    assert _accel.ABI >> 32 == _accel.REVISION
    assert _accel.ABI & 0xFFFFFFFF == _interface.INTERFACE
    setup = (paths.ROOT / "setup.py").read_text(encoding="utf-8")
    assert '("URIKIT_ABI", _abi())' in setup and "ACCEL_PY" in setup and "INTERFACE_PY" in setup
    for path in paths.SOURCE.rglob("*.[ch]"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"#\s*define\s+URIKIT_ABI\b", text), path


def test_a_stamp_reads_as_revision_and_interface() -> None:
    assert _accel._stamp(2 << 32 | 0x6C91DB25) == "2.6c91db25"
    assert _accel._stamp(0) == "0.00000000"
    assert _accel._stamp("1") == "'1'"
    assert _accel._stamp(True) == "True"


def _fake_extension(abi: str | None) -> str:
    """Code that puts a stand-in of the extension in sys.modules before urikit
    loads: every attribute of the real one (when built), its stamp ``abi``
    (Python source, or None for no stamp)."""
    lines = [
        "import sys, types, importlib.machinery, importlib.util, pathlib",
        # found without importing urikit (which would load the real one)
        "root = pathlib.Path(importlib.util.find_spec('urikit').origin).parent / 'core'",
        "built = [root / ('_speedups' + x) for x in importlib.machinery.EXTENSION_SUFFIXES]",
        "built = [str(p) for p in built if p.exists()]",
        "name = 'urikit.core._speedups'",
        "spec = built and importlib.util.spec_from_file_location(name, built[0])",
        "fake = types.ModuleType('urikit.core._speedups')",
        "if spec and spec.loader is not None:",
        "    real = importlib.util.module_from_spec(spec)",
        "    spec.loader.exec_module(real)",
        "    fake.__dict__.update({k: v for k, v in vars(real).items() if k[:2] != '__'})",
        "fake.__dict__.pop('ABI', None)",
        "" if abi is None else f"fake.ABI = {abi}",
        "sys.modules['urikit.core._speedups'] = fake",
    ]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("abi", [None, "0", str(_accel.ABI + 1), "'1'"])
def test_a_stale_extension_falls_back(abi: str | None) -> None:
    """An extension whose stamp is missing or another is used as if it were not
    there: pure Python, and the reason in not_built_reason() and --version."""
    code = _fake_extension(abi) + (
        "import urikit\nfrom urikit.core import _accel\n"
        "print(urikit.IMPLEMENTATION, _accel.not_built_reason(), _accel.describe(), sep='\\n')"
    )
    done = _run(code)
    assert done.returncode == 0, done.stderr
    implementation, reason, described = done.stdout.strip().splitlines()
    assert implementation == "python"
    assert reason.startswith("urikit.core._speedups is stale: it has ")
    assert f"this urikit needs ABI {_accel._stamp(_accel.ABI)}" in reason
    assert ("no ABI stamp" in reason) == (abi is None)
    assert described == f"python implementation (C extension not used: {reason})"


def test_a_stale_extension_is_an_error_when_required() -> None:
    done = _run(_fake_extension("0") + "import urikit", URIKIT_REQUIRE_SPEEDUPS="1")
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: URIKIT_REQUIRE_SPEEDUPS is set"), done.stderr
    assert "is stale: it has ABI 0.00000000" in last and "pip install" in last


def test_the_right_stamp_is_used() -> None:
    """The same stand-in with the right stamp is taken (so the tests above fail
    for the stamp, not for the stand-in)."""
    _extension()  # skips without a build
    code = _fake_extension(str(_accel.ABI)) + "import urikit; print(urikit.IMPLEMENTATION)"
    done = _run(code, URIKIT_REQUIRE_SPEEDUPS="1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "c"


# ---------------------------------------------------------------- the stub


def test_the_stub_declares_what_the_extension_has() -> None:
    """Both ways: every public name of the extension is in _speedups.pyi, and
    every name the stub declares is in the extension."""
    module = _extension()
    has = {n for n in vars(module) if not n.startswith("__")}
    declared = _stub_names()
    assert sorted(has - declared) == [], "in the extension, not in _speedups.pyi"
    assert sorted(declared - has) == [], "in _speedups.pyi, not in the extension"


def test_the_stub_names_are_read() -> None:
    """The reading of the stub finds its functions, classes and the stamp."""
    declared = _stub_names()
    assert {"accelerate", "AcceleratedFunction", "ABI", "percent_encode", "_arrow_level"} <= (
        declared
    )
    assert "_F" not in declared


# ---------------------------------------------------------------- generated


def _gen_kernels(root: Path = paths.ROOT) -> ModuleType:
    """tools/gen_kernels.py, reading the tree at ``root``."""
    spec = importlib.util.spec_from_file_location("gen_kernels", root / "tools" / "gen_kernels.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


@needs_source
def test_the_stub_and_the_interface_are_generated_from_the_headers() -> None:
    """The stub's methods and core/_interface.py are what tools/gen_kernels.py
    makes from the units' method tables now."""
    tool = _gen_kernels()
    assert tool.main(["--check"]) == 0, "stale: run python tools/gen_kernels.py"
    assert STUB.read_text(encoding="utf-8") == tool.stub(STUB.read_text(encoding="utf-8"))
    names = [n for _, methods in tool.tables() for n, _ in methods]
    assert tuple(names) == _interface.METHODS
    assert len(names) >= 25 and "psl_lookup" in names


def test_each_method_documents_its_stub_signature() -> None:
    """The first line of each built method's docstring is the signature the
    stub gives it (they come from the same header line)."""
    module = _extension()
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    defs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    for name in _interface.METHODS:
        node = defs[name]
        first = (getattr(module, name).__doc__ or "").split("\n", 1)[0]
        want = ast.parse(f"def {first}: ...").body[0]
        assert isinstance(want, ast.FunctionDef), name
        assert ast.dump(want.args) == ast.dump(node.args), name
        assert ast.dump(want.returns) == ast.dump(node.returns), name  # type: ignore[arg-type]


@needs_source
@pytest.mark.parametrize(
    ("header", "old", "new"),
    [
        # a method added to a unit's table
        (
            "domains/lookup_c.h",
            "#define URIKIT_DOMAINS_LOOKUP_METHODS \\\n",
            "#define URIKIT_DOMAINS_LOOKUP_METHODS \\\n"
            '    {"psl_new", (PyCFunction)urikit_sp_psl_new, METH_O, '
            '"psl_new(x: int, /) -> int\\n"}, \\\n',
        ),
        # a signature changed
        ("core/percent_c.h", '"percent_decode(text: str, /)', '"percent_decode(text: bytes, /)'),
    ],
)
def test_a_changed_table_makes_the_generated_files_stale(
    tmp_path: Path, header: str, old: str, new: str
) -> None:
    """In a copy of the tree, a method added or retyped in a header makes
    ``--check`` fail and changes INTERFACE (so the stamp refuses older builds)."""
    copy = tmp_path / "repo"
    shutil.copytree(paths.ROOT / "tools", copy / "tools")
    shutil.copytree(
        paths.SOURCE,
        copy / "src" / "urikit",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
    )
    before = _gen_kernels(copy).interface()
    path = copy / "src" / "urikit" / header
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{header} no longer holds {old!r}: update this test"
    path.write_text(text.replace(old, new), encoding="utf-8")
    tool = _gen_kernels(copy)
    assert tool.main(["--check"]) == 1
    assert tool.interface() != before
    assert tool.main([]) == 0 and tool.main(["--check"]) == 0  # written anew


# ---------------------------------------------------------------- the units


def _unit_headers() -> dict[str, list[str]]:
    """Each header under src/urikit: the method-table macros it defines."""
    return {
        path.relative_to(paths.SOURCE).as_posix(): re.findall(
            r"^#define (URIKIT_\w+_METHODS)\b", path.read_text(encoding="utf-8"), re.M
        )
        for path in sorted(paths.SOURCE.rglob("*.h"))
    }


@needs_source
def test_the_module_file_concatenates_every_units_table() -> None:
    """Every URIKIT_*_METHODS a unit's header defines is in the module's table,
    once, and the module file includes that header; no entry is written there."""
    module = MODULE_FILE.read_text(encoding="utf-8")
    table = module[module.index("static PyMethodDef methods[] = {") :]
    table = table[: table.index("};")]
    macros = re.findall(r"\b(URIKIT_\w+_METHODS)\b", table)
    defined = {m: h for h, ms in _unit_headers().items() for m in ms}
    assert len(defined) >= 10
    assert sorted(macros) == sorted(defined), "the table and the headers' macros differ"
    assert len(set(macros)) == len(macros)
    assert '{"' not in table, "an entry in the module file instead of its unit's header"
    for macro, header in defined.items():
        rel = os.path.relpath(paths.SOURCE / header, MODULE_FILE.parent).replace(os.sep, "/")
        assert f'#include "{rel}"' in module, (macro, header)


@needs_source
def test_each_unit_declares_its_own_methods() -> None:
    """A header's table entries name functions its own unit defines."""
    for header, macros in _unit_headers().items():
        if not macros:
            continue
        text = (paths.SOURCE / header).read_text(encoding="utf-8")
        unit = (paths.SOURCE / header).with_suffix(".c")
        assert unit.exists(), f"{header} defines a method table but has no unit {unit.name}"
        body = unit.read_text(encoding="utf-8")
        functions = re.findall(r"\(PyCFunction\)(?:\(void \(\*\)\(void\)\))?(\w+)", text)
        functions += [f"urikit_sp_{n}" for n in re.findall(r"\bUK_METHOD_\w+\((\w+),", text)]
        assert functions, f"{header} lists no function"
        for function in functions:
            assert re.search(rf"^{function}\(", body, re.M), (header, function)


@needs_source
def test_each_unit_declares_what_it_offers() -> None:
    """What a unit offers the others (its urikit_* functions and type specs) is
    declared in its own header, or in the header its package's units share
    (``_arrow.h``, ``_extraction.h``); a unit includes its own header, so the
    compiler holds the declarations to the definitions."""
    units = sorted(paths.SOURCE.rglob("*_c.c"))
    assert len(units) >= 15
    for unit in units:
        text = unit.read_text(encoding="utf-8")
        offered = [
            rf"\b{f}\("
            if not f.startswith("urikit_sp_")
            else rf"\b{f}\(|\bUK_KERNEL_\w+\({f[10:]}\);"
            for f in re.findall(r"^(urikit_\w+)\(", text, re.M)
        ]
        offered += [
            rf"\bextern PyType_Spec {t};"
            for t in re.findall(r"^PyType_Spec (urikit_\w+) =", text, re.M)
        ]
        own = unit.with_suffix(".h")
        headers = [own, *sorted(unit.parent.glob("_*.h"))]
        declared = "".join(h.read_text(encoding="utf-8") for h in headers if h.exists())
        missing = [found for found in offered if not re.search(found, declared)]
        assert missing == [], f"{unit.name} offers {missing} without declaring them"
        if own.exists():
            assert f'#include "{own.name}"' in text, f"{unit.name} does not include {own.name}"


# ---------------------------------------------------------------- accelerate


def test_accelerate_takes_each_kinds_arguments_by_name() -> None:
    module = _extension()

    def fallback(*args: Any, **kwargs: Any) -> str:
        return "fallback"

    with pytest.raises(TypeError, match="by name"):
        module.accelerate("normalize", fallback, {}, frozenset())
    with pytest.raises(TypeError, match="default_ports=dict and http_like=set"):
        module.accelerate("normalize", fallback, default_ports={})  # both needed
    with pytest.raises(TypeError, match="default_ports=dict and http_like=set"):
        module.accelerate("normalize", fallback, ports={}, http_like=frozenset())
    with pytest.raises(TypeError, match="http_like=set"):
        module.accelerate("normalize", fallback, default_ports=[], http_like=frozenset())
    made = module.accelerate("normalize", fallback, default_ports={}, http_like=frozenset())
    assert made.__wrapped__ is fallback
    with pytest.raises(TypeError, match="diagnose=callable"):
        module.accelerate("parse", fallback)
    with pytest.raises(TypeError, match="diagnose=callable"):
        module.accelerate("parse", fallback, diagnose=None)
    with pytest.raises(TypeError, match="ascii_only=bool"):
        module.accelerate("is_valid", fallback, ascii_only=1)
    with pytest.raises(TypeError, match="no keyword"):
        module.accelerate("resolve", fallback, strict=True)
    with pytest.raises(ValueError, match="bad arguments"):
        module.accelerate("unknown", fallback)


def test_is_valid_ascii_only_false_is_the_plain_is_valid() -> None:
    """ascii_only=False (or None) binds the is_valid of every rule and text:
    an explicit rule is C's, not the fallback's."""
    module = _extension()
    calls: list[tuple[Any, ...]] = []

    def fallback(*args: Any) -> str:
        calls.append(args)
        return "fallback"

    for marker in (False, None):
        plain = module.accelerate("is_valid", fallback, ascii_only=marker)
        assert plain("a:b", "URI") is True and plain("a b") is False
    only_ascii = module.accelerate("is_valid", fallback, ascii_only=True)
    assert only_ascii("a:b", "URI") == "fallback"
    assert calls == [("a:b", "URI")]
