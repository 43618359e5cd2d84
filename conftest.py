"""Files that need an optional extra are skipped, with the reason, when it is not
installed: pyproject.toml's ``[tool.urikit.needs-extras]`` says which module (its
doctests), test file or docs page needs which extras, ``[project.optional-dependencies]``
what each extra installs (tests/extras_table.py reads both). So
``pip install -e '.[test]' && python -m pytest`` runs in an environment without
any other extra, and each extra's files run once it is installed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "tests"))

from extras_table import load  # noqa: E402  (tests/ is on the path from here on)

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
