"""Namespace handlers: validation, normal forms, registry, RFC 3151 transcription.

Examples quoted from ../shared/specs/rfc3187.txt, rfc3044.txt, rfc4122.txt,
rfc3061.txt, rfc2648.txt, rfc3188.txt and rfc3151.txt; check digits in the
comments are worked by hand.
"""

from __future__ import annotations

import pytest

from urikit import URN, URIError
from urikit.urn import (
    Namespace,
    NamespaceRegistry,
    NSSError,
    isbn10_to_isbn13,
    isbn13_to_isbn10,
    namespaces,
    nss_to_publicid,
    publicid_to_urn,
    urn_to_publicid,
)

VALID = [
    "URN:ISBN:0-395-36341-1",  # RFC 3187 3.2
    "urn:isbn:0395363411",
    "urn:isbn:0-8044-2957-X",  # sum 199 = 1 mod 11 -> check 10 = X
    "urn:isbn:0-8044-2957-x",
    "urn:isbn:978-0-395-36341-6",  # 978039536341: weighted sum 104 -> check 6
    "urn:ISSN:1046-8188",  # RFC 3044 3.1
    "urn:ISSN:0259-000X",  # RFC 3044 template
    "urn:ISSN:1560-1560",
    "urn:issn:0259000x",
    "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",  # RFC 4122 3
    "urn:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
    "urn:oid:1.3.6.1",  # RFC 3061 3
    "urn:oid:1.3.6.1.4.1",
    "urn:oid:1.3.6.1.2.1.27",
    "URN:OID:0.9.2342.19200300.100.4",
    "urn:ietf:rfc:2141",  # RFC 2648 3
    "urn:ietf:std:50",
    "urn:ietf:id:ietf-urn-ietf-06",
    "urn:ietf:mtg:41-urn",
    "urn:ietf:fyi:1",
    "urn:ietf:bcp:14",
    "URN:IETF:RFC:2648",
    "URN:NBN:fi-fe19981001",  # RFC 3188 4
    "urn:nbn:de:101:1-201102033592",
    "urn:publicid:ISO%2FIEC+10179%3A1996:DTD+DSSSL+Architecture:EN",  # RFC 3151 3
    "urn:publicid:foo",
    "urn:example:anything",  # no handler: nothing to check
]


@pytest.mark.parametrize("text", VALID)
def test_valid_with_namespace_rules(text: str) -> None:
    assert str(URN.parse(text, namespace_rules=True)) == text


INVALID = [
    # (URN, position, words expected in the message)
    ("urn:isbn:0-395-36341-2", 21, "ISBN-10 check digit is '2' but should be '1'"),
    ("urn:isbn:0-8044-2957-5", 21, "should be 'X'"),
    ("urn:isbn:978-0-395-36341-7", 25, "ISBN-13 check digit is '7' but should be '6'"),
    ("urn:isbn:977-0-395-36341-6", 9, "978 or 979"),
    ("urn:isbn:0-395-3634", 19, "10 or 13 digits"),
    ("urn:isbn:0-395-X6341-1", 15, "'X'"),
    ("urn:isbn:0.395", 10, "'.'"),
    ("urn:ISSN:1046-8189", 17, "ISSN check digit is '9' but should be '8'"),
    ("urn:ISSN:0259-0001", 17, "should be 'X'"),
    ("urn:ISSN:0259-00", 16, "NNNN-NNNC"),
    ("urn:ISSN:02590-001", 14, "NNNN-NNNC"),
    ("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf", 44, "UUID"),
    ("urn:uuid:f81d4fae7dec-11d0-a765-00a0c91e6bf6", 17, "'-'"),
    ("urn:uuid:g81d4fae-7dec-11d0-a765-00a0c91e6bf6", 9, "hex"),
    ("urn:oid:1.3.06.1", 12, "leading zero"),
    ("urn:oid:1..3", 10, "empty"),
    ("urn:oid:1.3a", 11, "'a'"),
    ("urn:ietf:rfc:21x1", 15, "digits"),
    ("urn:ietf:rfc:", 13, "number"),
    ("urn:ietf:foo:bar", 9, "series"),
    ("urn:ietf:id:a.b", 13, "'.'"),
    ("urn:nbn:fi", 10, "'-'"),
    ("urn:nbn:fi-", 11, "empty NBN string"),
    ("urn:nbn:abc:x-1", 11, "sub-namespace"),
    ("urn:nbn:f-1", 8, "country code"),
    ("urn:publicid:foo++bar", 16, "'+'"),
    ("urn:publicid:+foo", 13, "'+'"),
    ("urn:publicid:%41", 13, "percent-encodings"),
    ("urn:publicid:a~b", 14, "PubidChar"),
]


@pytest.mark.parametrize(("text", "position", "words"), INVALID)
def test_namespace_rejects(text: str, position: int, words: str) -> None:
    URN.parse(text)  # lexically fine
    with pytest.raises(URIError) as info:
        URN.parse(text, namespace_rules=True)
    err = info.value
    assert (err.reason, err.component, err.position) == ("namespace-rule", "nss", position)
    assert words in str(err)


EQUIVALENT_WITH_RULES = [
    ("urn:isbn:0-395-36341-1", "URN:ISBN:0395363411"),  # RFC 3187: hyphens dropped
    ("urn:isbn:0-8044-2957-x", "urn:isbn:080442957X"),  # x -> X
    ("urn:isbn:0-395-36341-1", "urn:isbn:978-0-395-36341-6"),  # ISBN-10 <-> 978 ISBN-13
    ("urn:isbn:0-8044-2957-X", "urn:isbn:9780804429573"),  # 978080442957: sum 117 -> 3
    ("urn:issn:0259-000x", "urn:ISSN:0259000X"),  # RFC 3044: hyphen optional, X case
    ("urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
     "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"),
    ("URN:IETF:RFC:2141", "urn:ietf:rfc:2141"),  # RFC 2648: all case-insensitive
]  # fmt: skip

NOT_EQUIVALENT_WITH_RULES = [
    ("urn:isbn:0-395-36341-1", "urn:isbn:979-0-395-36341-6"),
    ("urn:oid:1.3.6.1", "urn:oid:1.3.6.01"),  # RFC 3061: exact string match
    ("urn:nbn:fi-fe19981001", "urn:nbn:fi:fe19981001"),  # RFC 3188: '-' vs ':' differ
    ("urn:publicid:foo", "urn:publicid:FOO"),  # RFC 3151: identical only
]


@pytest.mark.parametrize(("a", "b"), EQUIVALENT_WITH_RULES)
def test_namespace_equivalence(a: str, b: str) -> None:
    assert not URN.equivalent(a, b) or (a.lower() == b.lower() and "%" not in a)
    assert URN.equivalent(a, b, namespace_rules=True)


@pytest.mark.parametrize(("a", "b"), NOT_EQUIVALENT_WITH_RULES)
def test_namespace_non_equivalence(a: str, b: str) -> None:
    assert not URN.equivalent(a, b, namespace_rules=True)


def test_namespace_rules_never_split_lexical_equivalents() -> None:
    # RFC 8141 3.1: namespace rules only remove false negatives
    pairs = [
        ("urn:publicid:a%2bb", "urn:publicid:a%2Bb"),
        ("URN:ISBN:0-395-36341-1", "urn:isbn:0-395-36341-1#x"),
        ("urn:isbn:bad", "URN:ISBN:bad"),  # invalid NSS: falls back to lexical
    ]
    for a, b in pairs:
        assert URN.equivalent(a, b)
        assert URN.equivalent(a, b, namespace_rules=True)


def test_isbn_conversions() -> None:
    assert isbn10_to_isbn13("0-395-36341-1") == "9780395363416"
    assert isbn13_to_isbn10("978-0-395-36341-6") == "0395363411"
    assert isbn13_to_isbn10("9780804429573") == "080442957X"
    assert isbn13_to_isbn10("9790000000001") is None


def test_normal_forms() -> None:
    assert namespaces.normalize("ISSN", "1046-8188") == "1046-8188"
    assert namespaces.normalize("issn", "10468188") == "1046-8188"
    assert namespaces.normalize("uuid", "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6") == (
        "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
    )
    assert namespaces.normalize("ietf", "ID:Ietf-URN-ietf-06") == "id:ietf-urn-ietf-06"
    assert namespaces.normalize("oid", "1.3.6.1") == "1.3.6.1"
    assert namespaces.normalize("nbn", "FI-fe19981001") == "FI-fe19981001"
    with pytest.raises(NSSError):
        namespaces.normalize("isbn", "123")


def test_third_party_namespace() -> None:
    class Lower(Namespace):
        nid = "x-lower"
        reference = "tests"

        def validate(self, nss: str) -> None:
            for k, ch in enumerate(nss):
                if not ch.isalpha():
                    raise NSSError(f"letters only, not {ch!r}", k)

        def normalize(self, nss: str) -> str:
            self.validate(nss)
            return nss.lower()

    registry = namespaces.copy()
    registry.register(Lower())
    assert "X-LOWER" in registry and "x-lower" not in namespaces
    assert URN.equivalent(
        "urn:x-lower:ABC", "urn:X-Lower:abc", namespace_rules=True, registry=registry
    )
    assert not URN.equivalent("urn:x-lower:ABC", "urn:X-Lower:abc", namespace_rules=True)
    with pytest.raises(URIError, match=r"position 14: letters only, not '1'"):
        URN.parse("urn:x-lower:ab1", namespace_rules=True, registry=registry)
    URN.parse("urn:x-lower:ab1", namespace_rules=True)  # default registry: no handler
    with pytest.raises(ValueError):
        registry.register(Lower())
    registry.register(Lower(), replace=True)
    registry.unregister("X-Lower")
    assert registry.get("x-lower") is None
    with pytest.raises(ValueError):
        NamespaceRegistry().register(Namespace())  # no NID
    assert "isbn" in list(namespaces) and len(namespaces) == 7


# --- RFC 3151 transcription, both directions --------------------------------------

PUBLICID_EXAMPLES = [
    ("ISO/IEC 10179:1996//DTD DSSSL Architecture//EN",
     "urn:publicid:ISO%2FIEC+10179%3A1996:DTD+DSSSL+Architecture:EN"),
    ("ISO 8879:1986//ENTITIES Added Latin 1//EN",
     "urn:publicid:ISO+8879%3A1986:ENTITIES+Added+Latin+1:EN"),
    ("-//OASIS//DTD DocBook XML V4.1.2//EN",
     "urn:publicid:-:OASIS:DTD+DocBook+XML+V4.1.2:EN"),
    ("+//IDN example.org//DTD XML Bookmarks 1.0//EN//XML",
     "urn:publicid:%2B:IDN+example.org:DTD+XML+Bookmarks+1.0:EN:XML"),
    ("-//ArborText::prod//DTD Help Document::19970708//EN",
     "urn:publicid:-:ArborText;prod:DTD+Help+Document;19970708:EN"),
    ("foo", "urn:publicid:foo"),
    ("3+3=6", "urn:publicid:3%2B3=6"),
    ("-//Acme, Inc.//DTD Book Version 1.0",
     "urn:publicid:-:Acme,+Inc.:DTD+Book+Version+1.0"),
]  # fmt: skip


@pytest.mark.parametrize(("pubid", "urn"), PUBLICID_EXAMPLES)
def test_rfc3151_examples(pubid: str, urn: str) -> None:
    assert publicid_to_urn(pubid) == urn
    assert urn_to_publicid(urn) == pubid
    assert urn_to_publicid(URN.parse(urn)) == pubid
    URN.parse(urn, namespace_rules=True)


def test_publicid_details() -> None:
    # whitespace normalization (RFC 3151 1.1) happens first
    assert publicid_to_urn("  a \t\r\n b  ") == "urn:publicid:a+b"
    # the literal characters of section 2
    assert publicid_to_urn("a'b?c#d%e;f") == "urn:publicid:a%27b%3Fc%23d%25e%3Bf"
    # "//" and "::" are read left to right
    assert publicid_to_urn("a///b:::c") == "urn:publicid:a:%2Fb;%3Ac"
    assert nss_to_publicid("a:%2Fb;%3Ac") == "a///b:::c"
    assert urn_to_publicid("URN:PUBLICID:a%2bb") == "a+b"
    for bad in ("a~b", "é", ""):
        with pytest.raises(URIError):
            publicid_to_urn(bad)
    with pytest.raises(URIError):
        urn_to_publicid("urn:isbn:0395363411")
    with pytest.raises(URIError) as info:
        urn_to_publicid("urn:publicid:a#b")
    assert info.value.position == 14
    with pytest.raises(URIError) as info:
        urn_to_publicid("urn:publicid:a%41")
    assert info.value.position == 14
