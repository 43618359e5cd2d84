"""Canonical forms above RFC 3986 section 6: Safe Browsing, crawlers, web archives.

RFC 3986 section 6.2.4 leaves "protocol-based normalization" to each community.
:func:`canonical` gives the forms three of them publish, each computed as the
implementation it is named after computes it, and read the way that
implementation reads a URL (the input of a crawler or a filter is not always a
valid URI: spaces, raw non-ASCII, a bare ``%``, several ``@``):

* ``"safe-browsing"``: Google Safe Browsing v4, "URLs and Hashing", section
  "Canonicalization", as Google's Go client (github.com/google/safebrowsing)
  reads a URL;
* ``"semantic"`` and ``"aggressive"``: the crawler canonicalizers of urlcanon,
  step by step;
* ``"rfc3986"``: :func:`urikit.normalize` at level ``"scheme"``.

:func:`surt` gives the SURT keys of web archives as the ``surt`` package does.
Where urikit answers otherwise than a reference, on purpose, docs/canonical.md
says where and why. Errors are :class:`URIError` with the position in the input.

>>> canonical("http://www.GOOgle.com/a/../b#frag", "safe-browsing")
'http://www.google.com/b'
>>> surt("http://www.example.com/a?b")
'com,example)/a?b'
"""

from .canonical_forms._rules import *  # noqa: F403  (the names its __all__ lists)
from .canonical_forms._rules import __all__ as __all__
from .core._faces import publish

publish(__name__, globals())
