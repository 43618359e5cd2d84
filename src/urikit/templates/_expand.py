"""RFC 6570 section 3 and Appendix A: expressions expanded with values.

A value (section 2.4) is a string, a list of strings (any sequence but a
string or bytes) or an associative array (any mapping); an ``int`` or a
``float`` is written as ``str()`` writes it (the test suite's JSON numbers). A
value that is ``None``, an empty list or an empty mapping is undefined and
takes no part (section 2.3).

>>> from urikit.templates._syntax import parse
>>> (expression,) = parse("{?list*}")
>>> expand_expression(expression, {"list": ["red", "green"]}, "{?list*}")
'?list=red&list=green'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ._syntax import (
    Expression,
    Operator,
    Part,
    VarSpec,
    encode_reserved,
    encode_unreserved,
    reserved_other,
    unreserved_other,
)
from ._syntax import template_error as _error

__all__ = [
    "compile_expression",
    "expand_compiled",
    "expand_expression",
    "expand_parts",
    "runner",
    "value_kind",
]


def value_kind(value: Any, spec: VarSpec, text: str) -> str | list[str] | dict[str, str] | None:
    """``value`` as expansion reads it: a string, a list or a dict of strings,
    or ``None`` when it is undefined; a ``TypeError`` names the variable of any
    other type."""
    cls = value.__class__
    if cls is str:
        return value  # type: ignore[no-any-return]
    if value is None:
        return None
    if cls is list:  # the common composites first: a list or a dict of str
        if not value:
            return None
        if all(v.__class__ is str for v in value):
            return value  # type: ignore[no-any-return,unused-ignore]
    elif cls is dict:
        if not value:
            return None
        if all(k.__class__ is str and v.__class__ is str for k, v in value.items()):
            return value  # type: ignore[no-any-return,unused-ignore]
    if isinstance(value, str):
        return str(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, Mapping):
        if not value:
            return None
        return {_scalar(k, spec): _scalar(v, spec) for k, v in value.items()}
    if isinstance(value, Sequence) and not isinstance(value, (bytes, bytearray)):
        if not value:
            return None
        return [_scalar(v, spec) for v in value]
    raise TypeError(
        f"the value of the template variable {spec.name!r} must be a str, a list or a"
        f" mapping of str (or int, float), not {type(value).__name__}"
    )


def _scalar(value: Any, spec: VarSpec) -> str:
    if type(value) is str:
        return value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    raise TypeError(
        f"the members of the template variable {spec.name!r} must be str (or int, float),"
        f" not {type(value).__name__}"
    )


def _one(op: Operator, spec: VarSpec, value: str | list[str] | dict[str, str], text: str) -> str:
    """Appendix A's expansion of one defined variable (without ``first``/``sep``)."""
    enc = encode_reserved if op.reserved else encode_unreserved
    pos = spec.position
    if isinstance(value, str):
        if spec.prefix is not None:
            value = value[: spec.prefix]
        if op.named:
            return spec.name + ("=" + enc(value, pos, text) if value else op.ifemp)
        return enc(value, pos, text)
    if spec.prefix is not None:
        kind = "list" if isinstance(value, list) else "associative array"
        raise _error(
            pos + len(spec.name),
            text,
            f"the prefix ':{spec.prefix}' applies to strings, and {spec.name!r} is a {kind}"
            " (section 2.4.1)",
        )
    # Members with nothing to encode (the common case) are taken as they are:
    # one search over them all instead of a call each.
    other = reserved_other if op.reserved else unreserved_other
    if isinstance(value, list):
        if other("".join(value)) is None:
            if op.named and spec.explode:
                name, ifemp = spec.name, op.ifemp
                return op.sep.join([name + ("=" + v if v else ifemp) for v in value])
            joined = (op.sep if spec.explode else ",").join(value)
            return spec.name + "=" + joined if op.named and not spec.explode else joined
        if not spec.explode:
            joined = ",".join([enc(v, pos, text) for v in value])
            return spec.name + "=" + joined if op.named else joined
        if op.named:
            name, ifemp = spec.name, op.ifemp
            return op.sep.join([name + ("=" + enc(v, pos, text) if v else ifemp) for v in value])
        return op.sep.join([enc(v, pos, text) for v in value])
    if not spec.explode:
        joined = ",".join([enc(k, pos, text) + "," + enc(v, pos, text) for k, v in value.items()])
        return spec.name + "=" + joined if op.named else joined
    if op.named:
        ifemp = op.ifemp
        return op.sep.join(
            [
                enc(k, pos, text) + ("=" + enc(v, pos, text) if v else ifemp)
                for k, v in value.items()
            ]
        )
    return op.sep.join([enc(k, pos, text) + "=" + enc(v, pos, text) for k, v in value.items()])


def expand_expression(expression: Expression, variables: Mapping[str, Any], text: str) -> str:
    """The expansion of one expression with ``variables`` (Appendix A)."""
    op = expression.operator
    pieces: list[str] = []
    for spec in expression.varspecs:
        raw = variables.get(spec.name)
        if raw is None:
            continue
        value = raw if type(raw) is str else value_kind(raw, spec, text)
        if value is None:
            continue
        pieces.append(_one(op, spec, value, text))
    if not pieces:
        return ""
    if len(pieces) == 1:
        return op.first + pieces[0]
    return op.first + op.sep.join(pieces)


def expand_compiled(
    parts: Sequence[str | Callable[[Mapping[str, Any]], str]], variables: Mapping[str, Any]
) -> str:
    """A template compiled by :func:`compile_expression`: literals (encoded) and
    closures, expanded with ``variables``."""
    return "".join([p if p.__class__ is str else p(variables) for p in parts])  # type: ignore[operator]


def runner(
    parts: Sequence[str | Callable[[Mapping[str, Any]], str]],
) -> Callable[[Mapping[str, Any]], str]:
    """One function of the variables for a compiled template: the expression's
    own closure when it is the whole template, a literal and a closure joined,
    else :func:`expand_compiled`."""
    if len(parts) == 1 and not isinstance(parts[0], str):
        return parts[0]
    if len(parts) == 2 and isinstance(parts[0], str) and not isinstance(parts[1], str):
        literal, expression = parts[0], parts[1]
        return lambda variables: literal + expression(variables)
    if not any(callable(p) for p in parts):
        text = "".join(p for p in parts if isinstance(p, str))
        return lambda variables: text
    return lambda variables: expand_compiled(parts, variables)


def expand_parts(parts: Sequence[Part | str], variables: Mapping[str, Any], text: str) -> str:
    """A parsed template's expansion; its literals already encoded (str)."""
    out: list[str] = []
    for part in parts:
        if type(part) is str:
            out.append(part)
        else:
            assert isinstance(part, Expression)
            out.append(expand_expression(part, variables, text))
    return "".join(out)


def compile_expression(expression: Expression, text: str) -> Callable[[Mapping[str, Any]], str]:
    """``expand_expression`` for this one expression, its table read once: a
    closure of the variables. A lone variable without modifiers, the most
    common expression, expands a string value without any other call."""
    op = expression.operator
    specs = expression.varspecs
    enc = encode_reserved if op.reserved else encode_unreserved
    first = op.first
    if len(specs) == 1:
        spec = specs[0]
        name = spec.name
        pos = spec.position
        prefix = spec.prefix

        def composite(value: Any, variables: Mapping[str, Any]) -> str:
            kind = value_kind(value, spec, text)
            if kind is None:
                return ""
            return first + _one(op, spec, kind, text)

        if op.named:
            named_eq = first + name + "="
            named_empty = first + name + op.ifemp

            def one_named(variables: Mapping[str, Any]) -> str:
                value = variables.get(name)
                if value.__class__ is str:
                    if prefix is not None:
                        value = value[:prefix]
                    return named_eq + enc(value, pos, text) if value else named_empty
                if value is None:
                    return ""
                return composite(value, variables)

            return one_named

        def one(variables: Mapping[str, Any]) -> str:
            value = variables.get(name)
            if value.__class__ is str:
                return first + enc(value if prefix is None else value[:prefix], pos, text)
            if value is None:
                return ""
            return composite(value, variables)

        return one

    sep = op.sep
    plain = [(s.name, s.position, s.prefix) for s in specs if not s.explode]
    if len(plain) == len(specs) and op.named:
        ifemp = op.ifemp

        def many_named(variables: Mapping[str, Any]) -> str:
            pieces: list[str] = []
            for name, pos, prefix in plain:
                value = variables.get(name)
                if value.__class__ is str:
                    if prefix is not None:
                        value = value[:prefix]
                    pieces.append(name + "=" + enc(value, pos, text) if value else name + ifemp)
                elif value is not None:
                    return expand_expression(expression, variables, text)
            return first + sep.join(pieces) if pieces else ""

        return many_named
    if len(plain) == len(specs):

        def many(variables: Mapping[str, Any]) -> str:
            pieces: list[str] = []
            for name, pos, prefix in plain:
                value = variables.get(name)
                if value.__class__ is str:
                    pieces.append(enc(value if prefix is None else value[:prefix], pos, text))
                elif value is not None:
                    return expand_expression(expression, variables, text)
            return first + sep.join(pieces) if pieces else ""

        return many
    return lambda variables: expand_expression(expression, variables, text)
