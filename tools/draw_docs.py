#!/usr/bin/env python3
"""Draw the documentation's pictures (docs/_static/*.svg) from urikit itself.

* ``components.svg``: the components of two URIs, each span placed where
  :func:`urikit.parse` found it in the text;
* ``ladder.svg``: RFC 3986 section 6.2's comparison ladder, each rung's example
  rewritten by :func:`urikit.normalize` at that rung's level;
* ``guard.svg``: what :mod:`urikit.guard` does for each hop of a request, in the
  order of ``urikit.guard._gate.admit`` and ``urlopen``.

    python tools/draw_docs.py           # rewrite the pictures
    python tools/draw_docs.py --check   # exit 1 when a committed picture is stale

tests/project/test_docs_pictures.py fails when the committed pictures differ from what
this script draws, so a change of urikit's parse or normalization that changes a
picture fails the suite until the pictures are drawn again.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from xml.sax.saxutils import escape

import urikit
from urikit.guard import REDIRECT_STATUSES

REPO = Path(__file__).resolve().parents[1]
STATIC = REPO / "docs" / "_static"

#: The URIs drawn in components.svg: one with every component, one URN.
COMPONENT_EXAMPLES = (
    "https://user@example.com:8042/over/there?name=ferret#nose",
    "urn:example:animal:ferret:nose",
)
CHAR_WIDTH = 14  # px per character: the text is stretched to exactly this (textLength)
FONT = "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace"
SANS = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
COLOURS = {
    "scheme": "#1f77b4",
    "authority": "#555555",
    "userinfo": "#9467bd",
    "host": "#d62728",
    "port": "#ff7f0e",
    "path": "#2ca02c",
    "query": "#8c564b",
    "fragment": "#e377c2",
}


def spans(text: str) -> list[tuple[str, int, int]]:
    """``(component, start, end)`` of each defined component of ``text`` as
    :func:`urikit.parse` reads it, "authority" included, in text order.

    >>> spans("http://h:1/p?q#f")  # doctest: +NORMALIZE_WHITESPACE
    [('scheme', 0, 4), ('authority', 7, 10), ('host', 7, 8), ('port', 9, 10),
     ('path', 10, 12), ('query', 13, 14), ('fragment', 15, 16)]
    """
    ref = urikit.parse(text)
    found: list[tuple[str, int, int]] = []
    pos = 0

    def take(name: str, value: str | None, skip_before: int = 0) -> None:
        nonlocal pos
        if value is None:
            return
        pos += skip_before
        found.append((name, pos, pos + len(value)))
        pos += len(value)

    take("scheme", ref.scheme)
    if ref.scheme is not None:
        pos += 1  # ":"
    if ref.authority is not None:
        pos += 2  # "//"
        start = pos
        found.append(("authority", start, start + len(ref.authority)))
        take("userinfo", ref.userinfo)
        if ref.userinfo is not None:
            pos += 1  # "@"
        take("host", ref.host)
        take("port", ref.port, skip_before=1)
        pos = start + len(ref.authority)
    take("path", ref.path)
    take("query", ref.query, skip_before=1)
    take("fragment", ref.fragment, skip_before=1)
    for name, start, end in found:
        if name != "authority":
            assert text[start:end] == getattr(ref, name), (name, text, start, end)
    assert pos == len(text), (text, found)
    return found


def _svg(width: int, height: int, title: str, body: Iterable[str]) -> str:
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
            f' viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">',
            f"<title>{escape(title)}</title>",
            f'<rect x="0" y="0" width="{width}" height="{height}" rx="8" fill="#ffffff"/>',
            *body,
            "</svg>",
            "",
        ]
    )


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: int = 14,
    colour: str = "#222222",
    anchor: str = "middle",
    font: str = SANS,
    weight: str = "normal",
) -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" font-family="{font}" font-size="{size}"'
        f' font-weight="{weight}" fill="{colour}" text-anchor="{anchor}">{escape(text)}</text>'
    )


def _bracket(x1: float, x2: float, y: float, tick: float, colour: str) -> str:
    """A square bracket from ``x1`` to ``x2`` at ``y``, its ends turned by ``tick``."""
    return (
        f'<path d="M{x1 + 2:g} {y + tick:g} V{y:g} H{x2 - 2:g} V{y + tick:g}"'
        f' fill="none" stroke="{colour}" stroke-width="2"/>'
    )


def draw_components(examples: Sequence[str] = COMPONENT_EXAMPLES) -> str:
    """components.svg: each example with its components bracketed and named."""
    margin, row = 24, 120
    width = margin * 2 + 40 + CHAR_WIDTH * max(len(t) for t in examples)
    body: list[str] = []
    for i, text in enumerate(examples):
        top = 16 + i * row
        base = top + 62  # the URI's baseline
        body.append(
            f'<text x="{margin}" y="{base}" font-family="{FONT}" font-size="22" fill="#111111"'
            f' textLength="{CHAR_WIDTH * len(text)}" lengthAdjust="spacing"'
            f' xml:space="preserve">{escape(text)}</text>'
        )
        for name, start, end in spans(text):
            x1, x2 = margin + CHAR_WIDTH * start, margin + CHAR_WIDTH * end
            colour = COLOURS[name]
            if name == "authority":  # above the text, around userinfo, host and port
                body.append(_bracket(x1, x2, base - 28, 8, colour))
                body.append(_text((x1 + x2) / 2, base - 36, name, colour=colour))
            else:
                body.append(_bracket(x1, x2, base + 14, -8, colour))
                body.append(_text((x1 + x2) / 2, base + 34, name, colour=colour))
    title = "The components of a URI, as urikit.parse reads them"
    return _svg(width, 16 + row * len(examples) - 10, title, body)


#: RFC 3986 section 6.2's rungs, bottom (cheapest) first: (section, name,
#: the level of urikit.normalize that climbs to it, or None, and what it does).
LADDER = (
    ("6.2.1", "Simple string comparison", None, "the same characters: no false positives"),
    ("6.2.2", "Syntax-based normalization", "syntax", "case, percent-encoding, dot segments"),
    ("6.2.3", "Scheme-based normalization", "scheme", "the scheme's defaults: port, empty path"),
    ("6.2.4", "Protocol-based normalization", None, "needs the network: not done by urikit"),
)
LADDER_EXAMPLE = "HTTP://Example.COM:80/%7euser/./a/../b"


def draw_ladder(example: str = LADDER_EXAMPLE) -> str:
    """ladder.svg: the rungs, the top one drawn highest, each with ``example``
    as urikit brings it to that rung."""
    width, rung, left = 760, 84, 70
    height = 50 + rung * len(LADDER) + 30
    body: list[str] = [
        f'<path d="M34 {height - 40} V68" stroke="#777777" stroke-width="3"'
        ' marker-end="url(#arrow)" fill="none"/>',
        '<defs><marker id="arrow" markerWidth="10" markerHeight="10" refX="5" refY="5"'
        ' orient="auto" markerUnits="userSpaceOnUse">'
        '<path d="M0 0 L10 5 L0 10 z" fill="#777777"/></marker></defs>',
        _text(width / 2, 26, "RFC 3986 section 6.2: the comparison ladder", size=17, weight="bold"),
        _text(
            22,
            height - 14,
            "cheaper, fewer equivalences found",
            size=12,
            colour="#555555",
            anchor="start",
        ),
        _text(22, 52, "more equivalences, more cost", size=12, colour="#555555", anchor="start"),
    ]
    for i, (section, name, level, what) in enumerate(LADDER):
        y = 50 + rung * (len(LADDER) - 1 - i) + 16
        fill = "#eef5fb" if level else "#f4f4f4"
        body.append(
            f'<rect x="{left}" y="{y}" width="{width - left - 20}" height="{rung - 12}" rx="6"'
            f' fill="{fill}" stroke="#9fb6c9"/>'
        )
        body.append(
            _text(left + 12, y + 22, f"{section}  {name}", size=15, anchor="start", weight="bold")
        )
        body.append(_text(width - 32, y + 22, what, size=12, colour="#555555", anchor="end"))
        if level is not None:
            shown = f'normalize(…, level="{level}")  →  {urikit.normalize(example, level)}'
        elif section == "6.2.1":
            shown = f"{example}  ≠  {urikit.normalize(example)}"
        else:
            shown = "e.g. following a redirect to learn that two URLs name one page"
        body.append(
            _text(left + 12, y + 50, shown, size=14, anchor="start", font=FONT, colour="#111111")
        )
    return _svg(width, height, "RFC 3986 section 6.2 comparison ladder", body)


#: What urikit.guard does for each hop: (the step, what refuses the hop), in order.
GUARD_STEPS = (
    ("parse the URL once, by RFC 3986", "not a URI once whitespace is stripped"),
    ("security.check under the Policy", "a blocking finding: private-address …"),
    ("resolve the host once, check every address", "one blocked address, or none"),
    ("one reading: WHATWG reads the same host", "whatwg-differs in the host"),
    ("http or https, a host, a port 1-65535", "scheme-not-allowed, no host, bad port"),
    ("connect to a checked address; Host, SNI, certificate use the name", "—"),
)


def draw_guard() -> str:
    """guard.svg: the per-hop flow of urikit.guard, with the redirect loop."""
    width, box_h, gap, left, box_w = 1000, 44, 18, 230, 470
    top = 56
    body: list[str] = [
        '<defs><marker id="a" markerWidth="10" markerHeight="10" refX="9" refY="5"'
        ' orient="auto" markerUnits="userSpaceOnUse">'
        '<path d="M0 0 L10 5 L0 10 z" fill="#555555"/></marker></defs>',
        _text(width / 2, 28, "urikit.guard: every hop of a request", size=17, weight="bold"),
    ]
    y = top
    for step, refused in GUARD_STEPS:
        body.append(
            f'<rect x="{left}" y="{y}" width="{box_w}" height="{box_h}" rx="6"'
            ' fill="#eef5fb" stroke="#9fb6c9"/>'
        )
        body.append(_text(left + box_w / 2, y + 27, step, size=13))
        if refused != "—":
            bx = left + box_w + 50
            body.append(
                f'<path d="M{left + box_w} {y + box_h / 2} H{bx - 2}" stroke="#c0392b"'
                ' stroke-width="2" marker-end="url(#a)"/>'
            )
            body.append(
                _text(
                    bx + 4,
                    y + box_h / 2 - 3,
                    "Blocked",
                    size=13,
                    colour="#c0392b",
                    anchor="start",
                    weight="bold",
                )
            )
            body.append(
                _text(
                    bx + 4, y + box_h / 2 + 13, refused, size=11, colour="#555555", anchor="start"
                )
            )
        y += box_h + gap
        body.append(
            f'<path d="M{left + box_w / 2} {y - gap} V{y - 2}" stroke="#555555"'
            ' stroke-width="2" marker-end="url(#a)"/>'
        )
    statuses = ", ".join(map(str, sorted(REDIRECT_STATUSES)))
    answer = f"the answer: a redirect ({statuses}) with a Location?"
    body.append(
        f'<rect x="{left}" y="{y}" width="{box_w}" height="{box_h}" rx="22"'
        ' fill="#fff8e6" stroke="#d9b44a"/>'
    )
    body.append(_text(left + box_w / 2, y + 27, answer, size=12))
    no_y = y + box_h + gap
    body.append(
        f'<path d="M{left + box_w / 2} {y + box_h} V{no_y + 8}" stroke="#555555"'
        ' stroke-width="2" marker-end="url(#a)"/>'
    )
    body.append(_text(left + box_w / 2 + 8, no_y + 2, "no", size=12, anchor="start"))
    body.append(
        _text(
            left + box_w / 2,
            no_y + 28,
            "Response (the checked address in .address)",
            size=13,
            weight="bold",
        )
    )
    loop_x = left - 22
    body.append(
        f'<path d="M{left} {y + box_h / 2} H{loop_x} V{top + box_h / 2} H{left - 2}"'
        ' fill="none" stroke="#2c7fb8" stroke-width="2" marker-end="url(#a)"/>'
    )
    notes = (
        "yes: the next hop.",
        "Location is resolved",
        "against the hop's URL",
        "(RFC 3986 section 5.2);",
        "after max_redirects:",
        "too-many-redirects",
    )
    for k, note in enumerate(notes):
        body.append(
            _text(
                loop_x - 8,
                (top + y) / 2 + 18 * (k - 2),
                note,
                size=12,
                colour="#2c7fb8",
                anchor="end",
            )
        )
    height = no_y + 48
    return _svg(width, height, "urikit.guard's per-hop flow", body)


def pictures() -> dict[str, str]:
    """Each picture's file name and its SVG text."""
    return {
        "components.svg": draw_components(),
        "ladder.svg": draw_ladder(),
        "guard.svg": draw_guard(),
    }


def stale(directory: Path) -> list[str]:
    """The pictures whose file in ``directory`` is missing or differs from what
    this script draws."""
    return [
        name
        for name, svg in pictures().items()
        if not (directory / name).is_file() or (directory / name).read_text(encoding="utf-8") != svg
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="exit 1 when a picture is stale")
    parser.add_argument("--out", type=Path, default=STATIC, help="the directory of the pictures")
    args = parser.parse_args(argv)
    if args.check:
        names = stale(args.out)
        for name in names:
            print(f"{args.out / name} is stale: run python tools/draw_docs.py", file=sys.stderr)
        return 1 if names else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, svg in pictures().items():
        (args.out / name).write_text(svg, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
