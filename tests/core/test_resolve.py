"""Reference resolution (RFC 3986 section 5.2), remove_dot_segments and relativize.

The RFC's own examples are in test_rfc_examples.py; here are further hand-worked
cases, errors, and properties checked against rfc_model.py (a literal,
independent transliteration of sections 5.2.2 to 5.3).
"""

from __future__ import annotations

import itertools

import pytest
import rfc_model
import strategies as S
from hypothesis import given
from hypothesis import strategies as st

import urikit
from urikit.core import _parser

# --- remove_dot_segments (section 5.2.4) ------------------------------------------------

DOT_SEGMENTS: list[tuple[str, str]] = [
    ("", ""),
    (".", ""),
    ("..", ""),
    ("./", ""),
    ("../", ""),
    ("/", "/"),
    ("/.", "/"),
    ("/..", "/"),
    ("/./", "/"),
    ("/../", "/"),
    ("a", "a"),
    ("a/", "a/"),
    ("a/.", "a/"),
    ("a/..", "/"),  # rule C leaves the "/" it replaced "/.." with
    ("a/../../b", "/b"),
    ("a/./b", "a/b"),
    ("./a:b", "a:b"),
    ("../a", "a"),
    ("../../a/b", "a/b"),
    ("/a/b/../../..", "/"),
    ("/a/b/../../../c", "/c"),
    ("/a/./b/./", "/a/b/"),
    ("/a/b/..", "/a/"),
    ("/a/b/.", "/a/b/"),
    ("/a//../b", "/a/b"),
    ("//..", "/"),
    ("/a/..b/.c/c./d../...", "/a/..b/.c/c./d../..."),
    ("/%2E/%2e%2E/a", "/%2E/%2e%2E/a"),  # encoded dots are not dot segments here
    ("/.a/./b.", "/.a/b."),
    ("mid/content=5/../6", "mid/6"),  # section 5.2.4
    ("/a/b/c/./../../g", "/a/g"),  # section 5.2.4
]


@pytest.mark.parametrize(("path", "expected"), DOT_SEGMENTS)
def test_remove_dot_segments(path: str, expected: str) -> None:
    assert urikit.remove_dot_segments(path) == expected
    assert rfc_model.remove_dot_segments(path) == expected  # the model agrees, too


_PATH_PIECES = st.sampled_from(["", ".", "..", "a", "b:c", ".a", "a.", "...", "%2E", "/"])


@given(st.lists(_PATH_PIECES, max_size=10).map("/".join))
def test_remove_dot_segments_matches_rfc_model(path: str) -> None:
    out = urikit.remove_dot_segments(path)
    assert out == rfc_model.remove_dot_segments(path)
    # idempotent, and no complete "." or ".." segment survives
    assert urikit.remove_dot_segments(out) == out
    assert "." not in out.split("/") and ".." not in out.split("/")


# --- resolve: more hand-worked cases ------------------------------------------------------

RESOLVE_CASES: list[tuple[str, str, str]] = [
    # (base, reference, target)
    ("http://a/b/c/d;p?q", "?", "http://a/b/c/d;p?"),
    ("http://a/b/c/d;p?q", "#", "http://a/b/c/d;p?q#"),
    ("http://a/b/c/d;p?q", "//h", "http://h"),
    ("http://a/b/c/d;p?q", "//h/./x/../y?z", "http://h/y?z"),
    ("http://a/b/c/d;p?q", "g:./h", "g:h"),  # a reference's own path loses its dots too
    ("http://a/b/c/d;p?q", "g:/x/../y", "g:/y"),
    ("http://a/b/c/d;p?q", "///x", "http:///x"),
    ("http://a", "g", "http://a/g"),  # section 5.2.3: empty base path with an authority
    ("http://a", "", "http://a"),
    ("http://a", "?q", "http://a?q"),
    ("http://a?x", "#f", "http://a?x#f"),
    ("mailto:a", "b", "mailto:b"),  # no authority, rootless base path
    ("foo:a/b", "c", "foo:a/c"),
    ("foo:a/b", "../c", "foo:/c"),  # what rule C of section 5.2.4 gives
    ("foo:", "x", "foo:x"),
    ("foo:", "", "foo:"),
    ("foo:?q", "#f", "foo:?q#f"),
    ("http://a/b/c/d;p?q#frag", "", "http://a/b/c/d;p?q"),  # section 5.1: base fragment
    ("http://a/b/c/d;p?q#frag", "#s", "http://a/b/c/d;p?q#s"),
    ("http://a/b/c/d;p?q", "HTTP:g", "HTTP:g"),
    ("HTTP://a/b/c/d;p?q", "./g", "HTTP://a/b/c/g"),
    ("s://u@h:1/p/", "q", "s://u@h:1/p/q"),
    ("s://[::1]/a/b", "../../..", "s://[::1]/"),
    # The one case where section 5.3 needs help: a path starting with "//" and no
    # authority would read back as an authority; "/." is put in front (docs/design.md).
    ("x:/a/b", "..//c", "x:/.//c"),
    ("x:/a/b", "/.//c", "x:/.//c"),
    ("x:", "/..//c", "x:/.//c"),
]


@pytest.mark.parametrize(("base", "reference", "target"), RESOLVE_CASES)
def test_resolve_cases(base: str, reference: str, target: str) -> None:
    assert urikit.resolve(base, reference) == target
    assert urikit.parse(target, rule="URI")
    assert str(urikit.parse(base).resolve(reference)) == target


@pytest.mark.parametrize(
    ("base", "reference", "target"),
    [
        ("http://a/b/c/d;p?q", "http:g", "http://a/b/c/g"),
        ("http://a/b/c/d;p?q", "HTTP:g", "http://a/b/c/g"),  # schemes are case-insensitive
        ("http://a/b/c/d;p?q", "http://h/g", "http://h/g"),
        ("http://a/b/c/d;p?q", "https:g", "https:g"),
        ("http://a/b/c/d;p?q", "http:", "http://a/b/c/d;p?q"),
        ("http://a/b/c/d;p?q", "http:?y", "http://a/b/c/d;p?y"),
    ],
)
def test_resolve_non_strict(base: str, reference: str, target: str) -> None:
    """Section 5.2.2: strict=False ignores a reference scheme equal to the base's."""
    assert urikit.resolve(base, reference, strict=False) == target


@pytest.mark.parametrize(
    ("base", "reference", "position", "component", "reason"),
    [
        ("/a/b", "c", 0, "base", "not-absolute"),  # section 5.1: a base needs a scheme
        ("//h/a", "c", 0, "base", "not-absolute"),
        ("", "c", 0, "base", "not-absolute"),
        ("a/b", "c", 0, "base", "not-absolute"),
        ("http://a b/", "c", 8, "host", "invalid-char"),
        ("http://a/", "c d", 1, "path", "invalid-char"),
        ("http://a/", "a:b:c d", 5, "path", "invalid-char"),
        ("http://a/", "1:b", 1, "path", "colon-in-first-segment"),
        ("http://a/", "%zz", 1, "path", "bad-percent"),
    ],
)
def test_resolve_errors(
    base: str, reference: str, position: int, component: str, reason: str
) -> None:
    with pytest.raises(urikit.URIError) as info:
        urikit.resolve(base, reference)
    err = info.value
    assert (err.position, err.component, err.reason) == (position, component, reason)
    assert isinstance(err, ValueError)
    if reason == "not-absolute":
        with pytest.raises(urikit.URIError):
            urikit.parse(base).resolve(reference)


# --- resolve: properties -----------------------------------------------------------------


@given(S.uris(), S.uri_references(), st.booleans())
def test_resolve_matches_rfc_model(base: S.Generated, ref: S.Generated, strict: bool) -> None:
    """urikit.resolve is section 5.2 exactly (the model is a literal transliteration),
    except for the documented "/." in front of a "//" path without authority."""
    out = urikit.resolve(base.text, ref.text, strict=strict)
    scheme, authority, path, query, fragment = rfc_model.resolve_parts(
        base.text, ref.text, strict=strict
    )
    if authority is None and path.startswith("//"):
        path = "/." + path
    assert out == rfc_model.recompose((scheme, authority, path, query, fragment))


def _is_dot_free(path: str) -> bool:
    return "." not in path.split("/") and ".." not in path.split("/")


@given(S.uris(), S.uri_references(), st.booleans())
def test_every_resolve_result_is_a_uri_without_dot_segments(
    base: S.Generated, ref: S.Generated, strict: bool
) -> None:
    """Section 5.2: the target is a URI, and resolution removes every dot segment,
    except that a reference with no scheme, authority or path keeps the base's path
    as it is (section 5.2.2: T.path = Base.path)."""
    out = urikit.resolve(base.text, ref.text, strict=strict)
    target = urikit.parse(out, rule="URI")
    target._check_invariants()
    assert base.scheme is not None
    ref_scheme = ref.scheme
    if not strict and ref_scheme is not None and ref_scheme.lower() == base.scheme.lower():
        ref_scheme = None
    if ref_scheme is None and ref.authority is None and ref.path == "":
        assert target.path == base.path
        assert target.query == (base.query if ref.query is None else ref.query)
    else:
        path = target.path
        if target.authority is None and path.startswith("/.//"):
            path = path[2:]  # the recomposition guard: "/." + a path starting with "//"
        assert _is_dot_free(path), (base.text, ref.text, out)
    # section 5.2.2: the fragment is always the reference's
    assert target.fragment == ref.fragment


@given(S.uris().filter(lambda g: _is_dot_free(g.path)), S.uri_references())
def test_resolve_against_dot_free_base_is_dot_free(base: S.Generated, ref: S.Generated) -> None:
    out = urikit.parse(urikit.resolve(base.text, ref.text))
    path = out.path[2:] if out.authority is None and out.path.startswith("/.//") else out.path
    assert _is_dot_free(path)
    # and a dot-free target resolves to itself against any base
    assert urikit.resolve(base.text, str(out)) == str(out)
    assert urikit.resolve("z:", str(out)) == str(out)


# --- relativize ----------------------------------------------------------------------

RELATIVIZE_CASES: list[tuple[str, str, str]] = [
    # (base, target, shortest reference)
    ("http://a/b/c/d;p?q", "http://a/b/c/d;p?q", ""),
    ("http://a/b/c/d;p?q", "http://a/b/c/d;p?q#f", "#f"),
    ("http://a/b/c/d;p?q#x", "http://a/b/c/d;p?q", ""),
    ("http://a/b/c/d;p?q", "http://a/b/c/d;p?y", "?y"),
    ("http://a/b/c/d;p?q", "http://a/b/c/d;p", "d;p"),
    ("http://a/b/c/d;p?q", "http://a/b/c/d;p?", "?"),
    ("http://a/b/c/d;p?q", "http://a/b/c/g", "g"),
    ("http://a/b/c/d;p?q", "http://a/b/c/", "."),
    ("http://a/b/c/d;p?q", "http://a/b/", ".."),
    ("http://a/b/c/d;p?q", "http://a/b/g", "../g"),
    ("http://a/b/c/d;p?q", "http://a/", "/"),
    ("http://a/b/c/d;p?q", "http://a/g", "/g"),
    ("http://a/b/c/d;p?q", "http://a", "//a"),
    ("http://a/b/c/d;p?q", "http://g", "//g"),
    ("http://a/b/c/d;p?q", "http://a/b/c/g:h", "./g:h"),  # section 4.2
    ("http://a/b/c/d;p?q", "https://a/b/c/d", "https://a/b/c/d"),
    ("http://a/b/c/d;p?q", "HTTP://a/b/c/d", "HTTP://a/b/c/d"),
    ("http://a/b/c/d;p?q", "http:g", "http:g"),  # no reference resolves to it
    ("http://a", "http://a/x", "x"),
    ("http://a", "http://a", ""),
    ("http://a/", "http://a", "//a"),
    ("http://a/x/y/", "http://a/x/y/z/", "z/"),
    ("http://a/b//c", "http://a/b//d", "d"),
    ("http://a/b/c", "http://a/b//d", ".//d"),
    ("s:/a/b", "s:/c", "/c"),
    ("s:/a/b", "s:/a/", "."),
    # bases without authority and with a rootless or empty path merge without "/"
    ("mailto:a", "mailto:b", "b"),
    ("urn:isbn:1", "urn:isbn:2", "./isbn:2"),
    ("s:a/b", "s:a/c", "c"),
    ("s:a/b/", "s:a/c", "../c"),
    ("s:a/b", "s:c", "s:c"),  # "a/" + anything keeps the "a", or gains a "/"
    ("s:", "s:x", "x"),
    ("s:a", "s:", "."),
    ("s:a", "s:?q", ".?q"),
    ("s:./", "s:", "."),  # the base's own dot segments count for nothing
]


@pytest.mark.parametrize(("base", "target", "expected"), RELATIVIZE_CASES)
def test_relativize_cases(base: str, target: str, expected: str) -> None:
    assert urikit.relativize(base, target) == expected
    assert urikit.resolve(base, expected) == target
    assert str(urikit.parse(base).relativize(target)) == expected
    assert str(urikit.parse(base).relativize(urikit.parse(target))) == expected


def test_relativize_needs_an_absolute_base() -> None:
    with pytest.raises(urikit.URIError) as info:
        urikit.relativize("/a/b", "http://a/b")
    assert info.value.reason == "not-absolute"
    with pytest.raises(urikit.URIError):
        urikit.relativize("http://a/", "http://a/b c")


@given(S.absolute_uris(), S.uri_references())
def test_relativize_round_trip(base: S.Generated, ref: S.Generated) -> None:
    """For every target that is a resolution result, resolve(base, relativize(base, t))
    is t, and the reference is never longer than t."""
    target = urikit.resolve(base.text, ref.text)
    rel = urikit.relativize(base.text, target)
    assert _parser.split(rel) is not None
    assert urikit.resolve(base.text, rel) == target
    assert len(rel) <= len(target)
    # the reference given was one candidate, so the answer is no longer than it
    assert len(rel) <= len(ref.text) or urikit.resolve(base.text, ref.text) != target


@given(S.uris(), S.uris())
def test_relativize_round_trip_unrelated(base: S.Generated, target: S.Generated) -> None:
    """Any base (its fragment ignored) and any dot-free target."""
    t = urikit.resolve("z:", target.text)  # the target, dots removed
    rel = urikit.relativize(base.text, t)
    assert urikit.resolve(base.text, rel) == t
    assert len(rel) <= len(t)


# Brute force: every reference up to a length over a small alphabet, against bases
# of every shape. relativize must find one of the shortest.
_BRUTE_BASES = [
    "s:",
    "s:./",
    "s:a/../b",
    "s:/.//a",
    "s://a/b/a/",
    "s://a/./b/../a/",
    "s:a",
    "s:a/b",
    "s:a/b/",
    "s:/",
    "s:/a/b",
    "s:/a/a/a",
    "s:/a?a",
    "s://a",
    "s://a/",
    "s://a/b/a",
    "s://a?a#a",
    "s:?a",
    "s:a?",
    "s:.",
]


def _all_references(alphabet: str, max_len: int) -> list[str]:
    out = [""]
    for n in range(1, max_len + 1):
        out += ["".join(p) for p in itertools.product(alphabet, repeat=n)]
    return [r for r in out if urikit.is_valid(r)]


_BRUTE_REFS = _all_references("a/.:?#", 4)


@pytest.mark.parametrize("base", _BRUTE_BASES)
def test_relativize_is_shortest(base: str) -> None:
    shortest: dict[str, str] = {}
    for ref in _BRUTE_REFS:
        target = urikit.resolve(base, ref)
        if target not in shortest or len(ref) < len(shortest[target]):
            shortest[target] = ref
    assert len(shortest) > 50
    for target, ref in shortest.items():
        rel = urikit.relativize(base, target)
        assert urikit.resolve(base, rel) == target, (base, target, rel)
        assert len(rel) == min(len(ref), len(target)), (base, target, rel, ref)
