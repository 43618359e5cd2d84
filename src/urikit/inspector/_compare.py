"""Which parts of the browser's reading differ in meaning from RFC 3986's.

The page shows the browser's ``new URL(input, base)`` (its href, hostname,
port, pathname, search and hash) beside urikit's reading, and marks a part only
where the two differ in meaning. Both sides are compared after RFC 3986
normalization: section 6.2.2 (the scheme and host in lowercase, the hex digits
of percent-encodings in uppercase, percent-encoded unreserved characters
decoded, dot segments removed) and 6.2.3 (an empty or default port is no port,
an empty http path is "/"). A port is the number it spells (section 3.2.3), an
IPv6 address the address it spells (RFC 4291 section 2.2), and an IRI is read
in its URI form (RFC 3987 section 3.1, with IDNA), as the browser shows it.
The WHATWG API gives "" for an empty query or fragment as for none, so the
search and hash of both sides are compared that way; the href keeps the "?" or
"#" of an empty one on both sides.

>>> differences("http://h/a%2fb?x=%0d", "", reading(
...     "http://h/a%2fb?x=%0d", "h", "", "/a%2fb", "?x=%0d", ""))
{}
>>> differences("http://0x7f.1/", "", reading("http://127.0.0.1/", "127.0.0.1", "", "/", "", ""))
{'href': 'http://0x7f.1/', 'hostname': '0x7f.1'}

An invalid input has no RFC 3986 reading; it is still cut as RFC 3986
Appendix B delimits any string, and each of its parts compared as above, so
that only the part that holds the error, and the parts the two really read
otherwise, are marked (the href always: RFC 3986 rejects the whole):

>>> differences("http://h/a b", "", reading("http://h/a%20b", "h", "", "/a%20b", "", ""))
... # doctest: +NORMALIZE_WHITESPACE
{'href': "not valid: invalid character ' ' in path at position 10",
 'pathname': "not valid: invalid character ' ' in path at position 10"}
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Mapping
from typing import Final, NamedTuple

from .. import URIError, normalize, parse, resolve
from .. import iri as _iri
from ..core._normalization import normalize_percent
from ..core._resolution import remove_dot_segments, resolve_parts
from ..core._schemeinfo import DEFAULT_REGISTRY
from ..legacy.grammars import APPENDIX_B_RE

#: The parts of the browser's reading that the page shows and compares, in order.
FIELDS: Final = ("href", "hostname", "port", "pathname", "search", "hash")

#: RFC 3986 section 3.1's ``scheme``.
_SCHEME_RE: Final = re.compile("[A-Za-z][A-Za-z0-9+.-]*")

#: The field that shows each component (the scheme and userinfo only in the href).
_FIELD_OF: Final = {
    "host": "hostname",
    "port": "port",
    "path": "pathname",
    "query": "search",
    "fragment": "hash",
}


class _Parts(NamedTuple):
    """A reference's components, ``None`` where undefined."""

    scheme: str | None
    userinfo: str | None
    host: str | None
    port: str | None
    path: str
    query: str | None
    fragment: str | None


def reading(
    href: str, hostname: str, port: str, pathname: str, search: str, hash: str
) -> dict[str, str]:
    """The browser's reading as the page passes it: ``new URL()``'s fields by name.

    >>> reading("http://h/", "h", "", "/", "", "")["pathname"]
    '/'
    """
    return dict(zip(FIELDS, (href, hostname, port, pathname, search, hash), strict=True))


def _cut(text: str) -> _Parts:
    """``text`` cut as RFC 3986 Appendix B delimits any string, its authority at
    its first "@" and at the first ":" after it (after the "]" of an IP literal),
    as the page colours it; but what comes before a ":" is a scheme only when it
    spells one (section 3.1), as to the browser, else the text is a relative
    path's (section 4.2), as urikit's error says.

    >>> _cut("ht tp://h/x").path, _cut("HTTP://h/x").scheme
    ('ht tp://h/x', 'HTTP')
    """
    m = APPENDIX_B_RE.fullmatch(text)
    assert m is not None  # the expression matches every string
    if m.group(1) is not None and _SCHEME_RE.fullmatch(m.group(1)) is None:
        # "./" before it: no scheme nor authority, the same path, query and fragment
        m = APPENDIX_B_RE.fullmatch("./" + text)
        assert m is not None
        return _Parts(None, None, None, None, m.group(3)[2:], m.group(4), m.group(5))
    scheme, authority, path, query, fragment = m.group(1, 2, 3, 4, 5)
    userinfo = host = port = None
    if authority is not None:
        userinfo, at, rest = authority.partition("@")
        if not at:
            userinfo, rest = None, authority
        close = rest.find("]") if rest.startswith("[") else 0
        colon = -1 if close < 0 else rest.find(":", close)
        host, port = (rest, None) if colon < 0 else (rest[:colon], rest[colon + 1 :])
    return _Parts(scheme, userinfo, host, port, path or "", query, fragment)


def _as_uri(value: str) -> str:
    """``value`` with each non-ASCII character as its UTF-8 octets percent-encoded
    (RFC 3987 section 3.1)."""
    if value.isascii():
        return value
    return "".join(
        c if c.isascii() else "".join(f"%{b:02X}" for b in c.encode("utf-8", "surrogatepass"))
        for c in value
    )


def _host_key(host: str) -> str:
    """A host as what it names: lowercase (section 3.2.2), percent-encodings
    normalized, an IRI's labels as A-labels, an IPv6 address in one form."""
    if not host.isascii():
        from ..iri._idna import host_to_ascii

        try:
            host = host_to_ascii(host, 0, len(host))
        except URIError:
            host = _as_uri(host)
    host = normalize_percent(host).lower()
    if host.startswith("[") and host.endswith("]"):
        try:
            return f"[{ipaddress.IPv6Address(host[1:-1]).compressed}]"
        except ValueError:
            pass
    return host


def _port_key(scheme: str | None, port: str | None) -> str:
    """A port as the number it spells; "" for none, an empty one or the default."""
    if not port:
        return ""
    if port.isascii() and port.isdigit():
        number = str(int(port))
        return "" if DEFAULT_REGISTRY.is_default_port(scheme, number) else number
    return port


def _normal(parts: _Parts) -> _Parts:
    """``parts`` after RFC 3986 6.2.2 and 6.2.3, their ports and hosts as keys."""
    scheme = None if parts.scheme is None else parts.scheme.lower()
    authority = parts.host is not None
    path = normalize_percent(_as_uri(parts.path))
    if scheme is not None or authority:
        path = remove_dot_segments(path)
        if not path and authority and scheme in DEFAULT_REGISTRY.http_like:
            path = "/"
    return _Parts(
        scheme,
        None if parts.userinfo is None else normalize_percent(_as_uri(parts.userinfo)),
        None if parts.host is None else _host_key(parts.host),
        _port_key(scheme, parts.port),
        path,
        None if parts.query is None else normalize_percent(_as_uri(parts.query)),
        None if parts.fragment is None else normalize_percent(_as_uri(parts.fragment)),
    )


def _fields(p: _Parts) -> dict[str, str]:
    """The WHATWG API's fields of normalized parts (the href as its own text)."""
    return {
        "hostname": p.host or "",
        "port": p.port or "",
        "pathname": p.path,
        "search": "?" + p.query if p.query else "",
        "hash": "#" + p.fragment if p.fragment else "",
    }


def _recomposed(p: _Parts) -> str:
    out = []
    if p.scheme is not None:
        out.append(p.scheme + ":")
    if p.host is not None:
        out.append("//")
        if p.userinfo is not None:
            out.append(p.userinfo + "@")
        out.append(p.host)
        if p.port:
            out.append(":" + p.port)
    out.append(p.path)
    if p.query is not None:
        out.append("?" + p.query)
    if p.fragment is not None:
        out.append("#" + p.fragment)
    return "".join(out)


class _Reading(NamedTuple):
    """RFC 3986's reading of the input: its normalized parts, whether it is an
    absolute URI, and the fields that hold an error, with the error."""

    parts: _Parts
    absolute: bool
    errors: dict[str, str]


def _valid(text: str, base: str) -> _Parts:
    """The normal form of ``text`` (resolved against ``base``), its URI form;
    raises ``ValueError`` when either is not valid."""
    uri = text if text.isascii() else _iri.to_uri(text, idna=True)
    if base:
        uri = resolve(base if base.isascii() else _iri.to_uri(base, idna=True), uri)
    ref = parse(normalize(uri))
    port = ref.port
    return _Parts(ref.scheme, ref.userinfo, ref.host, port, ref.path, ref.query, ref.fragment)


def _error(text: str) -> URIError | None:
    """Why ``text`` is not a valid URI or IRI reference (``None`` when it is)."""
    try:
        if text.isascii():
            parse(text)
        else:
            _iri.to_uri(text, idna=True)
    except URIError as err:
        return err
    return None


def _from_base(ref: _Parts) -> frozenset[str]:
    """The components that RFC 3986 section 5.2.2 takes from the base for ``ref``."""
    if ref.scheme is not None:
        return frozenset()
    if ref.host is not None:
        return frozenset({"scheme"})
    server = {"scheme", "userinfo", "host", "port"}
    if not ref.path:
        return frozenset(server | {"path"} | ({"query"} if ref.query is None else set()))
    return frozenset(server if ref.path.startswith("/") else server | {"path"})


def _rfc_reading(text: str, base: str) -> _Reading | None:
    """RFC 3986's reading of ``text`` (resolved against ``base`` when not empty);
    ``None`` when there is none to compare (a base with no scheme)."""
    try:
        parts = _valid(text, base)
        return _Reading(_normal(parts), parts.scheme is not None, {})
    except ValueError:
        pass
    ref = _cut(text)
    errors: dict[str, str] = {}
    err = _error(text)
    if err is not None:
        errors["href"] = f"not valid: {err}"
        if err.component in _FIELD_OF:
            errors[_FIELD_OF[err.component]] = f"not valid: {err}"
    if base:
        b = _cut(base)
        if b.scheme is None:
            return None
        err = _error(base)
        if err is not None:
            errors["href"] = f"the base is not valid: {err}"
            if err.component in _FIELD_OF and err.component in _from_base(ref):
                errors.setdefault(_FIELD_OF[err.component], f"the base is not valid: {err}")
        target = resolve_parts(_authority(b), _authority(ref))
        s, a, path, q, f = target
        ref = _cut(_join(s, a, path, q, f))
    if not errors:  # valid alone but not as a whole (such as an IRI's resolution)
        errors["href"] = "not valid"
    return _Reading(_normal(ref), ref.scheme is not None, errors)


def _authority(p: _Parts) -> tuple[str | None, str | None, str, str | None, str | None]:
    """``p`` as RFC 3986 section 5.2's (scheme, authority, path, query, fragment)."""
    authority = None
    if p.host is not None:
        authority = ("" if p.userinfo is None else p.userinfo + "@") + p.host
        if p.port is not None:
            authority += ":" + p.port
    return (p.scheme, authority, p.path, p.query, p.fragment)


def _join(s: str | None, a: str | None, path: str, q: str | None, f: str | None) -> str:
    return (
        ("" if s is None else s + ":")
        + ("" if a is None else "//" + a)
        + path
        + ("" if q is None else "?" + q)
        + ("" if f is None else "#" + f)
    )


def differences(text: str, base: str, whatwg: Mapping[str, str]) -> dict[str, str]:
    """The fields of the browser's reading ``whatwg`` (``new URL(text, base)``:
    :data:`FIELDS` by name, or ``{"failure": message}`` when it throws) that
    differ in meaning from RFC 3986's reading of ``text`` (resolved against
    ``base`` when not empty), each with RFC 3986's side as the page shows it.

    ``"failure"`` is there when the browser throws on an absolute URI that
    RFC 3986 reads; a relative reference with no base is no absolute URL to
    either, and an input both reject differs in nothing.

    >>> differences("http://EXAMPLE.com:80/a/./b/%7e", "", reading(
    ...     "http://example.com/a/b/%7e", "example.com", "", "/a/b/%7e", "", ""))
    {}
    >>> differences("http://h:99999/", "", {"failure": "Invalid URL"})
    {'failure': 'RFC 3986 reads http://h:99999/'}
    >>> differences("http://h/?a'b", "", reading(
    ...     "http://h/?a%27b", "h", "", "/", "?a%27b", ""))
    {'href': "http://h/?a'b", 'search': "?a'b"}
    """
    ours = _rfc_reading(text, base)
    if "failure" in whatwg:
        if ours is None or ours.errors or not ours.absolute:
            return {}
        return {"failure": f"RFC 3986 reads {_recomposed(ours.parts)}"}
    if ours is None:
        return {}
    theirs = _normal(_cut(whatwg["href"]))
    mine = _fields(ours.parts)
    other = _fields(theirs)
    out: dict[str, str] = {}
    for name in FIELDS:
        if name in ours.errors:
            out[name] = ours.errors[name]
        elif name == "href":
            if ours.parts != theirs:
                out[name] = _recomposed(ours.parts)
        elif mine[name] != other[name]:
            out[name] = mine[name] or "(empty)"
    return out
