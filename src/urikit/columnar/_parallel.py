"""The ``jobs`` of :class:`.files.FileRun` (``urikit batch --jobs N``): threads
or worker processes.

The main process reads the batches (:mod:`.file_readers`) and writes the
output (:mod:`.file_writers`) in input order, so the output is the same
whatever the number of jobs; at most ``2 * jobs`` batches are in flight, so
memory use does not grow with the file. Making each batch's output rows (and
encoding them) is done by ``jobs`` threads (:func:`run_threaded`) when that
work releases the GIL (Arrow's compute functions, urikit's C kernels), else
by ``jobs`` worker processes (:func:`run_parallel`), for per-row Python.

The worker processes are started by ``spawn`` (a fork of a process running
pyarrow's threads is not safe) with SIGINT blocked, and keep it ignored:
Ctrl-C at a terminal reaches the whole process group, and it is the main
process that stops the run, then the workers. A worker that dies ends the run
with a :class:`~.file_readers.FileError`. An input of one batch is done in
the main process, with no worker started.

>>> default_jobs() >= 1
True
"""

from __future__ import annotations

import collections
import contextlib
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

from ._file_readers import FileError, Rows

__all__ = ["default_jobs", "run_parallel", "run_threaded"]

#: What to make of a batch of rows, the first of them row N: (the output, its counts).
Maker = Callable[[Rows, int], tuple[Any, Any]]

#: How many batches each worker may have in flight (being made, or made and
#: waiting for the batches before them to be written).
_WINDOW = 2


def default_jobs() -> int:
    """The number of cores this process may run on (``--jobs``' default).

    >>> default_jobs() == len(os.sched_getaffinity(0))
    True
    """
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - macOS, Windows
        return os.cpu_count() or 1


def _serve(maker: Maker, tasks: Any, results: Any) -> None:
    """A worker: each task read from the pipe ``tasks`` (a batch and its first
    row number; None ends) made and sent on ``results``; an exception is sent
    back to be raised there. SIGINT stays ignored (see the module docstring):
    Ctrl-C is the main process's business. The main process gone, reading
    ``tasks`` ends the worker, and so does its death (see :func:`_end_with_parent`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _end_with_parent()
    try:
        while (task := tasks.recv()) is not None:
            try:
                outcome: tuple[bool, Any] = (True, maker(*task))
            except Exception as exc:  # made again in the main process, by emit's caller
                outcome = (False, exc)
            results.send(outcome)
    except (EOFError, OSError):  # the main process has closed its ends: the run is over
        pass


def _end_with_parent() -> None:
    """End this worker process as soon as the main process is gone, killed
    (SIGKILL, the OOM killer) with no chance to stop it: the tasks already in
    the pipe would otherwise be made, for nobody, for seconds. A thread waits
    on the parent's sentinel, which multiprocessing makes readable when the
    parent ends."""
    import threading
    from multiprocessing.connection import wait

    parent = multiprocessing.parent_process()
    if parent is None:  # pragma: no cover - always a child here
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(1)

    threading.Thread(target=watch, name="urikit-batch-parent-watch", daemon=True).start()


#: What a worker's feeder thread takes as "stop feeding".
_STOP = object()


class _Worker:
    """One worker process, with a pipe of tasks and a pipe of outcomes.

    Tasks go through a thread of this process that sends them down the pipe,
    so that handing over a batch never waits for the worker (which may itself be
    waiting for its outcome to be read). Plain pipes, not a multiprocessing
    queue: a queue's locks are named semaphores, which multiprocessing's
    resource tracker reports as leaked when Ctrl-C ends the run. The sending end
    of the outcomes only the worker holds: if it dies, even in the middle of
    sending, reading gives EOFError instead of waiting for ever."""

    def __init__(self, context: Any, maker: Maker) -> None:
        import queue
        import threading

        receiver, self._tasks = context.Pipe(duplex=False)
        self.results, sender = context.Pipe(duplex=False)
        self.process = context.Process(target=_serve, args=(maker, receiver, sender), daemon=True)
        with _sigint_blocked():
            self.process.start()
        receiver.close()
        sender.close()
        self._outbox: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._feeder = threading.Thread(target=self._feed, name="urikit-batch-feeder", daemon=True)
        self._feeder.start()

    def _feed(self) -> None:
        while (task := self._outbox.get()) is not _STOP:
            try:
                self._tasks.send(task)
            except OSError:  # the worker is gone: its death shows when its outcome is read
                return

    def put(self, task: Any) -> None:
        """Hand ``task`` (or None: no more) to the worker, without waiting."""
        self._outbox.put(task)

    def outcome(self) -> Any:
        try:
            ok, value = self.results.recv()
        except (EOFError, OSError):
            raise FileError("a worker process of the run ended abruptly") from None
        if not ok:
            raise value
        return value

    def stop(self, finished: bool) -> None:
        """Stop the worker: asked to (``finished``), else at once."""
        if finished:
            self.put(None)
            self.process.join(10)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join()
        self._outbox.put(_STOP)  # a task the worker will never read is dropped
        self._feeder.join(10)  # the worker gone, a send blocked on its pipe fails
        self._tasks.close()
        self.results.close()


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[None]:
    """SIGINT held back while a worker process is started: it inherits the mask
    through exec, so that a Ctrl-C reaching it before it has set SIGINT aside
    cannot stop it with a traceback (in the interpreter's start-up, or the
    import of multiprocessing). One that comes meanwhile is delivered to this
    process at the end. (The mask is this thread's: a signal another thread
    takes still runs Python's handler, in this thread; the caller's ``held``
    section keeps that from cutting a start.)

    multiprocessing's resource tracker, started with the first process, blocks
    SIGINT for its own start and then unblocks it, whatever the mask was
    before: started inside this section, it left the worker that followed
    without the mask (SIGINT then gave the worker's traceback in 8 of 30
    tries). So it is started first, outside."""
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def run_parallel(
    batches: Iterator[Rows],
    jobs: int,
    maker: Maker,
    emit: Callable[[Any, Any], object],
    held: Callable[[], AbstractContextManager[object]] = contextlib.nullcontext,
) -> None:
    """``emit(*maker(rows, start))`` for each batch of ``batches``, in order,
    ``maker`` run by ``jobs`` worker processes (``maker`` is pickled to them).
    ``held`` makes the sections that a signal must not cut (starting a worker,
    stopping the workers).
    An input of one batch is made here, with no worker started:

    >>> one = iter([Rows([1, 2], {}, {})])
    >>> run_parallel(one, 2, lambda rows, start: (rows.values, start), print)
    [1, 2] 1
    """
    first = next(batches, None)
    if first is None:
        return
    second = next(batches, None)
    if second is None:  # one batch: not worth starting a process
        emit(*maker(first, 1))
        return
    row = 1
    window = _WINDOW * jobs
    context = multiprocessing.get_context("spawn")
    workers: list[_Worker] = []
    pending: collections.deque[_Worker] = collections.deque()  # one a batch in flight
    finished = False
    try:
        for n, rows in enumerate(_chain(first, second, batches)):
            if len(workers) < jobs:
                # not cut by a signal: a worker left with no task to read (its
                # start-up data half sent) would end in a traceback of its own
                with held():
                    workers.append(_Worker(context, maker))
            worker = workers[n % jobs]  # each worker makes its batches in order
            worker.put((rows, row))
            pending.append(worker)
            row += len(rows.values)
            # written as soon as made, in order; waited for when the window is full
            while pending and (len(pending) >= window or pending[0].results.poll()):
                emit(*pending.popleft().outcome())
        while pending:
            emit(*pending.popleft().outcome())
        finished = True
    finally:
        with held():  # a second Ctrl-C does not leave workers behind
            for worker in workers:
                worker.stop(finished)


def _chain(first: Rows, second: Rows, rest: Iterator[Rows]) -> Iterator[Rows]:
    yield first
    yield second
    yield from rest


def run_threaded(
    batches: Iterator[Rows],
    jobs: int,
    maker: Maker,
    emit: Callable[[Any, Any], object],
) -> None:
    """``emit(*maker(rows, start))`` for each batch of ``batches``, in order,
    ``maker`` run by ``jobs`` threads of this process (for a maker whose work
    is Arrow's and urikit's C kernels, which release the GIL) and ``emit`` by
    one more, so that reading (this thread), making and writing go on at
    once. At most ``2 * jobs`` batches in flight. An exception, in any of them
    or here (Ctrl-C), is raised here once the batches being made and the
    one being written are done; the others are dropped.

    >>> batches = iter([Rows([1, 2], {}, {}), Rows([3], {}, {})])
    >>> run_threaded(batches, 2, lambda rows, start: (rows.values, start), print)
    [1, 2] 1
    [3] 3
    """
    import queue
    import threading
    from concurrent.futures import Future, ThreadPoolExecutor

    made: queue.Queue[Future[tuple[Any, Any]] | None] = queue.Queue(_WINDOW * jobs)
    failed: list[BaseException] = []

    def write() -> None:
        # in input order; after a failure the queue is still emptied (the
        # reading thread may be waiting to put), its batches dropped
        while (future := made.get()) is not None:
            if failed:
                future.cancel()
                continue
            try:
                emit(*future.result())
            except BaseException as exc:  # raised by the reading thread
                failed.append(exc)

    pool = ThreadPoolExecutor(jobs, thread_name_prefix="urikit-batch")
    writer = threading.Thread(target=write, name="urikit-batch-writer", daemon=True)
    writer.start()
    row = 1
    try:
        for rows in batches:
            if failed:
                break
            made.put(pool.submit(maker, rows, row))
            row += len(rows.values)
    except BaseException as exc:
        failed.append(exc)  # the writer drops the rest
        raise
    finally:
        made.put(None)
        writer.join()
        pool.shutdown(wait=True, cancel_futures=True)
    if failed:
        raise failed[0]
