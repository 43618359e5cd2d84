"""A string parameter given none of its choices: one wording, from errors.unknown_choice.

Each case is a public (or core) call, the noun its error names and the choices
it accepts, in the order the message lists them. The test checks that the
error is a plain ValueError (a bad argument, not bad input text, so not a
URIError) worded by the one helper, and that every choice it lists is
accepted, so the message never names a choice the call would refuse.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

import urikit
import urikit.iri
import urikit.legacy.draft1993
import urikit.legacy.rfc1738
from urikit import batch
from urikit.core import _hooks, _parser
from urikit.errors import unknown_choice
from urikit.legacy.resolution import LEGACY_RULES, resolve_legacy
from urikit.normalization import LEVELS
from urikit.percent import COMPONENT_SAFE, percent_encode
from urikit.schemes import FileView
from urikit.schemes._file import FLAVOURS
from urikit.security import SEVERITIES, Policy
from urikit.urn import URN
from urikit.urn._syntax import _MODES, _SYNTAXES

BAD = "nope"

Case = tuple[Callable[[Any], object], str, Iterable[object]]


def _cases() -> dict[str, Case]:
    uri = "http://a/b"
    return {
        "is_valid grammar": (
            lambda c: urikit.is_valid(uri, grammar=c),
            "grammar",
            _hooks.grammars.names(),
        ),
        "resolve rules": (
            lambda c: urikit.resolve(uri, "c", rules=c),
            "rules",
            _hooks.resolution_rules.names(),
        ),
        "resolve_legacy rules": (
            lambda c: resolve_legacy(uri, "c", rules=c),
            "rules",
            LEGACY_RULES,
        ),
        "rfc1738 rule": (
            lambda c: urikit.is_valid(uri, rule=c, grammar="rfc1738"),
            "rfc1738 rule",
            urikit.legacy.rfc1738.RULES,
        ),
        "draft-1993 rule": (
            lambda c: urikit.is_valid(uri, rule=c, grammar="draft-1993"),
            "draft-1993 rule",
            urikit.legacy.draft1993.RULES,
        ),
        "is_valid rule": (lambda c: urikit.is_valid(uri, c), "rule", sorted(_parser.RULES)),
        "parse rule": (lambda c: urikit.parse(uri, c), "rule", sorted(_parser.RULES)),
        "find_error rule": (lambda c: _parser.find_error(uri, c), "rule", sorted(_parser.RULES)),
        "check_component": (
            lambda c: _parser.check_component(c, "a"),
            "component",
            ("scheme", "userinfo", "host", "port", "path", "query", "fragment"),
        ),
        "normalize level": (
            lambda c: urikit.normalize(uri, level=c),
            "level",
            LEVELS,
        ),
        "percent_encode component": (
            lambda c: percent_encode("a b", c),
            "component",
            sorted(COMPONENT_SAFE),
        ),
        "batch.validate rule": (lambda c: batch.validate([uri], c), "rule", sorted(_parser.RULES)),
        "Columns.column": (
            lambda c: batch.split([uri]).column(c),
            "component",
            _parser.COMPONENT_SPANS,
        ),
        "URN syntax": (lambda c: URN("urn:ab:c", syntax=c), "syntax", _SYNTAXES),
        "URN.equivalence_key mode": (
            lambda c: URN("urn:ab:c").equivalence_key(c),
            "mode",
            _MODES,
        ),
        "iri.is_valid rule": (
            lambda c: urikit.iri.is_valid(uri, c),
            "rule",
            sorted(urikit.iri.RULES),
        ),
        "iri.normalize level": (
            lambda c: urikit.iri.normalize(uri, c),
            "level",
            urikit.iri.LEVELS,
        ),
        "iri.equivalent level": (
            lambda c: urikit.iri.equivalent(uri, uri, level=c),
            "level",
            urikit.iri.LEVELS,
        ),
        "FileView.from_path flavour": (
            lambda c: FileView.from_path("/a", c),
            "flavour",
            FLAVOURS,
        ),
        "FileView.to_path flavour": (
            lambda c: FileView("file:///a").to_path(c),
            "flavour",
            FLAVOURS,
        ),
        "Policy block_at": (lambda c: Policy(block_at=c), "block_at", (*SEVERITIES, None)),
    }


CASES = _cases()


def check_case(call: Callable[[Any], object], what: str, choices: Iterable[object]) -> None:
    listed = list(choices)
    assert listed, "a parameter with no choices"
    with pytest.raises(ValueError) as info:
        call(BAD)
    assert type(info.value) is ValueError  # a bad argument, not bad input text
    assert str(info.value) == str(unknown_choice(what, BAD, listed))
    for choice in listed:
        try:
            call(choice)
        except ValueError as err:  # e.g. a URIError of the input: not about the choice
            assert not str(err).startswith(f"unknown {what} "), (choice, err)


@pytest.mark.parametrize("name", sorted(CASES))
def test_unknown_choice_is_worded_once(name: str) -> None:
    check_case(*CASES[name])


def test_arrow_unknown_choices() -> None:
    pa = pytest.importorskip("pyarrow")
    from urikit import arrow

    array = pa.array(["http://a/b", None])
    check_case(lambda c: arrow.validate(array, c), "rule", sorted(_parser.RULES))
    check_case(lambda c: arrow.split(array, c), "rule", sorted(_parser.RULES))
    check_case(lambda c: arrow.normalize(array, errors=c), "errors", ("null", "raise"))


def test_the_wording() -> None:
    err = unknown_choice("level", "x", ["syntax", "scheme"])
    assert type(err) is ValueError
    assert str(err) == "unknown level 'x'; expected one of 'syntax', 'scheme'"
    # choices are listed as given (no sorting), each by its repr
    assert str(unknown_choice("n", 1, iter(("b", None, "a")))) == (
        "unknown n 1; expected one of 'b', None, 'a'"
    )
