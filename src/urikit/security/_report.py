"""What :func:`~urikit.security.check` returns.

The :class:`Report` (a tuple underneath, cheap to make; it keeps the text and
parses it again when :attr:`Report.uri` is read) and the :class:`Segment`
pieces :meth:`Report.segments` cuts the text into for highlighting."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..core._parser import DISJOINT_SPANS
from ..core._reference import URIReference, parse
from ._policy import Finding


@dataclass(frozen=True, slots=True)
class Segment:
    """A piece of the text for highlighting: ``component`` ("scheme", "userinfo",
    "host", "port", "path", "query", "fragment", "delimiter" or "invalid"), its
    ``[start, end)`` span, the ``text`` and the codes of the findings over it."""

    component: str
    start: int
    end: int
    text: str
    codes: tuple[str, ...]


#: What a Report keeps in place of its parsed reference (see Report.uri).
_PARSED_URI: Final = "uri"
_PARSED_IRI: Final = "iri"


class Report(tuple):  # type: ignore[type-arg]
    """What :func:`check` found in ``text``: the ``findings`` (by position), the
    ones the policy is ``blocking`` on, ``ok`` (none blocks) and ``uri`` (the
    parsed reference, an ``IRIReference`` for an IRI, or ``None`` when invalid).

    Immutable (a tuple underneath, so that making one costs little). It keeps
    the text and whether it is a URI or an IRI reference, not the parsed object:
    :attr:`uri` parses the text again on each access, so that the many checks
    whose caller only reads :attr:`ok` never build it.

    >>> from urikit.security import check
    >>> r = check("http://u:secret@example.org/")
    >>> r.ok, [f.code for f in r.findings], str(r.uri)
    (True, ['password-in-userinfo'], 'http://u:secret@example.org/')
    """

    __slots__ = ()

    def __new__(
        cls,
        text: str,
        findings: tuple[Finding, ...],
        blocking: tuple[Finding, ...],
        uri: URIReference | None,
    ) -> Report:
        if uri is None:
            kind = None
        elif type(uri) is URIReference:
            kind = _PARSED_URI
        else:
            kind = _PARSED_IRI
        return tuple.__new__(cls, (text, findings, blocking, kind))

    @property
    def text(self) -> str:
        """The text that was checked."""
        value: str = self[0]
        return value

    @property
    def findings(self) -> tuple[Finding, ...]:
        """Every finding, by position."""
        value: tuple[Finding, ...] = self[1]
        return value

    @property
    def blocking(self) -> tuple[Finding, ...]:
        """The findings the policy blocks on."""
        value: tuple[Finding, ...] = self[2]
        return value

    @property
    def uri(self) -> URIReference | None:
        """The parsed reference (parsed on each access), or ``None`` when the
        text is not valid.

        >>> from urikit.security import check
        >>> check("http://example.org/a").uri.host, check("http://a b/").uri
        ('example.org', None)
        """
        kind = self[3]
        if kind is None:
            return None
        if kind == _PARSED_URI:
            return parse(self[0])
        from .. import iri

        return iri.parse(self[0])

    @property
    def ok(self) -> bool:
        """True when no finding blocks under the policy."""
        return not self[2]

    def __getnewargs__(self) -> tuple[object, ...]:
        return (self.text, self.findings, self.blocking, self.uri)

    def __repr__(self) -> str:
        codes = [f.code for f in self.findings]
        return f"Report({self.text!r}, ok={self.ok}, findings={codes})"

    def segments(self) -> list[Segment]:
        """The text cut into its components and delimiters, for highlighting
        (RFC 3986 section 7.6: show people the components distinctly).

        >>> from urikit.security import check
        >>> [(s.component, s.text) for s in check("http://u@h:1/p?q#f").segments()]
        ... # doctest: +NORMALIZE_WHITESPACE
        [('scheme', 'http'), ('delimiter', '://'), ('userinfo', 'u'), ('delimiter', '@'),
         ('host', 'h'), ('delimiter', ':'), ('port', '1'), ('path', '/p'),
         ('delimiter', '?'), ('query', 'q'), ('delimiter', '#'), ('fragment', 'f')]
        """
        text = self.text
        cuts: list[tuple[str, int, int]] = []
        uri = self.uri
        if uri is None:
            cuts.append(("invalid", 0, len(text)))
        else:
            sp = uri._sp
            for name, group in DISJOINT_SPANS:
                a, b = sp[group]
                if a >= 0 and (b > a or name == "host"):
                    cuts.append((name, a, b))
        out: list[Segment] = []
        pos = 0
        for name, a, b in cuts:
            if a > pos:
                out.append(self._segment("delimiter", pos, a))
            if b > a or name == "host":
                out.append(self._segment(name, a, b))
            pos = max(pos, b)
        if pos < len(text):
            out.append(self._segment("delimiter", pos, len(text)))
        return [s for s in out if s.end > s.start or s.component == "host"]

    def _segment(self, name: str, a: int, b: int) -> Segment:
        codes = tuple(
            dict.fromkeys(
                f.code
                for f in self.findings
                if (f.start < b and f.end > a) or (f.start == f.end == a == b)
            )
        )
        return Segment(name, a, b, self.text[a:b], codes)
