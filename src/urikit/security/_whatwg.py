"""The WHATWG URL Standard's reading beside RFC 3986's: ``whatwg-differs``.

Through ada-url (the ``[whatwg]`` extra, imported on first need; without it
nothing is compared): a scheme, host, port or path the two read differently
(RFC 3986 section 7.3), or a URL only RFC 3986 accepts."""

from __future__ import annotations

import ipaddress
from typing import Any, Final

from ..core._errors import quoted
from ..core._extras import optional
from ..core._parser import HOST_SPAN, PATH_SPAN, PORT_SPAN, SCHEME_SPAN
from ..core._reference import URIReference
from ..core._schemeinfo import DEFAULT_REGISTRY
from ._addresses import read_ipv4
from ._policy import _Found
from ._text import _host_name

#: Schemes the WHATWG URL Standard treats as special (its own host and path rules).
_SPECIAL: Final = frozenset({"http", "https", "ws", "wss", "ftp"})

_ADA_ATTRIBUTES: Final = ("protocol", "hostname", "port", "pathname")


def _ada() -> Any:
    """The ``ada_url`` module, or ``None`` when the ``[whatwg]`` extra is not
    installed (looked for once)."""
    return optional("ada_url")


def _whatwg(found: _Found, text: str, ref: URIReference, scheme: str) -> None:
    ada_url = _ada()
    if ada_url is None:
        return
    from ..core._resolution import remove_dot_segments

    try:
        theirs = ada_url.parse_url(text, attributes=_ADA_ATTRIBUTES)
    except ValueError:
        found.add(
            "whatwg-differs",
            "warning",
            "uri",
            0,
            len(text),
            "RFC 3986 reads a valid URI; the WHATWG URL Standard rejects it",
        )
        return
    registry = DEFAULT_REGISTRY
    port = ref.port
    # The port as the number it is ("0" and "000" are port 0, not no port); the
    # WHATWG parser drops the scheme's default port.
    ours_port = (
        "" if not port or registry.is_default_port(scheme, port) else port.lstrip("0") or "0"
    )
    host = ref.host
    if host is None:
        ours_host = None
    elif host.startswith("["):
        try:
            ours_host = f"[{ipv6_serialized(ipaddress.IPv6Address(host[1:-1]))}]"
        except ValueError:
            ours_host = host.lower()
    else:
        ours_host = host.lower()
    path = remove_dot_segments(ref.path) or "/"
    if not path.isascii():  # an IRI's path as its URI (RFC 3987 section 3.1)
        path = "".join(c if c.isascii() else _utf8_pct(c) for c in path)
    pairs = (
        ("scheme", scheme, theirs["protocol"][:-1]),
        ("host", ours_host, theirs["hostname"]),
        ("port", ours_port or "", theirs["port"] if host is not None else ""),
        ("path", path, theirs["pathname"]),
    )
    for name, ours, other in pairs:
        if ours != other and not (name == "host" and _same_name(ours, other)):
            sp = ref._sp
            group = {"scheme": SCHEME_SPAN, "host": HOST_SPAN, "port": PORT_SPAN}.get(
                name, PATH_SPAN
            )
            a, b = sp[group]
            if a < 0:
                a, b = 0, len(text)
            found.add(
                "whatwg-differs",
                "warning",
                name,
                a,
                b,
                f"the {name} is {quoted(ours)} to RFC 3986"
                f" but {quoted(other)} to the WHATWG URL Standard",
            )


def ipv6_serialized(address: ipaddress.IPv6Address) -> str:
    """``address`` as the URL Standard serializes an IPv6 address (its section
    3.6; the hex form of RFC 5952 section 4): eight hex pieces, the first
    longest run of two or more zero pieces written ``::``, an IPv4-mapped
    address in hex too (Python's ``ipaddress`` writes it dotted from 3.13 on),
    and a zone after ``%`` as Python read it.

    >>> ipv6_serialized(ipaddress.IPv6Address("::FFFF:127.0.0.1"))
    '::ffff:7f00:1'
    >>> ipv6_serialized(ipaddress.IPv6Address("2001:db8:0:0:1:0:0:1"))
    '2001:db8::1:0:0:1'
    >>> ipv6_serialized(ipaddress.IPv6Address("2001:db8:0:1:1:1:1:1"))
    '2001:db8:0:1:1:1:1:1'
    """
    packed = address.packed
    pieces = [f"{int.from_bytes(packed[i : i + 2], 'big'):x}" for i in range(0, 16, 2)]
    start, length, i = -1, 1, 0
    while i < 8:
        j = i
        while j < 8 and pieces[j] == "0":
            j += 1
        if j - i > length:
            start, length = i, j - i
        i = j + 1 if j == i else j
    text = (
        ":".join(pieces)
        if start < 0
        else ":".join(pieces[:start]) + "::" + ":".join(pieces[start + length :])
    )
    return text if address.scope_id is None else f"{text}%{address.scope_id}"


def _utf8_pct(char: str) -> str:
    return "".join(f"%{byte:02X}" for byte in char.encode("utf-8", "surrogatepass"))


def _same_name(ours: str | None, other: str) -> bool:
    if ours is None or not ours or read_ipv4(_host_name(ours)) is not None:
        return False
    try:
        import idna

        return bool(idna.encode(_host_name(ours), uts46=True).decode("ascii") == other)
    except (idna.IDNAError, UnicodeError, ValueError):
        return _host_name(ours) == other
