"""The security commands: ``urikit check`` (verdicts and a policy), ``urikit
check-redirect`` (does a redirect target stay on the allowed origins) and ``urikit
show`` (each component distinct, findings marked under their spans; RFC 3986
section 7.6).

Inputs come from the arguments or, when there are none, one per line from
stdin; one record per input, in order. Exit status: 0 when every input passes
the policy (``check-redirect``: is safe), 1 when one does not (or is not
valid), 2 for usage errors.

>>> from urikit.cli import main
>>> main(["check", "https://example.org/", "--policy", "ssrf"])  # doctest: +NORMALIZE_WHITESPACE
pass	https://example.org/
0
>>> ssrf = ["--policy", "ssrf"]
>>> main(["check", "http://0x7f.1/", *ssrf])  # doctest: +ELLIPSIS, +NORMALIZE_WHITESPACE
fail	http://0x7f.1/	warning rare-ip-form at 7-13: ...
1
>>> main(["check-redirect", "--allow", "https://example.com", "/home", "/\\\\evil.com"])
... # doctest: +NORMALIZE_WHITESPACE, +ELLIPSIS
safe	/home
unsafe	/\\\\evil.com	warning backslash-as-slash at 1-2: ...
1
>>> main(["show", "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm"])
... # doctest: +NORMALIZE_WHITESPACE, +ELLIPSIS
[scheme ftp]://[userinfo cnn.example.com&story=breaking_news]@[HOST 10.0.0.1][path /top_story.htm]
ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm
      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ ^^^^^^^^
  danger misleading-userinfo at 6-41: ...
  warning private-address at 42-50: ...
1

For a host that is a registered name, ``show`` adds a line with its registrable
domain and public suffix (see :class:`_Site`).
"""

from __future__ import annotations

import argparse
import html
import itertools
import sys
from typing import Any, TextIO

from ._commands import add_command
from ._common import (
    EXIT_NO,
    EXIT_OK,
    add_common,
    add_inputs,
    add_repeatable,
    define_record,
    escape,
    flush_output,
    inputs,
    not_utf8,
    origin,
    run_records,
    usage_error,
    write_output,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..domains import DomainParts, PublicSuffixList
    from ..security import Finding, Policy, Report

__all__ = ["register"]

#: ``urikit show`` prints a block of lines (or HTML) per input, for people; its
#: machine-readable form is the ``segments`` of ``urikit check --json``.
CHECK = define_record("check", "policy", "ok", "findings", "segments")
CHECK_REDIRECT = define_record(
    "check-redirect", "allowed_origins", "require_https", "ok", "findings"
)

#: ANSI colours of the components (SGR parameters); the host is bold and underlined.
COLOURS = {
    "scheme": "36",
    "userinfo": "33;7",
    "host": "1;4",
    "port": "35",
    "path": "32",
    "query": "34",
    "fragment": "90",
    "delimiter": "2",
    "invalid": "31;7",
}
SEVERITY_COLOURS = {"danger": "1;31", "warning": "33", "info": "34"}

#: What the registrable-domain line says of the section whose rule gave the suffix.
SECTIONS = {
    "icann": "ICANN section",
    "private": "private section",
    None: "not on the list: the default rule *",
}
#: The line in place of the registrable domain when the list cannot be had.
NO_LIST = "the Public Suffix List is not available: pip install 'urikit[domains]'"


def _policy(name: str) -> Policy:
    from ..security import Policy

    return Policy.ssrf() if name == "ssrf" else Policy()


def _raise_syntax_error(report: Report) -> None:
    """The input is not valid: raise its URIError, for an error record."""
    if report.uri is not None:
        return
    from ..core._reference import parse

    text = report.text
    if text.isascii():
        parse(text)
    from .. import iri

    iri.parse(text)


def _summary(f: Finding) -> str:
    return f"{f.severity} {f.code} at {f.start}-{f.end}: {f.message}"


def _cmd_check(args: argparse.Namespace) -> int:
    from dataclasses import asdict  # loaded by urikit.security already

    from ..security import check

    policy = _policy(args.policy)
    failed = False

    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        nonlocal failed
        report = check(text, policy=policy)
        if not report.ok:
            failed = True
        _raise_syntax_error(report)
        fields = {
            "ok": report.ok,
            "findings": [asdict(f) for f in report.findings],
            "segments": [
                {"component": s.component, "start": s.start, "end": s.end, "codes": list(s.codes)}
                for s in report.segments()
            ],
        }
        human = ["pass" if report.ok else "fail", text]
        if report.findings:
            human.append("; ".join(_summary(f) for f in report.findings))
        return fields, human

    status = run_records(
        args, CHECK, inputs(args, args.uris), handle, fixed={"policy": args.policy}
    )
    return EXIT_NO if failed else status


def _cmd_check_redirect(args: argparse.Namespace) -> int:
    from dataclasses import asdict  # loaded by urikit.security already

    from ..security import check_redirect

    if not args.allow:
        usage_error(args, "the following arguments are required: --allow")
    allowed = list(dict.fromkeys(args.allow))
    failed = False

    def handle(text: str) -> tuple[dict[str, Any], list[str]]:
        nonlocal failed
        report = check_redirect(text, allowed_origins=allowed, require_https=args.require_https)
        if not report.ok:
            failed = True
        fields = {"ok": report.ok, "findings": [asdict(f) for f in report.findings]}
        human = ["safe" if report.ok else "unsafe", text]
        if report.findings:
            human.append("; ".join(_summary(f) for f in report.findings))
        return fields, human

    fixed = {"allowed_origins": allowed, "require_https": args.require_https}
    status = run_records(args, CHECK_REDIRECT, inputs(args, args.targets), handle, fixed=fixed)
    return EXIT_NO if failed else status


def _labelled(report: Report, colour: bool) -> str:
    out: list[str] = []
    for s in report.segments():
        shown = escape(s.text)
        if colour:
            out.append(f"\x1b[{COLOURS[s.component]}m{shown}\x1b[0m")
        elif s.component == "delimiter":
            out.append(shown)
        else:
            label = "HOST" if s.component == "host" else s.component
            out.append(f"[{label} {shown}]")
    return "".join(out)


def _carets(report: Report, colour: bool) -> tuple[str, str]:
    """The escaped text and a line with "^" under every finding's span."""
    widths = [len(escape(c)) for c in report.text]
    offsets = [0]
    for w in widths:
        offsets.append(offsets[-1] + w)
    marks = [" "] * offsets[-1]
    worst = [-1] * offsets[-1]
    rank = {"info": 0, "warning": 1, "danger": 2}
    for f in report.findings:
        a, b = offsets[f.start], offsets[max(f.end, f.start)]
        if b == a and a < len(marks):
            b = a + 1
        for i in range(a, min(b, len(marks))):
            marks[i] = "^"
            worst[i] = max(worst[i], rank[f.severity])
    if colour:
        names = ("info", "warning", "danger")
        runs = []
        for w, group in itertools.groupby(zip(marks, worst, strict=True), key=lambda m: m[1]):
            chunk = "".join(m for m, _ in group)
            runs.append(f"\x1b[{SEVERITY_COLOURS[names[w]]}m{chunk}\x1b[0m" if w >= 0 else chunk)
        return escape(report.text), "".join(runs).rstrip()
    return escape(report.text), "".join(marks).rstrip()


class _Site:
    """The registrable domain and public suffix of a report's host, by the
    default list (loaded on the first reg-name host; :data:`NO_LIST` without
    the ``[domains]`` extra).

    >>> import pytest
    >>> _ = pytest.importorskip("publicsuffixlist")  # the list: pip install 'urikit[domains]'
    >>> from urikit.cli import main
    >>> main(["show", "https://forums.news.bbc.co.uk/x"])
    [scheme https]://[HOST forums.news.bbc.co.uk][path /x]
      registrable domain bbc.co.uk, public suffix co.uk (ICANN section)
    0
    """

    def __init__(self) -> None:
        self.psl: PublicSuffixList | None = None
        self.missing: str | None = None

    def __call__(self, report: Report) -> DomainParts | str | None:
        """The parts of the host of ``report``'s reference, :data:`NO_LIST`, or
        ``None`` when there is no reg-name host (no reference, no host, an IP
        address in any form)."""
        from ..domains._hosts import is_ip

        host = None if report.uri is None else report.uri.host
        if not host or is_ip(host):
            return None
        if self.missing is not None:
            return self.missing
        if self.psl is None:
            from ..domains import default_list

            try:
                self.psl = default_list()
            except ImportError:
                self.missing = NO_LIST
                return NO_LIST
            except (OSError, ValueError) as exc:  # $URIKIT_PUBLIC_SUFFIX_LIST unreadable
                self.missing = f"the Public Suffix List is not available: {exc}"
                return self.missing
        return self.psl.parts_of(host)


def _site_words(parts: DomainParts) -> tuple[str | None, str | None, str]:
    """The registrable domain, the public suffix (``None``: none) and what the
    section note says."""
    return (parts.registrable_domain or None, parts.suffix or None, SECTIONS[parts.section])


def _site_text(parts: DomainParts | str, colour: bool) -> str:
    if isinstance(parts, str):
        return f"  registrable domain: {parts}"
    domain, suffix, section = _site_words(parts)
    shown = "none" if domain is None else escape(domain)
    if colour and domain is not None:
        shown = f"\x1b[{COLOURS['host']}m{shown}\x1b[0m"
    note = f" ({section})" if suffix is not None else ""
    return f"  registrable domain {shown}, public suffix {escape(suffix or 'none')}{note}"


def _site_html(parts: DomainParts | str) -> str:
    if isinstance(parts, str):
        return f'<div class="domain unavailable">registrable domain: {html.escape(parts)}</div>'
    domain, suffix, section = _site_words(parts)
    attrs = "".join(
        f' data-{name}="{html.escape(value)}"'
        for name, value in (
            ("registrable-domain", domain),
            ("public-suffix", suffix),
            ("section", parts.section),
        )
        if value is not None
    )
    shown = "none" if domain is None else f"<strong>{html.escape(domain)}</strong>"
    note = f" ({html.escape(section)})" if suffix is not None else ""
    return (
        f'<div class="domain"{attrs}>registrable domain {shown}, public suffix '
        f"{html.escape(suffix or 'none')}{note}</div>"
    )


def _show_text(report: Report, colour: bool, site: DomainParts | str | None = None) -> str:
    lines = [_labelled(report, colour)]
    if site is not None:
        lines.append(_site_text(site, colour))
    if report.findings:
        text, carets = _carets(report, colour)
        lines += [text, carets]
        for f in report.findings:
            word = f.severity
            if colour:
                word = f"\x1b[{SEVERITY_COLOURS[f.severity]}m{word}\x1b[0m"
            lines.append(f"  {word} {escape(_summary(f)[len(f.severity) + 1 :])}")
    return "\n".join(lines)


def _show_html(report: Report, site: DomainParts | str | None = None) -> str:
    parts = ['<span class="uri">']
    for s in report.segments():
        classes = [s.component]
        over = [f for f in report.findings if s.codes and f.code in s.codes]
        if over:
            worst = max(over, key=lambda f: ("info", "warning", "danger").index(f.severity))
            classes += ["finding", worst.severity]
        attrs = f' class="{" ".join(classes)}"'
        if over:
            title = "; ".join(f"{f.code}: {f.message}" for f in over)
            attrs += f' data-codes="{html.escape(" ".join(s.codes))}" title="{html.escape(title)}"'
        body = html.escape(s.text)
        if s.component == "host":
            body = f"<strong>{body}</strong>"
        parts.append(f"<span{attrs}>{body}</span>")
    parts.append("</span>")
    if site is not None:
        parts.append(_site_html(site))
    if report.findings:
        parts.append('<ul class="findings">')
        for f in report.findings:
            parts.append(
                f'<li class="{f.severity}"><code>{f.code}</code> {f.start}-{f.end}: '
                f"{html.escape(f.message)} ({html.escape(f.reference)})</li>"
            )
        parts.append("</ul>")
    return "".join(parts)


def _write_block(out: TextIO, block: str) -> None:
    write_output(out, block, end="\n")


def _cmd_show(args: argparse.Namespace) -> int:
    from ..security import check

    policy = _policy(args.policy)
    failed = False
    out = sys.stdout
    colour = args.color == "always" or (args.color == "auto" and out.isatty())
    site = _Site()
    for text in inputs(args, args.uris):
        bad = not_utf8(text)
        if bad is not None:  # the text as read, and the error
            failed = True
            message = f"{bad.reason}: {bad}"
            if args.html:
                shown = f'<span class="uri error">{html.escape(text)}</span> {html.escape(message)}'
            else:
                shown = f"{escape(text)}\n  error {message}"
            _write_block(out, shown)
            continue
        report = check(text, policy=policy)
        failed = failed or not report.ok
        found = site(report)
        _write_block(
            out, _show_html(report, found) if args.html else _show_text(report, colour, found)
        )
        if args.line_buffered:
            flush_output(out)
    flush_output(out)
    return EXIT_NO if failed else EXIT_OK


def register(sub: Any) -> None:
    """Add ``urikit check``, ``urikit check-redirect`` and ``urikit show`` to the tool."""
    p = add_command(sub, "check")
    add_inputs(p, "uris", "URI", "URIs or IRIs to check")
    p.add_argument(
        "--policy",
        choices=["default", "ssrf"],
        default="default",
        help="default: block on danger; ssrf: for a service that fetches URLs given by users",
    )
    add_common(p)
    p.set_defaults(run=_cmd_check)

    p = add_command(sub, "check-redirect")
    add_inputs(p, "targets", "TARGET", "redirect targets (Location, next=) to check")
    add_repeatable(
        p, "--allow", origin, "ORIGIN", "an origin the redirect may land on (repeatable; required)"
    )
    p.add_argument(
        "--require-https", action="store_true", help="a target landing on http is unsafe"
    )
    add_common(p)
    p.set_defaults(run=_cmd_check_redirect)

    p = add_command(sub, "show")
    add_inputs(p, "uris", "URI", "URIs or IRIs to show")
    p.add_argument("--policy", choices=["default", "ssrf"], default="default")
    p.add_argument("--html", action="store_true", help="HTML <span class=...> markup")
    p.add_argument(
        "--color",
        choices=["auto", "always", "never"],
        default="auto",
        help="terminal colours (auto: when the output is a terminal)",
    )
    p.add_argument(
        "--line-buffered", action="store_true", help="write each block out at once (for a pipe)"
    )
    p.set_defaults(run=_cmd_show, parser=p)
