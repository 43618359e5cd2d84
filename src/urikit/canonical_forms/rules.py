"""The code behind :mod:`urikit.canonicalization` (the face that documents it)."""

from __future__ import annotations

import re

from ..core._accel import canonical_fast as _canonical_fast
from ..core._charsets import GEN_DELIMS, HEXDIG, SCHEME_PATTERN, SUB_DELIMS, UNRESERVED
from ..core._parser import diagnose, split
from ..core._schemeinfo import DEFAULT_REGISTRY
from ..core.errors import URIError, check_str, unknown_choice
from ..core.normalization import normalize
from ..core.resolution import remove_dot_segments
from ..security._addresses import read_ipv4

TYPE_CHECKING = False  # typing is imported for type checkers only (import cost)
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "PROFILES",
    "canonical",
    "safe_browsing_expressions",
    "surt",
    "unescape_all",
    "unsurt",
]

#: The profiles of :func:`canonical`.
PROFILES: Final = ("safe-browsing", "semantic", "aggressive", "rfc3986")

# The WHATWG URL Standard's special schemes: the ones urlcanon treats as
# hierarchical (backslashes are slashes, slashes collapse, empty path is "/").
_SPECIAL: Final = frozenset({"http", "https", "ws", "wss", "ftp", "file"})

_HAS_SCHEME: Final = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
_QUERY_OR_FRAGMENT: Final = re.compile(r"[?#]").search
_TAB_CR_LF: Final = str.maketrans("", "", "\t\r\n")
_C0_AND_SPACE: Final = "".join(map(chr, range(0x21)))

# Preparing: bytes kept as they are (any RFC 3986 character); "%" is handled apart.
_KEEP: Final = UNRESERVED | GEN_DELIMS | SUB_DELIMS
_PREPARE: Final = tuple(chr(b) if chr(b) in _KEEP else f"%{b:02X}" for b in range(256))
_PREPARE_NO_BRACKETS: Final = tuple(
    f"%{b:02X}" if chr(b) in "[]" else s for b, s in enumerate(_PREPARE)
)
_BRACKETS: Final = str.maketrans({"[": "%5B", "]": "%5D"})
_AUTHORITY: Final = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://[^/?]*")
_KEEP_BYTES: Final = "".join(sorted(_KEEP | {"%"})).encode("ascii")
_BARE_PERCENT: Final = re.compile(r"%(?![0-9A-Fa-f]{2})")


class _Escaper:
    """Percent-escape each byte <= 0x20, >= 0x7F and each of ``chars`` (text
    holding one byte a character) as ``%XX`` in uppercase; a text with none of
    them is returned as it is, without a pass of ``str.translate``."""

    __slots__ = ("_search", "_table")

    def __init__(self, chars: str) -> None:
        self._table = _escape_table(chars)
        self._search = re.compile(f"[\\x00-\\x20\\x7f-\\U0010ffff{re.escape(chars)}]").search

    def __call__(self, text: str) -> str:
        return text.translate(self._table) if self._search(text) else text


def _escape_table(chars: str) -> dict[int, str]:
    """A ``str.translate`` table: each byte <= 0x20, >= 0x7F and each of ``chars``
    (text holding one byte a character) -> ``%XX`` in uppercase."""
    table = {b: f"%{b:02X}" for b in range(256) if b <= 0x20 or b >= 0x7F}
    table.update((ord(c), f"%{ord(c):02X}") for c in chars)
    return table


# Safe Browsing, Canonicalization: "percent-escape all characters that are <= ASCII
# 32, >= 127, "#", or "%". The escapes should use uppercase hex characters."
_SB_ESCAPE: Final = _Escaper("#%")
# urlcanon's "less dumb" encodings: the Safe Browsing set plus the delimiter a
# decoded character would otherwise turn into.
_PATH_ESCAPE: Final = _Escaper("#%?")
_QUERY_TOKEN_ESCAPE: Final = _Escaper("#%&=")
# A host is unescaped too, and a delimiter it decodes to ("http://a%2Fb/") would,
# written out raw, end or split the authority the next time the URL is read (RFC
# 3986 section 3.2: "/", "?", "#" end it, "@" and ":" split it, "[" "]" bracket
# an IP literal; a backslash is a slash in a special URL): those stay escaped.
_HOST_ESCAPE: Final = _Escaper("#%/?@:[]\\")


def unescape_all(text: str) -> str:
    """Percent-unescape ``text`` until no ``%XX`` is left, in one pass.

    Safe Browsing says "repeatedly percent-unescape the URL until it has no more
    percent-escapes". Done by rounds, ``%25`` nested n deep costs n rounds over
    the text (quadratic); here each character goes onto a stack once, and
    whenever the top three are ``%``, hex, hex they become the byte they
    encode, which may complete an escape with what lies below. Each character is
    pushed once and each reduction removes two, so the work is linear. The
    result holds one byte a character (``%XX`` gives ``chr(0xXX)``); characters
    above U+00FF are left as they are.

    >>> unescape_all("%2525252541"), unescape_all("%%32%35"), unescape_all("a%zz%4")
    ('A', '%', 'a%zz%4')
    """
    if type(text) is not str:
        check_str(text, "unescape_all", "text")
    if "%" not in text:
        return text
    pieces = text.split("%")
    done = [pieces[0]]
    stack: list[str] = []
    push = stack.append
    for piece in pieces[1:]:
        push("%")
        i, n = 0, len(piece)
        # A push can complete an escape only while a "%" is among the top two;
        # once none is, the rest of the piece (which holds no "%") is inert.
        while i < n and (stack[-1] == "%" or (len(stack) > 1 and stack[-2] == "%")):
            ch = piece[i]
            i += 1
            push(ch)
            while len(stack) >= 3 and stack[-3] == "%" and stack[-2] in HEXDIG and ch in HEXDIG:
                ch = chr(int(stack[-2] + ch, 16))
                del stack[-3:]
                push(ch)
        if i < n:
            done.append("".join(stack))
            done.append(piece[i:])
            stack.clear()
    done.append("".join(stack))
    return "".join(done)


Parts = tuple[str, str | None, str | None, str | None, str, str | None, str | None]


def _prepare(text: str, *, special_backslashes: bool, need_host: bool = True) -> Parts:
    """The common start of the profiles: trim, remove tab/CR/LF, add "http://"
    when there is no scheme, prepare (module docstring) and split. Returns
    (scheme, userinfo, host, port, path, query, fragment), lower-case scheme,
    components still percent-encoded.

    With ``need_host``, a special URL but ``file`` whose host is empty, or only
    dots once unescaped (so empty once canonicalized), raises :class:`URIError`
    ("empty-component", at the host's position in the prepared text): RFC 3986
    section 3.2.2 ("the "http" scheme considers a missing authority or empty host
    invalid") and the WHATWG URL Standard's host state (host-missing: failure).
    Written out as ``http:///x`` such a URL would read, the next time, as the
    host ``x``."""
    # Safe Browsing: "remove tab (0x09), CR (0x0d), and LF (0x0a) characters";
    # leading and trailing spaces go too (its test vector "  http://www.google.com/  ").
    # WHATWG URL Standard, basic URL parser: strip leading/trailing C0 controls and space.
    text = text.strip(_C0_AND_SPACE)
    if "\t" in text or "\n" in text or "\r" in text:
        text = text.translate(_TAB_CR_LF)
    # Safe Browsing test vectors "www.google.com" and "%20leadingspace.com/":
    # a URL without a scheme is an http URL (urlcanon: default_scheme_http).
    m = _HAS_SCHEME.match(text)
    if m is None:
        text = "http://" + text
        scheme_end = 4
    else:
        scheme_end = m.end() - 1
    scheme = text[:scheme_end].lower()
    if scheme in _SPECIAL:
        if special_backslashes and "\\" in text:
            # WHATWG URL Standard: in a special URL a backslash before the query or fragment is
            # a slash.
            q = _QUERY_OR_FRAGMENT(text)
            head, tail = (text, "") if q is None else (text[: q.start()], text[q.start() :])
            text = head.replace("\\", "/") + tail
        # WHATWG URL Standard, "special authority ignore slashes state": after a
        # special scheme but file, any number of slashes (none too) leads to the
        # authority.
        if scheme != "file" and (
            not text.startswith("//", scheme_end + 1) or text.startswith("/", scheme_end + 3)
        ):
            text = text[: scheme_end + 1] + "//" + text[scheme_end + 1 :].lstrip("/")
    # Safe Browsing: the fragment starts at the first "#"; a later "#" is its data.
    text, hash_sign, fragment = text.partition("#")
    if text.isascii() and not text.encode("ascii").translate(None, _KEEP_BYTES):
        # already RFC 3986 characters only: nothing to encode
        prepared = _BARE_PERCENT.sub("%25", text) if "%" in text else text
    else:
        data = text.encode("utf-8", "surrogatepass")
        prepared = _BARE_PERCENT.sub("%25", "".join(map(_PREPARE.__getitem__, data)))
    sp = split(prepared)
    if sp is None and ("[" in prepared or "]" in prepared):
        # RFC 3986 allows "[" and "]" only around an IP literal host: encode the
        # others, those after the authority first, then all of them.
        m = _AUTHORITY.match(prepared)
        end = 0 if m is None else m.end()
        for candidate in (
            prepared[:end] + prepared[end:].translate(_BRACKETS),
            prepared.translate(_BRACKETS),
        ):
            sp = split(candidate)
            if sp is not None:
                prepared = candidate
                break
    if sp is None:
        raise diagnose(prepared)
    _, (s0, s1), (a0, _), (u0, u1), (h0, h1), (t0, t1), (p0, p1), (q0, q1), _ = sp
    host = prepared[h0:h1] if a0 >= 0 else None
    if (
        need_host
        and host is not None
        and scheme in _SPECIAL
        and scheme != "file"
        and not (unescape_all(host) if "%" in host else host).strip(".")
    ):
        raise URIError("empty-component", "host", h0, prepared)
    return (
        prepared[s0:s1].lower(),
        prepared[u0:u1] if u0 >= 0 else None,
        host,
        prepared[t0:t1] if t0 >= 0 else None,
        prepared[p0:p1],
        prepared[q0:q1] if q0 >= 0 else None,
        _prepare_fragment(fragment) if hash_sign else None,
    )


def _prepare_fragment(fragment: str) -> str:
    data = fragment.encode("utf-8", "surrogatepass")
    prepared = "".join(map(_PREPARE_NO_BRACKETS.__getitem__, data)).replace("#", "%23")
    return _BARE_PERCENT.sub("%25", prepared)


# Lower-case ASCII letters only: the text holds one byte a character.
_ASCII_LOWER: Final = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_DOTS: Final = re.compile(r"\.{2,}")
_SLASHES: Final = re.compile(r"//+")
# The characters of an IPv4 address in any form Safe Browsing reads (a superset).
_MAYBE_IPV4: Final = re.compile(r"[0-9A-Fa-fXx.]+").fullmatch


def _host(host: str, escape: _Escaper) -> str:
    """Safe Browsing, "To canonicalize the hostname": unescape, remove leading and
    trailing dots, replace consecutive dots with one, read an IPv4 address in any
    form (decimal, octal, hex, fewer than four parts) as dotted decimal, lower-case.

    A prepared host without ``%`` holds RFC 3986 reg-name characters only, none
    of which any escaper encodes: it is neither unescaped nor escaped."""
    if host.startswith("["):
        return host.translate(_ASCII_LOWER)
    escaped = "%" in host
    if escaped:
        host = unescape_all(host)
    if host.startswith(".") or host.endswith("."):
        host = host.strip(".")
    if ".." in host:
        host = _DOTS.sub(".", host)
    if host[:1].isdigit() and _MAYBE_IPV4(host):
        address = read_ipv4(host)
        if address is not None:
            return str(address)
    host = host.lower() if host.isascii() else host.translate(_ASCII_LOWER)
    return escape(host) if escaped else host


def _path(path: str, collapse: bool, backslashes: bool) -> tuple[str, bool]:
    """Safe Browsing, "To canonicalize the path": unescape, resolve "/../" and
    "/./" (RFC 3986 section 5.2.4), then (when ``collapse``) replace runs of
    slashes with one. With ``backslashes`` a backslash the unescaping gives is a
    slash too, as urlcanon turns backslashes into slashes after unescaping (its
    fix_backslashes). Returns the path and whether it was unescaped (a prepared
    path without ``%`` holds RFC 3986 path characters only: nothing to escape)."""
    escaped = "%" in path
    if escaped:
        path = unescape_all(path)
        if backslashes and "\\" in path:
            path = path.replace("\\", "/")
    if "." in path:
        path = remove_dot_segments(path)
    if collapse and "//" in path:
        path = _SLASHES.sub("/", path)
    return path, escaped


def _safe_browsing(text: str) -> str:
    scheme, _, host, _, path, query, _ = _prepare(text, special_backslashes=False)
    # The fragment is cut (first "#"); userinfo and port are no part of the canonical
    # URL (test vector "http://www.gotaport.com:1234/" -> "http://www.gotaport.com/").
    out = scheme + ":"
    if host is not None:
        out += "//" + _host(host, _HOST_ESCAPE)
    path, escaped = _path(path, collapse=True, backslashes=False)
    if host is not None and not path.startswith("/"):
        path = "/" + path
    # A "?" the unescaping gives stays escaped, or the path would end there when
    # the canonical URL is read again ("http://h/a%3Fb").
    out += _PATH_ESCAPE(path) if escaped else path
    if query is not None:
        out += "?" + (_SB_ESCAPE(unescape_all(query)) if "%" in query else query)
    return out


_SECOND_EQUALS: Final = re.compile(r"=[^&]*=").search


def _query_tokens(query: str) -> str:
    """urlcanon less_dumb_pct_recode_query: each "&"-separated part, split at its
    first "=", is unescaped and escaped again (so "&" and "=" stay delimiters)."""
    if "%" not in query and not _SECOND_EQUALS(query):
        return query  # RFC 3986 query characters, one "=" a part at most: as it is
    parts = []
    for part in query.split("&"):
        key, eq, value = part.partition("=")
        token = _QUERY_TOKEN_ESCAPE(unescape_all(key))
        if eq:
            token += "=" + _QUERY_TOKEN_ESCAPE(unescape_all(value))
        parts.append(token)
    return "&".join(parts)


_WWW: Final = re.compile(r"www\d*\.")
# Heritrix's session-id patterns, as urlcanon carries them.
_QUERY_SESSION_ID: Final = re.compile(
    r"(?i)(&|^)(?:"
    r"jsessionid=[0-9a-z$]{10,}"
    r"|sessionid=[0-9a-z]{16,}"
    r"|phpsessid=[0-9a-z]{16,}"
    r"|sid=[0-9a-z]{16,}"
    r"|aspsessionid[a-z]{8}=[0-9a-z]{16,}"
    r"|cfid=[0-9]+&cftoken=[0-9a-z-]+"
    r")(&|$)"
)
_ASPX_PATH_SESSION_ID: Final = re.compile(
    r"(?<=/)\([0-9a-z]{24}\)/|(?<=/)(?:\((?:[a-z]\([0-9a-z]{24}\))+\)/)"
)
_PATH_SESSION_ID: Final = re.compile(r";jsessionid=[0-9a-z]{32}$")
_REDUNDANT_AMPERSANDS: Final = re.compile(r"^&+|&+$|(?<=&)&+")


def _semantic(text: str, keep_fragment: bool, aggressive: bool) -> str:
    scheme, _, host, port, path, query, fragment = _prepare(text, special_backslashes=True)
    special = scheme in _SPECIAL
    out_host = None
    if host is not None:
        out_host = _host(host, _HOST_ESCAPE)  # userinfo removed (urlcanon remove_userinfo)
        if port and not DEFAULT_REGISTRY.is_default_port(scheme, port):
            out_host += ":" + port
    # urlcanon: leading slash, dots resolved, slashes collapsed and the empty path
    # "/" in special URLs only (collapse_consecutive_slashes, empty_path_to_slash).
    out_path, escaped = _path(path, collapse=special, backslashes=special)
    if special and host is not None and not out_path.startswith("/"):
        out_path = "/" + out_path
    if escaped:
        out_path = _PATH_ESCAPE(out_path)
    if query is not None:
        query = "&".join(sorted(_query_tokens(query).split("&")))
    if aggressive:
        if scheme == "https":
            scheme = "http"
        if out_host is not None:
            m = _WWW.match(out_host)
            if m is not None:
                out_host = out_host[m.end() :]
        out_path = out_path.lower()
        if out_path.endswith(".aspx"):
            out_path = _ASPX_PATH_SESSION_ID.sub("", out_path)
        out_path = _PATH_SESSION_ID.sub("", out_path)
        # urlcanon strips one trailing slash; a non-special path may end in more
        # (slashes collapse in special URLs only), and stripping one of "//"
        # would leave a path that strips again: strip them all.
        if out_path != "/" and out_path.endswith("/"):
            out_path = out_path.rstrip("/") or "/"
        if query is not None:
            query = _QUERY_SESSION_ID.sub(r"\1\2", query.lower())
            query = _REDUNDANT_AMPERSANDS.sub("", query)
            query = "&".join(sorted(query.split("&"))) if query else None
    out = scheme + ":"
    if out_host is not None:
        out += "//" + out_host
    elif out_path.startswith("//"):
        # Without an authority a path must not start with "//" (RFC 3986 section
        # 3.3), or it reads as one; the WHATWG URL serializer writes "/." first.
        out += "/."
    out += out_path
    if query is not None:
        out += "?" + query
    if keep_fragment and fragment is not None:
        out += "#" + _SB_ESCAPE(unescape_all(fragment))
    return out


def canonical(text: str, profile: str = "semantic", *, keep_fragment: bool = False) -> str:
    """The canonical form of the URL ``text`` under ``profile`` (:data:`PROFILES`).

    ``"safe-browsing"`` follows Google Safe Browsing v4, "URLs and Hashing":

    1. remove leading and trailing spaces, and tab, CR and LF anywhere;
    2. without a scheme, the URL is ``http://`` + text;
    3. remove the fragment (from the first ``#``);
    4. repeatedly percent-unescape until no escape is left (:func:`unescape_all`);
    5. host: remove leading and trailing dots, replace consecutive dots with one,
       an IPv4 address in any form becomes dotted decimal, lower-case;
       userinfo and port are dropped;
    6. path: resolve ``/./`` and ``/../`` (RFC 3986 section 5.2.4), replace runs
       of slashes with one, an empty path is ``/``; the query is left alone;
    7. percent-escape every byte <= 0x20 or >= 0x7F, ``#`` and ``%`` (uppercase hex).

    ``"semantic"`` is urlcanon's semantic canonicalizer: WHATWG clean-up
    (trim, tab/newline removal, backslashes in special URLs, default port elided),
    ``http://`` when no scheme, everything but the query unescaped repeatedly,
    host as in Safe Browsing, userinfo removed, path escaped like Safe Browsing
    plus ``?``, each query key and value unescaped and escaped again (plus ``&``
    and ``=``), dots resolved, slashes collapsed, query parameters sorted, the
    fragment removed (kept, escaped like the host, when ``keep_fragment``).
    ``"aggressive"`` adds: https -> http, a leading ``www``/``wwwN.`` label
    removed, path and query lower-cased, Heritrix's session ids removed, a
    trailing slash removed (but for the path ``/``), stray ``&`` and an empty
    query removed, parameters sorted again. ``"rfc3986"`` is
    :func:`urikit.normalize` (level "scheme") and raises for any invalid URI.

    In every profile but ``"rfc3986"``, a delimiter that unescaping gives in the
    host (``/ ? # @ : [ ] \\``) or the path (``?``) stays escaped, so that the
    canonical URL reads back as the same host and path, and is its own canonical
    form.

    Raises :class:`URIError` when the prepared text (module docstring) is no
    URI reference, e.g. a port that is not digits, or when a special URL but
    ``file`` has no host (empty, or only dots): RFC 3986 section 3.2.2 and the
    WHATWG URL Standard reject an empty http host.

    >>> canonical("http://host/%25%32%35", "safe-browsing")
    'http://host/%25'
    >>> canonical("http://3279880203/blah", "safe-browsing")
    'http://195.127.0.11/blah'
    >>> canonical("HTTP://Example.com:80/b/../a?z=1&a=%41#top")
    'http://example.com/a?a=A&z=1'
    >>> canonical("https://www2.Example.com/A/?B=1&&", "aggressive")
    'http://example.com/a?b=1'
    >>> canonical("HTTP://Example.com:80/%7e", "rfc3986")
    'http://example.com/~'
    >>> canonical("http://a%2Fb/c?d", "safe-browsing")
    'http://a%2Fb/c?d'
    >>> canonical(":/0")
    Traceback (most recent call last):
      ...
    urikit.errors.URIError: empty host at position 7
    """
    if type(text) is not str or type(profile) is not str:
        check_str(text, "canonical", "text")
        check_str(profile, "canonical", "profile")
    if profile == "safe-browsing":
        if _canonical_fast is not None:
            fast: str | None = _canonical_fast(text, 3)
            if fast is not None:
                return fast
        return _safe_browsing(text)
    if profile == "semantic":
        if _canonical_fast is not None:
            fast = _canonical_fast(text, 1 if keep_fragment else 0)
            if fast is not None:
                return fast
        return _semantic(text, keep_fragment, aggressive=False)
    if profile == "aggressive":
        return _semantic(text, keep_fragment, aggressive=True)
    if profile == "rfc3986":
        return normalize(text, "scheme")
    raise unknown_choice("profile", profile, PROFILES)


def safe_browsing_expressions(text: str) -> tuple[str, ...]:
    """The host-suffix / path-prefix expressions Safe Browsing looks up for ``text``.

    Safe Browsing v4, "Suffix/Prefix Expressions": hosts are the exact host and
    up to four more formed from the last five components by removing the leading
    one (not for an IP address; never the top-level domain alone); paths are the
    exact path with the query, without it, and up to four more from "/" adding
    one component (with its trailing slash) at a time. At most 5 x 6, in order,
    without repeats.

    >>> for expression in safe_browsing_expressions("http://a.b.c/1/2.html?param=1"):
    ...     print(expression)
    a.b.c/1/2.html?param=1
    a.b.c/1/2.html
    a.b.c/
    a.b.c/1/
    b.c/1/2.html?param=1
    b.c/1/2.html
    b.c/
    b.c/1/
    """
    if type(text) is not str:
        check_str(text, "safe_browsing_expressions", "text")
    url = canonical(text, "safe-browsing")
    rest = url[url.index("//") + 2 :] if "//" in url else url[url.index(":") + 1 :]
    slash = rest.find("/")
    host, full = (rest, "/") if slash < 0 else (rest[:slash], rest[slash:])
    hosts = [host]
    if host and not host.startswith("[") and read_ipv4(host) is None:
        labels = host.split(".")
        for n in range(min(len(labels) - 1, 5), 1, -1):
            hosts.append(".".join(labels[-n:]))
    path, _, _ = full.partition("?")
    paths = [full, path]
    segments = path.split("/")[1:-1]
    prefix = "/"
    paths.append(prefix)
    for segment in segments[:3]:
        prefix += segment + "/"
        paths.append(prefix)
    return tuple(dict.fromkeys(h + p for h in dict.fromkeys(hosts) for p in paths))


# The surt package (archive-commons' WaybackURLKeyMaker, GoogleURLCanonicalizer and
# IAURLCanonicalizer): its session-id patterns, applied as it applies them.
_SURT_PATH_SESSION_IDS: Final = (
    re.compile(r"^(.*/)(\((?:[a-z]\([0-9a-z]{24}\))+\)/)([^\?]+\.aspx.*)$", re.I),
    re.compile(r"^(.*/)(\([0-9a-z]{24}\)/)([^\?]+\.aspx.*)$", re.I),
)
_SURT_QUERY_SESSION_IDS: Final = (
    re.compile(r"^(.*)(?:jsessionid=[0-9a-zA-Z]{32})(?:&(.*))?$", re.I),
    re.compile(r"^(.*)(?:phpsessid=[0-9a-zA-Z]{32})(?:&(.*))?$", re.I),
    re.compile(r"^(.*)(?:sid=[0-9a-zA-Z]{32})(?:&(.*))?$", re.I),
    re.compile(r"^(.*)(?:ASPSESSIONID[a-zA-Z]{8}=[a-zA-Z]{24})(?:&(.*))?$", re.I),
    re.compile(r"^(.*)(?:cfid=[^&]+&cftoken=[^&]+)(?:&(.*))?$", re.I),
)
# What each of those query patterns needs (a quick test before them).
_MAYBE_SURT_SESSION_ID: Final = re.compile(r"(?i)sid=|sessionid|cfid=").search
_SURT_PROTOCOLS: Final = re.compile(r"^(https?://)+")
# surt drops the default port of these two schemes only (the registry's ports).
_SURT_DEFAULT_PORTS: Final = {s: str(DEFAULT_REGISTRY.default_port(s)) for s in ("http", "https")}
_DOTTED_QUAD: Final = re.compile(r"(?:\d{1,3}\.){3}\d{1,3}$")


# surt's options and their defaults (the ones the C kernel handles).
_SURT_DEFAULTS: Final = {
    "with_scheme": False,
    "trailing_comma": False,
    "strip_www": True,
    "reverse_ipaddr": True,
    "lowercase": True,
    "strip_session_ids": True,
    "sort_query": True,
}


def _surt_query_key(part: str) -> tuple[str, ...]:
    return tuple(part.split("=", 1))


def surt(
    text: str,
    *,
    with_scheme: bool = False,
    trailing_comma: bool = False,
    strip_www: bool = True,
    reverse_ipaddr: bool = True,
    lowercase: bool = True,
    strip_session_ids: bool = True,
    sort_query: bool = True,
) -> str:
    """The SURT (Sort-friendly URI Reordering Transform) key of ``text``, as the
    ``surt`` package gives it with the same options (its defaults are these).

    The URL is canonicalized as archive-commons' GoogleURLCanonicalizer does
    (Safe Browsing's rules, the port kept), then as its IAURLCanonicalizer does:
    ``www``/``wwwN.`` removed (``strip_www``), userinfo and the http/https
    default port removed, path and query lower-cased (``lowercase``), Heritrix
    session ids removed (``strip_session_ids``), a trailing slash removed but for
    the path ``/``, query parameters sorted (``sort_query``), an empty query
    removed. The host's labels are then reversed and joined by ``,`` (an IPv4
    address too unless ``reverse_ipaddr`` is false), and ``)`` ends the host
    (``,)`` with ``trailing_comma``); ``with_scheme`` puts ``scheme://(`` first.
    An empty text gives ``-``, as in ``surt``.

    >>> surt("http://www.Example.com:80/A/b/?z=1&a=2#top")
    'com,example)/a/b?a=2&z=1'
    >>> surt("https://archive.org/x", with_scheme=True, trailing_comma=True)
    'https://(org,archive,)/x'
    """
    if type(text) is not str:
        check_str(text, "surt", "text")
    if (
        _canonical_fast is not None
        and not with_scheme
        and not trailing_comma
        and strip_www
        and reverse_ipaddr
        and lowercase
        and strip_session_ids
        and sort_query
    ):
        fast: str | None = _canonical_fast(text, 2)
        if fast is not None:
            return fast
    if not text:
        return "-"
    if text.startswith("filedesc"):
        return text
    text = text.strip(_C0_AND_SPACE)
    m = _SURT_PROTOCOLS.match(text)
    if m is not None and m.end() != len(m.group(1)):  # "http://https://h/": the last one
        text = m.group(1) + text[m.end() :]
    scheme, _, host, port, path, query, _ = _prepare(
        text, special_backslashes=False, need_host=False
    )
    if port == "" or port == _SURT_DEFAULT_PORTS.get(scheme):
        port = None
    key = ""
    if host is not None:
        host = _host(host, _SB_ESCAPE) if host else host
        if strip_www:
            m = _WWW.match(host)
            if m is not None:
                host = host[m.end() :]
        if reverse_ipaddr or not _DOTTED_QUAD.match(host):
            host = ",".join(reversed(host.split(".")))
    escaped = "%" in path
    if escaped:
        path = unescape_all(path)
    if host:
        path = _SLASHES.sub("/", remove_dot_segments(path)) or "/"
        if not path.startswith("/"):
            path = "/" + path
    if escaped:
        path = _SB_ESCAPE(path)
    if lowercase:
        path = path.lower()
    if strip_session_ids and "(" in path:  # each pattern has a "("
        for pattern in _SURT_PATH_SESSION_IDS:
            m = pattern.match(path)
            if m is not None:
                path = m.group(1) + m.group(3)
    if len(path) > 1 and path.endswith("/"):
        path = path[:-1]
    if query:
        if "%" in query:
            query = _SB_ESCAPE(unescape_all(query))
        if strip_session_ids and _MAYBE_SURT_SESSION_ID(query):
            for pattern in _SURT_QUERY_SESSION_IDS:
                m = pattern.match(query)
                if m is not None:
                    query = m.group(1) + (m.group(2) or "")
        if lowercase:
            query = query.lower()
        if sort_query and "&" in query:
            query = "&".join(sorted(query.split("&"), key=_surt_query_key))
    if host:
        if with_scheme:
            key = scheme + "://("
        key += host + ("" if port is None else ":" + port)
        key += ",)" if trailing_comma else ")"
    else:
        key = scheme + ":"
    key += path
    if query:
        key += "?" + query
    return key


_SURT_SCHEME: Final = re.compile(SCHEME_PATTERN + r"://\(")
_SCHEME_COLON: Final = re.compile(SCHEME_PATTERN + ":")


def unsurt(key: str, *, scheme: str = "http") -> str:
    """The URL a SURT key stands for: :func:`surt`'s reordering undone. The host's
    labels go back in order (a trailing ``,`` dropped), and the scheme is the
    key's own (``with_scheme``) or ``scheme``. What :func:`surt` removed (a
    ``www.``, a default port, userinfo, case, session ids, the fragment, the
    query's order) cannot come back, so the URL is the canonical one the key
    was made from, and ``surt(unsurt(k))`` gives ``k`` back with the options
    ``k`` was made with, unless ``surt`` decoded a ``?`` into the path (the key
    cannot tell it from the query's). A key without a host (``mailto:x``) is
    its own URL.

    >>> unsurt("com,example)/a/b?a=2&z=1")
    'http://example.com/a/b?a=2&z=1'
    >>> unsurt("https://(org,archive,)/x")
    'https://archive.org/x'
    >>> unsurt("com,example:8080)/", scheme="https")
    'https://example.com:8080/'
    >>> unsurt("com,example/a")
    Traceback (most recent call last):
      ...
    urikit.errors.URIError: missing ')' after the host at position 13
    """
    check_str(key, "unsurt", "key")
    check_str(scheme, "unsurt", "scheme")
    m = _SURT_SCHEME.match(key)
    start = 0
    if m is not None:
        scheme, start = key[: m.end() - 4], m.end()
    elif ")" not in key and _SCHEME_COLON.match(key):
        return key  # surt("mailto:x") is "mailto:x": no host to put back
    close = key.find(")", start)
    if close < 0:
        raise URIError("missing-separator", "host", len(key), key, detail="')'")
    inner = key[start:close]
    if inner.endswith(","):
        inner = inner[:-1]  # trailing_comma
    host, _, port = inner.partition(":")
    authority = ".".join(reversed(host.split(","))) + (":" + port if port else "")
    return f"{scheme}://{authority}{key[close + 1 :]}"
