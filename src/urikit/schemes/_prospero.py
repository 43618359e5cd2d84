"""``prospero`` URLs (RFC 4157 section 2, RFC 1738 3.11).

``prospero://<host>:<port>/<hsoname>;<field>=<value>``; the port defaults to
1525 and no user name or password is allowed. "/" in the hsoname carries no
meaning, and a "?" belongs to it (read back from any "?query").

>>> v = ProsperoView("prospero://example.com//pros/name;OBJECT-VERSION=2")
>>> v.hsoname, v.fieldspecs, v.port, v.effective_port
('/pros/name', [('OBJECT-VERSION', '2')], None, 1525)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from ..core._charsets import PCHAR
from ..core._errors import arg_type_error, check_str
from ..core._fields import names
from ._base import SERVER_FIELDS, ServerView, encode, with_positions

__all__ = ["ProsperoView"]

_FIELD_SAFE: Final = PCHAR - frozenset(";=")


def _pairs(pairs: object, func: str) -> list[tuple[str, str]]:
    expected = "a sequence of (str, str) pairs"
    if isinstance(pairs, (str, bytes, bytearray)) or not isinstance(pairs, Iterable):
        raise arg_type_error(func, "fieldspecs", expected, pairs)
    out = []
    for pair in pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise arg_type_error(func, "fieldspecs", expected, pair)
        for item in pair:
            if not isinstance(item, str):
                raise arg_type_error(func, "fieldspecs", expected, item)
        out.append((pair[0], pair[1]))
    return out


class ProsperoView(ServerView):
    """A typed view of a ``prospero`` URL."""

    __slots__ = ()
    _FIELDS = names(f"{SERVER_FIELDS} hsoname fieldspecs")
    _ROWS = frozenset({"fieldspecs"})
    schemes = ("prospero",)

    def _check(self) -> None:
        self._need_host()
        ref = self._ref
        if ref.userinfo is not None:
            raise self._fail("userinfo", str(ref).find("//") + 2, "no user or password allowed")
        start = self._path_start()
        text = self._path_and_query()
        if not text.startswith("/"):
            raise self._fail("path", start, "'/' and an hsoname required")
        hsoname, *specs = text.split(";")
        for spec, pos in with_positions(specs, start + len(hsoname) + 1):
            if "=" not in spec:
                raise self._fail("path", pos, "a fieldspec is field=value")

    @classmethod
    def build(
        cls,
        host: str,
        hsoname: str,
        fieldspecs: Sequence[tuple[str, str]] = (),
        *,
        port: int | None = None,
    ) -> ProsperoView:
        """Build from decoded values (RFC 4157 section 2); "/" in the hsoname is
        kept, ";", "=", "?" and "%" are percent-encoded.

        >>> v = ProsperoView.build("h", "/pros/a;b", [("VERSION", "2")])
        >>> str(v), v.hsoname, v.fieldspecs
        ('prospero://h//pros/a%3Bb;VERSION=2', '/pros/a;b', [('VERSION', '2')])
        """
        func = "ProsperoView.build"
        check_str(host, func, "host")
        check_str(hsoname, func, "hsoname")
        path = "/" + encode(hsoname, _FIELD_SAFE | frozenset("/"))
        for name, value in _pairs(fieldspecs, func):
            path += ";" + encode(name, _FIELD_SAFE) + "=" + encode(value, _FIELD_SAFE)
        return cls._from_host(host, path, port=port)

    @property
    def hsoname(self) -> str:
        """The decoded host-specific object name."""
        return self._decode(self._path_and_query()[1:].split(";")[0], self._path_start() + 1)

    @property
    def fieldspecs(self) -> list[tuple[str, str]]:
        """The ``;field=value`` pairs, decoded, in order."""
        out = []
        hsoname, *specs = self._path_and_query().split(";")
        for spec, at in with_positions(specs, self._path_start() + len(hsoname) + 1):
            name, _, value = spec.partition("=")
            out.append((self._decode(name, at), self._decode(value, at + len(name) + 1)))
        return out
