"""Which urikit module, test file or docs page needs which optional extra.

One table says it: ``[tool.urikit.needs-extras]`` in pyproject.toml, a file's
path (from the repository root) to the extras it needs beyond ``[test]``. What
each extra installs is ``[project.optional-dependencies]`` beside it. The root
conftest.py skips every file of the table whose extras are not all installed,
saying which package is missing; tests/project/test_extras.py checks the table against
pyproject and against what the files import.

>>> project = load()
>>> project.needs["src/urikit/guard/_httpx.py"]
('httpx',)
>>> unmet(["pytest>=1"]) is None
True
>>> unmet(["urikit-no-such-package>=1"])
'urikit-no-such-package is not installed'
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Project:
    """What pyproject.toml says about dependencies and extras."""

    dependencies: tuple[str, ...]  # [project] dependencies
    extras: Mapping[str, tuple[str, ...]]  # [project.optional-dependencies]
    needs: Mapping[str, tuple[str, ...]]  # [tool.urikit.needs-extras]: path -> extras

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


def load(root: Path = ROOT) -> Project:
    """The project's dependencies, extras and table, from ``root``/pyproject.toml."""
    with (root / "pyproject.toml").open("rb") as file:
        data = tomllib.load(file)
    project = data["project"]
    return Project(
        dependencies=tuple(project.get("dependencies", ())),
        extras={k: tuple(v) for k, v in project.get("optional-dependencies", {}).items()},
        needs={k: tuple(v) for k, v in data["tool"]["urikit"]["needs-extras"].items()},
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
