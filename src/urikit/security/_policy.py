"""What a check may find, and what makes a reference fail.

:data:`CODES` (every finding code: what it means, the section it comes from),
:data:`SEVERITIES`, the immutable :class:`Finding`, the :class:`Policy` that
decides which findings block, and ``_Found``, the list every check adds its
findings to."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from ..core._errors import URIError, arg_type_error, unknown_choice
from ..core._schemeinfo import SchemeRegistry
from ._addresses import _Network
from ._parsers import PARSERS
from ._sites import _sites

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
    "invisible-character": (
        "an invisible character (Default_Ignorable_Code_Point, format)",
        "RFC 3987 8, RFC 5892 2.3",
    ),
    "whatwg-differs": ("the WHATWG URL Standard reads it differently", "RFC 3986 7.3"),
    "scheme-not-allowed": ("a scheme the policy does not allow", "policy"),
    "userinfo-not-allowed": ("userinfo the policy does not allow", "policy"),
    "port-not-allowed": ("a port the policy does not allow", "policy"),
    "missing-host": ("no host where the policy needs one", "policy"),
    "unresolved-host": ("the resolver gave no address", "resolve_dns"),
    "denied-network": ("an address in a network the policy denies", "policy"),
    "site-not-allowed": ("a host of a site the policy does not allow", "policy"),
    "denied-site": ("a host of a site the policy denies", "policy"),
    # check_redirect()'s codes
    "redirect-off-site": (
        "a redirect target that leaves the allowed origins",
        "RFC 3986 5.2, WHATWG URL 4.4",
    ),
    "redirect-scheme": (
        "a redirect to a scheme no allowed origin has (javascript:, data:, ...)",
        "RFC 3986 7, WHATWG URL 4.4",
    ),
    "redirect-not-https": ("a redirect to http where https is required", "require_https"),
    "redirect-invalid": (
        "a redirect target a browser or RFC 3986 does not read as a URL",
        "RFC 3986 4.1, WHATWG URL 4.4",
    ),
    "readings-differ": (
        "browsers and RFC 3986 send the redirect to different origins",
        "RFC 3986 5.2, 7.3, WHATWG URL 4.4",
    ),
    "ignored-character": (
        "a character browsers remove (tab, newline, leading or trailing control or space)",
        "WHATWG URL 4.4",
    ),
    "backslash-as-slash": ("a '\\' browsers read as '/'", "WHATWG URL 4.4"),
    "parsers-disagree": (
        "URL parsers the policy names read another scheme, host or port",
        "RFC 3986 7.3, policy agreement",
    ),
}

SEVERITIES: Final = ("info", "warning", "danger")
_RANK: Final = {"info": 0, "warning": 1, "danger": 2}


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
    "allowed_sites",
    "denied_sites",
    "agreement",
)


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


def _agreement(value: object) -> tuple[str, ...] | str | None:
    """``agreement`` as the policy keeps it: ``None``, ``"all"``, or parser
    names in reading order."""
    if value is None or value == "all":
        return value
    expected = "iterable of parser names, 'all' or None"
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise arg_type_error("Policy", "agreement", expected, value)
    names = set()
    for item in value:
        if not isinstance(item, str):
            raise arg_type_error("Policy", "agreement", expected, item)
        if item not in PARSERS:
            raise unknown_choice("parser", item, tuple(PARSERS))
        names.add(item)
    return tuple(name for name in PARSERS if name in names) or None


def _site_fields(allowed: object, denied: object) -> tuple[frozenset[str] | None, frozenset[str]]:
    """``allowed_sites`` and ``denied_sites`` as the policy keeps them (site
    keys); the domains layer is looked up only when they are given."""
    if allowed is None and denied is None:
        return None, frozenset()
    return _sites(allowed, "allowed_sites"), _sites(denied, "denied_sites") or frozenset()


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
    ``allowed_sites`` and ``denied_sites``: sites, each a registrable domain
    (``example.co.uk``), or a host that has none (an IP address, a public
    suffix such as ``github.io``, which then stands for every site under it);
    ``www.example.com`` is refused (``URIError``: its site is
    ``example.com``). A host's site is its registrable domain by
    :mod:`urikit.domains` (the ``[domains]`` extra, needed only when sites are
    given), else the host; U-labels and A-labels, case, ``%XX`` and a
    trailing dot do not count. A host of a denied site gets a ``denied-site``
    finding (danger); with ``allowed_sites``, a host of any other site, or a
    reference without a host, gets ``site-not-allowed`` (danger).
    ``agreement``: parser names (those of :func:`~urikit.security.readings`:
    ``"whatwg"``, ``"urllib"``, ``"urllib3"``, ``"requests"``, ``"httpx"``,
    ``"yarl"``, ``"curl"``), or ``"all"`` for every one installed: each is
    called on the reference, and one that reads another scheme, host or port
    than RFC 3986 (the reading every other check is about) or than another
    named parser, or that would connect elsewhere, gives a
    ``parsers-disagree`` finding (danger) naming the parsers and their
    readings. A named parser that is not installed is not compared (no
    client built on it runs here); one that refuses the URL is no
    disagreement (its client would not send it). Off by default, and in
    :meth:`ssrf` (see there).

    >>> from urikit.security import Policy, check
    >>> p = Policy(allowed_schemes={"https"})
    >>> check("http://example.org/", policy=p).ok
    False
    >>> p.replace(allowed_schemes=None) == Policy()
    True
    """

    __slots__ = (*_POLICY_FIELDS, "_reads_host")

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
    allowed_sites: frozenset[str] | None
    denied_sites: frozenset[str]
    agreement: tuple[str, ...] | str | None

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
        allowed_sites: Iterable[str] | None = None,
        denied_sites: Iterable[str] | None = None,
        agreement: Iterable[str] | str | None = None,
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
            *_site_fields(allowed_sites, denied_sites),
            _agreement(agreement),
        )
        for name, value in zip(_POLICY_FIELDS, values, strict=True):
            object.__setattr__(self, name, value)
        # whether check() must read the host of every reference, a plain one too
        reads_host = bool(self.denied_networks) or self.allowed_sites is not None
        object.__setattr__(self, "_reads_host", reads_host or bool(self.denied_sites))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Policy is immutable; use replace()")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Policy is immutable; use replace()")

    _reads_host: bool

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
        allowed_sites: Iterable[str] | None = None,
        denied_sites: Iterable[str] | None = None,
        agreement: Iterable[str] | str | None = None,
    ) -> Policy:
        """The policy for a service that fetches URLs given by users.

        http and https only; no userinfo; a host is required and may not be a
        private, reserved, loopback, link-local or metadata address in any form
        RFC 3986, a resolver (``inet_aton``) or a browser accepts; the scheme's
        default port unless ``allowed_ports`` names another; rare address forms
        and WHATWG disagreements (with the ``[whatwg]`` extra) block too.

        >>> from urikit.security import Policy, check
        >>> ssrf = Policy.ssrf()
        >>> [check(u, policy=ssrf).ok for u in ("https://example.org/", "http://[::1]/")]
        [True, False]
        >>> check("https://example.org:8443/", policy=Policy.ssrf(allowed_ports=[8443])).ok
        True

        ``allowed_networks``, ``denied_networks``, ``allowed_sites`` and
        ``denied_sites`` are those of :class:`Policy`:

        >>> local = Policy.ssrf(allowed_networks=["127.0.0.1/32"])
        >>> [check(u, policy=local).ok for u in ("http://127.0.0.1/", "http://127.0.0.2/")]
        [True, False]

        ``agreement`` is off unless given (``agreement="all"``, or the parsers
        of the clients the service uses): it calls every named parser on every
        reference, about 200 microseconds for all eight against a few for the
        rest of a check, and ``Policy.ssrf()`` is also the policy of urikit's
        pydantic types, CLI and column kernels, which check millions of
        references; a verdict would also change with the packages installed.
        The guard's adapters compare their own client's reading on every hop
        instead (docs/howto-readings.md):

        >>> Policy.ssrf().agreement, Policy.ssrf(agreement=["urllib3"]).agreement
        (None, ('urllib3',))
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
            allowed_sites=allowed_sites,
            denied_sites=denied_sites,
            agreement=agreement,
        )

    def blocks(self, finding: Finding) -> bool:
        """True when ``finding`` makes a reference fail this policy."""
        if finding.code in self.block_codes:
            return True
        if self.block_private and finding.code == "private-address":
            return True
        return self.block_at is not None and _RANK[finding.severity] >= _RANK[self.block_at]


_DEFAULT_POLICY: Final = Policy()


class _Found:
    __slots__ = ("items", "policy")

    def __init__(self, policy: Policy) -> None:
        self.items: list[Finding] = []
        self.policy = policy

    def add(self, code: str, severity: str, component: str, a: int, b: int, message: str) -> None:
        self.items.append(Finding(code, severity, component, a, b, message, CODES[code][1]))
