"""Doctests that need an optional extra are skipped when it is not installed:
urikit.arrow needs pyarrow (the arrow extra), urikit.dask the dask extra,
urikit.duckdb the duckdb extra."""

from __future__ import annotations

import importlib.util


def _missing(*names: str) -> bool:
    return any(importlib.util.find_spec(name) is None for name in names)


collect_ignore: list[str] = []
if _missing("pyarrow"):
    collect_ignore.append("src/urikit/arrow.py")
if _missing("pyarrow", "pandas", "dask", "distributed"):
    collect_ignore.append("src/urikit/dask.py")
if _missing("pyarrow", "duckdb"):
    collect_ignore.append("src/urikit/duckdb.py")
