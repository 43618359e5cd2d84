"""The seeds' older grammars and resolution rules (RFC 1738, RFC 1808, RFC 2396,
the 1993 URL draft, the 1997 URL-syntax draft and the 2003 rfc2396bis draft).

This package sits beside :mod:`urikit.resolve` and :mod:`urikit._parser` (layer 3)
and imports only layers 0 to 2, so the core modules may import it.
"""

from __future__ import annotations
