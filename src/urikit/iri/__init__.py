"""Internationalized Resource Identifiers (RFC 3987) and internationalized host names.

An IRI is a URI that may also carry the characters of the UCS (``ucschar``;
private-use characters, ``iprivate``, in the query only). :func:`parse` gives an
:class:`IRIReference`, a :class:`~urikit.URIReference` whose components may hold
those characters; everything else (spans, ``None`` vs ``""``, ``with_*()``,
errors with component, reason and position) is the core's.

>>> from urikit import iri
>>> ref = iri.parse("http://例え.jp/パス?q=値#frag")
>>> ref.host, ref.path, ref.query
('例え.jp', '/パス', 'q=値')
>>> iri.to_uri("http://例え.jp/パス")
'http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9'
>>> iri.to_uri("http://例え.jp/パス", idna=True)
'http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9'
>>> iri.from_uri("http://www.example.org/D%C3%BCrst")
'http://www.example.org/Dürst'
>>> iri.equivalent("http://example.org/ros%C3%A9", "HTTP://example.org/rosé")
True
>>> iri.parse("http://h/a\\u202eb")  # doctest: +ELLIPSIS
Traceback (most recent call last):
urikit.errors.URIError: invalid path: bidirectional formatting character U+202E ... at position 10
"""

from __future__ import annotations

#: This package's layer (tests/project/test_layers.py reads it).
__layer__ = 5

from ..core._faces import publish
from ._conversion import from_uri, to_uri
from ._display import DisplayForm, DisplayWarning, for_display
from ._equivalence import LEVELS, equivalent, normalize
from ._reference import IRIReference, is_valid, parse
from ._resolution import relativize, resolve
from ._syntax import RULES, find_error

__all__ = [
    "LEVELS",
    "RULES",
    "DisplayForm",
    "DisplayWarning",
    "IRIReference",
    "equivalent",
    "find_error",
    "for_display",
    "from_uri",
    "is_valid",
    "normalize",
    "parse",
    "relativize",
    "resolve",
    "to_uri",
]

publish(__name__, globals())
