"""The code behind :mod:`urikit.linkifier` (the face that documents it)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from typing import Final

from ..core._errors import URIError, arg_type_error, check_str
from ._extraction import Extracted, extract
from ._prose import _WS  # whitespace extract allows just inside delimiters

__all__ = ["DEFAULT_SCHEMES", "NEVER_LINKED", "linkify"]

#: The schemes :func:`linkify` makes links of unless told otherwise.
DEFAULT_SCHEMES: Final = frozenset({"http", "https", "ftp", "mailto"})
#: Schemes never made links, even when named in ``schemes``: a link to them runs
#: code in the page's context (``javascript``, ``vbscript``) or opens a document
#: the link's text says nothing about (``data``).
NEVER_LINKED: Final = frozenset({"javascript", "vbscript", "data"})

# An attribute name that needs no quoting or escaping in any HTML parser.
_ATTR_NAME_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9_.:-]*+\Z")


def _escape(text: str) -> str:
    return html.escape(text, quote=True)


def wanted_schemes(schemes: object, func: str) -> frozenset[str]:
    """The lowercased scheme set of a ``schemes=`` argument (``None``: the default).

    TypeError unless ``schemes`` is ``None`` or an iterable of str (not one str);
    ValueError for a scheme of :data:`NEVER_LINKED`.

    >>> sorted(wanted_schemes(["HTTPS", "ftp"], "linkify"))
    ['ftp', 'https']
    >>> wanted_schemes(["javascript"], "linkify")
    Traceback (most recent call last):
    ValueError: linkify() never links the scheme 'javascript'
    """
    if schemes is None:
        return DEFAULT_SCHEMES
    if isinstance(schemes, (str, bytes)) or not isinstance(schemes, Iterable):
        raise arg_type_error(func, "schemes", "an iterable of str or None", schemes)
    names = set()
    for name in schemes:
        check_str(name, func, "schemes")
        lowered = name.lower()
        if lowered in NEVER_LINKED:
            raise ValueError(f"{func}() never links the scheme {lowered!r}")
        names.add(lowered)
    return frozenset(names)


def _attrs_html(attrs: object) -> str:
    """`` name="value"`` for every attribute (validated names, escaped values)."""
    if attrs is None:
        return ""
    if not isinstance(attrs, Mapping):
        raise arg_type_error("linkify", "attrs", "a mapping of str to str or None", attrs)
    parts = []
    for name, value in attrs.items():
        check_str(name, "linkify", "attrs")
        check_str(value, "linkify", "attrs")
        if _ATTR_NAME_RE.match(name) is None:
            raise ValueError(f"linkify() attrs: invalid attribute name {name!r}")
        if name.lower() == "href":
            raise ValueError("linkify() attrs: 'href' is the link's own")
        parts.append(f' {name}="{_escape(value)}"')
    return "".join(parts)


def link_span(text: str, found: Extracted) -> tuple[int, int]:
    """The span of ``text`` that is the reference itself, without its delimiters
    (``<``, ``URL:``, ``>``, quotes and the whitespace just inside them).

    >>> text = "see < URL:http://a.example/ >"
    >>> found = extract(text)[0]
    >>> start, end = link_span(text, found)
    >>> (found.start, found.end), text[start:end]
    ((4, 29), 'http://a.example/')
    """
    start, end = found.start, found.end
    wrapper = found.wrapper
    if wrapper is None:
        return start, end
    start += 1
    end -= 1
    while start < end and text[start] in _WS:
        start += 1
    if wrapper == "url":
        start += 4
        while start < end and text[start] in _WS:
            start += 1
    while end > start and text[end - 1] in _WS:
        end -= 1
    return start, end


def to_href(uri: str) -> str:
    """The URI for an ``href``: a URI unchanged, an IRI mapped to a URI (RFC 3987
    section 3.1), its host as A-labels when IDNA accepts it.

    >>> to_href("http://example.org/a"), to_href("http://r\\u00e9sum\\u00e9.example/\\u00e9")
    ('http://example.org/a', 'http://xn--rsum-bpad.example/%C3%A9')
    >>> to_href("http://\\u00e9_\\u00e9.example/")  # not a host IDNA accepts: percent-encoded
    'http://%C3%A9_%C3%A9.example/'
    """
    if uri.isascii():
        return uri
    from ..iri import to_uri  # only for IRIs

    try:
        return to_uri(uri, idna=True)
    except URIError:
        return to_uri(uri)


def linkify(
    text: str,
    *,
    iris: bool = True,
    abbreviated: bool = True,
    attrs: Mapping[str, str] | None = None,
    schemes: Iterable[str] | None = None,
) -> str:
    """``text`` as HTML, every reference found in it a link (see the module's docstring).

    ``iris`` and ``abbreviated`` are passed to :func:`urikit.extract`. ``attrs``
    adds attributes to every ``<a>`` after ``href`` (their values escaped; a
    name must be a plain attribute name and not ``href``). ``schemes``: the
    schemes that become links (case-insensitive; default :data:`DEFAULT_SCHEMES`);
    a scheme named there beyond those also counts without ``//``, as with
    ``extract(schemes=...)``. Never raises on a ``str``.

    >>> print(linkify('A "https://example.org/x" and <b>', attrs={"rel": "nofollow"}))
    A &quot;<a href="https://example.org/x" rel="nofollow">https://example.org/x</a>&quot; \
and &lt;b&gt;
    >>> print(linkify("ftp.example.org/pub, www.example.org", abbreviated=False))
    ftp.example.org/pub, www.example.org
    """
    check_str(text, "linkify", "text")
    wanted = wanted_schemes(schemes, "linkify")
    extra = _attrs_html(attrs)
    found = extract(
        text,
        iris=iris,
        abbreviated=abbreviated,
        schemes=None if wanted <= DEFAULT_SCHEMES else wanted,
    )
    out: list[str] = []
    pos = 0
    for item in found:
        uri = item.uri
        if uri[: uri.find(":")].lower() not in wanted:
            continue
        start, end = link_span(text, item)
        out.append(_escape(text[pos:start]))
        out.append(f'<a href="{_escape(to_href(uri))}"{extra}>{_escape(text[start:end])}</a>')
        pos = end
    out.append(_escape(text[pos:]))
    return "".join(out)
