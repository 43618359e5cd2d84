"""Older URI grammars: RFC 2396 Appendix A with the RFC 2732 IPv6 host.

Checkers are hand-written scanners over the components (linear time, no
backtracking). ``rule`` uses RFC 2396's names: "URI-reference" (default),
"absoluteURI" and "relativeURI"; the RFC 3986 names "URI", "absolute-URI" and
"relative-ref" are accepted as their nearest equivalents.

>>> is_valid_rfc2396("http://a/b;p?q#f"), is_valid_rfc2396("mailto:")
(True, False)
>>> is_valid_rfc2396("http://[::1]/"), is_valid_rfc2396("http://[v1.x]/")
(True, False)
"""

from __future__ import annotations

import re
from typing import Final

from ..core._charsets import ALNUM_CLASS, ALPHA, ALPHA_CLASS, DIGIT, HEXDIG, regex_class
from ..core._parser import is_ipv4address, is_ipv6address

__all__ = ["APPENDIX_B_RE", "is_valid_rfc2396"]

#: RFC 2396 Appendix B (the same expression as RFC 3986 Appendix B): splits any
#: string into scheme, authority, path, query and fragment (groups 1 to 5). The
#: legacy grammars and the legacy resolution rules both use this one.
APPENDIX_B_RE: Final = re.compile(
    r"(?:([^:/?#]+):)?(?://([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?\Z", re.DOTALL
)

# RFC 2396 Appendix A's classes (with RFC 2732's "[" "]"), spelt for RFC 2396 alone;
# tests/legacy/test_legacy_charsets.py spells them again from the RFC. query and
# fragment are both ``*uric`` in the RFC itself.
_MARK: Final = frozenset("-_.!~*'()")
_UNRESERVED: Final = ALPHA | DIGIT | _MARK
_RESERVED: Final = frozenset(";/?:@&=+$,") | frozenset("[]")  # "[" "]": RFC 2732 section 3
_URIC: Final = _UNRESERVED | _RESERVED
_PCHAR: Final = _UNRESERVED | frozenset(":@&=+$,")
_SEGMENT: Final = _PCHAR | frozenset(";")
_PATH: Final = _SEGMENT | frozenset("/")
_REL_SEGMENT: Final = _UNRESERVED | frozenset(";@&=+$,")
_USERINFO: Final = _UNRESERVED | frozenset(";:&=+$,")
_REG_NAME: Final = _UNRESERVED | frozenset("$,;:@&=+")
_SCHEME: Final = ALPHA | DIGIT | frozenset("+-.")  # after the first, an alpha
_SCHEME_RE: Final = re.compile(rf"[{ALPHA_CLASS}][{regex_class(_SCHEME)}]*+\Z")
_LABEL_RE: Final = re.compile(rf"[{ALNUM_CLASS}](?:[{ALNUM_CLASS}\-]*[{ALNUM_CLASS}])?\Z")


def _chars(text: str, allowed: frozenset[str]) -> bool:
    """``*( allowed / escaped )``."""
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "%":
            if text[i + 1 : i + 2] not in HEXDIG or text[i + 2 : i + 3] not in HEXDIG:
                return False
            i += 3
        elif ch in allowed and ch not in "[]":
            i += 1
        else:
            return False
    return True


def _hostname(host: str) -> bool:
    """``hostname = *( domainlabel "." ) toplabel [ "." ]`` (toplabel starts with ALPHA)."""
    if host.endswith("."):
        host = host[:-1]
    labels = host.split(".")
    if not all(_LABEL_RE.match(label) for label in labels):
        return False
    return labels[-1][0] in ALPHA


def _server(authority: str) -> bool:
    """``server = [ [ userinfo "@" ] hostport ]`` with RFC 2732 ``IPv6reference``."""
    if not authority:
        return True
    userinfo, at, hostport = authority.rpartition("@")
    if at and not _chars(userinfo, _USERINFO):
        return False
    if hostport.startswith("["):
        close = hostport.find("]")
        if close < 0 or not is_ipv6address(hostport[1:close]):
            return False
        host, rest = hostport[: close + 1], hostport[close + 1 :]
        if rest and not rest.startswith(":"):
            return False
        port = rest[1:]
    else:
        host, _, port = hostport.partition(":")
        if not (is_ipv4address(host) or _hostname(host)):
            return False
    return port == "" or (port.isdigit() and port.isascii())


def _authority(authority: str) -> bool:
    """``authority = server | reg_name``."""
    return _server(authority) or (bool(authority) and _chars(authority, _REG_NAME))


def is_valid_rfc2396(text: str, rule: str = "URI-reference") -> bool:
    """True when ``text`` matches RFC 2396 Appendix A (plus RFC 2732 section 3).

    >>> is_valid_rfc2396("//a@b@c/x"), is_valid_rfc2396("g:h", rule="relativeURI")
    (True, False)
    """
    if "#" in text:
        if rule in ("absoluteURI", "absolute-URI"):
            return False
        text, _, fragment = text.partition("#")
        if not _chars(fragment, _URIC):
            return False
    m = APPENDIX_B_RE.match(text)
    assert m is not None
    scheme, authority, path, query, _ = m.groups()
    if query is not None and not _chars(query, _URIC):
        return False
    if scheme is not None:
        if rule in ("relativeURI", "relative-ref") or not _SCHEME_RE.match(scheme):
            return False
        rest = text[len(scheme) + 1 :]
        if not rest.startswith("/"):
            # opaque_part = uric_no_slash *uric
            return bool(rest) and _chars(rest[:1], _URIC - {"/"}) and _chars(rest, _URIC)
    elif rule in ("absoluteURI", "absolute-URI", "URI"):
        return False
    if authority is not None and not _authority(authority):
        return False
    if authority is None and scheme is None and path and not path.startswith("/"):
        first, _, rest_path = path.partition("/")
        return bool(first) and _chars(first, _REL_SEGMENT) and _chars(rest_path, _PATH)
    return _chars(path, _PATH)
