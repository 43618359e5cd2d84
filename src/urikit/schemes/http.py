"""``http`` and ``https`` URIs (RFC 9110 section 4.2).

``http-URI = "http" "://" authority path-abempty [ "?" query ]``; the host must
not be empty (4.2.1); the default ports are 80 and 443.

>>> v = HttpView("https://example.com:8443/a%20b/c?x=1#top")
>>> v.host, v.port, v.effective_port, v.path_segments, v.query, v.fragment
('example.com', 8443, 8443, ['a b', 'c'], 'x=1', 'top')
>>> str(HttpView.build("example.com", path="/a b", query="q=1", secure=True))
'https://example.com/a%20b?q=1'
"""

from __future__ import annotations

from typing import Any

from ..reference import URIReference
from ._base import ServerView, decode

__all__ = ["HttpView"]


class HttpView(ServerView):
    """A typed view of an ``http`` or ``https`` URI."""

    __slots__ = ()
    schemes = ("http", "https")

    def _check(self) -> None:
        self._need_host()

    @classmethod
    def build(
        cls,
        host: str,
        *,
        port: int | None = None,
        path: str = "/",
        query: str | None = None,
        fragment: str | None = None,
        secure: bool = False,
    ) -> HttpView:
        """Build from decoded values (each is percent-encoded as its component needs)."""
        ref = URIReference.build(
            scheme="https" if secure else "http",
            host=host,
            port=port,
            path=path,
            query=query,
            fragment=fragment,
        )
        return cls(ref)

    @property
    def secure(self) -> bool:
        """True for https."""
        return self.scheme == "https"

    @property
    def userinfo(self) -> str | None:
        """The userinfo (deprecated by RFC 9110 4.2.4), decoded, or ``None``."""
        return self._ref.decoded_userinfo()

    @property
    def port(self) -> int | None:
        """The explicit port, or ``None``."""
        return self._ref.port_number

    @property
    def effective_port(self) -> int:
        """The explicit port, else 80 (http) or 443 (https); an explicit 0 stays 0."""
        number = self._ref.port_number
        return (443 if self.secure else 80) if number is None else number

    @property
    def path(self) -> str:
        """The path, decoded; ``"/"`` when empty (RFC 9110 4.2.3)."""
        return decode(self._ref.path) or "/"

    @property
    def path_segments(self) -> list[str]:
        """The decoded path segments."""
        return self._ref.path_segments

    @property
    def query(self) -> str | None:
        """The query, decoded, or ``None``."""
        return self._ref.decoded_query()

    @property
    def query_params(self) -> list[tuple[str, str | None]]:
        """The query as decoded (name, value) pairs."""
        return self._ref.query_params

    def fields(self) -> dict[str, Any]:
        return {
            "scheme": self.scheme,
            "host": self.host,
            "port": self.port,
            "effective_port": self.effective_port,
            "path": self.path,
            "query": self.query,
            "fragment": self.fragment,
        }
