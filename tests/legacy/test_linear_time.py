"""The legacy dot removal and relativize are linear on adversarial input.

The one-pass ``legacy_remove_dots`` is checked against the documents' literal
algorithm (restart from the left after every removal, quadratic), kept here as
the oracle. Speed itself is measured in ``bench/linear.py``; the only clock in
this file is one loose bound per rule, the one required ("a 1 MB
reference in well under a second"), set at 5 s so that a loaded CI machine
cannot fail it while the quadratic algorithm (hours at 1 MB) always does.

Markdown rendering through urikit's linkifier is checked by a ratio of sizes
instead: 4 times the paragraph may cost at most 6 times the time.
"""

from __future__ import annotations

import time

import pytest
from growth import growth
from hypothesis import given
from hypothesis import strategies as st

import urikit
from urikit.legacy.resolution import LEGACY_RULES, legacy_remove_dots


def quadratic_remove_dots(buffer: str) -> str:
    """RFC 1808 step 6 as written: a) b) c) restarting after each removal, d)."""
    segs = buffer.split("/")
    last = len(segs) - 1
    segs = [s for i, s in enumerate(segs) if not (s == "." and i < last)]
    if segs[-1] == ".":
        segs[-1] = ""
    first = 1 if len(segs) > 1 and segs[0] == "" else 0
    i = first
    while i + 2 < len(segs):
        if segs[i] != ".." and segs[i + 1] == "..":
            del segs[i : i + 2]
            i = first
        else:
            i += 1
    n = len(segs)
    if n - 2 >= first and segs[-1] == ".." and segs[-2] != "..":
        segs[-2:] = [""]
    return "/".join(segs)


# Paths made of the pieces that matter: "." and ".." segments, empty segments,
# ordinary ones, and the characters "?" and ";" that the 1997 draft's buffer holds.
_SEGMENTS = st.sampled_from(["", ".", "..", "a", "b", "...", ".a", "a?b", ";p", "%2E"])
_PATHS = st.builds(
    lambda lead, segs: lead + "/".join(segs),
    st.sampled_from(["", "/"]),
    st.lists(_SEGMENTS, max_size=14),
)


@given(_PATHS)
def test_one_pass_equals_the_documents_algorithm(path: str) -> None:
    assert legacy_remove_dots(path) == quadratic_remove_dots(path)


@given(st.text(alphabet="./a", max_size=40))
def test_one_pass_equals_on_any_dots_and_slashes(path: str) -> None:
    assert legacy_remove_dots(path) == quadratic_remove_dots(path)


@pytest.mark.parametrize(
    ("buffer", "expected"),
    [
        ("a/b/../../c", "c"),
        ("/a/../../b/../c", "/../c"),
        ("/../a/../b", "/../b"),
        ("a/b/c/../../..", ""),
        ("/a//../b", "/a/b"),
    ],
)
def test_nested_removals(buffer: str, expected: str) -> None:
    assert legacy_remove_dots(buffer) == quadratic_remove_dots(buffer) == expected


_MB = 1_000_000


def _adversarial(k: int) -> str:
    # The shape: k segments, then k "..", so every removal is at the far end.
    return "x/" * k + "../" * k + "g"


@pytest.mark.parametrize("rules", LEGACY_RULES)
def test_legacy_rules_at_one_megabyte(rules: str) -> None:
    reference = _adversarial(_MB // 5)  # 1 MB
    assert len(reference) >= _MB
    base = "http://a/b/c/d;p?q"
    start = time.perf_counter()
    result = urikit.resolve(base, reference, rules=rules)
    elapsed = time.perf_counter() - start
    assert result == "http://a/b/c/g"
    # Loose bound (see the module docstring): about 0.1 s here, hours if quadratic.
    assert elapsed < 5.0


@pytest.mark.parametrize(
    ("base", "target"),
    [
        ("http://a/" + "b/" * (_MB // 4) + "c", "http://a/" + "d/" * (_MB // 4) + "e"),
        ("x:" + "./" * (_MB // 2) + "c", "x:" + "a/" * (_MB // 2)),
        ("http://a/" + "b/./" * (_MB // 4), "http://a/" + "b/../" * (_MB // 5)),
        ("http://a/b/c", "http://a/" + "/" * _MB),
        ("x:" + "../" * (_MB // 3), "x:" + "../" * (_MB // 3) + "a"),
    ],
    ids=["segments", "dot-prefix", "dot-segments", "slashes", "dotdot"],
)
def test_relativize_at_one_megabyte(base: str, target: str) -> None:
    start = time.perf_counter()
    rel = urikit.relativize(base, target)
    elapsed = time.perf_counter() - start
    assert rel == target or urikit.resolve(base, rel) == target
    # Loose bound, as above: well under 2 s pure Python at 1 MB is required
    # (bench/linear.py has the numbers).
    assert elapsed < 5.0


# --------------------------------------------------------------------------- Markdown

#: Paragraphs without whitespace, a "://" in every piece (bench/linear.py times
#: the same pieces at 20 KB and 80 KB).
MARKDOWN_PIECES = (
    "[http://a](",
    "*http://a* ",
    "://",
    "a://",
    "http://a:b:/",
    "http://a#b#",
    "http://a/%zz",
    "(http://a/x)",
)


@pytest.mark.parametrize("piece", MARKDOWN_PIECES)
def test_markdown_render_is_linear(piece: str) -> None:
    pytest.importorskip("markdown_it")
    from urikit.markdown import markdown_it

    render = markdown_it().render
    small, large = (piece * (n // len(piece)) for n in (8_000, 32_000))
    # 4 times the text may cost at most 6 times the time (quadratic gives 16,
    # as "[http://a](" did before the linkifier read only the link at the start
    # of the text it is given).
    assert growth(render, small, large) <= 6, piece
