"""Field types for pydantic v2 (and FastAPI): a URI kept exactly as written.

Needs pydantic (``pip install 'urikit[pydantic]'``); ``import urikit`` never
imports it, and this module imports pydantic_core only when pydantic asks for a
field's schema. A field's value is urikit's immutable object; it serializes
back to exactly the text it was given (pydantic's ``AnyUrl`` normalizes it:
``https://h`` becomes ``https://h/``, which breaks an OAuth redirect URI or a
signed URL that must match byte for byte).

* ``URIReference``: any URI reference, relative ones too; JSON schema
  format ``uri-reference``.
* :class:`URI`: an absolute URI (a scheme); format ``uri``.
* :class:`HttpURL`: an ``http`` or ``https`` URI with a host; format ``uri``.
* :class:`SafeHttpURL`: an :class:`HttpURL` that :func:`urikit.security.check`
  passes under :meth:`Policy.ssrf() <urikit.security.Policy.ssrf>`.
* ``URN``: an RFC 8141 URN (the value a :class:`urikit.urn.URN`); format ``uri``.
* :class:`IRI`: an absolute IRI (an :class:`urikit.iri.IRIReference`); format ``iri``.

>>> from pydantic import BaseModel, ValidationError
>>> from urikit.pydantic import HttpURL
>>> class Client(BaseModel):
...     redirect_uri: HttpURL
>>> c = Client(redirect_uri="https://app.example/cb?x=1")
>>> c.redirect_uri
URIReference('https://app.example/cb?x=1')
>>> c.model_dump_json()
'{"redirect_uri":"https://app.example/cb?x=1"}'
>>> try:
...     Client(redirect_uri="https://app.example/c b")
... except ValidationError as err:
...     e = err.errors()[0]
>>> e["type"], e["loc"], e["ctx"]["reason"], e["ctx"]["position"]
('uri_parsing', ('redirect_uri',), 'invalid-char', 21)

The input is a string or the field's urikit object (checked as its text is);
the attribute is the object, and a dump (``model_dump()``,
``model_dump(mode="json")``, ``model_dump_json()``) gives its text exactly as
written. Each type
works as the annotation itself or as ``Annotated`` metadata
(``Annotated[urikit.URIReference, HttpURL]``). To a type checker each name is
``Annotated[<the urikit class>, ...]``: ``c.redirect_uri`` is a
``urikit.URIReference``.

A refused input raises pydantic's ``ValidationError``; each error's ``type`` is
``uri_parsing`` (the grammar refuses it), ``uri_scheme`` (another scheme, or no
host), ``uri_unsafe`` (the policy blocks it) or ``uri_type`` (neither text nor
the object), and its ``ctx`` carries urikit's ``reason``, ``component`` and
``position`` (a character index in the input) with the ``error`` message.

.. data:: ERROR_TYPES

   The ``type`` of the errors these fields raise.
"""

from __future__ import annotations

#: This module's layer (tests/project/test_layers.py reads it): it shows
#: urikit.integrations._pydantic under the names a type checker reads.
__layer__ = 7

from .core._faces import publish
from .integrations._pydantic import __all__ as __all__

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Annotated

    from .core._reference import URIReference as _URIReference
    from .integrations import _pydantic
    from .iri._reference import IRIReference as _IRIReference
    from .urn._syntax import URN as _URN

    URIReference = Annotated[_URIReference, _pydantic.URIReference]
    URI = Annotated[_URIReference, _pydantic.URI]
    HttpURL = Annotated[_URIReference, _pydantic.HttpURL]
    SafeHttpURL = Annotated[_URIReference, _pydantic.SafeHttpURL]
    URN = Annotated[_URN, _pydantic.URN]
    IRI = Annotated[_IRIReference, _pydantic.IRI]
    URIField = _pydantic.URIField
    ERROR_TYPES = _pydantic.ERROR_TYPES
else:
    from .integrations._pydantic import *  # noqa: F403  (the names its __all__ lists)

publish(__name__, globals())
