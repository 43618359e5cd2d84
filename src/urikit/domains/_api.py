"""The default list (loaded on first use), :func:`load` and the module's functions.

The default list is, in this order: the file named by the environment variable
``URIKIT_PUBLIC_SUFFIX_LIST``, when set; a list given to :func:`use`; the copy
the ``publicsuffixlist`` package ships (the ``[domains]`` extra; a new release
of it, with that month's list, is ``pip install -U publicsuffixlist`` away). It
is read and compiled on the first lookup, once; ``import urikit.domains``
reads nothing.
"""

from __future__ import annotations

import os

from ..core._errors import arg_type_error
from ..core._extras import loader
from ..core._reference import URIReference
from ..iri._idna import punycode_labels
from ..iri._reference import parse as _parse_iri
from ._hosts import host_labels, is_ip
from ._list import PublicSuffixList
from ._parts import DomainParts

__all__ = [
    "ENVIRONMENT",
    "default_list",
    "load",
    "public_suffix",
    "registrable_domain",
    "same_site",
    "split",
    "use",
]

#: The environment variable naming a list file to use instead of the bundled one.
ENVIRONMENT = "URIKIT_PUBLIC_SUFFIX_LIST"

_package = loader("domains", "publicsuffixlist", "publicsuffixlist")

#: The list the module's functions use, once loaded (see :func:`default_list`).
_default: PublicSuffixList | None = None
#: The list given to :func:`use`, if any.
_chosen: PublicSuffixList | None = None


def load(source: str | bytes | os.PathLike[str]) -> PublicSuffixList:
    """A list of your own, compiled: a path (``str`` without a line break, or a
    path object), or the list's text (a ``str`` holding a line break, or
    ``bytes`` in UTF-8). ``OSError`` when the file cannot be read,
    ``ValueError`` for a line that is not a rule.

    >>> psl = load("// VERSION: 2026-12-01_00-00-00_UTC\\nuk\\nco.uk\\n")
    >>> psl.version, psl.registrable_domain("www.bbc.co.uk")
    ('2026-12-01_00-00-00_UTC', 'bbc.co.uk')
    """
    if isinstance(source, bytes):
        return PublicSuffixList(source.decode("utf-8"))
    if isinstance(source, str) and ("\n" in source or "\r" in source):
        return PublicSuffixList(source)
    if not isinstance(source, str | os.PathLike):
        raise arg_type_error("load", "source", "str, bytes or a path", source)
    path = os.fspath(source)
    with open(path, encoding="utf-8") as f:
        return PublicSuffixList(f.read(), path)


def _bundled() -> PublicSuffixList:
    """The list the ``publicsuffixlist`` package ships."""
    (package,) = _package()
    path = getattr(package, "PSLFILE", None)
    if not isinstance(path, str):
        path = os.path.join(os.path.dirname(package.__file__), "public_suffix_list.dat")
    return load(path)


def default_list() -> PublicSuffixList:
    """The list the module's functions use, loaded and compiled on the first call:
    the file ``$URIKIT_PUBLIC_SUFFIX_LIST`` names, else the list given to
    :func:`use`, else the ``publicsuffixlist`` package's (``ImportError`` naming
    the ``[domains]`` extra when it is not installed).

    >>> psl = default_list()
    >>> psl is default_list(), psl.version is not None
    (True, True)
    """
    global _default
    found = _default
    if found is None:
        path = os.environ.get(ENVIRONMENT)
        found = load(path) if path else _chosen if _chosen is not None else _bundled()
        _default = found
    return found


def use(psl: PublicSuffixList | None) -> None:
    """Make ``psl`` the list of the module's functions (and of the references'
    properties, and of the CLI run in this process); ``None``: back to the
    default of :func:`default_list`. ``$URIKIT_PUBLIC_SUFFIX_LIST``, when set,
    still comes first.

    >>> use(load("example\\n"))
    >>> public_suffix("a.b.example"), registrable_domain("a.b.co.uk")
    ('example', 'co.uk')
    >>> use(None)
    >>> registrable_domain("a.b.co.uk")
    'b.co.uk'
    """
    global _default, _chosen
    if psl is not None and not isinstance(psl, PublicSuffixList):
        raise TypeError(f"use() argument must be a PublicSuffixList or None, not {type(psl)}")
    _chosen, _default = psl, None


def public_suffix(host: str, *, private: bool = True) -> str | None:
    """The public suffix of ``host`` (the labels the prevailing rule matches),
    in the form given, lower-cased and percent-decoded; ``None`` when the host
    has none: an IP address, an empty label (docs/domains.md gives every case).
    ``private=False``: the ICANN section's rules only.

    >>> public_suffix("forums.bbc.co.uk"), public_suffix("a.b.github.io")
    ('co.uk', 'github.io')
    >>> public_suffix("a.b.github.io", private=False)
    'io'
    >>> public_suffix("WWW.Example.COM."), public_suffix("127.0.0.1")
    ('com.', None)
    """
    return (_default or default_list()).public_suffix(host, private=private)


def registrable_domain(host: str, *, private: bool = True) -> str | None:
    """The registrable domain of ``host`` (eTLD+1): its public suffix and one
    label more, in the form given; ``None`` when the host is a public suffix
    itself or has none.

    >>> registrable_domain("forums.bbc.co.uk"), registrable_domain("a.b.github.io")
    ('bbc.co.uk', 'b.github.io')
    >>> registrable_domain("a.b.github.io", private=False)
    'github.io'
    >>> registrable_domain("co.uk"), registrable_domain("[::1]")
    (None, None)
    """
    return (_default or default_list()).registrable_domain(host, private=private)


def split(host_or_url: str | URIReference, *, private: bool = True) -> DomainParts:
    """The subdomain, domain and suffix of a host or of a URL's host (a parsed
    reference, or a text: one without ``//`` is read as an authority,
    ``example.com:8080/x``), as
    tldextract splits them: ``""`` for a part that is absent; an IP address is
    the domain, with no suffix. ``URIError`` for a URL that does not parse.

    >>> tuple(split("http://a.b.example.co.uk:8080/x"))
    ('a.b', 'example', 'co.uk')
    >>> tuple(split("github.io")), tuple(split("http://127.0.0.1/"))
    (('', '', 'github.io'), ('', '127.0.0.1', ''))
    """
    return (_default or default_list()).split(host_or_url, private=private)


def _ascii_host(host: str) -> str:
    """``host`` as hosts are compared: lower case, percent-decoded, each label
    that is not ASCII as its A-label (Punycode)."""
    read = host_labels(host)
    if read is None:
        return host.lower()
    labels, dot = read
    return punycode_labels(".".join(labels)) + dot


def same_site(a: str | URIReference, b: str | URIReference, *, private: bool = True) -> bool:
    """Are ``a`` and ``b`` (URIs or IRIs) same site, as the HTML standard reads
    it: the same scheme (case aside) and the same registrable domain, or, for
    hosts that have none (an IP address, a public suffix, ``localhost``), the
    same host. A reference without a scheme or without a host (``mailto:``,
    ``file:///``: an opaque origin) is same site with nothing. ``URIError``
    for a text that does not parse. U-labels and A-labels compare equal.

    >>> same_site("https://a.example.co.uk/x", "HTTPS://b.Example.co.uk:8443/y")
    True
    >>> same_site("https://a.github.io/", "https://b.github.io/")
    False
    >>> same_site("https://a.github.io/", "https://b.github.io/", private=False)
    True
    >>> same_site("http://example.com/", "https://example.com/")
    False
    """
    for name, ref in (("a", a), ("b", b)):
        if not isinstance(ref, str | URIReference):
            raise arg_type_error("same_site", name, "str or URIReference", ref)
    sites = []
    for ref in (a, b):
        if isinstance(ref, str):
            ref = _parse_iri(ref)
        scheme, host = ref.scheme, ref.host
        if scheme is None or not host:
            return False
        domain = None if is_ip(host) else registrable_domain(host, private=private)
        sites.append((scheme.lower(), domain is not None, _ascii_host(domain or host)))
    return sites[0] == sites[1]
