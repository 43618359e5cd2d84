"""Hypothesis: round trips and invariants of URN parsing, build and equivalence."""

from __future__ import annotations

import string
from urllib.parse import unquote

from hypothesis import given
from hypothesis import strategies as st

from urikit import URN, URIError
from urikit.urn import nss_to_publicid, publicid_to_nss

ALNUM = string.ascii_letters + string.digits
PCHAR = ALNUM + "-._~!$&'()*+,;=:@"
HEX = "0123456789abcdefABCDEF"

nid = st.builds(
    lambda a, mid, b: a + mid + b,
    st.sampled_from(ALNUM),
    st.text(ALNUM + "-", max_size=30),
    st.sampled_from(ALNUM),
).filter(lambda n: n.lower() != "urn" and not n.lower().startswith("urn-"))
pct = st.builds(lambda a, b: "%" + a + b, st.sampled_from(HEX), st.sampled_from(HEX)).filter(
    lambda p: p != "%00"
)
pchar = st.one_of(st.sampled_from(PCHAR), pct)
nss = st.builds(
    lambda first, rest: first + "".join(rest), pchar, st.lists(st.one_of(pchar, st.just("/")))
)
comp = st.builds(
    lambda first, rest: first + "".join(rest),
    pchar,
    st.lists(st.one_of(pchar, st.sampled_from("/?"))),
)


@st.composite
def urns(draw: st.DrawFn) -> str:
    text: str = draw(st.sampled_from(["urn", "URN", "Urn"])) + ":" + draw(nid) + ":" + draw(nss)
    if draw(st.booleans()):
        r = draw(comp)
        while "?=" in r:
            r = r.replace("?=", "?")
        text += "?+" + r
    if draw(st.booleans()):
        text += "?=" + draw(comp)
    if draw(st.booleans()):
        text += "#" + draw(st.text(PCHAR + "/?"))
    return text


@given(urns())
def test_parse_round_trip(text: str) -> None:
    urn = URN.parse(text, syntax="rfc8141")
    assert str(urn) == text
    rebuilt = urn.assigned_name
    if urn.r_component is not None:
        rebuilt += "?+" + urn.r_component
    if urn.q_component is not None:
        rebuilt += "?=" + urn.q_component
    if urn.f_component is not None:
        rebuilt += "#" + urn.f_component
    assert rebuilt == text


@given(urns())
def test_equivalence_ignores_case_of_scheme_nid_and_hex(text: str) -> None:
    import re

    urn = URN.parse(text)
    start = len("urn:") + len(urn.nid)
    # "urn", the NID and the hex digits of percent-encodings are case-insensitive
    hex_swapped = re.sub(r"%[0-9A-Fa-f]{2}", lambda m: m.group(0).swapcase(), urn.nss)
    same = text[:start].swapcase() + ":" + hex_swapped
    assert URN.equivalent(text, same)
    assert URN.equivalent(urn, urn.assigned_name)  # components are ignored
    key = urn.equivalence_key()
    assert URN.parse(key).equivalence_key() == key
    # other NSS characters are case-sensitive
    if "%" not in urn.nss and urn.nss != urn.nss.swapcase():
        assert not URN.equivalent(text, urn.assigned_name[:start] + ":" + urn.nss.swapcase())


@given(nid, st.text(min_size=1).filter(lambda s: "\0" not in s), st.booleans())
def test_build_always_parses(n: str, native: str, slash: bool) -> None:
    try:
        urn = URN.build(n, native, allow_slash=slash)
    except URIError as err:  # only lone surrogates cannot be encoded as UTF-8
        assert err.reason == "bad-encoding"
        return
    again = URN.parse(str(urn), syntax="assigned-name")
    assert again.nid == n
    assert unquote(again.nss, errors="strict") == native


PUBID = string.ascii_letters + string.digits + " -'()+,./:=?;!*#@$_%"


@given(st.text(PUBID, min_size=1))
def test_publicid_round_trip(text: str) -> None:
    normalized = " ".join(text.split())
    if not normalized:
        return
    assert nss_to_publicid(publicid_to_nss(text)) == normalized
