"""The exception urikit raises for bad input, and the one function that words it.

Every error carries where (``position``, a 0-based index into the text that was
given), what (``component``, e.g. ``"path"``) and why (``reason``, a stable
code). The message is always built by :func:`format_message`, so the pure-Python
code and the C accelerator produce byte-identical messages.

>>> err = URIError("invalid-char", "path", 12, "http://h/a b c")
>>> str(err)
"invalid character ' ' in path at position 12"
>>> isinstance(err, ValueError), err.position, err.component, err.reason
(True, 12, 'path', 'invalid-char')

.. data:: REASONS

   Stable reason codes and the message template of each. ``{char}`` is the repr of
   the offending character, ``{component}`` the component, ``{position}`` the index.
"""

from .core._errors import *  # noqa: F403  (the names its __all__ lists)
from .core._errors import __all__ as __all__
from .core._faces import publish

publish(__name__, globals())
