"""The ``urikit`` console script's entry point: Ctrl-C at any moment of start-up exits
130, without a traceback.

The script pip writes runs ``from _urikit_entry import main`` and then
``main()``; importing ``urikit.cli`` (and the package ``urikit`` before it)
takes tens of milliseconds, and a ``KeyboardInterrupt`` raised there would end
in a traceback. This module lives outside the package and imports nothing the
interpreter has not loaded already, and :func:`main` handles SIGINT before it
imports anything: until the tool is imported Ctrl-C ends the process at once
with 130 (nothing is written yet); while the tool runs it is the
``KeyboardInterrupt`` that :func:`urikit.cli.main` turns into 130; once the tool
has returned it is ignored, so the exit status stands. (Run the tool in-process
with :func:`urikit.cli.main`, which leaves the signal handlers alone.)

>>> import _urikit_entry
>>> callable(_urikit_entry.main)
True
"""

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    import signal as _signal
    from types import FrameType
else:
    import _signal  # the builtin under `signal`, loaded at start-up; `signal` loads enum

__all__ = ["main"]

#: 128 + SIGINT, what a shell reports for a process Ctrl-C ended.
EXIT_INTERRUPTED = 130


def _exit_interrupted(signum: int, frame: "FrameType | None") -> None:
    os._exit(EXIT_INTERRUPTED)


def main() -> int:
    """Import and run the tool (:func:`urikit.cli.main`); its exit status."""
    # Not when SIGINT is ignored or handled by whoever started the process.
    own = _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler
    if own:
        _signal.signal(_signal.SIGINT, _exit_interrupted)
    try:
        try:
            from urikit.cli import main as run

            if own:
                _signal.signal(_signal.SIGINT, _signal.default_int_handler)
            status: int = run()
        finally:
            if own:
                _signal.signal(_signal.SIGINT, _signal.SIG_IGN)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    return status
