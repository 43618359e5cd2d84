"""The two readings of the grammar must accept exactly the same language.

``urikit.core._parser.split`` (one linear regex) and ``urikit.core._parser.find_error``
(the rule-by-rule diagnoser) are independent implementations of RFC 3986
Appendix A. For every rule and every input: ``split(s) is None`` exactly when
``find_error(s) is not None``. The inputs are ABNF-generated references,
mutations of them, strings of troublemaker characters, arbitrary text, and a
deterministic sweep of every position of a few RFC examples with every
troublemaker inserted or substituted there.

Each reported error is also checked for plausibility: the position lies in
``[0, len(s)]``, and where the reason names a character class, the character at
that position really is not in it. And the shortcut the error path takes
(``locate_error``, in Python and in C, and ``diagnose`` built on it) names the
error ``find_error`` names, for every text the default rule rejects.
"""

from __future__ import annotations

import pytest
import strategies as S
from hypothesis import given
from hypothesis import strategies as st

import urikit
from urikit.core import _charsets as cs
from urikit.core import _parser
from urikit.core._accel import speedups
from urikit.errors import REASONS

RULES = ("URI-reference", "URI", "absolute-URI", "relative-ref")

#: What each component allows literally (besides "%" of a pct-encoded).
ALLOWED: dict[str, frozenset[str]] = {
    "scheme": cs.SCHEME,
    "userinfo": cs.USERINFO,
    "host": cs.REG_NAME,
    "port": cs.DIGIT,
    "path": cs.PATH,
    "query": cs.QUERY,
    "fragment": cs.FRAGMENT,
}


def check_error(text: str, rule: str, err: urikit.URIError) -> None:
    """The error is well-formed and its position plausible for its reason."""
    pos = err.position
    assert 0 <= pos <= len(text), (text, rule, pos)
    assert err.reason in REASONS, err.reason
    assert err.reason != "bad-value", (text, rule, str(err))  # the diagnoser's fallback
    assert err.text == text
    assert f"at position {pos}" in str(err)
    ch = text[pos] if pos < len(text) else None
    if err.reason == "invalid-char":
        assert err.component in ALLOWED, err.component
        if ch is not None:
            assert ch not in ALLOWED[err.component], (text, rule, str(err))
            # a "%" is reported as a bad percent-encoding where pct-encoded is allowed
            assert ch != "%" or err.component in ("scheme", "port"), (text, str(err))
    elif err.reason == "bad-percent":
        assert ch is None or ch not in cs.HEXDIG, (text, str(err))
        assert "%" in text[max(0, pos - 2) : pos], (text, str(err))
    elif err.reason == "colon-in-first-segment":
        assert ch == ":"
        assert "/" not in text[:pos] and "?" not in text[:pos] and "#" not in text[:pos]
    elif err.reason == "scheme-start":
        assert pos == 0 and ch is not None and ch not in cs.ALPHA
    elif err.reason == "empty-scheme":
        assert pos == 0 and ch == ":"
    elif err.reason == "after-ip-literal":
        assert text[pos - 1] == "]" and ch != ":"
    elif err.reason in ("unterminated-ip-literal", "bad-ipv6", "bad-ipvfuture"):
        opening = text.rfind("[", 0, pos)
        assert opening >= 0 and "]" not in text[opening:pos], (text, str(err))
    elif err.reason == "fragment-not-allowed":
        assert rule == "absolute-URI" and ch == "#"


def assert_located(text: str, err: urikit.URIError) -> None:
    """The error path's shortcut says what find_error says (or that it cannot tell),
    the C one what the Python one says, and diagnose gives find_error's error."""
    expected = (err.reason, err.component, err.position)
    located = _parser.locate_error(text)
    assert located is None or located == expected, (text, located, expected)
    if speedups is not None:
        assert speedups.locate_error(text) == located, text
    got = _parser.diagnose(text)
    assert (got.reason, got.component, got.position, got.text, got.detail, str(got)) == (
        *expected,
        text,
        err.detail,
        str(err),
    )


def assert_agree(text: str, rule: str) -> bool:
    """Both paths agree on ``text`` under ``rule``; return whether it is valid."""
    spans = _parser.split(text, rule)
    err = _parser.find_error(text, rule)
    if spans is None:
        assert err is not None, f"split rejects, find_error accepts {text!r} as {rule}"
        check_error(text, rule, err)
        if rule == "URI-reference":
            assert_located(text, err)
        return False
    assert err is None, f"split accepts, find_error rejects {text!r} as {rule}: {err}"
    assert spans[0] == (0, len(text))
    ref = urikit.parse(text, rule)  # and the parse/str round trip holds
    assert str(ref) == text
    ref._check_invariants()
    return True


def assert_agree_all_rules(text: str) -> None:
    valid = {rule: assert_agree(text, rule) for rule in RULES}
    # Appendix A: URI-reference = URI / relative-ref, and absolute-URI is a URI.
    assert valid["URI-reference"] == (valid["URI"] or valid["relative-ref"])
    assert not (valid["URI"] and valid["relative-ref"])
    if valid["absolute-URI"]:
        assert valid["URI"]


# --- ABNF-generated strings are valid under their rule, and both paths say so -----------


@given(S.uris())
def test_generated_uri(g: S.Generated) -> None:
    assert assert_agree(g.text, "URI")
    assert assert_agree(g.text, "URI-reference")
    assert not assert_agree(g.text, "relative-ref")
    assert assert_agree(g.text, "absolute-URI") is (g.fragment is None)


@given(S.absolute_uris())
def test_generated_absolute_uri(g: S.Generated) -> None:
    assert assert_agree(g.text, "absolute-URI")


@given(S.relative_refs())
def test_generated_relative_ref(g: S.Generated) -> None:
    assert assert_agree(g.text, "relative-ref")
    assert assert_agree(g.text, "URI-reference")
    assert not assert_agree(g.text, "URI")


# --- near misses and noise: whatever the answer, both paths give the same one -------------


@given(S.mutated())
def test_mutated_references(text: str) -> None:
    assert_agree_all_rules(text)


@given(S.mutated(S.ip_literal.map(lambda h: "s://" + h + "/")))
def test_mutated_ip_literals(text: str) -> None:
    assert_agree_all_rules(text)


@given(S.interesting_text())
def test_interesting_text(text: str) -> None:
    assert_agree_all_rules(text)


@given(S.arbitrary_text())
def test_arbitrary_text(text: str) -> None:
    assert_agree_all_rules(text)


@given(st.text(st.characters(max_codepoint=127), max_size=30))
def test_arbitrary_ascii(text: str) -> None:
    assert_agree_all_rules(text)
    assert_agree_all_rules("s://" + text)
    assert_agree_all_rules("?" + text)


@given(st.text(st.sampled_from(":/?#[]@%.0123456789abcdefvV"), max_size=24))
def test_delimiter_soup(text: str) -> None:
    assert_agree_all_rules(text)
    assert_agree_all_rules("//[" + text)
    assert_agree_all_rules("s://" + text)


# --- the IP-literal checkers against the IP regexes --------------------------------------


def _ipv6_checker_accepts(text: str) -> bool:
    try:
        _parser._ipv6address(text, 0, len(text))
    except urikit.URIError as err:
        assert 0 <= err.position <= len(text)
        return False
    return True


_IPV6_NOISE = st.text(st.sampled_from("0123456789abcdefABCDEFg:.%"), max_size=45)


@given(st.one_of(S.ipv6address, _IPV6_NOISE, S.mutated(S.ipv6address)))
def test_ipv6_checker_matches_regex(text: str) -> None:
    """The piece-by-piece IPv6 reader is an oracle for the nine-alternative regex."""
    assert _ipv6_checker_accepts(text) == _parser.is_ipv6address(text), text


@pytest.mark.parametrize("form", range(9))
@given(data=st.data())
def test_each_ipv6_form(form: int, data: st.DataObject) -> None:
    address = data.draw(S.IPV6_FORMS[form])
    assert _parser.is_ipv6address(address)
    assert _ipv6_checker_accepts(address)
    ref = urikit.parse(f"//[{address}]/")
    assert ref.host == f"[{address}]"
    assert ref.host_kind == "ipv6"


@given(st.one_of(S.ipv4address, st.text(st.sampled_from("0123456789.a"), max_size=16)))
def test_ipv4_checker_matches_regex(text: str) -> None:
    try:
        _parser._ipv4_tail(text, 0, len(text))
        accepted = True
    except urikit.URIError:
        accepted = False
    assert accepted == _parser.is_ipv4address(text), text


# --- a deterministic sweep: every position x every troublemaker --------------------------

SWEEP_EXAMPLES = [
    "foo://example.com:8042/over/there?name=ferret#nose",  # section 3
    "ldap://[2001:db8::7]/c=GB?objectClass?one",  # section 1.1.2
    "telnet://192.0.2.16:80/",  # section 1.1.2
    "mailto:John.Doe@example.com",  # section 1.1.2
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",  # section 1.1.2
    "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",  # section 7.6
    "http://a/b/c/d;p?q",  # section 5.4
    "g;x=1/../y?y#s",  # section 5.4.2
    "./this:that",  # section 4.2
    "//[v7.a:b]:1/%7e",
    "s://u@[::ffff:1.2.3.4]:8/",
]


@pytest.mark.parametrize("example", SWEEP_EXAMPLES)
def test_every_position_every_troublemaker(example: str) -> None:
    assert urikit.is_valid(example)
    seen: set[str] = set()
    for i in range(len(example) + 1):
        variants = [example[:i] + example[i + 1 :]]
        for piece in S.INTERESTING:
            variants.append(example[:i] + piece + example[i:])
            variants.append(example[:i] + piece + example[i + 1 :])
        for text in variants:
            if text not in seen:
                seen.add(text)
                assert_agree_all_rules(text)
    assert len(seen) > 20 * len(example)


ALL_CHARACTERS = [chr(c) for c in range(128)] + ["é", "\u212a", "\u0663", "\ud800", "\U0001f600"]
CHARACTER_SWEEP_EXAMPLES = [
    "s://us:er@h.st:12/p:a/t?q?/#f?/",
    "//[v7.a:b]:1/%7e",
    "//[::ffff:1.2.3.4]/",
    "./a@b/c?d#e",
]


@pytest.mark.parametrize("example", CHARACTER_SWEEP_EXAMPLES)
def test_every_position_every_character(example: str) -> None:
    """Every ASCII character (and a few others) inserted at, or put in place of,
    every position: the two readings never disagree about any character class."""
    assert urikit.is_valid(example)
    for i in range(len(example) + 1):
        for ch in ALL_CHARACTERS:
            assert_agree_all_rules(example[:i] + ch + example[i:])
            assert_agree_all_rules(example[:i] + ch + example[i + 1 :])


def test_sweep_finds_both_outcomes() -> None:
    """Guard against a vacuous sweep: single edits do produce valid and invalid text."""
    example = SWEEP_EXAMPLES[0]
    outcomes = {
        urikit.is_valid(example[:i] + piece + example[i:])
        for i in range(len(example))
        for piece in S.INTERESTING
    }
    assert outcomes == {True, False}


# --- the error path's shortcut ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "located"),
    [
        ("http://h/a b", ("invalid-char", "path", 10)),
        ("http://h/a%2g", ("bad-percent", "path", 12)),
        ("http://h/a%g", ("bad-percent", "path", 11)),
        ("http://h/%", ("bad-percent", "path", 10)),
        ("a:b c", ("invalid-char", "path", 3)),
        ("1a:b", ("colon-in-first-segment", "path", 2)),
        ("a/b:c d", ("invalid-char", "path", 5)),
        ("?a b", ("invalid-char", "query", 2)),
        ("#a#", ("invalid-char", "fragment", 2)),
        ("//a b/", ("invalid-char", "host", 3)),
        ("//a%zz/", ("bad-percent", "host", 4)),
        ("//u@a b/", ("invalid-char", "host", 5)),
        ("//h:8x/", ("invalid-char", "port", 5)),
        ("http://h/\u20ac", ("invalid-char", "path", 9)),
        ("http://h/" + "a" * 300 + "\U0001f600 b", ("invalid-char", "path", 309)),
        ("http://h/\u00e9", ("invalid-char", "path", 9)),
        # find_error decides: IP literals, and an "@" the expression did not reach
        ("//[::1/", None),
        ("//[::1]x/", None),
        ("//a b@h/", None),
        ("//a \u20ac@h/", None),
        ("//a:8 x@h/", None),
    ],
)
def test_locate_error(text: str, located: tuple[str, str, int] | None) -> None:
    assert _parser.locate_error(text) == located
    if speedups is not None:
        assert speedups.locate_error(text) == located
    err = _parser.find_error(text)
    assert err is not None
    if located is not None:
        assert (err.reason, err.component, err.position) == located
    assert_located(text, err)


@pytest.mark.parametrize("text", ["", "http://h/", "a:b", "//[::1]/"])
def test_locate_error_of_a_valid_text(text: str) -> None:
    assert _parser.locate_error(text) is None
    if speedups is not None:
        assert speedups.locate_error(text) is None
