"""tools/check_doc_anchors.py, which .ci/docs-links runs over the built site:
a link to a missing page or to an anchor its page does not have is reported,
one to an existing anchor, to an external site or to a page's top is not."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load() -> ModuleType:
    path = ROOT / "tools" / "check_doc_anchors.py"
    spec = importlib.util.spec_from_file_location("check_doc_anchors", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("check_doc_anchors", module)
    spec.loader.exec_module(module)
    return module


check = _load()


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "sub").mkdir()
    (tmp_path / "_modules").mkdir()
    (tmp_path / "index.html").write_text(
        '<a href="sub/page%20two.html#part-1">ok</a>'
        '<a href="sub/page%20two.html#gone">gone</a>'
        '<a href="missing.html">missing</a>'
        '<a href="https://example.org/x#nowhere">external</a>'
        '<a href="#top">own</a><h1 id="top">t</h1>',
        encoding="utf-8",
    )
    (tmp_path / "sub" / "page two.html").write_text(
        '<section id="part-1"><a href="../index.html#top">up</a><a name="old">o</a></section>'
        '<a href="#old">old</a><img src="../pic.svg">',
        encoding="utf-8",
    )
    (tmp_path / "_modules" / "index.html").write_text('<a href="builtins.html">b</a>')
    return tmp_path


def test_broken_pages_and_anchors_are_reported(site: Path) -> None:
    found = check.broken_links(site)
    assert [line.split(" (")[0] for line in found] == [
        "index.html:1: 'sub/page%20two.html#gone'",
        "index.html:1: 'missing.html'",
        "sub/page two.html:1: '../pic.svg'",
    ]
    assert "no anchor 'gone' in page two.html" in found[0]
    assert check.main([str(site)]) == 1


def test_a_site_without_broken_links_passes(site: Path) -> None:
    (site / "pic.svg").write_text("<svg/>", encoding="utf-8")
    (site / "missing.html").write_text("<p>here</p>", encoding="utf-8")
    (site / "sub" / "page two.html").write_text('<p id="gone">', encoding="utf-8")
    (site / "index.html").write_text(
        '<a href="sub/page%20two.html#gone">x</a><a href="missing.html">y</a>', encoding="utf-8"
    )
    assert check.broken_links(site) == []
    assert check.main([str(site)]) == 0


def test_not_a_directory(tmp_path: Path) -> None:
    assert check.main([str(tmp_path / "nothing")]) == 2
