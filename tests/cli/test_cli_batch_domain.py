"""``urikit batch --ops domain``: each row's registrable domain, public suffix
and subdomain by the Public Suffix List, in every output format, one row per
input row in order (a bad row an error record in its place, a row without a
registrable domain null fields); without the ``[domains]`` extra, exit 2 and a
line naming it. Skipped without pyarrow; the lookups need publicsuffixlist."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import closed_after_a_few_bytes, urikit_batch
from paths import SHARED

import urikit.domains
from urikit import URIError, parse
from urikit.cli import main

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
pcsv = pytest.importorskip("pyarrow.csv")

CORPUS = SHARED / "corpus" / "urls.txt"
COLUMNS = ["registrable_domain", "public_suffix", "subdomain"]
EXT = {"text": ".txt", "csv": ".csv", "jsonl": ".jsonl", "parquet": ".parquet"}
TIMEOUT = 120


@pytest.fixture
def psl() -> Any:
    """The default list (a test of the values needs the [domains] extra)."""
    pytest.importorskip("publicsuffixlist")
    return urikit.domains.default_list()


def _lines(n: int) -> list[bytes]:
    """``n`` corpus lines with bad ones mixed in: not a URI, not UTF-8, empty,
    and URLs without a registrable domain (IP addresses, no host, a suffix)."""
    if CORPUS.exists():
        corpus = CORPUS.read_bytes().splitlines()
    else:  # pragma: no cover - a checkout without the shared corpus
        corpus = [f"http://w{i % 7}.h{i % 97}.example.co.uk/p/{i}".encode() for i in range(n)]
    odd = [
        b"http://bad host/",
        b"http://\xff\xfe.example/",
        b"",
        b"http://10.0.0.1/",
        b"http://[::1]:8080/",
        b"urn:isbn:0451450523",
        b"http://localhost/",
        b"https://co.uk/",
        b"HTTP://WWW.Example.CO.UK./a",
        b"//a.b.github.io",
    ]
    out = []
    for i in range(n):
        out.append(corpus[i % len(corpus)])
        if i % 53 == 0:
            out.append(odd[(i // 53) % len(odd)])
    return out


def _expected(psl: Any, line: bytes) -> list[str | None]:
    """The three fields of ``line`` by the library: the parts of the parsed
    URI's host (none for a row that is not UTF-8 or not a URI)."""
    try:
        host = parse(line.decode("utf-8")).host
    except (UnicodeDecodeError, URIError):
        return [None, None, None]
    parts = psl.parts_of(host)
    return [parts.registrable_domain or None, parts.suffix or None, parts.subdomain or None]


def _records(path: Path, fmt: str) -> list[dict[str, Any]]:
    if fmt == "parquet":
        return list(pq.read_table(path).to_pylist())
    if fmt == "jsonl":
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    if fmt == "csv":
        table = pcsv.read_csv(path, convert_options=pcsv.ConvertOptions(strings_can_be_null=True))
        return list(table.to_pylist())
    head, *rows = path.read_bytes().split(b"\n")[:-1]
    names = head.decode().split("\t")
    return [
        {
            k: None if v == b"\\N" else v.decode("utf-8", "replace")
            for k, v in zip(names, row.split(b"\t"), strict=True)
        }
        for row in rows
    ]


@pytest.mark.parametrize("fmt", ["text", "csv", "jsonl", "parquet"])
def test_each_row_has_its_hosts_parts_in_place(psl: Any, tmp_path: Path, fmt: str) -> None:
    lines = _lines(1500)
    src = tmp_path / "in.txt"
    src.write_bytes(b"\n".join(lines) + b"\n")
    dst = tmp_path / f"out{EXT[fmt]}"
    argv = ["batch", str(src), str(dst), "--ops", "split,domain", "--batch-size", "256"]
    assert main([*argv, "--no-progress"]) == 1  # the bad rows are invalid, as without the op
    records = _records(dst, fmt)
    assert [int(r["row"]) for r in records] == list(range(1, len(lines) + 1))
    for record, line in zip(records, lines, strict=True):
        assert [record[c] for c in COLUMNS] == _expected(psl, line), line
    # no registrable domain is null fields, never an error
    ip = records[lines.index(b"http://10.0.0.1/")]
    assert ip["valid"] in (True, "true") and [ip[c] for c in COLUMNS] == [None] * 3
    assert sum(r["registrable_domain"] is not None for r in records) > len(lines) // 2


def test_the_columns_follow_the_other_ops(psl: Any, tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text("https://forums.news.bbc.co.uk/x\n")
    dst = tmp_path / "out.jsonl"
    assert main(["batch", str(src), str(dst), "--ops", "domain,check,normalize"]) == 0
    (record,) = _records(dst, "jsonl")
    assert list(record)[-6:] == ["normalized", "verdict", "findings", *COLUMNS]
    host = parse("https://forums.news.bbc.co.uk/x").host
    assert host is not None
    assert [record[c] for c in COLUMNS] == _expected(psl, b"https://forums.news.bbc.co.uk/x")
    assert record["registrable_domain"] == urikit.domains.registrable_domain(host)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_jobs_give_the_same_output(psl: Any, tmp_path: Path, jobs: str) -> None:
    lines = _lines(3000)
    src = tmp_path / "in.txt"
    src.write_bytes(b"\n".join(lines))
    outs = []
    for ops in ("domain", "domain,check"):  # threads, then worker processes
        dst = tmp_path / f"{ops}-{jobs}.csv"
        argv = ["batch", str(src), str(dst), "--ops", ops, "--jobs", jobs, "--batch-size", "400"]
        assert main(argv) == 1
        outs.append([[r[c] for c in COLUMNS] for r in _records(dst, "csv")])
    assert outs[0] == outs[1] == [_expected(psl, line) for line in lines]


def _no_list(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> None:
        raise ImportError("urikit.domains needs publicsuffixlist: pip install 'urikit[domains]'")

    monkeypatch.setattr(urikit.domains, "default_list", missing)


def test_without_the_extra_exit_2_and_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _no_list(monkeypatch)
    src = tmp_path / "in.txt"
    src.write_text("http://a.example/\n")
    dst = tmp_path / "out.csv"
    assert main(["batch", str(src), str(dst), "--ops", "split,domain"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        "urikit: urikit batch --ops domain needs publicsuffixlist: pip install 'urikit[domains]'"
    ]
    assert not dst.exists() and list(tmp_path.iterdir()) == [src]
    # the other ops need no list
    assert main(["batch", str(src), str(dst), "--ops", "split"]) == 0


def test_without_the_extra_in_a_fresh_process(tmp_path: Path) -> None:
    """The console's own path: publicsuffixlist made unimportable."""
    src = tmp_path / "in.txt"
    src.write_text("http://a.example/\n")
    blocker = tmp_path / "blocker"
    blocker.mkdir()
    (blocker / "sitecustomize.py").write_text(
        "import sys\nsys.modules['publicsuffixlist'] = None\n", encoding="utf-8"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(blocker), *sys.path])}
    env.pop("URIKIT_PUBLIC_SUFFIX_LIST", None)
    proc = subprocess.run(
        urikit_batch(str(src), "-", "--ops", "domain"),
        capture_output=True,
        env=env,
        timeout=TIMEOUT,
        check=False,
    )
    assert (proc.returncode, proc.stdout) == (2, b"")
    assert proc.stderr.decode().splitlines() == [
        "urikit: urikit batch --ops domain needs publicsuffixlist: pip install 'urikit[domains]'"
    ]


@pytest.mark.parametrize(
    ("ops", "says"),
    [
        ("domain,domains", "--ops: unknown ['domains']"),
        ("Domain", "--ops: unknown ['Domain']"),
        (",", "--ops: unknown []"),
    ],
)
def test_bad_ops_are_usage_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ops: str, says: str
) -> None:
    src = tmp_path / "in.txt"
    src.write_text("http://a.example/\n")
    with pytest.raises(SystemExit) as exit_info:
        main(["batch", str(src), "-", "--ops", ops])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert says in err and "domain" in err.splitlines()[-1]


def test_a_column_named_as_a_domain_column_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "in.csv"
    src.write_text("public_suffix\nhttp://a.example/\n")
    with pytest.raises(SystemExit) as exit_info:
        main(["batch", str(src), "-", "--ops", "domain", "--column", "public_suffix"])
    assert exit_info.value.code == 2
    assert "--column public_suffix: the input column 'public_suffix'" in capsys.readouterr().err


def test_a_list_file_that_cannot_be_read_is_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "in.txt"
    src.write_text("http://a.example/\n")
    monkeypatch.setenv(urikit.domains.ENVIRONMENT, str(tmp_path / "none.dat"))
    urikit.domains.use(None)  # forget the list loaded before
    try:
        assert main(["batch", str(src), "-", "--ops", "domain"]) == 2
    finally:
        monkeypatch.delenv(urikit.domains.ENVIRONMENT)
        urikit.domains.use(None)
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "none.dat" in err[0]
    assert err[0].startswith(
        "urikit: --ops domain: cannot read the list $URIKIT_PUBLIC_SUFFIX_LIST"
    )


@pytest.fixture(scope="module")
def many(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """20,000 lines: an output of a few MB, more than a pipe holds."""
    path = tmp_path_factory.mktemp("many") / "many.txt"
    path.write_bytes(b"\n".join(_lines(20_000)) + b"\n")
    return path


@pytest.mark.parametrize("fmt", ["text", "parquet"])
def test_a_closed_pipe_ends_quietly(psl: Any, many: Path, fmt: str) -> None:
    """``urikit batch many.txt - --ops domain | head -1``"""
    argv = urikit_batch(str(many), "-", "--ops", "domain", "--output-format", fmt)
    assert closed_after_a_few_bytes(argv) == (141, "")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_stdout_on_a_full_disk(psl: Any, many: Path) -> None:
    with open("/dev/full", "wb") as full:
        proc = subprocess.run(
            urikit_batch(str(many), "-", "--ops", "domain", "--output-format", "csv"),
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=TIMEOUT,
            check=False,
        )
    assert proc.returncode == 2
    assert proc.stderr.decode().splitlines()[-1] == (
        "urikit: cannot write stdout: No space left on device; the output on stdout is incomplete"
    )
