"""The scheme (RFC 3986 section 7): ``dangerous-scheme``.

``javascript:`` and its kin run script; ``data:`` runs script or not by its media
type (RFC 2397), read as a decoder that percent-decodes first would; ``file:``
reads local files."""

from __future__ import annotations

import re
from typing import Final

from ..core._errors import quoted
from ..core._parser import PATH_SPAN, SCHEME_SPAN
from ._policy import _Found
from ._text import _percent_text

_SCRIPT_SCHEMES: Final = frozenset({"javascript", "vbscript", "livescript", "mocha"})

#: data: media types that run script where they are shown (HTML, and XML with
#: what it can carry: XHTML, SVG, XSLT); any "+xml" type and any subtype with
#: "script" in it (text/javascript, application/ecmascript, text/vbscript ...)
#: too. Danger.
_ACTIVE_DATA: Final = frozenset(
    {
        "text/html",
        "application/xhtml+xml",
        "image/svg+xml",
        "text/xml",
        "application/xml",
        "text/xsl",
    }
)
#: data: media types that cannot run script: no finding. Any other type (one
#: not known here, or text that is no media type) is a warning.
_PASSIVE_DATA: Final = frozenset({"text/plain"})
_PASSIVE_DATA_TYPES: Final = frozenset({"image", "audio", "video"})
#: type "/" subtype, each an RFC 2045 token (RFC 2397 section 3), lowercase.
_MEDIA_TYPE_RE: Final = re.compile(r"([!#$%&'*+.^_`|~0-9a-z-]+)/([!#$%&'*+.^_`|~0-9a-z-]+)")

#: The schemes :func:`_check_scheme` has something to say about.
_SCHEME_CHECKED: Final = _SCRIPT_SCHEMES | {"data", "file"}


def _check_scheme(found: _Found, text: str, sp: tuple[tuple[int, int], ...]) -> None:
    a, b = sp[SCHEME_SPAN]
    scheme = text[a:b].lower()
    if scheme in _SCRIPT_SCHEMES:
        found.add("dangerous-scheme", "danger", "scheme", a, b, f"{scheme}: runs script")
    elif scheme == "data":
        p0, p1 = sp[PATH_SPAN]
        comma = text.find(",", p0, p1)
        end = p1 if comma < 0 else comma
        media, active = _data_media_type(text[p0:end])
        if active is None:
            return
        if active:
            found.add(
                "dangerous-scheme", "danger", "scheme", a, end, f"data: with active content {media}"
            )
        else:
            found.add(
                "dangerous-scheme",
                "warning",
                "scheme",
                a,
                end,
                f"data: with the media type {quoted(media)}, not known to be inert",
            )
    elif scheme == "file":
        found.add("dangerous-scheme", "warning", "scheme", a, b, "file: reads local files")


def _data_media_type(head: str) -> tuple[str, bool | None]:
    """The media type of a data: URI whose text before the first "," is
    ``head`` (RFC 2397 section 3: ``[type/subtype] *(;parameter) [;base64]``),
    and whether it runs script: True (:data:`_ACTIVE_DATA`, a "+xml" type, a
    subtype with "script" or "svg" in it), None when it cannot (none given:
    text/plain; :data:`_PASSIVE_DATA`; another image, audio or video type),
    False when not known. Read as a decoder that percent-decodes first would
    read it: the type ends at the first ";" or "," either way."""
    decoded = _percent_text(head)
    media = re.split(r"[;,]", decoded, maxsplit=1)[0].strip().lower()
    if not media:
        return "text/plain", None  # RFC 2397: the default
    m = _MEDIA_TYPE_RE.fullmatch(media)
    if m is None:
        return media, False
    kind, subtype = m.groups()
    if media in _ACTIVE_DATA or subtype.endswith("+xml") or "script" in subtype or "svg" in subtype:
        return media, True
    if media in _PASSIVE_DATA or kind in _PASSIVE_DATA_TYPES:
        return media, None
    return media, False
