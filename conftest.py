"""Files that need an optional extra are skipped, with the reason, when it is not
installed: pyproject.toml's ``[tool.urikit.needs-extras]`` says which module (its
doctests), test file or docs page needs which extras, ``[project.optional-dependencies]``
what each extra installs (tests/extras_table.py reads both). So
``pip install -e '.[test]' && python -m pytest`` runs in an environment without
any other extra, and each extra's files run once it is installed."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "tests"))

from extras_table import load  # noqa: E402  (tests/ is on the path from here on)

import urikit  # noqa: E402

PROJECT = load(ROOT)
#: The urikit under test: this checkout's src/urikit, or an installed package.
PACKAGE = Path(urikit.__file__).resolve().parent


class _Extras:
    """Files that need an optional extra, skipped when it is missing; and a skip
    for a missing module anywhere else made an error.

    Registered as a plugin, not left as this conftest's hooks, so that it sees
    the files of an installed urikit too (a run against the package as pip
    installs it collects the doctests from site-packages, outside this folder).
    A file of the installed package is looked up in the tables as the
    ``src/urikit/...`` file it was built from.

    A skip whose reason is a module that cannot be imported is allowed only in a
    file that :func:`extras_table.changed_by_extras` lists (the two tables of
    pyproject.toml, or a mention of the module in the file): those are the
    files CI runs a second time with every extra, so that no test is left
    unrun in the build whose first run had no extras.
    """

    def __init__(self) -> None:
        self._listed: frozenset[str] | None = None
        #: doctests skipped by the file that defines their object (nodeid -> reason)
        self._doctest_skips: dict[str, str] = {}

    @staticmethod
    def relpath(path: Path) -> str | None:
        for base, prefix in ((ROOT, ""), (PACKAGE, "src/urikit/")):
            try:
                return prefix + path.relative_to(base).as_posix()
            except ValueError:
                pass
        return None

    @pytest.hookimpl(tryfirst=True)
    def pytest_make_collect_report(
        self, collector: pytest.Collector
    ) -> pytest.CollectReport | None:
        """A file of the table whose extras are missing is skipped before it is
        imported or read (importing it is what would fail)."""
        if not isinstance(collector, pytest.File):
            return None
        relpath = self.relpath(collector.path)
        reason = None if relpath is None else PROJECT.reason_to_skip(relpath)
        if reason is None:
            return None
        return pytest.CollectReport(
            collector.nodeid, "skipped", (str(collector.path), 1, reason), []
        )

    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        """A doctest is collected from the face that publishes its object (the
        path users import), and skipped by the file that defines it: the
        examples of ``urikit.batch.run_file`` need what ``columnar/_files.py``
        needs."""
        for item in items:
            if not isinstance(item, pytest.DoctestItem) or item.dtest is None:
                continue
            path = _defined_in(item.dtest.name, item.dtest.globs)
            relpath = None if path is None else self.relpath(path)
            reason = None if relpath is None else PROJECT.reason_to_skip(relpath)
            if reason is not None:
                self._doctest_skips[item.nodeid] = reason

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        reason = self._doctest_skips.get(item.nodeid)
        if reason is not None:
            pytest.skip(reason)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
        report = yield
        if report.skipped and call.excinfo is not None:
            self.check_skip(report, item.path, str(call.excinfo.value))
        return report

    def check_skip(self, report: Any, path: Path, message: str) -> None:
        if not message.startswith("could not import"):
            return
        relpath = self.relpath(path)
        if self._listed is None:
            from extras_table import changed_by_extras

            self._listed = frozenset(changed_by_extras(ROOT))
        if relpath is None or relpath in self._listed:
            return
        report.outcome = "failed"
        report.longrepr = (
            f"{relpath} skipped a test for a module that is not installed ({message}), "
            "but no table of pyproject.toml names the file, nor does the file name the "
            "module where tests/extras_table.py looks: CI would never run it with the "
            "extra. Add it to [tool.urikit.uses-extras]."
        )


def _defined_in(name: str, globs: dict[str, Any]) -> Path | None:
    """The file whose code defines the object of the doctest ``name`` (a dotted
    name below the module whose globals are ``globs``): a function's code, or
    for a class the code of a method it writes. ``None`` when there is none
    (a module's own docstring, a C function without a Python twin)."""
    module = globs.get("__name__", "")
    if not name.startswith(module + "."):
        return None
    obj: Any = sys.modules.get(module)
    for part in name[len(module) + 1 :].split("."):
        obj = getattr(obj, part, None)
    candidates = [obj]
    own = ""
    if isinstance(obj, type):
        candidates = [v for v in vars(obj).values() if callable(v) or isinstance(v, property)]
        own = obj.__qualname__ + "."  # not a copy of an inherited method
    for candidate in candidates:
        if isinstance(candidate, property):
            candidate = candidate.fget
        while hasattr(candidate, "__wrapped__"):
            candidate = candidate.__wrapped__
        code = getattr(candidate, "__code__", None)
        if code is not None and code.co_qualname.startswith(own):
            return Path(code.co_filename).resolve()
    return None


class _CollectSkips:
    """The check of :meth:`_Extras.check_skip` on a whole file's skip."""

    def __init__(self, extras: _Extras) -> None:
        self._extras = extras

    @pytest.hookimpl(wrapper=True)
    def pytest_make_collect_report(self, collector: pytest.Collector) -> Any:
        report = yield
        if report.skipped and isinstance(collector, pytest.File) and report.longrepr:
            longrepr = report.longrepr
            message = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
            self._extras.check_skip(report, collector.path, message)
        return report


def pytest_configure(config: pytest.Config) -> None:
    extras = _Extras()
    config.pluginmanager.register(extras, "urikit-extras")
    config.pluginmanager.register(_CollectSkips(extras), "urikit-extras-collect")
