"""The typed scheme views and the scheme registry's public face.

The registry itself (:class:`SchemeRegistry` of :class:`SchemeHandler`) is
defined in :mod:`urikit.core._schemeinfo`, low enough for ``normalize`` and
``URIReference`` to read; this package defines the typed views and the
scheme-based normalizers and fills them into the built-in registry,
:data:`registry`, when it is imported. Third parties add schemes with
:func:`register`; a scheme's default port registered there is known to
``urikit.normalize`` and ``URIReference.uses_default_port`` at once, because
they read the same registry. Functions that depend on the registry take
``registry=`` (default: the built-in one).

>>> import urikit
>>> v = view(urikit.parse("ftp://ftp.example.org/pub/file.txt;type=i"))
>>> v.host, v.cwd, v.name, v.typecode, v.type_meaning, v.port, v.effective_port
('ftp.example.org', ['pub'], 'file.txt', 'i', 'image', None, 21)
>>> get("gopher").default_port
70
"""

from __future__ import annotations

#: This package's layer (tests/project/test_layers.py reads it).
__layer__ = 5

import warnings

from ..core._faces import publish
from ..core._schemeinfo import DEFAULT_REGISTRY, SchemeHandler, SchemeRegistry
from ._base import SchemeView, ServerView
from ._file import FileView
from ._ftp import FtpView
from ._gopher import GopherView
from ._http import HttpView
from ._mailto import MailtoView
from ._news import NewsView, NntpView
from ._prospero import ProsperoView
from ._registry import get, normalize, register, registry, view
from ._telnet import TelnetView
from ._wais import WaisView

__all__ = [
    "FileView",
    "FtpView",
    "GopherView",
    "HttpView",
    "MailtoView",
    "NewsView",
    "NntpView",
    "ProsperoView",
    "SchemeHandler",
    "SchemeRegistry",
    "SchemeView",
    "ServerView",
    "TelnetView",
    "WaisView",
    "get",
    "normalize",
    "register",
    "registry",
    "view",
]


def __getattr__(name: str) -> SchemeRegistry:
    if name == "REGISTRY":
        warnings.warn(
            "urikit.schemes.REGISTRY is deprecated; use urikit.schemes.registry",
            DeprecationWarning,
            stacklevel=2,
        )
        return DEFAULT_REGISTRY
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


publish(__name__, globals())
