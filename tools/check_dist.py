#!/usr/bin/env python3
"""Fail when the sdist or the wheel leaves out a file the package needs.

    python tools/check_dist.py dist/urikit-X.tar.gz dist/urikit-X-....whl

* The sdist holds every file of the repository that git tracks, but the CI
  scripts and the repository's own settings (``EXCLUDED``), so that it builds,
  tests and documents urikit on its own, unpacked anywhere.
* The wheel holds every file of the sdist's ``src/`` that is code or package
  data (the modules, ``py.typed``, the ``.pyi`` stubs, the inspector's static
  files, the C sources the layering test reads), the compiled accelerator, and a
  ``_build_info.py`` that says it was built.

Exit status 1 with one line per missing file; 0 with a summary.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from fnmatch import fnmatch
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[1]
#: Tracked files the sdist does not need: CI's scripts and the repository's settings.
EXCLUDED = (".ci/*", ".git*", ".pre-commit-config.yaml", ".readthedocs.yaml")
#: What of src/ is installed: code and package data.
INSTALLED = ("*.py", "*.pyi", "py.typed", "*.html", "*.css", "*.js", "*.c", "*.h")


def tracked(root: Path) -> list[str] | None:
    """The files git tracks under ``root``, or ``None`` outside a git checkout."""
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z"], capture_output=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    return [name for name in done.stdout.decode("utf-8").split("\0") if name]


def sdist_files(path: Path) -> list[str]:
    """The sdist's files, relative to its top folder."""
    with tarfile.open(path) as tar:
        names = [m.name for m in tar.getmembers() if m.isfile()]
    return sorted(str(PurePosixPath(*PurePosixPath(n).parts[1:])) for n in names)


def check(sdist: Path, wheel: Path, root: Path = ROOT) -> list[str]:
    """What is missing, one line each."""
    faults: list[str] = []
    in_sdist = set(sdist_files(sdist))
    repository = tracked(root)
    if repository is None:
        print("not a git checkout: the sdist is not compared with the tracked files")
    else:
        for name in repository:
            if not any(fnmatch(name, pattern) for pattern in EXCLUDED) and name not in in_sdist:
                faults.append(f"sdist: {name} is tracked by git but not in {sdist.name}")
    with zipfile.ZipFile(wheel) as archive:
        in_wheel = set(archive.namelist())
        info = (
            archive.read("urikit/core/_build_info.py").decode()
            if ("urikit/core/_build_info.py" in in_wheel)
            else ""
        )
    for name in sorted(in_sdist):
        if not name.startswith("src/") or name.startswith("src/urikit.egg-info/"):
            continue
        inside = name.removeprefix("src/")
        if any(fnmatch(PurePosixPath(inside).name, p) for p in INSTALLED) and (
            inside not in in_wheel
        ):
            faults.append(f"wheel: {inside} is in the sdist's src/ but not in {wheel.name}")
    if not any(fnmatch(n, "urikit/core/_speedups*.so") for n in in_wheel):
        faults.append(f"wheel: no compiled urikit/core/_speedups in {wheel.name}")
    if "C_EXTENSION_NOT_BUILT: str | None = None" not in info:
        faults.append(
            f"wheel: urikit/core/_build_info.py does not say the C build was made: {info!r}"
        )
    if not faults:
        print(
            f"{sdist.name}: {len(in_sdist)} files, every tracked one; "
            f"{wheel.name}: {len(in_wheel)} files, every installed one of src/ and the C build"
        )
    return faults


def main(argv: list[str]) -> int:
    if len(argv) != 2 or not argv[0].endswith(".tar.gz") or not argv[1].endswith(".whl"):
        print("usage: python tools/check_dist.py SDIST.tar.gz WHEEL.whl", file=sys.stderr)
        return 2
    faults = check(Path(argv[0]), Path(argv[1]))
    for fault in faults:
        print(fault)
    return 1 if faults else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
