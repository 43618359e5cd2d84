"""URI references in Spark: validate, split, normalize a column of a Spark
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
* :func:`normalize`: ``url_normalized`` (string; null for an invalid row).

The work runs in Spark's Python workers through ``DataFrame.mapInArrow`` with
the output schema declared up front (nothing is computed to find it): each
Arrow record batch Spark hands over goes through the :mod:`urikit.arrow` kernel
and comes back with the input columns untouched and the results appended. So
no row is dropped or reordered within a partition, a null row gives null
results, and every row equals :func:`urikit.parse` (:func:`urikit.is_valid`,
:func:`urikit.normalize`) applied to it. Example (needs a JVM, so not run here;
``docs/large-data.md`` runs it)::

    from pyspark.sql import SparkSession
    from urikit import spark as uspark

    session = SparkSession.builder.master("local[2]").getOrCreate()
    df = session.read.parquet("urls.parquet")
    uspark.split(df, "url").select("url", "url_host", "url_error_reason").show()
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Iterator
from typing import Any

from . import _extras
from . import arrow as _arrow
from .errors import arg_type_error, check_str

__all__ = ["normalize", "split", "validate"]

_EXPECTED = "a Spark DataFrame"


#: (pyspark.sql, pyspark.sql.types, pyarrow), imported on first use
_modules = _extras.loader("spark", "pyspark", "pyspark.sql", "pyspark.sql.types", "pyarrow")


def _frame(df: object, column: object, prefix: object, func: str) -> tuple[Any, int, str]:
    """(the DataFrame, the index of ``column``, the prefix), checked."""
    sql, types, _pa = _modules()
    if not isinstance(df, sql.DataFrame):
        raise arg_type_error(func, "df", _EXPECTED, df)
    check_str(column, func, "column")
    assert isinstance(column, str)
    if prefix is None:
        prefix = column + "_"
    check_str(prefix, func, "prefix")
    assert isinstance(prefix, str)
    names = list(df.columns)
    if column not in names:
        raise KeyError(f"no column {column!r} in the DataFrame (columns: {names})")
    if names.count(column) > 1:
        raise ValueError(f"{func}(): the DataFrame has {names.count(column)} columns {column!r}")
    field = df.schema.fields[names.index(column)]
    if not isinstance(field.dataType, types.StringType):
        raise TypeError(
            f"{func}() column {column!r} must be of string type, "
            f"not {field.dataType.simpleString()}"
        )
    return df, names.index(column), prefix


def _map(
    df: Any, index: int, prefix: str, op: str, arg: str, results: list[tuple[str, Any]]
) -> Any:
    """``df`` with the ``results`` columns (name, Spark type) appended by ``op``."""
    _sql, types, _pa = _modules()
    names = [prefix + name for name, _t in results]
    taken = [name for name in names if name in df.columns]
    if taken:
        raise ValueError(f"the DataFrame has a column {taken[0]!r} already: give another prefix=")
    schema = types.StructType(
        [
            *df.schema.fields,
            *(types.StructField(n, t, True) for n, (_r, t) in zip(names, results, strict=True)),
        ]
    )
    kernel = functools.partial(_batches, index=index, op=op, arg=arg, names=names)
    with warnings.catch_warnings():
        # pyspark >= 4 warns on pandas >= 3 in every mapInArrow call, though this
        # path hands Arrow batches around and never touches pandas
        warnings.filterwarnings(
            "ignore", "PySpark does not yet fully support pandas", category=FutureWarning
        )
        return df.mapInArrow(kernel, schema)


def _batches(batches: Iterator[Any], index: int, op: str, arg: str, names: list[str]) -> Any:
    """In a Spark Python worker: each record batch, its column ``index`` through
    ``op`` (one output batch per input batch, rows in order), results appended.
    Text results take the input column's Arrow type (Spark sends ``string``, or
    ``large_string`` with its large-variable-types option) to match the schema."""
    pa = _arrow._pa()
    for batch in batches:
        urls = batch.column(index)
        if op == "validate":
            new = [_arrow.validate(urls, arg)]
        elif op == "split":
            new = _arrow.split(urls, arg).flatten()  # a null row: null in every column
        else:
            new = [_arrow.normalize(urls, arg)]
        new = [
            a.cast(urls.type) if _is_text(pa, a.type) and a.type != urls.type else a for a in new
        ]
        yield pa.RecordBatch.from_arrays(
            [*batch.columns, *new], names=[*batch.schema.names, *names]
        )


def _is_text(pa: Any, t: Any) -> bool:
    return bool(pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t))


def validate(
    df: Any, column: str, rule: str = "URI-reference", *, prefix: str | None = None
) -> Any:
    """``df`` with ``prefix + "valid"`` appended: is each row of ``column`` a
    valid ``rule`` (:func:`urikit.arrow.validate`); null for a null row."""
    df, index, prefix = _frame(df, column, prefix, "validate")
    check_str(rule, "validate", "rule")
    _arrow.validate(_arrow._pa().array([], "string"), rule)  # an unknown rule fails here
    _sql, types, _pa = _modules()
    return _map(df, index, prefix, "validate", rule, [("valid", types.BooleanType())])


def split(df: Any, column: str, rule: str = "URI-reference", *, prefix: str | None = None) -> Any:
    """``df`` with the :func:`urikit.arrow.split` columns of ``column`` appended:
    ``prefix +`` each of the eight components, ``error_reason`` and
    ``error_position`` (all null for a null row)."""
    df, index, prefix = _frame(df, column, prefix, "split")
    check_str(rule, "split", "rule")
    _arrow.split(_arrow._pa().array([], "string"), rule)
    _sql, types, _pa = _modules()
    results = [(name, types.StringType()) for name in _arrow.COMPONENTS]
    results += [("error_reason", types.StringType()), ("error_position", types.LongType())]
    return _map(df, index, prefix, "split", rule, results)


def normalize(df: Any, column: str, level: str = "scheme", *, prefix: str | None = None) -> Any:
    """``df`` with ``prefix + "normalized"`` appended: the normal form of each
    row of ``column`` (:func:`urikit.arrow.normalize`); null for a null or
    invalid row."""
    df, index, prefix = _frame(df, column, prefix, "normalize")
    check_str(level, "normalize", "level")
    _arrow.normalize(_arrow._pa().array([], "string"), level)
    _sql, types, _pa = _modules()
    return _map(df, index, prefix, "normalize", level, [("normalized", types.StringType())])
