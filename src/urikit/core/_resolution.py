"""The code behind :mod:`urikit.resolution` (the face that documents it)."""

from __future__ import annotations

from ._accel import accelerate
from ._charsets import compiled, possessive
from ._errors import URIError, check_str
from ._hooks import resolution_rules
from ._parser import (
    AUTHORITY_SPAN,
    FRAGMENT_SPAN,
    PATH_SPAN,
    QUERY_SPAN,
    SCHEME_SPAN,
    Spans,
    diagnose,
    split,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Final

__all__ = [
    "Parts",
    "recompose",
    "relativize",
    "relativize_parts",
    "remove_dot_segments",
    "resolve",
    "resolve_parts",
]

#: Rule A's prefixes "../" and "./", any number of them (section 5.2.4).
_DOT_PREFIX_PATTERN: Final = possessive(r"(?:\.\.?/)", "*")  # compiled on first use

#: (scheme, authority, path, query, fragment); ``None`` = undefined.
Parts = tuple[str | None, str | None, str, str | None, str | None]


def remove_dot_segments(path: str) -> str:
    """RFC 3986 section 5.2.4: its rules A to E, applied segment by segment.

    >>> remove_dot_segments("mid/content=5/../6")
    'mid/6'
    >>> remove_dot_segments("a/../../b")
    '/b'
    >>> remove_dot_segments("/.git/./x")
    '/.git/x'
    """
    if type(path) is not str:
        check_str(path, "remove_dot_segments", "path")
    if not (path.startswith(".") or "/." in path):
        return path
    # The rules work segment by segment, so they run on ``path.split("/")``: one
    # pass, no per-character step (linear, and fast on megabytes of dots).
    # A: prefixes "../" and "./" are removed; D: a lone "." or ".." is dropped.
    m = compiled(_DOT_PREFIX_PATTERN).match(path)
    i = 0 if m is None else m.end()
    if path[i:] in (".", ".."):
        return ""
    segs = path[i:].split("/")
    # E: a first segment without "/" (a relative path) is moved as is; every other
    # output entry is a segment with its leading "/".
    out: list[str] = [segs[0]] if segs[0] else []
    last = len(segs) - 1
    for k in range(1, last + 1):
        seg = segs[k]
        if seg == ".":  # B: "/./" becomes "/", a final "/." becomes "/"
            if k == last:
                out.append("/")
        elif seg == "..":  # C: drop the last output segment
            if out:
                out.pop()
            if k == last:
                out.append("/")
        else:  # E
            out.append("/" + seg)
    return "".join(out)


def recompose(parts: Parts) -> str:
    """RFC 3986 section 5.3 component recomposition.

    One case the RFC leaves open is closed here: a path that starts with "//"
    and has no authority would be read back as an authority, so "/." is put
    before it (the same path after dot-segment removal), keeping the result a
    faithful URI.

    >>> recompose(("http", "a", "/b", "", None))
    'http://a/b?'
    >>> recompose(("x", None, "//y", None, None))
    'x:/.//y'
    """
    scheme, authority, path, query, fragment = parts
    out = []
    if scheme is not None:
        out.append(scheme)
        out.append(":")
    if authority is not None:
        out.append("//")
        out.append(authority)
    elif path.startswith("//"):
        out.append("/.")
    out.append(path)
    if query is not None:
        out.append("?")
        out.append(query)
    if fragment is not None:
        out.append("#")
        out.append(fragment)
    return "".join(out)


def _parts(text: str, sp: Spans) -> Parts:
    s, a, p, q, f = (
        sp[SCHEME_SPAN],
        sp[AUTHORITY_SPAN],
        sp[PATH_SPAN],
        sp[QUERY_SPAN],
        sp[FRAGMENT_SPAN],
    )
    return (
        text[s[0] : s[1]] if s[0] >= 0 else None,
        text[a[0] : a[1]] if a[0] >= 0 else None,
        text[p[0] : p[1]],
        text[q[0] : q[1]] if q[0] >= 0 else None,
        text[f[0] : f[1]] if f[0] >= 0 else None,
    )


def _split_base(base: str) -> Parts:
    sp = split(base)
    if sp is None:
        raise diagnose(base)
    if sp[SCHEME_SPAN][0] < 0:
        raise URIError("not-absolute", "base", 0, base)
    # Section 5.1: a base taken from a reference is used "stripped of any fragment".
    return _parts(base, sp)


def _split_ref(reference: str) -> Parts:
    sp = split(reference)
    if sp is None:
        raise diagnose(reference)
    return _parts(reference, sp)


def _merge(base_authority: str | None, base_path: str, ref_path: str) -> str:
    """RFC 3986 section 5.2.3."""
    if base_authority is not None and not base_path:
        return "/" + ref_path
    return base_path[: base_path.rfind("/") + 1] + ref_path


def resolve_parts(base: Parts, ref: Parts, *, strict: bool = True) -> Parts:
    """RFC 3986 section 5.2.2 on already-split components."""
    r_scheme, r_authority, r_path, r_query, r_fragment = ref
    b_scheme, b_authority, b_path, b_query, _ = base
    if (
        not strict
        and r_scheme is not None
        and b_scheme is not None
        and r_scheme.lower() == b_scheme.lower()
    ):
        r_scheme = None
    if r_scheme is not None:
        return (r_scheme, r_authority, remove_dot_segments(r_path), r_query, r_fragment)
    if r_authority is not None:
        return (b_scheme, r_authority, remove_dot_segments(r_path), r_query, r_fragment)
    if not r_path:
        return (b_scheme, b_authority, b_path, b_query if r_query is None else r_query, r_fragment)
    if r_path.startswith("/"):
        path = remove_dot_segments(r_path)
    else:
        path = remove_dot_segments(_merge(b_authority, b_path, r_path))
    return (b_scheme, b_authority, path, r_query, r_fragment)


def resolve(base: str, reference: str, *, strict: bool = True, rules: str = "rfc3986") -> str:
    """Resolve ``reference`` against the absolute URI ``base`` (RFC 3986 section 5.2).

    ``rules`` picks another document's algorithm: "rfc1808", "draft-1997",
    "rfc2396" or "draft-2003" (see :mod:`urikit.legacy.resolution`).

    ``strict=False`` is the backwards-compatible reading of section 5.2.2: a
    reference whose scheme equals the base's is treated as relative.
    Raises :class:`URIError` when ``base`` has no scheme (section 5.1: a base
    must be absolute) or either input is invalid. A fragment on the base is
    ignored, as section 5.1 strips it before use.

    >>> resolve("http://a/b/c/d;p?q", "g?y#s")
    'http://a/b/c/g?y#s'
    >>> base = "http://a/b/c/d;p?q"
    >>> resolve(base, "http:g"), resolve(base, "http:g", strict=False)
    ('http:g', 'http://a/b/c/g')
    >>> resolve(base, "?y", rules="rfc2396"), resolve(base, ";x", rules="rfc1808")
    ('http://a/b/c/?y', 'http://a/b/c/d;x')
    """
    if type(base) is not str or type(reference) is not str or type(rules) is not str:
        check_str(base, "resolve", "base")
        check_str(reference, "resolve", "reference")
        check_str(rules, "resolve", "rules")
    if rules != "rfc3986":  # the older documents' rules, registered by urikit.legacy
        return resolution_rules.get(rules)(base, reference, strict)
    return recompose(resolve_parts(_split_base(base), _split_ref(reference), strict=strict))


# --- relativize ----------------------------------------------------------------------


def _relative_paths(base_path: str, target_path: str, base_has_authority: bool) -> list[str]:
    """Relative-path references from the directory of ``base_path`` to ``target_path``.

    Several spellings are offered ("../x/" and "../x", "./a:b" for a colon in the
    first segment); the caller keeps the shortest that resolves exactly.
    """
    if base_has_authority and not base_path:
        base_path = "/"
    # Only the base's directory counts (section 5.2.3), and its dot segments go
    # with the reference's (5.2.4).
    base_path = remove_dot_segments(base_path[: base_path.rfind("/") + 1])
    if not (base_has_authority or base_path.startswith("/") or target_path.startswith("/")):
        # A rootless or empty base path (no authority) merges without a leading "/"
        # (section 5.2.3): work as if both paths had one; the caller keeps only
        # candidates that resolve exactly.
        base_path, target_path = "/" + base_path, "/" + target_path
    if not (base_path.startswith("/") and target_path.startswith("/")):
        return []
    base_dir = base_path[: base_path.rfind("/") + 1].split("/")[1:-1]
    target = target_path.split("/")[1:]
    k = 0
    while k < len(base_dir) and k < len(target) - 1 and base_dir[k] == target[k]:
        k += 1
    rel = "../" * (len(base_dir) - k) + "/".join(target[k:])
    found = [rel, "./" + rel]
    if not rel or rel.endswith("/"):  # a directory: "../" may also be written ".."
        found.append(rel[:-1] or ".")
    return found


def relativize(base: str, target: str) -> str:
    """The shortest reference ``r`` with ``resolve(base, r) == target``.

    Candidates (fragment only, query, relative path, absolute path,
    network path) are each checked by resolving them, so the answer is exact;
    when none of them resolves to ``target``, ``target`` itself is returned.

    >>> relativize("http://a/b/c/d;p?q", "http://a/b/c/d;p?q#f")
    '#f'
    >>> relativize("http://a/b/c/d;p?q", "http://a/x/y")
    '/x/y'
    >>> relativize("http://a/b/c/d;p?q", "https://a/b")
    'https://a/b'
    """
    if type(base) is not str or type(target) is not str:
        check_str(base, "relativize", "base")
        check_str(target, "relativize", "target")
    return relativize_parts(_split_base(base), _split_ref(target), target, _split_or_none)


def _split_or_none(text: str) -> Parts | None:
    return None if split(text) is None else _split_ref(text)


def relativize_parts(
    b: Parts, t: Parts, target: str, split_candidate: Callable[[str], Parts | None]
) -> str:
    """The search behind :func:`relativize`, on the parts of the base ``b`` and of
    ``target`` (``t``); ``split_candidate`` splits a candidate reference, or gives
    ``None`` when it is not one (the IRI layer passes its own grammar here)."""
    t_scheme, t_authority, t_path, t_query, t_fragment = t
    b_scheme, b_authority, b_path, b_query, _ = b
    if t_scheme is None or t_scheme != b_scheme:
        return target

    frag = "" if t_fragment is None else "#" + t_fragment
    tail = ("" if t_query is None else "?" + t_query) + frag
    candidates: list[str] = []
    if t_authority == b_authority:
        if t_path == b_path:
            if t_query == b_query:
                candidates.append(frag)
            if t_query is not None:
                candidates.append(tail)
        # recompose() writes a path "//x" without authority as "/.//x"
        plain = t_path[2:] if t_authority is None and t_path.startswith("/.//") else t_path
        for rel in _relative_paths(b_path, plain, b_authority is not None):
            candidates.append(rel + tail)
        if t_path.startswith("/"):
            # a path-absolute cannot begin with "//": "/." keeps it from being an authority
            candidates.append(("/." if t_path.startswith("//") else "") + t_path + tail)
    if t_authority is not None and (not t_path or t_path.startswith("/")):
        candidates.append("//" + t_authority + t_path + tail)
    candidates.sort(key=len)
    for cand in candidates:
        if len(cand) >= len(target):
            break
        parts = split_candidate(cand)
        if parts is not None and recompose(resolve_parts(b, parts)) == target:
            return cand
    return target


# C twins (their Python definitions above stay as ``__wrapped__``).
remove_dot_segments = accelerate("remove_dot_segments", remove_dot_segments)
resolve = accelerate("resolve", resolve)
