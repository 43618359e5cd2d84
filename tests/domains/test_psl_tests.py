"""The Public Suffix List's own test cases, as urikit's table.

The facts are those of the list's ``tests/test_psl.txt`` (publicsuffix/list on
GitHub; the copy the ``publicsuffixlist`` package ships beside the list is the
one read here): each host and the registrable domain the list's algorithm gives
it, or none. The table is written here, grouped as that file groups them, and
checked against the list urikit loads by default.

The cases hold for the list they were written with: a case whose rules the
list changes (``city.kobe.jp``, an exception to ``*.kobe.jp``) would change
with it, so the rules it rests on are checked first, and the algorithm's steps
are checked on small lists of ours too (``test_an_exception_rule_...``).
"""

from __future__ import annotations

import publicsuffixlist
import pytest

from urikit import domains

#: (host, registrable domain or None), in the groups of tests/test_psl.txt.
PSL_CASES: dict[str, list[tuple[str, str | None]]] = {
    "mixed case": [
        ("COM", None),
        ("example.COM", "example.com"),
        ("WwW.example.COM", "example.com"),
    ],
    "leading dot": [
        (".com", None),
        (".example", None),
        (".example.com", None),
        (".example.example", None),
    ],
    "unlisted top-level domain (the default rule *)": [
        ("example", None),
        ("example.example", "example.example"),
        ("b.example.example", "example.example"),
        ("a.b.example.example", "example.example"),
    ],
    "a top-level domain with one rule": [
        ("biz", None),
        ("domain.biz", "domain.biz"),
        ("b.domain.biz", "domain.biz"),
        ("a.b.domain.biz", "domain.biz"),
    ],
    "a top-level domain with some two-label rules": [
        ("com", None),
        ("example.com", "example.com"),
        ("b.example.com", "example.com"),
        ("a.b.example.com", "example.com"),
        ("uk.com", None),
        ("example.uk.com", "example.uk.com"),
        ("b.example.uk.com", "example.uk.com"),
        ("a.b.example.uk.com", "example.uk.com"),
        ("test.ac", "test.ac"),
    ],
    "a top-level domain with one wildcard rule": [
        ("mm", None),
        ("c.mm", None),
        ("b.c.mm", "b.c.mm"),
        ("a.b.c.mm", "b.c.mm"),
    ],
    "a more complex top-level domain": [
        ("jp", None),
        ("test.jp", "test.jp"),
        ("www.test.jp", "test.jp"),
        ("ac.jp", None),
        ("test.ac.jp", "test.ac.jp"),
        ("www.test.ac.jp", "test.ac.jp"),
        ("kyoto.jp", None),
        ("test.kyoto.jp", "test.kyoto.jp"),
        ("ide.kyoto.jp", None),
        ("b.ide.kyoto.jp", "b.ide.kyoto.jp"),
        ("a.b.ide.kyoto.jp", "b.ide.kyoto.jp"),
        ("c.kobe.jp", None),
        ("b.c.kobe.jp", "b.c.kobe.jp"),
        ("a.b.c.kobe.jp", "b.c.kobe.jp"),
        ("city.kobe.jp", "city.kobe.jp"),
        ("www.city.kobe.jp", "city.kobe.jp"),
    ],
    "a wildcard rule and its exception": [
        ("ck", None),
        ("test.ck", None),
        ("b.test.ck", "b.test.ck"),
        ("a.b.test.ck", "b.test.ck"),
        ("www.ck", "www.ck"),
        ("www.www.ck", "www.ck"),
    ],
    "US K12": [
        ("us", None),
        ("test.us", "test.us"),
        ("www.test.us", "test.us"),
        ("ak.us", None),
        ("test.ak.us", "test.ak.us"),
        ("www.test.ak.us", "test.ak.us"),
        ("k12.ak.us", None),
        ("test.k12.ak.us", "test.k12.ak.us"),
        ("www.test.k12.ak.us", "test.k12.ak.us"),
    ],
    "IDN labels (U-labels)": [
        ("食狮.com.cn", "食狮.com.cn"),
        ("食狮.公司.cn", "食狮.公司.cn"),
        ("www.食狮.公司.cn", "食狮.公司.cn"),
        ("shishi.公司.cn", "shishi.公司.cn"),
        ("公司.cn", None),
        ("食狮.中国", "食狮.中国"),
        ("www.食狮.中国", "食狮.中国"),
        ("shishi.中国", "shishi.中国"),
        ("中国", None),
    ],
    "IDN labels (A-labels)": [
        ("xn--85x722f.com.cn", "xn--85x722f.com.cn"),
        ("xn--85x722f.xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn"),
        ("www.xn--85x722f.xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn"),
        ("shishi.xn--55qx5d.cn", "shishi.xn--55qx5d.cn"),
        ("xn--55qx5d.cn", None),
        ("xn--85x722f.xn--fiqs8s", "xn--85x722f.xn--fiqs8s"),
        ("www.xn--85x722f.xn--fiqs8s", "xn--85x722f.xn--fiqs8s"),
        ("shishi.xn--fiqs8s", "shishi.xn--fiqs8s"),
        ("xn--fiqs8s", None),
    ],
}

CASES = [(group, host, expected) for group, rows in PSL_CASES.items() for host, expected in rows]


@pytest.mark.parametrize(("group", "host", "expected"), CASES, ids=[c[1] for c in CASES])
def test_the_lists_own_cases(group: str, host: str, expected: str | None) -> None:
    assert domains.registrable_domain(host) == expected, group


def _has_rule(text: str, exception: bool) -> bool:
    return any(r.text == text and r.exception == exception for r in domains.default_list().rules)


def test_the_rules_the_cases_rest_on_are_listed() -> None:
    for text, exception in [
        ("*.ck", False),
        ("www.ck", True),
        ("*.kobe.jp", False),
        ("city.kobe.jp", True),
        ("*.mm", False),
        ("公司.cn", False),
        ("k12.ak.us", False),
    ]:
        assert _has_rule(text, exception), (text, exception)


def test_null_input_is_a_type_error() -> None:
    # tests/test_psl.txt: checkPublicSuffix(null, null); in Python None is no host.
    with pytest.raises(TypeError, match="must be str"):
        domains.registrable_domain(None)  # type: ignore[arg-type]


def test_the_default_list_is_the_packages() -> None:
    psl = domains.default_list()
    assert psl.source == publicsuffixlist.PSLFILE
    assert psl.version is not None and psl.commit is not None
    # the package's version ends in the list's date: 1.1.2.20261023 for 2026-10-22's list
    assert len(psl.rules) > 5000
    assert {r.section for r in psl.rules} == {"icann", "private"}


def test_an_exception_rule_gives_its_labels_less_the_leftmost() -> None:
    psl = domains.load("// a list of ours\n*.kobe.jp\n!city.kobe.jp\njp\n")
    assert psl.registrable_domain("city.kobe.jp") == "city.kobe.jp"
    assert psl.public_suffix("city.kobe.jp") == "kobe.jp"
    assert psl.registrable_domain("www.city.kobe.jp") == "city.kobe.jp"
    assert psl.public_suffix("c.kobe.jp") == "c.kobe.jp"
    assert psl.registrable_domain("c.kobe.jp") is None
    assert psl.registrable_domain("b.c.kobe.jp") == "b.c.kobe.jp"
