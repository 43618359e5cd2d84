"""``ftp`` URLs (RFC 1738 section 3.2).

``ftp://<user>:<password>@<host>:<port>/<cwd1>/.../<cwdN>/<name>;type=<typecode>``

The url-path is the text after the "/" that follows the host; RFC 1738 lets a
segment hold "?", so a "?query" is read back into the path. A ";" may appear
only as the ``;type=`` of the last segment; the typecode is one of a, i, d
(any case). Without a user, RFC 1738 3.2.1 says "anonymous" is used: ``user``
reports it, but the string is never changed.

>>> v = FtpView("ftp://ftp.example.org/pub/a%2Fb/file.txt;type=A")
>>> v.user, v.user_given, v.cwd, v.name, v.typecode, v.type_meaning
('anonymous', False, ['pub', 'a/b'], 'file.txt', 'a', 'ascii')
>>> str(FtpView.build("h", user="me", cwd=["d 1"], name="x;y", typecode="i"))
'ftp://me@h/d%201/x%3By;type=i'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..core._charsets import PCHAR, USERINFO
from ..core._errors import check_optional_str, check_str
from ..core._fields import names
from ._base import ServerView, bad_value, check_strs, encode, encode_userinfo, with_positions

__all__ = ["TYPECODES", "FtpView"]

#: RFC 1738 3.2.2: what each typecode asks for.
TYPECODES: Final = {"a": "ascii", "i": "image", "d": "directory"}

_SEGMENT_SAFE: Final = PCHAR - frozenset(";")
_USER_SAFE: Final = USERINFO - frozenset(":;")


class FtpView(ServerView):
    """A typed view of an ``ftp`` URL."""

    __slots__ = ()
    _FIELDS = names(
        "scheme user user_given password host port effective_port cwd name typecode type_meaning"
        " unsafe_escapes"
    )
    schemes = ("ftp",)
    stream_protocol = True

    def _split(self) -> tuple[list[str], str | None]:
        """(encoded segments of the url-path, typecode)."""
        fpath = self._path_and_query()[1:]
        if not fpath:
            return [], None
        segs = fpath.split("/")
        typecode = None
        last = segs[-1]
        semi = last.find(";")
        if semi >= 0:
            param = last[semi + 1 :]
            if param[:5].lower() == "type=" and len(param) == 6:
                typecode = param[5]
                segs[-1] = last[:semi]
        return segs, typecode

    def _check(self) -> None:
        self._need_host()
        start = self._path_start() + 1
        fpath = self._path_and_query()[1:]
        segs, typecode = self._split()
        for seg, offset in with_positions(segs, start):
            semi = seg.find(";")
            if semi >= 0:
                detail = "';' only in a final ';type=a|i|d'"
                raise self._fail("path", offset + semi, detail)
        if typecode is not None and typecode.lower() not in TYPECODES:
            raise self._fail("path", start + len(fpath) - 1, "typecode must be a, i or d")

    @classmethod
    def build(
        cls,
        host: str,
        *,
        user: str | None = None,
        password: str | None = None,
        port: int | None = None,
        cwd: Sequence[str] = (),
        name: str = "",
        typecode: str | None = None,
    ) -> FtpView:
        """Build from decoded values; ";" in a name and "/" in a segment are encoded."""
        func = "FtpView.build"
        check_str(host, func, "host")
        check_optional_str(user, func, "user")
        check_optional_str(password, func, "password")
        cwd = check_strs(cwd, func, "cwd")
        check_str(name, func, "name")
        check_optional_str(typecode, func, "typecode")
        userinfo = encode_userinfo(user, password, _USER_SAFE)
        segs = [encode(s, _SEGMENT_SAFE) for s in (*cwd, name)]
        path = "/" + "/".join(segs)
        if typecode is not None:
            if typecode.lower() not in TYPECODES:
                raise bad_value("typecode", typecode, "typecode must be a, i or d")
            path += ";type=" + typecode
        if path == "/":
            path = ""
        return cls._from_host(host, path, userinfo=userinfo, port=port)

    @property
    def user(self) -> str:
        """The user, decoded; "anonymous" when none is given (RFC 1738 3.2.1)."""
        user = self._user_password()[0]
        return "anonymous" if user is None else user

    @property
    def user_given(self) -> bool:
        """True when the URL itself names a user."""
        return self._ref.userinfo is not None

    @property
    def password(self) -> str | None:
        """The password, decoded, or ``None``."""
        return self._user_password()[1]

    @property
    def cwd(self) -> list[str]:
        """The decoded directory segments (each one a CWD command)."""
        segs = self._split()[0][:-1]
        return [self._decode(seg, at) for seg, at in with_positions(segs, self._path_start() + 1)]

    @property
    def name(self) -> str:
        """The decoded file name (the last segment), ``""`` when none."""
        segs = self._split()[0]
        if not segs:
            return ""
        at = self._path_start() + 1 + sum(len(seg) + 1 for seg in segs[:-1])
        return self._decode(segs[-1], at)

    @property
    def typecode(self) -> str | None:
        """The ``;type=`` letter, lowercase, or ``None``."""
        code = self._split()[1]
        return None if code is None else code.lower()

    @property
    def type_meaning(self) -> str | None:
        """ "ascii", "image" or "directory" (RFC 1738 3.2.2), or ``None``."""
        code = self.typecode
        return None if code is None else TYPECODES[code]
