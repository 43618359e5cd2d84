"""What the inspector page shows about one input, as plain JSON-ready data.

The page runs these functions in the browser (Pyodide) on every change of its
input; they run the same under CPython, where the tests call them directly.

>>> a = analyse("http://0x7f.1/a%20b?x=1")
>>> [(s["component"], s["text"]) for s in a["segments"] if s["component"] != "delimiter"]
[('scheme', 'http'), ('host', '0x7f.1'), ('path', '/a%20b'), ('query', 'x=1')]
>>> a["host_kind"], a["path_segments"], a["query_params"]
('reg-name', ['a b'], [['x', '1']])
>>> [f["code"] for f in a["findings"]]
['rare-ip-form', 'private-address']
>>> a["domain"] is None  # an IPv4 address to a browser: no registrable domain
True
>>> analyse("http://h/a b")["error"]
{'message': "invalid character ' ' in path at position 10", 'position': 10, 'component': 'path'}

An invalid input is still cut into its components, by RFC 3986 Appendix B
(which delimits every string), so that the page can colour it and mark the
offending character inside its component:

>>> [(s["component"], s["text"]) for s in analyse("http://exa mple.com:8x/p")["segments"]]
... # doctest: +NORMALIZE_WHITESPACE
[('scheme', 'http'), ('delimiter', '://'), ('host', 'exa mple.com'), ('delimiter', ':'),
 ('port', '8x'), ('path', '/p')]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import URIError, extract, is_valid, normalize, parse, resolve
from .. import iri as _iri
from ..domains._hosts import is_ip
from ..legacy.grammars import APPENDIX_B_RE
from ..security import Policy, Readings, check
from ..security._parsers import Reading, read, url_api_reading
from ._compare import differences

#: The rules whose validity the page shows, in its order.
RULES = ("URI", "URI-reference", "absolute-URI", "relative-ref")

# The browser itself gives the WHATWG reading, so the report leaves it out.
_POLICY = Policy(whatwg=False)


def _error(err: URIError) -> dict[str, Any]:
    return {"message": str(err), "position": err.position, "component": err.component}


def _attempt(func: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
    """``{"value": func(...)}``, or ``{"error": message}`` when it raises a ValueError."""
    try:
        return {"value": func(*args, **kwargs)}
    except ValueError as exc:
        return {"error": str(exc)}


def _delimited(text: str) -> list[tuple[str, int, int]]:
    """The components of any ``text`` as RFC 3986 Appendix B delimits them, the
    authority cut at its first "@" and at the first ":" after it (after the
    "]" of an IP literal): (name, start, end), in order, empty ones left out but
    the host."""
    m = APPENDIX_B_RE.fullmatch(text)
    assert m is not None  # the expression matches every string
    cuts: list[tuple[str, int, int]] = []
    if m.start(1) >= 0 and m.end(1) > m.start(1):
        cuts.append(("scheme", m.start(1), m.end(1)))
    if m.start(2) >= 0:
        a, b = m.span(2)
        at = text.find("@", a, b)
        if at >= 0:
            cuts.append(("userinfo", a, at))
            a = at + 1
        if text.startswith("[", a):  # an IP literal: a port only after its "]"
            close = text.find("]", a, b)
            colon = -1 if close < 0 else text.find(":", close + 1, b)
        else:
            colon = text.find(":", a, b)
        cuts.append(("host", a, colon if colon >= 0 else b))
        if colon >= 0:
            cuts.append(("port", colon + 1, b))
    for group, name in ((3, "path"), (4, "query"), (5, "fragment")):
        if m.start(group) >= 0 and m.end(group) > m.start(group):
            cuts.append((name, m.start(group), m.end(group)))
    return [c for c in cuts if c[2] > c[1] or c[0] == "host"]


def _segments(text: str, cuts: list[tuple[str, int, int]]) -> list[dict[str, Any]]:
    """``cuts`` with the delimiters between them: segments that cover ``text``."""
    out: list[dict[str, Any]] = []
    pos = 0
    for name, a, b in [*cuts, ("delimiter", len(text), len(text))]:
        if a > pos:
            out.append({"component": "delimiter", "start": pos, "end": a, "text": text[pos:a]})
        if name != "delimiter":
            out.append({"component": name, "start": a, "end": b, "text": text[a:b]})
        pos = max(pos, b)
    return out


#: What the page says in place of the registrable domain when the list is missing
#: (the ``publicsuffixlist`` package, which the page may not load).
NO_LIST = "not available: the Public Suffix List (the publicsuffixlist package) is not loaded"


def _domain(host: str | None) -> dict[str, Any] | None:
    """The registrable domain, public suffix, subdomain and section of a
    reg-name ``host`` by the default list (:mod:`urikit.domains`), ``None``
    absent; ``{"unavailable": message}`` without the list; ``None`` for no host
    or an IP address.

    >>> import pytest
    >>> _ = pytest.importorskip("publicsuffixlist")
    >>> _domain("forums.bbc.co.uk")
    {'registrable_domain': 'bbc.co.uk', 'public_suffix': 'co.uk', 'subdomain': 'forums', 'section': 'icann'}
    """  # noqa: E501
    if not host or is_ip(host):
        return None
    from ..domains import default_list

    try:
        psl = default_list()
    except ImportError:
        return {"unavailable": NO_LIST}
    except (OSError, ValueError) as exc:  # $URIKIT_PUBLIC_SUFFIX_LIST unreadable
        return {"unavailable": f"not available: {exc}"}
    parts = psl.parts_of(host)
    return {
        "registrable_domain": parts.registrable_domain or None,
        "public_suffix": parts.suffix or None,
        "subdomain": parts.subdomain or None,
        "section": parts.section,
    }


def _compared(text: str) -> dict[str, str] | None:
    """The RFC 3986 reading in the WHATWG API's terms (hostname, port, pathname,
    search, hash), from the reference's URI form normalized at the "scheme"
    level, so that case, a default port or dot-segments alone are no difference."""
    try:
        uri = text if text.isascii() else _iri.to_uri(text, idna=True)
        ref = parse(normalize(uri))
    except ValueError:
        return None
    return {
        "href": str(ref),
        "hostname": ref.host or "",
        "port": ref.port or "",
        "pathname": ref.path,
        "search": "" if ref.query in (None, "") else "?" + ref.query,
        "hash": "" if ref.fragment in (None, "") else "#" + ref.fragment,
    }


def _readings(text: str, whatwg: Mapping[str, str], browser: str) -> dict[str, Any] | None:
    """The ``urikit readings`` table of the parsers the page runs: RFC 3986
    (urikit) and the browser's own ``new URL()`` (``whatwg``: its fields by
    name, as :func:`~urikit.security._parsers.url_api_reading` takes them, or
    ``{"failure": message}``), as :meth:`~urikit.security.Readings.to_dict`
    gives it, with ``text`` and each disagreement's ``messages``; ``None``
    when ``whatwg`` has not the fields.

    >>> t = _readings("http:/h/x", {"href": "http://h/x", "protocol": "http:",
    ...     "username": "", "password": "", "hostname": "h", "port": "",
    ...     "pathname": "/x", "search": "", "hash": ""}, "Chromium 1")
    >>> t["agree"], [d["component"] for d in t["disagreements"]]
    (False, ['host', 'port', 'path'])
    """
    if "failure" in whatwg:
        theirs = Reading("browser", browser, error=whatwg["failure"])
    elif "protocol" in whatwg:
        theirs = url_api_reading("browser", browser, whatwg)
    else:
        return None
    ours = read("rfc3986", text)
    assert ours is not None  # urikit's own parser is always there
    found = Readings(text, (ours, theirs))
    out = found.to_dict()
    out["text"] = text
    out["messages"] = [str(d) for d in found.disagreements]
    return out


def analyse(
    text: str, base: str = "", whatwg: Mapping[str, str] | None = None, browser: str = "browser"
) -> dict[str, Any]:
    """Everything the page shows about ``text`` (and ``base``, when not empty).

    ``whatwg`` is the browser's reading, ``new URL(text, base)``'s fields (see
    ``_compare.differences``); ``"differs"`` then holds the fields that differ
    in meaning from RFC 3986's reading, each with RFC 3986's side, and
    ``"readings"`` the two parsers' readings of the URL (``text`` resolved
    against ``base`` when it resolves) side by side, as ``urikit readings``
    compares them (``browser``: the name and version of the browser).

    >>> a = analyse("g;x?y#s", "http://a/b/c/d;p?q")
    >>> a["base"], a["rules"]["relative-ref"], a["rules"]["URI"]
    ({'value': 'http://a/b/c/g;x?y#s'}, True, False)
    >>> analyse("http://bücher.example/")["iri"]["to_uri"]
    {'value': 'http://xn--bcher-kva.example/'}
    """
    report = check(text, policy=_POLICY)
    result: dict[str, Any] = {
        "text": text,
        "segments": (
            _segments(text, _delimited(text))
            if report.uri is None
            else [
                {"component": s.component, "start": s.start, "end": s.end, "text": s.text}
                for s in report.segments()
            ]
        ),
        "findings": [
            {
                "code": f.code,
                "severity": f.severity,
                "component": f.component,
                "start": f.start,
                "end": f.end,
                "message": f.message,
                "reference": f.reference,
            }
            for f in report.findings
        ],
        "rules": {rule: is_valid(text, rule) for rule in RULES},
        "iri": {
            "to_uri": _attempt(_iri.to_uri, text, idna=True),
            "from_uri": _attempt(_iri.from_uri, text, idna=True),
        },
        "base": _attempt(resolve, base, text) if base else None,
        "error": None,
        "host_kind": None,
        "path_segments": [],
        "query_params": [],
        "normal": None,
        "domain": None,
        "differs": None if whatwg is None else differences(text, base, whatwg),
    }
    resolved = result["base"]
    target = resolved["value"] if resolved and "value" in resolved else text
    result["compared"] = _compared(target)
    result["readings"] = None if whatwg is None else _readings(target, whatwg, browser)
    try:
        ref = parse(text) if text.isascii() else _iri.parse(text)
    except URIError as err:
        result["error"] = _error(err)
        return result
    result["host_kind"] = ref.host_kind
    result["domain"] = _domain(ref.host)
    # octets that are not UTF-8 ("%E0") are shown as U+FFFD, not an error: the
    # reference is valid
    result["path_segments"] = ref.decoded_path_segments(errors="replace")
    result["query_params"] = [list(p) for p in ref.decoded_query_params(errors="replace")]
    result["normal"] = _attempt(normalize if text.isascii() else _iri.normalize, text)
    return result


def find(text: str) -> list[dict[str, Any]]:
    """The URIs and IRIs ``extract`` finds in ``text``, with their spans.

    The span of a wrapped URI covers its wrapper (the angle brackets here):

    >>> find("see http://a.example/x, or <https://b.example/>.")[1]
    {'uri': 'https://b.example/', 'start': 27, 'end': 47}
    """
    return [{"uri": e.uri, "start": e.start, "end": e.end} for e in extract(text, iris=True)]
