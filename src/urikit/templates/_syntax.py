"""RFC 6570 section 2: a template read into literals and expressions.

The grammar (section 2):

* ``literals`` are any character but CTL, SP, DQUOTE, ``'``, ``%`` (unless it
  starts a pct-encoded triplet), ``<``, ``>``, ``\\``, ``^``, `````, ``{``,
  ``|`` and ``}``; beyond ASCII, ``ucschar`` and ``iprivate`` (RFC 3987's).
* ``expression = "{" [ operator ] variable-list "}"``, the operators ``+ #``
  (level 2) and ``. / ; ? &`` (level 3); ``= , ! @ |`` are reserved for future
  extensions and refused.
* ``varspec = varname [ ":" max-length / "*" ]``, ``varname = varchar *( ["."]
  varchar )``, ``varchar = ALPHA / DIGIT / "_" / pct-encoded``, ``max-length``
  1 to 9999 without a leading zero.

The percent-encoding sets of Appendix A come from the core's character classes
(:mod:`urikit.core._charsets`): ``U`` is ``unreserved``, ``U+R`` adds
``reserved`` and keeps a pct-encoded triplet as it is.

>>> parts = parse("/users/{id}{?page,per_page}")
>>> [p if isinstance(p, str) else p.operator.char + ",".join(v.name for v in p.varspecs)
...  for p in parts]
['/users/', 'id', '?page,per_page']
>>> parse("{var")
Traceback (most recent call last):
urikit.errors.URIError: invalid template at position 4: missing '}' to close the expression opened at 0
"""  # noqa: E501

from __future__ import annotations

import re
from typing import NamedTuple

from ..core import _charsets as cs
from ..core._errors import URIError
from ..iri._syntax import IPRIVATE_RANGES, UCSCHAR_RANGES

__all__ = [
    "OPERATORS",
    "RESERVED_OPERATORS",
    "Expression",
    "Operator",
    "Part",
    "VarSpec",
    "encode_literal",
    "encode_reserved",
    "encode_unreserved",
    "parse",
    "reserved_other",
    "template_error",
    "unreserved_other",
]

COMPONENT = "template"


def template_error(position: int, text: str, detail: str) -> URIError:
    """The error of a malformed template: ``reason`` ``bad-template``, the
    ``component`` ``template``, ``position`` 0-based in ``text``."""
    return URIError("bad-template", COMPONENT, position, text, detail=detail)


class Operator(NamedTuple):
    """One column of RFC 6570 Appendix A's table."""

    char: str  #: the operator as written ("" for simple string expansion)
    first: str  #: put before the expansion when any variable is defined
    sep: str  #: between the values of the variables
    named: bool  #: ``name=value`` pairs
    ifemp: str  #: after the name of an empty value
    reserved: bool  #: U+R (reserved characters and triplets kept) rather than U


#: Appendix A, by operator character ("" for none).
OPERATORS: dict[str, Operator] = {
    "": Operator("", "", ",", False, "", False),
    "+": Operator("+", "", ",", False, "", True),
    "#": Operator("#", "#", ",", False, "", True),
    ".": Operator(".", ".", ".", False, "", False),
    "/": Operator("/", "/", "/", False, "", False),
    ";": Operator(";", ";", ";", True, "", False),
    "?": Operator("?", "?", "&", True, "=", False),
    "&": Operator("&", "&", "&", True, "=", False),
}

#: Section 2.2's ``op-reserve``: kept for future extensions, refused.
RESERVED_OPERATORS = frozenset("=,!@|")


class VarSpec(NamedTuple):
    """``varname [ ":" max-length / "*" ]`` and where it starts in the template."""

    name: str
    prefix: int | None
    explode: bool
    position: int

    def text(self) -> str:
        """The varspec as written."""
        if self.explode:
            return f"{self.name}*"
        if self.prefix is not None:
            return f"{self.name}:{self.prefix}"
        return self.name


class Expression(NamedTuple):
    """``{operator variable-list}``: ``start`` and ``end`` index the braces
    (``template[start:end]`` is the expression as written)."""

    operator: Operator
    varspecs: tuple[VarSpec, ...]
    start: int
    end: int

    def text(self) -> str:
        """The expression as written (normalised: no difference but spelling)."""
        return "{" + self.operator.char + ",".join(v.text() for v in self.varspecs) + "}"


#: A parsed template: literal text (as written) and expressions, in order.
Part = str | Expression


def _table(safe: frozenset[str]) -> dict[int, str]:
    """A ``str.translate`` table that percent-encodes every code point below
    256 but those of ``safe``; applied to UTF-8 bytes read as Latin-1."""
    return {b: f"%{b:02X}" for b in range(256) if chr(b) not in safe}


_U = frozenset(cs.UNRESERVED)
_UR = frozenset(cs.UNRESERVED | cs.RESERVED)
_U_TABLE = _table(_U)
_UR_TABLE = _table(_UR)
_HEX = frozenset(cs.HEXDIG)
# A value with nothing to encode is the common case: one regex search says so.
_U_OTHER = re.compile(f"[^{cs.regex_class(_U)}]").search
_UR_OTHER = re.compile(f"[^{cs.regex_class(_UR)}]").search
#: The first character ``U`` would encode (a match), or ``None``.
unreserved_other = _U_OTHER
#: The first character ``U+R`` would encode (``%`` among them: a triplet is
#: checked by :func:`encode_reserved`), or ``None``.
reserved_other = _UR_OTHER


def _bytes_of(value: str, position: int, text: str) -> str:
    try:
        return value.encode("utf-8").decode("latin-1")
    except UnicodeEncodeError as exc:
        bad = value[exc.start]
        raise template_error(
            position, text, f"the value {value!r} holds {bad!r}, which UTF-8 cannot encode"
        ) from None


def encode_unreserved(value: str, position: int = 0, text: str = "") -> str:
    """``value`` percent-encoded but for ``unreserved`` (Appendix A's ``U``).

    >>> encode_unreserved("Hello World!"), encode_unreserved("50%"), encode_unreserved("ü")
    ('Hello%20World%21', '50%25', '%C3%BC')
    """
    if _U_OTHER(value) is None:
        return value
    if value.isascii():
        return value.translate(_U_TABLE)
    return _bytes_of(value, position, text).translate(_U_TABLE)


def encode_reserved(value: str, position: int = 0, text: str = "") -> str:
    """``value`` percent-encoded but for ``unreserved``, ``reserved`` and
    pct-encoded triplets (Appendix A's ``U+R``).

    >>> encode_reserved("Hello World!"), encode_reserved("%2F%zz/a b")
    ('Hello%20World!', '%2F%25zz/a%20b')
    """
    if _UR_OTHER(value) is None:
        return value
    if not value.isascii():
        value = _bytes_of(value, position, text)
    if "%" not in value:
        return value.translate(_UR_TABLE)
    pieces = value.split("%")
    out = [pieces[0].translate(_UR_TABLE)]
    for piece in pieces[1:]:
        if len(piece) >= 2 and piece[0] in _HEX and piece[1] in _HEX:
            out.append("%" + piece[:2] + piece[2:].translate(_UR_TABLE))
        else:
            out.append("%25" + piece.translate(_UR_TABLE))
    return "".join(out)


def encode_literal(literal: str) -> str:
    """A literal as section 3.1 expands it: ``unreserved``, ``reserved`` and
    triplets as they are, anything else percent-encoded as UTF-8.

    >>> encode_literal("/caf\\u00e9/%7E")
    '/caf%C3%A9/%7E'
    """
    return encode_reserved(literal)


# Section 2.1: the ASCII characters a literal may not hold.
_NOT_LITERAL = frozenset(map(chr, range(0x21))) | frozenset("\x7f\"'%<>\\^`{|}")
_LITERAL_ASCII = frozenset(map(chr, range(0x80))) - _NOT_LITERAL
_BEYOND_ASCII = (*UCSCHAR_RANGES, *IPRIVATE_RANGES)
_VARCHAR = frozenset(cs.ALPHA | cs.DIGIT | frozenset("_"))
_DIGITS = frozenset(cs.DIGIT)


def _literal_allowed(ch: str) -> bool:
    if ch in _LITERAL_ASCII:
        return True
    code = ord(ch)
    return code >= 0x80 and any(lo <= code <= hi for lo, hi in _BEYOND_ASCII)


def _check_literal(text: str, start: int, end: int) -> None:
    i = start
    while i < end:
        ch = text[i]
        if ch == "%":
            if i + 2 < end and text[i + 1] in _HEX and text[i + 2] in _HEX:
                i += 3
                continue
            raise template_error(i, text, "'%' must start a percent-encoded triplet")
        if not _literal_allowed(ch):
            if ch == "}":
                raise template_error(i, text, "'}' without an opening '{'")
            raise template_error(i, text, f"{ch!r} is not allowed in a literal")
        i += 1


def _varname_end(text: str, i: int, end: int) -> int:
    """The end of the varname starting at ``i`` (``i`` itself when there is none)."""
    start = i
    while i < end:
        ch = text[i]
        if ch in _VARCHAR:
            i += 1
        elif ch == "%":
            if i + 2 < end and text[i + 1] in _HEX and text[i + 2] in _HEX:
                i += 3
            else:
                raise template_error(i, text, "'%' in a variable name must start a triplet")
        elif ch == "." and i > start and i + 1 < end and text[i - 1] != ".":
            nxt = text[i + 1]
            if nxt in _VARCHAR or nxt == "%":
                i += 1
            else:
                break
        else:
            break
    return i


def _expression(text: str, start: int) -> tuple[Expression, int]:
    """Read the expression whose ``{`` is at ``start``; its end (after ``}``)."""
    close = text.find("}", start + 1)
    opened = text.find("{", start + 1)
    if close < 0 or 0 <= opened < close:
        where = len(text) if close < 0 else opened
        raise template_error(where, text, f"missing '}}' to close the expression opened at {start}")
    i = start + 1
    ch = text[i]
    if ch in OPERATORS and ch:
        op = OPERATORS[ch]
        i += 1
    elif ch in RESERVED_OPERATORS:
        raise template_error(i, text, f"the operator {ch!r} is reserved for future extensions")
    else:
        op = OPERATORS[""]
    specs: list[VarSpec] = []
    while True:
        name_end = _varname_end(text, i, close)
        if name_end == i:
            found = "'}'" if i == close else repr(text[i])
            raise template_error(i, text, f"expected a variable name, found {found}")
        name = text[i:name_end]
        spec_start = i
        i = name_end
        prefix: int | None = None
        explode = False
        if text[i] == ":":
            j = i + 1
            while j < close and text[j] in _DIGITS:
                j += 1
            digits = text[i + 1 : j]
            if not digits or digits[0] == "0" or len(digits) > 4:
                raise template_error(
                    i + 1, text, "a prefix ':' takes a length from 1 to 9999 (no leading zero)"
                )
            prefix = int(digits)
            i = j
        elif text[i] == "*":
            explode = True
            i += 1
        specs.append(VarSpec(name, prefix, explode, spec_start))
        if text[i] == "}":
            return Expression(op, tuple(specs), start, close + 1), close + 1
        if text[i] != ",":
            what = "after a prefix" if prefix is not None else "after a variable"
            if explode or prefix is not None:
                what = "after a modifier"
            raise template_error(i, text, f"expected ',' or '}}' {what}, found {text[i]!r}")
        i += 1


def parse(text: str) -> list[Part]:
    """``text`` read into its literals and expressions (section 2), or the
    :class:`~urikit.URIError` of the first fault."""
    parts: list[Part] = []
    i = 0
    n = len(text)
    while i < n:
        brace = text.find("{", i)
        end = n if brace < 0 else brace
        if end > i:
            _check_literal(text, i, end)
            parts.append(text[i:end])
        if brace < 0:
            break
        expression, i = _expression(text, brace)
        parts.append(expression)
    return parts
