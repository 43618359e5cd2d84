"""Each standard's character classes are its own: a change to one moves no other's.

RFC 3986's classes are urikit.core._charsets'; RFC 8141's, RFC 3987's, RFC 2396's,
RFC 1738's and the 1993 draft's are spelt beside their grammars (each tested
against its RFC's ABNF in tests/core/test_percent.py, tests/urn/test_urn_charsets.py,
tests/iri/test_iri_charsets.py and tests/legacy/test_legacy_charsets.py), and the
two classes only C's fast paths read are derived from RFC 3986's by
tools/gen_tables.py. Here one class of one standard is widened (or narrowed) in a copy of the
tree, and every standard's classes, the C fast paths' and what the parsers read
are compared with those of the unchanged copy: exactly the changed standard's move.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import string
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import paths
import pytest
from paths import needs_source

from urikit.core import _charsets

# Run in the copy: every standard's classes (the frozensets of its modules), the C
# fast paths' classes, and the ASCII characters each parser keeps in a component.
READ_ALL = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from gen_tables import fast_path_classes
import urikit
from urikit import URN, URIError, iri
from urikit.core import _charsets
from urikit.core._percent import COMPONENT_SAFE
from urikit.iri import _syntax as iri_syntax
from urikit.legacy import draft1993, grammars, is_valid_rfc2396, resolution, rfc1738
from urikit.urn import _namespaces, _syntax as urn_syntax

def classes(*modules):
    return {
        f"{m.__name__}.{k}": "".join(sorted(v))
        for m in modules for k, v in vars(m).items()
        if isinstance(v, frozenset) and all(isinstance(c, str) for c in v)
    }

def kept(read, text, value):
    out = []
    for c in map(chr, range(0x21, 0x7F)):
        try:
            if read(text + c) == value + c:
                out.append(c)
        except URIError:
            pass
    return "".join(out)

def valid(check, text):
    return "".join(c for c in map(chr, range(0x21, 0x7F)) if check(text + c))

out = {
    "RFC 3986": {
        **classes(_charsets), **{k: "".join(sorted(v)) for k, v in COMPONENT_SAFE.items()}
    },
    "RFC 8141": classes(urn_syntax, _namespaces),
    "RFC 3987": classes(iri_syntax),
    "RFC 2396": classes(grammars, resolution),
    "RFC 1738": classes(rfc1738),
    "1993 draft": classes(draft1993),
    "C fast paths": {k: "".join(sorted(v)) for k, v in fast_path_classes().items()},
    "RFC 3986 parse": {
        "query": kept(lambda t: urikit.parse(t).query, "a:?x", "x"),
        "fragment": kept(lambda t: urikit.parse(t).fragment, "a:#x", "x"),
    },
    "RFC 8141 parse": {
        name: kept(lambda t, n=name: getattr(URN.parse(t), n), text, "x")
        for name, text in [
            ("nss", "urn:example:x"),
            ("r_component", "urn:example:a?+x"),
            ("q_component", "urn:example:a?=x"),
            ("f_component", "urn:example:a#x"),
        ]
    },
    "RFC 3987 parse": {
        "query": kept(lambda t: iri.parse(t).query, "a:?x", "x"),
        "fragment": kept(lambda t: iri.parse(t).fragment, "a:#x", "x"),
    },
    "RFC 2396 parse": {"query": valid(is_valid_rfc2396, "a:/b?x")},
}
print(json.dumps(out))
"""

# (module, its definition as written, the definition changed, the groups that move)
WIDENED = [
    pytest.param(
        "core/_charsets.py",
        'QUERY = PCHAR | frozenset("/?")',
        'QUERY = PCHAR | frozenset("/?[")',
        # the IRI parser reads RFC 3986's query through its stand-in (its premise,
        # which tests/iri/test_iri_charsets.py::test_stand_in_reading_holds then fails)
        {"RFC 3986", "RFC 3986 parse", "RFC 3987 parse"},
        id="rfc3986-query",
    ),
    pytest.param(
        "core/_charsets.py",
        'FRAGMENT = PCHAR | frozenset("/?")',
        'FRAGMENT = PCHAR | frozenset("/?[")',
        {"RFC 3986", "RFC 3986 parse", "RFC 3987 parse"},
        id="rfc3986-fragment",
    ),
    pytest.param(
        "urn/_syntax.py",
        'Q_COMPONENT: Final = PCHAR | frozenset("/?")',
        # narrowed: a URN is a URI first, so RFC 3986 refuses what URNs would widen to
        'Q_COMPONENT: Final = (PCHAR - frozenset("!")) | frozenset("/?")',
        {"RFC 8141", "RFC 8141 parse"},
        id="rfc8141-q-component",
    ),
    pytest.param(
        "urn/_syntax.py",
        'F_COMPONENT: Final = PCHAR | frozenset("/?")',
        'F_COMPONENT: Final = (PCHAR - frozenset("!")) | frozenset("/?")',
        {"RFC 8141", "RFC 8141 parse"},
        id="rfc8141-f-component",
    ),
    pytest.param(
        "iri/_syntax.py",
        'IQUERY_ASCII: Final = IPCHAR_ASCII | frozenset("/?")',
        'IQUERY_ASCII: Final = IPCHAR_ASCII | frozenset("/?[")',
        {"RFC 3987"},
        id="rfc3987-iquery",
    ),
    pytest.param(
        "legacy/grammars.py",
        '_MARK: Final = frozenset("-_.!~*\'()")',
        '_MARK: Final = frozenset("-_.!~*\'()|")',
        {"RFC 2396", "RFC 2396 parse"},
        id="rfc2396-mark",
    ),
    pytest.param(
        "legacy/rfc1738.py",
        '_EXTRA: Final = frozenset("!*\'(),")',
        '_EXTRA: Final = frozenset("!*\'(),~")',
        {"RFC 1738"},
        id="rfc1738-extra",
    ),
    pytest.param(
        "legacy/draft1993.py",
        '_SAFE: Final = frozenset("$-_@.&")',
        '_SAFE: Final = frozenset("$-_@.&=")',
        {"1993 draft"},
        id="draft1993-safe",
    ),
]


def _read_all(copy: Path) -> dict[str, dict[str, str]]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(copy / "src")
    env["URIKIT_NO_SPEEDUPS"] = "1"
    run = subprocess.run(
        [sys.executable, "-c", READ_ALL, str(copy / "tools")],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    result: dict[str, dict[str, str]] = json.loads(run.stdout)
    return result


@needs_source
@pytest.mark.parametrize(("module", "old", "new", "moved"), WIDENED)
def test_widening_one_standards_class_moves_no_other(
    tmp_path: Path, module: str, old: str, new: str, moved: set[str]
) -> None:
    copy = tmp_path / "repo"
    shutil.copytree(paths.ROOT / "tools", copy / "tools")
    shutil.copytree(
        paths.PACKAGE,
        copy / "src" / "urikit",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
    )
    before = _read_all(copy)
    path = copy / "src" / "urikit" / module
    source = path.read_text(encoding="utf-8")
    assert source.count(old) == 1, f"{module} no longer holds {old!r}: update this test"
    path.write_text(source.replace(old, new), encoding="utf-8")
    after = _read_all(copy)
    assert set(after) == set(before)
    changed = {group for group in before if before[group] != after[group]}
    assert changed == moved


def _gen_tables() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "gen_tables", paths.ROOT / "tools" / "gen_tables.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


UNRESERVED = string.ascii_letters + string.digits + "-._~"  # RFC 3986 section 2.3
SUB_DELIMS = "!$&'()*+,;="  # section 2.2


@needs_source
def test_c_fast_path_classes_are_rfc3986s_as_each_path_needs() -> None:
    """The canonical forms' fast path reads RFC 3986's reserved and unreserved
    characters but "#" "[" "]"; the Arrow pass the characters RFC 3986's query and
    path (with "?") both take, its delimiters those a reg-name does not take."""
    fast = _gen_tables().fast_path_classes()
    assert fast["CANON_PLAIN"] == frozenset(UNRESERVED + SUB_DELIMS + ":/?@")
    assert fast["ARROW_PLAIN"] == frozenset(UNRESERVED + SUB_DELIMS + ":/?@")
    assert fast["ARROW_DELIMS"] == frozenset(":/?@")


@needs_source
def test_c_fast_paths_do_not_follow_a_wider_query(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wider RFC 3986 query (or fragment) leaves both fast paths' classes as they
    are: the rows and references holding the new character take the full parsers."""
    tool = _gen_tables()
    fast = tool.fast_path_classes()
    monkeypatch.setattr(_charsets, "QUERY", _charsets.QUERY | frozenset("[]"))
    monkeypatch.setattr(_charsets, "FRAGMENT", _charsets.FRAGMENT | frozenset("[]"))
    assert tool.fast_path_classes() == fast


@needs_source
def test_arrow_pass_refuses_a_delimiter_it_cannot_tell(monkeypatch: pytest.MonkeyPatch) -> None:
    """Were RFC 3986's path and query both to take "[", it would be one more
    character a reg-name does not take, which av_decide cannot tell from "/":
    generating the tables stops instead."""
    tool = _gen_tables()
    monkeypatch.setattr(_charsets, "QUERY", _charsets.QUERY | frozenset("["))
    monkeypatch.setattr(_charsets, "PATH", _charsets.PATH | frozenset("["))
    with pytest.raises(SystemExit, match="av_decide"):
        tool.fast_path_classes()
