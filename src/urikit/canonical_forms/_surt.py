"""SURT keys as the ``surt`` package makes them (surt 0.3: ``surt.surt`` with its
default canonicalizer, archive-commons' WaybackURLKeyMaker in Python).

The package reads a URL as its handyurl does: trimmed (white space), tab, CR
and LF removed, ``http://`` put before a text without a scheme, repeated
``http://`` or ``https://`` at the start made one, split by the regular
expression of RFC 2396 appendix B; the host is the netloc's after its last
``@``, before its first ``:`` (inside the brackets of an IPv6 literal),
lower-case; the port a number, 0 as none; an http(s) URL without a netloc
takes its host from its path. Then GoogleURLCanonicalizer: the fragment
dropped; host, path and query unescaped until no escape is left; a non-ASCII
host through IDNA 2003 (``_hosts.idna2003_host``); ``..`` made ``.`` and
leading and trailing dots removed; a numeric host read as an IPv4 address
(``_hosts.inet_aton``), else lower-case; the path's dot segments and empty
segments removed (a URL with a host); then every byte <= 0x20 or >= 0x7F,
``#`` and ``%`` escaped. Then IAURLCanonicalizer: ``www``/``wwwN.`` removed,
the http/https default port removed, path and query lower-cased, Heritrix's
session ids removed, one trailing slash removed (but for the path ``/``), the
query's parameters sorted by key then value, an empty query removed. The key
is the host's labels reversed and joined by ``,``, then ``)``, path and query.

The package's regular expressions for session ids backtrack without end on
some inputs (quadratic and worse); here each is matched the way its greedy
``^(.*)`` chooses (the last place it matches), in linear time.

Where this module differs from the package on purpose, docs/canonical.md and
tests/canonical_forms/test_canonical_references.py list it with the reason.
"""

from __future__ import annotations

import bisect
import re

from ..core._extras import imported
from ._hosts import idna2003_host, inet_aton
from ._text import Escaper, Refused, ascii_lower, byte_text, refusal, unescape_all

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

__all__ = ["TRIM", "surt_key"]

#: What the package trims (bytes.strip: ASCII white space).
TRIM: Final = " \t\n\r\x0b\x0c"
_TAB_CR_LF: Final = str.maketrans("", "", "\t\r\n")
_HAS_SCHEME: Final = re.compile(r"[a-zA-Z][a-zA-Z0-9+\-.]*:").match
_PROTOCOLS: Final = re.compile(r"(?:https?://)+")
#: RFC 2396 appendix B, as handyurl has it (a fragment-only URL allowed).
_RFC2396: Final = re.compile(
    r"(([a-zA-Z][a-zA-Z0-9+.-]*):)?((//([^/?#]*))?([^?#]*)(\?([^#]*))?)?(#(.*))?"
)
#: escapeOnce: "escape everything outside of 32-128, except #" (and "%").
_ESCAPE: Final = Escaper("#%")
#: A query part keeps an "&" it unescapes to escaped (docs/canonical.md).
_QUERY_PART_ESCAPE: Final = Escaper("#%&")
_WWW: Final = re.compile(r"www\d*\.")
#: The registrable-domain layer, above this one: ``surt(registrable_domain=True)``
#: looks it up by name on first use (tests/project/test_layers.py lists the lookup).
_DOMAINS: Final = "urikit.domains"

_DOTTED_QUAD: Final = re.compile(r"(?:\d{1,3}\.){3}\d{1,3}$")
_DEFAULT_PORTS: Final = {"http": 80, "https": 443}


def _path(path: str) -> str:
    """normalizePath: "." segments dropped, ".." drops the segment before it (or
    is kept, at the start), empty segments dropped but the last one. A path
    that starts with "/" and has neither is left as it is."""
    if path.startswith("/") and "//" not in path and "/." not in path:
        return path
    kept: list[str] = []
    for segment in path.split("/")[1:]:
        if segment == ".":
            continue
        if segment == "..":
            if kept:
                kept.pop()
            else:
                kept.append(segment)
        else:
            kept.append(segment)
    if not kept:
        return "/"
    return "/" + "".join(p + "/" for p in kept[:-1] if p) + kept[-1]


# The query's session ids: (the literal it starts with, the rest of its pattern).
_QUERY_SESSION_IDS: Final = (
    re.compile(r"jsessionid=[0-9a-zA-Z]{32}(?=&|$)", re.I),
    re.compile(r"phpsessid=[0-9a-zA-Z]{32}(?=&|$)", re.I),
    re.compile(r"sid=[0-9a-zA-Z]{32}(?=&|$)", re.I),
    re.compile(r"ASPSESSIONID[a-zA-Z]{8}=[a-zA-Z]{24}(?=&|$)", re.I),
)
_MAYBE_SESSION_ID: Final = re.compile(r"(?i)sid=|sessionid|cfid=").search


def _cut(query: str, start: int, end: int) -> str:
    """What ``^(.*)(?:X)(?:&(.*))?$`` leaves when X matched query[start:end]."""
    rest = query[end + 1 :] if end < len(query) else ""
    return query[:start] + rest


def _strip_query_session_ids(query: str) -> str:
    """URLRegexTransformer.stripQuerySessionID: each pattern in turn, at the last
    place it matches (its greedy ``^(.*)``)."""
    for pattern in _QUERY_SESSION_IDS:
        last = None
        for last in pattern.finditer(query):  # noqa: B007  (the last one counts)
            pass
        if last is not None:
            query = _cut(query, last.start(), last.end())
    # cfid=[^&]+&cftoken=[^&]+: the last "cfid=" whose value (up to the next
    # "&", not empty) is followed by "cftoken=" and a value that is not empty.
    lower = query.lower()
    amps = [i for i, c in enumerate(query) if c == "&"]
    for k in range(len(amps) - 1, -1, -1):
        amp = amps[k]
        if not lower.startswith("cftoken=", amp + 1):
            continue
        value_end = amps[k + 1] if k + 1 < len(amps) else len(query)
        if value_end == amp + 9:
            continue
        start = lower.rfind("cfid=", amps[k - 1] + 1 if k else 0, amp - 1)
        if start >= 0:
            return _cut(query, start, value_end)
    return query


def _session_segment(path: str, i: int, nested: bool) -> int:
    """The end of the session-id segment of stripPathSessionID's pattern that
    starts at path[i] ("(" then 24 letters or digits then ")/"; nested: "(" then
    a letter, "(", 24, ")" once or more, then ")/"), or -1."""
    if nested:
        j = i + 1
        while (
            j + 27 <= len(path)
            and path[j].isalpha()
            and path[j].isascii()
            and path[j + 1] == "("
            and _id24(path, j + 2)
            and path[j + 26] == ")"
        ):
            j += 27
        return j + 2 if j > i + 1 and path.startswith(")/", j) else -1
    if path.startswith("(", i) and _id24(path, i + 1) and path.startswith(")/", i + 25):
        return i + 27
    return -1


def _id24(path: str, i: int) -> bool:
    chunk = path[i : i + 24]
    return len(chunk) == 24 and chunk.isascii() and chunk.isalnum()


def _strip_path_session_id(path: str, nested: bool) -> str:
    """One of stripPathSessionID's patterns, ``^(.*/)(segment)([^?]+\\.aspx.*)$``:
    the segment after the last "/" where one starts and is followed by at least
    one character then ".aspx" with no "?" before it, cut out."""
    lower = path.lower()
    if ".aspx" not in lower:
        return path
    aspx = [m.start() for m in re.finditer(r"(?=\.aspx)", lower)]
    question = [m.start() for m in re.finditer(r"\?", path)]
    slash = len(path)
    while True:
        slash = path.rfind("/(", 0, slash)
        if slash < 0:
            return path
        end = _session_segment(path, slash + 1, nested)
        if end < 0:
            continue
        k = bisect.bisect_left(aspx, end + 1)
        q = bisect.bisect_left(question, end)
        if k < len(aspx) and (q == len(question) or aspx[k] < question[q]):
            return path[: slash + 1] + path[end:]


def _sort_key(part: str) -> tuple[str, ...]:
    return tuple(part.split("=", 1))


def surt_key(
    text: str,
    *,
    with_scheme: bool,
    trailing_comma: bool,
    strip_www: bool,
    reverse_ipaddr: bool,
    lowercase: bool,
    strip_session_ids: bool,
    sort_query: bool,
    site: bool = False,
) -> str:
    """The SURT key of ``text`` (module docstring); the options are surt's.
    ``site``: the host keyed by its registrable domain (not the package's)."""
    if text.startswith("filedesc"):
        return text
    data = byte_text(text).strip(TRIM)
    if "\t" in data or "\n" in data or "\r" in data:
        data = data.translate(_TAB_CR_LF)
    if not _HAS_SCHEME(data):
        data = "http://" + data
    m = _PROTOCOLS.match(data)
    if m is not None and m.end() > 8:  # "http://https://h/": the last one
        last = data.rfind("http", 0, m.end())
        data = data[last:]
    m = _RFC2396.match(data)
    assert m is not None  # every text matches
    scheme, netloc = m.group(2) or "", m.group(5) or ""
    path, query = m.group(6) or None, m.group(8) or None
    netloc = netloc.rstrip(":")
    hostinfo = netloc[netloc.rfind("@") + 1 :]
    if "[" in hostinfo:
        bracketed = hostinfo[hostinfo.index("[") + 1 :]
        host, _, port_text = bracketed.partition("]")
        port_text = port_text.partition(":")[2]
    else:
        host, _, port_text = hostinfo.partition(":")
    port = None
    if port_text:
        if not (port_text.isdigit() and port_text.isascii()):
            bad = next(k for k, c in enumerate(port_text) if not ("0" <= c <= "9"))
            at = m.start(5) + len(netloc) - len(port_text) + bad
            raise _refused(text, data, "invalid-char", at)
        digits = port_text.lstrip("0") or "0"
        if len(digits) > 5 or int(digits) > 65535:
            at = m.start(5) + len(netloc) - len(port_text)
            raise _refused(text, data, "bad-value", at, "a number above 65535")
        port = int(digits) or None
    if host:
        cut = host.find("%")
        host = ascii_lower(host[:cut]) + host[cut:] if cut >= 0 else ascii_lower(host)
    if not host and scheme.startswith("http") and path is not None:
        host, _, rest = path.lstrip("/").partition("/")
        path = "/" + rest
    # GoogleURLCanonicalizer
    if query is not None:
        if "%" in query:
            query = "&".join(_QUERY_PART_ESCAPE(unescape_all(p)) for p in query.split("&"))
        else:
            query = _ESCAPE(query)
    if host:
        if "%" in host:
            host = unescape_all(host)
        if not host.isascii():
            converted = idna2003_host(host)
            if converted is not None:
                host = converted
        host = host.replace("..", ".").strip(".")
        host = inet_aton(host) or _ESCAPE(ascii_lower(host))
    if path is not None:
        if "%" in path:
            path = unescape_all(path)
        if host:
            path = _path(path)
        path = _ESCAPE(path)
    elif host:
        path = "/"
    # IAURLCanonicalizer
    if host:
        host = ascii_lower(host)
        if strip_www and scheme != "dns":
            m = _WWW.match(host)
            if m is not None:
                host = host[m.end() :]
    if port is not None and port == _DEFAULT_PORTS.get(ascii_lower(scheme)):
        port = None
    if path:
        if lowercase:
            path = ascii_lower(path)
        if strip_session_ids and "(" in path:
            path = _strip_path_session_id(path, nested=True)
            path = _strip_path_session_id(path, nested=False)
        if len(path) > 1 and path.endswith("/"):
            path = path[:-1]
    if query:
        if strip_session_ids and _MAYBE_SESSION_ID(query):
            query = _strip_query_session_ids(query)
        if lowercase:
            query = ascii_lower(query)
        if sort_query and len(query) > 1:
            query = "&".join(sorted(query.split("&"), key=_sort_key))
    if not query:
        query = None
    if site and host and ":" not in host and not _DOTTED_QUAD.match(host):
        host = imported(_DOMAINS).registrable_domain(host) or host
    # geturl_bytes(surt=True)
    if host:
        if reverse_ipaddr or not _DOTTED_QUAD.match(host):
            host = ",".join(reversed(host.split(".")))
        key = (scheme + ":" + ("" if scheme == "dns" else "//") + "(") if with_scheme else ""
        key += host + ("" if port is None else f":{port}") + ("," if trailing_comma else "") + ")"
    else:
        key = scheme + ":"
    if path:
        key += path
    elif query is not None:
        key += "/"
    if query is not None:
        key += "?" + query
    return key


def _refused(text: str, data: str, reason: str, at: int, detail: str = "") -> Exception:
    """The :class:`URIError` for a refusal at ``at`` in the prepared ``data``
    (which may start with the "http://" put before a text without a scheme)."""
    prepared = byte_text(text).strip(TRIM).translate(_TAB_CR_LF)
    offset = len(data) - len(prepared)
    return refusal(Refused(reason, "port", max(at - offset, 0), detail), text, strip=TRIM)
