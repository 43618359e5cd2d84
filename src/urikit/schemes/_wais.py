"""``wais`` URLs (RFC 4156 section 2, RFC 1738 3.9).

``wais://<host>:<port>/<database>``, ``.../<database>?<search>`` or
``.../<database>/<wtype>/<wpath>``; the port defaults to 210.

>>> v = WaisView("wais://quake.think.com/directory-of-servers?food")
>>> v.kind, v.database, v.search
('search', 'directory-of-servers', 'food')
>>> d = WaisView("wais://h:2100/db/TEXT/doc-id")
>>> d.kind, d.wtype, d.wpath, d.port, d.effective_port
('document', 'TEXT', 'doc-id', '2100', 2100)
"""

from __future__ import annotations

from typing import Final

from ..core._charsets import PCHAR
from ..core._errors import check_optional_str, check_str
from ..core._fields import names
from ._base import SERVER_FIELDS, ServerView, bad_value, encode

__all__ = ["WaisView"]

_SAFE: Final = PCHAR - frozenset("&=+")


class WaisView(ServerView):
    """A typed view of a ``wais`` URL."""

    __slots__ = ()
    _FIELDS = names(f"{SERVER_FIELDS} kind database search wtype wpath")
    schemes = ("wais",)

    def _segs(self) -> list[str]:
        return self._ref.path[1:].split("/")

    def _check(self) -> None:
        self._need_host()
        ref = self._ref
        start = self._path_start()
        segs = self._segs()
        if not ref.path.startswith("/") or not segs[0]:
            raise self._fail("path", start + min(len(ref.path), 1), "a database is required")
        if len(segs) not in (1, 3):
            pos = start + 1 + len(segs[0]) + (len(segs[1]) + 1 if len(segs) > 1 else 0)
            raise self._fail("path", pos, "expected /database/wtype/wpath")
        if len(segs) == 3 and ref.query is not None:
            raise self._fail("path", start + len(ref.path), "a document takes no search")

    @classmethod
    def build(
        cls,
        host: str,
        database: str,
        *,
        search: str | None = None,
        wtype: str | None = None,
        wpath: str | None = None,
        port: int | None = None,
    ) -> WaisView:
        """Build a database, search (``search``) or document (``wtype`` and
        ``wpath``) URL from decoded values (RFC 4156 section 2).

        >>> v = WaisView.build("h", "my db", wtype="TEXT", wpath="a/b")
        >>> str(v), v.kind, v.wpath
        ('wais://h/my%20db/TEXT/a%2Fb', 'document', 'a/b')
        """
        func = "WaisView.build"
        check_str(host, func, "host")
        check_str(database, func, "database")
        for name, value in (("search", search), ("wtype", wtype), ("wpath", wpath)):
            check_optional_str(value, func, name)
        if not database:
            raise bad_value("database", database, "a database is required")
        if (wtype is None) != (wpath is None):
            detail = "a document needs both wtype and wpath"
            raise bad_value("wtype" if wtype is None else "wpath", "", detail)
        if search is not None and wtype is not None:
            raise bad_value("search", search, "a search and a document are exclusive")
        path = "/" + encode(database, _SAFE)
        if wtype is not None and wpath is not None:
            path += "/" + encode(wtype, _SAFE) + "/" + encode(wpath, _SAFE)
        query = None if search is None else encode(search, _SAFE)
        return cls._from_host(host, path, query=query, port=port)

    @property
    def kind(self) -> str:
        """ "database", "search" or "document"."""
        if len(self._segs()) == 3:
            return "document"
        return "database" if self._ref.query is None else "search"

    @property
    def database(self) -> str:
        """The decoded database name."""
        return self._decode(self._segs()[0], self._path_start() + 1)

    @property
    def search(self) -> str | None:
        """The decoded search, or ``None``."""
        return self._ref.decoded_query()

    @property
    def wtype(self) -> str | None:
        """The decoded WAIS type of a document, or ``None``."""
        segs = self._segs()
        if len(segs) != 3:
            return None
        return self._decode(segs[1], self._path_start() + len(segs[0]) + 2)

    @property
    def wpath(self) -> str | None:
        """The decoded WAIS document-id, or ``None``."""
        segs = self._segs()
        if len(segs) != 3:
            return None
        return self._decode(segs[2], self._path_start() + len(segs[0]) + len(segs[1]) + 3)
