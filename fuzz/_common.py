"""Shared by the atheris harnesses: input decoding, seeds, and the twin loader.

Each ``fuzz_*.py`` is run as ``python fuzz/fuzz_parse.py [libFuzzer flags]``;
``fuzz/run.sh`` runs every one briefly with a fixed seed, starting from the
seed corpus written by :func:`write_seeds` (RFC 3986 examples and the first
lines of ../shared/corpus).
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[1]
if str(REPO / "src") not in sys.path:
    sys.path.insert(0, str(REPO / "src"))

# RFC 3986 section 1.1.2, 5.4.1, 5.4.2 and 6 examples, plus edge cases.
RFC_EXAMPLES = [
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "http://www.ietf.org/rfc/rfc2396.txt",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "mailto:John.Doe@example.com",
    "news:comp.infosystems.www.servers.unix",
    "tel:+1-816-555-1212",
    "telnet://192.0.2.16:80/",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "foo://example.com:8042/over/there?name=ferret#nose",
    "http://a/b/c/d;p?q",
    "g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x",
    "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g", "../../../g",
    "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g", "./g/.", "g/./h", "g/../h",
    "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x", "g#s/./x", "g#s/../x", "http:g",
    "HTTP://www.EXAMPLE.com/%7euser/./a/../b?%3f#%7E",
    "http://[v7.a:b]/", "http://[::ffff:1.2.3.4]:8080/", "http://u:p@h:/p",
    "a:b:c", "%zz", "http://h/%", "//[::1", "x:/.//y",
]  # fmt: skip


def text_of(data: bytes) -> str:
    """Bytes to str: UTF-8, undecodable bytes as lone surrogates (so any str shape)."""
    return data.decode("utf-8", "surrogateescape")


def write_seeds(directory: Path, corpus_lines: int = 200) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    seeds = list(RFC_EXAMPLES)
    corpus = REPO / ".." / "shared" / "corpus"
    for name in ("urls.txt", "refs.tsv"):
        path = corpus / name
        if path.is_file():
            with path.open(encoding="utf-8", errors="surrogateescape") as f:
                for _, line in zip(range(corpus_lines), f, strict=False):
                    seeds.append(line.rstrip("\n"))
    for k, seed in enumerate(seeds):
        (directory / f"seed-{k:04d}").write_bytes(seed.encode("utf-8", "surrogateescape"))


def load_urikit(*, no_speedups: bool) -> ModuleType:
    """A fresh copy of urikit imported with URIKIT_NO_SPEEDUPS set or unset."""
    names = [n for n in sys.modules if n == "urikit" or n.startswith("urikit.")]
    saved = {n: sys.modules.pop(n) for n in names}
    old = os.environ.get("URIKIT_NO_SPEEDUPS")
    if no_speedups:
        os.environ["URIKIT_NO_SPEEDUPS"] = "1"
    else:
        os.environ.pop("URIKIT_NO_SPEEDUPS", None)
    try:
        module = importlib.import_module("urikit")
        importlib.import_module("urikit.batch")
        importlib.import_module("urikit.iri")
        return module
    finally:
        for n in [n for n in sys.modules if n == "urikit" or n.startswith("urikit.")]:
            del sys.modules[n]
        sys.modules.update(saved)
        if old is None:
            os.environ.pop("URIKIT_NO_SPEEDUPS", None)
        else:
            os.environ["URIKIT_NO_SPEEDUPS"] = old


if __name__ == "__main__":
    write_seeds(Path(sys.argv[1]))
