"""The RFC 3986 generic parser (Appendix A) and its diagnostics.

Two implementations of one grammar live here:

* ``split()``: the fast path. One compiled regular expression, built from the
  character classes of :mod:`urikit.core._charsets`, validates a whole URI-reference
  and returns the spans of its components. Every repetition in it is possessive
  or atomic, and every alternation is either guarded by a distinct first
  character or bounded in length (the IPv6 forms), so matching is linear in the
  input length: there is no backtracking to blow up.
* ``diagnose()``: the error path. Called only when the fast path rejects the
  text, it walks the grammar one ABNF rule at a time (functions named after the
  rules) and raises :class:`~urikit.errors.URIError` naming the component,
  reason and 0-based position of the first offending character.

Tests assert that both accept exactly the same language.

The spans returned by ``split`` are a tuple of ``(start, end)`` pairs, indexed by
the ``*_SPAN`` constants (``SCHEME_SPAN`` ... ``FRAGMENT_SPAN``), with
``(-1, -1)`` for an undefined component.
"""

from __future__ import annotations

from ._accel import accelerate
from ._charsets import (
    FRAGMENT,
    HEXDIG,
    HEXDIG_CLASS,
    IPVFUTURE_TAIL,
    PATH,
    PCHAR_NC,
    QUERY,
    REG_NAME,
    SCHEME_PATTERN,
    USERINFO,
    compiled,
    possessive,
    regex_class,
)
from ._errors import URIError, unknown_choice

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from collections.abc import Callable
    from typing import Final, NoReturn

__all__ = [
    "RULES",
    "Spans",
    "diagnose",
    "find_error",
    "host_kind",
    "is_ipv4address",
    "is_ipv6address",
    "locate_error",
    "plain_host_end",
    "split",
]

Spans = tuple[tuple[int, int], ...]

# Indexes into the spans tuple (the regex's group numbers): spans[PATH_SPAN] is the
# (start, end) of the path.
WHOLE_SPAN: Final = 0
SCHEME_SPAN: Final = 1
AUTHORITY_SPAN: Final = 2
USERINFO_SPAN: Final = 3
HOST_SPAN: Final = 4
PORT_SPAN: Final = 5
PATH_SPAN: Final = 6
QUERY_SPAN: Final = 7
FRAGMENT_SPAN: Final = 8

#: Each component's name (a ``URIReference`` property) -> its index in the spans.
COMPONENT_SPANS: Final[dict[str, int]] = {
    "scheme": SCHEME_SPAN,
    "authority": AUTHORITY_SPAN,
    "userinfo": USERINFO_SPAN,
    "host": HOST_SPAN,
    "port": PORT_SPAN,
    "path": PATH_SPAN,
    "query": QUERY_SPAN,
    "fragment": FRAGMENT_SPAN,
}

#: The same without the authority (its userinfo, host and port are here): the
#: components that do not overlap, as ``(name, index)`` in the order they are written.
DISJOINT_SPANS: Final[tuple[tuple[str, int], ...]] = tuple(
    (name, group) for name, group in COMPONENT_SPANS.items() if group != AUTHORITY_SPAN
)

#: The rules ``is_valid`` and ``parse`` accept, as named in RFC 3986 Appendix A.
RULES: Final = frozenset({"URI-reference", "URI", "absolute-URI", "relative-ref"})


def _run(chars: frozenset[str]) -> str:
    """Regex for ``*( chars / pct-encoded )``, unrolled so it cannot backtrack."""
    c = regex_class(chars)
    return f"[{c}]*+" + possessive(f"(?:%[{HEXDIG_CLASS}]{{2}}[{c}]*+)", "*")


# --- regex building blocks, one per ABNF rule --------------------------------------
_DEC_OCTET = r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])"
_IPV4ADDRESS = rf"{_DEC_OCTET}\.{_DEC_OCTET}\.{_DEC_OCTET}\.{_DEC_OCTET}"
_H16 = f"[{HEXDIG_CLASS}]{{1,4}}"
_LS32 = rf"(?:{_H16}:{_H16}|{_IPV4ADDRESS})"
_IPV6ADDRESS = (
    "(?:"
    + "|".join(
        [
            rf"(?:{_H16}:){{6}}{_LS32}",
            rf"::(?:{_H16}:){{5}}{_LS32}",
            rf"(?:{_H16})?::(?:{_H16}:){{4}}{_LS32}",
            rf"(?:(?:{_H16}:){{0,1}}{_H16})?::(?:{_H16}:){{3}}{_LS32}",
            rf"(?:(?:{_H16}:){{0,2}}{_H16})?::(?:{_H16}:){{2}}{_LS32}",
            rf"(?:(?:{_H16}:){{0,3}}{_H16})?::{_H16}:{_LS32}",
            rf"(?:(?:{_H16}:){{0,4}}{_H16})?::{_LS32}",
            rf"(?:(?:{_H16}:){{0,5}}{_H16})?::{_H16}",
            rf"(?:(?:{_H16}:){{0,6}}{_H16})?::",
        ]
    )
    + ")"
)
_IPVFUTURE = rf"[vV][{HEXDIG_CLASS}]++\.[{regex_class(IPVFUTURE_TAIL)}]++"
_IP_LITERAL = rf"\[(?:{_IPV6ADDRESS}|{_IPVFUTURE})\]"

# Without the final \Z: every repetition is possessive (a group's is written by
# ``possessive``), so on any text this matches the longest prefix the grammar reads,
# and stops at the first character it cannot (where locate_error looks).
_SLASH_PATH = possessive(f"(?:/{_run(PATH)})", "?")
_REFERENCE_PREFIX_PATTERN = (
    r"\A"
    + possessive(rf"(?:({SCHEME_PATTERN}):)", "?")  # 1 scheme
    + r"(?://("  # 2 authority
    + possessive(rf"(?:({_run(USERINFO)})@)", "?")  # 3 userinfo
    + rf"((?>{_IP_LITERAL}|{_run(REG_NAME)}))"  # 4 host
    + possessive(r"(?::([0-9]*+))", "?")  # 5 port
    + r")|(?!//))"
    # 6 path: path-abempty after an authority; otherwise path-absolute / -rootless /
    # -empty after a scheme, or path-absolute / -noscheme / -empty in a relative-ref.
    + rf"((?(2){_SLASH_PATH}|(?(1){_run(PATH)}|{_run(PCHAR_NC)}{_SLASH_PATH})))"
    + possessive(rf"(?:\?({_run(QUERY)}))", "?")  # 7 query
    + possessive(rf"(?:\#({_run(FRAGMENT)}))", "?")  # 8 fragment
)
_REFERENCE_PATTERN = _REFERENCE_PREFIX_PATTERN + r"\Z"

# Expressions are compiled on first use, not at import: with the C accelerator,
# parsing never needs them (only error diagnosis does), and ``import urikit``
# stays cheap. The fast path rebinds ``_match_reference`` on its first call.


def _compile_and_match(text: str) -> re.Match[str] | None:
    """The first call of ``_match_reference``: compile, rebind, match."""
    global _match_reference
    _match_reference = compiled(_REFERENCE_PATTERN).match
    return _match_reference(text)


_match_reference: Callable[[str], re.Match[str] | None] = _compile_and_match

#: The other expressions, by name, and their compiled forms once used.
_PATTERNS: Final = {
    "IPv4address": rf"{_IPV4ADDRESS}\Z",
    "IPv6address": rf"{_IPV6ADDRESS}\Z",
    "dec-octet": rf"{_DEC_OCTET}\Z",
    "IPvFuture": rf"{_IPVFUTURE}\Z",
    "scheme": SCHEME_PATTERN,
    "scheme-colon": SCHEME_PATTERN + ":",
    "reference-prefix": _REFERENCE_PREFIX_PATTERN,
    "authority-rest": "[^/?#]*+",
    # the runs of the diagnoser: *( <chars> / pct-encoded )
    "userinfo": _run(USERINFO),
    "host": _run(REG_NAME),
    "path": _run(PATH),
    "segment-nz-nc": _run(PCHAR_NC),
    "query": _run(QUERY),
    "fragment": _run(FRAGMENT),
}
_COMPILED: dict[str, re.Pattern[str]] = {}


def _regex(name: str) -> re.Pattern[str]:
    """The compiled expression ``name`` of :data:`_PATTERNS`."""
    pattern = _COMPILED.get(name)
    if pattern is None:
        pattern = _COMPILED[name] = compiled(_PATTERNS[name])
    return pattern


def split(text: str, rule: str = "URI-reference") -> Spans | None:
    """Validate ``text`` against ``rule`` and return its component spans.

    Returns ``None`` when the text does not match (call :func:`diagnose` for
    the reason). ``rule`` must be one of :data:`RULES`.

    >>> spans = split("http://a/b?q")
    >>> [None if s == (-1, -1) else "http://a/b?q"[s[0]:s[1]] for s in spans[1:]]
    ['http', 'a', None, 'a', None, '/b', 'q', None]
    >>> split("a b") is None
    True
    """
    m = _match_reference(text)
    if m is None:
        return None
    regs: Spans = m.regs
    if rule != "URI-reference":
        has_scheme = regs[SCHEME_SPAN][0] >= 0
        if rule == "URI":
            ok = has_scheme
        elif rule == "absolute-URI":
            ok = has_scheme and regs[FRAGMENT_SPAN][0] < 0
        elif rule == "relative-ref":
            ok = not has_scheme
        else:
            raise unknown_choice("rule", rule, sorted(RULES))
        if not ok:
            return None
    return regs


def is_ipv4address(text: str) -> bool:
    """True when ``text`` is an RFC 3986 ``IPv4address`` (dotted dec-octets).

    >>> is_ipv4address("192.0.2.1"), is_ipv4address("192.0.2.01"), is_ipv4address("1.2.3")
    (True, False, False)
    """
    return _regex("IPv4address").match(text) is not None


def is_ipv6address(text: str) -> bool:
    """True when ``text`` is an RFC 3986 ``IPv6address`` (without brackets).

    >>> is_ipv6address("::1"), is_ipv6address("1:2:3:4:5:6:1.2.3.4"), is_ipv6address("1::2::3")
    (True, True, False)
    """
    return _regex("IPv6address").match(text) is not None


def host_kind(host: str) -> str:
    """Classify a valid ``host``: "ipv6", "ipvfuture", "ipv4" or "reg-name".

    >>> [host_kind(h) for h in ("[::1]", "[v1.x]", "10.0.0.1", "example.com", "")]
    ['ipv6', 'ipvfuture', 'ipv4', 'reg-name', 'reg-name']
    """
    if host.startswith("["):
        return "ipvfuture" if host[1:2] in ("v", "V") else "ipv6"
    if _regex("IPv4address").match(host) is not None:
        return "ipv4"
    return "reg-name"


# --- diagnostics: the grammar again, one rule at a time ------------------------------


def _chars(text: str, start: int, end: int, kind: str, component: str) -> None:
    """Check ``*( <kind> chars / pct-encoded )`` over ``text[start:end]``."""
    m = _regex(kind).match(text, start, end)
    assert m is not None  # a starred rule always matches
    bad = m.end()
    if bad < end:
        if text[bad] == "%":
            # The '%' itself is fine; the first character that is not a HEXDIG is not.
            pos = bad + 1 if bad + 1 < end and text[bad + 1] in HEXDIG else bad
            pos += 1
            raise URIError("bad-percent", component, min(pos, end), text)
        raise URIError("invalid-char", component, bad, text)


def _ipv6address(text: str, start: int, end: int) -> None:
    """Find the first offending character of an ``IPv6address`` in text[start:end].

    The address is read piece by piece with the rules of RFC 3986 section 3.2.2:
    eight 16-bit pieces (h16), or fewer with one "::" standing for at least one
    zero piece, and an IPv4address allowed in place of the last two pieces.
    """
    pieces = 0  # explicit 16-bit pieces so far (an IPv4 tail counts 2)
    elided = False
    i = start

    def most() -> int:
        return 7 if elided else 8

    def fail(pos: int) -> URIError:
        return URIError("bad-ipv6", "host", pos, text)

    if text.startswith("::", i, end):
        elided = True
        i += 2
    elif text.startswith(":", i, end):
        raise fail(i + 1)
    while i < end:
        j = i
        while j < end and j - i < 4 and text[j] in HEXDIG:
            j += 1
        if j < end and text[j] == ".":
            # text[i:j] was a fine h16 so far; the "." is at fault unless an IPv4
            # tail can start here: a dec-octet, in place of the last two pieces.
            if pieces + 2 > most() or not (elided or pieces == 6) or not _dec_octet(text[i:j]):
                raise fail(j)
            _ipv4_tail(text, i, end)
            pieces += 2
            break
        if j == i:
            raise fail(i)
        pieces += 1
        if pieces > most():  # a piece after "::" that already had seven before it
            raise fail(i)
        if j == end:
            break
        if text[j] != ":":
            raise fail(j)
        if text.startswith("::", j, end):
            if elided:
                raise fail(j + 1)
            if pieces == 8:  # "::" stands for at least one piece; there is no room
                raise fail(j)
            elided = True
            i = j + 2
            continue
        # A single ":" asks for one more piece.
        if pieces + 1 > most():
            raise fail(j)
        if j + 1 == end:
            raise fail(end)
        i = j + 1
    if not elided and pieces != 8:
        raise fail(end)


def _dec_octet(text: str) -> bool:
    """``dec-octet``: "0" to "255" without leading zeros (the fast path's rule)."""
    return _regex("dec-octet").match(text) is not None


def _ipv4_tail(text: str, start: int, end: int) -> None:
    """Check ``IPv4address`` = dec-octet "." dec-octet "." dec-octet "." dec-octet."""
    i = start
    for n in range(4):
        j = i
        while j < end and text[j].isdigit() and text[j].isascii():
            j += 1
            if j - i > 1 and text[i] == "0":
                raise URIError("bad-ipv6", "host", j - 1, text)
            if int(text[i:j]) > 255:
                raise URIError("bad-ipv6", "host", j - 1, text)
        if j == i:
            raise URIError("bad-ipv6", "host", i, text)
        if n < 3:
            if j >= end or text[j] != ".":
                raise URIError("bad-ipv6", "host", j, text)
            i = j + 1
        elif j != end:
            raise URIError("bad-ipv6", "host", j, text)


def _ip_literal(text: str, start: int, end: int) -> int:
    """``IP-literal = "[" ( IPv6address / IPvFuture ) "]"``; text[start] is "[".

    ``end`` is the end of the authority. Returns the index after "]".
    """
    close = text.find("]", start, end)
    inner_end = close if close >= 0 else end
    if text[start + 1 : start + 2] in ("v", "V"):
        m = _regex("IPvFuture").match(text, start + 1, inner_end)
        if m is None:
            i = start + 2
            while i < inner_end and text[i] in HEXDIG:
                i += 1
            if i == start + 2 or i >= inner_end or text[i] != ".":
                raise URIError("bad-ipvfuture", "host", i, text)
            i += 1
            tail = frozenset(IPVFUTURE_TAIL)
            j = i
            while j < inner_end and text[j] in tail:
                j += 1
            raise URIError("bad-ipvfuture", "host", j, text)
    elif _regex("IPv6address").match(text, start + 1, inner_end) is None:
        _ipv6address(text, start + 1, inner_end)
        # The checker found nothing the regex refused: report the address start.
        raise URIError("bad-ipv6", "host", start + 1, text)
    if close < 0:
        raise URIError("unterminated-ip-literal", "host", end, text)
    return close + 1


def _authority(text: str, start: int, end: int) -> None:
    """``authority = [ userinfo "@" ] host [ ":" port ]`` over text[start:end]."""
    at = text.find("@", start, end)
    host_start = start
    if at >= 0:
        _chars(text, start, at, "userinfo", "userinfo")
        host_start = at + 1
    if host_start < end and text[host_start] == "[":
        i = _ip_literal(text, host_start, end)
        if i < end and text[i] != ":":
            raise URIError("after-ip-literal", "host", i, text)
    else:
        colon = text.find(":", host_start, end)
        i = colon if colon >= 0 else end
        _chars(text, host_start, i, "host", "host")
    if i < end:  # text[i] == ":"
        for k in range(i + 1, end):
            if not ("0" <= text[k] <= "9"):
                raise URIError("invalid-char", "port", k, text)


def _raise_scheme_error(text: str) -> NoReturn:
    """Raise the error of a ``text`` that does not start with ``scheme ":"``.

    ``scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )``; only called once the
    scheme rule has failed, so it always raises.
    """
    if not text:
        raise URIError("invalid-char", "scheme", 0, text)
    if not ("a" <= text[0].lower() <= "z" and text[0].isascii()):
        if text[0] == ":":
            raise URIError("empty-scheme", "scheme", 0, text)
        raise URIError("scheme-start", "scheme", 0, text)
    m = _regex("scheme").match(text)
    assert m is not None
    raise URIError("invalid-char", "scheme", m.end(), text)


def find_error(text: str, rule: str = "URI-reference") -> URIError | None:
    """Return the error of ``text`` under ``rule``, or ``None`` if it is valid.

    This is the rule-by-rule reading of the grammar; it agrees with ``split``
    on what is valid, and says where the first problem is.

    >>> find_error("http://h/a b").position
    10
    >>> find_error("http://h:8x/").component
    'port'
    >>> find_error("http://h/ok") is None
    True
    """
    if rule not in RULES:
        raise unknown_choice("rule", rule, sorted(RULES))
    try:
        _reference(text, rule)
    except URIError as err:
        # Returned, not raised: without its traceback, whose frames hold ``err``
        # again (a cycle only the garbage collector frees, keeping a batch's
        # arrays alive until it runs).
        return err.with_traceback(None)
    return None


def locate_error(text: str) -> tuple[str, str, int] | None:
    """``(reason, component, position)`` of the first error of a ``text`` that is
    not a URI-reference, read off where the reference expression stops; ``None``
    when that reading cannot tell (the text is valid, or the error is in an IP
    literal, or in an authority whose "@" the expression did not reach), and
    :func:`find_error` decides.

    The shortcut of :func:`diagnose` (and of the C kernels, which stop where the
    expression stops): what it answers is what ``find_error`` answers, which the
    tests hold for every text. Why: the expression and ``find_error`` read
    components in the same order with the same character runs, so a run that
    stops early stops at the same character in both. The one difference is where
    the authority's parts begin: ``find_error`` takes the userinfo up to the
    authority's first "@" (RFC 3986 Appendix B delimiting), the expression only
    when the userinfo characters run up to one; both agree unless an "@" lies past
    the character where the expression stopped, with no userinfo before it.

    >>> locate_error("http://h/a b"), locate_error("//h:8x")
    (('invalid-char', 'path', 10), ('invalid-char', 'port', 5))
    >>> locate_error("1a:b")
    ('colon-in-first-segment', 'path', 2)
    >>> locate_error("/a%2g"), locate_error("http://[::1/"), locate_error("http://h/")
    (('bad-percent', 'path', 4), None, None)
    """
    m = _regex("reference-prefix").match(text)
    assert m is not None  # every part of the expression is optional
    p = m.end()
    n = len(text)
    if p == n:
        return None
    regs: Spans = m.regs
    c = text[p]
    if p == regs[AUTHORITY_SPAN][1]:  # stopped in the authority, at c (not "/?#")
        h0 = regs[HOST_SPAN][0]
        if text.startswith("[", h0):
            return None  # IP literals: find_error words their errors
        if regs[USERINFO_SPAN][0] < 0:
            rest = _regex("authority-rest").match(text, p)
            assert rest is not None
            if text.find("@", p, rest.end()) >= 0:
                return None  # find_error reads a userinfo up to that "@"
        if regs[PORT_SPAN][0] >= 0:
            return ("invalid-char", "port", p)
        component = "host"
    elif regs[FRAGMENT_SPAN][0] >= 0:
        component = "fragment"
    elif regs[QUERY_SPAN][0] >= 0:
        component = "query"
    else:
        component = "path"
        if (
            c == ":"
            and regs[SCHEME_SPAN][0] < 0
            and regs[AUTHORITY_SPAN][0] < 0
            and text.find("/", 0, p) < 0
        ):
            return ("colon-in-first-segment", "path", p)
    if c == "%":  # the first character after it that is not a HEXDIG
        return ("bad-percent", component, p + 2 if text[p + 1 : p + 2] in HEXDIG else p + 1)
    return ("invalid-char", component, p)


def diagnose(
    text: str, rule: str = "URI-reference", located: tuple[str, str, int] | None = None
) -> URIError:
    """Return the error for a ``text`` that ``split`` rejected.

    For the default rule, :func:`locate_error` says where, most of the time
    (``located``: its answer, when the caller has it already, as the C parse
    kernel does); otherwise the rule-by-rule reading (:func:`find_error`). If
    that finds nothing (which would be a bug, caught by the tests), a generic
    error at position 0 is returned rather than nothing.

    >>> err = diagnose("http://h/a b")
    >>> err.reason, err.component, err.position
    ('invalid-char', 'path', 10)
    """
    if located is None and rule == "URI-reference":
        located = locate_error(text)
    if located is not None:
        return URIError(located[0], located[1], located[2], text)
    err = find_error(text, rule)
    if err is None:  # pragma: no cover - the tests hold the two readings equal
        return URIError("bad-value", "uri", 0, text, detail="rejected")
    return err


def _reference(text: str, rule: str) -> None:
    """``URI-reference = URI / relative-ref`` (and the narrower rules)."""
    n = len(text)
    pos = 0
    has_scheme = False
    if rule != "relative-ref":
        m = _regex("scheme-colon").match(text)
        if m is not None:
            has_scheme = True
            pos = m.end()
        elif rule != "URI-reference":
            _raise_scheme_error(text)
    # Appendix B: delimit the components, then check each in order.
    q = text.find("?", pos)
    h = text.find("#", pos)
    if h >= 0 and q >= 0 and q > h:
        q = -1
    path_end = min(x for x in (q, h, n) if x >= 0)
    if text.startswith("//", pos):
        auth_end = pos + 2
        while auth_end < path_end and text[auth_end] != "/":
            auth_end += 1
        _authority(text, pos + 2, auth_end)
        _chars(text, auth_end, path_end, "path", "path")
    elif has_scheme:
        _chars(text, pos, path_end, "path", "path")
    else:
        slash = text.find("/", pos, path_end)
        first_end = slash if slash >= 0 else path_end
        m2 = _regex("segment-nz-nc").match(text, pos, first_end)
        assert m2 is not None
        if m2.end() < first_end and text[m2.end()] == ":":
            raise URIError("colon-in-first-segment", "path", m2.end(), text)
        _chars(text, pos, first_end, "segment-nz-nc", "path")
        _chars(text, first_end, path_end, "path", "path")
    if q >= 0:
        _chars(text, q + 1, h if h >= 0 else n, "query", "query")
    if h >= 0:
        if rule == "absolute-URI":
            raise URIError("fragment-not-allowed", "absolute-URI", h, text)
        _chars(text, h + 1, n, "fragment", "fragment")
    if rule == "relative-ref" and has_scheme:  # pragma: no cover - not reachable
        raise URIError("scheme-not-allowed", "scheme", 0, text)


def plain_host_end(text: str) -> int | None:
    """Where the host ends when ``text`` is a *plain* URI-reference.

    Plain: valid, with an authority that is a non-empty host alone (no userinfo,
    no port), no percent-encoded octet anywhere and no path segment starting
    with "." (so no dot segment: ``remove_dot_segments`` leaves the path as it
    is); nothing in it needs decoding, and ``text[:end]`` is its "scheme://host"
    (or "//host"). Returns that end offset, -1 for a valid reference that is
    not plain, ``None`` when ``text`` is not a valid URI-reference. One
    validating pass, no spans built (the security checks' common case uses it
    instead of :func:`split`).

    >>> plain_host_end("http://example.org/a"), plain_host_end("http://u@h/")
    (18, -1)
    >>> plain_host_end("http://h/a/../b"), plain_host_end("http://h/.git"), plain_host_end("a b")
    (-1, -1, None)
    """
    sp = split(text)
    if sp is None:
        return None
    h0, h1 = sp[HOST_SPAN]
    p0, p1 = sp[PATH_SPAN]  # after an authority: empty or starting with "/"
    if h1 == h0 or sp[USERINFO_SPAN][0] >= 0 or sp[PORT_SPAN][0] >= 0 or "%" in text:
        return -1
    return -1 if text.find("/.", p0, p1) >= 0 else h1


def check_component(name: str, value: str) -> None:
    """Check one encoded component value on its own; positions index ``value``.

    ``name`` is "scheme", "userinfo", "host", "port", "path", "query" or
    "fragment". (Rules tying the path to the other components are checked
    where the components are put together.)

    >>> check_component("port", "8a")
    Traceback (most recent call last):
    urikit.errors.URIError: invalid character 'a' in port at position 1
    """
    n = len(value)
    if name == "scheme":
        if _regex("scheme").fullmatch(value) is None:
            _raise_scheme_error(value)
    elif name == "host":
        if value.startswith("["):
            end = _ip_literal(value, 0, n)
            if end != n:
                raise URIError("after-ip-literal", "host", end, value)
        else:
            _chars(value, 0, n, "host", "host")
    elif name == "port":
        for k, ch in enumerate(value):
            if not ("0" <= ch <= "9"):
                raise URIError("invalid-char", "port", k, value)
    elif name in ("userinfo", "path", "query", "fragment"):
        _chars(value, 0, n, name, name)
    else:
        names = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")
        raise unknown_choice("component", name, names)


# The C twin of split (its Python definition above stays as ``split.__wrapped__``).
split = accelerate("split", split)
plain_host_end = accelerate("plain_host_end", plain_host_end)
