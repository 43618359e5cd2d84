"""``URIReference``: an immutable, parsed RFC 3986 URI reference.

A reference keeps the text exactly as given plus the spans of its components;
components are sliced from the text when asked for, as written (still
percent-encoded). ``None`` means a component is undefined, ``""`` that it is
present and empty, so ``str(parse(s)) == s`` for every valid ``s``.

>>> ref = parse("http://user@example.com:8080/a%20b/c?x=1&y#top")
>>> ref.scheme, ref.userinfo, ref.host, ref.port, ref.path, ref.query, ref.fragment
('http', 'user', 'example.com', '8080', '/a%20b/c', 'x=1&y', 'top')
>>> ref.path_segments, ref.query_params, ref.port_number
(['a b', 'c'], [('x', '1'), ('y', None)], 8080)
>>> str(ref.with_fragment(None).with_port(None))
'http://user@example.com/a%20b/c?x=1&y'
>>> parse("http://h?").query, parse("http://h").query
('', None)
"""

from .core._faces import publish
from .core._reference import *  # noqa: F403  (the names its __all__ lists)
from .core._reference import __all__ as __all__

publish(__name__, globals())
