"""The text and JSON Lines outputs made by Arrow a column at a time are byte
for byte the outputs made a row at a time by Python (``_encode_text_rows`` and
``_encode_jsonl_rows``, kept as the references and as the path of a column type
Arrow does not write here); the JSON Lines reference is ``json.dumps`` of each
record. Skipped without pyarrow."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest
from _twins import Build
from hypothesis import given, settings
from hypothesis import strategies as st

from urikit.batch import read_text_record, unescape_field
from urikit.cli._common import escape as cli_escape
from urikit.columnar import _file_encoders as file_encoders
from urikit.columnar._escape import escape
from urikit.columnar._file_encoders import (
    _encode_jsonl_rows,
    _encode_text_rows,
    encode,
    text_field,
)
from urikit.columnar._file_readers import READERS, Rows

pa = pytest.importorskip("pyarrow")

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "urls.txt"
OPS = ("validate", "split", "normalize", "check")
#: Values that are not printable ASCII: controls (a tab inside a value too),
#: non-ASCII printable and not printable, a replacement character, an emoji,
#: private use, a lone surrogate as an undecodable byte keeps it.
AWKWARD = [
    "a\x00b",
    "\x1b[31mred",
    "del\x7f",
    "tab\tinside",
    "line\nend\rcr",
    "nbsp\u00a0",
    "zwsp\u200b",
    "ls\u2028",
    "repl\ufffd",
    "emoji\U0001f600",
    "private\ue000",
    "tag\U000e0001",
    "é",
    "",
    " ",
    "~",
    "http://a/b?c#d",
]


def same(
    batch: Any, raw: dict[int, str] | None = None, *, header: bool = True, jsonl: bool = True
) -> bytes:
    """The Arrow encoding of ``batch`` as text, checked against the row-by-row
    one, as is its JSON Lines encoding (see :func:`same_jsonl`) unless not
    ``jsonl`` (a type JSON has not)."""
    raw = raw or {}
    got = bytes(encode("text", batch, raw, header=header))
    assert got == _encode_text_rows(batch, raw, header)
    if jsonl:
        same_jsonl(batch)
    return got


def same_jsonl(batch: Any) -> bytes:
    """The Arrow JSON Lines encoding of ``batch``, checked against the
    row-by-row one and against ``json.dumps`` of each record; each line reads
    back as its record."""
    got = bytes(encode("jsonl", batch, {}, header=True))
    assert got == _encode_jsonl_rows(batch)
    records = batch.to_pylist()
    if len(set(batch.schema.names)) == batch.num_columns:  # a dict keeps one of a name
        assert got == b"".join(json.dumps(r).encode() + b"\n" for r in records)
        assert [json.loads(line) for line in got.splitlines()] == records
    return got


def test_every_ascii_character_and_awkward_values() -> None:
    values = [chr(i) for i in range(128)] + [f"x{chr(i)}y" for i in range(160)] + AWKWARD
    batch = pa.record_batch([pa.array(range(len(values))), pa.array(values)], ["row", "url"])
    out = same(batch)
    assert b"x\\x09y" in out and b"x\\x7fy" in out and b"x\\x85y" in out
    assert b"zwsp\\u200b" in out and b"nbsp\\xa0" in out and "é".encode() in out
    large = pa.record_batch(
        [pa.array(range(len(values))), pa.array(values, pa.large_string())], ["row", "url"]
    )
    assert same(large) == out


def test_nulls_bools_ints_in_every_column() -> None:
    batch = pa.record_batch(
        [
            pa.array([1, None, -3, 2**62], pa.int64()),
            pa.array(["a", None, "\x01", ""]),
            pa.array([True, None, False, True]),
            pa.array([None, None, None, None], pa.string()),
            pa.array([None, 7, None, 0], pa.int32()),
            pa.array([None, 1, 2, 3], pa.uint8()),
        ],
        ["row", "url", "valid", "error_reason", "error_position", "small"],
    )
    out = same(batch)
    assert out.split(b"\n")[2] == b"\\N\t\\N\t\\N\t\\N\t7\t1"


def test_raw_rows_are_written_back_byte_for_byte() -> None:
    values = ["a\ufffdb", "ok", "\ufffd\x1b", None]
    raw = {0: "a\udcffb", 2: "\udc80\x1b"}
    batch = pa.record_batch([pa.array([1, 2, 3, 4]), pa.array(values)], ["row", "url"])
    out = same(batch, raw)
    assert out == b"row\turl\n1\ta\xffb\n2\tok\n3\t\x80\\x1b\n4\t\\N\n"
    # only the input column (the second) is written back as read
    other = pa.record_batch([pa.array(values), pa.array(values)], ["a", "b"])
    assert same(other, raw).split(b"\n")[1] == "a\ufffdb\t".encode() + b"a\xffb"


def test_empty_batch_and_header() -> None:
    batch = pa.record_batch([pa.array([], pa.int64()), pa.array([], pa.string())], ["row", "url"])
    assert same(batch) == b"row\turl\n"
    assert same(batch, header=False) == b""
    # a name is escaped as a value is: a TAB in it does not split the header
    one = pa.record_batch([pa.array([5]), pa.array(["x"])], ["row", "ur\tl\\"])
    assert same(one) == b"row\tur\\x09l\\\\\n5\tx\n"
    assert read_text_record(same(one).split(b"\n")[0]) == ["row", "ur\tl\\"]
    assert same(one, header=False) == b"5\tx\n"


def test_a_sliced_batch() -> None:
    batch = pa.record_batch(
        [pa.array(range(10)), pa.array([f"v{i}\x00" for i in range(10)])], ["a", "b"]
    )
    assert same(batch.slice(3, 4)).count(b"\n") == 5


def test_other_types_are_written_row_by_row() -> None:
    batch = pa.record_batch(
        [pa.array([1.5, None]), pa.array([["a"], None]), pa.array([b"\x00", b"b"])], ["f", "l", "b"]
    )
    assert same(batch, jsonl=False) == b"f\tl\tb\n1.5\t['a']\tb'\\\\x00'\n\\N\t\\N\tb'b'\n"
    assert file_encoders._text_column(pa, pa.compute, batch.column(0), {}) is None


@pytest.mark.parametrize(
    "ops", [c for n in range(1, 5) for c in itertools.combinations(OPS, n)], ids="-".join
)
def test_every_ops_output(build: Build, ops: tuple[str, ...]) -> None:
    files = build["urikit.columnar._files"]
    processor = files.Processor(files.Setup(ops, "url", "URI-reference", "scheme", "default"))
    values = [*AWKWARD, None, "http://u:p@h:8/p?q#f", "HTTP://A/%7e/../b", "\ufffd"]
    raw = {len(values) - 1: "\udcfe"}
    rows = Rows(pa.array(values, pa.string()), {len(values) - 1: ("not-utf8", 0)}, raw)
    out = processor(rows, 1, files.Tally())
    assert out.num_columns >= 5
    encoded = same(out, raw)
    assert encoded.count(b"\n") == len(values) + 1


@pytest.mark.skipif(not CORPUS.exists(), reason="no corpus")
@pytest.mark.parametrize("ops", [("validate",), OPS])
def test_the_corpus(ops: tuple[str, ...]) -> None:
    from urikit.columnar._files import Processor, Setup, Tally

    processor = Processor(Setup(ops, "url", "URI-reference", "scheme", "default"))
    with CORPUS.open("rb") as f:
        for k, rows in enumerate(READERS["text"](pa, f, "url", 1 << 15)):
            same(processor(rows, 1 + (k << 15), Tally()), rows.raw, header=k == 0)


_SURROGATE = re.compile("[\ud800-\udfff]")
TEXT = st.text(
    st.one_of(
        st.characters(max_codepoint=0x7F),
        st.sampled_from("\x85\xa0\xad\u200b\u2028\ufffd\ue000\U0001f600\udcff"),
        st.characters(),
    ),
    max_size=12,
)


@settings(max_examples=200, deadline=None)
@given(
    rows=st.lists(
        st.tuples(st.one_of(st.none(), TEXT), st.one_of(st.none(), st.booleans()), TEXT),
        max_size=20,
    ),
    header=st.booleans(),
)
def test_arrow_is_python(rows: list[tuple[str | None, bool | None, str]], header: bool) -> None:
    # a byte that was not UTF-8 (a surrogate) is U+FFFD in Arrow and written back as read
    raw = {i: url for i, (url, _, _) in enumerate(rows) if url and _SURROGATE.search(url)}
    urls = [None if u is None else _SURROGATE.sub("\ufffd", u) for u, _, _ in rows]
    texts = [_SURROGATE.sub("\ufffd", t) for _, _, t in rows]
    batch = pa.record_batch(
        [
            pa.array(range(len(rows)), pa.int64()),
            pa.array(urls, pa.string()),
            pa.array([b for _, b, _ in rows], pa.bool_()),
            pa.array(texts, pa.string()),
        ],
        ["row", "url", "valid", "text"],
    )
    same(batch, raw, header=header)


@given(st.text())
def test_one_escape(text: str) -> None:
    # the text output and the terminal output escape alike: one function
    assert cli_escape is escape
    assert text_field(text) == cli_escape(text)
    assert cli_escape(text).isprintable() or any("\udc80" <= c <= "\udcff" for c in text)
    # and it reads back: no two texts are written alike, and none as a null
    assert unescape_field(escape(text)) == text
    assert text_field(text) != text_field(None)


#: Every kind of value the text output must tell apart from another: a null and
#: the text "\N", a NUL and the text "\x00", each C0 control and its spelled-out
#: form, DEL, a backslash alone and before each escape letter, U+2028, lone
#: surrogates (U+D800 not a byte; U+DC80..U+DCFF bytes that were not UTF-8).
READ_BACK = [
    None,
    "",
    "\\N",
    "\\",
    "\\\\",
    "\x00",
    "\\x00",
    "\\\x00",
    *[chr(c) for c in range(0x20)],
    *[f"\\x{c:02x}" for c in range(0x20)],
    "\x7f",
    "\\x7f",
    "\t",
    "a\tb",
    "\n",
    "a\r\nb",
    "\u2028",
    "\\u2028",
    "\\U0001f600",
    "\U0001f600",
    "\ud800",
    "\\ud800",
    "\udcff",
    "a\udc80b",
    "\\udcff",
    "\\q",
    "\\x",
    "N",
    "\\N\\N",
    "é\\é",
    "http://a/b?c#d",
]


def test_the_text_output_reads_back() -> None:
    # each value in the input column, in the others (not written back as read),
    # and as a column name; read back with the documented reader, it is the value
    raw = {i: v for i, v in enumerate(READ_BACK) if v is not None and _SURROGATE.search(v)}
    shown = [None if v is None else _SURROGATE.sub("\ufffd", v) for v in READ_BACK]
    names = ["row", "url", "other", "\\N", "a\tb\\"]
    batch = pa.record_batch(
        [
            pa.array(range(len(READ_BACK))),
            pa.array(shown, pa.string()),
            pa.array(shown),
            pa.array([True, None, False] * (len(READ_BACK) // 3) + [True] * (len(READ_BACK) % 3)),
            pa.array(shown, pa.large_string()),
        ],
        names,
    )
    out = same(batch, raw)
    lines = out.split(b"\n")
    assert lines[-1] == b"" and len(lines) == len(READ_BACK) + 2
    assert read_text_record(lines[0]) == names
    for i, line in enumerate(lines[1:-1]):
        row, url, other, flag, large = read_text_record(line)
        assert row == str(i)
        assert url == READ_BACK[i]  # the bytes as read, for a row that was not UTF-8
        assert other == large == shown[i]
        assert flag == {True: "true", False: "false", None: None}[batch.column(3)[i].as_py()]
    # the reader takes the line as text too, with or without its line end
    assert read_text_record(lines[3].decode("utf-8", "surrogateescape") + "\r\n")[1] == "\\N"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.none(), TEXT), max_size=20))
def test_any_column_reads_back(values: list[str | None]) -> None:
    raw = {i: v for i, v in enumerate(values) if v and _SURROGATE.search(v)}
    shown = [None if v is None else _SURROGATE.sub("\ufffd", v) for v in values]
    batch = pa.record_batch(
        [pa.array(range(len(values))), pa.array(shown, pa.string())], ["row", "url"]
    )
    lines = same(batch, raw).split(b"\n")[1:-1]
    assert [read_text_record(line)[1] for line in lines] == values


def test_the_reader_refuses_what_escape_never_writes() -> None:
    for bad in ("\\", "a\\", "\\q", "\\x4", "\\u12g4", "\\U00110000", "\\x+1"):
        with pytest.raises(ValueError, match="not an escape at position"):
            unescape_field(bad)
    with pytest.raises(TypeError, match="argument 'line' must be str or bytes, not int"):
        read_text_record(1)  # type: ignore[arg-type]


def test_json_escapes_what_json_dumps_escapes() -> None:
    values = [chr(i) for i in range(128)] + ['a"b', "a\\b", "\\", '"', "\x7f", "é", "\U0001f600"]
    batch = pa.record_batch([pa.array(values)], ["u\trl\u00e9"])
    out = same_jsonl(batch).splitlines()
    assert out[ord('"')] == b'{"u\\trl\\u00e9": "\\""}'
    assert out[ord("~")] == b'{"u\\trl\\u00e9": "~"}'
    assert out[-1] == b'{"u\\trl\\u00e9": "\\ud83d\\ude00"}'
    assert same_jsonl(pa.record_batch([pa.array(values, pa.large_string())], ["x"])) == b"".join(
        json.dumps({"x": v}).encode() + b"\n" for v in values
    )


@pytest.mark.parametrize("odd", ['"', "\\", "\x7f", "\x1f", "é", "\u2028"])
def test_json_one_odd_character_among_plain_rows(odd: str) -> None:
    """All the rows' bytes are looked at at once first: one odd character in
    one row of a batch, the others plain, is still escaped (and only there)."""
    values = ["http://a/", f"http://a/{odd}b", None, "", "~"]
    out = same_jsonl(pa.record_batch([pa.array(values)], ["u"]))
    assert out.splitlines()[1] == b'{"u": ' + json.dumps(values[1]).encode() + b"}"
    sliced = pa.record_batch([pa.array(values)], ["u"]).slice(2)
    assert b"\\" not in same_jsonl(sliced)  # the odd row sliced away


def test_json_other_types_and_duplicate_names() -> None:
    batch = pa.record_batch([pa.array([1.5, None]), pa.array([["a"], None])], ["f", "l"])
    assert same_jsonl(batch) == b'{"f": 1.5, "l": ["a"]}\n{"f": null, "l": null}\n'
    assert file_encoders._json_column(pa, pa.compute, batch.column(0)) is None
    twice = pa.record_batch([pa.array([1]), pa.array(["a"])], ["x", "x"])
    assert same_jsonl(twice) == b'{"x": 1, "x": "a"}\n'  # both kept, in order
    assert same_jsonl(pa.record_batch([pa.array([], pa.int64())], ["x"])) == b""
