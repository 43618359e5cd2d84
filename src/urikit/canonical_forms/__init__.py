"""Canonical forms above RFC 3986 section 6, layer 6: the forms that crawlers
(urlcanon's semantic and aggressive), web archives (SURT) and Safe Browsing
filters compare URLs by, built on the core's parser and the security package's
reading of IPv4 hosts.

Users import them from their face, :mod:`urikit.canonicalization` (and
:func:`urikit.canonical`, :func:`urikit.surt`).
"""

#: This package's layer (tests/project/test_layers.py reads it).
__layer__ = 6
