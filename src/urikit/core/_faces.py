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
#: The copies :func:`_copied` made (by identity; each one is kept alive in _ORIGINS).
_COPIES: set[int] = set()


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


def is_inherited(obj: object) -> bool:
    """Is ``obj`` the copy of an inherited method that a published class holds
    under its own name (for the API reference, which documents it where it is
    written unless asked for inherited members)?

    >>> import urikit.iri
    >>> is_inherited(vars(urikit.iri.IRIReference)["with_path"])
    True
    >>> is_inherited(vars(urikit.iri.IRIReference)["resolve"])
    False
    """
    return id(obj) in _COPIES and _ORIGINS.get(id(obj), (None,))[0] is obj


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
        for member in list(vars(obj).values()):
            inner = member.__func__ if isinstance(member, (staticmethod, classmethod)) else member
            if isinstance(inner, property) or getattr(inner, "__qualname__", "").startswith(
                obj.__qualname__ + "."
            ):
                _claim(member, face)
        _own_inherited(obj, face)


def _own_inherited(cls: type, face: str) -> None:
    """Give ``cls`` its own copy of ``__init__`` and of every public method
    (classmethod, staticmethod, property) it inherits from another urikit class,
    named for ``cls``: help() and Python's own argument errors then name the
    class the user called (``IRIReference.update_query() takes ...``,
    ``FtpView.parse() missing ...``), as urikit's own checks do, not the class
    that wrote the method (a private half such as ``Buildable`` included). A copy
    runs the same code; it is known to :func:`defined_in` by the module of the
    method it copies."""
    for attr in sorted({name for base in cls.__mro__[1:] for name in vars(base)}):
        if (attr.startswith("_") and attr != "__init__") or attr in vars(cls):
            continue
        owner = next(base for base in cls.__mro__ if attr in vars(base))
        if not owner.__module__.startswith("urikit."):
            continue
        copy = _copied(vars(owner)[attr], f"{cls.__qualname__}.{attr}", face)
        if copy is not None:
            setattr(cls, attr, copy)


def _copied(member: Any, qualname: str, face: str) -> Any:
    """A copy of the method, classmethod, staticmethod or property ``member``
    named ``qualname`` in ``face``; ``None`` for anything else (a C descriptor,
    a constant)."""
    if type(member) is property:
        accessors = (member.fget, member.fset, member.fdel)
        if not all(f is None or type(f) is type(_origin) for f in accessors):
            return None
        fget, fset, fdel = (None if f is None else _copied(f, qualname, face) for f in accessors)
        prop = property(fget, fset, fdel, member.__doc__)
        _ORIGINS[id(prop)] = (prop, _origin(member.fget))
        _COPIES.add(id(prop))
        return prop
    if isinstance(member, (staticmethod, classmethod)):
        inner = _copied(member.__func__, qualname, face)
        if inner is None:
            return None
        wrapper = type(member)(inner)
        _ORIGINS[id(wrapper)] = (wrapper, _origin(inner))
        _COPIES.add(id(wrapper))
        return wrapper
    function_type: Any = type(_origin)  # types.FunctionType, without importing types
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
    _ORIGINS[id(function)] = (function, _origin(member))
    _COPIES.add(id(function))
    return function


def _origin(function: Any) -> str:
    """The module that writes ``function`` (a published one's, or its own)."""
    entry = _ORIGINS.get(id(function))
    return entry[1] if entry is not None and entry[0] is function else function.__module__
