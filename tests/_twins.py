"""Two copies of urikit in one process: pure Python (the reference) and C-accelerated.

``load(no_speedups)`` imports a fresh copy of the package with URIKIT_NO_SPEEDUPS
set or unset, and puts the caller's modules back afterwards, so tests can call
both implementations side by side. The copies have distinct ``URIError``
classes: compare errors with :func:`error_key`.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

NO_ENV = "URIKIT_NO_SPEEDUPS"
REQUIRE_ENV = "URIKIT_REQUIRE_SPEEDUPS"


def load(*, no_speedups: bool) -> dict[str, ModuleType]:
    """A fresh urikit: {"urikit": package, "urikit._parser": ..., ...}."""
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
        for sub in ("_parser", "percent", "resolve", "normalize", "reference", "batch"):
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


def error_key(exc: BaseException) -> tuple[Any, ...]:
    """What must be equal between two errors: class name, message and URIError fields."""
    return (
        type(exc).__name__,
        str(exc),
        getattr(exc, "reason", None),
        getattr(exc, "component", None),
        getattr(exc, "position", None),
        getattr(exc, "text", None),
    )


def outcome(func: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[str, Any]:
    """("ok", result) or ("error", error_key) for one call."""
    try:
        return ("ok", func(*args, **kwargs))
    except (ValueError, TypeError) as exc:
        return ("error", error_key(exc))
