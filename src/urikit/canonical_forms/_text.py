"""What the three canonical forms share about text: bytes, escapes, and where an
error points.

The references work on bytes: Google's Go client on a Go string, urlcanon and
the surt package on ``bytes`` (a ``str`` given to them is encoded as UTF-8). The
profiles here do the same on a *byte text*: a ``str`` holding one byte a
character (code points 0-255), the UTF-8 of the input. A lone surrogate
U+DC80-U+DCFF, which is how Python reads a byte that is not UTF-8 (the
``surrogateescape`` error handler, as ``urikit`` reads files), stands for that
byte; any other lone surrogate is encoded as itself (``surrogatepass``).

A profile that refuses an input raises :class:`Refused` with a position in the
text it was working on; :func:`refusal` turns it into the :class:`URIError` of
the input, its position mapped back through the preparation (trimming, the
removal of tab, CR and LF, the bytes, and for Safe Browsing the unescaping) to
the character of the input it comes from.
"""

from __future__ import annotations

import re

from ..core._charsets import HEXDIG
from ..core._errors import URIError, check_str

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "Escaper",
    "Refused",
    "ascii_lower",
    "byte_text",
    "refusal",
    "unescape_all",
    "unescape_counting",
]

_LONE_SURROGATES: Final = re.compile("([\ud800-\udfff])")


def byte_text(text: str) -> str:
    """The UTF-8 of ``text``, one byte a character (see the module docstring).

    >>> byte_text("bü"), byte_text("a\\udc80"), byte_text("\\ud800")
    ('bÃ¼', 'a\\x80', 'í\\xa0\\x80')
    """
    if text.isascii():
        return text
    try:
        return text.encode("utf-8").decode("latin-1")
    except UnicodeEncodeError:
        pass
    out = []
    for i, piece in enumerate(_LONE_SURROGATES.split(text)):
        if i % 2 == 0:
            out.append(piece.encode("utf-8").decode("latin-1"))
        elif "\udc80" <= piece <= "\udcff":
            out.append(chr(ord(piece) - 0xDC00))
        else:
            out.append(piece.encode("utf-8", "surrogatepass").decode("latin-1"))
    return "".join(out)


_ASCII_LOWER: Final = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def ascii_lower(text: str) -> str:
    """``text`` with its ASCII letters lower-cased (a byte text's others are
    bytes of UTF-8, not letters): ``str.lower`` when it is ASCII, which is
    faster than a translation.

    >>> ascii_lower("AbÃ")
    'abÃ'
    """
    return text.lower() if text.isascii() else text.translate(_ASCII_LOWER)


def _byte_origins(text: str) -> list[int]:
    """For each character of ``byte_text(text)``, the index in ``text`` of the
    character whose encoding it is part of."""
    out: list[int] = []
    for i, c in enumerate(text):
        out.extend([i] * len(byte_text(c)))
    return out


def unescape_all(text: str) -> str:
    """Percent-unescape ``text`` until no ``%XX`` is left, in one pass.

    Safe Browsing says "repeatedly percent-unescape the URL until it has no more
    percent-escapes". Done by rounds, ``%25`` nested n deep costs n rounds over
    the text (quadratic); here each character goes onto a stack once, and
    whenever the top three are ``%``, hex, hex they become the byte they
    encode, which may complete an escape with what lies below. Each character is
    pushed once and each reduction removes two, so the work is linear. The
    result holds one byte a character (``%XX`` gives ``chr(0xXX)``); characters
    above U+00FF are left as they are.

    >>> unescape_all("%2525252541"), unescape_all("%%32%35"), unescape_all("a%zz%4")
    ('A', '%', 'a%zz%4')
    """
    if type(text) is not str:
        check_str(text, "unescape_all", "text")
    if "%" not in text:
        return text
    return _unescape(text, None)


def unescape_counting(text: str) -> tuple[str, int]:
    """:func:`unescape_all` and the number of rounds of "unescape once" it stands
    for (0 when ``text`` has no escape): the depth of the deepest nesting.

    >>> unescape_counting("%41"), unescape_counting("%2541"), unescape_counting("a")
    (('A', 1), ('A', 2), ('a', 0))
    """
    if "%" not in text:
        return text, 0
    depths: list[int] = []
    return _unescape(text, depths), max(depths, default=0)


def _unescape(text: str, depths: list[int] | None) -> str:
    """The stack of :func:`unescape_all`. With ``depths``, the depth of every
    reduction is appended to it (a character of the input has depth 0, the byte
    ``%XX`` gives is one deeper than the deepest of the three)."""
    pieces = text.split("%")
    done = [pieces[0]]
    stack: list[str] = []
    depth: list[int] = []  # beside ``stack`` when depths are counted
    push = stack.append
    for piece in pieces[1:]:
        push("%")
        if depths is not None:
            depth.append(0)
        i, n = 0, len(piece)
        # A push can complete an escape only while a "%" is among the top two;
        # once none is, the rest of the piece (which holds no "%") is inert.
        while i < n and (stack[-1] == "%" or (len(stack) > 1 and stack[-2] == "%")):
            ch = piece[i]
            i += 1
            push(ch)
            if depths is not None:
                depth.append(0)
            while len(stack) >= 3 and stack[-3] == "%" and stack[-2] in HEXDIG and ch in HEXDIG:
                ch = chr(int(stack[-2] + ch, 16))
                del stack[-3:]
                push(ch)
                if depths is not None:
                    d = max(depth[-3:]) + 1
                    del depth[-3:]
                    depth.append(d)
                    depths.append(d)
        if i < n:
            done.append("".join(stack))
            done.append(piece[i:])
            stack.clear()
            depth.clear()
    done.append("".join(stack))
    return "".join(done)


def _unescape_origins(text: str, origins: list[int]) -> list[int]:
    """The origins of the characters of ``unescape_all(text)``: a byte ``%XX``
    gives comes from where its ``%`` came from."""
    out: list[int] = []
    stack: list[str] = []
    for ch, origin in zip(text, origins, strict=True):
        stack.append(ch)
        out.append(origin)
        while len(stack) >= 3 and stack[-3] == "%" and stack[-2] in HEXDIG and stack[-1] in HEXDIG:
            first = out[-3]
            value = chr(int(stack[-2] + stack[-1], 16))
            del stack[-3:], out[-3:]
            stack.append(value)
            out.append(first)
    return out


class Escaper:
    """Percent-escape each byte <= 0x20, >= 0x7F and each of ``chars`` of a byte
    text as ``%XX`` in uppercase; a text with none of them is returned as it is,
    without a pass of ``str.translate``.

    >>> Escaper("#%")("a b#%\\xff")
    'a%20b%23%25%FF'
    """

    __slots__ = ("_search", "_table")

    def __init__(self, chars: str) -> None:
        table = {b: f"%{b:02X}" for b in range(256) if b <= 0x20 or b >= 0x7F}
        table.update((ord(c), f"%{ord(c):02X}") for c in chars)
        self._table = table
        self._search = re.compile(f"[\\x00-\\x20\\x7f-\\xff{re.escape(chars)}]").search

    def __call__(self, text: str) -> str:
        return text.translate(self._table) if self._search(text) else text


class Refused(Exception):
    """A profile's refusal, before its position is mapped back to the input:
    :class:`URIError`'s fields, ``at`` an index in the byte text the profile
    worked on (:func:`refusal` says which)."""

    def __init__(self, reason: str, component: str, at: int, detail: str = "") -> None:
        super().__init__(reason)
        self.reason, self.component, self.at, self.detail = reason, component, at, detail


def refusal(
    refused: Refused,
    text: str,
    *,
    start: int = 0,
    end: int | None = None,
    strip: str = "",
    drop: str = "\t\r\n",
    unescaped: bool = False,
) -> URIError:
    """The :class:`URIError` of ``text`` for ``refused``, whose position ``at``
    is in the byte text a profile made of ``text[start:end]`` with the
    characters of ``strip`` trimmed from both ends, those of ``drop`` removed,
    and then (``unescaped``) every escape undone."""
    end = len(text) if end is None else end
    head = text[start:end]
    lead = len(head) - len(head.lstrip(strip)) if strip else 0
    body = head.strip(strip) if strip else head
    kept = [start + lead + i for i, c in enumerate(body) if c not in drop]
    kept_text = "".join(c for c in body if c not in drop)
    origins = [kept[i] for i in _byte_origins(kept_text)]
    if unescaped:
        origins = _unescape_origins(byte_text(kept_text), origins)
    at = refused.at
    position = origins[at] if at < len(origins) else (origins[-1] + 1 if origins else start + lead)
    return URIError(refused.reason, refused.component, position, text, detail=refused.detail)
