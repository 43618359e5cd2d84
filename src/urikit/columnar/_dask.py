"""The code behind :mod:`urikit.dask` (the face that documents it)."""

from __future__ import annotations

from typing import Any

from ..core import _extras
from ..core._errors import arg_type_error, check_str
from . import _arrow

__all__ = ["normalize", "resolve", "split", "validate"]

_EXPECTED = "a Dask Series or DataFrame"


#: (dask.dataframe, pandas, pyarrow), imported on first use
_modules = _extras.loader("dask", "dask", "dask.dataframe", "pandas", "pyarrow")


def _series(obj: object, column: object, func: str, param: str) -> Any:
    dd, _pd, _pa = _modules()
    if column is not None:
        check_str(column, func, "column")
    if isinstance(obj, dd.DataFrame):
        if column is None:
            raise ValueError(f"{func}(): give column= to pick the column of a DataFrame")
        if column not in obj.columns:
            raise KeyError(f"no column {column!r} (columns: {list(obj.columns)})")
        return obj[column]
    if isinstance(obj, dd.Series):
        return obj
    raise arg_type_error(func, param, _EXPECTED, obj)


def _to_arrow(part: Any) -> Any:
    """A pandas Series of strings (object, str, string or ArrowDtype) as a pyarrow array."""
    _dd, _pd, pa = _modules()
    arr = pa.Array.from_pandas(part)
    if isinstance(arr, pa.ChunkedArray):  # pyarrow-backed pandas dtypes
        arr = arr.combine_chunks()
    if pa.types.is_null(arr.type) or pa.types.is_large_string(arr.type):
        # an empty or all-null object partition; pandas' own string dtype: one
        # result type (string) whatever the partition holds, as meta declares
        arr = arr.cast(pa.string())
    return arr


def _series_of(arr: Any, part: Any) -> Any:
    _dd, pd, _pa = _modules()
    return pd.Series(pd.arrays.ArrowExtensionArray(arr), index=part.index, name=part.name)


def _meta_series(name: Any, pa_type: Any) -> Any:
    _dd, pd, _pa = _modules()
    return pd.Series(pd.array([], dtype=pd.ArrowDtype(pa_type)), name=name)


def _validate_part(part: Any, rule: str) -> Any:
    return _series_of(_arrow.validate(_to_arrow(part), rule), part)


def validate(urls: Any, rule: str = "URI-reference", *, column: str | None = None) -> Any:
    """A Dask Series of ``bool[pyarrow]``: :func:`urikit.arrow.validate` per partition."""
    s = _series(urls, column, "validate", "urls")
    check_str(rule, "validate", "rule")
    _dd, _pd, pa = _modules()
    _arrow.validate(pa.array([], pa.string()), rule)  # an unknown rule fails here, not later
    return s.map_partitions(_validate_part, rule, meta=_meta_series(s.name, pa.bool_()))


def _split_part(part: Any, rule: str) -> Any:
    _dd, pd, _pa = _modules()
    out = _arrow.split(_to_arrow(part), rule)
    data = {f.name: pd.arrays.ArrowExtensionArray(out.field(i)) for i, f in enumerate(out.type)}
    return pd.DataFrame(data, index=part.index)


def split(urls: Any, rule: str = "URI-reference", *, column: str | None = None) -> Any:
    """A Dask DataFrame with the :func:`urikit.arrow.split` columns (the eight
    components, ``error_reason``, ``error_position``), indexed as the input."""
    s = _series(urls, column, "split", "urls")
    check_str(rule, "split", "rule")
    _dd, pd, pa = _modules()
    stype = _arrow.split(pa.array([], pa.string()), rule).type
    meta = pd.DataFrame({f.name: pd.array([], dtype=pd.ArrowDtype(f.type)) for f in stype})
    return s.map_partitions(_split_part, rule, meta=meta)


def _normalize_part(part: Any, level: str) -> Any:
    return _series_of(_arrow.normalize(_to_arrow(part), level), part)


def normalize(urls: Any, level: str = "scheme", *, column: str | None = None) -> Any:
    """A Dask Series of ``string[pyarrow]``: :func:`urikit.arrow.normalize` per
    partition (null for a null or invalid row)."""
    s = _series(urls, column, "normalize", "urls")
    check_str(level, "normalize", "level")
    _dd, _pd, pa = _modules()
    _arrow.normalize(pa.array([], pa.string()), level)
    return s.map_partitions(_normalize_part, level, meta=_meta_series(s.name, pa.string()))


def _resolve_part(part: Any, base: Any, strict: bool) -> Any:
    b = base if isinstance(base, str) else _to_arrow(base)
    return _series_of(_arrow.resolve(b, _to_arrow(part), strict=strict), part)


def resolve(base: Any, refs: Any, *, strict: bool = True, column: str | None = None) -> Any:
    """A Dask Series of ``string[pyarrow]``: each row of ``refs`` resolved against
    ``base``, a ``str`` or a Dask Series partitioned like ``refs``
    (:func:`urikit.arrow.resolve`; null for a null or unresolvable row). A
    ``str`` base that is not an absolute URI raises :class:`~urikit.URIError`
    here, before anything is computed; a row of a Series of bases that is not
    gives null.

    >>> import pandas as pd, dask.dataframe as dd
    >>> refs = dd.from_pandas(pd.Series(["g", "../h"]), npartitions=1)
    >>> resolve("http://a/b/c", refs).compute().tolist()
    ['http://a/b/g', 'http://a/h']
    >>> resolve("a/b/c", refs)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    urikit.errors.URIError: resolve(): the base 'a/b/c' is not an absolute URI: ...
    """
    s = _series(refs, column, "resolve", "refs")
    dd, _pd, pa = _modules()
    if type(strict) is not bool:
        raise arg_type_error("resolve", "strict", "bool", strict)
    if not isinstance(base, (str, dd.Series)):
        raise arg_type_error("resolve", "base", "a str or a Dask Series", base)
    if isinstance(base, str):
        _arrow._check_base(base, strict, "resolve")
    return s.map_partitions(_resolve_part, base, strict, meta=_meta_series(s.name, pa.string()))


def _canonical_part(part: Any, profile: str, keep_fragment: bool) -> Any:
    return _series_of(_arrow.canonical(_to_arrow(part), profile, keep_fragment=keep_fragment), part)


def canonical(
    urls: Any, profile: str = "semantic", *, keep_fragment: bool = False, column: str | None = None
) -> Any:
    """A Dask Series of ``string[pyarrow]``: :func:`urikit.arrow.canonical` per
    partition (null for a null row or one that cannot be canonicalized)."""
    s = _series(urls, column, "canonical", "urls")
    check_str(profile, "canonical", "profile")
    _dd, _pd, pa = _modules()
    _arrow.canonical(pa.array([], pa.string()), profile)  # an unknown profile fails here
    return s.map_partitions(
        _canonical_part, profile, keep_fragment, meta=_meta_series(s.name, pa.string())
    )


def _surt_part(part: Any, options: dict[str, Any]) -> Any:
    return _series_of(_arrow.surt(_to_arrow(part), **options), part)


def surt(urls: Any, *, column: str | None = None, **options: Any) -> Any:
    """A Dask Series of ``string[pyarrow]``: :func:`urikit.arrow.surt` per partition."""
    s = _series(urls, column, "surt", "urls")
    _dd, _pd, pa = _modules()
    _arrow.surt(pa.array([], pa.string()), **options)  # an unknown option fails here
    return s.map_partitions(_surt_part, options, meta=_meta_series(s.name, pa.string()))


def _domain_part(part: Any, func: str, private: bool) -> Any:
    return _series_of(getattr(_arrow, func)(_to_arrow(part), private=private), part)


def _domain(urls: Any, column: str | None, func: str, private: bool) -> Any:
    s = _series(urls, column, func, "urls")
    _dd, _pd, pa = _modules()
    getattr(_arrow, func)(pa.array([], pa.string()), private=private)  # a bad private= fails here
    return s.map_partitions(_domain_part, func, private, meta=_meta_series(s.name, pa.string()))


def registrable_domain(urls: Any, *, private: bool = True, column: str | None = None) -> Any:
    """A Dask Series of ``string[pyarrow]``: :func:`urikit.arrow.registrable_domain`
    per partition (each row a host or a URL; null where there is none)."""
    return _domain(urls, column, "registrable_domain", private)


def public_suffix(urls: Any, *, private: bool = True, column: str | None = None) -> Any:
    """A Dask Series of ``string[pyarrow]``: :func:`urikit.arrow.public_suffix`
    per partition (each row a host or a URL)."""
    return _domain(urls, column, "public_suffix", private)


__all__ += ["canonical", "public_suffix", "registrable_domain", "surt"]
