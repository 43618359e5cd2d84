"""Test configuration: make the helper modules importable, set Hypothesis profiles.

Profiles: "default" (quick, used by the normal suite) and "thorough" (for a long
local run: ``HYPOTHESIS_PROFILE=thorough python -m pytest``).
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings
from pathlib import Path

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).resolve().parent))

# When a test fails, Hypothesis imports libcst to write a patch file, and libcst's
# import of mypy_extensions emits a DeprecationWarning; with filterwarnings=error
# that turns the failure report into an INTERNALERROR. Import it once, quietly.
with warnings.catch_warnings(), contextlib.suppress(ImportError):
    warnings.simplefilter("ignore", DeprecationWarning)
    import hypothesis.extra._patching  # noqa: F401

settings.register_profile(
    "default",
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=5000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
