"""The authority: userinfo, host and port, with the policy's rules for each.

The userinfo: a password in it, a user name that looks like a host (RFC 3986
sections 7.5, 7.6). The host: a private, loopback, link-local or metadata
address in any form a resolver reads, a name of this machine or of a metadata
service, the policy's networks and sites (section 7.4). The port: another service's
(section 7.2), the policy's allowed ports."""

from __future__ import annotations

import ipaddress
import re
from typing import Final, cast

from ..core._charsets import ALPHA_CLASS, LDH_CLASS
from ..core._parser import is_ipv4address
from ..core._schemeinfo import DEFAULT_REGISTRY
from ._addresses import METADATA_HOSTS, _in, _why_private, read_ipv4
from ._policy import Policy, _Found
from ._sites import _listed, _site_key
from ._text import _host_name, _percent_text

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


def _private(found: _Found, a: int, b: int, subject: str, addr: ipaddress._BaseAddress) -> None:
    policy = found.policy
    ip = cast("ipaddress.IPv4Address | ipaddress.IPv6Address", addr)
    denied = _in(ip, policy.denied_networks)
    if denied is not None:
        found.add(
            "denied-network",
            "danger",
            "host",
            a,
            b,
            f"{subject} is in {denied} (denied)"
            if _names(subject, addr)
            else f"{subject} is {addr}, in {denied} (denied)",
        )
        return
    if _in(ip, policy.allowed_networks) is not None:
        return
    why = _why_private(ip)
    if why is not None:
        severity = "danger" if "metadata" in why else "warning"
        # "the host 10.0.0.1 is a private address", not "... is 10.0.0.1, a ...".
        said = f"{subject} is {why}" if _names(subject, addr) else f"{subject} is {addr}, {why}"
        found.add("private-address", severity, "host", a, b, said)


def _names(subject: str, addr: ipaddress._BaseAddress) -> bool:
    """Does ``subject`` end with the address as :mod:`ipaddress` writes it?"""
    return subject.endswith((f" {addr}", f" [{addr}]"))


#: host as written -> what :func:`_host_findings` finds in it under a policy with
#: no networks of its own (code, severity, message of each finding, all over the
#: whole host) and the name it returns: a memo, bounded (cleared when full). The
#: checks read only the host's text and the policy's networks, and an address
#: costs microseconds to read and classify ("127.0.0.1" and "localhost"
#: recur).
_HOST_MEMO: dict[str, tuple[tuple[tuple[str, str, str], ...], str | None]] = {}
_HOST_MEMO_SIZE: Final = 4096


def _check_host(found: _Found, text: str, a: int, b: int) -> str | None:
    """Checks the host; returns the name to resolve (a reg-name that is no address)."""
    policy = found.policy
    if policy.denied_networks or policy.allowed_networks:
        return _host_findings(found, text, a, b)
    host = text[a:b]
    memo = _HOST_MEMO.get(host)
    if memo is None:
        own = _Found(policy)
        name = _host_findings(own, host, 0, len(host))
        memo = (tuple((f.code, f.severity, f.message) for f in own.items), name)
        if len(_HOST_MEMO) >= _HOST_MEMO_SIZE:
            _HOST_MEMO.clear()
        _HOST_MEMO[host] = memo
    for code, severity, message in memo[0]:
        found.add(code, severity, "host", a, b, message)
    return memo[1]


def _host_findings(found: _Found, text: str, a: int, b: int) -> str | None:
    """What :func:`_check_host` does: every finding is over the host, ``[a, b)``."""
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
        ports = registry.ports
        other = (
            [s for s, p in ports.items() if p == number and s != (scheme or "")]
            if number in ports.values()  # a scan in C: most ports are no scheme's
            else []
        )
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


def _check_site(found: _Found, text: str, a: int, b: int) -> None:
    """The ``denied-site`` and ``site-not-allowed`` findings of the host
    ``text[a:b]`` (``a == b``: no host) under the policy's sites."""
    policy = found.policy
    allowed, denied = policy.allowed_sites, policy.denied_sites
    if b <= a:
        if allowed is not None:
            found.add(
                "site-not-allowed",
                "danger",
                "host",
                max(a, 0),
                max(b, 0),
                "there is no host; allowed sites: " + ", ".join(sorted(allowed)),
            )
        return
    host = text[a:b]
    key, _ = _site_key(host)
    hit = _listed(key, denied) if denied else None
    if hit is not None:
        under = "" if hit == key else f", under {hit!r}"
        found.add(
            "denied-site",
            "danger",
            "host",
            a,
            b,
            f"the host {host!r} is of the site {key!r}{under}, which the policy denies",
        )
    elif allowed is not None and _listed(key, allowed) is None:
        found.add(
            "site-not-allowed",
            "danger",
            "host",
            a,
            b,
            f"the host {host!r} is of the site {key!r}, not allowed; allowed sites: "
            + ", ".join(sorted(allowed)),
        )
