"""urikit.arrow.registrable_domain, public_suffix and domain_parts against
urikit.domains.split row by row, on both builds: in the C build these are the
GIL-free kernel arrow_domain of columnar/arrow_transform_c.c over the C lookup
of domains/lookup_c.c, whose declined rows go through Python. The reference is
the pure-Python copy's split, so that the C build is compared with Python."""

from __future__ import annotations

import threading
from functools import cache
from typing import Any

import paths
import pytest
from _twins import Build, get

pa = pytest.importorskip("pyarrow")
pytest.importorskip("publicsuffixlist")

P = get("python")
TYPES = [pa.string(), pa.large_string(), pa.string_view()]

#: rows the C kernel declines, or reads otherwise than most
ODD: list[str | None] = [
    None,
    "",
    "a b",
    "http://",
    "http:///x",
    "urn:isbn:1",
    "//forums.bbc.co.uk/x",
    "example.co.uk:8080/x",
    "user@example.com",
    "mailto:a@b.example",
    "http://127.0.0.1/",
    "http://0x7f.1/",
    "http://[::1]:80/",
    "http://%62bc.co.uk/",
    "http://bücher.de/",
    "http://www.食狮.公司.cn/",
    "HTTPS://A.B.GITHUB.IO./",
    "http://a..b.com/",
    "http://com../",
    "co.uk",
    "www.ck",
    "a.b.ck",
    "city.kawasaki.jp",
    "x." * 200 + "com",
    "http://" + "x." * 200 + "com/",
    "\x00.com",
    None,
]


def rows(step: int) -> list[str | None]:
    corpus = paths.SHARED / "corpus" / "urls.txt"
    if not corpus.is_file():
        pytest.skip("../shared/corpus is not available")
    lines = corpus.read_text(encoding="utf-8", errors="replace").split("\n")[::step]
    hosts = []
    with P.active():
        parse = P["urikit.iri"].parse
        for line in lines[::3]:
            try:
                host = parse(line).host
            except ValueError:
                continue
            if host:
                hosts.append(host)
    return [*lines, *(t.upper() for t in lines[::5]), *hosts, *ODD]


@cache
def case(step: int, private: bool) -> tuple[list[str | None], dict[str, list[Any]]]:
    texts = rows(step)
    return texts, reference(texts, private)


def reference(texts: list[str | None], private: bool) -> dict[str, list[Any]]:
    """Each function's rows as the pure-Python copy's domains.split gives them."""
    out: dict[str, list[Any]] = {"registrable_domain": [], "public_suffix": [], "domain_parts": []}
    with P.active():
        split = P["urikit.domains"].split
        for text in texts:
            try:
                parts = None if text is None else split(text, private=private)
            except ValueError:  # URIError: the text does not parse
                parts = None
            out["registrable_domain"].append((parts and parts.registrable_domain) or None)
            out["public_suffix"].append((parts and parts.suffix) or None)
            out["domain_parts"].append(
                None
                if parts is None
                else dict(zip(("subdomain", "domain", "suffix"), parts, strict=True))
            )
    return out


@pytest.mark.parametrize("typ", TYPES, ids=str)
@pytest.mark.parametrize("private", [True, False], ids=["private", "icann"])
def test_the_rows_equal_split(build: Build, typ: Any, private: bool) -> None:
    texts, want = case(11, private)
    arrow = build["urikit.arrow"]
    column = pa.array(texts, typ)
    for name, expected in want.items():
        got = getattr(arrow, name)(column, private=private).to_pylist()
        bad = [
            (i, texts[i], g, w)
            for i, (g, w) in enumerate(zip(got, expected, strict=True))
            if g != w
        ]
        assert bad == [], (name, bad[:10])
    # the rows were not all alike: answers, nulls, a registrable domain that is not the host
    got = want["registrable_domain"]
    assert sum(g is not None for g in got) > 1000 and got.count(None) > 10


def test_chunks_slices_dictionaries_and_threads(build: Build) -> None:
    arrow = build["urikit.arrow"]
    texts, found = case(41, True)
    want = found["registrable_domain"]
    whole = pa.array(texts)
    chunked = pa.chunked_array([whole.slice(0, 100), whole.slice(100)])
    got = arrow.registrable_domain(chunked)
    assert got.num_chunks == 2 and got.to_pylist() == want
    assert arrow.registrable_domain(whole.slice(5, 50)).to_pylist() == want[5:55]
    assert arrow.registrable_domain(whole.dictionary_encode()).to_pylist() == want
    results: list[Any] = [None] * 4

    def work(k: int) -> None:
        results[k] = arrow.registrable_domain(whole).to_pylist()

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [want] * 4


def test_errors_and_arguments(build: Build) -> None:
    arrow = build["urikit.arrow"]
    column = pa.array(["http://a.example.com/", "a b", None])
    assert arrow.registrable_domain(column).to_pylist() == ["example.com", None, None]
    with pytest.raises(ValueError, match="row 1"):
        arrow.registrable_domain(column, errors="raise")
    with pytest.raises(TypeError, match="private"):
        arrow.public_suffix(column, private=1)
    with pytest.raises(TypeError):
        arrow.domain_parts(["a.example"])
    parts = arrow.domain_parts(column)
    assert parts.type.names == ["subdomain", "domain", "suffix"]
    assert parts.to_pylist()[1:] == [None, None]
    assert len(arrow.public_suffix(pa.array([], pa.string()))) == 0
