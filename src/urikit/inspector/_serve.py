"""Serving a built page (and a local copy of Pyodide) on 127.0.0.1."""

from __future__ import annotations

import functools
import http.server
import os
import posixpath
import urllib.parse
from pathlib import Path
from typing import Any

#: Where the server puts the local copy of Pyodide.
PYODIDE_PATH = "/pyodide/"


#: The content types that a browser insists on (modules, WebAssembly).
_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".json": "application/json",
}


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Files of the page; under ``/pyodide/``, files of the Pyodide folder."""

    def __init__(self, *args: Any, pyodide: Path | None, **kwargs: Any) -> None:
        self.pyodide = pyodide
        self.extensions_map = {**self.extensions_map, **_TYPES}
        super().__init__(*args, **kwargs)

    def translate_path(self, path: str) -> str:
        clean = posixpath.normpath(urllib.parse.unquote(path.split("?", 1)[0].split("#", 1)[0]))
        if self.pyodide is not None and (clean + "/").startswith(PYODIDE_PATH):
            rest = clean[len(PYODIDE_PATH) :].lstrip("/")
            return str(self.pyodide / rest) if rest else str(self.pyodide)
        return super().translate_path(path)

    def log_message(self, format: str, *args: Any) -> None:
        if os.environ.get("URIKIT_INSPECTOR_LOG"):
            super().log_message(format, *args)


def make_server(
    site: str | os.PathLike[str], pyodide: str | os.PathLike[str] | None = None, port: int = 0
) -> http.server.ThreadingHTTPServer:
    """A server of the page built in ``site`` (and of the Pyodide folder
    ``pyodide`` under ``/pyodide/``) on 127.0.0.1:``port`` (0: a free port)."""
    handler = functools.partial(
        _Handler, directory=str(site), pyodide=None if pyodide is None else Path(pyodide)
    )
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
