"""The editing behind ``URIReference``'s path, query and origin methods.

Every function here takes the text of a reference (or one component of it) and
returns the new text; ``urikit.reference`` turns that into a reference. Nothing
that an edit does not name is rewritten: the parameters of the query that are
not named keep their bytes, separators and percent-encoding as written, and the
path before the last segment is kept as written.

Writing and checking text is a :class:`Codec`'s: the URI one percent-encodes
everything a component does not allow, as UTF-8 (or ``encoding``); the IRI one
(``urikit.iri``) keeps the characters an IRI allows.

>>> join_path("/a/", True, False, ("b c", "d/e"), False, URI_CODEC, "joinpath")
'/a/b%20c/d/e'
>>> update_query("a=%7e&b=1&b=2", [("b", "x y")], False, "utf-8", URI_CODEC, "update_query")
(True, 'a=%7e&b=x%20y')
"""

from __future__ import annotations

from _collections_abc import Iterable, Mapping

from ._charsets import PCHAR, PCHAR_NC, QUERY
from ._parser import (
    HOST_SPAN,
    PATH_SPAN,
    PORT_SPAN,
    QUERY_SPAN,
    SCHEME_SPAN,
    Spans,
    check_component,
    diagnose,
    split,
)
from ._schemeinfo import DEFAULT_REGISTRY
from .errors import URIError, arg_type_error, check_codec
from .normalize import normalize_percent
from .percent import COMPONENT_SAFE, encode_except, percent_decode, percent_encode

TYPE_CHECKING = False  # typing is imported for type checkers only (import cost)
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "QUERY_PARAM_SAFE",
    "URI_CODEC",
    "Codec",
    "extend_query",
    "join_path",
    "last_segment",
    "origin_text",
    "pairs_of",
    "parent_path",
    "query_values",
    "replace_name",
    "replace_query",
    "replace_suffix",
    "suffix_of",
    "suffixes_of",
    "update_query",
    "without_query_params",
]

#: What a query parameter's name or value may carry literally: the query's
#: characters but the pair separators "&" and "=", "+" (read as " " by HTML forms)
#: and "#".
QUERY_PARAM_SAFE: Final = QUERY - frozenset("&=+#")

#: Component names of the safe sets that ``percent_encode`` (C when built) knows.
_NAMED_SAFE: Final = {safe: name for name, safe in COMPONENT_SAFE.items()}

_PAIRS: Final = "a mapping or an iterable of (str, str or None) pairs"

#: ASCII letters to lower case (a host's non-ASCII IRI characters are left alone).
_ASCII_LOWER: Final = {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}


class Codec:
    """How an edit writes text into a URI and checks text given as encoded.

    >>> URI_CODEC.encode("a b/é", PCHAR, "utf-8", "path")
    'a%20b%2F%C3%A9'
    """

    __slots__ = ()

    def encode(self, text: str, safe: frozenset[str], encoding: str, component: str) -> str:
        """``text`` with every character but ``safe`` and unreserved percent-encoded."""
        name = _NAMED_SAFE.get(safe)
        if name is not None and encoding == "utf-8":
            return percent_encode(text, name)  # the C encoder when built
        return encode_except(text, safe, encoding=encoding, component=component)

    def check(self, component: str, value: str) -> None:
        """Raise :class:`URIError` unless ``value`` is a valid encoded ``component``."""
        check_component(component, value)

    def spans(self, text: str) -> Spans:
        """The spans of an edited reference's ``text`` (:class:`URIError` if invalid)."""
        sp = split(text)
        if sp is None:
            raise diagnose(text)
        return sp


#: The codec of URIs.
URI_CODEC: Final = Codec()


# -- the path ----------------------------------------------------------------------


def _dot_error(given: str, offset: int) -> URIError:
    return URIError(
        "bad-value",
        "path",
        offset,
        given,
        detail=(
            "a '.' or '..' segment cannot be added as data: RFC 3986 section 2.3 makes"
            " '%2E' the same as '.', and resolution removes dot segments (section 5.2.4);"
            " pass encoded=True to write one as path syntax, or use resolve()"
        ),
    )


def join_path(
    path: str,
    rooted: bool,
    noscheme: bool,
    segments: tuple[str, ...],
    encoded: bool,
    codec: Codec,
    func: str,
) -> str:
    """``path`` with ``segments`` appended, each "/" in one separating segments.

    ``rooted``: the reference has an authority (an empty path becomes "/").
    ``noscheme``: a relative reference without an authority, whose first segment
    may hold no ":". The base's trailing empty segment is replaced.

    >>> join_path("", True, False, ("a:b",), False, URI_CODEC, "f")
    '/a:b'
    >>> join_path("", False, True, ("a:b",), False, URI_CODEC, "f")
    'a%3Ab'
    """
    if not path:
        head = "/" if rooted else ""
    elif path[-1] == "/":
        head = path
    else:
        head = path + "/"
    first = noscheme and not head
    out: list[str] = []
    for given in segments:
        if type(given) is not str:
            raise arg_type_error(func, "segments", "str", given)
        if encoded:
            codec.check("path", given)
            if first and ":" in given.split("/", 1)[0]:
                raise URIError("colon-in-first-segment", "path", given.index(":"), given)
            out.append(given)
            first = False
            continue
        offset = 0
        for piece in given.split("/"):
            if piece == "." or piece == "..":
                raise _dot_error(given, offset)
            out.append(codec.encode(piece, PCHAR_NC if first else PCHAR, "utf-8", "path"))
            first = False
            offset += len(piece) + 1
    new = head + "/".join(out)
    if not rooted:
        if new.startswith("//"):
            raise URIError("double-slash-path", "path", 0, new)
        if not path and len(out) > 1 and new.startswith("/"):
            raise URIError(
                "bad-value",
                "path",
                0,
                new,
                detail="an empty first segment would make the empty path absolute",
            )
    return new


def last_segment(path: str) -> str:
    """The path's last segment as written (``""`` after a trailing "/").

    >>> last_segment("/a/b%20c"), last_segment("/a/"), last_segment("x")
    ('b%20c', '', 'x')
    """
    return path[path.rfind("/") + 1 :]


def parent_path(path: str) -> str:
    """The path without its last segment (and the "/" before it); the root stays.

    >>> parent_path("/a/b"), parent_path("/a/b/"), parent_path("/a"), parent_path("a")
    ('/a', '/a/b', '/', '')
    """
    i = path.rfind("/")
    if i < 0:
        return ""
    return path[:i] or path[:1]


def suffix_of(name: str) -> str:
    """The last "." and what follows it in ``name``, if neither first nor last.

    >>> suffix_of("a.tar.gz"), suffix_of(".bashrc"), suffix_of("a."), suffix_of("a")
    ('.gz', '', '', '')
    """
    i = name.rfind(".")
    return name[i:] if 0 < i < len(name) - 1 else ""


def suffixes_of(name: str) -> tuple[str, ...]:
    """Every suffix of ``name`` (the leading dots of a hidden name are no suffix).

    >>> suffixes_of("a.tar.gz"), suffixes_of(".bashrc"), suffixes_of("a.")
    (('.tar', '.gz'), (), ())
    """
    if name.endswith("."):
        return ()
    return tuple("." + s for s in name.lstrip(".").split(".")[1:])


def _name_error(given: str, func: str) -> None:
    """Refuse a name holding "/" or being a dot segment."""
    slash = given.find("/")
    if slash >= 0:
        raise URIError(
            "bad-value",
            "path",
            slash,
            given,
            detail=f"{func}() takes one segment, without '/' (joinpath() adds several)",
        )
    if given == "." or given == "..":
        raise _dot_error(given, 0)


def replace_name(
    path: str, rooted: bool, noscheme: bool, name: str, codec: Codec, func: str
) -> str:
    """``path`` with its last segment replaced by the decoded ``name``, encoded.

    >>> replace_name("/a/b.txt", True, False, "c d", URI_CODEC, "with_name")
    '/a/c%20d'
    """
    _name_error(name, func)
    head = path[: path.rfind("/") + 1]
    if not head and rooted:
        head = "/"
    first = noscheme and not head
    return head + codec.encode(name, PCHAR_NC if first else PCHAR, "utf-8", "path")


def replace_suffix(
    path: str, rooted: bool, noscheme: bool, suffix: str, codec: Codec, func: str
) -> str:
    """``path`` with the suffix of its last segment replaced by ``suffix`` (``""``
    removes it); the rest of the segment keeps its bytes as written.

    >>> replace_suffix("/a/%7Eb.tar.gz", True, False, ".zip", URI_CODEC, "with_suffix")
    '/a/%7Eb.tar.zip'
    """
    _name_error(suffix, func)
    if suffix and (suffix[0] != "." or suffix == "."):
        raise URIError(
            "bad-value",
            "path",
            0,
            suffix,
            detail="a suffix starts with '.' and has more after it (or is '' to remove one)",
        )
    i = path.rfind("/") + 1
    head, raw = path[:i], path[i:]
    name = percent_decode(raw, component="path")
    if not name:
        raise URIError(
            "bad-value",
            "path",
            len(path),
            path,
            detail="the last segment is empty: there is no name to give a suffix",
        )
    if suffix_of(name):
        # The last "." of the name is the last "." or "%2E" of the segment as written.
        raw = raw[: max(raw.rfind("."), raw.upper().rfind("%2E"))]
    first = noscheme and not head
    return head + raw + codec.encode(suffix, PCHAR_NC if first else PCHAR, "utf-8", "path")


# -- the query ---------------------------------------------------------------------


def pairs_of(params: object, func: str) -> list[tuple[str, str | None]]:
    """``params`` (a mapping or an iterable of ``(str, str or None)`` pairs) as a
    list of pairs; ``TypeError`` naming ``func`` for anything else.

    >>> pairs_of({"a": "1", "b": None}, "f")
    [('a', '1'), ('b', None)]
    """
    if isinstance(params, (str, bytes, bytearray)) or not isinstance(params, Iterable):
        raise arg_type_error(func, "params", _PAIRS, params)
    items = params.items() if isinstance(params, Mapping) else params
    out: list[tuple[str, str | None]] = []
    for item in items:
        if not isinstance(item, tuple) or len(item) != 2:
            raise arg_type_error(func, "params", _PAIRS, item)
        name, value = item
        if not isinstance(name, str):
            raise arg_type_error(func, "params", _PAIRS, name)
        if value is not None and not isinstance(value, str):
            raise arg_type_error(func, "params", _PAIRS, value)
        out.append((name, value))
    return out


def _encode_param(text: str, codec: Codec, form: bool, encoding: str) -> str:
    if form:  # application/x-www-form-urlencoded: a space is "+" ("+" itself is encoded)
        return "+".join(
            codec.encode(t, QUERY_PARAM_SAFE, encoding, "query") for t in text.split(" ")
        )
    return codec.encode(text, QUERY_PARAM_SAFE, encoding, "query")


def _encode_pair(name: str, value: str | None, codec: Codec, form: bool, encoding: str) -> str:
    out = _encode_param(name, codec, form, encoding)
    return out if value is None else out + "=" + _encode_param(value, codec, form, encoding)


def _decode(text: str, form: bool, encoding: str) -> str | None:
    """A name or value decoded; ``None`` when its bytes are not ``encoding``."""
    if form and "+" in text:
        text = text.replace("+", " ")
    if "%" not in text:
        return text
    try:
        return percent_decode(text, encoding, component="query")
    except URIError:
        return None


def _items(query: str | None) -> list[str]:
    return query.split("&") if query else []


def update_query(
    query: str | None,
    params: object,
    form: bool,
    encoding: str,
    codec: Codec,
    func: str,
) -> tuple[bool, str | None]:
    """``(changed, new query)``: every parameter named in ``params`` replaced by the
    given values, in the place of its first one; new names appended.

    >>> update_query("a&b=1&a=2", {"a": "3", "c": "4"}, False, "utf-8", URI_CODEC, "f")
    (True, 'a=3&b=1&c=4')
    """
    check_codec(encoding, "strict", func)
    groups: dict[str, list[str]] = {}
    for name, value in pairs_of(params, func):
        groups.setdefault(name, []).append(_encode_pair(name, value, codec, form, encoding))
    if not groups:
        return False, query
    items = _items(query)
    out: list[str] = []
    placed: set[str] = set()
    for item in items:
        found = _decode(item.partition("=")[0], form, encoding)
        if found is None or found not in groups:
            out.append(item)
        elif found not in placed:
            placed.add(found)
            out.extend(groups[found])
    for name, written in groups.items():
        if name not in placed:
            out.extend(written)
    if out == items:
        return False, query
    return True, "&".join(out)


def extend_query(
    query: str | None, params: object, form: bool, encoding: str, codec: Codec, func: str
) -> tuple[bool, str | None]:
    """``(changed, new query)``: the pairs of ``params`` appended.

    >>> extend_query("a=%7e", [("a", "~")], False, "utf-8", URI_CODEC, "f")
    (True, 'a=%7e&a=~')
    """
    check_codec(encoding, "strict", func)
    new = [_encode_pair(n, v, codec, form, encoding) for n, v in pairs_of(params, func)]
    if not new:
        return False, query
    return True, "&".join(_items(query) + new)


def without_query_params(
    query: str | None, names: tuple[str, ...], form: bool, encoding: str, func: str
) -> tuple[bool, str | None]:
    """``(changed, new query)``: the parameters named in ``names`` removed; ``None``
    when none is left.

    >>> without_query_params("utm_source=x&id=7&utm_medium=y", ("utm_source", "utm_medium"),
    ...                      False, "utf-8", "f")
    (True, 'id=7')
    """
    check_codec(encoding, "strict", func)
    for name in names:
        if type(name) is not str:
            raise arg_type_error(func, "names", "str", name)
    items = _items(query)
    drop = frozenset(names)
    out = [i for i in items if _decode(i.partition("=")[0], form, encoding) not in drop]
    if len(out) == len(items):
        return False, query
    return True, ("&".join(out) if out else None)


def query_values(query: str | None, name: str, form: bool, encoding: str) -> list[str | None]:
    """The decoded values of every parameter ``name`` (``None`` for one without "=").

    >>> query_values("a=1&b&a=x%20y&b=", "a", False, "utf-8")
    ['1', 'x y']
    """
    out: list[str | None] = []
    for item in _items(query):
        raw, eq, value = item.partition("=")
        if _decode(raw, form, encoding) == name:
            if form and "+" in value:
                value = value.replace("+", " ")
            out.append(percent_decode(value, encoding, component="query") if eq else None)
    return out


def replace_query(text: str, sp: Spans, query: str | None) -> str:
    """``text`` with its query (and "?") replaced by ``query`` (``None``: none).

    >>> replace_query("http://h/p?a#f", split("http://h/p?a#f"), "b")
    'http://h/p?b#f'
    """
    q0, q1 = sp[QUERY_SPAN]
    if q0 >= 0:
        start, end = q0 - 1, q1
    else:
        start = end = sp[PATH_SPAN][1]
    return text[:start] + ("" if query is None else "?" + query) + text[end:]


# -- the origin --------------------------------------------------------------------


def origin_text(text: str, sp: Spans) -> str:
    """``scheme "://" host [ ":" port ]``: the RFC 6454 origin of the reference, the
    scheme and host syntax-normalized (RFC 3986 section 6.2.2), the port written
    only when it is not the scheme's default (the built-in scheme registry).

    >>> t = "HTTPS://u@Ex%61mple.COM:0443/p?q#f"
    >>> origin_text(t, split(t))
    'https://example.com'
    """
    s0, s1 = sp[SCHEME_SPAN]
    if s0 < 0:
        raise URIError(
            "bad-value",
            "scheme",
            0,
            text,
            detail="a relative reference has no origin; resolve it against its base first",
        )
    h0, h1 = sp[HOST_SPAN]
    if h0 < 0:
        raise URIError(
            "bad-value",
            "authority",
            s1 + 1,
            text,
            detail=(
                "a reference without an authority (such as a URN or a mailto: URI)"
                " has no origin (RFC 6454 section 4)"
            ),
        )
    if h0 == h1:
        raise URIError(
            "bad-value",
            "host",
            h0,
            text,
            detail="an empty host has no origin (RFC 6454 section 4)",
        )
    scheme = text[s0:s1].translate(_ASCII_LOWER)
    host = normalize_percent(text[h0:h1])
    if "%" in host:  # lower-case the letters but the hex digits of the "%XX" left
        first, *rest = host.split("%")
        host = "%".join(
            [first.translate(_ASCII_LOWER)] + [p[:2] + p[2:].translate(_ASCII_LOWER) for p in rest]
        )
    else:
        host = host.translate(_ASCII_LOWER)
    out = scheme + "://" + host
    p0, p1 = sp[PORT_SPAN]
    port = text[p0:p1] if p0 >= 0 else ""
    if port and not DEFAULT_REGISTRY.is_default_port(scheme, port):
        out += ":" + (port.lstrip("0") or "0")
    return out
