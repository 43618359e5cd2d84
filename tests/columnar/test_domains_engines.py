"""The registrable domain and public suffix of a column in DuckDB SQL
(``uri_registrable_domain``, ``uri_public_suffix``), Dask and Spark: each
through urikit.arrow's kernels, each row equal to urikit.domains' answer for
the row's host (a host or a URL, as urikit.domains.split reads it)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from spark_session import local_spark

from urikit import domains

pytest.importorskip("pyarrow")
pytest.importorskip("publicsuffixlist")

ROWS: list[str | None] = [
    "https://forums.bbc.co.uk/x",
    "a.b.github.io",
    "HTTP://WWW.Example.COM./",
    "example.co.uk:8080/p",
    "co.uk",
    "http://127.0.0.1/",
    "urn:isbn:1",
    "http://%62bc.co.uk/",
    "http://www.食狮.公司.cn/",
    "a b",
    "",
    None,
]


def _expected(private: bool, field: str) -> list[str | None]:
    """Each row's answer: domains.split's field, None when absent or for a text
    that does not parse."""
    out: list[str | None] = []
    for row in ROWS:
        try:
            parts = None if row is None else domains.split(row, private=private)
        except ValueError:
            parts = None
        out.append(getattr(parts, field) or None if parts is not None else None)
    return out


REGISTRABLE = _expected(True, "registrable_domain")
SUFFIX = _expected(True, "suffix")


def test_the_answers_are_not_all_alike() -> None:
    assert REGISTRABLE[:4] == ["bbc.co.uk", "b.github.io", "example.com.", "example.co.uk"]
    assert REGISTRABLE.count(None) > 4 and SUFFIX[4] == "co.uk"
    assert _expected(False, "registrable_domain")[1] == "github.io"


def test_duckdb() -> None:
    duckdb = pytest.importorskip("duckdb")
    from urikit import duckdb as uduckdb

    con = duckdb.connect()
    names = uduckdb.register(con)
    assert "uri_registrable_domain" in names and "uri_public_suffix" in names
    con.execute("CREATE TABLE t (i INTEGER, u VARCHAR)")
    con.executemany("INSERT INTO t VALUES (?, ?)", list(enumerate(ROWS)))
    rows = con.sql("SELECT uri_registrable_domain(u), uri_public_suffix(u) FROM t ORDER BY i")
    got = rows.fetchall()
    assert [r[0] for r in got] == REGISTRABLE
    assert [r[1] for r in got] == SUFFIX
    uduckdb.unregister(con)
    gone = "SELECT * FROM duckdb_functions() WHERE function_name = 'uri_public_suffix'"
    assert not con.sql(gone).fetchall()


def test_dask() -> None:
    dd = pytest.importorskip("dask.dataframe")
    pd = pytest.importorskip("pandas")
    from urikit import dask as udask

    urls = dd.from_pandas(pd.Series(ROWS), npartitions=2)

    def values(series: object) -> list[str | None]:
        return [None if pd.isna(v) else v for v in series.compute().tolist()]  # type: ignore[attr-defined]

    assert values(udask.registrable_domain(urls)) == REGISTRABLE
    assert values(udask.public_suffix(urls)) == SUFFIX
    icann = values(udask.registrable_domain(urls, private=False))
    assert icann == _expected(False, "registrable_domain")
    with pytest.raises(TypeError, match="private"):
        udask.public_suffix(urls, private="no")  # type: ignore[arg-type]


def test_spark() -> None:
    with local_spark("urikit-domains-tests") as session:
        from urikit import spark as uspark

        df = session.createDataFrame([(r,) for r in ROWS], "u string")
        run: Callable[..., object] = uspark.registrable_domain
        out = uspark.public_suffix(run(df, "u"), "u", private=False).collect()
        assert [r["u_registrable_domain"] for r in out] == REGISTRABLE
        assert [r["u_public_suffix"] for r in out] == _expected(False, "suffix")
