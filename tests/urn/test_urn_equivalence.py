"""URN equivalence: RFC 8141 section 3 and the rfc2141bis draft section 5.

Data quoted from ../shared/specs/rfc8141.txt section 3.2 and
../shared/seeds/2012-draft-ietf-urnbis-rfc2141bis-urn-03.txt section 5.1.
"""

from __future__ import annotations

import itertools

import pytest

from urikit import URN

# RFC 8141 section 3.2, in groups: URNs in one group are URN-equivalent to each
# other and to no URN of another group.
RFC8141_GROUPS = [
    [
        "urn:example:a123,z456",
        "URN:example:a123,z456",
        "urn:EXAMPLE:a123,z456",
        "urn:example:a123,z456?+abc",
        "urn:example:a123,z456?=xyz",
        "urn:example:a123,z456#789",
    ],
    ["urn:example:a123,z456/foo"],
    ["urn:example:a123,z456/bar"],
    ["urn:example:a123,z456/baz"],
    ["urn:example:a123%2Cz456", "URN:EXAMPLE:a123%2cz456"],
    ["urn:example:A123,z456"],
    ["urn:example:a123,Z456"],
    ["urn:example:%D0%B0123,z456"],
]


def _pairs() -> list[tuple[str, str, bool]]:
    out = []
    for (i, g1), (j, g2) in itertools.product(enumerate(RFC8141_GROUPS), repeat=2):
        for a, b in itertools.product(g1, g2):
            out.append((a, b, i == j))
    return out


@pytest.mark.parametrize(("a", "b", "expected"), _pairs())
def test_rfc8141_examples(a: str, b: str, expected: bool) -> None:
    assert URN.equivalent(a, b) is expected
    assert (URN.parse(a).equivalence_key() == URN.parse(b).equivalence_key()) is expected


# The draft's section 5.1 set, numbered as there.
DRAFT = {
    1: "URN:foo:a123,456",
    2: "urn:foo:a123,456",
    3: "urn:FOO:a123,456",
    4: "urn:foo:A123,456",
    5: "urn:foo:a123%2C456",
    6: "URN:FOO:a123%2c456",
    7: "urn:foo:a123,456?x=y",
    8: "urn:foo:a123,456#xyz",
}
# "URNs 1, 2, 3 and 8 are all lexically equivalent, and URN 7 is also lexically
# equivalent to these if step 5a is applied, but this does not hold if step 5b
# [...] is applied instead. URN 4 is not lexically equivalent to any of the other
# URNs of the above set. URNs 5 and 6 are only lexically equivalent to each other."
DRAFT_CLASSES = {
    "lexical": [{1, 2, 3, 7, 8}, {4}, {5, 6}],
    "resolution": [{1, 2, 3, 8}, {7}, {4}, {5, 6}],
}


@pytest.mark.parametrize("mode", ["lexical", "resolution"])
@pytest.mark.parametrize(("i", "j"), list(itertools.product(DRAFT, repeat=2)))
def test_draft_section_5_1(mode: str, i: int, j: int) -> None:
    expected = any(i in c and j in c for c in DRAFT_CLASSES[mode])
    assert URN.equivalent(DRAFT[i], DRAFT[j], mode=mode) is expected  # type: ignore[arg-type]


def test_key_forms() -> None:
    assert URN.parse("URN:FOO:a123%2c456#x").equivalence_key() == "urn:foo:a123%2C456"
    # percent-encodings are never decoded
    assert URN.parse("urn:foo:%41").equivalence_key() == "urn:foo:%41"
    assert not URN.equivalent("urn:foo:%41", "urn:foo:A")


def test_resolution_mode_sorts_directives() -> None:
    a = "urn:isbn:0395363411?s=I2L&c=ToC"
    b = "urn:isbn:0395363411?c=ToC&s=I2L#frag"
    assert URN.equivalent(a, b, mode="resolution")
    assert not URN.equivalent(a, "urn:isbn:0395363411?s=I2L", mode="resolution")
    assert URN.equivalent(a, "urn:isbn:0395363411?s=I2R")  # lexical ignores the query
    # percent-encoding case is normalized in the query too; values are case-sensitive
    assert URN.equivalent("urn:ab:c?x=%2a", "urn:ab:c?x=%2A", mode="resolution")
    assert not URN.equivalent("urn:ab:c?x=a", "urn:ab:c?x=A", mode="resolution")
    # repeated unregistered keywords keep their relative order
    assert not URN.equivalent("urn:ab:c?x=1&x=2", "urn:ab:c?x=2&x=1", mode="resolution")
    # r- and q-components matter for resolution
    assert not URN.equivalent("urn:ab:c?+r", "urn:ab:c", mode="resolution")
    assert URN.equivalent("urn:ab:c?+r#f", "URN:AB:c?+r", mode="resolution")
    with pytest.raises(ValueError):
        URN.parse("urn:ab:c").equivalence_key("other")  # type: ignore[arg-type]


def test_equivalence_is_not_text_equality() -> None:
    a, b = URN.parse("URN:foo:x"), URN.parse("urn:FOO:x")
    assert a != b and URN.equivalent(a, b)


def test_normalize() -> None:
    u = URN.parse("URN:FOO:a%2cb?+r%2a#f%2a")
    assert str(u.normalize()) == "urn:foo:a%2Cb?+r%2A#f%2A"
