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
>>> q = "a=%7e&b=1&b=2"
>>> update_query("?" + q, q, None, [("b", "x y")], False, "utf-8", URI_CODEC, "update_query")
'?a=%7e&b=x%20y'
"""

from __future__ import annotations

from _collections_abc import Iterable, Mapping

# The C percent_encode (text, component name) -> str, or the position of a character
# UTF-8 cannot encode; None in the pure-Python build.
from ._accel import percent_encode as _c_percent_encode
from ._charsets import PCHAR, PCHAR_NC, QUERY, UNRESERVED, compiled, regex_class
from ._parser import (
    HOST_SPAN,
    PORT_SPAN,
    SCHEME_SPAN,
    Spans,
    check_component,
    diagnose,
    split,
)
from ._schemeinfo import DEFAULT_REGISTRY
from .errors import URIError, arg_type_error, check_codec
from .normalization import normalize_percent
from .percent import COMPONENT_SAFE, encode_except, percent_decode, percent_encode

TYPE_CHECKING = False  # typing is imported for type checkers only (import cost)
if TYPE_CHECKING:
    from collections.abc import Callable
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


#: Per safe set: matches a text made of its characters and unreserved ones only.
_SAFE_MATCH: dict[frozenset[str], Callable[[str], object]] = {}


def _safe_match(safe: frozenset[str]) -> Callable[[str], object]:
    match = _SAFE_MATCH[safe] = compiled(f"[{regex_class((safe | UNRESERVED) - {'%'})}]*+\\Z").match
    return match


class Codec:
    """How an edit writes text into a URI and checks text given as encoded.

    >>> URI_CODEC.encode("a b/é", PCHAR, "utf-8", "path")
    'a%20b%2F%C3%A9'
    """

    __slots__ = ()

    def encode(self, text: str, safe: frozenset[str], encoding: str, component: str) -> str:
        """``text`` with every character but ``safe`` and unreserved percent-encoded."""
        # the component's own name when it names ``safe`` (the query's and the
        # fragment's sets are one set)
        name = component if COMPONENT_SAFE.get(component) is safe else _NAMED_SAFE.get(safe)
        if name is not None and encoding == "utf-8":
            if _c_percent_encode is not None:
                out = _c_percent_encode(text, name)  # percent_encode's C twin
                if type(out) is str:
                    return out
            return percent_encode(text, name)  # (which raises the error C found)
        if (text.isalnum() and text.isascii()) or (
            (_SAFE_MATCH.get(safe) or _safe_match(safe))(text) is not None
        ):
            return text  # nothing to encode (the common case: a name, a number)
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
    if len(segments) == 1 and not encoded:  # the common call, "ref / segment"
        given = segments[0]
        if type(given) is str and "/" not in given and given != "." and given != "..":
            return head + codec.encode(given, PCHAR_NC if first else PCHAR, "utf-8", "path")
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
        raw = raw[: max(raw.rfind("."), raw.rfind("%2E"), raw.rfind("%2e"))]
    first = noscheme and not head
    return head + raw + codec.encode(suffix, PCHAR_NC if first else PCHAR, "utf-8", "path")


# -- the query ---------------------------------------------------------------------


def pairs_of(params: object, func: str) -> list[tuple[str, str | None]]:
    """``params`` (a mapping or an iterable of ``(str, str or None)`` pairs) as a
    list of pairs; ``TypeError`` naming ``func`` for anything else.

    >>> pairs_of({"a": "1", "b": None}, "f")
    [('a', '1'), ('b', None)]
    """
    items: Iterable[object]
    if type(params) is dict:
        items = params.items()
    elif isinstance(params, (str, bytes, bytearray)) or not isinstance(params, Iterable):
        raise arg_type_error(func, "params", _PAIRS, params)
    else:
        items = params.items() if isinstance(params, Mapping) else params
    out: list[tuple[str, str | None]] = []
    for item in items:
        if not isinstance(item, tuple) or len(item) != 2:
            raise arg_type_error(func, "params", _PAIRS, item)
        name, value = item
        if type(name) is not str and not isinstance(name, str):
            raise arg_type_error(func, "params", _PAIRS, name)
        if value is not None and type(value) is not str and not isinstance(value, str):
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


def _query_edit(
    text: str, query: str | None, fragment: str | None, items: list[str], out: list[str]
) -> str | None:
    """``text`` with the query items ``out`` instead of ``items`` (``None``: the same)."""
    if out == items:
        return None
    return replace_query(text, query, fragment, "&".join(out) if out else None)


def update_query(
    text: str,
    query: str | None,
    fragment: str | None,
    params: object,
    form: bool,
    encoding: str,
    codec: Codec,
    func: str,
) -> str | None:
    """``text`` where every parameter named in ``params`` has the given values only,
    in the place of its first one, new names appended (``None``: no change).

    >>> t = "http://h/?a&b=1&a=2#f"
    >>> update_query(t, "a&b=1&a=2", "f", {"a": "3", "c": "4"}, False, "utf-8", URI_CODEC, "f")
    'http://h/?a=3&b=1&c=4#f'
    """
    if type(encoding) is not str:
        check_codec(encoding, "strict", func)
    if type(params) is dict:  # the common call: no copy, the types checked below
        pairs: Iterable[tuple[object, object]] = params.items()
    else:
        pairs = pairs_of(params, func)
    groups: dict[str, list[str]] = {}
    for name, value in pairs:
        if type(name) is not str or (value is not None and type(value) is not str):
            pairs_of(params, func)  # raises the TypeError (or accepts a str subclass)
            assert isinstance(name, str) and (value is None or isinstance(value, str))
        # an ASCII letter-and-digit name or value (the common case) is written as is
        pair = (
            name
            if name.isalnum() and name.isascii()
            else _encode_param(name, codec, form, encoding)
        )
        if value is not None:
            pair += "=" + (
                value
                if value.isalnum() and value.isascii()
                else _encode_param(value, codec, form, encoding)
            )
        if name in groups:
            groups[name].append(pair)
        else:
            groups[name] = [pair]
    if not groups:
        return None
    if not query:  # no query, or an empty one: the pairs are the query
        new: list[str] = []
        for written in groups.values():
            new += written
        return replace_query(text, query, fragment, "&".join(new))
    items = query.split("&")
    out: list[str] = []
    placed: set[str] = set()
    plain = "%" not in query and not (form and "+" in query)  # no name needs decoding
    for item in items:
        raw = item.partition("=")[0]
        found = raw if plain else _decode(raw, form, encoding)
        if found not in groups:
            out.append(item)
        elif found not in placed:
            placed.add(found)
            out.extend(groups[found])
    for name, written in groups.items():
        if name not in placed:
            out.extend(written)
    return _query_edit(text, query, fragment, items, out)


def extend_query(
    text: str,
    query: str | None,
    fragment: str | None,
    params: object,
    form: bool,
    encoding: str,
    codec: Codec,
    func: str,
) -> str | None:
    """``text`` with the pairs of ``params`` appended to its query (``None``: none).

    >>> extend_query("?a=%7e", "a=%7e", None, [("a", "~")], False, "utf-8", URI_CODEC, "f")
    '?a=%7e&a=~'
    """
    check_codec(encoding, "strict", func)
    new = [_encode_pair(n, v, codec, form, encoding) for n, v in pairs_of(params, func)]
    items = query.split("&") if query else []
    return _query_edit(text, query, fragment, items, items + new)


def without_query_params(
    text: str,
    query: str | None,
    fragment: str | None,
    names: tuple[str, ...],
    form: bool,
    encoding: str,
    func: str,
) -> str | None:
    """``text`` without the query parameters named in ``names``, and without a
    query when none is left (``None``: no change).

    >>> t = "http://h/?utm_source=x&id=7&utm_medium=y#f"
    >>> q = "utm_source=x&id=7&utm_medium=y"
    >>> without_query_params(t, q, "f", ("utm_source", "utm_medium"), False, "utf-8", "f")
    'http://h/?id=7#f'
    """
    check_codec(encoding, "strict", func)
    for name in names:
        if type(name) is not str:
            raise arg_type_error(func, "names", "str", name)
    items = query.split("&") if query else []
    drop = frozenset(names)
    out = [i for i in items if _decode(i.partition("=")[0], form, encoding) not in drop]
    return _query_edit(text, query, fragment, items, out)


def query_values(query: str | None, name: str, form: bool, encoding: str) -> list[str | None]:
    """The decoded values of every parameter ``name`` (``None`` for one without "=").

    >>> query_values("a=1&b&a=x%20y&b=", "a", False, "utf-8")
    ['1', 'x y']
    """
    out: list[str | None] = []
    for item in query.split("&") if query else ():
        raw, eq, value = item.partition("=")
        if _decode(raw, form, encoding) == name:
            if form and "+" in value:
                value = value.replace("+", " ")
            out.append(percent_decode(value, encoding, component="query") if eq else None)
    return out


def replace_query(text: str, query: str | None, fragment: str | None, new: str | None) -> str:
    """``text``, whose query and fragment are ``query`` and ``fragment``, with the
    query (and its "?") replaced by ``new`` (``None``: no query).

    >>> replace_query("http://h/p?a#f", "a", "f", "b"), replace_query("/p#f", None, "f", "")
    ('http://h/p?b#f', '/p?#f')
    """
    end = len(text) if fragment is None else len(text) - len(fragment) - 1
    start = end if query is None else end - len(query) - 1
    return text[:start] + ("" if new is None else "?" + new) + text[end:]


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
            "no-origin",
            "scheme",
            0,
            text,
            detail="a relative reference has none; resolve it against its base first",
        )
    h0, h1 = sp[HOST_SPAN]
    if h0 < 0:
        raise URIError(
            "no-origin",
            "authority",
            s1 + 1,
            text,
            detail=(
                "a reference without an authority (such as a URN or a mailto: URI)"
                " has none (RFC 6454 section 4)"
            ),
        )
    if h0 == h1:
        raise URIError(
            "no-origin",
            "host",
            h0,
            text,
            detail="a reference with an empty host has none (RFC 6454 section 4)",
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
