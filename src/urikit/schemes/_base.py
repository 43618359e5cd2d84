"""The base of every typed scheme view, and the helpers the views share."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar, Final, Self

from ..core._errors import URIError, arg_type_error, check_codec, check_str
from ..core._fields import json_fields, names
from ..core._percent import decode_in, encode_except
from ..core._reference import URIReference, parse
from ..core._schemeinfo import DEFAULT_REGISTRY, SchemeRegistry

__all__ = [
    "SERVER_FIELDS",
    "SchemeView",
    "ServerView",
    "bad_value",
    "check_strs",
    "encode",
    "encode_userinfo",
    "with_positions",
]

#: The first fields of a view whose server is its host: the scheme, then the host and ports.
SERVER_FIELDS: Final = "scheme host port effective_port"

_UNSAFE_RE: Final = re.compile(r"%(?:0[dD]|0[aA]|00)")


def encode(text: str, safe: frozenset[str]) -> str:
    """Percent-encode (UTF-8) every character of ``text`` not in ``safe`` (nor
    unreserved), with :func:`urikit.percent.encode_except`."""
    return encode_except(text, safe)


def encode_userinfo(user: str | None, password: str | None, safe: frozenset[str]) -> str | None:
    """The ``user[:password]`` userinfo from decoded values (the inverse of
    ``ServerView._user_password``); ``None`` without a user (a password alone is
    not written)."""
    if user is None:
        return None
    userinfo = encode(user, safe)
    if password is not None:
        userinfo += ":" + encode(password, safe)
    return userinfo


def with_positions(parts: Iterable[str], at: int) -> Iterator[tuple[str, int]]:
    """Each of ``parts`` (the pieces of a text split at a one-character
    separator) with its position in the whole URI text, the first at ``at``.

    >>> list(with_positions("a,bc,d".split(","), 7))
    [('a', 7), ('bc', 9), ('d', 12)]
    """
    for part in parts:
        yield part, at
        at += len(part) + 1


def bad_value(component: str, value: str, detail: str, position: int = 0) -> URIError:
    """The :class:`~urikit.URIError` of a ``build`` argument the scheme cannot hold."""
    return URIError("bad-value", component, position, value, detail=detail)


def check_strs(values: object, func: str, param: str) -> tuple[str, ...]:
    """``values`` as a tuple of ``str``; ``TypeError`` for anything else (a lone
    ``str`` too: it is a sequence of characters, not of strings)."""
    expected = "a sequence of str"
    if isinstance(values, (str, bytes, bytearray)) or not isinstance(values, Iterable):
        raise arg_type_error(func, param, expected, values)
    out = tuple(values)
    for value in out:
        if not isinstance(value, str):
            raise arg_type_error(func, param, expected, value)
    return out


class SchemeView:
    """A typed, read-only view of one URI of a known scheme.

    A view keeps the :class:`~urikit.URIReference` it was made from, so
    ``str(view) == str(view.ref)`` always; its scheme-specific accessors are
    decoded values. A name the view shares with :class:`~urikit.URIReference`
    means what it means there: ``host``, ``userinfo``, ``port``, ``path``,
    ``query`` and ``fragment`` are as written (percent-encoded), ``port_number``
    is the port's value, and ``decoded_host()``, ``decoded_path()``,
    ``path_segments``, ``decoded_query()``, ``decoded_fragment()``... decode.
    Subclasses check the scheme's own syntax in ``_check`` and raise
    :class:`~urikit.URIError` with the position in the whole URI text; the
    ``build`` class methods raise :class:`~urikit.URIError` for values the
    scheme cannot hold and ``TypeError`` for arguments of the wrong type.

    A decoded field whose ``%XX`` are not UTF-8 raises :class:`~urikit.URIError`
    with the position of the first bad one in the whole URI text, that text, and
    the component the view reads the field from: ``"userinfo"``, ``"path"``
    (in ftp, gopher and prospero also after a "?", which those schemes read as
    part of the path), the core's component for a field it forwards, and a
    mailto URI's ``"to"`` or ``"hfields"`` (RFC 6068's names):

    >>> from urikit.schemes import view
    >>> view("mailto:a@example.org?subject=Hi%20%FF").subject
    Traceback (most recent call last):
    urikit.errors.URIError: percent-encoded bytes are not valid utf-8 at position 34
    """

    __slots__ = ("_ref", "_registry")

    #: The scheme names the view serves (lowercase).
    schemes: ClassVar[tuple[str, ...]] = ()
    #: Does the view report escaped CR, LF and NUL (RFC 1738 section 6)?
    stream_protocol: ClassVar[bool] = False

    _ref: URIReference
    _registry: SchemeRegistry

    def __init__(self, ref: URIReference | str, *, registry: SchemeRegistry | None = None) -> None:
        if isinstance(ref, str):
            ref = parse(ref)
        elif not isinstance(ref, URIReference):
            raise arg_type_error(type(self).__name__, "ref", "str or URIReference", ref)
        if registry is not None and not isinstance(registry, SchemeRegistry):
            raise arg_type_error(
                type(self).__name__, "registry", "SchemeRegistry or None", registry
            )
        object.__setattr__(self, "_ref", ref)
        # The registry the view came from: its default ports are the view's.
        object.__setattr__(self, "_registry", DEFAULT_REGISTRY if registry is None else registry)
        scheme = ref.scheme
        if scheme is None or (self.schemes and scheme.lower() not in self.schemes):
            raise URIError(
                "bad-value",
                "scheme",
                0,
                str(ref),
                detail=f"expected one of {', '.join(self.schemes)}",
            )
        self._check()

    @classmethod
    def parse(cls, text: str) -> Self:
        """Parse ``text`` and check it against the scheme's syntax."""
        check_str(text, f"{cls.__name__}.parse", "text")
        return cls(text)

    def _check(self) -> None:
        """Raise URIError when the reference breaks the scheme's own syntax."""

    # -- helpers for subclasses --------------------------------------------------

    def _fail(self, component: str, position: int, detail: str) -> URIError:
        return URIError("bad-value", component, position, str(self._ref), detail=detail)

    def _decode(self, value: str, start: int, component: str = "path") -> str:
        """``value``, the part of the URI at index ``start``, percent-decoded as
        UTF-8; a ``%XX`` that is not UTF-8 raises :class:`~urikit.URIError` with
        its position in the whole URI text, that text and ``component``."""
        return decode_in(str(self._ref), start, value, "utf-8", component)

    def _query_start(self) -> int:
        """Index of the query (after its "?") in the whole text; only with a query."""
        return self._path_start() + len(self._ref.path) + 1

    def _path_start(self) -> int:
        """Index of the path in the whole text."""
        ref = self._ref
        tail = len(ref.path)
        if ref.query is not None:
            tail += 1 + len(ref.query)
        if ref.fragment is not None:
            tail += 1 + len(ref.fragment)
        return len(str(ref)) - tail

    def _path_and_query(self) -> str:
        """The path with any "?query" folded back in (for schemes with no query)."""
        ref = self._ref
        return ref.path if ref.query is None else ref.path + "?" + ref.query

    def _need_host(self) -> str:
        ref = self._ref
        if ref.authority is None:
            raise self._fail("authority", len(ref.scheme or "") + 1, "'//' and a host required")
        host = ref.host or ""
        if not host:
            start = str(ref).find("//") + 2 + (len(ref.userinfo) + 1 if ref.userinfo else 0)
            raise self._fail("host", start, "a host is required")
        # These schemes name a TCP port (RFC 793: 16 bits); RFC 3986 alone allows any
        # digits, more than int() converts: the length is checked before the value.
        port = ref.port
        if port:
            digits = port.lstrip("0") or "0"
            if len(digits) > 5 or int(digits) > 65535:
                start = str(ref).find("//") + 2 + len(ref.authority) - len(port)
                shown = digits if len(digits) <= 20 else f"of {len(digits)} digits"
                raise self._fail("port", start, f"port {shown} is above 65535")
        return host

    @classmethod
    def _from_host(
        cls,
        host: str,
        path: str,
        *,
        port: int | None = None,
        userinfo: str | None = None,
        query: str | None = None,
    ) -> Self:
        """The view of ``scheme://[userinfo@]host[:port]path[?query]`` (the view's
        first scheme) for ``build``: ``host`` decoded, encoded as
        :meth:`URIReference.build` encodes a host; the other parts already encoded."""
        scheme = cls.schemes[0]
        host_text = URIReference.build(scheme=scheme, host=host).host
        ref = URIReference.from_components(
            scheme=scheme, userinfo=userinfo, host=host_text, port=port, path=path, query=query
        )
        return cls(ref)

    # -- common accessors --------------------------------------------------------

    @property
    def ref(self) -> URIReference:
        """The reference this view reads."""
        return self._ref

    @property
    def scheme(self) -> str:
        """The scheme, lowercase."""
        return (self._ref.scheme or "").lower()

    @property
    def fragment(self) -> str | None:
        """The fragment as written, or ``None``, as :attr:`URIReference.fragment`."""
        return self._ref.fragment

    def decoded_fragment(self, encoding: str = "utf-8", errors: str = "strict") -> str | None:
        """The fragment, percent-decoded, or ``None``."""
        check_codec(encoding, errors, f"{type(self).__name__}.decoded_fragment")
        return self._ref.decoded_fragment(encoding, errors)

    @property
    def unsafe_escapes(self) -> list[int]:
        """Positions of ``%0D``, ``%0A`` and ``%00`` that would be unescaped into the
        protocol stream (RFC 1738 section 6; 2003 draft section 7.2). Only
        telnet, gopher and ftp views report them; others return ``[]``."""
        if not self.stream_protocol:
            return []
        text = str(self._ref)
        end = len(text) if self._ref.fragment is None else text.rfind("#")
        return [m.start() for m in _UNSAFE_RE.finditer(text, 0, end)]

    #: The names of :meth:`fields`, in order (a method's is called).
    _FIELDS: ClassVar[tuple[str, ...]] = names("scheme")
    #: The fields of :data:`_FIELDS` that are sequences of tuples (lists of lists in JSON).
    _ROWS: ClassVar[frozenset[str]] = frozenset()

    def fields(self) -> dict[str, Any]:
        """The typed fields as a JSON-ready dict."""
        return json_fields(self, self._FIELDS, self._ROWS)

    # -- value semantics ---------------------------------------------------------

    def __str__(self) -> str:
        return str(self._ref)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self._ref)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SchemeView):
            return type(self) is type(other) and self._ref == other._ref
        return NotImplemented

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._ref))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")


class ServerView(SchemeView):
    """A view of a scheme that names a server: host, port, and for some a
    ``user[:password]`` userinfo.

    The port accessors are those of :class:`~urikit.URIReference`: ``port``
    (as written, ``None`` when absent), ``port_number`` (its value),
    ``default_port`` and ``uses_default_port``; ``effective_port`` is the port
    a client connects to (the explicit one, else the scheme's default).

    >>> from urikit.schemes import view
    >>> v = view("ftp://h:0021/")
    >>> v.port, v.port_number, v.default_port, v.effective_port, v.uses_default_port
    ('0021', 21, 21, 21, True)
    >>> w = view("ftp://h/")
    >>> w.port, w.port_number, w.effective_port
    (None, None, 21)
    """

    __slots__ = ()

    @property
    def host(self) -> str | None:
        """The host as written (IP literals keep their brackets), ``None`` without an
        authority, as :attr:`URIReference.host`."""
        return self._ref.host

    def decoded_host(self, encoding: str = "utf-8", errors: str = "strict") -> str | None:
        """The host, percent-decoded, or ``None``."""
        check_codec(encoding, errors, f"{type(self).__name__}.decoded_host")
        return self._ref.decoded_host(encoding, errors)

    @property
    def default_port(self) -> int | None:
        """The scheme's default port (from the registry the view came from), or ``None``."""
        return self._registry.default_port(self.scheme)

    @property
    def port(self) -> str | None:
        """The port as written (``""`` for a bare ":"), or ``None``: :attr:`URIReference.port`."""
        return self._ref.port

    @property
    def port_number(self) -> int | None:
        """The explicit port's value, ``None`` when absent or empty (no default filled in)."""
        return self._ref.port_number

    @property
    def uses_default_port(self) -> bool:
        """True when the port is absent, empty or the scheme's default (in the
        registry the view came from)."""
        ref = self._ref
        if ref.authority is None:
            return False
        port = ref.port
        return not port or self._registry.is_default_port(self.scheme, port)

    @property
    def effective_port(self) -> int | None:
        """The explicit port's value, else the scheme's default port (an explicit 0
        stays 0); :attr:`port` is the port as written."""
        number = self._ref.port_number
        return self.default_port if number is None else number

    def _user_password(self) -> tuple[str | None, str | None]:
        """The userinfo's ``user[:password]``, decoded; ``None`` for absent parts."""
        ref = self._ref
        info = ref.userinfo
        if info is None:
            return None, None
        user, colon, password = info.partition(":")
        start = len(ref.scheme or "") + 3  # scheme "://" userinfo "@"
        return (
            self._decode(user, start, "userinfo"),
            self._decode(password, start + len(user) + 1, "userinfo") if colon else None,
        )
