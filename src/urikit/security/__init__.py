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

:func:`check_redirect` says whether a redirect target (``Location``, ``next=``)
keeps a browser on the allowed origins, read as browsers and as RFC 3986 read it:

>>> from urikit.security import check_redirect
>>> [check_redirect(t, allowed_origins=["https://example.com"]).ok for t in ("/a", "//evil.com")]
[True, False]

:func:`readings` calls every URL parser installed (the stdlib's, urllib3,
requests, httpx, yarl, ada-url, libcurl's through pycurl) and says where they
read a URL differently; ``Policy(agreement=...)`` makes a disagreement on the
scheme, host or port a ``parsers-disagree`` finding:

>>> from urikit.security import readings
>>> r = readings("http://user@example.org/", parsers=["rfc3986", "urllib"])
>>> [str(d) for d in r.disagreements]
["connect: 'example.org:80' (rfc3986) vs 'user@example.org:80' (urllib) at 11-12"]
>>> check("http://user@example.org/", policy=Policy(agreement=["urllib"])).ok
False

A syntax check cannot know what a host name resolves to (``resolve_dns=True``
asks a resolver, once; the fetch may get another answer), where redirects lead,
or what a server does with the bytes: see the limits in docs/security.md.
"""

from __future__ import annotations

#: This package's layer (tests/project/test_layers.py reads it).
__layer__ = 6

# The modules, each readable alone; imports among them flow down this list:
#   _addresses  IPv4 as resolvers read it, private and metadata addresses, networks
#   _text       percent-decoded text and host names, shared by the checks
#   _sites      a host's site (the domains layer, looked up on first use), a policy's sites
#   _policy     CODES, SEVERITIES, Finding, Policy; _Found, the findings of one check
#   _report     Report, Segment
#   _scheme, _authority, _percent, _invisible, _display, _whatwg, _dns
#               the checks, by concern (_display runs _invisible's first)
#   _redirect   check_redirect(): a redirect target read as browsers and RFC 3986 do
#   _parsers    Reading; each URL parser of a Python stack called on a URL
#               (ada-url, urllib3, requests, httpx, yarl, pycurl imported on first need)
#   _readings   readings(), Readings, Disagreement; a policy's agreement check
#   _check      check(): the plain-reference fast path, then every check in turn
#               (it imports _display, _dns and _readings when a reference first needs them)
from typing import Final

from ..core._faces import publish
from . import _addresses, _authority, _parsers, _policy
from ._addresses import read_ipv4
from ._check import check
from ._parsers import Reading
from ._policy import SEVERITIES as SEVERITIES
from ._policy import Finding, Policy
from ._readings import Disagreement, Readings, readings
from ._redirect import check_redirect
from ._report import Report, Segment

# The public constants again, by assignment, so that their doc comments are here
# for the API reference (Sphinx reads "#:" comments only where a name is assigned).

#: Every code :func:`check` and :func:`check_redirect` may report -> (what it
#: means, the section it comes from).
CODES: Final[dict[str, tuple[str, str]]] = _policy.CODES
#: Cloud metadata services: addresses ``ipaddress`` may call global (or only
#: link-local) that give instance credentials to whoever asks from inside.
METADATA_ADDRESSES: Final[dict[str, str]] = _addresses.METADATA_ADDRESSES
#: Host names of metadata services inside their clouds.
METADATA_HOSTS: Final[frozenset[str]] = _addresses.METADATA_HOSTS
#: Well-known services without a URI scheme of their own: a URI naming one of
#: these ports may make a client talk to that protocol (RFC 3986 section 7.2).
SERVICE_PORTS: Final[dict[int, str]] = _authority.SERVICE_PORTS
#: The URL parsers :func:`readings` knows, in the order it reads them -> the
#: distribution whose version a reading names (``python``: the running Python's).
PARSERS: Final[dict[str, str]] = _parsers.PARSERS

__all__ = [
    "CODES",
    "METADATA_ADDRESSES",
    "METADATA_HOSTS",
    "PARSERS",
    "SERVICE_PORTS",
    "Disagreement",
    "Finding",
    "Policy",
    "Reading",
    "Readings",
    "Report",
    "Segment",
    "check",
    "check_redirect",
    "read_ipv4",
    "readings",
]

publish(__name__, globals())
