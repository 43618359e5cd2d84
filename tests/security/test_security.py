"""urikit.security: the examples of RFC 3986 section 7 and RFC 3987 section 8, the
ways to write internal addresses that resolvers and browsers accept, policies,
segments, and the shared corpus (no "danger" for ordinary URLs unless real)."""

from __future__ import annotations

import dataclasses
import ipaddress
import pickle
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from growth import LIMIT, scaled
from hypothesis import example, given, settings
from hypothesis import strategies as st
from strategies import arbitrary_text, interesting_text, mutated, uri_references

from urikit.security import (
    CODES,
    METADATA_ADDRESSES,
    Finding,
    Policy,
    Report,
    check,
    read_ipv4,
)

RFC_ONLY = Policy(whatwg=False)  # the results below do not depend on the [whatwg] extra
SSRF = Policy.ssrf()
CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "urls.txt"


def codes(text: str, policy: Policy = RFC_ONLY) -> list[tuple[str, str]]:
    return [(f.code, f.severity) for f in check(text, policy=policy).findings]


# --- RFC 3986 section 7 and RFC 3987 section 8, example by example -----------------

#: (section, input, the (code, severity) pairs expected, in order of position)
RFC_EXAMPLES = [
    # 7.2: a protocol-based scheme with the port of SMTP.
    ("3986 7.2", "http://example.com:25/", [("unusual-port", "warning")]),
    # 7.2: percent-encoded CR and LF for a stream protocol (telnet).
    (
        "3986 7.2",
        "telnet://example.com/%0D%0Aquit",
        [("encoded-control", "danger"), ("encoded-control", "danger")],
    ),
    # 7.3: "%00" (NUL) should be rejected; file system names: "..", "\".
    ("3986 7.3", "http://example.com/a%00.txt", [("encoded-control", "danger")]),
    ("3986 7.3", "http://example.com/%2e%2e/etc/passwd", [("encoded-dot-segment", "danger")]),
    (
        "3986 7.3",
        "http://example.com/a%2f..%2fb",
        [
            ("encoded-dot-segment", "danger"),
            ("encoded-delimiter", "warning"),
            ("encoded-delimiter", "warning"),
        ],
    ),
    ("3986 7.3", "http://example.com/a%5cb", [("encoded-delimiter", "warning")]),
    # 7.4: the rare IPv4 forms: three and two parts, one number, octal, hex.
    (
        "3986 7.4",
        "http://10.0.1/",
        [("rare-ip-form", "warning"), ("private-address", "warning")],
    ),
    ("3986 7.4", "http://10.1/", [("rare-ip-form", "warning"), ("private-address", "warning")]),
    (
        "3986 7.4",
        "http://2130706433/",
        [("rare-ip-form", "warning"), ("private-address", "warning")],
    ),
    (
        "3986 7.4",
        "http://0x7f.1/",
        [("rare-ip-form", "warning"), ("private-address", "warning")],
    ),
    (
        "3986 7.4",
        "http://0177.0.0.1/",
        [("rare-ip-form", "warning"), ("private-address", "warning")],
    ),
    ("3986 7.4", "http://0x08.0x08.0x08.0x08/", [("rare-ip-form", "warning")]),
    # 7.5: a password in the userinfo.
    ("3986 7.5", "ftp://user:secret@example.com/", [("password-in-userinfo", "warning")]),
    # 7.6: the semantic attack of the RFC itself.
    (
        "3986 7.6",
        "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
        [("misleading-userinfo", "danger"), ("private-address", "warning")],
    ),
    ("3986 7.6", "http://paypal.com@evil.example/", [("misleading-userinfo", "danger")]),
    ("3986 7.6", "http://www.bank.example@evil.example/", [("misleading-userinfo", "danger")]),
    ("3986 7.6", "http://john.doe@example.com/", [("misleading-userinfo", "warning")]),
    ("3986 7.6", "http://10.0.0.1@example.com/", [("misleading-userinfo", "danger")]),
    ("3986 7.6", "http://a%2F%2Fb@example.com/", [("misleading-userinfo", "danger")]),
    ("3986 7.6", "ssh://git@example.com/", []),
    ("3986 7.2", "http://example.com:111/", [("unusual-port", "info")]),
    ("3986 7.2", "http://example.com:443/", [("unusual-port", "warning")]),
    ("3986 7.2", "http://example.com:99999/", [("unusual-port", "warning")]),
    # RFC 3987 8: "%C0%AF.." read as "/.." by lax UTF-8 decoders.
    ("3987 8", "http://example.com/a/%C0%AF..", [("overlong-utf8", "danger")]),
    ("3987 8", "http://example.com/%C0%AE%C0%AE/", [("overlong-utf8", "danger")]),
    # RFC 3987 8: look-alike characters (Cyrillic a among Latin letters).
    ("3987 8", "http://p\u0430ypal.com/", [("idn-homograph", "danger")]),
    ("3987 8", "http://xn--pypal-4ve.com/", [("idn-homograph", "danger")]),
    ("5890 2.3.2.1", "http://Xn--pypal-4ve.com/", [("idn-homograph", "danger")]),
    ("5890 2.3.2.1", "http://xN--pypal-4ve.com/", [("idn-homograph", "danger")]),
    # RFC 3987 8 and 4.2: bidi spoofing; a look-alike slash in a path.
    ("3987 8", "http://example.com/%E2%80%AEfdp.exe", [("bidi-formatting", "danger")]),
    ("3987 8", "http://example.com/a\u2215b", [("idn-homograph", "warning")]),
    ("3987 8", "http://example.com/%F0%9F", [("invalid-utf8", "warning")]),
    # Not from a section: schemes that run code or read files.
    ("schemes", "javascript:alert(1)", [("dangerous-scheme", "danger")]),
    ("schemes", "data:text/html;base64,PHNjcmlwdD4=", [("dangerous-scheme", "danger")]),
    ("schemes", "data:text/plain,hello", []),
    ("schemes", "file:///etc/passwd", [("dangerous-scheme", "warning")]),
    # And references with nothing to say.
    ("none", "https://example.com/a/b?c=d#e", []),
    ("none", "http://[2606:4700::1111]:8080/", []),
    ("none", "mailto:someone@example.com", []),
    ("none", "../relative/path", []),
]


@pytest.mark.parametrize(("section", "text", "expected"), RFC_EXAMPLES)
def test_rfc_security_examples(section: str, text: str, expected: list[tuple[str, str]]) -> None:
    assert codes(text) == expected, section


# --- RFC 3987 section 8: homographs from the Unicode data (UTS #39) ------------------

#: (host, the idn-homograph severity expected or None, a part of its message)
HOMOGRAPHS = [
    # Mixed-script confusables: all letters of one script look like letters of
    # the other, in a U-label, an A-label (its ACE prefix in any case), encoded.
    ("p\u0430ypal.com", "danger", "reads as Latin: '\u0430' (CYRILLIC SMALL LETTER A)"),
    ("xn--pypal-4ve.com", "danger", "reads as Latin"),
    ("Xn--pypal-4ve.com", "danger", "reads as Latin"),
    ("www.XN--PYPAL-4VE.COM", "danger", "reads as Latin"),
    ("p%D0%B0ypal.com", "danger", "reads as Latin"),
    ("\u0440\u0430\u0443\u0440\u0430l.com", "danger", "reads as Cyrillic: 'l'"),
    # Latin with Han is ordinary writing, but not when the Han letter looks Latin.
    ("g\u3007\u3007gle.com", "danger", "'\u3007' (IDEOGRAPHIC NUMBER ZERO) looks like"),
    # Scripts that do not go together, no confusable: still a mix (as before).
    ("\u03bbx.com", "danger", "mixes scripts: Greek, Latin"),
    # Whole-script confusable with Latin among Latin or ASCII labels: danger.
    ("\u0430\u0440\u0440\u04cf\u0435.com", "danger", "reads as the Latin 'appie'"),
    ("xn--80ak6aa92e.com", "danger", "is Cyrillic but reads as the Latin 'appie'"),
    # under another script's label: a warning, as is a reading with a digit ('6')
    (
        "\u0430\u0440\u0440\u04cf\u0435.\u043f\u0440\u0438\u043c\u0435\u0440.com",
        "warning",
        "'appie'",
    ),
    ("\u0441\u0440\u0431.com", "warning", "every letter looks like ASCII: 'cp6'"),
    # Not homographs: one script (not flagged for not being Latin), the same under
    # its own script's top-level label, Japanese (Han, Katakana: 力 looks like カ,
    # but 協 like no Katakana letter), a Latin letter with an accent, a modifier
    # letter of script Common (the Hawaiian okina), a full-width letter (it maps to
    # ASCII: the same name to a resolver).
    ("\u044f\u043d\u0434\u0435\u043a\u0441.\u0440\u0444", None, ""),
    ("\u0430\u0440\u0440\u04cf\u0435.\u0440\u0444", None, ""),
    ("\u4f8b\u3048.jp", None, ""),
    ("\u30d1\u30ef\u30fc\u5354\u529b.jp", None, ""),
    ("m\u00fcnchen.de", None, ""),
    ("ha\u02bbawi.com", None, ""),
    ("\uff50aypal.com", None, ""),
]


#: UTS #39 section 4: a label wholly in one script other than Latin whose
#: skeleton is that of an all-Latin string, in a name whose other labels are
#: Latin or ASCII, is danger like a mixed-script label; (host, the Latin reading).
WHOLE_SCRIPT_DANGER = [
    ("\u0430\u0440\u0440\u04cf\u0435.com", "appie"),  # all Cyrillic: a, er, er, palochka, ie
    ("xn--80ak6aa92e.com", "appie"),  # the same as an A-label
    ("XN--80AK6AA92E.COM", "appie"),  # its ACE prefix in any case
    ("%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com", "appie"),  # percent-encoded
    ("www.\u0430\u0440\u0440\u04cf\u0435.co.uk", "appie"),  # every other label ASCII
    ("\u0455\u0441\u043e\u0440\u0435.com", "scope"),  # all Cyrillic: dze, es, o, er, ie
    ("\u0440\u0430\u0443.example", "pay"),  # all Cyrillic: er, a, u
    ("\u03bf\u03c1.com", "op"),  # all Greek: omicron, rho
    ("\u0451\u0435.com", "\u00ebe"),  # Cyrillic io, ie: NFD first, the diaeresis (Inherited) stays
    ("\u0430\u0440\u0440\u04cf\u0435.m\u00fcnchen.de", "appie"),  # a Latin U-label
]

#: Names wholly in one script that stay without danger: under their own script's
#: top-level label, or with letters that look like no Latin letter.
WHOLE_SCRIPT_ORDINARY = [
    "\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444",  # пример.рф
    "\u4f8b\u3048.jp",  # 例え.jp
    "\u03c0\u03b1\u03c1\u03ac\u03b4\u03b5\u03b9\u03b3\u03bc\u03b1"
    ".\u03b4\u03bf\u03ba\u03b9\u03bc\u03ae",  # παράδειγμα.δοκιμή
    "xn--e1afmkfd.xn--p1ai",  # пример.рф as A-labels
    "\u0430\u0440\u0440\u04cf\u0435.\u0440\u0444",  # Cyrillic "appie" under a Cyrillic TLD
    "\u043f\u0440\u0438\u043c\u0435\u0440.com",  # пример.com: п, и, м look like no Latin letter
    "\u043c\u043e\u0441\u043a\u0432\u0430.com",  # москва.com
    "\u03c0\u03b1\u03c1\u03ac\u03b4\u03b5\u03b9\u03b3\u03bc\u03b1.com",  # παράδειγμα.com
    "\u0441\u0440\u0431.com",  # Cyrillic es, er, be: reads "cp6", a digit, no all-Latin string
]


@pytest.mark.parametrize(("host", "latin"), WHOLE_SCRIPT_DANGER)
def test_whole_script_confusable_with_latin_is_danger(host: str, latin: str) -> None:
    text = f"http://{host}/"
    for report in (check(text), check(text, policy=RFC_ONLY)):
        found = [f for f in report.findings if f.code == "idn-homograph"]
        assert [(f.severity, f.start, f.end) for f in found] == [("danger", 7, 7 + len(host))]
        assert f"reads as the Latin {latin!r}" in found[0].message
        assert not report.ok


@pytest.mark.parametrize("host", WHOLE_SCRIPT_ORDINARY)
def test_names_wholly_in_one_script_are_not_danger(host: str) -> None:
    report = check(f"http://{host}/", policy=RFC_ONLY)
    assert report.ok and "danger" not in [f.severity for f in report.findings]


def _idn_hosts(lines: list[str]) -> set[str]:
    """The hosts of ``lines`` with a non-ASCII or an A-label ("xn--", any case)."""
    from urikit import iri

    hosts = set()
    for line in lines:
        try:
            host = iri.parse(line).host
        except ValueError:
            continue
        if host and any(not lb.isascii() or lb[:4].lower() == "xn--" for lb in host.split(".")):
            hosts.add(host)
    return hosts


def _danger_hosts(hosts: set[str]) -> set[str]:
    return {
        host
        for host in hosts
        for f in check(f"http://{host}/", policy=RFC_ONLY).findings
        if f.code == "idn-homograph" and f.severity == "danger"
    }


def test_idn_host_helpers_can_tell() -> None:
    lines = ["http://xn--80ak6aa92e.com/", "http://\u4f8b\u3048.jp/a", "http://example.com/", "a b"]
    assert _idn_hosts(lines) == {"xn--80ak6aa92e.com", "\u4f8b\u3048.jp"}
    assert _danger_hosts(_idn_hosts(lines)) == {"xn--80ak6aa92e.com"}


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not there")
def test_whole_script_false_positives_on_the_corpus_idn_hosts() -> None:
    # docs/security.md reports the count: the corpus (Debian's URLs) has no IDN host.
    lines = CORPUS.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    hosts = _idn_hosts(lines)
    assert (len(hosts), _danger_hosts(hosts)) == (0, set())


#: The IANA root zone's list of top-level domains, as hypothesis ships it.
_IANA_TLDS = (
    Path(sys.modules["hypothesis"].__file__ or "").parent / "vendor" / "tlds-alpha-by-domain.txt"
)


@pytest.mark.skipif(not _IANA_TLDS.is_file(), reason="hypothesis ships no list of TLDs")
def test_whole_script_danger_among_real_idn_tlds() -> None:
    # The IDN top-level labels (real names wholly in one script) as the second
    # label of a .com name: the danger ones read as Latin words (docs/security.md).
    lines = _IANA_TLDS.read_text(encoding="ascii").splitlines()
    labels = [line.lower() for line in lines if line.lower().startswith("xn--")]
    assert len(labels) > 100
    danger = _danger_hosts({f"{label}.com" for label in labels})
    assert danger == {"xn--c1avg.com", "xn--p1acf.com"}  # Cyrillic "opr" and "pyc"


@pytest.mark.parametrize(("host", "severity", "why"), HOMOGRAPHS)
def test_idn_homograph_from_the_unicode_data(host: str, severity: str | None, why: str) -> None:
    text = f"http://{host}/a"
    found = [f for f in check(text, policy=RFC_ONLY).findings if f.code == "idn-homograph"]
    if severity is None:
        assert found == []
        return
    assert [(f.severity, f.component, f.start, f.end) for f in found] == [
        (severity, "host", 7, 7 + len(host))
    ]
    assert why in found[0].message
    assert check(text).ok == (severity != "danger")


def test_confusables_data_is_loaded_only_for_international_hosts() -> None:
    code = (
        "import sys, urikit.security as s\n"
        "assert 'confusable_homoglyphs' not in sys.modules\n"
        "s.check('http://example.com/a'); s.check('http://h/%E2%80%AE'); s.check('data:,x')\n"
        "assert 'confusable_homoglyphs' not in sys.modules, 'too early'\n"
        "assert [f.code for f in s.check('http://xn--pypal-4ve.com/').findings][0] =="
        " 'idn-homograph'\n"
        "assert 'confusable_homoglyphs' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --- RFC 3987 section 8, RFC 5892 section 2.3: invisible characters ------------------

#: Invisible characters (Default_Ignorable_Code_Point and format characters), each
#: valid raw in an IRI: ZWSP, ZWNJ, ZWJ, WORD JOINER to INVISIBLE PLUS, BOM, SOFT
#: HYPHEN, MONGOLIAN VOWEL SEPARATOR, variation selectors,
#: COMBINING GRAPHEME JOINER, Hangul fillers, KHMER VOWEL INHERENT AQ, and a code
#: point Unicode reserves as default-ignorable.
INVISIBLE = [
    *"\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff\u00ad\u180e",
    *"\ufe00\ufe0f\u034f\u115f\u3164\uffa0\u17b4\u2065",  # U+2065: unassigned
]
#: Invisible characters no IRI holds raw (no ucschar): a supplementary variation
#: selector, a tag, the interlinear annotation anchor (format, not
#: default-ignorable).
ENCODED_ONLY = ["\U000e0100", "\U000e0041", "\ufff9"]


def _pct(char: str) -> str:
    return "".join(f"%{b:02X}" for b in char.encode("utf-8"))


def _invisible(text: str, policy: Policy = RFC_ONLY) -> list[tuple[str, str, int, int]]:
    return [
        (f.severity, f.component, f.start, f.end)
        for f in check(text, policy=policy).findings
        if f.code == "invisible-character"
    ]


@pytest.mark.parametrize("char", INVISIBLE + ENCODED_ONLY, ids=lambda c: f"U+{ord(c):04X}")
def test_invisible_character_in_the_host_is_danger(char: str) -> None:
    texts = [f"http://exa{_pct(char)}mple.com/"]  # percent-encoded
    if char not in ENCODED_ONLY:  # raw (an IRI), and next to a U-label
        texts += [f"http://exa{char}mple.com/", f"http://www.b\u00fccher{char}.de/"]
    for text in texts:
        written = char if char in text else _pct(char)
        start = text.index(written)
        assert _invisible(text) == [("danger", "host", start, start + len(written))], text
        report = check(text)
        assert not report.ok, text
        blocking = [f for f in report.blocking if f.code == "invisible-character"]
        assert len(blocking) == 1 and f"U+{ord(char):04X}" in blocking[0].message, text


@pytest.mark.parametrize("char", INVISIBLE + ENCODED_ONLY, ids=lambda c: f"U+{ord(c):04X}")
@pytest.mark.parametrize(
    ("before", "after", "component"),
    [
        ("http://h/a", "b", "path"),
        ("http://h/?q=a", "b", "query"),
        ("http://h/#a", "b", "fragment"),
    ],
)
def test_invisible_character_after_the_host_is_a_warning(
    char: str, before: str, after: str, component: str
) -> None:
    for written in (_pct(char),) if char in ENCODED_ONLY else (char, _pct(char)):
        text = before + written + after
        assert _invisible(text) == [
            ("warning", component, len(before), len(before) + len(written))
        ], text
        for policy in (RFC_ONLY, Policy()):  # no danger: the default policy lets it pass
            assert check(text, policy=policy).ok, text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a run of them is one finding; two runs are two
        ("http://a\u200b\u2060\ufeffb.com/", [("danger", "host", 8, 11)]),
        ("http://a%E2%80%8B%E2%81%A0b.com/", [("danger", "host", 8, 26)]),
        ("http://a\u200bb\u200bc.com/", [("danger", "host", 8, 9), ("danger", "host", 10, 11)]),
        # tag characters are no ucschar: percent-encoded only
        ("http://h/%F3%A0%81%81%F3%A0%81%BF", [("warning", "path", 9, 33)]),
        ("http://exa%F3%A0%80%A0mple.com/", [("danger", "host", 10, 22)]),
        # in the userinfo (not where a request goes): a warning
        ("http://u\u200b:p@h.example/", [("warning", "userinfo", 8, 9)]),
        # an A-label whose Punycode holds one (ZWJ alone: CONTEXTJ fails)
        ("http://xn--1ug.example/", [("danger", "host", 7, 14)]),
        ("http://a.XN--1UG.example/", [("danger", "host", 9, 16)]),
        # ZWJ and ZWNJ where CONTEXTJ allows them (RFC 5892 appendix A): ordinary
        # writing, in a U-label, percent-encoded, as an A-label, in a path
        ("http://\u0915\u094d\u200d\u0937.example/", []),  # after a virama (Devanagari)
        ("http://\u0646\u0627\u0645\u0647\u200c\u0627\u06cc.example/", []),  # Persian
        ("http://%E0%A4%95%E0%A5%8D%E2%80%8D%E0%A4%B7.example/", []),
        ("http://xn--mgba3gch31f060k.example/", []),  # the Persian one as an A-label
        ("http://xn--11b2ezcw70k.example/", []),  # the Devanagari one as an A-label
        ("http://h/\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", []),
        # ... and where it does not: after a Latin letter, at the start of a label
        ("http://a\u200cb.example/", [("danger", "host", 8, 9)]),
        ("http://\u200d\u0915.example/", [("danger", "host", 7, 8)]),
        ("http://xn--ab-m1t.example/", [("danger", "host", 7, 17)]),  # Punycode of "a", ZWJ, "b"
        # Bidi formatting characters (LRM, RLM, ...) are default-ignorable too, but
        # have their own, stronger finding (bidi-formatting, danger): not twice
        ("http://h/a%E2%80%8Eb", []),
        # Visible format characters are not flagged: U+0600 ARABIC NUMBER SIGN
        ("http://h/%D8%80", []),
        # nor characters that merely look like space, nor ASCII
        ("http://h/a%E2%80%83b%20c", []),
    ],
)
def test_invisible_character_spans(text: str, expected: list[tuple[str, str, int, int]]) -> None:
    assert _invisible(text) == expected
    assert _invisible(text, Policy()) == expected  # the default policy (the C build's)


def test_invisible_characters_are_unicode_default_ignorables() -> None:
    # The set is Unicode's Default_Ignorable_Code_Point and Cf, as the regex module
    # reads them, not a list in urikit: every default-ignorable that is no bidi
    # control is flagged, and nothing that is neither.
    import regex  # type: ignore[import-untyped]

    from urikit.security._text import _BIDI_FORMAT, _invisible_re, _is_invisible

    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)
    invisible = set(_invisible_re().findall(every))
    ignorable = set(regex.findall(r"\p{Default_Ignorable_Code_Point}", every))
    cf = set(regex.findall(r"\p{Cf}", every))
    assert ignorable - _BIDI_FORMAT <= invisible <= ignorable | cf
    assert invisible.isdisjoint(_BIDI_FORMAT) and "\u0600" not in invisible
    assert len(invisible) > 4000  # the tags and variation selectors are most of them
    assert all(_is_invisible(c) for c in "\u200b\u2060\ufeff\u00ad\u180e\ufe0f\U000e0001")


def test_regex_is_imported_only_for_references_that_need_it() -> None:
    code = (
        "import sys, urikit.security as s\n"
        "s.check('http://example.com/a'); s.check('http://h/%41%2e'); s.check('data:,x')\n"
        "assert 'regex' not in sys.modules, 'too early'\n"
        "assert [f.code for f in s.check('http://h/%E2%80%8B').findings] =="
        " ['invisible-character']\n"
        "assert 'regex' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_issue_examples_of_invisible_characters() -> None:
    for char in "\u200b\u2060\ufeff\u00ad":
        for host in (f"exa{char}mple.com", f"exa{_pct(char)}mple.com"):
            report = check(f"http://{host}/")
            assert not report.ok
            assert [f.code for f in report.blocking] == ["invisible-character"], host


# --- RFC 3987 section 8: bidi formatting, the isolates too ----------------------------


@pytest.mark.parametrize("char", ["\u2066", "\u2067", "\u2068", "\u2069", "\u061c"])
@pytest.mark.parametrize(
    ("before", "after", "component"),
    [("http://h/a", "b", "path"), ("http://h/?q=", "", "query"), ("http://h/#", "x", "fragment")],
)
def test_bidi_isolates_are_bidi_formatting(
    char: str, before: str, after: str, component: str
) -> None:
    """The isolates (Unicode 6.3) are valid in an IRI (RFC 3987 section 4.1 lists
    only LRM, RLM, LRE, RLE, LRO, RLO, PDF) but reorder text as those do."""
    text = before + char + after
    found = [f for f in check(text, policy=RFC_ONLY).findings if f.code == "bidi-formatting"]
    at = len(before)
    raw = [f for f in found if (f.start, f.end) == (at, at + 1)]
    assert [(f.severity, f.component) for f in raw] == [("danger", component)]
    assert f"U+{ord(char):04X}" in raw[0].message
    assert not check(text).ok
    encoded = before + "".join(f"%{b:02X}" for b in char.encode()) + after
    assert [f.code for f in check(encoded, policy=RFC_ONLY).findings] == ["bidi-formatting"]


# --- data: media types (RFC 2397) -----------------------------------------------------

#: (data: URI, the dangerous-scheme severity expected or None)
DATA_URIS = [
    # Media types that cannot run script: nothing to report.
    ("data:text/plain,hello", None),
    ("data:,hello", None),  # no media type: text/plain;charset=US-ASCII
    ("data:;base64,aGk=", None),
    ("data:;charset=utf-8,hi", None),
    ("data:Text/Plain;charset=UTF-8,hi", None),
    ("data:image/png;base64,iVBORw0KGgo=", None),
    ("DATA:IMAGE/GIF;base64,R0lGODlh", None),
    ("data:image/jpeg,x", None),
    ("data:audio/mpeg;base64,SUQz", None),
    ("data:video/mp4,x", None),
    ("data:text/plain;name=text/html,x", None),  # a parameter is no type
    # Media types that run script: danger, in any case, decoded or not.
    ("data:text/html,hi", "danger"),
    ("data:TEXT/HTML;charset=utf-8,hi", "danger"),
    ("data:text/html;base64,PHNjcmlwdD4=", "danger"),
    ("data:image/svg+xml,x", "danger"),
    ("data:image/svg+xml;base64,PHN2Zz4=", "danger"),
    ("data:application/xhtml+xml,x", "danger"),
    ("data:text/xml,x", "danger"),
    ("data:application/rss+xml,x", "danger"),
    ("data:text/javascript,alert(1)", "danger"),
    ("data:application/javascript,x", "danger"),
    ("data:application/x-ecmascript,x", "danger"),
    ("data:text/vbscript,x", "danger"),
    ("data:text%2Fhtml,x", "danger"),  # a decoder that decodes first reads text/html
    ("data:text/html%3Bcharset=utf-8,x", "danger"),
    # Not known to be inert: a warning.
    ("data:application/octet-stream,x", "warning"),
    ("data:application/pdf;base64,JVBERi0=", "warning"),
    ("data:text/css,x", "warning"),
    ("data:text/plain/html,x", "warning"),  # no media type
    ("data:html,x", "warning"),
]


@pytest.mark.parametrize(("text", "severity"), DATA_URIS)
def test_data_is_dangerous_only_for_media_types_that_run_script(
    text: str, severity: str | None
) -> None:
    found = [f for f in check(text, policy=RFC_ONLY).findings if f.code == "dangerous-scheme"]
    if severity is None:
        assert found == []
        assert check(text).ok
        return
    assert [f.severity for f in found] == [severity]
    assert found[0].start == 0 and found[0].end == text.index(",")  # "data:" and the type
    assert check(text).ok == (severity != "danger")


def test_every_code_is_documented() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    page = (Path(__file__).resolve().parents[2] / "docs" / "security.md").read_text("utf-8")
    for code in CODES:
        assert f"`{code}`" in readme, code
        assert f"`{code}`" in page, code


def test_findings_carry_spans_and_references() -> None:
    text = "http://u:pw@h.example:25/%2e%2e"
    report = check(text, policy=RFC_ONLY)
    for f in report.findings:
        assert 0 <= f.start <= f.end <= len(text)
        assert f.reference == CODES[f.code][1]
        assert f.severity in ("info", "warning", "danger")
    by_code = {f.code: text[f.start : f.end] for f in report.findings}
    assert by_code == {
        "password-in-userinfo": "pw",
        "unusual-port": "25",
        "encoded-dot-segment": "%2e%2e",
    }


def test_invalid_input_gives_one_finding_with_the_error_position() -> None:
    for text, position in (("http://h/a b", 10), ("http://[::1/", 11), ("\x00", 0), ("", None)):
        report = check(text)
        if position is None:
            assert report.findings == () and report.uri is not None
            continue
        assert [f.code for f in report.findings] == ["invalid-syntax"]
        assert report.findings[0].start == position
        assert report.uri is None and not report.ok


@pytest.mark.parametrize(
    "text", ["\ud800", "a\x00b", "%" * 1000, "http://" + "1." * 5000, "x" * 1_000_000, "[" * 999]
)
def test_never_raises_for_a_str(text: str) -> None:
    report = check(text, policy=SSRF)
    assert isinstance(report, Report)


def test_reports_pickle() -> None:
    report = check("http://u:p@h:25/")
    assert pickle.loads(pickle.dumps(report)) == report
    assert pickle.loads(pickle.dumps(SSRF)) == SSRF


def test_immutable() -> None:
    report = check("http://u:p@h/")
    finding = report.findings[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        finding.code = "x"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        report.ok = True  # type: ignore[misc]
    with pytest.raises(AttributeError):
        SSRF.allow_userinfo = True
    assert isinstance(finding, Finding)


# --- rare address forms and internal addresses -----------------------------------


@pytest.mark.parametrize(
    ("form", "address"),
    [
        ("127.0.0.1", "127.0.0.1"),
        ("2130706433", "127.0.0.1"),
        ("0x7f000001", "127.0.0.1"),
        ("017700000001", "127.0.0.1"),
        ("0x7f.1", "127.0.0.1"),
        ("127.1", "127.0.0.1"),
        ("127.0.1", "127.0.0.1"),
        ("0177.0.0.1", "127.0.0.1"),
        ("0x7F.0X0.00.0x1", "127.0.0.1"),
        ("127.0.0.1.", "127.0.0.1"),
        ("0", "0.0.0.0"),
        ("0x", "0.0.0.0"),
        ("255.255.255.255", "255.255.255.255"),
        ("4294967295", "255.255.255.255"),
        ("167772161", "10.0.0.1"),
        ("012.0.0.1", "10.0.0.1"),
        ("169.254.43518", "169.254.169.254"),
        ("169.16689662", "169.254.169.254"),
        ("0xa9fea9fe", "169.254.169.254"),
        ("0251.0376.0251.0376", "169.254.169.254"),
    ],
)
def test_read_ipv4(form: str, address: str) -> None:
    assert read_ipv4(form) == ipaddress.IPv4Address(address)


@pytest.mark.parametrize(
    "form",
    [
        "",
        ".",
        "1.2.3.4.5",
        "256.1.1.1",
        "1.16777216",
        "4294967296",
        "08",
        "0x1g",
        "1..2",
        "a.1",
        "0x" + "0" * 50 + "1" * 13,
        "9" * 5000,
    ],
)
def test_read_ipv4_refuses(form: str) -> None:
    assert read_ipv4(form) is None


#: Every way to write 127.0.0.1, ::1, 10.0.0.1 and 169.254.169.254 (and their
#: names) that RFC 3986, a resolver (inet_aton) or a browser (WHATWG) accepts.
INTERNAL_FORMS = [
    # 127.0.0.1
    "http://127.0.0.1/",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://017700000001/",
    "http://0x7f.1/",
    "http://0x7f.0.0.1/",
    "http://0177.0.0.1/",
    "http://0177.0.0.01/",
    "http://127.000.000.001/",
    "http://127.1/",
    "http://127.0.1/",
    "http://127.0.0.1./",
    "http://%31%32%37.0.0.1/",
    "http://127.0.0.%31/",
    "http://127%2e0%2e0%2e1/",
    "http://\uff11\uff12\uff17.\uff10.\uff10.\uff11/",
    "http://\uff11\uff12\uff17\uff0e\uff10\uff0e\uff10\uff0e\uff11/",
    "http://127\u30020\u30020\u30021/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[0:0:0:0:0:ffff:127.0.0.1]/",
    "http://[::127.0.0.1]/",
    "http://[64:ff9b::127.0.0.1]/",
    "http://[2002:7f00:1::]/",
    "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
    "http://localhost/",
    "http://LOCALHOST/",
    "http://localhost./",
    "http://a.localhost/",
    "http://loc%61lhost/",
    "http://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54/",
    "http://0/",
    "http://0.0.0.0/",
    "http://127.0.0.1:80/",
    "http://127.0.0.1:8080/",
    "https://127.0.0.1:443/",
    # ::1
    "http://[::1]/",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://[0000::0001]/",
    "http://[::1%25eth0]/",
    "http://[::]/",
    "http://[::ffff:0:1]/",
    # 10.0.0.1
    "http://10.0.0.1/",
    "http://167772161/",
    "http://0xa000001/",
    "http://012.0.0.1/",
    "http://10.1/",
    "http://10.0.1/",
    "http://0xa.0.0.1/",
    "http://%31%30.0.0.1/",
    "http://\uff11\uff10.\uff10.\uff10.\uff11/",
    "http://10.0.0.1./",
    "http://[::ffff:10.0.0.1]/",
    "http://[::ffff:a00:1]/",
    "http://[2002:a00:1::]/",
    # 169.254.169.254 and the other metadata services
    "http://169.254.169.254/latest/meta-data/",
    "http://2852039166/",
    "http://0xa9fea9fe/",
    "http://0251.0376.0251.0376/",
    "http://169.254.43518/",
    "http://169.16689662/",
    "http://0xa9.0xfe.0xa9.0xfe/",
    "http://[::ffff:169.254.169.254]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://[fd00:ec2::254]/",
    "http://100.100.100.200/",
    "http://192.0.0.192/",
    "http://169.254.170.2/",
    "http://metadata.google.internal/",
    "http://instance-data/",
    # userinfo, scheme and structure tricks
    "http://example.com@127.0.0.1/",
    "http://example.com:80@127.0.0.1/",
    "http://127.0.0.1:80@example.com/",
    "http://user@localhost/",
    "http://127.0.0.1#@example.com/",
    "http://127.0.0.1%23@example.com/",
    "http:/127.0.0.1/",
    "http:127.0.0.1/",
    "http:\\\\127.0.0.1\\",
    "http://127.0.0.1\\@example.com/",
    "http:///127.0.0.1/",
    "//127.0.0.1/",
    "ftp://127.0.0.1/",
    "gopher://127.0.0.1:6379/_FLUSHALL",
    "file:///etc/passwd",
    "http://127.0.0.1:6379/",
    "http:// 127.0.0.1/",
    "http://127.0.0.1\t/",
]


@pytest.mark.parametrize("text", INTERNAL_FORMS)
def test_ssrf_policy_blocks_every_internal_form(text: str) -> None:
    report = check(text, policy=SSRF)
    assert not report.ok, report.findings
    # Not only because of the scheme or the syntax: the address itself is seen.
    assert report.blocking


@pytest.mark.parametrize(
    "text",
    [
        "https://example.com/",
        "http://example.com/a/b?c=d#e",
        "https://93.184.216.34/",
        "https://[2606:2800:220:1:248:1893:25c8:1946]/",
        "https://example.com:443/",
        "http://xn--r8jz45g.jp/",
        "http://\u4f8b\u3048.jp/\u30d1\u30b9",
        "https://en.wikipedia.org/wiki/URL%20encoding",
    ],
)
def test_ssrf_policy_lets_public_urls_pass(text: str) -> None:
    report = check(text, policy=SSRF)
    assert report.ok, report.findings


@pytest.mark.parametrize("address", sorted(METADATA_ADDRESSES))
def test_metadata_addresses_are_danger(address: str) -> None:
    host = f"[{address}]" if ":" in address else address
    found = [f for f in check(f"http://{host}/").findings if f.code == "private-address"]
    assert [f.severity for f in found] == ["danger"]
    assert not check(f"http://{host}/").ok


def test_resolve_dns_checks_every_address() -> None:
    asked: list[str] = []

    def resolver(name: str) -> list[str]:
        asked.append(name)
        return ["93.184.216.34", "::ffff:127.0.0.1"]

    report = check("http://rebind.example./x", policy=SSRF, resolve_dns=True, resolver=resolver)
    assert asked == ["rebind.example"]
    assert [f.code for f in report.blocking] == ["private-address"]
    assert check("http://rebind.example/", policy=SSRF).ok  # only when asked

    check("http://例え.jp/", resolve_dns=True, resolver=resolver)
    assert asked[-1] == "xn--r8jz45g.jp"  # resolvers are asked A-labels

    def public(name: str) -> list[str]:
        return ["93.184.216.34"]

    assert check("http://example.com/", policy=SSRF, resolve_dns=True, resolver=public).ok

    def failing(name: str) -> list[str]:
        raise OSError("no such host")

    report = check("http://nx.example/", policy=SSRF, resolve_dns=True, resolver=failing)
    assert [f.code for f in report.findings] == ["unresolved-host"] and not report.ok
    # Addresses are not resolved, they are read.
    assert check("http://127.1/", resolve_dns=True, resolver=failing).findings[0].code == (
        "rare-ip-form"
    )


# --- policies ----------------------------------------------------------------------


def test_policy_fields() -> None:
    assert check("http://h/", policy=Policy(allowed_schemes=["HTTPS"])).blocking[0].code == (
        "scheme-not-allowed"
    )
    assert check("HTTPS://h/", policy=Policy(allowed_schemes=["https"])).ok
    # a reference without a scheme says so, naming what is allowed (not "the scheme None")
    (no_scheme,) = check("/p", policy=Policy(allowed_schemes=["https", "http"])).blocking
    assert (no_scheme.code, no_scheme.message) == (
        "scheme-not-allowed",
        "there is no scheme (a relative reference); allowed: http, https",
    )
    assert not check("http://u@h/", policy=Policy(allow_userinfo=False)).ok
    assert check("http://u@h/", policy=Policy()).ok
    assert not check("http://10.0.0.1/", policy=Policy(block_private=True)).ok
    assert check("http://10.0.0.1/", policy=Policy()).ok
    assert not check("http://h:8080/", policy=Policy(allowed_ports=[443])).ok
    assert check("http://h:8080/", policy=Policy(allowed_ports=[8080])).ok
    assert check("http://h:80/", policy=Policy(allowed_ports=[])).ok  # the default port
    assert check("http://h:/", policy=Policy(allowed_ports=[])).ok  # empty: the default
    assert not check("http://u:p@h/", policy=Policy(block_at="warning")).ok
    assert check("javascript:x", policy=Policy(block_at=None)).ok
    assert not check("http://u:p@h/", policy=Policy(block_codes={"password-in-userinfo"})).ok
    assert not check("mailto:x@y", policy=Policy(require_host=True)).ok
    with pytest.raises(ValueError, match="block_at"):
        Policy(block_at="severe")
    with pytest.raises(TypeError, match="argument 'allow_userinfo' must be bool"):
        Policy(allow_userinfo=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="allowed_ports"):
        Policy(allowed_ports=["80"])  # type: ignore[list-item]
    assert Policy.ssrf() == SSRF and hash(SSRF) == hash(Policy.ssrf())
    assert SSRF.replace(allow_userinfo=True).allow_userinfo is True


# --- segments ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["http://u:p@h:1/p?q#f", "http://h", "mailto:a@b", "a b", "", "//h", "?q", "http://@:/?#"],
)
def test_segments_cover_the_text_in_order(text: str) -> None:
    segments = check(text).segments()
    assert "".join(s.text for s in segments) == text
    pos = 0
    for s in segments:
        assert s.start == pos and s.text == text[s.start : s.end]
        pos = s.end


def test_segments_carry_the_findings_over_them() -> None:
    text = "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm"
    marked = {s.component: s.codes for s in check(text).segments() if s.codes}
    assert marked == {"userinfo": ("misleading-userinfo",), "host": ("private-address",)}


# --- the shared corpus -----------------------------------------------------------------

#: The corpus lines that get a "danger" finding, and why: both are scp-style git
#: addresses ("host:path"), which are no URIs (RFC 3986 reads "debian" as a port).
CORPUS_DANGER = {
    "https://salsa.debian.org:debian/remake.git": "invalid-syntax",
    "git://git@github.com:RPi-Distro/pgzero.git": "invalid-syntax",
}


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not there")
def test_no_danger_in_ordinary_corpus_urls() -> None:
    danger: dict[str, str] = {}
    lines = CORPUS.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    for line in lines:
        for f in check(line, policy=RFC_ONLY).findings:
            if f.severity == "danger":
                danger[line] = f.code
    assert danger == CORPUS_DANGER


# --- imports -------------------------------------------------------------------------------


def test_import_urikit_does_not_import_security_and_check_never_needs_ada() -> None:
    code = (
        "import sys; sys.modules['ada_url'] = None\n"  # as if the extra were not installed
        "import urikit\n"
        "assert 'urikit.security' not in sys.modules\n"
        "r = urikit.security.check('http://0x7f.1/%2e%2e', policy=urikit.security.Policy.ssrf())\n"
        "assert not r.ok and 'whatwg-differs' not in [f.code for f in r.findings]\n"
        "sys.modules.pop('ada_url')\n"
        "urikit.security.check('http://example.com/a', policy=urikit.security.Policy.ssrf())\n"
        "urikit.security.check('http://0x7f.1/', policy=urikit.security.Policy(whatwg=False))\n"
        "assert 'ada_url' not in sys.modules, 'imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_argument_types() -> None:
    cases = [
        ({"policy": "ssrf"}, "check() argument 'policy' must be Policy or None, not str"),
        ({"resolve_dns": 1}, "check() argument 'resolve_dns' must be bool, not int"),
        ({"resolver": 1}, "check() argument 'resolver' must be callable or None, not int"),
    ]
    for kwargs, message in cases:
        with pytest.raises(TypeError) as exc:
            check("http://h/", **kwargs)  # type: ignore[arg-type]
        assert str(exc.value) == message
    with pytest.raises(TypeError, match=r"^check\(\) argument 'text' must be str, not bytes$"):
        check(b"http://h/")  # type: ignore[arg-type]


# --- properties --------------------------------------------------------------------------

ANY_TEXT = st.one_of(
    arbitrary_text(),
    interesting_text(),
    mutated(),
    uri_references().map(lambda g: g.text),
    st.sampled_from(INTERNAL_FORMS),
)


@settings(max_examples=300, deadline=None)
@given(ANY_TEXT)
def test_any_str_gives_a_consistent_report(text: str) -> None:
    for policy in (RFC_ONLY, SSRF):
        report = check(text, policy=policy)
        assert report.text == text
        assert report.ok == (not report.blocking)
        assert set(report.blocking) <= set(report.findings)
        assert all(0 <= f.start <= f.end <= len(text) for f in report.findings)
        assert [(f.start, f.end) for f in report.findings] == sorted(
            (f.start, f.end) for f in report.findings
        )
        assert "".join(s.text for s in report.segments()) == text
        if report.uri is None:
            assert [f.code for f in report.findings] == ["invalid-syntax"]
        else:
            assert str(report.uri) == text
        assert check(text, policy=policy) == report  # the same verdict twice (memo)


def _full_analysis(text: str, policy: Policy) -> Report:
    """check() without its shortcut: parse, then every check (security._check._check)."""
    from urikit import iri, parse
    from urikit.security._check import _check

    try:
        ref = parse(text)
    except ValueError:
        ref = iri.parse(text)
    return _check(text, ref, ref._sp, policy, False, None)


PLAIN_SHAPED = st.builds(
    "".join,
    st.tuples(
        st.sampled_from(["http://", "HTTPS://", "ftp://", "file://", "javascript://", "//", "x:"]),
        st.sampled_from(
            ["example.com", "Example.COM", "localhost", "a.localhost.", "127.0.0.1", "0x7f.1",
             "xn--pple-43d.com", "Xn--pypal-4ve.com", "metadata.google.internal", "h.1", "a.b-",
             "", "u@h", "h:80", "[::1]", "2130706433", "ex%41mple.com", "sub.example.org.",
             "1.2.3.4.5"]
        ),
        st.sampled_from(
            ["", "/", "/a/b", "/./a", "/a/..", "/a/.", "/.", "/..", "/.git", "/..a/", "/a./b",
             "/%2e%2e/", "/a.b", "?q=/./..", "#/../", "/a//b"]
        ),
    ),
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.one_of(PLAIN_SHAPED, ANY_TEXT))
@example("//example.com")  # no scheme: not allowed by a policy that lists "" (found here)
@example("http://example.com/.git/..a/b./")
@example("http://example.com/a/./b")
def test_the_shortcut_agrees_with_the_full_analysis(text: str) -> None:
    """check()'s common-case shortcut (plain_host_end, memo, no parse) only ever
    answers what the full analysis answers."""
    for policy in (RFC_ONLY, SSRF, Policy(allowed_schemes={"http", ""}, whatwg=False)):
        report = check(text, policy=policy)
        if report.uri is None:
            continue
        assert report == _full_analysis(text, policy), text


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not there")
def test_the_shortcut_agrees_on_the_corpus() -> None:
    lines = CORPUS.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    for text in lines[::20]:
        report = check(text, policy=RFC_ONLY)
        if report.uri is not None:
            assert report == _full_analysis(text, RFC_ONLY), text


def test_report_parses_uri_on_access() -> None:
    """A Report keeps the text and its kind, and parses .uri on access."""
    from urikit import iri, parse

    plain = check("http://example.org/a")
    assert type(plain.uri) is type(parse("a:b")) and plain.uri == parse("http://example.org/a")
    found = check("http://u:p@h:25/")
    assert found.uri == parse("http://u:p@h:25/")
    international = check("http://例え.jp/パス")
    assert type(international.uri) is iri.IRIReference
    assert international.uri == iri.parse("http://例え.jp/パス")
    for report in (plain, found, international, check("a b")):
        again = pickle.loads(pickle.dumps(report))
        assert again == report and again.uri == report.uri
    assert Report("x:y", (), (), parse("x:y")) == check("x:y", policy=RFC_ONLY)


def test_the_memo_is_case_and_policy_safe() -> None:
    assert check("http://Example.COM/", policy=RFC_ONLY).ok
    assert [f.code for f in check("HTTP://LocalHost/x", policy=RFC_ONLY).findings] == [
        "private-address"
    ]
    assert check("ftp://example.com/", policy=RFC_ONLY).ok
    assert not check("ftp://example.com/", policy=SSRF).ok  # same host, scheme not allowed
    assert [f.code for f in check("file://example.com/", policy=RFC_ONLY).findings] == [
        "dangerous-scheme"
    ]


#: Hostile shapes of about n characters. check() of each is timed at two sizes
#: (tests/growth.py): 20 times the input may cost at most 36 times the time; a
#: quadratic cost reads 400 (hours at these sizes).
_HOSTILE: tuple[Callable[[int], str], ...] = (
    lambda n: "http://" + "a." * (n // 2) + "1/",
    lambda n: "http://" + "0x1." * (n // 4) + "/",
    lambda n: "http://" + "a" * n + ".b.c@h/",
    lambda n: "http://h/" + "%2e%2e/" * (n // 7),
    lambda n: "http://h/" + "a%2f..%2f" * (n // 9),
    lambda n: "http://h/" + "%C0%AE" * (n // 6),
    lambda n: "http://h/?" + "%0d%0a" * (n // 6),
    lambda n: "http://h/" + "%E2%80%AE" * (n // 9),
    lambda n: "http://p\u0430ypal" + ".com" * (n // 4) + "/",
    lambda n: "http://" + "\u0430a" * (n // 2) + ".com/",
    lambda n: "http://" + "\u0430\u0440\u0440\u04cf\u0435" * (n // 5) + ".com/",
    lambda n: "http://" + "".join(chr(0x4E00 + i % 20_000) for i in range(n // 10)) + "a\u0430.c/",
    lambda n: "http://" + "xn--80ak6aa92e." * (n // 15) + "com/",
    lambda n: "http://h/" + "\u2066" * n,
    lambda n: "http://h/" + "%E2%80%8B" * (n // 9),  # one run of invisible characters
    lambda n: "http://" + "\u200b" * n + ".com/",
    lambda n: "http://h/" + "\u0915\u094d\u200d" * (n // 3),  # joiners CONTEXTJ allows
    lambda n: "http://" + "xn--1ug." * (n // 8) + "com/",
    lambda n: "data:" + "text/plain;" * (n // 11) + ",x",
    lambda n: "http://h/" + "\u0627a/" * (n // 3),
    lambda n: "http://h/" + "".join(f"\u0627a{i:07d}/" for i in range(n // 11)),
    lambda n: "http://[" + "1:" * 7 + "1]/" + "a" * n,
)


@pytest.mark.timing
@pytest.mark.parametrize("make", _HOSTILE, ids=lambda make: repr(make(64)[:16]))
def test_large_inputs_stay_linear(make: Callable[[int], str]) -> None:
    text = make(200_000)
    assert "".join(s.text for s in check(text, policy=SSRF).segments()) == text

    from urikit.security import _authority, _check

    def run(text: str) -> object:
        # each call does the whole analysis: the memos of whole origins and
        # hosts would answer a repeated text at once
        _authority._HOST_MEMO.clear()
        _check._PLAIN_PREFIXES.clear()
        _check._ORIGINS.clear()
        return check(text, policy=SSRF).segments()

    assert scaled(run, make, largest=400_000) <= LIMIT
