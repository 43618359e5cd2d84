"""Host names and addresses as the references of the canonical forms read them.

IDNA goes through the ``idna`` package with UTS #46, as urlcanon does it
(``idna.encode(host, uts46=True)``, then UTS #46 mapping and the IDNA 2003
ToASCII of each label), or through Python's IDNA 2003 codec for SURT, as the
``surt`` package does; both are imported on first use. IPv4 addresses are read
the way each reference reads them (they differ), IPv6 literals written in the
form of RFC 5952.

Every function takes and returns a byte text (:mod:`._text`).
"""

from __future__ import annotations

import functools
import ipaddress
import re

from ._text import ascii_lower

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "go_ipv4",
    "idna2003_host",
    "inet_aton",
    "ipv6_literal",
    "urlcanon_ipv4",
    "uts46_host",
]

#: How many hosts' IDNA answers are kept.
_CACHE_SIZE: Final = 4096
#: RFC 5890 section 2.3.2.1: an A-label has at most 63 octets. "xn--" and the
#: Punycode of a label of n code points (at least n characters) make 4 + n, so
#: a label of 60 code points or more cannot be one, and is refused before its
#: Punycode (quadratic in the label's length) is computed.
_LONGEST_U_LABEL: Final = 59
_DOTS: Final = re.compile("[.\u3002\uff0e\uff61]")


def _fits(labels: list[str]) -> bool:
    """No label too long to become an A-label (see ``_LONGEST_U_LABEL``)."""
    from encodings.idna import nameprep

    for label in labels:
        if label.isascii():
            if len(label) > 63:
                return False
        elif len(label) > _LONGEST_U_LABEL and len(nameprep(label)) > _LONGEST_U_LABEL:
            return False
    return True


def _urlcanon_idna(host: str) -> str | None:
    """urlcanon's punycode_special_host on the Unicode ``host``: ``idna.encode``
    with UTS #46 (not transitional, no STD3 rules), else UTS #46 mapping with
    the STD3 rules and the IDNA 2003 ToASCII of each label; None when both fail."""
    from encodings.idna import ToASCII

    import idna

    try:
        return idna.encode(host, uts46=True).decode("ascii")
    except (idna.IDNAError, UnicodeError, ValueError):
        pass
    try:
        labels = idna.uts46_remap(host).split(".")
        if not _fits(labels):
            return None
        return ".".join(ToASCII(label).decode("ascii") for label in labels)
    except (idna.IDNAError, UnicodeError, ValueError):
        return None


@functools.lru_cache(maxsize=_CACHE_SIZE)
def uts46_host(host: str) -> str:
    """The host ``host`` with its labels as A-labels, lower-case.

    An ASCII host is lower-cased. Otherwise, when ``host`` is UTF-8, the whole
    host goes through urlcanon's IDNA step (``_urlcanon_idna``); when that
    fails, or for a host that is not UTF-8, each label on its own: an ASCII
    label lower-cased, another one converted in the same way, or left as it is
    (its bytes, to be percent-encoded) when it cannot be.

    >>> uts46_host("B\\xc3\\x9cCHER.example"), uts46_host("a_b.b\\xc3\\xbccher.DE")
    ('xn--bcher-kva.example', 'a_b.xn--bcher-kva.de')
    >>> uts46_host("\\x01\\xc2\\x80.Com")
    '\\x01\\xc2\\x80.com'
    """
    if host.isascii():
        return host.lower()
    try:
        whole = host.encode("latin-1").decode("utf-8")
    except UnicodeDecodeError:
        whole = None
    if whole is not None and len(whole) <= 1024:
        found = _urlcanon_idna(whole)
        if found is not None:
            return found
    out = []
    for label in host.split("."):
        if label.isascii():
            out.append(label.lower())
            continue
        try:
            text = label.encode("latin-1").decode("utf-8")
        except UnicodeDecodeError:
            text = None
        found = _urlcanon_idna(text) if text is not None and len(text) <= 1024 else None
        out.append(ascii_lower(label) if found is None or "." in found else found)
    return ".".join(out)


@functools.lru_cache(maxsize=_CACHE_SIZE)
def idna2003_host(host: str) -> str | None:
    """The surt package's IDNA step on the non-ASCII ``host``: its UTF-8 decoded
    (a byte that is not UTF-8 dropped), through Python's IDNA 2003 codec; None
    when the codec refuses it (the package then keeps the host as it is).

    >>> idna2003_host("B\\xc3\\xbccher.ch"), idna2003_host("fa\\xc3\\x9f.de")
    ('xn--bcher-kva.ch', 'fass.de')
    >>> print(idna2003_host("\\x01\\xc2\\x80"))
    None
    """
    text = host.encode("latin-1").decode("utf-8", "ignore")
    labels = _DOTS.split(text)
    if labels and not labels[-1]:
        labels.pop()
    if not _fits(labels):
        return None
    try:
        return text.encode("idna").decode("ascii")
    except UnicodeError:
        return None


def ipv6_literal(host: str) -> str | None:
    """``[address]`` in the text form of RFC 5952 for the IP literal ``host``
    (``[`` ... ``]``), or None when it holds no IPv6 address. Section 4: leading
    zeros removed, the longest run of zero fields (the first of equal ones,
    never a single field) as ``::``, lower-case; section 5: an IPv4-mapped
    address with its last 32 bits in dotted decimal. A zone index is dropped.

    >>> ipv6_literal("[2001:0DB8:0000::1]"), ipv6_literal("[::ffff:1.2.3.4]"), ipv6_literal("[x]")
    ('[2001:db8::1]', '[::ffff:1.2.3.4]', None)
    """
    if not (host.startswith("[") and host.endswith("]")) or not host.isascii():
        return None
    try:
        # as a number: a zone ("%eth0") goes, as it does in urlcanon
        address = ipaddress.IPv6Address(int(ipaddress.IPv6Address(host[1:-1])))
    except ValueError:
        return None
    mapped = address.ipv4_mapped
    return f"[{address.compressed}]" if mapped is None else f"[::ffff:{mapped}]"


_GO_MAYBE_IP: Final = re.compile(r"(?i)(?:0x[0-9a-f]+|[0-9.])+").fullmatch
_GO_NUMBER: Final = re.compile(r"0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*").fullmatch


def _go_number(part: str) -> int | None:
    """Go's strconv.ParseUint(part, 0, 32) on a part the IP pattern allows."""
    if _GO_NUMBER(part) is None:
        return None
    if part[:2] in ("0x", "0X"):
        digits, base = part[2:], 16
    else:
        digits, base = part, 8 if part[0] == "0" else 10
    digits = digits.lstrip("0") or "0"
    if len(digits) > 11:  # > 2**32 - 1 in any of the three bases
        return None
    value = int(digits, base)
    return value if value < 2**32 else None


def go_ipv4(host: str) -> str | None:
    """The Safe Browsing Go client's parseIPAddress: up to four parts, each
    decimal, octal (leading 0) or hex (0x) below 2**32; every part but the last
    gives its lowest byte, the last its lowest 5 - (number of parts) bytes, in
    dotted decimal. None when ``host`` is not such a text.

    >>> go_ipv4("12.0x12.01234"), go_ipv4("276.2.3"), go_ipv4("1.2.3.00x0"), go_ipv4("3279880203")
    ('12.18.2.156', '20.2.0.3', None, '195.127.0.11')
    """
    if _GO_MAYBE_IP(host) is None:
        return None
    parts = host.split(".")
    if len(parts) > 4:
        return None
    out: list[int] = []
    for i, part in enumerate(parts):
        value = _go_number(part)
        if value is None:
            return None
        size = 5 - len(parts) if i == len(parts) - 1 else 1
        out.extend((value >> (8 * k)) & 0xFF for k in reversed(range(size)))
    return ".".join(map(str, out))


#: urlcanon reads a part with Python's ``int``: ``0x`` then ``int(rest, 16)``, a
#: leading ``0`` then ``int(rest, 8)`` (each of which takes its base's prefix
#: once more), else ``int(part)``. The signs, underscores, spaces and non-ASCII
#: digits ``int`` also takes are not read here (docs/canonical.md).
_URLCANON_NUMBER: Final = re.compile(
    r"0[xX](?:0[xX])?(?P<hex>[0-9a-fA-F]*)|0(?:0[oO])?(?P<oct>[0-7]+)|(?P<dec>[1-9][0-9]*|0?)"
).fullmatch


_PART_START: Final = frozenset(["", *"0123456789."])


def urlcanon_ipv4(host: str) -> str | None:
    """urlcanon's parse_ipv4 (the WHATWG URL Standard's IPv4 parser as urlcanon
    has it): one to four parts after one trailing empty part is dropped, each
    decimal, octal (leading 0) or hex (0x; "0x" alone is 0); an empty part is 0;
    the last part fills the bytes the others leave. None when ``host`` is not
    such an address.

    >>> urlcanon_ipv4("192.0x00A80001"), urlcanon_ipv4("."), urlcanon_ipv4("0x.0x.0")
    ('192.168.0.1', '0.0.0.0', '0.0.0.0')
    >>> print(urlcanon_ipv4("09"))
    None
    """
    if host[:1] not in _PART_START:  # every part starts with a digit, or is empty
        return None
    parts = host.split(".")
    if parts[-1] == "":
        parts.pop()
    if not 1 <= len(parts) <= 4:
        return None
    numbers: list[int] = []
    for part in parts:
        m = _URLCANON_NUMBER(part)
        if m is None or (part[:4] in ("0x0x", "0x0X", "0X0x", "0X0X") and not m["hex"]):
            return None
        if m["hex"] is not None:
            digits, base = m["hex"], 16
        elif m["oct"] is not None:
            digits, base = m["oct"], 8
        else:
            digits, base = m["dec"], 10
        digits = digits.lstrip("0") or "0"
        if len(digits) > 11:
            return None
        numbers.append(int(digits, base))
    last = numbers.pop()
    if any(n > 255 for n in numbers[1:]) or last >= 256 ** (4 - len(numbers)):
        return None
    value = last + sum(n << (8 * (3 - i)) for i, n in enumerate(numbers))
    return str(ipaddress.IPv4Address(value)) if value < 2**32 else None


_DECIMAL_IP: Final = re.compile(r"[1-9][0-9]*(?:\.[0-9]+){0,3}").fullmatch
_OCTAL_IP: Final = re.compile(r"0[0-7]*(?:\.[0-7]+){0,3}").fullmatch


def inet_aton(host: str) -> str | None:
    """The surt package's attemptIPFormats: a host of digits only is a 32-bit
    number (masked to its lowest 32 bits); a dotted one that starts like a
    decimal or an octal address is read as the C library's ``inet_aton`` reads
    it (the package asks the system resolver, which does that for such a text
    and would otherwise look the name up; urikit never asks the resolver).

    >>> inet_aton("10.0.258"), inet_aton("017.0.0.1"), inet_aton("39024579298")
    ('10.0.1.2', '15.0.0.1', '22.11.210.226')
    >>> print(inet_aton("1.2.3.256"))
    None
    """
    if host.isdigit() and host.isascii():
        value = 0
        for i in range(0, len(host), 9):  # modulo 2**32, a chunk at a time: linear
            chunk = host[i : i + 9]
            value = (value * 10 ** len(chunk) + int(chunk)) & 0xFFFFFFFF
        return str(ipaddress.IPv4Address(value))
    if _DECIMAL_IP(host) is None and _OCTAL_IP(host) is None:
        return None
    numbers = []
    for part in host.split("."):
        if len(part) > 1 and part[0] == "0":
            if part.strip("01234567"):
                return None
            base = 8
        else:
            base = 10
        digits = part.lstrip("0") or "0"
        if len(digits) > 11:
            return None
        numbers.append(int(digits, base))
    last = numbers.pop()
    if any(n > 255 for n in numbers) or last >= 256 ** (4 - len(numbers)):
        return None
    return str(ipaddress.IPv4Address(last + sum(n << (8 * (3 - i)) for i, n in enumerate(numbers))))
