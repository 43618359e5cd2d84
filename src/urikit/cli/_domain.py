"""The ``domain`` command: each input's subdomain, domain, public suffix and
registrable domain, by the Public Suffix List (:mod:`urikit.domains`).

>>> import pytest
>>> _ = pytest.importorskip("publicsuffixlist")  # the list: pip install 'urikit[domains]'
>>> from urikit.cli import main
>>> main(["domain", "https://forums.news.bbc.co.uk/x", "a.b.github.io"])  # doctest: +NORMALIZE_WHITESPACE
ok	https://forums.news.bbc.co.uk/x	forums.news	bbc	co.uk	bbc.co.uk
ok	a.b.github.io	a	b	github.io	b.github.io
0
>>> main(["domain", "--icann", "a.b.github.io"])  # doctest: +NORMALIZE_WHITESPACE
ok	a.b.github.io	a.b	github	io	github.io
0
"""  # noqa: E501

from __future__ import annotations

import argparse
from typing import Any

from ..core._errors import URIError
from ..domains import PublicSuffixList, default_list, load
from ..domains._hosts import host_of
from ._commands import add_command
from ._common import add_common, add_inputs, define_record, inputs, run_records, usage_error

__all__ = ["register"]

DOMAIN = define_record(
    "domain",
    "sections",
    "list_version",
    "host",
    "subdomain",
    "domain",
    "suffix",
    "registrable_domain",
    "section",
)


def _the_list(args: argparse.Namespace) -> PublicSuffixList:
    """The list ``--list`` names, else the default one; a list that cannot be
    read, or a missing ``[domains]`` extra, is a usage error (exit 2)."""
    try:
        return load(args.list) if args.list is not None else default_list()
    except ImportError as exc:
        usage_error(args, str(exc))
    except OSError as exc:
        usage_error(args, f"argument --list: cannot read {args.list}: {exc.strerror or exc}")
    except ValueError as exc:
        usage_error(args, f"argument --list: {exc}")


def _or_none(value: str) -> str | None:
    return value or None


def _cmd_domain(args: argparse.Namespace) -> int:
    psl = _the_list(args)
    if args.show_list:
        icann = sum(rule.section == "icann" for rule in psl.rules)
        print(f"version\t{psl.version or ''}")
        print(f"commit\t{psl.commit or ''}")
        print(f"rules\t{len(psl.rules)}\t(icann {icann}, private {len(psl.rules) - icann})")
        print(f"source\t{psl.source}")
        return 0
    private = not args.icann

    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        if not text:
            raise URIError("empty-component", "host", 0, text)
        host = host_of(text)
        parts = psl.parts_of(host, private)
        fields = {
            "host": host,
            "subdomain": _or_none(parts.subdomain),
            "domain": _or_none(parts.domain),
            "suffix": _or_none(parts.suffix),
            "registrable_domain": _or_none(parts.registrable_domain),
            "section": parts.section,
        }
        return fields, ["ok", text, *parts, parts.registrable_domain]

    fixed = {"sections": "icann" if args.icann else "all", "list_version": psl.version}
    return run_records(args, DOMAIN, inputs(args, args.urls), handle, fixed=fixed)


def register(sub: Any) -> None:
    """Add ``domain`` to the ``urikit`` tool."""
    p = add_command(sub, "domain")
    add_inputs(p, "urls", "URL", "hosts or URLs")
    sections = p.add_mutually_exclusive_group()
    sections.add_argument(
        "--private",
        action="store_true",
        help="the list's ICANN and private sections (the default): a.b.github.io is in b.github.io",
    )
    sections.add_argument(
        "--icann",
        action="store_true",
        help="the ICANN section only: a.b.github.io is in github.io",
    )
    p.add_argument(
        "--list",
        metavar="FILE",
        default=None,
        help="a Public Suffix List file of your own (default: $URIKIT_PUBLIC_SUFFIX_LIST, "
        "else the publicsuffixlist package's copy)",
    )
    p.add_argument(
        "--show-list",
        action="store_true",
        help="print the list's version, commit, rule counts and file, and read no input",
    )
    add_common(p)
    p.set_defaults(run=_cmd_domain)
