"""The regular expressions answer the same on every Python 3.11+.

CPython before 3.11.5 matches a possessive repeat of a group wrongly when the
group fails part way through: the characters of the failed attempt stay consumed
(CPython gh-106052: ``re.fullmatch('(?:ab?c)*+', 'a')`` matches there). urikit
writes every such repeat with ``_charsets.possessive``, which keeps ``X*+`` where
it works and writes ``(?>X*)`` (the same, by the ``re`` documentation, but slower
and with memory per repetition) before 3.11.5. A possessive repeat of one
character or class is a different opcode that was never affected, and stays.

The first tests are texts whose answers were wrong on Debian's 3.11.2. The others
check, on any interpreter, that no expression repeats a group possessively when
built for one before 3.11.5, and that those expressions answer as the
possessive ones do.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import urikit
from urikit.core import _parser
from urikit.legacy import draft1993, rfc1738
from urikit.text._extraction import _host_re
from urikit.urn import URN, _syntax

_sre_parser: Any = importlib.import_module("re._parser")
_sre_compiler: Any = importlib.import_module("re._compiler")
_sre_constants: Any = importlib.import_module("re._constants")


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("//h:8x", ("invalid-char", "port", 5)),
        ("http://h:8x/", ("invalid-char", "port", 10)),
        ("//h%41x:8y", ("invalid-char", "port", 9)),
        ("http://a%zz", ("bad-percent", "host", 9)),
        ("/a%2g", ("bad-percent", "path", 4)),
        ("x:/a?b%gg#c", ("bad-percent", "query", 7)),
        ("a:b:c%4x", ("bad-percent", "path", 7)),
    ],
)
def test_errors_found_where_they_are(text: str, error: tuple[str, str, int]) -> None:
    # On 3.11.2 the userinfo's "(...@)?+" kept "h:8" when no "@" followed, and a
    # "%" run's "(?:%XX...)*+" kept the "%" of a bad escape.
    assert _parser.locate_error(text) == error
    found = _parser.find_error(text)
    assert found is not None
    assert (found.reason, found.component, found.position) == error
    assert _parser.split(text) is None


def test_the_reference_expression_splits_at_the_port() -> None:
    m = _parser._regex("reference-prefix").match("//h:8x")
    assert m is not None
    assert m.end() == 5
    assert m.span(_parser.HOST_SPAN) == (2, 3)
    assert m.span(_parser.PORT_SPAN) == (4, 5)


def test_other_modules_answer_alike() -> None:
    # the NSS run stops at the "%" of a bad escape, not after it
    with pytest.raises(ValueError):
        URN.parse("urn:example:a%4x")
    m = _syntax._NSS_RUN.match("a%4x")
    assert m is not None and m.end() == 1
    assert rfc1738.is_valid_rfc1738("ftp://h/a%4x") is False
    assert draft1993.is_valid_draft1993("http://h/a%4x") is False
    m = _host_re("A-Za-z0-9\\-").match("www.example.c-")
    assert m is not None and m.group() == "www.example.c-"


def _modules() -> Iterator[ModuleType]:
    yield urikit
    for info in pkgutil.walk_packages(urikit.__path__, "urikit."):
        try:
            yield importlib.import_module(info.name)
        except ImportError:  # an optional extra is not installed
            continue


def _expressions() -> Iterator[tuple[str, str]]:
    """(where, pattern) for the expressions urikit's modules hold or build."""
    for module in _modules():
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                yield f"{module.__name__}.{name}", value.pattern
            elif isinstance(value, str) and ("(?" in value or "+" in value):
                yield f"{module.__name__}.{name}", value
            elif callable(value) and getattr(value, "__closure__", None):
                for cell in value.__closure__:
                    content = cell.cell_contents
                    if isinstance(content, re.Pattern) and isinstance(content.pattern, str):
                        yield f"{module.__name__}.{name} (closure)", content.pattern
    for name, pattern in _parser._PATTERNS.items():
        yield f"urikit.core._parser._PATTERNS[{name!r}]", pattern
    yield "urikit.text._extraction._host_re", _host_re("A-Za-z0-9\\-").pattern
    yield "urikit.urn._syntax._run", _syntax._run(frozenset("ab"), "|x").pattern


def _possessive_groups(tree: Any) -> Iterator[str]:
    """Possessive repeats in a parsed expression whose body is not one character."""
    c = _sre_constants
    for op, av in tree:
        if op is c.POSSESSIVE_REPEAT:
            if not _sre_compiler._simple(av[2]):
                yield str(av[2])
            yield from _possessive_groups(av[2])
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT):
            yield from _possessive_groups(av[2])
        elif op is c.SUBPATTERN:
            yield from _possessive_groups(av[3])
        elif op is c.ATOMIC_GROUP:
            yield from _possessive_groups(av)
        elif op in (c.ASSERT, c.ASSERT_NOT):
            yield from _possessive_groups(av[1])
        elif op is c.BRANCH:
            for branch in av[1]:
                yield from _possessive_groups(branch)
        elif op is c.GROUPREF_EXISTS:
            yield from _possessive_groups(av[1])
            if av[2] is not None:
                yield from _possessive_groups(av[2])


def _violations() -> tuple[int, list[str]]:
    """(expressions read, possessive repeats of groups in them) in this process."""
    seen = 0
    bad = []
    for where, pattern in _expressions():
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # text that is not an expression
                tree = _sre_parser.parse(pattern)
        except re.error:
            continue
        seen += 1
        bad += [f"{where}: {body}" for body in _possessive_groups(tree)]
    return seen, bad


#: Texts whose answers the expressions decide, for the comparison below.
_TEXTS = [
    "//h:8x",
    "http://h:8x/",
    "//u%4@h",
    "http://a%zz",
    "/a%2g",
    "x:/a?b%gg#c",
    "a:b:c%4x",
    "urn:example:a%4x",
    "urn:ex:a?+b%4?=c",
    "www.a-b.example:80/x",
    "www.a-.c",
    "u@a.b-c",
    "ftp://h/a%4x",
    "http://h/a+/%",
    "wais://h/x/1/a",
    "gopher://h/1a?b+c%4",
    "../../.x/g",
    "<URL: http://a/b\n c>",
    "see http://a.example/%41%4 now",
    "%41%4g",
]


def _answers() -> list[str]:
    from urikit.extraction import fixup, iter_extract
    from urikit.resolution import remove_dot_segments

    def one(text: str) -> str:
        error = _parser.find_error(text)
        answers: list[object] = [
            _parser.locate_error(text),
            error and (error.reason, error.component, error.position),
            _parser.split(text),
            [(found.uri, found.start, found.end) for found in iter_extract(text)],
            remove_dot_segments(text),
            rfc1738.is_valid_rfc1738(text),
            draft1993.is_valid_draft1993(text),
        ]
        calls: list[Callable[[], str]] = [lambda: URN.parse(text).nss, lambda: fixup(text)]
        for call in calls:
            try:
                answers.append(call())
            except ValueError as err:
                answers.append(type(err).__name__)
        return repr(answers)

    return [one(text) for text in _TEXTS]


_AS_BEFORE_3_11_5 = """
import json, sys
real, sys.version_info = sys.version_info, (3, 11, 4, "final", 0)
import urikit.core._charsets  # reads the version once, at import
sys.version_info = real  # the extras the module walk imports read it too
sys.path.insert(0, sys.argv[1])
assert not urikit.core._charsets.POSSESSIVE_GROUPS_WORK
import test_regex_portability as t
print(json.dumps([t._violations(), t._answers()]))
"""


def test_built_for_3_11_2_no_group_is_repeated_possessively() -> None:
    # In a new interpreter told it is 3.11.4, so the expressions are built as
    # they are on Debian's 3.11.2, whichever Python runs the tests.
    run = subprocess.run(
        [sys.executable, "-c", _AS_BEFORE_3_11_5, str(Path(__file__).parent)],
        capture_output=True,
        text=True,
        check=True,
    )
    (seen, bad), answers = json.loads(run.stdout)
    assert seen > 50
    assert bad == [], "write X*+ of a group X with possessive(X, '*')"
    # and they answer what the expressions built here answer
    assert answers == _answers()


# A group, or a "{...}" (an f-string's group), then a possessive quantifier;
# "()*+" in a set of characters and an escaped "\\)" are not groups.
_POSSESSIVE_GROUP_IN_SOURCE = re.compile(r"(?<![(\\])[)}][*+?]\+")


def test_no_possessive_repeat_of_a_group_in_the_source() -> None:
    # every one goes through possessive(), also in expressions that functions
    # build and keep nowhere the test above looks
    root = Path(urikit.__file__).parent
    bad = [
        f"{path.relative_to(root)}:{number}: {line.strip()}"
        for path in sorted(root.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _POSSESSIVE_GROUP_IN_SOURCE.search(line) and not line.lstrip().startswith(("#", ">>>"))
    ]
    assert bad == []


@pytest.mark.parametrize(
    ("possessive", "atomic", "text"),
    [
        ("(?:ab?c)*+", "(?>(?:ab?c)*)", "a"),
        ("(?:(?:xy)*+@)?+", "(?>(?:(?>(?:xy)*)@)?)", "xy"),
        ("(?:a[b]*+(?:%[b]*+)*+@)?+", "(?>(?:a[b]*+(?>(?:%[b]*+)*)@)?)", "ab%bx"),
    ],
)
def test_atomic_form_is_what_possessive_means(possessive: str, atomic: str, text: str) -> None:
    # The rewrite's premise: every body fails, so each matches the empty string;
    # the atomic form does on any 3.11, the possessive one from 3.11.5 on.
    m = re.match(atomic, text)
    assert m is not None and m.span() == (0, 0)
    if sys.version_info >= (3, 11, 5):
        m = re.match(possessive, text)
        assert m is not None and m.span() == (0, 0)
