"""Sites in a policy: ``allowed_sites`` and ``denied_sites``.

A site is a host's registrable domain (:func:`urikit.domains.registrable_domain`,
the list's private section too), or the host itself when it has none (an IP
address, a public suffix, ``localhost``). Hosts and the policy's sites are
compared in one form, ``_site_key``: the name a resolver sees (percent-decoded,
mapped, lower case; ``_text._host_name``), without its trailing dot (the same
name to DNS), each label that is not ASCII as its A-label, an IPv4 address in
any form as dotted decimal. The domains layer sits beside this one: it is
looked up by name on first use (tests/project/test_layers.py lists the lookup),
so a policy without sites needs neither it nor the ``[domains]`` extra. The
findings are the host checks' (``_authority._check_site``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..core._errors import URIError, arg_type_error
from ..core._extras import imported
from ..iri._idna import punycode_labels
from ._addresses import read_ipv4
from ._text import _host_name

#: The registrable-domain layer, beside this one: imported by name on first use.
_DOMAINS: Final = "urikit.domains"


def _site_key(host: str) -> tuple[str, bool]:
    """The site of ``host`` (a host as a URI holds it) in the form sites are
    compared in, and whether it is a registrable domain (else: the host itself).

    An address is its own site, in one form (a name's site is read from the
    Public Suffix List: tests/security/test_security_sites.py):

    >>> _site_key("0x7f.1"), _site_key("[::1]")
    (('127.0.0.1', False), ('[::1]', False))
    """
    if host[:1] == "[":
        return host.lower(), False
    name = _host_name(host)
    if name.endswith("."):
        name = name[:-1]
    address = read_ipv4(name)
    if address is not None:
        return str(address), False
    name = punycode_labels(name)
    domain: str | None = imported(_DOMAINS).registrable_domain(name)
    return (name, False) if domain is None else (domain, True)


def _sites(value: object, param: str) -> frozenset[str] | None:
    """``value`` (site names) as a frozenset of site keys; ``None`` stays ``None``.
    A name that is not a site of its own (``www.example.com``, whose site is
    ``example.com``) is refused, so that no entry means less or more than it says."""
    if value is None:
        return None
    expected = "iterable of str or None"
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise arg_type_error("Policy", param, expected, value)
    out: set[str] = set()
    for item in value:
        if not isinstance(item, str):
            raise arg_type_error("Policy", param, expected, item)
        bare = _host_name(item)
        bare = bare[:-1] if bare.endswith(".") else bare
        if not bare or "/" in bare or (":" in bare and bare[:1] != "["):
            raise URIError("bad-value", param, 0, item, detail=f"{item!r} is not a site (a host)")
        key, _ = _site_key(item)
        if key != punycode_labels(bare) and read_ipv4(bare) is None:
            raise URIError(
                "bad-value",
                param,
                0,
                item,
                detail=f"{item!r} is not a site: its site is {key!r}",
            )
        out.add(key)
    return frozenset(out)


def _listed(key: str, sites: frozenset[str]) -> str | None:
    """The entry of ``sites`` that the site ``key`` is, or is under (an entry
    that is a public suffix, ``github.io``, stands for every site under it)."""
    if key in sites:
        return key
    at = key.find(".")
    while at >= 0:
        if key[at + 1 :] in sites:
            return key[at + 1 :]
        at = key.find(".", at + 1)
    return None
