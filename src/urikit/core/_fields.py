"""The JSON-ready dicts of the public objects (``URIReference.to_dict()``, every
scheme view's ``fields()``, ``URN.to_dict()``): each class declares the names of
its fields once (:func:`names`), and :func:`json_fields` reads them.

>>> class Point:
...     x, pairs = 1, (("a", "b"),)
...     def norm(self) -> int:
...         return 5
>>> json_fields(Point(), names("x pairs norm"), rows=frozenset({"pairs"}))
{'x': 1, 'pairs': [['a', 'b']], 'norm': 5}
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["json_fields", "names"]

_NO_ROWS: frozenset[str] = frozenset()


def names(spaced: str) -> tuple[str, ...]:
    """The field names of a dict, in order, from one string of names separated
    by white space (as ``collections.namedtuple`` takes them)."""
    return tuple(spaced.split())


def json_fields(
    obj: object, fields: tuple[str, ...], rows: frozenset[str] = _NO_ROWS
) -> dict[str, Any]:
    """The attributes of ``obj`` named by ``fields``, in that order, as a dict: a
    method is called (with no argument); a field named in ``rows`` (a sequence of
    tuples) is written as a list of lists, as JSON has it."""
    out: dict[str, Any] = {}
    for name in fields:
        value = getattr(obj, name)
        if callable(value):
            value = value()
        out[name] = [list(row) for row in value] if name in rows else value
    return out
