""":func:`readings`: every installed URL parser's reading of a URL, and where they differ.

A URL checked with one parser and fetched with another is how server-side
request forgery gets past a check: :func:`readings` calls each parser
(``_parsers``) and :class:`Readings` compares what they read, component by
component, as what a client would act on (:func:`_key`): a host by its
A-labels, lowercase, percent-decoded, an IPv4 address in any form a resolver
reads as that address, an IPv6 address compressed; a port as the number
connected to (the scheme's default when none is written); a path
percent-decoded with its dot segments removed (as the server does), ``""`` as
``"/"`` when there is a host; an absent query, fragment or userinfo as an empty
one. A parser that refuses the URL differs on ``valid``."""

from __future__ import annotations

import functools
import ipaddress
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import unquote

from ..core._errors import URIError, arg_type_error, check_str, unknown_choice
from ..core._resolution import remove_dot_segments
from ..core._schemeinfo import DEFAULT_REGISTRY
from ._addresses import read_ipv4
from ._parsers import (
    PARSERS,
    Reading,
    installed,
    origin,
    read,
    rfc3986_origin,
    rfc3986_reference,
)
from ._policy import _Found

#: The components :class:`Readings` compares, in order (``connect``: the host
#: and port a client built on the parser would connect to).
COMPONENTS: Final = (
    "valid",
    "scheme",
    "userinfo",
    "host",
    "port",
    "connect",
    "path",
    "query",
    "fragment",
)

#: The components a disagreement on which may send a request elsewhere.
ORIGIN_COMPONENTS: Final = frozenset({"valid", "scheme", "host", "port", "connect"})


@dataclass(frozen=True, slots=True)
class Disagreement:
    """Parsers that read one ``component`` of a URL differently: ``values``
    pairs each reading (as the first of its parsers wrote it; ``None`` for
    none, and for ``valid`` ``"refused"`` or ``"read"``) with the parsers that
    read it so, and ``spans`` are the ``[start, end)`` pieces of the input that
    cause it: the characters about which the parsers disagree (a ``\\``, an
    ``@``, a blank, a character RFC 3986 does not allow), else where the
    differing readings are written.

    urllib.request connects to the userinfo and host together (it splits off
    no userinfo):

    >>> from urikit.security import readings
    >>> (d,) = readings("http://user@h/", parsers=["rfc3986", "urllib"]).disagreements
    >>> d.component, d.values, d.spans
    ('connect', (('h:80', ('rfc3986',)), ('user@h:80', ('urllib',))), ((11, 12),))
    """

    component: str
    values: tuple[tuple[str | None, tuple[str, ...]], ...]
    spans: tuple[tuple[int, int], ...]

    @property
    def parsers(self) -> tuple[str, ...]:
        """Every parser in this disagreement, in reading order."""
        return tuple(p for _, names in self.values for p in names)

    def __str__(self) -> str:
        sides = " vs ".join(f"{v!r} ({', '.join(names)})" for v, names in self.values)
        at = ", ".join(f"{a}-{b}" for a, b in self.spans)
        return f"{self.component}: {sides}" + (f" at {at}" if at else "")


class Readings(Mapping[str, Reading]):
    """Each parser's :class:`Reading` of ``text``, by name (``rfc3986``,
    ``whatwg``, ``urllib``, ``urllib3``, ``requests``, ``httpx``, ``yarl``,
    ``curl``; only those installed and asked for), the ``versions`` read, the
    parsers ``missing`` (asked for but not installed) and the
    :attr:`disagreements`. Immutable.

    >>> from urikit.security import readings
    >>> r = readings("https://example.org/a", parsers=["rfc3986", "urllib"])
    >>> list(r), r["urllib"].host, r.disagreements
    (['rfc3986', 'urllib'], 'example.org', ())
    """

    __slots__ = ("_disagreements", "_items", "_missing", "_text")

    _text: str
    _items: dict[str, Reading]
    _missing: tuple[str, ...]
    _disagreements: tuple[Disagreement, ...] | None

    def __init__(self, text: str, items: Iterable[Reading], missing: Iterable[str] = ()) -> None:
        check_str(text, "Readings", "text")
        found = {r.parser: r for r in items}
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_items", found)
        object.__setattr__(self, "_missing", tuple(missing))
        object.__setattr__(self, "_disagreements", None)  # compared on first need

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Readings is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Readings is immutable")

    def __reduce__(self) -> tuple[object, ...]:
        return (Readings, (self._text, tuple(self._items.values()), self._missing))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Readings):
            return NotImplemented
        return (self._text, self._items, self._missing) == (
            other._text,
            other._items,
            other._missing,
        )

    def __hash__(self) -> int:
        return hash((self._text, tuple(self._items.values())))

    def __getitem__(self, name: str) -> Reading:
        return self._items[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"Readings({self._text!r}, parsers={list(self._items)}, disagree={self.differing})"

    @property
    def text(self) -> str:
        """The URL read."""
        return self._text

    @property
    def versions(self) -> dict[str, str]:
        """Each parser's version (a new dict each time)."""
        return {name: r.version for name, r in self._items.items()}

    @property
    def missing(self) -> tuple[str, ...]:
        """The parsers asked for that are not installed."""
        return self._missing

    @property
    def disagreements(self) -> tuple[Disagreement, ...]:
        """The components the parsers read differently, in :data:`COMPONENTS`
        order (a component only among the parsers that read the URL)."""
        found = self._disagreements
        if found is None:
            found = _compare(self._text, self._items, COMPONENTS)
            object.__setattr__(self, "_disagreements", found)
        return found

    @property
    def differing(self) -> tuple[str, ...]:
        """The names of the components in :attr:`disagreements`."""
        return tuple(d.component for d in self.disagreements)

    def to_dict(self) -> dict[str, Any]:
        """The readings as JSON-ready data (what ``urikit readings --json``
        writes for the URL): ``agree`` (no disagreement :meth:`on_origin`),
        the ``versions``, each parser's reading but its name and version, and
        each disagreement with its values and spans.

        >>> from urikit.security import readings
        >>> d = readings("http://user@h/", parsers=["rfc3986", "urllib"]).to_dict()
        >>> d["agree"], d["readings"]["urllib"]["connect_host"], d["disagreements"][0]["spans"]
        (False, 'user@h', [[11, 12]])
        """
        return {
            "agree": not self.on_origin(),
            "versions": self.versions,
            "readings": {
                name: {k: v for k, v in r._asdict().items() if k not in ("parser", "version")}
                for name, r in self._items.items()
            },
            "disagreements": [
                {
                    "component": d.component,
                    "values": [{"value": v, "parsers": list(names)} for v, names in d.values],
                    "spans": [list(span) for span in d.spans],
                }
                for d in self.disagreements
            ],
        }

    def on_origin(self) -> tuple[Disagreement, ...]:
        """The disagreements that may send a request elsewhere: on ``valid``,
        ``scheme``, ``host``, ``port`` or ``connect``.

        >>> from urikit.security import readings
        >>> readings("http://h/a/../b", parsers=["rfc3986", "urllib"]).on_origin()
        ()
        """
        return tuple(d for d in self.disagreements if d.component in ORIGIN_COMPONENTS)


def readings(url: str, *, parsers: Iterable[str] | str | None = None) -> Readings:
    """How each installed URL parser reads ``url`` (``parsers``: the names to
    read with, ``None`` or ``"all"`` for every one; those not installed are
    left out and named in :attr:`Readings.missing`). Never raises for a
    ``str``: a parser that refuses the URL gives a reading with its ``error``.

    >>> from urikit.security import readings
    >>> r = readings(" http://example.org/", parsers=["rfc3986", "urllib"])
    >>> r["rfc3986"].error is not None, r["urllib"].host
    (True, 'example.org')
    >>> [(d.component, d.spans) for d in r.disagreements][:1]
    [('valid', ((0, 1),))]
    """
    check_str(url, "readings", "url")
    names = _names(parsers, "readings")
    items: list[Reading] = []
    missing: list[str] = []
    for name in names:
        reading = read(name, url)
        if reading is None:
            missing.append(name)
        else:
            items.append(reading)
    return Readings(url, items, missing)


def _names(parsers: Iterable[str] | str | None, func: str) -> tuple[str, ...]:
    if parsers is None or parsers == "all":
        return tuple(PARSERS)
    if isinstance(parsers, str | bytes) or not isinstance(parsers, Iterable):
        raise arg_type_error(func, "parsers", "iterable of str, 'all' or None", parsers)
    out: list[str] = []
    for name in parsers:
        if name not in PARSERS:
            raise unknown_choice("parser", name, tuple(PARSERS))
        if name not in out:
            out.append(name)
    return tuple(name for name in PARSERS if name in out)


def available() -> tuple[str, ...]:
    """The parsers installed here, in reading order."""
    return tuple(name for name in PARSERS if installed(name) is not None)


# --- comparing ------------------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def _host_key(host: str | None) -> str | None:
    if not host:
        return None
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    name = unquote(host, errors="surrogateescape").lower()
    if ":" in name:
        try:
            return ipaddress.IPv6Address(name.partition("%")[0]).compressed
        except ValueError:
            return name
    address = read_ipv4(name)
    if address is not None:
        return str(address)
    if not name.isascii():
        try:
            import idna

            return str(idna.encode(name, uts46=True).decode("ascii"))
        except (idna.IDNAError, UnicodeError, ValueError):
            return name
    return name


def _port_key(r: Reading) -> str | None:
    if r.connect_host is not None:
        return None if r.connect_port is None else str(r.connect_port)
    if r.port is not None:
        return str(r.port)
    scheme = (r.scheme or "").lower()
    default = DEFAULT_REGISTRY.default_port(scheme) if scheme and r.host else None
    return None if default is None else str(default)


def _text_key(value: str | None) -> str:
    return unquote(value or "", errors="surrogateescape")


def _key(component: str, r: Reading) -> str | None:
    """What ``r`` reads for ``component``, as a client acts on it."""
    if component == "scheme":
        return r.scheme.lower() if r.scheme else None
    if component == "userinfo":
        return _text_key(r.userinfo)
    if component == "host":
        return _host_key(r.host)
    if component == "port":
        return _port_key(r)
    if component == "connect":
        if r.connect_host is None:
            return None
        return f"{_host_key(r.connect_host) or ''} {r.connect_port}"
    if component == "path":
        path = remove_dot_segments(_text_key(r.path))
        return "/" if not path and r.host else path
    value = r.query if component == "query" else r.fragment
    return _text_key(value)


def _origin_key(r: Reading) -> tuple[str | None, ...]:
    """:func:`_key` of each of :data:`_AGREED`, at once."""
    scheme = r.scheme.lower() if r.scheme else None
    connect = r.connect_host
    return (
        scheme,
        _host_key(r.host),
        _port_key(r),
        None if connect is None else f"{_host_key(connect) or ''} {r.connect_port}",
    )


def _shown(component: str, r: Reading) -> str | None:
    """What ``r`` reads for ``component``, as it wrote it."""
    if component == "port":
        return _port_key(r)
    if component == "connect":
        return r.connect
    value: str | None = getattr(r, component)
    return value


def _compare(
    text: str, found: Mapping[str, Reading], components: tuple[str, ...]
) -> tuple[Disagreement, ...]:
    """The disagreements among ``found`` on ``components`` (in that order)."""
    out: list[Disagreement] = []
    valid = tuple(n for n, r in found.items() if r.ok)
    refused = tuple(n for n, r in found.items() if not r.ok)
    if valid and refused and "valid" in components:
        out.append(Disagreement("valid", (("read", valid), ("refused", refused)), _invalid(text)))
    if len(valid) < 2:
        return tuple(out)
    for component in components:
        if component == "valid":
            continue
        groups: dict[str | None, list[str]] = {}
        shown: dict[str | None, str | None] = {}
        for name in valid:
            r = found[name]
            if component == "connect" and r.connect_host is None:
                continue  # a parser under no client of this scheme
            key = _key(component, r)
            groups.setdefault(key, []).append(name)
            shown.setdefault(key, _shown(component, r))
        if len(groups) > 1:
            values = tuple((shown[k], tuple(names)) for k, names in groups.items())
            out.append(Disagreement(component, values, _spans(text, component, values)))
    return tuple(out)


#: Characters that parsers treat differently near an authority: delimiters,
#: "\\", "%", blanks, controls and anything not ASCII.
_CAUSE_RE: Final = re.compile(r"[^A-Za-z0-9._~!$&'()*+,=-]")
#: What parsers rewrite or read apart: "\\", blanks, controls, anything not ASCII.
_ODD_RE: Final = re.compile(r"[\\\x00-\x20\x7f-\U0010ffff]+")
#: What RFC 3986 allows nowhere in a URI (``%`` is checked by the parser).
_NOT_RFC3986_RE: Final = re.compile(r"[^A-Za-z0-9._~!$&'()*+,;=:@/?#\[\]%-]+")


def _invalid(text: str) -> tuple[tuple[int, int], ...]:
    spans = [m.span() for m in _NOT_RFC3986_RE.finditer(text)]
    return tuple(spans) if spans else ((0, len(text)),)


def _spans(
    text: str, component: str, values: tuple[tuple[str | None, tuple[str, ...]], ...]
) -> tuple[tuple[int, int], ...]:
    stripped = text.strip("".join(map(chr, range(33))))
    if stripped != text:  # blanks or controls at an end, which some parsers strip
        head = text.find(stripped) if stripped else len(text)
        ends = [(0, head)] if head else []
        tail = head + len(stripped)
        if tail < len(text):
            ends.append((tail, len(text)))
        return tuple(ends)
    lowered = text.lower()
    start = text.find(":") + 1 if component != "scheme" else 0
    if component in ("path", "query", "fragment") and text.startswith("//", start):
        start += 2  # a path is no "//"
    located: list[tuple[int, int]] = []
    unplaced = False  # a reading not written as such in the text
    for value, _ in values:
        if not value:
            continue
        needle = value
        if component in ("port", "connect"):
            needle = value.rpartition(":")[0] if component == "connect" else value
            needle = needle.strip("[]")
        if not needle:
            continue
        at = lowered.find(needle.lower(), start)
        if at >= 0:
            located.append((at, at + len(needle)))
        else:
            unplaced = True
    if unplaced or not located:
        # a parser rewrote what it read: the characters parsers rewrite are the cause
        odd = [m.span() for m in _ODD_RE.finditer(text)]
        if odd:
            return tuple(odd)
    if not located:
        return ((0, len(text)),)
    a = min(s for s, _ in located)
    b = max(e for _, e in located)
    # the characters strictly between the readings (a "\\" or an "@" one parser
    # stops at), else the one on either side of them, else the readings
    causes = [m.span() for m in _CAUSE_RE.finditer(text, a, b)]
    if not causes:
        causes = [(i, i + 1) for i in (a - 1, b) if 0 <= i < len(text) and _CAUSE_RE.match(text[i])]
    merged: list[tuple[int, int]] = []
    for s, e in causes:
        if merged and merged[-1][1] == s:
            merged[-1] = (merged[-1][0], e)
        else:
            merged.append((s, e))
    return tuple(merged) if merged else ((a, b),)


# --- the policy's agreement -------------------------------------------------------

#: The components a policy's ``agreement`` needs the parsers to agree on.
_AGREED: Final = ("scheme", "host", "port", "connect")


def _check_agreement(found: _Found, text: str, names: tuple[str, ...] | str) -> None:
    """Add a ``parsers-disagree`` finding for each of :data:`_AGREED` that
    RFC 3986 and the parsers ``names`` (or every one installed, ``"all"``)
    read differently."""
    ref = rfc3986_reference(text)
    ours = None if isinstance(ref, URIError) else rfc3986_origin(ref)
    others: list[Reading] = []
    for name in PARSERS if names == "all" else names:
        if name != "rfc3986":
            reading = read(name, text)
            if reading is not None:
                others.append(reading)
                if ours is not None and (reading.error is not None or origin(reading) != ours):
                    ours = None
    if ours is not None:  # the common case: every parser read, to the letter, as RFC 3986
        return
    got: dict[str, Reading] = {}
    first: Reading | None = None
    keys = set()
    rfc3986 = read("rfc3986", text)
    assert rfc3986 is not None  # urikit's own parser is always there
    for reading in (rfc3986, *others):
        got[reading.parser] = reading
        if reading.error is not None:
            continue
        if first is None:
            first = reading
            keys.add(_origin_key(reading))
        elif origin(reading) != origin(first):  # else read as the first was: the same key
            keys.add(_origin_key(reading))
    if len(keys) < 2:  # every reading goes to one place
        return
    for d in _compare(text, got, _AGREED):
        a, b = d.spans[0]
        what = "where to connect" if d.component == "connect" else f"the {d.component}"
        sides = "; ".join(f"{', '.join(n)}: {v!r}" for v, n in d.values)
        component = "host" if d.component == "connect" else d.component
        found.add("parsers-disagree", "danger", component, a, b, f"{what} differs ({sides})")
