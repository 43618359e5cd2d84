"""Building and editing a reference: the half of ``URIReference`` that writes text.

:class:`Buildable` holds the components as written (sliced from the text by its
spans), the constructors from components (:meth:`~Buildable.from_components`
for encoded values, :meth:`~Buildable.build` for decoded ones), the copies with
one component changed (``with_*()``) and the edits of the path and the query
(``joinpath``, ``with_name``, ``update_query`` ... whose text work is in
``urikit.core._editing``). What a component may carry is the class's codec's
(``_codec``): a subclass with another codec (``urikit.iri.IRIReference``) gets
every builder and edit with its own character check.
:class:`urikit.core._reference.URIReference` is its public subclass; that module
installs itself here (:func:`install`), as the type whose edits are re-parsed by
its ``parse`` (in C when built) and the names these examples use.

>>> ref = parse("http://h/a?q")
>>> str(ref.with_path("/b")), str(ref.joinpath("c d")), str(ref.update_query({"q": "1"}))
('http://h/b?q', 'http://h/a/c%20d', 'http://h/a?q=1')
"""

from __future__ import annotations

# ``collections.abc`` re-exports these from ``_collections_abc``, which the interpreter
# has loaded at startup; importing ``collections.abc`` would load the ``collections``
# package too, a measurable part of ``import urikit``.
from _collections_abc import Iterable, Mapping

from . import _editing
from ._accel import SpanRecord
from ._charsets import FRAGMENT, PATH, PCHAR_NC, QUERY, REG_NAME, USERINFO
from ._errors import URIError, arg_type_error, check_optional_str, check_str
from ._parser import (
    AUTHORITY_SPAN,
    FRAGMENT_SPAN,
    HOST_SPAN,
    PATH_SPAN,
    PORT_SPAN,
    QUERY_SPAN,
    SCHEME_SPAN,
    USERINFO_SPAN,
    Spans,
    is_ipv4address,
    is_ipv6address,
)
from ._percent import decode_in
from ._resolution import recompose

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, ClassVar, Self

__all__ = ["Buildable", "install"]

#: The public subclass and its ``parse``, set by :func:`install` (urikit.core._reference).
URIReference: type[Buildable]
parse: Callable[[str], Any]


def install(cls: type[Buildable], parse_function: Callable[[str], Any]) -> None:
    """Make ``cls`` the type whose edits are re-parsed by ``parse_function``
    (called once, by urikit.core._reference)."""
    global URIReference, parse
    URIReference = cls
    parse = parse_function


#: A query parameter's value given to an edit: ``int`` and ``float`` are written as
#: ``str()`` writes them, ``None`` writes the name alone.
QueryValue = str | int | float | None
#: The parameters given to a query edit: a mapping (whose value may be a list or
#: tuple of values, one parameter each) or an iterable of ``(name, value)`` pairs.
QueryParams = (
    Mapping[str, QueryValue | list[QueryValue] | tuple[QueryValue, ...]]
    | Iterable[tuple[str, QueryValue]]
)
#: A keyword argument's value in a query edit.
QueryArg = QueryValue | list[QueryValue] | tuple[QueryValue, ...]


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


class Buildable(SpanRecord):
    """The components as written, the builders and the edits of
    :class:`urikit.core._reference.URIReference` (its base; no slot of its own)."""

    # The two slots (_text, _sp) are SpanRecord's, the layout the C accelerator
    # shares (see urikit.core._accel); a slot added here would break the fast parse.
    __slots__ = ()

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

        >>> from urikit import URIReference
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

        >>> from urikit import URIReference
        >>> str(URIReference.build(scheme="http", host="::1", path="/a b/ü", query="q=1 2"))
        'http://[::1]/a%20b/%C3%BC?q=1%202'
        >>> str(URIReference.build(path="a:b/c"))
        'a%3Ab/c'
        """
        func = f"{cls.__name__}.build"
        _check_component_args(func, scheme, userinfo, host, path, query, fragment)
        if encoding != "utf-8":
            _editing.check_encoding(encoding, func)
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

    def _with(self, component: str, value: str | None) -> Self:
        """``with_<component>(value)``: a copy with ``value`` (encoded, a ``str`` or
        ``None``) as ``component``."""
        if value is not None and type(value) is not str:
            check_optional_str(value, self._func("with_" + component), component)
        return self._replace(**{component: value})

    def with_scheme(self, scheme: str | None) -> Self:
        """A copy with another (encoded) scheme; ``None`` removes it."""
        return self._with("scheme", scheme)

    def with_userinfo(self, userinfo: str | None) -> Self:
        """A copy with another (encoded) userinfo; ``None`` removes it."""
        return self._with("userinfo", userinfo)

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
        return self._with("host", host)

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
        return self._with("query", query)

    def with_fragment(self, fragment: str | None) -> Self:
        """A copy with another (encoded) fragment; ``None`` removes it."""
        return self._with("fragment", fragment)

    def with_query_params(
        self,
        params: QueryParams | None = (),
        /,
        *,
        encoding: str = "utf-8",
        **kwargs: QueryArg,
    ) -> Self:
        """A copy whose query is built from decoded ``(name, value)`` pairs:
        ``params`` (a mapping or an iterable of pairs), then the keyword arguments.

        Names and values are written as :meth:`update_query` writes them (by the
        class's codec: an :class:`~urikit.iri.IRIReference` keeps the characters
        an IRI allows), "&", "=", "+" and "#" percent-encoded; an ``int`` or a
        ``float`` as ``str()`` writes it; a value of ``None`` writes the name alone;
        a mapping's value may be a list or tuple of values. No pairs give an empty
        query; ``params=None`` removes the query (as :meth:`with_query` does).

        >>> str(parse("http://h/").with_query_params([("q", "a&b c"), ("flag", None)]))
        'http://h/?q=a%26b%20c&flag'
        >>> str(parse("http://h/").with_query_params(page=2, tag=["a", "b"]))
        'http://h/?page=2&tag=a&tag=b'
        >>> str(parse("http://h/?x").with_query_params(None))
        'http://h/'
        """
        func = self._func("with_query_params")
        if params is None:
            if kwargs:
                raise TypeError(
                    f"{func}() takes params=None (no query) or keyword arguments, not both"
                )
            if encoding != "utf-8":
                _editing.check_encoding(encoding, func)
            return self._replace(query=None)
        return self._replace(query=_editing.query_of(params, kwargs, encoding, self._codec, func))

    # -- edits: path segments, query parameters, origin (urikit.core._editing) -----------

    #: How edits write and check text (``urikit.iri`` keeps the IRI characters).
    _codec: ClassVar[_editing.Codec] = _editing.URI_CODEC

    def _edited(self, text: str) -> Self:
        """A reference of this type holding ``text`` (``self`` when it is the same)."""
        if text == self._text:
            return self
        if type(self) is URIReference:
            ref: Self = parse(text)  # in C when built
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
            "URIReference.joinpath" if type(self) is URIReference else self._func("joinpath"),
        )
        return self._edited(text[:p0] + path)

    @property
    def parent(self) -> Self:
        """A copy without the path's last segment, query or fragment (the root stays).

        The path is read as RFC 3986 section 5.2.4 leaves it: its dot segments
        removed (a "%2E" is a "."), so the parent of ``/a/b/..`` (which is ``/a/``)
        is ``/a``. A relative path that reads as a directory of its base (``..``,
        ``a/..``) raises :class:`~urikit.URIError`: only the base knows its parent.

        >>> [str(parse(s).parent) for s in ("http://h/a/b?q", "http://h/a/b/", "http://h/a")]
        ['http://h/a', 'http://h/a/b', 'http://h/']
        >>> str(parse("http://h/a/b/..").parent)
        'http://h/a'
        """
        p0, p1 = self._sp[PATH_SPAN]
        text = self._text
        rooted, noscheme = self._path_context()
        return self._with_new_path(_editing.parent_path(text[p0:p1], rooted, noscheme, p0, text))

    @property
    def name(self) -> str:
        """The path's last segment, decoded (``""`` after a trailing "/", and when
        the last segment is "." or "..", which leave the path ending in "/" once
        removed, RFC 3986 section 5.2.4).

        >>> parse("http://h/a/r%C3%A9sum%C3%A9.tar.gz?x").name
        'résumé.tar.gz'
        >>> parse("http://h/a/b/..").name
        ''
        """
        a, b = self._sp[PATH_SPAN]
        text = self._text
        segment = _editing.last_segment(text[a:b])
        return decode_in(text, b - len(segment), segment, "utf-8", "path")

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
        :class:`~urikit.URIError`, as do "." and "..". The path is read as
        :attr:`parent` reads it: the name of ``/a/b/..`` (which is ``/a/``) is
        the empty segment after ``/a/``.

        >>> str(parse("http://h/a/b.txt?q").with_name("c d.txt"))
        'http://h/a/c%20d.txt'
        >>> str(parse("http://h/a/b/..").with_name("c"))
        'http://h/a/c'
        """
        func = "URIReference.with_name" if type(self) is URIReference else self._func("with_name")
        if type(name) is not str:
            check_str(name, func, "name")
        rooted, noscheme = self._path_context()
        path = _editing.replace_name(self.path, rooted, noscheme, name, self._codec, func)
        return self._with_new_path(path)

    def with_suffix(self, suffix: str) -> Self:
        """A copy with the name's suffix replaced by ``suffix`` (``""`` removes it);
        no query or fragment. The rest of the segment keeps its bytes as written.
        A path without a name (ending in "/", or in "." or "..", which leave it
        ending in "/") raises :class:`~urikit.URIError`.

        >>> str(parse("http://h/%7Ea/b.tar.gz").with_suffix(".zip"))
        'http://h/%7Ea/b.tar.zip'
        """
        func = (
            "URIReference.with_suffix" if type(self) is URIReference else self._func("with_suffix")
        )
        if type(suffix) is not str:
            check_str(suffix, func, "suffix")
        p0, p1 = self._sp[PATH_SPAN]
        text = self._text
        rooted, noscheme = self._path_context()
        path = _editing.replace_suffix(
            text[p0:p1], rooted, noscheme, suffix, self._codec, func, p0, text
        )
        return self._with_new_path(path)

    def update_query(
        self,
        params: QueryParams = (),
        /,
        *,
        form: bool = False,
        encoding: str = "utf-8",
        **kwargs: QueryArg,
    ) -> Self:
        """A copy where each name in ``params`` (a mapping or an iterable of
        ``(name, value)`` pairs) and in the keyword arguments has the given
        value(s) only.

        The given values take the place of the name's first parameter (its others
        are removed); new names are appended. Every other parameter, its
        separators and its percent-encoding stay as written, as does the
        fragment. New names and values are percent-encoded, "&", "=", "#", "+"
        and space included (space as ``%20``); ``form=True`` writes space as "+"
        (``application/x-www-form-urlencoded``) and reads "+" in the names
        already there as space. A value is a ``str``, an ``int`` or a ``float``
        (written as ``str()`` writes it, as in yarl) or ``None`` (the name alone);
        a mapping's or keyword's value may be a list or tuple of values, one
        parameter each (an empty one removes the name). A parameter called
        ``form`` or ``encoding`` goes in ``params``. ``encoding`` must write ASCII
        as ASCII (not UTF-16, UTF-32, UTF-7).

        >>> str(parse("http://h/?a=%7e&b=1&b=2#f").update_query({"b": "x y"}))
        'http://h/?a=%7e&b=x%20y#f'
        >>> str(parse("http://h/?q=a+b").update_query([("q", "c d")], form=True))
        'http://h/?q=c+d'
        >>> str(parse("http://h/?page=1&a=x").update_query(page=2, tag=["a", "b"]))
        'http://h/?page=2&a=x&tag=a&tag=b'
        """
        text = _editing.update_query(
            self._text,
            self.query,
            self.fragment,
            params,
            kwargs,
            form,
            encoding,
            self._codec,
            "URIReference.update_query"
            if type(self) is URIReference
            else self._func("update_query"),
        )
        return self if text is None else self._edited(text)

    def extend_query(
        self,
        params: QueryParams = (),
        /,
        *,
        form: bool = False,
        encoding: str = "utf-8",
        **kwargs: QueryArg,
    ) -> Self:
        """A copy with the pairs of ``params`` and then the keyword arguments
        appended to the query, given and encoded as for :meth:`update_query`;
        everything already there stays as written.

        >>> str(parse("http://h/?a=1#f").extend_query([("a", "2"), ("b", None)]))
        'http://h/?a=1&a=2&b#f'
        >>> str(parse("http://h/?a=1").extend_query(a=[2, 3.5]))
        'http://h/?a=1&a=2&a=3.5'
        """
        text = _editing.update_query(
            self._text,
            self.query,
            self.fragment,
            params,
            kwargs,
            form,
            encoding,
            self._codec,
            "URIReference.extend_query"
            if type(self) is URIReference
            else self._func("extend_query"),
            True,
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
            "URIReference.without_query_params"
            if type(self) is URIReference
            else self._func("without_query_params"),
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
            check_str(name, self._func("query_values"), "name")
        if encoding != "utf-8":
            _editing.check_encoding(encoding, self._func("query_values"))
        start = self._sp[QUERY_SPAN][0]
        return _editing.query_values(self._text, start, self.query, name, form, encoding)

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
        if type(name) is not str or (default is not None and type(default) is not str):
            check_str(name, self._func("query_param"), "name")
            check_optional_str(default, self._func("query_param"), "default")
        if encoding != "utf-8":
            _editing.check_encoding(encoding, self._func("query_param"))
        start = self._sp[QUERY_SPAN][0]
        values = _editing.query_values(self._text, start, self.query, name, form, encoding)
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


_set = object.__setattr__
