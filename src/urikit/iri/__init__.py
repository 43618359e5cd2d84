"""Internationalized Resource Identifiers (RFC 3987) and internationalized host names.

An IRI is a URI that may also carry the characters of the UCS (``ucschar``;
private-use characters, ``iprivate``, in the query only). :func:`parse` gives an
:class:`IRIReference`, a :class:`~urikit.URIReference` whose components may hold
those characters; everything else (spans, ``None`` vs ``""``, ``with_*()``,
errors with component, reason and position) is the core's.

>>> from urikit import iri
>>> ref = iri.parse("http://例え.jp/パス?q=値#frag")
>>> ref.host, ref.path, ref.query
('例え.jp', '/パス', 'q=値')
>>> iri.to_uri("http://例え.jp/パス")
'http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9'
>>> iri.to_uri("http://例え.jp/パス", idna=True)
'http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9'
>>> iri.from_uri("http://www.example.org/D%C3%BCrst")
'http://www.example.org/Dürst'
>>> iri.equivalent("http://example.org/ros%C3%A9", "HTTP://example.org/rosé")
True
>>> iri.parse("http://h/a\\u202eb")  # doctest: +ELLIPSIS
Traceback (most recent call last):
urikit.errors.URIError: invalid path: bidirectional formatting character U+202E ... at position 10
"""

from __future__ import annotations

#: This package's layer (tests/test_layers.py reads it).
__layer__ = 5

import re
import unicodedata
from collections.abc import Callable
from typing import Final

from ..core._accel import C_BUILD, accelerate, iri_pct_encode
from ..core._charsets import PCT_ENCODED_PATTERN, PCT_RUN_PATTERN
from ..core._faces import publish
from ..core._parser import Spans, diagnose, split
from ..core._schemeinfo import SchemeRegistry
from ..core.errors import URIError, arg_type_error, check_str, unknown_choice
from ..core.normalization import normalize as _uri_normalize
from ..core.reference import URIReference
from ..core.reference import is_valid as _uri_is_valid
from ..core.reference import parse as _uri_parse
from ..core.resolution import Parts, recompose, relativize_parts, resolve_parts
from ..core.resolution import relativize as _uri_relativize
from ..core.resolution import resolve as _uri_resolve
from ._display import DisplayForm, DisplayWarning, display_warnings
from ._editing import IRI_CODEC
from ._syntax import (
    AUTHORITY_SPAN,
    FRAGMENT_SPAN,
    HOST_SPAN,
    PATH_SPAN,
    QUERY_SPAN,
    RULES,
    SCHEME_SPAN,
    USERINFO_SPAN,
    _reword,
    find_error,
    iri_split,
    is_iprivate,
    is_ucschar,
    uri_rule_of,
)

__all__ = [
    "LEVELS",
    "RULES",
    "DisplayForm",
    "DisplayWarning",
    "IRIReference",
    "equivalent",
    "find_error",
    "for_display",
    "from_uri",
    "is_valid",
    "normalize",
    "parse",
    "relativize",
    "resolve",
    "to_uri",
]

#: The comparison ladder of RFC 3987 section 5.3, cheapest first.
LEVELS: Final = ("string", "syntax", "nfc", "scheme")

_UCS_OR_PRIVATE_RUN_RE: Final = re.compile(r"[^\x00-\x7f]+")
#: A run of percent-encoded octets.
_PCT_RUN_RE: Final = re.compile(PCT_RUN_PATTERN)


def _text(func: str, param: str, value: object) -> str:
    """A str argument (a URIReference counts as its text)."""
    if type(value) is str:
        return value
    if isinstance(value, URIReference):
        return str(value)
    if isinstance(value, str):
        return str(value)
    raise arg_type_error(func, param, "str or URIReference", value)


def _error(text: str, rule: str) -> URIError:
    err = find_error(text, rule)
    if err is None:  # pragma: no cover - the tests hold split and find_error equal
        return URIError("bad-value", "iri", 0, text, detail="rejected")
    return err


def _checked(text: str, rule: str = "IRI-reference") -> Spans:
    sp = iri_split(text, rule)
    if sp is None:
        raise _error(text, rule)
    return sp


def _parts(text: str, sp: Spans) -> Parts:
    def get(g: int) -> str | None:
        a, b = sp[g]
        return text[a:b] if a >= 0 else None

    p0, p1 = sp[PATH_SPAN]
    return (get(SCHEME_SPAN), get(AUTHORITY_SPAN), text[p0:p1], get(QUERY_SPAN), get(FRAGMENT_SPAN))


class IRIReference(URIReference):
    """An RFC 3987 IRI-reference: an IRI or a relative IRI reference.

    The same object as :class:`~urikit.URIReference` (components as written,
    ``None`` vs ``""``, immutable, ``with_*()`` copies), whose components may
    hold ``ucschar`` and, in the query, ``iprivate`` characters.

    >>> ref = IRIReference("http://Bücher.example/straße?x")
    >>> ref.host, ref.path, str(ref.with_path("/weg"))
    ('Bücher.example', '/straße', 'http://Bücher.example/weg?x')
    >>> str(ref.to_uri(idna=True))
    'http://xn--bcher-kva.example/stra%C3%9Fe?x'

    :meth:`build` (decoded values) and :meth:`from_components` (encoded ones)
    are the core's; characters an IRI allows as they are (``ucschar``;
    ``iprivate`` in the query) stay unencoded, and are checked as IRI characters:

    >>> str(IRIReference.build(scheme="http", host="例え.jp", path="/a b/ü", query="q=値"))
    'http://例え.jp/a%20b/ü?q=値'
    >>> str(IRIReference.from_components(scheme="http", host="例え.jp", path="/パス"))
    'http://例え.jp/パス'
    >>> IRIReference.from_components(path="/\\ue000")
    Traceback (most recent call last):
    urikit.errors.URIError: invalid character '\\ue000' in path at position 1
    """

    __slots__ = ()

    # Building and editing (build, from_components, with_*(), joinpath, update_query
    # ...) are the core's methods, returning IRIReference: this codec is what they
    # check and write components with, keeping the IRI characters (iri._editing).
    _codec = IRI_CODEC

    def __init__(self, text: str, rule: str = "IRI-reference") -> None:
        """Parse ``text``; same as :func:`parse`."""
        text = _text("IRIReference", "text", text)
        if type(rule) is not str:
            check_str(rule, "IRIReference", "rule")
        sp = _checked(text, rule)
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_sp", sp)

    def __repr__(self) -> str:
        return f"IRIReference({self._text!r})"

    # -- operations on IRIs (RFC 3987 section 6.5: as on URIs) -----------------------

    def resolve(
        self, reference: str | URIReference, *, strict: bool = True, rules: str = "rfc3986"
    ) -> IRIReference:
        """Resolve ``reference`` against this IRI (RFC 3986 section 5.2 on IRIs).

        >>> str(parse("http://例え.jp/a/b").resolve("../パス"))
        'http://例え.jp/パス'
        """
        reference = _text("IRIReference.resolve", "reference", reference)
        if type(rules) is not str:
            check_str(rules, "IRIReference.resolve", "rules")
        if rules != "rfc3986":
            raise ValueError("IRIs are resolved by RFC 3986 section 5.2 only (rules='rfc3986')")
        return parse(resolve(self._text, reference, strict=strict))

    def relativize(self, target: str | URIReference) -> IRIReference:
        """The shortest IRI reference that resolves against this base to ``target``."""
        return parse(relativize(self._text, _text("IRIReference.relativize", "target", target)))

    def normalize(
        self, level: str = "scheme", *, registry: SchemeRegistry | None = None
    ) -> IRIReference:
        """The normal form at ``level`` of the RFC 3987 section 5.3 ladder
        (``registry``: the scheme facts of level "scheme", as in the core)."""
        if type(level) is not str:
            check_str(level, "IRIReference.normalize", "level")
        return parse(normalize(self._text, level, registry=registry))

    def to_uri(self, *, idna: bool = False) -> URIReference:
        """The URI this IRI maps to (RFC 3987 section 3.1), see :func:`to_uri`."""
        return _uri_parse(to_uri(self._text, idna=idna))


def _ascii_error(text: str, uri_rule: str, located: tuple[str, str, int] | None = None) -> URIError:
    """The error of an ASCII text: the core's, in the IRI rules' words (``located``:
    as for :func:`urikit.core._parser.diagnose`)."""
    return _reword(diagnose(text, uri_rule, located), text)


def _parse(text: str, rule: str) -> IRIReference:
    """:func:`parse` after the fast path: any text, any rule."""
    if type(text) is not str:
        check_str(text, "parse", "text")
        text = str(text)
    if type(rule) is not str:
        check_str(rule, "parse", "rule")
    uri_rule = uri_rule_of(rule)
    if text.isascii():
        # An ASCII IRI is a URI: the core's split (in C when built) gives its spans.
        sp = split(text, uri_rule)
        if sp is None:
            raise _ascii_error(text, uri_rule)
        return IRIReference._new(text, sp)
    return IRIReference._new(text, _checked(text, rule))


def parse(text: str, rule: str = "IRI-reference") -> IRIReference:
    """Parse ``text`` as the RFC 3987 ``rule`` ("IRI-reference" by default).

    ``rule`` is one of "IRI-reference", "IRI", "absolute-IRI", "irelative-ref".
    Raises :class:`~urikit.URIError` naming the component, reason and 0-based
    position of the first offending character.

    >>> parse("http://例え.jp/パス").host
    '例え.jp'
    >>> parse("http://例え.jp/パス#\\ue000")
    Traceback (most recent call last):
    urikit.errors.URIError: invalid character '\\ue000' in fragment at position 16
    """
    if rule == "IRI-reference" and type(text) is str and text.isascii():
        # The fast path: an ASCII IRI-reference is a URI-reference with the same
        # components and the same error (in the IRI rules' words). In the C build
        # this whole branch is the core's parse kernel building an IRIReference
        # (bound at the end of this module).
        sp = split(text)
        if sp is None:
            raise _ascii_error(text, "URI-reference")
        return IRIReference._new(text, sp)
    return _parse(text, rule)


def is_valid(text: str, rule: str = "IRI-reference") -> bool:
    """True when ``text`` matches the RFC 3987 section 2.2 ``rule``.

    >>> is_valid("http://例え.jp/パス"), is_valid("http://h/\\ue000"), is_valid("http://h/?\\ue000")
    (True, False, True)
    >>> is_valid("パス", rule="irelative-ref"), is_valid("パス", rule="IRI")
    (True, False)
    """
    if type(text) is not str or type(rule) is not str:
        check_str(text, "is_valid", "text")
        check_str(rule, "is_valid", "rule")
    uri_rule = uri_rule_of(rule)
    if text.isascii():
        return _uri_is_valid(text, uri_rule)
    return iri_split(text, rule) is not None


# --- resolution ---------------------------------------------------------------------


def _base_parts(base: str) -> Parts:
    sp = _checked(base)
    if sp[SCHEME_SPAN][0] < 0:
        raise URIError("not-absolute", "base", 0, base)
    return _parts(base, sp)


def resolve(base: str, reference: str, *, strict: bool = True) -> str:
    """Resolve the IRI ``reference`` against the absolute IRI ``base`` (RFC 3986 5.2,
    which RFC 3987 section 6.5 applies to IRIs unchanged).

    >>> resolve("http://例え.jp/a/b/c", "../d/é?q")
    'http://例え.jp/a/d/é?q'
    """
    base = _text("resolve", "base", base)
    reference = _text("resolve", "reference", reference)
    if base.isascii() and reference.isascii():
        return _uri_resolve(base, reference, strict=strict)
    ref_parts = _parts(reference, _checked(reference))
    return recompose(resolve_parts(_base_parts(base), ref_parts, strict=strict))


def relativize(base: str, target: str) -> str:
    """The shortest IRI reference ``r`` with ``resolve(base, r) == target``.

    >>> relativize("http://例え.jp/a/b/c", "http://例え.jp/a/d/é")
    '../d/é'
    """
    base = _text("relativize", "base", base)
    target = _text("relativize", "target", target)
    if base.isascii() and target.isascii():
        return _uri_relativize(base, target)
    return relativize_parts(_base_parts(base), _parts(target, _checked(target)), target, _split_iri)


def _split_iri(text: str) -> Parts | None:
    sp = iri_split(text)
    return None if sp is None else _parts(text, sp)


# --- mappings (RFC 3987 section 3) --------------------------------------------------


def _idna_host_to_ascii() -> Callable[[str, int, int], str]:
    """``_idna.host_to_ascii``, imported on first use (``import urikit.iri`` stays light)."""
    global _host_to_ascii
    if _host_to_ascii is None:
        from ._idna import host_to_ascii

        _host_to_ascii = host_to_ascii
    return _host_to_ascii


_host_to_ascii: Callable[[str, int, int], str] | None = None


def _ascii_host(text: str, sp: Spans) -> str:
    """``text`` with the non-ASCII labels of its reg-name host as A-labels (its
    existing A-labels checked)."""
    h0, h1 = sp[HOST_SPAN]
    if h0 >= 0 and not text.startswith("[", h0):
        host = text[h0:h1]
        if not host.isascii() or "%" in host or "xn--" in host.lower():
            return text[:h0] + _idna_host_to_ascii()(text, h0, h1) + text[h1:]
    return text


def _utf8_pct(text: str) -> str:
    octets = text.encode("utf-8")
    return "%" + octets.hex("%").upper() if octets else ""


def _pct_utf8(m: re.Match[str]) -> str:
    return _utf8_pct(m.group())


def to_uri(iri: str, *, idna: bool = False) -> str:
    """Map an IRI reference to a URI reference (RFC 3987 section 3.1).

    Every non-ASCII character (``ucschar`` or ``iprivate``) becomes the
    percent-encoded octets of its UTF-8 form, uppercase hex; everything else,
    existing percent-encodings included, is kept. The mapping is the identity
    on URIs. ``idna=True`` first turns each non-ASCII label of a reg-name host
    into an A-label (IDNA2008 with the UTS #46 mapping, through the ``idna``
    package) and checks the A-labels already there (the "xn--" prefix in any
    case); a label IDNA refuses, or an A-label that is not valid IDNA, raises
    :class:`~urikit.URIError` naming it.
    No character normalization is done (step 1c: the text is already UCS).

    >>> to_uri("http://www.example.org/red%09ros\\u00e9#red")
    'http://www.example.org/red%09ros%C3%A9#red'
    >>> to_uri("http://r\\u00e9sum\\u00e9.example.org", idna=True)
    'http://xn--rsum-bpad.example.org'
    >>> to_uri("http://XN--zz-bad.example.org", idna=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    urikit.errors.URIError: invalid host: the label 'XN--zz-bad' is not ... at position 7
    """
    text = _text("to_uri", "iri", iri)
    sp = _checked(text)
    if idna:
        text = _ascii_host(text, sp)
    if text.isascii():
        return text
    if iri_pct_encode is not None:
        encoded = iri_pct_encode(text)  # the same, in one C pass
        if encoded is not None:
            return encoded
    return _UCS_OR_PRIVATE_RUN_RE.sub(_pct_utf8, text)


#: Categories from_uri leaves encoded although ucschar contains them (RFC 3987
#: section 6.1 b): invisible format characters and the look-alikes of space.
_HIDDEN_CATEGORIES: Final = frozenset({"Cf", "Zs", "Zl", "Zp"})


def _decodable(ch: str, in_query: bool, *, for_display: bool) -> bool:
    if not (is_ucschar(ch) or (in_query and is_iprivate(ch))):
        return False  # ASCII, bidi formatting characters, iprivate outside the query ...
    return not (for_display and unicodedata.category(ch) in _HIDDEN_CATEGORIES)


#: The octets of RFC 3986 ``unreserved``: the only ASCII that step 2 of RFC 3987
#: section 3.2 decodes (never "%", a reserved character, or one URIs do not allow).
_UNRESERVED_OCTETS: Final = frozenset(
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
)


#: The characters ``_decodable(ch, in_query, for_display=display)`` holds for, by
#: ``2 * in_query + display``: memos (bounded: cleared when full), so that a run of
#: such characters is decoded in one step, not octet by octet.
_DECODABLE: Final[tuple[set[str], ...]] = (set(), set(), set(), set())
_DECODABLE_SIZE: Final = 4096


def _decode_component(value: str, in_query: bool, display: bool) -> str:
    """Decode in ``value`` the percent-encoded unreserved characters and the
    percent-encoded UTF-8 of allowed non-ASCII characters."""
    known = _DECODABLE[2 * in_query + display]

    def one_run(m: re.Match[str]) -> str:
        run = m.group()
        data = bytes.fromhex(run.replace("%", ""))
        try:
            whole = data.decode("utf-8")
        except UnicodeDecodeError:
            whole = ""
        if whole and known.issuperset(whole):
            # Valid UTF-8 of characters each decodable (so none ASCII): what the
            # loop below gives, one character at a time.
            return whole
        out: list[str] = []
        i = 0
        n = len(data)
        while i < n:
            b = data[i]
            if b < 0x80:  # unreserved is decoded; "%", reserved and the rest never are
                out.append(chr(b) if b in _UNRESERVED_OCTETS else run[3 * i : 3 * i + 3])
                i += 1
                continue
            size = 2 if 0xC2 <= b <= 0xDF else 3 if 0xE0 <= b <= 0xEF else 4 if b <= 0xF4 else 0
            ch = ""
            if size and i + size <= n:
                try:
                    ch = data[i : i + size].decode("utf-8")
                except UnicodeDecodeError:
                    ch = ""
            if ch and _decodable(ch, in_query, for_display=display):
                out.append(ch)
                i += size
                if len(known) >= _DECODABLE_SIZE:
                    known.clear()
                known.add(ch)
            elif ch:  # valid UTF-8 of a character not to be decoded (section 3.2 step 4)
                out.append("".join(f"%{x:02X}" for x in data[i : i + size]))
                i += size
            else:  # not part of a strictly legal UTF-8 sequence (step 3)
                out.append(f"%{b:02X}")
                i += 1
        return "".join(out)

    return _PCT_RUN_RE.sub(one_run, value)


def _from_uri(text: str, *, idna: bool, display: bool) -> str:
    sp = _checked(text)
    if "%" not in text and not (idna and "xn--" in text.lower()):
        return text
    out: list[str] = []
    pos = 0
    for group in (USERINFO_SPAN, HOST_SPAN, PATH_SPAN, QUERY_SPAN, FRAGMENT_SPAN):
        a, b = sp[group]
        if a < 0:
            continue
        out.append(text[pos:a])
        value = text[a:b]
        if group == HOST_SPAN:
            if not value.startswith("["):
                decoded = _decode_component(value, False, display) if "%" in value else value
                if idna and "xn--" in decoded.lower():
                    from ._idna import host_to_unicode

                    def decode(piece: str) -> str:
                        return _decode_component(piece, False, display)

                    converted = host_to_unicode(text, a, b, decode)
                    if all(
                        _decodable(c, False, for_display=True) for c in converted if ord(c) > 127
                    ):
                        decoded = converted
                value = decoded
        elif "%" in value:
            value = _decode_component(value, group == QUERY_SPAN, display)
        out.append(value)
        pos = b
    out.append(text[pos:])
    return "".join(out)


def from_uri(uri: str, *, idna: bool = False) -> str:
    """Convert a URI reference to an IRI reference (RFC 3987 section 3.2).

    Decoded, in every component that may hold them (userinfo, host name, path,
    query, fragment): percent-encoded ``unreserved`` characters (``%7E`` is
    ``~``, ``%41`` is ``A``; RFC 3986 section 2.3 makes both forms equivalent),
    and percent-encoded octets that form strictly legal UTF-8 of a character an
    IRI may carry there (``ucschar``; ``iprivate`` in the query). Never decoded:
    ``%25``, a reserved character, or other ASCII (anything that would change
    the reference's meaning or that a URI does not allow), the bidi formatting
    characters of section 4.1, invisible format characters and spaces (section
    6.1). Octets left encoded that were decoded by step 2 are written with
    uppercase hex digits, as in the RFC's examples. The scheme, the port and IP
    literals hold no percent-encoding.

    ``idna=True`` also turns valid A-labels of the host (the "xn--" prefix in
    any case) into U-labels, with IDNA's ToUnicode, which never fails (RFC 3490
    section 4.2): an A-label that is not valid IDNA (bad Punycode, or a U-label
    IDNA2008 refuses) is kept exactly as written.

    ``to_uri(from_uri(u))`` is ``u`` up to the case of those hex digits and the
    decoded unreserved characters, so it is ``u`` after syntax normalization.

    >>> from_uri("http://www.example.org/D%FCrst")
    'http://www.example.org/D%FCrst'
    >>> from_uri("http://h/%7Euser/%41%2Fb%25")
    'http://h/~user/A%2Fb%25'
    >>> from_uri("http://xn--99zt52a.example.org/%e2%80%ae")
    'http://xn--99zt52a.example.org/%E2%80%AE'
    >>> from_uri("http://xn--99zt52a.example.org/%e2%80%ae", idna=True)
    'http://納豆.example.org/%E2%80%AE'
    >>> from_uri("http://a.Xn--ls8h/", idna=True)
    'http://a.Xn--ls8h/'
    """
    return _from_uri(_text("from_uri", "uri", uri), idna=idna, display=True)


# --- display ------------------------------------------------------------------------


def for_display(uri: str, *, strict: bool = False) -> DisplayForm:
    """The form of ``uri`` (a URI or IRI reference) to show people, and whether it misleads.

    The text is :func:`urikit.iri.from_uri` with U-labels for valid A-labels
    (an A-label that is not valid is shown as it is, with an "invalid-a-label"
    warning). With
    ``strict=True`` a misleading form raises :class:`~urikit.URIError` (reason
    "bad-value", the first warning's component and position in the display
    text) instead of being returned.

    >>> d = for_display("http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9")
    >>> d.text, d.misleading
    ('http://例え.jp/パス', False)
    >>> d = for_display("http://xn--pypal-4ve.com/")  # a Cyrillic letter among Latin ones
    >>> d.text == "http://p\\u0430ypal.com/", d.misleading, d.safe_text, d.warnings[0].kind
    (True, True, 'http://xn--pypal-4ve.com/', 'mixed-script')
    >>> for_display("http://a/%E2%88%95etc", strict=True)
    Traceback (most recent call last):
    urikit.errors.URIError: invalid path: U+2215 DIVISION SLASH looks like a delimiter at position 9
    """
    source = _text("for_display", "uri", uri)
    # An A-label that is not valid stays as it is, with an "invalid-a-label" warning.
    text = _from_uri(source, idna=True, display=True)
    warnings = tuple(display_warnings(text))
    if warnings and strict:
        w = warnings[0]
        raise URIError("bad-value", w.component, w.position, text, detail=w.detail)
    safe = to_uri(source) if warnings else text
    return DisplayForm(text, source, warnings, safe)


# --- comparison (RFC 3987 section 5.3) ----------------------------------------------

# Percent-encodings first: their hex digits must never meet a combining mark.
_NFC_SPLIT_RE: Final = re.compile(rf"({PCT_ENCODED_PATTERN}|[\x00-\x2c/:;<-@\[-\^`{{-\x7f])")


def _nfc_value(value: str, component: str) -> str:
    """NFC within each run between delimiters; a character NFC turns into ASCII that
    is not unreserved (U+037E GREEK QUESTION MARK is ";") is percent-encoded."""
    if value.isascii():
        return value
    out: list[str] = []
    for k, piece in enumerate(_NFC_SPLIT_RE.split(value)):
        if k % 2 or piece.isascii():
            out.append(piece)
            continue
        for ch in unicodedata.normalize("NFC", piece):
            if ch.isascii() and not (ch.isalnum() or ch in "-._~"):
                out.append(f"%{ord(ch):02X}")
            elif ch.isascii() or is_ucschar(ch) or (component == "query" and is_iprivate(ch)):
                out.append(ch)
            else:
                out.append(_utf8_pct(ch))
    return "".join(out)


def _nfc(text: str) -> str:
    sp = _checked(text)
    out: list[str] = []
    pos = 0
    for group, name in (
        (USERINFO_SPAN, "userinfo"),
        (HOST_SPAN, "host"),
        (PATH_SPAN, "path"),
        (QUERY_SPAN, "query"),
        (FRAGMENT_SPAN, "fragment"),
    ):
        a, b = sp[group]
        if a < 0:
            continue
        out.append(text[pos:a])
        value = text[a:b]
        out.append(value if name == "host" and value.startswith("[") else _nfc_value(value, name))
        pos = b
    out.append(text[pos:])
    return "".join(out)


def _normalize_via_uri(text: str, level: str, registry: SchemeRegistry | None = None) -> str:
    """Syntax-based (and scheme-based) normalization through the URI form."""
    uri = to_uri(text)
    # The C normalize serves calls without registry= (any keyword goes to Python).
    out = (
        _uri_normalize(uri, level)
        if registry is None
        else _uri_normalize(uri, level, registry=registry)
    )
    return _from_uri(out, idna=False, display=False)


def normalize(iri: str, level: str = "scheme", *, registry: SchemeRegistry | None = None) -> str:
    """The normal form of an IRI reference at a ``level`` of the RFC 3987 section 5.3 ladder.

    * ``"string"`` (5.3.1): the text itself (validated) - character for character.
    * ``"syntax"`` (5.3.2.1, 5.3.2.3, 5.3.2.4): lowercase scheme and ASCII host
      letters, uppercase percent-encoding hex digits, decode percent-encoded
      unreserved characters and the percent-encoded UTF-8 of characters the IRI
      allows raw (so ``é`` and ``%C3%A9`` agree), remove dot segments.
    * ``"nfc"``: ``"syntax"`` plus Unicode NFC of the characters (5.3.2.2).
      This is the only level that normalizes characters: RFC 3987 says
      comparison MUST NOT do so implicitly.
    * ``"scheme"`` (5.3.3): ``"syntax"`` plus the scheme-based rules of the
      core (default port, empty http path); no NFC.

    >>> normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", "syntax")
    'example://a/b/c/%7Bfoo%7D/rosé'
    >>> normalize("http://example.org/re\\u0301sume\\u0301.html", "nfc")
    'http://example.org/résumé.html'
    """
    text = _text("normalize", "iri", iri)
    if type(level) is not str:
        check_str(level, "normalize", "level")
    if level not in LEVELS:
        raise unknown_choice("level", level, LEVELS)
    if level == "string":
        _checked(text)
        return text
    if level == "nfc":
        once = _nfc(_normalize_via_uri(text, "syntax"))
        return _normalize_via_uri(once, "syntax")
    return _normalize_via_uri(text, level, registry)


def equivalent(
    a: str,
    b: str,
    level: str = "scheme",
    *,
    via_uri: bool = False,
    idna: bool = False,
    registry: SchemeRegistry | None = None,
) -> bool:
    """True when IRI references ``a`` and ``b`` are equivalent at ``level`` (see :func:`normalize`).

    ``via_uri=True`` compares the URIs they map to (section 3.1), normalized at
    ``level`` by the RFC 3986 ladder (section 5.1 allows either). At level
    ``"string"`` that compares the mapped URIs character for character.
    ``idna=True`` first writes each non-ASCII host label as its A-label, so an
    IDN and its Punycode form compare equal (section 5.3.3); it is never implied.
    As in :func:`to_uri`, a label IDNA refuses (or an A-label that is not
    valid) then raises :class:`~urikit.URIError`.
    ``registry`` gives the scheme facts of level "scheme", as in the core.

    >>> equivalent("http://example.org/~user", "http://example.org/%7euser")
    True
    >>> equivalent("http://a/ros\\u00e9", "http://a/rose\\u0301"), equivalent(
    ...     "http://a/ros\\u00e9", "http://a/rose\\u0301", level="nfc")
    (False, True)
    >>> equivalent("http://a/\\u00e9", "http://a/%C3%A9", level="string", via_uri=True)
    True
    """
    a = _text("equivalent", "a", a)
    b = _text("equivalent", "b", b)
    if type(level) is not str:
        check_str(level, "equivalent", "level")
    if level not in LEVELS:
        raise unknown_choice("level", level, LEVELS)
    if idna:
        a, b = _ascii_host(a, _checked(a)), _ascii_host(b, _checked(b))
    if not via_uri:
        return normalize(a, level, registry=registry) == normalize(b, level, registry=registry)
    return _uri_form(a, level, registry) == _uri_form(b, level, registry)


def _uri_form(text: str, level: str, registry: SchemeRegistry | None) -> str:
    if level == "string":
        return to_uri(text)
    if level == "nfc":
        return _uri_normalize(to_uri(normalize(text, "nfc")), "syntax")
    if registry is None:
        return _uri_normalize(to_uri(text), level)
    return _uri_normalize(to_uri(text), level, registry=registry)


# The C twin of parse (see urikit.core._speedups): the core's parse kernel building
# IRIReference, a URIReference subclass with the same two slots, for ASCII text
# under the default rule; every other call goes to the Python parse above, and
# an invalid ASCII text's error is _ascii_error's, as in Python.
if C_BUILD:
    parse = accelerate("parse", parse, _ascii_error, IRIReference)
    # The C twin of is_valid, for ASCII text under the default rule (the core's
    # is_valid kernel: an ASCII IRI-reference is a URI-reference); True is the
    # marker that sends every other call to the Python is_valid above.
    is_valid = accelerate("is_valid", is_valid, True)

publish(__name__, globals())
