"""``DomainParts``: a host's subdomain, domain and public suffix, as
:func:`urikit.domains.split` gives them."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import NoReturn

__all__ = ["DomainParts"]


class DomainParts:
    """The three parts of a host, left to right: ``subdomain``, ``domain`` (the
    one label before the public suffix) and ``suffix`` (the public suffix); an
    absent part is ``""``. Unpacks as three strings, like tldextract's result;
    immutable.

    ``section`` is the section of the list whose rule gave the suffix,
    ``"icann"`` or ``"private"``, or ``None`` (no listed rule: the default rule
    ``*``, or no suffix at all).

    >>> parts = DomainParts("forums.news", "bbc", "co.uk", "icann")  # forums.news.bbc.co.uk
    >>> sub, domain, suffix = parts
    >>> (sub, domain, suffix), parts.registrable_domain, parts.section
    (('forums.news', 'bbc', 'co.uk'), 'bbc.co.uk', 'icann')
    """

    __slots__ = ("domain", "section", "subdomain", "suffix")

    subdomain: str
    domain: str
    suffix: str
    section: str | None

    def __init__(self, subdomain: str, domain: str, suffix: str, section: str | None) -> None:
        """The parts as given (no check)."""
        for name, value in (
            ("subdomain", subdomain),
            ("domain", domain),
            ("suffix", suffix),
            ("section", section),
        ):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __iter__(self) -> Iterator[str]:
        return iter((self.subdomain, self.domain, self.suffix))

    def __len__(self) -> int:
        return 3

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DomainParts):
            return self._key() == other._key()
        if isinstance(other, tuple):
            return (self.subdomain, self.domain, self.suffix) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.subdomain, self.domain, self.suffix))

    def __repr__(self) -> str:
        return (
            f"DomainParts(subdomain={self.subdomain!r}, domain={self.domain!r},"
            f" suffix={self.suffix!r}, section={self.section!r})"
        )

    def __reduce__(self) -> tuple[type[DomainParts], tuple[str, str, str, str | None]]:
        return (type(self), self._key())

    def _key(self) -> tuple[str, str, str, str | None]:
        return (self.subdomain, self.domain, self.suffix, self.section)

    @property
    def registrable_domain(self) -> str:
        """``domain`` + ``.`` + ``suffix`` when both are there, else ``""``."""
        if self.domain and self.suffix:
            return f"{self.domain}.{self.suffix}"
        return ""

    @property
    def is_private(self) -> bool:
        """Did a rule of the private section give the suffix?"""
        return self.section == "private"

    def as_dict(self) -> dict[str, str | None]:
        """The parts and the registrable domain by name (the CLI's record)."""
        return {
            "subdomain": self.subdomain,
            "domain": self.domain,
            "suffix": self.suffix,
            "registrable_domain": self.registrable_domain,
            "section": self.section,
        }
