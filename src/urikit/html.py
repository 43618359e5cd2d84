"""The URIs of an HTML document: every attribute that holds one, resolved against its base.

The 2003 rfc2396bis draft (Appendix D) and RFC 3986 section 5.1.1 describe how
a document sets its own base URI: HTML's ``BASE`` element. :func:`links` reads
a document with libxml2's HTML tokenizer (through :mod:`lxml`, imported on the
first call), takes the first ``<base href>`` (itself resolved against the
``base`` argument, the URI the document was retrieved from), and resolves every
URI attribute against it.

libxml2 (2.14 and later) tokenizes as HTML5 does - character references in
attribute values, the first of two equal attribute names, ``<script>``,
``<style>``, ``<textarea>``, ``<title>`` and the other raw-text elements, comments,
bogus comments (``<?...>``) - and its parser never reorders or clones elements,
so the start tags come out in the order they are written. Its C core runs in time
linear in the document on any text (``bench/linear.py``); the standard library's
:mod:`html.parser` is quadratic on unterminated markup on many Python patch
releases, and is not used.

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

import contextlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .errors import URIError, check_optional_str, check_str
from .reference import parse
from .resolution import resolve

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
# A lone surrogate cannot be encoded for the tokenizer; an HTML decoder gives U+FFFD for it.
_SURROGATE = re.compile("[\ud800-\udfff]")


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
        line: the line (from 1; a line ends at LF, as in HTML5 after CR LF
            and CR became LF) on which the element's start tag ends, at its
            ``>``: the line it starts on unless the tag spans lines.

    There is no column: libxml2 reports no position for a tag, and a column
    found by scanning the text again would be a second, hand-written HTML
    tokenizer (``<`` inside attribute values, comments and raw text). The line
    is exact: the document is handed to the tokenizer one line at a time.
    """

    element: str
    attribute: str
    raw: str
    uri: str | None
    error: URIError | None = field(compare=False)
    line: int


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


class _StartTags:
    """An lxml parser target that keeps the URI attributes of every start tag, with its line."""

    def __init__(self) -> None:
        self.found: list[tuple[str, str, str, int]] = []
        self.base_href: str | None = None
        self.line = 1

    def start(self, tag: str, attrs: Mapping[str, str]) -> None:
        wanted = URI_ATTRIBUTES.get(tag)
        if wanted is None:
            return
        for name, raw in attrs.items():
            if name not in wanted:
                continue
            if tag == "base" and self.base_href is None:
                self.base_href = raw
            if name in _SRCSET:
                for url in _srcset_urls(raw):
                    self.found.append((tag, name, url, self.line))
            else:
                self.found.append((tag, name, raw, self.line))

    def close(self) -> None:
        return None


def _start_tags(document: str) -> _StartTags:
    """Tokenize ``document`` with libxml2's HTML5 tokenizer, one line per feed."""
    from lxml import etree  # type: ignore[import-untyped]  # on first use: ``import urikit`` stays light

    if _SURROGATE.search(document) is not None:
        document = _SURROGATE.sub("\ufffd", document)
    data = document.encode("utf-8")
    target = _StartTags()
    # The encoding is given, so a <meta charset> cannot switch it; huge_tree lifts
    # libxml2's limits on text size (the SAX target has no depth limit).
    parser: Any = etree.HTMLParser(target=target, encoding="utf-8", huge_tree=True)
    start, n = 0, len(data)
    while start < n:
        if start:
            target.line += 1
        end = data.find(b"\n", start) + 1 or n
        parser.feed(data[start:end])
        start = end
    with contextlib.suppress(etree.XMLSyntaxError):  # a document without any element
        parser.close()
    return target


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
    collector = _start_tags(document)
    doc_base = base
    if collector.base_href is not None:
        try:
            resolved = _absolute(base, collector.base_href.strip(_HTML_WS))
        except URIError:
            resolved = None
        if resolved is not None:
            doc_base = resolved
    result: list[Link] = []
    for tag, name, raw, line in collector.found:
        text = raw.strip(_HTML_WS)
        error: URIError | None = None
        uri: str | None = None
        try:
            uri = _absolute(doc_base, text)
        except URIError as err:
            if err.text == text:
                error = err
        result.append(Link(tag, name, raw, uri, error, line))
    return result
