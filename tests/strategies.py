"""Hypothesis strategies derived from the ABNF of RFC 3986 Appendix A.

Every strategy is named after the ABNF rule it generates and is built from the
character classes of ``urikit.core._charsets`` (themselves composed like the ABNF),
so the generated strings are valid by construction, not by asking the parser.

``uri_references()`` and friends return :class:`Generated` records: the text
together with the components the generator put into it, which the tests use
as the expected values of ``parse()``.

Besides the valid strings there are ``mutated()`` variants (a few characters
inserted, replaced or deleted, drawn from an alphabet of troublemakers) and
``arbitrary_text()``; their validity is unknown and is what the oracle tests
compare between the two parser paths.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from urikit.core import _charsets as cs

__all__ = [
    "INTERESTING",
    "Generated",
    "absolute_uris",
    "arbitrary_text",
    "authorities",
    "dec_octet",
    "fragment",
    "h16",
    "host",
    "interesting_text",
    "ip_literal",
    "ipv4address",
    "ipv6address",
    "ipvfuture",
    "ls32",
    "mutated",
    "path_abempty",
    "path_absolute",
    "path_noscheme",
    "path_rootless",
    "pct_encoded",
    "port",
    "query",
    "reg_name",
    "relative_refs",
    "scheme",
    "segment",
    "segment_nz",
    "segment_nz_nc",
    "uri_references",
    "uris",
    "userinfo",
]


def _chars(charset: frozenset[str]) -> st.SearchStrategy[str]:
    return st.sampled_from(sorted(charset))


# pct-encoded = "%" HEXDIG HEXDIG  (section 2.1)
pct_encoded: st.SearchStrategy[str] = st.builds(
    lambda a, b: "%" + a + b, _chars(cs.HEXDIG), _chars(cs.HEXDIG)
)


def _run(
    charset: frozenset[str], *, min_size: int = 0, max_size: int = 8
) -> st.SearchStrategy[str]:
    """``min*max( <charset> / pct-encoded )``: each element is a char or a triplet."""
    element = st.one_of(_chars(charset), _chars(charset), pct_encoded)
    return st.lists(element, min_size=min_size, max_size=max_size).map("".join)


# scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )   (section 3.1)
scheme: st.SearchStrategy[str] = st.one_of(
    st.builds(
        lambda first, rest: first + rest,
        _chars(cs.ALPHA),
        st.text(_chars(cs.SCHEME), max_size=6),
    ),
    # schemes with default ports and special rules turn up often, too
    st.sampled_from(["http", "HTTPS", "ws", "Wss", "ftp", "telnet", "urn", "mailto", "file"]),
)

# userinfo = *( unreserved / pct-encoded / sub-delims / ":" )   (section 3.2.1)
userinfo: st.SearchStrategy[str] = _run(cs.USERINFO)

# dec-octet: 0-9 / 10-99 / 100-199 / 200-249 / 250-255   (section 3.2.2)
dec_octet: st.SearchStrategy[str] = st.one_of(
    st.integers(0, 9),
    st.integers(10, 99),
    st.integers(100, 255),
    st.sampled_from([0, 9, 10, 99, 100, 199, 200, 249, 250, 255]),
).map(str)
ipv4address: st.SearchStrategy[str] = st.lists(dec_octet, min_size=4, max_size=4).map(".".join)

# h16 = 1*4HEXDIG ; ls32 = ( h16 ":" h16 ) / IPv4address
h16: st.SearchStrategy[str] = st.text(_chars(cs.HEXDIG), min_size=1, max_size=4)
ls32: st.SearchStrategy[str] = st.one_of(st.builds(lambda a, b: a + ":" + b, h16, h16), ipv4address)


def _h16_colons(n: int) -> st.SearchStrategy[str]:
    """``n( h16 ":" )``."""
    return st.lists(h16, min_size=n, max_size=n).map(lambda xs: "".join(x + ":" for x in xs))


def _before_elision(most: int) -> st.SearchStrategy[str]:
    """``[ *most( h16 ":" ) h16 ]`` (``most`` = -1 for the form with nothing before "::")."""
    if most < 0:
        return st.just("")
    return st.one_of(st.just(""), st.lists(h16, min_size=1, max_size=most + 1).map(":".join))


def _ipv6_form(k: int) -> st.SearchStrategy[str]:
    """The k-th (0-based) alternative of IPv6address in section 3.2.2."""
    if k == 0:  # 6( h16 ":" ) ls32
        return st.builds(lambda a, b: a + b, _h16_colons(6), ls32)
    # k = 1..8: [ *(k-2)( h16 ":" ) h16 ] "::" then a tail
    before = _before_elision(k - 2)
    tail: st.SearchStrategy[str]
    if k <= 6:  # (6-k)( h16 ":" ) ls32
        tail = st.builds(lambda a, b: a + b, _h16_colons(6 - k), ls32)
    elif k == 7:
        tail = h16
    else:
        tail = st.just("")
    return st.builds(lambda b, t: b + "::" + t, before, tail)


IPV6_FORMS: tuple[st.SearchStrategy[str], ...] = tuple(_ipv6_form(k) for k in range(9))
ipv6address: st.SearchStrategy[str] = st.one_of(*IPV6_FORMS)

# IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
ipvfuture: st.SearchStrategy[str] = st.builds(
    lambda v, x, t: v + x + "." + t,
    st.sampled_from("vV"),
    st.text(_chars(cs.HEXDIG), min_size=1, max_size=3),
    st.text(_chars(cs.IPVFUTURE_TAIL), min_size=1, max_size=6),
)
ip_literal: st.SearchStrategy[str] = st.one_of(ipv6address, ipvfuture).map(lambda a: f"[{a}]")

# reg-name = *( unreserved / pct-encoded / sub-delims )
reg_name: st.SearchStrategy[str] = _run(cs.REG_NAME)

# host = IP-literal / IPv4address / reg-name  (with the kind each one is)
hosts_with_kind: st.SearchStrategy[tuple[str, str]] = st.one_of(
    ipv6address.map(lambda a: (f"[{a}]", "ipv6")),
    ipvfuture.map(lambda a: (f"[{a}]", "ipvfuture")),
    ipv4address.map(lambda a: (a, "ipv4")),
    # A reg-name that happens to spell an IPv4address is read as one; keep them apart.
    reg_name.filter(lambda r: not _looks_ipv4(r)).map(lambda r: (r, "reg-name")),
)
host: st.SearchStrategy[str] = hosts_with_kind.map(lambda hk: hk[0])

# port = *DIGIT
port: st.SearchStrategy[str] = st.one_of(
    st.text(_chars(cs.DIGIT), max_size=6),
    st.sampled_from(["80", "443", "21", "23", "080", "0"]),
)


def _looks_ipv4(text: str) -> bool:
    parts = text.split(".")
    return len(parts) == 4 and all(
        p.isascii() and p.isdigit() and (p == "0" or not p.startswith("0")) and int(p) <= 255
        for p in parts
    )


# segment = *pchar ; segment-nz = 1*pchar ; segment-nz-nc = 1*( pchar without ":" )
# Dot segments are valid segments; they are drawn often, since resolution cares.
_DOTS = st.sampled_from([".", ".."])
segment: st.SearchStrategy[str] = st.one_of(_run(cs.PCHAR, max_size=5), _DOTS)
segment_nz: st.SearchStrategy[str] = st.one_of(_run(cs.PCHAR, min_size=1, max_size=5), _DOTS)
segment_nz_nc: st.SearchStrategy[str] = st.one_of(_run(cs.PCHAR_NC, min_size=1, max_size=5), _DOTS)


def _slash_segments(max_size: int = 4) -> st.SearchStrategy[str]:
    """``*( "/" segment )``."""
    return st.lists(segment, max_size=max_size).map(lambda xs: "".join("/" + x for x in xs))


path_abempty: st.SearchStrategy[str] = _slash_segments()
# path-absolute = "/" [ segment-nz *( "/" segment ) ]
path_absolute: st.SearchStrategy[str] = st.one_of(
    st.just("/"), st.builds(lambda a, b: "/" + a + b, segment_nz, _slash_segments())
)
# path-noscheme = segment-nz-nc *( "/" segment )
path_noscheme: st.SearchStrategy[str] = st.builds(
    lambda a, b: a + b, segment_nz_nc, _slash_segments()
)
# path-rootless = segment-nz *( "/" segment )
path_rootless: st.SearchStrategy[str] = st.builds(lambda a, b: a + b, segment_nz, _slash_segments())

# query = fragment = *( pchar / "/" / "?" )
query: st.SearchStrategy[str] = _run(cs.QUERY)
fragment: st.SearchStrategy[str] = _run(cs.FRAGMENT)


@dataclass(frozen=True)
class Generated:
    """A generated reference and the components that went into it."""

    text: str
    scheme: str | None
    userinfo: str | None
    host: str | None
    host_kind: str | None
    port: str | None
    path: str
    query: str | None
    fragment: str | None

    @property
    def authority(self) -> str | None:
        if self.host is None:
            return None
        out = self.host
        if self.userinfo is not None:
            out = self.userinfo + "@" + out
        if self.port is not None:
            out += ":" + self.port
        return out


@st.composite
def authorities(
    draw: st.DrawFn,
) -> tuple[str | None, str, str, str | None]:
    """``authority = [ userinfo "@" ] host [ ":" port ]`` as (userinfo, host, kind, port)."""
    ui = draw(st.none() | userinfo)
    h, kind = draw(hosts_with_kind)
    pt = draw(st.none() | port)
    return ui, h, kind, pt


@st.composite
def _references(
    draw: st.DrawFn, *, with_scheme: bool | None, with_fragment: bool = True
) -> Generated:
    has_scheme = draw(st.booleans()) if with_scheme is None else with_scheme
    sch = draw(scheme) if has_scheme else None
    form = draw(st.sampled_from(["authority", "absolute", "rootless", "empty"]))
    ui = h = kind = pt = None
    if form == "authority":
        ui, h, kind, pt = draw(authorities())
        path = draw(path_abempty)
    elif form == "absolute":
        path = draw(path_absolute)
    elif form == "rootless":
        # hier-part has path-rootless, relative-part has path-noscheme
        path = draw(path_rootless if has_scheme else path_noscheme)
    else:
        path = ""
    q = draw(st.none() | query)
    f = draw(st.none() | fragment) if with_fragment else None
    g = Generated("", sch, ui, h, kind, pt, path, q, f)
    text = "".join(
        [
            "" if sch is None else sch + ":",
            "" if g.authority is None else "//" + g.authority,
            path,
            "" if q is None else "?" + q,
            "" if f is None else "#" + f,
        ]
    )
    return Generated(text, sch, ui, h, kind, pt, path, q, f)


def uris() -> st.SearchStrategy[Generated]:
    """``URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]``."""
    return _references(with_scheme=True)


def absolute_uris() -> st.SearchStrategy[Generated]:
    """``absolute-URI = scheme ":" hier-part [ "?" query ]``."""
    return _references(with_scheme=True, with_fragment=False)


def relative_refs() -> st.SearchStrategy[Generated]:
    """``relative-ref = relative-part [ "?" query ] [ "#" fragment ]``."""
    return _references(with_scheme=False)


def uri_references() -> st.SearchStrategy[Generated]:
    """``URI-reference = URI / relative-ref``."""
    return _references(with_scheme=None)


#: Characters (and short strings) that tend to move a string across a rule boundary.
INTERESTING: tuple[str, ...] = (
    *":/?#[]@%",
    "0",
    "9",
    "a",
    "F",
    "g",
    "v",
    ".",
    "-",
    "+",
    "!",
    " ",
    "\x00",
    "\x7f",
    "é",
    "\u212a",  # KELVIN SIGN: lowercases to ASCII "k"
    "\ud800",  # a lone surrogate
    "%2e",
    "%G0",
    "..",
    "//",
    "::",
)


@st.composite
def mutated(draw: st.DrawFn, base: st.SearchStrategy[str] | None = None) -> str:
    """A valid string (a reference by default) with one to three characters inserted,
    replaced or deleted."""
    text = draw(base if base is not None else uri_references().map(lambda g: g.text))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["insert", "replace", "delete"]))
        piece = draw(st.sampled_from(INTERESTING))
        if op == "insert":
            text = text[:i] + piece + text[i:]
        elif op == "replace":
            text = text[:i] + piece + text[i + 1 :]
        else:
            text = text[:i] + text[i + 1 :]
    return text


def interesting_text(max_size: int = 30) -> st.SearchStrategy[str]:
    """Strings made of the troublemakers plus ASCII letters and digits."""
    alphabet = st.one_of(st.sampled_from(INTERESTING), st.sampled_from("abcxyzABC0123456789"))
    return st.lists(alphabet, max_size=max_size).map("".join)


def arbitrary_text() -> st.SearchStrategy[str]:
    """Any str at all, including lone surrogates and control characters."""
    return st.text(st.characters(codec=None), max_size=40)
