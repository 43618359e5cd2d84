"""Handlers kept by a case-insensitive name: what the scheme registry and the
URN namespace registry share.

A scheme (RFC 3986 section 3.1) and a namespace identifier (RFC 8141 section
2) are both compared without regard to case, so both registries key their
handlers by the lower-case name and answer ``in``, ``len()`` and iteration (in
sorted order) the same way; each adds its own registering and lookups.

>>> class Table(NameTable):
...     def __init__(self, *names: str) -> None:
...         self._handlers = {name.lower(): name for name in names}
>>> table = Table("HTTP", "urn")
>>> "http" in table, "Urn" in table, 42 in table, list(table), len(table)
(True, True, False, ['http', 'urn'], 2)
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping

__all__ = ["NameTable"]


class NameTable:
    """Handlers by lower-case name; a subclass fills ``_handlers``."""

    _handlers: Mapping[str, object]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._handlers

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._handlers))

    def __len__(self) -> int:
        return len(self._handlers)
