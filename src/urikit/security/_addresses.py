"""Addresses as resolvers read them (RFC 3986 section 7.4), for the host checks.

IPv4 in every form ``inet_aton()`` and browsers accept (:func:`read_ipv4`), the
IPv4 addresses an IPv6 one carries, why an address is no public Internet address,
the cloud metadata addresses and host names, and whether an address lies in one
of a policy's networks. Nothing here makes a finding."""

from __future__ import annotations

import ipaddress
from typing import Final

from ..core._errors import check_str

#: Cloud metadata services: addresses ``ipaddress`` may call global (or only
#: link-local) that give instance credentials to whoever asks from inside.
METADATA_ADDRESSES: Final[dict[str, str]] = {
    "169.254.169.254": "AWS, GCP, Azure, OpenStack, DigitalOcean metadata",
    "169.254.170.2": "AWS ECS task metadata",
    "fd00:ec2::254": "AWS EC2 metadata over IPv6",
    "100.100.100.200": "Alibaba Cloud metadata",
    "192.0.0.192": "Oracle Cloud metadata",
    "168.63.129.16": "Azure wire server",
}
_METADATA_IPS: Final = frozenset(ipaddress.ip_address(a) for a in METADATA_ADDRESSES)
#: Host names of metadata services inside their clouds.
METADATA_HOSTS: Final = frozenset(
    {"metadata.google.internal", "metadata.goog", "instance-data", "instance-data.ec2.internal"}
)

_Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _read_number(part: str) -> int | None:
    """One part as C reads it: 0x hex, a leading 0 octal, else decimal. ``None``
    when it is no such number or longer than any address part (no big ints)."""
    if part[:2] in ("0x", "0X"):
        digits, base = part[2:], 16
        if digits and not all(c in "0123456789abcdefABCDEF" for c in digits):
            return None
    elif len(part) > 1 and part[0] == "0":
        digits, base = part[1:], 8
        if not all(c in "01234567" for c in digits):
            return None
    else:
        digits, base = part, 10
        if not digits or not (digits.isascii() and digits.isdigit()):
            return None
    digits = digits.lstrip("0")
    if len(digits) > 12:  # more than 32 bits in any base: no address
        return None
    return int(digits, base) if digits else 0


def read_ipv4(text: str) -> ipaddress.IPv4Address | None:
    """The IPv4 address ``text`` names as ``inet_aton()`` and the WHATWG URL
    Standard read it (RFC 3986 section 7.4), or ``None``.

    One to four parts separated by "."; each decimal, octal (a leading 0) or
    hexadecimal (0x); the last part fills the bytes the others leave (a 16-bit
    number after three parts, 24 bits after two, 32 bits alone). One trailing
    "." is ignored, as the WHATWG host parser does. Linear in the length.

    >>> [str(read_ipv4(s)) for s in ("0x7f.1", "2130706433", "0177.0.0.01", "10.1", "127.0.0.1.")]
    ['127.0.0.1', '127.0.0.1', '127.0.0.1', '10.0.0.1', '127.0.0.1']
    >>> read_ipv4("example.com"), read_ipv4("1.2.3.4.5"), read_ipv4("08.0.0.1")
    (None, None, None)
    """
    if type(text) is not str:
        check_str(text, "read_ipv4", "text")
    if text.endswith("."):
        text = text[:-1]
    parts = text.split(".", 4)
    if len(parts) > 4:
        return None
    numbers: list[int] = []
    for part in parts:
        number = _read_number(part)
        if number is None:
            return None
        numbers.append(number)
    last = numbers.pop()
    if any(n > 255 for n in numbers) or last >= 256 ** (4 - len(numbers)):
        return None
    value = last
    for i, n in enumerate(numbers):
        value += n << (8 * (3 - i))
    return ipaddress.IPv4Address(value)


def _embedded(addr: ipaddress.IPv6Address) -> list[tuple[str, ipaddress.IPv4Address]]:
    """The IPv4 addresses an IPv6 address carries (mapped, compatible, NAT64, 6to4, Teredo)."""
    out: list[tuple[str, ipaddress.IPv4Address]] = []
    value = int(addr)
    if addr.ipv4_mapped is not None:
        out.append(("IPv4-mapped", addr.ipv4_mapped))
    elif value >> 32 == 0 and value > 1:
        out.append(("IPv4-compatible", ipaddress.IPv4Address(value & 0xFFFFFFFF)))
    elif value >> 32 == 0x64FF9B << 64 or value >> 80 == 0x64FF9B0001:
        out.append(("NAT64", ipaddress.IPv4Address(value & 0xFFFFFFFF)))
    if addr.sixtofour is not None:
        out.append(("6to4", addr.sixtofour))
    if addr.teredo is not None:
        server, client = addr.teredo
        out.extend((("Teredo server", server), ("Teredo client", client)))
    return out


def _why_private(addr: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str | None:
    if addr in _METADATA_IPS:
        return f"a cloud metadata address ({METADATA_ADDRESSES[str(addr)]})"
    if isinstance(addr, ipaddress.IPv6Address):
        for how, v4 in _embedded(addr):
            inner = _why_private(v4)
            if inner is not None:
                return f"an {how} form of {v4}, {inner}"
        if addr.scope_id:
            return "a scoped (zone) address"
    for attribute, words in (
        ("is_loopback", "a loopback address"),
        ("is_unspecified", "the unspecified address"),
        ("is_link_local", "a link-local address"),
        ("is_multicast", "a multicast address"),
        ("is_private", "a private address"),
        ("is_reserved", "a reserved address"),
    ):
        if getattr(addr, attribute):
            return words
    if not addr.is_global:
        return "not a global address"
    return None


def _in(
    addr: ipaddress.IPv4Address | ipaddress.IPv6Address, networks: frozenset[_Network]
) -> _Network | None:
    """The first of ``networks`` (by text) that holds ``addr``, or any of the
    IPv4 addresses an IPv6 one carries (IPv4-mapped, 6to4, ...)."""
    if not networks:
        return None
    candidates: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = [addr]
    if isinstance(addr, ipaddress.IPv6Address):
        if addr.scope_id:
            candidates[0] = ipaddress.IPv6Address(str(addr).split("%", 1)[0])
        candidates.extend(v4 for _, v4 in _embedded(addr))
    for net in sorted(networks, key=str):
        for candidate in candidates:
            if candidate.version == net.version and candidate in net:
                return net
    return None
