"""Many references at once, layer 7: lists (``batch``), files, and the columns of
Arrow, Dask, DuckDB and Spark (each engine an extra, imported on first use).

Users import these from their faces: :mod:`urikit.batch`, :mod:`urikit.arrow`,
:mod:`urikit.dask`, :mod:`urikit.duckdb` and :mod:`urikit.spark`.
"""

#: This package's layer (tests/project/test_layers.py reads it).
__layer__ = 7
