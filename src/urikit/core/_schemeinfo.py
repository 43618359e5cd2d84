"""The scheme registry: every per-scheme fact urikit knows, in one place.

A :class:`SchemeHandler` holds one scheme's facts: its default port (RFC 3986
section 6.2.3), whether an empty path with an authority normalizes to "/" as
for http (``http_like``, RFC 9110 section 4.2.3, RFC 6455 section 3), its
scheme-based normalizer and its typed view. A :class:`SchemeRegistry` maps
scheme names (case-insensitively) to handlers; :data:`DEFAULT_REGISTRY` is the
built-in one. Functions that depend on scheme facts (``normalize``,
``equivalent``, ``URIReference.default_port`` ...) take ``registry=`` and use
the built-in registry by default.

The registry sits in layer 2 so that the parser, the normalizer and
``URIReference`` can read it without importing upward. The built-in registry
knows every built-in scheme's port; the typed views and scheme normalizers live
in :mod:`urikit.schemes` (layer 5), which fills their slots when it is imported.
A registry created with ``provider="urikit.schemes"`` imports that module by
name the first time a view or normalizer is asked for and not yet filled in (a
registry lookup, not a static upward import).

>>> DEFAULT_REGISTRY.default_port("HTTP"), DEFAULT_REGISTRY.default_port("mailto")
(80, None)
>>> reg = SchemeRegistry()
>>> reg.register(SchemeHandler("x-demo", default_port=4000))
>>> "X-DEMO" in reg, reg.get("x-demo").default_port, reg.is_default_port("x-demo", "04000")
(True, 4000, True)
"""

from __future__ import annotations

from ._registry import NameTable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Final

__all__ = [
    "DEFAULT_REGISTRY",
    "SchemeHandler",
    "SchemeRegistry",
    "default_port",
    "set_default_port",
]

_FIELDS: Final = (
    "name",
    "default_port",
    "http_like",
    "has_authority",
    "view",
    "normalizer",
    "reference",
)


class SchemeHandler:
    """What urikit knows about one scheme (immutable).

    ``default_port``: the port a URI of the scheme means when it names none.
    ``http_like``: an empty path after an authority normalizes to "/".
    ``has_authority``: the scheme's URIs are usually written with "//" and an
    authority (``mailto:`` and ``news:`` are not; text extraction reads such
    schemes in prose without "//").
    ``view``: the typed view class (or any ``view(ref)`` factory), or ``None``.
    ``normalizer``: maps an RFC 3986 normalized URI of the scheme to its
    scheme-based normal form (RFC 3986 section 6.2.3), or ``None``.
    ``reference``: the document that defines the scheme (for people and tools).

    >>> h = SchemeHandler("gopher", 70, reference="RFC 4266")
    >>> h.default_port, h.replace(default_port=None).default_port
    (70, None)
    """

    __slots__ = _FIELDS

    name: str
    default_port: int | None
    http_like: bool
    has_authority: bool
    view: Callable[[Any], Any] | None
    normalizer: Callable[[str], str] | None
    reference: str

    def __init__(
        self,
        name: str,
        default_port: int | None = None,
        *,
        http_like: bool = False,
        has_authority: bool = True,
        view: Callable[[Any], Any] | None = None,
        normalizer: Callable[[str], str] | None = None,
        reference: str = "",
    ) -> None:
        if not isinstance(name, str) or not name:
            raise TypeError(f"name must be a non-empty str, not {name!r}")
        if default_port is not None and not isinstance(default_port, int):
            raise TypeError(f"default_port must be int or None, not {type(default_port).__name__}")
        values = (name, default_port, http_like, has_authority, view, normalizer, reference)
        for field, value in zip(_FIELDS, values, strict=True):
            object.__setattr__(self, field, value)

    def replace(self, **changes: Any) -> SchemeHandler:
        """A copy with some fields changed."""
        values = {field: getattr(self, field) for field in _FIELDS}
        values.update(changes)
        name = values.pop("name")
        return SchemeHandler(name, **values)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("SchemeHandler is immutable; use replace()")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SchemeHandler):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in _FIELDS)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, f) for f in _FIELDS))

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in _FIELDS)
        return f"SchemeHandler({inner})"


class SchemeRegistry(NameTable):
    """A table from scheme names (case-insensitive) to :class:`SchemeHandler`.

    The registry keeps, besides the handlers, an index of default ports and of
    http-like schemes that it updates itself on every change (the C
    accelerator's normalize reads the built-in registry's index directly), and
    :attr:`version`, a count of its changes, that a cache of anything derived
    from the handlers keys on (extraction's prose schemes do).

    ``provider`` names a module that fills in views and normalizers; it is
    imported when :meth:`view_factory` or :meth:`normalizer` finds a handler
    without one (once loaded, that is a lookup in ``sys.modules``).
    """

    def __init__(self, handlers: tuple[SchemeHandler, ...] = (), *, provider: str | None = None):
        self._handlers: dict[str, SchemeHandler] = {}
        #: scheme -> default port, for every handler with one (read by the C kernel).
        self.ports: Final[dict[str, int]] = {}
        #: the schemes whose handler is http-like (read by the C kernel).
        self.http_like: Final[set[str]] = set()
        self._version = 0  # bumped on every change (register, unregister, set_default_port)
        self._provider = provider
        for handler in handlers:
            self.register(handler)

    # -- changes -----------------------------------------------------------------

    def register(self, handler: SchemeHandler, *, replace: bool = False) -> None:
        """Add ``handler``; ``replace=True`` allows overriding an existing scheme."""
        if not isinstance(handler, SchemeHandler):
            raise TypeError(f"handler must be a SchemeHandler, not {type(handler).__name__}")
        key = handler.name.lower()
        if key in self._handlers and not replace:
            raise ValueError(f"scheme {handler.name!r} is already registered")
        self._handlers[key] = handler
        self._index(key, handler)

    def unregister(self, name: str) -> None:
        """Remove the handler of ``name``."""
        key = name.lower()
        del self._handlers[key]
        self._index(key, None)

    def set_default_port(self, scheme: str, port: int | None) -> None:
        """Record (or with ``None`` forget) the default port of ``scheme``.

        A scheme not yet registered gets a handler with only a port; one left
        with no facts at all is removed.
        """
        key = scheme.lower()
        handler = self._handlers.get(key)
        if handler is None:
            if port is not None:
                self.register(SchemeHandler(key, port))
            return
        handler = handler.replace(default_port=port)
        if port is None and handler == SchemeHandler(handler.name):
            self.unregister(key)
        else:
            self.register(handler, replace=True)

    @property
    def version(self) -> int:
        """How many changes the registry has had (register, unregister,
        set_default_port): what a cache of anything derived from the handlers
        keys on, read-only.

        >>> reg = SchemeRegistry()
        >>> before = reg.version
        >>> reg.set_default_port("x-demo", 1234)
        >>> reg.version > before
        True
        """
        return self._version

    def _index(self, key: str, handler: SchemeHandler | None) -> None:
        self._version += 1
        if handler is not None and handler.default_port is not None:
            self.ports[key] = handler.default_port
        else:
            self.ports.pop(key, None)
        if handler is not None and handler.http_like:
            self.http_like.add(key)
        else:
            self.http_like.discard(key)

    # -- queries -----------------------------------------------------------------

    def get(self, name: str) -> SchemeHandler | None:
        """The handler of ``name`` (any case), or ``None``."""
        return self._handlers.get(name.lower())

    def default_port(self, scheme: str) -> int | None:
        """The default port of ``scheme`` (any case), or ``None`` when it has none."""
        return self.ports.get(scheme.lower())

    def is_default_port(self, scheme: str | None, port: str) -> bool:
        """True when the digit string ``port`` names ``scheme``'s default port.

        Compared as digit strings, leading zeros ignored: ``port = *DIGIT`` (RFC
        3986 section 3.2.3) has no length limit, and ``int()`` has one.

        >>> reg = DEFAULT_REGISTRY
        >>> reg.is_default_port("HTTP", "0080"), reg.is_default_port("http", "8080")
        (True, False)
        >>> reg.is_default_port(None, "80")
        False
        """
        default = None if scheme is None else self.ports.get(scheme.lower())
        return default is not None and port.lstrip("0") == str(default)

    def is_http_like(self, scheme: str) -> bool:
        """True when an empty path after an authority normalizes to "/" for ``scheme``."""
        return scheme.lower() in self.http_like

    def _filled(self, name: str, slot: str) -> Any:
        handler = self.get(name)
        if handler is not None and getattr(handler, slot) is None and self._provider:
            # Imported whenever a slot is empty (a lookup in sys.modules once
            # loaded), so a thread asking during another's import waits for it.
            from ._extras import imported

            imported(self._provider)
            handler = self.get(name)
        return None if handler is None else getattr(handler, slot)

    def view_factory(self, scheme: str) -> Callable[..., Any] | None:
        """The typed-view factory of ``scheme``, or ``None`` when it has none."""
        factory: Callable[..., Any] | None = self._filled(scheme, "view")
        return factory

    def normalizer(self, scheme: str) -> Callable[[str], str] | None:
        """The scheme-based normalizer of ``scheme``, or ``None`` when it has none."""
        function: Callable[[str], str] | None = self._filled(scheme, "normalizer")
        return function


#: The built-in registry: the schemes RFC 3986 section 6.2.3 normalization and
#: the typed views know. :mod:`urikit.schemes` fills in views and normalizers.
DEFAULT_REGISTRY: Final = SchemeRegistry(
    (
        SchemeHandler("http", 80, http_like=True, reference="RFC 9110 4.2.1"),
        SchemeHandler("https", 443, http_like=True, reference="RFC 9110 4.2.2"),
        SchemeHandler("ws", 80, http_like=True, reference="RFC 6455 3"),
        SchemeHandler("wss", 443, http_like=True, reference="RFC 6455 3"),
        SchemeHandler("ftp", 21, reference="RFC 1738 3.2"),
        SchemeHandler("gopher", 70, reference="RFC 4266"),
        SchemeHandler("mailto", None, has_authority=False, reference="RFC 6068"),
        SchemeHandler("news", 119, has_authority=False, reference="RFC 5538 4"),
        SchemeHandler("nntp", 119, reference="RFC 5538 3"),
        SchemeHandler("telnet", 23, reference="RFC 4248"),
        SchemeHandler("wais", 210, reference="RFC 4156"),
        SchemeHandler("file", None, reference="RFC 8089"),
        SchemeHandler("prospero", 1525, reference="RFC 4157"),
    ),
    provider="urikit.schemes",
)


def default_port(scheme: str, registry: SchemeRegistry | None = None) -> int | None:
    """The default port of ``scheme`` (any case) in ``registry``, or ``None``.

    >>> default_port("HTTP"), default_port("mailto")
    (80, None)
    """
    return (DEFAULT_REGISTRY if registry is None else registry).default_port(scheme)


def set_default_port(scheme: str, port: int | None) -> None:
    """Record (or with ``None`` forget) the default port of ``scheme`` in the
    built-in registry (see :meth:`SchemeRegistry.set_default_port`)."""
    DEFAULT_REGISTRY.set_default_port(scheme, port)
