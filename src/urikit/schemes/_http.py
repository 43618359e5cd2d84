"""``http`` and ``https`` URIs (RFC 9110 section 4.2).

``http-URI = "http" "://" authority path-abempty [ "?" query ]``; the host must
not be empty (4.2.1); the default ports (80 and 443) are the scheme registry's.

>>> v = HttpView("https://example.com:8443/a%20b/c?x=1#top")
>>> v.host, v.port, v.effective_port, v.path, v.decoded_path(), v.path_segments
('example.com', '8443', 8443, '/a%20b/c', '/a b/c', ['a b', 'c'])
>>> v.query, v.fragment
('x=1', 'top')
>>> str(HttpView.build("example.com", path="/a b", query="q=1", secure=True))
'https://example.com/a%20b?q=1'
"""

from __future__ import annotations

from ..core._errors import check_codec, check_optional_str, check_str
from ..core._fields import names
from ..core._reference import URIReference
from ..core._schemeinfo import default_port
from ._base import SERVER_FIELDS, ServerView

__all__ = ["HttpView"]


class HttpView(ServerView):
    """A typed view of an ``http`` or ``https`` URI."""

    __slots__ = ()
    _FIELDS = names(f"{SERVER_FIELDS} path decoded_path query fragment")
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
        check_str(host, "HttpView.build", "host")
        check_str(path, "HttpView.build", "path")
        check_optional_str(query, "HttpView.build", "query")
        check_optional_str(fragment, "HttpView.build", "fragment")
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
        """The userinfo (deprecated by RFC 9110 4.2.4) as written, or ``None``."""
        return self._ref.userinfo

    def decoded_userinfo(self, encoding: str = "utf-8", errors: str = "strict") -> str | None:
        """The userinfo, percent-decoded, or ``None``."""
        check_codec(encoding, errors, "HttpView.decoded_userinfo")
        return self._ref.decoded_userinfo(encoding, errors)

    @property
    def effective_port(self) -> int:
        """The explicit port, else the scheme's default port in the scheme registry
        (80 for http, 443 for https); an explicit 0 stays 0.

        >>> HttpView("http://h/").effective_port, HttpView("https://h:0/").effective_port
        (80, 0)
        """
        number = self._ref.port_number
        if number is None:
            # every registry gives http and https a port; none would mean no port at all
            number = self.default_port or default_port(self.scheme) or 0
        return number

    @property
    def path(self) -> str:
        """The path as written (percent-encoded, possibly empty), as :attr:`URIReference.path`."""
        return self._ref.path

    def decoded_path(self, encoding: str = "utf-8", errors: str = "strict") -> str:
        """The path, percent-decoded; ``"/"`` when empty (RFC 9110 4.2.3: an empty
        path of an http(s) URI means "/").

        >>> HttpView("http://h").decoded_path(), HttpView("http://h/a%20b").decoded_path()
        ('/', '/a b')
        """
        check_codec(encoding, errors, "HttpView.decoded_path")
        return self._ref.decoded_path(encoding, errors) or "/"

    @property
    def path_segments(self) -> list[str]:
        """The decoded path segments."""
        return self._ref.path_segments

    @property
    def query(self) -> str | None:
        """The query as written, or ``None``, as :attr:`URIReference.query`."""
        return self._ref.query

    def decoded_query(self, encoding: str = "utf-8", errors: str = "strict") -> str | None:
        """The query, percent-decoded, or ``None``."""
        check_codec(encoding, errors, "HttpView.decoded_query")
        return self._ref.decoded_query(encoding, errors)

    @property
    def query_params(self) -> list[tuple[str, str | None]]:
        """The query as decoded (name, value) pairs."""
        return self._ref.query_params
