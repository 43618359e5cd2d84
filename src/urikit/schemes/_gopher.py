"""``gopher`` URLs (RFC 4266 section 2.1, RFC 1738 3.4).

``gopher://<host>:<port>/<gophertype><selector>[%09<search>[%09<gopher+_string>]]``.
No character is reserved in the gopher-path, so a "?" is part of the selector
(the view reads any "?query" back into it). An empty gopher-path means type
"1" and an empty selector; the port defaults to 70.

>>> v = GopherView("gopher://spinaltap.micro.umn.edu/7mindex/lookup%09elvis")
>>> v.gopher_type, v.selector, v.search, v.gopher_plus, v.effective_port
('7', 'mindex/lookup', 'elvis', None, 70)
>>> GopherView("gopher://h").gopher_type
'1'
"""

from __future__ import annotations

import re
from typing import Final

from ..core._charsets import PCHAR
from ..core._errors import check_optional_str, check_str
from ..core._fields import names
from ._base import SERVER_FIELDS, ServerView, bad_value, encode

__all__ = ["GopherView"]

_TAB_RE: Final = re.compile(r"%09")
_SAFE: Final = PCHAR | frozenset("/")


class GopherView(ServerView):
    """A typed view of a ``gopher`` URL."""

    __slots__ = ()
    _FIELDS = names(f"{SERVER_FIELDS} gopher_type selector search gopher_plus unsafe_escapes")
    schemes = ("gopher",)
    stream_protocol = True

    def _check(self) -> None:
        self._need_host()

    def _parts(self) -> list[str]:
        gpath = self._path_and_query()[1:]
        return _TAB_RE.split(gpath, maxsplit=2) if gpath else [""]

    @classmethod
    def build(
        cls,
        host: str,
        gopher_type: str = "1",
        selector: str = "",
        *,
        search: str | None = None,
        gopher_plus: str | None = None,
        port: int | None = None,
    ) -> GopherView:
        """Build from decoded values (RFC 4266 section 2.1); "?", "#", "%" and
        every character outside ``pchar`` are percent-encoded.

        >>> v = GopherView.build("h", "7", "a b?", search="x")
        >>> str(v), v.gopher_type, v.selector, v.search
        ('gopher://h/7a%20b%3F%09x', '7', 'a b?', 'x')
        """
        func = "GopherView.build"
        check_str(host, func, "host")
        check_str(gopher_type, func, "gopher_type")
        check_str(selector, func, "selector")
        check_optional_str(search, func, "search")
        check_optional_str(gopher_plus, func, "gopher_plus")
        if len(gopher_type) != 1 or not gopher_type.isascii():
            raise bad_value("gopher_type", gopher_type, "one ASCII character expected")
        for name, value in (("selector", selector), ("search", search)):
            if value is not None and "\t" in value:
                detail = "a TAB (the field separator) is not allowed"
                raise bad_value(name, value, detail, value.index("\t"))
        if gopher_plus is not None and search is None:
            detail = "a Gopher+ string needs a search (it follows the second %09)"
            raise bad_value("gopher_plus", gopher_plus, detail)
        gpath = encode(gopher_type, _SAFE) + encode(selector, _SAFE)
        if search is not None:
            gpath += "%09" + encode(search, _SAFE)
        if gopher_plus is not None:
            gpath += "%09" + encode(gopher_plus, _SAFE)
        return cls._from_host(host, "/" + gpath, port=port)

    def _part(self, index: int) -> tuple[str, int] | None:
        """(part ``index`` of the gopher-path split at its first two "%09", its
        index in the whole text), or ``None`` when it has fewer parts."""
        parts = self._parts()
        if index >= len(parts):
            return None
        at = self._path_start() + 1 + sum(len(part) + 3 for part in parts[:index])
        return parts[index], at

    @property
    def gopher_type(self) -> str:
        """The one-character gopher type; "1" (a directory) when the path is empty."""
        first = self._parts()[0]
        if not first.startswith("%"):
            return first[:1] or "1"
        return self._decode(first[:3], self._path_start() + 1)[:1]

    @property
    def selector(self) -> str:
        """The selector string, decoded (may be empty)."""
        first = self._parts()[0]
        skip = 3 if first.startswith("%") else 1
        return self._decode(first[skip:], self._path_start() + 1 + skip)

    @property
    def search(self) -> str | None:
        """The search string after the first %09, decoded, or ``None``."""
        part = self._part(1)
        return None if part is None else self._decode(*part)

    @property
    def gopher_plus(self) -> str | None:
        """The Gopher+ string after the second %09, decoded, or ``None``."""
        part = self._part(2)
        return None if part is None else self._decode(*part)
