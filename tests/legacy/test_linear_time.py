"""The legacy dot removal and relativize are linear on adversarial input.

The one-pass ``legacy_remove_dots`` is checked against the documents' literal
algorithm (restart from the left after every removal, quadratic), kept here as
the oracle. Speed itself is measured in ``bench/linear.py``; the tests marked
``timing`` check a ratio of sizes (tests/growth.py), never a clock bound: 20
times the input may cost at most 36 times the time (the quadratic algorithm:
400 times, hours at 1 MB). Each also runs its shape once at 1 MB, for the answer.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from growth import FACTOR, LIMIT, scaled
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


@pytest.mark.timing
@pytest.mark.parametrize("rules", LEGACY_RULES)
def test_legacy_rules_at_one_megabyte(rules: str) -> None:
    base = "http://a/b/c/d;p?q"
    reference = _adversarial(_MB // 5)  # 1 MB
    assert len(reference) >= _MB
    assert urikit.resolve(base, reference, rules=rules) == "http://a/b/c/g"

    def run(text: str) -> object:
        return urikit.resolve(base, text, rules=rules)

    assert scaled(run, lambda n: _adversarial(n // 5), largest=_MB) <= LIMIT


#: (name, base, target) of about n characters each.
_RELATIVIZE: dict[str, Callable[[int], tuple[str, str]]] = {
    "segments": lambda n: (
        "http://a/" + "b/" * (n // 4) + "c",
        "http://a/" + "d/" * (n // 4) + "e",
    ),
    "dot-prefix": lambda n: ("x:" + "./" * (n // 2) + "c", "x:" + "a/" * (n // 2)),
    "dot-segments": lambda n: ("http://a/" + "b/./" * (n // 4), "http://a/" + "b/../" * (n // 5)),
    "slashes": lambda n: ("http://a/b/c", "http://a/" + "/" * n),
    "dotdot": lambda n: ("x:" + "../" * (n // 3), "x:" + "../" * (n // 3) + "a"),
}


@pytest.mark.timing
@pytest.mark.parametrize("shape", sorted(_RELATIVIZE))
def test_relativize_at_one_megabyte(shape: str) -> None:
    make = _RELATIVIZE[shape]
    base, target = make(_MB)
    rel = urikit.relativize(base, target)
    assert rel == target or urikit.resolve(base, rel) == target

    def run(pair: tuple[str, str]) -> object:
        return urikit.relativize(*pair)

    def size(pair: tuple[str, str]) -> int:
        return len(pair[0]) + len(pair[1])

    # "dotdot" splits both paths into 333,000 segments at 1 MB, each a Python
    # string, so its working set leaves the caches as the small pair's does not:
    # linear, it read 31 to 37 alone and 44 beside CI's other suites. It may read
    # up to 3 times the size ratio; a quadratic cost reads 400.
    limit = 3.0 * FACTOR if shape == "dotdot" else LIMIT
    assert scaled(run, make, size=size, largest=_MB, limit=limit) <= limit


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


@pytest.mark.timing
@pytest.mark.parametrize("piece", MARKDOWN_PIECES)
def test_markdown_render_is_linear(piece: str) -> None:
    pytest.importorskip("markdown_it")
    from urikit.markdown import markdown_it

    render = markdown_it().render
    # 20 times the text may cost at most 36 times the time (quadratic gives 400,
    # as "[http://a](" did before the linkifier read only the link at the start
    # of the text it is given).
    assert scaled(render, lambda n: piece * (n // len(piece)), largest=200_000) <= LIMIT, piece
