"""The mappings between IRIs and URIs (RFC 3987 section 3): :func:`to_uri` and
:func:`from_uri`, with the host's IDNA labels on request (``iri._idna``, imported
on first use).

>>> to_uri("http://例え.jp/パス")
'http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9'
>>> from_uri("http://www.example.org/D%C3%BCrst")
'http://www.example.org/Dürst'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Final

from ..core._accel import speedups
from ..core._charsets import PCT_RUN_PATTERN
from ..core._parser import Spans
from ._syntax import (
    HOST_SPAN,
    TEXT_SPANS,
    checked,
    is_iprivate,
    is_ucschar,
    text_arg,
)

# the C kernels this module calls (None in the pure-Python build)
iri_pct_encode = None if speedups is None else speedups.iri_pct_encode

__all__ = ["from_uri", "to_uri"]

_UCS_OR_PRIVATE_RUN_RE: Final = re.compile(r"[^\x00-\x7f]+")
#: A run of percent-encoded octets.
_PCT_RUN_RE: Final = re.compile(PCT_RUN_PATTERN)


def _idna_host_to_ascii() -> Callable[[str, int, int], str]:
    """``_idna.host_to_ascii``, imported on first use (``import urikit.iri`` stays light)."""
    global _host_to_ascii
    if _host_to_ascii is None:
        from ._idna import host_to_ascii

        _host_to_ascii = host_to_ascii
    return _host_to_ascii


_host_to_ascii: Callable[[str, int, int], str] | None = None


def _ascii_host(text: str, sp: Spans) -> str:
    """``text`` with the non-ASCII labels of its reg-name host as A-labels (its
    existing A-labels checked)."""
    h0, h1 = sp[HOST_SPAN]
    if h0 >= 0 and not text.startswith("[", h0):
        host = text[h0:h1]
        if not host.isascii() or "%" in host or "xn--" in host.lower():
            return text[:h0] + _idna_host_to_ascii()(text, h0, h1) + text[h1:]
    return text


def _utf8_pct(text: str) -> str:
    octets = text.encode("utf-8")
    return "%" + octets.hex("%").upper() if octets else ""


def _pct_utf8(m: re.Match[str]) -> str:
    return _utf8_pct(m.group())


def to_uri(iri: str, *, idna: bool = False) -> str:
    """Map an IRI reference to a URI reference (RFC 3987 section 3.1).

    Every non-ASCII character (``ucschar`` or ``iprivate``) becomes the
    percent-encoded octets of its UTF-8 form, uppercase hex; everything else,
    existing percent-encodings included, is kept. The mapping is the identity
    on URIs. ``idna=True`` first turns each non-ASCII label of a reg-name host
    into an A-label (IDNA2008 with the UTS #46 mapping, through the ``idna``
    package) and checks the A-labels already there (the "xn--" prefix in any
    case); a label IDNA refuses, or an A-label that is not valid IDNA, raises
    :class:`~urikit.URIError` naming it.
    No character normalization is done (step 1c: the text is already UCS).

    >>> to_uri("http://www.example.org/red%09ros\\u00e9#red")
    'http://www.example.org/red%09ros%C3%A9#red'
    >>> to_uri("http://r\\u00e9sum\\u00e9.example.org", idna=True)
    'http://xn--rsum-bpad.example.org'
    >>> to_uri("http://XN--zz-bad.example.org", idna=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    urikit.errors.URIError: invalid host: the label 'XN--zz-bad' is not ... at position 7
    """
    text = text_arg("to_uri", "iri", iri)
    sp = checked(text)
    if idna:
        text = _ascii_host(text, sp)
    if text.isascii():
        return text
    if iri_pct_encode is not None:
        encoded = iri_pct_encode(text)  # the same, in one C pass
        if encoded is not None:
            return encoded
    return _UCS_OR_PRIVATE_RUN_RE.sub(_pct_utf8, text)


#: Categories from_uri leaves encoded although ucschar contains them (RFC 3987
#: section 6.1 b): invisible format characters and the look-alikes of space.
_HIDDEN_CATEGORIES: Final = frozenset({"Cf", "Zs", "Zl", "Zp"})


def _decodable(ch: str, in_query: bool, *, for_display: bool) -> bool:
    if not (is_ucschar(ch) or (in_query and is_iprivate(ch))):
        return False  # ASCII, bidi formatting characters, iprivate outside the query ...
    return not (for_display and unicodedata.category(ch) in _HIDDEN_CATEGORIES)


#: The octets of RFC 3986 ``unreserved``: the only ASCII that step 2 of RFC 3987
#: section 3.2 decodes (never "%", a reserved character, or one URIs do not allow).
_UNRESERVED_OCTETS: Final = frozenset(
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
)


#: The characters ``_decodable(ch, in_query, for_display=display)`` holds for, by
#: ``2 * in_query + display``: memos (bounded: cleared when full), so that a run of
#: such characters is decoded in one step, not octet by octet.
_DECODABLE: Final[tuple[set[str], ...]] = (set(), set(), set(), set())
_DECODABLE_SIZE: Final = 4096


def _decode_component(value: str, in_query: bool, display: bool) -> str:
    """Decode in ``value`` the percent-encoded unreserved characters and the
    percent-encoded UTF-8 of allowed non-ASCII characters."""
    known = _DECODABLE[2 * in_query + display]

    def one_run(m: re.Match[str]) -> str:
        run = m.group()
        data = bytes.fromhex(run.replace("%", ""))
        try:
            whole = data.decode("utf-8")
        except UnicodeDecodeError:
            whole = ""
        if whole and known.issuperset(whole):
            # Valid UTF-8 of characters each decodable (so none ASCII): what the
            # loop below gives, one character at a time.
            return whole
        out: list[str] = []
        i = 0
        n = len(data)
        while i < n:
            b = data[i]
            if b < 0x80:  # unreserved is decoded; "%", reserved and the rest never are
                out.append(chr(b) if b in _UNRESERVED_OCTETS else run[3 * i : 3 * i + 3])
                i += 1
                continue
            size = 2 if 0xC2 <= b <= 0xDF else 3 if 0xE0 <= b <= 0xEF else 4 if b <= 0xF4 else 0
            ch = ""
            if size and i + size <= n:
                try:
                    ch = data[i : i + size].decode("utf-8")
                except UnicodeDecodeError:
                    ch = ""
            if ch and _decodable(ch, in_query, for_display=display):
                out.append(ch)
                i += size
                if len(known) >= _DECODABLE_SIZE:
                    known.clear()
                known.add(ch)
            elif ch:  # valid UTF-8 of a character not to be decoded (section 3.2 step 4)
                out.append("".join(f"%{x:02X}" for x in data[i : i + size]))
                i += size
            else:  # not part of a strictly legal UTF-8 sequence (step 3)
                out.append(f"%{b:02X}")
                i += 1
        return "".join(out)

    return _PCT_RUN_RE.sub(one_run, value)


def _from_uri(text: str, *, idna: bool, display: bool) -> str:
    sp = checked(text)
    if "%" not in text and not (idna and "xn--" in text.lower()):
        return text

    def convert(name: str, a: int, b: int) -> str:
        value = text[a:b]
        if name != "host":
            return _decode_component(value, name == "query", display) if "%" in value else value
        if value.startswith("["):
            return value
        decoded = _decode_component(value, False, display) if "%" in value else value
        if idna and "xn--" in decoded.lower():
            from ._idna import host_to_unicode

            def decode(piece: str) -> str:
                return _decode_component(piece, False, display)

            converted = host_to_unicode(text, a, b, decode)
            if all(_decodable(c, False, for_display=True) for c in converted if ord(c) > 127):
                decoded = converted
        return decoded

    return _rewritten(text, sp, convert)


def _rewritten(text: str, sp: Spans, rewrite: Callable[[str, int, int], str]) -> str:
    """``text`` (of spans ``sp``) with each component after the scheme replaced
    by ``rewrite(name, start, end)``, the delimiters between them kept."""
    out: list[str] = []
    pos = 0
    for name, group in TEXT_SPANS:
        a, b = sp[group]
        if a < 0:
            continue
        out.append(text[pos:a])
        out.append(rewrite(name, a, b))
        pos = b
    out.append(text[pos:])
    return "".join(out)


def from_uri(uri: str, *, idna: bool = False) -> str:
    """Convert a URI reference to an IRI reference (RFC 3987 section 3.2).

    Decoded, in every component that may hold them (userinfo, host name, path,
    query, fragment): percent-encoded ``unreserved`` characters (``%7E`` is
    ``~``, ``%41`` is ``A``; RFC 3986 section 2.3 makes both forms equivalent),
    and percent-encoded octets that form strictly legal UTF-8 of a character an
    IRI may carry there (``ucschar``; ``iprivate`` in the query). Never decoded:
    ``%25``, a reserved character, or other ASCII (anything that would change
    the reference's meaning or that a URI does not allow), the bidi formatting
    characters of section 4.1, invisible format characters and spaces (section
    6.1). Octets left encoded that were decoded by step 2 are written with
    uppercase hex digits, as in the RFC's examples. The scheme, the port and IP
    literals hold no percent-encoding.

    ``idna=True`` also turns valid A-labels of the host (the "xn--" prefix in
    any case) into U-labels, with IDNA's ToUnicode, which never fails (RFC 3490
    section 4.2): an A-label that is not valid IDNA (bad Punycode, or a U-label
    IDNA2008 refuses) is kept exactly as written.

    ``to_uri(from_uri(u))`` is ``u`` up to the case of those hex digits and the
    decoded unreserved characters, so it is ``u`` after syntax normalization.

    >>> from_uri("http://www.example.org/D%FCrst")
    'http://www.example.org/D%FCrst'
    >>> from_uri("http://h/%7Euser/%41%2Fb%25")
    'http://h/~user/A%2Fb%25'
    >>> from_uri("http://xn--99zt52a.example.org/%e2%80%ae")
    'http://xn--99zt52a.example.org/%E2%80%AE'
    >>> from_uri("http://xn--99zt52a.example.org/%e2%80%ae", idna=True)
    'http://納豆.example.org/%E2%80%AE'
    >>> from_uri("http://a.Xn--ls8h/", idna=True)
    'http://a.Xn--ls8h/'
    """
    return _from_uri(text_arg("from_uri", "uri", uri), idna=idna, display=True)
