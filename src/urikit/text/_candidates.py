"""How :func:`urikit.extract` judges a candidate: the rules of each form a URI
takes in prose (RFC 3986 Appendix C; the 2003 draft's Appendix F).

:func:`_candidates_re` finds the candidates (every ``<``, ``"``, ``:`` or ``.``
that may start a form) and :func:`_judge` decides each: a delimited form
(``<...>``, ``<URL:...>``, ``"..."``, whitespace inside joined), a bare
reference (its run of URI or IRI characters, carried across line breaks by a
hyphen, trimmed of trailing punctuation), an abbreviated ``www.``/``ftp.`` host.
:class:`_Cuts` keeps a scan linear. The C scanner (``extraction_c.c``) decides
the common candidates by the same rules.

>>> _trim("http://a.example/x).,")
'http://a.example/x'
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable
from typing import Final, NamedTuple

from ..core._charsets import (
    ALPHA,
    ALPHA_CLASS,
    BIDI_CONTROLS,
    HEXDIG_CLASS,
    SCHEME,
    possessive,
    regex_class,
)
from ..core._errors import URIError
from ..core._reference import is_valid, parse
from ._extracted import Extracted
from ._fixup import fixup
from ._prose import (
    _ABBREVIATED_DOT,
    _ABBREVIATED_WORDS,
    _ANGLE_OPEN,
    _BAD_BLANKS,
    _LINE_BLANKS,
    _LINE_BREAKS,
    _QUOTE_OPEN,
    _SCHEME_COLON,
    _SCHEME_COLON_RE,
    _URI_CHARS,
    _URL_PREFIX,
    _WRAPPERS,
    _WS,
)

_MAX_SCHEME = 64
_SCHEME_CHARS: Final = SCHEME
_LETTERS: Final = ALPHA
_TRAILING: Final = frozenset(".,;:!?'")

# Content of a delimited form may break lines inside the scheme, too.
_LINE_BLANKS_CLASS = re.escape(_LINE_BLANKS)
_BLANKS_CLASS = re.escape(_LINE_BLANKS + _LINE_BREAKS)
_ABBREVIATED_WORDS_RE = "|".join(_ABBREVIATED_WORDS)
_SCHEMEISH_WRAPPED = rf"[{ALPHA_CLASS}][{regex_class(SCHEME)}{_BLANKS_CLASS}]*+"
_ANGLE_RE: Final = re.compile(r"<([^<>]*+)>")
_QUOTE_RE: Final = re.compile(r'"([^"]*+)"')
# A run of the characters a URI may hold.
_URI_RUN_RE: Final = re.compile(f"[{regex_class(_URI_CHARS)}]*+")
# Blanks on a line, and one line break (CRLF, CR or LF).
_BLANKS = rf"[{_LINE_BLANKS_CLASS}]*+"
_BREAK = r"(?:\r\n?+|\n)"
_LINE_BREAK_RE: Final = re.compile(_BLANKS + _BREAK + _BLANKS)
# Whitespace inside a delimited form: every run of it is removed, unless it holds
# a blank line (two line breaks), a form feed or a vertical tab; before the
# scheme's colon only runs that break a line are allowed.
_DROP_WS: Final = str.maketrans("", "", _WS)
_BAD_WS_RE: Final = re.compile(
    rf"[{re.escape(_BAD_BLANKS)}]|{_BREAK}{_BLANKS}[{re.escape(_LINE_BREAKS)}]"
)
_UNBROKEN_RUN_RE: Final = re.compile(
    rf"(?<![{_BLANKS_CLASS}])[{_LINE_BLANKS_CLASS}]++(?![{_BLANKS_CLASS}])"
)
_HYPHEN_BEFORE_WS_RE: Final = re.compile(f"-(?=[{re.escape(_WS)}])")
# A run of blanks with at most one line break in it (the ends of an angle form).
_AT_MOST_ONE_BREAK_RE: Final = re.compile(
    _BLANKS + possessive(f"(?:{_BREAK}{_BLANKS})", "?") + r"\Z"
)
# What may follow an abbreviated URI without a path (besides the end, whitespace
# and characters no URI holds): sentence punctuation, closing brackets and the
# emphasis mark "*".
_AFTER_HOST: Final = _TRAILING | frozenset(")]*")
# An abbreviated URI starts a word: no letter, digit or URI character before it,
# except the opening brackets, quote and emphasis marks of prose.
_BEFORE_ABBREVIATED = r"\w" + regex_class(_URI_CHARS - frozenset("(['*"))


# --------------------------------------------------------------------------- syntaxes


class _Syntax(NamedTuple):
    """What a bare reference may hold and how it is checked: URIs or IRIs."""

    iri: bool
    run_re: re.Pattern[str]  # a run of the characters a bare reference may hold
    host_re: re.Pattern[str]  # an abbreviated URI's www./ftp. host and port
    valid: Callable[[str], bool]  # the rule URI (or IRI)
    error_at: Callable[[str], int]  # where an invalid one goes wrong
    delimited_bad_re: re.Pattern[str] | None  # characters no delimited one may hold


def _uri_error_at(uri: str) -> int:
    try:
        parse(uri, "URI")
    except URIError as err:
        return err.position
    return len(uri)  # pragma: no cover - only called on invalid text


_HOST_CHARS_ASCII = "A-Za-z0-9\\-"


def _host_re(host_chars: str) -> re.Pattern[str]:
    label = f"[{host_chars}]++"
    return re.compile(
        f"(?i:{_ABBREVIATED_WORDS_RE})\\.{label}"
        + possessive(f"(?:\\.{label})", "+")
        + possessive("(?::[0-9]++)", "?")
    )


_URI_SYNTAX: Final = _Syntax(
    False,
    _URI_RUN_RE,
    _host_re(_HOST_CHARS_ASCII),
    lambda uri: is_valid(uri, "URI"),
    _uri_error_at,
    None,
)

# Characters of ``ucschar`` that end a bare IRI in running text (RFC 3987 allows
# them in an IRI, but prose puts them around one): the bidirectional formatting
# characters (section 4.1 names LRM, RLM, LRE, RLE, PDF, LRO and RLO; the later
# isolates LRI, RLI, FSI, PDI and the Arabic letter mark ALM too), every space
# and separator (Unicode category Z), every opening, closing and quotation mark
# (categories Ps, Pe, Pi, Pf: corner brackets, full-width parentheses, curly
# quotes, guillemets ...), and these sentence marks.
_BIDI_CONTROLS: Final = "".join(sorted(BIDI_CONTROLS))
_IRI_STOP_PUNCTUATION: Final = (
    "\u3001\u3002"  # ideographic comma and full stop
    "\uff01\uff02\uff07\uff0c\uff0e\uff1a\uff1b\uff1f"  # full width ! " ' , . : ; ?
    "\uff61\uff64"  # half-width ideographic full stop and comma
    "\u2025\u2026\u203c\u2047\u2048\u2049"  # two- and three-dot leaders, !! ?? ?! !?
    "\u2014\u2015"  # — ― em dash, horizontal bar
    "\u00a1\u00bf"  # ¡¿
    "\u060c\u061b\u061f\u06d4"  # Arabic comma, semicolon, question mark; Urdu full stop
    "\u0964\u0965"  # Devanagari danda, double danda
)


@functools.lru_cache(maxsize=1)
def _iri_syntax() -> _Syntax:
    """The IRI syntax, built on first use (``urikit.iri`` is imported then)."""
    from ..iri import find_error
    from ..iri import is_valid as iri_is_valid
    from ..iri._syntax import IPRIVATE_RANGES, UCSCHAR_RANGES, _class

    stops = set(map(ord, _BIDI_CONTROLS + _IRI_STOP_PUNCTUATION))
    for cp in range(0xA0, 0x10000):  # categories Z and P[seif] lie in the BMP
        category = unicodedata.category(chr(cp))
        if category[0] == "Z" or category in ("Ps", "Pe", "Pi", "Pf"):
            stops.add(cp)
    cut = sorted(stops)
    minus = frozenset(map(chr, cut))
    ucs = _class(UCSCHAR_RANGES, minus)
    private = _class(IPRIVATE_RANGES, minus)
    run_re = re.compile(f"[{regex_class(_URI_CHARS)}{ucs}{private}]*+")
    separators = "".join(chr(c) for c in cut if unicodedata.category(chr(c))[0] == "Z")

    def error_at(uri: str) -> int:
        err = find_error(uri, "IRI")
        return len(uri) if err is None else err.position

    return _Syntax(
        True,
        run_re,
        _host_re(_HOST_CHARS_ASCII + ucs),
        lambda uri: iri_is_valid(uri, "IRI"),
        error_at,
        re.compile(f"[{re.escape(separators + _BIDI_CONTROLS)}]"),
    )


@functools.lru_cache(maxsize=32)
def _candidates_re(prose: frozenset[str], abbreviated: bool = False) -> re.Pattern[str]:
    """The one scanning expression: every branch starts with ``<``, ``"``, ``:`` or ``.``.

    A ``:`` is a candidate only when ``//`` follows and a scheme character
    precedes, or when one of the ``prose`` schemes precedes (fixed-width
    look-behinds, grouped by length). With ``abbreviated``, a ``.`` is one
    when ``www`` or ``ftp`` starting a word precedes it and a letter or digit
    follows.
    """
    by_length: dict[int, list[str]] = {}
    for name in sorted(prose):
        if name and all(c in _SCHEME_CHARS for c in name):
            by_length.setdefault(len(name), []).append(re.escape(name))
    behinds = "|".join(f"(?<=(?i:{'|'.join(names)}):)" for _, names in sorted(by_length.items()))
    colon = rf"{re.escape(_SCHEME_COLON)}(?:(?<=[{regex_class(SCHEME)}]:)(?=//)"
    if behinds:
        colon += f"|(?:{behinds})(?![{re.escape(_WS)}:])"
    colon += ")"
    url = possessive(rf"(?:{_URL_PREFIX}[{_BLANKS_CLASS}]*+)", "?")
    angle = rf"{re.escape(_ANGLE_OPEN)}(?=[{_BLANKS_CLASS}]*+{url}{_SCHEMEISH_WRAPPED}:[^<>]*+>)"
    quote = rf'{re.escape(_QUOTE_OPEN)}(?={_SCHEMEISH_WRAPPED}:[^"]*+")'
    branches = f"{angle}|{quote}|{colon}"
    if abbreviated:
        dot = re.escape(_ABBREVIATED_DOT)
        words = _ABBREVIATED_WORDS_RE
        branches += rf"|{dot}(?<=(?<![{_BEFORE_ABBREVIATED}])(?i:{words}){dot})(?=[^\W_])"
    return re.compile(branches)


def _join_wrapped(content: str) -> tuple[str, tuple[str, ...]] | None:
    """Remove the whitespace inside delimited content (RFC 3986 Appendix C).

    Returns ``(joined, alternatives)``, or ``None`` when a run of whitespace
    holds a blank line (two line breaks), a form feed or a vertical tab, or
    falls inside the scheme (before the first colon) without breaking a line.
    A few passes of compiled expressions over ``content``, no Python loop.
    """
    if _BAD_WS_RE.search(content) is not None:
        return None
    colon = content.find(":")
    if colon > 0 and _UNBROKEN_RUN_RE.search(content, 0, colon) is not None:
        return None  # words before a colon: prose, not a scheme
    joined = content.translate(_DROP_WS)
    if _HYPHEN_BEFORE_WS_RE.search(content) is None:
        return joined, ()
    return joined, (_HYPHEN_BEFORE_WS_RE.sub("", content).translate(_DROP_WS),)


def _delimited(
    content: str,
    angle: bool,
    prose: frozenset[str],
    wanted: frozenset[str] | None,
    syntax: _Syntax = _URI_SYNTAX,
) -> tuple[str, str, tuple[str, ...]] | None:
    """``(uri, wrapper, alternatives)`` for the content of ``<...>`` / ``"..."``."""
    wrapper = _WRAPPERS[0] if angle else _WRAPPERS[1]
    if angle:
        body = content.lstrip(_WS)
        if _AT_MOST_ONE_BREAK_RE.match(content, 0, len(content) - len(body)) is None:
            return None
        if body[: len(_URL_PREFIX)].upper() == _URL_PREFIX:
            wrapper = _WRAPPERS[2]
            skip = len(_URL_PREFIX)
            rest = body[skip:].lstrip(_WS)
            gap = len(body) - skip - len(rest)
            if _AT_MOST_ONE_BREAK_RE.match(body, skip, skip + gap) is None:
                return None
            body = rest
        inner = body.rstrip(_WS)
        if _AT_MOST_ONE_BREAK_RE.match(body, len(inner)) is None:
            return None
        body = inner
    else:
        body = content
        if not body or body[0] in _WS or body[-1] in _WS:
            return None
    if any(c in body for c in _WS):
        joined = _join_wrapped(body)
        if joined is None:
            return None
        uri, alternatives = joined
    else:
        uri, alternatives = body, ()
    m = _SCHEME_COLON_RE.match(uri)
    if m is None or uri.startswith(":", m.end()):  # Perl's Data::Dumper is no URI
        return None
    scheme = uri[: m.end() - 1].lower()
    if wanted is not None and scheme not in wanted:
        return None
    if not angle:
        slashes = uri.startswith("//", m.end())
        if not (slashes or scheme in prose) or len(uri) < m.end() + (3 if slashes else 1):
            return None
    if not syntax.valid(uri):
        return None
    if syntax.delimited_bad_re is not None and syntax.delimited_bad_re.search(uri):
        return None
    alternatives = tuple(a for a in alternatives if a != uri and syntax.valid(a))
    return uri, wrapper, alternatives


def _trim(uri: str) -> str:
    """Drop trailing punctuation and closing brackets without a partner (linear)."""
    end = len(uri)
    opened, closed = uri.count("("), uri.count(")")
    lsq, rsq = uri.count("["), uri.count("]")
    while end:
        last = uri[end - 1]
        if last in _TRAILING:
            pass
        elif last == ")" and closed > opened:
            closed -= 1
        elif last == "]" and rsq > lsq:
            rsq -= 1
        else:
            break
        end -= 1
    return uri[:end]


def _closing_paren(text: str, a: int, b: int) -> int:
    """The first ``)`` in ``text[a:b]`` without an opening partner after ``a`` (``b``: none).

    A bare reference just after ``(`` ends there: that ``)`` closes the bracket
    before the reference (``(http://a.example/x).y``). Linear: ``str.find`` and
    ``str.count`` over the run once.

    >>> text = "(http://a.example/x_(y)).z"
    >>> text[1 : _closing_paren(text, 1, len(text))]
    'http://a.example/x_(y)'
    """
    depth = 0
    pos = a
    while True:
        close = text.find(")", pos, b)
        if close < 0:
            return b
        depth += text.count("(", pos, close)
        if not depth:
            return close
        depth -= 1
        pos = close + 1


class _Cuts:
    """Where a bare reference in ``text`` must end at the latest (the new paths only).

    A reference's path, query and fragment can never hold ``[`` or ``]``, a
    second ``#``, a ``%`` without two hex digits, or (in an IRI) a private-use
    character before the query. Cutting there before judging a candidate keeps
    the work per candidate proportional to what it may cover. The maximal run
    of characters a reference may hold and the first occurrence of each of
    those in it are found once and remembered while later candidates start
    inside the same run, so that a scan reads each stretch of text a bounded
    number of times (linear time).
    """

    __slots__ = ("_found", "_run", "iris", "run_re", "text")

    _PATTERNS: Final = {
        "pct": re.compile(f"%(?![{HEXDIG_CLASS}]{{2}})"),
        "bracket": re.compile(r"[\[\]]"),
        "hash": re.compile("#"),
        "hash2": re.compile("#"),
        "query": re.compile("[?#]"),
        "authority": re.compile("[/?#]"),
    }

    def __init__(self, text: str, syntax: _Syntax) -> None:
        self.text = text
        self.iris = syntax.iri
        self.run_re = syntax.run_re
        self._run = (0, -1)
        self._found: dict[str, tuple[int, int, int]] = {}

    def run_end(self, p: int) -> int:
        """The end of the maximal run of reference characters from ``p``."""
        a, e = self._run
        if a <= p <= e:
            return e
        m = self.run_re.match(self.text, p)
        assert m is not None  # a possessive star always matches
        self._run = (p, m.end())
        return m.end()

    def next(self, name: str, p: int, stop: int) -> int:
        """The first match of pattern ``name`` in ``text[p:stop]`` (``stop``: none)."""
        known = self._found.get(name)
        if known is not None and known[0] <= p <= known[1] and known[2] == stop:
            return known[1]
        pattern = _iri_private_re() if name == "private" else self._PATTERNS[name]
        m = pattern.search(self.text, p, stop)
        at = stop if m is None else m.start()
        self._found[name] = (p, at, stop)
        return at

    def limit(self, start: int, rest: int, stop: int) -> int:
        """Where a reference from ``start`` whose path starts at ``rest`` must end."""
        at = min(self.next("pct", start, stop), self.next("bracket", rest, stop))
        first = self.next("hash", rest, stop)
        if first < at:
            at = min(at, self.next("hash2", first + 1, stop))
        if self.iris:
            private = self.next("private", rest, stop)
            if private < at and private < self.next("query", rest, stop):
                at = private
        return at


# A candidate whose run of reference characters is at most this long is judged
# whole (at most this much work for it); a longer one is cut first.
_SHORT_RUN = 256
# On the new paths a URI carried across line breaks by hyphens spans at most this
# many characters (so that no candidate joins a whole text of such lines).
_MAX_JOINED = 2048


@functools.lru_cache(maxsize=1)
def _iri_private_re() -> re.Pattern[str]:
    from ..iri._syntax import _PRIVATE_CLASS

    return re.compile(f"[{_PRIVATE_CLASS}]")


def _line_ok(text: str, a: int, b: int) -> bool:
    """No ``[``, ``]`` or bad ``%`` in ``text[a:b]`` (a line a URI may go on to)."""
    if text.find("[", a, b) >= 0 or text.find("]", a, b) >= 0:
        return False
    return text.find("%", a, b) < 0 or _Cuts._PATTERNS["pct"].search(text, a, b) is None


def _bare(
    text: str,
    s: int,
    c: int,
    slashes: bool,
    syntax: _Syntax = _URI_SYNTAX,
    cuts: _Cuts | None = None,
) -> tuple[str, int, tuple[str, ...]] | None:
    """The bare URI whose scheme is ``text[s:c]``: ``(uri, end, alternatives)``."""
    run_re = syntax.run_re
    valid = syntax.valid
    limit = len(text)
    joined_max = limit  # how far hyphens at line breaks may carry the URI
    if cuts is not None:
        natural = cuts.run_end(c + 1)
        limit = natural
        if natural - s > _SHORT_RUN:  # judging a short run costs little anyway
            rest = cuts.next("authority", c + 3, natural) if slashes else c + 1
            limit = cuts.limit(s, rest, natural)
            if slashes and rest < limit and not valid(text[s:rest]):
                limit = rest  # an authority that is none: the URI ends inside it
        # The run is known to reach ``limit``: no need to match it again (that
        # read the rest of a long run at every candidate inside it).
        end = max(limit, c + 1)
        joined_max = s
        if (
            end == natural
            and text[end - 1] == "-"
            and _LINE_BREAK_RE.match(text, end) is not None
            and _line_ok(text, s, natural)
        ):
            joined_max = s + _MAX_JOINED
    else:
        m = run_re.match(text, c + 1, limit)
        assert m is not None  # a possessive star always matches
        end = m.end()
    if s and text[s - 1] == "(":
        end = _closing_paren(text, c + 1, end)
    # The smallest URI: "scheme:" plus one character, or "scheme://" plus one.
    floor = (c - s) + (4 if slashes else 2)
    pieces = [(s, end)]
    hashes = 0
    while end < joined_max and text[end - 1] == "-":
        brk = _LINE_BREAK_RE.match(text, end)
        if brk is None:
            break
        nxt = run_re.match(text, brk.end())
        assert nxt is not None
        if nxt.end() == brk.end():
            break
        if cuts is not None:  # the new paths: only lines that may belong to it
            hashes = (hashes if len(pieces) > 1 else text.count("#", s, end)) + text.count(
                "#", brk.end(), nxt.end()
            )
            if hashes > 1 or not _line_ok(text, brk.end(), nxt.end()):
                break
        pieces.append((brk.end(), nxt.end()))
        end = nxt.end()
    if len(pieces) > 1:
        joined = "".join(text[a:b] for a, b in pieces)
        uri = _trim(joined)
        cut = len(joined) - len(uri)
        last_start, last_end = pieces[-1]
        if cut < last_end - last_start and len(uri) >= floor and valid(uri):
            # the other reading: every hyphen before a line break left out
            alt = "".join(text[p : q - 1] for p, q in pieces[:-1])
            alt += text[last_start : last_end - cut]
            alternatives = (alt,) if alt != uri and valid(alt) else ()
            return uri, last_end - cut, alternatives
        end = pieces[0][1]  # fall back to the first line alone
    uri = _trim(text[s:end])
    for _ in range(4):
        if len(uri) < floor:
            return None
        if valid(uri):
            return uri, s + len(uri), ()
        uri = _trim(uri[: min(syntax.error_at(uri), len(uri) - 1)])
    return None


def _bare_extent(text: str, s: int, c: int, iris: bool) -> int:
    """How much of ``text`` decides the bare reference whose scheme is ``text[s:c]``.

    The reference :func:`extract` finds at ``s`` in ``text[:end]`` is the one it
    finds at ``s`` in ``text`` up to its first whitespace, and ``end`` is found
    in time proportional to ``end - s``: the run of reference characters is read
    in doubling windows and stops at the first place where :func:`_bare` must
    cut it (:meth:`_Cuts.limit`, the ``)`` closing a ``(`` just before the
    reference), at an authority that is no authority (the
    reference ends inside it), or, in an IRI, at a private-use character in the
    fragment. So a caller that asks for the reference at each of many starts in
    one long word (``[http://a](`` repeated) reads each stretch a bounded number
    of times, not the rest of the word each time.

    >>> from urikit import extract
    >>> text = "http://a.example/x](http://b.example/y](" * 10
    >>> end = _bare_extent(text, 0, 4, False)
    >>> text[:end], extract(text[:end])[0].uri == extract(text)[0].uri
    ('http://a.example/x', True)
    """
    syntax = _iri_syntax() if iris else _URI_SYNTAX
    slashes = text.startswith("//", c + 1)
    n = len(text)
    cuts = _Cuts(text, syntax)
    window = 2 * _SHORT_RUN
    authority_checked = not slashes
    while True:
        stop = min(n, c + 1 + window)
        run = syntax.run_re.match(text, c + 1, stop)
        assert run is not None  # a possessive star always matches
        natural = run.end()
        whole = natural < stop or stop == n  # the run ends inside the window
        if whole and natural - s <= _SHORT_RUN:
            return natural  # judged whole, without cuts, as _bare does
        rest = cuts.next("authority", c + 3, natural) if slashes else c + 1
        # Every cut is the first occurrence of something, so one found inside the
        # window is where _bare cuts the whole run too.
        end = cuts.limit(s, rest, natural)
        if s and text[s - 1] == "(":
            end = min(end, _closing_paren(text, c + 1, natural))
        if not authority_checked and rest < natural:
            authority_checked = True
            if rest < end and not syntax.valid(text[s:rest]):
                return rest  # the reference ends inside its authority
        if end < natural or whole:
            break
        window *= 2
    if iris:
        fragment = text.find("#", rest, end)
        if fragment >= 0:
            private = _iri_private_re().search(text, fragment + 1, end)
            if private is not None:
                return private.start()
    return end


def _abbreviated(text: str, s: int, syntax: _Syntax, cuts: _Cuts) -> tuple[str, int] | None:
    """The abbreviated URI (2003 draft Appendix F) at ``text[s:]``: ``(uri, end)``.

    ``www.`` or ``ftp.`` and at least two more labels, an optional port, then
    optionally a path, query and fragment (a run as for a bare URI, trimmed
    alike). The host and port must stand as a word and read as a host name for
    :func:`fixup`; a path, query or fragment that is not valid is cut where it
    goes wrong. ``uri`` is what :func:`fixup` gives for ``text[s:end]``.
    """
    m = syntax.host_re.match(text, s)
    if m is None:
        return None
    end = m.end()
    nxt = text[end : end + 1]
    if nxt and nxt not in "/?#" and nxt in _URI_CHARS and nxt not in _AFTER_HOST:
        return None  # not a host name standing as a word: www.foo_bar, www.a.org@b
    host = text[s:end]
    try:
        uri = fixup(host, iris=syntax.iri)
    except URIError:
        return None
    if not nxt or nxt not in "/?#":
        return uri, end
    stop = cuts.run_end(end)
    if stop - s > _SHORT_RUN:
        stop = cuts.limit(s, end, stop)
    run_end = max(stop, end)  # the run is known to reach it
    if s and text[s - 1] == "(":
        run_end = _closing_paren(text, end, run_end)
    body = _trim(text[s:run_end])
    for _ in range(4):
        if len(body) <= len(host):
            break
        try:
            return fixup(body, iris=syntax.iri), s + len(body)
        except URIError:
            pass
        at = syntax.error_at("x://" + body) - 4
        if at < len(host):  # pragma: no cover - the host alone was read
            break
        body = _trim(body[: min(at, len(body) - 1)])
    return uri, end


def _judge(
    text: str,
    i: int,
    last_end: int,
    wanted: frozenset[str] | None,
    prose: frozenset[str],
    syntax: _Syntax,
    cuts: _Cuts,
) -> Extracted | None:
    """The reference found at the candidate ``text[i]`` of :func:`_candidates_re`
    (``i`` at or after ``last_end``, the end of the last one found), or ``None``."""
    iris = syntax.iri
    ch = text[i]
    if ch == _ABBREVIATED_DOT:
        k = i - 3  # the word before the dot (_ABBREVIATED_WORDS)
        if k < last_end:
            return None
        short = _abbreviated(text, k, syntax, cuts)
        if short is None:
            return None
        uri, end = short
        if wanted is not None and uri[: uri.index(":")] not in wanted:
            return None
        return Extracted(uri, k, end, None, (), abbreviated=True, iri=iris)
    if ch == _SCHEME_COLON:
        k = i
        stop = max(0, i - _MAX_SCHEME)
        while k > stop and text[k - 1] in _SCHEME_CHARS:
            k -= 1
        if k == stop and k > 0 and text[k - 1] in _SCHEME_CHARS:
            return None  # a scheme longer than any written in prose
        while k < i and text[k] not in _LETTERS:
            k += 1
        if k == i or k < last_end:
            return None
        scheme = text[k:i].lower()
        slashes = text.startswith("//", i + 1)
        if wanted is not None and scheme not in wanted:
            return None
        if not slashes and scheme not in prose:
            return None
        found = _bare(text, k, i, slashes, syntax, cuts)
        if found is None:
            return None
        uri, end, alternatives = found
        return Extracted(uri, k, end, None, alternatives, iri=iris)
    angle = ch == _ANGLE_OPEN
    dm = (_ANGLE_RE if angle else _QUOTE_RE).match(text, i)
    if dm is None:
        return None
    got = _delimited(dm.group(1), angle, prose, wanted, syntax)
    if got is None:
        return None
    uri, wrapper, alternatives = got
    return Extracted(uri, i, dm.end(), wrapper, alternatives, iri=iris)
