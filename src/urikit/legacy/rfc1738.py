"""The grammar of RFC 1738 section 5, with its per-scheme rules.

A URL whose scheme RFC 1738 defines (ftp, file, http, gopher, mailto, news,
nntp, telnet, wais, prospero) must match that scheme's rule; ``otherurl``
(``genericurl``) serves only the other schemes. ``scheme`` is lower case only
(``1*[ lowalpha | digit | "+" | "-" | "." ]``) and there is no fragment, no
relative form, no "~" (a "national" character) and no empty ``mailto:``.

The checker is hand-written: each URL is cut at its delimiters with
``str.partition``/``split`` and every piece is matched by a one-class regex
with a possessive quantifier, so the time is linear in the length.

``rule`` is "url" (the default; "URI-reference", "URI", "absolute-URI" and
"absoluteURI" mean the same, since RFC 1738 has neither fragments nor relative
forms), "genericurl", "otherurl" or one scheme rule ("ftpurl", "fileurl",
"httpurl", "gopherurl", "mailtourl", "newsurl", "nntpurl", "telneturl",
"waisurl", "prosperourl"); any other name raises ``ValueError``.

>>> is_valid_rfc1738("ftp://ftp.x.org/pub/a.txt;type=a")
True
>>> is_valid_rfc1738("ftp://ftp.x.org/pub/a.txt;type=b"), is_valid_rfc1738("http://h/~u")
(False, False)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from ..core._charsets import ALNUM_CLASS, ALPHA, ALPHA_CLASS, DIGIT, possessive, regex_class
from ..core._charsets import PCT_ENCODED_PATTERN as _ESC
from ..core._errors import unknown_choice

__all__ = ["RULES", "SCHEME_RULES", "is_valid_rfc1738"]

# Section 5's character classes, spelt for RFC 1738 alone (without ``escape``, which
# each run adds); tests/legacy/test_legacy_charsets.py spells them again.
_SAFE: Final = frozenset("$-_.+")
_EXTRA: Final = frozenset("!*'(),")
_UNRESERVED: Final = ALPHA | DIGIT | _SAFE | _EXTRA  # uchar = unreserved | escape
_RESERVED: Final = frozenset(";/?:@&=")
_XCHAR: Final = _UNRESERVED | _RESERVED  # xchar = unreserved | reserved | escape
_USER: Final = _UNRESERVED | frozenset(";?&=")  # user, password
_FSEGMENT: Final = _UNRESERVED | frozenset("?:@&=")
_HSEGMENT: Final = _UNRESERVED | frozenset(";:@&=")
_SEARCH: Final = _UNRESERVED | frozenset(";:@&=")
_PSEGMENT: Final = _UNRESERVED | frozenset("?:@&=")
_FIELD: Final = _UNRESERVED | frozenset("?:@&")  # fieldname, fieldvalue
_ARTICLE: Final = _UNRESERVED | frozenset(";/?:&=")


def _run(chars: frozenset[str]) -> Callable[[str], bool]:
    """A matcher for ``*[ <chars> | escape ]``."""
    regex = re.compile(possessive(rf"(?:[{regex_class(chars)}]|{_ESC})", "*"))
    return lambda text: regex.fullmatch(text) is not None


_uchars = _run(_UNRESERVED)
_user = _run(_USER)
_xchars = _run(_XCHAR)
_fpath = _run(_FSEGMENT | frozenset("/"))  # fsegment *[ "/" fsegment ]
_hpath = _run(_HSEGMENT | frozenset("/"))  # hsegment *[ "/" hsegment ]
_search = _run(_SEARCH)  # search (also hsegment without "/")
_ppath = _run(_PSEGMENT | frozenset("/"))  # psegment *[ "/" psegment ]
_field = _run(_FIELD)
_article = _run(_ARTICLE)
_SCHEME_RE: Final = re.compile(r"[a-z0-9+.\-]++")
_DIGITS_RE: Final = re.compile(r"[0-9]++")
_HOSTNUMBER_RE: Final = re.compile(r"[0-9]++\.[0-9]++\.[0-9]++\.[0-9]++")
_GROUP_RE: Final = re.compile(rf"[{ALPHA_CLASS}][{ALNUM_CLASS}\-.+_]*+")
_LABEL_CHARS: Final = ALPHA | DIGIT | frozenset("-")


def _digits(text: str) -> bool:
    return _DIGITS_RE.fullmatch(text) is not None


def _host(host: str) -> bool:
    """``host = hostname | hostnumber``; labels never start or end with "-"."""
    if _HOSTNUMBER_RE.fullmatch(host):
        return True
    labels = host.split(".")
    for label in labels:
        if not label or label[0] == "-" or label[-1] == "-" or not set(label) <= _LABEL_CHARS:
            return False
    return labels[-1][0].isalpha()  # toplabel = alpha | alpha *[ alphadigit | "-" ] alphadigit


def _hostport(text: str) -> bool:
    host, colon, port = text.partition(":")
    return _host(host) and (not colon or _digits(port))


def _login(text: str) -> bool:
    """``login = [ user [ ":" password ] "@" ] hostport`` (user has no "@" or ":")."""
    userinfo, at, hostport = text.rpartition("@")
    if at:
        user, _, password = userinfo.partition(":")
        if not (_user(user) and _user(password)):
            return False
    return _hostport(hostport)


def _ip(rest: str) -> tuple[str, str, str] | None:
    """Split ``"//" hostport-or-login [ "/" tail ]``; None without the "//"."""
    if not rest.startswith("//"):
        return None
    return rest[2:].partition("/")


def _ftp(rest: str) -> bool:
    # ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
    parts = _ip(rest)
    if parts is None or not _login(parts[0]):
        return False
    fpath, semi, typecode = parts[2].partition(";")
    if semi and (typecode[:5] != "type=" or typecode[5:] not in ("A", "I", "D", "a", "i", "d")):
        return False
    return _fpath(fpath)


def _file(rest: str) -> bool:
    # fileurl = "file://" [ host | "localhost" ] "/" fpath
    parts = _ip(rest)
    if parts is None or not parts[1]:
        return False
    return (parts[0] == "" or _host(parts[0])) and _fpath(parts[2])


def _http(rest: str) -> bool:
    # httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
    parts = _ip(rest)
    if parts is None or not _hostport(parts[0]):
        return False
    hpath, _, search = parts[2].partition("?")
    return _hpath(hpath) and _search(search)


def _gopher(rest: str) -> bool:
    # gopherurl = "gopher://" hostport [ / [ gtype [ selector
    #             [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
    # gtype = xchar and selector = gopher+_string = *xchar, and "%09" and search
    # are xchars too: everything after the "/" is *xchar.
    parts = _ip(rest)
    return parts is not None and _hostport(parts[0]) and _xchars(parts[2])


def _mailto(rest: str) -> bool:
    # mailtourl = "mailto:" encoded822addr; encoded822addr = 1*xchar
    return rest != "" and _xchars(rest)


def _news(rest: str) -> bool:
    # grouppart = "*" | group | article; article = 1*[ ... ] "@" host
    if rest == "*" or _GROUP_RE.fullmatch(rest):
        return True
    article, at, host = rest.partition("@")
    return bool(at) and article != "" and _article(article) and _host(host)


def _nntp(rest: str) -> bool:
    # nntpurl = "nntp://" hostport "/" group [ "/" digits ]
    parts = _ip(rest)
    if parts is None or not parts[1] or not _hostport(parts[0]):
        return False
    group, slash, number = parts[2].partition("/")
    return _GROUP_RE.fullmatch(group) is not None and (not slash or _digits(number))


def _telnet(rest: str) -> bool:
    # telneturl = "telnet://" login [ "/" ]
    if not rest.startswith("//"):
        return False
    login = rest[2:]
    return _login(login[:-1] if login.endswith("/") else login)


def _wais(rest: str) -> bool:
    # waisdatabase | waisindex ("?" search) | waisdoc ("/" wtype "/" wpath)
    parts = _ip(rest)
    if parts is None or not parts[1] or not _hostport(parts[0]):
        return False
    tail = parts[2]
    if "?" in tail:
        database, _, search = tail.partition("?")
        return _uchars(database) and _search(search)
    pieces = tail.split("/")
    return len(pieces) in (1, 3) and all(_uchars(piece) for piece in pieces)


def _prospero(rest: str) -> bool:
    # prosperourl = "prospero://" hostport "/" ppath *[ ";" fieldname "=" fieldvalue ]
    parts = _ip(rest)
    if parts is None or not parts[1] or not _hostport(parts[0]):
        return False
    ppath, *fieldspecs = parts[2].split(";")
    for spec in fieldspecs:
        name, eq, value = spec.partition("=")
        if not (eq and _field(name) and _field(value)):
            return False
    return _ppath(ppath)


#: RFC 1738 section 5: each scheme it defines, with the checker of its rule.
SCHEME_RULES: Final[dict[str, tuple[str, Callable[[str], bool]]]] = {
    "ftp": ("ftpurl", _ftp),
    "file": ("fileurl", _file),
    "http": ("httpurl", _http),
    "gopher": ("gopherurl", _gopher),
    "mailto": ("mailtourl", _mailto),
    "news": ("newsurl", _news),
    "nntp": ("nntpurl", _nntp),
    "telnet": ("telneturl", _telnet),
    "wais": ("waisurl", _wais),
    "prospero": ("prosperourl", _prospero),
}
_BY_RULE: Final = {rule: (scheme, check) for scheme, (rule, check) in SCHEME_RULES.items()}
_URL_ALIASES: Final = frozenset({"url", "URI-reference", "URI", "absolute-URI", "absoluteURI"})
#: The rule names ``is_valid_rfc1738`` accepts.
RULES: Final = (*sorted(_URL_ALIASES), "genericurl", "otherurl", *_BY_RULE)


def is_valid_rfc1738(text: str, rule: str = "url") -> bool:
    """True when ``text`` matches the RFC 1738 section 5 ``rule`` ("url" by default).

    >>> is_valid_rfc1738("telnet://user:pw@host/"), is_valid_rfc1738("telnet://host/x")
    (True, False)
    >>> is_valid_rfc1738("http:opaque"), is_valid_rfc1738("http:opaque", rule="genericurl")
    (False, True)
    """
    scheme, colon, rest = text.partition(":")
    if rule in _BY_RULE:
        expected, check = _BY_RULE[rule]
        return colon != "" and scheme == expected and check(rest)
    if rule not in _URL_ALIASES and rule not in ("genericurl", "otherurl"):
        raise unknown_choice("rfc1738 rule", rule, RULES)
    # genericurl = scheme ":" schemepart; schemepart = *xchar | ip-schemepart, and
    # ip-schemepart is itself made of xchars.
    if not colon or not _SCHEME_RE.fullmatch(scheme):
        return False
    if rule == "genericurl":
        return _xchars(rest)
    if scheme in SCHEME_RULES:
        return rule not in ("otherurl",) and SCHEME_RULES[scheme][1](rest)
    return _xchars(rest)
