"""tools/check_dist.py, which .ci/run runs on the sdist and the repaired wheel:
a file that either leaves out fails it."""

from __future__ import annotations

import importlib.util
import io
import subprocess
import tarfile
import zipfile
from pathlib import Path
from types import ModuleType

import paths
import pytest

BUILT = "C_EXTENSION_NOT_BUILT: str | None = None\n"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "check_dist", paths.ROOT / "tools" / "check_dist.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _repository(root: Path, files: list[str]) -> None:
    for name in files:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("x\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "add", "."], check=True)


def _sdist(path: Path, files: list[str]) -> Path:
    with tarfile.open(path, "w:gz") as tar:
        for name in files:
            data = b"x\n"
            info = tarfile.TarInfo(f"urikit-0.1/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


def _wheel(path: Path, files: list[str], info: str = BUILT) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name in files:
            archive.writestr(name, "x\n")
        archive.writestr("urikit/core/_build_info.py", info)
    return path


REPOSITORY = [
    ".ci/run",
    "setup.py",
    "tests/test_a.py",
    "src/urikit/__init__.py",
    "src/urikit/py.typed",
]
SDIST = [name for name in REPOSITORY if not name.startswith(".ci/")]
WHEEL = ["urikit/__init__.py", "urikit/py.typed", "urikit/core/_speedups.cpython-311.so"]


def test_complete_archives_pass(tmp_path: Path) -> None:
    _repository(tmp_path / "repo", REPOSITORY)
    faults = _tool().check(
        _sdist(tmp_path / "u.tar.gz", SDIST), _wheel(tmp_path / "u.whl", WHEEL), tmp_path / "repo"
    )
    assert faults == []


@pytest.mark.parametrize("left_out", ["tests/test_a.py", "setup.py"])
def test_a_tracked_file_left_out_of_the_sdist_fails(tmp_path: Path, left_out: str) -> None:
    _repository(tmp_path / "repo", REPOSITORY)
    sdist = _sdist(tmp_path / "u.tar.gz", [n for n in SDIST if n != left_out])
    faults = _tool().check(sdist, _wheel(tmp_path / "u.whl", WHEEL), tmp_path / "repo")
    assert faults == [f"sdist: {left_out} is tracked by git but not in u.tar.gz"]


@pytest.mark.parametrize("left_out", WHEEL)
def test_a_file_left_out_of_the_wheel_fails(tmp_path: Path, left_out: str) -> None:
    _repository(tmp_path / "repo", REPOSITORY)
    wheel = _wheel(tmp_path / "u.whl", [n for n in WHEEL if n != left_out])
    faults = _tool().check(_sdist(tmp_path / "u.tar.gz", SDIST), wheel, tmp_path / "repo")
    assert len(faults) == 1 and faults[0].startswith("wheel: "), faults
    assert left_out.split("/")[-1].split(".")[0] in faults[0]


def test_a_wheel_built_without_c_fails(tmp_path: Path) -> None:
    _repository(tmp_path / "repo", REPOSITORY)
    wheel = _wheel(tmp_path / "u.whl", WHEEL, info="C_EXTENSION_NOT_BUILT = 'no compiler'\n")
    faults = _tool().check(_sdist(tmp_path / "u.tar.gz", SDIST), wheel, tmp_path / "repo")
    assert len(faults) == 1 and "does not say the C build was made" in faults[0]
