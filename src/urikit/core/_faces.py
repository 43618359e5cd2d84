"""Public names carry the public module they are imported from.

urikit's code lives in layer packages (``urikit.core``, ``urikit.text``,
``urikit.columnar``, private modules of ``urikit.security`` ...), and users import
it from stable faces (``urikit.reference``, ``urikit.arrow``, ``urikit.security``).
:func:`publish` gives every name a face exports that face's name in
``__module__`` (a class's methods too), so reprs, pickles and Sphinx name the
path users import, not one that moves when the code is rearranged.
:func:`defined_in` still knows where each one is written (the test suite's
doctest collection reads it).

>>> import urikit.security
>>> urikit.security.Policy.__module__, urikit.security.Policy.ssrf.__module__
('urikit.security', 'urikit.security')
>>> defined_in(urikit.security.Policy)
'urikit.security._policy'
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is imported for type checkers only (import cost)
if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")

#: Each published object (by identity) -> the module that defines it.
_ORIGINS: dict[int, tuple[object, str]] = {}


def publish(face: str, namespace: dict[str, Any]) -> None:
    """Set ``__module__`` to *face* on every class and function in *namespace*'s
    ``__all__`` that urikit defines, and on the methods of those classes. A name
    the face loads on first use is not there yet: its ``__getattr__`` passes it
    to :func:`claimed`."""
    for name in namespace["__all__"]:
        if name in namespace:
            _claim(namespace[name], face)


def claimed(face: str, obj: T) -> T:
    """*obj*, published under *face* (for a name a face loads on first use)."""
    _claim(obj, face)
    return obj


def defined_in(obj: object) -> str | None:
    """The module that defines a published object, or ``None`` for any other."""
    entry = _ORIGINS.get(id(obj))
    return entry[1] if entry is not None and entry[0] is obj else None


def _claim(obj: Any, face: str) -> None:
    if isinstance(obj, (staticmethod, classmethod)):
        obj = obj.__func__
    elif isinstance(obj, property):
        for accessor in (obj.fget, obj.fset, obj.fdel):
            if accessor is not None:
                _claim(accessor, face)
        return
    module = getattr(obj, "__module__", None)
    if not isinstance(module, str) or not module.startswith("urikit.") or not callable(obj):
        return  # a constant, or a name urikit re-exports from elsewhere
    if module == face or id(obj) in _ORIGINS:
        return
    _ORIGINS[id(obj)] = (obj, module)
    try:
        obj.__module__ = face
    except (AttributeError, TypeError):  # a C object's __module__ is read-only
        wrapped = getattr(obj, "__wrapped__", None)  # an accelerated function
        if wrapped is not None:  # reads its Python twin's, which is not
            _claim(wrapped, face)
        return
    if isinstance(obj, type):
        # its own methods, and those of a base written in a private module (the
        # halves of a class split over modules: URIReference's builders and edits)
        for cls in obj.__mro__:
            if cls is not obj and "._" not in cls.__module__:
                continue
            for attr, member in vars(cls).items():
                inner = (
                    member.__func__ if isinstance(member, (staticmethod, classmethod)) else member
                )
                if isinstance(inner, property) or getattr(inner, "__qualname__", "").startswith(
                    cls.__qualname__ + "."
                ):
                    first = inner.fget if isinstance(inner, property) else inner
                    claimed_here = id(first) not in _ORIGINS
                    _claim(member, face)
                    if cls is not obj and claimed_here:
                        _rename(inner, f"{obj.__qualname__}.{attr}")


def _rename(member: Any, qualname: str) -> None:
    """Give a method (or a property's accessors) of a class's private half the
    public class's name: help() and Python's own argument errors
    ("URIReference.update_query() takes ...") then name the public method."""
    accessors = (
        (member.fget, member.fset, member.fdel) if isinstance(member, property) else (member,)
    )
    for function in accessors:
        if callable(function) and hasattr(function, "__code__"):  # (a C one's is fixed)
            function.__qualname__ = qualname
