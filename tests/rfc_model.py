"""Independent models of RFC 3986 algorithms, transliterated from the RFC's text.

These are deliberately naive (string buffers, the Appendix B regex) and share no
code with urikit, so they can serve as oracles for property tests:

* ``remove_dot_segments``: section 5.2.4, rules A to E on two string buffers.
* ``resolve``: section 5.2.2 pseudo-code, with 5.2.3 merge and 5.3 recomposition,
  splitting with the regular expression of Appendix B.
* ``normalize_pct``: section 6.2.2.1 and 6.2.2.2 on a component.
"""

from __future__ import annotations

import re

# Appendix B, verbatim.
APPENDIX_B = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?")

#: Section 2.3: unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"  (spelled out here)
UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

Parts = tuple[str | None, str | None, str, str | None, str | None]


def split(text: str) -> Parts:
    """Appendix B: scheme = $2, authority = $4, path = $5, query = $7, fragment = $9."""
    m = APPENDIX_B.match(text)
    assert m is not None
    return (m.group(2), m.group(4), m.group(5), m.group(7), m.group(9))


def remove_dot_segments(path: str) -> str:
    """Section 5.2.4, literally."""
    inp = path
    out = ""
    while inp:
        # A
        if inp.startswith("../"):
            inp = inp[3:]
        elif inp.startswith("./"):
            inp = inp[2:]
        # B
        elif inp.startswith("/./"):
            inp = "/" + inp[3:]
        elif inp == "/.":
            inp = "/"
        # C
        elif inp.startswith("/../") or inp == "/..":
            inp = "/" + inp[4:]
            cut = out.rfind("/")
            out = out[:cut] if cut >= 0 else ""
        # D
        elif inp in (".", ".."):
            inp = ""
        # E
        else:
            nxt = inp.find("/", 1 if inp.startswith("/") else 0)
            if nxt < 0:
                nxt = len(inp)
            out += inp[:nxt]
            inp = inp[nxt:]
    return out


def merge(base_authority: str | None, base_path: str, ref_path: str) -> str:
    """Section 5.2.3."""
    if base_authority is not None and base_path == "":
        return "/" + ref_path
    return base_path[: base_path.rfind("/") + 1] + ref_path


def recompose(parts: Parts) -> str:
    """Section 5.3, literally (no guard for a path starting with "//")."""
    scheme, authority, path, query, fragment = parts
    result = ""
    if scheme is not None:
        result += scheme + ":"
    if authority is not None:
        result += "//" + authority
    result += path
    if query is not None:
        result += "?" + query
    if fragment is not None:
        result += "#" + fragment
    return result


def resolve_parts(base: str, reference: str, *, strict: bool = True) -> Parts:
    """Section 5.2.2 pseudo-code."""
    b_scheme, b_authority, b_path, b_query, _ = split(base)
    r_scheme, r_authority, r_path, r_query, r_fragment = split(reference)
    # "if ((not strict) and (R.scheme == Base.scheme))": schemes compare
    # case-insensitively (section 3.1), as urikit does.
    if (
        not strict
        and r_scheme is not None
        and b_scheme is not None
        and r_scheme.lower() == b_scheme.lower()
    ):
        r_scheme = None
    t: tuple[str | None, str | None, str, str | None]
    if r_scheme is not None:
        t = (r_scheme, r_authority, remove_dot_segments(r_path), r_query)
    elif r_authority is not None:
        t = (b_scheme, r_authority, remove_dot_segments(r_path), r_query)
    elif r_path == "":
        t = (b_scheme, b_authority, b_path, r_query if r_query is not None else b_query)
    elif r_path.startswith("/"):
        t = (b_scheme, b_authority, remove_dot_segments(r_path), r_query)
    else:
        t = (
            b_scheme,
            b_authority,
            remove_dot_segments(merge(b_authority, b_path, r_path)),
            r_query,
        )
    return (t[0], t[1], t[2], t[3], r_fragment)


def resolve(base: str, reference: str, *, strict: bool = True) -> str:
    return recompose(resolve_parts(base, reference, strict=strict))


_PCT = re.compile(r"%[0-9A-Fa-f]{2}")


def normalize_pct(text: str) -> str:
    """Sections 6.2.2.1 and 6.2.2.2: uppercase the hex, decode unreserved octets."""

    def one(m: re.Match[str]) -> str:
        ch = chr(int(m.group()[1:], 16))
        return ch if ch in UNRESERVED else m.group().upper()

    return _PCT.sub(one, text)


def lower_keeping_pct(text: str) -> str:
    """Lowercase ``text`` except the hex digits of its percent-encodings."""
    return _PCT.sub(lambda m: m.group().upper(), text.lower())
