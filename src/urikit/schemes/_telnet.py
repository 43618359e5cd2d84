"""``telnet`` URLs (RFC 4248 section 2, RFC 1738 3.8).

``telnet://<user>:<password>@<host>:<port>/``; the final "/" may be omitted,
the port defaults to 23, and nothing else may follow the authority.

>>> v = TelnetView("telnet://guest:secret@host.example.com:2323/")
>>> v.user, v.password, v.host, v.port, v.effective_port, v.trailing_slash
('guest', 'secret', 'host.example.com', '2323', 2323, True)
>>> str(TelnetView.build("h", user="a b"))
'telnet://a%20b@h/'
"""

from __future__ import annotations

from typing import Final

from ..core._charsets import USERINFO
from ..core._errors import check_optional_str, check_str
from ..core._fields import names
from ._base import ServerView, encode_userinfo

__all__ = ["TelnetView"]

_USER_SAFE: Final = USERINFO - frozenset(":")


class TelnetView(ServerView):
    """A typed view of a ``telnet`` URL."""

    __slots__ = ()
    _FIELDS = names("scheme user password host port effective_port trailing_slash unsafe_escapes")
    schemes = ("telnet",)
    stream_protocol = True

    def _check(self) -> None:
        self._need_host()
        ref = self._ref
        if ref.path not in ("", "/") or ref.query is not None:
            pos = self._path_start() + (1 if ref.path.startswith("/") else 0)
            raise self._fail("path", pos, "nothing may follow the final '/'")

    @classmethod
    def build(
        cls,
        host: str,
        *,
        user: str | None = None,
        password: str | None = None,
        port: int | None = None,
        trailing_slash: bool = True,
    ) -> TelnetView:
        """Build from decoded values."""
        check_str(host, "TelnetView.build", "host")
        check_optional_str(user, "TelnetView.build", "user")
        check_optional_str(password, "TelnetView.build", "password")
        userinfo = encode_userinfo(user, password, _USER_SAFE)
        return cls._from_host(host, "/" if trailing_slash else "", userinfo=userinfo, port=port)

    @property
    def user(self) -> str | None:
        """The user, decoded, or ``None``."""
        return self._user_password()[0]

    @property
    def password(self) -> str | None:
        """The password, decoded, or ``None``."""
        return self._user_password()[1]

    @property
    def trailing_slash(self) -> bool:
        """True when the optional final "/" is written."""
        return self._ref.path == "/"
