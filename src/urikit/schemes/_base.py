"""The base of every typed scheme view, and the helpers the views share."""

from __future__ import annotations

import re
from typing import Any, ClassVar, Final

from .._schemeinfo import default_port as _default_port
from ..errors import URIError
from ..percent import encode_except, percent_decode
from ..reference import URIReference, parse

__all__ = ["SchemeView", "decode", "encode"]

_UNSAFE_RE: Final = re.compile(r"%(?:0[dD]|0[aA]|00)")


def decode(text: str) -> str:
    """Percent-decode ``text`` as UTF-8 (``%XX`` that is not UTF-8 raises URIError)."""
    return percent_decode(text)


def encode(text: str, safe: frozenset[str]) -> str:
    """Percent-encode (UTF-8) every character of ``text`` not in ``safe`` (nor
    unreserved), with :func:`urikit.percent.encode_except`."""
    return encode_except(text, safe)


class SchemeView:
    """A typed, read-only view of one URI of a known scheme.

    A view keeps the :class:`~urikit.URIReference` it was made from, so
    ``str(view) == str(view.ref)`` always; its accessors are decoded values.
    Subclasses check the scheme's own syntax in ``_check`` and raise
    :class:`~urikit.URIError` with the position in the whole URI text.
    """

    __slots__ = ("_ref",)

    #: The scheme names the view serves (lowercase).
    schemes: ClassVar[tuple[str, ...]] = ()
    #: Does the view report escaped CR, LF and NUL (RFC 1738 section 6)?
    stream_protocol: ClassVar[bool] = False

    _ref: URIReference

    def __init__(self, ref: URIReference | str) -> None:
        if isinstance(ref, str):
            ref = parse(ref)
        object.__setattr__(self, "_ref", ref)
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
    def parse(cls, text: str) -> SchemeView:
        """Parse ``text`` and check it against the scheme's syntax."""
        return cls(text)

    def _check(self) -> None:
        """Raise URIError when the reference breaks the scheme's own syntax."""

    # -- helpers for subclasses --------------------------------------------------

    def _fail(self, component: str, position: int, detail: str) -> URIError:
        return URIError("bad-value", component, position, str(self._ref), detail=detail)

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
        # These schemes name a TCP port (RFC 793: 16 bits); RFC 3986 alone allows any digits.
        port = ref.port
        if port and int(port) > 65535:
            start = str(ref).find("//") + 2 + len(ref.authority) - len(port)
            raise self._fail("port", start, f"port {int(port)} is above 65535")
        return host

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
        """The fragment, decoded, or ``None``."""
        frag = self._ref.fragment
        return None if frag is None else decode(frag)

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

    def fields(self) -> dict[str, Any]:
        """The typed fields as a JSON-ready dict."""
        return {"scheme": self.scheme}

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
    """A view of a scheme that names a server: host, port (with the scheme's
    default), and for some a ``user[:password]`` userinfo."""

    __slots__ = ()

    @property
    def host(self) -> str:
        """The host, decoded ("" when there is none); IP literals keep their brackets."""
        return self._ref.decoded_host() or ""

    @property
    def default_port(self) -> int | None:
        """The scheme's default port (from the registry), or ``None``."""
        return _default_port(self.scheme)

    @property
    def port(self) -> int | None:
        """The explicit port, else the scheme's default port (an explicit 0 stays 0)."""
        number = self._ref.port_number
        return self.default_port if number is None else number

    def _user_password(self) -> tuple[str | None, str | None]:
        """The userinfo's ``user[:password]``, decoded; ``None`` for absent parts."""
        info = self._ref.userinfo
        if info is None:
            return None, None
        user, colon, password = info.partition(":")
        return decode(user), (decode(password) if colon else None)
