"""The examples of docs/large-data.md need the arrow, dask and polars extras:
skip that page (and only it) when one is not installed."""

from __future__ import annotations

import importlib.util

collect_ignore = [
    "large-data.md"
    for name in ("pyarrow", "dask", "distributed", "polars", "pandas")
    if importlib.util.find_spec(name) is None
][:1]
