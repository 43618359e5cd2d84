"""User-typed text to an absolute URI: :func:`fixup` (RFC 3986 Appendix C; the
2003 draft's Appendix F), also what an abbreviated URI found by
:func:`urikit.extract` stands for."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, NoReturn

from ..core._charsets import ALNUM_CLASS, ALPHA_CLASS, HEXDIG_CLASS, possessive
from ..core._errors import URIError, check_str
from ..core._reference import is_valid
from ..core._schemeinfo import DEFAULT_REGISTRY as _SCHEME_REGISTRY
from ._prose import _SCHEME_COLON_RE, _WS, _prose_schemes

__all__ = ["fixup"]

_HYPHENATED = possessive(rf"(?:-++[{ALNUM_CLASS}]++)", "*")
_HOST_LABEL = rf"(?:[{ALNUM_CLASS}]++{_HYPHENATED})"
_DOMAIN = (
    possessive(rf"(?:{_HOST_LABEL}\.)", "+") + rf"[{ALPHA_CLASS}][{ALNUM_CLASS}]*+{_HYPHENATED}"
)
_IPV4 = r"(?:[0-9]{1,3}\.){3}[0-9]{1,3}"
_HOST_FORM_RE: Final = re.compile(
    rf"(?P<host>{_DOMAIN}|{_IPV4}|localhost|\[[{HEXDIG_CLASS}:.]++\])"
    + possessive(r"(?::[0-9]++)", "?")
    + possessive(r"(?P<rest>[/?#][^ \t\r\n\f\v]*+)", "?")
    + r"\Z",
    re.IGNORECASE,
)
# The local part of an e-mail address as people type it: RFC 5322 atext and
# dots, without "/", "?" and "#", so that a host name with a path, query or
# fragment holding an "@" is read as a host name.
_EMAIL_RE: Final = re.compile(rf"[{ALNUM_CLASS}.!$%&'*+=^_`{{|}}~\-]++@{_DOMAIN}\Z")
_NON_ASCII_RE: Final = re.compile(r"[^\x00-\x7f]")


def _strip_delimiters(text: str) -> str:
    body = text.strip(_WS)
    for opener, closer in (("<", ">"), ('"', '"')):
        if len(body) >= 2 and body[0] == opener and body[-1] == closer:
            body = body[1:-1].strip(_WS)
            break
    if body[:4].upper() == "URL:":
        body = body[4:].strip(_WS)
    return body


def fixup(text: str, *, default_scheme: str = "https", iris: bool = False) -> str:
    """Turn user-typed text into an absolute URI (RFC 3986 Appendix C; 2003 draft Appendix F).

    The delimiters ``<...>``, ``"..."`` and ``URL:`` and all whitespace are
    removed first, then the first row that applies gives the answer:

    ==============================  ===================================  ==========================
    input (after stripping)         reading                              example
    ==============================  ===================================  ==========================
    absolute URI, ``scheme://``     unchanged                            ``http://a.example/``
    or a known scheme (registry,
    :data:`PROSE_SCHEMES`)
    ``//host/...``                  ``default_scheme:`` + text           ``https://a.example/x``
    ``user@host.tld``               ``mailto:`` + text                   ``mailto:me@a.example``
    ``ftp.``-host[:port][/path]     ``ftp://`` + text                    ``ftp://ftp.a.example/p``
    host[:port][/path...] (a DNS    ``default_scheme://`` + text         ``https://www.w3.org/A/``
    name with a dot and a letter
    TLD, IPv4, ``[...]``,
    ``localhost``)
    anything else                   :class:`~urikit.URIError`
    ==============================  ===================================  ==========================

    Whitespace inside is only removed when the result is a URI with a known
    scheme or ``//``: text with a space in it is never read as a host name. The
    result is always checked with :func:`urikit.parse` (rule ``URI``). With
    ``iris=True`` the text may be an IRI (RFC 3987: non-ASCII characters in host
    names and labels, paths, queries and fragments), the result is checked with
    :func:`urikit.iri.parse` (rule ``IRI``) and is an IRI, not mapped to a URI.

    >>> fixup("www.w3.org/Addressing/")
    'https://www.w3.org/Addressing/'
    >>> fixup("<URL:ftp://ds.internic.net/rfc/>"), fixup("ftp.example.org/pub")
    ('ftp://ds.internic.net/rfc/', 'ftp://ftp.example.org/pub')
    >>> fixup("someone@example.org"), fixup("localhost:8080", default_scheme="http")
    ('mailto:someone@example.org', 'http://localhost:8080')
    >>> fixup("www.例え.jp/パス", iris=True)
    'https://www.例え.jp/パス'
    >>> fixup("just some words")
    Traceback (most recent call last):
    urikit.errors.URIError: invalid text: neither a URI nor a host name at position 0
    """
    check_str(text, "fixup", "text")
    check_str(default_scheme, "fixup", "default_scheme")
    if _SCHEME_COLON_RE.fullmatch(default_scheme + ":") is None:
        raise ValueError(f"invalid default_scheme {default_scheme!r}")
    body = _strip_delimiters(text)
    spaced = any(c in body for c in _WS)
    if spaced:
        body = "".join(body.split())
    valid: Callable[[str, str], bool] = is_valid
    # the text the host and e-mail forms are matched on: each non-ASCII
    # character stands in for a letter (the result is checked as an IRI)
    form = body
    if iris:
        from ..iri import is_valid as iri_is_valid

        valid = iri_is_valid
        form = _NON_ASCII_RE.sub("a", body)
    m = _SCHEME_COLON_RE.match(body)
    if m is not None:
        scheme = body[: m.end() - 1].lower()
        known = scheme in _SCHEME_REGISTRY or scheme in _prose_schemes(frozenset())
        if (known or body.startswith("//", m.end())) and valid(body, "IRI" if iris else "URI"):
            return body
    if spaced:
        _no_reading(text)
    candidate: str | None = None
    if body.startswith("//") and valid(body, "irelative-ref" if iris else "relative-ref"):
        candidate = f"{default_scheme}:{body}"
    elif _EMAIL_RE.match(form):
        candidate = "mailto:" + body
    else:
        host = _HOST_FORM_RE.match(form)
        if host is not None:
            scheme = "ftp" if host.group("host").lower().startswith("ftp.") else default_scheme
            candidate = f"{scheme}://{body}"
    if candidate is None or not valid(candidate, "IRI" if iris else "URI"):
        _no_reading(text)
    return candidate


def _no_reading(text: str) -> NoReturn:
    raise URIError("bad-value", "text", 0, text, detail="neither a URI nor a host name") from None
