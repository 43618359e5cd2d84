"""Reference resolution (RFC 3986 section 5.2) and its inverse, relativization.

>>> resolve("http://a/b/c/d;p?q", "../g")
'http://a/b/g'
>>> remove_dot_segments("/a/b/c/./../../g")
'/a/g'
>>> relativize("http://a/b/c/d;p?q", "http://a/b/g")
'../g'

.. data:: Parts

   (scheme, authority, path, query, fragment); ``None`` = undefined.
"""

from .core._faces import publish
from .core._resolution import *  # noqa: F403  (the names its __all__ lists)
from .core._resolution import __all__ as __all__

publish(__name__, globals())
