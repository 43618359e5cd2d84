"""Two copies of urikit side by side: one imported with URIKIT_NO_SPEEDUPS=1 (the
pure-Python reference), one without it (the C accelerator when it is built).

Used by the tests that compare the two builds (core/test_builds_agree.py,
text/test_extraction_scanner.py); sys.modules and the environment are restored after
each load, so the copies never meet the urikit the rest of the suite imports.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterable
from types import ModuleType

NO_ENV = "URIKIT_NO_SPEEDUPS"
REQUIRE_ENV = "URIKIT_REQUIRE_SPEEDUPS"


def load(*, no_speedups: bool, subs: Iterable[str] = ()) -> dict[str, ModuleType]:
    """A fresh urikit with its submodules ``subs`` imported: {"urikit": package,
    "urikit.<sub>": module, ...} (every urikit module the import loaded)."""
    names = [n for n in sys.modules if n == "urikit" or n.startswith("urikit.")]
    saved_modules = {n: sys.modules.pop(n) for n in names}
    saved_env = {k: os.environ.get(k) for k in (NO_ENV, REQUIRE_ENV)}
    os.environ.pop(REQUIRE_ENV, None)
    if no_speedups:
        os.environ[NO_ENV] = "1"
    else:
        os.environ.pop(NO_ENV, None)
    try:
        importlib.import_module("urikit")
        for sub in subs:
            importlib.import_module("urikit." + sub)
        return {n: m for n, m in sys.modules.items() if n == "urikit" or n.startswith("urikit.")}
    finally:
        for n in [n for n in sys.modules if n == "urikit" or n.startswith("urikit.")]:
            del sys.modules[n]
        sys.modules.update(saved_modules)
        for k, v in saved_env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
