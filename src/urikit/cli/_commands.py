"""The table of the tool's commands: name, help line, and the module that runs it.

A command's help line is written here only: its module adds the command with
:func:`add_command`, which takes the line from the table.

``urikit parse X`` imports only ``urikit.cli._core`` (and what it needs), not the
modules of the other commands: :func:`urikit.cli.build_parser` registers the
command that runs from its module, and every other one as a stub made from this
table (its name and help line, which ``urikit --help`` lists). The table is
checked against the modules (``tests/cli/test_cli_process.py``): the same commands,
in the same order, with the same help lines.

>>> COMMANDS["parse"].module
'core'
>>> [name for name, c in COMMANDS.items() if c.module == "schemes"]
['file-path', 'file-uri']
"""

from __future__ import annotations

from ..core._extras import imported

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any, Final, NamedTuple
else:
    from collections import namedtuple as _namedtuple

__all__ = ["COMMANDS", "MODULES", "Command", "add_command", "comparison_help", "load"]

if TYPE_CHECKING:

    class Command(NamedTuple):
        """One top-level command: the module that registers and runs it
        (``core`` for ``urikit.cli._core``), and its line in ``urikit --help``."""

        module: str
        help: str

else:
    Command = _namedtuple("Command", ["module", "help"])


def comparison_help(what: str, section: str) -> str:
    """The help line of an ``equivalent`` command comparing ``what`` under ``section``.

    >>> comparison_help("URNs", "RFC 8141 3.1")
    'are two URNs equivalent (exit 0), not (exit 1), or is one invalid (exit 2)? (RFC 8141 3.1)'
    """
    return (
        f"are two {what} equivalent (exit 0), not (exit 1), or is one invalid (exit 2)? ({section})"
    )


#: Top-level command -> (module, help), in the order ``urikit --help`` lists them.
COMMANDS: Final[dict[str, Command]] = {
    "parse": Command("core", "split URI references into their components"),
    "validate": Command("core", "check URI references against RFC 3986 (or older)"),
    "resolve": Command("core", "resolve references against a base URI (RFC 3986 5.2)"),
    "relativize": Command("core", "the shortest reference from a base to each target"),
    "normalize": Command("core", "RFC 3986 section 6 normal form"),
    "equivalent": Command("core", comparison_help("URIs", "RFC 3986 6")),
    "file-path": Command("schemes", "the local path of file URIs (RFC 8089)"),
    "file-uri": Command("schemes", "the file URI of local paths (RFC 8089)"),
    "urn": Command("urn", "URNs: RFC 8141 parse, validate, equivalence, resolution"),
    "extract": Command(
        "extract", "find the URIs in text (RFC 3986 Appendix C) or in HTML attributes"
    ),
    "fixup": Command("extract", "turn user-typed text (www.example.org/x, <URL:...>) into URIs"),
    "linkify": Command("linkify", "plain text to HTML, every URI found a link"),
    "iri": Command("iri", "IRIs (RFC 3987): validate, map to and from URIs, display"),
    "check": Command(
        "security", "security verdicts (RFC 3986 section 7, RFC 3987 section 8) under a policy"
    ),
    "check-redirect": Command(
        "security", "does a redirect target (Location, next=) stay on the allowed origins?"
    ),
    "show": Command(
        "security", "show the components distinctly, the host emphasised, findings marked"
    ),
    "readings": Command(
        "readings", "how each URL parser installed reads URLs, and where they disagree"
    ),
    "fetch": Command(
        "fetch", "fetch an http(s) URL with every hop checked under a policy (urikit.guard)"
    ),
    "batch": Command(
        "batch", "validate, split or normalize a column of a large file (text, CSV, JSONL, Parquet)"
    ),
    "canonical": Command(
        "canonical", "canonical forms of Safe Browsing, crawlers (urlcanon) and RFC 3986"
    ),
    "surt": Command("canonical", "SURT keys of web archives, as the surt package gives them"),
    "domain": Command(
        "domain", "subdomain, domain, public suffix and registrable domain (Public Suffix List)"
    ),
    "template": Command(
        "template", "URI Templates (RFC 6570): expand with variables, match URIs back to them"
    ),
}

#: The command modules, in table order; each adds its commands with
#: ``register(subparsers)`` and declares its records with ``_common.define_record``.
MODULES: Final[tuple[str, ...]] = tuple(dict.fromkeys(c.module for c in COMMANDS.values()))


def add_command(sub: Any, name: str, **kwargs: Any) -> Any:
    """Add the top-level command ``name`` to the subcommands ``sub`` with its help
    line from :data:`COMMANDS`; the other keywords are ``add_parser``'s.

    >>> import argparse
    >>> sub = argparse.ArgumentParser(prog="urikit").add_subparsers()
    >>> _ = add_command(sub, "normalize")
    >>> [(a.dest, a.help) for a in sub._choices_actions]
    [('normalize', 'RFC 3986 section 6 normal form')]
    """
    return sub.add_parser(name, help=COMMANDS[name].help, **kwargs)


def load(module: str) -> ModuleType:
    """The command module ``urikit.cli._<module>``, imported on first use."""
    if module not in MODULES:
        raise KeyError(module)
    return imported(f"{__package__}._{module}")
