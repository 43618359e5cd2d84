"""Canonical forms above RFC 3986 section 6: Safe Browsing, crawlers, web archives.

RFC 3986 section 6.2.4 leaves "protocol-based normalization" to each community.
:func:`canonical` gives the forms three of them publish, every one from urikit's
own parser (:func:`urikit.core._parser.split`), percent-coding and dot-segment removal:

* ``"safe-browsing"``: Google Safe Browsing v4, "URLs and Hashing",
  section "Canonicalization" (the rules are listed on :func:`canonical`);
* ``"semantic"`` and ``"aggressive"``: the crawler canonicalizers of urlcanon
  (the Python port of Heritrix's), step by step;
* ``"rfc3986"``: :func:`urikit.normalize` at level ``"scheme"``.

The input of a crawler or a filter is not always a valid URI (spaces, raw
non-ASCII, a bare ``%``), so the text is first *prepared*: it is encoded as
UTF-8, and every byte that RFC 3986 allows nowhere (section 2) and every ``%``
that starts no ``%XX`` is percent-encoded. That is a bijection on the bytes, so
unescaping afterwards gives back exactly the input's bytes. The prepared text is
split by the RFC 3986 parser; what it cannot split raises :class:`URIError`
naming the component, character and position in the prepared text.

>>> canonical("http://www.GOOgle.com/a/../b#frag", "safe-browsing")
'http://www.google.com/b'
>>> surt("http://www.example.com/a?b")
'com,example)/a?b'
"""

from .canonical_forms.rules import *  # noqa: F403  (the names its __all__ lists)
from .canonical_forms.rules import __all__ as __all__
from .core._faces import publish

publish(__name__, globals())
