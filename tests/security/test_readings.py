"""``security.readings``: the Readings mapping, its disagreements and spans, and
``Policy(agreement=...)``'s ``parsers-disagree``."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urikit import URIError
from urikit.security import (
    CODES,
    PARSERS,
    Disagreement,
    Policy,
    Reading,
    Readings,
    check,
    readings,
)
from urikit.security._parsers import installed
from urikit.security._readings import COMPONENTS, available

STDLIB = ["rfc3986", "urllib"]


def test_the_names_are_the_issue_s() -> None:
    assert list(PARSERS) == [
        "rfc3986",
        "whatwg",
        "urllib",
        "urllib3",
        "requests",
        "httpx",
        "yarl",
        "curl",
    ]
    assert {"rfc3986", "urllib"} <= set(available())


def test_a_mapping_of_readings_with_versions() -> None:
    r = readings("https://u@Example.org:8443/a/b?c=d#e", parsers=STDLIB)
    assert isinstance(r["rfc3986"], Reading) and len(r) == 2
    ours = r["rfc3986"]
    assert (ours.scheme, ours.userinfo, ours.host, ours.port) == (
        "https",
        "u",
        "Example.org",
        8443,
    )
    assert (ours.path, ours.query, ours.fragment) == ("/a/b", "c=d", "e")
    assert (ours.connect_host, ours.connect_port) == ("example.org", 8443)
    assert set(r.versions) == set(STDLIB) and all(r.versions.values())
    assert r.text == "https://u@Example.org:8443/a/b?c=d#e"


def test_immutable_and_pickled() -> None:
    r = readings("http://user@h/", parsers=STDLIB)
    with pytest.raises(AttributeError):
        r.x = 1
    with pytest.raises(AttributeError):
        setattr(r["urllib"], "host", "x")  # noqa: B010 (a frozen dataclass)
    again = pickle.loads(pickle.dumps(r))
    assert dict(again) == dict(r) and again.disagreements == r.disagreements
    r.versions["urllib"] = "changed"
    assert r.versions["urllib"] != "changed"


def test_an_error_is_a_reading() -> None:
    r = readings("http://a b/", parsers=STDLIB)
    assert not r["rfc3986"].ok and str(r["rfc3986"].error).startswith("URIError")
    assert r["rfc3986"].host is None
    (valid,) = [d for d in r.disagreements if d.component == "valid"]
    assert valid.values == (("read", ("urllib",)), ("refused", ("rfc3986",)))
    assert valid.spans == ((8, 9),)


@pytest.mark.parametrize(
    ("url", "differing"),
    [
        ("http://example.org/a", ()),
        ("http://EXAMPLE.org:80/a/./b/../c", ()),  # case, default port, dot segments
        ("http://h/%7Efoo", ()),
        ("http://user@h/", ("connect",)),
        ("http://h/a?", ()),
    ],
)
def test_representation_is_no_disagreement(url: str, differing: tuple[str, ...]) -> None:
    assert readings(url, parsers=STDLIB).differing == differing


def test_parsers_argument() -> None:
    assert list(readings("http://h/", parsers=["urllib", "rfc3986", "urllib"])) == STDLIB
    assert set(readings("http://h/", parsers="all")) | set(readings("http://h/").missing) == set(
        PARSERS
    )
    with pytest.raises(ValueError, match="unknown parser 'nope'"):
        readings("http://h/", parsers=["nope"])
    with pytest.raises(TypeError):
        readings("http://h/", parsers="urllib")
    with pytest.raises(TypeError):
        readings(b"http://h/")  # type: ignore[arg-type]


def test_disagreement_str_and_parsers() -> None:
    d = Disagreement("host", (("a", ("x", "y")), ("b", ("z",))), ((3, 4),))
    assert str(d) == "host: 'a' (x, y) vs 'b' (z) at 3-4"
    assert d.parsers == ("x", "y", "z")


def test_policy_agreement_field() -> None:
    assert Policy().agreement is None and Policy(agreement="all").agreement == "all"
    p = Policy(agreement=["urllib3", "whatwg", "urllib3"])
    assert p.agreement == ("whatwg", "urllib3")
    assert p == Policy(agreement=("urllib3", "whatwg")) and hash(p) == hash(
        Policy(agreement=("whatwg", "urllib3"))
    )
    assert pickle.loads(pickle.dumps(p)) == p
    assert p.replace(agreement=None) == Policy()
    assert Policy(agreement=()).agreement is None
    with pytest.raises(ValueError, match="unknown parser"):
        Policy(agreement=["chrome"])
    with pytest.raises(TypeError):
        Policy(agreement="urllib3")
    with pytest.raises(TypeError):
        Policy(agreement=[1])  # type: ignore[list-item]
    assert Policy.ssrf().agreement is None
    assert "parsers-disagree" in CODES


def test_parsers_disagree_finding() -> None:
    url = "http://user@example.org/"
    assert check(url).ok
    report = check(url, policy=Policy(agreement=["urllib"]))
    (f,) = report.findings
    assert (f.code, f.severity, f.component) == ("parsers-disagree", "danger", "host")
    assert "urllib" in f.message and "user@example.org" in f.message
    assert report.blocking == (f,)
    # a plain reference is read too (no cheap path under an agreement)
    assert check("http://example.org/", policy=Policy(agreement=["urllib"])).findings == ()


def test_an_invalid_reference_gets_the_finding_too() -> None:
    r = check("http://a.example\\@b.example/", policy=Policy(agreement=["urllib"]))
    codes = [f.code for f in r.findings]
    assert codes[0] == "invalid-syntax"  # only urllib reads it: nothing to compare
    assert not r.ok


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("hH:/\\@#?%.[]1a \t\x00é。0x"), max_size=30))
def test_never_raises_and_spans_are_in_the_text(text: str) -> None:
    r = readings("http://" + text)
    for d in r.disagreements:
        assert d.component in COMPONENTS
        assert len(d.values) >= 2
        for a, b in d.spans:
            assert 0 <= a < b <= len(r.text)


def test_readings_type_checks_its_text() -> None:
    with pytest.raises(TypeError):
        Readings(1, ())  # type: ignore[arg-type]
    assert issubclass(URIError, ValueError)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(["http://", "https://", "", "//", "http:"]),
    st.text(alphabet=st.sampled_from("ab.:/\\@#?%20[]\t é。"), max_size=20),
)
def test_an_agreement_only_adds_findings(prefix: str, rest: str) -> None:
    url = prefix + rest
    plain = check(url, policy=Policy(whatwg=False))
    agreed = check(url, policy=Policy(whatwg=False, agreement=["urllib"]))
    extra = [f for f in agreed.findings if f not in plain.findings]
    assert all(f.code == "parsers-disagree" for f in extra)
    assert len(agreed.findings) == len(plain.findings) + len(extra)
    assert plain.ok or not agreed.ok
    r = readings(url, parsers=STDLIB)
    for d in r.disagreements:
        assert set(d.parsers) <= set(r) and len(set(d.parsers)) == len(d.parsers)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["http://", "https://", "HTTP://", "", "//", "http:", "ftp://", "foo://"]),
    st.text(alphabet=st.sampled_from("aB.:/\\@#?%20[]\t é。0x8"), max_size=20),
)
def test_the_finding_is_where_the_readings_go_apart(prefix: str, rest: str) -> None:
    """A ``parsers-disagree`` finding exactly when :class:`Readings` finds RFC
    3986 and the named parsers apart on the scheme, host, port or where to
    connect, whether or not the check could stop at the readings' letters."""
    url = prefix + rest
    names = ["urllib", "whatwg"] if installed("whatwg") is not None else ["urllib"]
    agreed = check(url, policy=Policy(whatwg=False, agreement=names))
    flagged = any(f.code == "parsers-disagree" for f in agreed.findings)
    r = readings(url, parsers=["rfc3986", *names])
    apart = {d.component for d in r.disagreements} & {"scheme", "host", "port", "connect"}
    assert flagged == bool(apart), (url, apart)
