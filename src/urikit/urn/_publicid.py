"""RFC 3151: public identifiers (XML/SGML) transcribed into ``urn:publicid:`` NSSs.

The rules of RFC 3151 section 2, applied left to right after whitespace
normalization (section 1.1): a space becomes "+", "//" becomes ":", "::" becomes
";", and the literal characters ``+ : / ; ' ? # %`` are percent-encoded.
Reading an NSS back applies the rules the other way round.

>>> publicid_to_urn("-//OASIS//DTD DocBook XML V4.1.2//EN")
'urn:publicid:-:OASIS:DTD+DocBook+XML+V4.1.2:EN'
>>> nss_to_publicid("3%2B3=6")
'3+3=6'

Reading a whole ``urn:publicid:`` URN (text or :class:`~urikit.URN`) is
``urn_to_publicid``, which lives with the URN type in ``_syntax`` (this module is
below it: ``_namespaces`` uses it to check ``publicid`` NSSs).
"""

from __future__ import annotations

import re
from typing import Final

from ..core._charsets import ALPHA, DIGIT
from ..core._errors import URIError, check_str

__all__ = [
    "PUBID_CHARS",
    "normalize_publicid",
    "nss_to_publicid",
    "publicid_to_nss",
    "publicid_to_urn",
    "untranscribe_publicid",
]

#: XML 1.0 production 13, PubidChar (after whitespace normalization, only the space
#: remains of the whitespace characters).
PUBID_CHARS: Final = ALPHA | DIGIT | frozenset(" -'()+,./:=?;!*#@$_%")
_WHITESPACE_RE: Final = re.compile("[ \t\r\n]+")
#: RFC 3151 section 2's literal characters, each written percent-encoded.
_ENCODE: Final = {ch: f"%{ord(ch):02X}" for ch in "+:/;'?#%"}
_DECODE: Final = {v: k for k, v in _ENCODE.items()}


def normalize_publicid(text: str) -> str:
    """Whitespace normalization of RFC 3151 section 1.1 (runs of space, tab, CR and
    LF become one space; leading and trailing whitespace is removed).

    >>> normalize_publicid("  -//A//DTD  B\\n C//EN ")
    '-//A//DTD B C//EN'
    """
    return _WHITESPACE_RE.sub(" ", text).strip(" ")


def publicid_to_nss(pubid: str) -> str:
    """Transcribe a public identifier into a ``publicid`` NSS (RFC 3151 section 2).

    The identifier is whitespace-normalized first; a character that is not a
    PubidChar raises :class:`~urikit.URIError` (component "publicid", position
    in the given text).

    >>> publicid_to_nss("-//ArborText::prod//DTD Help Document::19970708//EN")
    '-:ArborText;prod:DTD+Help+Document;19970708:EN'
    """
    check_str(pubid, "publicid_to_nss", "pubid")
    for k, ch in enumerate(pubid):
        if ch not in PUBID_CHARS and ch not in "\t\r\n":
            raise URIError("invalid-char", "publicid", k, pubid)
    text = normalize_publicid(pubid)
    if not text:
        raise URIError("empty-component", "publicid", 0, pubid)
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        pair = text[i : i + 2]
        if pair == "//":
            out.append(":")
            i += 2
        elif pair == "::":
            out.append(";")
            i += 2
        else:
            ch = text[i]
            out.append("+" if ch == " " else _ENCODE.get(ch, ch))
            i += 1
    return "".join(out)


def nss_to_publicid(nss: str) -> str:
    """Read a ``publicid`` NSS back into the public identifier (RFC 3151 section 2).

    Raises :class:`~urikit.URIError` (component "nss", position in ``nss``) for
    an NSS that no public identifier transcribes to: a percent-encoding other
    than the eight the rules produce, a character that is not a PubidChar, or
    "+" at either end or twice in a row (whitespace is normalized first).

    >>> nss_to_publicid("ISO%2FIEC+10179%3A1996:DTD+DSSSL+Architecture:EN")
    'ISO/IEC 10179:1996//DTD DSSSL Architecture//EN'
    """
    check_str(nss, "nss_to_publicid", "nss")
    return untranscribe_publicid(nss, 0, len(nss))


def untranscribe_publicid(text: str, start: int, end: int) -> str:
    """:func:`nss_to_publicid` over ``text[start:end]``, with error positions
    indexing ``text`` (``urn_to_publicid`` reads the NSS inside a whole URN).

    >>> untranscribe_publicid("urn:publicid:a:b+c", 13, 18)
    'a//b c'
    """
    out: list[str] = []
    i = start
    if start >= end:
        raise URIError("empty-component", "nss", start, text)
    while i < end:
        ch = text[i]
        if ch == "%":
            triplet = text[i : min(i + 3, end)]
            if triplet.upper() not in _DECODE:
                raise URIError(
                    "namespace-rule",
                    "nss",
                    i,
                    text,
                    detail=f"{triplet!r} is not one of the percent-encodings "
                    "RFC 3151 produces (%2B %3A %2F %3B %27 %3F %23 %25)",
                )
            out.append(_DECODE[triplet.upper()])
            i += 3
            continue
        if ch == "+":
            if i == start or i == end - 1 or text[i + 1] == "+":
                raise URIError(
                    "namespace-rule",
                    "nss",
                    i,
                    text,
                    detail="a publicid NSS has no leading, trailing or doubled '+' "
                    "(whitespace is normalized first, RFC 3151 section 2)",
                )
            out.append(" ")
        elif ch == ":":
            out.append("//")
        elif ch == ";":
            out.append("::")
        elif ch in PUBID_CHARS and ch not in _ENCODE:
            out.append(ch)
        else:
            raise URIError("invalid-char", "nss", i, text)
        i += 1
    return "".join(out)


def publicid_to_urn(pubid: str) -> str:
    """The ``urn:publicid:`` URN of a public identifier (RFC 3151).

    >>> publicid_to_urn("ISO 8879:1986//ENTITIES Added Latin 1//EN")
    'urn:publicid:ISO+8879%3A1986:ENTITIES+Added+Latin+1:EN'
    """
    check_str(pubid, "publicid_to_urn", "pubid")
    return "urn:publicid:" + publicid_to_nss(pubid)
