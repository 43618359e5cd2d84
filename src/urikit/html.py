"""The URIs of an HTML document: every attribute that holds one, resolved against its base.

The 2003 rfc2396bis draft (Appendix D) and RFC 3986 section 5.1.1 describe how
a document sets its own base URI: HTML's ``BASE`` element. :func:`links` reads
a document with the standard library's :mod:`html.parser`, takes the first
``<base href>`` (itself resolved against the ``base`` argument, the URI the
document was retrieved from), and resolves every URI attribute against it.

>>> doc = '''<!doctype html public "-//IETF//DTD HTML//EN">
... <HTML><HEAD>
... <TITLE>An example HTML document</TITLE>
... <BASE href="http://www.ics.uci.edu/Test/a/b/c">
... </HEAD><BODY>
... ... <A href="../x">a hypertext anchor</A> ...
... </BODY></HTML>'''
>>> [(k.element, k.attribute, k.raw, k.uri) for k in links(doc)]
[('base', 'href', 'http://www.ics.uci.edu/Test/a/b/c', 'http://www.ics.uci.edu/Test/a/b/c'), \
('a', 'href', '../x', 'http://www.ics.uci.edu/Test/a/x')]

A value that is no URI reference even after the leading and trailing ASCII
whitespace HTML allows is stripped gets its :class:`~urikit.URIError` (positions
are in the stripped value, ``error.text``):

>>> bad = links('<img src=" http://a.example/x y.png ">')[0]
>>> bad.uri is None, bad.error.reason, bad.error.position
(True, 'invalid-char', 18)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from html.parser import HTMLParser
from types import MappingProxyType

from .errors import URIError, check_optional_str, check_str
from .reference import parse
from .resolve import resolve

__all__ = ["URI_ATTRIBUTES", "Link", "links"]

#: The attributes that hold a URI, by element (HTML 4.01 and the HTML Living
#: Standard). ``srcset`` and ``imagesrcset`` hold a list of image candidates:
#: each candidate's URL is one link.
URI_ATTRIBUTES: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "a": frozenset({"href"}),
        "area": frozenset({"href"}),
        "link": frozenset({"href", "imagesrcset"}),
        "base": frozenset({"href"}),
        "img": frozenset({"src", "srcset", "longdesc"}),
        "script": frozenset({"src"}),
        "iframe": frozenset({"src", "longdesc"}),
        "frame": frozenset({"src", "longdesc"}),
        "embed": frozenset({"src"}),
        "audio": frozenset({"src"}),
        "video": frozenset({"src", "poster"}),
        "source": frozenset({"src", "srcset"}),
        "track": frozenset({"src"}),
        "input": frozenset({"src", "formaction"}),
        "button": frozenset({"formaction"}),
        "form": frozenset({"action"}),
        "blockquote": frozenset({"cite"}),
        "q": frozenset({"cite"}),
        "del": frozenset({"cite"}),
        "ins": frozenset({"cite"}),
        "object": frozenset({"data", "codebase"}),
        "applet": frozenset({"codebase"}),
        "body": frozenset({"background"}),
        "head": frozenset({"profile"}),
        "html": frozenset({"manifest"}),
    }
)

_SRCSET = frozenset({"srcset", "imagesrcset"})
# HTML's "ASCII whitespace": what may surround a URL in an attribute.
_HTML_WS = " \t\n\f\r"


@dataclass(frozen=True, slots=True)
class Link:
    """One URI attribute of an HTML element. Immutable.

    Attributes:
        element, attribute: lower-case names (``"a"``, ``"href"``).
        raw: the value as written, character references decoded as HTML does
            (for ``srcset``, one candidate's URL).
        uri: the absolute URI it refers to (resolved against the document's
            base), or ``None`` when it is no URI reference or there is no
            base to resolve a relative one against.
        error: the :class:`~urikit.URIError` when ``raw`` (stripped of the
            ASCII whitespace HTML allows around it) is no URI reference.
        line, column: where the element's tag starts (line from 1, column from 0).
    """

    element: str
    attribute: str
    raw: str
    uri: str | None
    error: URIError | None = field(compare=False)
    line: int
    column: int


def _srcset_urls(value: str) -> list[str]:
    """The URLs of a ``srcset`` value (HTML "parse a srcset attribute", simplified)."""
    urls: list[str] = []
    i, n = 0, len(value)
    while True:
        while i < n and (value[i] in _HTML_WS or value[i] == ","):
            i += 1
        if i >= n:
            return urls
        start = i
        while i < n and value[i] not in _HTML_WS:
            i += 1
        url = value[start:i]
        if url.endswith(","):
            urls.append(url.rstrip(","))
            continue
        urls.append(url)
        depth = 0  # skip the descriptors up to a comma outside parentheses
        while i < n and not (value[i] == "," and depth == 0):
            if value[i] == "(":
                depth += 1
            elif value[i] == ")" and depth:
                depth -= 1
            i += 1


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str, str, int, int]] = []
        self.base_href: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        wanted = URI_ATTRIBUTES.get(tag)
        if wanted is None:
            return
        line, column = self.getpos()
        for name, value in attrs:
            if name not in wanted:
                continue
            raw = "" if value is None else value
            if tag == "base" and self.base_href is None:
                self.base_href = raw
            if name in _SRCSET:
                for url in _srcset_urls(raw):
                    self.found.append((tag, name, url, line, column))
            else:
                self.found.append((tag, name, raw, line, column))


def _absolute(base: str | None, text: str) -> str | None:
    """``text`` resolved against ``base`` (RFC 3986 5.2); ``None`` if it cannot be."""
    ref = parse(text)
    if ref.scheme is not None:
        return resolve(text, text)  # an absolute reference: only its dot segments go
    if base is None:
        return None
    return resolve(base, text)


def links(document: str, *, base: str | None = None) -> list[Link]:
    """Every URI attribute of ``document``, in document order.

    ``base`` is the URI the document was retrieved from (an absolute URI; a
    bad one raises :class:`~urikit.URIError`). The first ``<base href>`` of
    the document, resolved against ``base``, becomes the base of every other
    link (HTML: the document base URL); a ``<base href>`` that is no URI
    reference is ignored.

    >>> page = '<base href="/docs/"><a href="intro.html#top">x</a><img srcset="a.png 1x, b.png 2x">'
    >>> for k in links(page, base="https://example.org/index.html"):
    ...     print(k.element, k.attribute, k.uri)
    base href https://example.org/docs/
    a href https://example.org/docs/intro.html#top
    img srcset https://example.org/docs/a.png
    img srcset https://example.org/docs/b.png
    """
    check_str(document, "links", "document")
    check_optional_str(base, "links", "base")
    if base is not None:
        parse(base, "URI")
    collector = _Collector()
    collector.feed(document)
    collector.close()
    doc_base = base
    if collector.base_href is not None:
        try:
            resolved = _absolute(base, collector.base_href.strip(_HTML_WS))
        except URIError:
            resolved = None
        if resolved is not None:
            doc_base = resolved
    result: list[Link] = []
    for tag, name, raw, line, column in collector.found:
        text = raw.strip(_HTML_WS)
        error: URIError | None = None
        uri: str | None = None
        try:
            uri = _absolute(doc_base, text)
        except URIError as err:
            if err.text == text:
                error = err
        result.append(Link(tag, name, raw, uri, error, line, column))
    return result
