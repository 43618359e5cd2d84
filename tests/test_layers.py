"""Imports inside urikit flow one way: each module imports only its own layer or lower.

The layers (docs/design.md): 0 errors and character tables; 1 the accelerator
kernels; 2 percent-coding and scheme facts; 3 the parser, resolution,
normalization and the legacy grammars; 4 URIReference; 5 schemes and URNs;
6 text extraction and security checks; 7 batch processing and the CLI. Every
module must be placed in a layer here, so a new one cannot slip in unplaced.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "urikit"

LAYERS: dict[str, int] = {
    "urikit.errors": 0,
    "urikit._charsets": 0,
    "urikit._tables": 0,
    "urikit._native": 1,
    "urikit._speedups": 1,
    "urikit._accel": 1,
    "urikit.percent": 2,
    "urikit._schemeinfo": 2,
    "urikit.hosts": 2,
    "urikit._parser": 3,
    "urikit.resolve": 3,
    "urikit.normalize": 3,
    "urikit.legacy": 3,
    "urikit.reference": 4,
    "urikit.schemes": 5,
    "urikit.urn": 5,
    "urikit.iri": 5,
    "urikit.extract": 6,
    "urikit.extraction": 6,
    "urikit.html": 6,
    "urikit.security": 6,
    "urikit.batch": 7,
    "urikit.cli": 7,
    "urikit.__main__": 7,
}


def layer_of(module: str) -> int:
    """The layer of ``module`` (a subpackage's modules share its layer)."""
    parts = module.split(".")
    for k in range(len(parts), 1, -1):
        name = ".".join(parts[:k])
        if name in LAYERS:
            return LAYERS[name]
    raise KeyError(module)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_module(name: str) -> bool:
    path = PACKAGE.parent / Path(*name.split("."))
    return path.with_suffix(".py").exists() or path.is_dir()


def imports_in(text: str, package: str) -> list[tuple[int, str]]:
    """(line, absolute module) of every urikit import in ``text``, nested ones too.

    ``package`` is the package the code lives in (for relative imports).
    """
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ImportFrom):
            target = node.module or ""
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, node.module] if node.module else base)
            if not target.startswith("urikit"):
                continue
            # "from . import x" / "from urikit import x": x may itself be a module.
            subs = [f"{target}.{a.name}" for a in node.names if is_module(f"{target}.{a.name}")]
            found.extend((node.lineno, t) for t in subs or [target])
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, a.name) for a in node.names if a.name.startswith("urikit"))
    return found


def imported_modules(path: Path) -> list[tuple[int, str]]:
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    return imports_in(path.read_text(encoding="utf-8"), package)


def upward_imports(name: str, imports: list[tuple[int, str]]) -> list[str]:
    own = layer_of(name)
    return [
        f"line {line}: {target} (layer {layer_of(target)})"
        for line, target in imports
        if target != "urikit" and layer_of(target) > own
    ]


MODULES = sorted(p for p in PACKAGE.rglob("*.py"))


def test_every_module_has_a_layer() -> None:
    unplaced = []
    for path in MODULES:
        name = module_name(path)
        if name == "urikit":
            continue
        try:
            layer_of(name)
        except KeyError:
            unplaced.append(name)
    assert not unplaced, f"place these modules in LAYERS: {unplaced}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_imports_flow_down(path: Path) -> None:
    name = module_name(path)
    if name == "urikit":  # the package re-exports from every layer
        return
    upward = upward_imports(name, imported_modules(path))
    assert not upward, f"{name} (layer {layer_of(name)}) imports upward: {upward}"


def test_the_checker_flags_an_upward_import() -> None:
    # The checker must be able to fail: layer-3 code importing layer 5, at module
    # level, inside a function, relatively and absolutely.
    code = (
        "from ..schemes import view\ndef f():\n    import urikit.urn\n    from . import grammars\n"
    )
    found = imports_in(code, "urikit.legacy")
    assert [t for _, t in found] == ["urikit.schemes", "urikit.urn", "urikit.legacy.grammars"]
    assert len(upward_imports("urikit.legacy.grammars", found)) == 2
