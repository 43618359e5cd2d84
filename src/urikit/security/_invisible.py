"""Invisible characters (RFC 3987 section 8, RFC 5892 section 2.3).

A character that shows as nothing (Unicode's Default_Ignorable_Code_Point and
the format characters: U+200B ZERO WIDTH SPACE, U+2060 WORD JOINER, U+FEFF,
U+00AD SOFT HYPHEN, the variation selectors, the tag characters...), raw or
percent-encoded, makes two references that look the same differ: in the host
(danger: IDNA2008 disallows all of them, RFC 5892 section 2.3) and, as a
warning, in the userinfo, path, query or fragment. A ZERO WIDTH (NON-)JOINER
where IDNA's CONTEXTJ rules (RFC 5892 appendix A) allow it is ordinary writing
(Persian, the Indic scripts) and not flagged."""

from __future__ import annotations

import bisect
import functools
import re
import unicodedata
from typing import Final

from ..core._parser import HOST_SPAN
from ._policy import _Found
from ._text import _PCT_GROUPS, _PCT_RUN_RE, _invisible_re, _is_invisible

#: A "%XX" of an octet above 0x7F: the start of (part of) a non-ASCII character.
_HIGH_PCT_RE: Final = re.compile(r"%[89A-Fa-f]")
#: The joiners CONTEXTJ may allow (RFC 5892 appendix A.1 and A.2).
_JOINERS: Final = frozenset("\u200c\u200d")
#: What separates the pieces a joiner is judged in: labels of a host, segments
#: and parameters elsewhere (the CONTEXTJ rules look at the neighbours).
_PIECE_SEPS_RE: Final = re.compile("[./;?&=#:@\u3002\uff0e\uff61]")
#: How far on each side of a joiner CONTEXTJ is read (a run of more transparent
#: marks than this between a joiner and its letter is no writing).
_CONTEXT: Final = 32
#: The label separators of a host (UTS #46 maps the three others to ".").
_LABEL_SEPS_RE: Final = re.compile("[.\u3002\uff0e\uff61]")


def _decoded(text: str, a: int, b: int) -> tuple[str, list[int]]:
    """``text[a:b]`` with each run of percent-encoded octets decoded as UTF-8
    (an octet that is none: one lone surrogate, ``surrogateescape``), and the
    start in ``text`` of each character of it, then ``b``."""
    out: list[str] = []
    starts: list[int] = []
    pos = a
    for m in _PCT_RUN_RE.finditer(text, a, b):
        out.append(text[pos : m.start()])
        starts.extend(range(pos, m.start()))
        at = m.start()
        for char in bytes.fromhex(m.group().replace("%", "")).decode("utf-8", "surrogateescape"):
            out.append(char)
            starts.append(at)
            at += 3 * len(char.encode("utf-8", "surrogateescape"))
        pos = m.end()
    out.append(text[pos:b])
    starts.extend(range(pos, b + 1))
    return "".join(out), starts


def _encoded_invisible(text: str) -> bool:
    """Whether a run of percent-encoded octets of ``text`` decodes to an
    invisible character: all runs with an octet above 0x7F decoded at once,
    joined by "%00" (no continuation octet: characters end before and after it;
    octets that are no UTF-8 are lone surrogates, no invisible character)."""
    runs = [run for run in _PCT_RUN_RE.findall(text) if _HIGH_PCT_RE.search(run)]
    if not runs:
        return False
    octets = bytes.fromhex("%00".join(runs).replace("%", ""))
    return _invisible_re().search(octets.decode("utf-8", "surrogateescape")) is not None


def _allowed_joiner(value: str, i: int, seps: list[int] | None = None) -> bool:
    """Whether the joiner ``value[i]`` passes IDNA's CONTEXTJ rule (the ``idna``
    package's) within its piece of ``value`` (a label, a segment); ``seps`` are
    the positions of the separators in ``value``, when known. The rule reads the
    character before the joiner and the letters around it past transparent
    marks: it is given the piece within ``_CONTEXT`` characters of the joiner,
    so that each joiner costs the same in a long piece."""
    import idna.core

    if seps is None:
        seps = [m.start() for m in _PIECE_SEPS_RE.finditer(value)]
    k = bisect.bisect_left(seps, i)
    start = max(seps[k - 1] + 1 if k else 0, i - _CONTEXT)
    end = min(seps[k] if k < len(seps) else len(value), i + 1 + _CONTEXT)
    try:
        return bool(idna.core.valid_contextj(value[start:end], i - start))
    except ValueError:  # a neighbour with no name
        return False


def _name(char: str) -> str:
    return f"U+{ord(char):04X} {unicodedata.name(char, '')}".rstrip()


def _check_invisible(found: _Found, text: str, sp: tuple[tuple[int, int], ...]) -> None:
    """Add an "invisible-character" finding for each run of invisible
    characters (raw or percent-encoded) in a component of ``text``, and for an
    A-label of the host whose Punycode decodes to one."""
    pattern = _invisible_re()
    h0, h1 = sp[HOST_SPAN]
    host = text[h0:h1].lower() if h1 > h0 else ""
    a_labels = "xn--" in host or ("%" in host and "xn" in host)  # "xn%2D%2D" too
    if (
        not a_labels
        and (text.isascii() or pattern.search(text) is None)
        and ("%" not in text or not _encoded_invisible(text))
    ):
        return  # the common case: one search of the text and one of its runs
    for group, component in _PCT_GROUPS:
        a, b = sp[group]
        if a < 0 or b <= a:
            continue
        value = text[a:b]
        labels = group == HOST_SPAN and a_labels
        encoded = "%" in value and _HIGH_PCT_RE.search(value) is not None
        if not (encoded or labels) and (value.isascii() or pattern.search(value) is None):
            continue
        shown, starts = _decoded(text, a, b) if "%" in value else (value, [*range(a, b + 1)])
        severity = "danger" if group == HOST_SPAN else "warning"
        run: list[int] = []  # the indexes in shown of the run being read
        seps: list[int] | None = None  # where shown's pieces end, once a joiner asks
        for m in pattern.finditer(shown):
            i = m.start()
            if shown[i] in _JOINERS:
                if seps is None:
                    seps = [m.start() for m in _PIECE_SEPS_RE.finditer(shown)]
                if _allowed_joiner(shown, i, seps):
                    continue
            if run and starts[run[-1] + 1] != starts[i]:  # not next to the run
                _add(found, shown, starts, run, component, severity)
                run = []
            run.append(i)
        if run:
            _add(found, shown, starts, run, component, severity)
        if group == HOST_SPAN and "xn--" in shown.lower():
            _check_a_labels(found, shown, starts)


def _add(
    found: _Found,
    shown: str,
    starts: list[int],
    run: list[int],
    component: str,
    severity: str,
) -> None:
    first = shown[run[0]]
    more = f" and {len(run) - 1} more" if len(run) > 1 else ""
    encoded = " (percent-encoded)" if starts[run[0] + 1] - starts[run[0]] > 1 else ""
    found.add(
        "invisible-character",
        severity,
        component,
        starts[run[0]],
        starts[run[-1] + 1],
        f"{_name(first)}{encoded}{more} in the {component}: invisible, so two different"
        " references look the same",
    )


@functools.lru_cache(maxsize=4096)
def _a_label_hidden(label: str) -> str:
    """The first invisible character that CONTEXTJ does not allow in the
    Punycode of the label ``label`` (its ACE prefix in any case), "" if none
    (or no Punycode: longer than a DNS label, or bad). Kept in a bounded cache:
    Punycode is decoded in Python."""
    if len(label) > 63 or not label.isascii():
        return ""
    try:
        ulabel = label[4:].lower().encode("ascii").decode("punycode")
    except UnicodeError:
        return ""
    for i, char in enumerate(ulabel):
        if _is_invisible(char) and not (char in _JOINERS and _allowed_joiner(ulabel, i)):
            return char
    return ""


def _check_a_labels(found: _Found, shown: str, starts: list[int]) -> None:
    """The A-labels of the host ``shown`` (decoded; ``starts`` maps it to the
    text) whose Punycode decodes to an invisible character that CONTEXTJ does
    not allow: a danger finding on the label."""
    pos = 0
    for m in [*_LABEL_SEPS_RE.finditer(shown), None]:
        end = m.start() if m else len(shown)
        label = shown[pos:end]
        hidden = _a_label_hidden(label) if label[:4].lower() == "xn--" else ""
        if hidden:
            found.add(
                "invisible-character",
                "danger",
                "host",
                starts[pos],
                starts[end],
                f"the A-label {label!r} holds {_name(hidden)}: invisible, so two"
                " different references look the same",
            )
        if m is not None:
            pos = m.end()
