"""Writing every byte or an error: the rule of ``urikit batch``'s writers and
of every command's large writes. It imports nothing heavier than ``errno``, so
a command starts without the file writers.

>>> import io
>>> class Short(io.BytesIO):  # takes at most 3 bytes a call
...     def write(self, data):
...         return super().write(bytes(data)[:3])
>>> f = Short()
>>> write_all(f, b"abcdefgh")
>>> f.getvalue()
b'abcdefgh'
"""

from __future__ import annotations

import errno
from typing import IO, Any

__all__ = ["write_all"]


def write_all(f: IO[bytes], data: Any) -> None:
    """Write every byte of ``data`` (any bytes-like object) to ``f``, or raise.
    A buffered file's ``write`` returns a short count, without an error, when
    its system call fails part way (a pipe its reader has closed); the error
    comes with the next write. Written once, a last write would be cut short
    silently and the run end as if whole."""
    view = memoryview(data).cast("B")
    while view:
        done = f.write(view)
        if not done:  # a file that takes nothing and says nothing is wrong
            raise OSError(errno.EIO, "the output took no bytes")
        view = view[done:]
