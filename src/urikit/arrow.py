"""URI references in Apache Arrow arrays: validate, split, normalize, resolve a column.

Needs the ``arrow`` extra (``pip install 'urikit[arrow]'``, which installs
pyarrow); ``import urikit`` never imports pyarrow, and this module imports it on
first use. Every function takes a ``pyarrow.Array`` or ``pyarrow.ChunkedArray``
of ``string``, ``large_string`` or ``string_view``, plain or dictionary-encoded
(as Parquet readers give a column of few distinct values), or any object with
the Arrow PyCapsule interface (``__arrow_c_array__`` / ``__arrow_c_stream__``,
such as a Polars series), and returns an array of the same length, in the same
order and with the same chunks: a null row gives a null result, an invalid row
a null component (and its reason in ``split``); no row is ever dropped. A
dictionary-encoded input gives the plain array's result; :func:`validate` and
:func:`split` work once per distinct value of the dictionary.

With the C accelerator these functions read the Arrow string buffers directly
through the PyCapsule interface and makes no Python object per row.
:func:`validate` and :func:`split` scan the rows in C (only the invalid rows of
:func:`split` are worded, in Python, by the same diagnoser :func:`urikit.parse`
uses); :func:`split` writes its columns into buffers from Arrow's default memory
pool (``pyarrow.default_memory_pool()``), like pyarrow's own kernels.
:func:`normalize`, :func:`resolve`, :func:`canonical`, :func:`surt` (with
its default options) and the registrable-domain functions
(:func:`registrable_domain`, :func:`public_suffix`, :func:`domain_parts`, of a
column of hosts or URLs, which need the ``domains`` extra too) map the rows in
C with the GIL released, so that threads run them side by side; a row the C
kernel declines (invalid, non-ASCII, a base without a scheme, an uncommon URL,
a host with ``%XX``) is given to the Python function, with the
GIL, and its result spliced in. The pure-Python build goes through one Python
``str`` per row. Results equal :func:`urikit.is_valid`, :func:`urikit.parse`,
:func:`urikit.normalize` and :func:`urikit.resolve` applied to each row. Error
positions are character positions, as in :class:`~urikit.URIError`.

>>> import pyarrow as pa
>>> from urikit import arrow
>>> arr = pa.array(["http://a/b?q", "a b", None, ""])
>>> arrow.validate(arr).to_pylist()
[True, False, None, True]
>>> cols = arrow.split(arr)
>>> cols.field("host").to_pylist(), cols.field("query").to_pylist()
(['a', None, None, None], ['q', None, None, None])
>>> cols.field("error_reason").to_pylist(), cols.field("error_position").to_pylist()
([None, 'invalid-char', None, None], [None, 1, None, None])

.. data:: COMPONENTS

   The component columns of :func:`split`, in order (then ``error_reason`` and
   ``error_position``).
"""

from .columnar._arrow import *  # noqa: F403  (the names its __all__ lists)
from .columnar._arrow import __all__ as _columns
from .columnar._arrow_templates import template_match

__all__ = [*_columns, "template_match"]
from .core._faces import publish

publish(__name__, globals())
