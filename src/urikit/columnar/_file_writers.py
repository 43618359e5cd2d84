"""The writers of :func:`urikit.batch.run_file`: the output rows as text, CSV,
JSON Lines or Parquet, without destroying data.

An output that is the input, or an existing file without ``force``, is refused
before anything is written (:func:`refuse_unsafe_output`). A file output is
written to a temporary ``.part`` file beside its destination and renamed into
place only when the run has finished (:meth:`Writer.finish`); a run that gives
up removes it (:meth:`Writer.discard`). Standard output, a device or a FIFO is
written in place. pyarrow is imported on first use.

The bytes of the text, CSV and JSON Lines outputs are made by
:mod:`.file_encoders`.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import IO, Any

from ..core._extras import imported
from ._file_encoders import encode
from ._file_readers import FileError
from ._write_all import write_all

__all__ = ["OutputExists", "WriteError", "Writer", "refuse_unsafe_output"]


class WriteError(FileError):
    """The output could not be written, or is the input."""


class OutputExists(WriteError):
    """The output file exists and ``force`` was not given: before the run
    (:attr:`during_run` false), or another program made it while the run went on
    (then it is kept, and the run's output discarded).

    >>> str(OutputExists("out.csv", during_run=True))
    'the output out.csv appeared during the run'
    """

    def __init__(self, path: str, *, during_run: bool) -> None:
        super().__init__(
            f"the output {path} appeared during the run"
            if during_run
            else f"the output {path} exists"
        )
        self.path = path
        self.during_run = during_run


def refuse_unsafe_output(source: str, destination: str, force: bool) -> None:
    """Refuse, before anything is opened for writing, an output that is the
    input (the same path, a symlink or a hard link to it, or the file behind
    stdin / stdout: :class:`WriteError`) and an existing output file without
    ``force`` (:class:`OutputExists`). ``"-"`` is stdin or stdout.

    >>> refuse_unsafe_output("in.txt", "/urikit/no/such/out.txt", False)
    >>> try:
    ...     refuse_unsafe_output(__file__, __file__, True)
    ... except WriteError as err:
    ...     print(str(err).replace(__file__, "F"))
    the output F is the input F: refusing to write over it
    """
    src, dst = source, destination
    if dst == "-":
        if src != "-":
            try:
                same = os.path.samestat(os.fstat(1), os.stat(src))
            except OSError:
                same = False
            if same:
                raise WriteError(f"the output (stdout) is the input {src}: refusing to write")
        return
    if not os.path.lexists(dst):
        return
    try:
        same = (
            os.path.samestat(os.fstat(0), os.stat(dst))
            if src == "-"
            else os.path.samefile(src, dst)
        )
    except OSError:
        same = False
    if same:
        raise WriteError(f"the output {dst} is the input {src}: refusing to write over it")
    try:
        regular = stat.S_ISREG(os.stat(dst).st_mode)
    except OSError:  # a dangling symlink
        regular = True
    if regular and not force:
        raise OutputExists(dst, during_run=False)


class Writer:
    """The output: stdout, a device or FIFO written in place, or a file written
    to a temporary file beside it and renamed into place by :meth:`finish`."""

    def __init__(
        self,
        fmt: str,
        path: str,
        force: bool,
        held: Callable[[], AbstractContextManager[object]] = contextlib.nullcontext,
        *,
        dictionary: Sequence[str] | None = None,
    ) -> None:
        self.fmt, self.path, self.force = fmt, path, force
        #: The columns a Parquet output dictionary-encodes (None: pyarrow's
        #: default, every column).
        self.dictionary = dictionary
        #: A section that a signal must not cut (no-op by default; the CLI holds
        #: SIGINT and SIGTERM there).
        self.held = held
        self.name = "stdout" if path == "-" else path
        self.inner: Any = None
        self.rows = 0
        self.temp: str | None = None
        self.f: IO[bytes] | None = None
        self.sink: _ArrowSink | None = None
        self.dest = path
        if path != "-":
            try:
                if os.path.islink(path):
                    self.dest = os.path.realpath(path)
                special = not stat.S_ISREG(os.stat(path).st_mode)
            except OSError:
                special = False
            self.inplace = special
        else:
            self.inplace = True

    def _error(self, exc: OSError) -> WriteError:
        return WriteError(f"cannot write {self.name}: {exc.strerror or exc}")

    def _open(self) -> IO[bytes]:
        if self.path == "-":
            return sys.stdout.buffer
        try:
            if self.inplace:
                return open(self.path, "wb")
            import tempfile  # here: ``import urikit.batch`` does not need it

            folder, base = os.path.split(os.path.abspath(self.dest))
            with self.held():  # no signal between making the file and knowing its name
                fd, self.temp = tempfile.mkstemp(prefix=f".{base}.", suffix=".part", dir=folder)
            return os.fdopen(fd, "wb")
        except OSError as exc:
            raise self._error(exc) from None

    def write(self, batch: Any, raw: dict[int, str]) -> None:
        if self.f is None:
            self.f = self._open()
        try:
            self._write(batch, raw)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._error(exc) from None
        self.rows += batch.num_rows

    def _write(self, batch: Any, raw: dict[int, str]) -> None:
        assert self.f is not None
        if self.fmt in ("parquet", "csv"):
            if self.inner is None:
                self.sink = _ArrowSink(self.f)
                self.inner = self._arrow_writer(self.sink.stream, batch.schema)
            self.inner.write_batch(batch)
        else:
            write_all(self.f, encode(self.fmt, batch, raw, header=self.inner is None))
            self.inner = True

    def _arrow_writer(self, stream: Any, schema: Any) -> Any:
        """pyarrow's writer of the Parquet or CSV output, onto ``stream``."""
        if self.fmt == "csv":
            return imported("pyarrow.csv").CSVWriter(stream, schema)
        names = schema.names
        dictionary = True if self.dictionary is None else [n for n in names if n in self.dictionary]
        return imported("pyarrow.parquet").ParquetWriter(stream, schema, use_dictionary=dictionary)

    def write_encoded(self, data: Any, rows: int) -> None:
        """Write ``rows`` rows that :func:`encode` made (bytes-like), by a
        thread or a worker process."""
        if self.f is None:
            self.f = self._open()
        try:
            write_all(self.f, data)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._error(exc) from None
        self.inner = True  # the header, if any, was in the first rows encoded
        self.rows += rows

    def finish(self) -> None:
        """Close the output; a temporary file is renamed into place (without
        ``force``, never over a file that appeared meanwhile)."""
        assert self.f is not None
        try:
            if self.inner is not None and self.inner is not True:
                self.inner.close()
            if self.sink is not None:
                self.sink.stream.flush()
            self.f.flush()
            if self.path != "-":
                if self.temp is not None:
                    os.fsync(self.f.fileno())
                self.f.close()
            if self.temp is not None:
                os.chmod(self.temp, self._mode())
                with self.held():  # the run is done: a signal now is too late
                    if self.force or not _link(self.temp, self.dest):
                        os.replace(self.temp, self.dest)
                    else:
                        os.unlink(self.temp)
                    self.temp = None
        except BrokenPipeError:
            raise
        except FileExistsError:
            raise OutputExists(self.name, during_run=True) from None
        except OSError as exc:
            raise self._error(exc) from None

    def _mode(self) -> int:
        try:
            return stat.S_IMODE(os.stat(self.dest).st_mode)
        except OSError:
            umask = os.umask(0)
            os.umask(umask)
            return 0o666 & ~umask

    def discard(self) -> str:
        """Give up: remove the temporary file. Returns what became of the output."""
        with self.held():  # a second Ctrl-C does not stop the cleaning up
            return self._discard()

    def _discard(self) -> str:
        if getattr(self.inner, "is_open", False):
            self.inner.is_open = False  # no Parquet footer, which would pass for a whole file
        if self.sink is not None:
            self.sink.drop()
        if self.f is not None and self.path != "-":
            with contextlib.suppress(OSError):
                self.f.close()
        if self.temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.temp)
            self.temp = None
            return f"nothing written to {self.name}"
        if self.f is None:
            return f"nothing written to {self.name}"
        return f"the output on {self.name} is incomplete"


class _ArrowSink:
    """The output as an Arrow stream for pyarrow's Parquet and CSV writers:
    their many small writes are gathered by Arrow without the GIL and reach
    the file ``f`` (through Python, holding the GIL) a few MiB at a time. A
    writer thread that took the GIL for each of its writes would wait, each
    time, for the threads making the batches to let it go. The stream never
    closes ``f`` (which may be stdout), and writes nothing once dropped."""

    def __init__(self, f: IO[bytes], buffer_size: int = 1 << 22) -> None:
        self._f: IO[bytes] | None = f
        pa = imported("pyarrow")
        self.stream = pa.output_stream(self, buffer_size=buffer_size)

    closed = False  # what pyarrow asks of a file object

    def write(self, data: Any) -> int:
        if self._f is not None:
            write_all(self._f, data)
        return memoryview(data).nbytes

    def flush(self) -> None:
        if self._f is not None:
            self._f.flush()

    def tell(self) -> int:
        return self._f.tell() if self._f is not None else 0

    def close(self) -> None:
        """Nothing: ``f`` is closed by its :class:`Writer`."""

    def drop(self) -> None:
        """Write nothing more (what Arrow still holds is dropped with the run)."""
        self._f = None


def _link(temp: str, dest: str) -> bool:
    """Give ``temp`` the name ``dest`` unless ``dest`` exists (FileExistsError);
    False where the file system has no hard links (then a rename must do)."""
    try:
        os.link(temp, dest)
    except FileExistsError:
        raise
    except OSError:
        if os.path.lexists(dest):
            raise FileExistsError(dest) from None
        return False
    return True
