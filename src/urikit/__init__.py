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

from typing import TYPE_CHECKING

from . import schemes  # the subpackage; importing it registers default ports
from ._accel import IMPLEMENTATION
from .errors import URIError
from .normalize import equivalent, normalize
from .percent import percent_decode, percent_encode
from .reference import URIReference, is_valid, parse
from .resolve import relativize, remove_dot_segments, resolve
from .urn import URN

if TYPE_CHECKING:  # imported lazily by __getattr__ below
    from .extraction import Extracted, extract, fixup, iter_extract

__all__ = [
    "IMPLEMENTATION",
    "URN",
    "Extracted",
    "URIError",
    "URIReference",
    "__version__",
    "equivalent",
    "extract",
    "fixup",
    "is_valid",
    "iter_extract",
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

# Loaded on first use, so that ``import urikit`` stays light (PEP 562).
_LAZY = {name: "extraction" for name in ("extract", "iter_extract", "Extracted", "fixup")}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'urikit' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
