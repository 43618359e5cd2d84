"""The inspector's Python side under CPython: the analysis the page shows, the
stand-in for ``regex`` that the page uses, the build and the server. The page
itself, in Chromium, is tests/inspector/test_inspector_browser.py."""

from __future__ import annotations

import importlib.util
import itertools
import json
import sys
import threading
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit.inspector import PYODIDE_VERSION, _browser, default_pyodide_base
from urikit.inspector.__main__ import main
from urikit.inspector._analysis import RULES, analyse, find
from urikit.inspector._build import OPTIONAL_WHEELS, invisible_ranges
from urikit.inspector._serve import make_server
from urikit.security import _text as security_text
from urikit.security import check


def test_segments_cover_the_input_as_written() -> None:
    text = "HTTP://us%65r@[::1]:8080/a/b%20c?x=1&y#Frag"
    a = analyse(text)
    assert "".join(s["text"] for s in a["segments"]) == text
    named = {s["component"]: s["text"] for s in a["segments"] if s["component"] != "delimiter"}
    assert named == {
        "scheme": "HTTP",
        "userinfo": "us%65r",
        "host": "[::1]",
        "port": "8080",
        "path": "/a/b%20c",
        "query": "x=1&y",
        "fragment": "Frag",
    }
    assert (a["host_kind"], a["path_segments"], a["query_params"]) == (
        "ipv6",
        ["a", "b c"],
        [["x", "1"], ["y", None]],
    )
    assert a["normal"] == {"value": "http://user@[::1]:8080/a/b%20c?x=1&y#Frag"}
    assert a["error"] is None


#: Invalid inputs, cut as RFC 3986 Appendix B delimits them: (text, the
#: components as (name, text), the error's component and position).
INVALID = [
    (
        "http://exa mple.com/",
        [("scheme", "http"), ("host", "exa mple.com"), ("path", "/")],
        "host",
        10,
    ),
    (
        "http://h:8x/p?q#f",
        [
            ("scheme", "http"),
            ("host", "h"),
            ("port", "8x"),
            ("path", "/p"),
            ("query", "q"),
            ("fragment", "f"),
        ],
        "port",
        10,
    ),
    (
        "http://u@[::1:80/x",
        [("scheme", "http"), ("userinfo", "u"), ("host", "[::1:80"), ("path", "/x")],
        "host",
        16,
    ),
    (
        "http://[::1]:8x/",
        [("scheme", "http"), ("host", "[::1]"), ("port", "8x"), ("path", "/")],
        "port",
        14,
    ),
    ("x:a b#%", [("scheme", "x"), ("path", "a b"), ("fragment", "%")], "path", 3),
    ("a b", [("path", "a b")], "path", 1),
    ("//u@h@i/", [("userinfo", "u"), ("host", "h@i"), ("path", "/")], "host", 5),
]


@pytest.mark.parametrize(("text", "parts", "component", "position"), INVALID)
def test_an_invalid_input_is_still_cut_into_components(
    text: str, parts: list[tuple[str, str]], component: str, position: int
) -> None:
    a = analyse(text)
    assert "".join(s["text"] for s in a["segments"]) == text
    assert [
        (s["component"], s["text"]) for s in a["segments"] if s["component"] != "delimiter"
    ] == parts
    assert (a["error"]["component"], a["error"]["position"]) == (component, position)
    for s in a["segments"]:
        assert text[s["start"] : s["end"]] == s["text"]


@given(st.text(max_size=40))
def test_segments_always_cover_the_input(text: str) -> None:
    segments = analyse(text)["segments"]
    assert "".join(s["text"] for s in segments) == text
    assert all(a["end"] == b["start"] for a, b in itertools.pairwise(segments))


def test_the_domain_of_a_reg_name_host() -> None:
    pytest.importorskip("publicsuffixlist")
    from urikit import domains

    for text in ("https://forums.news.bbc.co.uk/x", "http://a.b.github.io/", "http://bücher.de/"):
        parts = domains.split(text)
        assert analyse(text)["domain"] == {
            "registrable_domain": parts.registrable_domain,
            "public_suffix": parts.suffix,
            "subdomain": parts.subdomain or None,
            "section": parts.section,
        }
    assert analyse("http://co.uk/")["domain"] == {
        "registrable_domain": None,
        "public_suffix": "co.uk",
        "subdomain": None,
        "section": "icann",
    }
    assert analyse("http://localhost/")["domain"]["section"] is None  # the default rule


@pytest.mark.parametrize(
    "text", ["http://10.0.0.1/", "http://[::1]/", "http://0x7f.1/", "urn:a:b", "file:///x", "a b"]
)
def test_no_domain_without_a_reg_name_host(text: str) -> None:
    assert analyse(text)["domain"] is None


def test_the_domain_says_when_the_list_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under Pyodide the publicsuffixlist package may be missing: a note, no error."""
    import urikit.domains
    from urikit.inspector._analysis import NO_LIST

    def missing() -> None:
        raise ImportError("urikit.domains needs publicsuffixlist: pip install 'urikit[domains]'")

    monkeypatch.setattr(urikit.domains, "default_list", missing)
    a = analyse("https://www.example.org/")
    assert a["domain"] == {"unavailable": NO_LIST} and a["error"] is None
    assert analyse("http://10.0.0.1/")["domain"] is None
    json.dumps(a)  # the page reads it as JSON


def test_the_domain_says_when_the_list_cannot_be_read(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import urikit.domains

    monkeypatch.setenv(urikit.domains.ENVIRONMENT, str(tmp_path / "none.dat"))
    urikit.domains.use(None)  # forget a list loaded before
    try:
        a = analyse("https://www.example.org/")
    finally:
        monkeypatch.delenv(urikit.domains.ENVIRONMENT)
        urikit.domains.use(None)
    assert a["error"] is None and "none.dat" in a["domain"]["unavailable"]


def test_error_position_and_rules() -> None:
    a = analyse("http://h/a b")
    assert a["error"] == {
        "message": "invalid character ' ' in path at position 10",
        "position": 10,
        "component": "path",
    }
    assert a["rules"] == dict.fromkeys(RULES, False)
    assert a["normal"] is None and a["compared"] is None
    assert analyse("/a?b")["rules"] == {
        "URI": False,
        "URI-reference": True,
        "absolute-URI": False,
        "relative-ref": True,
    }


def test_compared_reading_is_normalized() -> None:
    """What the page compares with ``new URL()``: case, a default port and dot
    segments are no difference; 0x7f.1 stays a reg-name."""
    assert analyse("HTTP://Example.COM:80/a/./b/../c?q#f")["compared"] == {
        "href": "http://example.com/a/c?q#f",
        "hostname": "example.com",
        "port": "",
        "pathname": "/a/c",
        "search": "?q",
        "hash": "#f",
    }
    assert analyse("http://0x7f.1/")["compared"]["hostname"] == "0x7f.1"
    # an IRI is compared in its URI form, its host an A-label as the browser shows it
    assert analyse("http://b\u00fccher.example/")["compared"]["hostname"] == (
        "xn--bcher-kva.example"
    )
    resolved = analyse("../g", "http://a/b/c/d;p?q")
    assert resolved["base"] == {"value": "http://a/b/g"}
    assert resolved["compared"]["href"] == "http://a/b/g"


def test_octets_that_are_not_utf8_are_shown_not_raised() -> None:
    a = analyse("http://h/a%E0b?k=%FF")
    assert a["error"] is None
    assert a["path_segments"] == ["a\ufffdb"] and a["query_params"] == [["k", "\ufffd"]]


def test_base_and_iri_errors_are_reported_not_raised() -> None:
    a = analyse("g", "not a base")
    assert set(a["base"]) == {"error"}
    assert analyse("http://h/a b")["iri"]["to_uri"].keys() == {"error"}


def test_findings_and_text_mode() -> None:
    a = analyse("http://\u0440\u0430\u0443\u0440\u0430\u04cf.com/")
    (f,) = a["findings"]
    assert (f["code"], f["severity"], f["start"], f["end"]) == ("idn-homograph", "danger", 7, 17)
    text = "a http://x.example/p and\n<https://y.example/>"
    assert [(e["uri"], text[e["start"] : e["end"]]) for e in find(text)] == [
        ("http://x.example/p", "http://x.example/p"),
        ("https://y.example/", "<https://y.example/>"),
    ]


def test_stand_in_matches_regex_on_every_code_point() -> None:
    real = security_text._invisible_re()
    stand_in = _browser._stand_in(invisible_ranges()).compile(security_text._INVISIBLE_SET, 0)
    differ = [
        cp
        for cp in range(sys.maxunicode + 1)
        if not 0xD800 <= cp <= 0xDFFF
        and (real.fullmatch(chr(cp)) is None) != (stand_in.fullmatch(chr(cp)) is None)
    ]
    assert differ == []


def test_checks_give_the_same_findings_with_the_stand_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``regex`` not importable, as in the browser, the stand-in that
    ``_browser.install`` puts in its place gives the findings that ``regex`` gives."""
    texts = [
        "http://example.com/a\u200bb",
        "http://ex\u00adample.com/",
        "http://b\u00fccher.de/%E2%80%8B",
    ]
    real = [[(f.code, f.start, f.end) for f in check(t).findings] for t in texts]
    assert any(code == "invisible-character" for code, _, _ in real[0])
    ranges = invisible_ranges()
    assert _browser.install(ranges) is False  # the real one is there
    monkeypatch.setitem(sys.modules, "regex", None)
    security_text._invisible_re.cache_clear()
    try:
        with pytest.raises(ImportError):
            check(texts[0])
        assert _browser.install(ranges) is True
        assert [[(f.code, f.start, f.end) for f in check(t).findings] for t in texts] == real
    finally:
        security_text._invisible_re.cache_clear()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    assert main(["build", str(out), "--pyodide", "/pyodide"]) == 0
    return out


def test_build_writes_page_wheels_and_config(built: Path) -> None:
    config = json.loads((built / "inspector.json").read_text(encoding="utf-8"))
    assert config["pyodide"] == "/pyodide/" and config["pyodide_version"] == PYODIDE_VERSION
    names = sorted(Path(w).name.split("-")[0] for w in config["wheels"])
    # the Public Suffix List's package when it is installed here (the [domains] extra)
    optional = [n for n in OPTIONAL_WHEELS if importlib.util.find_spec(n) is not None]
    assert names == sorted(["confusable_homoglyphs", "idna", "urikit", *optional])
    for wheel in config["wheels"]:
        assert wheel.endswith("-none-any.whl") and (built / wheel).is_file()
    (urikit_wheel,) = (built / w for w in config["wheels"] if "urikit-" in w)
    with zipfile.ZipFile(urikit_wheel) as z:
        files = z.namelist()
    assert "urikit/inspector/_analysis.py" in files
    assert not [f for f in files if f.endswith((".so", ".pyd"))]
    for name in ("index.html", "inspector.css", "inspector.js"):
        assert (built / name).stat().st_size > 0
    assert default_pyodide_base().endswith(f"/v{PYODIDE_VERSION}/full/")
    # Pyodide from a path of the page's server: what the page opened from a file says
    page = (built / "index.html").read_text(encoding="utf-8")
    assert 'data-pyodide-local="1"' in page
    assert '<link rel="modulepreload" href="/pyodide/pyodide.mjs">' in page


def test_serve_refuses_a_pyodide_folder_without_pyodide(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--pyodide", str(tmp_path), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert f"--pyodide {tmp_path}: no pyodide.mjs there" in err
    assert f"npm pack pyodide@{PYODIDE_VERSION}" in err


def test_server_types_and_pyodide_folder(built: Path, tmp_path: Path) -> None:
    (tmp_path / "pyodide.mjs").write_text("export {};", encoding="utf-8")
    (tmp_path / "pyodide.asm.wasm").write_bytes(b"\0asm")
    server = make_server(built, tmp_path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        with urllib.request.urlopen(base + "/") as r:
            assert b"urikit inspector" in r.read()
        for path, kind in [
            ("/inspector.js", "text/javascript"),
            ("/pyodide/pyodide.mjs", "text/javascript"),
            ("/pyodide/pyodide.asm.wasm", "application/wasm"),
        ]:
            with urllib.request.urlopen(base + path) as r:
                assert r.headers["Content-Type"] == kind
        with pytest.raises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(base + "/pyodide/../../../etc/passwd")
        caught.value.close()
        assert caught.value.code == 404
    finally:
        server.shutdown()
        server.server_close()
