"""The code behind :mod:`urikit.markdown` (the face that documents it)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from ..core._errors import check_str
from ._extraction import _bare_extent, extract, fixup
from ._linkifier import link_span, wanted_schemes

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

__all__ = ["Linkifier", "Match", "linkify_it", "markdown_it"]

# A scheme and its colon; a scheme longer than 64 characters is never read as one.
_SCHEME_COLON_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9+.-]{0,63}:")
# What markdown-it-py's linkify rule takes for the scheme before "://".
_PROTO_CHARS: Final = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.+-")
_LETTERS: Final = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


@dataclass(frozen=True, slots=True)
class Match:
    """One link found, in the shape of linkify-it-py's ``Match``.

    Attributes:
        schema: the scheme and its colon, lowercase (``"https:"``), or ``""``
            for an abbreviated URI (``www.example.org``), as linkify-it-py
            gives for its links without a scheme.
        index, last_index: the span of the link in the text (``text[index:last_index]``),
            without delimiters (``<``, ``>``, quotes).
        raw: the text of that span. text: the same (the link's text).
        url: the URI to link to: as written, or for an abbreviated one the URI
            :func:`urikit.fixup` gives (with the linkifier's ``default_scheme``);
            markdown-it-py maps it to its ``href`` (``normalizeLink``).

    >>> m = linkify_it().match("Mail <mailto:a@example.org>.")[0]
    >>> m.schema, m.index, m.last_index, m.raw, m.url, m.lastIndex
    ('mailto:', 6, 26, 'mailto:a@example.org', 'mailto:a@example.org', 26)
    """

    schema: str
    index: int
    last_index: int
    raw: str
    text: str
    url: str

    @property
    def lastIndex(self) -> int:
        """:attr:`last_index` under linkify-it's JavaScript name."""
        return self.last_index


class Linkifier:
    """A drop-in for linkify-it-py's ``LinkifyIt`` in markdown-it-py (``md.linkify``).

    Create it with :func:`linkify_it`. Its answers depend only on the text
    (the last one is remembered, since markdown-it-py calls ``test`` then
    ``match`` on the same text); it is safe to share between threads.

    >>> linkify = linkify_it()
    >>> linkify.pretest("no links here"), linkify.test("a www.example.org b")
    (False, True)
    >>> [(m.schema, m.url) for m in linkify.match("ftp.example.org or http://h.example/")]
    [('', 'ftp://ftp.example.org'), ('http:', 'http://h.example/')]
    >>> linkify.match_at_start("https://example.org/x**, more")
    Match(schema='https:', index=0, last_index=23, raw='https://example.org/x**', \
text='https://example.org/x**', url='https://example.org/x**')
    """

    __slots__ = ("_abbreviated", "_default_scheme", "_iris", "_last", "_needles", "_wanted")

    def __init__(
        self,
        *,
        iris: bool = True,
        abbreviated: bool = True,
        schemes: Iterable[str] | None = None,
        default_scheme: str = "http",
    ) -> None:
        check_str(default_scheme, "linkify_it", "default_scheme")
        self._wanted = wanted_schemes(schemes, "linkify_it")
        fixup("a.example", default_scheme=default_scheme)  # ValueError for a bad scheme
        self._iris = bool(iris)
        self._abbreviated = bool(abbreviated)
        self._default_scheme = default_scheme
        # Could the text hold a link? A wanted scheme and its colon, or a www./ftp.
        # prefix (in any case); substring tests, far quicker than a regular
        # expression. (markdown-it-py's text tokens hold no line break.)
        needles = [f"{name}:" for name in sorted(self._wanted)]
        if abbreviated:
            needles += ["www.", "ftp."]
        self._needles = tuple(needles)
        self._last: tuple[str, list[Match]] = ("", [])

    def __repr__(self) -> str:
        return (
            f"<urikit.markdown.Linkifier iris={self._iris} abbreviated={self._abbreviated} "
            f"schemes={sorted(self._wanted)} default_scheme={self._default_scheme!r}>"
        )

    def _find(self, text: str) -> list[Match]:
        last = self._last
        if last[0] == text:
            return last[1]
        wanted = self._wanted
        found: list[Match] = []
        for item in extract(
            text,
            iris=self._iris,
            abbreviated=self._abbreviated,
            schemes=None if wanted <= {"http", "https", "ftp", "mailto"} else wanted,
        ):
            uri = item.uri
            scheme = uri[: uri.find(":")].lower()
            if scheme not in wanted:
                continue
            start, end = link_span(text, item)
            raw = text[start:end]
            if item.abbreviated:
                url = fixup(raw, default_scheme=self._default_scheme)
                found.append(Match("", start, end, raw, raw, url))
            else:
                found.append(Match(scheme + ":", start, end, raw, raw, uri))
        self._last = (text, found)
        return found

    def pretest(self, text: str) -> bool:
        """A quick look: False when ``text`` cannot hold a link (True does not say it does)."""
        if type(text) is not str:
            check_str(text, "pretest", "text")
        if any(map(text.lower().__contains__, self._needles)):
            return True
        # Inside <...> and "..." a line break may split the scheme.
        return ("\n" in text or "\r" in text) and ("<" in text or '"' in text)

    def test(self, text: str) -> bool:
        """Does ``text`` hold a link?"""
        if type(text) is not str:
            check_str(text, "test", "text")
        return self.pretest(text) and bool(self._find(text))

    def match(self, text: str) -> list[Match] | None:
        """Every link in ``text``, in order; ``None`` when there is none (as linkify-it-py)."""
        if type(text) is not str:
            check_str(text, "match", "text")
        if not self.pretest(text):
            return None
        return list(self._find(text)) or None

    def match_at_start(self, text: str) -> Match | None:
        """The link that ``text`` starts with (a URI with its scheme), or ``None``.

        markdown-it-py calls this at ``://`` with the rest of the paragraph. Only
        the text that can belong to the link at the start is read (a run of
        reference characters, up to where the reference must end), so that a
        paragraph holding many ``://`` without whitespace is not read again
        from each of them.
        """
        if type(text) is not str:
            check_str(text, "match_at_start", "text")
        return self._match_at(text, 0)

    def _match_at(self, text: str, start: int) -> Match | None:
        """:meth:`match_at_start` of ``text[start:]``, without copying the rest."""
        m = _SCHEME_COLON_RE.match(text, start)
        if m is None or text[start : m.end() - 1].lower() not in self._wanted:
            return None
        end = _bare_extent(text, start, m.end() - 1, self._iris)
        # A "(" just before the link is read with it: the ")" that closes it ends the link.
        lead = 1 if start and text[start - 1] == "(" else 0
        word = text[start - lead : end]
        if not self.pretest(word):
            return None
        found = self._find_word(word)
        if not found or found[0].index != lead or not found[0].schema:
            return None
        first = found[0]
        if not lead:
            return first
        return Match(first.schema, 0, first.last_index - 1, first.raw, first.text, first.url)

    def _find_word(self, word: str) -> list[Match]:
        last = self._last
        try:
            return self._find(word)
        finally:
            self._last = last  # keep what test() found for match()


def linkify_it(
    *,
    iris: bool = True,
    abbreviated: bool = True,
    schemes: Iterable[str] | None = None,
    default_scheme: str = "http",
) -> Linkifier:
    """A linkifier for ``md.linkify`` of a markdown-it-py ``MarkdownIt``.

    ``iris`` and ``abbreviated`` go to :func:`urikit.extract`; ``schemes`` are
    the schemes linked (default ``http``, ``https``, ``ftp``, ``mailto``, as
    linkify-it-py; ``javascript``, ``vbscript`` and ``data`` are refused);
    ``default_scheme`` is the scheme of ``www.`` links (``http``, as
    linkify-it-py; ``"https"`` for what :func:`urikit.linkify` gives).

    >>> from markdown_it import MarkdownIt
    >>> md = MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
    >>> md.linkify = linkify_it(default_scheme="https")
    >>> md.render("www.example.org")
    '<p><a href="https://www.example.org">www.example.org</a></p>\\n'
    """
    return Linkifier(
        iris=iris, abbreviated=abbreviated, schemes=schemes, default_scheme=default_scheme
    )


def markdown_it(
    config: str = "commonmark", options_update: dict[str, Any] | None = None, **kwargs: Any
) -> MarkdownIt:
    """A markdown-it-py ``MarkdownIt(config)`` with linkify on and urikit underneath.

    ``options_update`` goes to ``MarkdownIt``; ``kwargs`` to :func:`linkify_it`.

    >>> markdown_it().render("<http://a.example/> and http://b.example/x).")
    '<p><a href="http://a.example/">http://a.example/</a> and \
<a href="http://b.example/x">http://b.example/x</a>).</p>\\n'
    """
    from markdown_it import MarkdownIt

    md = MarkdownIt(config, {**(options_update or {}), "linkify": True}).enable("linkify")
    md.linkify = linkify_it(**kwargs)
    md.inline.ruler.at("linkify", _linkify_rule)
    return md


def _scheme_before(pending: str) -> str | None:
    """The scheme that ends ``pending`` as markdown-it-py's linkify rule reads it
    (the longest run of ``[A-Za-z0-9.+-]``, starting with a letter), reading back
    at most 65 characters: a longer scheme is never a link (``None``).

    >>> _scheme_before("see http"), _scheme_before("1http"), _scheme_before("a" * 70)
    ('http', None, None)
    """
    n = len(pending)
    k = n
    floor = max(0, n - 65)
    while k > floor and pending[k - 1] in _PROTO_CHARS:
        k -= 1
    if k == n or (k == floor and k > 0 and pending[k - 1] in _PROTO_CHARS):
        return None
    if pending[k] not in _LETTERS:
        return None
    return pending[k:]


def _linkify_rule(state: Any, silent: bool) -> bool:
    """markdown-it-py's inline ``linkify`` rule, linear in the paragraph.

    The stock rule searches all the text pending since the last token for the
    scheme before each ``://`` (a regular expression anchored at the end), and
    hands the linkifier a copy of the rest of the paragraph: both read the
    paragraph again at every ``://``. This one reads back at most 65 characters
    and gives urikit's linkifier the paragraph and a position. With another
    object in ``md.linkify`` the stock rule runs.
    """
    linkify = state.md.linkify
    if not isinstance(linkify, Linkifier):
        from markdown_it.rules_inline.linkify import linkify as stock_rule

        return bool(stock_rule(state, silent))
    if not state.md.options.linkify or state.linkLevel > 0:
        return False
    pos = state.pos
    if pos + 3 > state.posMax or not state.src.startswith("://", pos):
        return False
    proto = _scheme_before(state.pending)
    if proto is None:
        return False
    link = linkify._match_at(state.src, pos - len(proto))
    if link is None:
        return False
    url = link.url.rstrip("*")  # a trailing "*" is emphasis, as in the stock rule
    full_url = state.md.normalizeLink(url)
    if not state.md.validateLink(full_url):
        return False
    if not silent:
        state.pending = state.pending[: -len(proto)]
        token = state.push("link_open", "a", 1)
        token.attrs = {"href": full_url}
        token.markup = "linkify"
        token.info = "auto"
        token = state.push("text", "", 0)
        token.content = state.md.normalizeLinkText(url)
        token = state.push("link_close", "a", -1)
        token.markup = "linkify"
        token.info = "auto"
    state.pos += len(url) - len(proto)
    return True
