"""urikit.duckdb: the SQL functions over a Parquet file read by DuckDB equal
urikit.parse / is_valid / normalize / resolve row by row, on the shared corpus
with nulls, empty strings and invalid rows, for the C and the Python kernels.

Skipped when duckdb (the ``duckdb`` extra) is not installed.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import split_row

import urikit
from urikit.columnar import _arrow as arrow

duckdb = pytest.importorskip(
    "duckdb", reason="urikit.duckdb needs the duckdb extra: pip install 'urikit[duckdb]'"
)
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from urikit.columnar import _duckdb as uduckdb  # noqa: E402  (after the skips: needs duckdb)

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
CORPUS = SHARED / "urls.txt"
REFS = SHARED / "refs.tsv"
RULES = ["URI-reference", "URI", "absolute-URI", "relative-ref"]
LEVELS = ["scheme", "syntax"]
#: Rows every table gets besides the corpus: nulls, empty strings, invalid rows,
#: empty and undefined components.
EXTRA: list[str | None] = [
    None,
    "",
    "a b",
    "%zz",
    "http://[::1",
    "//h:8",
    "?",
    "#",
    "x:",
    "HTTP://Example.COM:80/./a/../b",
    "é",
    "http://u@h:8/p?q#f",
    "//@:/?#",
    "http://h/p?",
    None,
]
COMPONENT_FUNCS = [f"uri_{name}" for name in arrow.COMPONENTS]


def corpus_lines() -> list[str]:
    if CORPUS.is_file():
        return CORPUS.read_text(encoding="utf-8", errors="replace").split("\n")[:-1]
    # still a real test without ../shared: generated URLs, some invalid
    return [f"http://h{i % 97}.example/p/{i}?q={i}" if i % 13 else f"bad {i}" for i in range(5000)]


def with_extras(lines: list[str]) -> list[str | None]:
    """``lines`` with the EXTRA rows at the start and the end and a null every 997."""
    rows: list[str | None] = list(EXTRA)
    for i, line in enumerate(lines):
        rows.append(None if i % 997 == 500 else line)
    rows.extend(EXTRA)
    return rows


@pytest.fixture(scope="module")
def urls_parquet(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, list[str | None]]:
    """A Parquet file of id, url, a rule and a level per row (cycling, some null),
    in small row groups so that DuckDB scans it on both threads."""
    rows = with_extras(corpus_lines())
    n = len(rows)
    rules = [None if i % 11 == 3 else RULES[i % len(RULES)] for i in range(n)]
    levels = [None if i % 7 == 2 else LEVELS[i % len(LEVELS)] for i in range(n)]
    table = pa.table(
        {
            "id": pa.array(range(n), pa.int64()),
            "url": pa.array(rows, pa.string()),
            "rule": pa.array(rules, pa.string()),
            "level": pa.array(levels, pa.string()),
        }
    )
    path = tmp_path_factory.mktemp("duckdb") / "urls.parquet"
    pq.write_table(table, path, row_group_size=5000)
    return str(path), rows


@pytest.fixture(params=["c", "python"])
def kernels(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run with urikit.arrow's C kernels and with its Python ones."""
    if request.param == "c":
        if urikit.IMPLEMENTATION != "c":
            pytest.skip("the C accelerator is not built")
    else:
        monkeypatch.setattr(arrow, "_use_c", lambda: False)
    return str(request.param)


@pytest.fixture
def con(kernels: str) -> Iterator[Any]:
    connection = duckdb.connect()
    connection.execute("SET threads = 2")
    uduckdb.register(connection)
    yield connection
    connection.close()


def columns(con: Any, sql: str) -> dict[str, list[Any]]:
    rel = con.sql(sql)
    # to_arrow_table since duckdb 1.4 (fetch_arrow_table is deprecated there)
    table = rel.to_arrow_table() if hasattr(rel, "to_arrow_table") else rel.fetch_arrow_table()
    return {name: table[name].to_pylist() for name in table.column_names}


def normalized(text: str | None, level: str | None = "scheme") -> str | None:
    if text is None or level is None:
        return None
    try:
        return urikit.normalize(text, level)
    except urikit.URIError:
        return None


def resolved(base: str | None, ref: str | None) -> str | None:
    if base is None or ref is None:
        return None
    try:
        return urikit.resolve(base, ref)
    except urikit.URIError:
        return None


def test_every_function_on_the_corpus_equals_parse(
    con: Any, urls_parquet: tuple[str, list[str | None]]
) -> None:
    path, rows = urls_parquet
    components = ", ".join(f"{f}(url) AS {f}" for f in COMPONENT_FUNCS)
    got = columns(
        con,
        f"""SELECT id, url, rule, level,
            uri_valid(url) AS valid, uri_valid(url, rule) AS valid_rule,
            uri_valid(url, 'absolute-URI') AS valid_absolute,
            uri_error(url) AS error, uri_error(url, rule) AS error_rule,
            uri_split(url) AS split, uri_split(url, rule) AS split_rule, {components},
            uri_normalize(url) AS normalized, uri_normalize(url, level) AS normalized_level,
            uri_normalize(url, 'syntax') AS normalized_syntax
        FROM read_parquet('{path}') ORDER BY id""",
    )
    assert got["id"] == list(range(len(rows)))  # no row dropped, none added
    assert got["url"] == rows
    rules, levels = got["rule"], got["level"]
    assert got["valid"] == [None if t is None else urikit.is_valid(t) for t in rows]
    assert got["valid_rule"] == [
        None if t is None or r is None else urikit.is_valid(t, r)
        for t, r in zip(rows, rules, strict=True)
    ]
    assert got["valid_absolute"] == [
        None if t is None else urikit.is_valid(t, "absolute-URI") for t in rows
    ]
    splits = [split_row(t) for t in rows]
    assert got["split"] == splits
    split_rules = [split_row(t, r) for t, r in zip(rows, rules, strict=True)]
    assert got["split_rule"] == split_rules
    assert got["error"] == [None if s is None else s["error_reason"] for s in splits]
    assert got["error_rule"] == [None if s is None else s["error_reason"] for s in split_rules]
    for name, func in zip(arrow.COMPONENTS, COMPONENT_FUNCS, strict=True):
        assert got[func] == [None if s is None else s[name] for s in splits], func
    assert got["normalized"] == [normalized(t) for t in rows]
    assert got["normalized_syntax"] == [normalized(t, "syntax") for t in rows]
    assert got["normalized_level"] == [
        normalized(t, lv) for t, lv in zip(rows, levels, strict=True)
    ]
    # the corpus is not trivially valid: the comparisons above saw every kind of row
    assert None in got["valid"] and False in got["valid"] and "" in got["uri_query"]


@pytest.mark.skipif(not REFS.is_file(), reason="../shared/corpus/refs.tsv is not available")
def test_resolve_on_the_refs_pairs(con: Any, tmp_path: Path) -> None:
    pairs = [
        line.split("\t", 1)
        for line in REFS.read_text(encoding="utf-8", errors="replace").split("\n")
        if "\t" in line
    ]
    bases: list[str | None] = [b for b, _ in pairs]
    refs: list[str | None] = [r for _, r in pairs]
    bases += [None, "http://a/b", "a b", "http://a/b", ""]
    refs += ["g", None, "g", "%zz", ""]
    path = tmp_path / "pairs.parquet"
    pq.write_table(
        pa.table({"id": range(len(bases)), "base": bases, "ref": refs}), path, row_group_size=4000
    )
    got = columns(
        con,
        f"SELECT id, uri_resolve(base, ref) AS r FROM read_parquet('{path}') ORDER BY id",
    )
    assert got["id"] == list(range(len(bases)))
    expected = [resolved(b, r) for b, r in zip(bases, refs, strict=True)]
    assert got["r"] == expected
    assert None in expected and sum(e is not None for e in expected) > len(pairs) // 2


def test_split_struct_unnests_to_the_components(con: Any) -> None:
    rel = con.sql("SELECT s.* FROM (SELECT uri_split('http://u@h:8/p?#') AS s)")
    assert rel.columns == [*arrow.COMPONENTS, "error_reason", "error_position"]
    assert [str(t) for t in rel.types][-1] == "BIGINT"
    assert rel.fetchall() == [("http", "u@h:8", "u", "h", "8", "/p", "", "", None, None)]
    expected = split_row("%x")
    assert expected is not None and expected["error_reason"] == "bad-percent"
    assert con.sql("SELECT unnest(uri_split('%x'))").fetchall() == [tuple(expected.values())]


def test_a_vector_of_nulls_and_an_empty_table(con: Any) -> None:
    got = con.sql(
        "SELECT uri_valid(t, r), uri_host(t), uri_split(t, r), uri_normalize(t, r) "
        "FROM (SELECT NULL::VARCHAR AS t, NULL::VARCHAR AS r FROM range(3000))"
    ).fetchall()
    assert got == [(None, None, None, None)] * 3000
    got = con.sql("SELECT uri_valid('a:', r) FROM (SELECT NULL::VARCHAR AS r)").fetchall()
    assert got == [(None,)]
    empty = "SELECT uri_valid(t), uri_split(t, 'URI') FROM (SELECT 'a' AS t) WHERE false"
    assert con.sql(empty).fetchall() == []


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        (["URI"] * 2048, "URI"),
        (["é"] * 3, "é"),
        ([""] * 4, ""),
        (["URI"] * 5 + ["URJ"], None),
        (["UR", "IURI"], None),  # the same bytes, other rows
        (["", "a"], None),
        (["URI", None], None),
        ([], None),
    ],
)
def test_a_constant_argument_is_found_from_the_buffers(
    rows: list[str | None], expected: str | None
) -> None:
    assert uduckdb._constant(pa.array(rows, pa.string())) == expected
    assert uduckdb._constant(pa.array(["x", *rows], pa.string()).slice(1)) is None  # offset


def test_an_unknown_rule_or_level_fails_the_query(con: Any) -> None:
    with pytest.raises(duckdb.Error, match="unknown rule 'nope'"):
        con.sql("SELECT uri_valid('a:', 'nope')").fetchall()
    with pytest.raises(duckdb.Error, match="unknown rule 'URL'"):
        con.sql(
            "SELECT uri_error(t, r) FROM (VALUES ('a', 'URI'), ('b', 'URL')) v(t, r)"
        ).fetchall()
    with pytest.raises(duckdb.Error, match="unknown level"):
        con.sql("SELECT uri_normalize('a:', 'nope')").fetchall()


def test_register_again_replaces_and_a_prefix_renames(kernels: str) -> None:
    con = duckdb.connect()
    names = uduckdb.register(con)
    assert names == tuple("uri_" + f for f in uduckdb.FUNCTIONS)
    assert uduckdb.register(con) == names  # twice: no "already created" error
    assert con.sql("SELECT uri_valid('a b'), uri_valid('/p', 'URI')").fetchall() == [(False, False)]
    assert uduckdb.register(con, prefix="u_")[0] == "u_valid"
    assert con.sql("SELECT u_host('//h'), uri_host('//g')").fetchall() == [("h", "g")]
    cursor = con.cursor()  # a connection of its own, with its own temporary macros
    with pytest.raises(duckdb.CatalogException):
        cursor.sql("SELECT uri_host('a')").fetchall()
    uduckdb.register(cursor)
    assert cursor.sql("SELECT uri_host('//c')").fetchall() == [("c",)]
    uduckdb.unregister(con)
    with pytest.raises(duckdb.CatalogException):
        con.sql("SELECT uri_valid('a')").fetchall()
    with pytest.raises(duckdb.CatalogException):
        con.sql("SELECT uri_host('a')").fetchall()
    assert con.sql("SELECT u_valid('a')").fetchall() == [(True,)]
    uduckdb.unregister(con)  # nothing left to remove: no error
    uduckdb.register(con)
    assert con.sql("SELECT uri_valid('a', 'URI')").fetchall() == [(False,)]


def test_arguments_are_checked() -> None:
    con = duckdb.connect()
    with pytest.raises(TypeError, match="register\\(\\) argument 'con' must be a duckdb"):
        uduckdb.register(None)
    with pytest.raises(TypeError, match="argument 'prefix' must be str, not int"):
        uduckdb.register(con, prefix=1)  # type: ignore[arg-type]
    for bad in ("a-b", "1x", "é_", "a b"):
        with pytest.raises(ValueError, match="not an SQL identifier"):
            uduckdb.register(con, prefix=bad)
    for shadowing in ("", "str_"):  # split, str_split: DuckDB's own functions
        with pytest.raises(ValueError, match="would shadow DuckDB functions"):
            uduckdb.register(con, prefix=shadowing)
    assert con.sql("SELECT str_split('a,b', ',')").fetchall() == [(["a", "b"],)]
    assert con.sql(
        "SELECT count(*) FROM duckdb_functions() WHERE database_name = 'temp' AND NOT internal"
    ).fetchall() == [(0,)]


@pytest.mark.parametrize("base", ["relative/base", "", "a b", "http://[x/"])
def test_a_constant_bad_base_fails_the_query_naming_it(con: Any, base: str) -> None:
    con.execute("CREATE TABLE refs AS SELECT 'g' || i AS ref FROM range(3000) t(i)")
    with pytest.raises(urikit.URIError) as core:
        urikit.resolve(base, "g")
    literal = base.replace("'", "''")
    for sql in (
        f"SELECT uri_resolve('{literal}', ref) FROM refs",
        f"SELECT uri_resolve('{literal}', 'g')",
        f"SELECT count(*) FROM refs WHERE uri_resolve(lower('{literal}'), ref) IS NULL",
    ):
        with pytest.raises(duckdb.Error) as info:
            con.sql(sql).fetchall()
        assert f"uri_resolve(): the base {base!r} is not an absolute URI: {core.value}" in str(
            info.value
        )
    uduckdb.register(con, prefix="u_")
    with pytest.raises(duckdb.Error, match="u_resolve\\(\\): the base 'rel'"):  # its name
        con.sql("SELECT u_resolve('rel', ref) FROM refs").fetchall()


def test_a_base_column_gives_null_for_its_bad_rows(con: Any) -> None:
    con.execute(
        "CREATE TABLE pairs AS SELECT i, 'g' || i AS ref, CASE i % 4 WHEN 0 THEN 'relative' "
        "WHEN 1 THEN NULL WHEN 2 THEN 'a b' ELSE 'http://a/b/' END AS base FROM range(5000) t(i)"
    )
    got = columns(con, "SELECT base, ref, uri_resolve(base, ref) AS r FROM pairs ORDER BY i")
    assert got["r"] == [resolved(b, r) for b, r in zip(got["base"], got["ref"], strict=True)]
    assert got["r"].count(None) == 3750
    # a column of one good base is resolved as one base, with the same results
    got = columns(con, "SELECT uri_resolve('http://a/b/', ref) AS r FROM pairs ORDER BY i")
    assert got["r"] == [f"http://a/b/g{i}" for i in range(5000)]
