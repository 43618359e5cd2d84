"""One URI found in text: :class:`Extracted`, what :func:`urikit.extract` gives."""

from __future__ import annotations

from typing import Any, NoReturn

from ..core._reference import URIReference, parse

__all__ = ["Extracted"]


class Extracted:
    """One URI found in text. Immutable.

    Attributes:
        uri: the URI with its wrapper and the whitespace inside removed,
            otherwise as written (a hyphen at a line break is kept).
        start, end: the span of the text it was found in, as written: wrapper
            and whitespace inside included (``text[start:end]``).
        wrapper: ``"url"`` for ``<URL:...>``, ``"angle"`` for ``<...>``,
            ``"quote"`` for ``"..."``, ``None`` for a bare URI.
        alternatives: other readings (the URI without a hyphen found at a line
            break), as a tuple.

    >>> from urikit import extract
    >>> found = extract("see <URL:http://example.org/a->")[0]
    >>> found.uri, found.start, found.end, found.wrapper, found.alternatives
    ('http://example.org/a-', 4, 31, 'url', ())
    >>> found.parsed.host
    'example.org'
    """

    __slots__ = ("_iri", "_parsed", "abbreviated", "alternatives", "end", "start", "uri", "wrapper")

    uri: str
    start: int
    end: int
    wrapper: str | None
    alternatives: tuple[str, ...]
    abbreviated: bool
    _iri: bool
    _parsed: URIReference | None

    def __init__(
        self,
        uri: str,
        start: int,
        end: int,
        wrapper: str | None = None,
        alternatives: tuple[str, ...] = (),
        *,
        abbreviated: bool = False,
        iri: bool = False,
    ) -> None:
        _set = object.__setattr__
        _set(self, "uri", uri)
        _set(self, "start", start)
        _set(self, "end", end)
        _set(self, "wrapper", wrapper)
        _set(self, "alternatives", tuple(alternatives))
        _set(self, "abbreviated", bool(abbreviated))
        _set(self, "_iri", bool(iri))
        _set(self, "_parsed", None)

    @property
    def parsed(self) -> URIReference:
        """The reference of :attr:`uri`, parsed once, on demand.

        A :class:`~urikit.URIReference`, or an :class:`urikit.iri.IRIReference`
        (a subclass) for what was found with ``iris=True``.
        """
        ref = self._parsed
        if ref is None:
            if self._iri:
                from ..iri import parse as iri_parse

                ref = iri_parse(self.uri, "IRI")
            else:
                ref = parse(self.uri)
            object.__setattr__(self, "_parsed", ref)
        return ref

    def _shifted(self, offset: int) -> Extracted:
        if not offset:
            return self
        return Extracted(
            self.uri,
            self.start + offset,
            self.end + offset,
            self.wrapper,
            self.alternatives,
            abbreviated=self.abbreviated,
            iri=self._iri,
        )

    def _key(self) -> tuple[Any, ...]:
        return (self.uri, self.start, self.end, self.wrapper, self.alternatives, self.abbreviated)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Extracted):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        extra = f", alternatives={self.alternatives!r}" if self.alternatives else ""
        if self.abbreviated:
            extra += ", abbreviated=True"
        return (
            f"Extracted({self.uri!r}, start={self.start}, end={self.end}, "
            f"wrapper={self.wrapper!r}{extra})"
        )

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"Extracted is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"Extracted is immutable; cannot delete {name!r}")
