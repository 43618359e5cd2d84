"""The code behind :mod:`urikit.html` (the face that documents it)."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..core._errors import URIError, check_optional_str, check_str
from ..core._reference import parse
from ..core._resolution import resolve
from ._linkifier import to_href

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
# Where a start tag may begin (HTML5: "<" and an ASCII letter), and what ends its
# name after "<name" (whitespace, "/" or ">").
_TAG_OPEN = re.compile("<[A-Za-z]")
_TAG_NAME_END = frozenset(" \t\n\f\r/>")


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
        line, column: where the element's start tag begins, at its ``<``: the
            line from 1 (a line ends at CR LF, CR or LF, which HTML5 makes LF)
            and the column from 0 (in characters).

    The tokenizer (libxml2) reports no position; the document, which is in
    memory, is handed to it in pieces that each start where a tag may (``<``
    and a letter), and a tag
    reported while a piece is read starts at that piece's ``<`` (or, when a
    ``<`` sits inside one of its attribute values, at the first ``<`` and tag
    name after the last ``>`` before that piece).

    >>> [(k.line, k.column, k.raw) for k in links('<p>\\n  <a href="x">y</a> <img src="z">')]
    [(2, 2, 'x'), (2, 20, 'z')]
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


class _StartTags:
    """An lxml parser target that keeps the URI attributes of every start tag, with
    the offset of the tag's ``<`` in the document.

    The document is fed in pieces that each start at a ``<`` followed by a letter
    (the first one at the start), and libxml2 reports a start tag while the piece holding its ``>``
    is fed, so the tag starts at that piece's ``<``; when that ``<`` is not the
    tag's (a ``<`` inside an attribute value), the tag starts at the first ``<``
    and tag name after the last ``>`` before that piece. The stretch searched
    starts after the last tag found, so each character is read a bounded number
    of times: linear.
    """

    def __init__(self, document: str) -> None:
        self.document = document
        self.found: list[tuple[str, str, str, int]] = []
        self.base_href: str | None = None
        self.piece = 0  # the offset of the piece being fed
        self.last = -1  # the offset of the last tag found

    def _tag_start(self, tag: str) -> int:
        doc = self.document
        piece = self.piece
        # The first "<" and the tag's name after the last ">" before the piece
        # (and after the last tag found): a "<" inside an attribute value of the
        # tag comes after its own "<", with no ">" in between.
        lo = max(self.last + 1, doc.rfind(">", self.last + 1, piece) + 1)
        at = doc.find("<", lo, piece + 1)
        while at >= 0 and not _starts_tag(doc, at, tag):
            at = doc.find("<", at + 1, piece + 1)
        if at < 0:
            at = max(piece, self.last + 1)  # not found (a name the tokenizer changed)
        self.last = at
        return at

    def start(self, tag: str, attrs: Mapping[str, str]) -> None:
        wanted = URI_ATTRIBUTES.get(tag)
        if wanted is None:
            return
        at = -1
        for name, raw in attrs.items():
            if name not in wanted:
                continue
            if at < 0:
                at = self._tag_start(tag)
            if tag == "base" and self.base_href is None:
                self.base_href = raw
            if name in _SRCSET:
                for url in _srcset_urls(raw):
                    self.found.append((tag, name, url, at))
            else:
                self.found.append((tag, name, raw, at))

    def close(self) -> None:
        return None


def _starts_tag(doc: str, at: int, tag: str) -> bool:
    """Does a start tag named ``tag`` (any case) begin at ``doc[at]``?"""
    end = at + 1 + len(tag)
    if doc[at + 1 : end].lower() != tag:
        return False
    return end == len(doc) or doc[end] in _TAG_NAME_END


def _start_tags(document: str) -> _StartTags:
    """Tokenize ``document`` with libxml2's HTML5 tokenizer, one piece per ``<`` that
    may begin a start tag (followed by an ASCII letter)."""
    from lxml import etree  # type: ignore[import-untyped]  # on first use: ``import urikit`` stays light

    if _SURROGATE.search(document) is not None:
        document = _SURROGATE.sub("\ufffd", document)  # one character for one: offsets stay
    target = _StartTags(document)
    # The encoding is given, so a <meta charset> cannot switch it; huge_tree lifts
    # libxml2's limits on text size (the SAX target has no depth limit).
    parser: Any = etree.HTMLParser(target=target, encoding="utf-8", huge_tree=True)
    start = 0
    for m in _TAG_OPEN.finditer(document, 1):
        target.piece = start
        parser.feed(document[start : m.start()].encode("utf-8"))
        start = m.start()
    target.piece = start
    parser.feed(document[start:].encode("utf-8"))
    with contextlib.suppress(etree.XMLSyntaxError):  # a document without any element
        parser.close()
    return target


class _Lines:
    """Line (from 1) and column (from 0) of offsets asked for in increasing order.

    A line ends at CR LF, CR or LF (HTML5 makes them all LF). Each stretch of the
    document is counted once: linear in the document.
    """

    def __init__(self, document: str) -> None:
        self.document = document
        self.upto = 0
        self.line = 1
        self.line_start = 0

    def at(self, offset: int) -> tuple[int, int]:
        doc, a = self.document, self.upto
        if offset > a:
            ends = doc.count("\n", a, offset) + doc.count("\r", a, offset)
            if ends:
                self.line += ends - doc.count("\r\n", a, offset)
                self.line_start = max(doc.rfind("\n", a, offset), doc.rfind("\r", a, offset)) + 1
            self.upto = offset
        return self.line, offset - self.line_start


def _absolute(base: str | None, text: str) -> str | None:
    """``text`` resolved against ``base`` (RFC 3986 5.2, RFC 3987 for an IRI);
    ``None`` if it cannot be."""
    if text.isascii() and (base is None or base.isascii()):
        ref = parse(text)
        if ref.scheme is not None:
            return resolve(text, text)  # an absolute reference: only its dot segments go
        if base is None:
            return None
        return resolve(base, text)
    from ..iri import parse as iri_parse
    from ..iri import resolve as iri_resolve

    if iri_parse(text).scheme is not None:
        return iri_resolve(text, text)
    if base is None:
        return None
    return iri_resolve(base, text)


def links(document: str, *, base: str | None = None, to_uri: bool = False) -> list[Link]:
    """Every URI attribute of ``document``, in document order.

    ``base`` is the URI the document was retrieved from (an absolute URI; a
    bad one raises :class:`~urikit.URIError`). The first ``<base href>`` of
    the document, resolved against ``base``, becomes the base of every other
    link (HTML: the document base URL); a ``<base href>`` that is no URI
    reference is ignored.

    A value may be an IRI (RFC 3987: ``<a href="http://例え.jp/パス">``): it is
    resolved as one, and ``uri`` is the IRI, or with ``to_uri=True`` the URI
    it maps to (:func:`urikit.iri.to_uri`, the host as IDNA A-labels when IDNA
    accepts it).

    >>> page = '<base href="/docs/"><a href="intro.html#top">x</a><img srcset="a.png 1x, b.png 2x">'
    >>> for k in links(page, base="https://example.org/index.html"):
    ...     print(k.element, k.attribute, k.uri)
    base href https://example.org/docs/
    a href https://example.org/docs/intro.html#top
    img srcset https://example.org/docs/a.png
    img srcset https://example.org/docs/b.png
    >>> iri = '<a href="http://例え.jp/パス">'
    >>> links(iri)[0].uri, links(iri, to_uri=True)[0].uri
    ('http://例え.jp/パス', 'http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9')
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
    lines = _Lines(collector.document)
    result: list[Link] = []
    for tag, name, raw, at in collector.found:
        text = raw.strip(_HTML_WS)
        error: URIError | None = None
        uri: str | None = None
        try:
            uri = _absolute(doc_base, text)
        except URIError as err:
            if err.text == text:
                error = err
        if to_uri and uri is not None and not uri.isascii():
            uri = to_href(uri)
        line, column = lines.at(at)
        result.append(Link(tag, name, raw, uri, error, line, column))
    return result
