"""``urikit batch``: a row that cannot be read is an error record in its place
(``valid`` false, a reason, its row number), in every input format, and the run
goes on; a ``--column`` the input does not have is one message, exit 2.
Skipped without pyarrow."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

import urikit
from urikit import batch
from urikit.cli import main

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

BIG = 300_000
#: The row (1-based) that holds the bad value in the big inputs.
AT = 200_001


def url(i: int) -> str:
    return f"http://h{i % 97}.example/p/{i}?q={i % 7}"


def big_lines(fmt: str, bad: bytes) -> bytes:
    """A ``fmt`` input of BIG rows whose row AT is the line ``bad``."""
    if fmt == "csv":
        lines = [f"{i},{url(i)}\n".encode() for i in range(BIG)]
        head = b"id,url\n"
    elif fmt == "jsonl":
        lines = [f'{{"id": {i}, "url": "{url(i)}"}}\n'.encode() for i in range(BIG)]
        head = b""
    else:
        lines = [f"{url(i)}\n".encode() for i in range(BIG)]
        head = b""
    lines[AT - 1] = bad
    return head + b"".join(lines)


#: (format, the bad line, its reason, the value it leaves, the position)
BAD_ROWS = [
    ("text", b"http://h\xff.example/\n", "not-utf8", "http://h\ufffd.example/", 8),
    ("csv", b"200000,http://h\xfe\xff.example/\n", "not-utf8", "http://h\ufffd\ufffd.example/", 8),
    ("csv", b"200000,http://a/,extra\n", "bad-record", None, None),
    ("csv", b"200000\n", "bad-record", None, None),
    (
        "jsonl",
        b'{"id": 200000, "url": "http://h\xff.example/"}\n',
        "not-utf8",
        "http://h\ufffd.example/",
        8,
    ),
    ("jsonl", b'{"id": 200000, "url": 5}\n', "not-a-string", None, None),
    ("jsonl", b'{"id": 200000, "url": ["http://a/"]}\n', "not-a-string", None, None),
    ("jsonl", b'{"id": 200000}\n', "missing-column", None, None),
    ("jsonl", b'{"id": 200000, "url": "http://tru\n', "bad-record", None, None),
    ("jsonl", b'"http://a/"\n', "bad-record", None, None),
]


@pytest.mark.parametrize(("fmt", "bad", "reason", "value", "position"), BAD_ROWS)
def test_a_bad_row_in_a_big_input_is_an_error_record_in_its_place(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    fmt: str,
    bad: bytes,
    reason: str,
    value: str | None,
    position: int | None,
) -> None:
    src = tmp_path / f"in.{'txt' if fmt == 'text' else fmt}"
    src.write_bytes(big_lines(fmt, bad))
    dst = tmp_path / "out.parquet"
    # one process (tests/cli/test_cli_batch_jobs.py checks that any number of
    # jobs writes the same bytes, bad rows in place): no worker to start per case
    assert main(["batch", str(src), str(dst), "--no-progress", "--jobs", "1"]) == 1
    err = capsys.readouterr().err
    assert f"rows: {BIG}, invalid: 1 ({reason}: 1), null: 0" in err
    table = pq.read_table(dst)
    assert table.num_rows == BIG
    assert table["row"].to_pylist() == list(range(1, BIG + 1))
    urls = table["url"].to_pylist()
    assert urls[: AT - 1] == [url(i) for i in range(AT - 1)]
    assert urls[AT:] == [url(i) for i in range(AT, BIG)]
    record = table.slice(AT - 1, 1).to_pylist()[0]
    assert record == {
        "row": AT,
        "url": value,
        "valid": False,
        "error_reason": reason,
        "error_position": position,
    }
    assert table["valid"].to_pylist().count(True) == BIG - 1


def python_jsonl(data: bytes, column: str) -> list[tuple[str | None, str | None]]:
    """What each line of a JSON Lines input should give, read by Python alone:
    (the value, with U+FFFD for a bad byte, the reason or None); a blank line is
    a bad-record, as every line that is not a JSON object."""
    out: list[tuple[str | None, str | None]] = []
    for raw in data.split(b"\n")[:-1] if data.endswith(b"\n") else data.split(b"\n"):
        try:
            record = json.loads(raw.decode("utf-8", "surrogateescape"))
        except ValueError:
            out.append((None, "bad-record"))
            continue
        if not isinstance(record, dict):
            out.append((None, "bad-record"))
        elif column not in record:
            out.append((None, "missing-column"))
        elif record[column] is None:
            out.append((None, None))
        elif not isinstance(record[column], str):
            out.append((None, "not-a-string"))
        else:
            text = record[column]
            fixed = re.sub("[\ud800-\udfff]", "\ufffd", text)
            out.append((fixed, "not-utf8" if fixed != text else None))
    return out


def test_many_bad_json_lines_keep_their_places(tmp_path: Path) -> None:
    """Bad records of every kind, alone and in runs, among good ones: pyarrow
    reads around them, and every row comes out in order with its own reason."""
    kinds = [
        b'{"url": 5}',
        b'{"other": "x"}',
        b'{"url": null}',
        b'{"url": "http://\xff/"}',
        b'{"url": "trunc',
        b"[1, 2]",
        b"",
        b'{"url": {"a": 1}}',
        b'{"url": "\\udcff"}',
        b'{"url": "http://a/", "url2": 7}',
    ]
    lines = []
    for i in range(20_000):
        if i % 37 == 0 or 5000 <= i < 5020:
            lines.append(kinds[i % len(kinds)])
        else:
            lines.append(f'{{"url": "{url(i)}", "n": {i}}}'.encode())
    data = b"\n".join(lines) + b"\n"
    src = tmp_path / "in.jsonl"
    src.write_bytes(data)
    dst = tmp_path / "out.parquet"
    assert main(["batch", str(src), str(dst), "--batch-size", "1000", "--no-progress"]) == 1
    table = pq.read_table(dst)
    want = python_jsonl(data, "url")
    assert table["url"].to_pylist() == [v for v, _ in want]
    reasons = table["error_reason"].to_pylist()
    read_errors = {"not-utf8", "not-a-string", "missing-column", "bad-record"}
    assert [r if r in read_errors else None for r in reasons] == [r for _, r in want]
    assert table["valid"].to_pylist() == [
        None if v is None and r is None else False if r or v is None else urikit.is_valid(v)
        for v, r in want
    ]
    assert {r for _, r in want} >= read_errors  # every kind was there


def python_csv(data: bytes) -> list[tuple[str | None, str | None]]:
    """(the url value, the reason or None) of each data row, by Python's csv module."""
    rows = list(csv.reader(io.StringIO(data.decode("utf-8", "surrogateescape"), newline="")))
    out: list[tuple[str | None, str | None]] = []
    for row in rows[1:]:
        if len(row) != 2:
            out.append((None, "bad-record"))
            continue
        fixed = re.sub("[\ud800-\udfff]", "\ufffd", row[1])
        out.append((fixed, "not-utf8" if fixed != row[1] else None))
    return out


def test_many_bad_csv_rows_keep_their_places(tmp_path: Path) -> None:
    """Rows with too many or too few fields, quoted values over two lines and
    bytes that are not UTF-8, spread over several of pyarrow's blocks."""
    lines = [b"id,url"]
    n = 120_000
    for i in range(n):
        if i in (0, n - 1) or i % 1013 == 0:
            lines.append(b"%d,a,b" % i)
        elif i % 2011 == 0:
            lines.append(b"%d" % i)
        elif i % 3001 == 0:
            lines.append(b'%d,"http://a/\nb"' % i)
        elif i % 4001 == 0:
            lines.append(b"%d,http://\xc3(/%d" % (i, i))
        else:
            lines.append(f"{i},{url(i)}".encode())
    data = b"\n".join(lines) + b"\n"
    src = tmp_path / "in.csv"
    src.write_bytes(data)
    dst = tmp_path / "out.parquet"
    assert main(["batch", str(src), str(dst), "--no-progress"]) == 1
    table = pq.read_table(dst)
    want = python_csv(data)
    assert len(want) == n
    assert table["url"].to_pylist() == [v for v, _ in want]
    reasons = table["error_reason"].to_pylist()
    assert [r if r in ("bad-record", "not-utf8") else None for r in reasons] == [r for _, r in want]
    assert table["row"].to_pylist() == list(range(1, n + 1))


def test_a_parquet_binary_column_that_is_not_utf8(tmp_path: Path) -> None:
    src = tmp_path / "in.parquet"
    pq.write_table(pa.table({"url": pa.array([b"http://a/", b"http://\xff/", None])}), src)
    dst = tmp_path / "out.jsonl"
    assert main(["batch", str(src), str(dst)]) == 1
    got = [json.loads(line) for line in dst.read_text().splitlines()]
    assert [(r["url"], r["valid"], r["error_reason"], r["error_position"]) for r in got] == [
        ("http://a/", True, None, None),
        ("http://\ufffd/", False, "not-utf8", 7),
        (None, None, None, None),
    ]


def test_non_utf8_text_goes_back_byte_for_byte_in_text(tmp_path: Path) -> None:
    """Text output writes the bytes as read; the UTF-8 formats write U+FFFD,
    and the record says not-utf8 with the position of the first bad byte."""
    src = tmp_path / "in.txt"
    src.write_bytes(b"http://a/\nhttp://\xe9t\xe9/\n\xff\n")
    dst = tmp_path / "out.txt"
    assert main(["batch", str(src), str(dst)]) == 1
    lines = dst.read_bytes().splitlines()
    assert lines[2] == b"2\thttp://\xe9t\xe9/\tfalse\tnot-utf8\t7"
    assert lines[3] == b"3\t\xff\tfalse\tnot-utf8\t0"
    out = tmp_path / "out.csv"
    assert main(["batch", str(src), str(out)]) == 1
    text = out.read_bytes().decode("utf-8")  # valid UTF-8
    assert '"http://\ufffdt\ufffd/",false,"not-utf8",7' in text


def test_blank_json_lines_are_bad_records_in_their_places(tmp_path: Path) -> None:
    # Found: blank lines were dropped, so the rows after them lost their numbers'
    # meaning; every line is a row (an empty line is an input in every command).
    src = tmp_path / "in.jsonl"
    src.write_bytes(b'\n\n\n{"url": "a"}\n\n  \n\r\n{"url": "b"}')  # no newline at the end
    for size in ("2", "65536"):
        dst = tmp_path / f"out{size}.jsonl"
        assert main(["batch", str(src), str(dst), "--batch-size", size]) == 1
        got = [json.loads(line) for line in dst.read_text().splitlines()]
        bad = (None, False, "bad-record")
        assert [(r["url"], r["valid"], r["error_reason"]) for r in got] == [
            *[bad] * 3,
            ("a", True, None),
            *[bad] * 3,
            ("b", True, None),
        ]
        assert [r["row"] for r in got] == list(range(1, 9))


def test_empty_csv_lines_are_rows_in_their_places(tmp_path: Path) -> None:
    # pyarrow drops empty lines by default: the rows after them were renumbered
    for data in (b"url\nhttp://a/\n\nb c\n\n", b"id,url\n1,http://a/\n\n2,b c\n\n"):
        src = tmp_path / "in.csv"
        src.write_bytes(data)
        dst = tmp_path / "out.jsonl"
        assert main(["batch", str(src), str(dst), "--force"]) == 1
        got = [json.loads(line) for line in dst.read_text().splitlines()]
        assert [(r["row"], r["url"], r["valid"]) for r in got] == [
            (1, "http://a/", True),
            (2, "", True),
            (3, "b c", False),
            (4, "", True),
        ]


NO_COLUMN = re.compile(r"urikit: no column 'nope' in (\S+) \(its columns: ([^)]*)\): give --column")


@pytest.mark.parametrize("fmt", ["csv", "jsonl", "parquet"])
def test_a_missing_column_is_one_message_for_every_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    src = tmp_path / f"in.{fmt}"
    table = pa.table({"id": [1, 2], "url": ["http://a/", "b"]})
    if fmt == "csv":
        src.write_text("id,url\n1,http://a/\n2,b\n")
    elif fmt == "jsonl":
        src.write_text("".join(json.dumps(r) + "\n" for r in table.to_pylist()))
    else:
        pq.write_table(table, src)
    dst = tmp_path / "out.jsonl"
    assert main(["batch", str(src), str(dst), "--column", "nope"]) == 2
    err = capsys.readouterr().err.strip()
    found = NO_COLUMN.fullmatch(err)
    assert found is not None, err
    assert found.groups() == (str(src), "id, url")
    assert not dst.exists()
    assert main(["batch", str(src), str(dst), "--column", "url"]) == 0
    assert dst.exists()


def test_the_first_json_record_decides_the_column(tmp_path: Path) -> None:
    """The first record that is a JSON object must have the column; a later one
    without it is a missing-column row."""
    src = tmp_path / "in.jsonl"
    src.write_text('not json\n{"url": "http://a/"}\n{"id": 1}\n')
    dst = tmp_path / "out.jsonl"
    assert main(["batch", str(src), str(dst)]) == 1
    got: list[dict[str, Any]] = [json.loads(line) for line in dst.read_text().splitlines()]
    assert [r["error_reason"] for r in got] == ["bad-record", None, "missing-column"]


@pytest.mark.parametrize(
    ("column", "ops"),
    [("row", "validate"), ("valid", "validate"), ("host", "split"), ("normalized", "normalize")],
)
def test_an_input_column_named_as_an_output_column_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], column: str, ops: str
) -> None:
    """The output would have two columns of that name, and a JSON Lines record
    (one key a name) would lose one: refused before anything is read."""
    src = tmp_path / "in.csv"
    src.write_text(f"id,{column}\n1,http://a/\n")
    dst = tmp_path / "out.jsonl"
    with pytest.raises(SystemExit) as stop:
        main(["batch", str(src), str(dst), "--column", column, "--ops", ops])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.startswith(f"urikit batch: error: --column {column}: the input column {column!r} ")
    assert err.endswith(": rename it")
    assert not dst.exists()
    with pytest.raises(batch.NameClash):
        batch.run_file(src, dst, [ops], column=column)
    assert not dst.exists()
    # the same name is no clash where the op that adds it is not asked for
    other = "split" if ops != "split" else "normalize"
    if column not in ("row", "valid"):
        assert main(["batch", str(src), str(dst), "--column", column, "--ops", other]) == 0
        assert json.loads(dst.read_text())[column] == "http://a/"
