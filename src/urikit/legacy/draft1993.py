"""The grammar of the 1993 URL Internet-Draft (Berners-Lee, "BNF syntax").

Its character classes differ from RFC 1738: ``safe = $ - _ @ . &``, ``extra =
! * " ' ( ) : ; , space`` (a space is allowed, although the prose says it is
not), "+" only in paths (``xpalpha``) and as the ``search`` separator, and no
"=", "~", "/" or "?" inside the names. The scheme rules are the draft's own:
``httpaddress`` ("http://" hostport [/path] [?search]), ``fileaddress``
(spelt "ftp://" host "/" path: no port, no "file" scheme), ``newsaddress``,
``waisaddress``, ``prosperoaddress``, ``telnetaddress`` (no trailing "/"),
``gopheraddress`` ("/" must be followed by a gtype) and ``afsaddress``; a URL
of one of these schemes must match its rule, ``generic`` (scheme ":" path
[? search]) serves the others. ``fragmentaddress`` adds ``# fragmentid``.

Readings of the draft's BNF (each checked by a test):

* ``xpalphas = xpalpha [ xpalpha ]`` is read as ``xpalpha [ xpalphas ]`` (one
  or more), like ``xalphas``; the literal reading caps a path segment at two
  characters and refuses the draft's own examples.
* ``path = void | xpalphas [ / path ]``: segments are never empty, except that
  a path may end with "/"; ``generic`` paths cannot start with "/".
* ``ialpha`` (scheme, hostname, group) may hold any ``xalpha``, including
  "@", ":", "&" and a space, so ``hostname`` is just ``ialpha``.
* Prospero's ``[ %00 version [ attributes ] ]`` is itself a ``path``, so
  ``prosperoaddress`` is "prospero://" hostport "/" path.
* Scheme literals ("h t t p") are lower case; a scheme is matched to its rule
  ignoring case, so ``HTTP://h/`` is refused rather than read as ``generic``.

``rule`` is "fragmentaddress" (the default; "URI-reference" means the same),
"url" ("URI", "absolute-URI", "absoluteURI" mean the same) or one of the
rules above by its draft name; any other name raises ``ValueError``.

>>> is_valid_draft1993("http://info.cern.ch/hypertext/WWW/TheProject.html#x")
True
>>> is_valid_draft1993("http://h/a=b"), is_valid_draft1993("gopher://h/")
(False, False)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from ..core._charsets import ALPHA, ALPHA_CLASS, DIGIT, possessive, regex_class
from ..core._charsets import PCT_ENCODED_PATTERN as _ESC
from ..core._errors import unknown_choice

__all__ = ["RULES", "SCHEME_RULES", "is_valid_draft1993"]

# The draft's character classes, spelt for it alone (without ``escape``, which each
# pattern adds); tests/legacy/test_legacy_charsets.py spells them again.
_SAFE: Final = frozenset("$-_@.&")
_EXTRA: Final = frozenset("!*\"'():;, ")
_XALPHA: Final = ALPHA | DIGIT | _SAFE | _EXTRA  # xalpha = alpha | digit | safe | extra | escape
_XPALPHA: Final = _XALPHA | frozenset("+")  # xpalpha = xalpha | +
_XALPHA_CHARS: Final = regex_class(_XALPHA)
_X: Final = rf"(?:[{_XALPHA_CHARS}]|{_ESC})"
_XP: Final = rf"(?:[{regex_class(_XPALPHA)}]|{_ESC})"
_XALPHAS: Final = possessive(_X, "+")
_XPALPHAS: Final = possessive(_XP, "+")
_IALPHA: Final = rf"[{ALPHA_CLASS}]" + possessive(_X, "*")
_HOSTNUMBER: Final = r"[0-9]++\.[0-9]++\.[0-9]++\.[0-9]++"
_HOSTPORT: Final = rf"(?:{_IALPHA}|{_HOSTNUMBER}" + possessive("(?::[0-9]++)", "?") + ")"
_SEGMENTS: Final = _XPALPHAS + possessive(f"(?:/{_XPALPHAS})", "*")
_PATH: Final = possessive(f"(?:{_SEGMENTS}/?+)", "?")
_SEARCH: Final = _XALPHAS + possessive(rf"(?:\+{_XALPHAS})", "*")
_OPT_SEARCH: Final = possessive(rf"(?:\?{_SEARCH})", "?")

_xalphas_re: Final = re.compile(_XALPHAS)
_ialpha_re: Final = re.compile(_IALPHA)
_host_re: Final = re.compile(rf"(?:{_IALPHA}|{_HOSTNUMBER})")
_hostport_re: Final = re.compile(_HOSTPORT)
_at_alpha_re: Final = re.compile(rf"@[{ALPHA_CLASS}]")
_generic_re: Final = re.compile(
    rf"[{ALPHA_CLASS}]"
    + possessive(rf"(?:[{regex_class(_XALPHA - frozenset(':'))}]|{_ESC})", "*")
    + f":{_PATH}{_OPT_SEARCH}"
)
_http_re: Final = re.compile(f"http://{_HOSTPORT}" + possessive(f"(?:/{_PATH})", "?") + _OPT_SEARCH)
_file_re: Final = re.compile(rf"ftp://(?:{_IALPHA}|{_HOSTNUMBER})/{_PATH}")
_afs_re: Final = re.compile(rf"afs://{_IALPHA}/{_PATH}")
_wais_re: Final = re.compile(
    f"wais://{_HOSTPORT}/{_XALPHAS}"
    + possessive(rf"(?:\?{_SEARCH}|/{_XALPHAS}/[0-9]++/{_PATH})", "?")
)
_prospero_re: Final = re.compile(rf"prospero://{_HOSTPORT}/{_PATH}")
_gopher_re: Final = re.compile(
    f"gopher://{_HOSTPORT}" + possessive(f"(?:/{_X}{_PATH})", "?") + _OPT_SEARCH
)


def _matcher(regex: re.Pattern[str]) -> Callable[[str], bool]:
    return lambda text: regex.fullmatch(text) is not None


def _with_user(text: str, host: re.Pattern[str], *, optional: bool = True) -> bool:
    """``[ xalphas "@" ] <host>`` where ``<host>`` may itself hold "@" (linear).

    Either ``text`` is a ``<host>`` (when the user part is ``optional``); or the
    text after its last "@" is; or, the whole being xalphas, some "@" after the
    first character is followed by an alpha (the rest is then an ``ialpha``).
    """
    if optional and host.fullmatch(text):
        return True
    user, at, rest = text.rpartition("@")
    if not at or not user or not _xalphas_re.fullmatch(user):
        return False
    if host.fullmatch(rest):
        return True
    return _xalphas_re.fullmatch(text) is not None and _at_alpha_re.search(text, 1) is not None


def _telnet(text: str) -> bool:
    # telnetaddress = t e l n e t : / / [ user @ ] hostport
    return text.startswith("telnet://") and _with_user(text[9:], _hostport_re)


def _news(text: str) -> bool:
    # newsaddress = n e w s : groupart; groupart = * | group | article
    # group = ialpha [ . group ] (an ialpha, as "." is an xalpha); article = xalphas @ host
    if not text.startswith("news:"):
        return False
    rest = text[5:]
    if rest == "*" or _ialpha_re.fullmatch(rest):
        return True
    return _with_user(rest, _host_re, optional=False)


#: The draft's scheme rules, by scheme name (``fileaddress`` is spelt "ftp").
SCHEME_RULES: Final[dict[str, tuple[str, Callable[[str], bool]]]] = {
    "http": ("httpaddress", _matcher(_http_re)),
    "ftp": ("fileaddress", _matcher(_file_re)),
    "afs": ("afsaddress", _matcher(_afs_re)),
    "news": ("newsaddress", _news),
    "wais": ("waisaddress", _matcher(_wais_re)),
    "prospero": ("prosperoaddress", _matcher(_prospero_re)),
    "telnet": ("telnetaddress", _telnet),
    "gopher": ("gopheraddress", _matcher(_gopher_re)),
}
_BY_RULE: Final = {rule: check for rule, check in SCHEME_RULES.values()}
_URL_ALIASES: Final = frozenset({"url", "URI", "absolute-URI", "absoluteURI"})
_FRAGMENT_ALIASES: Final = frozenset({"fragmentaddress", "URI-reference"})
#: The rule names ``is_valid_draft1993`` accepts.
RULES: Final = (*sorted(_FRAGMENT_ALIASES), *sorted(_URL_ALIASES), "generic", *_BY_RULE)


def _url(text: str) -> bool:
    scheme, colon, _ = text.partition(":")
    if colon and scheme.lower() in SCHEME_RULES:
        return SCHEME_RULES[scheme.lower()][1](text)
    return _generic_re.fullmatch(text) is not None


def is_valid_draft1993(text: str, rule: str = "fragmentaddress") -> bool:
    """True when ``text`` matches the 1993 draft's ``rule`` ("fragmentaddress").

    >>> is_valid_draft1993("news:comp.infosystems.www"), is_valid_draft1993("a b:c d")
    (True, True)
    >>> is_valid_draft1993("http://h/#f", rule="url"), is_valid_draft1993("http://h/~u")
    (False, False)
    """
    if rule in _FRAGMENT_ALIASES:
        # fragmentaddress = url [ # fragmentid ]; fragmentid = xalphas
        text, hash_, fragment = text.partition("#")
        if hash_ and not _xalphas_re.fullmatch(fragment):
            return False
        return _url(text)
    if rule in _URL_ALIASES:
        return _url(text)
    if rule == "generic":
        return _generic_re.fullmatch(text) is not None
    if rule in _BY_RULE:
        return _BY_RULE[rule](text)
    raise unknown_choice("draft-1993 rule", rule, RULES)
