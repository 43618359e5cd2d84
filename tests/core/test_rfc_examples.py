"""Every example of RFC 3986 (sections 1.1.2, 3, 5.2.4, 5.4.1, 5.4.2, 6.2.2, 6.2.3 ...).

The data is in rfc3986_examples.py, copied from the RFC with section numbers.
"""

from __future__ import annotations

import pytest
from rfc3986_examples import (
    CASE_EQUIVALENT,
    COLON_SEGMENT,
    PARSE_EXAMPLES,
    PCT_CASE,
    REMOVE_DOT_SEGMENTS,
    RESOLVE_ABNORMAL,
    RESOLVE_BASE,
    RESOLVE_NORMAL,
    RESOLVE_SAME_SCHEME,
    SCHEME_EQUIVALENT,
    SCHEME_NORMAL_FORM,
    SCHEME_NOT_EQUIVALENT,
    SYNTAX_EQUIVALENT,
    Components,
)

import urikit


def _components(ref: urikit.URIReference) -> Components:
    return Components(
        ref.scheme,
        ref.authority,
        ref.userinfo,
        ref.host,
        ref.port,
        ref.path,
        ref.query,
        ref.fragment,
    )


@pytest.mark.parametrize(("section", "text", "expected", "host_kind"), PARSE_EXAMPLES)
def test_parse_examples(
    section: str, text: str, expected: Components, host_kind: str | None
) -> None:
    ref = urikit.parse(text)
    ref._check_invariants()
    assert str(ref) == text
    assert _components(ref) == expected, section
    assert ref.host_kind == host_kind
    assert ref.kind == "uri"
    assert ref.is_absolute is (expected.fragment is None)
    for rule in ("URI", "URI-reference"):
        assert urikit.is_valid(text, rule=rule)
    assert not urikit.is_valid(text, rule="relative-ref")


def test_port_number_of_examples() -> None:
    """Section 1.1.2 and 3: the port digits, as a number."""
    assert urikit.parse("telnet://192.0.2.16:80/").port_number == 80
    assert urikit.parse("foo://example.com:8042/over/there?name=ferret#nose").port_number == 8042
    assert urikit.parse("ftp://ftp.is.co.za/rfc/rfc1808.txt").port_number is None


@pytest.mark.parametrize(("reference", "target"), RESOLVE_NORMAL)
def test_resolve_normal_examples(reference: str, target: str) -> None:
    """Section 5.4.1."""
    assert urikit.resolve(RESOLVE_BASE, reference) == target
    assert urikit.resolve(RESOLVE_BASE, reference, strict=False) == target
    assert urikit.parse(RESOLVE_BASE).resolve(reference) == urikit.parse(target)
    assert urikit.parse(RESOLVE_BASE).resolve(urikit.parse(reference)) == urikit.parse(target)


@pytest.mark.parametrize(("reference", "target"), RESOLVE_ABNORMAL)
def test_resolve_abnormal_examples(reference: str, target: str) -> None:
    """Section 5.4.2."""
    assert urikit.resolve(RESOLVE_BASE, reference) == target
    assert urikit.parse(RESOLVE_BASE).resolve(reference) == urikit.parse(target)


def test_resolve_same_scheme_example() -> None:
    """Section 5.4.2: "http:g" is "http:g" for strict parsers and "http://a/b/c/g" for
    backward compatibility."""
    reference, strict_target, compat_target = RESOLVE_SAME_SCHEME
    assert urikit.resolve(RESOLVE_BASE, reference) == strict_target
    assert urikit.resolve(RESOLVE_BASE, reference, strict=True) == strict_target
    assert urikit.resolve(RESOLVE_BASE, reference, strict=False) == compat_target
    base = urikit.parse(RESOLVE_BASE)
    assert str(base.resolve(reference, strict=False)) == compat_target
    assert str(base.resolve(reference)) == strict_target


@pytest.mark.parametrize(("path", "expected"), REMOVE_DOT_SEGMENTS)
def test_remove_dot_segments_examples(path: str, expected: str) -> None:
    """Section 5.2.4: the two traced examples."""
    assert urikit.remove_dot_segments(path) == expected


def test_syntax_based_normalization_example() -> None:
    """Section 6.2.2: example://a/b/c/%7Bfoo%7D and eXAMPLE://a/./b/../b/%63/%7bfoo%7d."""
    normal, other = SYNTAX_EQUIVALENT
    assert urikit.normalize(other, level="syntax") == normal
    assert urikit.normalize(normal, level="syntax") == normal
    assert urikit.equivalent(normal, other, level="syntax")
    assert urikit.equivalent(normal, other)


def test_case_normalization_example() -> None:
    """Section 6.2.2.1: HTTP://www.EXAMPLE.com/ is http://www.example.com/."""
    other, normal = CASE_EQUIVALENT
    assert urikit.normalize(other, level="syntax") == normal
    assert urikit.equivalent(other, normal, level="syntax")


def test_percent_case_example() -> None:
    """Section 6.2.2.1: "%3a" versus "%3A"; uppercase is the normal form."""
    lower, upper = PCT_CASE
    assert urikit.normalize("/" + lower, level="syntax") == "/" + upper
    assert urikit.equivalent("x:" + lower, "x:" + upper, level="syntax")


def test_scheme_based_normalization_examples() -> None:
    """Section 6.2.3: four equivalent http URIs; the second is the normal form."""
    for text in SCHEME_EQUIVALENT:
        assert urikit.normalize(text) == SCHEME_NORMAL_FORM
        assert urikit.normalize(text, level="scheme") == SCHEME_NORMAL_FORM
        for other in SCHEME_EQUIVALENT:
            assert urikit.equivalent(text, other)
    # At the syntax level only, they stay apart (the rules are section 6.2.3's).
    syntax_forms = {urikit.normalize(t, level="syntax") for t in SCHEME_EQUIVALENT}
    assert syntax_forms == set(SCHEME_EQUIVALENT)


@pytest.mark.parametrize("text", SCHEME_NOT_EQUIVALENT)
def test_empty_query_or_fragment_is_not_dropped(text: str) -> None:
    """Section 6.2.3: "http://example.com/?" is not equivalent to the above, and a
    trailing "#" makes a different URI."""
    assert urikit.normalize(text) == text
    assert not urikit.equivalent(text, SCHEME_NORMAL_FORM)


def test_colon_in_first_segment_example() -> None:
    """Section 4.2: "this:that" is read as a URI; "./this:that" is the relative path."""
    bare, dotted = COLON_SEGMENT
    assert urikit.parse(bare).scheme == "this"
    ref = urikit.parse(dotted)
    assert (ref.scheme, ref.path, ref.kind) == (None, "./this:that", "relative-path")
    assert not urikit.is_valid(bare, rule="relative-ref")
    assert urikit.resolve("http://a/b/", dotted) == "http://a/b/this:that"
