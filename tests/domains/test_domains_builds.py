"""The C lookup of urikit.domains against the pure-Python reference.

In a C build a list is also compiled into ``_speedups.psl_table`` and the
common host (ASCII, no ``%``) is looked up in C (domains/lookup_c.c); every
other host is declined and read by the Python code. The C build (the ``build``
fixture, restricted to ``"c"``) must give what the pure-Python copy gives, for
``public_suffix``, ``registrable_domain`` and ``split``'s ``parts_of``, both sections, on the
corpus hosts, on Hypothesis hosts of the default list's rules and on a list of
wildcard and exception rules of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import paths
import pytest
from _twins import C_ONLY, Build, get
from hypothesis import example, given
from hypothesis import strategies as st

pytestmark = C_ONLY
P = get("python")

#: a list of its own: wildcards, exceptions (one of a single label), both sections
OWN = (
    "// VERSION: own\n// ===BEGIN ICANN DOMAINS===\nck\n*.ck\n!www.ck\nuk\nco.uk\n*.kawasaki.jp\n"
    "!city.kawasaki.jp\njp\n!one\n公司.cn\ncn\n// ===END ICANN DOMAINS===\n"
    "// ===BEGIN PRIVATE DOMAINS===\ngithub.io\n*.cdn.example\n!x.cdn.example\n"
    "// ===END PRIVATE DOMAINS===\n"
)

CALLS: tuple[tuple[str, Callable[[Any, str, bool], object]], ...] = (
    ("public_suffix", lambda psl, h, p: psl.public_suffix(h, private=p)),
    ("registrable_domain", lambda psl, h, p: psl.registrable_domain(h, private=p)),
    ("parts_of", lambda psl, h, p: psl.parts_of(h, p)._key()),
)


@cache
def _lists(build_name: str) -> tuple[Any, Any]:
    """The default list and OWN, compiled by the copy of that name."""
    copy = P if build_name == "python" else get(build_name)
    with copy.active():
        domains = copy["urikit.domains"]
        return domains.load(domains.default_list().source), domains.load(OWN)


def outcome(call: Callable[[Any, str, bool], object], psl: Any, host: str, private: bool) -> object:
    try:
        return ("ok", call(psl, host, private))
    except Exception as exc:
        return ("error", type(exc).__name__, str(exc))


def agree(build: Build, host: str) -> None:
    pytest.importorskip("publicsuffixlist")
    for which, (mine, ref) in enumerate(zip(_lists(build.name), _lists("python"), strict=True)):
        assert mine._table is not None and ref._table is None
        for private in (True, False):
            for name, call in CALLS:
                got = outcome(call, mine, host, private)
                assert got == outcome(call, ref, host, private), (name, which, private, host)


def _corpus_hosts() -> list[str]:
    corpus = paths.SHARED / "corpus" / "urls.txt"
    if not corpus.exists():
        pytest.skip(f"no corpus at {corpus}")
    parse = P["urikit.iri"].parse
    hosts: set[str] = set()
    for line in corpus.read_text(encoding="utf-8", errors="surrogateescape").splitlines():
        try:
            host = parse(line).host
        except ValueError:
            continue
        if host:
            hosts.update((host, host.upper(), host + ".", "x." + host))
    return sorted(hosts)


def test_the_corpus_hosts(build: Build) -> None:
    hosts = _corpus_hosts()
    assert len(hosts) > 1000
    for host in hosts:
        agree(build, host)


def test_c_is_used_and_declines_what_it_does_not_read(build: Build) -> None:
    pytest.importorskip("publicsuffixlist")
    lookup = build["urikit.core._accel"].speedups.psl_lookup
    psl, own = _lists(build.name)
    assert lookup(psl._table, "forums.bbc.co.uk", True, 1) == "bbc.co.uk"
    assert lookup(own._table, "a.b.ck", True, 0) == "b.ck"
    for declined in ("%62bc.co.uk", "bücher.de", "a." * 200 + "com", b"x.com", "a.one"):
        assert lookup(own._table, declined, True, 1) is NotImplemented, declined


_label = st.one_of(
    st.from_regex(r"[a-z0-9]([a-z0-9-]{0,6}[a-z0-9])?", fullmatch=True),
    st.sampled_from(["www", "city", "x", "cdn", "ck", "0x1f", "123", "公司", "食狮", "xn--55qx5d"]),
    st.text(st.sampled_from("aZ0-_.%~!$*[]:é"), max_size=4),
)


@cache
def _rules() -> list[str]:
    pytest.importorskip("publicsuffixlist")
    return [r.text for r in _lists("python")[0].rules] + [r.text for r in _lists("python")[1].rules]


@st.composite
def _hosts(draw: st.DrawFn) -> str:
    """0-3 labels before a rule of either list (its * made a label) or a label,
    upper case or not, a trailing dot (or two) or not."""
    rule = draw(st.one_of(st.sampled_from(_rules()), _label))
    rule = ".".join(draw(_label) if label == "*" else label for label in rule.split("."))
    host = ".".join([*draw(st.lists(_label, max_size=3)), rule])
    if draw(st.booleans()):
        host = host.upper()
    return host + draw(st.sampled_from(["", ".", ".."]))


@given(_hosts())
@example("www.ck")
@example("WWW.CK.")
@example("a.b.ck")
@example("city.kawasaki.jp")
@example("x.cdn.example")
@example("a.one")
@example("one")
@example("0x7F.1")
@example("example.0x")
@example("[::1]")
@example("")
@example(".")
def test_generated_hosts(build: Build, host: str) -> None:
    agree(build, host)
