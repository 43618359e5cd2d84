"""URIs in text, layer 6: extraction from running text and HTML, the fixing of
pasted references, and linkifying (plain text and markdown-it-py).

Users import these from their faces: :mod:`urikit.extraction`,
:mod:`urikit.html`, :mod:`urikit.linkifier` and :mod:`urikit.markdown`.
"""

#: This package's layer (tests/project/test_layers.py reads it).
__layer__ = 6
