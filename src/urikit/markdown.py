"""urikit as the linkifier of markdown-it-py (the ``[markdown]`` extra).

markdown-it-py's ``linkify`` rules find plain-text links through the object in
``md.linkify``, normally linkify-it-py's ``LinkifyIt``. :func:`linkify_it`
returns an object with the same methods (``pretest``, ``test``, ``match`` and
``match_at_start``) and match objects (``schema``, ``index``, ``last_index``,
``raw``, ``text``, ``url``) that finds them with :func:`urikit.extract` instead:
RFC 3986 ends, IRIs, the ``www.``/``ftp.`` abbreviations, no bare domain names
or e-mail addresses. :func:`markdown_it` builds a ``MarkdownIt`` with it.

>>> import markdown_it as _markdown_it_py  # the [markdown] extra: markdown-it-py
>>> md = markdown_it()
>>> print(md.render("See www.example.org/a, http://例え.jp/パス. and user@host."), end="")
<p>See <a href="http://www.example.org/a">www.example.org/a</a>, \
<a href="http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9">http://例え.jp/パス</a>. and user@host.</p>

This module imports markdown-it-py only in :func:`markdown_it`; ``import urikit``
imports neither. docs/extract.md lists where the links found differ from
linkify-it-py's, and why.
"""

from .core._faces import publish
from .text._markdown import *  # noqa: F403  (the names its __all__ lists)
from .text._markdown import __all__ as __all__

publish(__name__, globals())
