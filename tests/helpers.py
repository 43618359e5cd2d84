"""Boost.URL-style table helpers: ``ok(rule, s)`` and ``bad(rule, s, position, component)``.

``rule`` is an ABNF rule name of RFC 3986 Appendix A. The four top-level rules
are checked as given; every other rule is checked inside a *carrier*: the
smallest reference that holds a ``rule`` at a known offset (a port after
``//h:``, an IPv6address between ``//[`` and ``]`` ...). Positions in ``bad``
are given relative to ``s``; the helper adds the carrier's offset.

Both helpers go through every public entry point (``is_valid``, ``parse``) and
both parser paths (``split`` and ``find_error``), so a table row also checks
that the two agree.

Also ``split_row(text, rule)``: the row ``urikit.arrow.split`` (and the engines
built on it) must give for one text, from the one-at-a-time core.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

import urikit
from urikit.arrow import COMPONENTS
from urikit.core import _parser


class Carrier(NamedTuple):
    prefix: str
    suffix: str
    top: str  # the Appendix A rule the whole text is checked against
    attribute: str | None  # URIReference attribute that must equal the tested text


CARRIERS: dict[str, Carrier] = {
    "URI-reference": Carrier("", "", "URI-reference", None),
    "URI": Carrier("", "", "URI", None),
    "absolute-URI": Carrier("", "", "absolute-URI", None),
    "relative-ref": Carrier("", "", "relative-ref", None),
    "scheme": Carrier("", ":", "URI", "scheme"),
    "authority": Carrier("//", "", "relative-ref", "authority"),
    "userinfo": Carrier("//", "@h", "relative-ref", "userinfo"),
    "host": Carrier("//", "", "relative-ref", "host"),
    "reg-name": Carrier("//", "", "relative-ref", "host"),
    "IP-literal": Carrier("//", "", "relative-ref", "host"),
    "IPv6address": Carrier("//[", "]", "relative-ref", None),
    "IPvFuture": Carrier("//[", "]", "relative-ref", None),
    # An IPv4address is only distinguishable from a reg-name inside ls32.
    "IPv4address": Carrier("//[::", "]", "relative-ref", None),
    "dec-octet": Carrier("//[::1.2.3.", "]", "relative-ref", None),
    "h16": Carrier("//[", "::]", "relative-ref", None),
    "ls32": Carrier("//[1:2:3:4:5:6:", "]", "relative-ref", None),
    "port": Carrier("//h:", "", "relative-ref", "port"),
    "path-abempty": Carrier("//h", "", "relative-ref", "path"),
    "path-absolute": Carrier("", "", "relative-ref", "path"),
    "path-noscheme": Carrier("", "", "relative-ref", "path"),
    "path-rootless": Carrier("s:", "", "URI", "path"),
    "path-empty": Carrier("s:", "", "URI", "path"),
    "segment": Carrier("/", "", "relative-ref", None),
    "pct-encoded": Carrier("/", "", "relative-ref", None),
    "query": Carrier("?", "", "relative-ref", "query"),
    "fragment": Carrier("#", "", "relative-ref", "fragment"),
}


def ok(rule: str, s: str) -> urikit.URIReference:
    """Assert ``s`` matches ``rule``; return the parsed carrier reference."""
    c = CARRIERS[rule]
    text = c.prefix + s + c.suffix
    assert _parser.split(text, c.top) is not None, f"{rule}: {s!r} rejected by split"
    err = _parser.find_error(text, c.top)
    assert err is None, f"{rule}: {s!r} rejected by find_error: {err}"
    assert urikit.is_valid(text, rule=c.top)
    ref = urikit.parse(text, c.top)
    assert str(ref) == text
    ref._check_invariants()
    if c.attribute is not None:
        assert getattr(ref, c.attribute) == s, (rule, s, getattr(ref, c.attribute))
    return ref


def bad(
    rule: str, s: str, position: int, component: str, reason: str | None = None
) -> urikit.URIError:
    """Assert ``s`` breaks ``rule`` with the first fault at ``position`` of ``s``."""
    c = CARRIERS[rule]
    text = c.prefix + s + c.suffix
    expected = len(c.prefix) + position
    assert _parser.split(text, c.top) is None, f"{rule}: {s!r} accepted by split"
    assert not urikit.is_valid(text, rule=c.top)
    err = _parser.find_error(text, c.top)
    assert err is not None, f"{rule}: {s!r} accepted by find_error"
    with pytest.raises(urikit.URIError) as info:
        urikit.parse(text, c.top)
    raised = info.value
    for e in (err, raised):
        assert (e.position, e.component) == (expected, component), (rule, s, str(e))
        if reason is not None:
            assert e.reason == reason, (rule, s, e.reason)
        assert e.text == text
        assert f"at position {expected}" in str(e)
    assert str(err) == str(raised)
    return raised


def split_row(text: str | None, rule: str | None = "URI-reference") -> dict[str, Any] | None:
    """What ``arrow.split`` (DuckDB's ``uri_split``) must give for one row, from
    urikit.parse and the diagnoser; a null text or rule gives a null row."""
    if text is None or rule is None:
        return None
    row: dict[str, Any] = dict.fromkeys(COMPONENTS)
    try:
        ref = urikit.parse(text, rule)
    except urikit.URIError:
        err = _parser.diagnose(text, rule)
        row["error_reason"], row["error_position"] = err.reason, err.position
        return row
    for name in COMPONENTS:
        row[name] = getattr(ref, name)
    row["error_reason"] = row["error_position"] = None
    return row
