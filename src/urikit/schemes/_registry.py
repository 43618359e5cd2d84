"""The built-in registry's typed views and scheme normalizers, filled in when
:mod:`urikit.schemes` is imported, and the functions that read a registry:
:func:`register`, :func:`get`, :func:`view`, :func:`normalize`."""

from __future__ import annotations

from collections.abc import Callable

from ..core._errors import arg_type_error, check_str
from ..core._normalization import normalize as _core_normalize
from ..core._reference import URIReference, parse
from ..core._schemeinfo import DEFAULT_REGISTRY, SchemeHandler, SchemeRegistry
from ._base import SchemeView
from ._file import FileView
from ._ftp import FtpView
from ._gopher import GopherView
from ._http import HttpView
from ._mailto import MailtoView
from ._news import NewsView, NntpView
from ._prospero import ProsperoView
from ._telnet import TelnetView
from ._wais import WaisView

#: The built-in registry (``urikit.core._schemeinfo.DEFAULT_REGISTRY``): the one
#: ``URIReference.scheme_view()``, ``urikit.normalize`` and :func:`view` use by default.
registry: SchemeRegistry = DEFAULT_REGISTRY


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


#: The views and normalizers of the built-in schemes (their ports are in _schemeinfo).
_BUILTIN: dict[str, tuple[type[SchemeView] | None, Callable[[str], str] | None]] = {
    "http": (HttpView, None),  # RFC 9110 4.2.3: the core's port and "/" rules suffice
    "https": (HttpView, None),
    "ftp": (FtpView, _ftp_norm),
    "gopher": (GopherView, _slash_norm),
    "mailto": (MailtoView, None),
    "news": (NewsView, None),
    "nntp": (NntpView, None),
    "telnet": (TelnetView, _slash_norm),
    "wais": (WaisView, None),
    "file": (FileView, _file_norm),
    "prospero": (ProsperoView, None),
}
for _name, (_view, _normalizer) in _BUILTIN.items():
    _handler = DEFAULT_REGISTRY.get(_name)
    assert _handler is not None, _name  # _schemeinfo lists every built-in scheme
    if _handler.view is None and _handler.normalizer is None:
        DEFAULT_REGISTRY.register(
            _handler.replace(view=_view, normalizer=_normalizer), replace=True
        )


def register(handler: SchemeHandler, *, replace: bool = False) -> None:
    """Register ``handler`` in the built-in registry.

    >>> register(SchemeHandler("x-doc-demo", default_port=7000))
    >>> import urikit
    >>> urikit.parse("x-doc-demo://h:7000/").uses_default_port
    True
    >>> registry.unregister("x-doc-demo")
    """
    DEFAULT_REGISTRY.register(handler, replace=replace)


def get(name: str) -> SchemeHandler | None:
    """The built-in registry's handler of ``name``, or ``None``."""
    check_str(name, "get", "name")
    return DEFAULT_REGISTRY.get(name)


def view(ref: URIReference | str, *, registry: SchemeRegistry | None = None) -> SchemeView:
    """The typed view of ``ref`` (see :meth:`urikit.URIReference.scheme_view`).

    >>> view("telnet://user:pw@host.example.com/").user
    'user'
    >>> view("mailto:a@b?body=x").port
    Traceback (most recent call last):
    AttributeError: 'MailtoView' object has no attribute 'port'
    """
    if not isinstance(ref, (str, URIReference)):
        raise arg_type_error("view", "ref", "str or URIReference", ref)
    if isinstance(ref, str):
        ref = parse(ref)
    return ref.scheme_view(registry)  # type: ignore[no-any-return]


def normalize(text: str, *, registry: SchemeRegistry | None = None) -> str:
    """Normalize ``text`` with RFC 3986 section 6 and its scheme's own rules.

    >>> normalize("FTP://H:21/a;type=I"), normalize("file://LOCALHOST/x")
    ('ftp://h/a;type=i', 'file:///x')
    """
    check_str(text, "normalize", "text")
    reg = DEFAULT_REGISTRY if registry is None else registry
    out = _core_normalize(text) if registry is None else _core_normalize(text, registry=reg)
    scheme = parse(out).scheme
    function = None if scheme is None else reg.normalizer(scheme)
    return out if function is None else function(out)
