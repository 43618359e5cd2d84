"""What people see (RFC 3987 section 8, RFC 3986 section 7.6).

Host labels that pass for others (UTS #39: mixed scripts, whole-script and
mixed-script confusables, from the Unicode data of the confusable_homoglyphs
package, loaded on first need), raw bidirectional formatting characters, and
what :func:`urikit.iri.for_display` warns about: ``idn-homograph`` and
``bidi-formatting``."""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from collections.abc import Iterable
from typing import Any, Final

from ..core._errors import URIError, quoted
from ..core._parser import FRAGMENT_SPAN, HOST_SPAN, PATH_SPAN, QUERY_SPAN, USERINFO_SPAN
from ..iri._conversion import _decodable, _decode_component, _from_uri, to_uri
from ..iri._display import (
    _DELIMITERS,
    _MIXES_DIRECTIONS,
    _NOT_RTL_AT_ENDS,
    _SLASH_LIKE,
    display_warnings,
)
from ._invisible import _check_invisible
from ._policy import _Found
from ._text import _BIDI_FORMAT, _PCT_GROUPS, _add_bidi, _host_name

#: Scripts that are ordinary writing together (UTS #39 "highly restrictive"):
#: Japanese, Chinese with Bopomofo and Korean, each with Latin.
_ORDINARY_MIXES: Final = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)
#: Script values that name no script of their own: they go with any (UTS #24).
_NO_SCRIPT: Final = frozenset({"COMMON", "INHERITED", "Unknown"})
#: The confusables data wraps right-to-left look-alikes in LRM marks for display.
_NO_MARKS: Final = str.maketrans("", "", "\u200e\u200f")
_ASCII_LOOKS: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
_LATIN: Final = frozenset({"LATIN"})
_BIDI_FORMAT_RE: Final = re.compile(f"[{''.join(sorted(_BIDI_FORMAT))}]+")


@functools.cache
def _homoglyphs() -> tuple[Any, Any]:
    """The ``categories`` (the Unicode Script property) and ``confusables``
    (UTS #39 confusables) modules of the confusable_homoglyphs dependency,
    imported on first need: they read 1 MB of data."""
    from confusable_homoglyphs import (  # type: ignore[import-untyped]
        categories,
        confusables,
    )

    return categories, confusables


@functools.lru_cache(maxsize=4096)
def _look_alikes(char: str) -> tuple[frozenset[str], str]:
    """The scripts of the characters ``char`` is confusable with (UTS #39: they
    share its prototype), and the ASCII letter or digit among them ("" if none)."""
    categories, confusables = _homoglyphs()

    def homoglyphs(of: str) -> set[str]:
        found = confusables.is_confusable(of, greedy=True)
        return {g["c"].translate(_NO_MARKS) for g in found[0]["homoglyphs"]} if found else set()

    alikes = homoglyphs(char)
    for other in list(alikes):  # char's prototype: what else maps to it
        if len(other) == 1:
            alikes |= homoglyphs(other)
    alikes.discard(char)
    scripts: set[str] = set()
    for other in alikes:
        of_other = {categories.alias(c) for c in other} - _NO_SCRIPT
        if len(of_other) == 1:
            scripts |= of_other
    ascii_looks = sorted((not c.isalpha(), c.lower()) for c in alikes if c.lower() in _ASCII_LOOKS)
    return frozenset(scripts), ascii_looks[0][1] if ascii_looks else ""


def _script_name(script: str) -> str:
    return script.replace("_", " ").title()


def _u_label(label: str) -> str:
    """``label`` (lowercase) with an A-label (RFC 5890) decoded from Punycode;
    as it is when it is none, or no Punycode (longer than a DNS label, or bad)."""
    if not label.startswith("xn--") or len(label) > 63:
        return label
    try:
        return label[4:].encode("ascii").decode("punycode")
    except UnicodeError:
        return label


def _scripts_of(label: str) -> dict[str, list[str]]:
    """The distinct characters of ``label`` by script (Unicode Script property)."""
    categories, _ = _homoglyphs()
    by_script: dict[str, list[str]] = {}
    for char in dict.fromkeys(label):
        script = categories.alias(char)
        if script not in _NO_SCRIPT:
            by_script.setdefault(script, []).append(char)
    return by_script


def _latin_reading(label: str) -> str:
    """The all-Latin string with the skeleton (UTS #39 section 4) of the label
    ``label``, "" when there is none: in its NFD form (the skeleton's first
    step) each character of a script (not Common or Inherited, which go with
    any script and stay) must share its prototype with an ASCII letter, which
    stands for it (characters with one prototype have one skeleton)."""
    categories, _ = _homoglyphs()
    out = []
    for char in unicodedata.normalize("NFD", label):
        if categories.alias(char) not in _NO_SCRIPT:
            char = _look_alikes(char)[1]
            if not char.isalpha():  # none, or a digit only: no Latin letter
                return ""
        out.append(char)
    return unicodedata.normalize("NFC", "".join(out))


def _label_homograph(
    label: str, tld_scripts: Iterable[str], others_latin: bool
) -> tuple[str, str] | None:
    """(severity, why) when the U-label ``label`` passes for another (UTS #39
    section 5): it mixes scripts and the letters of all but one script look like
    letters of that one (mixed-script confusable; danger), it mixes scripts that
    are not ordinary writing together (danger), or it is in one script other
    than Latin, under a top-level label of another script, and every letter
    looks like an ASCII one (whole-script confusable with Latin): danger when
    its skeleton is that of an all-Latin string and the other labels of the name
    (``others_latin``) are Latin or ASCII (a Cyrillic "appie" under ".com"), a
    warning otherwise."""
    by_script = _scripts_of(label)
    if len(by_script) > 1:
        names = ", ".join(sorted(map(_script_name, by_script)))
        for script in sorted(by_script, key=lambda s: (-len(by_script[s]), s)):
            others = [c for s, chars in by_script.items() if s != script for c in chars]
            if all(script in _look_alikes(c)[0] for c in others):
                shown = ", ".join(
                    f"{c!r} ({unicodedata.name(c, f'U+{ord(c):04X}')})" for c in others[:3]
                )
                more = f" and {len(others) - 3} more" if len(others) > 3 else ""
                like = "look like letters" if len(others) > 1 else "looks like a letter"
                return "danger", (
                    f"the label {label!r} mixes scripts ({names}) and reads as"
                    f" {_script_name(script)}: {shown}{more} {like} of that script"
                )
        if not any(set(by_script) <= ok for ok in _ORDINARY_MIXES):
            return "danger", f"the label {label!r} mixes scripts: {names}"
        return None
    if len(by_script) == 1:
        ((script, chars),) = by_script.items()
        if script == "LATIN" or script in tld_scripts:
            return None
        latin = _latin_reading(label) if others_latin else ""
        if latin:
            return "danger", (
                f"the label {label!r} is {_script_name(script)} but reads as the Latin"
                f" {latin!r} among Latin labels (a whole-script confusable: the same"
                " skeleton)"
            )
        if all(_look_alikes(c)[1] for c in chars):
            of_script = set(chars)
            ascii_form = "".join(_look_alikes(c)[1] if c in of_script else c for c in label)
            return "warning", (
                f"the label {label!r} is {_script_name(script)} but every letter looks like"
                f" ASCII: {ascii_form!r} (a whole-script confusable)"
            )
    return None


def _host_homographs(host: str) -> list[tuple[str, str]]:
    """(severity, why) for each label of the reg-name ``host`` (as written: a
    U-label, an A-label with its ACE prefix in any case, percent-encoded or
    full-width) that passes for another; see :func:`_label_homograph`."""
    labels = [_u_label(label) for label in _host_name(host).split(".")]
    international = [label for label in labels if not label.isascii()]
    if not international:
        return []
    tld = next((label for label in reversed(labels) if label), "")
    tld_scripts = set(_scripts_of(tld)) if not tld.isascii() else set()
    latin = {label for label in labels if label.isascii() or set(_scripts_of(label)) <= _LATIN}
    out = []
    for label in dict.fromkeys(international):
        others_latin = all(other in latin for other in labels if other and other != label)
        verdict = _label_homograph(label, tld_scripts, others_latin)
        if verdict is not None:
            out.append(verdict)
    return out


# --- the display checks of an ASCII reference whose authority shows as written ---------

#: Facts of characters for ``_bidi_after_authority``: memos (bounded: cleared
#: together when full), ASCII first, as the Unicode look-ups cost a microsecond a
#: character. ``_KNOWN``: those whose facts are in the others;
#: ``_LOOKALIKE``: those display_warnings says look like a delimiter outside the
#: host (a slash look-alike, or a delimiter in the NFKC form); ``_UNSURE``: those
#: and the ones the display form keeps percent-encoded in a path or fragment (no
#: ``ucschar``, or a format character or space: iri._decodable); ``_RTL`` and
#: ``_LTR``: the right-to-left (bidi class R or AL) and left-to-right (L) ones.
_ASCII: Final = frozenset(map(chr, range(128)))
_ASCII_LTR: Final = frozenset(c for c in _ASCII if unicodedata.bidirectional(c) == "L")
_KNOWN: Final[set[str]] = set(_ASCII)
_LOOKALIKE: Final[set[str]] = set()
_UNSURE: Final[set[str]] = set()
_RTL: Final[set[str]] = set()
_LTR: Final[set[str]] = set(_ASCII_LTR)
_KNOWN_SIZE: Final = 4096


def _learn(chars: set[str]) -> None:
    """Put the facts of ``chars`` in the memos above."""
    missing = chars.difference(_KNOWN)
    if len(_KNOWN) + len(missing) > _KNOWN_SIZE:  # first, so that all of chars stay known
        for memo in (_KNOWN, _LOOKALIKE, _UNSURE, _RTL, _LTR):
            memo.clear()
        _KNOWN.update(_ASCII)
        _LTR.update(_ASCII_LTR)
        missing = chars.difference(_KNOWN)
    for ch in missing:
        if ch in _SLASH_LIKE or _DELIMITERS & set(unicodedata.normalize("NFKC", ch)):
            _LOOKALIKE.add(ch)
            _UNSURE.add(ch)
        elif not _decodable(ch, False, for_display=True):
            _UNSURE.add(ch)
        direction = unicodedata.bidirectional(ch)
        if direction in ("R", "AL"):
            _RTL.add(ch)
        elif direction == "L":
            _LTR.add(ch)
        _KNOWN.add(ch)


#: An encoded ASCII octet ("%2F", "%41"): the display form may keep it encoded.
_ENCODED_ASCII_RE: Final = re.compile("%[0-7]")


def _shown_tail(text: str, start: int) -> list[str] | None:
    """The path, query and fragment of the ASCII reference ``text`` (the path
    starting at ``start``; an absent query or fragment as "") with every
    percent-encoded octet decoded, when each is part of UTF-8 (and no ASCII);
    else ``None``. When no character of it is in ``_UNSURE``, this is what the
    display form shows.

    One decoding of the whole tail in place of ``iri._decode_component``'s
    regular expression and function call per run and component: with
    no encoded ASCII octet, a tail that is UTF-8 has runs that are each UTF-8 (an
    ASCII octet is no part of a longer sequence), and the display form decodes a
    run of UTF-8 whole when it decodes each of its characters; decoding brings
    no "?" or "#", so the tail splits at the first of each as ``text`` does."""
    tail = text[start:]
    if _ENCODED_ASCII_RE.search(tail) or "\\" in tail:  # a valid URI holds no "\\"
        return None
    try:  # "%D7%90" as "\\xD7\\x90", read as octets, then as UTF-8
        shown = (
            tail.replace("%", "\\x")
            .encode("ascii")
            .decode("unicode_escape")
            .encode("latin-1")
            .decode("utf-8")
        )
    except UnicodeError:
        return None
    rest, _, fragment = shown.partition("#")
    path, _, query = rest.partition("?")
    return [path, query, fragment]


#: The components after the authority, as display_warnings reads them: span,
#: name, what separates their pieces, and whether iprivate is decoded (the query).
_AFTER_AUTHORITY: Final = (
    (PATH_SPAN, "path", "/;.", False),
    (QUERY_SPAN, "query", "&=;", True),
    (FRAGMENT_SPAN, "fragment", "/", False),
)


def _bidi_after_authority(
    text: str, sp: tuple[tuple[int, int], ...]
) -> list[tuple[str, int, int, str]] | None:
    """The display findings of the ASCII reference ``text`` whose authority shows
    nothing misleading (no userinfo; a host, if any, with no "%" and no A-label,
    which the display form keeps as it is): "bidi-formatting" warnings only, as
    (component, start, end, message); ``None`` when a component holds a character
    that looks like a delimiter, which the full analysis (``_check_display_all``)
    then judges, as its message names the display and safe forms.

    What ``_check_display_all`` finds there, read from each component's display
    form (``_shown_tail``, else ``iri._decode_component`` as ``iri._from_uri``
    decodes it) without building the display text, splitting it again and
    making a DisplayWarning for each piece: the display text splits as ``text``
    does (decoding gives no delimiter), so its components are these, and with
    bidi warnings alone display_warnings' order (by position) is component order,
    then piece order. ``tests/security/test_check_shortcuts.py`` checks it against
    ``_check_display_all``."""
    values = _shown_tail(text, sp[PATH_SPAN][0])
    if values is not None:
        found = _bidi_findings(sp, values, _UNSURE)
        if found is not None:
            return found
    values = []
    for group, _, _, in_query in _AFTER_AUTHORITY:
        a, b = sp[group]
        value = text[a:b] if a >= 0 else ""
        values.append(_decode_component(value, in_query, True) if "%" in value else value)
    return _bidi_findings(sp, values, _LOOKALIKE)


def _bidi_findings(
    sp: tuple[tuple[int, int], ...], values: list[str], unsure: set[str]
) -> list[tuple[str, int, int, str]] | None:
    """The "bidi-formatting" findings of path, query and fragment shown as
    ``values``, as (component, start, end, message); ``None`` when a character is
    in ``unsure``. Each piece is judged as ``iri._display._bidi_warning`` does,
    from the memos of per-character facts (a set of a piece's characters is one
    pass over it: each look-up of a non-Latin-1 character in a str makes an
    object)."""
    out: list[tuple[str, int, int, str]] = []
    for k, (group, component, seps, _) in enumerate(_AFTER_AUTHORITY):
        value = values[k]
        if value.isascii():  # no right-to-left letter, no look-alike
            continue
        for sep in seps[1:]:
            value = value.replace(sep, seps[0])
        details: dict[str, None] = {}
        for piece in value.split(seps[0]):
            if piece.isascii():
                continue
            chars = set(piece)
            if not _KNOWN.issuperset(chars):
                _learn(chars)
            if not unsure.isdisjoint(chars):
                return None
            if chars.isdisjoint(_RTL):
                continue
            if not chars.isdisjoint(_LTR):
                details[_MIXES_DIRECTIONS.format(piece)] = None
            elif piece[0] not in _RTL or piece[-1] not in _RTL:
                details[_NOT_RTL_AT_ENDS.format(piece)] = None
        if details:
            a, b = sp[group]
            message = "; ".join(itertools.islice(details, 3))
            if len(details) > 3:
                message += f"; and {len(details) - 3} more"
            out.append((component, a, b, message))
    return out


def _check_shown(found: _Found, text: str, sp: tuple[tuple[int, int], ...]) -> None:
    """What people see of ``text`` (a valid URI or IRI reference with spans
    ``sp``): its invisible characters (``_invisible._check_invisible``), then
    the display checks (``_check_display``)."""
    _check_invisible(found, text, sp)
    _check_display(found, text, sp)


def _check_display(found: _Found, text: str, sp: tuple[tuple[int, int], ...]) -> None:
    """The display checks of ``text`` (a valid URI or IRI reference with spans
    ``sp``): ``_bidi_after_authority`` where it answers (an ASCII reference whose
    authority shows as written, the usual one with percent-encoded right-to-left
    text), else ``_check_display_all``."""
    if text.isascii() and sp[USERINFO_SPAN][0] < 0:
        h0, h1 = sp[HOST_SPAN]
        if h1 <= h0 or (text.find("%", h0, h1) < 0 and "xn--" not in text[h0:h1].lower()):
            fast = _bidi_after_authority(text, sp)
            if fast is not None:
                for component, a, b, message in fast:
                    found.add("bidi-formatting", "warning", component, a, b, message)
                return
    _check_display_all(found, text, sp)


def _check_display_all(found: _Found, text: str, sp: tuple[tuple[int, int], ...]) -> None:
    """The display checks of ``text`` (a valid URI or IRI reference with spans
    ``sp``) in full: look-alike host labels, raw bidi formatting characters, and
    what ``iri.display_warnings`` says of the display form."""
    spans = {name: sp[group] for group, name in _PCT_GROUPS}
    grouped: dict[tuple[str, str], dict[str, None]] = {}
    severities: dict[tuple[str, str], str] = {}
    h0, h1 = sp[HOST_SPAN]
    host = text[h0:h1] if h1 > h0 else ""
    if (
        host
        and host[0] != "["
        and not (host.isascii() and "%" not in host and "xn--" not in host.lower())
    ):  # an ASCII host without "%" and A-labels has only ASCII labels: nothing to judge
        # Mixed scripts and confusables in the host from the Unicode data (the
        # confusable_homoglyphs package), in place of for_display's mixed-script.
        for severity, why in _host_homographs(text[h0:h1]):
            grouped.setdefault(("idn-homograph", "host"), {})[why] = None
            if severity == "danger" or ("idn-homograph", "host") not in severities:
                severities["idn-homograph", "host"] = severity
    if not text.isascii():
        # Raw bidi formatting characters a valid IRI can hold: the isolates
        # (U+2066-U+2069) and ALM, which RFC 3987 section 4.1 (2005) predates.
        for m in _BIDI_FORMAT_RE.finditer(text):
            char = m.group()[0]
            component = next((n for n, (a, b) in spans.items() if a <= m.start() < b), "uri")
            _add_bidi(found, component, m.start(), m.end(), char)
    # What iri.for_display(text) gives, without the DisplayForm and its safe text.
    shown: str | None
    try:
        shown = _from_uri(text, idna=True, display=True)
        warnings = display_warnings(shown)
    except URIError:
        shown, warnings = None, []
    for w in warnings:  # one finding per code and component
        if w.kind == "mixed-script":
            continue  # judged above
        code = "bidi-formatting" if w.kind == "bidi" else "idn-homograph"
        grouped.setdefault((code, w.component), {})[w.detail] = None
        severities[code, w.component] = (
            "danger" if w.component in ("host", "userinfo") else "warning"
        )
    for (code, component), details in grouped.items():
        a, b = spans.get(component, (0, len(text)))
        message = "; ".join(itertools.islice(details, 3))
        if len(details) > 3:
            message += f"; and {len(details) - 3} more"
        if code == "idn-homograph" and shown is not None:
            # for_display's safe_text when it warns, and to_uri(text) when not
            safe = to_uri(text)
            message += f"; shown as {quoted(shown)}, safe form {quoted(safe)}"
        found.add(code, severities[code, component], component, a, b, message)
