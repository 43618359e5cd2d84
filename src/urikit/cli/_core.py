"""The generic-syntax commands: parse, validate, resolve, relativize, normalize, equivalent.

>>> from urikit.cli import main
>>> main(["validate", "--grammar", "rfc2396", "//a@b@c/x"])  # doctest: +NORMALIZE_WHITESPACE
valid	//a@b@c/x
0
>>> main(["resolve", "--rules", "rfc1808", "http://a/b/c/d;p?q", ";x"])
http://a/b/c/d;x
0
"""

from __future__ import annotations

from ..core._errors import URIError
from ..core._normalization import LEVELS, equivalent, normalize
from ..core._parser import RULES
from ..core._reference import is_valid, parse
from ..core._resolution import relativize, resolve
from ._commands import COMMANDS, add_command
from ._common import (
    Rejected,
    add_common,
    add_comparison,
    add_inputs,
    define_record,
    inputs,
    json_text,
    run_comparison,
    run_records,
    stdin_argument,
    usage_error,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Any, Final

__all__ = ["GRAMMAR_RULES", "RESOLUTION_RULES", "register"]

#: The components of a parse record, as :meth:`urikit.URIReference.to_dict` names them.
_COMPONENTS = (
    "scheme",
    "authority",
    "userinfo",
    "host",
    "host_kind",
    "port",
    "path",
    "query",
    "fragment",
)
_SHOWN = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")

PARSE = define_record("parse", "grammar", "kind", *_COMPONENTS, "view", "scheme_fields")
VALIDATE = define_record("validate", "grammar", "rule")
RESOLVE = define_record("resolve", "base", "rules", "result")
RELATIVIZE = define_record("relativize", "base", "result")
NORMALIZE = define_record("normalize", "level", "result")
EQUIVALENT = define_record("equivalent", "level", "equivalent")

#: ``--grammar`` -> the ``--rule`` names it knows (see :func:`urikit.is_valid`).
#: The older grammars' names are written out rather than read from
#: :mod:`urikit.legacy`, which ``urikit parse X`` then does not import (about a
#: third of its start-up); ``tests/cli/test_cli_process.py`` checks them against
#: ``rfc1738.RULES`` and ``draft1993.RULES``.
GRAMMAR_RULES: Final[dict[str, tuple[str, ...]]] = {
    "rfc3986": tuple(sorted(RULES)),
    "rfc2396": (*sorted(RULES), "absoluteURI", "relativeURI"),
    "rfc1738": (
        "URI",
        "URI-reference",
        "absolute-URI",
        "absoluteURI",
        "url",
        "genericurl",
        "otherurl",
        "ftpurl",
        "fileurl",
        "httpurl",
        "gopherurl",
        "mailtourl",
        "newsurl",
        "nntpurl",
        "telneturl",
        "waisurl",
        "prosperourl",
    ),
    "draft-1993": (
        "URI-reference",
        "fragmentaddress",
        "URI",
        "absolute-URI",
        "absoluteURI",
        "url",
        "generic",
        "httpaddress",
        "fileaddress",
        "afsaddress",
        "newsaddress",
        "waisaddress",
        "prosperoaddress",
        "telnetaddress",
        "gopheraddress",
    ),
}

#: ``resolve --rules``: the names of ``urikit.core._hooks.resolution_rules``, written
#: out for the same reason (checked against the table by the same tests).
RESOLUTION_RULES: Final[tuple[str, ...]] = (
    "rfc3986",
    "draft-1997",
    "draft-2003",
    "rfc1808",
    "rfc2396",
)


def _check_grammar(args: argparse.Namespace) -> None:
    allowed = GRAMMAR_RULES[args.grammar]
    if args.rule not in allowed:
        usage_error(
            args,
            f"argument --rule: invalid choice for --grammar {args.grammar}: {args.rule!r} "
            f"(choose from {', '.join(allowed)})",
        )


def _legacy_check(args: argparse.Namespace, text: str) -> None:
    if not is_valid(text, args.rule, grammar=args.grammar):
        raise Rejected(
            f"does not match {args.rule} of the {args.grammar} grammar",
            reason="no-match",
            text=text,
        )


def _human_fields(record: dict[str, Any]) -> str:
    # Undefined components are left out; empty ones show as "" (JSON-quoted values).
    shown = [f"{k}={json_text(record[k])}" for k in _SHOWN if record[k] is not None]
    if record["host_kind"] is not None:
        shown.append(f"host_kind={record['host_kind']}")
    return " ".join(shown)


def _cmd_parse(args: argparse.Namespace) -> int:
    _check_grammar(args)
    if args.iri and args.grammar != "rfc3986":
        usage_error(args, "argument --iri: not allowed with --grammar " + args.grammar)

    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        if args.grammar != "rfc3986":
            # An older grammar: only the Appendix B split, which every text has.
            from ..legacy.grammars import APPENDIX_B_RE

            _legacy_check(args, text)
            # RFC 3986 Appendix B (also RFC 2396 Appendix B), the one splitter of
            # the older grammars: it matches every string a grammar accepted.
            m = APPENDIX_B_RE.fullmatch(text)
            assert m is not None
            scheme, authority, path, query, fragment = m.groups()
            record: dict[str, Any] = {
                "kind": "uri" if scheme is not None else "relative",
                "scheme": scheme,
                "authority": authority,
                "path": path,
                "query": query,
                "fragment": fragment,
            }
            shown = dict.fromkeys(_COMPONENTS)
            shown.update(record)
            return record, ["ok", text, f"{record['kind']} {_human_fields(shown)}"]
        if args.iri:
            from ._iri import parse_as_iri

            ref = parse_as_iri(text, args.rule)
        else:
            ref = parse(text, args.rule)
        as_dict = ref.to_dict()
        record = {k: as_dict[k] for k in ("kind", *_COMPONENTS)}
        human = ["ok", text, f"{record['kind']} {_human_fields(record)}"]
        if args.scheme:
            try:
                view = ref.scheme_view()
            except URIError as err:
                if err.reason != "unknown-scheme":
                    raise  # the URI breaks its scheme's syntax
            else:
                fields = view.fields()
                record["view"] = (ref.scheme or "").lower()
                record["scheme_fields"] = fields
                human.append(" ".join(f"{k}={json_text(v)}" for k, v in fields.items()))
        return record, human

    return run_records(
        args, PARSE, inputs(args, args.uris), handle, fixed={"grammar": args.grammar}
    )


def _cmd_validate(args: argparse.Namespace) -> int:
    _check_grammar(args)

    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        if args.grammar == "rfc3986":
            parse(text, args.rule)
        else:
            _legacy_check(args, text)
        return {}, ["valid", text]

    fixed = {"grammar": args.grammar, "rule": args.rule}
    return run_records(args, VALIDATE, inputs(args, args.uris), handle, fixed=fixed)


def _check_base(args: argparse.Namespace, probe: Any) -> None:
    """A bad base is a usage error, found before any input is read."""
    if args.base is None:
        usage_error(args, "the following arguments are required: BASE")
    if args.base == "-":
        usage_error(args, "argument BASE: the base is a URI, never read from stdin ('-')")
    try:
        probe()
    except URIError as err:
        usage_error(args, f"argument BASE: {err}")


def _cmd_resolve(args: argparse.Namespace) -> int:
    strict = not args.non_strict
    _check_base(args, lambda: resolve(args.base, "", strict=strict, rules=args.rules))

    def handle(ref: str) -> tuple[dict[str, Any], list[str]]:
        result = resolve(args.base, ref, strict=strict, rules=args.rules)
        return {"result": result}, [result]

    fixed = {"base": args.base, "rules": args.rules}
    return run_records(args, RESOLVE, inputs(args, args.refs), handle, fixed=fixed)


def _cmd_relativize(args: argparse.Namespace) -> int:
    _check_base(args, lambda: relativize(args.base, args.base))

    def handle(target: str) -> tuple[dict[str, Any], list[str]]:
        result = relativize(args.base, target)
        return {"result": result}, [result]

    return run_records(
        args, RELATIVIZE, inputs(args, args.targets), handle, fixed={"base": args.base}
    )


def _cmd_normalize(args: argparse.Namespace) -> int:
    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        result = normalize(text, args.level)
        return {"result": result}, [result]

    return run_records(
        args, NORMALIZE, inputs(args, args.uris), handle, fixed={"level": args.level}
    )


def _cmd_equivalent(args: argparse.Namespace) -> int:
    a, b = stdin_argument(args, args.a, "A"), stdin_argument(args, args.b, "B")
    return run_comparison(
        args,
        EQUIVALENT,
        (a, b),
        lambda: equivalent(a, b, args.level),
        fixed={"level": args.level},
    )


def _grammar_options(p: argparse.ArgumentParser) -> None:
    rules = sorted({rule for names in GRAMMAR_RULES.values() for rule in names})
    p.add_argument(
        "--grammar",
        default="rfc3986",
        choices=tuple(GRAMMAR_RULES),
        help="the grammar to check against (default: rfc3986; the others are "
        "RFC 2396 with RFC 2732, RFC 1738 and the 1993 URL draft)",
    )
    p.add_argument(
        "--rule",
        default="URI-reference",
        choices=rules,
        metavar="RULE",
        help="the grammar's rule (default: URI-reference, which is the whole grammar for "
        "rfc1738 and draft-1993); rfc3986: " + ", ".join(GRAMMAR_RULES["rfc3986"]),
    )


def register(sub: Any) -> None:
    """Add the generic-syntax commands to the ``urikit`` tool."""
    p = add_command(sub, "parse")
    add_inputs(p, "uris", "URI", "inputs")
    _grammar_options(p)
    p.add_argument("--iri", action="store_true", help="parse as IRIs (RFC 3987; --rule widened)")
    p.add_argument(
        "--scheme",
        action="store_true",
        help="also show the scheme's typed fields (urikit.schemes); a URI that breaks "
        "its scheme's syntax is an error; a scheme without a typed view has view null",
    )
    add_common(p)
    p.set_defaults(run=_cmd_parse)

    p = add_command(sub, "validate")
    add_inputs(p, "uris", "URI", "inputs")
    _grammar_options(p)
    add_common(p)
    p.set_defaults(run=_cmd_validate)

    p = add_command(sub, "resolve")
    p.add_argument("base", metavar="BASE", help="the absolute base URI")
    add_inputs(p, "refs", "REF", "references")
    p.add_argument(
        "--non-strict",
        action="store_true",
        help="treat a reference with the base's scheme as relative (RFC 3986 5.2.2)",
    )
    p.add_argument(
        "--rules",
        default="rfc3986",
        choices=RESOLUTION_RULES,
        help="whose resolution algorithm (default: rfc3986)",
    )
    add_common(p)
    p.set_defaults(run=_cmd_resolve)

    p = add_command(sub, "relativize")
    p.add_argument("base", metavar="BASE", help="the absolute base URI")
    add_inputs(p, "targets", "TARGET", "targets")
    add_common(p)
    p.set_defaults(run=_cmd_relativize)

    p = add_command(sub, "normalize")
    add_inputs(p, "uris", "URI", "inputs")
    p.add_argument("--level", default="scheme", choices=LEVELS)
    add_common(p)
    p.set_defaults(run=_cmd_normalize)

    p = add_comparison(sub, COMMANDS["equivalent"].help)
    p.add_argument("--level", default="scheme", choices=LEVELS)
    add_common(p)
    p.set_defaults(run=_cmd_equivalent)
