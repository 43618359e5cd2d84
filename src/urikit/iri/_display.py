"""The form of a URI or IRI to show people, and when that form would mislead.

:func:`urikit.iri.for_display` converts with RFC 3987 section 3.2 (percent-encoded UTF-8 of
characters an IRI may carry is decoded, never anything that changes meaning)
and turns valid A-labels into U-labels. It then looks for what would make the
shown text lie about the identifier:

* ``"mixed-script"``: a host label mixing scripts (Latin with Cyrillic, ...),
  the classic homograph. Latin with Han and Japanese kana, with Han and Hangul,
  or with Han and Bopomofo is ordinary writing and not flagged (the
  combinations UTS #39 calls "highly restrictive").
* ``"bidi"``: a component (host label, path segment or a name's extension,
  userinfo, query name or value, fragment) that breaks RFC 3987 section 4.2: it mixes right-to-left
  and left-to-right letters, or has right-to-left letters but does not start
  and end with one, so the bidi algorithm may reorder what people read.
* ``"delimiter-lookalike"``: a character that looks like "/", "?", "#", "@",
  ":" or "." (its compatibility form is one, or it is a known slash look-alike).
* ``"invalid-a-label"``: an "xn--" label that IDNA does not accept (it is shown
  as is, but is no name anyone registered).

Script and bidi facts come from :mod:`unicodedata` (the interpreter's Unicode
version); script is read from the character's name, which is exact for the
scripts compared here.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Final

from ..core._errors import URIError
from ._conversion import _from_uri, to_uri
from ._syntax import (
    FRAGMENT_SPAN,
    HOST_SPAN,
    PATH_SPAN,
    QUERY_SPAN,
    USERINFO_SPAN,
    iri_split,
    text_arg,
)

__all__ = ["DisplayForm", "DisplayWarning", "display_warnings", "for_display"]

_SLASH_LIKE: Final = frozenset("\u2215\u2044\u29f8\u2571\u2afd\u3033\u0338\u2cc6")
#: The full stops UTS #46 maps to "." (RFC 3490 section 3.1): label separators in a host.
_HOST_DOTS: Final = frozenset("\u3002\uff0e\uff61")
#: What separates the labels of a host name.
_LABEL_SEPS: Final = ".\u3002\uff0e\uff61"
_DELIMITERS: Final = frozenset("/?#@:.%")
_ORDINARY_MIXES: Final = (
    frozenset({"Latin", "Han", "Hiragana", "Katakana"}),
    frozenset({"Latin", "Han", "Bopomofo"}),
    frozenset({"Latin", "Han", "Hangul"}),
)
_SCRIPT_WORDS: Final = {
    "CJK": "Han",
    "IDEOGRAPHIC": "Han",
    "HIRAGANA": "Hiragana",
    "KATAKANA": "Katakana",
    "HALFWIDTH": "",  # HALFWIDTH KATAKANA ... / HANGUL ...: the next word says
    "FULLWIDTH": "",
}


@dataclass(frozen=True)
class DisplayWarning:
    """Why a display form would mislead: ``kind``, where (``component`` and the
    0-based ``position`` in the display text) and a human ``detail``."""

    kind: str
    component: str
    position: int
    detail: str


@dataclass(frozen=True)
class DisplayForm:
    """What :func:`for_display` found.

    ``text`` is the form for people; ``uri`` the input; ``warnings`` what makes
    ``text`` misleading (empty when it is not). ``safe_text`` is ``text`` when
    it does not mislead and the URI form (RFC 3987 section 3.1) otherwise.
    """

    text: str
    uri: str
    warnings: tuple[DisplayWarning, ...]
    safe_text: str

    @property
    def misleading(self) -> bool:
        """True when some warning says the display form would mislead."""
        return bool(self.warnings)

    @property
    def ltr_embedded(self) -> str:
        """``text`` inside LRE ... PDF when it holds right-to-left characters, the
        way RFC 3987 section 4.1 says a bidi IRI must be rendered."""
        if any(unicodedata.bidirectional(c) in ("R", "AL") for c in self.text):
            return "\u202a" + self.text + "\u202c"
        return self.text


def _script(ch: str) -> str | None:
    """The script of a letter, from its Unicode name; ``None`` for anything else."""
    if not unicodedata.category(ch).startswith("L"):
        return None
    words = unicodedata.name(ch, "").split()
    for word in words[:2]:
        mapped = _SCRIPT_WORDS.get(word)
        if mapped is None:
            if "-" in word:  # KATAKANA-HIRAGANA PROLONGED SOUND MARK: both
                return None
            return word.title()
        if mapped:
            return mapped
    return None


_LATIN: Final = "Latin"  # _script of every ASCII letter (tests/iri/test_iri.py checks it)


def _label_scripts(label: str) -> set[str]:
    if label.isascii():  # only Latin letters (cased, so lower() != upper() when any)
        return {_LATIN} if label.lower() != label.upper() else set()
    return {s for s in map(_script, label) if s is not None}


def _mixed(scripts: set[str]) -> bool:
    if len(scripts) <= 1:
        return False
    return not any(scripts <= ok for ok in _ORDINARY_MIXES)


#: Each separator string's characters mapped to its first (one split for all).
_TO_FIRST_SEP: Final = {
    seps: str.maketrans(seps, seps[0] * len(seps)) for seps in (":", _LABEL_SEPS, "/;.", "&=;", "/")
}


def _pieces(text: str, a: int, b: int, seps: str) -> list[tuple[int, str]]:
    """The pieces of ``text[a:b]`` between the characters of ``seps`` (empty ones
    too), each with its start."""
    value = text[a:b]
    if len(seps) > 1:
        table = _TO_FIRST_SEP.get(seps)
        value = value.translate(
            table if table is not None else str.maketrans(seps, seps[0] * len(seps))
        )
    out: list[tuple[int, str]] = []
    start = a
    for piece in value.split(seps[0]):
        out.append((start, text[start : start + len(piece)]))
        start += len(piece) + 1
    return out


#: Characters known to be no right-to-left letter (bidi class R or AL), and
#: characters known to look like no delimiter in any component (no slash
#: look-alike, no full stop of a host, no delimiter in the NFKC form): ASCII
#: first, then memos (bounded: cleared when full) of what display_warnings
#: looked up, as the Unicode look-ups cost a microsecond a character.
_NOT_RTL: Final[set[str]] = set(map(chr, range(128)))
_NOT_LOOKALIKE: Final[set[str]] = set(map(chr, range(128)))
#: The characters whose facts are in both (a character missing from one of them
#: is only looked up again).
_LEARNT: Final[set[str]] = set(map(chr, range(128)))
_MEMO_SIZE: Final = 4096


def _learn(chars: str) -> None:
    """Add to ``_NOT_RTL`` and ``_NOT_LOOKALIKE`` those of ``chars`` that belong there."""
    if _LEARNT.issuperset(chars):
        return
    if len(_LEARNT) >= _MEMO_SIZE:
        for memo in (_LEARNT, _NOT_RTL, _NOT_LOOKALIKE):
            memo.clear()
            memo.update(map(chr, range(128)))
    for ch in set(chars).difference(_LEARNT):
        if unicodedata.bidirectional(ch) not in ("R", "AL"):
            _NOT_RTL.add(ch)
        if not (
            ch in _SLASH_LIKE
            or ch in _HOST_DOTS
            or _DELIMITERS & set(unicodedata.normalize("NFKC", ch))
        ):
            _NOT_LOOKALIKE.add(ch)
        _LEARNT.add(ch)


_RTL_CLASSES: Final = ("R", "AL")


#: The details of a "bidi" warning (security's check writes them too).
_MIXES_DIRECTIONS: Final = "{!r} mixes right-to-left and left-to-right letters"
_NOT_RTL_AT_ENDS: Final = "{!r} has right-to-left letters but does not start and end with one"


def _bidi_warning(component: str, pos: int, piece: str) -> DisplayWarning | None:
    if _NOT_RTL.issuperset(piece):  # no ASCII character is right-to-left (R or AL)
        return None
    classes = list(map(unicodedata.bidirectional, piece))
    if "R" not in classes and "AL" not in classes:
        return None
    if "L" in classes:
        return DisplayWarning("bidi", component, pos, _MIXES_DIRECTIONS.format(piece))
    if not (classes[0] in _RTL_CLASSES and classes[-1] in _RTL_CLASSES):
        return DisplayWarning("bidi", component, pos, _NOT_RTL_AT_ENDS.format(piece))
    return None


#: The components display_warnings reads for bidi and look-alikes, with what
#: separates their pieces.
_GROUPS: Final = (
    (USERINFO_SPAN, "userinfo", ":"),
    (HOST_SPAN, "host", _LABEL_SEPS),
    (PATH_SPAN, "path", "/;."),
    (QUERY_SPAN, "query", "&=;"),
    (FRAGMENT_SPAN, "fragment", "/"),
)


def display_warnings(text: str) -> list[DisplayWarning]:
    """What makes the valid IRI reference ``text`` misleading to show, by position."""
    sp = iri_split(text)
    assert sp is not None  # from_uri gives a valid IRI
    warnings: list[DisplayWarning] = []
    h0, h1 = sp[HOST_SPAN]
    host = text[h0:h1] if h0 >= 0 else ""
    # An ASCII host without the ACE prefix has no label to warn about: each is
    # Latin or of no script, and none is an A-label.
    if (
        h0 >= 0
        and not text.startswith("[", h0)
        and not (host.isascii() and "xn--" not in host.lower())
    ):
        for pos, label in _pieces(text, h0, h1, _LABEL_SEPS):
            scripts = _label_scripts(label)
            if _mixed(scripts):
                warnings.append(
                    DisplayWarning(
                        "mixed-script",
                        "host",
                        pos,
                        f"the label {label!r} mixes scripts: {', '.join(sorted(scripts))}",
                    )
                )
            if label[:4].lower() == "xn--":  # the ACE prefix in any case
                warnings.append(
                    DisplayWarning(
                        "invalid-a-label", "host", pos, f"{label!r} is not a valid IDNA A-label"
                    )
                )
    for group, component, seps in _GROUPS:
        a, b = sp[group]
        if a < 0:
            continue
        value = text[a:b]
        if value.isascii():
            continue  # no right-to-left letter and no look-alike in ASCII
        _learn(value)
        if not _NOT_RTL.issuperset(value):
            for pos, piece in _pieces(text, a, b, seps):
                w = _bidi_warning(component, pos, piece) if piece else None
                if w is not None:
                    warnings.append(w)
        if _NOT_LOOKALIKE.issuperset(value):
            continue
        for i in range(a, b):
            ch = text[i]
            if ch in _NOT_LOOKALIKE:
                continue
            lookalike = ch in _SLASH_LIKE or (component == "host" and ch in _HOST_DOTS)
            if lookalike or _DELIMITERS & set(unicodedata.normalize("NFKC", ch)):
                warnings.append(
                    DisplayWarning(
                        "delimiter-lookalike",
                        component,
                        i,
                        f"U+{ord(ch):04X} {unicodedata.name(ch, '')} looks like a delimiter",
                    )
                )
    warnings.sort(key=lambda w: w.position)
    return warnings


def for_display(uri: str, *, strict: bool = False) -> DisplayForm:
    """The form of ``uri`` (a URI or IRI reference) to show people, and whether it misleads.

    The text is :func:`urikit.iri.from_uri` with U-labels for valid A-labels
    (an A-label that is not valid is shown as it is, with an "invalid-a-label"
    warning). With
    ``strict=True`` a misleading form raises :class:`~urikit.URIError` (reason
    "bad-value", the first warning's component and position in the display
    text) instead of being returned.

    >>> d = for_display("http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9")
    >>> d.text, d.misleading
    ('http://例え.jp/パス', False)
    >>> d = for_display("http://xn--pypal-4ve.com/")  # a Cyrillic letter among Latin ones
    >>> d.text == "http://p\\u0430ypal.com/", d.misleading, d.safe_text, d.warnings[0].kind
    (True, True, 'http://xn--pypal-4ve.com/', 'mixed-script')
    >>> for_display("http://a/%E2%88%95etc", strict=True)
    Traceback (most recent call last):
    urikit.errors.URIError: invalid path: U+2215 DIVISION SLASH looks like a delimiter at position 9
    """
    source = text_arg("for_display", "uri", uri)
    # An A-label that is not valid stays as it is, with an "invalid-a-label" warning.
    text = _from_uri(source, idna=True, display=True)
    warnings = tuple(display_warnings(text))
    if warnings and strict:
        w = warnings[0]
        raise URIError("bad-value", w.component, w.position, text, detail=w.detail)
    safe = to_uri(source) if warnings else text
    return DisplayForm(text, source, warnings, safe)
