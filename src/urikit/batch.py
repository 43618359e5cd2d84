"""Many references at once: validate or split a list, read a file line by line, or
run a column of a text, CSV, JSON Lines or Parquet file into another file
(:func:`run_file`, what ``urikit batch`` runs; it needs the ``arrow`` extra).

With the C accelerator the list functions make one call for the whole list;
without it they loop in Python. Either way the results are exactly those of
:func:`urikit.is_valid` and :func:`urikit.parse` applied to each item.

>>> validate(["http://a/b", "a b", ""])
[True, False, True]
>>> cols = split(["http://h:8/p?q", "x y", "/p"])
>>> cols.valid, cols.host, cols.path
([True, False, True], ['h', None, None], ['/p', None, '/p'])
"""

from .columnar._batch import *  # noqa: F403  (the names its __all__ lists)
from .columnar._batch import __all__ as __all__
from .core._faces import publish

publish(__name__, globals())
