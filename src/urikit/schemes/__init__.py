"""The scheme registry: what urikit knows about each URI scheme.

A :class:`SchemeHandler` says whether a scheme is hierarchical, has an
authority, needs a host, what its default port is, how it normalizes, and
which typed view reads it. :data:`REGISTRY` is the default
:class:`SchemeRegistry`; third parties add schemes with :func:`register`.
Registering a default port in the default registry also teaches the core
(``normalize``, ``URIReference.uses_default_port``) about it.

>>> import urikit
>>> v = view(urikit.parse("ftp://ftp.example.org/pub/file.txt;type=i"))
>>> v.host, v.cwd, v.name, v.typecode, v.type_meaning, v.port, v.effective_port
('ftp.example.org', ['pub'], 'file.txt', 'i', 'image', None, 21)
>>> get("gopher").default_port
70
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .._schemeinfo import set_default_port
from ..errors import URIError, arg_type_error, check_str
from ..normalize import normalize as _core_normalize
from ..reference import URIReference, parse, set_scheme_view_provider
from ._base import SchemeView, ServerView
from .file import FileView
from .ftp import FtpView
from .gopher import GopherView
from .http import HttpView
from .mailto import MailtoView
from .news import NewsView, NntpView
from .prospero import ProsperoView
from .telnet import TelnetView
from .wais import WaisView

__all__ = [
    "REGISTRY",
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
    "view",
]


@dataclass(frozen=True)
class SchemeHandler:
    """What urikit knows about one scheme.

    ``normalizer`` (optional) maps an already RFC 3986 normalized URI of the
    scheme to its scheme-based normal form (RFC 3986 section 6.2.3).
    """

    name: str
    default_port: int | None = None
    hierarchical: bool = True
    has_authority: bool = True
    requires_host: bool = True
    view: type[SchemeView] | None = None
    normalizer: Callable[[str], str] | None = None
    reference: str = ""

    def normalize(self, text: str) -> str:
        """The scheme's normal form of ``text``."""
        out = _core_normalize(text, "scheme")
        return out if self.normalizer is None else self.normalizer(out)


class SchemeRegistry:
    """A table from scheme names (case-insensitive) to :class:`SchemeHandler`.

    ``feeds_core=True`` (only the default registry) also records each default
    port in :mod:`urikit._schemeinfo`, where the lower layers read it.

    >>> reg = SchemeRegistry()
    >>> reg.register(SchemeHandler("x-demo", default_port=4000))
    >>> "X-DEMO" in reg, reg.get("x-demo").default_port
    (True, 4000)
    """

    def __init__(self, handlers: tuple[SchemeHandler, ...] = (), *, feeds_core: bool = False):
        self._handlers: dict[str, SchemeHandler] = {}
        self._feeds_core = feeds_core
        for handler in handlers:
            self.register(handler)

    def register(self, handler: SchemeHandler, *, replace: bool = False) -> None:
        """Add ``handler``; ``replace=True`` allows overriding an existing scheme."""
        key = handler.name.lower()
        if key in self._handlers and not replace:
            raise ValueError(f"scheme {handler.name!r} is already registered")
        self._handlers[key] = handler
        if self._feeds_core:
            set_default_port(key, handler.default_port)

    def unregister(self, name: str) -> None:
        """Remove the handler of ``name`` (and, in the default registry, its port)."""
        key = name.lower()
        del self._handlers[key]
        if self._feeds_core:
            set_default_port(key, None)

    def get(self, name: str) -> SchemeHandler | None:
        """The handler of ``name`` (any case), or ``None``."""
        return self._handlers.get(name.lower())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._handlers

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._handlers))

    def __len__(self) -> int:
        return len(self._handlers)

    def view(self, ref: URIReference | str) -> SchemeView:
        """The typed view of ``ref``; raises URIError for an unknown scheme or bad syntax."""
        if isinstance(ref, str):
            ref = parse(ref)
        scheme = ref.scheme
        handler = None if scheme is None else self.get(scheme)
        if handler is None or handler.view is None:
            raise URIError("unknown-scheme", "scheme", 0, str(ref), detail=repr(scheme))
        return handler.view(ref)

    def normalize(self, text: str) -> str:
        """RFC 3986 section 6 normalization plus the scheme's own rules, if known."""
        ref = parse(text)
        handler = None if ref.scheme is None else self.get(ref.scheme)
        if handler is None:
            return _core_normalize(text, "scheme")
        return handler.normalize(text)


def _http_norm(text: str) -> str:
    return text  # RFC 9110 4.2.3: port and empty-path rules are in the core already


def _ftp_norm(text: str) -> str:
    # RFC 1738 3.2.2: the typecode letter is case-insensitive.
    head, sep, code = text.rpartition(";type=")
    if sep and len(code) == 1:
        return head + sep + code.lower()
    return text


def _slash_norm(text: str) -> str:
    # RFC 4266 2.1 / RFC 4248 2: the "/" after the authority is optional.
    ref = parse(text)
    if ref.path == "" and ref.authority is not None:
        return str(ref.with_path("/"))
    return text


def _file_norm(text: str) -> str:
    # RFC 8089 section 2: "localhost" and an empty host mean the same.
    ref = parse(text)
    if ref.host is not None and ref.host.lower() == "localhost" and ref.userinfo is None:
        return str(ref.with_host("").with_port(None))
    return text


_DEFAULTS = (
    SchemeHandler("http", 80, view=HttpView, normalizer=_http_norm, reference="RFC 9110 4.2.1"),
    SchemeHandler("https", 443, view=HttpView, normalizer=_http_norm, reference="RFC 9110 4.2.2"),
    SchemeHandler("ftp", 21, view=FtpView, normalizer=_ftp_norm, reference="RFC 1738 3.2"),
    SchemeHandler("gopher", 70, view=GopherView, normalizer=_slash_norm, reference="RFC 4266"),
    SchemeHandler(
        "mailto",
        None,
        hierarchical=False,
        has_authority=False,
        requires_host=False,
        view=MailtoView,
        reference="RFC 6068",
    ),
    SchemeHandler(
        "news",
        119,
        hierarchical=False,
        has_authority=False,
        requires_host=False,
        view=NewsView,
        reference="RFC 5538 4",
    ),
    SchemeHandler("nntp", 119, view=NntpView, reference="RFC 5538 3"),
    SchemeHandler("telnet", 23, view=TelnetView, normalizer=_slash_norm, reference="RFC 4248"),
    SchemeHandler("wais", 210, view=WaisView, reference="RFC 4156"),
    SchemeHandler(
        "file",
        None,
        requires_host=False,
        view=FileView,
        normalizer=_file_norm,
        reference="RFC 8089",
    ),
    SchemeHandler("prospero", 1525, view=ProsperoView, reference="RFC 4157"),
    SchemeHandler("ws", 80, reference="RFC 6455 3"),
    SchemeHandler("wss", 443, reference="RFC 6455 3"),
)

#: The default registry (the one ``URIReference.scheme_view()`` uses).
REGISTRY = SchemeRegistry(_DEFAULTS, feeds_core=True)


def register(handler: SchemeHandler, *, replace: bool = False) -> None:
    """Register ``handler`` in the default registry (and its default port in the core).

    >>> register(SchemeHandler("x-doc-demo", default_port=7000))
    >>> import urikit
    >>> urikit.parse("x-doc-demo://h:7000/").uses_default_port
    True
    >>> REGISTRY.unregister("x-doc-demo")
    """
    REGISTRY.register(handler, replace=replace)


def get(name: str) -> SchemeHandler | None:
    """The default registry's handler of ``name``, or ``None``."""
    check_str(name, "get", "name")
    return REGISTRY.get(name)


def view(ref: URIReference | str, *, registry: SchemeRegistry | None = None) -> SchemeView:
    """The typed view of ``ref`` (see :meth:`SchemeRegistry.view`).

    >>> view("telnet://user:pw@host.example.com/").user
    'user'
    >>> view("mailto:a@b?body=x").port
    Traceback (most recent call last):
    AttributeError: 'MailtoView' object has no attribute 'port'
    """
    if not isinstance(ref, (str, URIReference)):
        raise arg_type_error("view", "ref", "str or URIReference", ref)
    return (REGISTRY if registry is None else registry).view(ref)


def normalize(text: str, *, registry: SchemeRegistry | None = None) -> str:
    """Normalize ``text`` with RFC 3986 section 6 and its scheme's own rules.

    >>> normalize("FTP://H:21/a;type=I"), normalize("file://LOCALHOST/x")
    ('ftp://h/a;type=i', 'file:///x')
    """
    check_str(text, "normalize", "text")
    return (REGISTRY if registry is None else registry).normalize(text)


set_scheme_view_provider(lambda ref, registry: view(ref, registry=registry))
