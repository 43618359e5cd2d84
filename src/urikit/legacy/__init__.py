"""The seeds' older grammars and resolution rules (RFC 1738, RFC 1808, RFC 2396,
the 1993 URL draft, the 1997 URL-syntax draft and the 2003 rfc2396bis draft).

This package is layer 3, beside :mod:`urikit.core._parser` and :mod:`urikit.resolution`:
it may import layers 0 to 3 (``grammars`` uses the parser's IPv4/IPv6 rules) and
no core module imports it. Importing it registers its grammars and rules in the
core's hook tables (:mod:`urikit.core._hooks`), through which ``urikit.is_valid(...,
grammar=...)`` and ``urikit.resolve(..., rules=...)`` reach them; the core
imports this package by name on the first such call.

To add a grammar: write ``checker(text, rule) -> bool`` in a module here and
register it below; to add resolution rules, a ``resolver(base, reference,
strict) -> str``.

>>> import urikit
>>> urikit.is_valid("mailto:", grammar="rfc2396")
False
>>> urikit.resolve("http://a/b/c/d;p?q", "?y", rules="rfc2396")
'http://a/b/c/?y'
"""

from __future__ import annotations

#: This package's layer (tests/project/test_layers.py reads it).
__layer__ = 3

from collections.abc import Callable

from ..core import _hooks
from ..core._faces import publish
from .draft1993 import is_valid_draft1993
from .grammars import is_valid_rfc2396
from .resolution import LEGACY_RULES, resolve_legacy
from .rfc1738 import is_valid_rfc1738

__all__ = ["LEGACY_RULES"]


def _resolver(rules: str) -> Callable[[str, str, bool], str]:
    def resolver(base: str, reference: str, strict: bool) -> str:
        return resolve_legacy(base, reference, rules=rules, strict=strict)

    return resolver


_hooks.grammars.register("rfc2396", is_valid_rfc2396, replace=True)
_hooks.grammars.register("rfc1738", is_valid_rfc1738, replace=True)
_hooks.grammars.register("draft-1993", is_valid_draft1993, replace=True)
for _rules in LEGACY_RULES:
    _hooks.resolution_rules.register(_rules, _resolver(_rules), replace=True)

publish(__name__, globals())
