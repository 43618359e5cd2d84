"""The text reader, which reads blocks of bytes and splits them into lines with
Arrow, gives the batches of the line-by-line reader it replaced (kept here as
the reference): the same rows, the same batch boundaries, the same error
records, whatever the block size and however the input arrives. Skipped without
pyarrow."""

from __future__ import annotations

import io
import itertools
from collections.abc import Iterator
from typing import IO, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urikit.columnar._file_readers import _TEXT_BLOCK, Rows, _text_lines, _text_rows

pa = pytest.importorskip("pyarrow")
pc = pytest.importorskip("pyarrow.compute")


def reference_rows(f: IO[bytes], size: int) -> Iterator[Rows]:
    """The reader as it was: ``size`` lines at a time, by Python."""
    while lines := list(itertools.islice(f, size)):
        block = b"".join(lines).replace(b"\r\n", b"\n")
        if block.endswith(b"\n"):
            block = block[:-1]
        try:
            text = pa.array([block], pa.large_binary()).cast(pa.large_string())
        except pa.ArrowInvalid:
            yield _text_lines(pa, lines)
            continue
        yield Rows(pc.split_pattern(text, "\n").flatten().cast(pa.string()), {}, {})


class Trickle(io.RawIOBase):
    """A pipe: each read gives at most ``step`` bytes."""

    def __init__(self, data: bytes, step: int) -> None:
        self.data, self.at, self.step = data, 0, step

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        n = min(len(buffer), self.step, len(self.data) - self.at)
        buffer[:n] = self.data[self.at : self.at + n]
        self.at += n
        return n


def batches(rows: Iterator[Rows]) -> list[tuple[list[str | None], dict[int, Any], dict[int, str]]]:
    out = []
    for r in rows:
        assert r.values.type == pa.string()
        out.append((r.values.to_pylist(), r.errors, r.raw))
    return out


def check(
    data: bytes, size: int, block: int = _TEXT_BLOCK, steps: tuple[int, ...] = (1, 7, 4096)
) -> list[Any]:
    """The new reader's batches of ``data`` equal the reference's, read from a
    file and from a pipe; returns them."""
    expected = batches(reference_rows(io.BytesIO(data), size))
    got = batches(_text_rows(pa, io.BytesIO(data), "url", size, block))
    assert got == expected
    for step in steps:
        piped = io.BufferedReader(Trickle(data, step))
        assert batches(_text_rows(pa, piped, "url", size, block)) == expected
    return got


LINES = [b"http://a/", b"", b"x\ry", b"\r", b"b c", "é\u2028".encode(), b"\t", b"last"]
INPUTS = {
    "empty": b"",
    "one empty line": b"\n",
    "no final newline": b"\n".join(LINES),
    "final newline": b"\n".join(LINES) + b"\n",
    "crlf": b"\r\n".join(LINES) + b"\r\n",
    "crlf, no final": b"\r\n".join(LINES),
    "lone cr at the end": b"a\nb\r",
    "cr before crlf": b"a\r\r\nb\r\n\r\n",
    "empty lines": b"\n\n\n",
    "many": b"\n".join(b"http://h/%d" % i for i in range(70000)) + b"\n",
}


@pytest.mark.parametrize("size", [1, 2, 7, 65536])
@pytest.mark.parametrize("name", list(INPUTS))
def test_batches_as_before(name: str, size: int) -> None:
    data = INPUTS[name]
    if name == "many" and size < 7:
        data = data[:5000]
    small = len(data) < 1000
    got = check(data, size, steps=(1, 7, 4096) if small else (4093,))
    assert [len(v) for v, _, _ in got[:-1]] == [size] * (len(got) - 1)
    ends = data.count(b"\n") + (data[-1:] not in (b"", b"\n"))
    assert sum(len(v) for v, _, _ in got) == ends
    for block in (1, 3, 16) if small else (1000,):
        assert check(data, size, block, steps=(1, 7) if small else ()) == got


#: Short inputs: line ends of every kind, a last line without one, bytes that
#: are not UTF-8 alone or beside a line end.
TEXTS = [
    b"",
    b"a",
    b"a\n",
    b"a\r\n",
    b"\n",
    b"\n\n",
    b"\r\n\r\n",
    b"a\r\r\nb\rc\n\nd",
    b"x\ny\r",
    b"\xffa\nb\r\n\xfe",
    b"ok\nstill ok\n\xe9\r\nend\n",
]


@pytest.mark.parametrize("data", TEXTS)
@pytest.mark.parametrize("size", [1, 2, 3, 100])
def test_short_inputs_as_before(data: bytes, size: int) -> None:
    check(data, size)


@pytest.mark.parametrize("where", ["first", "middle", "last"])
@pytest.mark.parametrize("size", [1, 2, 7, 65536])
def test_not_utf8_in_one_batch(where: str, size: int) -> None:
    lines = [b"http://a/%d" % i for i in range(30)]
    at = {"first": 0, "middle": 15, "last": 29}[where]
    lines[at] = b"bad\xff\xfe\r"
    lines[(at + 3) % 30] = b"also \xc3(bad"
    data = b"\r\n".join(lines)
    got = check(data, size)
    errors = [(k * size + i, e) for k, (_, errors, _) in enumerate(got) for i, e in errors.items()]
    assert errors == sorted([(at, ("not-utf8", 3)), ((at + 3) % 30, ("not-utf8", 5))])
    raw = [r for _, _, raws in got for r in raws.values()]
    assert "bad\udcff\udcfe\r" in raw


def test_a_line_longer_than_a_block() -> None:
    long = b"http://h/" + b"a" * 100_000
    for data in (long, long + b"\n", b"x\n" + long + b"\r\nlast\n"):
        for size in (1, 2, 7):
            got = check(data, size, block=4096, steps=(5000,))
            assert long.decode() in [v for values, _, _ in got for v in values]


def test_a_batch_is_yielded_once_its_lines_are_in() -> None:
    # a pipe that has given two lines, and then waits: the batch of two comes
    class Waiting(io.RawIOBase):
        def __init__(self) -> None:
            self.chunks = [b"a\nb", b"\nc"]

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            if not self.chunks:
                raise AssertionError("read past the lines the batch needed")
            chunk = self.chunks.pop(0)
            buffer[: len(chunk)] = chunk
            return len(chunk)

    rows = _text_rows(pa, io.BufferedReader(Waiting()), "url", 2)
    assert next(rows).values.to_pylist() == ["a", "b"]


def test_a_batch_holds_only_its_own_bytes() -> None:
    # a batch pickled for a worker process carries its rows, not the whole block
    data = b"\n".join(b"http://h/%d" % i for i in range(10000))
    first = next(_text_rows(pa, io.BytesIO(data), "url", 10))
    assert first.values.buffers()[2].size < 200


@settings(max_examples=300, deadline=None)
@given(
    data=st.lists(
        st.sampled_from([b"a", b"\r", b"\n", b"\r\n", b"\xff", "é".encode(), b"\xc3"])
    ).map(b"".join),
    size=st.integers(1, 9),
    block=st.integers(1, 12),
)
def test_any_bytes(data: bytes, size: int, block: int) -> None:
    check(data, size, block)


def test_the_parquet_reader_holds_no_more_as_the_file_grows(tmp_path: Any) -> None:
    """Reading a Parquet file batch by batch holds about one row group's bytes
    read from the file, not all of them (pyarrow's pre_buffer reads every row
    group's bytes of the column at the start and keeps them until the end)."""
    import tracemalloc

    from urikit.columnar._file_readers import READERS

    pq = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "groups.parquet"
    rows = [f"http://h{i % 97}.example/{'p' * (i % 50)}/{i}" for i in range(20000)]
    with pq.ParquetWriter(path, pa.schema([("url", pa.string())])) as writer:
        for _ in range(40):  # 40 row groups
            writer.write_table(pa.table({"url": rows}))
    held = []
    tracemalloc.start()  # the file object's reads are Python bytes
    try:
        with path.open("rb") as f:
            for rows_read in READERS["parquet"](pa, f, "url", 20000):
                assert len(rows_read.values) == 20000
                held.append(tracemalloc.get_traced_memory()[0])
                del rows_read
    finally:
        tracemalloc.stop()
    assert len(held) == 40
    assert max(held) < path.stat().st_size / 4, (max(held), path.stat().st_size)
