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

from collections.abc import Mapping, Sequence
from typing import Any

from ._syntax import Expression, Operator, Part, VarSpec, encode_reserved, encode_unreserved
from ._syntax import template_error as _error

__all__ = ["expand_expression", "expand_parts", "value_kind"]


def value_kind(value: Any, spec: VarSpec, text: str) -> str | list[str] | dict[str, str] | None:
    """``value`` as expansion reads it: a string, a list or a dict of strings,
    or ``None`` when it is undefined; a ``TypeError`` names the variable of any
    other type."""
    if type(value) is str:
        return value
    if value is None:
        return None
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
    if isinstance(value, list):
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
