"""Public names carry the public module they are imported from.

urikit's code lives in layer packages (``urikit.core``, ``urikit.text``,
``urikit.columnar``, private modules of ``urikit.security`` ...), and users import
it from stable faces (``urikit.reference``, ``urikit.arrow``, ``urikit.security``).
Every face ends with ``publish(__name__, globals())``: each class and function
of its ``__all__`` then says that face in ``__module__`` (a class's methods
too), so reprs, pickles, doctest and Sphinx name the path users import, not one
that moves when the code is rearranged. That is the one way a public name is
given; a name a face loads on first use is published by its ``__getattr__``
with the same call, naming that one name.

>>> import urikit.security
>>> urikit.security.Policy.__module__, urikit.security.Policy.ssrf.__module__
('urikit.security', 'urikit.security')
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any


def publish(face: str, namespace: Mapping[str, Any], names: Iterable[str] = ()) -> None:
    """Set ``__module__`` to *face* on every class and function of *names*
    (default: *namespace*'s ``__all__``) that urikit defines, and on the methods
    of those classes. A class also gets its own copy, named for it, of every
    public method it inherits from another urikit class: help() and Python's own
    argument errors then name the class the user called
    (``IRIReference.update_query() takes ...``), as urikit's own checks do. A
    copy runs the same code (``__code__.co_qualname`` still names where it is
    written)."""
    for name in names or namespace["__all__"]:
        if name in namespace:
            _claim(namespace[name], face)


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
    if module == face:
        return
    try:
        obj.__module__ = face
    except (AttributeError, TypeError):  # a C object's __module__ is read-only
        wrapped = getattr(obj, "__wrapped__", None)  # an accelerated function
        if wrapped is not None:  # reads its Python twin's, which is not
            _claim(wrapped, face)
        return
    if isinstance(obj, type):
        for member in list(vars(obj).values()):
            inner = member.__func__ if isinstance(member, (staticmethod, classmethod)) else member
            if isinstance(inner, property) or getattr(inner, "__qualname__", "").startswith(
                obj.__qualname__ + "."
            ):
                _claim(member, face)
        for attr in sorted({name for base in obj.__mro__[1:] for name in vars(base)}):
            if (attr.startswith("_") and attr != "__init__") or attr in vars(obj):
                continue
            owner = next(base for base in obj.__mro__ if attr in vars(base))
            if owner.__module__.startswith("urikit."):
                copy = _copied(vars(owner)[attr], f"{obj.__qualname__}.{attr}", face)
                if copy is not None:
                    setattr(obj, attr, copy)


def _copied(member: Any, qualname: str, face: str) -> Any:
    """A copy of the method, classmethod, staticmethod or property ``member``
    named ``qualname`` in ``face``; ``None`` for anything else (a C descriptor,
    a constant)."""
    if type(member) is property:
        accessors = (member.fget, member.fset, member.fdel)
        if not all(f is None or type(f) is type(_claim) for f in accessors):
            return None
        fget, fset, fdel = (None if f is None else _copied(f, qualname, face) for f in accessors)
        return property(fget, fset, fdel, member.__doc__)
    if isinstance(member, (staticmethod, classmethod)):
        inner = _copied(member.__func__, qualname, face)
        return None if inner is None else type(member)(inner)
    function_type: Any = type(_claim)  # types.FunctionType, without importing types
    if type(member) is not function_type:
        return None
    function: Any = function_type(
        member.__code__,
        member.__globals__,
        member.__name__,
        member.__defaults__,
        member.__closure__,
    )
    function.__kwdefaults__ = member.__kwdefaults__
    function.__dict__.update(member.__dict__)
    function.__annotations__ = member.__annotations__
    function.__doc__ = member.__doc__
    function.__qualname__ = qualname
    function.__module__ = face
    if hasattr(member, "__type_params__"):  # Python 3.12+
        function.__type_params__ = member.__type_params__
    return function
