"""``check(resolve_dns=True)``: what a host name resolves to.

A resolver (``socket.getaddrinfo`` by default) is asked once, for the A-labels
of the name; each address is checked as a literal one would be, and a name that
does not resolve is ``unresolved-host``."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable

from ._authority import _private
from ._policy import _Found


def _resolve(
    found: _Found,
    name: str,
    a: int,
    b: int,
    resolver: Callable[[str], Iterable[str]] | None,
) -> None:
    if resolver is None:
        resolver = _system_resolver
    bare = name[:-1] if name.endswith(".") else name
    try:
        if not bare.isascii():  # what a resolver is asked: A-labels (IDNA, UTS #46)
            import idna

            try:
                bare = idna.encode(bare, uts46=True).decode("ascii")
            except idna.IDNAError as err:
                raise ValueError(f"not an IDNA name: {err}") from None
        addresses = list(resolver(bare))
    except (OSError, UnicodeError, ValueError) as err:
        found.add("unresolved-host", "info", "host", a, b, f"{bare!r} did not resolve: {err}")
        return
    if not addresses:
        found.add("unresolved-host", "info", "host", a, b, f"{bare!r} resolved to no address")
    for address in addresses:
        try:
            addr = ipaddress.ip_address(str(address).split("%", 1)[0])
        except ValueError:
            continue
        _private(found, a, b, f"{bare!r} resolves to an address that", addr)


def _system_resolver(name: str) -> list[str]:
    import socket

    infos = socket.getaddrinfo(name, None, proto=socket.IPPROTO_TCP)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))
