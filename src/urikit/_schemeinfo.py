"""Scheme facts the lower layers need: default ports (RFC 3986 section 6.2.3).

The scheme registry of :mod:`urikit.schemes` (a higher layer) adds to this table
through :func:`set_default_port`; the parser, normalizer and references read it
here, so no low layer imports a high one.

>>> default_port("HTTP"), default_port("mailto")
(80, None)
"""

from __future__ import annotations

__all__ = ["DEFAULT_PORTS", "HTTP_LIKE", "default_port", "is_default_port", "set_default_port"]

#: Default ports of the schemes RFC 3986 section 6.2.3 normalization knows.
DEFAULT_PORTS: dict[str, int] = {
    "http": 80,
    "https": 443,
    "ws": 80,
    "wss": 443,
    "ftp": 21,
    "gopher": 70,
    "nntp": 119,
    "telnet": 23,
    "wais": 210,
    "prospero": 1525,
}

#: Schemes whose empty path with an authority normalizes to "/" (RFC 9110 4.2.3,
#: RFC 6455 3).
HTTP_LIKE: frozenset[str] = frozenset({"http", "https", "ws", "wss"})


def default_port(scheme: str) -> int | None:
    """The default port of ``scheme`` (any case), or ``None`` when it has none."""
    return DEFAULT_PORTS.get(scheme.lower())


def is_default_port(scheme: str | None, port: str) -> bool:
    """True when the digit string ``port`` names ``scheme``'s default port.

    Compared as digit strings, leading zeros ignored: ``port = *DIGIT`` (RFC 3986
    section 3.2.3) has no length limit, and ``int()`` has one.

    >>> is_default_port("HTTP", "0080"), is_default_port("http", "8080")
    (True, False)
    >>> is_default_port(None, "80")
    False
    """
    default = None if scheme is None else DEFAULT_PORTS.get(scheme.lower())
    return default is not None and port.lstrip("0") == str(default)


def set_default_port(scheme: str, port: int | None) -> None:
    """Record (or with ``None`` forget) the default port of ``scheme``."""
    if port is None:
        DEFAULT_PORTS.pop(scheme.lower(), None)
    else:
        DEFAULT_PORTS[scheme.lower()] = port
