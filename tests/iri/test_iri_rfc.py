"""RFC 3987's own examples (sections 2.2, 3.1, 3.2, 3.2.1, 4, 5.3) and the
host-name rules of IDNA (RFC 5890-5892), as tables.

The RFC writes non-ASCII characters in XML notation ("&#xE9;"); the tables use
the characters themselves via ``xml()``. Section 4.4 writes right-to-left
letters as uppercase ASCII ("Bidi Notation"); ``bidi()`` turns them into Hebrew
letters.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable

import pytest

import urikit
from urikit import iri


def xml(text: str) -> str:
    """Resolve the RFC's XML notation ``&#xHHHH;`` into characters."""
    return re.sub(r"&#x([0-9A-Fa-f]+);?", lambda m: chr(int(m.group(1), 16)), text)


def bidi(text: str) -> str:
    """Bidi Notation: uppercase ASCII letters stand for right-to-left letters."""
    return re.sub(r"[A-Z]", lambda m: chr(0x5D0 + ord(m.group()) - ord("A")), text)


# --- section 2.2: the ABNF's character ranges --------------------------------------

UCSCHAR_EDGES = [
    (0xA0, True),
    (0x9F, False),
    (0xD7FF, True),
    (0xF8FF, False),  # iprivate
    (0xF900, True),
    (0xFDCF, True),
    (0xFDD0, False),
    (0xFDEF, False),
    (0xFDF0, True),
    (0xFFEF, True),
    (0xFFF0, False),
    (0xFFFD, False),
    (0x10000, True),
    (0x1FFFD, True),
    (0x1FFFE, False),
    (0x2FFFF, False),
    (0xDFFFD, True),
    (0xE0000, False),
    (0xE0FFF, False),
    (0xE1000, True),
    (0xEFFFD, True),
    (0xEFFFE, False),
    (0xF0000, False),  # iprivate
    (0x10FFFD, False),  # iprivate
]


@pytest.mark.parametrize(("code", "allowed"), UCSCHAR_EDGES)
@pytest.mark.parametrize("where", ["http://u{}@h/", "http://h{}/", "http://h/p{}", "#{}", "p{}"])
def test_ucschar_ranges_in_each_component(code: int, allowed: bool, where: str) -> None:
    text = where.format(chr(code))
    assert iri.is_valid(text) is allowed
    if not allowed:
        with pytest.raises(urikit.URIError) as info:
            iri.parse(text)
        assert info.value.position == text.index(chr(code))
        assert info.value.reason == "invalid-char"


IPRIVATE_EDGES = [0xE000, 0xF8FF, 0xF0000, 0xFFFFD, 0x100000, 0x10FFFD]


@pytest.mark.parametrize("code", IPRIVATE_EDGES)
def test_iprivate_only_in_the_query(code: int) -> None:
    c = chr(code)
    assert iri.is_valid(f"http://h/?a{c}b")
    assert iri.parse(f"http://h/?a{c}b#f").query == f"a{c}b"
    for text, component in [
        (f"http://h/{c}", "path"),
        (f"http://h/#{c}", "fragment"),
        (f"http://{c}/", "host"),
        (f"http://{c}@h/", "userinfo"),
        (f"{c}", "path"),
    ]:
        with pytest.raises(urikit.URIError) as info:
            iri.parse(text)
        assert (info.value.component, info.value.position) == (component, text.index(c))
    assert not iri.is_valid(f"http://h/{0xFFFFE:c}")  # neither ucschar nor iprivate


@pytest.mark.parametrize(
    ("text", "rule", "valid"),
    [
        ("http://例え.jp/パス?q#f", "IRI", True),
        ("http://例え.jp/パス?q#f", "IRI-reference", True),
        ("http://例え.jp/パス?q#f", "absolute-IRI", False),
        ("http://例え.jp/パス?q", "absolute-IRI", True),
        ("http://例え.jp/パス", "irelative-ref", False),
        ("//例え.jp/パス", "irelative-ref", True),
        ("パス/a:b", "irelative-ref", True),
        ("パ:ス", "irelative-ref", False),  # a colon in the first segment
        ("パス", "IRI", False),
        ("ü:x", "IRI", False),  # a scheme is ASCII only
        ("http://[::1]/ü", "IRI", True),
        ("http://[v1.ü]/", "IRI", False),  # IP literals are ASCII only
        ("http://h:8ü/", "IRI", False),  # so is the port
    ],
)
def test_rules(text: str, rule: str, valid: bool) -> None:
    assert iri.is_valid(text, rule) is valid
    assert (iri.find_error(text, rule) is None) is valid


@pytest.mark.parametrize(
    ("text", "rule", "component", "reason", "position"),
    [
        ("ü:x", "IRI", "scheme", "scheme-start", 0),
        ("パ:ス", "IRI-reference", "path", "colon-in-first-segment", 1),
        ("http://[v1.ü]/", "IRI", "host", "bad-ipvfuture", 11),
        ("http://[::ü]/", "IRI", "host", "bad-ipv6", 10),
        ("http://h:8ü/", "IRI", "port", "invalid-char", 10),
        ("http://例え.jp/a b", "IRI", "path", "invalid-char", 14),
        ("http://例え.jp/%ü1", "IRI", "path", "bad-percent", 14),
        ("http://例/#f", "absolute-IRI", "absolute-IRI", "fragment-not-allowed", 9),
        ("//例/", "IRI", "scheme", "scheme-start", 0),
    ],
)
def test_error_positions(text: str, rule: str, component: str, reason: str, position: int) -> None:
    with pytest.raises(urikit.URIError) as info:
        iri.parse(text, rule)
    err = info.value
    assert (err.component, err.reason, err.position, err.text) == (
        component,
        reason,
        position,
        text,
    )


# --- section 4.1: bidi formatting characters are refused ---------------------------

BIDI_FORMATTING = {
    "LRM": "\u200e",
    "RLM": "\u200f",
    "LRE": "\u202a",
    "RLE": "\u202b",
    "PDF": "\u202c",
    "LRO": "\u202d",
    "RLO": "\u202e",
}


@pytest.mark.parametrize("name", sorted(BIDI_FORMATTING))
@pytest.mark.parametrize(
    ("template", "component"),
    [
        ("http://a{}b/", "host"),
        ("http://u{}@h/", "userinfo"),
        ("http://h/a{}b", "path"),
        ("http://h/?q{}", "query"),
        ("http://h/#{}", "fragment"),
    ],
)
def test_bidi_formatting_characters_are_refused(name: str, template: str, component: str) -> None:
    ch = BIDI_FORMATTING[name]
    text = template.format(ch)
    assert not iri.is_valid(text)
    with pytest.raises(urikit.URIError) as info:
        iri.parse(text)
    assert (info.value.component, info.value.position) == (component, text.index(ch))
    assert f"U+{ord(ch):04X}" in str(info.value)
    # ... and never produced by from_uri, even when percent-encoded.
    encoded = text.replace(ch, "".join(f"%{b:02X}" for b in ch.encode()))
    assert iri.from_uri(encoded) == encoded


# --- section 3.1: IRI to URI ------------------------------------------------------

TO_URI = [
    # (IRI in XML notation, URI, URI with idna=True)
    (
        "http://r&#xE9;sum&#xE9;.example.org",
        "http://r%C3%A9sum%C3%A9.example.org",
        "http://xn--rsum-bpad.example.org",
    ),
    (
        "http://validator.w3.org/check?uri=http%3A%2F%2Fr&#xE9;sum&#xE9;.example.org",
        "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org",
        "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org",
    ),
    (
        "http://www.example.org/red%09ros&#xE9;#red",
        "http://www.example.org/red%09ros%C3%A9#red",
        "http://www.example.org/red%09ros%C3%A9#red",
    ),
    (
        "http://example.com/&#x10300;&#x10301;&#x10302;",
        "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82",
        "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82",
    ),
    # Step 1c: a Unicode IRI is not normalized (the section's Vietnamese note).
    ("http://h/Vi&#x1EC7;t", "http://h/Vi%E1%BB%87t", "http://h/Vi%E1%BB%87t"),
    ("http://h/Vi&#xEA;&#x323;t", "http://h/Vi%C3%AA%CC%A3t", "http://h/Vi%C3%AA%CC%A3t"),
]


@pytest.mark.parametrize(("source", "uri", "uri_idna"), TO_URI)
def test_section_3_1_examples(source: str, uri: str, uri_idna: str) -> None:
    text = xml(source)
    assert iri.to_uri(text) == uri
    assert iri.to_uri(text, idna=True) == uri_idna
    assert urikit.is_valid(uri)
    # "The mapping is also an identity transformation for URIs and is idempotent."
    assert iri.to_uri(uri) == uri
    assert iri.to_uri(uri_idna, idna=True) == uri_idna


@pytest.mark.parametrize("ch", list('<>" {}|\\^`'))
def test_section_3_1_ascii_not_allowed_in_uris_fails(ch: str) -> None:
    # "If these characters are found but are not converted, then the conversion SHOULD fail."
    with pytest.raises(urikit.URIError) as info:
        iri.to_uri(f"http://h/a{ch}")
    assert info.value.position == 10


@pytest.mark.parametrize("kept", ["http://h/a#b", "http://h/%41", "http://[::1]/"])
def test_section_3_1_hash_percent_brackets_are_not_converted(kept: str) -> None:
    assert iri.to_uri(kept) == kept


# --- section 3.2 and 3.2.1: URI to IRI --------------------------------------------

FROM_URI = [
    # (URI, IRI in XML notation, IRI with idna=True)
    (
        "http://www.example.org/D%C3%BCrst",
        "http://www.example.org/D&#xFC;rst",
        "http://www.example.org/D&#xFC;rst",
    ),
    (
        "http://www.example.org/D%FCrst",
        "http://www.example.org/D%FCrst",
        "http://www.example.org/D%FCrst",
    ),
    (
        "http://xn--99zt52a.example.org/%e2%80%ae",
        "http://xn--99zt52a.example.org/%E2%80%AE",
        "http://&#x7D0D;&#x8C46;.example.org/%E2%80%AE",
    ),
    # Section 3.2: never guess another encoding than UTF-8.
    (
        "http://www.example.org/r%E9sum%E9.html",
        "http://www.example.org/r%E9sum%E9.html",
        "http://www.example.org/r%E9sum%E9.html",
    ),
    # Step 2: unreserved characters are decoded; "%", reserved characters and ASCII
    # not allowed in URIs are not.
    ("http://h/%25%2F%3F%23%41%7E%20", "http://h/%25%2F%3F%23A~%20", None),
    ("http://h/%7euser/%41%C3%BC%FC", "http://h/~user/A&#xFC;%FC", None),
]


@pytest.mark.parametrize(("uri", "expected", "expected_idna"), FROM_URI)
def test_section_3_2_examples(uri: str, expected: str, expected_idna: str | None) -> None:
    assert iri.from_uri(uri) == xml(expected)
    assert iri.from_uri(uri, idna=True) == xml(expected_idna or expected)
    assert iri.is_valid(iri.from_uri(uri))
    # "will always result in an IRI that maps back to the URI (except for potential
    # case differences in percent-encoding and for potential percent-encoded
    # unreserved characters)": the same after RFC 3986 syntax normalization.
    back = iri.to_uri(iri.from_uri(uri))
    assert urikit.normalize(back, "syntax") == urikit.normalize(uri, "syntax")


#: RFC 3986 section 2.3: unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~".
UNRESERVED = frozenset(string.ascii_letters + string.digits + "-._~")


@pytest.mark.parametrize("octet", range(0x80))
@pytest.mark.parametrize("hexcase", [str.upper, str.lower])
def test_section_3_2_step_2_decodes_exactly_the_unreserved_ascii(
    octet: int, hexcase: Callable[[str], str]
) -> None:
    triplet = "%" + hexcase(f"{octet:02X}")
    expected = chr(octet) if chr(octet) in UNRESERVED else triplet
    for template in ("http://{}@h/", "http://{}.h/", "http://h/{}", "http://h/?{}", "http://h/#{}"):
        assert iri.from_uri(template.format(triplet)) == template.format(expected), template


STEP_2_COMPONENTS = [
    # (URI, IRI): every component that may hold a percent-encoding, both hex cases
    ("http://%7Eu%41:%2d@%41%2Db.example/%7e%2E?%5F=%30#%2d", "http://~uA:-@A-b.example/~.?_=0#-"),
    ("//%61.b/c", "//a.b/c"),
    ("%61/b%2e", "a/b."),  # a relative reference: its first segment too
    ("mailto:%6A%6F%65@example.org", "mailto:joe@example.org"),
    # IP literals and the port hold no percent-encoding; what follows them is decoded
    ("http://[::1]:8080/%41", "http://[::1]:8080/A"),
    ("http://[v1.a]/%41", "http://[v1.a]/A"),
    ("http://127.0.0.1/%7E", "http://127.0.0.1/~"),
    # decoded dot segments stay: RFC 3986 6.2.2.3 removes them after decoding anyway
    ("http://h/a/%2E%2E/b", "http://h/a/../b"),
    # next to octets that stay encoded (reserved, not UTF-8, bidi formatting)
    ("http://h/%41%2F%41%FC%41%E2%80%AE%41", "http://h/A%2FA%FCA%E2%80%AEA"),
]


@pytest.mark.parametrize(("uri", "expected"), STEP_2_COMPONENTS)
def test_section_3_2_step_2_in_each_component(uri: str, expected: str) -> None:
    assert iri.from_uri(uri) == expected
    assert iri.from_uri(uri, idna=True) == expected
    assert iri.from_uri(expected) == expected  # nothing more to decode
    # equivalent by RFC 3986 section 2.3 and 6.2.2.2, and as IRIs (RFC 3987 5.3.2.3)
    assert urikit.normalize(uri, "syntax") == urikit.normalize(iri.to_uri(expected), "syntax")
    assert iri.equivalent(uri, expected, level="syntax")


# --- section 4.4: bidi IRIs --------------------------------------------------------

BIDI_EXAMPLES = [
    # (example, logical representation in Bidi Notation, follows section 4.2)
    (1, "http://ab.CDEFGH.ij/kl/mn/op.html", True),
    (2, "http://ab.CDE.FGH/ij/kl/mn/op.html", True),
    (3, "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV", True),
    (4, "http://AB.CD.ef/gh/IJ/KL.html", True),
    (5, "http://ab.cd.EF/GH/ij/kl.html", True),
    (6, "http://ab.CD.EF/GH/IJ/kl.html", True),
    (7, "http://ab.CDE123FGH.ij/kl/mn/op.html", True),
    (8, "http://ab.cd.ef/GH1/2IJ/KL.html", False),
    (9, "http://ab.cd.ef/GH%31/%32IJ/KL.html", False),
    (10, "http://ab.CDEFGH.123/kl/mn/op.html", True),  # allowed, not recommended
]


@pytest.mark.parametrize(("number", "logical", "follows"), BIDI_EXAMPLES)
def test_section_4_4_examples(number: int, logical: str, follows: bool) -> None:
    text = bidi(logical)
    ref = iri.parse(text)  # every example is a legal IRI
    assert str(ref) == text
    shown = iri.for_display(text)
    bidi_warnings = [w for w in shown.warnings if w.kind == "bidi"]
    assert (not bidi_warnings) is follows, (number, shown.warnings)
    # Section 4.1: rendered inside a left-to-right embedding.
    assert shown.ltr_embedded == "\u202a" + shown.text + "\u202c"


# --- section 5.3: the comparison ladder --------------------------------------------

EQUIVALENT = [
    # (a, b, the lowest level at which they are equivalent; None: at none)
    ("http://example.org/ros&#xE9;", "http://example.org/ros&#xE9;", "string"),
    ("http://example.org/ros%C3%A9", "http://example.org/ros&#xE9;", "syntax"),
    (
        "example://a/b/c/%7Bfoo%7D/ros&#xE9;",
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9",
        "syntax",
    ),
    ("HTTP://www.EXAMPLE.com/", "http://www.example.com/", "syntax"),
    ("http://example.org/~user", "http://example.org/%7euser", "syntax"),
    ("http://example.org/~user", "http://example.org/%7Euser", "syntax"),
    (
        "http://www.example.org/r&#xE9;sum&#xE9;.html",
        "http://www.example.org/re&#x301;sume&#x301;.html",
        "nfc",
    ),
    ("http://example.com", "http://example.com/", "scheme"),
    ("http://example.com/", "http://example.com:/", "scheme"),
    ("http://example.com/", "http://example.com:80/", "scheme"),
    ("http://example.com/?", "http://example.com/", None),
    ("http://example.com/#", "http://example.com/", None),
    ("http://example.com/data", "http://example.com/data/", None),  # 5.3.4 only
    # 5.3.2.1: only the ASCII letters of a host are folded.
    ("http://B&#xDC;CHER.example/", "http://b&#xFC;cher.example/", None),
    ("http://B&#xFC;CHER.example/", "http://b&#xFC;cher.example/", "syntax"),
]

ORDER = ["string", "syntax", "nfc", "scheme"]


@pytest.mark.parametrize(("a", "b", "lowest"), EQUIVALENT)
def test_section_5_3_ladder(a: str, b: str, lowest: str | None) -> None:
    a, b = xml(a), xml(b)
    for level in ORDER:
        if lowest is None:
            expected = False
        elif lowest == "nfc":
            expected = level == "nfc"  # NFC is applied at that level only
        elif lowest == "scheme":
            expected = level == "scheme"
        else:
            expected = ORDER.index(level) >= ORDER.index(lowest)
        assert iri.equivalent(a, b, level=level) is expected, level
        if level != "string":
            assert iri.equivalent(a, b, level=level, via_uri=True) is expected, level


def test_section_5_3_1_string_comparison_does_not_map_to_uris() -> None:
    a, b = xml("http://example.org/ros&#xE9;"), "http://example.org/ros%C3%A9"
    assert not iri.equivalent(a, b, level="string")
    assert iri.equivalent(a, b, level="string", via_uri=True)  # asked for explicitly
    assert iri.normalize(a, "string") == a


def test_section_5_3_3_idn_and_punycode() -> None:
    a, b = xml("http://r&#xE9;sum&#xE9;.example.org"), "http://xn--rsum-bpad.example.org"
    assert not iri.equivalent(a, b)  # idna is never used implicitly
    assert iri.equivalent(a, b, idna=True)
    assert iri.equivalent(a, b, idna=True, via_uri=True)


# --- IDNA (RFC 5890-5892) on host names --------------------------------------------

IDNA_OK = [
    # UTS #46 maps case (RFC 5895 section 2) before IDNA2008 checks the label
    ("http://B&#xFC;cher.example/", "http://xn--bcher-kva.example/"),
    # IDNA2008 keeps sharp s (RFC 5892: PVALID, not mapped to "ss")
    ("http://stra&#xDF;e.de/", "http://xn--strae-oqa.de/"),
    # width mapping of full-width letters
    ("http://&#xFF45;&#xFF58;&#xFF41;&#xFF4D;&#xFF50;&#xFF4C;&#xFF45;.&#xFC;/", None),
    # the ideographic full stop separates labels (RFC 5890 section 2.3.2.6, RFC 3490)
    ("http://&#x4F8B;&#x3048;&#x3002;&#x30C6;&#x30B9;&#x30C8;/", "http://xn--r8jz45g.xn--zckzah/"),
    # CONTEXTO rules of RFC 5892 Appendix A that hold
    ("http://l&#xB7;l.example/", "http://xn--ll-0ea.example/"),  # A.3 MIDDLE DOT
    ("http://&#x30FB;&#x30A2;.example/", "http://xn--cckyj.example/"),  # A.9 KATAKANA MIDDLE DOT
    ("http://&#x5D0;&#x5F3;.example/", "http://xn--4db4e.example/"),  # A.5 HEBREW GERESH
    # a percent-encoded host is decoded first (RFC 3986 section 3.2.2)
    ("http://b%C3%BCcher.example/", "http://xn--bcher-kva.example/"),
    ("http://b%FCcher.example/", "http://b%FCcher.example/"),
    # ASCII labels are kept as written
    ("http://WWW.B&#xFC;cher.example:8080/p?q", "http://WWW.xn--bcher-kva.example:8080/p?q"),
]


@pytest.mark.parametrize(("source", "expected"), IDNA_OK)
def test_idna_hosts(source: str, expected: str | None) -> None:
    uri = iri.to_uri(xml(source), idna=True)
    if expected is None:
        expected = "http://example.xn--tda/"
    assert uri == expected
    host = urikit.parse(uri).host
    assert host is not None and host.isascii()


IDNA_REFUSED = [
    # (host label in XML notation, why; RFC 5891 / 5892 section)
    ("a&#xB7;b", "MIDDLE DOT not between two 'l' (RFC 5892 A.3)"),
    ("a&#x200D;b", "ZERO WIDTH JOINER without a virama (RFC 5892 A.2)"),
    ("&#x301;a", "a leading combining mark (RFC 5891 section 4.2.3.2)"),
    ("-&#xFC;", "a leading hyphen (RFC 5891 section 4.2.3.1)"),
    ("&#xFC;-", "a trailing hyphen (RFC 5891 section 4.2.3.1)"),
    ("ab--&#xFC;", "hyphens in positions 3 and 4 (RFC 5891 section 4.2.3.1)"),
    ("&#x2665;", "a symbol: DISALLOWED (RFC 5892 section 2.6)"),
    ("&#x30FB;&#xFC;", "KATAKANA MIDDLE DOT without kana or Han (RFC 5892 A.9)"),
    ("a&#x5F3;", "HEBREW GERESH after a non-Hebrew letter (RFC 5892 A.5)"),
    ("&#x660;&#x6F0;", "mixed Arabic-Indic digits (RFC 5892 A.8)"),
    ("&#xFC;" * 64, "a label longer than 63 octets (RFC 5890 section 2.3.2.1)"),
]


@pytest.mark.parametrize(("label", "why"), IDNA_REFUSED)
def test_idna_refused_labels(label: str, why: str) -> None:
    text = "http://www." + xml(label) + ".example/x"
    with pytest.raises(urikit.URIError) as info:
        iri.to_uri(text, idna=True)
    err = info.value
    assert (err.component, err.position, err.text) == ("host", 11, text), why
    assert repr(xml(label)) in str(err)
    # Without IDNA the same IRI maps by percent-encoding.
    assert urikit.is_valid(iri.to_uri(text))


def test_fake_a_label_is_kept_and_flagged_for_display() -> None:
    # RFC 5890 section 2.3.2.1: an "xn--" label that does not decode is no A-label.
    uri = "http://xn--zz-bad.example/"
    assert iri.from_uri(uri) == uri  # without IDNA no label is looked at
    shown = iri.for_display(uri)
    assert shown.text == uri
    assert [w.kind for w in shown.warnings] == ["invalid-a-label"]
    assert shown.warnings[0].position == 7


# --- RFC 5890 section 2.3.2.1: the ACE prefix, and A-labels that are not valid ------

ACE_PREFIXES = ["xn--", "XN--", "Xn--", "xN--"]

BAD_A_LABELS = [
    # (the label after the prefix, why it is not an A-label)
    ("zz-bad", "Punycode of control characters: DISALLOWED (RFC 5892)"),
    ("zz", "not Punycode (RFC 3492 section 6.2)"),
    ("0", "not Punycode (RFC 3492 section 6.2)"),
    ("ls8h", "U+1F4A9 PILE OF POO: DISALLOWED (RFC 5892 section 2.6)"),
    ("g6h", "U+2665 BLACK HEART SUIT: DISALLOWED (RFC 5892 section 2.6)"),
    ("a-ecp", "U+2488 DIGIT ONE FULL STOP: DISALLOWED, it holds a dot"),
    ("abc-", "Punycode with nothing to decode, ends with a hyphen (RFC 5891 4.2.3.1)"),
    ("", "nothing after the prefix"),
    ("a" * 60, "longer than 63 octets (RFC 5890 section 2.3.2.1)"),
]


@pytest.mark.parametrize("prefix", ACE_PREFIXES)
def test_ace_prefix_in_any_case(prefix: str) -> None:
    uri = f"http://www.{prefix}99zt52a.example.org/"
    assert iri.from_uri(uri, idna=True) == xml("http://www.&#x7D0D;&#x8C46;.example.org/")
    assert iri.to_uri(uri, idna=True) == uri  # a valid A-label is kept as written
    assert iri.for_display(uri).text == xml("http://www.&#x7D0D;&#x8C46;.example.org/")
    mixed = xml(f"http://{prefix}99zt52a.B&#xFC;cher.example/")
    assert iri.to_uri(mixed, idna=True) == f"http://{prefix}99zt52a.xn--bcher-kva.example/"


@pytest.mark.parametrize("prefix", ACE_PREFIXES)
@pytest.mark.parametrize(("rest", "why"), BAD_A_LABELS)
def test_a_label_that_is_not_valid_idna(prefix: str, rest: str, why: str) -> None:
    label = prefix + rest
    uri = f"http://www.{label}.example/x"
    # Towards a URI (ToASCII may fail, RFC 3987 section 3.1) it is an error.
    for _ in range(2):  # the second time from the cache of answers: still an error
        with pytest.raises(urikit.URIError) as info:
            iri.to_uri(uri, idna=True)
        err = info.value
        assert (err.component, err.position, err.text) == ("host", 11, uri), why
        assert repr(label) in str(err) and "A-label" in str(err), why
    # Towards an IRI it is IDNA's ToUnicode, which never fails (RFC 3490 section
    # 4.2): the label is kept as written, and the valid one beside it decoded.
    for _ in range(2):
        assert iri.from_uri(uri, idna=True) == uri, why
    both = f"http://www.{label}.xn--99zt52a/"
    assert iri.from_uri(both, idna=True) == xml(f"http://www.{label}.&#x7D0D;&#x8C46;/"), why
    # Without IDNA nothing looks at host labels: the URI is its own IRI.
    assert iri.to_uri(uri) == iri.from_uri(uri) == uri
    # for display the label is shown as it is, and flagged
    shown = iri.for_display(uri)
    assert shown.text == uri
    assert ("invalid-a-label", 11) in [(w.kind, w.position) for w in shown.warnings]
    # The same label percent-encoded (RFC 3986 section 3.2.2) is the same label.
    encoded = f"http://www.{label.replace('-', '%2D')}.example/x"
    with pytest.raises(urikit.URIError) as info:
        iri.to_uri(encoded, idna=True)
    assert (info.value.position, info.value.text) == (11, encoded)
    assert iri.from_uri(encoded, idna=True) == iri.from_uri(encoded) == uri


#: The web-platform-tests toascii data's A-labels that are not valid IDNA:
#: (URI, why IDNA2008 refuses the label).
WPT_BAD_A_LABELS = [
    ("http://xn--a/", "Punycode of U+0080, a control: DISALLOWED"),
    ("http://xn--ls8h=/", "not Punycode: '=' is no Punycode digit"),
    ("http://xn--1ug.example/", "U+200D ZERO WIDTH JOINER alone: CONTEXTJ fails"),
    ("http://xn--a-yoc/", "'a' and a right-to-left letter: the Bidi Rule fails (RFC 5893)"),
    ("http://xn--zn7c.com/", "U+FFFD REPLACEMENT CHARACTER: DISALLOWED"),
]


@pytest.mark.parametrize(("uri", "why"), WPT_BAD_A_LABELS)
def test_to_unicode_never_fails_wpt(uri: str, why: str) -> None:
    # RFC 3987 section 3.2 converts with ToUnicode; RFC 3490 section 4.2: "ToUnicode
    # never fails. If any step fails, then the original input sequence is returned".
    assert iri.from_uri(uri, idna=True) == uri, why
    assert iri.for_display(uri).text == uri, why
    assert "invalid-a-label" in [w.kind for w in iri.for_display(uri).warnings], why
    upper = uri.replace("xn--", "XN--")  # the ACE prefix in any case, kept as written
    assert iri.from_uri(upper, idna=True) == upper, why
    with pytest.raises(urikit.URIError) as info:  # ToASCII keeps its error
        iri.to_uri(uri, idna=True)
    assert (info.value.component, info.value.position) == ("host", 7), why


@pytest.mark.parametrize(
    ("uri", "position"),
    [
        ("http://a.b%2Exn--ls8h.example/", 13),  # after a percent-encoded "."
        ("http://a%E3%80%82xn--ls8h.example/", 17),  # after an encoded ideographic stop
        (xml("http://&#xFC;.xn--ls8h.example/"), 9),  # next to a U-label
        ("http://u@xn--ls8h:80/", 9),
    ],
)
def test_bad_a_label_position_is_its_first_character(uri: str, position: int) -> None:
    with pytest.raises(urikit.URIError) as info:
        iri.to_uri(uri, idna=True)
    assert (info.value.component, info.value.position) == ("host", position)
    assert "'xn--ls8h'" in str(info.value)
    # ToUnicode keeps the label (the separators decoded as from_uri decodes them)
    assert "xn--ls8h" in iri.from_uri(uri, idna=True)


def test_equivalent_with_idna_checks_a_labels_too() -> None:
    with pytest.raises(urikit.URIError):
        iri.equivalent("http://xn--ls8h.example/", "http://a/", idna=True)
    assert not iri.equivalent("http://xn--ls8h.example/", "http://a/")
