"""``python -m urikit.inspector build OUT [--pyodide BASE]`` and
``python -m urikit.inspector serve [--pyodide DIR] [--port N]``."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from . import PYODIDE_VERSION, build, default_pyodide_base
from ._serve import PYODIDE_PATH, make_server


def main(argv: list[str] | None = None) -> int:
    """Run the command line; the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m urikit.inspector", description="urikit's page for the browser."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="write the page and its wheels into OUT")
    b.add_argument("out", metavar="OUT")
    b.add_argument(
        "--pyodide",
        metavar="BASE",
        help=f"where Pyodide {PYODIDE_VERSION}'s files load from (default: its CDN)",
    )
    s = sub.add_parser("serve", help="build the page into a temporary folder and serve it")
    s.add_argument(
        "--pyodide",
        metavar="DIR",
        help=f"a local copy of Pyodide {PYODIDE_VERSION} (the npm package), served too",
    )
    s.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    try:
        if args.command == "build":
            print(build(args.out, args.pyodide))
            return 0
        if args.pyodide and not Path(args.pyodide, "pyodide.mjs").is_file():
            print(
                f"python -m urikit.inspector: --pyodide {args.pyodide}: no pyodide.mjs there;"
                f" give the folder of Pyodide {PYODIDE_VERSION}'s npm package"
                f" (npm pack pyodide@{PYODIDE_VERSION}, then tar xzf: its package/ folder)",
                file=sys.stderr,
            )
            return 2
        with tempfile.TemporaryDirectory() as site:
            build(site, PYODIDE_PATH if args.pyodide else None)
            server = make_server(site, args.pyodide, args.port)
            url = f"http://127.0.0.1:{server.server_port}/"
            print(f"serving the urikit inspector on {url} (Ctrl-C stops)")
            if not args.pyodide:
                print(
                    f"the page loads Pyodide from {default_pyodide_base()};"
                    " without access to it, serve a local copy with --pyodide DIR"
                    " (see docs/inspector.md)",
                    file=sys.stderr,
                )
            sys.stdout.flush()
            try:
                server.serve_forever()
            finally:
                server.server_close()
    except OSError as exc:
        print(f"python -m urikit.inspector: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
