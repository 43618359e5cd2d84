"""Reverse expansion: the variables that expand a template to a given URI.

A scanner, not a regular expression: one pass over the URI, each expression's
extent found by ``str.find``/``endswith`` on what follows it, then one
expansion of the answer to check it, so the time is linear in the URI's length
for a given template. Which templates it takes is decided when the matcher is
built, from the template alone (the rules, with examples, are in
docs/howto-templates.md):

1. An expression is followed by the end, by a literal, or by expressions that
   each start with a character (their operator's ``first``) that the
   expression's own expansion cannot hold. ``{a}{b}``, ``{+a}{/b}`` and
   ``{id}{.format}`` are ambiguous and refused; ``{/path*}{?q*}`` is not. One
   exception: after ``{+x}`` or ``{#x}``, an expression of ``?`` or ``#`` is
   taken to start at the first ``?`` or ``#`` (``{+path}{?ref}``), as rule 2
   reads a literal.
2. An expression ends at the *first* occurrence of the literal after it (at the
   end of the URI when the literal ends the template): ``{+base}/users/{id}``
   takes ``base`` up to the first ``/users/``.
3. Within an unnamed expression (``{a,b}``, ``{/a,b}``), values are taken in
   order, the missing ones undefined; an exploded variable takes all the
   segments that later variables do not need. Within a named one (``{?a,b}``,
   ``{;a}``) names say which value is which; an exploded variable whose names
   are not its own is an associative array, and must come last.
4. Values come back percent-decoded (``U`` operators) or as written (``+`` and
   ``#``, whose expansion keeps triplets); a list where the expansion shows one
   (``,`` between values, or an exploded variable), a dict where it shows
   ``name=value`` pairs, a prefix ``{var:3}`` gives the prefix.

The answer is always checked by expanding it: a dict is returned only when it
expands to the URI (a URI that is not the form expansion writes, such as
``%41`` for ``A``, has no match: normalize it first).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ..core import _charsets as cs
from ..core._errors import URIError
from ..core._percent import percent_decode
from ._expand import expand_parts
from ._syntax import Expression, Part, VarSpec, encode_literal

__all__ = ["Matcher", "compile_matcher"]

_STRUCTURE_U = frozenset("%,=")
#: The operators whose ``first`` ends a reserved expansion before them at its
#: first occurrence: the delimiters of the query and the fragment.
_LAZY_AFTER_RESERVED = frozenset("?#")
#: What a value expanded with ``U`` is written with.
_ENCODED_U = frozenset(cs.UNRESERVED) | frozenset("%")


def _alphabet(expr: Expression) -> frozenset[str] | None:
    """The characters of an expansion of ``expr`` after its ``first`` (``None``:
    any character of a URI, for the reserved operators)."""
    op = expr.operator
    if op.reserved:
        return None
    chars = set(cs.UNRESERVED) | _STRUCTURE_U
    if len(expr.varspecs) > 1 or any(v.explode for v in expr.varspecs):
        chars.add(op.sep)
    return frozenset(chars)


class _Step(NamedTuple):
    """One expression and how its extent ends: at ``suffix`` characters before
    the URI's end, or at the first of ``stops`` (strings) found, else the end."""

    expression: Expression
    suffix: int | None
    stops: tuple[str, ...]
    stop_at_end: bool


class Matcher:
    """A template compiled for :meth:`~urikit.templates.Template.match`."""

    __slots__ = ("_parts", "_plan", "_text")

    def __init__(self, parts: Sequence[Part], text: str) -> None:
        self._text = text
        self._parts = [p if isinstance(p, Expression) else encode_literal(p) for p in parts]
        self._plan = _plan(self._parts, text)

    def match(self, uri: str) -> dict[str, Any] | None:
        """The variables, or ``None`` when no values expand to ``uri``."""
        try:
            return self._match(uri)
        except _NoMatch:
            return None

    def _match(self, uri: str) -> dict[str, Any] | None:
        found: dict[str, Any] = {}
        i = 0
        n = len(uri)
        for step in self._plan:
            if isinstance(step, str):
                if not uri.startswith(step, i):
                    return None
                i += len(step)
                continue
            if step.suffix is not None:
                j = n - step.suffix
                if j < i:
                    return None
            else:
                first = step.expression.operator.first
                after = i + 1 if first and uri.startswith(first, i) else i
                j = _first_stop(uri, step.stops, after)
                if (
                    j < 0
                    and after > i
                    and not step.stop_at_end
                    and any(uri.startswith(stop, i) for stop in step.stops)
                ):
                    j = i  # the expression is empty, what follows starts here
                if j < 0:
                    if not step.stop_at_end:
                        return None
                    j = n
            local: dict[str, Any] = {}
            if not _read(step.expression, uri[i:j], local):
                if j == i or not any(uri.startswith(stop, i) for stop in step.stops):
                    return None
                j = i  # read as empty: what follows starts here (one retry, no more)
            for name, value in local.items():
                _merge(found, name, value)
            i = j
        if i != n:
            return None
        try:
            again = expand_parts(self._parts, found, self._text)
        except URIError:  # a value read cannot be expanded (a list for a prefix)
            return None
        return found if again == uri else None


def _first_stop(uri: str, stops: tuple[str, ...], start: int) -> int:
    """Where the first of ``stops`` occurs in ``uri`` from ``start`` (-1: none)."""
    j = -1
    for stop in stops:
        k = uri.find(stop, start)
        if k >= 0 and (j < 0 or k < j):
            j = k
    return j


def _plan(parts: list[Part], text: str) -> list[str | _Step]:
    plan: list[str | _Step] = []
    last = len(parts) - 1
    for k, part in enumerate(parts):
        if isinstance(part, str):
            plan.append(part)
            continue
        alphabet = _alphabet(part)
        stops: list[str] = []
        suffix: int | None = None
        at_end = True
        for m in range(k + 1, len(parts)):
            later = parts[m]
            if isinstance(later, str):
                if m == last and not stops:
                    suffix = len(later)
                else:
                    stops.append(later)
                at_end = False
                break
            first = later.operator.first
            # {+path}{?ref}: a reserved expansion ends at the first "?" (or "#"),
            # as at the first occurrence of a literal (rule 2)
            lazy = alphabet is None and first in _LAZY_AFTER_RESERVED
            if not lazy and (not first or alphabet is None or first in alphabet):
                why = (
                    "it has no operator character to start it"
                    if not first
                    else f"its {first!r} can be part of the expansion before it"
                )
                raise URIError(
                    "bad-template",
                    "template",
                    later.start,
                    text,
                    detail=f"cannot match: the expression {later.text()} is ambiguous, as {why}",
                )
            stops.append(first)
        plan.append(_Step(part, suffix, tuple(stops), at_end))
    return plan


def _decode(value: str, reserved: bool) -> str | None:
    """A value as its expansion wrote it: decoded for U operators (``None`` when
    it holds a character that ``U`` encodes, so no value expands to it)."""
    if reserved:
        return value
    if not _ENCODED_U.issuperset(value):
        return None
    if "%" not in value:
        return value
    try:
        return percent_decode(value)
    except URIError:
        return None


def _value(item: str, reserved: bool, commas: bool) -> str | list[str] | None:
    """One value: a list when it holds ``,`` (``U`` operators, not exploded)."""
    if commas and not reserved and "," in item:
        values = [_decode(v, reserved) for v in item.split(",")]
        if any(v is None for v in values):
            return None
        return [v for v in values if v is not None]
    return _decode(item, reserved)


def _pairs(items: list[str], reserved: bool) -> dict[str, str] | list[str] | None:
    """Exploded unnamed values: ``k=v`` pairs make a dict, else a list."""
    if not reserved and all("=" in item for item in items):
        out: dict[str, str] = {}
        for item in items:
            key, _, val = item.partition("=")
            k, v = _decode(key, reserved), _decode(val, reserved)
            if k is None or v is None or k in out:
                return None
            out[k] = v
        return out
    values = [_decode(v, reserved) for v in items]
    if any(v is None for v in values):
        return None
    return [v for v in values if v is not None]


def _read(expr: Expression, body: str, found: dict[str, Any]) -> bool:
    """Put the variables ``body`` (the expression's expansion) gives into ``found``."""
    if not body:
        return True
    op = expr.operator
    if op.first:
        if not body.startswith(op.first):
            return False
        body = body[len(op.first) :]
    if op.named:
        return _read_named(expr, body, found)
    specs = expr.varspecs
    reserved = op.reserved
    if len(specs) == 1 and not specs[0].explode:
        value = _value(body, reserved, commas=True)
        if value is None:
            return False
        if reserved and specs[0].prefix is not None and isinstance(value, str):
            value = _reserved_prefix(value, specs[0].prefix)
        _put(found, specs[0], value)
        return True
    items = body.split(op.sep)
    if specs[-1].explode and not reserved:
        tail = 0
        while tail < len(items) and "=" in items[-1 - tail]:
            tail += 1
        if tail:  # name=value pairs: the exploded associative array's, at the end
            pairs = _pairs(items[-tail:], reserved)
            if pairs is None:
                return False
            _put(found, specs[-1], pairs)
            return _assign(specs[:-1], items[:-tail], op.sep, reserved, found)
    return _assign(specs, items, op.sep, reserved, found)


def _assign(
    specs: tuple[VarSpec, ...], items: list[str], sep: str, reserved: bool, found: dict[str, Any]
) -> bool:
    """Give ``items`` (the segments of an unnamed expression) to ``specs`` in order."""
    if not items:
        return True
    if sep == "," and len(items) > len(specs) > 1 and specs[-1].prefix is not None:
        # A prefix is a string: the last segment is its, the others the rest's.
        last = _value(items[-1], reserved, commas=False)
        if last is None:
            return False
        _put(found, specs[-1], last)
        return _assign(specs[:-1], items[:-1], sep, reserved, found)
    i = 0
    for k, spec in enumerate(specs):
        if i >= len(items):
            break
        later = len(specs) - k - 1
        spare = later + 1 - (len(items) - i)  # specs that must be undefined
        # Where "," also joins a list, the last variable takes what is left over.
        # So does an exploded last variable.
        may_skip = spare > 0 or (later > 0 and (sep == "," or specs[-1].explode))
        if may_skip and not spec.explode and not _fits(items[i], spec, reserved):
            continue  # cannot be this variable's: undefined, the segment is a later one's
        got: str | list[str] | dict[str, str] | None
        if spec.explode:
            take = max(1, len(items) - i - later)
            got = _pairs(items[i : i + take], reserved)
            i += take
        elif k == len(specs) - 1 and sep == "," and len(items) - i > 1:
            got = _value(",".join(items[i:]), reserved, commas=True)
            i = len(items)
        else:
            got = _value(items[i], reserved, commas=sep != ",")
            i += 1
        if got is None:
            return False
        if reserved and spec.prefix is not None and isinstance(got, str):
            got = _reserved_prefix(got, spec.prefix)
        _put(found, spec, got)
    return i >= len(items)


def _fits(item: str, spec: VarSpec, reserved: bool) -> bool:
    """Can ``item`` be the expansion of the unexploded ``spec``? Not when it
    holds a raw ``=`` (U operators encode it: an exploded pair's), nor when it is
    longer than the prefix."""
    if not reserved and "=" in item:
        return False
    if spec.prefix is None:
        return True
    if not reserved and "," in item:
        return False  # a list, which takes no prefix
    value = _reserved_prefix(item, spec.prefix) if reserved else _decode(item, reserved)
    return value is not None and len(value) <= spec.prefix


def _reserved_prefix(raw: str, prefix: int) -> str:
    """The value of ``{+var:n}`` read as ``raw``: as written when it is no longer
    than the prefix, else decoded (the prefix counts the value's characters,
    before encoding)."""
    if len(raw) <= prefix:
        return raw
    try:
        return percent_decode(raw)
    except URIError:
        return raw


def _read_named(expr: Expression, body: str, found: dict[str, Any]) -> bool:
    op = expr.operator
    items = body.split(op.sep)
    specs = expr.varspecs
    i = 0
    for k, spec in enumerate(specs):
        if i >= len(items):
            break
        if spec.explode and k == len(specs) - 1:
            names = [item.partition("=")[0] for item in items[i:]]
            if all(name == spec.name for name in names):
                values = [_named_value(item, spec.name) for item in items[i:]]
                if any(v is None for v in values):
                    return False
                _put(found, spec, [v for v in values if v is not None])
            else:
                pairs: dict[str, str] = {}
                for item in items[i:]:
                    key, _, val = item.partition("=")
                    k_dec, v_dec = _decode(key, False), _decode(val, False)
                    if k_dec is None or v_dec is None or k_dec in pairs:
                        return False
                    pairs[k_dec] = v_dec
                _put(found, spec, pairs)
            i = len(items)
            break
        if spec.explode:
            taken: list[str] = []
            while i < len(items) and items[i].partition("=")[0] == spec.name:
                value = _named_value(items[i], spec.name)
                if value is None:
                    return False
                taken.append(value)
                i += 1
            if taken:
                _put(found, spec, taken)
            continue
        if items[i].partition("=")[0] != spec.name:
            continue  # undefined
        raw = items[i][len(spec.name) + 1 :]
        value_any: str | list[str] | None
        if not raw and not op.ifemp and "=" in items[i]:
            value_any = [""]  # ";x=" is a list of one empty string (";x" is "")
        else:
            value_any = _value(raw, False, commas=True)
        if value_any is None:
            return False
        _put(found, spec, value_any)
        i += 1
    return i >= len(items)


def _named_value(item: str, name: str) -> str | None:
    return _decode(item[len(name) + 1 :], False)


def _put(found: dict[str, Any], spec: VarSpec, value: Any) -> None:
    _merge(found, spec.name, value)


def _merge(found: dict[str, Any], name: str, value: Any) -> None:
    """Put ``value`` for ``name``, which an earlier expression may have read."""
    old = found.get(name)
    if old is None or old == value:
        found[name] = value
    elif isinstance(old, str) and isinstance(value, str) and old.startswith(value):
        pass  # a prefix ({var:3}) of the value read before
    elif isinstance(old, str) and isinstance(value, str) and value.startswith(old):
        found[name] = value  # the whole value of a prefix read before
    else:
        raise _NoMatch  # two expressions read the variable differently


class _NoMatch(Exception):
    """No values expand to the URI (raised deep in the scanner)."""


def compile_matcher(parts: Sequence[Part], text: str) -> Matcher:
    """The matcher of a parsed template, or the ``bad-template`` error saying
    where it is ambiguous."""
    return Matcher(parts, text)
