"""``URN``: RFC 8141 URNs, plus the query directives of the rfc2141bis draft.

A URN is a URI (RFC 3986) whose scheme is "urn" and whose path is
``NID ":" NSS`` (RFC 8141 section 2)::

    namestring    = assigned-name [ rq-components ] [ "#" f-component ]
    assigned-name = "urn" ":" NID ":" NSS
    NID           = (alphanum) 0*30(ldh) (alphanum)
    NSS           = pchar *(pchar / "/")
    rq-components = [ "?+" r-component ] [ "?=" q-component ]
    r-component   = pchar *( pchar / "/" / "?" )
    q-component   = pchar *( pchar / "/" / "?" )

A "?" followed by neither "+" nor "=" is not defined by RFC 8141 (it "SHOULD be
treated as a syntax error"). The 2012 rfc2141bis draft (draft-ietf-urnbis-
rfc2141bis-urn-03, section 2.3) instead reads such a query, in a URI reference to
a URN, as ``urn-query = directive *( "&" directive )``, ``directive = keywd "="
value``. :meth:`URN.parse` takes a ``syntax``:

* ``"reference"`` (default): RFC 8141 namestrings, and a query that starts with
  neither "+" nor "=" is read as the draft's urn-query (``URN.query`` and
  ``URN.directives``).
* ``"rfc8141"``: RFC 8141 only; such a query is an error.
* ``"assigned-name"``: ``"urn:" NID ":" NSS`` and nothing after it.

>>> u = URN.parse("URN:ISBN:0-395-36341-1?s=I2L&c=ToC#p1")
>>> u.nid, u.nss, u.directives, u.f_component, u.assigned_name
('ISBN', '0-395-36341-1', (('s', 'I2L'), ('c', 'ToC')), 'p1', 'URN:ISBN:0-395-36341-1')
>>> URN.parse("urn:example:a123,z456?+abc?=xyz").r_component
'abc'
>>> URN.equivalent("URN:foo:a123%2C456", "urn:FOO:a123%2c456")
True
>>> URN.equivalent("URN:foo:a123,456", "urn:FOO:a123%2c456")
False
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
import warnings
from collections.abc import Mapping
from typing import Any, Final, Literal, NoReturn

from ..core._charsets import (
    ALPHA,
    DIGIT,
    HEXDIG,
    PCT_ENCODED_PATTERN,
    PCT_RUN_PATTERN,
    possessive,
)
from ..core._charsets import regex_class as _rc
from ..core._errors import URIError, arg_type_error, check_str, unknown_choice
from ..core._fields import json_fields, names
from ..core._parser import diagnose, split
from ..core._percent import encode_except
from ._namespaces import (
    INFORMAL_NID_RE,
    NID_CHARS,
    NamespaceRegistry,
    NSSError,
    check_nid,
    namespaces,
)
from ._publicid import untranscribe_publicid

__all__ = ["QUERY_KEYWORDS", "RESOLUTION_SERVICES", "URN", "Mode", "Syntax", "urn_to_publicid"]

Syntax = Literal["reference", "rfc8141", "assigned-name"]
Mode = Literal["lexical", "resolution"]
_SYNTAXES: Final = ("reference", "rfc8141", "assigned-name")
_MODES: Final = ("lexical", "resolution")

#: The draft's registered query keywords (section 9.2.1): each may appear once.
QUERY_KEYWORDS: Final[Mapping[str, str]] = {
    "s": "intended URN resolution service",
    "c": "component of structured resource",
}
#: The draft's resolution service designators (section 9.2.2, from RFC 2483 section 4).
RESOLUTION_SERVICES: Final[Mapping[str, str]] = {
    "I2L": "URI to URL",
    "I2Ls": "URI to URLs",
    "I2R": "URI to resource",
    "I2Rs": "URI to resources",
    "I2C": "URI to URC",
    "I2Cs": "URI to URCs",
    "I2N": "URI to URN",
    "I2Ns": "URI to URNs",
    "I=I": "URI equal to URI?",
}

_ALNUM: Final = ALPHA | DIGIT

# RFC 8141 section 2's character classes. RFC 8141 takes ``pchar``, ``fragment``
# (and through them ``unreserved`` and ``sub-delims``) from RFC 3986; they are
# spelt here from that ABNF rather than read from urikit.core._charsets, so that a
# change to the reading of RFC 3986 is not silently one of URNs (tests/urn spells
# them again from RFC 8141 and compares).
_UNRESERVED: Final = _ALNUM | frozenset("-._~")  # RFC 3986 section 2.3
_SUB_DELIMS: Final = frozenset("!$&'()*+,;=")  # RFC 3986 section 2.2
#: ``pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`` (RFC 3986 section 3.3).
PCHAR: Final = _UNRESERVED | _SUB_DELIMS | frozenset(":@")
#: ``NSS = pchar *(pchar / "/")``: the characters after the first.
NSS: Final = PCHAR | frozenset("/")
#: ``r-component = pchar *( pchar / "/" / "?" )`` (a "?" not followed by "=").
R_COMPONENT: Final = PCHAR | frozenset("/?")
#: ``q-component = pchar *( pchar / "/" / "?" )``.
Q_COMPONENT: Final = PCHAR | frozenset("/?")
#: ``f-component = fragment``, RFC 3986 section 3.5's ``*( pchar / "/" / "?" )``.
F_COMPONENT: Final = PCHAR | frozenset("/?")
#: The 2012 draft's section 2.3: ``v-pchar = unreserved / pct-encoded / v-subdels``,
#: ``v-subdels`` being sub-delims but "&", plus ":" "@" "/" "?".
V_PCHAR: Final = _UNRESERVED | (_SUB_DELIMS - frozenset("&")) | frozenset(":@/?")


def _run(chars: frozenset[str], extra: str = "") -> re.Pattern[str]:
    return re.compile(possessive(f"(?:[{_rc(chars)}]++|{PCT_ENCODED_PATTERN}{extra})", "*"))


_NSS_RUN: Final = _run(NSS)
# An r-component runs until "?=" (start of a q-component), "#" or the end.
_R_RUN: Final = _run(R_COMPONENT - frozenset("?"), r"|\?(?!=)")
_Q_RUN: Final = _run(Q_COMPONENT)
_F_RUN: Final = _run(F_COMPONENT)
_V_RUN: Final = _run(V_PCHAR)
_PCT_RE: Final = re.compile(PCT_ENCODED_PATTERN)
_PCT_RUN_RE: Final = re.compile(PCT_RUN_PATTERN)

# Span indexes.
_NID, _NSS, _R, _Q, _QUERY, _F = range(6)
_Spans = tuple[tuple[int, int], ...]
_NONE: Final = (-1, -1)


def _encode(text: str, safe: frozenset[str]) -> str:
    """``text`` with every character but ``safe`` percent-encoded as UTF-8 (an NSS's)."""
    return encode_except(text, safe, component="nss")


def _upper_pct(text: str) -> str:
    """Uppercase the hex digits of every percent-encoding (RFC 3986 section 6.2.2.1)."""
    if "%" not in text:
        return text
    return _PCT_RE.sub(lambda m: m.group(0).upper(), text)


def _bad_char(text: str, pos: int, component: str) -> URIError:
    """The error for the character at ``pos`` that a run stopped at."""
    if pos < len(text) and text[pos] == "%":
        bad = pos + 1
        if bad < len(text) and text[bad] in HEXDIG:
            bad += 1
        return URIError("bad-percent", component, bad, text)
    return URIError("invalid-char", component, pos, text)


def _run_end(text: str, pattern: re.Pattern[str], start: int, end: int) -> int:
    m = pattern.match(text, start, end)
    assert m is not None  # a starred rule always matches
    return m.end()


def _parse_directives(text: str, start: int, end: int) -> tuple[tuple[str, str], ...]:
    """The draft's ``urn-query`` over text[start:end] (draft section 2.3 ABNF)."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    i = start
    while True:
        # keywd = ALPHA *( ["-"] (ALPHA / DIGIT) )
        if i >= end or text[i] not in ALPHA:
            raise URIError("invalid-char", "urn-query", i, text)
        j = i + 1
        while j < end:
            if text[j] in _ALNUM:
                j += 1
            elif text[j] == "-" and j + 1 < end and text[j + 1] in _ALNUM:
                j += 2
            else:
                break
        if j >= end or text[j] != "=":
            raise URIError("invalid-char", "urn-query", j, text)
        keyword = text[i:j]
        if keyword in QUERY_KEYWORDS:
            if keyword in seen:
                raise URIError("repeated-keyword", "urn-query", i, text, detail=repr(keyword))
            seen.add(keyword)
        k = _run_end(text, _V_RUN, j + 1, end)
        out.append((keyword, text[j + 1 : k]))
        if k == end:
            return tuple(out)
        if text[k] != "&":
            raise _bad_char(text, k, "urn-query")
        i = k + 1


def _scan(text: str, syntax: str) -> tuple[_Spans, tuple[tuple[str, str], ...]]:
    """Read ``text`` as a URN left to right; raise at the first offending character."""
    n = len(text)
    if text[:4].lower() != "urn:":
        raise URIError("not-urn", "scheme", 0, text)
    nid_start = 4
    nid_end = nid_start
    while nid_end < n and text[nid_end] in NID_CHARS:
        nid_end += 1
    if nid_end < n and text[nid_end] != ":":
        raise URIError("invalid-char", "nid", nid_end, text)
    check_nid(text, nid_start, nid_end)
    if nid_end >= n:
        raise URIError("missing-separator", "nid", n, text, detail="':' and an NSS")
    # NSS = pchar *( pchar / "/" )
    nss_start = nid_end + 1
    nss_end = _run_end(text, _NSS_RUN, nss_start, n)
    if nss_end < n and text[nss_end] not in "?#":
        raise _bad_char(text, nss_end, "nss")
    if nss_end == nss_start:
        raise URIError("empty-component", "nss", nss_start, text)
    if text[nss_start] == "/":
        raise URIError("invalid-char", "nss", nss_start, text)
    nul = text.find("%00", nss_start, nss_end)
    if nul >= 0:
        raise URIError("nul-not-allowed", "nss", nul, text)
    spans = [(nid_start, nid_end), (nss_start, nss_end), _NONE, _NONE, _NONE, _NONE]
    directives: tuple[tuple[str, str], ...] = ()
    i = nss_end
    if i < n and text[i] == "?" and syntax == "assigned-name":
        # The fault is in the component the "?" starts, not in the NSS before it.
        component = {"?+": "r-component", "?=": "q-component"}.get(text[i : i + 2], "query")
        raise URIError(
            "bad-urn", component, i, text, detail="an assigned-name has no r-, q-component or query"
        )
    if text.startswith("?+", i):
        i = _component(text, i + 2, _R_RUN, "r-component", spans, _R)
    if text.startswith("?=", i):
        i = _component(text, i + 2, _Q_RUN, "q-component", spans, _Q)
    elif i < n and text[i] == "?":
        if i != nss_end or syntax != "reference":
            raise URIError(
                "bad-urn",
                "query",
                i,
                text,
                detail="'?' must be followed by '+' (r-component) or '=' (q-component)"
                " (RFC 8141 section 2)",
            )
        hash_at = text.find("#", i + 1)
        q_end = n if hash_at < 0 else hash_at
        directives = _parse_directives(text, i + 1, q_end)
        spans[_QUERY] = (i + 1, q_end)
        i = q_end
    if i < n:
        if text[i] != "#":  # pragma: no cover - the component runs stop only at '#'
            raise _bad_char(text, i, "nss")
        if syntax == "assigned-name":
            raise URIError(
                "bad-urn", "f-component", i, text, detail="an assigned-name has no f-component"
            )
        f_end = _run_end(text, _F_RUN, i + 1, n)
        if f_end < n:
            raise _bad_char(text, f_end, "f-component")
        spans[_F] = (i + 1, n)
    return tuple(spans), directives


def _component(
    text: str,
    start: int,
    pattern: re.Pattern[str],
    name: str,
    spans: list[tuple[int, int]],
    index: int,
) -> int:
    """Read an r- or q-component from ``start``; returns where it ends."""
    n = len(text)
    end = _run_end(text, pattern, start, n)
    if end < n and text[end] != "#" and not (index == _R and text.startswith("?=", end)):
        raise _bad_char(text, end, name)
    if end == start:
        raise URIError("empty-component", name, start, text)
    if text[start] in "/?":
        raise URIError("invalid-char", name, start, text)
    spans[index] = (start, end)
    return end


_GENERIC_TO_URN: Final = {"query": "query", "fragment": "f-component"}


def _parse(text: str, syntax: str, func: str = "URN") -> tuple[_Spans, tuple[tuple[str, str], ...]]:
    if type(text) is not str or type(syntax) is not str:
        check_str(text, func, "text")
        check_str(syntax, func, "syntax")
    if syntax not in _SYNTAXES:
        raise unknown_choice("syntax", syntax, _SYNTAXES)
    if split(text, "URI") is not None:
        return _scan(text, syntax)
    # Not even an RFC 3986 URI: report the first error of either reading.
    generic = diagnose(text, "URI")
    try:
        _scan(text, syntax)
    except URIError as err:
        if err.position <= generic.position:
            raise
    component = _GENERIC_TO_URN.get(generic.component, generic.component)
    raise URIError(generic.reason, component, generic.position, text, detail=generic.detail)


def _display_run(run: str) -> str:
    """Decode the non-ASCII UTF-8 characters of a run of %XX triplets for display."""
    raw = bytes.fromhex(run.replace("%", ""))
    out: list[str] = []
    i = 0
    while i < len(raw):
        lead = raw[i]
        size = (
            2
            if 0xC2 <= lead <= 0xDF
            else 3
            if 0xE0 <= lead <= 0xEF
            else 4
            if (0xF0 <= lead <= 0xF4)
            else 0
        )
        if size:
            try:
                ch = raw[i : i + size].decode("utf-8")
            except UnicodeDecodeError:
                ch = ""
            if len(ch) == 1 and unicodedata.category(ch)[0] not in "CZ":
                out.append(ch)
                i += size
                continue
        out.append(run[3 * i : 3 * i + 3])
        i += 1
    return "".join(out)


class URN:
    """An RFC 8141 URN (optionally with the rfc2141bis draft's query directives).

    Immutable and hashable; ``str(urn)`` is the text as given, and two URNs are
    ``==`` when their texts are identical (use :meth:`equivalent` for URN
    equivalence). Components are as written (percent-encoded), ``None`` when
    absent.

    >>> u = URN.parse("urn:example:weather?=op=map&lat=39.56#x")
    >>> u.q_component, u.r_component, u.query, u.f_component
    ('op=map&lat=39.56', None, None, 'x')
    >>> URN.parse("urn:ab:c", namespace_rules=True).namespace_kind
    'formal'
    """

    __slots__ = ("_directives", "_spans", "_text")

    _text: str
    _spans: _Spans
    _directives: tuple[tuple[str, str], ...]

    def __init__(
        self,
        text: str,
        *,
        syntax: Syntax = "reference",
        namespace_rules: bool = False,
        registry: NamespaceRegistry | None = None,
    ) -> None:
        """Parse ``text``; same as :meth:`parse`."""
        sp, directives = _parse(text, syntax)
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_spans", sp)
        object.__setattr__(self, "_directives", directives)
        if namespace_rules:
            self._check_namespace(registry)

    @classmethod
    def parse(
        cls,
        text: str,
        *,
        syntax: Syntax = "reference",
        namespace_rules: bool = False,
        registry: NamespaceRegistry | None = None,
    ) -> URN:
        """Parse and validate a URN; raises :class:`~urikit.URIError`.

        ``syntax`` is ``"reference"`` (default: RFC 8141, plus the draft's
        urn-query for a "?" followed by neither "+" nor "="), ``"rfc8141"``
        (RFC 8141 only) or ``"assigned-name"`` (no components after the NSS).
        With ``namespace_rules=True`` the handler registered for the NID in
        ``registry`` (default :data:`urikit.urn.namespaces`) must accept the NSS.

        >>> URN.parse("urn:isbn:0-395-36341-2", namespace_rules=True)
        Traceback (most recent call last):
        urikit.errors.URIError: invalid nss at position 21: ISBN-10 check digit is '2' but should be '1'
        >>> URN.parse("urn:a_b:c")
        Traceback (most recent call last):
        urikit.errors.URIError: invalid character '_' in nid at position 5
        >>> URN.parse("urn:foo:bar?x=y", syntax="rfc8141")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        urikit.errors.URIError: invalid query at position 11: '?' must be followed by '+' ...
        """  # noqa: E501
        if type(text) is not str or type(syntax) is not str:
            check_str(text, "URN.parse", "text")
            check_str(syntax, "URN.parse", "syntax")
        return cls(text, syntax=syntax, namespace_rules=namespace_rules, registry=registry)

    @classmethod
    def build(cls, nid: str, nss_text: str, *, allow_slash: bool = False) -> URN:
        """Build ``urn:<nid>:<NSS>`` from an NID and an identifier in its native form
        (decoded, as :meth:`urikit.URIReference.build` takes its values).

        Every character outside the NSS repertoire (``pchar``; and "%" itself) is
        percent-encoded as UTF-8 octets, uppercase hex (draft sections 2.2,
        2.5.3). "/" is encoded too, as the draft requires, unless
        ``allow_slash`` keeps it (RFC 8141 section 2.2 allows it after the first
        character). NUL is refused.

        >>> str(URN.build("example", "a b/c?d%é"))
        'urn:example:a%20b%2Fc%3Fd%25%C3%A9'
        >>> str(URN.build("example", "1/406/47452/2", allow_slash=True))
        'urn:example:1/406/47452/2'
        """
        check_str(nid, "URN.build", "nid")
        check_str(nss_text, "URN.build", "nss_text")
        check_nid(nid, 0, len(nid))
        if not nss_text:
            raise URIError("empty-component", "nss", 0, nss_text)
        nul = nss_text.find("\0")
        if nul >= 0:
            raise URIError("nul-not-allowed", "nss", nul, nss_text)
        if allow_slash:
            nss = _encode(nss_text[0], PCHAR) + _encode(nss_text[1:], NSS)
        else:
            nss = _encode(nss_text, PCHAR)
        return cls("urn:" + nid + ":" + nss, syntax="assigned-name")

    @classmethod
    def from_parts(cls, nid: str, nss_text: str, *, allow_slash: bool = False) -> URN:
        """Deprecated name of :meth:`build` (kept for one release)."""
        warnings.warn(
            "URN.from_parts() is deprecated; use URN.build()", DeprecationWarning, stacklevel=2
        )
        return cls.build(nid, nss_text, allow_slash=allow_slash)

    def _check_namespace(self, registry: NamespaceRegistry | None) -> None:
        reg = namespaces if registry is None else registry
        start = self._spans[_NSS][0]
        try:
            reg.check(self.nid, self.nss)
        except NSSError as err:
            raise URIError(
                "namespace-rule", "nss", start + err.offset, self._text, detail=str(err)
            ) from None

    # -- plumbing -----------------------------------------------------------------

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"URN({self._text!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, URN):
            return self._text == other._text
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("URN", self._text))

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (URN, (self._text,))

    def _get(self, index: int) -> str | None:
        start, end = self._spans[index]
        return None if start < 0 else self._text[start:end]

    # -- components -----------------------------------------------------------------

    @property
    def scheme(self) -> str:
        """The scheme as written ("urn", "URN", ...)."""
        return self._text[:3]

    @property
    def nid(self) -> str:
        """The namespace identifier as written."""
        start, end = self._spans[_NID]
        return self._text[start:end]

    @property
    def nss(self) -> str:
        """The namespace specific string as written (percent-encoded)."""
        start, end = self._spans[_NSS]
        return self._text[start:end]

    @property
    def assigned_name(self) -> str:
        """``"urn:" NID ":" NSS`` as written, without any component after it."""
        return self._text[: self._spans[_NSS][1]]

    @property
    def r_component(self) -> str | None:
        """The r-component (after "?+"), or None."""
        return self._get(_R)

    @property
    def q_component(self) -> str | None:
        """The q-component (after "?="), or None."""
        return self._get(_Q)

    @property
    def query(self) -> str | None:
        """The draft's urn-query (after a "?" followed by neither "+" nor "="), or None."""
        return self._get(_QUERY)

    @property
    def f_component(self) -> str | None:
        """The f-component (after "#"), or None."""
        return self._get(_F)

    @property
    def directives(self) -> tuple[tuple[str, str], ...]:
        """The draft's query directives, ``(keyword, value)`` in order (values as written).

        >>> URN.parse("urn:isbn:0395363411?s=I2L&c=ToC").directives
        (('s', 'I2L'), ('c', 'ToC'))
        """
        return self._directives

    def directive(self, keyword: str) -> str | None:
        """The value of the first directive with ``keyword`` (case-sensitive), or None.

        >>> URN.parse("urn:isbn:0395363411?s=I2L").directive("s")
        'I2L'
        """
        check_str(keyword, "URN.directive", "keyword")
        for key, value in self._directives:
            if key == keyword:
                return value
        return None

    @property
    def namespace_kind(self) -> str:
        """ "informal" (``urn-<number>``, RFC 8141 section 5.2), "experimental" (the
        legacy ``X-`` NIDs of RFC 2141 / RFC 3406 section 3.1) or "formal".

        >>> [URN.parse(f"urn:{n}:x").namespace_kind for n in ("urn-7", "X-foo", "isbn")]
        ['informal', 'experimental', 'formal']
        """
        nid = self.nid
        if INFORMAL_NID_RE.match(nid) is not None:
            return "informal"
        if nid[:2].lower() == "x-":
            return "experimental"
        return "formal"

    # -- equivalence --------------------------------------------------------------

    def equivalence_key(
        self,
        mode: Mode = "lexical",
        *,
        namespace_rules: bool = False,
        registry: NamespaceRegistry | None = None,
    ) -> str:
        """A string equal for exactly the URNs equivalent to this one.

        ``mode="lexical"`` (RFC 8141 section 3.1; the draft's steps 1-4 and 5a):
        "urn" and the NID lowercased, percent-encoding hex digits uppercased
        (never decoded), r-, q- and f-components and the query dropped.
        ``mode="resolution"`` (the draft's step 5b): as lexical, but the query is
        kept with its directives sorted by keyword (stably), as are the r- and
        q-components; the f-component is still dropped.

        With ``namespace_rules=True`` the NSS is replaced by the namespace-specific
        normal form of the handler in ``registry`` (default
        :data:`urikit.urn.namespaces`), if there is one and it accepts the NSS.

        >>> URN.parse("URN:ISBN:0-395-36341-1?s=I2L#x").equivalence_key()
        'urn:isbn:0-395-36341-1'
        >>> URN.parse("urn:xy:z?s=I2L&c=ToC").equivalence_key("resolution")
        'urn:xy:z?c=ToC&s=I2L'
        >>> URN.parse("URN:ISBN:0-395-36341-1").equivalence_key(namespace_rules=True)
        'urn:isbn:9780395363416'
        """
        check_str(mode, "URN.equivalence_key", "mode")
        if mode not in _MODES:
            raise unknown_choice("mode", mode, _MODES)
        nid = self.nid.lower()
        nss = _upper_pct(self.nss)
        if namespace_rules:
            reg = namespaces if registry is None else registry
            with contextlib.suppress(NSSError):
                nss = reg.normalize(nid, nss)
        key = "urn:" + nid + ":" + nss
        if mode == "resolution":
            r, q = self.r_component, self.q_component
            if r is not None:
                key += "?+" + _upper_pct(r)
            if q is not None:
                key += "?=" + _upper_pct(q)
            if self._directives:
                ordered = sorted(self._directives, key=lambda kv: kv[0])
                key += "?" + "&".join(k + "=" + _upper_pct(v) for k, v in ordered)
        return key

    @staticmethod
    def equivalent(
        a: URN | str,
        b: URN | str,
        *,
        mode: Mode = "lexical",
        namespace_rules: bool = False,
        registry: NamespaceRegistry | None = None,
    ) -> bool:
        """Are ``a`` and ``b`` equivalent URNs? (see :meth:`equivalence_key`)

        Strings are parsed with :meth:`parse` (and may raise ``URIError``).

        >>> URN.equivalent("urn:foo:a123,456", "urn:foo:a123,456?x=y")
        True
        >>> URN.equivalent("urn:foo:a123,456", "urn:foo:a123,456?x=y", mode="resolution")
        False
        >>> URN.equivalent("urn:isbn:0395363411", "urn:ISBN:978-0-395-36341-6")
        False
        >>> URN.equivalent("urn:isbn:0395363411", "urn:ISBN:978-0-395-36341-6",
        ...                namespace_rules=True)
        True
        """
        func = "URN.equivalent"
        for name, value in (("a", a), ("b", b)):
            if not isinstance(value, (URN, str)):
                raise arg_type_error(func, name, "URN or str", value)
        check_str(mode, func, "mode")
        ua = a if isinstance(a, URN) else URN(a)
        ub = b if isinstance(b, URN) else URN(b)
        kw: dict[str, Any] = {"namespace_rules": namespace_rules, "registry": registry}
        return ua.equivalence_key(mode, **kw) == ub.equivalence_key(mode, **kw)

    def normalize(
        self, *, namespace_rules: bool = False, registry: NamespaceRegistry | None = None
    ) -> URN:
        """This URN with "urn" and the NID lowercased and percent-encodings
        uppercased (and, with ``namespace_rules``, the NSS in its namespace's
        normal form); the components after the NSS are kept.

        >>> str(URN.parse("URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6#x")
        ...     .normalize(namespace_rules=True))
        'urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6#x'
        """
        key = self.equivalence_key(namespace_rules=namespace_rules, registry=registry)
        rest = self._text[self._spans[_NSS][1] :]
        return URN(key + _upper_pct(rest))

    def normalized(
        self, *, namespace_rules: bool = False, registry: NamespaceRegistry | None = None
    ) -> URN:
        """Deprecated name of :meth:`normalize` (kept for one release)."""
        warnings.warn(
            "URN.normalized() is deprecated; use URN.normalize()", DeprecationWarning, stacklevel=2
        )
        return self.normalize(namespace_rules=namespace_rules, registry=registry)

    # -- presentation -------------------------------------------------------------

    def display(self) -> str:
        """A human-friendly form (draft section 4; RFC 8141 section 4.4).

        Percent-encoded non-ASCII UTF-8 characters are shown as the characters;
        every percent-encoded ASCII octet (reserved characters, "%", controls)
        stays encoded, as do invalid UTF-8, control, format, separator and space
        characters. A URN has no literal non-ASCII character, so the display form
        is unambiguous: encoding its non-ASCII characters as UTF-8 gives back a
        URN equivalent to this one.

        >>> URN.parse("urn:example:caf%C3%A9%2Fbar%E2%80%8B%c3%a9").display()
        'urn:example:café%2Fbar%E2%80%8Bé'
        """
        return _PCT_RUN_RE.sub(lambda m: _display_run(m.group(0)), self._text)

    def to_dict(self) -> dict[str, Any]:
        """The URN as a JSON-ready dict (components, directives, kind, key)."""
        return {"urn": self._text, **json_fields(self, _DICT_FIELDS, _DICT_ROWS)}


#: The fields of :meth:`URN.to_dict` after ``urn`` (a method's is called), in order.
_DICT_FIELDS: Final = names(
    "scheme nid nss assigned_name r_component q_component query directives f_component"
    " namespace_kind equivalence_key"
)
#: The fields of :data:`_DICT_FIELDS` written as lists of lists.
_DICT_ROWS: Final = frozenset({"directives"})

#: RFC 3151: the start of a publicid URN (scheme and NID match case-insensitively).
_PUBLICID_URN_RE: Final = re.compile(r"(?i:urn):(?i:publicid):")


def urn_to_publicid(urn: object) -> str:
    """The public identifier a ``urn:publicid:`` URN transcribes (RFC 3151).

    ``urn`` is a :class:`~urikit.URN` or its text.

    Scheme and NID are matched case-insensitively; r-, q- and f-components
    are not part of the identifier and are refused.

    >>> urn_to_publicid("URN:publicid:%2B:IDN+example.org:DTD+XML+Bookmarks+1.0:EN:XML")
    '+//IDN example.org//DTD XML Bookmarks 1.0//EN//XML'
    """
    if not isinstance(urn, str | URN):
        raise arg_type_error("urn_to_publicid", "urn", "URN or str", urn)
    text = str(urn)
    m = _PUBLICID_URN_RE.match(text)
    if m is None:
        raise URIError("bad-urn", "nid", 0, text, detail="expected a URN starting 'urn:publicid:'")
    start = m.end()
    for k in range(start, len(text)):
        if text[k] in "?#":
            raise URIError(
                "bad-urn",
                "nss",
                k,
                text,
                detail="a public identifier URN has no r-, q-, f-component or query",
            )
    return untranscribe_publicid(text, start, len(text))
