"""urikit.batch: the list and file entry points agree with one-at-a-time calls."""

from __future__ import annotations

import gc
import io
from pathlib import Path

import pytest

import urikit
from urikit import batch

TEXTS = ["http://a/b?c#d", "a b", "", "//h:8", "/p", "x:", "\ud800", "http://[::1]/"]


@pytest.mark.parametrize("rule", ["URI-reference", "URI", "absolute-URI", "relative-ref"])
def test_validate_is_is_valid(rule: str) -> None:
    assert batch.validate(TEXTS, rule) == [urikit.is_valid(t, rule) for t in TEXTS]
    assert batch.validate(iter(TEXTS), rule) == batch.validate(TEXTS, rule)


def test_validate_rejects_non_str() -> None:
    with pytest.raises(TypeError) as info:
        batch.validate(["a", 1])  # type: ignore[list-item]
    assert str(info.value) == "validate() argument 'texts' must be an iterable of str, not int"
    # a str is an iterable of characters, not a list of texts (issue 8)
    for texts in ("http://a", b"http://a", None):
        with pytest.raises(TypeError) as info:
            batch.validate(texts)  # type: ignore[arg-type]
        expected = f"must be an iterable of str, not {type(texts).__name__}"
        assert str(info.value) == f"validate() argument 'texts' {expected}"
        with pytest.raises(TypeError) as info:
            batch.split(texts)  # type: ignore[arg-type]
        assert str(info.value) == f"split() argument 'texts' {expected}"


def test_split_columns() -> None:
    cols = batch.split(TEXTS)
    assert len(cols) == len(TEXTS)
    assert cols.valid == [urikit.is_valid(t) for t in TEXTS]
    for name in ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"):
        expected = [getattr(urikit.parse(t), name) if urikit.is_valid(t) else None for t in TEXTS]
        assert cols.column(name) == expected
        assert getattr(cols, name) == expected
    with pytest.raises(ValueError, match="unknown component"):
        cols.column("nope")
    with pytest.raises(TypeError):
        batch.split([None])  # type: ignore[list-item]


def test_iter_file_path(tmp_path: Path) -> None:
    path = tmp_path / "urls.txt"
    path.write_bytes(b"http://a/\r\na b\n\n\xff\nlast")
    records = list(batch.iter_file(path))
    assert [r.line for r in records] == [1, 2, 3, 4, 5]
    assert [r.text for r in records] == ["http://a/", "a b", "", "\udcff", "last"]
    assert [r.ok for r in records] == [True, False, True, False, True]
    assert records[0].reference == urikit.parse("http://a/")
    err = records[1].error
    assert isinstance(err, urikit.URIError) and err.position == 1
    assert records[3].error is not None and records[3].reference is None
    again = [(r.line, r.text, r.ok) for r in batch.iter_file(str(path))]
    assert again == [(r.line, r.text, r.ok) for r in records]


def test_iter_file_objects() -> None:
    text = io.StringIO("a:b\nc d\n")
    assert [r.ok for r in batch.iter_file(text)] == [True, False]
    binary = io.BytesIO(b"a:b\n\xc3\xa9\n")
    records = list(batch.iter_file(binary, rule="URI"))
    assert [r.ok for r in records] == [True, False]
    assert records[1].text == "é"


def test_iter_file_is_lazy() -> None:
    def lines() -> object:
        yield "a:b\n"
        raise RuntimeError("read too far")

    it = batch.iter_file(lines())  # type: ignore[arg-type]
    assert next(it).ok


# --- the garbage collector (issue 20) ------------------------------------------------


@pytest.mark.parametrize("enabled", [True, False])
def test_split_leaves_the_collector_as_it_found_it(enabled: bool) -> None:
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        assert batch.split(TEXTS).valid == [urikit.is_valid(t) for t in TEXTS]
        assert gc.isenabled() is enabled
        with pytest.raises(TypeError):
            batch.split(["a", 1])  # type: ignore[list-item]
        assert gc.isenabled() is enabled  # also after an error
    finally:
        (gc.enable if was else gc.disable)()


def test_split_spans_give_the_collector_nothing_to_walk() -> None:
    """The kept spans hold only ints: in the C build they are untracked at once
    (the pure-Python build pauses the collector instead; CPython untracks them at
    the next collection)."""
    cols = batch.split(TEXTS * 3)
    assert cols.spans == [urikit._parser.split(t) for t in TEXTS * 3]
    if urikit.IMPLEMENTATION == "c":
        kept = [sp for sp in cols.spans if sp is not None]
        assert kept and not any(gc.is_tracked(sp) for sp in kept)
        assert not any(gc.is_tracked(pair) for sp in kept for pair in sp)
