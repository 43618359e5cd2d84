"""Sphinx configuration: the urikit API reference (autodoc) and the Markdown pages
(MyST), with the furo theme. Build: ``sphinx-build -W --keep-going -b html docs
docs/_build/html``. The pages' examples are doctested by pytest (pyproject.toml)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import urikit

project = "urikit"
author = "the urikit authors"
copyright = "the urikit authors"
version = release = urikit.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]

myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_default_options = {"show-inheritance": True}
autodoc_typehints = "description"
napoleon_google_docstring = True
napoleon_numpy_docstring = False

html_theme = "furo"
html_title = f"urikit {release}"
