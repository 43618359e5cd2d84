#!/usr/bin/env python3
"""Check the links between the pages of a built HTML site: every link from one
page to another file of the site must find that file, and its ``#fragment`` an
element of that id (or an ``<a name>``) there.

    python tools/check_doc_anchors.py docs/_build/html   # exit 1 on a broken link

``sphinx-build -b linkcheck`` checks that the files a page links to exist but not
the anchors within them; a ``#section`` that a heading's rename removed still
builds without a warning when it is written as a raw link. The links are read
with :func:`urikit.html.links` and resolved against each page's own file URI;
links to other hosts or schemes (``http:``, ``mailto:`` ...) are not checked here.
The pages Sphinx generates under ``_modules/`` (viewcode's source listings) are
not read: their index links each module named by a documented object, ``builtins``
included, which has no listing.
"""

from __future__ import annotations

import argparse
import functools
import sys
from pathlib import Path

import lxml.html  # type: ignore[import-untyped]

import urikit
from urikit.html import links
from urikit.schemes._file import FileView


@functools.cache
def _anchors(page: Path) -> frozenset[str]:
    """The ids and ``<a name>`` values of the HTML file ``page``."""
    tree = lxml.html.fromstring(page.read_bytes())
    return frozenset(tree.xpath("//@id | //a/@name"))


def broken_links(site: Path) -> list[str]:
    """``page: link (why)`` for every link of a page under ``site`` to a file
    that does not exist or to an anchor that its target does not have."""
    _anchors.cache_clear()
    found: list[str] = []
    for page in sorted(site.rglob("*.html")):
        if page.relative_to(site).parts[0] == "_modules":
            continue
        base = str(FileView.from_path(str(page.resolve())))
        for link in links(page.read_text(encoding="utf-8"), base=base):
            shown = f"{page.relative_to(site)}:{link.line}: {link.raw!r}"
            if link.uri is None:
                found.append(f"{shown} (not a URI reference: {link.error})")
                continue
            ref = urikit.parse(link.uri)
            if (ref.scheme or "").lower() != "file":
                continue
            target = Path(FileView(str(ref.with_fragment(None).with_query(None))).to_path())
            if not target.is_file():
                found.append(f"{shown} (no file {target})")
            elif ref.fragment and target.suffix == ".html":
                anchor = urikit.percent_decode(ref.fragment)
                if anchor not in _anchors(target):
                    found.append(f"{shown} (no anchor {anchor!r} in {target.name})")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("site", type=Path, help="the built HTML site (sphinx-build -b html)")
    args = parser.parse_args(argv)
    if not args.site.is_dir():
        print(f"{args.site}: not a directory", file=sys.stderr)
        return 2
    found = broken_links(args.site)
    for line in found:
        print(line)
    pages = sum(1 for _ in args.site.rglob("*.html"))
    print(f"{pages} pages, {len(found)} broken internal links or anchors", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
