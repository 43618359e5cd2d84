"""Test configuration: make the helper modules importable, set Hypothesis profiles,
and the ``build`` fixture that runs a test on the pure-Python and the C build.

Profiles: "default" (quick, used by the normal suite) and "thorough" (for a long
local run: ``HYPOTHESIS_PROFILE=thorough python -m pytest``).

``URIKIT_TEST_BUILDS=c`` (or ``python``) keeps only that half of the tests that take
the ``build`` fixture: a CI run of the C build whose pure-Python half another run of
the same interpreter makes (and the reverse).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

HERE = Path(__file__).resolve().parent
# The helper modules are imported by their names (``import strategies``), and the
# few test modules another test reuses by theirs (``from test_layers import
# imports_of``): tests/ and each of its folders are on the path, as they are for
# mypy, which reads every test file as a top-level module (so test file names stay
# unique across the folders).
sys.path[:0] = [
    str(HERE),
    *sorted(
        str(d) for d in HERE.iterdir() if d.is_dir() and d.name.isidentifier() and d.name[0] != "_"
    ),
]

from _twins import BUILDS, Build, get  # noqa: E402  (tests/ is on the path from here on)

# When a test fails, Hypothesis imports libcst to write a patch file, and libcst's
# import of mypy_extensions emits a DeprecationWarning; with filterwarnings=error
# that turns the failure report into an INTERNALERROR. Import it once, quietly.
with warnings.catch_warnings(), contextlib.suppress(ImportError):
    warnings.simplefilter("ignore", DeprecationWarning)
    import hypothesis.extra._patching  # noqa: F401

# A run started as a background job of a shell without job control inherits SIGINT
# ignored, and so would every process a test starts: the Ctrl-C tests need the
# signal's default in the tools they start (an exec resets a handler, not SIG_IGN).
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``URIKIT_TEST_BUILDS``, the tests on a build it does not name are
    deselected."""
    wanted = os.environ.get("URIKIT_TEST_BUILDS", "")
    if not wanted:
        return
    names = set(wanted.split(","))
    unknown = names - set(BUILDS)
    if unknown:
        raise pytest.UsageError(f"URIKIT_TEST_BUILDS names no build {sorted(unknown)}: {BUILDS}")
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        callspec = getattr(item, "callspec", None)
        build = callspec.params.get("build") if callspec is not None else None
        (dropped if isinstance(build, str) and build not in names else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture(scope="session", params=BUILDS)
def build(request: pytest.FixtureRequest) -> Build:
    """A fresh urikit, the pure-Python build and then the C one (tests/_twins.py):
    the test runs once on each. The C run skips when the extension is not built
    (fails when URIKIT_REQUIRE_SPEEDUPS is set), and in a run that asks for pure
    Python (URIKIT_NO_SPEEDUPS), whose C comparisons the C run makes."""
    name: str = request.param
    if name == "c" and os.environ.get("URIKIT_NO_SPEEDUPS", "") not in ("", "0"):
        pytest.skip("URIKIT_NO_SPEEDUPS is set: the C build is compared in a C run")
    return get(name)


@pytest.fixture(autouse=True)
def _build_active(request: pytest.FixtureRequest) -> Iterator[None]:
    """During a test on a build, that copy of urikit is the one in sys.modules, so
    that the imports its functions make when called reach the same copy."""
    build = request.getfixturevalue("build") if "build" in request.fixturenames else None
    if not isinstance(build, Build):  # no build, or a test's own parameter of that name
        yield
        return
    with build.active():
        yield
