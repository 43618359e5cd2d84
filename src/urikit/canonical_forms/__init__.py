"""Canonical forms above RFC 3986 section 6, layer 6: the forms that crawlers
(urlcanon's semantic and aggressive), web archives (SURT) and Safe Browsing
filters compare URLs by, each computed as its reference computes it: ``_rules``
(the public functions), ``_safe_browsing``, ``_crawler`` and ``_surt`` (one
reference each), ``_hosts`` (IDNA, IPv4 and IPv6 as each reads them) and
``_text`` (bytes, escapes, the positions of errors).

Users import them from their face, :mod:`urikit.canonicalization` (and
:func:`urikit.canonical`, :func:`urikit.surt`).
"""

#: This package's layer (tests/project/test_layers.py reads it).
__layer__ = 6
