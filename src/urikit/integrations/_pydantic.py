"""The code behind :mod:`urikit.pydantic` (the face that documents it).

Each field type is a class that pydantic asks for a schema
(``__get_pydantic_core_schema__``, ``__get_pydantic_json_schema__``); the
class is never instantiated, and a field's value is urikit's own object. To a
type checker each name is ``Annotated[<urikit class>, ...]`` (the face says
so), so that ``model.url`` is typed as what it holds.

pydantic_core is imported when pydantic first asks for a schema (pydantic is
then installed), never when this module is imported.
"""

from __future__ import annotations

from ..core._errors import URIError
from ..core._extras import loader
from ..core._reference import URIReference as URIObject
from ..core._reference import parse
from ..iri._reference import IRIReference
from ..iri._reference import parse as parse_iri
from ..security._check import check
from ..security._policy import Policy
from ..urn._syntax import URN as URNObject

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, ClassVar

__all__ = [
    "ERROR_TYPES",
    "IRI",
    "URI",
    "URN",
    "HttpURL",
    "SafeHttpURL",
    "URIField",
    "URIReference",
]

#: pydantic_core, on the first schema asked for.
_load = loader("pydantic", "pydantic", "pydantic_core")

#: The error of an input that is neither text nor the field's urikit object.
TYPE_ERROR = "uri_type"
#: The error of a text the grammar refuses (its ctx: reason, component, position).
PARSING_ERROR = "uri_parsing"
#: The error of a URI of a scheme the field does not take, or without a host.
SCHEME_ERROR = "uri_scheme"
#: The error of a URL the field's security policy blocks (ctx: the first blocking finding).
UNSAFE_ERROR = "uri_unsafe"

#: The ``type`` of the errors the fields raise.
ERROR_TYPES: tuple[str, ...] = (PARSING_ERROR, SCHEME_ERROR, UNSAFE_ERROR, TYPE_ERROR)

_HTTP = frozenset({"http", "https"})


class URIField:
    """The base of the field types: subclasses say what they accept (their
    ``kind``, shown in messages, the ``format`` of their JSON schema, the urikit
    class of their value) and :meth:`_refusal` says why a text is refused.

    Usable as a field's type (``url: HttpURL``) or as ``Annotated`` metadata
    (``url: Annotated[urikit.URIReference, HttpURL]``), where it validates the
    field the same way."""

    #: what a message says the input should be ("a URI", "an http(s) URL" ...)
    kind: ClassVar[str] = "a URI reference"
    #: the JSON schema's ``format``
    format: ClassVar[str] = "uri-reference"
    #: the class of the value (an object of it given as input is checked again)
    value_type: ClassVar[type[object]] = URIObject

    def __init__(self) -> None:
        raise TypeError(f"{type(self).__name__} is a field type; its values are urikit objects")

    @classmethod
    def _value(cls, text: str) -> object:
        """The urikit object for ``text``; raises URIError when it is not one."""
        return parse(text)

    @classmethod
    def _refusal(cls, value: Any) -> tuple[str, URIError] | None:
        """Why the parsed ``value`` is not accepted: (error type, the error),
        or None."""
        return None

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        (pydantic_core,) = _load()
        return _core_schema(cls, pydantic_core)

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: Any) -> dict[str, Any]:
        return {"type": "string", "format": cls.format}


def _core_schema(field: type[URIField], pydantic_core: Any) -> Any:
    """The schema pydantic validates and serializes a ``field`` with: text or
    the field's urikit object in (an object is checked as its text is), its text
    exactly as given out, in Python mode and in JSON mode."""
    core_schema = pydantic_core.core_schema
    error_class = pydantic_core.PydanticCustomError
    value_type = field.value_type
    make = field._value
    refusal = field._refusal
    kind = field.kind

    def refuse(error_type: str, err: URIError) -> Exception:
        error: Exception = error_class(
            error_type,
            "Input should be {expected}: {error}",
            {
                "expected": kind,
                "error": str(err),
                "reason": err.reason,
                "component": err.component,
                "position": err.position,
            },
        )
        return error

    def validate(value: Any) -> Any:
        if type(value) is str:
            text = value
        elif isinstance(value, value_type):
            text = str(value)
        elif isinstance(value, str):  # a str subclass (an enum member ...): its text
            text = str.__str__(value)
        else:
            raise error_class(
                TYPE_ERROR,
                "Input should be {expected}: a string or a {type_name}",
                {"expected": kind, "type_name": value_type.__name__},
            )
        try:
            result = make(text)
        except URIError as err:
            raise refuse(PARSING_ERROR, err) from None
        why = refusal(result)
        if why is not None:
            raise refuse(*why) from None
        # an object given is kept (the same text, the same class)
        return value if type(value) is type(result) else result

    return core_schema.no_info_plain_validator_function(
        validate,
        serialization=core_schema.plain_serializer_function_ser_schema(
            str, when_used="unless-none"
        ),
    )


def _absolute(read: Callable[..., Any], rule: str, text: str) -> object:
    """``text`` read by ``read`` as a reference (the parser's fast path) when it
    has a scheme; a text refused, or without one, is read again under ``rule``
    (``"URI"``, ``"IRI"``) for that rule's error."""
    try:
        value = read(text)
    except URIError:
        value = None
    if value is None or value.scheme is None:
        read(text, rule=rule)
        raise URIError("missing-scheme", "scheme", 0, text)  # not reached
    return value


class URI(URIField):
    """An absolute URI (RFC 3986's ``URI`` rule: a scheme, and a fragment allowed)."""

    kind = "a URI"
    format = "uri"

    @classmethod
    def _value(cls, text: str) -> object:
        return _absolute(parse, "URI", text)


class HttpURL(URI):
    """An ``http`` or ``https`` URI (either case) with a host that is not empty."""

    kind = "an http(s) URL"

    @classmethod
    def _refusal(cls, value: Any) -> tuple[str, URIError] | None:
        scheme = value.scheme
        if scheme not in _HTTP and scheme.lower() not in _HTTP:
            detail = f"{scheme!r} is not http or https"
            return SCHEME_ERROR, URIError("bad-value", "scheme", 0, str(value), detail=detail)
        host = value.host
        if not host:
            position = len(scheme) + 1 + (2 if host is not None else 0)
            return SCHEME_ERROR, URIError("empty-component", "host", position, str(value))
        return None


class SafeHttpURL(HttpURL):
    """An :class:`HttpURL` that :func:`urikit.security.check` passes under
    :meth:`Policy.ssrf() <urikit.security.Policy.ssrf>` (no private, loopback
    or metadata address in any form, no userinfo, the default port ...)."""

    kind = "a safe http(s) URL"
    #: the policy a URL must pass
    policy: ClassVar[Policy] = Policy.ssrf()

    @classmethod
    def _refusal(cls, value: Any) -> tuple[str, URIError] | None:
        why = super()._refusal(value)
        if why is not None:
            return why
        text = str(value)
        report = check(text, policy=cls.policy)
        if report.ok:
            return None
        finding = report.blocking[0]
        err = URIError(
            finding.code,
            finding.component,
            finding.start,
            text,
            message=f"{finding.message} at position {finding.start} ({finding.code})",
        )
        return UNSAFE_ERROR, err


class URN(URIField):
    """An RFC 8141 URN; the value is a :class:`urikit.urn.URN`."""

    kind = "a URN"
    format = "uri"
    value_type = URNObject

    @classmethod
    def _value(cls, text: str) -> object:
        return URNObject.parse(text)


class IRI(URIField):
    """An absolute IRI (RFC 3987's ``IRI`` rule); the value is a
    :class:`urikit.iri.IRIReference`."""

    kind = "an IRI"
    format = "iri"
    value_type = IRIReference

    @classmethod
    def _value(cls, text: str) -> object:
        return _absolute(parse_iri, "IRI", text)


class URIReference(URIField):
    """Any URI reference (RFC 3986's ``URI-reference``: relative ones too)."""
