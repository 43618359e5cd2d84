"""Registrable domains and public suffixes: the Public Suffix List above the host.

Which part of a host did a registry hand out, and which part is the site? The
Public Suffix List (https://publicsuffix.org/) answers it, rule by rule (its
algorithm: https://github.com/publicsuffix/list/wiki/Format, quoted in
docs/domains.md): ``forums.bbc.co.uk`` is a subdomain of ``bbc.co.uk``, whose
public suffix is ``co.uk``.

>>> import pytest
>>> _ = pytest.importorskip("publicsuffixlist")  # the list: pip install 'urikit[domains]'
>>> from urikit import domains
>>> domains.registrable_domain("forums.bbc.co.uk"), domains.public_suffix("forums.bbc.co.uk")
('bbc.co.uk', 'co.uk')
>>> domains.registrable_domain("a.b.github.io")  # the list's private section too
'b.github.io'
>>> domains.registrable_domain("a.b.github.io", private=False)  # the ICANN section only
'github.io'
>>> tuple(domains.split("https://www.食狮.公司.cn/x"))
('www', '食狮', '公司.cn')
>>> domains.same_site("https://a.example.com/", "https://b.example.com:8443/")
True

Hosts come as RFC 3986 and RFC 3987 give them: upper case, a trailing dot,
``%XX``, U-labels and A-labels (the answer keeps the form given). An IP
address, an empty label or undecodable ``%XX`` has no public suffix (``None``),
never an exception. A parsed reference (:class:`~urikit.URIReference`, an
:class:`~urikit.iri.IRIReference`) has the same answers as properties:

>>> import urikit
>>> ref = urikit.parse("https://WWW.Example.CO.UK./a")
>>> ref.registrable_domain, ref.public_suffix
('example.co.uk.', 'co.uk.')

The list is the one the ``publicsuffixlist`` package ships (``pip install
'urikit[domains]'``), read on the first lookup; :func:`load` compiles a file
or text of your own and :func:`use` makes it the default, as does the
environment variable ``URIKIT_PUBLIC_SUFFIX_LIST``.
"""

from __future__ import annotations

#: This package's layer (tests/project/test_layers.py reads it).
__layer__ = 6

# The modules, each readable alone; imports among them flow down this list:
#   _hosts  a host as it comes read into labels; the host of a URL
#   _parts  DomainParts, split()'s answer
#   _list   the list's text read (Rule) and compiled (PublicSuffixList, the lookup)
#   _api    the default list, loaded on first use; load(), use(), the functions
from ..core._faces import publish
from ._api import *  # noqa: F403  (the names its __all__ lists)
from ._api import __all__ as _functions
from ._list import PublicSuffixList, Rule
from ._parts import DomainParts

__all__ = [*_functions, "DomainParts", "PublicSuffixList", "Rule"]

publish(__name__, globals())
