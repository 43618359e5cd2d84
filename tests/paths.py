"""Where the tests find what they read.

The suite runs against the urikit it imports: this checkout's ``src/urikit``
(an editable install), or a package that pip installed from the wheel or the
sdist, with the tests run from a copy of the sdist (CI does both; .ci/run).
So a test that reads the package's files reads them in :data:`PACKAGE`, and a
subprocess that must import the same urikit gets :data:`IMPORT_ROOT` on its
``PYTHONPATH``. What only a source tree has (``setup.py``, ``tools/``, the
sources the tables are generated from) is under :data:`ROOT`, and a test that
needs it is marked :data:`needs_source` (skipped, saying why, where the tree
has no ``src/``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import urikit

#: The tree the tests came in: a checkout, or an unpacked sdist.
ROOT = Path(__file__).resolve().parents[1]
#: The folder of the urikit under test (``src/urikit``, or in site-packages).
PACKAGE = Path(urikit.__file__).resolve().parent
#: The folder that holds it: on a subprocess's PYTHONPATH, it imports the same urikit.
IMPORT_ROOT = PACKAGE.parent
#: The console script's module, beside the package.
ENTRY = IMPORT_ROOT / "_urikit_entry.py"
#: The source of urikit in this tree, when the tree has it.
SOURCE = ROOT / "src" / "urikit"
#: The specs, seeds and corpus beside the tree.
SHARED = ROOT.parent / "shared"

#: For a test of the source tree itself (``setup.py``, ``tools/``, ``src/``).
needs_source: pytest.MarkDecorator = pytest.mark.skipif(
    not (SOURCE / "__init__.py").is_file() or not (ROOT / "setup.py").is_file(),
    reason="needs the source tree (src/, setup.py): this run tests an installed urikit "
    "from a tree without them",
)
