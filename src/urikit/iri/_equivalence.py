"""Comparison of IRI references (RFC 3987 section 5.3): the normal forms of the
ladder (:data:`LEVELS`), Unicode NFC included, and :func:`equivalent`.

Every level but "string" goes through the URI form and the core's RFC 3986
normalization, then back (``iri._conversion``).

>>> normalize("HTTP://例え.jp/a/./%E3%83%91")
'http://例え.jp/a/パ'
>>> equivalent("http://example.org/ros%C3%A9", "HTTP://example.org/rosé")
True
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from ..core._charsets import PCT_ENCODED_PATTERN
from ..core._errors import check_str, unknown_choice
from ..core._normalization import normalize as _uri_normalize
from ..core._schemeinfo import SchemeRegistry
from ._conversion import _ascii_host, _from_uri, _rewritten, _utf8_pct, to_uri
from ._syntax import checked, is_iprivate, is_ucschar, text_arg

__all__ = ["LEVELS", "equivalent", "normalize"]

#: The comparison ladder of RFC 3987 section 5.3, cheapest first.
LEVELS: Final = ("string", "syntax", "nfc", "scheme")


# Percent-encodings first: their hex digits must never meet a combining mark.
_NFC_SPLIT_RE: Final = re.compile(rf"({PCT_ENCODED_PATTERN}|[\x00-\x2c/:;<-@\[-\^`{{-\x7f])")


def _nfc_value(value: str, component: str) -> str:
    """NFC within each run between delimiters; a character NFC turns into ASCII that
    is not unreserved (U+037E GREEK QUESTION MARK is ";") is percent-encoded."""
    if value.isascii():
        return value
    out: list[str] = []
    for k, piece in enumerate(_NFC_SPLIT_RE.split(value)):
        if k % 2 or piece.isascii():
            out.append(piece)
            continue
        for ch in unicodedata.normalize("NFC", piece):
            if ch.isascii() and not (ch.isalnum() or ch in "-._~"):
                out.append(f"%{ord(ch):02X}")
            elif ch.isascii() or is_ucschar(ch) or (component == "query" and is_iprivate(ch)):
                out.append(ch)
            else:
                out.append(_utf8_pct(ch))
    return "".join(out)


def _nfc(text: str) -> str:

    def nfc(name: str, a: int, b: int) -> str:
        value = text[a:b]
        return value if name == "host" and value.startswith("[") else _nfc_value(value, name)

    return _rewritten(text, checked(text), nfc)


def _normalize_via_uri(text: str, level: str, registry: SchemeRegistry | None = None) -> str:
    """Syntax-based (and scheme-based) normalization through the URI form."""
    uri = to_uri(text)
    # The C normalize serves calls without registry= (any keyword goes to Python).
    out = (
        _uri_normalize(uri, level)
        if registry is None
        else _uri_normalize(uri, level, registry=registry)
    )
    return _from_uri(out, idna=False, display=False)


def normalize(iri: str, level: str = "scheme", *, registry: SchemeRegistry | None = None) -> str:
    """The normal form of an IRI reference at a ``level`` of the RFC 3987 section 5.3 ladder.

    * ``"string"`` (5.3.1): the text itself (validated) - character for character.
    * ``"syntax"`` (5.3.2.1, 5.3.2.3, 5.3.2.4): lowercase scheme and ASCII host
      letters, uppercase percent-encoding hex digits, decode percent-encoded
      unreserved characters and the percent-encoded UTF-8 of characters the IRI
      allows raw (so ``é`` and ``%C3%A9`` agree), remove dot segments.
    * ``"nfc"``: ``"syntax"`` plus Unicode NFC of the characters (5.3.2.2).
      This is the only level that normalizes characters: RFC 3987 says
      comparison MUST NOT do so implicitly.
    * ``"scheme"`` (5.3.3): ``"syntax"`` plus the scheme-based rules of the
      core (default port, empty http path); no NFC.

    >>> normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", "syntax")
    'example://a/b/c/%7Bfoo%7D/rosé'
    >>> normalize("http://example.org/re\\u0301sume\\u0301.html", "nfc")
    'http://example.org/résumé.html'
    """
    text = text_arg("normalize", "iri", iri)
    if type(level) is not str:
        check_str(level, "normalize", "level")
    if level not in LEVELS:
        raise unknown_choice("level", level, LEVELS)
    if level == "string":
        checked(text)
        return text
    if level == "nfc":
        once = _nfc(_normalize_via_uri(text, "syntax"))
        return _normalize_via_uri(once, "syntax")
    return _normalize_via_uri(text, level, registry)


def equivalent(
    a: str,
    b: str,
    level: str = "scheme",
    *,
    via_uri: bool = False,
    idna: bool = False,
    registry: SchemeRegistry | None = None,
) -> bool:
    """True when IRI references ``a`` and ``b`` are equivalent at ``level`` (see :func:`normalize`).

    ``via_uri=True`` compares the URIs they map to (section 3.1), normalized at
    ``level`` by the RFC 3986 ladder (section 5.1 allows either). At level
    ``"string"`` that compares the mapped URIs character for character.
    ``idna=True`` first writes each non-ASCII host label as its A-label, so an
    IDN and its Punycode form compare equal (section 5.3.3); it is never implied.
    As in :func:`to_uri`, a label IDNA refuses (or an A-label that is not
    valid) then raises :class:`~urikit.URIError`.
    ``registry`` gives the scheme facts of level "scheme", as in the core.

    >>> equivalent("http://example.org/~user", "http://example.org/%7euser")
    True
    >>> equivalent("http://a/ros\\u00e9", "http://a/rose\\u0301"), equivalent(
    ...     "http://a/ros\\u00e9", "http://a/rose\\u0301", level="nfc")
    (False, True)
    >>> equivalent("http://a/\\u00e9", "http://a/%C3%A9", level="string", via_uri=True)
    True
    """
    a = text_arg("equivalent", "a", a)
    b = text_arg("equivalent", "b", b)
    if type(level) is not str:
        check_str(level, "equivalent", "level")
    if level not in LEVELS:
        raise unknown_choice("level", level, LEVELS)
    if idna:
        a, b = _ascii_host(a, checked(a)), _ascii_host(b, checked(b))
    if not via_uri:
        return normalize(a, level, registry=registry) == normalize(b, level, registry=registry)
    return _uri_form(a, level, registry) == _uri_form(b, level, registry)


def _uri_form(text: str, level: str, registry: SchemeRegistry | None) -> str:
    if level == "string":
        return to_uri(text)
    if level == "nfc":
        return _uri_normalize(to_uri(normalize(text, "nfc")), "syntax")
    if registry is None:
        return _uri_normalize(to_uri(text), level)
    return _uri_normalize(to_uri(text), level, registry=registry)
