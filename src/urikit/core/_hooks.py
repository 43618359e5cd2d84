"""Named implementations that core functions dispatch to, filled by higher layers.

``urikit.is_valid(text, grammar=...)`` and ``urikit.resolve(base, ref,
rules=...)`` accept, besides RFC 3986, the grammars and resolution rules of
older documents. Those live in :mod:`urikit.legacy` (layer 3), which the core
must not import. So the core owns two tables here, :data:`grammars` and
:data:`resolution_rules`, and ``urikit.legacy`` registers its entries into them
when it is imported. A table that is asked for a name it does not know imports
its provider module *by name* (``importlib.import_module``), so
``import urikit; urikit.is_valid(s, grammar="rfc2396")`` works without an
explicit ``import urikit.legacy``: a registry lookup by name, not a static
upward import (``tests/project/test_layers.py`` lists each such provider).

>>> import urikit
>>> grammars.get("rfc2396")("http://a/b", "URI-reference")
True
>>> grammars.get("rfc9999")
Traceback (most recent call last):
ValueError: unknown grammar 'rfc9999'; expected one of 'rfc3986', 'draft-1993', 'rfc1738', 'rfc2396'
"""

from __future__ import annotations

# ``collections.abc`` re-exports these from ``_collections_abc``, which the interpreter
# has loaded at startup; importing ``collections.abc`` would load the ``collections``
# package too, a measurable part of ``import urikit``.
from _collections_abc import Callable

from ._errors import unknown_choice

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Generic, TypeVar

    F = TypeVar("F", bound=Callable[..., object])
else:

    class Generic:
        """Stands in for typing.Generic at run time: ``Generic[F]`` is ``object``."""

        def __class_getitem__(cls, item: object) -> type:
            return object

    F = None

__all__ = ["GrammarChecker", "HookTable", "ResolutionRules", "grammars", "resolution_rules"]

#: ``checker(text, rule) -> bool``: is ``text`` valid under the grammar's ``rule``?
GrammarChecker = Callable[[str, str], bool]
#: ``resolver(base, reference, strict) -> str``: the resolved reference.
ResolutionRules = Callable[[str, str, bool], str]


class HookTable(Generic[F]):
    """A table from names to implementations, with one built-in name that the
    core handles itself and a provider module imported on first need."""

    def __init__(self, what: str, builtin: str, provider: str) -> None:
        self._what = what
        self._builtin = builtin
        self._provider = provider
        self._table: dict[str, F] = {}

    def register(self, name: str, function: F, *, replace: bool = False) -> None:
        """Make ``name`` dispatch to ``function``; a taken name needs ``replace=True``."""
        if name == self._builtin or (name in self._table and not replace):
            raise ValueError(f"{self._what} {name!r} is already registered")
        self._table[name] = function

    def _load(self) -> None:
        # Every time a name is missing, not only the first: once the provider is
        # imported this is a lookup in sys.modules, and a thread that asks while
        # another one is still importing it waits on the import lock instead of
        # seeing a half-filled table.
        from ._extras import imported

        imported(self._provider)

    def names(self) -> tuple[str, ...]:
        """Every name, the built-in one first."""
        self._load()
        return (self._builtin, *sorted(self._table))

    def get(self, name: str) -> F:
        """The implementation registered for ``name`` (not the built-in one).

        Raises ``ValueError`` naming the known names for an unknown ``name``.
        """
        function = self._table.get(name)
        if function is None:
            self._load()
            function = self._table.get(name)
            if function is None:
                raise unknown_choice(self._what, name, self.names())
        return function


#: Grammars for ``is_valid(grammar=...)`` besides "rfc3986" (filled by urikit.legacy).
grammars: HookTable[GrammarChecker] = HookTable("grammar", "rfc3986", "urikit.legacy")
#: Rules for ``resolve(rules=...)`` besides "rfc3986" (filled by urikit.legacy).
resolution_rules: HookTable[ResolutionRules] = HookTable("rules", "rfc3986", "urikit.legacy")
