"""Normalization and comparison (RFC 3986 section 6).

Level ``"syntax"`` is section 6.2.2: lowercase the scheme and the host, uppercase
the hex digits of percent-encodings, decode percent-encoded unreserved
characters, and (for references with a scheme) remove dot segments. Level
``"scheme"`` adds section 6.2.3: drop an empty port or the scheme's default port,
and give http/https/ws/wss an empty path of "/" when there is an authority.

Normalization never decodes a reserved character, so it never changes what a
URI identifies, and it is idempotent.

>>> normalize("HTTP://User@Example.COM:80/a/./b/../c/%7euser?%3f#%7E")
'http://User@example.com/a/c/~user?%3F#~'
>>> normalize("http://example.com", level="syntax"), normalize("http://example.com")
('http://example.com', 'http://example.com/')
>>> equivalent("http://a/%7Esmith", "HTTP://A:/~smith")
True

.. data:: LEVELS

   The levels of :func:`normalize`: ``"syntax"`` (section 6.2.2) and ``"scheme"``
   (6.2.2 plus 6.2.3).
"""

from .core._faces import publish
from .core._normalization import *  # noqa: F403  (the names its __all__ lists)
from .core._normalization import __all__ as __all__

publish(__name__, globals())
