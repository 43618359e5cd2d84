"""``urikit batch``: one output row per input row, in order, errors in place, in every
format; exit codes 0/1/2 without tracebacks. Skipped without pyarrow."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import urikit
from urikit.cli import main
from urikit.cli._batch import FORMATS, output_columns

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
pcsv = pytest.importorskip("pyarrow.csv")

TEXTS = ["http://u@h:8/p?q#f", "a b", "", "HTTP://A:80/./x", "%zz", "//h", "é", "x:"]
EXT = {"text": ".txt", "csv": ".csv", "jsonl": ".jsonl", "parquet": ".parquet"}


def write_input(path: Path, fmt: str, texts: Sequence[str | None]) -> None:
    if fmt == "text":
        path.write_text("".join(f"{t}\n" for t in texts), encoding="utf-8")
    elif fmt == "jsonl":
        path.write_text("".join(json.dumps({"url": t, "n": 1}) + "\n" for t in texts))
    elif fmt == "csv":
        pcsv.write_csv(pa.table({"id": range(len(texts)), "url": texts}), path)
    else:
        pq.write_table(pa.table({"id": range(len(texts)), "url": texts}), path)


def read_output(path: Path, fmt: str) -> list[dict[str, Any]]:
    if fmt == "parquet":
        rows: list[dict[str, Any]] = pq.read_table(path).to_pylist()
        return rows
    if fmt == "csv":
        opts = pcsv.ConvertOptions(strings_can_be_null=False, column_types={"url": pa.string()})
        return [
            {k: (None if v == "" and k != "url" else v) for k, v in r.items()}
            for r in pcsv.read_csv(path, convert_options=opts).to_pylist()
        ]
    lines = path.read_text(encoding="utf-8").splitlines()
    if fmt == "jsonl":
        return [json.loads(line) for line in lines]
    head = lines[0].split("\t")
    return [
        dict(
            zip(
                head,
                [None if v == "\\N" else v for k, v in zip(head, line.split("\t"), strict=True)],
                strict=True,
            )
        )
        for line in lines[1:]
    ]


def expected(texts: list[str], ops: list[str]) -> list[dict[str, Any]]:
    out = []
    for i, t in enumerate(texts, 1):
        row: dict[str, Any] = {"row": i, "url": t}
        try:
            ref = urikit.parse(t)
            row |= {"valid": True, "error_reason": None, "error_position": None}
        except urikit.URIError as err:
            ref = None
            row |= {"valid": False, "error_reason": err.reason, "error_position": err.position}
        if "split" in ops:
            for name in ("scheme", "authority", "userinfo", "host", "port", "path", "query"):
                row[name] = None if ref is None else getattr(ref, name)
            row["fragment"] = None if ref is None else ref.fragment
        if "normalize" in ops:
            row["normalized"] = None if ref is None else urikit.normalize(t)
        out.append(row)
    return out


def as_text(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What a text or CSV output holds: every value as its text."""
    conv = {True: "true", False: "false"}
    return [
        {
            k: (None if v is None else conv.get(v, str(v)) if isinstance(v, bool) else str(v))
            for k, v in r.items()
        }
        for r in rows
    ]


@pytest.mark.parametrize("in_fmt", FORMATS)
@pytest.mark.parametrize("out_fmt", FORMATS)
def test_every_format_pair(tmp_path: Path, in_fmt: str, out_fmt: str) -> None:
    src = tmp_path / ("in" + EXT[in_fmt])
    dst = tmp_path / ("out" + EXT[out_fmt])
    write_input(src, in_fmt, TEXTS)
    ops = ["split", "normalize"]
    status = main(["batch", str(src), str(dst), "--ops", "split,normalize", "--batch-size", "3"])
    assert status == 1  # some rows are invalid
    got = read_output(dst, out_fmt)
    want = expected(TEXTS, ops)
    assert len(got) == len(TEXTS)
    assert list(got[0]) == output_columns("url", ops)
    if out_fmt in ("parquet", "jsonl"):
        assert got == want
    elif out_fmt == "text":
        assert got == as_text(want)
    else:  # csv: booleans are true/false, numbers are typed by the reader
        assert [r["url"] for r in got] == TEXTS
        assert [r["valid"] for r in got] == [r["valid"] for r in want]
        assert [r["error_position"] for r in got] == [r["error_position"] for r in want]


def test_all_valid_exits_0_and_nulls_stay_null(tmp_path: Path) -> None:
    src = tmp_path / "in.parquet"
    pq.write_table(pa.table({"url": ["http://a/", None, "b"]}), src)
    dst = tmp_path / "out.jsonl"
    assert main(["batch", str(src), str(dst)]) == 0
    got = read_output(dst, "jsonl")
    assert [r["valid"] for r in got] == [True, None, True]
    assert [r["row"] for r in got] == [1, 2, 3]


def test_many_batches_keep_the_order(tmp_path: Path) -> None:
    texts = [f"http://h/{i}" if i % 7 else f"bad {i}" for i in range(1000)]
    src = tmp_path / "in.txt"
    write_input(src, "text", texts)
    dst = tmp_path / "out.parquet"
    assert main(["batch", str(src), str(dst), "--batch-size", "64"]) == 1
    table = pq.read_table(dst)
    assert table["url"].to_pylist() == texts
    assert table["row"].to_pylist() == list(range(1, 1001))
    assert table["valid"].to_pylist() == [urikit.is_valid(t) for t in texts]


def test_empty_input_gives_a_headed_output(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text("")
    dst = tmp_path / "out.parquet"
    assert main(["batch", str(src), str(dst)]) == 0
    assert pq.read_table(dst).column_names == output_columns("url", ["validate"])


def test_usage_and_input_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in.csv"
    write_input(src, "csv", TEXTS)
    out = str(tmp_path / "o.txt")
    assert main(["batch", str(src), out, "--column", "nope"]) == 2
    assert "no column 'nope'" in capsys.readouterr().err
    assert main(["batch", str(tmp_path / "missing.txt"), out]) == 2
    with pytest.raises(SystemExit) as info:
        main(["batch", str(src), out, "--ops", "split,frobnicate"])
    assert info.value.code == 2
    with pytest.raises(SystemExit):
        main(["batch", str(tmp_path / "x.weird"), out])
    assert main(["batch", str(src), str(tmp_path / "no" / "dir" / "o.txt")]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err


def test_stdin_to_stdout_with_summary() -> None:
    text = "http://a/\na b\n\n"
    proc = subprocess.run(
        [sys.executable, "-m", "urikit", "batch", "-", "-", "--output-format", "jsonl"],
        input=text.encode(),
        capture_output=True,
        check=False,
    )
    assert proc.returncode == 1
    rows = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert [r["url"] for r in rows] == ["http://a/", "a b", ""]
    assert [r["valid"] for r in rows] == [True, False, True]
    err = proc.stderr.decode()
    assert "rows: 3, invalid: 1" in err
    assert "\r" not in err  # stderr is not a terminal: no progress bar


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("flag", [[], ["--no-progress"]])
def test_progress_bar_only_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flag: list[str]
) -> None:
    pytest.importorskip("tqdm")
    src = tmp_path / "in.txt"
    write_input(src, "text", TEXTS)
    err = _Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["batch", str(src), str(tmp_path / "o.parquet"), *flag]) == 1
    shown = err.getvalue()
    assert ("rows/s" in shown) != bool(flag)  # the bar shows a rate
    assert "urikit batch: rows: 8, invalid: 3" in shown


@pytest.mark.parametrize("policy", ["default", "ssrf"])
def test_check_is_the_security_verdict(tmp_path: Path, policy: str) -> None:
    """``--ops check`` gives what ``urikit check`` gives: pass or fail under the
    policy, and the codes of the findings; validity stays RFC 3986's."""
    security = pytest.importorskip("urikit.security")
    texts: list[str | None] = ["https://example.org/", "http://169.254.169.254/latest"]
    texts += ["http://0x7f.1/", "a b", "http://user@evil.example@good.example/"]
    texts += ["ftp://10.0.0.1/x", None]
    src = tmp_path / "in.parquet"
    pq.write_table(pa.table({"url": pa.array(texts, pa.string())}), src)
    dst = tmp_path / "out.jsonl"
    status = main(["batch", str(src), str(dst), "--ops", "check", "--policy", policy])
    got = read_output(dst, "jsonl")
    assert list(got[0]) == output_columns("url", ["check"])
    pol = security.Policy.ssrf() if policy == "ssrf" else security.Policy()
    reports = [None if t is None else security.check(t, policy=pol) for t in texts]
    assert [r["verdict"] for r in got] == [
        None if r is None else "pass" if r.ok else "fail" for r in reports
    ]
    assert [r["findings"] for r in got] == [
        None if r is None else " ".join(f.code for f in r.findings) for r in reports
    ]
    assert [r["valid"] for r in got] == [None if t is None else urikit.is_valid(t) for t in texts]
    assert "fail" in [r["verdict"] for r in got]
    assert status == 1


def test_check_alone_decides_the_exit_status(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text("http://169.254.169.254/\n")
    assert urikit.is_valid("http://169.254.169.254/")
    assert main(["batch", str(src), str(tmp_path / "a.jsonl")]) == 0
    assert main(["batch", str(src), str(tmp_path / "b.jsonl"), "--ops", "check"]) == 1


@pytest.mark.parametrize("size", ["0", "-3", "ten", "1.5"])
def test_batch_size_must_be_a_positive_whole_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], size: str
) -> None:
    src = tmp_path / "in.txt"
    write_input(src, "text", TEXTS)
    with pytest.raises(SystemExit) as info:
        main(["batch", str(src), str(tmp_path / "o.txt"), "--batch-size", size])
    assert info.value.code == 2
    assert "argument --batch-size" in capsys.readouterr().err
    assert not (tmp_path / "o.txt").exists()


def test_every_option_has_help() -> None:
    from urikit.cli import build_parser

    parser = build_parser("batch", only=True)
    assert parser._subparsers is not None
    choices: Any = parser._subparsers._group_actions[0].choices
    actions = [a for a in choices["batch"]._actions if a.dest != "help"]
    assert len(actions) > 10
    assert [a.dest for a in actions if not a.help] == []


@pytest.mark.parametrize("out_fmt", FORMATS)
def test_booleans_are_true_and_false_in_every_format(tmp_path: Path, out_fmt: str) -> None:
    src = tmp_path / "in.txt"
    write_input(src, "text", ["http://a/", "a b"])
    dst = tmp_path / ("out" + EXT[out_fmt])
    assert main(["batch", str(src), str(dst)]) == 1
    if out_fmt == "parquet":
        table = pq.read_table(dst)
        assert table.schema.field("valid").type == pa.bool_()
        assert table["valid"].to_pylist() == [True, False]
        return
    lines = dst.read_text().splitlines()
    sep = {"text": "\t", "csv": ",", "jsonl": None}[out_fmt]
    if sep is None:
        assert [json.loads(line)["valid"] for line in lines] == [True, False]
        assert '"valid": true' in lines[0]
    else:
        at = [c.strip('"') for c in lines[0].split(sep)].index("valid")
        assert [line.split(sep)[at] for line in lines[1:]] == ["true", "false"]


@pytest.mark.parametrize(("before", "after"), [(None, "1"), ("4", "4")])
def test_numpys_blas_threads_are_not_started_unless_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, before: str | None, after: str
) -> None:
    """pyarrow imports numpy, whose OpenBLAS pool spins a core for about 0.1 s
    after the import: a run asks for one thread (inherited by its worker
    processes), unless the user has said otherwise."""
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "x")  # restored after the test
    if before is None:
        monkeypatch.delenv("OPENBLAS_NUM_THREADS")
    else:
        monkeypatch.setenv("OPENBLAS_NUM_THREADS", before)
    src = tmp_path / "in.txt"
    src.write_text("http://a/\n")
    assert main(["batch", str(src), str(tmp_path / "out.txt")]) == 0
    assert os.environ["OPENBLAS_NUM_THREADS"] == after


def test_a_parquet_output_dictionary_encodes_the_repeating_columns_only(tmp_path: Path) -> None:
    """Schemes, hosts, reasons, verdicts repeat from row to row: dictionary
    pages; row numbers, URIs, paths and normal forms are nearly all distinct:
    plain pages (a dictionary tried on them costs time and bytes)."""
    src, dst = tmp_path / "in.txt", tmp_path / "out.parquet"
    write_input(src, "text", [f"http://h{i % 5}.example:80/{i}?q" for i in range(500)] + TEXTS)
    assert main(["batch", str(src), str(dst), "--ops", "split,normalize,check"]) == 1
    chunks = pq.ParquetFile(dst).metadata.row_group(0)
    encodings = {
        chunks.column(i).path_in_schema: chunks.column(i).encodings
        for i in range(chunks.num_columns)
    }
    with_dictionary = {name for name, kinds in encodings.items() if "RLE_DICTIONARY" in kinds}
    repeating = {"error_reason", "error_position", "scheme", "userinfo", "host", "port"}
    assert with_dictionary == repeating | {"verdict", "findings"}
    hosts = pq.read_table(dst).column("host").to_pylist()
    assert hosts[:6] == [f"h{i % 5}.example" for i in range(6)]
