"""URI Templates (RFC 6570): expansion at all four levels, partial expansion,
and matching (the variables that give a URI).

A template describes a family of URIs; its expressions are expanded with
values, each encoded as its operator says (section 3):

>>> from urikit import templates
>>> templates.expand("{+base}/users/{id}{?page,per_page}",
...                  {"base": "https://api.example/v1", "id": "octo cat", "page": 2})
'https://api.example/v1/users/octo%20cat?page=2'
>>> t = templates.Template("/repos{/owner,repo}/contents{/path*}{?ref}")
>>> t.variables
('owner', 'repo', 'path', 'ref')
>>> t.expand(owner="python", repo="cpython", path=["Lib", "json"], ref="main")
'/repos/python/cpython/contents/Lib/json?ref=main'
>>> t.match("/repos/python/cpython/contents/Lib/json?ref=main")
{'owner': 'python', 'repo': 'cpython', 'path': ['Lib', 'json'], 'ref': 'main'}
>>> t.partial(owner="python")
Template('/repos/python{/repo}/contents{/path*}{?ref}')

Values are strings, lists (explode ``*`` gives one segment or parameter per
member) and dicts (associative arrays); ``{var:3}`` takes a prefix. A
malformed template raises :class:`~urikit.URIError` (reason ``bad-template``,
component ``template``, the 0-based position):

>>> templates.Template("{?q,}")  # doctest: +ELLIPSIS
Traceback (most recent call last):
urikit.errors.URIError: invalid template at position 4: expected a variable name, found '}'

:meth:`Template.match` reads a URI back into variables where the template
says unambiguously how (docs/howto-templates.md has the rules): an expression
ends where the literal or the operator of what follows it starts, values are
percent-decoded, and the answer is checked by expanding it again. The time is
linear in the URI's length.

:func:`url` builds a URL from a Python 3.14 template string (``t"..."``), each
value encoded for the component it lands in and none able to change the URL's
structure (docs/howto-url-tstrings.md)::

    url(t"https://api.example/users/{user}?q={q}")
    # user = "../admin", q = "a&admin=1":
    # 'https://api.example/users/..%2Fadmin?q=a%26admin%3D1'
"""

from __future__ import annotations

#: This package's layer (tests/project/test_layers.py reads it).
__layer__ = 5

# The modules, each readable alone; imports among them flow down this list:
#   _syntax    section 2: the template read into literals and expressions; the encodings
#   _expand    section 3 and Appendix A: an expression expanded with values
#   _match     the reverse: a scanner that reads a URI back into variables
#   _template  Template and expand()
#   _tstrings  url(): a URL from a template string (PEP 750), apart from the above
from ..core._faces import publish
from ._template import Template, expand
from ._tstrings import url

__all__ = ["Template", "expand", "url"]

publish(__name__, globals())
