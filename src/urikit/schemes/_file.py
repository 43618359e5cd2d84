"""``file`` URIs (RFC 8089) and their conversion to and from local paths.

``file-URI = "file:" ( "//" [ file-auth ] path-absolute / path-absolute )``,
plus the forms of Appendix E: a DOS drive letter without a leading "/"
(``file:c:/x``, E.2), "|" for ":" after the drive (E.2.2), and UNC paths
written as ``file:////host/share`` (E.3.2).

:meth:`FileView.to_path` and :meth:`FileView.from_path` take the path
*flavour* ("posix" or "windows") as a parameter, never from the running OS.

>>> v = FileView("file:///c:/Program%20Files/x.txt")
>>> v.host, v.is_local, v.to_path("windows")
('', True, 'c:\\\\Program Files\\\\x.txt')
>>> str(FileView.from_path("\\\\\\\\server\\\\share\\\\a b.txt", "windows"))
'file://server/share/a%20b.txt'
>>> FileView.from_path("/tmp/a b", "posix").to_path("posix")
'/tmp/a b'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from ..core._charsets import ALPHA_CLASS, PCHAR
from ..core._errors import URIError, check_codec, check_optional_str, check_str, unknown_choice
from ..core._fields import names
from ..core._reference import URIReference
from ._base import SchemeView, bad_value, check_strs, encode, with_positions

__all__ = ["FLAVOURS", "FileView"]

FLAVOURS: Final = ("posix", "windows")
_DRIVE_RE: Final = re.compile(rf"/?([{ALPHA_CLASS}])[:|](?=/|\Z)")
_SEGMENT_SAFE: Final = PCHAR


def _flavour(flavour: str, func: str) -> None:
    check_str(flavour, func, "flavour")
    if flavour not in FLAVOURS:
        raise unknown_choice("flavour", flavour, FLAVOURS)


class FileView(SchemeView):
    """A typed view of a ``file`` URI."""

    __slots__ = ()
    _FIELDS = names("scheme host is_local path decoded_path path_segments drive")
    schemes = ("file",)

    def _check(self) -> None:
        ref = self._ref
        path = ref.path
        if path.startswith("/"):
            return
        if ref.authority is None and _DRIVE_RE.match(path):
            return  # RFC 8089 E.2: file:c:/path
        raise self._fail("path", self._path_start(), "a file URI needs an absolute path")

    @property
    def host(self) -> str | None:
        """The host as written: ``None`` without "//", ``""`` for ``file:///``."""
        return self._ref.host

    def decoded_host(self, encoding: str = "utf-8", errors: str = "strict") -> str | None:
        """The host, percent-decoded, or ``None``."""
        check_codec(encoding, errors, "FileView.decoded_host")
        return self._ref.decoded_host(encoding, errors)

    @property
    def is_local(self) -> bool:
        """True for no host, an empty host or "localhost" (RFC 8089 section 2)."""
        host = self.decoded_host()
        return not host or host.lower() == "localhost"

    @property
    def path(self) -> str:
        """The path as written (percent-encoded), as :attr:`URIReference.path`."""
        return self._ref.path

    def decoded_path(self, encoding: str = "utf-8", errors: str = "strict") -> str:
        """The path, percent-decoded, as :meth:`URIReference.decoded_path`
        (see :meth:`to_path` for a local path).

        >>> FileView("file:///a%20b/c").decoded_path()
        '/a b/c'
        """
        check_codec(encoding, errors, "FileView.decoded_path")
        return self._ref.decoded_path(encoding, errors)

    @property
    def path_segments(self) -> list[str]:
        """The decoded path segments."""
        return self._ref.path_segments

    @property
    def drive(self) -> str | None:
        """The DOS drive letter with ":" (e.g. "c:"), when the path has one (Appendix E.2)."""
        m = _DRIVE_RE.match(self._ref.path)
        return None if m is None else m.group(1) + ":"

    def _segments(self, path: str, flavour: str) -> list[str]:
        bad = "/\\\0" if flavour == "windows" else "/\0"
        start = self._path_start() + len(self._ref.path) - len(path)
        out = []
        for seg, offset in with_positions(path.split("/"), start):
            value = self._decode(seg, offset)
            for ch in bad:
                if ch in value:
                    detail = f"segment decodes to {ch!r}, which a {flavour} path cannot hold"
                    raise self._fail("path", offset, detail)
            out.append(value)
        return out

    def to_path(self, flavour: str = "posix") -> str:
        """The local path this URI names, as a ``flavour`` path ("posix" or "windows").

        A non-local host becomes a UNC path on Windows and is refused on POSIX.

        >>> FileView("file://host/share/dir/f").to_path("windows")
        '\\\\\\\\host\\\\share\\\\dir\\\\f'
        >>> FileView("file:/etc/hosts").to_path()
        '/etc/hosts'
        """
        _flavour(flavour, "FileView.to_path")
        ref = self._ref
        if ref.query is not None:
            raise self._fail("query", len(str(ref)) - len(ref.query) - 1, "no query in a path")
        path = ref.path
        if flavour == "posix":
            if not self.is_local:
                raise self._fail("host", str(ref).find("//") + 2, "POSIX has no remote hosts")
            if not path.startswith("/"):
                raise self._fail("path", self._path_start(), "not an absolute POSIX path")
            return "/".join(self._segments(path, flavour))
        if not self.is_local:
            segs = self._segments(path[1:], flavour)
            return "\\\\" + (self.decoded_host() or "") + "\\" + "\\".join(segs)
        if path.startswith("//"):  # Appendix E.3.2: file:////host/share/...
            rest = path.lstrip("/")
            return "\\\\" + "\\".join(self._segments(rest, flavour))
        m = _DRIVE_RE.match(path)
        if m is not None:
            rest = path[m.end() :]
            drive = m.group(1) + ":"
            if not rest:
                return drive + "\\"
            return drive + "\\".join(self._segments(rest, flavour))
        return "\\".join(self._segments(path, flavour))

    @classmethod
    def build(cls, segments: Sequence[str], *, host: str | None = "") -> FileView:
        """Build ``file:`` + [``//host``] + ``/seg/seg...`` from decoded path
        segments (RFC 8089 section 2); ``host=None`` gives the ``file:/path``
        form, ``""`` the ``file:///path`` form.

        >>> v = FileView.build(["tmp", "a b#1"])
        >>> str(v), v.path_segments, v.is_local
        ('file:///tmp/a%20b%231', ['tmp', 'a b#1'], True)
        """
        segments = check_strs(segments, "FileView.build", "segments")
        check_optional_str(host, "FileView.build", "host")
        path = "/" + "/".join(encode(seg, _SEGMENT_SAFE) for seg in segments)
        if host is None:
            if path.startswith("//"):
                detail = "without a host the first segment cannot be empty"
                raise bad_value("path", path, detail, 1)
            return cls(URIReference.from_components(scheme="file", path=path))
        return cls._from_host(host, path)

    @classmethod
    def from_path(cls, path: str, flavour: str = "posix", *, host: str = "") -> FileView:
        """The ``file`` URI of an absolute ``flavour`` path ("posix" or "windows").

        POSIX paths give ``file://<host>/...`` (``host`` "" by default); Windows
        paths with a drive give ``file:///C:/...`` and UNC paths
        ``file://server/share/...``. Every character a segment may not hold is
        percent-encoded (UTF-8), so ``to_path`` gives the same path back.

        >>> str(FileView.from_path("C:\\\\dir\\\\ü.txt", "windows"))
        'file:///C:/dir/%C3%BC.txt'
        """
        check_str(path, "FileView.from_path", "path")
        _flavour(flavour, "FileView.from_path")
        check_str(host, "FileView.from_path", "host")
        if "\0" in path:
            raise URIError("bad-value", "path", path.index("\0"), path, detail="NUL in a path")
        if flavour == "posix":
            if not path.startswith("/"):
                raise URIError("bad-value", "path", 0, path, detail="not an absolute POSIX path")
            segs = path.split("/")
            enc = "/".join(encode(s, _SEGMENT_SAFE) for s in segs)
            return cls._from_host(host, enc)
        if path.startswith("\\\\"):
            server, _, rest = path[2:].partition("\\")
            if not server or not rest:
                detail = "a UNC path needs \\\\host\\share"
                raise URIError("bad-value", "path", 2, path, detail=detail)
            segs = rest.split("\\")
            host_text = URIReference.build(scheme="file", host=server).host
            enc = "/" + "/".join(encode(s, _SEGMENT_SAFE) for s in segs)
            return cls(URIReference.from_components(scheme="file", host=host_text, path=enc))
        m = re.match(rf"[{ALPHA_CLASS}]:\\", path)
        if m is not None:
            segs = path[3:].split("\\")
            enc = "/" + path[:2] + "/" + "/".join(encode(s, _SEGMENT_SAFE) for s in segs)
        elif path.startswith("\\"):
            enc = "/".join(encode(s, _SEGMENT_SAFE) for s in path.split("\\"))
        else:
            raise URIError("bad-value", "path", 0, path, detail="not an absolute Windows path")
        return cls(URIReference.from_components(scheme="file", host=host or "", path=enc))
