"""The source says what the code does and why, not when or in which ticket it came.

No file of ``src/`` (Python, stubs, C sources and headers) names an issue
("issue 20", "issue #8") or a work branch (named ``h<number>-<topic>``, as
"h20-paths"): such a note means nothing to a reader of a release, and the
changelog and the history keep it.
"""

from __future__ import annotations

import re
from pathlib import Path

import paths
import pytest

SRC = paths.IMPORT_ROOT  # the urikit under test (tests/paths.py)
SUFFIXES = (".py", ".pyi", ".c", ".h")
#: An issue number or a branch name, the way they were written into the code.
HISTORY_RE = re.compile(r"\b[Ii]ssues? +#?[0-9]+|\(#[0-9]+\)|\bh[0-9]+-[a-z]")


def _sources() -> list[Path]:
    found = [p for p in paths.PACKAGE.rglob("*") if p.suffix in SUFFIXES and p.is_file()]
    return sorted([*found, paths.ENTRY])


def _history(text: str) -> list[str]:
    """``line: match`` for each mention of an issue or branch in ``text``."""
    return [
        f"{n}: {m.group()}"
        for n, line in enumerate(text.splitlines(), 1)
        for m in HISTORY_RE.finditer(line)
    ]


@pytest.mark.parametrize("name", [p.relative_to(SRC).as_posix() for p in _sources()])
def test_no_issue_or_branch_in_source(name: str) -> None:
    assert _history((SRC / name).read_text(encoding="utf-8")) == []


def test_the_sources_are_found() -> None:
    names = {p.relative_to(SRC).as_posix() for p in _sources()}
    assert {"urikit/__init__.py", "urikit/core/_speedups.pyi", "urikit/core/_tables.h"} <= names
    assert any(n.endswith(".c") for n in names)


@pytest.mark.parametrize(
    "text",
    [
        "# fast path (issue 20)",
        "/* Issue 8, item 4 */",
        "see issue #12",
        "(branch h20-paths)",
        "merged (#31)",
        "the hot loop (h7-scan): see",
    ],
)
def test_a_mention_is_found(text: str) -> None:
    assert _history(text)


@pytest.mark.parametrize(
    "text",
    [
        "RFC 3986 section 3.2.2",
        "a tissue 3 layers deep",
        "the HTTP/2 h2 protocol, h264 video",
        'printf("#%d", n); #1 of 3',
    ],
)
def test_other_text_is_not_a_mention(text: str) -> None:
    assert _history(text) == []
