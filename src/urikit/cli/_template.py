"""The URI Template commands: ``urikit template expand|match`` (RFC 6570).

``expand`` takes its variables from ``--var NAME=VALUE`` and ``--vars FILE`` (a
JSON object), or one JSON object per input (arguments, else stdin's lines),
each a record; ``match`` reads URIs (arguments, else stdin's lines) and gives
the variables of each, or ``no-match``.

>>> from urikit.cli import main
>>> main(["template", "expand", "/users/{id}{?page}", "--var", "id=a b", "--var", "page=2"])
/users/a%20b?page=2
0
>>> main(["template", "match", "/users/{id}{?page}", "/users/a%20b?page=2", "/groups/1"])
... # doctest: +NORMALIZE_WHITESPACE
match	/users/a%20b?page=2	{"id": "a b", "page": "2"}
no-match	/groups/1
1
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..core._errors import URIError
from ..templates import Template
from ._commands import add_command
from ._common import (
    EXIT_NO,
    EXIT_USAGE,
    InputError,
    Rejected,
    add_common,
    add_inputs,
    define_record,
    inputs,
    json_text,
    open_input,
    run_records,
    usage_error,
)

__all__ = ["register", "variable"]

EXPAND = define_record("template expand", "template", "result")
MATCH = define_record("template match", "template", "matched", "variables")


def variable(value: str) -> tuple[str, str]:
    """The ``--var NAME=VALUE`` value; an argparse type.

    >>> variable("q=a=b")
    ('q', 'a=b')
    >>> variable("q")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 'q': expected NAME=VALUE
    """
    name, eq, text = value.partition("=")
    if not eq or not name:
        raise argparse.ArgumentTypeError(f"{value!r}: expected NAME=VALUE")
    return name, text


def _template(args: argparse.Namespace) -> Template:
    try:
        return Template(args.template)
    except URIError as err:
        usage_error(args, f"argument TEMPLATE: {err}")


def _given(args: argparse.Namespace) -> dict[str, Any] | None:
    """The variables of ``--vars`` and ``--var`` (a name given twice: a list)."""
    if args.vars_file is None and not args.var:
        return None
    values: dict[str, Any] = {}
    if args.vars_file is not None:
        try:
            with open_input(args.vars_file) as stream:
                loaded = json.loads(stream.read())
        except OSError as exc:
            raise InputError(f"cannot read {args.vars_file}: {exc.strerror or exc}") from None
        except (ValueError, UnicodeError) as exc:
            usage_error(args, f"argument --vars: {args.vars_file} is not JSON: {exc}")
        if not isinstance(loaded, dict):
            usage_error(args, f"argument --vars: {args.vars_file} holds no JSON object")
        values.update(loaded)
    named: dict[str, list[str]] = {}
    for name, text in args.var:
        named.setdefault(name, []).append(text)
    values.update({name: texts[0] if len(texts) == 1 else texts for name, texts in named.items()})
    return values


def _variables_of(text: str) -> dict[str, Any]:
    try:
        loaded = json.loads(text)
    except ValueError as exc:
        position = getattr(exc, "pos", 0)
        raise Rejected(
            f"not a JSON object of variables: {exc}",
            reason="bad-json",
            text=text,
            component="variables",
            position=position,
        ) from None
    if not isinstance(loaded, dict):
        raise Rejected(
            "not a JSON object of variables",
            reason="bad-json",
            text=text,
            component="variables",
            position=0,
        )
    return loaded


def _expand(template: Template, values: dict[str, Any], text: str) -> str:
    try:
        return template.expand(values)
    except TypeError as exc:
        raise Rejected(
            str(exc), reason="bad-value", text=text, component="variables", position=0
        ) from None


def _cmd_expand(args: argparse.Namespace) -> int:
    template = _template(args)
    given = _given(args)
    fixed = {"template": template.text}

    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        values = {**(given or {}), **_variables_of(text)}
        result = _expand(template, values, text)
        return {"result": result}, [result]

    if given is not None and not args.inputs and not args.from_files:

        def handle_given(text: str) -> tuple[dict[str, Any], list[str]]:
            result = _expand(template, given, text)
            return {"result": result}, [result]

        return run_records(args, EXPAND, [json_text(given)], handle_given, fixed=fixed)
    return run_records(args, EXPAND, inputs(args, args.inputs), handle, fixed=fixed)


def _cmd_match(args: argparse.Namespace) -> int:
    template = _template(args)
    try:
        template.match("")  # the matcher is built: an ambiguous template is refused now
    except URIError as err:
        usage_error(args, f"argument TEMPLATE: {err}")
    missed = False

    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        nonlocal missed
        found = template.match(text)
        if found is None:
            missed = True
            return {"matched": False}, ["no-match", text]
        return {"matched": True, "variables": found}, ["match", text, json_text(found)]

    fixed = {"template": template.text}
    status = run_records(args, MATCH, inputs(args, args.uris), handle, fixed=fixed)
    return max(status, EXIT_NO if missed else 0)


def register(sub: Any) -> None:
    """Add the ``template`` command group to the ``urikit`` tool."""
    group = add_command(sub, "template")
    template_sub = group.add_subparsers(dest="template_command", metavar="TEMPLATE-COMMAND")
    group.set_defaults(run=lambda args: _usage(group))

    p = template_sub.add_parser("expand", help="expand a URI Template with variables")
    p.add_argument("template", metavar="TEMPLATE", help="an RFC 6570 URI Template")
    add_inputs(p, "inputs", "VARIABLES", "JSON objects of variables")
    p.add_argument(
        "--var",
        action="append",
        default=[],
        type=variable,
        metavar="NAME=VALUE",
        help="a variable's string value (repeatable; a name given again makes a list)",
    )
    p.add_argument(
        "--vars",
        dest="vars_file",
        metavar="FILE",
        default=None,
        help="a JSON object of variables (strings, lists, objects) from FILE ('-': stdin)",
    )
    add_common(p)
    p.set_defaults(run=_cmd_expand)

    p = template_sub.add_parser("match", help="the variables that give each URI (or no-match)")
    p.add_argument("template", metavar="TEMPLATE", help="an RFC 6570 URI Template")
    add_inputs(p, "uris", "URI", "URIs")
    add_common(p)
    p.set_defaults(run=_cmd_match)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return EXIT_USAGE
