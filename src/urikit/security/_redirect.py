"""Where a redirect target takes a browser: :func:`check_redirect`.

A target (a ``Location`` header, a ``next=`` parameter, a link) is read twice
against each allowed origin as the page it comes from: as a browser reads it
(the few steps of the WHATWG URL Standard's basic URL parser that decide the
origin, urikit's own code, ada-url is not needed) and as RFC 3986 resolves it
(section 5.2, :func:`urikit.resolve`). It is safe only when both readings land
on an allowed origin, the same one."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable
from typing import Final, NamedTuple

from ..core._errors import URIError, arg_type_error, check_str
from ..core._parser import HOST_SPAN, PORT_SPAN, SCHEME_SPAN
from ..core._reference import URIReference, parse
from ..core._resolution import resolve
from ._addresses import read_ipv4
from ._policy import _DEFAULT_POLICY, _Found
from ._report import Report
from ._whatwg import ipv6_serialized

#: The special schemes of the URL Standard with their default ports (``file``,
#: special too, has no port and an opaque origin).
_DEFAULT_PORTS: Final = {"http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21}
_SPECIAL: Final = frozenset({*_DEFAULT_PORTS, "file"})
#: What the URL Standard removes before parsing: anywhere, and at either end.
_TAB_OR_NEWLINE: Final = frozenset("\t\n\r")
#: Forbidden host code points (URL Standard 3.2); a domain may not hold these,
#: C0 controls, "%" or U+007F either.
_FORBIDDEN_HOST: Final = frozenset("\x00\t\n\r #/:<>?@[\\]^|")
_FORBIDDEN_DOMAIN: Final = _FORBIDDEN_HOST | frozenset(chr(c) for c in range(0x20)) | {"%", "\x7f"}
_SCHEME_CHARS: Final = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-."
)


#: How a finding is added: code, severity, component, span, message.
_Add = Callable[[str, str, str, tuple[int, int], str], None]


class _Origin(NamedTuple):
    """A tuple origin: scheme, host as the URL Standard serializes it, port (the
    scheme's default when none is written)."""

    scheme: str
    host: str
    port: int

    def __str__(self) -> str:
        default = _DEFAULT_PORTS.get(self.scheme)
        return f"{self.scheme}://{self.host}" + ("" if self.port == default else f":{self.port}")


class _Reading(NamedTuple):
    """One reading of a target: the origin it lands on (``None``: an opaque
    origin or no host), its scheme and the spans (input coordinates) of the
    scheme (``(0, 0)`` when the target has none) and host (``None``: the
    base's), or why it is no URL (``error``, at ``error_span``)."""

    origin: _Origin | None
    scheme: str
    scheme_span: tuple[int, int]
    host_span: tuple[int, int] | None
    error: str | None = None
    error_span: tuple[int, int] = (0, 0)


def _ends_in_number(name: str) -> bool:
    parts = name.split(".")
    if parts[-1] == "":
        if len(parts) == 1:
            return False
        parts.pop()
    last = parts[-1]
    if last and last.isascii() and last.isdigit():
        return True
    return last[:2] in ("0x", "0X") and all(c in "0123456789abcdefABCDEF" for c in last[2:])


def _percent_decoded(text: str) -> str:
    """``text`` percent-decoded as the URL Standard does (bytes, then UTF-8
    with replacement); a "%" not followed by two hex digits stays."""
    if "%" not in text:
        return text
    out = bytearray()
    raw = text.encode("utf-8", "surrogatepass")
    i = 0
    while i < len(raw):
        if raw[i] == 0x25 and _is_hex(raw[i + 1 : i + 3]):
            out.append(int(raw[i + 1 : i + 3], 16))
            i += 3
        else:
            out.append(raw[i])
            i += 1
    return out.decode("utf-8", "replace")


def _is_hex(pair: bytes) -> bool:
    return len(pair) == 2 and all(c in b"0123456789abcdefABCDEF" for c in pair)


def _domain_to_ascii(name: str) -> str | None:
    """UTS #46 ToASCII as the URL Standard asks for it (non-transitional, no
    STD3 rules), or ``None`` on failure; an ASCII name without an ``xn--``
    label is only lowercased."""
    lowered = name.lower()
    if name.isascii() and not any(label.startswith("xn--") for label in lowered.split(".")):
        return lowered
    import idna

    try:
        return str(idna.encode(name, uts46=True, transitional=False).decode("ascii"))
    except (idna.IDNAError, UnicodeError, ValueError):
        return None


def _host(text: str) -> tuple[str | None, str]:
    """The host ``text`` (as written between the authority's delimiters) as the
    URL Standard's host parser serializes it for a special scheme, or ``None``
    and why not."""
    if text.startswith("["):
        if not text.endswith("]") or "%" in text:
            return None, "an IPv6 address without its ']' or with a zone"
        try:
            return f"[{ipv6_serialized(ipaddress.IPv6Address(text[1:-1]))}]", ""
        except ValueError:
            return None, "not an IPv6 address"
    name = _domain_to_ascii(_percent_decoded(text))
    if name is None:
        return None, "a host name IDNA refuses"
    if not name:
        return None, "an empty host"
    bad = next((c for c in name if c in _FORBIDDEN_DOMAIN), None)
    if bad is not None:
        return None, f"the character {bad!r} in the host"
    if _ends_in_number(name):
        address = read_ipv4(name)
        if address is None:
            return None, "a host ending in a number that is no IPv4 address"
        return str(address), ""
    return name, ""


def _trimmed(text: str) -> tuple[int, int]:
    """The span of ``text`` without the leading and trailing C0 controls and
    spaces the URL Standard strips first."""
    a, b = 0, len(text)
    while a < b and text[a] <= " ":
        a += 1
    while b > a and text[b - 1] <= " ":
        b -= 1
    return a, b


def _browser(text: str, base: _Origin) -> _Reading:
    """``text`` read as the URL Standard's basic URL parser reads it against a
    page of ``base``, as far as its origin goes."""
    a, b = _trimmed(text)
    at = [i for i in range(a, b) if text[i] not in _TAB_OR_NEWLINE]
    s = "".join(text[i] for i in at)
    at.append(b)  # the input position after the last character kept
    m = len(s)
    i = 0
    scheme = base.scheme
    scheme_span = (0, 0)
    if s and s[0].isascii() and s[0].isalpha():
        j = 1
        while j < m and s[j] in _SCHEME_CHARS:
            j += 1
        if j < m and s[j] == ":":
            scheme = s[:j].lower()
            scheme_span = (at[0], at[j - 1] + 1)
            i = j + 1
    if scheme not in _SPECIAL:
        why, span = _opaque_authority(s, i, at)
        if why:
            return _Reading(None, scheme, scheme_span, span, why, span)
        return _Reading(None, scheme, scheme_span, None)
    if scheme == "file":
        return _Reading(None, scheme, scheme_span, None)
    two_slashes = s[i : i + 1] in ("/", "\\") and s[i + 1 : i + 2] in ("/", "\\")
    if scheme == base.scheme and not two_slashes:  # relative: a path, same origin
        return _Reading(base, scheme, scheme_span, None)
    while i < m and s[i] in "/\\":
        i += 1
    end = i
    while end < m and s[end] not in "/\\?#":
        end += 1
    authority = s[i:end]
    start = i
    if "@" in authority:
        cut = authority.rindex("@") + 1
        authority, start = authority[cut:], start + cut
    span = (at[start], at[end - 1] + 1) if end > start else (at[start], at[start])
    host_text, port_text = authority, ""
    colon = -1
    inside = False
    for k, c in enumerate(authority):
        if c == "[":
            inside = True
        elif c == "]":
            inside = False
        elif c == ":" and not inside:
            colon = k
            break
    if colon >= 0:
        host_text, port_text = authority[:colon], authority[colon + 1 :]

    def failed(why: str) -> _Reading:
        return _Reading(None, scheme, scheme_span, span, why, span)

    if not host_text:
        return failed("no host")
    port = _DEFAULT_PORTS[scheme]
    if port_text:
        if not (port_text.isascii() and port_text.isdigit()):
            return failed("a port that is not a number")
        port = int(port_text)
        if port > 65535:
            return failed("a port above 65535")
    host, why = _host(host_text)
    if host is None:
        return failed(why)
    return _Reading(_Origin(scheme, host, port), scheme, scheme_span, span)


def _opaque_authority(s: str, i: int, at: list[int]) -> tuple[str, tuple[int, int]]:
    """Why the URL Standard refuses the authority of a URL whose scheme is not
    special (``s[i:]`` after its scheme), with its span, or ``("", ...)``: it
    has no origin either way, but a host with a forbidden code point, an empty
    host before a port or after ``@``, or a port that is not one fails it."""
    if not s.startswith("//", i):
        return "", (0, 0)
    start = end = i + 2
    while end < len(s) and s[end] not in "/?#":
        end += 1
    authority = s[start:end]
    span = (at[start], at[end - 1] + 1) if end > start else (at[start], at[start])
    if "@" in authority:
        authority = authority[authority.rindex("@") + 1 :]
        if not authority:
            return "no host after '@'", span
    host, port = authority, ""
    if host.startswith("["):
        close = host.find("]")
        if close < 0:
            return "an unclosed '['", span
        host, rest = host[: close + 1], host[close + 1 :]
        if rest and not rest.startswith(":"):
            return "a character after ']'", span
        port = rest[1:]
        literal = host[1:-1]
        try:
            if "%" in literal:
                raise ValueError(literal)
            ipaddress.IPv6Address(literal)
        except ValueError:
            return "an IPv6 address that is not one", span
    elif ":" in host:
        host, port = host[: host.index(":")], host[host.index(":") + 1 :]
        if not host:
            return "no host before the port", span
    bad = next((c for c in host if c in _FORBIDDEN_HOST), None)
    if bad is not None and not host.startswith("["):
        return f"the host holds {bad!r}", span
    if port and not (port.isascii() and port.isdigit() and int(port) <= 65535):
        return "a port that is not one", span
    return "", span


def _rfc(text: str, base: _Origin) -> tuple[_Reading, URIReference | None]:
    """``text`` resolved against ``base`` by RFC 3986 section 5.2 (strict), and
    ``text`` parsed (``None`` when it is no URI reference)."""
    try:
        ref = parse(text)
    except URIError as err:
        p = max(0, min(err.position, len(text)))
        why = f"not a URI reference: {err}"
        return _Reading(None, "", (0, 0), None, why, (p, min(p + 1, len(text)))), None
    sp = ref._sp
    scheme_span = sp[SCHEME_SPAN] if ref.scheme is not None else (0, 0)
    host_span = None
    if ref.host is not None:
        host_span = (sp[HOST_SPAN][0], sp[PORT_SPAN][1] if ref.port else sp[HOST_SPAN][1])
    target = parse(resolve(str(base) + "/", text))
    scheme = (target.scheme or "").lower()
    if target.host is None or scheme not in _DEFAULT_PORTS:
        return _Reading(None, scheme, scheme_span, host_span), ref
    name = target.host
    if name.startswith("["):
        host: str | None
        try:
            host = f"[{ipv6_serialized(ipaddress.IPv6Address(name[1:-1]))}]"
        except ValueError:
            host = name.lower()
    else:
        host = _domain_to_ascii(_percent_decoded(name)) if name else None
    if not host:
        return _Reading(None, scheme, scheme_span, host_span), ref
    port = int(target.port) if target.port else _DEFAULT_PORTS[scheme]
    return _Reading(_Origin(scheme, host, port), scheme, scheme_span, host_span), ref


def _origins(value: object) -> tuple[_Origin, ...]:
    """``allowed_origins`` as origins: each ``scheme://host[:port]`` (a "/" after
    it is allowed), http or https."""
    func, param = "check_redirect", "allowed_origins"
    expected = "iterable of origin str"
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise arg_type_error(func, param, expected, value)
    out: dict[_Origin, None] = {}
    for item in value:
        if not isinstance(item, str):
            raise arg_type_error(func, param, expected, item)
        scheme, sep, rest = item.partition("://")
        scheme = scheme.lower()
        rest = rest[:-1] if rest.endswith("/") else rest
        reading = None
        if sep and scheme in ("http", "https") and rest and not any(c in rest for c in "/\\?#@"):
            reading = _browser(item, _Origin(scheme, "", 0))
        if reading is None or reading.origin is None or item != item.strip():
            raise URIError(
                "bad-value",
                param,
                0,
                item,
                detail=f"{item!r} is not an http or https origin (scheme://host[:port])",
            )
        out[reading.origin] = None
    if not out:
        raise URIError("bad-value", param, 0, "", detail="no origin is allowed")
    return tuple(out)


def check_redirect(
    target: str, *, allowed_origins: Iterable[str], require_https: bool = False
) -> Report:
    """Whether a browser sent to ``target`` (a redirect's ``Location``, a
    ``next=`` parameter, a link) from a page of one of ``allowed_origins`` ends
    on one of them.

    ``target`` is read as browsers read it (the WHATWG URL Standard: tabs and
    newlines removed, leading and trailing C0 controls and spaces stripped,
    ``\\`` as ``/``, ``//host`` and ``/\\host`` naming a host, ``https:host``
    naming one from an http page) and as RFC 3986 resolves it, against each
    allowed origin in turn; the :class:`Report` is ``ok`` only when every
    reading lands on an allowed origin (``require_https``: an https one) and
    the two readings agree. ``allowed_origins`` are ``"https://example.com"``
    strings; a port the scheme has by default may be written or not
    (``https://example.com:443`` is the same origin).

    >>> from urikit.security import check_redirect
    >>> site = ["https://example.com"]
    >>> check_redirect("/account?tab=2", allowed_origins=site).ok
    True
    >>> for t in ("//evil.com", "/\\\\evil.com", "/\\t/evil.com", "javascript:alert(1)"):
    ...     r = check_redirect(t, allowed_origins=site)
    ...     print(repr(t), r.ok, [(f.code, f.start, f.end) for f in r.blocking])
    '//evil.com' False [('redirect-off-site', 2, 10)]
    '/\\\\evil.com' False [('redirect-invalid', 1, 2), ('redirect-off-site', 2, 10)]
    '/\\t/evil.com' False [('redirect-invalid', 1, 2), ('redirect-off-site', 3, 11)]
    'javascript:alert(1)' False [('redirect-scheme', 0, 10)]
    """
    if type(target) is not str:
        check_str(target, "check_redirect", "target")
    if type(require_https) is not bool:
        raise arg_type_error("check_redirect", "require_https", "bool", require_https)
    origins = _origins(allowed_origins)
    allowed = frozenset(origins)
    schemes = frozenset(o.scheme for o in origins)
    found = _Found(_DEFAULT_POLICY)
    seen: set[tuple[str, int, int]] = set()
    whole = (0, len(target))

    def add(code: str, severity: str, component: str, span: tuple[int, int], message: str) -> None:
        key = (code, *span)
        if key not in seen:
            seen.add(key)
            found.add(code, severity, component, span[0], span[1], message)

    _quirks(target, add, _browser(target, origins[0]).scheme in _SPECIAL)
    ref: URIReference | None = None
    for base in origins:
        page = f"from a page of {base}"
        browser = _browser(target, base)
        rfc, ref = _rfc(target, base)
        for reading, who in ((browser, "a browser"), (rfc, "RFC 3986")):
            if reading.error is not None:
                add(
                    "redirect-invalid",
                    "danger",
                    "uri",
                    reading.error_span,
                    f"{who} reads no URL: {reading.error}",
                )
                continue
            origin = reading.origin
            if reading.scheme not in schemes:
                add(
                    "redirect-scheme",
                    "danger",
                    "scheme",
                    reading.scheme_span if reading.scheme_span[1] else whole,
                    f"{who} reads the scheme {reading.scheme!r}, which no allowed origin has",
                )
            elif origin is None:
                add(
                    "redirect-off-site",
                    "danger",
                    "host",
                    reading.scheme_span if reading.scheme_span[1] else whole,
                    f"{who} finds no host in it {page}",
                )
            elif origin not in allowed:
                span = reading.host_span or reading.scheme_span
                add(
                    "redirect-off-site",
                    "danger",
                    "host",
                    span if span[1] > span[0] else whole,
                    f"{who} lands on {origin} {page}, not an allowed origin",
                )
            elif require_https and origin.scheme != "https":
                span = reading.scheme_span if reading.scheme_span[1] else whole
                add(
                    "redirect-not-https",
                    "danger",
                    "scheme",
                    span,
                    f"{who} lands on {origin} {page}",
                )
        if (
            browser.error is None
            and rfc.error is None
            and browser.origin != rfc.origin
            and (browser.origin in allowed or rfc.origin in allowed)
        ):
            add(
                "readings-differ",
                "danger",
                "uri",
                browser.host_span or rfc.host_span or browser.scheme_span or whole,
                f"{page} a browser lands on {browser.origin or 'no origin'},"
                f" RFC 3986 on {rfc.origin or 'no origin'}",
            )
    findings = tuple(sorted(found.items, key=lambda f: (f.start, f.end)))
    blocking = tuple(f for f in findings if f.severity == "danger")
    return Report(target, findings, blocking, ref)


def _quirks(text: str, report: _Add, special: bool) -> None:
    """The characters a browser drops or reads as another (warnings, with their
    spans): they are how a check that reads the text as written is fooled."""
    a, b = _trimmed(text)
    n = len(text)
    if a:
        report(
            "ignored-character",
            "warning",
            "uri",
            (0, a),
            "browsers strip leading controls and spaces",
        )
    if b < n and b >= a:
        report(
            "ignored-character",
            "warning",
            "uri",
            (b, n),
            "browsers strip trailing controls and spaces",
        )
    i = a
    while i < b:
        if text[i] in _TAB_OR_NEWLINE:
            j = i
            while j < b and text[j] in _TAB_OR_NEWLINE:
                j += 1
            report(
                "ignored-character", "warning", "uri", (i, j), "browsers remove tabs and newlines"
            )
            i = j
        else:
            i += 1
    if not special:
        return
    end = min((p for p in (text.find("?", a, b), text.find("#", a, b)) if p >= 0), default=b)
    for i in range(a, end):
        if text[i] == "\\":
            report("backslash-as-slash", "warning", "path", (i, i + 1), "browsers read '\\' as '/'")
