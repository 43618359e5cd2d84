"""urikit inside other libraries' machinery, layer 7: each door an extra,
imported on first use (pydantic's field types).

Users import these from their faces: :mod:`urikit.pydantic`.
"""

#: This package's layer (tests/project/test_layers.py reads it).
__layer__ = 7
