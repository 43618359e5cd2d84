"""``urikit.__version__``: pyproject.toml's version, read from the package
metadata on first use (``import urikit`` does not pay for importlib.metadata),
and what ``urikit --version`` shows."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import urikit
from urikit.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _expected() -> str:
    try:
        return importlib.metadata.version("urikit")
    except importlib.metadata.PackageNotFoundError:  # run from the source tree
        with (ROOT / "pyproject.toml").open("rb") as f:
            found = tomllib.load(f)["project"]["version"]
        assert isinstance(found, str)
        return found


def test_version_is_the_distributions() -> None:
    assert urikit.__version__ == _expected()
    assert "__version__" in dir(urikit) and "__version__" in urikit.__all__


def test_import_does_not_read_the_metadata() -> None:
    code = (
        "import sys, urikit, urikit.cli; "
        "print(sorted({'importlib.metadata', 'tomllib'} & set(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_cli_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert shown.startswith(f"urikit {_expected()}, ")
    assert shown.endswith(urikit.core._accel.describe())


def _not_installed(monkeypatch: pytest.MonkeyPatch, tree: Path) -> None:
    """``urikit._version`` as if urikit were not installed and lay in ``tree``."""

    def version(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", version)
    package = tree / "src" / "urikit"
    package.mkdir(parents=True)
    monkeypatch.setattr(urikit, "__file__", str(package / "__init__.py"))


@pytest.mark.parametrize(
    ("pyproject", "expected"),
    [
        ('[project]\nname = "urikit"\nversion = "9.8.7"\n', "9.8.7"),
        ('[project]\nname = "other"\nversion = "9.8.7"\n', "0+unknown"),
        ('[project]\nname = "urikit"\ndynamic = ["version"]\n', "0+unknown"),
        ("[project\n", "0+unknown"),
        (None, "0+unknown"),
    ],
)
def test_version_from_a_source_tree(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, pyproject: str | None, expected: str
) -> None:
    _not_installed(monkeypatch, tmp_path)
    if pyproject is not None:
        (tmp_path / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    assert urikit._version() == expected
