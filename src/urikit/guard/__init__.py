"""Guarded fetching: the security verdicts enforced where the request is made.

A URL checked with :func:`urikit.security.check` and then handed to an HTTP
client is read twice, resolved twice and redirected by the client on its own:
the checker and the client may read different hosts, the name may resolve to
another address by the time the client connects (DNS rebinding), and a
redirect may lead to an internal address. The guard closes each gap:

* **one reading**: each hop's URL is parsed once, by RFC 3986; the parse that
  is checked is the one that is dialled. A URL the WHATWG URL Standard reads
  with another host, or that is not RFC 3986 once whitespace is stripped, is
  refused (``Policy.one_reading``);
* **one resolution**: the host is resolved once per hop (``resolver``, default
  the system's), every address is checked (one blocked address blocks the
  hop), and the connection is made to a checked address; ``Host`` and the TLS
  server name and certificate check use the URL's host name;
* **every hop**: redirects are resolved against the hop's URL (RFC 3986
  section 5.2) and checked like the first request.

:func:`urlopen` does this with the standard library; :class:`HTTPTransport`
and :class:`AsyncHTTPTransport` (extra ``[httpx]``) and :func:`session` (extra
``[requests]``) and :func:`aiohttp_session` (extra ``[aiohttp]``) do it
inside those clients. A refused hop raises
:class:`Blocked`, which carries the :class:`~urikit.security.Report`.

>>> from urikit.guard import Blocked, urlopen
>>> try:
...     urlopen("http://169.254.169.254/latest/meta-data/")
... except Blocked as err:
...     print(err.hop, err.reason, err.report.blocking[0].component)
0 private-address host
"""

from __future__ import annotations

#: This package's layer (tests/project/test_layers.py reads it).
__layer__ = 6

from typing import TYPE_CHECKING, Any

from ..core._faces import publish
from ._gate import MAX_BYTES, Blocked, FetchError, Resolver
from ._urlopen import REDIRECT_STATUSES, Response, urlopen

if TYPE_CHECKING:
    from ._aiohttp import aiohttp_session
    from ._httpx import AsyncHTTPTransport, HTTPTransport
    from ._requests import session

__all__ = [
    "MAX_BYTES",
    "REDIRECT_STATUSES",
    "AsyncHTTPTransport",
    "Blocked",
    "FetchError",
    "HTTPTransport",
    "Resolver",
    "Response",
    "aiohttp_session",
    "session",
    "urlopen",
]


def __getattr__(name: str) -> Any:
    # The httpx, requests and aiohttp parts load their client only when asked for.
    if name in ("HTTPTransport", "AsyncHTTPTransport"):
        from . import _httpx

        namespace = vars(_httpx)
    elif name == "session":
        from . import _requests

        namespace = vars(_requests)
    elif name == "aiohttp_session":
        from . import _aiohttp

        namespace = vars(_aiohttp)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    publish(__name__, namespace, [name])
    return namespace[name]


publish(__name__, globals())
