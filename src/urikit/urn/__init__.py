"""URNs: RFC 8141 syntax and equivalence, the rfc2141bis draft's query directives,
namespace-specific validation and normalization, and URN-to-URL resolution.

>>> from urikit.urn import URN, namespaces, resolve, publicid_to_urn
>>> URN.parse("urn:ISSN:0259-000X", namespace_rules=True).nid
'ISSN'
>>> URN.equivalent("urn:issn:0259000x", "URN:ISSN:0259-000X", namespace_rules=True)
True
>>> resolve("urn:ietf:rfc:8141")
'https://www.rfc-editor.org/rfc/rfc8141'
>>> publicid_to_urn("foo")
'urn:publicid:foo'
"""

from __future__ import annotations

#: This package's layer (tests/project/test_layers.py reads it).
__layer__ = 5

from typing import TYPE_CHECKING, Any

from ..core._faces import publish
from ._namespaces import *  # noqa: F403  (the names its __all__ lists)
from ._namespaces import __all__ as _namespace_names
from ._publicid import nss_to_publicid, publicid_to_nss, publicid_to_urn
from ._syntax import QUERY_KEYWORDS, RESOLUTION_SERVICES, URN, urn_to_publicid

if TYPE_CHECKING:  # loaded on first use, see __getattr__
    from ._resolvers import (
        IETFResolver,
        ISBNResolver,
        NBNResolver,
        NotApplicableResolver,
        Resolver,
        ResolverRegistry,
        TrivialHTTPResolver,
        resolve,
        resolve_all,
        resolvers,
    )

__all__ = [
    *_namespace_names,
    "QUERY_KEYWORDS",
    "RESOLUTION_SERVICES",
    "URN",
    "IETFResolver",
    "ISBNResolver",
    "NBNResolver",
    "NotApplicableResolver",
    "Resolver",
    "ResolverRegistry",
    "TrivialHTTPResolver",
    "nss_to_publicid",
    "publicid_to_nss",
    "publicid_to_urn",
    "resolve",
    "resolve_all",
    "resolvers",
    "urn_to_publicid",
]

#: The names of the URN resolver (it needs http.client), loaded on first use (PEP 562):
#: those of __all__ not defined above.
_RESOLUTION_NAMES: frozenset[str] = frozenset(__all__) - set(globals())


def __getattr__(name: str) -> Any:
    if name not in _RESOLUTION_NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import _resolvers

    value = globals()[name] = getattr(_resolvers, name)
    publish(__name__, globals(), [name])
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_RESOLUTION_NAMES})


publish(__name__, globals())
