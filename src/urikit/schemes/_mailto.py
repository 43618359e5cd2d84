"""``mailto`` URIs (RFC 6068).

``mailtoURI = "mailto:" [ to ] [ hfields ]``, ``to = addr-spec *("," addr-spec)``,
``hfields = "?" hfield *( "&" hfield )``, ``hfield = hfname "=" hfvalue``.
Addresses are split on literal "," and header fields on literal "&" and the
first "=", *before* percent-decoding (UTF-8), so ``%2C``, ``%26`` and ``%3D``
stay data. "+" is a plus sign, never a space.

>>> v = MailtoView("mailto:infobot@example.com?subject=current-issue&body=send%20current-issue")
>>> v.to, v.subject, v.body
(['infobot@example.com'], 'current-issue', 'send current-issue')
>>> str(MailtoView.build(["a@example.org"], subject="Hi there", cc=["b@example.org"]))
'mailto:a@example.org?cc=b@example.org&subject=Hi%20there'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from ..core._charsets import UNRESERVED
from ..core._errors import arg_type_error, check_optional_str, check_str
from ..core._fields import names
from ..core._reference import parse
from ._base import SchemeView, check_strs, encode, with_positions

__all__ = ["MailtoView"]

# RFC 6068 section 2: some-delims, without "," (the address separator) in addresses.
_QCHAR: Final = UNRESERVED | frozenset("!$'()*+,;:@")
_ADDR_SAFE: Final = UNRESERVED | frozenset("!$'()*+;:@")


class MailtoView(SchemeView):
    """A typed view of a ``mailto`` URI."""

    __slots__ = ()
    _FIELDS = names("scheme to headers recipients")
    _ROWS = frozenset({"headers"})
    schemes = ("mailto",)

    def _check(self) -> None:
        ref = self._ref
        if ref.authority is not None:
            raise self._fail("path", len(ref.scheme or "") + 1, "mailto has no '//' authority")
        path = ref.path
        if path:
            for addr, offset in with_positions(path.split(","), self._path_start()):
                if "@" not in addr:
                    raise self._fail("to", offset, "an addr-spec needs '@'")
        if ref.query is not None:
            start = self._path_start() + len(path) + 1
            for field, offset in with_positions(ref.query.split("&"), start):
                if "=" not in field:
                    raise self._fail("hfields", offset, "a header field needs '='")
                # hfname "=" hfvalue, both *qchar: no "?", "/" or second "=" (RFC 6068 2)
                name_len = field.index("=")
                for i, ch in enumerate(field):
                    if ch in "?/" or (ch == "=" and i != name_len):
                        raise self._fail("hfields", offset + i, f"{ch!r} is not a qchar")

    @classmethod
    def build(
        cls,
        to: Sequence[str] = (),
        *,
        cc: Sequence[str] = (),
        bcc: Sequence[str] = (),
        subject: str | None = None,
        body: str | None = None,
        headers: Sequence[tuple[str, str]] = (),
    ) -> MailtoView:
        """Build from decoded addresses and header values (RFC 6068 section 2).

        ``cc``/``bcc`` are joined with ","; ``headers`` come after them and before
        ``subject`` and ``body``.
        """
        func = "MailtoView.build"
        to = check_strs(to, func, "to")
        cc = check_strs(cc, func, "cc")
        bcc = check_strs(bcc, func, "bcc")
        check_optional_str(subject, func, "subject")
        check_optional_str(body, func, "body")
        expected = "a sequence of (str, str) pairs"
        if isinstance(headers, (str, bytes, bytearray)) or not isinstance(headers, Iterable):
            raise arg_type_error(func, "headers", expected, headers)
        headers = list(headers)
        for pair in headers:
            if not (isinstance(pair, tuple) and len(pair) == 2):
                raise arg_type_error(func, "headers", expected, pair)
            for item in pair:
                if not isinstance(item, str):
                    raise arg_type_error(func, "headers", expected, item)
        fields: list[tuple[str, str]] = []
        if cc:
            fields.append(("cc", ",".join(encode(a, _ADDR_SAFE) for a in cc)))
        if bcc:
            fields.append(("bcc", ",".join(encode(a, _ADDR_SAFE) for a in bcc)))
        for name, value in headers:
            fields.append((encode(name, _QCHAR), encode(value, _QCHAR)))
        if subject is not None:
            fields.append(("subject", encode(subject, _QCHAR)))
        if body is not None:
            fields.append(("body", encode(body, _QCHAR)))
        text = "mailto:" + ",".join(encode(a, _ADDR_SAFE) for a in to)
        if fields:
            text += "?" + "&".join(n + "=" + v for n, v in fields)
        return cls(parse(text))

    @property
    def to(self) -> list[str]:
        """The decoded addresses of the path (not those of a "to" header field)."""
        path = self._ref.path
        if not path:
            return []
        return [
            self._decode(addr, at, "to")
            for addr, at in with_positions(path.split(","), self._path_start())
        ]

    @property
    def headers(self) -> list[tuple[str, str]]:
        """The header fields as decoded (name, value) pairs, in order."""
        query = self._ref.query
        if not query:
            return []
        out = []
        for field, at in with_positions(query.split("&"), self._query_start()):
            name, _, value = field.partition("=")
            decoded = self._decode(name, at, "hfields")
            out.append((decoded, self._decode(value, at + len(name) + 1, "hfields")))
        return out

    def header(self, name: str) -> str | None:
        """The first decoded value of header ``name`` (case-insensitive), or ``None``."""
        check_str(name, "MailtoView.header", "name")
        key = name.lower()
        for n, v in self.headers:
            if n.lower() == key:
                return v
        return None

    def _addresses(self, name: str) -> list[str]:
        key = name.lower()
        query = self._ref.query
        out: list[str] = []
        if not query:
            return out
        for field, at in with_positions(query.split("&"), self._query_start()):
            n, _, v = field.partition("=")
            if self._decode(n, at, "hfields").lower() == key and v:
                for addr, addr_at in with_positions(v.split(","), at + len(n) + 1):
                    out.append(self._decode(addr, addr_at, "hfields"))
        return out

    @property
    def recipients(self) -> list[str]:
        """All "to" addresses: the path's, then those of "to" header fields (section 2)."""
        return self.to + self._addresses("to")

    @property
    def cc(self) -> list[str]:
        """The decoded addresses of "cc" header fields."""
        return self._addresses("cc")

    @property
    def bcc(self) -> list[str]:
        """The decoded addresses of "bcc" header fields."""
        return self._addresses("bcc")

    @property
    def subject(self) -> str | None:
        """The decoded "subject" header field, or ``None``."""
        return self.header("subject")

    @property
    def body(self) -> str | None:
        """The decoded "body" pseudo header field, or ``None``."""
        return self.header("body")
