"""Imports inside urikit flow one way, and no module takes part in an import circle.

The modules are found in the tree (every ``.py`` under ``src/urikit`` and the C
module ``urikit.core._speedups``, whose units are every ``.c`` and ``.h`` file there),
and each gets its layer from :data:`LAYER_RULES`, which :func:`read_rules` reads
from the packages themselves: each package's front file declares ``__layer__``
(the core's declares ``__layers__``, one per module), a top-level module declares
its own or is a face (``from .core._reference import *``) in the layer of what it
shows. A module no rule covers fails, so a new one cannot slip in unplaced, and
docs/design.md's tree must name every package and top-level module.

What counts as an import of a module:

* ``import``/``from ... import`` statements anywhere (nested ones too), relative
  or absolute; ``from pkg import name`` counts ``pkg.name`` when that is a module;
* in the C source, a ``"urikit.<module>"`` string (what ``PyImport_ImportModule``
  would be given);
* a *named lookup*: a ``"urikit.<module>"`` string in Python code (not a
  docstring), which a registry imports by name on first need
  (``importlib.import_module``). An upward one is allowed only when listed in
  :data:`NAMED_LOOKUPS` with its reason: it is how a low layer's registry finds
  the module that fills it, never a static dependency.

The circle check (:func:`import_graph`) counts every import statement, those
inside functions too, and every named lookup that :data:`NAMED_LOOKUPS` does not
list.

The package ``urikit/__init__.py`` is the facade: it re-exports from every layer
(some names lazily) and only the application layer (7: the CLI, which shows
``urikit.__version__``) may import it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import NamedTuple

import paths
import pytest

# the urikit under test: this checkout's src/urikit or an installed package (tests/paths.py)
SRC = paths.IMPORT_ROOT
PACKAGE = paths.PACKAGE
FACADE = "urikit"
FACADE_LAYER = 99
APPLICATION_LAYER = 7


class Rule(NamedTuple):
    prefix: str  # a module, or a package and everything in it
    layer: int


def _assigned(path: Path, name: str) -> object:
    """The literal value a module assigns to ``name`` at its top level, or None."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets) and node.value:
                return ast.literal_eval(node.value)
    return None


def face_target(path: Path) -> str | None:
    """The module a face shows (``from .core._reference import *``), or None when
    ``path`` is not a face."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if (
            isinstance(node, ast.ImportFrom)
            and node.level == 1
            and node.module
            and [a.name for a in node.names] == ["*"]
        ):
            return f"{FACADE}.{node.module}"
    return None


def read_rules(package: Path = PACKAGE) -> tuple[Rule, ...]:
    """The layer rules, as the packages declare them: a package's front file says
    its layer (``__layer__``), the core's says each of its modules' (``__layers__``),
    a top-level module says its own (``__layer__``) or is a face, in the layer of
    the module it shows. The facade, ``urikit/__init__.py``, is above them all."""
    rules: list[Rule] = []
    faces: dict[str, str] = {}
    for front in sorted(package.glob("*/__init__.py")):
        name = f"{FACADE}.{front.parent.name}"
        layer = _assigned(front, "__layer__")
        layers = _assigned(front, "__layers__")
        if isinstance(layer, int):
            rules.append(Rule(name, layer))
        if isinstance(layers, dict):
            rules.append(Rule(name, min(layers.values())))
            rules.extend(Rule(f"{name}.{m}", n) for m, n in layers.items())
    for path in sorted(package.glob("*.py")):
        if path.name == "__init__.py":
            continue
        name = f"{FACADE}.{path.stem}"
        layer = _assigned(path, "__layer__")
        if isinstance(layer, int):
            rules.append(Rule(name, layer))
        elif (shown := face_target(path)) is not None:
            faces[name] = shown
    for face, shown in faces.items():
        rules.append(Rule(face, layer_of(shown, tuple(rules))))
    return tuple(rules)


def _declared_core_modules(package: Path = PACKAGE) -> tuple[str, ...]:
    layers = _assigned(package / "core" / "__init__.py", "__layers__")
    assert isinstance(layers, dict)
    return tuple(f"{FACADE}.core.{m}" for m in layers)


#: Upward lookups by name that a registry makes on first need: (module, target) -> why.
NAMED_LOOKUPS: dict[tuple[str, str], str] = {
    ("urikit.core._hooks", "urikit.legacy"): (
        "is_valid(grammar=...) and resolve(rules=...) find the legacy grammars and rules"
    ),
    ("urikit.core._schemeinfo", "urikit.schemes"): (
        "the built-in scheme registry finds the typed views and scheme normalizers"
    ),
    ("urikit.core._reference", "urikit.domains"): (
        "a reference's public_suffix, registrable_domain and same_site are the domains layer's"
    ),
    ("urikit.canonical_forms._surt", "urikit.domains"): (
        "surt(registrable_domain=True) keys a host by the domains layer's registrable domain"
    ),
    ("urikit.security._sites", "urikit.domains"): (
        "a policy's allowed_sites and denied_sites are registrable domains, the domains layer's"
    ),
    ("urikit.urn._resolvers", "urikit.guard"): (
        "the RFC 2169 HTTP resolver fetches through the guard, which checks every hop"
    ),
    ("urikit.urn._resolvers", "urikit.security"): (
        "the RFC 2169 HTTP resolver's default policy is the guard's, Policy.ssrf()"
    ),
}


#: The core (docs/design.md): it reaches the legacy grammars and rules, which sit in
#: its layer, only through the _hooks tables, never by importing them.
CORE: tuple[str, ...] = _declared_core_modules()
PLUGINS: tuple[str, ...] = ("urikit.legacy",)


def _matches(rule: Rule, module: str) -> bool:
    return module == rule.prefix or module.startswith(rule.prefix + ".")


def layer_of(module: str, rules: tuple[Rule, ...] | None = None) -> int:
    """The layer of ``module`` by the longest rule prefix; KeyError if none covers it."""
    if module == FACADE:
        return FACADE_LAYER
    rules = LAYER_RULES if rules is None else rules
    best = max((r for r in rules if _matches(r, module)), key=lambda r: len(r.prefix), default=None)
    if best is None:
        raise KeyError(module)
    return best.layer


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


PY_FILES: dict[str, Path] = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
#: The one C extension: its units sit beside the Python modules they accelerate,
#: and all of them make up the module urikit.core._speedups.
C_FILES: dict[str, list[Path]] = {
    "urikit.core._speedups": sorted([*PACKAGE.rglob("*.c"), *PACKAGE.rglob("*.h")])
}
MODULES: tuple[str, ...] = tuple(sorted({*PY_FILES, *C_FILES}))
#: Layer of every module, by the longest matching prefix (docs/design.md, "Layers").
LAYER_RULES: tuple[Rule, ...] = read_rules()


def is_module(name: str) -> bool:
    return name in PY_FILES or name in C_FILES


def _docstring_nodes(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


class Import(NamedTuple):
    line: int
    target: str
    module_level: bool  # executed when the module is imported (not inside a function)
    by_name: bool  # a named lookup, not an import statement


def imports_in(text: str, package: str) -> list[Import]:
    """Every urikit import of the Python source ``text`` (``package``: where it lives)."""
    tree = ast.parse(text)
    docstrings = _docstring_nodes(tree)
    found: list[Import] = []

    def visit(node: ast.AST, module_level: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            module_level = False
        if isinstance(node, ast.ImportFrom):
            target = node.module or ""
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, node.module] if node.module else base)
            if target == "urikit" or target.startswith("urikit."):
                # "from . import x" / "from urikit import x": x may itself be a module.
                subs = [f"{target}.{a.name}" for a in node.names if is_module(f"{target}.{a.name}")]
                found.extend(Import(node.lineno, t, module_level, False) for t in subs or [target])
        elif isinstance(node, ast.Import):
            found.extend(
                Import(node.lineno, a.name, module_level, False)
                for a in node.names
                if a.name == "urikit" or a.name.startswith("urikit.")
            )
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and node.value.startswith("urikit.")
            and is_module(node.value)
        ):
            found.append(Import(node.lineno, node.value, module_level, True))
        for child in ast.iter_child_nodes(node):
            visit(child, module_level)

    visit(tree, True)
    return found


_C_IMPORT_RE = re.compile(r'"(urikit(?:\.\w+)+)"')


def imports_of(module: str) -> list[Import]:
    """The urikit imports of one module found in the tree (Python or C)."""
    if module in PY_FILES:
        path = PY_FILES[module]
        package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
        found = imports_in(path.read_text(encoding="utf-8"), package)
    else:
        found = []
    if module in C_FILES:
        text = "\n".join(p.read_text(encoding="utf-8") for p in C_FILES[module])
        for m in _C_IMPORT_RE.finditer(text):
            if not is_module(m.group(1)) or m.group(1) == module:
                continue  # a type's name ("urikit.core._speedups.X"), the module's own
            line = text.count("\n", 0, m.start()) + 1
            found.append(Import(line, m.group(1), True, False))
    return found


def upward_imports(module: str, imports: list[Import]) -> list[str]:
    own = layer_of(module)
    if own >= APPLICATION_LAYER:
        imports = [i for i in imports if i.target != FACADE]
    return [
        f"line {imp.line}: {imp.target} (layer {layer_of(imp.target)})"
        + (" by name" if imp.by_name else "")
        for imp in imports
        if layer_of(imp.target) > own and (module, imp.target) not in NAMED_LOOKUPS
    ]


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle in ``graph`` (module -> modules it imports), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start)
            if cycle:
                return cycle
    return None


def import_graph(modules: tuple[str, ...] = MODULES) -> dict[str, set[str]]:
    """Imports between urikit modules, for the circle check: import statements
    wherever they are (at module level, or inside a function, where they only run
    later but are as much a dependency), and named lookups, except the ones listed
    in :data:`NAMED_LOOKUPS`.

    A listed lookup is left out on purpose: it is how a low layer's registry is
    filled by the module above it (that module imports the registry, the registry
    names it back), so it points against the flow by design and is checked by the
    layer and NAMED_LOOKUPS tests instead. Any other named lookup is a hidden import
    and counts."""
    return {m: edges_of(m, imports_of(m)) for m in modules}


def edges_of(module: str, imports: list[Import]) -> set[str]:
    """The modules ``module`` depends on for the circle check (see import_graph)."""
    return {
        i.target
        for i in imports
        if i.target != module and not (i.by_name and (module, i.target) in NAMED_LOOKUPS)
    }


# --- the checks -------------------------------------------------------------------


def test_the_tree_is_found() -> None:
    for module in (
        "urikit.errors",
        "urikit.reference",
        "urikit.core._speedups",
        "urikit.urn._syntax",
    ):
        assert module in MODULES


def test_every_module_has_a_layer() -> None:
    unplaced = []
    for module in MODULES:
        try:
            layer_of(module)
        except KeyError:
            unplaced.append(module)
    assert not unplaced, (
        f"no layer for {unplaced}: a package's front file declares __layer__ (the core's,"
        " __layers__ for each module); a top-level module declares __layer__ or is a face"
    )


#: Written by setup.py only when the C extension failed to build.
GENERATED: tuple[str, ...] = ("urikit.core._build_info",)


def test_every_core_module_is_declared() -> None:
    core = {m for m in MODULES if m.startswith(f"{FACADE}.core.")}
    undeclared, stale = core - set(CORE), set(CORE) - core - set(GENERATED)
    assert not undeclared and not stale, (undeclared, stale, "see core/__init__.py __layers__")


def test_design_md_draws_every_package_and_face() -> None:
    design = (paths.ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    tree = design.split("## Layers", 1)[1].split("```", 2)[1]
    named = [p.name + "/" for p in PACKAGE.iterdir() if (p / "__init__.py").exists()]
    named += [p.name for p in PACKAGE.glob("*.py")]
    missing = [n for n in named if n not in tree]
    assert not missing, f"docs/design.md's layer tree does not name {missing}"


def test_named_lookups_are_still_made() -> None:
    made = {(m, i.target) for m in MODULES for i in imports_of(m) if i.by_name}
    assert set(NAMED_LOOKUPS) <= made, set(NAMED_LOOKUPS) - made


@pytest.mark.parametrize("module", MODULES)
def test_imports_flow_down(module: str) -> None:
    if module == FACADE:  # the facade re-exports from every layer
        return
    imports = imports_of(module)
    upward = upward_imports(module, imports)
    assert not upward, f"{module} (layer {layer_of(module)}) imports upward: {upward}"


def core_imports_of_plugins(module: str, imports: list[Import]) -> list[str]:
    """Static imports of a plug-in package by a core module (named lookups are how
    the core finds them, see NAMED_LOOKUPS)."""
    if module not in CORE:
        return []
    return [
        f"line {i.line}: {i.target}"
        for i in imports
        if not i.by_name and any(i.target == p or i.target.startswith(p + ".") for p in PLUGINS)
    ]


@pytest.mark.parametrize("module", [m for m in CORE if m not in GENERATED])
def test_the_core_imports_no_plugin(module: str) -> None:
    assert module in MODULES
    found = core_imports_of_plugins(module, imports_of(module))
    assert not found, f"{module} imports {found}; register in urikit.core._hooks instead"


FACES: tuple[str, ...] = tuple(
    sorted(f"{FACADE}.{p.stem}" for p in PACKAGE.glob("*.py") if face_target(p) is not None)
)


@pytest.mark.parametrize("module", [m for m in MODULES if m.count(".") >= 2])
def test_code_in_the_packages_imports_no_face(module: str) -> None:
    """The faces are for users: code inside the packages imports what a face shows,
    so that a face stays a face (nothing depends on it) and the layers stay visible."""
    found = [f"line {i.line}: {i.target}" for i in imports_of(module) if i.target in FACES]
    assert not found, f"{module} imports faces {found}; import the module they show"


def test_the_faces_are_found() -> None:
    assert {"urikit.reference", "urikit.arrow", "urikit.html", "urikit.errors"} <= set(FACES)


def test_no_import_circles() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


# --- the checker can fail -----------------------------------------------------------


def test_the_checker_flags_an_upward_import() -> None:
    # Layer-3 code importing layer 5, at module level, inside a function,
    # relatively and absolutely, and by name.
    code = (
        "from ..schemes import view\n"
        "def f():\n"
        "    import urikit.urn\n"
        "    from . import grammars\n"
        "    return __import__('urikit.cli')\n"
    )
    found = imports_in(code, "urikit.legacy")
    assert [i.target for i in found] == [
        "urikit.schemes",
        "urikit.urn",
        "urikit.legacy.grammars",
        "urikit.cli",
    ]
    assert [i.module_level for i in found] == [True, False, False, False]
    assert len(upward_imports("urikit.legacy.grammars", found)) == 3
    # The one allowed named lookup is allowed only where it is listed.
    lookup = imports_in("PROVIDER = 'urikit.legacy'\n", "urikit")
    assert upward_imports("urikit.core._hooks", lookup) == []
    assert len(upward_imports("urikit.core._errors", lookup)) == 1


def test_the_checker_flags_a_core_import_of_legacy() -> None:
    found = imports_in("from .legacy.grammars import is_valid_rfc2396\n", "urikit")
    assert core_imports_of_plugins("urikit.core._reference", found) == [
        "line 1: urikit.legacy.grammars"
    ]
    assert core_imports_of_plugins("urikit.cli", found) == []


def test_the_checker_reads_the_rules_from_the_packages(tmp_path: Path) -> None:
    package = tmp_path / "urikit"
    (package / "core").mkdir(parents=True)
    (package / "text").mkdir()
    (package / "core" / "__init__.py").write_text('__layers__ = {"_errors": 0, "_reference": 4}\n')
    (package / "text" / "__init__.py").write_text('"""Text."""\n__layer__ = 6\n')
    (package / "html.py").write_text("from .text._html import *\n")
    (package / "errors.py").write_text("from .core._errors import *\n")
    (package / "__main__.py").write_text("__layer__ = 7\n")
    (package / "loose.py").write_text("x = 1\n")
    rules = read_rules(package)
    assert layer_of("urikit.core._reference", rules) == 4
    assert layer_of("urikit.text._extraction", rules) == 6
    assert layer_of("urikit.html", rules) == 6
    assert layer_of("urikit.errors", rules) == 0
    assert layer_of("urikit.__main__", rules) == 7
    with pytest.raises(KeyError):
        layer_of("urikit.loose", rules)


def test_the_checker_places_by_rule() -> None:
    rules = (Rule("urikit.a", 0), Rule("urikit.a.b", 2), Rule("urikit.z", 9))
    assert layer_of("urikit.a.x", rules) == 0
    assert layer_of("urikit.a.b.c", rules) == 2
    with pytest.raises(KeyError):
        layer_of("urikit.ab", rules)


def test_the_checker_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_checker_counts_imports_inside_functions_in_circles() -> None:
    # The circle urikit.urn had: _syntax and _namespaces import at module level,
    # _publicid imports _syntax only when a function runs.
    sources = {
        "urikit.urn._syntax": "from ._namespaces import check_nid\n",
        "urikit.urn._namespaces": "from ._publicid import nss_to_publicid\n",
        "urikit.urn._publicid": "def f(urn):\n    from ._syntax import URN\n    return URN\n",
    }
    graph = {m: edges_of(m, imports_in(code, "urikit.urn")) for m, code in sources.items()}
    assert find_cycle(graph) == [
        "urikit.urn._namespaces",
        "urikit.urn._publicid",
        "urikit.urn._syntax",
        "urikit.urn._namespaces",
    ]
    # Without the function-level import there is none.
    sources["urikit.urn._publicid"] = "def f(urn):\n    return urn\n"
    graph = {m: edges_of(m, imports_in(code, "urikit.urn")) for m, code in sources.items()}
    assert find_cycle(graph) is None


def test_the_checker_counts_unlisted_named_lookups_in_circles() -> None:
    # A named lookup that NAMED_LOOKUPS does not list is a hidden import and closes a
    # circle; a listed one (a registry filled from above) does not.
    lookup = imports_in("PROVIDER = 'urikit.legacy'\n", "urikit")
    back = imports_in("from .. import _hooks, errors\n", "urikit.legacy")
    assert edges_of("urikit.core._hooks", lookup) == set()
    assert edges_of("urikit.errors", lookup) == {"urikit.legacy"}
    graph = {
        "urikit.errors": edges_of("urikit.errors", lookup),
        "urikit.legacy": edges_of("urikit.legacy", back),
    }
    assert find_cycle(graph) == ["urikit.errors", "urikit.legacy", "urikit.errors"]
