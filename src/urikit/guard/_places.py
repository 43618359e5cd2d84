"""Positions in the URL a hop checked, carried back to the text it was written as.

:func:`~urikit.guard._gate.admit` checks a URL with its surrounding whitespace
stripped, as an IRI's URI (RFC 3987 section 3.1) when the policy lets an IRI
through, and, for a redirect, as the ``Location`` resolved against the hop's URL
(RFC 3986 section 5.2). A :class:`Placer` turns a position in that checked text
into one in the text written (the caller's URL, the ``Location`` value), so
that ``err.text[err.position]`` is the offending character of what was written:

* the same text once whitespace is stripped: the position moves by the
  whitespace before it;
* otherwise component by component (RFC 3986 section 3): a component written
  as it was checked keeps its place; one the IRI mapping percent-encoded is
  walked character by character (a non-ASCII character is the ``%XX`` of each
  of its UTF-8 octets); a host turned into A-labels (or percent-decoded) is
  placed at its start or end, the finding being about the host as a whole;
* a position in a component the written text does not hold (a relative
  ``Location`` takes the scheme and the host from the hop's URL) has no place
  there: :meth:`Placer.place` gives ``None``.

>>> Placer("http://h/", " http://h/").place(7)
8
>>> Placer("http://xn--bcher-kva.example/%C3%A9", "http://bücher.example/é").place(29)
22
>>> Placer("http://127.0.0.1/a", "/a").place(7) is None
True
"""

from __future__ import annotations

import bisect

from ..core._errors import URIError
from ..core._parser import DISJOINT_SPANS

__all__ = ["STRIPPED", "Placer"]

#: Characters clients strip from the ends of a URL before they parse it (the
#: WHATWG URL Standard's C0 control or space).
STRIPPED = "".join(chr(c) for c in range(0x21))

Parts = dict[str, tuple[int, int]]


def _parts(text: str) -> Parts | None:
    """The spans of ``text``'s components (a URI or IRI reference), or None."""
    from .. import iri
    from ..core._reference import parse

    try:
        ref = parse(text) if text.isascii() else iri.parse(text)
    except URIError:
        return None
    spans = ref._sp
    out: Parts = {}
    for name, group in DISJOINT_SPANS:
        a, b = spans[group]
        if a >= 0:
            out[name] = (a, b)
    return out


class Placer:
    """Positions in ``checked`` placed in ``written`` (see the module's text)."""

    def __init__(self, checked: str, written: str) -> None:
        self.checked = checked
        self.written = written
        lead = len(written) - len(written.lstrip(STRIPPED))
        self._lead = lead
        self._same = False
        # the checked text inside the written one, only whitespace around it
        found = written.find(checked, 0, lead + len(checked))
        if 0 <= found <= lead and not written[found + len(checked) :].strip(STRIPPED):
            self._lead, self._same = found, True
        self._stripped = written.strip(STRIPPED)
        self._mine: Parts | None = None
        self._theirs: Parts | None = None
        self._walks: dict[str, list[int]] = {}

    def place(self, position: int) -> int | None:
        """``position`` in ``checked`` as a position in ``written``, or None when
        the written text does not hold what is there."""
        if self._same:
            return position + self._lead
        if self._mine is None:
            self._mine = _parts(self.checked) or {}
            self._theirs = _parts(self._stripped) or {}
        mine, theirs = self._mine, self._theirs or {}
        # the component the position is in (or ends, or is just before)
        inside = [n for n, (a, b) in mine.items() if a <= position < b or position == a == b]
        if inside:
            name = inside[0]
        else:
            after = [(a, name) for name, (a, b) in mine.items() if a > position]
            ends = [name for name, (a, b) in mine.items() if b == position]
            if ends:
                name = ends[-1]
            elif after:
                a, name = min(after)
                # a delimiter just before a component is written just before it
                if name not in theirs:
                    return None
                return self._lead + theirs[name][0] - (a - position)
            else:
                return None
        if name not in theirs:
            return None
        a, b = mine[name]
        wa, wb = theirs[name]
        place = self._within(name, position, a, b, wa, wb)
        return None if place is None else place + self._lead

    def _within(self, name: str, position: int, a: int, b: int, wa: int, wb: int) -> int | None:
        mine = self.checked[a:b]
        theirs = self._stripped[wa:wb]
        if mine == theirs:
            return wa + (position - a)
        if position == a:
            return wa
        if position == b:
            return wb
        if name == "host":  # A-labels or decoded: the host as a whole
            return wa
        starts = self._walks.get(name)
        if starts is None:
            starts = self._walks[name] = _walk(self.checked, a, b, theirs)
        if not starts:
            return None
        return wa + bisect.bisect_right(starts, position) - 1


def _walk(checked: str, a: int, b: int, theirs: str) -> list[int]:
    """Where each character of ``theirs`` starts in ``checked[a:b]``, the IRI
    mapping's form of it (a non-ASCII character is the %XX of each of its UTF-8
    octets); empty when ``checked[a:b]`` is not that form."""
    starts = []
    at = a
    for char in theirs:
        form = (
            char
            if char.isascii()
            else "".join(f"%{o:02X}" for o in char.encode("utf-8", "surrogatepass"))
        )
        if checked[at : at + len(form)] != form:
            return []
        starts.append(at)
        at += len(form)
    return starts if at == b else []
