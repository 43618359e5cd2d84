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

from .core._faces import publish
from .text._html import *  # noqa: F403  (the names its __all__ lists)
from .text._html import __all__ as __all__

publish(__name__, globals())
