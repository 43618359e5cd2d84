"""The documentation's pictures are drawn from urikit by tools/draw_docs.py: the
committed ones in docs/_static/ must be what the script draws now."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

import urikit

ROOT = Path(__file__).resolve().parents[2]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("draw_docs", ROOT / "tools" / "draw_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("draw_docs", module)
    spec.loader.exec_module(module)
    return module


draw_docs = _load()


def test_committed_pictures_are_fresh() -> None:
    assert draw_docs.stale(ROOT / "docs" / "_static") == []
    assert draw_docs.main(["--check"]) == 0


def test_check_fails_on_a_stale_or_missing_picture(tmp_path: Path) -> None:
    assert draw_docs.main(["--out", str(tmp_path)]) == 0
    assert draw_docs.main(["--check", "--out", str(tmp_path)]) == 0
    (tmp_path / "ladder.svg").write_text("<svg/>", encoding="utf-8")
    (tmp_path / "guard.svg").unlink()
    assert draw_docs.stale(tmp_path) == ["ladder.svg", "guard.svg"]
    assert draw_docs.main(["--check", "--out", str(tmp_path)]) == 1


@pytest.mark.parametrize("text", draw_docs.COMPONENT_EXAMPLES)
def test_components_are_where_parse_finds_them(text: str) -> None:
    ref = urikit.parse(text)
    found = draw_docs.spans(text)
    for name, start, end in found:
        assert text[start:end] == getattr(ref, name)
    named = {name for name, _, _ in found}
    defined = {
        name
        for name in ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")
        if getattr(ref, name) is not None
    }
    assert named >= defined


def test_the_ladder_shows_urikits_normal_forms() -> None:
    svg = draw_docs.draw_ladder("HTTP://Example.COM:80/a")
    assert "http://example.com:80/a" in svg  # syntax-based: the port stays
    assert "http://example.com/a" in svg  # scheme-based: the default port goes
