"""The ``"safe-browsing"`` profile: Google Safe Browsing v4, "URLs and Hashing"
(https://developers.google.com/safe-browsing/v4/urls-hashing), read the way
Google's Go client reads a URL (github.com/google/safebrowsing, urls.go).

The page's steps, in the client's order: the fragment is cut at the first
``#``; leading and trailing white space are trimmed and tab, CR and LF removed;
the whole URL is percent-unescaped until no escape is left ("This may render
the URL invalid") and only then read: the scheme (letters, digits, ``+ - .``
before a ``:`` that does not start a port), the query (from the first ``?``),
``//`` (required after a scheme), the host (up to the first ``/``, after the
last ``@``, a port of digits dropped). The host: a non-ASCII one as A-labels
(``_hosts.uts46_host``), runs of dots made one and leading and trailing dots
removed, an IPv4 address in any form the client reads as dotted decimal, else
lower-case. The path: dot segments resolved, runs of slashes made one, ``/``
when empty. Then every byte <= 0x20 or >= 0x7F, ``#`` and ``%`` is
percent-escaped in uppercase hex.

Where this module differs from the Go client on purpose, docs/canonical.md and
tests/canonical_forms/test_canonical_references.py list it with the reason.
"""

from __future__ import annotations

import re

from ..core._resolution import remove_dot_segments
from ._hosts import go_ipv4, ipv6_literal, uts46_host
from ._text import (
    Escaper,
    Refused,
    ascii_lower,
    byte_text,
    refusal,
    unescape_all,
    unescape_counting,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

__all__ = ["TRIM", "expressions", "safe_browsing"]

#: Go's strings.TrimSpace: the characters unicode.IsSpace reports.
TRIM: Final = (
    "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
    "\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
_TAB_CR_LF: Final = str.maketrans("", "", "\t\r\n")
#: urls.go, recursiveUnescape: "It reports an error if the unescaping process
#: seemed to have no end" (maxDepth = 1024 rounds, the last one finding no escape).
_MAX_ROUNDS: Final = 1023
_PORT_AT: Final = re.compile(r":[0-9]+(?:/|$)").match
_SCHEME_CHAR: Final = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.")
_DOTS: Final = re.compile(r"\.{2,}")
_SLASHES: Final = re.compile(r"//+")
# "percent-escape all characters that are <= ASCII 32, >= 127, "#", or "%". The
# escapes should use uppercase hex characters."
_ESCAPE: Final = Escaper("#%")


def _scheme(url: str) -> tuple[str, str]:
    """urls.go getScheme: (scheme, the rest) or ("", url) when there is none.

    A ``:`` that starts a port (digits, then ``/`` or the end) is no scheme's:
    ``www.google.com:80/`` has none. A ``:`` first gives ("", the rest)."""
    for i, c in enumerate(url):
        if c == ":":
            if _PORT_AT(url, i) is None:
                return url[:i], url[i + 1 :]
        elif c not in _SCHEME_CHAR or (i == 0 and not c.isalpha()):
            return "", url
    return "", url


def _literal(host: str, at: int) -> tuple[str, str]:
    """(the IP literal ``host`` starts with, what follows it): the client's
    check that a ``[`` has its ``]``, and nothing but a port after it."""
    end = host.find("]")
    if end < 0:
        raise Refused("unterminated-ip-literal", "host", at + len(host))
    literal, rest = host[: end + 1], host[end + 1 :]
    if rest and not rest.startswith(":"):
        raise Refused("after-ip-literal", "host", at + end + 1)
    return literal, rest


def _host(hostish: str, at: int) -> str:
    """urls.go parseHost on the unescaped ``hostish`` (which starts at ``at``)."""
    i = hostish.rfind("@") + 1
    host, at = hostish[i:], at + i
    if host.startswith("["):
        literal, rest = _literal(host, at)
    else:
        colon = host.find(":")
        literal, rest = (host, "") if colon < 0 else (host[:colon], host[colon:])
    # A port of digits is dropped (the client's portRegexp); so is an empty one.
    port_at = at + len(literal) + 1
    if (rest[1:] and not rest[1:].isdigit()) or not rest[1:].isascii():
        bad = next(k for k, c in enumerate(rest[1:]) if not ("0" <= c <= "9"))
        raise Refused("invalid-char", "port", port_at + bad)
    host = literal
    if not host.startswith("["):
        if not host.isascii():
            host = uts46_host(host)
        if ".." in host:
            host = _DOTS.sub(".", host)
        lead = len(host) - len(host.lstrip("."))
        host = host.strip(".")
        if not host:
            raise Refused("empty-component", "host", at)
        if not host.startswith("["):
            return go_ipv4(host) or ascii_lower(host)
        # Dots made this a literal, as it would read the next time.
        literal, rest = _literal(host, at + lead)
        if rest:
            raise Refused("after-ip-literal", "host", at + lead + len(literal))
    return ipv6_literal(host) or ascii_lower(host)


def _parts(url: str) -> tuple[str, str, str, str | None]:
    """(scheme, host, path, query or None) of the unescaped ``url``, as parseURL
    reads them; :class:`Refused` with a position in ``url``."""
    scheme, rest = _scheme(url)
    offset = len(url) - len(rest)
    rest, question, query = rest.partition("?")
    if scheme:
        # "Safe Browsing test web URLs only": a scheme needs "//" after it.
        if not rest.startswith("//"):
            raise Refused("missing-separator", "scheme", offset, detail="'//'")
        rest, offset = rest[2:], offset + 2
    slash = rest.find("/")
    hostish, path = (rest, "") if slash < 0 else (rest[:slash], rest[slash:])
    if not hostish:
        raise Refused("empty-component", "host", offset)
    host = _host(hostish, offset)
    return ascii_lower(scheme or "http"), host, path, query if question else None


def safe_browsing(text: str) -> str:
    """The canonical URL of ``text`` by Safe Browsing's rules (module docstring)."""
    head = text.partition("#")[0]
    stripped = head.strip(TRIM)
    if "\t" in stripped or "\n" in stripped or "\r" in stripped:
        stripped = stripped.translate(_TAB_CR_LF)
    data = byte_text(stripped)
    # n rounds need at least 2n characters ("%25" + "25" * (n - 2) + "41")
    url, rounds = (
        unescape_counting(data) if len(data) > 2 * _MAX_ROUNDS else (unescape_all(data), 0)
    )
    try:
        if not url:
            raise Refused("empty-component", "host", 0)
        if rounds > _MAX_ROUNDS:
            raise Refused(
                "bad-value", "url", 0, detail=f"escapes nested more than {_MAX_ROUNDS} deep"
            )
        scheme, host, path, query = _parts(url)
    except Refused as refused:
        raise refusal(refused, text, end=len(head), strip=TRIM, unescaped=True) from None
    if "." in path:
        path = remove_dot_segments(path)
    if "//" in path:
        path = _SLASHES.sub("/", path)
    out = f"{scheme}://{_ESCAPE(host)}{_ESCAPE(path) or '/'}"
    return out if query is None else f"{out}?{_ESCAPE(query)}"


def expressions(url: str) -> tuple[str, ...]:
    """The host-suffix / path-prefix expressions of the canonical ``url``
    ("Suffix/Prefix Expressions"): the exact host and up to four hosts formed
    from the last five components by removing the leading one (none for an IP
    address, never the top-level domain alone), times the exact path with the
    query (unless the query is empty), without it, and up to four prefixes from
    ``/`` adding one component (with its trailing slash) at a time."""
    rest = url[url.index("//") + 2 :]
    slash = rest.find("/")
    host, full = (rest, "/") if slash < 0 else (rest[:slash], rest[slash:])
    hosts = [host]
    if not host.startswith("[") and go_ipv4(host) is None:
        labels = host.split(".")
        for n in range(min(len(labels) - 1, 5), 1, -1):
            hosts.append(".".join(labels[-n:]))
    path, _, query = full.partition("?")
    paths = [full] if query else []
    paths.append(path)
    prefix = "/"
    paths.append(prefix)
    for segment in path.split("/")[1:-1][:3]:
        prefix += segment + "/"
        paths.append(prefix)
    return tuple(dict.fromkeys(h + p for h in dict.fromkeys(hosts) for p in paths))
