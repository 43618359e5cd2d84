"""The output writers' Arrow sink: pyarrow's Parquet and CSV writers reach the
Python file a few MiB at a time, and a dropped sink writes nothing. Skipped
without pyarrow."""

from __future__ import annotations

from typing import Any

import pytest

from urikit.columnar import _file_writers as file_writers

pa = pytest.importorskip("pyarrow")


class Calls:
    """A file that counts its writes and keeps what it was given."""

    def __init__(self) -> None:
        self.writes = 0
        self.data = bytearray()
        self.closed = False

    def write(self, data: Any) -> int:
        self.writes += 1
        self.data += bytes(data)
        return memoryview(data).nbytes

    def flush(self) -> None:
        pass

    def tell(self) -> int:
        return len(self.data)

    def close(self) -> None:
        self.closed = True


def parquet_through(sink: Any, table: Any) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    writer = pq.ParquetWriter(sink, table.schema)
    for batch in table.to_batches(max_chunksize=10_000):
        writer.write_batch(batch)
    writer.close()


def test_the_parquet_writer_reaches_python_a_few_mib_at_a_time() -> None:
    """Each call into the Python file takes the GIL, which a writer thread
    waits for while other threads run Python: pyarrow writing straight to a
    Python file makes one a page; through the sink, one per 4 MiB."""
    table = pa.table({"url": [f"http://h{i}.example/{i:0>60}" for i in range(200_000)]})
    straight, gathered = Calls(), Calls()
    parquet_through(straight, table)
    sink = file_writers._ArrowSink(gathered)  # type: ignore[arg-type]
    parquet_through(sink.stream, table)
    sink.stream.flush()
    assert gathered.data == straight.data  # the same bytes
    assert straight.writes > 50
    assert gathered.writes <= len(gathered.data) // (1 << 22) + 2


def test_a_dropped_sink_writes_nothing_and_never_closes_its_file() -> None:
    f = Calls()
    sink = file_writers._ArrowSink(f)  # type: ignore[arg-type]
    sink.stream.write(b"kept back")
    sink.drop()
    sink.stream.close()
    assert f.data == b"" and f.writes == 0 and not f.closed
