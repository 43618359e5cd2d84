"""The code behind :mod:`urikit.reference` (the face that documents it)."""

from __future__ import annotations

import sys

from ._accel import SpanRecord, accelerate, speedups
from ._building import Buildable, _authority, install
from ._errors import URIError, arg_type_error, check_codec, check_str
from ._extras import imported
from ._fields import json_fields, names
from ._hooks import grammars
from ._normalization import normalize as _normalize
from ._parser import (
    AUTHORITY_SPAN,
    COMPONENT_SPANS,
    FRAGMENT_SPAN,
    PATH_SPAN,
    PORT_SPAN,
    QUERY_SPAN,
    SCHEME_SPAN,
    diagnose,
    host_kind,
    split,
)
from ._percent import decode_in
from ._resolution import recompose, relativize, resolve
from ._schemeinfo import DEFAULT_REGISTRY, SchemeRegistry

# the C kernels this module calls (None in the pure-Python build)
component_getter = None if speedups is None else speedups.component_getter
set_error_type = None if speedups is None else speedups.set_error_type
set_reference_type = None if speedups is None else speedups.set_reference_type

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final, NoReturn

__all__ = ["URIReference", "is_valid", "parse"]

#: The registrable-domain layer, above the core: the site properties import it by
#: name on first use (tests/project/test_layers.py lists this lookup).
_DOMAINS = "urikit.domains"


def _decode_optional(ref: URIReference, component: str, encoding: str, errors: str) -> str | None:
    """The ``decoded_<component>()`` accessor: the component percent-decoded,
    ``None`` kept; an error gives its position in the reference's text."""
    if type(encoding) is not str or type(errors) is not str:
        check_codec(encoding, errors, ref._func("decoded_" + component))
    a, b = ref._sp[COMPONENT_SPANS[component]]
    if a < 0:
        return None
    text = ref._text
    return decode_in(text, a, text[a:b], encoding, component, errors)


class URIReference(Buildable):
    """An RFC 3986 URI-reference: a URI or a relative reference (section 4.1).

    Create one with :func:`parse`, :meth:`from_components` (encoded values) or
    :meth:`build` (decoded values). Instances are immutable and hashable; two
    are equal when their texts are identical (use :func:`urikit.equivalent`
    for RFC 3986 section 6 equivalence).
    """

    # The two slots (_text, _sp) are SpanRecord's, the layout the C accelerator
    # shares (see urikit.core._accel); a slot added here would break the fast parse.
    # Components, builders and edits are Buildable's (urikit.core._building).
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

    # -- derived facts ---------------------------------------------------------------

    @property
    def host_kind(self) -> str | None:
        """ "reg-name", "ipv4", "ipv6" or "ipvfuture"; ``None`` without a host.

        >>> parse("http://[v7.x]/").host_kind, parse("//127.0.0.1").host_kind
        ('ipvfuture', 'ipv4')
        """
        host = self.host
        return None if host is None else host_kind(host)

    # -- the site: urikit.domains (the Public Suffix List), imported on first use ---

    @property
    def public_suffix(self) -> str | None:
        """The host's public suffix, :func:`urikit.domains.public_suffix` (the
        list's private section too); ``None`` without a host, for an IP address."""
        host = self.host
        if host is None:
            return None
        found: str | None = imported(_DOMAINS).public_suffix(host)
        return found

    @property
    def registrable_domain(self) -> str | None:
        """The host's registrable domain, :func:`urikit.domains.registrable_domain`
        (the list's private section too); ``None`` without a host, for an IP
        address or a host that is a public suffix."""
        host = self.host
        if host is None:
            return None
        found: str | None = imported(_DOMAINS).registrable_domain(host)
        return found

    def same_site(self, other: str | URIReference, *, private: bool = True) -> bool:
        """Is ``other`` same site with this reference (the same scheme and
        registrable domain, as the HTML standard reads it)?
        :func:`urikit.domains.same_site`."""
        if not isinstance(other, str | URIReference):
            raise arg_type_error(self._func("same_site"), "other", "str or URIReference", other)
        answer: bool = imported(_DOMAINS).same_site(self, other, private=private)
        return answer

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
            raise arg_type_error(self._func("port_is_unusual"), "below", "int or None", below)
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

    # A decoded accessor's error (bytes that are not ``encoding``) gives the position
    # of the offending "%XX" in the reference's text, and that text.

    def decoded_userinfo(self, encoding: str = "utf-8", errors: str = "strict") -> str | None:
        """The userinfo, percent-decoded."""
        return _decode_optional(self, "userinfo", encoding, errors)

    def decoded_host(self, encoding: str = "utf-8", errors: str = "strict") -> str | None:
        """The host, percent-decoded (IP literals are returned as written)."""
        return _decode_optional(self, "host", encoding, errors)

    def decoded_path(self, encoding: str = "utf-8", errors: str = "strict") -> str:
        """The path, percent-decoded (an encoded "/" becomes indistinguishable).

        >>> parse("http://h/a%20b/%FF").decoded_path()
        Traceback (most recent call last):
        urikit.errors.URIError: percent-encoded bytes are not valid utf-8 at position 15
        """
        decoded = _decode_optional(self, "path", encoding, errors)
        assert decoded is not None  # the path is always there
        return decoded

    def decoded_query(self, encoding: str = "utf-8", errors: str = "strict") -> str | None:
        """The query, percent-decoded."""
        return _decode_optional(self, "query", encoding, errors)

    def decoded_fragment(self, encoding: str = "utf-8", errors: str = "strict") -> str | None:
        """The fragment, percent-decoded."""
        return _decode_optional(self, "fragment", encoding, errors)

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
        if type(encoding) is not str or type(errors) is not str:
            check_codec(encoding, errors, self._func("decoded_path_segments"))
        a, b = self._sp[PATH_SPAN]
        text = self._text
        path = text[a:b]
        if not path:
            return []
        if path.startswith("/"):
            path = path[1:]
            a += 1
        if "%" not in path:
            return path.split("/")
        out = []
        for seg in path.split("/"):
            out.append(decode_in(text, a, seg, encoding, "path", errors))
            a += len(seg) + 1
        return out

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
        if type(encoding) is not str or type(errors) is not str:
            check_codec(encoding, errors, self._func("decoded_query_params"))
        query = self.query
        if not query:
            return []
        text = self._text
        at = self._sp[QUERY_SPAN][0]
        pairs: list[tuple[str, str | None]] = []
        for item in query.split("&"):
            if plus_as_space:
                item = item.replace("+", " ")
            name, eq, value = item.partition("=")
            pairs.append(
                (
                    decode_in(text, at, name, encoding, "query", errors),
                    decode_in(text, at + len(name) + 1, value, encoding, "query", errors)
                    if eq
                    else None,
                )
            )
            at += len(item) + 1
        return pairs

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
        return {"uri": self._text, **json_fields(self, _DICT_FIELDS)}


#: The fields of :meth:`URIReference.to_dict` after ``uri``, in order.
_DICT_FIELDS: Final = names(
    "kind scheme authority userinfo host host_kind port path query fragment"
)

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


# The C boundary (see urikit.core._accel): install URIReference as the type the fast
# parse builds (it fills SpanRecord's two slots), then bind the C twins.
if set_reference_type is not None and set_error_type is not None:
    set_reference_type(SpanRecord, URIReference)
    # parse's C twin raises URIError itself where diagnose would make it from
    # the location C found (the slots filled, the message worded on first use)
    set_error_type(URIError, diagnose)
    parse = accelerate("parse", parse, diagnose=diagnose)
    is_valid = accelerate("is_valid", is_valid)
    # Component properties read SpanRecord's slots and slice in C (class access
    # still gives the property; anything unusual is handed to it).
    for _name, _group in COMPONENT_SPANS.items():
        _prop = Buildable.__dict__[_name]
        assert component_getter is not None
        _getter = component_getter(_prop, _group, _name == "path")
        setattr(URIReference, _name, _getter)

# Edits of an exact URIReference are re-parsed by parse (the C one when built).
install(URIReference, parse)
