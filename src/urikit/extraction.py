"""URIs in running text: extraction by the delimiting rules of the RFCs, and ``fixup``.

RFC 3986 Appendix C (and before it RFC 2396 Appendix E, the 2003 rfc2396bis
draft Appendix E, RFC 1738's "Recommendations for URLs in Context" and the
1993 URL draft) says how URIs are written in plain text: between double quotes
``"http://example.com/"``, between angle brackets ``<http://example.com/>``
(formerly with the prefix ``URL:``, as in ``<URL:ftp://host/file>``), or just
surrounded by whitespace. Whitespace added to break a long URI across lines is
not part of it, and a hyphen at a line break may or may not be.

>>> text = '''Yes, Jim, I found it under "http://www.w3.org/Addressing/",
... but you can probably pick it up from <ftp://foo.example.
... com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
... ietf/uri/historical.html#WARNING>.'''
>>> for found in extract(text):
...     print(found.wrapper, found.uri)
quote http://www.w3.org/Addressing/
angle ftp://foo.example.com/rfc/
angle http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING

The rules, in the order they are applied at each position of the text:

* **Delimited forms** ``<URL:...>`` (wrapper ``"url"``, with or without
  whitespace after ``URL:``), ``<...>`` (``"angle"``) and ``"..."``
  (``"quote"``). All whitespace inside (spaces, tabs, no-break spaces, line
  breaks ``\\n``, ``\\r\\n`` or ``\\r`` and the next line's indentation) is
  removed before the content is judged, so ``<http://a.example/ b>`` and
  ``<http://a.example/\\n  b>`` both give ``http://a.example/b``. Three limits:
  a run of whitespace holding a blank line (two line breaks), a form feed or a
  vertical tab ends the text, so no URI spans a paragraph; inside the scheme
  (before its colon) whitespace must break a line, since words before a colon
  are prose (``"see http://a.example/ now"`` holds a bare URI, not the scheme
  ``seehttp``); quotes may not have whitespace just inside them, angle
  brackets may. The content, once joined, must be a URI
  (RFC 3986 ``URI``: it has a scheme; a fragment inside the delimiters belongs
  to it), and its scheme must not be followed by another colon (Perl's
  ``Data::Dumper`` is no URI). Inside angle brackets any scheme counts
  (``<foo:bar>``, ``<doi:10.1000/182>``); inside quotes only the schemes that
  count for bare URIs (below), since prose quotes words like ``"Note:"``, and
  something must follow the colon (and the ``//``). When the joined content is
  no URI, the delimiters count for nothing and the text inside is read again
  for bare URIs.
* **Bare URIs** are absolute and end at whitespace or at the first character no
  URI may contain. Trailing sentence punctuation (``. , ; : ! ?`` and ``'``) is
  not part of them, nor is a ``)`` or ``]`` without an opening partner inside
  the URI (a ``]`` is only ever valid closing an IP-literal host). A bare URI
  just after ``(`` ends at the ``)`` that closes that bracket, as the delimiters
  of Appendix C end theirs: ``(http://a.example/x).y`` holds
  ``http://a.example/x``. When the rest is still not a valid URI, it is cut at
  the first offending character. A bare URI counts when its scheme is followed
  by ``//`` (``http://``, ``ftp://``, any ``scheme://`` with something after
  it), or when its scheme is one that people write in prose without ``//``
  (:data:`PROSE_SCHEMES`, plus every registered scheme of :mod:`urikit.schemes`
  that has no authority, plus the schemes passed in ``schemes=``) and something
  other than whitespace or a second colon follows the colon. So ``Note:``,
  ``10:30``, ``C:\\path``, ``e.g.:``, ``Foo.pm`` and ``www.foo.com`` are never
  URIs (use :func:`fixup` for the last one). A scheme is at most 64 characters.
* **Hyphens at line breaks.** A bare URI whose last character is ``-`` at the
  end of a line continues on the next line (after its indentation). In every
  form, ``.uri`` keeps such a hyphen and ``.alternatives`` holds the reading
  without it. Inside delimiters a hyphen before any whitespace counts so (a
  text converted with its line breaks turned into spaces reads the same).

* **IRIs** (``iris=True``, off by default): non-ASCII characters count where
  the RFC 3987 grammar allows them; a bare IRI also ends at spaces and
  separators, opening, closing and quotation marks, CJK and full-width sentence
  punctuation (``。``, ``、``) and bidirectional formatting characters.
* **Abbreviated URIs** (``abbreviated=True``, off by default): a host name
  beginning with ``www.`` or ``ftp.`` standing as a word, with an optional
  port, path, query and fragment (2003 draft Appendix F); ``.uri`` is what
  :func:`fixup` gives for it.

Extraction never raises on a ``str`` and runs in time linear in the length of
the text: one regular expression (whose repetitions are all possessive and
whose branches all start with one of ``<``, ``"`` or ``:``) finds the
candidates, every candidate is examined once, and the text a candidate examines
is bounded by the next delimiter of its kind.
"""

from .core._faces import publish
from .text._extraction import *  # noqa: F403  (the names its __all__ lists)
from .text._extraction import __all__ as __all__

publish(__name__, globals())
