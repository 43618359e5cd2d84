"""The code behind :mod:`urikit.duckdb` (the face that documents it)."""

from __future__ import annotations

import array
import contextlib
import functools
from collections.abc import Callable
from typing import Any

from ..core import _extras
from ..core._errors import arg_type_error, check_str
from . import _arrow

__all__ = ["FUNCTIONS", "register", "unregister"]

#: The SQL names :func:`register` adds, without their prefix.
FUNCTIONS = (
    "valid",
    "error",
    "split",
    *_arrow.COMPONENTS,
    "normalize",
    "resolve",
    "canonical",
    "surt",
    "registrable_domain",
    "public_suffix",
)

_RULE = "URI-reference"
_LEVEL = "scheme"
_PROFILE = "semantic"
_TEXT = "VARCHAR"
#: uri_split's SQL type: arrow.split_type() in DuckDB's words.
_SPLIT_SQL = (
    "STRUCT("
    + ", ".join(f"{name} VARCHAR" for name in _arrow.COMPONENTS)
    + ", error_reason VARCHAR, error_position BIGINT)"
)


#: (duckdb, pyarrow, pyarrow.compute), imported on first use
_modules = _extras.loader("duckdb", "duckdb", "duckdb", "pyarrow", "pyarrow.compute")


# ------------------------------------------------------------------ kernels
# DuckDB calls each with one vector of rows (up to 2048) as pyarrow
# ChunkedArrays, one per SQL argument; each returns one Array of that length.


def _chunk(values: Any) -> Any:
    """The vector DuckDB hands over as one pyarrow Array (it sends one chunk)."""
    _duckdb, pa, _pc = _modules()
    if isinstance(values, pa.ChunkedArray):
        return values.chunk(0) if values.num_chunks == 1 else values.combine_chunks()
    return values


def _validate(chunk: Any, rule: str) -> Any:
    # arrow's per-chunk kernels directly: arrow.validate() checks its arguments
    # and wraps chunks on every call, a cost that shows at 2048 rows a call
    if _arrow._use_c():
        return _arrow._validate_c(chunk, rule)
    return _arrow._validate_py(chunk, rule)


def _split(chunk: Any, rule: str) -> Any:
    if _arrow._use_c():
        return _arrow._split_c(chunk, rule)
    return _arrow._split_py(chunk, rule)


def _normalize(chunk: Any, level: str) -> Any:
    return _arrow.normalize(chunk, level)


@functools.lru_cache(maxsize=32)
def _even_offsets(rows: int, width: int) -> bytes:
    """The int32 offsets of ``rows`` strings of ``width`` bytes each, from 0."""
    if width == 0:
        return bytes(4 * (rows + 1))
    return array.array("i", range(0, (rows + 1) * width, width)).tobytes()


def _constant(choices: Any) -> str | None:
    """The string every row of ``choices`` holds, or None if they differ or
    one is null. A constant SQL argument comes as a full column, and
    ``pyarrow.compute.unique`` on it would cost more than the kernel itself:
    this compares the buffers with the first row's bytes repeated."""
    _duckdb, pa, _pc = _modules()
    rows = len(choices)
    if not rows or choices.null_count or choices.offset or not pa.types.is_string(choices.type):
        return None
    first = choices[0].as_py()
    data = first.encode("utf-8")
    _validity, offsets, values = choices.buffers()
    width = len(data)
    if offsets.size < 4 * (rows + 1):
        return None
    if offsets.to_pybytes()[: 4 * (rows + 1)] != _even_offsets(rows, width):
        return None
    if width and (values is None or values.to_pybytes()[: rows * width] != data * rows):
        return None
    return str(first)


def _per_choice(texts: Any, choices: Any, kernel: Callable[[Any, str], Any], default: str) -> Any:
    """``kernel(texts, choice)`` row by row for a column of choices (a rule or
    a level, usually one constant): once per distinct choice; null where the
    choice is null (``default`` gives the result's type when every one is)."""
    _duckdb, pa, pc = _modules()
    texts, choices = _chunk(texts), _chunk(choices)
    constant = _constant(choices)
    if constant is not None:
        return kernel(texts, constant)
    distinct = [c for c in pc.unique(choices).to_pylist() if c is not None]
    out = pa.nulls(len(texts), kernel(texts.slice(0, 0), default).type)
    for choice in distinct:
        out = pc.if_else(pc.equal(choices, choice), kernel(texts, choice), out)
    return out


def _valid1(texts: Any) -> Any:
    return _validate(_chunk(texts), _RULE)


def _valid2(texts: Any, rules: Any) -> Any:
    return _per_choice(texts, rules, _checked(_validate), _RULE)


def _error1(texts: Any) -> Any:
    return _split(_chunk(texts), _RULE).field("error_reason")


def _error2(texts: Any, rules: Any) -> Any:
    kernel = _checked(lambda t, r: _split(t, r).field("error_reason"))
    return _per_choice(texts, rules, kernel, _RULE)


def _split1(texts: Any) -> Any:
    return _split(_chunk(texts), _RULE)


def _split2(texts: Any, rules: Any) -> Any:
    return _per_choice(texts, rules, _checked(_split), _RULE)


def _component(index: int) -> Callable[[Any], Any]:
    def kernel(texts: Any) -> Any:
        return _split(_chunk(texts), _RULE).field(index)

    return kernel


def _normalize1(texts: Any) -> Any:
    return _normalize(_chunk(texts), _LEVEL)


def _normalize2(texts: Any, levels: Any) -> Any:
    return _per_choice(texts, levels, _normalize, _LEVEL)


def _canonical(chunk: Any, profile: str) -> Any:
    return _arrow.canonical(chunk, profile)


def _canonical1(texts: Any) -> Any:
    return _canonical(_chunk(texts), _PROFILE)


def _canonical2(texts: Any, profiles: Any) -> Any:
    return _per_choice(texts, profiles, _canonical, _PROFILE)


def _surt1(texts: Any) -> Any:
    return _arrow.surt(_chunk(texts))


def _registrable_domain1(texts: Any) -> Any:
    return _arrow.registrable_domain(_chunk(texts))


def _public_suffix1(texts: Any) -> Any:
    return _arrow.public_suffix(_chunk(texts))


def _resolver(name: str) -> Callable[[Any, Any], Any]:
    """The kernel of the SQL function ``name`` (``uri_resolve``).

    DuckDB hands a Python function a constant argument (``'http://a/b'``) as a
    full column, the same buffers as a column's (its statistics, ``stats()``,
    are not a stable interface either), so a base can only be told one base for
    every row by its rows: when every row of the vector DuckDB hands over holds
    the same base, that base is checked as :func:`urikit.arrow.resolve` checks a
    ``str`` base (one that is not an absolute URI fails the query, naming it);
    otherwise a bad base gives NULL in its row."""

    def run(bases: Any, refs: Any) -> Any:
        bases, refs = _chunk(bases), _chunk(refs)
        base = _constant(bases)
        if base is None:
            return _arrow.resolve(bases, refs)
        _arrow._check_base(base, True, name)
        return _arrow.resolve(base, refs)

    return run


def _checked(kernel: Callable[[Any, str], Any]) -> Callable[[Any, str], Any]:
    """``kernel`` with its rule checked first (an unknown one raises ValueError
    naming the rules, which DuckDB reports as the query's error)."""

    def run(texts: Any, rule: str) -> Any:
        _arrow._check_rule(rule, "register")
        return kernel(texts, rule)

    return run


def _table(prefix: str = "uri_") -> dict[str, list[tuple[list[str], str, Callable[..., Any]]]]:
    """Short name -> (parameter types, return type, kernel), one per arity."""
    table: dict[str, list[tuple[list[str], str, Callable[..., Any]]]] = {
        "valid": [([_TEXT], "BOOLEAN", _valid1), ([_TEXT, _TEXT], "BOOLEAN", _valid2)],
        "error": [([_TEXT], _TEXT, _error1), ([_TEXT, _TEXT], _TEXT, _error2)],
        "split": [([_TEXT], _SPLIT_SQL, _split1), ([_TEXT, _TEXT], _SPLIT_SQL, _split2)],
    }
    for i, name in enumerate(_arrow.COMPONENTS):
        table[name] = [([_TEXT], _TEXT, _component(i))]
    table["normalize"] = [([_TEXT], _TEXT, _normalize1), ([_TEXT, _TEXT], _TEXT, _normalize2)]
    table["resolve"] = [([_TEXT, _TEXT], _TEXT, _resolver(prefix + "resolve"))]
    table["canonical"] = [([_TEXT], _TEXT, _canonical1), ([_TEXT, _TEXT], _TEXT, _canonical2)]
    table["surt"] = [([_TEXT], _TEXT, _surt1)]
    table["registrable_domain"] = [([_TEXT], _TEXT, _registrable_domain1)]
    table["public_suffix"] = [([_TEXT], _TEXT, _public_suffix1)]
    return table


_PARAMS = ("text", "rule")
_PARAM_NAMES = {
    "normalize": ("text", "level"),
    "resolve": ("base", "ref"),
    "canonical": ("text", "profile"),
}


def _check(con: object, prefix: object, func: str) -> tuple[Any, str]:
    duckdb, _pa, _pc = _modules()
    if not isinstance(con, duckdb.DuckDBPyConnection):
        raise arg_type_error(func, "con", "a duckdb connection (DuckDBPyConnection)", con)
    check_str(prefix, func, "prefix")
    assert isinstance(prefix, str)
    if not (prefix + "x").isidentifier() or not prefix.isascii():
        raise ValueError(f"prefix {prefix!r} is not an SQL identifier (letters, digits, _)")
    return con, prefix


def _udf_name(name: str, arity: int) -> str:
    """The name of the UDF behind the macro ``name`` for ``arity`` arguments."""
    return f"_urikit_{name}_{arity}"


def _remove(con: Any, name: str) -> None:
    duckdb, _pa, _pc = _modules()
    with contextlib.suppress(duckdb.InvalidInputException):  # not registered
        con.remove_function(name)


def _create(con: Any, name: str, kernel: Any, types: list[str], result: str) -> None:
    duckdb, _pa, _pc = _modules()
    _remove(con, name)
    try:
        con.create_function(name, kernel, types, result, type="arrow", null_handling="special")
    except duckdb.CatalogException as err:
        if "already exists" not in str(err):
            raise
        # another connection to the same database (a cursor) made it: the
        # database holds the UDFs for all its connections (only the macros are
        # per connection), and its kernel is this one
        pass


def _taken(con: Any, names: list[str]) -> list[str]:
    """Those of ``names`` that name a function other than a temporary macro
    of the user's: DuckDB's own (some of its macros are listed in every
    database, ``temp`` too, as internal), an extension's or a Python UDF,
    which a macro would shadow."""
    listed = ", ".join("?" * len(names))
    rows = con.execute(
        "SELECT DISTINCT function_name FROM duckdb_functions() "
        f"WHERE function_name IN ({listed}) AND (database_name <> 'temp' OR internal)",
        names,
    ).fetchall()
    return sorted(row[0] for row in rows)


def register(con: Any, *, prefix: str = "uri_") -> tuple[str, ...]:
    """Add the URI functions to the DuckDB connection ``con``, named
    ``prefix`` + each of :data:`FUNCTIONS`; returns those names (a cursor,
    ``con.cursor()``, is a connection of its own: register on it too).
    Registering again replaces them, so a second call is harmless; a
    ``prefix`` that would shadow another function (``"str_"``: DuckDB's
    ``str_split``) raises ValueError and registers nothing.

    Each name is a temporary macro (overloaded where an argument is
    optional) over one vectorized Python UDF per arity, named
    ``_urikit_<name>_<arity>`` (``type="arrow"``, NULLs passed through, no
    side effects). Nothing is written to the database file: register again
    on each new connection.

    >>> import duckdb
    >>> con = duckdb.connect()
    >>> register(con, prefix="u_")[:3]
    ('u_valid', 'u_error', 'u_split')
    >>> con.sql("SELECT u_valid('/p'), u_valid('/p', 'URI'), u_valid(NULL)").fetchall()
    [(True, False, None)]
    """
    con, prefix = _check(con, prefix, "register")
    table = _table(prefix)
    names = [prefix + short for short in table]
    taken = _taken(con, names)
    if taken:
        raise ValueError(
            f"prefix {prefix!r} would shadow DuckDB functions of the same names: "
            + ", ".join(taken)
        )
    for name, (short, arities) in zip(names, table.items(), strict=True):
        params = _PARAM_NAMES.get(short, _PARAMS)
        bodies = []
        for types, result, kernel in arities:
            udf = _udf_name(name, len(types))
            _create(con, udf, kernel, types, result)
            args = ", ".join(params[: len(types)])
            bodies.append(f"({args}) AS {udf}({args})")
        con.execute(f"CREATE OR REPLACE TEMP MACRO {name}{', '.join(bodies)}")
    return tuple(names)


def unregister(con: Any, *, prefix: str = "uri_") -> None:
    """Remove the functions :func:`register` added with ``prefix`` (the ones
    that are not there are skipped).

    >>> import duckdb
    >>> con = duckdb.connect()
    >>> _ = register(con)
    >>> unregister(con)
    >>> con.sql("SELECT count(*) FROM duckdb_functions() WHERE function_name "
    ...         "LIKE '%urikit%' OR starts_with(function_name, 'uri_')").fetchall()
    [(0,)]
    """
    con, prefix = _check(con, prefix, "unregister")
    for short, arities in _table().items():
        name = prefix + short
        con.execute(f"DROP MACRO IF EXISTS temp.main.{name}")
        for types, _result, _kernel in arities:
            _remove(con, _udf_name(name, len(types)))
