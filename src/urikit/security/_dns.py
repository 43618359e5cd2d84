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
) -> list[ipaddress.IPv4Address | ipaddress.IPv6Address] | None:
    """Resolve ``name`` and check each address it has; returns the addresses
    (None when it did not resolve)."""
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
        return None
    if not addresses:
        found.add("unresolved-host", "info", "host", a, b, f"{bare!r} resolved to no address")
    out = []
    for address in addresses:
        try:
            addr = ipaddress.ip_address(str(address).split("%", 1)[0])
        except ValueError:
            continue
        out.append(addr)
        _private(found, a, b, f"{bare!r} resolves to an address that", addr)
    return out


def _resolve_local(
    found: _Found,
    name: str,
    a: int,
    b: int,
    resolver: Callable[[str], Iterable[str]] | None,
) -> None:
    """A ``localhost`` name (RFC 6761 section 6.3), which the host checks flagged
    as naming this machine, resolved too: when every address it resolves to is
    in the policy's allowed networks (``allowed_networks=["127.0.0.1/32"]``), it
    is let through as those addresses are, the name's own finding dropped; else
    that finding stands, beside what the addresses give (a denied network, an
    unresolved name), the addresses' private-address findings aside (the name's
    says it). A resolver that is asked is asked once."""
    own = _Found(found.policy)
    addresses = _resolve(own, name, a, b, resolver)
    allowed = bool(addresses) and not own.items
    if allowed:
        found.items = [
            f
            for f in found.items
            if not (f.code == "private-address" and (f.start, f.end) == (a, b))
        ]
        return
    found.items.extend(f for f in own.items if f.code != "private-address")


def _system_resolver(name: str) -> list[str]:
    import socket

    infos = socket.getaddrinfo(name, None, proto=socket.IPPROTO_TCP)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))
