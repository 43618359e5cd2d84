"""Security verdicts on a URI or IRI reference: RFC 3986 section 7, RFC 3987 section 8.

:func:`check` reads a reference the way RFC 3986 does and reports what the
security sections warn about, each as an immutable :class:`Finding` with a
stable ``code``, a ``severity`` (``"info"``, ``"warning"``, ``"danger"``), the
span it is about and the section it comes from. A :class:`Policy` says which
findings block; :meth:`Policy.ssrf` is ready for a service that fetches URLs
given by users.

>>> from urikit.security import Policy, check
>>> rfc_only = Policy(whatwg=False)  # no comparison with the browser standard's reading
>>> report = check("http://0x7f.1/admin", policy=rfc_only)
>>> [(f.code, f.severity) for f in report.findings]
[('rare-ip-form', 'warning'), ('private-address', 'warning')]
>>> report.ok, check("http://0x7f.1/admin", policy=Policy.ssrf()).ok
(True, False)
>>> check("https://example.org/a?b=c", policy=Policy.ssrf()).ok
True
>>> bad = check("http://h/a b")
>>> [(f.code, f.start, f.end) for f in bad.findings], bad.uri is None
([('invalid-syntax', 10, 11)], True)

A syntax check cannot know what a host name resolves to (``resolve_dns=True``
asks a resolver, once; the fetch may get another answer), where redirects lead,
or what a server does with the bytes: see the limits in docs/security.md.
"""

from __future__ import annotations

import functools
import ipaddress
import itertools
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final, cast

from .._charsets import ALPHA_CLASS, LDH_CLASS, PCT_ENCODED_PATTERN
from .._parser import (
    FRAGMENT_SPAN,
    HOST_SPAN,
    PATH_SPAN,
    PORT_SPAN,
    QUERY_SPAN,
    SCHEME_SPAN,
    USERINFO_SPAN,
    is_ipv4address,
    plain_host_end,
)
from .._schemeinfo import DEFAULT_REGISTRY, SchemeRegistry
from ..errors import URIError, arg_type_error, check_str, unknown_choice
from ..reference import URIReference, parse

__all__ = [
    "CODES",
    "METADATA_ADDRESSES",
    "METADATA_HOSTS",
    "SERVICE_PORTS",
    "Finding",
    "Policy",
    "Report",
    "Segment",
    "check",
    "read_ipv4",
]

#: Every code :func:`check` may report -> (what it means, the section it comes from).
CODES: Final[dict[str, tuple[str, str]]] = {
    "invalid-syntax": ("not a URI or IRI reference", "RFC 3986 3, RFC 3987 2.2"),
    "password-in-userinfo": ("a password in the userinfo", "RFC 3986 3.2.1, 7.5"),
    "misleading-userinfo": ("userinfo that looks like a host or a URI", "RFC 3986 7.6"),
    "rare-ip-form": ("a reg-name that resolvers read as an IPv4 address", "RFC 3986 7.4"),
    "encoded-control": ("a percent-encoded control character", "RFC 3986 7.3, RFC 1738 6"),
    "encoded-dot-segment": ("a percent-encoded '.' or '..' segment", "RFC 3986 7.3"),
    "encoded-delimiter": ("a percent-encoded '/' or '\\' in the path", "RFC 3986 7.3"),
    "invalid-utf8": ("percent-encoded bytes that are not UTF-8", "RFC 3987 8"),
    "overlong-utf8": ("an overlong UTF-8 sequence (%C0%AE is '.')", "RFC 3987 8, RFC 3629 10"),
    "unusual-port": ("the port of another service", "RFC 3986 7.2, RFC 1738 6"),
    "dangerous-scheme": ("a scheme that runs code or reads local files", "RFC 3986 7"),
    "private-address": ("a host that is not a public Internet address", "RFC 3986 7.4"),
    "idn-homograph": ("characters that look like others or mixed scripts", "RFC 3987 8"),
    "bidi-formatting": ("bidirectional formatting or reordering", "RFC 3987 4.2, 8"),
    "whatwg-differs": ("the WHATWG URL Standard reads it differently", "RFC 3986 7.3"),
    "scheme-not-allowed": ("a scheme the policy does not allow", "policy"),
    "userinfo-not-allowed": ("userinfo the policy does not allow", "policy"),
    "port-not-allowed": ("a port the policy does not allow", "policy"),
    "missing-host": ("no host where the policy needs one", "policy"),
    "unresolved-host": ("the resolver gave no address", "resolve_dns"),
    "denied-network": ("an address in a network the policy denies", "policy"),
}

SEVERITIES: Final = ("info", "warning", "danger")
_RANK: Final = {"info": 0, "warning": 1, "danger": 2}

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

#: Well-known services without a URI scheme of their own: a URI naming one of
#: these ports may make a client talk to that protocol (RFC 3986 section 7.2).
SERVICE_PORTS: Final[dict[int, str]] = {
    22: "ssh",
    25: "smtp",
    53: "dns",
    110: "pop3",
    143: "imap",
    465: "smtps",
    587: "submission",
    3306: "mysql",
    5432: "postgresql",
    6379: "redis",
    11211: "memcached",
}

_SCRIPT_SCHEMES: Final = frozenset({"javascript", "vbscript", "livescript", "mocha"})
#: data: media types that run script where they are shown (HTML, and XML with
#: what it can carry: XHTML, SVG, XSLT); any "+xml" type and any subtype with
#: "script" in it (text/javascript, application/ecmascript, text/vbscript ...)
#: too. Danger.
_ACTIVE_DATA: Final = frozenset(
    {
        "text/html",
        "application/xhtml+xml",
        "image/svg+xml",
        "text/xml",
        "application/xml",
        "text/xsl",
    }
)
#: data: media types that cannot run script: no finding. Any other type (one
#: not known here, or text that is no media type) is a warning.
_PASSIVE_DATA: Final = frozenset({"text/plain"})
_PASSIVE_DATA_TYPES: Final = frozenset({"image", "audio", "video"})
#: type "/" subtype, each an RFC 2045 token (RFC 2397 section 3), lowercase.
_MEDIA_TYPE_RE: Final = re.compile(r"([!#$%&'*+.^_`|~0-9a-z-]+)/([!#$%&'*+.^_`|~0-9a-z-]+)")
_BIDI_FORMAT: Final = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
_PCT_RUN_RE: Final = re.compile(f"(?:{PCT_ENCODED_PATTERN})+")
_HOST_DOTS: Final = str.maketrans({"\u3002": ".", "\uff0e": ".", "\uff61": "."})
#: A user name that starts like a host name: "www.", three labels, or two whose
#: last is a common top-level domain or two letters (a country code).
_DOMAIN_START_RE: Final = re.compile(
    rf"(?:www\.|[{LDH_CLASS}]+\.[{LDH_CLASS}]+\.[{LDH_CLASS}]+"
    rf"|[{LDH_CLASS}]+\.(?:[{ALPHA_CLASS}]{{2}}|com|net|org|edu|gov|mil|int|info|biz|app|dev)"
    rf"(?![{LDH_CLASS}]))",
    re.IGNORECASE,
)
#: One that merely has a dot ("first.last"): a warning, not a danger.
_DOTTED_RE: Final = re.compile(rf"[{LDH_CLASS}]+\.[{ALPHA_CLASS}][{LDH_CLASS}]*", re.IGNORECASE)
#: Schemes the WHATWG URL Standard treats as special (its own host and path rules).
_SPECIAL: Final = frozenset({"http", "https", "ws", "wss", "ftp"})
_SCHEME_CHECKED: Final = _SCRIPT_SCHEMES | {"data", "file"}
_HIGH_PCT_RE: Final = re.compile(r"%[89A-Fa-f]")
_ENCODED_SLASH_RE: Final = re.compile(r"%2[fF]|%5[cC]")
_MEMO_SIZE: Final = 16384
#: "scheme://host" (or "//host") as written -> its lowercase scheme ("" for none)
#: when it has nothing to report, else False: a memo of :func:`_plain_origin`.
_PLAIN_PREFIXES: dict[str, str | bool] = {}


def _plain_origin(prefix: str) -> str | bool:
    """For "scheme://host" (no userinfo, no port, ASCII, no "%"): the lowercase
    scheme when it gives no finding (no scheme of concern, and a host name whose
    last label starts with a letter (no address form), no A-label, no local or
    metadata name), else False."""
    head, _, host = prefix.rpartition("//")
    scheme, host = head[:-1].lower(), host.lower()
    plain = (
        scheme not in _SCHEME_CHECKED
        and host.rpartition(".")[2][:1].isalpha()
        and "xn--" not in host
        and not host.endswith(_LOCAL_ENDINGS)
        and host not in METADATA_HOSTS
    )
    return scheme if plain else False


_ADA_ATTRIBUTES: Final = ("protocol", "hostname", "port", "pathname")
_LOCAL_ENDINGS: Final = ("localhost", "localhost.")
_new_report: Final = tuple.__new__


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing :func:`check` found: a stable ``code``, its ``severity``, the
    ``component`` and ``[start, end)`` span it is about, a ``message`` for people
    and the ``reference`` (the RFC section) it comes from."""

    code: str
    severity: str
    component: str
    start: int
    end: int
    message: str
    reference: str


@dataclass(frozen=True, slots=True)
class Segment:
    """A piece of the text for highlighting: ``component`` ("scheme", "userinfo",
    "host", "port", "path", "query", "fragment", "delimiter" or "invalid"), its
    ``[start, end)`` span, the ``text`` and the codes of the findings over it."""

    component: str
    start: int
    end: int
    text: str
    codes: tuple[str, ...]


def _frozen(value: object, func: str, param: str, kind: type) -> frozenset[object] | None:
    if value is None:
        return None
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise arg_type_error(func, param, f"iterable of {kind.__name__} or None", value)
    items = frozenset(value)
    for item in items:
        if not isinstance(item, kind) or isinstance(item, bool):
            raise arg_type_error(func, param, f"iterable of {kind.__name__} or None", item)
    return items


_POLICY_FIELDS: Final = (
    "allowed_schemes",
    "allow_userinfo",
    "block_private",
    "allowed_ports",
    "block_at",
    "block_codes",
    "require_host",
    "whatwg",
    "registry",
    "allowed_networks",
    "denied_networks",
    "one_reading",
)

_Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _networks(value: object, param: str) -> frozenset[_Network]:
    """``value`` (CIDR strings or ``ipaddress`` networks) as a frozenset of networks."""
    if value is None:
        return frozenset()
    expected = "iterable of CIDR str or ip_network"
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise arg_type_error("Policy", param, expected, value)
    out: set[_Network] = set()
    for item in value:
        if isinstance(item, ipaddress.IPv4Network | ipaddress.IPv6Network):
            out.add(item)
        elif isinstance(item, str):
            try:
                out.add(ipaddress.ip_network(item, strict=False))
            except ValueError as err:
                raise URIError(
                    "bad-value", param, 0, item, detail=f"{item!r} is not a network ({err})"
                ) from None
        else:
            raise arg_type_error("Policy", param, expected, item)
    return frozenset(out)


class Policy:
    """Which findings make a reference fail (immutable; copy with :meth:`replace`).

    ``allowed_schemes``: the schemes allowed (``None``: any), else a
    ``scheme-not-allowed`` finding. ``allow_userinfo=False``: any userinfo is a
    ``userinfo-not-allowed`` finding. ``block_private``: a ``private-address``
    finding blocks, whatever its severity. ``allowed_ports``: ports allowed
    besides the scheme's default (``None``: any), else ``port-not-allowed``.
    ``block_at``: the lowest severity that blocks (``None``: none by severity).
    ``block_codes``: codes that block at any severity. ``require_host``: a
    reference without a host gets ``missing-host``. ``whatwg``: compare with the
    WHATWG URL Standard when the ``[whatwg]`` extra (ada-url) is installed.
    ``registry``: the scheme registry for default ports.
    ``allowed_networks`` and ``denied_networks``: CIDR strings or
    :mod:`ipaddress` networks (IPv4 and IPv6). An address in a denied network
    gets a ``denied-network`` finding (danger); an address in an allowed network
    (and in no denied one) gets no ``private-address`` finding, so that a test
    or an intranet service can allow ``127.0.0.1/32`` and still block the rest
    of ``127.0.0.0/8``. They apply to IP literals, to the addresses hidden in
    IPv6 forms (IPv4-mapped, 6to4, ...) and to the addresses a name resolves to.
    ``one_reading`` (used by :mod:`urikit.guard`): refuse a URL that the
    WHATWG URL Standard reads with another host, or that is not valid RFC 3986
    once surrounding whitespace is stripped, since an HTTP client might then
    connect somewhere other than what was checked.

    >>> p = Policy(allowed_schemes={"https"})
    >>> check("http://example.org/", policy=p).ok
    False
    >>> p.replace(allowed_schemes=None) == Policy()
    True
    """

    __slots__ = _POLICY_FIELDS

    allowed_schemes: frozenset[str] | None
    allow_userinfo: bool
    block_private: bool
    allowed_ports: frozenset[int] | None
    block_at: str | None
    block_codes: frozenset[str]
    require_host: bool
    whatwg: bool
    registry: SchemeRegistry | None
    allowed_networks: frozenset[_Network]
    denied_networks: frozenset[_Network]
    one_reading: bool

    def __init__(
        self,
        allowed_schemes: Iterable[str] | None = None,
        allow_userinfo: bool = True,
        block_private: bool = False,
        allowed_ports: Iterable[int] | None = None,
        block_at: str | None = "danger",
        block_codes: Iterable[str] = (),
        require_host: bool = False,
        whatwg: bool = True,
        registry: SchemeRegistry | None = None,
        allowed_networks: Iterable[str | _Network] | None = None,
        denied_networks: Iterable[str | _Network] | None = None,
        one_reading: bool = True,
    ) -> None:
        schemes = _frozen(allowed_schemes, "Policy", "allowed_schemes", str)
        if schemes is not None:
            schemes = frozenset(str(s).lower() for s in schemes)
        codes = _frozen(block_codes, "Policy", "block_codes", str)
        for name, flag in (
            ("allow_userinfo", allow_userinfo),
            ("block_private", block_private),
            ("require_host", require_host),
            ("whatwg", whatwg),
            ("one_reading", one_reading),
        ):
            if type(flag) is not bool:
                raise arg_type_error("Policy", name, "bool", flag)
        if block_at is not None and block_at not in _RANK:
            if not isinstance(block_at, str):
                raise arg_type_error("Policy", "block_at", "str or None", block_at)
            raise unknown_choice("block_at", block_at, (*SEVERITIES, None))
        if registry is not None and not isinstance(registry, SchemeRegistry):
            raise arg_type_error("Policy", "registry", "SchemeRegistry or None", registry)
        values = (
            schemes,
            allow_userinfo,
            block_private,
            _frozen(allowed_ports, "Policy", "allowed_ports", int),
            block_at,
            frozenset() if codes is None else codes,
            require_host,
            whatwg,
            registry,
            _networks(allowed_networks, "allowed_networks"),
            _networks(denied_networks, "denied_networks"),
            one_reading,
        )
        for name, value in zip(_POLICY_FIELDS, values, strict=True):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Policy is immutable; use replace()")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Policy is immutable; use replace()")

    def __reduce__(self) -> tuple[object, ...]:
        return (Policy, self._values())

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, f) for f in _POLICY_FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Policy):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(
            tuple(v for f, v in zip(_POLICY_FIELDS, self._values(), strict=True) if f != "registry")
        )

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in _POLICY_FIELDS)
        return f"Policy({inner})"

    def replace(self, **changes: object) -> Policy:
        """A copy with some fields changed."""
        values: dict[str, Any] = {f: getattr(self, f) for f in _POLICY_FIELDS}
        unknown = sorted(set(changes) - set(values))
        if unknown:
            raise TypeError(f"Policy.replace() got unexpected fields {unknown}")
        values.update(changes)
        return Policy(**values)

    @classmethod
    def ssrf(
        cls,
        *,
        allowed_ports: Iterable[int] = (),
        allowed_networks: Iterable[str | _Network] | None = None,
        denied_networks: Iterable[str | _Network] | None = None,
    ) -> Policy:
        """The policy for a service that fetches URLs given by users.

        http and https only; no userinfo; a host is required and may not be a
        private, reserved, loopback, link-local or metadata address in any form
        RFC 3986, a resolver (``inet_aton``) or a browser accepts; the scheme's
        default port unless ``allowed_ports`` names another; rare address forms
        and WHATWG disagreements (with the ``[whatwg]`` extra) block too.

        >>> ssrf = Policy.ssrf()
        >>> [check(u, policy=ssrf).ok for u in ("https://example.org/", "http://[::1]/")]
        [True, False]
        >>> check("https://example.org:8443/", policy=Policy.ssrf(allowed_ports=[8443])).ok
        True

        ``allowed_networks`` and ``denied_networks`` are those of :class:`Policy`:

        >>> local = Policy.ssrf(allowed_networks=["127.0.0.1/32"])
        >>> [check(u, policy=local).ok for u in ("http://127.0.0.1/", "http://127.0.0.2/")]
        [True, False]
        """
        return cls(
            allowed_schemes=frozenset({"http", "https"}),
            allow_userinfo=False,
            block_private=True,
            allowed_ports=_frozen(allowed_ports, "Policy.ssrf", "allowed_ports", int),  # type: ignore[arg-type]
            block_at="danger",
            block_codes=frozenset({"rare-ip-form", "whatwg-differs", "unresolved-host"}),
            require_host=True,
            allowed_networks=allowed_networks,
            denied_networks=denied_networks,
        )

    def blocks(self, finding: Finding) -> bool:
        """True when ``finding`` makes a reference fail this policy."""
        if finding.code in self.block_codes:
            return True
        if self.block_private and finding.code == "private-address":
            return True
        return self.block_at is not None and _RANK[finding.severity] >= _RANK[self.block_at]


_DEFAULT_POLICY: Final = Policy()


#: What a Report keeps in place of its parsed reference (see Report.uri).
_PARSED_URI: Final = "uri"
_PARSED_IRI: Final = "iri"


class Report(tuple):  # type: ignore[type-arg]
    """What :func:`check` found in ``text``: the ``findings`` (by position), the
    ones the policy is ``blocking`` on, ``ok`` (none blocks) and ``uri`` (the
    parsed reference, an ``IRIReference`` for an IRI, or ``None`` when invalid).

    Immutable (a tuple underneath, so that making one costs little). It keeps
    the text and whether it is a URI or an IRI reference, not the parsed object:
    :attr:`uri` parses the text again on each access, so that the many checks
    whose caller only reads :attr:`ok` never build it.

    >>> r = check("http://u:secret@example.org/")
    >>> r.ok, [f.code for f in r.findings], str(r.uri)
    (True, ['password-in-userinfo'], 'http://u:secret@example.org/')
    """

    __slots__ = ()

    def __new__(
        cls,
        text: str,
        findings: tuple[Finding, ...],
        blocking: tuple[Finding, ...],
        uri: URIReference | None,
    ) -> Report:
        if uri is None:
            kind = None
        elif type(uri) is URIReference:
            kind = _PARSED_URI
        else:
            kind = _PARSED_IRI
        return tuple.__new__(cls, (text, findings, blocking, kind))

    @property
    def text(self) -> str:
        """The text that was checked."""
        value: str = self[0]
        return value

    @property
    def findings(self) -> tuple[Finding, ...]:
        """Every finding, by position."""
        value: tuple[Finding, ...] = self[1]
        return value

    @property
    def blocking(self) -> tuple[Finding, ...]:
        """The findings the policy blocks on."""
        value: tuple[Finding, ...] = self[2]
        return value

    @property
    def uri(self) -> URIReference | None:
        """The parsed reference (parsed on each access), or ``None`` when the
        text is not valid.

        >>> check("http://example.org/a").uri.host, check("http://a b/").uri
        ('example.org', None)
        """
        kind = self[3]
        if kind is None:
            return None
        if kind == _PARSED_URI:
            return parse(self[0])
        from .. import iri

        return iri.parse(self[0])

    @property
    def ok(self) -> bool:
        """True when no finding blocks under the policy."""
        return not self[2]

    def __getnewargs__(self) -> tuple[object, ...]:
        return (self.text, self.findings, self.blocking, self.uri)

    def __repr__(self) -> str:
        codes = [f.code for f in self.findings]
        return f"Report({self.text!r}, ok={self.ok}, findings={codes})"

    def segments(self) -> list[Segment]:
        """The text cut into its components and delimiters, for highlighting
        (RFC 3986 section 7.6: show people the components distinctly).

        >>> [(s.component, s.text) for s in check("http://u@h:1/p?q#f").segments()]
        ... # doctest: +NORMALIZE_WHITESPACE
        [('scheme', 'http'), ('delimiter', '://'), ('userinfo', 'u'), ('delimiter', '@'),
         ('host', 'h'), ('delimiter', ':'), ('port', '1'), ('path', '/p'),
         ('delimiter', '?'), ('query', 'q'), ('delimiter', '#'), ('fragment', 'f')]
        """
        text = self.text
        cuts: list[tuple[str, int, int]] = []
        uri = self.uri
        if uri is None:
            cuts.append(("invalid", 0, len(text)))
        else:
            sp = uri._sp
            for group, name in (
                (SCHEME_SPAN, "scheme"),
                (USERINFO_SPAN, "userinfo"),
                (HOST_SPAN, "host"),
                (PORT_SPAN, "port"),
                (PATH_SPAN, "path"),
                (QUERY_SPAN, "query"),
                (FRAGMENT_SPAN, "fragment"),
            ):
                a, b = sp[group]
                if a >= 0 and (b > a or name == "host"):
                    cuts.append((name, a, b))
        out: list[Segment] = []
        pos = 0
        for name, a, b in cuts:
            if a > pos:
                out.append(self._segment("delimiter", pos, a))
            if b > a or name == "host":
                out.append(self._segment(name, a, b))
            pos = max(pos, b)
        if pos < len(text):
            out.append(self._segment("delimiter", pos, len(text)))
        return [s for s in out if s.end > s.start or s.component == "host"]

    def _segment(self, name: str, a: int, b: int) -> Segment:
        codes = tuple(
            dict.fromkeys(
                f.code
                for f in self.findings
                if (f.start < b and f.end > a) or (f.start == f.end == a == b)
            )
        )
        return Segment(name, a, b, self.text[a:b], codes)


# --- IPv4 in the forms resolvers accept (RFC 3986 section 7.4) ---------------------


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


# --- the checks -----------------------------------------------------------------


class _Found:
    __slots__ = ("items", "policy")

    def __init__(self, policy: Policy) -> None:
        self.items: list[Finding] = []
        self.policy = policy

    def add(self, code: str, severity: str, component: str, a: int, b: int, message: str) -> None:
        self.items.append(Finding(code, severity, component, a, b, message, CODES[code][1]))


def _check_scheme(found: _Found, text: str, sp: tuple[tuple[int, int], ...]) -> None:
    a, b = sp[SCHEME_SPAN]
    scheme = text[a:b].lower()
    if scheme in _SCRIPT_SCHEMES:
        found.add("dangerous-scheme", "danger", "scheme", a, b, f"{scheme}: runs script")
    elif scheme == "data":
        p0, p1 = sp[PATH_SPAN]
        comma = text.find(",", p0, p1)
        end = p1 if comma < 0 else comma
        media, active = _data_media_type(text[p0:end])
        if active is None:
            return
        if active:
            found.add(
                "dangerous-scheme", "danger", "scheme", a, end, f"data: with active content {media}"
            )
        else:
            found.add(
                "dangerous-scheme",
                "warning",
                "scheme",
                a,
                end,
                f"data: with the media type {_shorten(repr(media))}, not known to be inert",
            )
    elif scheme == "file":
        found.add("dangerous-scheme", "warning", "scheme", a, b, "file: reads local files")


def _data_media_type(head: str) -> tuple[str, bool | None]:
    """The media type of a data: URI whose text before the first "," is
    ``head`` (RFC 2397 section 3: ``[type/subtype] *(;parameter) [;base64]``),
    and whether it runs script: True (:data:`_ACTIVE_DATA`, a "+xml" type, a
    subtype with "script" or "svg" in it), None when it cannot (none given:
    text/plain; :data:`_PASSIVE_DATA`; another image, audio or video type),
    False when not known. Read as a decoder that percent-decodes first would
    read it: the type ends at the first ";" or "," either way."""
    decoded = _percent_text(head)
    media = re.split(r"[;,]", decoded, maxsplit=1)[0].strip().lower()
    if not media:
        return "text/plain", None  # RFC 2397: the default
    m = _MEDIA_TYPE_RE.fullmatch(media)
    if m is None:
        return media, False
    kind, subtype = m.groups()
    if media in _ACTIVE_DATA or subtype.endswith("+xml") or "script" in subtype or "svg" in subtype:
        return media, True
    if media in _PASSIVE_DATA or kind in _PASSIVE_DATA_TYPES:
        return media, None
    return media, False


def _percent_text(value: str) -> str:
    if "%" not in value:
        return value
    return _PCT_RUN_RE.sub(
        lambda m: bytes.fromhex(m.group().replace("%", "")).decode("utf-8", "replace"), value
    )


def _check_userinfo(found: _Found, text: str, a: int, b: int, host_end: int) -> None:
    userinfo = text[a:b]
    user, colon, password = userinfo.partition(":")
    if colon and password:
        c = a + len(user) + 1
        found.add(
            "password-in-userinfo", "warning", "userinfo", c, b, "a password is written in the URI"
        )
    shown = _percent_text(userinfo)
    name = shown.partition(":")[0]
    why = None
    severity = "danger"
    if "://" in shown or "/" in shown:
        why = "holds a URI or path"
    elif read_ipv4(name) is not None or name.startswith("["):
        why = "looks like an address"
    elif _DOMAIN_START_RE.match(name):
        why = "looks like a host name"
    elif _DOTTED_RE.match(name):
        why, severity = "may look like a host name", "warning"
    if why is not None:
        found.add(
            "misleading-userinfo",
            severity,
            "userinfo",
            a,
            b,
            f"the userinfo {userinfo!r} {why}; the host is what follows '@'"
            f" ({text[b + 1 : host_end]!r})",
        )


def _host_name(host: str) -> str:
    """The host name a browser or resolver sees: percent-decoded, full-width forms
    and ideographic full stops mapped (NFKC, as UTS #46 does), lowercase."""
    name = _percent_text(host) if "%" in host else host
    if not name.isascii():
        name = unicodedata.normalize("NFKC", name.translate(_HOST_DOTS)).translate(_HOST_DOTS)
    return name.lower()


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


def _private(found: _Found, a: int, b: int, subject: str, addr: ipaddress._BaseAddress) -> None:
    policy = found.policy
    ip = cast("ipaddress.IPv4Address | ipaddress.IPv6Address", addr)
    denied = _in(ip, policy.denied_networks)
    if denied is not None:
        found.add(
            "denied-network", "danger", "host", a, b, f"{subject} is {addr}, in {denied} (denied)"
        )
        return
    if _in(ip, policy.allowed_networks) is not None:
        return
    why = _why_private(ip)
    if why is not None:
        severity = "danger" if "metadata" in why else "warning"
        found.add("private-address", severity, "host", a, b, f"{subject} is {addr}, {why}")


def _check_host(found: _Found, text: str, a: int, b: int) -> str | None:
    """Checks the host; returns the name to resolve (a reg-name that is no address)."""
    host = text[a:b]
    if host.startswith("["):
        inner = host[1:-1]
        if inner[:1] in ("v", "V"):
            return None
        try:
            addr6 = ipaddress.IPv6Address(inner.replace("%25", "%", 1))
        except ValueError:
            return None
        _private(found, a, b, f"the host {host}", addr6)
        return None
    if is_ipv4address(host):
        _private(found, a, b, f"the host {host}", ipaddress.IPv4Address(host))
        return None
    name = _host_name(host)
    bare = name[:-1] if name.endswith(".") else name
    if bare == "localhost" or bare.endswith(".localhost"):
        found.add("private-address", "warning", "host", a, b, f"{host!r} names this machine")
        return None
    if bare in METADATA_HOSTS:
        found.add("private-address", "danger", "host", a, b, f"{host!r} is a cloud metadata host")
        return None
    last = bare.rpartition(".")[2]
    if last[:1].isdigit() and last.isascii():
        addr = read_ipv4(bare)
        if addr is not None:
            forms = _forms(host, name, bare)
            found.add(
                "rare-ip-form",
                "warning",
                "host",
                a,
                b,
                f"the reg-name {host!r} ({forms}) is the IPv4 address {addr}"
                " to resolvers and browsers",
            )
            _private(found, a, b, f"the host {host!r}", addr)
            return None
    return name if host else None


def _forms(host: str, name: str, bare: str) -> str:
    forms = []
    if "%" in host:
        forms.append("percent-encoded")
    if not host.isascii():
        forms.append("full-width or mapped characters")
    if name != bare:
        forms.append("trailing dot")
    parts = bare.split(".")
    if len(parts) < 4:
        forms.append(f"{len(parts)} part{'s' if len(parts) > 1 else ''}")
    if any(p[:2] in ("0x", "0X") for p in parts):
        forms.append("hexadecimal")
    if any(len(p) > 1 and p[0] == "0" and p[1] not in "xX" for p in parts):
        forms.append("octal or leading zeros")
    return ", ".join(forms) or "dotted decimal"


def _check_port(
    found: _Found, text: str, scheme: str | None, a: int, b: int, policy: Policy
) -> None:
    digits = text[a:b].lstrip("0") or "0"
    registry = DEFAULT_REGISTRY if policy.registry is None else policy.registry
    if scheme is not None and registry.is_default_port(scheme, digits):
        return
    number = int(digits) if len(digits) <= 6 else 1 << 20
    if number > 65535:
        found.add("unusual-port", "warning", "port", a, b, f"port {text[a:b]} is no TCP port")
    else:
        other = [s for s, p in registry.ports.items() if p == number and s != (scheme or "")]
        service = SERVICE_PORTS.get(number)
        if not (other or service) and number < 1024:
            found.add(
                "unusual-port",
                "info",
                "port",
                a,
                b,
                f"port {number} is a well-known port (below 1024) of another protocol",
            )
        elif other or service:
            names = ", ".join(sorted(other) + ([service] if service else []))
            found.add(
                "unusual-port",
                "warning",
                "port",
                a,
                b,
                f"port {number} belongs to another service ({names})",
            )
    allowed = policy.allowed_ports
    if allowed is not None and number not in allowed:
        found.add("port-not-allowed", "danger", "port", a, b, f"port {number} is not allowed")


_PCT_GROUPS: Final = (
    (USERINFO_SPAN, "userinfo"),
    (HOST_SPAN, "host"),
    (PATH_SPAN, "path"),
    (QUERY_SPAN, "query"),
    (FRAGMENT_SPAN, "fragment"),
)
_NAMES: Final = {0x00: "NUL", 0x0A: "LF", 0x0D: "CR"}


def _overlong(data: bytes, i: int) -> bool:
    lead = data[i]
    nxt = data[i + 1] if i + 1 < len(data) else 0
    return (
        lead in (0xC0, 0xC1)
        or (lead == 0xE0 and 0x80 <= nxt < 0xA0)
        or (lead == 0xF0 and 0x80 <= nxt < 0x90)
    )


def _check_percent(found: _Found, text: str, sp: tuple[tuple[int, int], ...]) -> None:
    for group, component in _PCT_GROUPS:
        a, b = sp[group]
        if a < 0 or text.find("%", a, b) < 0:
            continue
        for m in _PCT_RUN_RE.finditer(text, a, b):
            data = bytes.fromhex(m.group().replace("%", ""))
            for i, byte in enumerate(data):
                if byte < 0x20 or byte == 0x7F:
                    at = m.start() + 3 * i
                    name = _NAMES.get(byte, f"control 0x{byte:02X}")
                    severity = "danger" if byte in _NAMES else "warning"
                    found.add(
                        "encoded-control",
                        severity,
                        component,
                        at,
                        at + 3,
                        f"%{byte:02X} ({name}) in the {component}",
                    )
            try:
                decoded = data.decode("utf-8")
            except UnicodeDecodeError as err:
                at = m.start() + 3 * err.start
                if _overlong(data, err.start):
                    found.add(
                        "overlong-utf8",
                        "danger",
                        component,
                        at,
                        m.end(),
                        f"an overlong UTF-8 sequence in the {component} (decoders that accept it"
                        " read an ASCII character)",
                    )
                else:
                    found.add(
                        "invalid-utf8",
                        "warning",
                        component,
                        at,
                        m.end(),
                        f"percent-encoded bytes in the {component} are not UTF-8",
                    )
                decoded = data.decode("utf-8", "replace")
            bidi = [c for c in decoded if c in _BIDI_FORMAT]
            if bidi:
                found.add(
                    "bidi-formatting",
                    "danger",
                    component,
                    m.start(),
                    m.end(),
                    f"encoded U+{ord(bidi[0]):04X} {unicodedata.name(bidi[0], '')} reorders text",
                )
        if component == "path":
            _check_segments(found, text, a, b)


def _check_segments(found: _Found, text: str, a: int, b: int) -> None:
    start = a
    for segment in text[a:b].split("/"):
        end = start + len(segment)
        if "%" in segment:
            value = _percent_text(segment)
            pieces = value.replace("\\", "/").split("/")
            if value in (".", "..") or ".." in pieces:
                severity = "warning" if value == "." else "danger"
                shown = value if value in (".", "..") else ".."
                found.add(
                    "encoded-dot-segment",
                    severity,
                    "path",
                    start,
                    end,
                    f"{segment!r} is {value!r} once decoded: the dot segment {shown!r}",
                )
            for m in _ENCODED_SLASH_RE.finditer(segment):
                char = "/" if m.group()[2] in "fF" else "\\"
                found.add(
                    "encoded-delimiter",
                    "warning",
                    "path",
                    start + m.start(),
                    start + m.end(),
                    f"{m.group()} is {char!r} once decoded: a back end may split the path there",
                )
        start = end + 1


#: Scripts that are ordinary writing together (UTS #39 "highly restrictive"):
#: Japanese, Chinese with Bopomofo and Korean, each with Latin.
_ORDINARY_MIXES: Final = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)
#: Script values that name no script of their own: they go with any (UTS #24).
_NO_SCRIPT: Final = frozenset({"COMMON", "INHERITED", "Unknown"})
#: The confusables data wraps right-to-left look-alikes in LRM marks for display.
_NO_MARKS: Final = str.maketrans("", "", "\u200e\u200f")
_ASCII_LOOKS: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
_BIDI_FORMAT_RE: Final = re.compile(f"[{''.join(sorted(_BIDI_FORMAT))}]+")


@functools.cache
def _homoglyphs() -> tuple[Any, Any]:
    """The ``categories`` (the Unicode Script property) and ``confusables``
    (UTS #39 confusables) modules of the confusable_homoglyphs dependency,
    imported on first need: they read 1 MB of data."""
    from confusable_homoglyphs import (  # type: ignore[import-untyped]
        categories,
        confusables,
    )

    return categories, confusables


@functools.lru_cache(maxsize=4096)
def _look_alikes(char: str) -> tuple[frozenset[str], str]:
    """The scripts of the characters ``char`` is confusable with (UTS #39: they
    share its prototype), and the ASCII letter or digit among them ("" if none)."""
    categories, confusables = _homoglyphs()

    def homoglyphs(of: str) -> set[str]:
        found = confusables.is_confusable(of, greedy=True)
        return {g["c"].translate(_NO_MARKS) for g in found[0]["homoglyphs"]} if found else set()

    alikes = homoglyphs(char)
    for other in list(alikes):  # char's prototype: what else maps to it
        if len(other) == 1:
            alikes |= homoglyphs(other)
    alikes.discard(char)
    scripts: set[str] = set()
    for other in alikes:
        of_other = {categories.alias(c) for c in other} - _NO_SCRIPT
        if len(of_other) == 1:
            scripts |= of_other
    ascii_looks = sorted((not c.isalpha(), c.lower()) for c in alikes if c.lower() in _ASCII_LOOKS)
    return frozenset(scripts), ascii_looks[0][1] if ascii_looks else ""


def _script_name(script: str) -> str:
    return script.replace("_", " ").title()


def _u_label(label: str) -> str:
    """``label`` (lowercase) with an A-label (RFC 5890) decoded from Punycode;
    as it is when it is none, or no Punycode (longer than a DNS label, or bad)."""
    if not label.startswith("xn--") or len(label) > 63:
        return label
    try:
        return label[4:].encode("ascii").decode("punycode")
    except UnicodeError:
        return label


def _scripts_of(label: str) -> dict[str, list[str]]:
    """The distinct characters of ``label`` by script (Unicode Script property)."""
    categories, _ = _homoglyphs()
    by_script: dict[str, list[str]] = {}
    for char in dict.fromkeys(label):
        script = categories.alias(char)
        if script not in _NO_SCRIPT:
            by_script.setdefault(script, []).append(char)
    return by_script


def _label_homograph(label: str, tld_scripts: Iterable[str]) -> tuple[str, str] | None:
    """(severity, why) when the U-label ``label`` passes for another (UTS #39
    section 5): it mixes scripts and the letters of all but one script look like
    letters of that one (mixed-script confusable; danger), it mixes scripts that
    are not ordinary writing together (danger), or it is in one script other
    than Latin and every letter looks like an ASCII one, under a top-level
    label of another script (whole-script confusable with Latin; warning)."""
    by_script = _scripts_of(label)
    if len(by_script) > 1:
        names = ", ".join(sorted(map(_script_name, by_script)))
        for script in sorted(by_script, key=lambda s: (-len(by_script[s]), s)):
            others = [c for s, chars in by_script.items() if s != script for c in chars]
            if all(script in _look_alikes(c)[0] for c in others):
                shown = ", ".join(
                    f"{c!r} ({unicodedata.name(c, f'U+{ord(c):04X}')})" for c in others[:3]
                )
                more = f" and {len(others) - 3} more" if len(others) > 3 else ""
                like = "look like letters" if len(others) > 1 else "looks like a letter"
                return "danger", (
                    f"the label {label!r} mixes scripts ({names}) and reads as"
                    f" {_script_name(script)}: {shown}{more} {like} of that script"
                )
        if not any(set(by_script) <= ok for ok in _ORDINARY_MIXES):
            return "danger", f"the label {label!r} mixes scripts: {names}"
        return None
    if len(by_script) == 1:
        ((script, chars),) = by_script.items()
        if script == "LATIN" or script in tld_scripts:
            return None
        if all(_look_alikes(c)[1] for c in chars):
            of_script = set(chars)
            ascii_form = "".join(_look_alikes(c)[1] if c in of_script else c for c in label)
            return "warning", (
                f"the label {label!r} is {_script_name(script)} but every letter looks like"
                f" ASCII: {ascii_form!r} (a whole-script confusable)"
            )
    return None


def _host_homographs(host: str) -> list[tuple[str, str]]:
    """(severity, why) for each label of the reg-name ``host`` (as written: a
    U-label, an A-label with its ACE prefix in any case, percent-encoded or
    full-width) that passes for another; see :func:`_label_homograph`."""
    labels = [_u_label(label) for label in _host_name(host).split(".")]
    international = [label for label in labels if not label.isascii()]
    if not international:
        return []
    tld = next((label for label in reversed(labels) if label), "")
    tld_scripts = set(_scripts_of(tld)) if not tld.isascii() else set()
    out = []
    for label in dict.fromkeys(international):
        verdict = _label_homograph(label, tld_scripts)
        if verdict is not None:
            out.append(verdict)
    return out


def _check_display(found: _Found, text: str, sp: tuple[tuple[int, int], ...]) -> None:
    from .. import iri  # L5, imported only for references that need it

    spans = {name: sp[group] for group, name in _PCT_GROUPS}
    grouped: dict[tuple[str, str], dict[str, None]] = {}
    severities: dict[tuple[str, str], str] = {}
    h0, h1 = sp[HOST_SPAN]
    if h1 > h0 and text[h0] != "[":
        # Mixed scripts and confusables in the host from the Unicode data (the
        # confusable_homoglyphs package), in place of for_display's mixed-script.
        for severity, why in _host_homographs(text[h0:h1]):
            grouped.setdefault(("idn-homograph", "host"), {})[why] = None
            if severity == "danger" or ("idn-homograph", "host") not in severities:
                severities["idn-homograph", "host"] = severity
    if not text.isascii():
        # Raw bidi formatting characters a valid IRI can hold: the isolates
        # (U+2066-U+2069) and ALM, which RFC 3987 section 4.1 (2005) predates.
        for m in _BIDI_FORMAT_RE.finditer(text):
            char = m.group()[0]
            component = next((n for n, (a, b) in spans.items() if a <= m.start() < b), "uri")
            found.add(
                "bidi-formatting",
                "danger",
                component,
                m.start(),
                m.end(),
                f"U+{ord(char):04X} {unicodedata.name(char, '')} reorders text",
            )
    try:
        shown = iri.for_display(text)
    except URIError:
        shown = None
    for w in shown.warnings if shown is not None else ():  # one finding per code and component
        if w.kind == "mixed-script":
            continue  # judged above
        code = "bidi-formatting" if w.kind == "bidi" else "idn-homograph"
        grouped.setdefault((code, w.component), {})[w.detail] = None
        severities[code, w.component] = (
            "danger" if w.component in ("host", "userinfo") else "warning"
        )
    for (code, component), details in grouped.items():
        a, b = spans.get(component, (0, len(text)))
        message = "; ".join(itertools.islice(details, 3))
        if len(details) > 3:
            message += f"; and {len(details) - 3} more"
        if code == "idn-homograph" and shown is not None:
            safe = shown.safe_text if shown.warnings else iri.to_uri(text)
            message += f"; shown as {_shorten(shown.text)!r}, safe form {_shorten(safe)!r}"
        found.add(code, severities[code, component], component, a, b, message)


_ADA: list[Any] = []


def _ada() -> Any:
    """The ``ada_url`` module, or ``None`` when the ``[whatwg]`` extra is not
    installed (looked for once: a failed import searches the whole path)."""
    if not _ADA:
        import importlib

        try:
            _ADA.append(importlib.import_module("ada_url"))
        except ImportError:
            _ADA.append(None)
    return _ADA[0]


def _shorten(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _whatwg(found: _Found, text: str, ref: URIReference, scheme: str) -> None:
    ada_url = _ada()
    if ada_url is None:
        return
    from ..resolve import remove_dot_segments

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
            ours_host = f"[{ipaddress.IPv6Address(host[1:-1]).compressed}]"
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
                f"the {name} is {_shorten(repr(ours))} to RFC 3986"
                f" but {_shorten(repr(other))} to the WHATWG URL Standard",
            )


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


def check(
    text: str,
    *,
    policy: Policy | None = None,
    resolve_dns: bool = False,
    resolver: Callable[[str], Iterable[str]] | None = None,
) -> Report:
    """Check ``text`` (a URI or IRI reference) against RFC 3986 section 7 and RFC
    3987 section 8; never raises for a ``str``.

    ``policy`` (default: :class:`Policy`\\ ``()``, which blocks ``danger``)
    decides :attr:`Report.ok`. With ``resolve_dns=True`` a host name is resolved
    (``resolver(name)`` returns addresses as text; by default
    ``socket.getaddrinfo``) and every address is checked like a literal one.

    >>> [f.code for f in check("ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm").findings]
    ['misleading-userinfo', 'private-address']
    >>> r = check("http://h/a%0d%0aSet-Cookie:x")
    >>> [(f.code, f.severity, f.start) for f in r.findings], r.ok
    ([('encoded-control', 'danger', 10), ('encoded-control', 'danger', 13)], False)
    >>> fake_dns = lambda name: ["10.1.2.3"]
    >>> check("http://intranet.example/", resolve_dns=True, resolver=fake_dns).findings[0].message
    "'intranet.example' resolves to an address that is 10.1.2.3, a private address"
    """
    if type(text) is not str:
        check_str(text, "check", "text")
    if policy is None:
        policy = _DEFAULT_POLICY
    elif not isinstance(policy, Policy):
        raise arg_type_error("check", "policy", "Policy or None", policy)
    if resolve_dns is not False and type(resolve_dns) is not bool:
        raise arg_type_error("check", "resolve_dns", "bool", resolve_dns)
    if resolver is not None and not callable(resolver):
        raise arg_type_error("check", "resolver", "callable or None", resolver)
    end = plain_host_end(text)  # where "scheme://host" ends in a plain reference
    if end is not None and end > 0 and not resolve_dns and not policy.denied_networks:
        # The common case, kept cheap (no spans, no parse: Report.uri parses on
        # access): nothing to report for a plain reference (a host with no
        # userinfo and no port, no percent-encoding, no path segment starting
        # with ".") when its "scheme://host" is plain too (a memo, bounded:
        # cleared when full).
        prefix = text[:end]
        scheme = _PLAIN_PREFIXES.get(prefix)
        if scheme is None:
            scheme = _plain_origin(prefix)
            if len(_PLAIN_PREFIXES) >= _MEMO_SIZE:
                _PLAIN_PREFIXES.clear()
            _PLAIN_PREFIXES[prefix] = scheme
        if scheme is not False:
            allowed = policy.allowed_schemes
            if allowed is None or (scheme and scheme in allowed):  # "": no scheme
                return _new_report(Report, (text, (), (), _PARSED_URI))
    try:
        ref = parse(text)
    except URIError as err:
        if text.isascii():
            return _invalid(text, err, policy)
        from .. import iri

        try:
            ref = iri.parse(text)
        except URIError as err2:
            return _invalid(text, err2, policy)
    sp = ref._sp
    return _check(text, ref, sp, policy, resolve_dns, resolver)


def _check(
    text: str,
    ref: URIReference,
    sp: tuple[tuple[int, int], ...],
    policy: Policy,
    resolve_dns: bool,
    resolver: Callable[[str], Iterable[str]] | None,
) -> Report:
    found = _Found(policy)
    scheme_a, scheme_b = sp[SCHEME_SPAN]
    scheme = text[scheme_a:scheme_b].lower() if scheme_a >= 0 else None
    if scheme is not None and scheme in _SCHEME_CHECKED:
        _check_scheme(found, text, sp)
    allowed = policy.allowed_schemes
    if allowed is not None and scheme not in allowed:
        a, b = (scheme_a, scheme_b) if scheme is not None else (0, 0)
        found.add(
            "scheme-not-allowed", "danger", "scheme", a, b, f"the scheme {scheme!r} is not allowed"
        )
    u0, u1 = sp[USERINFO_SPAN]
    if u0 >= 0:
        _check_userinfo(found, text, u0, u1, sp[HOST_SPAN][1])
        if not policy.allow_userinfo:
            found.add(
                "userinfo-not-allowed", "danger", "userinfo", u0, u1, "userinfo is not allowed"
            )
    h0, h1 = sp[HOST_SPAN]
    name = None
    plain = False  # an ASCII reg-name the WHATWG host parser reads as RFC 3986 does
    if h1 > h0:
        host = text[h0:h1]
        last = host.rpartition(".")[2]
        if (
            last[:1].isalpha()
            and "%" not in host
            and host.isascii()
            and "xn--" not in host.lower()  # the ACE prefix in any case ("Xn--")
        ):
            name = host.lower()
            bare = name[:-1] if name.endswith(".") else name
            plain = not (
                bare == "localhost" or bare.endswith(".localhost") or bare in METADATA_HOSTS
            )
        if not plain:
            name = _check_host(found, text, h0, h1)
    elif policy.require_host:
        found.add("missing-host", "danger", "host", max(h0, 0), max(h1, 0), "there is no host")
    p0, p1 = sp[PORT_SPAN]
    if p1 > p0:
        _check_port(found, text, scheme, p0, p1, policy)
    percent = "%" in text
    if percent:
        _check_percent(found, text, sp)
    if (
        not text.isascii()
        or (percent and _HIGH_PCT_RE.search(text))
        or (not plain and h1 > h0 and "xn--" in text[h0:h1].lower())
    ):
        _check_display(found, text, sp)
    if policy.whatwg and scheme in _SPECIAL:
        p, q = sp[PATH_SPAN]
        if not (plain and p1 < 0 and text.find("/.", p, q) < 0 and text.find("%", p, q) < 0):
            _whatwg(found, text, ref, scheme)
    if resolve_dns and name:
        _resolve(found, name, h0, h1, resolver)
    findings = found.items
    if not findings:
        return Report(text, (), (), ref)
    if len(findings) > 1:
        findings.sort(key=lambda f: (f.start, f.end))
    return Report(text, tuple(findings), tuple(f for f in findings if policy.blocks(f)), ref)


def _invalid(text: str, err: URIError, policy: Policy) -> Report:
    end = min(err.position + 1, len(text))
    finding = Finding(
        "invalid-syntax",
        "danger",
        err.component,
        err.position,
        max(end, err.position),
        str(err),
        CODES["invalid-syntax"][1],
    )
    findings = (finding,)
    return Report(text, findings, tuple(f for f in findings if policy.blocks(f)), None)
