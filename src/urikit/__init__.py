"""urikit: URIs, URLs and URNs exactly as the RFCs define them.

>>> import urikit
>>> ref = urikit.parse("https://example.org/a/b?x=1#frag")
>>> ref.host, ref.path, ref.query
('example.org', '/a/b', 'x=1')
>>> urikit.resolve("http://a/b/c/d;p?q", "../../g")
'http://a/g'
>>> urikit.normalize("HTTP://Example.ORG:80/%7euser/./x")
'http://example.org/~user/x'
"""

from __future__ import annotations

from . import schemes  # the subpackage; importing it registers default ports
from ._accel import IMPLEMENTATION
from .errors import URIError
from .normalize import equivalent, normalize
from .percent import percent_decode, percent_encode
from .reference import URIReference, is_valid, parse
from .resolve import relativize, remove_dot_segments, resolve
from .urn import URN

__all__ = [
    "IMPLEMENTATION",
    "URN",
    "URIError",
    "URIReference",
    "__version__",
    "equivalent",
    "is_valid",
    "normalize",
    "parse",
    "percent_decode",
    "percent_encode",
    "relativize",
    "remove_dot_segments",
    "resolve",
    "schemes",
]

__version__ = "0.1.0"


def __getattr__(name: str) -> object:  # PEP 562: urikit.iri is loaded on first use
    if name == "iri":
        import importlib

        return importlib.import_module("urikit.iri")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
