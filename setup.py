"""Build the optional C accelerator ``urikit._speedups``; metadata is in pyproject.toml.

The extension is built whenever a C compiler is available. When it cannot be
built, urikit installs as pure Python (the reference implementation), unless
``URIKIT_REQUIRE_SPEEDUPS=1`` is set, in which case the build fails.
``URIKIT_NO_SPEEDUPS=1`` skips the extension altogether.
"""

from __future__ import annotations

import os
import platform
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


def _flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


REQUIRE = _flag("URIKIT_REQUIRE_SPEEDUPS")
SKIP = _flag("URIKIT_NO_SPEEDUPS") and not REQUIRE


class OptionalBuildExt(build_ext):
    """build_ext that warns instead of failing, unless the accelerator is required."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            self._failed(exc)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:
            self._failed(exc)

    def _failed(self, exc: Exception) -> None:
        if REQUIRE:
            raise SystemExit(
                f"error: URIKIT_REQUIRE_SPEEDUPS is set but urikit._speedups failed to build: {exc}"
            ) from exc
        print(
            f"warning: urikit._speedups not built ({exc}); installing pure Python urikit",
            file=sys.stderr,
        )


ext_modules = []
if not SKIP and (platform.python_implementation() == "CPython" or REQUIRE):
    ext_modules.append(
        Extension(
            "urikit._speedups",
            sources=["src/urikit/_speedups.c"],
            depends=["src/urikit/_tables.h"],
            extra_compile_args=["-O2"] if os.name != "nt" else [],
        )
    )

setup(ext_modules=ext_modules, cmdclass={"build_ext": OptionalBuildExt})
