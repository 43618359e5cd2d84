#!/usr/bin/env python3
"""Generate src/urikit/core/_tables.h, the grammar's facts as the C accelerator reads them.

The tables are derived from the one definition of every character class,
:mod:`urikit.core._charsets`, and from the percent-encoder's component sets
(:data:`urikit.percent.COMPONENT_SAFE`) and the characters the extraction
scanner runs over (``urikit.text._prose._URI_CHARS``). Nothing in C spells a class by hand:
not the parser's classes, the fast scanner's byte and nibble tables, the Arrow
pass's delimiter nibbles, nor the hex digits. The words C hands to Python come
from Python too: the error reasons and components the fast parse names
(:data:`urikit.errors.REASONS`, :data:`urikit.core._parser.COMPONENT_SPANS`), and the
slots C fills in a :class:`urikit.errors.URIError` and a
:class:`urikit.extraction.Extracted` (their ``__slots__``), the rule names
(:data:`urikit.core._parser.RULES`) and the messages of an unknown rule or
component (:func:`urikit.core._errors.unknown_choice`'s wording). The extraction
scanner's facts come from :mod:`urikit.text._prose` and
:mod:`urikit.text._candidates`: where a candidate starts, the words of an
abbreviated host and the scheme :func:`fixup` gives each,
the ``URL:`` prefix, the wrapper names, its bounds and its whitespace classes;
the IRI ``ucschar`` test from :data:`urikit.iri._syntax.UCSCHAR_RANGES`.

Every class C reads is RFC 3986's (the classes of :mod:`urikit.core._charsets`):
the parser's, and two that only C's fast paths read, derived here from RFC 3986's
classes, each named for its use (:func:`fast_path_classes`): ``CANON_PLAIN``
(the canonical forms' fast path) and ``ARROW_PLAIN`` with its delimiters
(``urikit.arrow``'s validation pass). No class of another standard reaches C.

    python tools/gen_tables.py           # rewrite the header
    python tools/gen_tables.py --check   # exit 1 when the header is stale

tests/core/test_implementation.py fails when the committed header differs from what this
script generates, and checks that a changed definition makes ``--check`` fail.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HEADER = REPO / "src" / "urikit" / "core" / "_tables.h"

# The _charsets classes the C parser uses, in bit order.
CLASSES = (
    "ALPHA",
    "DIGIT",
    "HEXDIG",
    "SCHEME",
    "UNRESERVED",
    "USERINFO",
    "REG_NAME",
    "IPVFUTURE_TAIL",
    "PCHAR",
    "PCHAR_NC",
    "PATH",
    "QUERY",
    "FRAGMENT",
)

# The error reasons and components C names (locate_error's, percent_decode's; checked
# against errors.REASONS and _parser.COMPONENT_SPANS), in the order of the W_* enum.
C_REASONS = ("invalid-char", "bad-percent", "colon-in-first-segment", "bad-decoding")
C_COMPONENTS = ("host", "port", "path", "query", "fragment")

# The rules a parse may be asked for (_parser.RULES), as the C enum names them.
C_RULES = (
    ("REF", "URI-reference"),
    ("URI", "URI"),
    ("ABS", "absolute-URI"),
    ("REL", "relative-ref"),
)

# The classes of the byte table ``uk_fast`` (at most 16: two bytes a code point).
FAST_CLASSES = (
    "ALPHA",
    "DIGIT",
    "HEXDIG",
    "SCHEME",
    "REG_NAME",
    "PATH",
    "QUERY",
    "FRAGMENT",
    "ARROW_PLAIN",
)


def fast_path_classes() -> dict[str, frozenset[str]]:
    """The RFC 3986 classes only C's fast paths read, each derived from the ABNF
    classes of :mod:`urikit.core._charsets` by what its fast path proves:

    ``CANON_PLAIN``
        The canonical forms' fast path (``urikit_canon_fast``): the characters of
        RFC 3986 section 2 (reserved, unreserved) but "#" (it finds the fragment
        itself) and "[" "]" (no IP literal); it then splits by the grammar.
    ``ARROW_PLAIN``
        ``arrow_validate``'s byte-class pass, whose ``av_decide`` reads a row
        ``scheme "://" reg-name path-abempty [ "?" query ]`` from the bytes of
        this class alone: those RFC 3986's query and path (with "?") both take.
    ``ARROW_DELIMS``
        The ``ARROW_PLAIN`` characters a reg-name does not take: where the
        authority ends. ``av_decide`` tells "/" and "?" from ":" and "@" by the
        low nibble, so these must be exactly those four.
    """
    from urikit.core import _charsets as cs

    canon = (cs.RESERVED | cs.UNRESERVED) - frozenset("#[]")
    arrow = cs.QUERY & (cs.PATH | frozenset("?"))
    delims = arrow - cs.REG_NAME
    if delims != frozenset(":@/?"):
        raise SystemExit(f"av_decide reads the delimiters ':', '@', '/', '?', not {sorted(delims)}")
    return {"CANON_PLAIN": canon, "ARROW_PLAIN": arrow, "ARROW_DELIMS": delims}


def generate() -> str:
    """The text of _tables.h for the current character classes."""
    src = str(REPO / "src")
    if src not in sys.path:
        sys.path.insert(0, src)
    from urikit.core import _charsets as cs
    from urikit.core._errors import REASONS, URIError
    from urikit.core._parser import COMPONENT_SPANS
    from urikit.core._percent import COMPONENT_SAFE
    from urikit.text._extracted import Extracted
    from urikit.text._prose import _URI_CHARS

    fast = fast_path_classes()
    sets: list[tuple[str, frozenset[str]]] = [(n, getattr(cs, n)) for n in CLASSES]
    sets.append(("CANON_PLAIN", fast["CANON_PLAIN"]))
    fast_sets = [(n, fast[n] if n in fast else getattr(cs, n)) for n in FAST_CLASSES]
    if len(fast_sets) > 16:
        raise SystemExit("more than 16 fast classes: widen uk_fast")
    components = sorted(COMPONENT_SAFE)
    sets += [("SAFE_" + c.upper().replace("-", "_"), COMPONENT_SAFE[c]) for c in components]
    # the characters a bare reference in prose runs over (prose._URI_CHARS)
    sets.append(("URI_CHARS", _URI_CHARS))
    if len(sets) > 32:
        raise SystemExit("more than 32 classes: widen the table type")
    for name, chars in sets:
        if any(len(c) != 1 or ord(c) > 127 for c in chars):
            raise SystemExit(f"{name} has a non-ASCII member")
    out = [
        "/* Generated by tools/gen_tables.py from urikit's Python definitions (the",
        " * character classes, percent-coding sets, error words and slots C reads).",
        " * Do not edit: run the script; --check says when it is stale. */",
        "#ifndef URIKIT_TABLES_H",
        "#define URIKIT_TABLES_H",
        "",
        "#include <stdint.h>",
        "",
    ]
    for bit, (name, _) in enumerate(sets):
        out.append(f"#define UK_{name} (1u << {bit})")
    out.append("")
    out.append("/* Bit set of the classes each ASCII code point belongs to. */")
    out.append("static const uint32_t uk_class[128] = {")
    for code in range(128):
        mask = sum(1 << bit for bit, (_, chars) in enumerate(sets) if chr(code) in chars)
        out.append(f"    0x{mask:08x}u, /* {code:3d} {chr(code)!r} */")
    out.append("};")
    out.append("")
    out.append("/* The fast scanner's byte table (urikit.arrow kernels): two bytes a code")
    out.append(" * point for all 256 byte values, so a scan needs no range check. */")
    for bit, (name, _) in enumerate(fast_sets):
        out.append(f"#define UKK_{name} {bit}")
        out.append(f"#define UKF_{name} (1u << UKK_{name})")
    out.append("static const uint16_t uk_fast[256] = {")
    for row in range(0, 256, 16):
        cells = []
        for code in range(row, row + 16):
            ch = chr(code)
            mask = sum(1 << bit for bit, (_, chars) in enumerate(fast_sets) if ch in chars)
            cells.append(f"0x{mask:04x}")
        out.append("    " + ", ".join(cells) + f", /* {row:3d}.. */")
    out.append("};")
    out.append("/* The same classes for a 16-byte nibble lookup (SSSE3 pshufb): byte b is")
    out.append(" * in class k when uk_fast_nib[k][b & 15] has bit (b >> 4) set (b < 128). */")
    out.append(f"static const uint8_t uk_fast_nib[{len(fast_sets)}][16] = {{")
    for name, chars in fast_sets:
        nib = [sum(1 << hi for hi in range(8) if chr(hi * 16 + lo) in chars) for lo in range(16)]
        out.append("    {" + ", ".join(f"0x{c:02x}" for c in nib) + f"}}, /* {name} */")
    out.append("};")
    out.append("")
    out.append("/* The Arrow pass's delimiters (ARROW_DELIMS: the ARROW_PLAIN characters a")
    out.append(
        " * reg-name does not take), as a test and as a nibble lookup like uk_fast_nib's. */"
    )
    delims = sorted(fast["ARROW_DELIMS"])
    test = " || ".join(f"(c) == {c!r}" for c in delims)
    out.append(f"#define UK_IS_ARROW_DELIM(c) ({test})")
    nib = [sum(1 << hi for hi in range(8) if chr(hi * 16 + lo) in delims) for lo in range(16)]
    out.append(
        "static const uint8_t uk_arrow_delims_nib[16] = {"
        + ", ".join(f"0x{c:02x}" for c in nib)
        + "};"
    )
    out.append("")
    hexup = "".join(sorted(c for c in cs.HEXDIG if not c.islower()))
    out.append("/* The hex digits of a percent-encoding C writes (uppercase, RFC 3986 2.1). */")
    out.append(f'static const char uk_hexup[] = "{hexup}";')
    out.append("")
    words = (*C_REASONS, *C_COMPONENTS)
    unknown = [w for w in C_REASONS if w not in REASONS]
    unknown += [w for w in C_COMPONENTS if w not in COMPONENT_SPANS]
    if unknown:
        raise SystemExit(f"C names words Python does not have: {unknown}")
    out.append("/* The reasons and components of the errors locate_error names")
    out.append(" * (urikit.errors.REASONS, urikit.core._parser.COMPONENT_SPANS). */")
    out.append(enum("W", words, "NWORDS"))
    out.append(strings("WORDS", "NWORDS", words))
    out.append("")
    out.append("/* The slots of urikit.errors.URIError the fast parse fills. */")
    out.append(enum("E", URIError.__slots__, "NEFIELDS"))
    out.append(strings("EFIELDS", "NEFIELDS", URIError.__slots__))
    out.append("")
    out.append("/* The slots of urikit.extraction.Extracted the extraction scanner fills. */")
    out.append(enum("EXS", Extracted.__slots__, "NEXSLOTS"))
    out.append(strings("EX_SLOTS", "NEXSLOTS", Extracted.__slots__))
    out.append("")
    out.extend(rules())
    out.append("")
    out.extend(ucschar())
    out.append("")
    out.extend(extraction())
    out.append("")
    out.append("/* The components percent_encode knows, and the set each keeps as is. */")
    out.append("typedef struct { const char *name; uint32_t safe; } uk_component;")
    out.append("static const uk_component uk_components[] = {")
    for c in components:
        out.append(f'    {{"{c}", UK_SAFE_{c.upper().replace("-", "_")}}},')
    out.append("    {0, 0},")
    out.append("};")
    fmt = unknown_format("component", components)
    out.append(f"#define UK_UNKNOWN_COMPONENT_FMT {c_string(fmt)}")
    out.append("")
    out.append("#endif /* URIKIT_TABLES_H */")
    return "\n".join(out) + "\n"


def rules() -> list[str]:
    """The rule names C compares a ``rule`` argument with, and its unknown-rule message."""
    from urikit.core._parser import RULES

    names = tuple(name for _, name in C_RULES)
    if frozenset(names) != RULES:
        raise SystemExit(f"C's rules {sorted(names)} are not _parser.RULES {sorted(RULES)}")
    return [
        "/* The rules a parse may be asked for (urikit.core._parser.RULES), and the",
        " * message of an unknown one (errors.unknown_choice's, a PyErr_Format format). */",
        "enum { "
        + ", ".join(f"RULE_{code}" for code, _ in C_RULES)
        + ", NRULES, RULE_UNKNOWN = -1 };",
        strings("RULE_NAMES", "NRULES", names),
        f"#define UK_UNKNOWN_RULE_FMT {c_string(unknown_format('rule', sorted(RULES)))}",
    ]


def ucschar() -> list[str]:
    """The IRI characters iri_stand_in replaces: a test of ranges, ascending."""
    from urikit.iri._syntax import BIDI_FORMATTING, UCSCHAR_RANGES

    refused = sorted(ord(c) for c in BIDI_FORMATTING)
    ranges: list[tuple[int, int]] = []
    for lo, hi in sorted(UCSCHAR_RANGES):
        for cut in refused:
            if lo <= cut <= hi:
                if lo < cut:
                    ranges.append((lo, cut - 1))
                lo = cut + 1
        if lo <= hi:
            ranges.append((lo, hi))
    return [
        "/* RFC 3987 section 2.2 ucschar without the section 4.1 bidi formatting",
        " * characters: urikit.iri._syntax.UCSCHAR_RANGES minus BIDI_FORMATTING, as a",
        " * binary search over the ranges. */",
        "static inline int",
        "uk_iri_ucschar(uint32_t c)",
        "{",
        *range_search(ranges, "    "),
        "}",
    ]


def range_search(ranges: list[tuple[int, int]], indent: str) -> list[str]:
    """C statements returning whether ``c`` is in one of the ascending ``ranges``."""
    if len(ranges) == 1:
        lo, hi = ranges[0]
        return [f"{indent}return c >= 0x{lo:X} && c <= 0x{hi:X};"]
    mid = len(ranges) // 2
    return [
        f"{indent}if (c < 0x{ranges[mid][0]:X}) {{",
        *range_search(ranges[:mid], indent + "    "),
        f"{indent}}}",
        *range_search(ranges[mid:], indent),
    ]


def unknown_format(what: str, choices: list[str]) -> str:
    """errors.unknown_choice's message as a PyErr_Format format of the value (``%R``)."""
    from urikit.core._errors import unknown_choice

    marker = "\x00"
    message = str(unknown_choice(what, marker, choices))
    return message.replace("%", "%%").replace(repr(marker), "%R")


def extraction() -> list[str]:
    """What the extraction scanner reads of urikit.text (prose, candidates): where a candidate
    starts, the words of an abbreviated host and the scheme each gets, the wrapper
    names, the old ``URL:`` prefix, the bounds, and which characters are whitespace."""
    from urikit.text import _candidates as candidates
    from urikit.text import _fixup as fixing
    from urikit.text import _prose as ex

    starts = (ex._ANGLE_OPEN, ex._QUOTE_OPEN, ex._SCHEME_COLON)
    words = ex._ABBREVIATED_WORDS
    if any(len(w) != 3 or not (w.isascii() and w.isalpha() and w.islower()) for w in words):
        raise SystemExit(f"the scanner reads three lowercase ASCII letters a word: {words}")
    schemes = []
    for word in words:
        uri = fixing.fixup(f"{word}.a.example")
        schemes.append(uri[: uri.index("//") + 2])
    spaces = {
        "WS": ex._WS,
        "BLANK": ex._LINE_BLANKS + ex._LINE_BREAKS,
        "LINE_BLANK": ex._LINE_BLANKS,
        "BREAK": ex._LINE_BREAKS,
        "BAD": ex._BAD_BLANKS,
    }
    if any(ord(c) > 255 for chars in spaces.values() for c in chars):
        raise SystemExit("a whitespace character above U+00FF: widen uk_ex_space")
    out = [
        "/* urikit.text's facts the scanner reads: the bounds _MAX_SCHEME and",
        " * _SHORT_RUN; where a candidate of _candidates_re starts (1: _ANGLE_OPEN,",
        " * _QUOTE_OPEN, _SCHEME_COLON; 2: _ABBREVIATED_DOT); the _ABBREVIATED_WORDS",
        " * and the scheme fixup gives each; _URL_PREFIX; the _WRAPPERS. */",
        f"#define EX_MAX_SCHEME {candidates._MAX_SCHEME}",
        f"#define EX_SHORT_RUN {candidates._SHORT_RUN}",
        f"#define UK_EX_ANGLE {c_char(ex._ANGLE_OPEN)}",
        f"#define UK_EX_QUOTE {c_char(ex._QUOTE_OPEN)}",
        f"#define UK_EX_COLON {c_char(ex._SCHEME_COLON)}",
        f"#define UK_EX_DOT {c_char(ex._ABBREVIATED_DOT)}",
        "static const uint8_t uk_ex_start[128] = {"
        + ", ".join(
            [f"[{c_char(c)}] = 1" for c in starts] + [f"[{c_char(ex._ABBREVIATED_DOT)}] = 2"]
        )
        + "};",
        f"#define UK_EX_NWORDS {len(words)}",
        "static const char uk_ex_words[UK_EX_NWORDS][4] = {"
        + ", ".join(c_string(w) for w in words)
        + "};",
        "static const char *const uk_ex_word_scheme[UK_EX_NWORDS] = {"
        + ", ".join(c_string(s) for s in schemes)
        + "};",
        f"#define UK_EX_URL_PREFIX {c_string(ex._URL_PREFIX)}",
        f"#define UK_EX_URL_PREFIX_LEN {len(ex._URL_PREFIX)}",
        enum("EX", ex._WRAPPERS, "NEXWRAPPERS"),
        strings("EX_WRAPPERS", "NEXWRAPPERS", ex._WRAPPERS),
        "",
        "/* The whitespace of extraction (code points up to U+00FF): _WS, the blanks a",
        " * delimited form may hold (_LINE_BLANKS + _LINE_BREAKS), _LINE_BLANKS,",
        " * _LINE_BREAKS and the _BAD_BLANKS that end one. */",
    ]
    for bit, name in enumerate(spaces):
        out.append(f"#define UK_EXS_{name} (1u << {bit})")
    out.append("static const uint8_t uk_ex_space[256] = {")
    for code in range(256):
        mask = sum(1 << bit for bit, chars in enumerate(spaces.values()) if chr(code) in chars)
        if mask:
            out.append(f"    [0x{code:02x}] = 0x{mask:02x},")
    out.append("};")
    return out


def c_char(ch: str) -> str:
    """A C character constant for the ASCII character ``ch``."""
    if len(ch) != 1 or not ch.isascii() or not ch.isprintable():
        raise SystemExit(f"not a printable ASCII character: {ch!r}")
    return "'\\''" if ch == "'" else ("'\\\\'" if ch == "\\" else f"'{ch}'")


def c_string(text: str) -> str:
    """A C string literal for the printable ASCII ``text``."""
    if not (text.isascii() and text.isprintable()):
        raise SystemExit(f"not printable ASCII: {text!r}")
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def enum(prefix: str, names: tuple[str, ...], count: str) -> str:
    """A C enum of ``names`` (``PREFIX_NAME``, leading underscores dropped) and their count."""
    members = [f"{prefix}_{n.lstrip('_').upper().replace('-', '_')}" for n in names]
    return "enum { " + ", ".join([*members, count]) + " };"


def strings(name: str, count: str, words: tuple[str, ...]) -> str:
    """A C array of the strings ``words``."""
    items = ", ".join(f'"{w}"' for w in words)
    return f"static const char *const {name}[{count}] = {{{items}}};"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="exit 1 when the header is stale")
    args = parser.parse_args(argv)
    text = generate()
    current = HEADER.read_text(encoding="utf-8") if HEADER.exists() else ""
    if args.check:
        if current != text:
            print(f"{HEADER} is stale: run python tools/gen_tables.py", file=sys.stderr)
            return 1
        return 0
    if current != text:
        HEADER.write_text(text, encoding="utf-8")
        print(f"wrote {HEADER}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
