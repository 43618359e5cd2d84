"""The code behind :mod:`urikit.normalization` (the face that documents it)."""

from __future__ import annotations

from ._accel import C_BUILD, accelerate
from ._charsets import PCT_ENCODED_PATTERN, UNRESERVED, compiled
from ._errors import check_str, unknown_choice
from ._parser import diagnose, split
from ._resolution import recompose, remove_dot_segments
from ._schemeinfo import DEFAULT_REGISTRY, SchemeRegistry

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from typing import Final

__all__ = ["LEVELS", "equivalent", "normalize", "normalize_percent"]

#: The levels of :func:`normalize`: ``"syntax"`` (section 6.2.2) and ``"scheme"``
#: (6.2.2 plus 6.2.3).
LEVELS: Final = ("syntax", "scheme")

#: Compiled on first use (``_charsets.compiled``), so that importing costs no ``re``.
_LOWER_PCT_PATTERN: Final = r"%[0-9a-f]{2}"


class _PctTable(dict[str, str]):
    """``%XX`` (any case) -> its normal form: the character when unreserved, else
    ``%XX`` in uppercase. Filled on first need (building all 1,024 keys at import
    would cost about a millisecond of ``import urikit``)."""

    def __missing__(self, key: str) -> str:
        byte = int(key[1:], 16)
        ch = chr(byte)
        value = self[key] = ch if ch in UNRESERVED else f"%{byte:02X}"
        return value


_pct_lookup = _PctTable().__getitem__


def _pct_sub(m: re.Match[str]) -> str:
    return _pct_lookup(m.group())


def _upper_sub(m: re.Match[str]) -> str:
    return m.group().upper()


def normalize_percent(text: str) -> str:
    """Section 6.2.2.1 and 6.2.2.2: uppercase hex digits, decode unreserved characters.

    >>> normalize_percent("%7e%2f%41%c3%a9")
    '~%2FA%C3%A9'
    """
    if "%" not in text:
        return text
    return compiled(PCT_ENCODED_PATTERN).sub(_pct_sub, text)


def normalize(text: str, level: str = "scheme", *, registry: SchemeRegistry | None = None) -> str:
    """Return the normal form of the URI reference ``text`` (RFC 3986 section 6).

    ``level`` is "syntax" (section 6.2.2) or "scheme" (6.2.2 plus 6.2.3, the
    default). Relative references are accepted; their paths keep dot segments
    (those are only meaningful against a base), except a network-path reference
    ("//host/path"), whose path does not depend on a base (section 5.2.2).
    Raises :class:`URIError` for invalid input. ``registry`` gives the default
    ports and http-like schemes of level "scheme" (default: the built-in
    :mod:`urikit.schemes` registry).

    >>> normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
    'example://a/b/c/%7Bfoo%7D'
    >>> normalize("http://[FE80::AB]:/")
    'http://[fe80::ab]/'
    >>> normalize("../a/%7e")
    '../a/~'
    >>> normalize("//host/.//foo/bar", level="syntax")
    '//host//foo/bar'
    """
    if type(text) is not str or type(level) is not str:
        check_str(text, "normalize", "text")
        check_str(level, "normalize", "level")
    if level not in LEVELS:
        raise unknown_choice("level", level, LEVELS)
    schemes = DEFAULT_REGISTRY if registry is None else registry
    sp = split(text)
    if sp is None:
        raise diagnose(text)
    # The spans in _parser's order: whole, scheme, authority, userinfo, host, port,
    # path, query, fragment.
    _, (s0, s1), (a0, _), (u0, u1), (h0, h1), (t0, t1), (p0, p1), (q0, q1), (f0, f1) = sp
    scheme = text[s0:s1].lower() if s0 >= 0 else None
    path = text[p0:p1]
    query = text[q0:q1] if q0 >= 0 else None
    fragment = text[f0:f1] if f0 >= 0 else None
    authority = None
    if a0 >= 0:
        host = text[h0:h1]
        if "%" in host:
            host = compiled(_LOWER_PCT_PATTERN).sub(_upper_sub, normalize_percent(host).lower())
        else:
            host = host.lower()
        port = text[t0:t1] if t0 >= 0 else None
        if (
            level == "scheme"
            and port is not None
            and (not port or schemes.is_default_port(scheme, port))
        ):
            port = None
        authority = host if port is None else host + ":" + port
        if u0 >= 0:
            authority = normalize_percent(text[u0:u1]) + "@" + authority
    if "%" in text:
        path = normalize_percent(path)
        if query is not None:
            query = normalize_percent(query)
        if fragment is not None:
            fragment = normalize_percent(fragment)
    if scheme is not None or authority is not None:
        # A network-path reference's path is resolved against no base path (section
        # 5.2.2), so its dot segments go too: "//h/.//p" is "//h//p". Only without an
        # authority does recompose() keep a "/." before a path starting with "//".
        path = remove_dot_segments(path)
        if level == "scheme" and not path and authority is not None and scheme in schemes.http_like:
            path = "/"
    return recompose((scheme, authority, path, query, fragment))


def equivalent(
    a: str, b: str, level: str = "scheme", *, registry: SchemeRegistry | None = None
) -> bool:
    """True when ``a`` and ``b`` have the same normal form at ``level``.

    >>> equivalent("HTTP://example.com:80", "http://EXAMPLE.com/")
    True
    >>> equivalent("http://a/b?", "http://a/b")
    False
    """
    if type(a) is not str or type(b) is not str or type(level) is not str:
        check_str(a, "equivalent", "a")
        check_str(b, "equivalent", "b")
        check_str(level, "equivalent", "level")
    if registry is None:  # the C kernel serves the built-in registry
        return normalize(a, level) == normalize(b, level)
    return normalize(a, level, registry=registry) == normalize(b, level, registry=registry)


# The C twin of normalize (its Python definition above stays as ``normalize.__wrapped__``).
if C_BUILD:
    # The kernel reads the built-in registry's own port and http-like indexes (live
    # objects, not copies); a call with registry= goes to the Python definition.
    normalize = accelerate(
        "normalize",
        normalize,
        default_ports=DEFAULT_REGISTRY.ports,
        http_like=DEFAULT_REGISTRY.http_like,
    )
