"""The code behind :mod:`urikit.spark` (the face that documents it)."""

from __future__ import annotations

import functools
import sys
import threading
import warnings
from collections.abc import Iterator
from typing import Any

from ..core import _extras
from ..core._errors import arg_type_error, check_str
from . import _arrow

__all__ = ["WorkersError", "normalize", "resolve", "split", "validate"]

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


class WorkersError(RuntimeError):
    """Spark's Python workers cannot import urikit (or cannot run at all): the
    message says which Python they run and how to give them urikit."""


#: The source of the job that checks the workers. It is compiled in a namespace
#: of its own, not this module's, so that cloudpickle ships the function itself
#: rather than a reference to ``urikit.spark`` (which a worker without urikit
#: could not load, failing before the check could report anything).
_PROBE_SOURCE = """
def probe(batches):
    import sys
    import pyarrow
    for _batch in batches:
        pass
    try:
        import urikit.columnar._spark
        found, error = urikit.__version__ + " (" + urikit.IMPLEMENTATION + ")", None
    except Exception as err:
        found, error = None, type(err).__name__ + ": " + str(err)
    yield pyarrow.RecordBatch.from_pydict(
        {"python": [sys.executable], "urikit": [found], "error": [error]}
    )
"""

_HOW = (
    "install urikit (with pyarrow) in the Python the workers run: for a local session, "
    "set PYSPARK_PYTHON to a Python that has it (this one: {python}) before the session "
    "starts; on a cluster, ship a packed environment with spark.archives (see the Spark "
    "section of urikit's docs/large-data.md)"
)

#: The Spark sessions whose workers were found to import urikit, by key.
_checked: set[tuple[str, str]] = set()
_checked_lock = threading.Lock()


def _session_key(session: Any) -> tuple[str, str]:
    """What tells a Spark session (and its workers' Python) from another."""
    try:
        context = session.sparkContext
    except Exception:  # Spark Connect: no SparkContext on the client
        return ("connect", str(getattr(session, "session_id", id(session))))
    return (str(context.applicationId), str(getattr(context, "pythonExec", "")))


def _run_probe(session: Any) -> dict[str, Any]:
    """Run the probe job once on ``session``: its one row as a dict."""
    namespace: dict[str, Any] = {"__name__": "urikit_spark_probe"}
    exec(compile(_PROBE_SOURCE, "<urikit.spark probe>", "exec"), namespace)
    frame = session.range(1, numPartitions=1)
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore", "PySpark does not yet fully support pandas", category=FutureWarning
        )
        job = frame.mapInArrow(namespace["probe"], "python string, urikit string, error string")
    try:
        rows = job.collect()
    except Exception as err:
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise WorkersError(
            f"Spark's Python workers could not run urikit's check ({first}); "
            + _HOW.format(python=sys.executable)
        ) from err
    return dict(rows[0].asDict())


def _check_workers(df: Any) -> None:
    """Raise WorkersError unless ``df``'s session's workers import urikit;
    once per session (a session whose workers passed is not checked again)."""
    session = df.sparkSession
    key = _session_key(session)
    with _checked_lock:
        if key in _checked:
            return
    found = _run_probe(session)
    if found["error"] is not None:
        raise WorkersError(
            f"Spark's Python workers cannot import urikit (their Python: {found['python']}; "
            f"{found['error']}): " + _HOW.format(python=sys.executable)
        )
    with _checked_lock:
        _checked.add(key)


def _map(
    df: Any,
    index: int,
    prefix: str,
    op: str,
    arg: Any,
    results: list[tuple[str, Any]],
    **options: Any,
) -> Any:
    """``df`` with the ``results`` columns (name, Spark type) appended by ``op``."""
    _sql, types, _pa = _modules()
    names = [prefix + name for name, _t in results]
    taken = [name for name in names if name in df.columns]
    if taken:
        raise ValueError(f"the DataFrame has a column {taken[0]!r} already: give another prefix=")
    _check_workers(df)
    schema = types.StructType(
        [
            *df.schema.fields,
            *(types.StructField(n, t, True) for n, (_r, t) in zip(names, results, strict=True)),
        ]
    )
    kernel = functools.partial(_batches, index=index, op=op, arg=arg, names=names, **options)
    with warnings.catch_warnings():
        # pyspark >= 4 warns on pandas >= 3 in every mapInArrow call, though this
        # path hands Arrow batches around and never touches pandas
        warnings.filterwarnings(
            "ignore", "PySpark does not yet fully support pandas", category=FutureWarning
        )
        return df.mapInArrow(kernel, schema)


def _batches(
    batches: Iterator[Any],
    index: int,
    op: str,
    arg: Any,
    names: list[str],
    base_index: int | None = None,
    strict: bool = True,
) -> Any:
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
        elif op == "resolve":
            base = arg if base_index is None else batch.column(base_index)
            new = [_arrow.resolve(base, urls, strict=strict)]
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


def resolve(
    df: Any,
    column: str,
    base: str | None = None,
    *,
    base_column: str | None = None,
    strict: bool = True,
    prefix: str | None = None,
) -> Any:
    """``df`` with ``prefix + "resolved"`` appended: each row of ``column``
    resolved (:func:`urikit.arrow.resolve`) against ``base``, one absolute URI
    for every row, or against the same row of the string column
    ``base_column``; give one of the two. Null for a null or invalid row, and
    for a row whose base (in ``base_column``) is null or not an absolute URI;
    a ``base`` that is not an absolute URI raises :class:`~urikit.URIError`
    here, before anything runs."""
    df, index, prefix = _frame(df, column, prefix, "resolve")
    if type(strict) is not bool:
        raise arg_type_error("resolve", "strict", "bool", strict)
    if (base is None) == (base_column is None):
        raise TypeError("resolve() takes a base or a base_column, not both or neither")
    base_index: int | None = None
    if base is not None:
        check_str(base, "resolve", "base")
        _arrow._check_base(base, strict, "resolve")
    else:
        check_str(base_column, "resolve", "base_column")
        assert isinstance(base_column, str)
        base_index = _frame(df, base_column, "", "resolve")[1]
    _sql, types, _pa = _modules()
    return _map(
        df,
        index,
        prefix,
        "resolve",
        base,
        [("resolved", types.StringType())],
        base_index=base_index,
        strict=strict,
    )


def _canonical_batches(batches: Iterator[Any], index: int, name: str, func: Any) -> Any:
    """In a Spark Python worker: each record batch with ``func`` of its column
    ``index`` appended (:func:`urikit.arrow.canonical`, :func:`urikit.arrow.surt`,
    :func:`urikit.arrow.registrable_domain`, :func:`urikit.arrow.public_suffix`)."""
    pa = _arrow._pa()
    for batch in batches:
        urls = batch.column(index)
        new = func(urls)
        if new.type != urls.type:
            new = new.cast(urls.type)
        yield pa.RecordBatch.from_arrays([*batch.columns, new], names=[*batch.schema.names, name])


def _map_canonical(df: Any, index: int, name: str, func: Any) -> Any:
    _sql, types, _pa = _modules()
    if name in df.columns:
        raise ValueError(f"the DataFrame has a column {name!r} already: give another prefix=")
    _check_workers(df)
    schema = types.StructType(
        [*df.schema.fields, types.StructField(name, types.StringType(), True)]
    )
    kernel = functools.partial(_canonical_batches, index=index, name=name, func=func)
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore", "PySpark does not yet fully support pandas", category=FutureWarning
        )
        return df.mapInArrow(kernel, schema)


def canonical(
    df: Any,
    column: str,
    profile: str = "semantic",
    *,
    keep_fragment: bool = False,
    prefix: str | None = None,
) -> Any:
    """``df`` with ``prefix + "canonical"`` appended: the canonical form of each
    row of ``column`` (:func:`urikit.arrow.canonical`); null for a null row or
    one that cannot be canonicalized. Row by row in Python in the workers."""
    df, index, prefix = _frame(df, column, prefix, "canonical")
    check_str(profile, "canonical", "profile")
    _arrow.canonical(_arrow._pa().array([], "string"), profile)  # an unknown profile fails here
    func = functools.partial(_arrow.canonical, profile=profile, keep_fragment=keep_fragment)
    return _map_canonical(df, index, prefix + "canonical", func)


def surt(df: Any, column: str, *, prefix: str | None = None, **options: Any) -> Any:
    """``df`` with ``prefix + "surt"`` appended: the SURT key of each row of
    ``column`` (:func:`urikit.arrow.surt` with ``options``)."""
    df, index, prefix = _frame(df, column, prefix, "surt")
    _arrow.surt(_arrow._pa().array([], "string"), **options)  # an unknown option fails here
    return _map_canonical(df, index, prefix + "surt", functools.partial(_arrow.surt, **options))


def registrable_domain(
    df: Any, column: str, *, private: bool = True, prefix: str | None = None
) -> Any:
    """``df`` with ``prefix + "registrable_domain"`` appended: the registrable
    domain of each row of ``column``, a host or a URL
    (:func:`urikit.arrow.registrable_domain`); null where there is none. Needs
    the ``domains`` extra in the workers too."""
    df, index, prefix = _frame(df, column, prefix, "registrable_domain")
    func = functools.partial(_arrow.registrable_domain, private=private)
    func(_arrow._pa().array([], "string"))  # a bad private= fails here
    return _map_canonical(df, index, prefix + "registrable_domain", func)


def public_suffix(df: Any, column: str, *, private: bool = True, prefix: str | None = None) -> Any:
    """``df`` with ``prefix + "public_suffix"`` appended: the public suffix of
    each row of ``column``, a host or a URL (:func:`urikit.arrow.public_suffix`)."""
    df, index, prefix = _frame(df, column, prefix, "public_suffix")
    func = functools.partial(_arrow.public_suffix, private=private)
    func(_arrow._pa().array([], "string"))  # a bad private= fails here
    return _map_canonical(df, index, prefix + "public_suffix", func)


__all__ += ["canonical", "public_suffix", "registrable_domain", "surt"]
