"""The code behind :mod:`urikit.reference` (the face that documents it)."""

from __future__ import annotations

import sys

# ``collections.abc`` re-exports these from ``_collections_abc``, which the interpreter
# has loaded at startup; importing ``collections.abc`` would load the ``collections``
# package too, a measurable part of ``import urikit``.
from _collections_abc import Iterable, Mapping

from . import _editing
from ._accel import SpanRecord, accelerate, component_getter, set_error_type, set_reference_type
from ._charsets import FRAGMENT, PATH, PCHAR_NC, QUERY, REG_NAME, USERINFO
from ._hooks import grammars
from ._parser import (
    AUTHORITY_SPAN,
    COMPONENT_SPANS,
    FRAGMENT_SPAN,
    HOST_SPAN,
    PATH_SPAN,
    PORT_SPAN,
    QUERY_SPAN,
    SCHEME_SPAN,
    USERINFO_SPAN,
    Spans,
    diagnose,
    host_kind,
    is_ipv4address,
    is_ipv6address,
    split,
)
from ._schemeinfo import DEFAULT_REGISTRY, SchemeRegistry
from .errors import URIError, arg_type_error, check_codec, check_optional_str, check_str
from .normalization import normalize as _normalize
from .percent import encode_except, percent_decode
from .resolution import recompose, relativize, resolve

TYPE_CHECKING = False  # typing is imported for type checkers only (import cost)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, ClassVar, Final, NoReturn, Self

__all__ = ["URIReference", "is_valid", "parse"]


#: What a query parameter's name or value may carry literally (see urikit.core._editing).
_QUERY_PARAM_SAFE: Final = _editing.QUERY_PARAM_SAFE


def _port_text(port: object, func: str) -> str | None:
    """A port argument (digits as ``str`` or an ``int``) as text; TypeError otherwise."""
    if port is None or type(port) is str:
        return port
    if isinstance(port, int) and not isinstance(port, bool):
        return str(port)
    if isinstance(port, str):
        return str(port)
    raise arg_type_error(func, "port", "str, int or None", port)


def _check_component_args(
    func: str,
    scheme: object,
    userinfo: object,
    host: object,
    path: object,
    query: object,
    fragment: object,
) -> None:
    """TypeError unless each component argument of ``func`` is a ``str`` (or
    ``None``, but for ``path``): the checks of ``from_components`` and ``build``."""
    for name, value in (
        ("scheme", scheme),
        ("userinfo", userinfo),
        ("host", host),
        ("query", query),
        ("fragment", fragment),
    ):
        check_optional_str(value, func, name)
    check_str(path, func, "path")


def _authority(userinfo: str | None, host: str, port: str | None) -> str:
    """``[ userinfo "@" ] host [ ":" port ]`` (RFC 3986 section 3.2)."""
    authority = host
    if userinfo is not None:
        authority = userinfo + "@" + authority
    if port is not None:
        authority += ":" + port
    return authority


def _encode_piece(
    encode: Callable[[str, frozenset[str], str, str], str],
    path: str,
    start: int,
    end: int,
    safe: frozenset[str],
    encoding: str,
) -> str:
    """``path[start:end]`` encoded by a codec's ``encode``; an error names the path
    and a position in it."""
    piece = path[start:end]
    try:
        return encode(piece, safe, encoding, "path")
    except URIError as err:
        if err.text != piece:  # pragma: no cover - an encoder's errors index its text
            raise
        raise URIError(
            err.reason, "path", start + err.position, path, detail=err.detail, encoding=encoding
        ) from None


def _decode_optional(value: str | None, encoding: str, errors: str, func: str) -> str | None:
    """A ``decoded_*()`` accessor: ``value`` percent-decoded, ``None`` kept."""
    check_codec(encoding, errors, func)
    return None if value is None else percent_decode(value, encoding, errors)


def _encode_param(text: str, encoding: str) -> str:
    return encode_except(text, _QUERY_PARAM_SAFE, encoding=encoding, component="query")


def _query_from_params(params: object, encoding: str, func: str) -> str | None:
    """The query ``with_query_params()`` of ``func`` writes (``None`` for
    ``params=None``); TypeError naming ``func`` for an argument of the wrong type."""
    check_str(encoding, func, "encoding")
    if params is None:
        return None
    out = []
    for name, value in _editing.pairs_of(params, func):
        out.append(
            _encode_param(name, encoding)
            + ("" if value is None else "=" + _encode_param(value, encoding))
        )
    return "&".join(out)


class URIReference(SpanRecord):
    """An RFC 3986 URI-reference: a URI or a relative reference (section 4.1).

    Create one with :func:`parse`, :meth:`from_components` (encoded values) or
    :meth:`build` (decoded values). Instances are immutable and hashable; two
    are equal when their texts are identical (use :func:`urikit.equivalent`
    for RFC 3986 section 6 equivalence).
    """

    # The two slots (_text, _sp) are SpanRecord's, the layout the C accelerator
    # shares (see urikit.core._accel); a slot added here would break the fast parse.
    __slots__ = ()

    # -- construction ------------------------------------------------------------

    def __init__(self, text: str, rule: str = "URI-reference") -> None:
        """Parse ``text``; same as :func:`parse`."""
        check_str(text, "URIReference", "text")
        check_str(rule, "URIReference", "rule")
        sp = split(text, rule)
        if sp is None:
            raise diagnose(text, rule)
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_sp", sp)

    @classmethod
    def _new(cls, text: str, sp: Spans) -> Self:
        """An instance of ``cls`` holding ``text`` and its spans, unchecked."""
        self = object.__new__(cls)
        _set(self, "_text", text)
        _set(self, "_sp", sp)
        return self

    @classmethod
    def from_components(
        cls,
        *,
        scheme: str | None = None,
        userinfo: str | None = None,
        host: str | None = None,
        port: str | int | None = None,
        path: str = "",
        query: str | None = None,
        fragment: str | None = None,
    ) -> Self:
        """Put a reference together from already-encoded components, checking each.

        A ``userinfo`` or ``port`` needs a ``host`` (which may be ``""``). Each
        component is checked by the class's codec (a subclass such as
        :class:`urikit.iri.IRIReference` allows more characters).

        >>> str(URIReference.from_components(scheme="http", host="h", path="/a%20b", query=""))
        'http://h/a%20b?'
        >>> URIReference.from_components(path="a b")
        Traceback (most recent call last):
        urikit.errors.URIError: invalid character ' ' in path at position 1
        """
        func = f"{cls.__name__}.from_components"
        _check_component_args(func, scheme, userinfo, host, path, query, fragment)
        port_text = _port_text(port, func)
        check = cls._codec.check
        for name, value in (
            ("scheme", scheme),
            ("userinfo", userinfo),
            ("host", host),
            ("port", port_text),
            ("path", path),
            ("query", query),
            ("fragment", fragment),
        ):
            if value is not None:
                check(name, value)
        if host is None and (userinfo is not None or port_text is not None):
            raise URIError("bad-value", "host", 0, "", detail="a userinfo or port needs a host")
        authority = None
        if host is not None:
            authority = _authority(userinfo, host, port_text)
            if path and not path.startswith("/"):
                raise URIError(
                    "bad-value",
                    "path",
                    0,
                    path,
                    detail="after an authority the path must be empty or start with '/'",
                )
        elif path.startswith("//"):
            raise URIError("double-slash-path", "path", 0, path)
        elif scheme is None:
            colon = path.find(":", 0, (path.find("/") + 1 or len(path) + 1) - 1)
            if colon >= 0:
                raise URIError("colon-in-first-segment", "path", colon, path)
        text = recompose((scheme, authority, path, query, fragment))
        return cls._new(text, cls._codec.spans(text))

    @classmethod
    def build(
        cls,
        *,
        scheme: str | None = None,
        userinfo: str | None = None,
        host: str | None = None,
        port: str | int | None = None,
        path: str = "",
        query: str | None = None,
        fragment: str | None = None,
        encoding: str = "utf-8",
    ) -> Self:
        """Build a reference from decoded values, percent-encoding each as its
        component requires (RFC 3986 section 2.1, 2.4).

        What a component may carry as it is, the class's codec says (a subclass
        such as :class:`urikit.iri.IRIReference` keeps the characters an IRI
        allows).

        A ``host`` that is an IPv4 address, an IPv6 address (with or without
        brackets) or an IPvFuture literal is kept; any other host is encoded as a
        reg-name. In a relative reference (no scheme, no host) a ":" in the
        first path segment is encoded, so it is not read as a scheme.

        >>> str(URIReference.build(scheme="http", host="::1", path="/a b/ü", query="q=1 2"))
        'http://[::1]/a%20b/%C3%BC?q=1%202'
        >>> str(URIReference.build(path="a:b/c"))
        'a%3Ab/c'
        """
        func = f"{cls.__name__}.build"
        _check_component_args(func, scheme, userinfo, host, path, query, fragment)
        check_str(encoding, func, "encoding")
        _port_text(port, func)
        enc = encoding
        encode = cls._codec.encode
        if host is not None:
            if is_ipv6address(host):
                host = "[" + host + "]"
            elif not (host.startswith("[") and host.endswith("]")) and not is_ipv4address(host):
                host = encode(host, REG_NAME, enc, "host")
        if userinfo is not None:
            userinfo = encode(userinfo, USERINFO, enc, "userinfo")
        if scheme is None and host is None:
            # a ":" in the first segment would be read as a scheme (path-noscheme)
            first, sep, _rest = path.partition("/")
            start = len(first) + len(sep)
            path = (
                _encode_piece(encode, path, 0, len(first), PCHAR_NC, enc)
                + sep
                + _encode_piece(encode, path, start, len(path), PATH, enc)
            )
        else:
            path = encode(path, PATH, enc, "path")
        if query is not None:
            query = encode(query, QUERY, enc, "query")
        if fragment is not None:
            fragment = encode(fragment, FRAGMENT, enc, "fragment")
        return cls.from_components(
            scheme=scheme,
            userinfo=userinfo,
            host=host,
            port=port,
            path=path,
            query=query,
            fragment=fragment,
        )

    # -- value semantics -----------------------------------------------------------

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"URIReference({self._text!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, URIReference):
            return self._text == other._text
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._text)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable; use with_{name}()")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self._text,))

    def _check_invariants(self) -> None:
        """Assert the internal representation is consistent (for tests and fuzzers)."""
        assert isinstance(self._text, str)
        assert self._sp == self._codec.spans(self._text), "spans do not match the text"
        parts = (self.scheme, self.authority, self.path, self.query, self.fragment)
        assert recompose(parts) == self._text, "recomposition differs from the text"
        if self.authority is not None:
            assert self.host is not None
            assert _authority(self.userinfo, self.host, self.port) == self.authority
        else:
            assert self.userinfo is None and self.host is None and self.port is None

    # -- components, as written ----------------------------------------------------

    def _get(self, group: int) -> str | None:
        a, b = self._sp[group]
        return self._text[a:b] if a >= 0 else None

    @property
    def scheme(self) -> str | None:
        """The scheme as written (section 3.1), or ``None``."""
        return self._get(SCHEME_SPAN)

    @property
    def authority(self) -> str | None:
        """The authority (section 3.2), or ``None`` when there is no "//"."""
        return self._get(AUTHORITY_SPAN)

    @property
    def userinfo(self) -> str | None:
        """The userinfo before "@" (section 3.2.1), or ``None``."""
        return self._get(USERINFO_SPAN)

    @property
    def host(self) -> str | None:
        """The host (section 3.2.2); IP literals keep their brackets."""
        return self._get(HOST_SPAN)

    @property
    def port(self) -> str | None:
        """The port digits (section 3.2.3); ``""`` for a bare ":", ``None`` when absent."""
        return self._get(PORT_SPAN)

    @property
    def path(self) -> str:
        """The path (section 3.3), always a string, possibly empty."""
        a, b = self._sp[PATH_SPAN]
        return self._text[a:b]

    @property
    def query(self) -> str | None:
        """The query after "?" (section 3.4), or ``None``."""
        return self._get(QUERY_SPAN)

    @property
    def fragment(self) -> str | None:
        """The fragment after "#" (section 3.5), or ``None``."""
        return self._get(FRAGMENT_SPAN)

    # -- derived facts ---------------------------------------------------------------

    @property
    def host_kind(self) -> str | None:
        """ "reg-name", "ipv4", "ipv6" or "ipvfuture"; ``None`` without a host.

        >>> parse("http://[v7.x]/").host_kind, parse("//127.0.0.1").host_kind
        ('ipvfuture', 'ipv4')
        """
        host = self.host
        return None if host is None else host_kind(host)

    @property
    def port_number(self) -> int | None:
        """The port as an int; ``None`` when absent or empty. No default is invented.

        RFC 3986 lets a port be any number of digits; one with more significant
        digits than ``int()`` converts (``sys.get_int_max_str_digits()``, 4300 by
        default) raises :class:`URIError` rather than a bare ``ValueError``.

        >>> parse("http://h:0080/").port_number, parse("http://h:/").port_number
        (80, None)
        """
        port = self.port
        if not port:
            return None
        digits = port.lstrip("0") or "0"
        limit = sys.get_int_max_str_digits()
        if limit and len(digits) > limit:
            start = self._sp[PORT_SPAN][0]
            raise URIError(
                "bad-value",
                "port",
                start,
                self._text,
                detail=f"{len(digits)} significant digits, more than int() converts ({limit})",
            )
        return int(digits)

    @property
    def default_port(self) -> int | None:
        """The default port of this reference's scheme in the built-in scheme
        registry, if it knows one (for another registry:
        ``registry.default_port(ref.scheme)``)."""
        scheme = self.scheme
        return None if scheme is None else DEFAULT_REGISTRY.default_port(scheme)

    @property
    def uses_default_port(self) -> bool:
        """True when the port is absent, empty or equal to the scheme's default
        (in the built-in scheme registry; see :meth:`port_is_unusual` for another).

        >>> parse("http://h:80/").uses_default_port, parse("http://h:8080/").uses_default_port
        (True, False)
        """
        if self.authority is None:
            return False
        port = self.port
        return not port or DEFAULT_REGISTRY.is_default_port(self.scheme, port)

    def port_is_unusual(
        self, *, below: int | None = None, registry: SchemeRegistry | None = None
    ) -> bool:
        """True when an explicit port differs from the scheme's default port.

        RFC 1738 section 6 and the 2003 draft section 7.2 warn that a URI naming
        a port other than its protocol's (above all a well-known port below
        1024) may make a client talk to another protocol. ``below=1024`` counts
        only such low ports. A port on a scheme with no known default (in
        ``registry``, by default the built-in one) is unusual.

        >>> parse("http://h:25/").port_is_unusual(), parse("http://h:80/").port_is_unusual()
        (True, False)
        >>> parse("http://h:8080/").port_is_unusual(below=1024)
        False
        """
        if below is not None and (type(below) is not int):
            raise arg_type_error("URIReference.port_is_unusual", "below", "int or None", below)
        port = self.port
        schemes = DEFAULT_REGISTRY if registry is None else registry
        if not port or schemes.is_default_port(self.scheme, port):
            return False
        if below is None:
            return True
        digits = port.lstrip("0") or "0"
        # A port longer than ``below`` has digits is not below it (and may be too
        # long for int()).
        return len(digits) <= len(str(below)) and int(digits) < below

    def scheme_view(self, registry: SchemeRegistry | None = None) -> Any:
        """The typed view of this URI from the scheme registry (:mod:`urikit.schemes`).

        Raises :class:`~urikit.URIError` for a scheme without a view, or a URI
        that breaks its scheme's own syntax. ``registry`` defaults to the
        built-in one, ``urikit.schemes.registry`` (whose views are loaded on
        first use).

        >>> parse("ftp://h/a/b.txt;type=i").scheme_view().name
        'b.txt'
        """
        scheme = self.scheme
        schemes = DEFAULT_REGISTRY if registry is None else registry
        factory = None if scheme is None else schemes.view_factory(scheme)
        if factory is None:
            raise URIError("unknown-scheme", "scheme", 0, self._text, detail=repr(scheme))
        return factory(self, registry=schemes)

    @property
    def is_absolute(self) -> bool:
        """True for an absolute-URI (section 4.3): a scheme and no fragment."""
        return self._sp[SCHEME_SPAN][0] >= 0 and self._sp[FRAGMENT_SPAN][0] < 0

    @property
    def kind(self) -> str:
        """ "uri", "network-path", "absolute-path" or "relative-path" (section 4.1, 4.2).

        >>> [parse(s).kind for s in ("a:b", "//h/p", "/p", "p", "", "?q")]
        ['uri', 'network-path', 'absolute-path', 'relative-path', 'relative-path', 'relative-path']
        """
        if self._sp[SCHEME_SPAN][0] >= 0:
            return "uri"
        if self._sp[AUTHORITY_SPAN][0] >= 0:
            return "network-path"
        if self.path.startswith("/"):
            return "absolute-path"
        return "relative-path"

    @property
    def is_same_document(self) -> bool:
        """True for a same-document reference (section 4.4): empty or only a fragment.

        >>> parse("#f").is_same_document, parse("").is_same_document, parse("?q#f").is_same_document
        (True, True, False)
        """
        return not self._text or self._text[0] == "#"

    # -- decoded views -------------------------------------------------------------

    def decoded_userinfo(self, encoding: str = "utf-8", errors: str = "strict") -> str | None:
        """The userinfo, percent-decoded."""
        return _decode_optional(self.userinfo, encoding, errors, "URIReference.decoded_userinfo")

    def decoded_host(self, encoding: str = "utf-8", errors: str = "strict") -> str | None:
        """The host, percent-decoded (IP literals are returned as written)."""
        return _decode_optional(self.host, encoding, errors, "URIReference.decoded_host")

    def decoded_path(self, encoding: str = "utf-8", errors: str = "strict") -> str:
        """The path, percent-decoded (an encoded "/" becomes indistinguishable)."""
        check_codec(encoding, errors, "URIReference.decoded_path")
        return percent_decode(self.path, encoding, errors)

    def decoded_query(self, encoding: str = "utf-8", errors: str = "strict") -> str | None:
        """The query, percent-decoded."""
        return _decode_optional(self.query, encoding, errors, "URIReference.decoded_query")

    def decoded_fragment(self, encoding: str = "utf-8", errors: str = "strict") -> str | None:
        """The fragment, percent-decoded."""
        return _decode_optional(self.fragment, encoding, errors, "URIReference.decoded_fragment")

    @property
    def path_segments(self) -> list[str]:
        """The path's segments, each percent-decoded (UTF-8).

        The leading "/" of an absolute path is not a segment; ``""`` entries are
        empty segments. See :meth:`decoded_path_segments` for other encodings.

        >>> parse("/a/b%2Fc/").path_segments, parse("a").path_segments, parse("").path_segments
        (['a', 'b/c', ''], ['a'], [])
        """
        return self.decoded_path_segments()

    def decoded_path_segments(self, encoding: str = "utf-8", errors: str = "strict") -> list[str]:
        """Like :attr:`path_segments`, with a chosen ``encoding`` and ``errors``."""
        check_codec(encoding, errors, "URIReference.decoded_path_segments")
        path = self.path
        if not path:
            return []
        if path.startswith("/"):
            path = path[1:]
        return [percent_decode(seg, encoding, errors) for seg in path.split("/")]

    @property
    def query_params(self) -> list[tuple[str, str | None]]:
        """The query as ordered, decoded ``(name, value)`` pairs (split on "&", then "=").

        ``value`` is ``None`` for a parameter without "="; "+" stays "+" (see
        :meth:`decoded_query_params` for ``plus_as_space``).

        >>> parse("?a=1&b=&c&a=x%20y+z").query_params
        [('a', '1'), ('b', ''), ('c', None), ('a', 'x y+z')]
        """
        return self.decoded_query_params()

    def decoded_query_params(
        self,
        encoding: str = "utf-8",
        errors: str = "strict",
        *,
        plus_as_space: bool = False,
    ) -> list[tuple[str, str | None]]:
        """The query as decoded pairs; ``plus_as_space=True`` reads "+" as " " (HTML forms).

        >>> parse("?q=a+b").decoded_query_params(plus_as_space=True)
        [('q', 'a b')]
        """
        check_codec(encoding, errors, "URIReference.decoded_query_params")
        query = self.query
        if not query:
            return []
        pairs: list[tuple[str, str | None]] = []
        for item in query.split("&"):
            if plus_as_space:
                item = item.replace("+", " ")
            name, eq, value = item.partition("=")
            pairs.append(
                (
                    percent_decode(name, encoding, errors),
                    percent_decode(value, encoding, errors) if eq else None,
                )
            )
        return pairs

    # -- copies with changes -------------------------------------------------------

    def _replace(self, **changes: Any) -> Self:
        parts: dict[str, Any] = {
            "scheme": self.scheme,
            "userinfo": self.userinfo,
            "host": self.host,
            "port": self.port,
            "path": self.path,
            "query": self.query,
            "fragment": self.fragment,
        }
        if all(parts[k] == v for k, v in changes.items()):
            return self
        parts.update(changes)
        return type(self).from_components(**parts)

    def _func(self, method: str) -> str:
        """The name an argument error of ``method`` gives ("URIReference.with_path")."""
        return f"{type(self).__name__}.{method}"

    def with_scheme(self, scheme: str | None) -> Self:
        """A copy with another (encoded) scheme; ``None`` removes it."""
        if scheme is not None and type(scheme) is not str:
            check_optional_str(scheme, self._func("with_scheme"), "scheme")
        return self._replace(scheme=scheme)

    def with_userinfo(self, userinfo: str | None) -> Self:
        """A copy with another (encoded) userinfo; ``None`` removes it."""
        if userinfo is not None and type(userinfo) is not str:
            check_optional_str(userinfo, self._func("with_userinfo"), "userinfo")
        return self._replace(userinfo=userinfo)

    def with_host(self, host: str | None) -> Self:
        """A copy with another (encoded) host; ``None`` removes the authority ("//host").

        The userinfo and port live in the authority, so removing the host of a
        reference that has either would drop them silently: that raises
        :class:`~urikit.URIError` instead; remove them first.

        >>> str(parse("http://h/p").with_host(None))
        'http:/p'
        >>> parse("http://u@h:8/p").with_host(None)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        urikit.errors.URIError: invalid host: removing the host would drop the userinfo and port...
        >>> str(parse("http://u@h:8/p").with_userinfo(None).with_port(None).with_host(None))
        'http:/p'
        """
        if host is not None and type(host) is not str:
            check_optional_str(host, self._func("with_host"), "host")
        if host is None:
            dropped = [n for n in ("userinfo", "port") if getattr(self, n) is not None]
            if dropped:
                start = self._sp[HOST_SPAN][0]
                detail = (
                    f"removing the host would drop the {' and '.join(dropped)};"
                    f" remove {' and '.join(dropped)} first with "
                    + " and ".join(f"with_{n}(None)" for n in dropped)
                )
                raise URIError("bad-value", "host", start, self._text, detail=detail)
        return self._replace(host=host)

    def with_port(self, port: str | int | None) -> Self:
        """A copy with another port; ``None`` removes it (and its ":")."""
        if port is not None and type(port) is not str:
            port = _port_text(port, self._func("with_port"))
        return self._replace(port=port)

    def with_path(self, path: str) -> Self:
        """A copy with another (encoded) path."""
        if type(path) is not str:
            check_str(path, self._func("with_path"), "path")
        return self._replace(path=path)

    def with_query(self, query: str | None) -> Self:
        """A copy with another (encoded) query; ``None`` removes it, ``""`` leaves "?"."""
        if query is not None and type(query) is not str:
            check_optional_str(query, self._func("with_query"), "query")
        return self._replace(query=query)

    def with_fragment(self, fragment: str | None) -> Self:
        """A copy with another (encoded) fragment; ``None`` removes it."""
        if fragment is not None and type(fragment) is not str:
            check_optional_str(fragment, self._func("with_fragment"), "fragment")
        return self._replace(fragment=fragment)

    def with_query_params(
        self,
        params: Mapping[str, str | None] | Iterable[tuple[str, str | None]] | None,
        *,
        encoding: str = "utf-8",
    ) -> Self:
        """A copy whose query is built from decoded ``(name, value)`` pairs.

        Names and values are percent-encoded, including "&", "=", "+" and "#";
        a value of ``None`` writes the name alone. No pairs give an empty query;
        ``params=None`` removes the query (as :meth:`with_query` does). Names and
        values must be ``str`` (``TypeError`` otherwise; convert numbers first).

        >>> str(parse("http://h/").with_query_params([("q", "a&b c"), ("flag", None)]))
        'http://h/?q=a%26b%20c&flag'
        >>> str(parse("http://h/?x").with_query_params(None))
        'http://h/'
        """
        query = _query_from_params(params, encoding, self._func("with_query_params"))
        return self._replace(query=query)

    # -- edits: path segments, query parameters, origin (urikit.core._editing) -----------

    #: How edits write and check text (``urikit.iri`` keeps the IRI characters).
    _codec: ClassVar[_editing.Codec] = _editing.URI_CODEC

    def _edited(self, text: str) -> Self:
        """A reference of this type holding ``text`` (``self`` when it is the same)."""
        if text == self._text:
            return self
        if type(self) is URIReference:
            ref: Self = _parse_edited(text)  # parse, in C when built
            return ref
        return self._new(text, self._codec.spans(text))

    def _with_new_path(self, path: str) -> Self:
        """A copy with ``path`` (encoded) and no query or fragment: another resource."""
        return self._edited(self._text[: self._sp[PATH_SPAN][0]] + path)

    def _path_context(self) -> tuple[bool, bool]:
        """(has an authority, is a relative reference without one)."""
        rooted = self._sp[AUTHORITY_SPAN][0] >= 0
        return rooted, not rooted and self._sp[SCHEME_SPAN][0] < 0

    def joinpath(self, *segments: str, encoded: bool = False) -> Self:
        """A copy with decoded ``segments`` appended to the path; no query or fragment.

        A "/" in a segment separates segments; every other character a segment
        cannot carry is percent-encoded. The base's trailing empty segment is
        replaced, and an empty path after an authority becomes "/".
        ``encoded=True`` takes the segments as already encoded (and checks them).
        A "." or ".." segment raises :class:`~urikit.URIError` unless
        ``encoded=True``: no encoding makes it data (``%2E`` is ``.``, RFC 3986
        section 2.3) and resolution removes it with its parent (section 5.2.4).

        >>> str(parse("http://h/a/?q#f").joinpath("b c", "d/e?#%"))
        'http://h/a/b%20c/d/e%3F%23%25'
        >>> str(parse("http://h").joinpath("%7E", encoded=True))
        'http://h/%7E'
        """
        return self._join(segments, encoded) if segments else self

    def __truediv__(self, segment: str) -> Self:
        """``ref / "segment"`` is ``ref.joinpath("segment")``.

        >>> str(parse("https://api.example/v1") / "users" / "a b")
        'https://api.example/v1/users/a%20b'
        """
        if type(segment) is not str and not isinstance(segment, str):
            return NotImplemented
        return self._join((segment,), False)

    def _join(self, segments: tuple[str, ...], encoded: bool) -> Self:
        sp = self._sp
        rooted = sp[AUTHORITY_SPAN][0] >= 0
        p0, p1 = sp[PATH_SPAN]
        text = self._text
        path = _editing.join_path(
            text[p0:p1],
            rooted,
            not rooted and sp[SCHEME_SPAN][0] < 0,
            segments,
            encoded,
            self._codec,
            "URIReference.joinpath",
        )
        return self._edited(text[:p0] + path)

    @property
    def parent(self) -> Self:
        """A copy without the path's last segment, query or fragment (the root stays).

        >>> [str(parse(s).parent) for s in ("http://h/a/b?q", "http://h/a/b/", "http://h/a")]
        ['http://h/a', 'http://h/a/b', 'http://h/']
        """
        return self._with_new_path(_editing.parent_path(self.path))

    @property
    def name(self) -> str:
        """The path's last segment, decoded (``""`` after a trailing "/").

        >>> parse("http://h/a/r%C3%A9sum%C3%A9.tar.gz?x").name
        'résumé.tar.gz'
        """
        return percent_decode(_editing.last_segment(self.path), component="path")

    @property
    def suffix(self) -> str:
        """The name's last "." and what follows, or ``""`` (not for ".hidden" or "a.").

        >>> parse("/a/b.tar.gz").suffix, parse("/a/.profile").suffix
        ('.gz', '')
        """
        return _editing.suffix_of(self.name)

    @property
    def suffixes(self) -> tuple[str, ...]:
        """Every suffix of the name.

        >>> parse("/a/b.tar.gz").suffixes
        ('.tar', '.gz')
        """
        return _editing.suffixes_of(self.name)

    def with_name(self, name: str) -> Self:
        """A copy with the path's last segment replaced by the decoded ``name``
        (encoded); no query or fragment. A "/" in ``name`` raises
        :class:`~urikit.URIError`, as do "." and "..".

        >>> str(parse("http://h/a/b.txt?q").with_name("c d.txt"))
        'http://h/a/c%20d.txt'
        """
        if type(name) is not str:
            check_str(name, "URIReference.with_name", "name")
        rooted, noscheme = self._path_context()
        path = _editing.replace_name(
            self.path, rooted, noscheme, name, self._codec, "URIReference.with_name"
        )
        return self._with_new_path(path)

    def with_suffix(self, suffix: str) -> Self:
        """A copy with the name's suffix replaced by ``suffix`` (``""`` removes it);
        no query or fragment. The rest of the segment keeps its bytes as written.

        >>> str(parse("http://h/%7Ea/b.tar.gz").with_suffix(".zip"))
        'http://h/%7Ea/b.tar.zip'
        """
        if type(suffix) is not str:
            check_str(suffix, "URIReference.with_suffix", "suffix")
        rooted, noscheme = self._path_context()
        path = _editing.replace_suffix(
            self.path, rooted, noscheme, suffix, self._codec, "URIReference.with_suffix"
        )
        return self._with_new_path(path)

    def update_query(
        self,
        params: Mapping[str, str | None] | Iterable[tuple[str, str | None]],
        *,
        form: bool = False,
        encoding: str = "utf-8",
    ) -> Self:
        """A copy where each name in ``params`` has the given value(s) only.

        The given pairs take the place of the name's first parameter (its others
        are removed); new names are appended. Every other parameter, its
        separators and its percent-encoding stay as written, as does the
        fragment. New names and values are percent-encoded, "&", "=", "#", "+"
        and space included (space as ``%20``); ``form=True`` writes space as "+"
        (``application/x-www-form-urlencoded``) and reads "+" in the names
        already there as space. A value of ``None`` writes the name alone.

        >>> str(parse("http://h/?a=%7e&b=1&b=2#f").update_query({"b": "x y"}))
        'http://h/?a=%7e&b=x%20y#f'
        >>> str(parse("http://h/?q=a+b").update_query([("q", "c d")], form=True))
        'http://h/?q=c+d'
        """
        text = _editing.update_query(
            self._text,
            self.query,
            self.fragment,
            params,
            form,
            encoding,
            self._codec,
            "URIReference.update_query",
        )
        if text is None:
            return self
        if type(self) is URIReference:
            ref: Self = _parse_edited(text)  # parse, in C when built
            return ref
        return self._new(text, self._codec.spans(text))

    def extend_query(
        self,
        params: Mapping[str, str | None] | Iterable[tuple[str, str | None]],
        *,
        form: bool = False,
        encoding: str = "utf-8",
    ) -> Self:
        """A copy with the pairs of ``params`` appended to the query, encoded as by
        :meth:`update_query`; everything already there stays as written.

        >>> str(parse("http://h/?a=1#f").extend_query([("a", "2"), ("b", None)]))
        'http://h/?a=1&a=2&b#f'
        """
        text = _editing.extend_query(
            self._text,
            self.query,
            self.fragment,
            params,
            form,
            encoding,
            self._codec,
            "URIReference.extend_query",
        )
        return self if text is None else self._edited(text)

    def without_query_params(
        self, *names: str, form: bool = False, encoding: str = "utf-8"
    ) -> Self:
        """A copy without the parameters called any of ``names`` (decoded); every
        other one stays as written, and the query is removed when none is left.

        >>> str(parse("http://h/?utm_source=x&id=%7e7#f").without_query_params("utm_source"))
        'http://h/?id=%7e7#f'
        >>> str(parse("http://h/?utm_source=x").without_query_params("utm_source"))
        'http://h/'
        """
        text = _editing.without_query_params(
            self._text,
            self.query,
            self.fragment,
            names,
            form,
            encoding,
            "URIReference.without_query_params",
        )
        return self if text is None else self._edited(text)

    def query_values(
        self, name: str, *, form: bool = False, encoding: str = "utf-8"
    ) -> list[str | None]:
        """The decoded values of every parameter called ``name``, in order
        (``None`` for one without "="); ``form=True`` reads "+" as space.

        >>> parse("?a=1&b&a=x%20y&a").query_values("a")
        ['1', 'x y', None]
        """
        if type(name) is not str:
            check_str(name, "URIReference.query_values", "name")
        check_codec(encoding, "strict", "URIReference.query_values")
        return _editing.query_values(self.query, name, form, encoding)

    def query_param(
        self, name: str, default: str | None = None, *, form: bool = False, encoding: str = "utf-8"
    ) -> str | None:
        """The decoded value of the first parameter called ``name``, or ``default``
        when there is none (a parameter without "=" gives ``None``: see
        :meth:`query_values` to tell it from an absent one).

        >>> ref = parse("?page=2&q=a%20b&page=3")
        >>> ref.query_param("page"), ref.query_param("q"), ref.query_param("x", "1")
        ('2', 'a b', '1')
        """
        if type(name) is not str:
            check_str(name, "URIReference.query_param", "name")
        check_optional_str(default, "URIReference.query_param", "default")
        check_codec(encoding, "strict", "URIReference.query_param")
        values = _editing.query_values(self.query, name, form, encoding)
        return values[0] if values else default

    def origin(self) -> Self:
        """The RFC 6454 origin, ``scheme://host[:port]``, as a reference.

        The scheme and host are lower-cased (RFC 3986 section 6.2.2 syntax
        normalization), the userinfo, path, query and fragment dropped, and the
        port written only when it is not the scheme's default port (in the
        built-in scheme registry). A reference without a scheme, an authority
        (a URN, ``mailto:``) or a host raises :class:`~urikit.URIError` (reason
        ``"no-origin"``, naming the component missing).

        >>> str(parse("HTTPS://user@API.Example.com:443/v1?k#f").origin())
        'https://api.example.com'
        >>> str(parse("http://h:8080/").origin())
        'http://h:8080'
        >>> parse("urn:isbn:0451450523").origin()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        urikit.errors.URIError: no origin: a reference without an authority ...
        """
        return self._edited(_editing.origin_text(self._text, self._sp))

    # -- operations ----------------------------------------------------------------

    def resolve(
        self, reference: str | URIReference, *, strict: bool = True, rules: str = "rfc3986"
    ) -> URIReference:
        """Resolve ``reference`` with this reference as the base (RFC 3986 section 5.2,
        or the older algorithm named by ``rules``, see :func:`urikit.resolve`).

        >>> str(parse("http://a/b/c/d;p?q").resolve("../g"))
        'http://a/b/g'
        >>> str(parse("http://a/b/c/d;p?q").resolve("?y", rules="rfc2396"))
        'http://a/b/c/?y'
        """
        if not isinstance(reference, (str, URIReference)):
            raise arg_type_error(
                "URIReference.resolve", "reference", "str or URIReference", reference
            )
        check_str(rules, "URIReference.resolve", "rules")
        return parse(resolve(self._text, str(reference), strict=strict, rules=rules))

    def relativize(self, target: str | URIReference) -> URIReference:
        """The shortest reference that resolves against this base to ``target``.

        >>> str(parse("http://a/b/c/d").relativize("http://a/b/c/e"))
        'e'
        """
        if not isinstance(target, (str, URIReference)):
            raise arg_type_error("URIReference.relativize", "target", "str or URIReference", target)
        return parse(relativize(self._text, str(target)))

    def normalize(
        self, level: str = "scheme", *, registry: SchemeRegistry | None = None
    ) -> URIReference:
        """The RFC 3986 section 6 normal form, as a new reference (see
        :func:`urikit.normalize`)."""
        check_str(level, "URIReference.normalize", "level")
        if registry is None:
            return parse(_normalize(self._text, level))
        return parse(_normalize(self._text, level, registry=registry))

    def to_dict(self) -> dict[str, Any]:
        """The components and derived facts, as a JSON-ready dict."""
        return {
            "uri": self._text,
            "kind": self.kind,
            "scheme": self.scheme,
            "authority": self.authority,
            "userinfo": self.userinfo,
            "host": self.host,
            "host_kind": self.host_kind,
            "port": self.port,
            "path": self.path,
            "query": self.query,
            "fragment": self.fragment,
        }


_set = object.__setattr__


def parse(text: str, rule: str = "URI-reference") -> URIReference:
    """Parse ``text`` as an RFC 3986 ``rule`` ("URI-reference" by default).

    Raises :class:`~urikit.URIError` (a ``ValueError``) naming the component,
    reason and 0-based position of the first offending character.

    >>> parse("foo://example.com:8042/over/there?name=ferret#nose").authority
    'example.com:8042'
    >>> parse("http://exa mple.com/")
    Traceback (most recent call last):
    urikit.errors.URIError: invalid character ' ' in host at position 10
    """
    if type(text) is not str:
        check_str(text, "parse", "text")
        text = str(text)
    if type(rule) is not str:
        check_str(rule, "parse", "rule")
    sp = split(text, rule)
    if sp is None:
        raise diagnose(text, rule)
    self = object.__new__(URIReference)
    _set(self, "_text", text)
    _set(self, "_sp", sp)
    return self


def is_valid(text: str, rule: str = "URI-reference", grammar: str = "rfc3986") -> bool:
    """True when ``text`` matches the RFC 3986 ``rule``.

    ``rule`` is one of "URI-reference" (default), "URI", "absolute-URI" and
    "relative-ref" (RFC 3986 Appendix A). ``grammar="rfc2396"`` checks RFC 2396
    Appendix A with RFC 2732 IPv6 hosts instead (``rule`` may then also be
    "absoluteURI" or "relativeURI"); see :mod:`urikit.legacy.grammars`.
    ``grammar="rfc1738"`` checks RFC 1738 section 5 and ``grammar="draft-1993"``
    the 1993 URL draft's BNF, each with its per-scheme rules; for them the
    default ``rule`` means the whole grammar ("url", resp. "fragmentaddress") and
    ``rule`` may name one of their own rules (see :mod:`urikit.legacy.rfc1738`
    and :mod:`urikit.legacy.draft1993`).

    >>> is_valid("http://a/b"), is_valid("a b"), is_valid("/p", rule="URI")
    (True, False, False)
    >>> is_valid("mailto:"), is_valid("mailto:", grammar="rfc2396")
    (True, False)
    >>> is_valid("http://h/~u", grammar="rfc1738"), is_valid("a b:c", grammar="draft-1993")
    (False, True)
    """
    if type(text) is not str or type(rule) is not str or type(grammar) is not str:
        check_str(text, "is_valid", "text")
        check_str(rule, "is_valid", "rule")
        check_str(grammar, "is_valid", "grammar")
    if grammar != "rfc3986":  # the older documents' grammars, registered by urikit.legacy
        return grammars.get(grammar)(text, rule)
    return split(text, rule) is not None


#: What an edit of a URIReference builds its copy with (the C parse when built).
_parse_edited: Callable[[str], Any] = parse

# The C boundary (see urikit.core._accel): install URIReference as the type the fast
# parse builds (it fills SpanRecord's two slots), then bind the C twins.
if set_reference_type is not None and set_error_type is not None:
    set_reference_type(SpanRecord, URIReference)
    # parse's C twin raises URIError itself where diagnose would make it from
    # the location C found (the slots filled, the message worded on first use)
    set_error_type(URIError, diagnose)
    parse = accelerate("parse", parse, diagnose)
    _parse_edited = parse
    is_valid = accelerate("is_valid", is_valid)
    # Component properties read SpanRecord's slots and slice in C (class access
    # still gives the property; anything unusual is handed to it).
    for _name, _group in COMPONENT_SPANS.items():
        _prop = URIReference.__dict__[_name]
        assert component_getter is not None
        _getter = component_getter(_prop, _group, _name == "path")
        setattr(URIReference, _name, _getter)
