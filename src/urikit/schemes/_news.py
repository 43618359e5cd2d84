"""``news`` and ``nntp`` URIs (RFC 5538).

``newsURL = "news:" [ server "/" ] ( article / newsgroups )``: an "@" makes it an
article (a Message-ID without angle brackets), otherwise a newsgroup name or
a wildmat with "*".
``nntpURL = "nntp:" server "/" group [ "/" article-number ]`` (port 119).

>>> v = NewsView("news:example.group.*")
>>> v.is_article, v.newsgroups, v.has_wildcard, v.server
(False, 'example.group.*', True, None)
>>> NewsView("news:p0f@example.com").message_id
'p0f@example.com'
>>> n = NntpView("nntp://news.server.example/example.group.this/12345")
>>> n.group, n.article_number, n.port, n.effective_port
('example.group.this', 12345, None, 119)
"""

from __future__ import annotations

from typing import Final

from ..core._charsets import ALPHA, DIGIT, HEXDIG, PCHAR
from ..core._errors import check_optional_str, check_str
from ..core._fields import names
from ..core._reference import URIReference
from ._base import SERVER_FIELDS, ServerView, bad_value, encode

__all__ = ["NewsView", "NntpView"]

_GROUP_CHAR: Final = ALPHA | DIGIT | frozenset("-+_.")


def _bad_group_char(text: str, extra: frozenset[str]) -> int:
    """Index of the first character of ``text`` outside group-char / pct-encoded / extra."""
    i = 0
    allowed = _GROUP_CHAR | extra
    while i < len(text):
        ch = text[i]
        if ch == "%" and text[i + 1 : i + 2] in HEXDIG and text[i + 2 : i + 3] in HEXDIG:
            i += 3
            continue
        if ch not in allowed:
            return i
        i += 1
    return -1


def _encode_group(text: str, extra: frozenset[str]) -> str:
    """Percent-encode all but group-char and ``extra`` ("~" too, which ``encode`` keeps)."""
    return encode(text, _GROUP_CHAR | extra).replace("~", "%7E")


class NewsView(ServerView):
    """A typed view of a ``news`` URI."""

    __slots__ = ()
    _FIELDS = names(
        "scheme server port effective_port is_article message_id newsgroups has_wildcard"
    )
    schemes = ("news",)

    def _spec(self) -> tuple[str, int]:
        """(the article-or-newsgroups text, its index in the whole URI)."""
        ref = self._ref
        start = self._path_start()
        if ref.authority is not None:
            return ref.path[1:], start + 1
        return ref.path, start

    def _check(self) -> None:
        ref = self._ref
        if ref.authority is not None and not ref.path.startswith("/"):
            raise self._fail("path", self._path_start(), "'/' required after the server")
        if ref.query is not None:
            pos = (
                len(str(ref))
                - len(ref.query)
                - 1
                - (0 if ref.fragment is None else len(ref.fragment) + 1)
            )
            raise self._fail("path", pos, "'?' must be written %3F in a news URI")
        spec, start = self._spec()
        if "@" in spec:
            if "/" in spec:
                raise self._fail("path", start + spec.index("/"), "'/' must be %2F in a msg-id")
            return
        bad = _bad_group_char(spec, frozenset("*"))
        if bad >= 0:
            raise self._fail("path", start + bad, "not a newsgroup name or wildmat")

    @classmethod
    def build(
        cls,
        newsgroups: str | None = None,
        *,
        message_id: str | None = None,
        server: str | None = None,
        port: int | None = None,
    ) -> NewsView:
        """Build from a decoded newsgroup name or wildmat, or a decoded Message-ID
        without angle brackets (exactly one), and an optional server (RFC 5538 2.1).

        >>> str(NewsView.build("comp.lang.*")), str(NewsView.build(message_id="a/b@c"))
        ('news:comp.lang.*', 'news:a%2Fb@c')
        >>> NewsView.build(message_id="x@y", server="news.example").message_id
        'x@y'
        """
        func = "NewsView.build"
        check_optional_str(newsgroups, func, "newsgroups")
        check_optional_str(message_id, func, "message_id")
        check_optional_str(server, func, "server")
        if (newsgroups is None) == (message_id is None):
            detail = "give exactly one of newsgroups and message_id"
            raise bad_value("newsgroups", newsgroups or "", detail)
        if message_id is not None:
            if "@" not in message_id:
                raise bad_value("message_id", message_id, "a Message-ID holds '@'")
            spec = encode(message_id, PCHAR)
        else:
            spec = _encode_group(newsgroups or "", frozenset("*"))
        if server is None:
            if port is not None:
                raise bad_value("port", str(port), "a port needs a server")
            return cls(URIReference.from_components(scheme="news", path=spec))
        return cls._from_host(server, "/" + spec, port=port)

    @property
    def server(self) -> str | None:
        """The server host, decoded, or ``None`` for the configured default server."""
        return self._ref.decoded_host()

    @property
    def effective_port(self) -> int | None:
        """The server port (119 when a server without port is given), or ``None``
        without a server (the configured default server is used)."""
        if self._ref.authority is None:
            return None
        return super().effective_port

    @property
    def is_article(self) -> bool:
        """True when the URI names an article by its Message-ID (it has an "@")."""
        return "@" in self._spec()[0]

    @property
    def message_id(self) -> str | None:
        """The decoded Message-ID without angle brackets, for an article; else ``None``."""
        spec, start = self._spec()
        return self._decode(spec, start) if "@" in spec else None

    @property
    def newsgroups(self) -> str | None:
        """The decoded newsgroup name or wildmat, when not an article; else ``None``."""
        spec, start = self._spec()
        return None if "@" in spec else self._decode(spec, start)

    @property
    def has_wildcard(self) -> bool:
        """True for a wildmat with "*" (or the empty, all-groups form)."""
        groups = self.newsgroups
        return groups is not None and ("*" in groups or "?" in groups or not groups)


class NntpView(ServerView):
    """A typed view of an ``nntp`` URI."""

    __slots__ = ()
    _FIELDS = names(f"{SERVER_FIELDS} group article_number")
    schemes = ("nntp",)

    def _check(self) -> None:
        self._need_host()
        ref = self._ref
        start = self._path_start()
        path = ref.path
        if not path.startswith("/") or len(path) < 2:
            raise self._fail("path", start + min(len(path), 1), "'/' and a group required")
        group, slash, number = path[1:].partition("/")
        bad = _bad_group_char(group, frozenset())
        if bad >= 0 or not group:
            raise self._fail("path", start + 1 + max(bad, 0), "not a newsgroup name")
        if slash:
            pos = start + 2 + len(group)
            for i, ch in enumerate(number):
                if not ("0" <= ch <= "9"):
                    raise self._fail("path", pos + i, "article-number is 1*16DIGIT")
            if not 1 <= len(number) <= 16:
                raise self._fail("path", pos + min(len(number), 16), "article-number is 1*16DIGIT")
        if ref.query is not None:
            raise self._fail("path", start + len(path), "no query in an nntp URI")

    @classmethod
    def build(
        cls,
        host: str,
        group: str,
        article_number: int | None = None,
        *,
        port: int | None = None,
    ) -> NntpView:
        """Build from decoded values (RFC 5538 2.2).

        >>> v = NntpView.build("h", "example.group.n/a", 12345)
        >>> str(v), v.group, v.article_number
        ('nntp://h/example.group.n%2Fa/12345', 'example.group.n/a', 12345)
        """
        check_str(host, "NntpView.build", "host")
        check_str(group, "NntpView.build", "group")
        if not group:
            raise bad_value("group", group, "a group is required")
        path = "/" + _encode_group(group, frozenset())
        if article_number is not None:
            if not 0 <= article_number < 10**16:
                detail = "article-number is 1*16DIGIT"
                raise bad_value("article_number", str(article_number), detail)
            path += "/" + str(article_number)
        return cls._from_host(host, path, port=port)

    @property
    def group(self) -> str:
        """The decoded newsgroup name."""
        return self._decode(self._ref.path[1:].partition("/")[0], self._path_start() + 1)

    @property
    def article_number(self) -> int | None:
        """The article number, or ``None``."""
        number = self._ref.path[1:].partition("/")[2]
        return int(number) if number else None
