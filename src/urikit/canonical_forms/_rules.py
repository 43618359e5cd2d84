"""The code behind :mod:`urikit.canonicalization` (the face that documents it):
the public functions, their arguments, and the C kernel's common case. The
profiles themselves are in ``_safe_browsing``, ``_crawler`` and ``_surt``.
"""

from __future__ import annotations

import re

from ..core._accel import speedups
from ..core._charsets import SCHEME_PATTERN
from ..core._errors import URIError, check_str, unknown_choice
from ..core._normalization import normalize
from . import _crawler, _safe_browsing, _surt
from ._text import unescape_all

# the C kernels this module calls (None in the pure-Python build)
_canonical_fast = None if speedups is None else speedups.canonical_fast

TYPE_CHECKING = False
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

#: The profiles that take ``keep_fragment``: the others remove the fragment
#: (Safe Browsing) or keep it always (RFC 3986).
_KEEP_FRAGMENT: Final = ("semantic", "aggressive")

# The C kernel's modes (canonical_forms/rules_c.c).
_SEMANTIC, _SEMANTIC_FRAGMENT, _SURT, _SAFE_BROWSING = 0, 1, 2, 3


def _empty(text: str) -> URIError:
    """The one error of an input with nothing in it (after the trimming its
    profile does): no URL to canonicalize."""
    return URIError("empty-component", "host", 0, text)


def check_profile(profile: str, keep_fragment: bool = False) -> None:
    """Raise for an unknown ``profile`` or an option it does not take (the
    columnar wrappers call it once for a whole column, even an empty one).

    >>> check_profile("safe-browsing", keep_fragment=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    ValueError: keep_fragment is not an option of the 'safe-browsing' profile (it applies ...)
    """
    if profile not in PROFILES:
        raise unknown_choice("profile", profile, PROFILES)
    if keep_fragment and profile not in _KEEP_FRAGMENT:
        applies = " and ".join(map(repr, _KEEP_FRAGMENT))
        raise ValueError(
            f"keep_fragment is not an option of the {profile!r} profile (it applies to {applies})"
        )


def canonical(text: str, profile: str = "semantic", *, keep_fragment: bool = False) -> str:
    """The canonical form of the URL ``text`` under ``profile`` (:data:`PROFILES`).

    ``"safe-browsing"`` is Google Safe Browsing v4, "URLs and Hashing", read as
    Google's Go client reads a URL: the fragment cut, white space trimmed, tab,
    CR and LF removed, the whole URL unescaped until no escape is left and then
    read (``http`` when there is no scheme; a scheme needs ``//``); userinfo and
    port dropped; the host as A-labels, dots cleaned, an IPv4 address in any
    form as dotted decimal, lower-case; dot segments resolved and runs of
    slashes made one in the path; every byte <= 0x20 or >= 0x7F, ``#`` and
    ``%`` escaped. A text without a host (``/blah``, ``http:///blah``) or whose
    scheme has no ``//`` (``mailto:``) raises, as the client refuses it.

    ``"semantic"`` is urlcanon's semantic canonicalizer (with
    ``keep_fragment=True``, its semantic_precise): WHATWG-like reading
    (backslashes, any number of slashes after a special scheme, the last ``@``),
    default port removed, everything but the query unescaped, the host as an
    address or A-labels (special schemes; lower-case), userinfo removed, the
    path escaped with ``?``, each query key and value unescaped and escaped
    again, dots resolved, slashes collapsed, parameters sorted, the fragment
    removed. ``"aggressive"`` adds: https -> http, leading ``www``/``wwwN.``
    labels removed, path and query lower-cased, Heritrix's session ids
    removed, a trailing slash removed, stray ``&`` and an empty query removed.
    ``"rfc3986"`` is :func:`urikit.normalize` (level "scheme").

    Where urikit answers otherwise than the reference, on purpose and with
    the reason, docs/canonical.md lists it. Every profile is idempotent:
    ``canonical(canonical(x, p), p) == canonical(x, p)``.

    Raises :class:`URIError` for a text that is empty (after trimming), for a
    port that is not digits, for a special URL but ``file`` without a host,
    and where Safe Browsing's client refuses the URL; the position is the
    input's. ``keep_fragment`` is an option of ``"semantic"`` and
    ``"aggressive"`` only; given to another profile it raises ``ValueError``.

    >>> canonical("http://host/%25%32%35", "safe-browsing")
    'http://host/%25'
    >>> canonical("http%3A%2F%2Fwackyurl.com:80/", "safe-browsing")
    'http://wackyurl.com/'
    >>> canonical("http://3279880203/blah", "safe-browsing")
    'http://195.127.0.11/blah'
    >>> canonical("HTTP://Example.com:80/b/../a?z=1&a=%41#top")
    'http://example.com/a?a=A&z=1'
    >>> canonical("http://B\u00dcCHER.example/", "semantic")
    'http://xn--bcher-kva.example/'
    >>> canonical("https://www2.Example.com/A/?B=1&&", "aggressive")
    'http://example.com/a?b=1'
    >>> canonical("HTTP://Example.com:80/%7e", "rfc3986")
    'http://example.com/~'
    >>> canonical("mailto:bryner@google.com", "safe-browsing")
    Traceback (most recent call last):
      ...
    urikit.errors.URIError: missing '//' after the scheme at position 7
    >>> canonical("")
    Traceback (most recent call last):
      ...
    urikit.errors.URIError: empty host at position 0
    """
    if type(text) is not str or type(profile) is not str:
        check_str(text, "canonical", "text")
        check_str(profile, "canonical", "profile")
    if keep_fragment or profile not in PROFILES:
        check_profile(profile, keep_fragment)
    if profile == "safe-browsing":
        if _canonical_fast is not None:
            fast: str | None = _canonical_fast(text, _SAFE_BROWSING)
            if fast is not None:
                return fast
        if not text.strip(_safe_browsing.TRIM):
            raise _empty(text)
        return _safe_browsing.safe_browsing(text)
    if profile == "semantic" or profile == "aggressive":
        if _canonical_fast is not None and profile == "semantic":
            fast = _canonical_fast(text, _SEMANTIC_FRAGMENT if keep_fragment else _SEMANTIC)
            if fast is not None:
                return fast
        if not text.strip(_crawler.TRIM):
            raise _empty(text)
        return _crawler.crawler(
            text, keep_fragment=keep_fragment, aggressive=profile == "aggressive"
        )
    if not text:
        raise _empty(text)
    return normalize(text, "scheme")


def safe_browsing_expressions(text: str) -> tuple[str, ...]:
    """The host-suffix / path-prefix expressions Safe Browsing looks up for ``text``.

    Safe Browsing v4, "Suffix/Prefix Expressions": hosts are the exact host and
    up to four more formed from the last five components by removing the leading
    one (not for an IP address; never the top-level domain alone); paths are the
    exact path with the query (unless it is empty), without it, and up to four
    more from "/" adding one component (with its trailing slash) at a time. At
    most 5 x 6, in order, without repeats. Raises as ``canonical(text,
    "safe-browsing")`` does.

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
    return _safe_browsing.expressions(canonical(text, "safe-browsing"))


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
    registrable_domain: bool = False,
) -> str:
    """The SURT (Sort-friendly URI Reordering Transform) key of ``text``, as the
    ``surt`` package gives it with its default canonicalizer and the same
    options (its defaults are these).

    ``registrable_domain=True`` is urikit's own, not the package's: the
    host in the key is its registrable domain (:mod:`urikit.domains`, the
    ``[domains]`` extra), so that every URL of a site has the key prefix of the
    site (``forums.bbc.co.uk/x`` is ``uk,co,bbc)/x``); a host without one (an
    IP address, a public suffix) stays as it is. The default, ``False``, is
    the package's key.

    The URL is read as the package reads it and canonicalized as its
    GoogleURLCanonicalizer does (Safe Browsing's rules, the port kept: host
    unescaped, IDNA 2003, an IPv4 address as dotted decimal, lower-case; path
    unescaped, its dot segments and empty segments removed, escaped) and then
    as its IAURLCanonicalizer does: ``www``/``wwwN.`` removed (``strip_www``),
    userinfo and the http/https default port removed, path and query
    lower-cased (``lowercase``), Heritrix session ids removed
    (``strip_session_ids``), a trailing slash removed but for the path ``/``,
    query parameters sorted (``sort_query``), an empty query removed. The host's
    labels are then reversed and joined by ``,`` (an IPv4 address too unless
    ``reverse_ipaddr`` is false), and ``)`` ends the host (``,)`` with
    ``trailing_comma``); ``with_scheme`` puts ``scheme://(`` first. A query
    value keeps an ``&`` it unescapes to escaped (``type=a+b+%26+c`` stays one
    parameter: the package splits it, a bug its own tests mark). An empty text
    raises :class:`URIError` (the package gives ``-``), as does a port that is
    not a number from 0 to 65535 (the package raises ``ValueError``).

    >>> surt("http://www.Example.com:80/A/b/?z=1&a=2#top")
    'com,example)/a/b?a=2&z=1'
    >>> surt("https://archive.org/x", with_scheme=True, trailing_comma=True)
    'https://(org,archive,)/x'
    >>> surt("http://B\u00dcCHER.example/"), surt("http://h/x?type=a+b+%26+c&grape=wine")
    ('example,xn--bcher-kva)/', 'h)/x?grape=wine&type=a+b+%26+c')
    """
    if type(text) is not str:
        check_str(text, "surt", "text")
    if (
        _canonical_fast is not None
        and not registrable_domain
        and not with_scheme
        and not trailing_comma
        and strip_www
        and reverse_ipaddr
        and lowercase
        and strip_session_ids
        and sort_query
    ):
        fast: str | None = _canonical_fast(text, _SURT)
        if fast is not None:
            return fast
    if not text.strip(_surt.TRIM):
        raise _empty(text)
    return _surt.surt_key(
        text,
        with_scheme=with_scheme,
        trailing_comma=trailing_comma,
        strip_www=strip_www,
        reverse_ipaddr=reverse_ipaddr,
        lowercase=lowercase,
        strip_session_ids=strip_session_ids,
        sort_query=sort_query,
        site=registrable_domain is True,
    )


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
