"""Reference resolution as the older documents define it.

Each rule set follows its own document's algorithm step by step:

``"rfc1808"``
    RFC 1808 section 4. URLs are parsed per section 2.4 into scheme, net_loc,
    path, ``;params``, ``?query`` and ``#fragment``; an empty component counts as
    absent. An empty reference is the *entire* base, fragment included
    (step 2a); a reference with only params or a query inherits the base path
    (step 5), so ``";x"`` gives ``http://a/b/c/d;x`` and ``"?y"`` keeps ``;p``.
``"draft-1997"``
    draft-fielding-url-syntax-05 section 5.2. A relative path's *query is
    appended to the buffer before dot segments are removed* (step 6c), so
    ``"g?y/./x"`` gives ``http://a/b/c/g?y/x``.
``"rfc2396"``
    RFC 2396 section 5.2. ``"?y"`` is a relative path of its own, giving
    ``http://a/b/c/?y``.
``"draft-2003"``
    draft-fielding-uri-rfc2396bis-01 section 5.2. ``"?y"`` keeps the base path
    (``http://a/b/c/d;p?y``); an empty base path merges as "/".

In every rule set, dot segments are removed only from a merged relative path
(an absolute-path reference such as ``"/./g"`` is kept as is), with the
string-buffer steps the documents give; ``".."`` segments that would climb
above the root are *kept* (``"../../../g"`` gives ``http://a/../g``), the first
of the options the documents allow. "The current document" (an empty or
fragment-only reference, where the document says so) is written as the base
without its fragment, followed by the reference's fragment.

One gap the older documents leave open is closed here: when the base has an
authority and an empty path, a merged relative path gets a leading "/", as
RFC 3986 section 5.2.3 (and the 2003 draft) say, since otherwise the path
would run into the authority (``http://a`` + ``g`` would read ``http://ag``).

``strict=False`` is the backwards-compatible reading of RFC 2396 section 5.2
step 3 and the 2003 draft's pseudocode: a reference whose scheme equals the
base's (ignoring case) is treated as relative.

>>> base = "http://a/b/c/d;p?q"
>>> [resolve_legacy(base, r, rules="rfc1808") for r in ("?y", ";x")]
['http://a/b/c/d;p?y', 'http://a/b/c/d;x']
>>> [resolve_legacy(base, r, rules="rfc2396") for r in ("?y", ";x")]
['http://a/b/c/?y', 'http://a/b/c/;x']
>>> resolve_legacy(base, "g?y/./x", rules="draft-1997")
'http://a/b/c/g?y/x'
>>> resolve_legacy(base, "../../../g", rules="draft-2003")
'http://a/../g'
"""

from __future__ import annotations

import re
from typing import Final

from ..core._charsets import regex_class
from ..core._errors import URIError, unknown_choice
from .grammars import _SCHEME, _URIC
from .grammars import APPENDIX_B_RE as _SPLIT_RE

__all__ = ["LEGACY_RULES", "legacy_remove_dots", "resolve_legacy"]

#: The rule sets :func:`resolve_legacy` knows.
LEGACY_RULES: Final = ("rfc1808", "draft-1997", "rfc2396", "draft-2003")

# RFC 2396's characters of a URI reference (uric, the "#" before a fragment and
# the "%" of an escape), which the four rule sets' references are read by.
_ALLOWED: Final = _URIC | frozenset("#%")
_SCHEME_RE: Final = re.compile(f"[{regex_class(_SCHEME)}]+")

_Parts = tuple[str | None, str | None, str, str | None, str | None]


def _check_chars(text: str, component: str) -> None:
    for i, ch in enumerate(text):
        if ch not in _ALLOWED:
            raise URIError("invalid-char", component, i, text)


def legacy_remove_dots(buffer: str) -> str:
    """The string-buffer dot removal of RFC 1808 step 6 (and its successors).

    a) every "./" whose "." is a complete segment is removed; b) a final "."
    segment is removed; c) the leftmost "<segment>/../" (segment not "..") is
    removed, again and again; d) a final "<segment>/.." is removed. ".."
    segments left at the front stay (RFC 2396 step 6g, first option).

    >>> legacy_remove_dots("/b/c/../../../g"), legacy_remove_dots("/b/c/./g/.")
    ('/../g', '/b/c/g/')
    >>> legacy_remove_dots("/b/c/g?y/../x")
    '/b/c/x'
    """
    segs = buffer.split("/")
    # a) "./" with "." a complete segment (any "." segment but the last)
    last = len(segs) - 1
    segs = [s for i, s in enumerate(segs) if not (s == "." and i < last)]
    # b) a final "." segment
    if segs[-1] == ".":
        segs[-1] = ""
    # The empty text before a leading "/" is the root, not a segment.
    first = 1 if len(segs) > 1 and segs[0] == "" else 0
    # c) "<segment>/../", leftmost first, until none is left. Each ".." cancels the
    # nearest kept segment before it that is not "..", so one pass with a stack gives
    # the same result as restarting from the left after every removal (in linear
    # time); a final ".." is never followed by "/", so it is left to d).
    kept = segs[:first]
    last = len(segs) - 1
    for j in range(first, len(segs)):
        seg = segs[j]
        if seg == ".." and j < last and len(kept) > first and kept[-1] != "..":
            kept.pop()
        else:
            kept.append(seg)
    segs = kept
    # d) a final "<segment>/.."
    n = len(segs)
    if n - 2 >= first and segs[-1] == ".." and segs[-2] != "..":
        segs[-2:] = [""]
    return "/".join(segs)


def _split(text: str) -> _Parts:
    m = _SPLIT_RE.match(text)
    assert m is not None  # the expression matches every string
    scheme, authority, path, query, fragment = m.groups()
    return scheme, authority, path, query, fragment


def _recompose(parts: _Parts) -> str:
    scheme, authority, path, query, fragment = parts
    out = ""
    if scheme is not None:
        out += scheme + ":"
    if authority is not None:
        out += "//" + authority
    out += path
    if query is not None:
        out += "?" + query
    if fragment is not None:
        out += "#" + fragment
    return out


def _base_dir(base_authority: str | None, base_path: str) -> str:
    """All but the last segment of the base path ("/" for an empty path with an authority)."""
    if base_authority is not None and not base_path:
        return "/"
    return base_path[: base_path.rfind("/") + 1]


def _same_scheme(ref_scheme: str | None, base_scheme: str | None) -> bool:
    return (
        ref_scheme is not None
        and base_scheme is not None
        and ref_scheme.lower() == base_scheme.lower()
    )


def _resolve_generic(base: str, ref: str, rules: str, strict: bool) -> str:
    """RFC 2396, the 1997 draft and the 2003 draft (section 5.2 of each)."""
    b_scheme, b_auth, b_path, b_query, _ = _split(base)
    r_scheme, r_auth, r_path, r_query, r_frag = _split(ref)
    if not strict and _same_scheme(r_scheme, b_scheme):
        r_scheme = None
    current = _recompose((b_scheme, b_auth, b_path, b_query, r_frag))
    if r_scheme is not None:
        # 1997 step 3, RFC 2396 step 3, 2003 pseudocode: an absolute URI, as is.
        return _recompose((r_scheme, r_auth, r_path, r_query, r_frag))
    if r_auth is not None:
        return _recompose((b_scheme, r_auth, r_path, r_query, r_frag))
    if not r_path and r_query is None:
        # A reference to the current document (1997 and RFC 2396 step 2; 2003).
        return current
    if not r_path and rules == "draft-2003":
        return _recompose((b_scheme, b_auth, b_path, r_query, r_frag))
    if r_path.startswith("/"):
        return _recompose((b_scheme, b_auth, r_path, r_query, r_frag))
    if rules == "draft-1997":
        # Step 6: the query joins the buffer before the dots go (6c), and is
        # split off again at the first "?" afterwards (6h, 6i).
        buffer = _base_dir(b_auth, b_path) + r_path
        if r_query is not None:
            buffer += "?" + r_query
        buffer = legacy_remove_dots(buffer)
        path, q, query = buffer.partition("?")
        return _recompose((b_scheme, b_auth, path, query if q else None, r_frag))
    if rules == "draft-2003" and not b_path:
        buffer = "/" + r_path  # merge step 1: an empty base path copies "/"
    else:
        buffer = _base_dir(b_auth, b_path) + r_path
    return _recompose((b_scheme, b_auth, legacy_remove_dots(buffer), r_query, r_frag))


def _split_1808(text: str) -> tuple[str, str, bool, str, str, str, str, bool]:
    """RFC 1808 section 2.4: (scheme, net_loc, has_net_loc, path, params, query, fragment,
    has_scheme). Empty means absent, except that ``has_*`` tell "//" and "x:" apart."""
    rest = text
    fragment = ""
    if "#" in rest:  # 2.4.1
        rest, _, fragment = rest.partition("#")
    scheme = ""
    has_scheme = False
    colon = rest.find(":")  # 2.4.2: a colon after the first character, scheme chars before it
    if colon > 0 and _SCHEME_RE.fullmatch(rest, 0, colon):
        scheme, rest, has_scheme = rest[:colon], rest[colon + 1 :], True
    net_loc = ""
    has_net_loc = False
    if rest.startswith("//"):  # 2.4.3
        slash = rest.find("/", 2)
        end = len(rest) if slash < 0 else slash
        net_loc, rest, has_net_loc = rest[2:end], rest[end:], True
    query = ""
    if "?" in rest:  # 2.4.4
        rest, _, query = rest.partition("?")
    params = ""
    if ";" in rest:  # 2.4.5
        rest, _, params = rest.partition(";")
    return scheme, net_loc, has_net_loc, rest, params, query, fragment, has_scheme


def _resolve_1808(base: str, ref: str, strict: bool) -> str:
    """RFC 1808 section 4, steps 1 to 7."""
    if not ref:  # step 2a: the entire base, fragment included
        return base
    b = _split_1808(base)
    r = _split_1808(ref)
    b_scheme, b_net, b_has_net, b_path, b_params, b_query, _, _ = b
    r_scheme, r_net, r_has_net, r_path, r_params, r_query, r_frag, r_has_scheme = r
    if not strict and r_has_scheme and r_scheme.lower() == b_scheme.lower():
        r_has_scheme = False
        if not (r_has_net or r_path or r_params or r_query or r_frag):
            return base
    if r_has_scheme:  # step 2b
        return ref
    scheme = b_scheme  # step 2c
    net, has_net = r_net, r_has_net
    path, params, query = r_path, r_params, r_query
    if not r_net:  # step 3: an empty net_loc is inherited
        net, has_net = b_net, b_has_net
        if not r_path.startswith("/"):  # step 4
            if not r_path:  # step 5
                path = b_path
                if not r_params:
                    params = b_params
                    if not r_query:
                        query = b_query
            else:  # step 6
                buffer = _base_dir(b_net if b_has_net else None, b_path) + r_path
                path = legacy_remove_dots(buffer)
    # Step 7 (RFC 1738 section 5 form: empty parts are left out).
    out = scheme + ":"
    if has_net:
        out += "//" + net
    out += path
    if params:
        out += ";" + params
    if query:
        out += "?" + query
    if r_frag:
        out += "#" + r_frag
    return out


def resolve_legacy(base: str, reference: str, *, rules: str, strict: bool = True) -> str:
    """Resolve ``reference`` against ``base`` with the algorithm of an older document.

    ``rules`` is one of :data:`LEGACY_RULES` (see the module documentation).
    Raises :class:`~urikit.URIError` when ``base`` has no scheme or either text
    holds a character no URI may contain.

    >>> resolve_legacy("http://a/b/c/d;p?q#f", "", rules="rfc1808")
    'http://a/b/c/d;p?q#f'
    >>> resolve_legacy("http://a/b/c/d;p?q", "http:g", rules="rfc2396", strict=False)
    'http://a/b/c/g'
    """
    if rules not in LEGACY_RULES:
        raise unknown_choice("rules", rules, LEGACY_RULES)
    _check_chars(base, "base")
    _check_chars(reference, "reference")
    m = _SPLIT_RE.match(base)
    assert m is not None
    if m.group(1) is None or not (base[0].isascii() and base[0].isalpha()):
        raise URIError("not-absolute", "base", 0, base)
    if rules == "rfc1808":
        return _resolve_1808(base, reference, strict)
    return _resolve_generic(base, reference, rules, strict)
