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
from types import ModuleType
from typing import Any, Final

from .._parser import HOST_SPAN
from ..errors import URIError
from ._policy import _Found
from ._text import _BIDI_FORMAT, _PCT_GROUPS, _host_name, _shorten

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


def _label_homograph(label: str, tld_scripts: Iterable[str]) -> tuple[str, str] | None:
    """(severity, why) when the U-label ``label`` passes for another (UTS #39
    section 5): it mixes scripts and the letters of all but one script look like
    letters of that one (mixed-script confusable; danger), it mixes scripts that
    are not ordinary writing together (danger), or it is in one script other
    than Latin and every letter looks like an ASCII one, under a top-level
    label of another script (whole-script confusable with Latin; warning)."""
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
    out = []
    for label in dict.fromkeys(international):
        verdict = _label_homograph(label, tld_scripts)
        if verdict is not None:
            out.append(verdict)
    return out


_IRI: list[ModuleType] = []


def _iri() -> ModuleType:
    """``urikit.iri`` (L5), imported when a reference first needs it (an import
    statement in ``_check_display`` would cost half a microsecond each time)."""
    if not _IRI:
        from .. import iri

        _IRI.append(iri)
    return _IRI[0]


def _check_display(found: _Found, text: str, sp: tuple[tuple[int, int], ...]) -> None:
    iri = _iri()
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
            found.add(
                "bidi-formatting",
                "danger",
                component,
                m.start(),
                m.end(),
                f"U+{ord(char):04X} {unicodedata.name(char, '')} reorders text",
            )
    # What iri.for_display(text) gives, without the DisplayForm and its safe text.
    try:
        shown: str | None = iri._from_uri(text, idna=True, display=True, strict_idna=False)
        warnings = iri.display_warnings(shown)
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
            safe = iri.to_uri(text)
            message += f"; shown as {_shorten(shown)!r}, safe form {_shorten(safe)!r}"
        found.add(code, severities[code, component], component, a, b, message)
