"""Every resolution example of RFC 1808, the 1997 and 2003 drafts, RFC 2396 and
RFC 3986, each under its own document's rules.

The tables are copied from the documents (their base URI, their reference, their
result); "(current document)" is written as the base without its fragment.
"""

from __future__ import annotations

import pytest
from rfc3986_examples import RESOLVE_ABNORMAL, RESOLVE_BASE, RESOLVE_NORMAL, RESOLVE_SAME_SCHEME

import urikit
from urikit.legacy.resolution import legacy_remove_dots, resolve_legacy

BASE = "http://a/b/c/d;p?q"
CURRENT = BASE  # "(current document)" in RFC 2396 and both drafts

# RFC 1808 section 5 (base "http://a/b/c/d;p?q#f"): 5.1 normal, 5.2 abnormal.
RFC1808_BASE = "http://a/b/c/d;p?q#f"
RFC1808 = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/d;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
    ("", "http://a/b/c/d;p?q#f"),
    ("../../../g", "http://a/../g"),
    ("../../../../g", "http://a/../../g"),
    ("/./g", "http://a/./g"),
    ("/../g", "http://a/../g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("http:g", "http:g"),
    ("http:", "http:"),
]

# draft-fielding-url-syntax-05 (1997) Appendix C.1 and C.2.
DRAFT1997 = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", CURRENT + "#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
    ("", CURRENT),
    ("../../../g", "http://a/../g"),
    ("../../../../g", "http://a/../../g"),
    ("/./g", "http://a/./g"),
    ("/../g", "http://a/../g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/x"),
    ("g?y/../x", "http://a/b/c/x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
    ("http:", "http:"),
]

# RFC 2396 Appendix C.1 and C.2.
RFC2396 = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", CURRENT + "#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
    ("", CURRENT),
    ("../../../g", "http://a/../g"),
    ("../../../../g", "http://a/../../g"),
    ("/./g", "http://a/./g"),
    ("/../g", "http://a/../g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),  # "for validating parsers"
]

# draft-fielding-uri-rfc2396bis-01 (2003) Appendix C.1 and C.2.
DRAFT2003 = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", CURRENT + "#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
    ("", CURRENT),
    ("../../../g", "http://a/../g"),
    ("../../../../g", "http://a/../../g"),
    ("/./g", "http://a/./g"),
    ("/../g", "http://a/../g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),  # "for validating parsers"
]

# RFC 3986 section 5.4.1 and 5.4.2 (the default rules): the core suite's tables.
RFC3986 = [*RESOLVE_NORMAL, *RESOLVE_ABNORMAL, RESOLVE_SAME_SCHEME[:2]]


@pytest.mark.parametrize(("ref", "expected"), RFC1808)
def test_rfc1808_section_5(ref: str, expected: str) -> None:
    assert urikit.resolve(RFC1808_BASE, ref, rules="rfc1808") == expected


@pytest.mark.parametrize(("ref", "expected"), DRAFT1997)
def test_draft_1997_appendix_c(ref: str, expected: str) -> None:
    assert urikit.resolve(BASE, ref, rules="draft-1997") == expected


@pytest.mark.parametrize(("ref", "expected"), RFC2396)
def test_rfc2396_appendix_c(ref: str, expected: str) -> None:
    assert urikit.resolve(BASE, ref, rules="rfc2396") == expected


@pytest.mark.parametrize(("ref", "expected"), DRAFT2003)
def test_draft_2003_appendix_c(ref: str, expected: str) -> None:
    assert urikit.resolve(BASE, ref, rules="draft-2003") == expected


@pytest.mark.parametrize(("ref", "expected"), RFC3986)
def test_rfc3986_section_5_4_default_rules(ref: str, expected: str) -> None:
    assert RESOLVE_BASE == BASE
    assert urikit.resolve(BASE, ref) == expected
    assert urikit.resolve(BASE, ref, rules="rfc3986") == expected


@pytest.mark.parametrize("rules", ["rfc2396", "draft-2003", "rfc3986"])
def test_http_g_backwards_compatible(rules: str) -> None:
    # RFC 2396 C.2 and 2003 draft C.2: "http://a/b/c/g ; for backwards compatibility";
    # RFC 3986 section 5.4.2 likewise.
    assert urikit.resolve(BASE, "http:g", rules=rules, strict=False) == "http://a/b/c/g"


def test_rfc1808_empty_reference_keeps_base_fragment_other_rules_do_not() -> None:
    assert urikit.resolve(RFC1808_BASE, "", rules="rfc1808") == RFC1808_BASE
    for rules in ("rfc2396", "draft-1997", "draft-2003", "rfc3986"):
        assert urikit.resolve(RFC1808_BASE, "", rules=rules) == BASE


def test_draft_1997_absolute_reference_is_not_touched() -> None:
    # 1997 draft section 5.2 step 3: a reference with a scheme "is interpreted as an
    # absolute URL and we are done". Appendix C.2's last line ("http://a/../b/c =
    # http://a/b/c") shows what "some parsers inappropriately" do, not this rule.
    assert urikit.resolve(BASE, "http://a/../b/c", rules="draft-1997") == "http://a/../b/c"


def test_reference_method_passes_rules() -> None:
    ref = urikit.parse(BASE)
    assert str(ref.resolve("?y", rules="rfc2396")) == "http://a/b/c/?y"
    assert str(ref.resolve("?y", rules="draft-2003")) == "http://a/b/c/d;p?y"


def test_empty_base_path_with_authority_gets_a_slash() -> None:
    for rules in ("rfc1808", "rfc2396", "draft-1997", "draft-2003"):
        assert urikit.resolve("http://a", "g", rules=rules) == "http://a/g"


def test_errors() -> None:
    with pytest.raises(ValueError, match="unknown rules"):
        urikit.resolve(BASE, "g", rules="rfc9999")
    with pytest.raises(urikit.URIError) as info:
        urikit.resolve("a/b", "g", rules="rfc2396")
    assert info.value.reason == "not-absolute"
    with pytest.raises(urikit.URIError) as info:
        resolve_legacy(BASE, "a b", rules="rfc1808")
    assert (info.value.reason, info.value.position) == ("invalid-char", 1)


@pytest.mark.parametrize(
    ("buffer", "expected"),
    [
        ("/b/c/./g", "/b/c/g"),
        ("/b/c/.", "/b/c/"),
        ("/b/c/..", "/b/"),
        ("/b/c/../..", "/"),
        ("/b/c/../../../g", "/../g"),
        ("a/../b", "b"),
        ("a/..", ""),
        ("/..", "/.."),
    ],
)
def test_legacy_remove_dots(buffer: str, expected: str) -> None:
    assert legacy_remove_dots(buffer) == expected
