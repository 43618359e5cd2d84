"""URI functions in DuckDB SQL: validate, split, normalize, resolve, canonicalize a column.

Needs the ``duckdb`` extra (``pip install 'urikit[duckdb]'``, which installs
duckdb and pyarrow); ``import urikit`` never imports duckdb, and this module
imports it on first use. :func:`register` adds these functions to a DuckDB
connection (names shown with the default ``prefix="uri_"``):

* ``uri_valid(text [, rule])``: BOOLEAN, :func:`urikit.is_valid`;
* ``uri_error(text [, rule])``: VARCHAR, the reason code of the error
  (``'invalid-char'`` ...), NULL when the text is valid;
* ``uri_split(text [, rule])``: a STRUCT of the eight components,
  ``error_reason`` and ``error_position`` (BIGINT);
* ``uri_scheme(text)``, ``uri_authority``, ``uri_userinfo``, ``uri_host``,
  ``uri_port``, ``uri_path``, ``uri_query``, ``uri_fragment``: VARCHAR, one
  component of :func:`urikit.parse`, NULL when undefined or when the text is
  invalid, ``''`` when empty;
* ``uri_normalize(text [, level])``: VARCHAR, :func:`urikit.normalize` (level
  ``'scheme'`` by default, or ``'syntax'``), NULL when the text is invalid;
* ``uri_resolve(base, ref)``: VARCHAR, :func:`urikit.resolve`, NULL when
  either is invalid; a constant base that is not an absolute URI
  (``uri_resolve('example.org/', url)``) fails the query instead, naming the
  base (so does a base column whose rows in one call all hold the same such
  base: DuckDB hands a constant to a Python function as a column);
* ``uri_canonical(text [, profile])``: VARCHAR, :func:`urikit.canonical`
  (profile ``'semantic'`` by default), NULL when the text cannot be
  canonicalized; ``uri_surt(text)``: VARCHAR, :func:`urikit.surt`, NULL when
  it has no key (both through :mod:`urikit.arrow`, row by row in Python);
* ``uri_registrable_domain(text)``, ``uri_public_suffix(text)``: VARCHAR,
  :func:`urikit.domains.registrable_domain` and
  :func:`urikit.domains.public_suffix` of the host of a URL or of a host
  (:func:`urikit.arrow.registrable_domain`, the list's private section
  included), NULL when there is none; they need the ``domains`` extra too.

``rule`` is ``'URI-reference'`` (the default), ``'URI'``, ``'absolute-URI'`` or
``'relative-ref'``, as in :func:`urikit.parse`.
A NULL argument gives NULL. The functions are vectorized: DuckDB hands each
one a vector of rows as an Arrow array, and :mod:`urikit.arrow` works on it
(with the C accelerator, ``uri_valid`` and the split family read the
Arrow buffers without a Python object per row; ``uri_normalize`` and
``uri_resolve`` make one ``str`` per row). Results equal :func:`urikit.parse`,
:func:`urikit.is_valid`, :func:`urikit.normalize` and :func:`urikit.resolve`
row by row.

>>> import duckdb
>>> from urikit import duckdb as uduckdb
>>> con = duckdb.connect()
>>> names = uduckdb.register(con)
>>> con.sql("SELECT uri_valid('http://a/b'), uri_host('http://u@h:8/p'), "
...         "uri_error('a b')").fetchall()
[(True, 'h', 'invalid-char')]
>>> con.sql("SELECT uri_split('//h/p?').query, uri_split('//h/p?').fragment").fetchall()
[('', None)]

.. data:: FUNCTIONS

   The SQL names :func:`register` adds, without their prefix.
"""

from .columnar._duckdb import *  # noqa: F403  (the names its __all__ lists)
from .columnar._duckdb import __all__ as __all__
from .core._faces import publish

publish(__name__, globals())
