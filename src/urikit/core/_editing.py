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
>>> update_query("?" + q, q, None, [("b", "x y")], {}, False, "utf-8", URI_CODEC, "update_query")
'?a=%7e&b=x%20y'
"""

from __future__ import annotations

from _collections_abc import Iterable, Mapping

# The C percent_encode (text, component name) -> str, or the position of a character
# UTF-8 cannot encode; None in the pure-Python build.
from ._accel import speedups
from ._charsets import PCHAR, PCHAR_NC, QUERY, UNRESERVED, compiled, regex_class
from ._errors import URIError, arg_type_error, check_str
from ._normalization import normalize_percent
from ._parser import (
    HOST_SPAN,
    PORT_SPAN,
    SCHEME_SPAN,
    Spans,
    check_component,
    diagnose,
    split,
)
from ._percent import COMPONENT_SAFE, decode_in, encode_except, percent_decode, percent_encode
from ._resolution import remove_dot_segments
from ._schemeinfo import DEFAULT_REGISTRY

# the C kernels this module calls (None in the pure-Python build)
_c_percent_encode = None if speedups is None else speedups.percent_encode

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Final

__all__ = [
    "QUERY_PARAM_SAFE",
    "URI_CODEC",
    "Codec",
    "check_encoding",
    "dot_kind",
    "encode_pair",
    "join_path",
    "last_segment",
    "may_hold_dots",
    "origin_text",
    "pairs_of",
    "params_of",
    "parent_path",
    "query_of",
    "query_values",
    "read_path",
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

_PAIRS: Final = "a mapping or an iterable of (str, value) pairs"

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


def dot_kind(segment: str) -> str | None:
    """``"."`` or ``".."`` when ``segment`` is a dot segment, its ``%2E`` read as
    ``.`` (the same character, RFC 3986 section 2.3); ``None`` otherwise.

    >>> dot_kind(".."), dot_kind("%2e%2E"), dot_kind(".%2E"), dot_kind("..."), dot_kind("a")
    ('..', '..', '..', None, None)
    """
    if segment == "." or segment == "..":
        return segment
    if 3 <= len(segment) <= 6 and "%" in segment:
        plain = segment.replace("%2E", ".").replace("%2e", ".")
        if plain == "." or plain == "..":
            return plain
    return None


def may_hold_dots(path: str) -> bool:
    """False when ``path`` surely has no dot segment (the common case, told cheaply:
    a one-character search first, as most paths have no "." and no "%").

    >>> may_hold_dots("/a/b.html"), may_hold_dots("/a/./b"), may_hold_dots("/%2e")
    (False, True, True)
    """
    return ("." in path and ("/." in path or path[:1] == ".")) or ("%" in path and "%2" in path)


def read_path(path: str, rooted: bool, noscheme: bool) -> str:
    """``path`` as RFC 3986 section 5.2.4 leaves it: every dot segment removed,
    with the segment before a "..", the other segments kept as written.

    ``rooted``: the reference has an authority; ``noscheme``: it is a relative
    reference without one. A path of such a reference that does not start with
    "/" is read against a base that is not known here: its leading ".." segments
    climb out of the base's directory and stay (as ".."); the other dot segments
    go as they would after any base, and "./" is written before a first segment
    that would be empty or hold ":". A path without an authority that would start
    with "//" (read as one) gets "/." before it.

    >>> read_path("/a/b/../c/./d", True, False), read_path("/a/%2E%2E", True, False)
    ('/a/c/d', '/')
    >>> read_path("../a/../../b/.", False, True), read_path("a/..", False, True)
    ('../../b/', './')
    >>> read_path("/a/b%20c.txt", True, False)
    '/a/b%20c.txt'
    """
    if not may_hold_dots(path):
        return path
    segments = path.split("/")
    kinds = [dot_kind(s) for s in segments]
    if kinds.count(None) == len(kinds):
        return path
    if not noscheme or path[:1] == "/":
        # a URI or an absolute path: section 5.2.2 gives remove_dot_segments(path)
        read = remove_dot_segments("/".join([k or s for s, k in zip(segments, kinds, strict=True)]))
        return "/." + read if not rooted and read[:2] == "//" else read
    out: list[str] = []
    for segment, kind in zip(segments, kinds, strict=True):
        if kind is None:
            out.append(segment)
        elif kind == "..":
            if out and out[-1] != "..":
                out.pop()
            else:
                out.append("..")
    if kinds[-1] is not None:
        out.append("")  # a path ending in a dot segment names a directory
    if not out[0] or ":" in out[0]:
        out.insert(0, ".")
    return "/".join(out)


def join_path(
    path: str,
    rooted: bool,
    noscheme: bool,
    segments: tuple[str, ...],
    encoded: bool,
    codec: Codec,
    func: str,
) -> str:
    """``path``, read as :func:`read_path` reads it, with ``segments`` appended,
    each "/" in one separating segments.

    ``rooted``: the reference has an authority (an empty path becomes "/").
    ``noscheme``: a relative reference without an authority, whose first segment
    may hold no ":". The base's trailing empty segment is replaced. A decoded
    segment may not be a dot segment, nor start with "/" (which would write an
    empty segment where the path was meant to be replaced).

    >>> join_path("", True, False, ("a:b",), False, URI_CODEC, "f")
    '/a:b'
    >>> join_path("", False, True, ("a:b",), False, URI_CODEC, "f")
    'a%3Ab'
    >>> join_path("/a/b/..", True, False, ("c",), False, URI_CODEC, "f")
    '/a/c'
    """
    if "/." in path or "%" in path or (not rooted and path[:1] == "."):
        path = read_path(path, rooted, noscheme)  # (may_hold_dots, in fewer steps)
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
        if given[:1] == "/":
            raise URIError(
                "bad-value",
                "path",
                0,
                given,
                detail=(
                    "a segment starting with '/' would add an empty segment (yarl refuses"
                    " it, pathlib replaces the path with it): strip the '/' to append,"
                    " or call with_path() to replace the path"
                ),
            )
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
    """The path's last segment as written (``""`` after a trailing "/", and for a
    dot segment, which leaves the path ending in "/" once removed).

    >>> last_segment("/a/b%20c"), last_segment("/a/"), last_segment("x"), last_segment("/a/..")
    ('b%20c', '', 'x', '')
    """
    segment = path[path.rfind("/") + 1 :]
    if segment[:1] == "." or segment[:3] in ("%2E", "%2e"):
        return "" if dot_kind(segment) else segment
    return segment


def _dot_ended(path: str, start: int, text: str, detail: str) -> URIError:
    """The error of an edit that a path ending in a dot segment leaves without a
    last segment to work on; the position is that of its last dot segment in
    ``text``, where the path starts at ``start``."""
    end = len(path)
    while True:
        i = path.rfind("/", 0, end) + 1
        if dot_kind(path[i:end]) or i == 0:
            break
        end = i - 1
    return URIError("bad-value", "path", start + i, text, detail=detail)


def parent_path(path: str, rooted: bool, noscheme: bool, start: int = 0, text: str = "") -> str:
    """The path, read as :func:`read_path` reads it, without its last segment (and
    the "/" before it); the root stays.

    A relative path that reads as a directory of the base (``..``, ``a/..``) has no
    parent that can be written without that base: :class:`URIError` (positions
    in ``text``, where the path starts at ``start``).

    >>> parent_path("/a/b", True, False), parent_path("/a/b/", True, False)
    ('/a', '/a/b')
    >>> parent_path("/a", True, False), parent_path("a", False, True)
    ('/', '')
    >>> parent_path("/a/b/..", True, False), parent_path("../a", False, True)
    ('/a', '..')
    """
    read = read_path(path, rooted, noscheme) if may_hold_dots(path) else path
    if (
        read is not path
        and noscheme
        and path[:1] != "/"
        and (read == "./" or read == "../" or read.endswith("/../"))
    ):
        raise _dot_ended(
            path,
            start,
            text or path,
            "a relative path ending in '.' or '..' names a directory of the base it is"
            " resolved against, whose parent only that base can tell (RFC 3986 section"
            " 5.2): resolve() the reference first",
        )
    i = read.rfind("/")
    if i < 0:
        return ""
    return read[:i] or read[:1]


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
    """The path, read as :func:`read_path` reads it, with its last segment replaced
    by the decoded ``name``, encoded.

    >>> replace_name("/a/b.txt", True, False, "c d", URI_CODEC, "with_name")
    '/a/c%20d'
    >>> replace_name("/a/b/..", True, False, "c", URI_CODEC, "with_name")
    '/a/c'
    """
    _name_error(name, func)
    if may_hold_dots(path):
        path = read_path(path, rooted, noscheme)
    head = path[: path.rfind("/") + 1]
    if not head and rooted:
        head = "/"
    first = noscheme and not head
    return head + codec.encode(name, PCHAR_NC if first else PCHAR, "utf-8", "path")


def replace_suffix(
    path: str,
    rooted: bool,
    noscheme: bool,
    suffix: str,
    codec: Codec,
    func: str,
    start: int = 0,
    text: str = "",
) -> str:
    """The path, read as :func:`read_path` reads it, with the suffix of its last
    segment replaced by ``suffix`` (``""`` removes it); the rest of the segment
    keeps its bytes as written. Errors about the path index ``text``, in which the
    path starts at ``start``.

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
    read = read_path(path, rooted, noscheme) if may_hold_dots(path) else path
    i = read.rfind("/") + 1
    head, raw = read[:i], read[i:]
    if not raw:
        if read is not path:
            raise _dot_ended(
                path,
                start,
                text or path,
                "the path ends in a '.' or '..' segment, which leaves it ending in '/'"
                " (RFC 3986 section 5.2.4): there is no name to give a suffix",
            )
        raise URIError(
            "bad-value",
            "path",
            start + len(path),
            text or path,
            detail="the last segment is empty: there is no name to give a suffix",
        )
    name = decode_in(text or path, start + path.rfind("/") + 1, raw, "utf-8", "path")
    if suffix_of(name):
        # The last "." of the name is the last "." or "%2E" of the segment as written.
        raw = raw[: max(raw.rfind("."), raw.rfind("%2E"), raw.rfind("%2e"))]
    first = noscheme and not head
    return head + raw + codec.encode(suffix, PCHAR_NC if first else PCHAR, "utf-8", "path")


# -- the query ---------------------------------------------------------------------


#: Every ASCII character, and its bytes in an ASCII-compatible encoding.
_ASCII: Final = "".join(map(chr, range(128)))
_ASCII_BYTES: Final = bytes(range(128))
#: encoding name -> whether it writes every ASCII character as that character's byte.
_ASCII_COMPATIBLE: dict[str, bool] = {"utf-8": True}


def check_encoding(encoding: object, func: str) -> None:
    """Refuse an ``encoding`` a query edit cannot use: ``TypeError`` for one that is
    not a ``str``, ``LookupError`` for an unknown one, ``ValueError`` for one that
    does not write ASCII as ASCII (UTF-16, UTF-32, UTF-7, EBCDIC ...).

    A query's separators ("&", "="), its "%XX" and every unreserved character are
    ASCII and read as ASCII: bytes of such an encoding written into it could not
    be found or read back.

    >>> check_encoding("latin-1", "f")
    >>> check_encoding("utf-16", "f")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: f() argument 'encoding': 'utf-16' is not ASCII-compatible: ...
    """
    if type(encoding) is not str:
        check_str(encoding, func, "encoding")
        assert isinstance(encoding, str)
    ok = _ASCII_COMPATIBLE.get(encoding)
    if ok is None:
        try:
            ok = _ASCII.encode(encoding) == _ASCII_BYTES and _ASCII_BYTES.decode(encoding) == _ASCII
        except LookupError as exc:  # unknown, or not a text encoding ("rot13")
            raise LookupError(f"{func}() argument 'encoding': {exc}") from None
        except UnicodeError:
            ok = False
        if len(_ASCII_COMPATIBLE) < 256:
            _ASCII_COMPATIBLE[encoding] = ok
    if not ok:
        raise ValueError(
            f"{func}() argument 'encoding': {encoding!r} is not ASCII-compatible: a query"
            " is split and read as ASCII ('&', '=', '%XX'), so its bytes written there"
            " could not be read back; use an encoding that writes ASCII as ASCII"
            " ('utf-8', 'latin-1', 'cp1252', ...)"
        )


_VALUE: Final = "str, int, float or None"
_VALUES: Final = "str, int, float, None or a list or tuple of them"


def _value_text(value: object, func: str, param: str) -> str | None:
    """One query value as text: a ``str`` as it is, an ``int`` or ``float`` as
    ``str()`` writes it (yarl's rule), ``None`` (a name without "=") kept."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):  # an int, but True is not a number to write
        raise arg_type_error(func, param, _VALUE, value)
    if isinstance(value, int):
        try:
            return int.__repr__(value)
        except ValueError as exc:  # more digits than int() converts
            raise ValueError(f"{func}() argument {param!r}: {exc}") from None
    if isinstance(value, float):
        if value != value or value in (_INF, -_INF):
            raise ValueError(f"{func}() argument {param!r}: {value!r} is not a finite number")
        return float.__repr__(value)
    raise arg_type_error(func, param, _VALUE, value)


_INF: Final = float("inf")


def _values_of(value: object, func: str, param: str) -> list[str | None]:
    """A mapping's (or a keyword argument's) value: one value, or a list or tuple of them."""
    if type(value) is list or type(value) is tuple:
        return [_value_text(v, func, param) for v in value]
    if value is not None and not isinstance(value, (str, int, float)):
        raise arg_type_error(func, param, _VALUES, value)
    return [_value_text(value, func, param)]


def params_of(
    params: object, kwargs: Mapping[str, object], func: str
) -> list[tuple[str, list[str | None]]]:
    """``(name, values)`` for each name of ``params`` (a mapping, or an iterable of
    ``(name, value)`` pairs) and then of ``kwargs``, in order. A value is a
    ``str``, ``int``, ``float`` or ``None``; a mapping's (or keyword's) value may be
    a list or tuple of them (each a parameter). ``TypeError`` naming ``func`` for
    anything else.

    >>> params_of({"a": "1", "b": [2, 2.5]}, {"c": None}, "f")
    [('a', ['1']), ('b', ['2', '2.5']), ('c', [None])]
    >>> params_of([("a", 1), ("a", "x")], {}, "f")
    [('a', ['1']), ('a', ['x'])]
    """
    out: list[tuple[str, list[str | None]]] = []
    if type(params) is not tuple or params:  # () is the default: no pairs
        if type(params) is dict or isinstance(params, Mapping):
            for name, value in params.items():
                if not isinstance(name, str):
                    raise arg_type_error(func, "params", _PAIRS, name)
                out.append((name, _values_of(value, func, "params")))
        elif isinstance(params, (str, bytes, bytearray)) or not isinstance(params, Iterable):
            raise arg_type_error(func, "params", _PAIRS, params)
        else:
            for item in params:
                if not isinstance(item, tuple) or len(item) != 2:
                    raise arg_type_error(func, "params", _PAIRS, item)
                name, value = item
                if not isinstance(name, str):
                    raise arg_type_error(func, "params", _PAIRS, name)
                out.append((name, [_value_text(value, func, "params")]))
    for name, value in kwargs.items():
        out.append((name, _values_of(value, func, name)))
    return out


def pairs_of(
    params: object, func: str, kwargs: Mapping[str, object] | None = None
) -> list[tuple[str, str | None]]:
    """The ``(name, value)`` pairs of :func:`params_of`, one for each value.

    >>> pairs_of({"a": "1", "b": None}, "f")
    [('a', '1'), ('b', None)]
    >>> pairs_of({"a": [1, 2]}, "f", {"b": 0.5})
    [('a', '1'), ('a', '2'), ('b', '0.5')]
    """
    if type(params) is dict and not kwargs:  # the common call: str names and values
        pairs = list(params.items())
        if all(type(n) is str and (v is None or type(v) is str) for n, v in pairs):
            return pairs
    return [(n, v) for n, values in params_of(params, kwargs or {}, func) for v in values]


def _encode_param(text: str, codec: Codec, form: bool, encoding: str) -> str:
    if form:  # application/x-www-form-urlencoded: a space is "+" ("+" itself is encoded)
        return "+".join(
            codec.encode(t, QUERY_PARAM_SAFE, encoding, "query") for t in text.split(" ")
        )
    return codec.encode(text, QUERY_PARAM_SAFE, encoding, "query")


def encode_pair(name: str, value: str | None, codec: Codec, form: bool, encoding: str) -> str:
    """``name=value`` (``name`` alone for ``None``) as a query item, each encoded by
    ``codec``: the one writer of every query parameter an edit or a builder adds.

    >>> encode_pair("a b", "c&d", URI_CODEC, False, "utf-8")
    'a%20b=c%26d'
    """
    # an ASCII letter-and-digit name or value (the common case) is written as is
    out = name if name.isalnum() and name.isascii() else _encode_param(name, codec, form, encoding)
    if value is None:
        return out
    if value.isalnum() and value.isascii():
        return out + "=" + value
    return out + "=" + _encode_param(value, codec, form, encoding)


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
    kwargs: Mapping[str, object],
    form: bool,
    encoding: str,
    codec: Codec,
    func: str,
    append: bool = False,
) -> str | None:
    """``text`` where every parameter named in ``params`` (then ``kwargs``) has the
    given values only, in the place of its first one, new names appended (an empty
    list of values removes the name; ``None``: no change); with ``append``
    (``extend_query``), ``text`` with those pairs appended to its query, the
    ones there kept.

    >>> t = "http://h/?a&b=1&a=2#f"
    >>> q = "a&b=1&a=2"
    >>> update_query(t, q, "f", {"a": "3", "c": "4"}, {}, False, "utf-8", URI_CODEC, "f")
    'http://h/?a=3&b=1&c=4#f'
    >>> update_query(t, q, "f", (), {"b": [], "n": 2}, False, "utf-8", URI_CODEC, "f")
    'http://h/?a&a=2&n=2#f'
    >>> update_query("?a=%7e", "a=%7e", None, [("a", "~")], {}, False, "utf-8", URI_CODEC, "", True)
    '?a=%7e&a=~'
    """
    if encoding != "utf-8":
        check_encoding(encoding, func)
    # (loops, not comprehensions, below: a comprehension's names of this function
    # would make them cells, slower to read on the common path)
    if append:
        items = query.split("&") if query else []
        extended = items.copy()
        for name, value in pairs_of(params, func, kwargs):
            extended.append(encode_pair(name, value, codec, form, encoding))
        return _query_edit(text, query, fragment, items, extended)
    groups: dict[str, list[str]] = {}
    general = True
    if type(params) is dict and not kwargs:  # the common call: str names and values
        general = False
        for name, value in params.items():
            if type(name) is not str or (value is not None and type(value) is not str):
                general, groups = True, {}
                break
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
    if general:  # any type of params, keyword arguments, numbers, lists
        for name, values in params_of(params, kwargs, func):
            written = groups.setdefault(name, [])
            for value in values:
                written.append(encode_pair(name, value, codec, form, encoding))
    if not groups:
        return None
    if not query:  # no query, or an empty one: the pairs are the query
        new: list[str] = []
        for written in groups.values():
            new += written
        return replace_query(text, query, fragment, "&".join(new)) if new else None
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


def query_of(
    params: object, kwargs: Mapping[str, object], encoding: str, codec: Codec, func: str
) -> str:
    """The query ``with_query_params`` writes: the pairs of ``params`` (then
    ``kwargs``), each written by :func:`encode_pair`.

    >>> query_of([("q", "a&b c"), ("n", 1)], {}, "utf-8", URI_CODEC, "f")
    'q=a%26b%20c&n=1'
    """
    if encoding != "utf-8":
        check_encoding(encoding, func)
    pairs = pairs_of(params, func, kwargs)
    return "&".join([encode_pair(n, v, codec, False, encoding) for n, v in pairs])


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
    if encoding != "utf-8":
        check_encoding(encoding, func)
    for name in names:
        if type(name) is not str:
            raise arg_type_error(func, "names", "str", name)
    items = query.split("&") if query else []
    drop = frozenset(names)
    out = [i for i in items if _decode(i.partition("=")[0], form, encoding) not in drop]
    return _query_edit(text, query, fragment, items, out)


def query_values(
    text: str, start: int, query: str | None, name: str, form: bool, encoding: str
) -> list[str | None]:
    """The decoded values of every parameter ``name`` (``None`` for one without "="),
    in ``text``, whose query starts at ``start``: a value that is not ``encoding``
    raises :class:`URIError` at its position in ``text``.

    >>> query_values("?a=1&b&a=x%20y&b=", 1, "a=1&b&a=x%20y&b=", "a", False, "utf-8")
    ['1', 'x y']
    >>> query_values("?a=%FF", 1, "a=%FF", "a", False, "utf-8")
    Traceback (most recent call last):
    urikit.errors.URIError: percent-encoded bytes are not valid utf-8 at position 3
    """
    out: list[str | None] = []
    at = start
    for item in query.split("&") if query else ():
        raw, eq, value = item.partition("=")
        if _decode(raw, form, encoding) == name:
            if not eq:
                out.append(None)
            else:
                if form and "+" in value:
                    value = value.replace("+", " ")
                out.append(decode_in(text, at + len(raw) + 1, value, encoding, "query"))
        at += len(item) + 1
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
