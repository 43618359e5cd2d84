"""URLs from template strings (PEP 750, Python 3.14's ``t"..."``), no value able
to change the URL's structure.

A template string knows where each value lands. :func:`url` reads the literal
text around the values as the URL's skeleton (its scheme, ``//`` and
authority, path segments, query pairs, fragment), encodes each value for the
place it is in, and refuses a value that cannot be made to stay there: a host
with a delimiter, a port that is not digits, a path segment that is ``.`` or
``..``. Last, the URL made is parsed as RFC 3986 reads it, and every value must
be inside the component it was written for, or it is refused too.

Where a value lands, and what becomes of it:

=================  ==========================================================
scheme             checked (``ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )``),
                   never encoded
userinfo           percent-encoded but for unreserved and sub-delims (``:``
                   and ``@`` encoded)
host               an IPv6 address (bracketed when the value is the whole
                   host), an IPv4 address, or a name: Unicode labels as IDNA
                   A-labels; refused when empty or holding anything but
                   letters, digits, ``-``, ``.``, ``_``, ``~``
port               an ``int`` or decimal digits, at most 65535
path               one segment: percent-encoded as RFC 3986's ``segment``
                   (``/``, ``?``, ``#``, ``%`` encoded; ``:`` too in the first
                   segment of a reference without a scheme); refused when the
                   segment it makes is ``.`` or ``..``
query              a name or a value of a pair: ``&``, ``=``, ``+``, ``;``,
                   ``#`` and ``%`` encoded besides what the query refuses; a
                   value that is the whole query may be a mapping or a list of
                   pairs, written ``name=value&...`` (a list as a value repeats
                   its name)
fragment           percent-encoded as RFC 3986's ``fragment``
=================  ==========================================================

A value is a ``str`` or an ``int`` (not a ``bool``); anything else needs a
conversion (``!s``, ``!r``, ``!a``) or a format spec, applied as an f-string
applies them, before it is encoded. ``None`` is refused: leaving a part out is
the template's business.
"""

from __future__ import annotations

import ipaddress

from ..core._charsets import ALPHA, SCHEME
from ..core._errors import URIError, arg_type_error
from ..core._parser import COMPONENT_SPANS, split
from ..core._percent import percent_encode
from ..iri._idna import host_to_ascii

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any, Final, Protocol

    class Interpolation(Protocol):
        """What :mod:`string.templatelib`'s ``Interpolation`` has."""

        @property
        def value(self) -> object: ...
        @property
        def expression(self) -> str: ...
        @property
        def conversion(self) -> str | None: ...
        @property
        def format_spec(self) -> str: ...

    class Template(Protocol):
        """What :mod:`string.templatelib`'s ``Template`` has."""

        @property
        def strings(self) -> tuple[str, ...]: ...
        @property
        def interpolations(self) -> tuple[Interpolation, ...]: ...

else:  # what the annotations name at run time (typing is not imported)
    Template = Interpolation = object


__all__ = ["url"]

#: The characters a host value may hold, after IDNA (RFC 3986's unreserved).
_HOST_CHARS: Final = frozenset(ALPHA | set("0123456789-._~"))
_QUERY_EXTRA: Final = {"&": "%26", "=": "%3D", "+": "%2B", ";": "%3B"}
_USERINFO_EXTRA: Final = {":": "%3A"}
#: An interpolation's conversion (``!s``, ``!r``, ``!a``), as an f-string applies it.
_CONVERSIONS: Final[dict[str, Callable[[object], str]]] = {"s": str, "r": repr, "a": ascii}


def url(template: Template) -> str:
    """The URL that ``template`` (a ``t"..."`` string) writes, each value encoded
    for the component it lands in.

    >>> from urikit.templates import url
    >>> user, q = "../admin", "a&admin=1"
    >>> url(t"https://api.example/users/{user}?q={q}")  # doctest: +SKIP
    'https://api.example/users/..%2Fadmin?q=a%26admin%3D1'

    (Run on Python 3.14, where ``t"..."`` exists; the module itself imports on
    3.11 and takes any object with a template's ``strings`` and
    ``interpolations``.) A value that would change the URL's structure raises
    :class:`~urikit.URIError` naming the interpolation:

    >>> host = "evil.example#"
    >>> url(t"https://{host}/login")  # doctest: +SKIP
    Traceback (most recent call last):
    urikit.errors.URIError: invalid host: {host} is 'evil.example#', which holds '#' at position 8
    """
    strings, interpolations = _parts(template)
    skeleton = _skeleton(strings, interpolations)
    if any("\x00" in literal for literal in strings):
        raise URIError("nul-not-allowed", "uri", skeleton.text.index("\x00"), skeleton.text)
    places = list(_places(strings))
    out: list[str] = []
    spans: list[tuple[int, int]] = []
    at = 0
    for k, literal in enumerate(strings):
        out.append(literal)
        at += len(literal)
        if k == len(interpolations):
            break
        written = _written(interpolations[k], k, places[k], skeleton)
        out.append(written)
        spans.append((at, at + len(written)))
        at += len(written)
    text = "".join(out)
    _check_structure(text, spans, places, interpolations, skeleton)
    return text


# -------------------------------------------------------------------- reading


def _parts(template: object) -> tuple[tuple[str, ...], tuple[Interpolation, ...]]:
    strings = getattr(template, "strings", None)
    interpolations = getattr(template, "interpolations", None)
    if (
        not isinstance(strings, tuple)
        or not isinstance(interpolations, tuple)
        or len(strings) != len(interpolations) + 1
        or not all(isinstance(s, str) for s in strings)
    ):
        raise arg_type_error("url", "template", "a template string (t'...')", template)
    return strings, interpolations


class _Skeleton:
    """The template's text with ``{expression}`` for each value: what errors
    quote, and where each value's place is read from."""

    __slots__ = ("marks", "text")

    def __init__(self, text: str, marks: list[int]) -> None:
        self.text = text
        self.marks = marks  # where each value's "{" is in text


def _skeleton(strings: tuple[str, ...], interpolations: tuple[Interpolation, ...]) -> _Skeleton:
    pieces: list[str] = []
    marks: list[int] = []
    at = 0
    for k, literal in enumerate(strings):
        pieces.append(literal)
        at += len(literal)
        if k < len(interpolations):
            marks.append(at)
            shown = "{" + str(getattr(interpolations[k], "expression", "") or f"#{k}") + "}"
            pieces.append(shown)
            at += len(shown)
    return _Skeleton("".join(pieces), marks)


class _Place:
    """Where a value lands: its component, and for a path, a query and a host
    what is around it."""

    __slots__ = ("component", "first_segment", "name", "whole", "whole_query")

    def __init__(
        self,
        component: str,
        *,
        whole: bool = False,
        name: bool = False,
        first_segment: bool = False,
        whole_query: bool = False,
    ) -> None:
        self.component = component
        self.whole = whole  # the value is the whole host
        self.name = name  # a query pair's name (or a pair with no "=")
        self.first_segment = first_segment  # of a reference with no scheme
        self.whole_query = whole_query


def _places(strings: tuple[str, ...]) -> Iterator[_Place]:
    """Each value's place, read off the literal text around the values (a value
    holds no delimiter of the skeleton: the delimiters are the literal ones)."""
    # The literals with each value as NUL, a character that is no delimiter (and
    # that a literal cannot hold: see url), so that RFC 3986's top-level reading
    # (Appendix B) applies to the literal text.
    s = "\x00".join(strings)
    where = [i for i, ch in enumerate(s) if ch == "\x00"]
    count = len(where)
    scheme_end = _scheme_end(s)
    rest = scheme_end + 1 if scheme_end >= 0 else 0
    authority: tuple[int, int] | None = None
    if s.startswith("//", rest):
        a = rest + 2
        b = a
        while b < len(s) and s[b] not in "/?#":
            b += 1
        authority = (a, b)
        rest = b
    path_end = rest
    while path_end < len(s) and s[path_end] not in "?#":
        path_end += 1
    query = fragment = None
    if path_end < len(s) and s[path_end] == "?":
        q_end = s.find("#", path_end)
        q_end = len(s) if q_end < 0 else q_end
        query = (path_end + 1, q_end)
        frag_start = q_end
    else:
        frag_start = path_end
    if frag_start < len(s) and s[frag_start] == "#":
        fragment = (frag_start + 1, len(s))
    for k in range(count):
        p = where[k]
        if scheme_end >= 0 and p < scheme_end:
            yield _Place("scheme")
        elif authority is not None and authority[0] <= p < authority[1]:
            yield _authority_place(s, authority, p)
        elif p < path_end:
            seg_start = s.rfind("/", 0, p) + 1
            first = scheme_end < 0 and authority is None and "/" not in s[rest:p]
            yield _Place("path", first_segment=first and seg_start <= rest)
        elif query is not None and query[0] <= p < query[1]:
            pair_start = max(s.rfind("&", query[0], p), s.rfind(";", query[0], p)) + 1
            pair_start = max(pair_start, query[0])
            whole = s[query[0] : query[1]] == "\x00"
            yield _Place("query", name="=" not in s[pair_start:p], whole_query=whole)
        elif fragment is not None:
            yield _Place("fragment")
        else:  # not reached: every position is in one of the parts above
            yield _Place("path")


def _scheme_end(s: str) -> int:
    """Where the ``:`` after a scheme is in the flat skeleton, or -1."""
    for i, ch in enumerate(s):
        if ch == ":":
            head = s[:i]
            if head and (head[0] in ALPHA or head[0] == "\x00"):
                return i if all(c in SCHEME or c == "\x00" for c in head) else -1
            return -1
        if ch in "/?#":
            return -1
    return -1


def _authority_place(s: str, authority: tuple[int, int], p: int) -> _Place:
    a, b = authority
    at = s.rfind("@", a, b)
    if at >= 0 and p < at:
        return _Place("userinfo")
    host_start = at + 1 if at >= 0 else a
    hostport = s[host_start:b]
    if hostport.startswith("["):
        close = hostport.find("]")
        host_end = host_start + (close + 1 if close >= 0 else len(hostport))
    else:
        colon = hostport.rfind(":")
        host_end = host_start + (colon if colon >= 0 else len(hostport))
    if p >= host_end:
        return _Place("port")
    whole = s[host_start:host_end] in ("\x00", "[\x00]")
    return _Place("host", whole=whole and s[host_start] != "[")


# ------------------------------------------------------------------- writing


def _fail(item: Interpolation, k: int, skeleton: _Skeleton, component: str, why: str) -> URIError:
    shown = "{" + str(getattr(item, "expression", "") or f"#{k}") + "}"
    return URIError(
        "bad-value", component, skeleton.marks[k], skeleton.text, detail=f"{shown} {why}"
    )


def _value_text(item: Interpolation, k: int, skeleton: _Skeleton, component: str) -> str:
    """The value as text: converted and formatted as an f-string would, a plain
    ``str`` or ``int`` as it is; anything else refused."""
    value = item.value
    conversion = item.conversion
    spec = item.format_spec
    if conversion is not None:
        convert = _CONVERSIONS.get(conversion)
        if convert is None:
            raise _fail(item, k, skeleton, component, f"has the unknown conversion !{conversion}")
        value = convert(value)
    if spec:
        return format(value, spec)
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise _fail(
        item,
        k,
        skeleton,
        component,
        f"is {type(value).__name__} {value!r}: give a str or an int, or convert it (!s)",
    )


def _written(item: Interpolation, k: int, place: _Place, skeleton: _Skeleton) -> str:
    component = place.component
    if place.whole_query and not isinstance(item.value, str | int) and not item.conversion:
        return _query_pairs(item, k, skeleton)
    text = _value_text(item, k, skeleton, component)
    if component == "scheme":
        if not text:
            raise _fail(item, k, skeleton, component, "is empty")
        bad = next((c for c in text if c not in SCHEME), None)
        if bad is not None:
            raise _fail(item, k, skeleton, component, f"is {text!r}, which holds {bad!r}")
        return text
    if component == "userinfo":
        return _replace(percent_encode(text, "userinfo"), _USERINFO_EXTRA)
    if component == "host":
        return _host(text, item, k, skeleton, place)
    if component == "port":
        if not text.isascii() or not text.isdigit() or int(text) > 65535:
            raise _fail(item, k, skeleton, component, f"is {text!r}, not a port (0 to 65535)")
        return text
    if component == "path":
        return percent_encode(text, "segment-nz-nc" if place.first_segment else "segment")
    if component == "query":
        return _replace(percent_encode(text, "query"), _QUERY_EXTRA)
    return percent_encode(text, "fragment")


def _replace(text: str, extra: dict[str, str]) -> str:
    for ch, pct in extra.items():
        if ch in text:
            text = text.replace(ch, pct)
    return text


def _host(text: str, item: Interpolation, k: int, skeleton: _Skeleton, place: _Place) -> str:
    if not text:
        raise _fail(item, k, skeleton, "host", "is empty")
    if ":" in text:
        try:
            ipaddress.IPv6Address(text)
        except ValueError:
            raise _fail(item, k, skeleton, "host", f"is {text!r}, which holds ':'") from None
        if place.whole:
            return f"[{text}]"
        return text  # inside "[...]" of the template
    if not text.isascii():
        text = host_to_ascii(text, 0, len(text))
    bad = next((c for c in text if c not in _HOST_CHARS), None)
    if bad is not None:
        raise _fail(item, k, skeleton, "host", f"is {text!r}, which holds {bad!r}")
    return text


def _query_pairs(item: Interpolation, k: int, skeleton: _Skeleton) -> str:
    """A mapping or a list of pairs that is the whole query, as ``n=v&...``."""
    value: Any = item.value
    pairs = list(value.items()) if hasattr(value, "items") else value
    out = []
    try:
        for name, values in pairs:
            for one in values if isinstance(values, list | tuple) else (values,):
                if (
                    not isinstance(name, str)
                    or not isinstance(one, str | int)
                    or isinstance(one, bool)
                ):
                    raise TypeError
                encoded = [
                    _replace(percent_encode(str(x), "query"), _QUERY_EXTRA) for x in (name, one)
                ]
                out.append("=".join(encoded))
    except (TypeError, ValueError):
        raise _fail(
            item,
            k,
            skeleton,
            "query",
            "is neither text nor a mapping (or list of pairs) of names to str or int values",
        ) from None
    return "&".join(out)


def _check_structure(
    text: str,
    spans: list[tuple[int, int]],
    places: list[_Place],
    interpolations: tuple[Interpolation, ...],
    skeleton: _Skeleton,
) -> None:
    """The URL made parses, and each value stands inside its own component (a
    path value also not making a segment ``.`` or ``..``)."""
    parsed = split(text)
    if parsed is None:
        # the literal text is at fault, or a value with it (the parser says where)
        from ..core._reference import parse

        parse(text)
        raise AssertionError("not reached")  # pragma: no cover
    for k, ((a, b), place) in enumerate(zip(spans, places, strict=True)):
        lo, hi = parsed[COMPONENT_SPANS[place.component]]
        if a == b and lo <= a <= hi:
            pass
        elif not (lo <= a and b <= hi):
            raise _fail(
                interpolations[k], k, skeleton, place.component, "changes the URL's structure"
            )
        if place.component == "path":
            seg_start = text.rfind("/", lo, a) + 1 if a > lo else lo
            seg_start = max(seg_start, lo)
            seg_end = text.find("/", b, hi)
            seg_end = hi if seg_end < 0 else seg_end
            if text[seg_start:seg_end] in (".", ".."):
                raise _fail(
                    interpolations[k],
                    k,
                    skeleton,
                    "path",
                    f"makes the segment {text[seg_start:seg_end]!r}",
                )
