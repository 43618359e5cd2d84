"""Internationalized host names (IDNA, RFC 5890-5892) through the ``idna`` package.

``idna`` is imported here, inside the functions, and only when a caller asks
for IDNA work (``to_uri(..., idna=True)``, ``from_uri(..., idna=True)``,
``for_display``), so ``import urikit`` and ``import urikit.iri`` never load it.
Labels are converted with IDNA2008 plus the UTS #46 mapping (case folding,
width mapping, the ideographic full stops), non-transitional, with the STD3
ASCII rules as RFC 3987 section 3.1 asks.
"""

from __future__ import annotations

import re
from typing import Final

from ..errors import URIError
from ..percent import percent_decode

__all__ = ["host_to_ascii", "host_to_unicode"]

#: Label separators: FULL STOP and the three dots UTS #46 maps to it.
_DOTS_RE: Final = re.compile("[.\u3002\uff0e\uff61]")


def _labels(host: str) -> list[tuple[int, str]]:
    """(offset, label) for each dot-separated label of ``host``."""
    out: list[tuple[int, str]] = []
    start = 0
    for m in _DOTS_RE.finditer(host):
        out.append((start, host[start : m.start()]))
        start = m.end()
    out.append((start, host[start:]))
    return out


def host_to_ascii(text: str, start: int, end: int) -> str:
    """The ``ireg-name`` ``text[start:end]`` with each non-ASCII label as an A-label.

    Labels that are ASCII after percent-decoding, or ASCII with percent-encoded
    octets that are not UTF-8, are kept as written (they are valid URI labels). A
    label
    IDNA refuses raises :class:`URIError` (component "host") naming the label,
    at the label's position in ``text``.
    """
    import idna

    host = text[start:end]
    out: list[str] = []
    for offset, label in _labels(host):
        pos = start + offset
        try:
            decoded = percent_decode(label, component="host")
        except URIError:  # octets that are no UTF-8 name no characters IDNA could take
            if label.isascii():
                out.append(label)
                continue
            raise URIError(
                "bad-value",
                "host",
                pos,
                text,
                detail=f"the label {label!r} has percent-encoded octets that are not UTF-8",
            ) from None
        if decoded.isascii():
            out.append(label)
            continue
        try:
            alabel = idna.encode(decoded, uts46=True, std3_rules=True, transitional=False)
        except (idna.IDNAError, UnicodeError, ValueError) as exc:
            raise URIError(
                "bad-value",
                "host",
                pos,
                text,
                detail=f"IDNA refuses the label {decoded!r} ({exc})",
            ) from None
        out.append(alabel.decode("ascii"))
    return ".".join(out)


def host_to_unicode(host: str) -> str:
    """``host`` with each valid A-label ("xn--...") turned into its U-label.

    An A-label that IDNA does not accept is kept as it is (converting is a
    "MAY" of RFC 3987 section 3.2.1; keeping is always safe).
    """
    if "xn--" not in host.lower():
        return host
    import idna

    out: list[str] = []
    for _, label in _labels(host):
        if label[:4].lower() == "xn--":
            try:
                ulabel = idna.decode(label.lower())
            except (idna.IDNAError, UnicodeError, ValueError):
                ulabel = label
            # A U-label is one label: a dot in it would change the host's structure.
            out.append(label if _DOTS_RE.search(ulabel) else ulabel)
        else:
            out.append(label)
    return ".".join(out)
