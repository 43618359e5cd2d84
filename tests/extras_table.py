"""Which urikit module, test file or docs page needs which optional extra.

One table says it: ``[tool.urikit.needs-extras]`` in pyproject.toml, a file's
path (from the repository root) to the extras it needs beyond ``[test]``. What
each extra installs is ``[project.optional-dependencies]`` beside it. The root
conftest.py skips every file of the table whose extras are not all installed,
saying which package is missing; tests/project/test_extras.py checks the table against
pyproject and against what the files import.

A second table, ``[tool.urikit.uses-extras]``, names the files that run without
an extra but check more, or otherwise, with it through urikit's own code (the
security checks add the WHATWG reading when ada-url is installed). With the
files that mention a module only an extra brings (an ``importorskip``, a
``find_spec``, a guarded import), they are :func:`changed_by_extras`: what CI
runs a second time, in the build whose first run had no extra (README command
2), once every extra is installed::

    python tests/extras_table.py changed-by-extras

>>> project = load()
>>> project.needs["src/urikit/guard/_httpx.py"]
('httpx',)
>>> unmet(["pytest>=1"]) is None
True
>>> unmet(["urikit-no-such-package>=1"])
'urikit-no-such-package is not installed'
"""

from __future__ import annotations

import ast
import contextlib
import doctest
import functools
import sys
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import NamedTuple

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Project:
    """What pyproject.toml says about dependencies and extras."""

    dependencies: tuple[str, ...]  # [project] dependencies
    extras: Mapping[str, tuple[str, ...]]  # [project.optional-dependencies]
    needs: Mapping[str, tuple[str, ...]]  # [tool.urikit.needs-extras]: path -> extras
    uses: Mapping[str, tuple[str, ...]]  # [tool.urikit.uses-extras]: path -> extras

    def reason_to_skip(self, relpath: str) -> str | None:
        """Why the file at ``relpath`` (POSIX, from the root) cannot run here:
        the first of its extras that is not installed, or ``None``.

        >>> load().reason_to_skip("README.md") is None
        True
        """
        for extra in self.needs.get(relpath, ()):
            missing = unmet(self.extras[extra])
            if missing is not None:
                return f"needs the [{extra}] extra (pip install -e '.[{extra}]'): {missing}"
        return None


def locate(relpath: str, root: Path = ROOT) -> Path:
    """The file a table's ``relpath`` names: in ``root``; a ``src/urikit/`` file
    that ``root`` does not have (a tree whose src/ is gone, testing an installed
    package) in the urikit Python imports.

    >>> locate("src/urikit/__init__.py").name
    '__init__.py'
    """
    path = root / relpath
    if not path.exists() and relpath.startswith("src/urikit/"):
        import urikit

        return Path(urikit.__file__).resolve().parent / relpath.removeprefix("src/urikit/")
    return path


def load(root: Path = ROOT) -> Project:
    """The project's dependencies, extras and table, from ``root``/pyproject.toml."""
    with (root / "pyproject.toml").open("rb") as file:
        data = tomllib.load(file)
    project = data["project"]
    return Project(
        dependencies=tuple(project.get("dependencies", ())),
        extras={k: tuple(v) for k, v in project.get("optional-dependencies", {}).items()},
        needs={k: tuple(v) for k, v in data["tool"]["urikit"]["needs-extras"].items()},
        uses={k: tuple(v) for k, v in data["tool"]["urikit"].get("uses-extras", {}).items()},
    )


def _applies(requirement: Requirement, extra: str) -> bool:
    """Whether ``requirement`` is part of a distribution's ``extra`` (``""``: its
    base requirements) on this interpreter."""
    if requirement.marker is None:
        return extra == ""
    if not requirement.marker.evaluate({"extra": extra}):
        return False
    return extra == "" or not requirement.marker.evaluate({"extra": ""})


def _requirements(name: str, extra: str) -> list[Requirement]:
    """The requirements of the installed distribution ``name``'s ``extra`` (``""``:
    its base requirements), markers evaluated and dropped; none when it is not
    installed."""
    try:
        texts = metadata.requires(name) or []
    except metadata.PackageNotFoundError:
        return []
    return [_plain(text) for text in texts if _applies(Requirement(text), extra)]


def _plain(text: str) -> Requirement:
    requirement = Requirement(text)
    requirement.marker = None
    return requirement


def _top(requirements: Iterable[str]) -> list[Requirement]:
    return [_plain(text) for text in requirements if _applies(Requirement(text), "")]


def unmet(requirements: Iterable[str]) -> str | None:
    """Why ``requirements`` (PEP 508 strings) are not all installed, with the
    extras they name, or ``None`` when they are.

    >>> unmet(["pytest>=1", "urikit-no-such-a", "pytest>=1000", "urikit-no-such-b"])
    'urikit-no-such-a, urikit-no-such-b are not installed; pytest>=1000 is needed, not ...'
    """
    todo = _top(requirements)
    seen: set[str] = set()
    absent: list[str] = []
    old: list[str] = []
    while todo:
        requirement = todo.pop(0)
        if str(requirement) in seen:
            continue
        seen.add(str(requirement))
        try:
            version = metadata.version(requirement.name)
        except metadata.PackageNotFoundError:
            absent.append(requirement.name)
            continue
        if not requirement.specifier.contains(version, prereleases=True):
            old.append(f"{requirement} is needed, not {version}")
        for extra in requirement.extras:
            todo.extend(_requirements(requirement.name, extra))
    if absent:
        old.insert(0, f"{', '.join(absent)} {'is' if len(absent) == 1 else 'are'} not installed")
    return "; ".join(old) or None


def closure(requirements: Iterable[str]) -> frozenset[str]:
    """The canonical names of the distributions ``requirements`` install, with
    everything they require in turn, from the installed distributions' metadata
    (a distribution that is not installed ends its branch)."""
    todo = _top(requirements)
    found: set[str] = set()
    done: set[tuple[str, str]] = set()
    while todo:
        requirement = todo.pop()
        name = canonicalize_name(requirement.name)
        found.add(name)
        for extra in ("", *sorted(requirement.extras)):
            if (name, extra) not in done:
                done.add((name, extra))
                todo.extend(_requirements(name, extra))
    return frozenset(found)


# What a file imports, read from its source and its doctests (tests/project/
# test_extras.py holds the table to it).


class Imports(NamedTuple):
    # imported where a missing package is an error, each with the modules
    # importorskip'd before it
    needed: frozenset[tuple[str, frozenset[str]]]
    mentioned: frozenset[str]  # imported or importorskip'd anywhere


def top_name(dotted: str) -> str:
    return dotted.partition(".")[0]


def importorskipped(node: ast.AST) -> str | None:
    """The module a ``pytest.importorskip("...")`` call names, else ``None``."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "importorskip"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ):
        return top_name(node.args[0].value)
    return None


def looked_up(node: ast.AST) -> str | None:
    """The module a call that may find it missing names: ``importorskip("...")``,
    ``find_spec("...")``, urikit's ``optional("...")`` and ``loader(extra, needs,
    "...")``; else ``None``."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    position = {"importorskip": 0, "find_spec": 0, "optional": 0, "loader": 2}.get(str(name))
    if position is None or len(node.args) <= position:
        return None
    arg = node.args[position]
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return top_name(arg.value)
    return None


def imported(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [top_name(alias.name) for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
        return [top_name(node.module)]
    return []


def guarded(statement: ast.stmt) -> bool:
    """``if TYPE_CHECKING:`` or ``try: ... except ImportError:``: an import there
    may be missing."""
    if isinstance(statement, ast.If):
        return "TYPE_CHECKING" in ast.unparse(statement.test)
    if isinstance(statement, ast.Try):
        caught = " ".join(ast.unparse(h.type) for h in statement.handlers if h.type)
        return "ImportError" in caught or "ModuleNotFoundError" in caught
    return False


def run_time_imports(
    statements: list[ast.stmt], skipped: set[str]
) -> set[tuple[str, frozenset[str]]]:
    """The modules imported when ``statements`` run, each with the modules
    importorskip'd before it (``skipped`` gathers them). Function and class
    bodies are not run here (their doctests are)."""
    needed: set[tuple[str, frozenset[str]]] = set()
    for statement in statements:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        if guarded(statement):
            continue
        nested = [
            child
            for field in ("body", "orelse", "finalbody", "handlers")
            for child in getattr(statement, field, [])
        ]
        if nested:
            needed |= run_time_imports(nested, skipped)
            continue
        for node in ast.walk(statement):
            needed |= {(name, frozenset(skipped)) for name in imported(node)}
            skipped |= {name for name in [importorskipped(node)] if name}
    return needed


def doctests(text: str) -> Iterator[list[ast.stmt]]:
    """The examples of a doctest (a docstring, a page), parsed."""
    for example in doctest.DocTestParser().get_examples(text):
        with contextlib.suppress(SyntaxError):  # a top-level await, shown not run
            yield ast.parse(example.source).body


def imports_of(relpath: str, root: Path = ROOT) -> Imports:
    text = locate(relpath, root).read_text(encoding="utf-8")
    texts: list[str] = [text] if relpath.endswith(".md") else []
    needed: set[tuple[str, frozenset[str]]] = set()
    mentioned: set[str] = set()
    if relpath.endswith(".py"):
        tree = ast.parse(text)
        needed |= run_time_imports(tree.body, set())
        for node in ast.walk(tree):
            mentioned |= {*imported(node), *filter(None, [looked_up(node)])}
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                texts.extend(filter(None, [ast.get_docstring(node, clean=False)]))
    for doc in texts:  # one doctest each: an importorskip covers the examples after it
        skipped: set[str] = set()
        for body in doctests(doc):
            needed |= run_time_imports(body, skipped)
            for node in (n for statement in body for n in ast.walk(statement)):
                mentioned |= {*imported(node), *filter(None, [looked_up(node)])}
    local = (
        set(sys.stdlib_module_names)
        | _helpers(root)
        | {"urikit", "_urikit_entry", "__future__", "conftest"}
    )
    return Imports(
        frozenset((name, skipped) for name, skipped in needed if name not in local),
        frozenset(mentioned - local),
    )


@functools.cache
def providers() -> dict[str, frozenset[str]]:
    return {
        module: frozenset(map(canonicalize_name, names))
        for module, names in metadata.packages_distributions().items()
    }


def distributions(module: str) -> frozenset[str] | None:
    """The installed distributions that provide top-level ``module``, or ``None``."""
    return providers().get(module)


@functools.cache
def _helpers(root: Path) -> frozenset[str]:
    """The test helper modules, imported by their names from every folder."""
    return frozenset(path.stem for path in (root / "tests").rglob("*.py"))


#: What the suite collects (pyproject.toml's testpaths), as globs from the root.
RUNNABLE = ("src/**/*.py", "tests/**/test_*.py", "README.md", "docs/*.md", "docs/peers/*.md")


def runnable(root: Path = ROOT) -> list[str]:
    """The files of :data:`RUNNABLE` from ``root``; ``src/urikit/`` from the urikit
    Python imports when ``root`` has no ``src/`` (a tree testing an installed
    package), by the names they have in the source tree."""
    found = {p.relative_to(root).as_posix() for pattern in RUNNABLE for p in root.glob(pattern)}
    if not (root / "src" / "urikit").is_dir():
        import urikit

        package = Path(urikit.__file__).resolve().parent
        found |= {f"src/urikit/{p.relative_to(package).as_posix()}" for p in package.rglob("*.py")}
    return sorted(found)


def changed_by_extras(root: Path = ROOT) -> list[str]:
    """The files (from ``root``) whose tests can end otherwise once the extras are
    installed than with urikit and ``[test]`` alone: the two tables' files, and
    every collected file that mentions a module that neither brings. Read in an
    environment where the extras are installed (a module that is not installed
    at all counts as an extra's).

    >>> "tests/columnar/test_arrow.py" in changed_by_extras()
    True
    >>> "tests/core/test_abnf.py" in changed_by_extras()
    False
    """
    project = load(root)
    always = closure([*project.dependencies, *project.extras["test"]])
    found = set(project.needs)
    for relpath in runnable(root):
        if any(
            relpath == key or (key.endswith("/") and relpath.startswith(key))
            for key in project.uses
        ):
            found.add(relpath)
            continue
        for module in imports_of(relpath, root).mentioned:
            dists = distributions(module)
            if dists is None or not dists & always:
                found.add(relpath)
                break
    return sorted(found)


if __name__ == "__main__":
    if sys.argv[1:] != ["changed-by-extras"]:
        sys.exit("usage: python tests/extras_table.py changed-by-extras")
    print("\n".join(changed_by_extras()))
