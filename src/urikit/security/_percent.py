"""Percent-encoding (RFC 3986 section 7.3, RFC 3987 section 8).

Encoded control characters (CR, LF, NUL ...), octets that are not UTF-8 or an
overlong UTF-8 sequence, encoded bidirectional formatting, and in the path the
encoded dot segments and encoded "/" or "\\"."""

from __future__ import annotations

import re
from typing import Final

from ._policy import _Found
from ._text import _BIDI_FORMAT, _PCT_GROUPS, _PCT_RUN_RE, _add_bidi, _percent_text

_ENCODED_SLASH_RE: Final = re.compile(r"%2[fF]|%5[cC]")

_NAMES: Final = {0x00: "NUL", 0x0A: "LF", 0x0D: "CR"}

#: A "%XX" that may give a finding: a control or DEL, a byte of a multi-byte
#: UTF-8 sequence (or of none), or ".", "/" or "\\" (the path's checks). Any other
#: "%XX" is printable ASCII, which decodes as UTF-8 to no control, no bidi
#: formatting, no dot segment and no delimiter: a reference without one of these
#: gets no finding here, and is not read run by run.
_NOTABLE_PCT_RE: Final = re.compile(r"%(?:[0189A-Fa-f]|7[Ff]|2[EeFf]|5[Cc])")
#: A "%XX" that encodes a control or DEL: without one no octet is read one by one.
_CONTROL_PCT_RE: Final = re.compile(r"%(?:[01]|7[Ff])")
#: What a path segment's checks look for: without one in the path, no segment
#: decodes to a dot segment or holds an encoded delimiter (decoding gives ".",
#: "/" or "\\" only from these; any other run gives some other character).
_SEGMENT_PCT_RE: Final = re.compile(r"%(?:2[EeFf]|5[Cc])")


#: What a decoded run may give a finding for: a control or DEL, a bidi formatting
#: character, or a ".", "/" or "\\" (the path's checks).
_LOUD_RE: Final = re.compile(
    "[\\x00-\\x1f\\x7f./\\\\" + "".join(map(re.escape, sorted(_BIDI_FORMAT))) + "]"
)


def _overlong(data: bytes, i: int) -> bool:
    lead = data[i]
    nxt = data[i + 1] if i + 1 < len(data) else 0
    return (
        lead in (0xC0, 0xC1)
        or (lead == 0xE0 and 0x80 <= nxt < 0xA0)
        or (lead == 0xF0 and 0x80 <= nxt < 0x90)
    )


def _check_percent(found: _Found, text: str, sp: tuple[tuple[int, int], ...]) -> str | None:
    """Add the findings of the percent-encoded octets of ``text``; return every
    run decoded as UTF-8, joined by spaces, when it decoded the runs and each is
    UTF-8 (``security._check`` reuses it rather than decode again), else ``None``."""
    if _NOTABLE_PCT_RE.search(text) is None:
        return None
    # The runs joined by a space: UTF-8 exactly when each run is (a space is no
    # continuation octet: characters end before and after it), and then decoded
    # to the runs' characters and spaces. Without an invalid run, a control, a
    # bidi formatting character, or a ".", "/" or "\\" among them (which only
    # "%2E", "%2F" and "%5C" give), no run and no path segment gives a finding:
    # one decoding for all.
    runs = "%20".join(_PCT_RUN_RE.findall(text)).replace("%", "")
    try:
        decoded = bytes.fromhex(runs).decode("utf-8")
    except UnicodeDecodeError:
        decoded = None
    if decoded is not None and _LOUD_RE.search(decoded) is None:
        return decoded
    _check_percent_runs(found, text, sp)
    return decoded


def _check_percent_runs(found: _Found, text: str, sp: tuple[tuple[int, int], ...]) -> None:
    """Every run of percent-encoded octets, decoded (what :func:`_check_percent`
    does when an octet may give a finding)."""
    controls = _CONTROL_PCT_RE.search(text) is not None
    for group, component in _PCT_GROUPS:
        a, b = sp[group]
        if a < 0 or text.find("%", a, b) < 0:
            continue
        for m in _PCT_RUN_RE.finditer(text, a, b):
            data = bytes.fromhex(m.group().replace("%", ""))
            for i, byte in enumerate(data) if controls else ():
                if byte < 0x20 or byte == 0x7F:
                    at = m.start() + 3 * i
                    name = _NAMES.get(byte, f"control 0x{byte:02X}")
                    severity = "danger" if byte in _NAMES else "warning"
                    found.add(
                        "encoded-control",
                        severity,
                        component,
                        at,
                        at + 3,
                        f"%{byte:02X} ({name}) in the {component}",
                    )
            try:
                decoded = data.decode("utf-8")
            except UnicodeDecodeError as err:
                at = m.start() + 3 * err.start
                if _overlong(data, err.start):
                    found.add(
                        "overlong-utf8",
                        "danger",
                        component,
                        at,
                        m.end(),
                        f"an overlong UTF-8 sequence in the {component} (decoders that accept it"
                        " read an ASCII character)",
                    )
                else:
                    found.add(
                        "invalid-utf8",
                        "warning",
                        component,
                        at,
                        m.end(),
                        f"percent-encoded bytes in the {component} are not UTF-8",
                    )
                decoded = data.decode("utf-8", "replace")
            if decoded.isascii() or _BIDI_FORMAT.isdisjoint(decoded):
                continue
            bidi = [c for c in decoded if c in _BIDI_FORMAT]
            if bidi:
                _add_bidi(found, component, m.start(), m.end(), bidi[0], encoded=True)
        if component == "path" and _SEGMENT_PCT_RE.search(text, a, b) is not None:
            _check_segments(found, text, a, b)


def _check_segments(found: _Found, text: str, a: int, b: int) -> None:
    start = a
    for segment in text[a:b].split("/"):
        end = start + len(segment)
        if "%" in segment:
            value = _percent_text(segment)
            pieces = value.replace("\\", "/").split("/")
            if value in (".", "..") or ".." in pieces:
                severity = "warning" if value == "." else "danger"
                shown = value if value in (".", "..") else ".."
                found.add(
                    "encoded-dot-segment",
                    severity,
                    "path",
                    start,
                    end,
                    f"{segment!r} is {value!r} once decoded: the dot segment {shown!r}",
                )
            for m in _ENCODED_SLASH_RE.finditer(segment):
                char = "/" if m.group()[2] in "fF" else "\\"
                found.add(
                    "encoded-delimiter",
                    "warning",
                    "path",
                    start + m.start(),
                    start + m.end(),
                    f"{m.group()} is {char!r} once decoded: a back end may split the path there",
                )
        start = end + 1
