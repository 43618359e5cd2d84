"""Percent-encoding and decoding (RFC 3986 section 2.1, 2.4).

>>> percent_encode("a b/c?d", "path")
'a%20b/c%3Fd'
>>> percent_encode("a b/c?d", "segment")
'a%20b%2Fc%3Fd'
>>> percent_encode("é", "query")
'%C3%A9'
>>> percent_decode("a%20b%2Fc%C3%A9")
'a b/cé'

.. data:: COMPONENT_SAFE

   Characters each component may carry literally (never ``%``): everything else is
   percent-encoded by :func:`percent_encode`.
"""

from .core._faces import publish
from .core._percent import *  # noqa: F403  (the names its __all__ lists)
from .core._percent import __all__ as __all__

publish(__name__, globals())
