"""What the Dask tests hand their worker processes, in a module those can import
(a test file is imported by its path, so a function of its own is pickled under a
module name that a worker cannot import)."""

from __future__ import annotations

import importlib
from typing import Any


def read_part(path: str) -> Any:
    """One Parquet file as one pandas partition, indexed by its ``id`` column."""
    pq: Any = importlib.import_module("pyarrow.parquet")
    return pq.read_table(path).to_pandas().set_index("id")
