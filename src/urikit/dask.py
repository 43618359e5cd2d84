"""URI references in Dask: validate, split, normalize, resolve a column of a
Dask DataFrame, partition by partition, through :mod:`urikit.arrow`.

Needs the ``dask`` extra (``pip install 'urikit[dask]'``: ``dask[dataframe]``,
``distributed`` and pyarrow); ``import urikit`` never imports dask, and this
module imports it on first use. Each function takes a Dask ``Series`` of
strings, or a Dask ``DataFrame`` and the name of its ``column``, and returns a
lazy Dask object with the same partitions and index, built with
``map_partitions`` and a declared ``meta`` (so nothing is computed to guess the
result's type). Results hold pyarrow-backed pandas dtypes
(``pd.ArrowDtype``): a null input row gives a null result, nothing is dropped
or reordered, and every row equals the single-process :mod:`urikit.arrow`
result (which equals :func:`urikit.parse` row by row).

>>> import pandas as pd, dask.dataframe as dd
>>> urls = dd.from_pandas(pd.Series(["http://a/b", "a b", None]), npartitions=2)
>>> validate(urls).compute().tolist()
[True, False, <NA>]
"""

from .columnar._dask import *  # noqa: F403  (the names its __all__ lists)
from .columnar._dask import __all__ as __all__
from .core._faces import publish

publish(__name__, globals())
