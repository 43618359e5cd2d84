"""Files that need an optional extra are skipped, with the reason, when it is not
installed: pyproject.toml's ``[tool.urikit.needs-extras]`` says which module (its
doctests), test file or docs page needs which extras, ``[project.optional-dependencies]``
what each extra installs (tests/extras_table.py reads both). So
``pip install -e '.[test]' && python -m pytest`` runs in an environment without
any other extra, and each extra's files run once it is installed."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "tests"))

from extras_table import load  # noqa: E402  (tests/ is on the path from here on)

from urikit.core._faces import defined_in  # noqa: E402

PROJECT = load(ROOT)


@pytest.hookimpl(tryfirst=True)
def pytest_make_collect_report(collector: pytest.Collector) -> pytest.CollectReport | None:
    """A file of the table whose extras are missing is skipped before it is
    imported or read (importing it is what would fail)."""
    if not isinstance(collector, pytest.File):
        return None
    try:
        relpath = collector.path.relative_to(ROOT).as_posix()
    except ValueError:
        return None
    reason = PROJECT.reason_to_skip(relpath)
    if reason is None:
        return None
    return pytest.CollectReport(collector.nodeid, "skipped", (str(collector.path), 1, reason), [])


def _from_module(self: doctest.DocTestFinder, module: Any, obj: object) -> bool:
    """doctest's "is this object defined in this module?", told where a published
    name is written: urikit's public names carry the face users import them from
    in ``__module__`` (``urikit.core._faces``), by which doctest would collect a
    class from its face and lose its methods (a function belongs, for doctest,
    where its globals are). Each object's examples run once, from its own module."""
    origin = defined_in(obj)
    if origin is not None:
        return origin == module.__name__
    return _doctest_from_module(self, module, obj)


_doctest_from_module = doctest.DocTestFinder._from_module
doctest.DocTestFinder._from_module = _from_module  # type: ignore[method-assign]
