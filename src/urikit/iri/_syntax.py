"""The IRI grammar of RFC 3987 section 2.2, built on the RFC 3986 parser.

RFC 3987's grammar *is* RFC 3986's with two changes: ``iunreserved`` adds
``ucschar`` wherever ``unreserved`` was allowed (userinfo, reg-name, path,
query, fragment; never the scheme, port or IP literals), and ``iquery`` also
allows ``iprivate``. Every delimiter stays ASCII. So an IRI is checked by
handing the core parser a *stand-in*: the same text with every allowed
non-ASCII character replaced by ``_`` (an unreserved character that is no
scheme, port, hex or dec-octet character either). The stand-in has the same
length, the same delimiters and therefore the same spans, and it matches
RFC 3986 exactly when the text matches RFC 3987, with one exception handled
here: ``_`` is allowed in an IPvFuture literal and ``ucschar`` is not.

Section 4.1 forbids the bidirectional formatting characters LRM, RLM, LRE,
RLE, LRO, RLO and PDF although ``ucschar`` contains them: they are left as
they are in the stand-in, so the core refuses them, and the error is reworded.

>>> stand_in("http://例え.jp/パス?\\ue000#x")
'http://__.jp/__?_#x'
>>> find_error("http://a/\\u202eb").detail
'bidirectional formatting character U+202E is not allowed in an IRI (RFC 3987 section 4.1)'
"""

from __future__ import annotations

import re
from typing import Final

from ..core._accel import speedups
from ..core._charsets import ALPHA, DIGIT, SCHEME_PATTERN
from ..core._charsets import BIDI_FORMATTING as _BIDI_FORMATTING
from ..core._errors import URIError, arg_type_error, check_str, unknown_choice
from ..core._parser import (
    AUTHORITY_SPAN,
    DISJOINT_SPANS,
    FRAGMENT_SPAN,
    HOST_SPAN,
    PATH_SPAN,
    QUERY_SPAN,
    SCHEME_SPAN,
    USERINFO_SPAN,
    Spans,
    check_component,
    diagnose,
    split,
)
from ..core._reference import URIReference
from ..core._resolution import Parts

# the C kernels this module calls (None in the pure-Python build)
iri_stand_in = None if speedups is None else speedups.iri_stand_in

__all__ = [
    "AUTHORITY_SPAN",
    "BIDI_FORMATTING",
    "FRAGMENT_SPAN",
    "HOST_SPAN",
    "IFRAGMENT_ASCII",
    "IPATH_ASCII",
    "IPCHAR_ASCII",
    "IPRIVATE_RANGES",
    "IQUERY_ASCII",
    "IREG_NAME_ASCII",
    "ISEGMENT_NZ_NC_ASCII",
    "IUNRESERVED_ASCII",
    "IUSERINFO_ASCII",
    "PATH_SPAN",
    "QUERY_SPAN",
    "RULES",
    "SCHEME_SPAN",
    "TEXT_SPANS",
    "UCSCHAR_RANGES",
    "URI_RULE",
    "USERINFO_SPAN",
    "check_iri_component",
    "checked",
    "find_error",
    "iri_split",
    "is_iprivate",
    "is_ucschar",
    "parts_of",
    "stand_in",
    "text_arg",
    "uri_rule_of",
]

#: The components after the scheme, as ``(name, index)`` in written order: those
#: that may hold an IRI's characters or percent-encodings (the port only digits).
TEXT_SPANS: Final = tuple((name, group) for name, group in DISJOINT_SPANS if group != SCHEME_SPAN)

#: RFC 3987 section 2.2 ``ucschar``, as inclusive code point ranges.
UCSCHAR_RANGES: Final = (
    (0xA0, 0xD7FF),
    (0xF900, 0xFDCF),
    (0xFDF0, 0xFFEF),
    *((p << 16, (p << 16) + 0xFFFD) for p in range(1, 14)),
    (0xE1000, 0xEFFFD),
)
#: RFC 3987 section 2.2 ``iprivate`` (allowed in the query only).
IPRIVATE_RANGES: Final = ((0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD))
#: Section 4.1: LRM, RLM, LRE, RLE, PDF, LRO, RLO - inside ``ucschar`` but refused.
BIDI_FORMATTING: Final = _BIDI_FORMATTING

# Section 2.2's classes, by their ASCII characters: each also holds every
# ``ucschar`` (less BIDI_FORMATTING), and ``iquery`` every ``iprivate``. Spelt
# here from RFC 3987's ABNF for RFC 3987 alone (it takes ``sub-delims`` from
# RFC 3986 as is). The stand-in reading above holds while each is the RFC 3986
# class the core parser checks the component by: tests/iri/test_iri_charsets.py
# compares them, and fails when one standard's class moves without the other's.
#: ``iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar``
IUNRESERVED_ASCII: Final = ALPHA | DIGIT | frozenset("-._~")
_SUB_DELIMS: Final = frozenset("!$&'()*+,;=")
#: ``iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )``
IUSERINFO_ASCII: Final = IUNRESERVED_ASCII | _SUB_DELIMS | frozenset(":")
#: ``ireg-name = *( iunreserved / pct-encoded / sub-delims )``
IREG_NAME_ASCII: Final = IUNRESERVED_ASCII | _SUB_DELIMS
#: ``ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"``
IPCHAR_ASCII: Final = IUNRESERVED_ASCII | _SUB_DELIMS | frozenset(":@")
#: ``isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims / "@" )``
ISEGMENT_NZ_NC_ASCII: Final = IUNRESERVED_ASCII | _SUB_DELIMS | frozenset("@")
#: ``ipath``: ``isegment`` characters and the "/" between them.
IPATH_ASCII: Final = IPCHAR_ASCII | frozenset("/")
#: ``iquery = *( ipchar / iprivate / "/" / "?" )``
IQUERY_ASCII: Final = IPCHAR_ASCII | frozenset("/?")
#: ``ifragment = *( ipchar / "/" / "?" )``
IFRAGMENT_ASCII: Final = IPCHAR_ASCII | frozenset("/?")

#: The IRI rules and the RFC 3986 rule each one widens.
URI_RULE: Final = {
    "IRI-reference": "URI-reference",
    "IRI": "URI",
    "absolute-IRI": "absolute-URI",
    "irelative-ref": "relative-ref",
}
RULES: Final = frozenset(URI_RULE)
_COMPONENT_NAMES: Final = {v: k for k, v in URI_RULE.items()}


def _class(ranges: tuple[tuple[int, int], ...], minus: frozenset[str] = frozenset()) -> str:
    """The inside of a regex class for ``ranges`` without the characters ``minus``."""
    cut = sorted(ord(c) for c in minus)
    parts: list[str] = []
    for lo, hi in ranges:
        start = lo
        for c in cut:
            if start <= c <= hi:
                if start < c:
                    parts.append(f"{chr(start)}-{chr(c - 1)}")
                start = c + 1
        if start <= hi:
            parts.append(f"{chr(start)}-{chr(hi)}")
    return "".join(parts)


_UCS_CLASS: Final = _class(UCSCHAR_RANGES, BIDI_FORMATTING)
_PRIVATE_CLASS: Final = _class(IPRIVATE_RANGES)
_UCS_RUN_RE: Final = re.compile(f"[{_UCS_CLASS}]+")
_PRIVATE_RUN_RE: Final = re.compile(f"[{_PRIVATE_CLASS}]+")
_UCS_RE: Final = re.compile(f"[{_UCS_CLASS}]")
_PRIVATE_RE: Final = re.compile(f"[{_PRIVATE_CLASS}]")


def is_ucschar(ch: str) -> bool:
    """True for a ``ucschar`` that section 4.1 allows (not a bidi formatting char).

    >>> is_ucschar("é"), is_ucschar("\\u202e"), is_ucschar("\\ue000"), is_ucschar("a")
    (True, False, False, False)
    """
    return _UCS_RE.fullmatch(ch) is not None


def is_iprivate(ch: str) -> bool:
    """True for an ``iprivate`` character (allowed in the query only).

    >>> is_iprivate("\\ue000"), is_iprivate("é")
    (True, False)
    """
    return _PRIVATE_RE.fullmatch(ch) is not None


def _underscores(m: re.Match[str]) -> str:
    return "_" * (m.end() - m.start())


def _query_bounds(text: str) -> tuple[int, int]:
    """Where the query of a reference is (RFC 3986 Appendix B): after the first "?"
    that comes before any "#". ``(-1, -1)`` when there is none."""
    q = text.find("?")
    if q < 0:
        return -1, -1
    h = text.find("#")
    if 0 <= h < q:
        return -1, -1
    return q + 1, h if h >= 0 else len(text)


def stand_in(text: str, component: str | None = None) -> str:
    """``text`` with each character RFC 3987 adds to RFC 3986 replaced by ``_``.

    ``component`` is ``None`` for a whole reference (``iprivate`` is replaced in
    its query only) or the name of one component ("query" replaces ``iprivate``).
    """
    if iri_stand_in is not None:
        # the common case in one C pass: every non-ASCII character is ucschar
        fast = iri_stand_in(text)
        if fast is not None:
            return fast
    out = _UCS_RUN_RE.sub(_underscores, text)
    if component is None:
        q0, q1 = _query_bounds(out)
        if q0 >= 0 and not out.isascii():
            out = out[:q0] + _PRIVATE_RUN_RE.sub(_underscores, out[q0:q1]) + out[q1:]
    elif component == "query":
        out = _PRIVATE_RUN_RE.sub(_underscores, out)
    return out


def _reword(err: URIError, text: str) -> URIError:
    """The core's error about a stand-in, told about the real ``text``."""
    component = _COMPONENT_NAMES.get(err.component, err.component)
    pos = err.position
    if err.reason == "invalid-char" and 0 <= pos < len(text) and text[pos] in BIDI_FORMATTING:
        detail = (
            f"bidirectional formatting character U+{ord(text[pos]):04X} is not allowed"
            " in an IRI (RFC 3987 section 4.1)"
        )
        return URIError("bad-value", component, pos, text, detail=detail)
    return URIError(err.reason, component, pos, text, detail=err.detail)


def _ip_literal_error(text: str, host_start: int, end: int) -> URIError | None:
    """An IP literal is ASCII only: the first non-ASCII character in it, if any."""
    if not text.startswith("[", host_start):
        return None
    close = text.find("]", host_start, end)
    stop = close if close >= 0 else end
    for i in range(host_start + 1, stop):
        if not text[i].isascii():
            future = text[host_start + 1 : host_start + 2] in ("v", "V")
            kind = "bad-ipvfuture" if future else "bad-ipv6"
            return URIError(kind, "host", i, text)
    return None


def _authority_host_start(text: str, rule: str) -> tuple[int, int]:
    """(host start, authority end) by RFC 3986 Appendix B, or (-1, -1)."""
    pos = 0
    if rule != "relative-ref":
        m = re.match(SCHEME_PATTERN + ":", text)
        if m is not None:
            pos = m.end()
    if not text.startswith("//", pos):
        return -1, -1
    end = pos + 2
    n = len(text)
    while end < n and text[end] not in "/?#":
        end += 1
    at = text.find("@", pos + 2, end)
    return (at + 1 if at >= 0 else pos + 2), end


def uri_rule_of(rule: str) -> str:
    """The RFC 3986 rule the IRI ``rule`` widens (ValueError for an unknown one).

    >>> uri_rule_of("irelative-ref")
    'relative-ref'
    """
    uri_rule = URI_RULE.get(rule)
    if uri_rule is None:
        raise unknown_choice("rule", rule, sorted(RULES))
    return uri_rule


def iri_split(text: str, rule: str = "IRI-reference") -> Spans | None:
    """The component spans of ``text`` under the RFC 3987 ``rule``, or ``None``.

    >>> sp = iri_split("http://例え.jp/パス")
    >>> sp[4], sp[6]
    ((7, 12), (12, 15))
    """
    uri_rule = uri_rule_of(rule)
    if text.isascii():
        return split(text, uri_rule)
    sp = split(stand_in(text), uri_rule)
    if sp is None:
        return None
    h0, h1 = sp[HOST_SPAN]
    if h0 >= 0 and text.startswith("[", h0) and not text[h0:h1].isascii():
        return None
    return sp


def find_error(text: str, rule: str = "IRI-reference") -> URIError | None:
    """The error of ``text`` under the RFC 3987 ``rule``, or ``None`` when it is valid.

    >>> find_error("http://例え.jp/a b").position
    14
    >>> find_error("http://h/\\ue000").component, find_error("http://h/?\\ue000") is None
    ('path', True)
    """
    if type(text) is not str or type(rule) is not str:
        check_str(text, "find_error", "text")
        check_str(rule, "find_error", "rule")
    uri_rule = uri_rule_of(rule)
    proxy = text if text.isascii() else stand_in(text)
    err: URIError | None = None
    if split(proxy, uri_rule) is None:
        err = _reword(diagnose(proxy, uri_rule), text)
    if proxy is not text:
        h0, end = _authority_host_start(text, uri_rule)
        if h0 >= 0:
            lit = _ip_literal_error(text, h0, end)
            if lit is not None and (err is None or lit.position <= err.position):
                err = lit
    return err


def check_iri_component(name: str, value: str) -> None:
    """Check one encoded IRI component on its own (positions index ``value``).

    >>> check_iri_component("host", "例え.jp")
    >>> check_iri_component("path", "/\\ue000")
    Traceback (most recent call last):
    urikit.errors.URIError: invalid character '\\ue000' in path at position 1
    """
    if value.isascii():
        check_component(name, value)
        return
    if name in ("scheme", "port"):
        check_component(name, value)  # ucschar is not allowed: the core says where
        return
    if name == "host" and value.startswith("["):
        lit = _ip_literal_error(value, 0, len(value))
        if lit is not None:
            raise lit
    try:
        check_component(name, stand_in(value, name))
    except URIError as err:
        raise _reword(err, value) from None


# --- arguments and spans, for the modules of urikit.iri ---------------------------


def text_arg(func: str, param: str, value: object) -> str:
    """A str argument of ``func`` (a URIReference counts as its text)."""
    if type(value) is str:
        return value
    if isinstance(value, URIReference):
        return str(value)
    if isinstance(value, str):
        return str(value)
    raise arg_type_error(func, param, "str or URIReference", value)


def checked(text: str, rule: str = "IRI-reference") -> Spans:
    """The spans of ``text`` as the RFC 3987 ``rule``; :class:`URIError` if invalid."""
    sp = iri_split(text, rule)
    if sp is None:
        err = find_error(text, rule)
        if err is None:  # pragma: no cover - the tests hold split and find_error equal
            err = URIError("bad-value", "iri", 0, text, detail="rejected")
        raise err
    return sp


def parts_of(text: str, sp: Spans) -> Parts:
    """The five components of section 5.2 (``None`` when absent) from the spans."""

    def get(g: int) -> str | None:
        a, b = sp[g]
        return text[a:b] if a >= 0 else None

    p0, p1 = sp[PATH_SPAN]
    return (get(SCHEME_SPAN), get(AUTHORITY_SPAN), text[p0:p1], get(QUERY_SPAN), get(FRAGMENT_SPAN))
