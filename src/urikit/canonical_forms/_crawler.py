"""The ``"semantic"`` and ``"aggressive"`` profiles: urlcanon's canonicalizers
(urlcanon 0.3, ``urlcanon.semantic``, ``semantic_precise`` and ``aggressive``),
step by step, in its order.

urlcanon reads a URL as the WHATWG URL Standard does, loosely: leading and
trailing C0 controls and spaces trimmed, tab, CR and LF removed; the scheme
(``http`` when there is none); then, for its special schemes (ftp, gopher,
http, https, ws, wss: any slashes or backslashes, then the authority up to the
next one; file: exactly two, then the host), for the others ``//`` and the
authority up to the next ``/``, or no authority. In the authority the last
``@`` ends the userinfo, and the host ends at the first ``:`` (after ``]`` for a
bracketed one). Then: the default port of a special scheme removed, the scheme,
host, path and fragment unescaped until no escape is left, the host read as an
IPv4 or IPv6 address, its leading and trailing dots removed and runs of dots
made one, a special host converted with IDNA (``_hosts.uts46_host``), the
userinfo removed, the path escaped (bytes <= 0x20 or >= 0x7F, ``#``, ``%``,
``?``), each query key and value unescaped and escaped again (those and ``&``
``=``), backslashes made slashes in a special path, a leading slash added to
it, dot segments resolved (in a path that starts with ``/``), runs of slashes
made one (special), the query's parameters sorted, the fragment removed
(``semantic``) or escaped.

``aggressive`` then makes https http, removes a first label ``www`` or
``wwwN``, lower-cases path and query, removes Heritrix's session ids from the
query and from the path, a trailing slash (but for the path ``/``), stray
``&`` and an empty query, and sorts the parameters again. Where urlcanon's
answer would change if it were canonicalized again (it is not idempotent on
some inputs), this one is the answer it settles on: each such step is carried
to its end (``_settle``).

Where this module differs from urlcanon on purpose, docs/canonical.md and
tests/canonical_forms/test_canonical_references.py list it with the reason.
"""

from __future__ import annotations

import re

from ..core._resolution import remove_dot_segments
from ._hosts import ipv6_literal, urlcanon_ipv4, uts46_host
from ._text import Escaper, Refused, ascii_lower, byte_text, refusal, unescape_all

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

__all__ = ["TRIM", "crawler"]

#: urlcanon.SPECIAL_SCHEMES: the WHATWG URL Standard's special schemes as
#: urlcanon has them (with gopher), and their default ports.
SPECIAL: Final = {
    "ftp": "21",
    "gopher": "70",
    "http": "80",
    "https": "443",
    "ws": "80",
    "wss": "443",
    "file": "",
}
#: What urlcanon trims: "leading and trailing C0 controls and space".
TRIM: Final = "".join(map(chr, range(0x21)))
_TAB_CR_LF: Final = str.maketrans("", "", "\t\r\n")
#: A scheme as RFC 3986 section 3.1 writes it (urlcanon takes any characters
#: but ":" after the first letter: docs/canonical.md).
_PARTS: Final = re.compile(
    r"(?:([A-Za-z][A-Za-z0-9+.\-]*):)?([^?#]*)(\?[^#]*)?(#.*)?", re.DOTALL
).fullmatch
_SPECIAL_AUTHORITY: Final = re.compile(r"[/\\]*([^/\\]*)").match
_FILE_AUTHORITY: Final = re.compile(r"[/\\]{2}([^/\\]*)").match
_DOTS: Final = re.compile(r"\.{2,}")
_SLASHES: Final = re.compile(r"//+")

# urlcanon's escapes: Safe Browsing's set for host, port and fragment, with "?"
# for the path, with "&" and "=" for a query key or value.
_ESCAPE: Final = Escaper("#%")
_PATH_ESCAPE: Final = Escaper("#%?")
_TOKEN_ESCAPE: Final = Escaper("#%&=")
# A host that unescapes to a character that ends or splits an authority as
# urlcanon reads it ("/", "?", "#"; "@" and ":" but in a file URL; "\" in a
# special URL: RFC 3986 section 3.2) keeps it escaped, or the canonical URL
# would read as another host the next time.
_HOST_ESCAPES: Final = {
    "special": Escaper("#%/?@:\\"),
    "file": Escaper("#%/?\\"),
    "other": Escaper("#%/?@:"),
}
_NEEDS_RECODE: Final = re.compile(r"[\x00-\x20\x7f-\xff#%]|=[^=]*=").search

_WWW: Final = re.compile(r"(?:www\d*\.)+")
# Heritrix's session-id patterns, as urlcanon carries them: its pass, and the
# parameters it removes one by one (a CFID=n and CFTOKEN pair apart).
_SESSION_IDS: Final = (
    r"jsessionid=[0-9a-z$]{10,}"
    r"|sessionid=[0-9a-z]{16,}"
    r"|phpsessid=[0-9a-z]{16,}"
    r"|sid=[0-9a-z]{16,}"
    r"|aspsessionid[a-z]{8}=[0-9a-z]{16,}"
)
_URLCANON_QUERY_SESSION_ID: Final = re.compile(
    rf"(?i)(&|^)(?:{_SESSION_IDS}|cfid=[0-9]+&cftoken=[0-9a-z-]+)(&|$)"
)
_SESSION_PARAMETER: Final = re.compile(rf"(?i)(?:{_SESSION_IDS})").fullmatch
_CFID: Final = re.compile(r"(?i)cfid=[0-9]+").fullmatch
_CFTOKEN: Final = re.compile(r"(?i)cftoken=[0-9a-z-]+").fullmatch
_ASPX_PATH_SESSION_ID: Final = re.compile(
    r"(?<=/)\([0-9a-z]{24}\)/|(?<=/)(?:\((?:[a-z]\([0-9a-z]{24}\))+\)/)"
)
_PATH_SESSION_ID: Final = re.compile(r";jsessionid=[0-9a-z]{32}").fullmatch
_PATH_SESSION_ID_LENGTH: Final = len(";jsessionid=") + 32
_REDUNDANT_AMPERSANDS: Final = re.compile(r"^&+|&+$|(?<=&)&+")


class _Url:
    """The parts of a URL as urlcanon holds them (byte texts; None: absent)."""

    __slots__ = ("fragment", "host", "host_at", "path", "port", "query", "scheme", "slashes")

    def __init__(self) -> None:
        self.scheme = ""
        self.slashes = False  # "//" before the authority
        self.host: str | None = None  # None: no authority
        self.host_at = 0  # where the host starts in the prepared text
        self.port: str | None = None  # None: no ":" after the host
        self.path = ""
        self.query: str | None = None
        self.fragment: str | None = None


def _authority(url: _Url, authority: str, at: int) -> None:
    """urlcanon's AUTHORITY_REGEX: the last "@" ends the userinfo (removed
    later), the host ends at the first ":" (after the "]" of a bracketed host
    followed by ":" or the end), the port is the rest, digits (RFC 3986 section
    3.2.3; urlcanon takes any text: docs/canonical.md)."""
    i = authority.rfind("@") + 1
    hostport, at = authority[i:], at + i
    url.host_at = at
    end = hostport.find("]") + 1 if hostport.startswith("[") else 0
    if not end or hostport[end : end + 1] not in ("", ":"):
        end = hostport.find(":")
        end = len(hostport) if end < 0 else end
    url.host = hostport[:end]
    if end < len(hostport):
        port = hostport[end + 1 :]
        if not (port.isdigit() and port.isascii()) and port:
            bad = next(k for k, c in enumerate(port) if not ("0" <= c <= "9"))
            raise Refused("invalid-char", "port", at + end + 1 + bad)
        url.port = port


def _read(data: str) -> _Url:
    """urlcanon's parse_url and default_scheme_http on the prepared byte text."""
    url = _Url()
    m = _PARTS(data)
    assert m is not None  # every part may be empty
    scheme, at = m.group(1), m.start(2)
    url.scheme = "http" if scheme is None else ascii_lower(scheme)
    pathish, query, fragment = m.group(2, 3, 4)
    url.query = None if query is None else query[1:]
    url.fragment = None if fragment is None else fragment[1:]
    if url.scheme == "file":
        m = _FILE_AUTHORITY(pathish)
        if m is None:
            url.path = pathish
        else:
            url.slashes, url.host, url.path = True, m.group(1), pathish[m.end() :]
            url.host_at = at + m.start(1)
    elif url.scheme in SPECIAL:
        m = _SPECIAL_AUTHORITY(pathish)
        assert m is not None  # both parts may be empty
        url.slashes = m.start(1) > 0
        _authority(url, m.group(1), at + m.start(1))
        url.path = pathish[m.end() :]
    elif pathish.startswith("//"):
        slash = pathish.find("/", 2)
        slash = len(pathish) if slash < 0 else slash
        url.slashes = True
        _authority(url, pathish[2:slash], at + 2)
        url.path = pathish[slash:]
    else:
        url.path = pathish
    return url


def _host(url: _Url, special: bool) -> str:
    """The host's steps: unescaped, read as an address, dots, IDNA, escaped."""
    host = url.host or ""
    if "%" in host:
        host = unescape_all(host)
    if host.startswith("[") and host.endswith("]"):
        literal = ipv6_literal(host)
        if literal is not None:
            return literal
    else:
        address = urlcanon_ipv4(host)
        if address is not None:
            return address
    dotted = host
    if host.startswith(".") or host.endswith("."):
        host = host.strip(".")
    if ".." in host:
        host = _DOTS.sub(".", host)
    if host != dotted:
        # the dots removed can leave an address ("....0" is five parts, "0" is
        # one): read it now, as urlcanon does the next time, so that the
        # profile is idempotent
        address = urlcanon_ipv4(host)
        if address is not None:
            return address
    if special and host and not host.isascii():
        # an address the next reading would see (U+00B2 maps to "2"), read now,
        # as the WHATWG URL Standard reads one after domain to ASCII
        host = uts46_host(host)
        host = urlcanon_ipv4(host) or host
    elif special:
        host = ascii_lower(host)
    kind = "file" if url.scheme == "file" else "special" if special else "other"
    return _HOST_ESCAPES[kind](host)


def _query(query: str) -> str:
    """urlcanon's less_dumb_pct_recode_query then alpha_reorder_query: each
    "&"-separated part, split at its first "=", unescaped and escaped again."""
    if not _NEEDS_RECODE(query):
        return "&".join(sorted(query.split("&")))
    parts = []
    for part in query.split("&"):
        if _NEEDS_RECODE(part):
            key, eq, value = part.partition("=")
            part = _TOKEN_ESCAPE(unescape_all(key))
            if eq:
                part += "=" + _TOKEN_ESCAPE(unescape_all(value))
        parts.append(part)
    return "&".join(sorted(parts))


def _settle_path(path: str) -> str:
    """aggressive's path steps (lower-cased already) carried to their end: Heritrix's
    session ids (``;jsessionid=`` at the end; ``(id)/`` segments before a
    ``.aspx`` end) and a trailing slash (but for the path ``/``) removed until
    none is left. Each step looks at the end only (the end moves, the text is
    cut once), so the loop is linear."""
    end = len(path)
    while True:
        if path.endswith(".aspx", 0, end):
            return _ASPX_PATH_SESSION_ID.sub("", path[:end])
        if _PATH_SESSION_ID(path, end - _PATH_SESSION_ID_LENGTH, end) is not None:
            end -= _PATH_SESSION_ID_LENGTH
        elif end > 1 and path[end - 1] == "/":
            end -= 1
        else:
            return path[:end]


def _settle_query(query: str) -> str | None:
    """aggressive's query steps (lower-cased already): urlcanon's pass (session
    ids removed, stray "&" removed, parameters sorted), then carried to its end
    on the sorted parameters: every session id left removed, and a CFID=n
    parameter with the CFTOKEN one after it, pair by pair as a pass would
    bring them together (a stack); None when nothing is left."""
    query = _URLCANON_QUERY_SESSION_ID.sub(r"\1\2", query)
    query = _REDUNDANT_AMPERSANDS.sub("", query)
    out: list[str] = []
    for part in sorted(query.split("&")):
        if not part or _SESSION_PARAMETER(part):
            continue
        if out and _CFTOKEN(part) and _CFID(out[-1]):
            out.pop()
            continue
        out.append(part)
    return "&".join(out) or None


def crawler(text: str, *, keep_fragment: bool, aggressive: bool) -> str:
    """urlcanon's semantic (``keep_fragment``: semantic_precise) or aggressive form."""
    data = byte_text(text).strip(TRIM)
    if "\t" in data or "\n" in data or "\r" in data:
        data = data.translate(_TAB_CR_LF)
    try:
        url = _read(data)
        special = url.scheme in SPECIAL
        if url.port == "" or (special and url.port == SPECIAL[url.scheme]):
            url.port = None  # an empty port goes (RFC 3986 section 6.2.3)
        host = None if url.host is None else _host(url, special)
        if special and url.scheme != "file" and not host:
            # RFC 3986 section 3.2.2 and the WHATWG URL Standard refuse an empty
            # http host; written out ("http:///x") it would read as the host "x".
            raise Refused("empty-component", "host", url.host_at)
    except Refused as refused:
        raise refusal(refused, text, strip=TRIM) from None
    path = url.path
    if "%" in path:
        path = unescape_all(path)
    if special and "\\" in path:
        path = path.replace("\\", "/")
    path = _PATH_ESCAPE(path)
    if special and not path.startswith("/"):
        path = "/" + path
    if path.startswith("/") and "." in path:
        path = remove_dot_segments(path)
    if special and "//" in path:
        path = _SLASHES.sub("/", path)
    query = None if url.query is None else _query(url.query) if url.query else ""
    scheme = url.scheme
    if aggressive:
        if scheme == "https":
            scheme = "http"
            if url.port == "80":
                url.port = None  # what urlcanon does with the http URL next time
        if host:
            m = _WWW.match(host)
            if m is not None:
                # what is left may read as an address the next time ("www.0")
                host = host[m.end() :]
                host = urlcanon_ipv4(host) or host
        path = _settle_path(path.lower())
        if query is not None:
            query = _settle_query(query.lower())
    out = scheme + ":"
    if url.slashes or host or scheme == "file":
        out += "//" + (host or "")
        if url.port is not None:
            out += ":" + url.port
    elif path.startswith("//"):
        # Without an authority a path must not start with "//" (RFC 3986 section
        # 3.3), or it reads as one; the WHATWG URL serializer writes "/." first.
        out += "/."
    out += path
    if query is not None:
        out += "?" + query
    if keep_fragment and url.fragment is not None:
        fragment = url.fragment
        out += "#" + _ESCAPE(unescape_all(fragment) if "%" in fragment else fragment)
    return out
