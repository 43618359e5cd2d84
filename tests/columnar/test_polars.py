"""The Polars recipe of docs/large-data.md: ``map_batches`` over Arrow gives the
urikit.arrow result for every row, nulls and order kept. Skipped without polars."""

from __future__ import annotations

from typing import Any

import pytest

import urikit
from urikit import arrow

pl = pytest.importorskip("polars")
pa = pytest.importorskip("pyarrow")

TEXTS = ["http://u@h:8/p?q#f", "a b", None, "", "HTTP://A:80/./x", "%zz", "é"]


def recipe(df: Any) -> Any:
    """The recipe, as the documentation shows it."""
    return df.with_columns(
        valid=pl.col("url").map_batches(
            lambda s: pl.from_arrow(arrow.validate(s)), return_dtype=pl.Boolean
        ),
        normalized=pl.col("url").map_batches(
            lambda s: pl.from_arrow(arrow.normalize(s)), return_dtype=pl.String
        ),
        parts=pl.col("url").map_batches(lambda s: pl.from_arrow(arrow.split(s))),
    ).unnest("parts")


@pytest.mark.parametrize("chunks", [1, 3])
def test_recipe_equals_the_core(chunks: int) -> None:
    frames = [
        pl.DataFrame({"url": TEXTS[i::chunks]}, schema={"url": pl.String}) for i in range(chunks)
    ]
    df = pl.concat(frames, rechunk=False)
    texts = df["url"].to_list()
    out = recipe(df)
    assert out["url"].to_list() == texts
    assert out["valid"].to_list() == [None if t is None else urikit.is_valid(t) for t in texts]
    want_split = arrow.split(pa.array(texts, pa.string())).to_pylist()
    for name in [f.name for f in arrow.split_type()]:
        assert out[name].to_list() == [None if w is None else w[name] for w in want_split]
    assert out["normalized"].to_list() == arrow.normalize(pa.array(texts, pa.string())).to_pylist()


def test_lazy_frame() -> None:
    lf = pl.LazyFrame({"url": ["http://a/", "a b"]})
    got = lf.select(
        pl.col("url").map_batches(
            lambda s: pl.from_arrow(arrow.validate(s)), return_dtype=pl.Boolean
        )
    ).collect()
    assert got["url"].to_list() == [True, False]


def test_a_categorical_column_equals_the_string_column() -> None:
    """Polars hands a Categorical column over as a dictionary of string_view."""
    texts = TEXTS * 3
    plain = recipe(pl.DataFrame({"url": texts}, schema={"url": pl.String}))
    categorical = recipe(pl.DataFrame({"url": texts}, schema={"url": pl.Categorical}))
    assert pa.types.is_dictionary(pa.chunked_array(categorical["url"]).type)
    assert categorical.drop("url").equals(plain.drop("url"))
    assert categorical["valid"].null_count() == texts.count(None)
