"""URI references in Spark: validate, split, normalize, resolve a column of a Spark
DataFrame, batch by batch, through :mod:`urikit.arrow`.

Needs the ``spark`` extra (``pip install 'urikit[spark]'``: pyspark and pyarrow)
and a Java runtime for Spark itself; ``import urikit`` never imports pyspark,
and this module imports it on first use. Each function takes a Spark
``DataFrame`` and the name of its string ``column`` and returns a lazy
``DataFrame``: every input column, then the result columns, named
``prefix + name`` (default prefix: ``column + "_"``) as in
:func:`urikit.arrow.parse_table`:

* :func:`validate`: ``url_valid`` (boolean);
* :func:`split`: ``url_scheme`` ... ``url_fragment`` (the eight
  :data:`urikit.arrow.COMPONENTS`; null: undefined, ``""``: empty),
  ``url_error_reason`` (string) and ``url_error_position`` (long, characters);
* :func:`normalize`: ``url_normalized`` (string; null for an invalid row);
* :func:`resolve`: ``url_resolved`` (string): each row resolved against one
  ``base`` or against the same row of a ``base_column`` (null for an invalid
  row or an invalid base of a row; one ``base`` that is not an absolute URI
  raises :class:`~urikit.URIError` at once).

The work runs in Spark's Python workers through ``DataFrame.mapInArrow`` with
the output schema declared up front (nothing is computed to find it): each
Arrow record batch Spark hands over goes through the :mod:`urikit.arrow` kernel
and comes back with the input columns untouched and the results appended. So
no row is dropped or reordered within a partition, a null row gives null
results, and every row equals :func:`urikit.parse` (:func:`urikit.is_valid`,
:func:`urikit.normalize`, :func:`urikit.resolve`) applied to it.

The workers must import urikit: the first call on a Spark session runs one
small job that tries (and reports the workers' Python and urikit), and raises
:class:`WorkersError`, saying what to do, when they cannot, instead of the
worker's ``No module named 'urikit'`` deep in a JVM stack trace at the first
action. ``docs/large-data.md`` shows how to ship urikit to a cluster.

Example (needs a JVM, so not run here; ``docs/large-data.md`` runs it)::

    from pyspark.sql import SparkSession
    from urikit import spark as uspark

    session = SparkSession.builder.master("local[2]").getOrCreate()
    df = session.read.parquet("urls.parquet")
    uspark.split(df, "url").select("url", "url_host", "url_error_reason").show()
"""

from .columnar._spark import *  # noqa: F403  (the names its __all__ lists)
from .columnar._spark import __all__ as __all__
from .core._faces import publish

publish(__name__, globals())
