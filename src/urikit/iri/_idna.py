"""Internationalized host names (IDNA, RFC 5890-5892) through the ``idna`` package.

``idna`` is imported here, inside the functions, and only when a caller asks
for IDNA work (``to_uri(..., idna=True)``, ``from_uri(..., idna=True)``,
``for_display``), so ``import urikit`` and ``import urikit.iri`` never load it.
Labels are converted with IDNA2008 plus the UTS #46 mapping (case folding,
width mapping, the ideographic full stops), non-transitional, with the STD3
ASCII rules as RFC 3987 section 3.1 asks.

An existing A-label (a label starting with the ACE prefix "xn--", in any case,
RFC 5890 section 2.3.2.1) is checked by ``idna`` too (RFC 5891 section 5.4:
Punycode that decodes, to a U-label IDNA2008 accepts, whose encoding is the
label). Towards a URI (``host_to_ascii``) one that is not valid raises
:class:`URIError` naming it; towards an IRI (``host_to_unicode``) it is kept as
written, as IDNA's ToUnicode never fails (RFC 3490 section 4.2: when a step
fails, the original label is the answer). The answers (per A-label, and per
host for ``host_to_ascii``) are kept in bounded caches.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Final

from ..core._errors import URIError
from ..core._percent import percent_decode

__all__ = ["host_to_ascii", "host_to_unicode", "is_ace", "punycode_labels"]

#: Label separators: FULL STOP and the three dots UTS #46 maps to it.
_DOTS_RE: Final = re.compile("[.\u3002\uff0e\uff61]")
#: The same separators in a URI host, raw or percent-encoded (UTF-8): what
#: ``from_uri`` decodes to a label separator.
_ENCODED_DOTS_RE: Final = re.compile(
    "[.\u3002\uff0e\uff61]|%(?:2[Ee]|[Ee]3%80%82|[Ee][Ff]%[Bb][Cc]%8[Ee]|[Ee][Ff]%[Bb][Dd]%[Aa]1)"
)
#: The label separators other than FULL STOP.
_OTHER_DOTS_RE: Final = re.compile("[\u3002\uff0e\uff61]")
#: How many A-label answers :func:`_a_label` keeps.
_CACHE_SIZE: Final = 1024
#: RFC 5890 section 2.3.2.1: an A-label has at most 63 octets.
_MAX_LABEL: Final = 63


def is_ace(label: str) -> bool:
    """True when ``label`` starts with the ACE prefix "xn--", in any case.

    >>> is_ace("xn--99zt52a"), is_ace("XN--99zt52a"), is_ace("Xn--"), is_ace("xn-a")
    (True, True, True, False)
    """
    return label[:4].lower() == "xn--"


def punycode_labels(name: str) -> str:
    """``name`` with each label that is not ASCII written as ``xn--`` and its
    Punycode (RFC 3492), the rest as they are: no IDNA mapping and no checks,
    for names already in the form they are compared in (the Public Suffix
    List's rules, a host lower-cased and percent-decoded).

    >>> punycode_labels("食狮.公司.cn"), punycode_labels("example.com")
    ('xn--85x722f.xn--55qx5d.cn', 'example.com')
    """
    if name.isascii():
        return name
    return ".".join(
        label if label.isascii() else "xn--" + label.encode("punycode").decode("ascii")
        for label in name.split(".")
    )


def _a_label(label: str) -> tuple[str, str]:
    """(U-label, "") for the valid A-label ``label``; ("", why) when it is not one.

    A label longer than any A-label is refused without asking ``idna`` (Punycode
    decoding is not linear in the length) nor filling the cache.
    """
    if len(label) > _MAX_LABEL:
        return "", f"longer than {_MAX_LABEL} characters (RFC 5890 section 2.3.2.1)"
    return _idna_a_label(label)


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _idna_a_label(label: str) -> tuple[str, str]:
    import idna

    try:
        return idna.decode(label), ""
    except (idna.IDNAError, UnicodeError, ValueError) as exc:
        return "", str(exc) or type(exc).__name__


def _a_label_detail(label: str, why: str) -> str:
    return f"the label {label!r} is not a valid IDNA A-label ({why})"


def _encoded_labels(text: str, start: int, end: int) -> list[tuple[int, str, str]]:
    """(position, label, the separator before it as written; "" for the first)
    for each label of the host ``text[start:end]``, split at the separators raw
    or percent-encoded."""
    out: list[tuple[int, str, str]] = []
    pos = start
    host = text[start:end]
    if "%" not in host and _OTHER_DOTS_RE.search(host) is None:  # only "." separates
        for label in host.split("."):
            out.append((pos, label, "." if out else ""))
            pos += len(label) + 1
        return out
    sep = ""
    for m in _ENCODED_DOTS_RE.finditer(text, start, end):
        out.append((pos, text[pos : m.start()], sep))
        sep = m.group()
        pos = m.end()
    out.append((pos, text[pos:end], sep))
    return out


def host_to_ascii(text: str, start: int, end: int) -> str:
    """The ``ireg-name`` ``text[start:end]`` with each non-ASCII label as an A-label.

    Labels that are ASCII after percent-decoding, or ASCII with percent-encoded
    octets that are not UTF-8, are kept as written (they are valid URI labels),
    but an A-label among them must be valid. A label IDNA refuses raises
    :class:`URIError` (component "host") naming the label, at the label's
    position in ``text``. The answer for a host (its A-label form, or the
    offset and wording of its error) is kept in a bounded cache, so ``idna``
    decides each host once while it stays there.

    >>> host_to_ascii("http://Xn--Bcher-kva.b\u00fccher/", 7, 27)
    'Xn--Bcher-kva.xn--bcher-kva'
    >>> host_to_ascii("http://www.xn--ls8h.example/", 7, 27)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    urikit.errors.URIError: invalid host: the label 'xn--ls8h' is not ... at position 11
    """
    host = text[start:end]
    out, offset, detail = (
        _cached_host_ascii(host) if len(host) <= _MAX_CACHED_HOST else _host_ascii(host)
    )
    if offset < 0:
        return out
    raise URIError("bad-value", "host", start + offset, text, detail=detail)


def _host_ascii(host: str) -> tuple[str, int, str]:
    """(the A-label form of ``host``, -1, "") or ("", the offset in ``host`` of
    the label refused, why): :func:`host_to_ascii` on a host alone."""
    out: list[str] = []
    for pos, label, sep in _encoded_labels(host, 0, len(host)):
        # A separator in ASCII stays as written, another one is "." (UTS #46 maps it).
        out.append(sep if sep in ("", ".") or len(sep) == 3 else ".")
        try:
            decoded = percent_decode(label, component="host")
        except URIError:  # octets that are no UTF-8 name no characters IDNA could take
            if label.isascii():
                out.append(label)
                continue
            return "", pos, f"the label {label!r} has percent-encoded octets that are not UTF-8"
        if decoded.isascii():
            if is_ace(decoded):
                why = _a_label(decoded)[1]
                if why:
                    return "", pos, _a_label_detail(decoded, why)
            out.append(label)
            continue
        alabel, why = (
            _cached_to_a_label(decoded) if len(decoded) <= _MAX_LABEL else _to_a_label(decoded)
        )
        if why:
            return "", pos, f"IDNA refuses the label {decoded!r} ({why})"
        out.append(alabel)
    return "".join(out), -1, ""


def _to_a_label(label: str) -> tuple[str, str]:
    """(the A-label of the non-ASCII ``label``, "") or ("", why IDNA refuses it)."""
    import idna

    try:
        alabel = idna.encode(label, uts46=True, std3_rules=True, transitional=False)
    except (idna.IDNAError, UnicodeError, ValueError) as exc:
        return "", str(exc)
    return alabel.decode("ascii"), ""


#: The answers of :func:`_to_a_label` for the labels seen last (a label is shared
#: by many hosts: "www.bücher.de", "shop.bücher.de"); a label longer than any
#: U-label can be is not kept.
_cached_to_a_label: Final = functools.lru_cache(maxsize=4 * _CACHE_SIZE)(_to_a_label)


#: The answers of :func:`_host_ascii` for the hosts seen last (hosts repeat in
#: real data); a host longer than ``_MAX_CACHED_HOST`` is not kept.
_cached_host_ascii: Final = functools.lru_cache(maxsize=_CACHE_SIZE)(_host_ascii)
#: The longest host kept (RFC 1034 names have at most 253 octets as text).
_MAX_CACHED_HOST: Final = 256


def host_to_unicode(text: str, start: int, end: int, decode: Callable[[str], str]) -> str:
    """The URI host ``text[start:end]`` decoded, each valid A-label a U-label.

    ``decode`` is the percent-decoding of the host (``from_uri``'s), applied
    label by label; the separators stay as they are once decoded. This is IDNA's
    ToUnicode, which never fails (RFC 3490 section 4.2): an "xn--" label (after
    decoding; the prefix in any case) that is not a valid A-label (bad Punycode,
    or a U-label IDNA2008 refuses) is kept as written. A U-label holding a label
    separator is never put in (it would change the host's structure).

    >>> host_to_unicode("http://XN--99ZT52A.jp/", 7, 21, str)
    '納豆.jp'
    >>> host_to_unicode("http://a.xn--zz-bad/", 7, 19, str)
    'a.xn--zz-bad'
    """
    out: list[str] = []
    for _pos, raw, sep in _encoded_labels(text, start, end):
        out.append(decode(sep))
        label = decode(raw)
        if is_ace(label):
            ulabel, why = _a_label(label)
            if not why and not _DOTS_RE.search(ulabel):
                label = ulabel
        out.append(label)
    return "".join(out)
