"""urikit.batch: the list and file entry points agree with one-at-a-time calls."""

from __future__ import annotations

import gc
import io
import json
import os
import re
import tempfile
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from urikit.columnar import _batch as batch

TEXTS = ["http://a/b?c#d", "a b", "", "//h:8", "/p", "x:", "\ud800", "http://[::1]/"]


@pytest.mark.parametrize("rule", ["URI-reference", "URI", "absolute-URI", "relative-ref"])
def test_validate_is_is_valid(rule: str) -> None:
    assert batch.validate(TEXTS, rule) == [urikit.is_valid(t, rule) for t in TEXTS]
    assert batch.validate(iter(TEXTS), rule) == batch.validate(TEXTS, rule)


def test_validate_rejects_non_str() -> None:
    with pytest.raises(TypeError) as info:
        batch.validate(["a", 1])  # type: ignore[list-item]
    assert str(info.value) == "validate() argument 'texts' must be an iterable of str, not int"
    # a str is an iterable of characters, not a list of texts
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


# --- the garbage collector ------------------------------------------------


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


def test_split_keeps_one_object_a_text_in_c() -> None:
    """The C build keeps the reference parse makes of each valid text (a str and
    offsets inline: one object for the collector) and makes the spans' nine
    tuples only when ``spans`` is read; the pure-Python build keeps the spans
    (made while the collector is paused)."""
    cols = batch.split(TEXTS * 3)
    if urikit.IMPLEMENTATION == "c":
        refs = cols._refs
        assert cols._spans is None and refs is not None and len(refs) == len(TEXTS) * 3
        assert {type(r) for r in refs} <= {urikit.URIReference, type(None)}
        assert [str(r) for r in refs if r is not None] == [
            t for t in TEXTS * 3 if urikit.is_valid(t)
        ]
    else:
        assert cols._refs is None
    assert cols.spans == [urikit.core._parser.split(t) for t in TEXTS * 3]


# --- iter_file over a path: blocks of lines in C --------------------------

_LINES = st.sampled_from(
    [
        b"http://a/b?c#d",
        b"https://user@[::1]:8080/p/../q?x=%41#f",
        b"a b",
        b"",
        b"//h:8",
        b"x:",
        b"\xff\xfe",
        b"http://\xc3\xa9.example/",
        b"mailto:a@b\r",
        b"\r",
        b"a\rb",
        b"%zz",
        b"http://[v1.x]/",
    ]
) | st.binary(max_size=12)


def _shape(record: batch.Record) -> tuple[object, ...]:
    err = record.error
    about = None if err is None else (type(err), str(err), err.reason, err.position)
    ref = record.reference
    return (record.line, record.text, None if ref is None else ref.to_dict(), about)


@settings(max_examples=150, deadline=None)
@given(
    lines=st.lists(_LINES, max_size=40),
    end=st.sampled_from([b"", b"\n", b"\r\n"]),
    block=st.integers(min_value=1, max_value=5),
    rule=st.sampled_from(["URI-reference", "URI", "absolute-URI", "relative-ref"]),
)
def test_iter_file_path_is_the_line_loop(
    lines: list[bytes], end: bytes, block: int, rule: str
) -> None:
    """Reading a path (in blocks, by C, in the C build) gives exactly the records
    of the line-at-a-time loop over the same file, across block ends."""
    data = b"\n".join(lines) + (end if lines else b"")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "urls.txt"
        path.write_bytes(data)
        saved = batch._BLOCK
        batch._BLOCK = block
        try:
            got = [_shape(r) for r in batch.iter_file(path, rule)]
        finally:
            batch._BLOCK = saved
        with open(path, encoding="utf-8", errors="surrogateescape", newline="\n") as f:
            want = [_shape(r) for r in batch._records(f, rule)]
    assert got == want
    assert [r[0] for r in got] == list(range(1, len(got) + 1))


def test_iter_file_path_of_the_corpus_is_the_line_loop() -> None:
    path = Path(__file__).parents[2] / ".." / "shared" / "corpus" / "urls.txt"
    if not path.is_file():
        pytest.skip("no shared corpus beside the checkout")
    with open(path, encoding="utf-8", errors="surrogateescape", newline="\n") as f:
        want = [_shape(r) for r in batch._records(f, "URI-reference")]
    got = [_shape(r) for r in batch.iter_file(path)]
    assert len(got) == len(want) > 1000
    assert got == want


def test_iter_file_unknown_rule_raises_at_the_first_line(tmp_path: Path) -> None:
    path = tmp_path / "urls.txt"
    path.write_text("a:b\n")
    it = batch.iter_file(path, rule="nope")
    with pytest.raises(ValueError, match="nope"):
        next(it)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_iter_file_pipe_gives_each_line_as_it_comes(tmp_path: Path) -> None:
    """A path that is a pipe is read a line at a time, not in blocks: the first
    record comes while the writer still holds the pipe open."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got_first = threading.Event()
    wrote_second = threading.Event()

    def writer() -> None:
        with open(fifo, "w", encoding="utf-8") as w:
            w.write("a:b\n")
            w.flush()
            got_first.wait(timeout=30)
            w.write("c d\n")
            wrote_second.set()

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        it = batch.iter_file(fifo)
        first = next(it)
        assert not wrote_second.is_set()  # read before the writer went on
        got_first.set()
        assert (first.line, first.ok) == (1, True)
        assert [(r.line, r.ok) for r in it] == [(2, False)]
    finally:
        got_first.set()
        thread.join(timeout=30)


# --------------------------------------------------------------- run_file


@pytest.fixture
def pa() -> object:
    """pyarrow, which run_file needs (the [arrow] extra): the test skips without it."""
    return pytest.importorskip("pyarrow")


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


@pytest.mark.usefixtures("pa")
def test_run_file_keeps_order_and_bad_rows_in_place(tmp_path: Path) -> None:
    """Each row of the output is its input row, in order, across batches; a row
    that cannot be read is an error record in its place, and the run goes on."""
    lines = [
        b'{"url": "http://a/"}',
        b'{"url": 5}',
        b'{"id": 3}',
        b'{"url": "http://\xff/"}',
        b'{"url',
        b"[1]",
        b'{"url": "a b"}',
        b'{"url": null}',
    ] * 3
    src = tmp_path / "in.jsonl"
    src.write_bytes(b"\n".join(lines) + b"\n")
    dst = tmp_path / "out.jsonl"
    seen: list[int] = []
    summary = batch.run_file(src, dst, ["split"], batch_size=3, progress=seen.append)
    records = [json.loads(line) for line in dst.read_text(encoding="ascii").splitlines()]
    expected = [
        ("http://a/", True, None, None),
        (None, False, "not-a-string", None),
        (None, False, "missing-column", None),
        ("http://\ufffd/", False, "not-utf8", 7),
        (None, False, "bad-record", None),
        (None, False, "bad-record", None),
        ("a b", False, "invalid-char", 1),
        (None, None, None, None),
    ] * 3
    got = [(r["url"], r["valid"], r["error_reason"], r["error_position"]) for r in records]
    assert got == expected
    assert [r["row"] for r in records] == list(range(1, 25))
    assert records[0]["host"] == "a" and records[1]["host"] is None
    assert sum(seen) == 24 and len(seen) == 8  # one call a batch of 3
    assert summary.rows == 24 and summary.invalid == 18 and summary.nulls == 3
    assert dict(summary.reasons) == {
        "bad-record": 6,
        "invalid-char": 3,
        "missing-column": 3,
        "not-a-string": 3,
        "not-utf8": 3,
    }
    assert not summary.ok
    assert _leftovers(tmp_path) == []


@pytest.mark.usefixtures("pa")
@pytest.mark.parametrize("fmt", ["text", "csv", "jsonl", "parquet"])
def test_run_file_is_the_list_validate_in_every_format(tmp_path: Path, fmt: str) -> None:
    texts = ["http://a/b?c#d", "a b", "//h:8", "/p", "x:", "http://[::1]/", "%zz"] * 50
    src = tmp_path / "in.txt"
    src.write_text("".join(t + "\n" for t in texts), encoding="utf-8")
    dst = tmp_path / f"out.{fmt}"
    summary = batch.run_file(src, dst, column="link", output_format=fmt, batch_size=64)
    if fmt == "text":  # tab-separated, with a header: not a text input
        head, *rows = (line.split("\t") for line in dst.read_text().splitlines())
        assert head == ["row", "link", "valid", "error_reason", "error_position"]
        records = [{"link": row[1], "valid": row[2] == "true"} for row in rows]
    else:
        back = tmp_path / "back.jsonl"
        batch.run_file(dst, back, column="link", input_format=fmt, output_format="jsonl")
        records = [json.loads(line) for line in back.read_text(encoding="ascii").splitlines()]
    assert [r["link"] for r in records] == texts
    assert [r["valid"] for r in records] == batch.validate(texts)
    assert summary.invalid == batch.validate(texts).count(False)
    assert summary.ok is (summary.invalid == 0)


@pytest.mark.usefixtures("pa")
def test_run_file_output_appears_only_at_the_end(tmp_path: Path) -> None:
    """While the run goes on, the destination does not exist (a ``.part`` file
    beside it does); a run stopped half-way leaves neither."""
    src = tmp_path / "in.txt"
    src.write_text("http://a/\n" * 1000)
    dst = tmp_path / "out.csv"
    during: list[tuple[bool, list[str]]] = []

    def look(rows: int) -> None:
        during.append((dst.exists(), _leftovers(tmp_path)))
        if len(during) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        batch.run_file(src, dst, batch_size=100, progress=look)
    assert len(during) == 3
    assert all(not exists and len(parts) == 1 for exists, parts in during)
    assert not dst.exists() and _leftovers(tmp_path) == []
    summary = batch.run_file(src, dst, batch_size=100, progress=lambda rows: None)
    assert summary.rows == 1000 and summary.ok
    assert len(dst.read_text().splitlines()) == 1001  # the header and every row


@pytest.mark.usefixtures("pa")
def test_run_file_destroys_nothing(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text("http://a/\n")
    link = tmp_path / "link.txt"
    link.symlink_to(src)
    hard = tmp_path / "hard.txt"
    os.link(src, hard)
    for same in (src, link, hard):
        with pytest.raises(batch.WriteError, match="is the input"):
            batch.run_file(src, same, force=True)
    dst = tmp_path / "out.txt"
    dst.write_text("mine\n")
    with pytest.raises(batch.OutputExists) as info:
        batch.run_file(src, dst)
    assert str(info.value) == f"the output {dst} exists" and not info.value.during_run
    assert dst.read_text() == "mine\n" and src.read_text() == "http://a/\n"
    assert batch.run_file(src, dst, force=True).rows == 1
    assert dst.read_text().splitlines()[1].startswith("1\thttp://a/\ttrue")


@pytest.mark.usefixtures("pa")
def test_run_file_errors_say_what_became_of_the_output(tmp_path: Path) -> None:
    src = tmp_path / "in.csv"
    src.write_text("id,link\n1,http://a/\n")
    dst = tmp_path / "out.parquet"
    with pytest.raises(batch.NoColumn) as info:
        batch.run_file(src, dst)
    assert str(info.value) == f"no column 'url' in {src} (its columns: id, link)"
    broken = tmp_path / "broken.parquet"
    broken.write_bytes(b"PAR1 not really")
    with pytest.raises(batch.ReadError) as error:
        batch.run_file(broken, dst)
    assert str(error.value).startswith(f"cannot read {broken}: ")
    assert str(error.value).endswith(f"; nothing written to {dst}")
    with pytest.raises(batch.ReadError, match="No such file"):
        batch.run_file(tmp_path / "missing.txt", dst)
    with pytest.raises(batch.WriteError, match=f"cannot write {tmp_path}/no/out.txt"):
        batch.run_file(tmp_path / "in.csv", tmp_path / "no" / "out.txt", column="link")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.parquet", "in.csv"]


def test_run_file_checks_its_arguments(tmp_path: Path) -> None:
    src, dst = tmp_path / "in.txt", tmp_path / "out.txt"
    wrong: list[tuple[dict[str, object], type[Exception], str]] = [
        ({"source": b"in.txt"}, TypeError, "argument 'source' must be a path"),
        ({"ops": "split"}, TypeError, "argument 'ops' must be a sequence of str, not str"),
        ({"ops": ["split", 1]}, TypeError, "argument 'ops' must be a sequence of str, not int"),
        ({"ops": ["splat"]}, ValueError, "unknown op 'splat'"),
        ({"ops": []}, ValueError, "argument 'ops' is empty"),
        ({"fmt": "xlsx"}, ValueError, "unknown format 'xlsx'"),
        ({"rule": "URL"}, ValueError, "unknown rule 'URL'"),
        ({"level": 3}, TypeError, "argument 'level' must be str, not int"),
        ({"policy": "strict"}, ValueError, "unknown policy 'strict'"),
        ({"batch_size": 0}, ValueError, "'batch_size' must be at least 1, not 0"),
        ({"batch_size": True}, TypeError, "'batch_size' must be int, not bool"),
        ({"force": 1}, TypeError, "'force' must be bool, not int"),
        ({"progress": 1}, TypeError, "'progress' must be a callable or None, not int"),
        ({"destination": "out.xlsx"}, ValueError, "cannot tell the format of 'out.xlsx'"),
    ]
    for change, error, message in wrong:
        arguments: dict[str, object] = {"source": src, "destination": dst, **change}
        with pytest.raises(error, match=re.escape(message)):
            batch.run_file(**arguments)  # type: ignore[arg-type]
    assert not dst.exists()  # nothing was read or written: src does not even exist
