"""Safe HTML with links: every URI :func:`urikit.extract` finds in a text becomes ``<a>``.

:func:`linkify` turns plain text into HTML: the references found by
:func:`~urikit.extract` (IRIs and the abbreviated ``www.``/``ftp.`` forms
included by default) become ``<a href="...">...</a>``, and everything else is
HTML-escaped, the link text too. Only the characters MarkupSafe escapes are
touched (``&``, ``<``, ``>``, ``"``, ``'``; with the stdlib's
:func:`html.escape`), so the output read back by any HTML parser is the input
text, and no element or attribute appears but the generated links.

>>> print(linkify("See <http://example.org/a?x=1&y=2> & www.w3.org/Addressing/."))
See &lt;<a href="http://example.org/a?x=1&amp;y=2">http://example.org/a?x=1&amp;y=2</a>&gt; \
&amp; <a href="https://www.w3.org/Addressing/">www.w3.org/Addressing/</a>.

The link text is the reference as written: the delimiters of ``<...>``,
``<URL:...>`` and ``"..."`` stay outside the link, while whitespace inside them
(a URI broken across lines) stays inside. The ``href`` is the URI: an IRI is
mapped to a URI (RFC 3987 section 3.1: the host as IDNA A-labels when IDNA
accepts it, every other non-ASCII character percent-encoded as UTF-8), an
abbreviated one is the URI :func:`urikit.fixup` gives for it.

>>> print(linkify("Voir http://例え.jp/パス。"))
Voir <a href="http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9">http://例え.jp/パス</a>。

Only the schemes in ``schemes`` become links (by default :data:`DEFAULT_SCHEMES`:
``http``, ``https``, ``ftp`` and ``mailto``); any other reference found stays
text. The schemes that run code or carry a document of their own
(:data:`NEVER_LINKED`: ``javascript``, ``vbscript``, ``data``) are refused even
when asked for.

>>> print(linkify("javascript:alert(1) data:,x mailto:a@example.org"))
javascript:alert(1) data:,x <a href="mailto:a@example.org">mailto:a@example.org</a>
>>> print(linkify("<news:comp.lang.python>", schemes=["news"], attrs={"rel": "nofollow"}))
&lt;<a href="news:comp.lang.python" rel="nofollow">news:comp.lang.python</a>&gt;
"""

from .core._faces import publish
from .text._linkifier import *  # noqa: F403  (the names its __all__ lists)
from .text._linkifier import __all__ as __all__

publish(__name__, globals())
