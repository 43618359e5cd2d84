"""The C fast path of the canonical forms against the pure-Python reference.

``canonical(text, "semantic")`` (with and without ``keep_fragment``),
``canonical(text, "safe-browsing")`` and ``surt(text)`` with its default options take the C kernel
``_speedups.canonical_fast`` when it does not decline; the C build (the
``build`` fixture, restricted to ``"c"``) must give what the pure-Python copy
gives, result or error, on the corpus, the table cases of test_canonical.py and
Hypothesis text.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from _twins import C_ONLY, Build, get
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

pytestmark = C_ONLY
P = get("python")
HERE = Path(__file__).resolve().parent
CORPUS = HERE.parents[1] / ".." / "shared" / "corpus" / "urls.txt"

#: (name, call) for each form the C kernel handles: the function of a urikit copy
CALLS: tuple[tuple[str, Callable[[Any, str], str]], ...] = (
    ("semantic", lambda u, text: u.canonical(text, "semantic")),
    ("semantic-fragment", lambda u, text: u.canonical(text, "semantic", keep_fragment=True)),
    ("safe-browsing", lambda u, text: u.canonical(text, "safe-browsing")),
    ("surt", lambda u, text: u.surt(text)),
)


def outcome(call: Callable[[Any, str], str], urikit: Any, text: str) -> tuple[str, Any]:
    """("ok", result) or ("error", (class name, message, reason, component, position))."""
    try:
        return ("ok", call(urikit, text))
    except Exception as exc:
        fields = ("reason", "component", "position")
        return ("error", (type(exc).__name__, str(exc), *(getattr(exc, f, None) for f in fields)))


def agree(build: Build, text: str) -> None:
    for name, call in CALLS:
        assert outcome(call, build.urikit, text) == outcome(call, P.urikit, text), (name, text)


def _table_urls() -> Iterator[str]:
    """The first field of every parametrized case of test_canonical.py."""
    spec = importlib.util.spec_from_file_location("_canonical_table", HERE / "test_canonical.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for value in vars(module).values():
        for mark in getattr(value, "pytestmark", ()):
            if mark.name == "parametrize":
                for case in mark.args[1]:
                    first = case[0] if isinstance(case, tuple) else case
                    if isinstance(first, str):
                        yield first


def _reference_urls() -> Iterator[str]:
    """The inputs of the references' own test data (canonical_references.py)."""
    import canonical_references as refs

    for name in dir(refs):
        table = getattr(refs, name)
        if name.isupper() and isinstance(table, tuple):
            for case in table:
                if isinstance(case, tuple) and isinstance(case[0], str):
                    yield case[0]


TABLE = sorted(set(_table_urls()) | set(_reference_urls()))


def test_table_has_cases(build: Build) -> None:
    assert build.urikit.IMPLEMENTATION == "c"
    assert len(TABLE) > 400


@pytest.mark.parametrize("text", TABLE)
def test_table_cases(build: Build, text: str) -> None:
    agree(build, text)


def test_corpus(build: Build) -> None:
    if not CORPUS.exists():
        pytest.skip("no corpus at ../shared/corpus/urls.txt")
    lines = CORPUS.read_text(encoding="utf-8", errors="surrogateescape").splitlines()[:20000]
    fast = build["urikit.core._accel"].speedups.canonical_fast
    taken = 0
    for text in lines:
        agree(build, text)
        taken += fast(text, 0) is not None
    # the point of the kernel: it takes the common case
    assert taken > 0.9 * len(lines)


_PIECES = st.sampled_from(
    [
        *"/?#&=.:@()[]%;~-_!$'*+,\\ \t\x00\x7fé\ud8000aAfFwWxX19",
        "www.",
        "WWW2.",
        "www1a.",
        "..",
        "//",
        ":80",
        ":443",
        ":0443",
        ":8080",
        "sid=",
        "jsessionid=",
        "cfid=",
        "http://",
        "https://",
        "%41",
        "a=b=c",
        "0x7f",
        "1.2.3.4",
        ".aspx",
    ]
)
_TEXTS = st.one_of(
    st.text(max_size=30),
    st.tuples(
        st.sampled_from(["http://", "https://", "HTTP://", "hTTps://", "http:/", "ftp://", ""]),
        st.lists(_PIECES, max_size=25).map("".join),
    ).map("".join),
)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TEXTS)
@example("http://www.a.com/?b=1&a=2=3&a&a=&=")
@example("https://h:443/x//y/?q#f#g")
@example("http://www1.x.y:80/A(B)/?SID=1")
@example("http://h/a?b=&b&b=1&ab")
def test_hypothesis(build: Build, text: str) -> None:
    agree(build, text)


def test_kernel_runs_and_declines(build: Build) -> None:
    fast = build["urikit.core._accel"].speedups.canonical_fast
    assert fast("HTTP://www.A.com:80/x//y?b=1&a=2#f#g", 1) == "http://www.a.com/x/y?a=2&b=1#f%23g"
    assert fast("http://www.A.com:80/X/?b=1&a", 2) == "com,a)/x?a&b=1"
    assert fast("http://u@www.A.com:81/x//y?b=1&a#f", 3) == "http://www.a.com/x/y?b=1&a"
    for declined in ("http://h/%41", "ftp://h/", "http://h/./a", "http://1.2.3.4/", "http://h/é"):
        assert fast(declined, 0) is None
    with pytest.raises(ValueError, match="mode"):
        fast("http://h/", 4)


@pytest.mark.parametrize(
    "text",
    [
        "http://h/" + "a/" * 500_000,
        "http://h/?" + "a=b=c&" * 200_000,
        "http://" + "a." * 500_000 + "b/",
        "http://h/\x00x",
        "http://h/\ud800",
        "http://h/#\ud800",
        "\x00",
    ],
    ids=["path-1mb", "query-1mb", "host-1mb", "nul", "surrogate", "surrogate-fragment", "nul-only"],
)
def test_big_and_odd_input(build: Build, text: str) -> None:
    agree(build, text)


KEEP = {"keep_fragment": True}


def test_arrow(build: Build) -> None:
    pa = pytest.importorskip("pyarrow")
    rows: list[str | None] = [*TABLE, None, "http://h:x/", "http://A.com/b?z&a#f"]
    if CORPUS.exists():
        rows += CORPUS.read_text(encoding="utf-8", errors="surrogateescape").splitlines()[:3000]
    rows = [r for r in rows if r is None or r.encode("utf-8", "surrogatepass").isascii()]
    ours = [build["urikit.arrow"].surt(pa.array(rows)).to_pylist()]
    for profile, kw in (("semantic", {}), ("semantic", KEEP), ("safe-browsing", {})):
        ours.append(build["urikit.arrow"].canonical(pa.array(rows), profile, **kw).to_pylist())
    with P.active():
        theirs = [P["urikit.arrow"].surt(pa.array(rows)).to_pylist()]
        for profile, kw in (("semantic", {}), ("semantic", KEEP), ("safe-browsing", {})):
            theirs.append(P["urikit.arrow"].canonical(pa.array(rows), profile, **kw).to_pylist())
    assert ours == theirs
    assert ours[0].count(None) < len(rows) // 2


@pytest.mark.parametrize("wide", [False, True])
def test_arrow_slices_nulls_and_errors(build: Build, wide: bool) -> None:
    pa = pytest.importorskip("pyarrow")
    arrow = build["urikit.arrow"]
    rows = ["http://A.com/x?b&a", None, "http://h:x/", "", "http://h/%41", "http://é/", "http://b/"]
    array = pa.array(rows, pa.large_string() if wide else pa.string())
    for start in range(len(rows)):
        part = array.slice(start, 4)
        got = arrow.canonical(part, "semantic")
        assert got.type == array.type
        assert got.to_pylist() == [None if r is None else _one(r) for r in rows[start:][:4]]
    assert arrow.surt(array.slice(0, 0)).to_pylist() == []
    assert arrow.canonical(pa.array(["", ""]), "semantic").to_pylist() == [None, None]
    with pytest.raises(build.urikit.URIError):
        arrow.canonical(array, "semantic", errors="raise")


def _one(text: str) -> str | None:
    try:
        result: str = P.urikit.canonical(text, "semantic")
    except ValueError:
        return None
    return result
