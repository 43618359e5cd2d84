"""A decoded field of a scheme view that holds a bad ``%XX`` raises a URIError
pointing into the URI: the position of the ``%XX`` in the whole text, the URI as
the error's text, and the component the view reads the field from.

Each row writes the bad escape once, after a good one in the same part where the
part allows it, so that a position counted inside the part (or from the wrong
part) cannot pass. ``%FF`` and ``%C3%28`` are not UTF-8 (the field is decoded as
UTF-8: RFC 3986 section 2.5, RFC 6068 section 2 for mailto); ``%zz`` is not a
percent-encoding at all (RFC 3986 section 2.1), which the parse under the view
refuses. Both builds: ``percent_decode`` and ``parse`` have a C path.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

#: (id, URI, the bad escape in it, the field read, the component named)
Row = tuple[str, str, str, Callable[[Any], object], str]


def _windows(view: Any) -> object:
    return view.to_path("windows")


ROWS: list[Row] = [
    # ServerView's user and password (RFC 1738 3.1), through ftp and telnet
    ("ftp user", "ftp://a%20b%FF:pw@h/", "%FF", lambda v: v.user, "userinfo"),
    ("ftp password", "ftp://a%20b:p%20%FF@h/", "%FF", lambda v: v.password, "userinfo"),
    ("ftp password C3 28", "ftp://u:p%C3%28@h/", "%C3%28", lambda v: v.password, "userinfo"),
    ("telnet user", "telnet://%20%FF@h/", "%FF", lambda v: v.user, "userinfo"),
    ("telnet password", "telnet://u:%20%FF@h", "%FF", lambda v: v.password, "userinfo"),
    ("telnet fields", "telnet://u:%FF@h", "%FF", lambda v: v.fields(), "userinfo"),
    ("http decoded_userinfo", "http://u:%FF@h/", "%FF", lambda v: v.decoded_userinfo(), "userinfo"),
    # ftp (RFC 1738 3.2): the url-path's segments, a "?" read back into the path
    ("ftp cwd", "ftp://h/a%20b/c%FF/name", "%FF", lambda v: v.cwd, "path"),
    ("ftp cwd first", "ftp://h/%FF/name", "%FF", lambda v: v.cwd, "path"),
    ("ftp name", "ftp://h/a%20b/c/n%20%FF", "%FF", lambda v: v.name, "path"),
    ("ftp name typecode", "ftp://h/a/%FF;type=i", "%FF", lambda v: v.name, "path"),
    ("ftp name after ?", "ftp://u@h/a?b/c%FF", "%FF", lambda v: v.name, "path"),
    ("ftp cwd after ?", "ftp://h/a?b%FF/c", "%FF", lambda v: v.cwd, "path"),
    ("ftp fields", "ftp://h/d/%20%FF", "%FF", lambda v: v.fields(), "path"),
    ("ftp decoded_fragment", "ftp://h/d#%20%FF", "%FF", lambda v: v.decoded_fragment(), "fragment"),
    ("ftp decoded_host", "ftp://h%20%FF/d", "%FF", lambda v: v.decoded_host(), "host"),
    # gopher (RFC 4266 2.1): type, selector, search, Gopher+ string
    ("gopher gopher_type", "gopher://h/%FFsel", "%FF", lambda v: v.gopher_type, "path"),
    ("gopher selector", "gopher://h/1a%20b%FF", "%FF", lambda v: v.selector, "path"),
    ("gopher selector typed", "gopher://h/%31a%FF", "%FF", lambda v: v.selector, "path"),
    ("gopher selector ?", "gopher://h/1a?b%FF", "%FF", lambda v: v.selector, "path"),
    ("gopher search", "gopher://h/1sel%09a%20%FF", "%FF", lambda v: v.search, "path"),
    ("gopher search typed", "gopher://h/%31s%09%FF", "%FF", lambda v: v.search, "path"),
    ("gopher gopher_plus", "gopher://h/7s%09t%09+%20%FF", "%FF", lambda v: v.gopher_plus, "path"),
    ("gopher gopher_plus ?", "gopher://h/7s%09t?%09%FF", "%FF", lambda v: v.gopher_plus, "path"),
    ("gopher fields", "gopher://h/1s%09%FF", "%FF", lambda v: v.fields(), "path"),
    # mailto (RFC 6068 2): the path's addresses, the header fields
    ("mailto to", "mailto:a%20b@x,c%FF@y", "%FF", lambda v: v.to, "to"),
    ("mailto to first", "mailto:%FF@x,c@y", "%FF", lambda v: v.to, "to"),
    ("mailto to C3 28", "mailto:a@x,%C3%28@y?s=1", "%C3%28", lambda v: v.to, "to"),
    ("mailto headers name", "mailto:a@x?s=1&b%20%FF=2", "%FF", lambda v: v.headers, "hfields"),
    ("mailto headers value", "mailto:a@x?s=%20&b=c%FF", "%FF", lambda v: v.headers, "hfields"),
    ("mailto headers no to", "mailto:?b=%FF", "%FF", lambda v: v.headers, "hfields"),
    ("mailto header", "mailto:a@x?x=%20&y=%FF", "%FF", lambda v: v.header("z"), "hfields"),
    ("mailto subject", "mailto:a@x?subject=%20%FF", "%FF", lambda v: v.subject, "hfields"),
    ("mailto body", "mailto:a@x?s=1&body=%20%FF", "%FF", lambda v: v.body, "hfields"),
    ("mailto recipients path", "mailto:a@x,%FF@y?to=b@z", "%FF", lambda v: v.recipients, "to"),
    (
        "mailto recipients header",
        "mailto:a%20@x?to=b@z,c%FF@z",
        "%FF",
        lambda v: v.recipients,
        "hfields",
    ),
    ("mailto cc", "mailto:a@x?s=%20&cc=b@y,c%20%FF@z", "%FF", lambda v: v.cc, "hfields"),
    ("mailto bcc", "mailto:?bcc=%FF@z", "%FF", lambda v: v.bcc, "hfields"),
    ("mailto cc name", "mailto:a@x?s=1&c%FF=b@y", "%FF", lambda v: v.cc, "hfields"),
    ("mailto fields", "mailto:a@x?s=%FF", "%FF", lambda v: v.fields(), "hfields"),
    # news and nntp (RFC 5538)
    ("news message_id", "news:a%20b%FF@host", "%FF", lambda v: v.message_id, "path"),
    ("news message_id server", "news://s/a%FF@host", "%FF", lambda v: v.message_id, "path"),
    ("news newsgroups", "news:comp.%20%FF", "%FF", lambda v: v.newsgroups, "path"),
    ("news newsgroups server", "news://s:1/c.%FF", "%FF", lambda v: v.newsgroups, "path"),
    ("news has_wildcard", "news:c.%FF*", "%FF", lambda v: v.has_wildcard, "path"),
    ("news server", "news://s%20%FF/g", "%FF", lambda v: v.server, "host"),
    ("news fields", "news://s/g%FF", "%FF", lambda v: v.fields(), "path"),
    ("nntp group", "nntp://h/a.%20%FF/12", "%FF", lambda v: v.group, "path"),
    ("nntp fields", "nntp://h:119/a%FF", "%FF", lambda v: v.fields(), "path"),
    # prospero (RFC 4157 2): the hsoname and the field specs
    ("prospero hsoname", "prospero://h//pros/%20%FF;a=b", "%FF", lambda v: v.hsoname, "path"),
    ("prospero hsoname ?", "prospero://h/p?q%FF;a=b", "%FF", lambda v: v.hsoname, "path"),
    (
        "prospero fieldspecs n",
        "prospero://h/p%20;a=b;c%FF=d",
        "%FF",
        lambda v: v.fieldspecs,
        "path",
    ),
    ("prospero fieldspecs v", "prospero://h/p;a=%20;c=d%FF", "%FF", lambda v: v.fieldspecs, "path"),
    ("prospero fieldspecs ?", "prospero://h/p?x;c=%FF", "%FF", lambda v: v.fieldspecs, "path"),
    ("prospero fields", "prospero://h/p;c=%FF", "%FF", lambda v: v.fields(), "path"),
    # wais (RFC 4156 2)
    ("wais database", "wais://h/d%20b%FF", "%FF", lambda v: v.database, "path"),
    ("wais database search", "wais://h/%FF?s", "%FF", lambda v: v.database, "path"),
    ("wais search", "wais://h/db?s%20%FF", "%FF", lambda v: v.search, "query"),
    ("wais wtype", "wais://h/d%20b/T%FF/p", "%FF", lambda v: v.wtype, "path"),
    ("wais wpath", "wais://h/d%20b/T%20/p%FF", "%FF", lambda v: v.wpath, "path"),
    ("wais fields", "wais://h/db/T/%FF", "%FF", lambda v: v.fields(), "path"),
    # file (RFC 8089): every form to_path reads, and the core's decoded accessors
    ("file to_path posix", "file:///a%20b/c%FF", "%FF", lambda v: v.to_path("posix"), "path"),
    ("file to_path posix no //", "file:/a/%FF", "%FF", lambda v: v.to_path(), "path"),
    ("file to_path windows drive", "file:///c:/a%20/%FF", "%FF", _windows, "path"),
    ("file to_path windows E.2", "file:c:/a/b%FF", "%FF", _windows, "path"),
    ("file to_path windows unc", "file://srv/share/%FF", "%FF", _windows, "path"),
    ("file to_path windows E.3.2", "file:////srv/s/%20%FF", "%FF", _windows, "path"),
    ("file to_path windows path", "file:///a/%FF", "%FF", _windows, "path"),
    ("file to_path host", "file://h%FF/x", "%FF", _windows, "host"),
    ("file is_local", "file://l%FF/x", "%FF", lambda v: v.is_local, "host"),
    ("file decoded_host", "file://%20%FF/x", "%FF", lambda v: v.decoded_host(), "host"),
    ("file decoded_path", "file:///a%20/%FF", "%FF", lambda v: v.decoded_path(), "path"),
    ("file path_segments", "file:///a/%FF", "%FF", lambda v: v.path_segments, "path"),
    ("file fields", "file:///%FF", "%FF", lambda v: v.fields(), "path"),
    # http: the core's decoded accessors, as the view forwards them
    ("http decoded_path", "http://h/a%20/%FF", "%FF", lambda v: v.decoded_path(), "path"),
    ("http path_segments", "http://h/a/%FF", "%FF", lambda v: v.path_segments, "path"),
    ("http decoded_query", "http://h/?a=%FF", "%FF", lambda v: v.decoded_query(), "query"),
    ("http query_params", "http://h/?a=1&b=%FF", "%FF", lambda v: v.query_params, "query"),
    ("http decoded_fragment", "http://h/#%FF", "%FF", lambda v: v.decoded_fragment(), "fragment"),
    ("http fields", "http://h/a%20/%FF?b", "%FF", lambda v: v.fields(), "path"),
]

#: (id, URI, "%zz" in it, the component the parse names): not a percent-encoding,
#: refused when the view is made, at the first "z" (the character that is not a
#: hex digit) in the URI.
NOT_ENCODINGS: list[tuple[str, str, str]] = [
    ("ftp user", "ftp://a%20b%zz@h/", "userinfo"),
    ("ftp cwd", "ftp://h/a%20/b%zz/c", "path"),
    ("ftp name after ?", "ftp://h/a?b%zz", "query"),
    ("telnet password", "telnet://u:p%zz@h/", "userinfo"),
    ("gopher search", "gopher://h/1s%09t%zz", "path"),
    ("mailto to", "mailto:a@x,b%zz@y", "path"),
    ("mailto header", "mailto:a@x?s=%20%zz", "query"),
    ("news message_id", "news:a%zz@h", "path"),
    ("nntp group", "nntp://h/g%zz", "path"),
    ("prospero field", "prospero://h/p;a=%zz", "path"),
    ("wais wpath", "wais://h/db/T/p%zz", "path"),
    ("file path", "file:///a%20/%zz", "path"),
    ("http query", "http://h/?a=%zz", "query"),
]


def _error(build: Any, make: Callable[[], object]) -> Any:
    with pytest.raises(build["urikit"].URIError) as info:
        make()
    return info.value


@pytest.mark.parametrize(
    ("text", "bad", "read", "component"),
    [pytest.param(t, b, r, c, id=i) for i, t, b, r, c in ROWS],
)
def test_a_bad_escape_in_a_view_field_gives_its_position_in_the_uri(
    build: Any, text: str, bad: str, read: Callable[[Any], object], component: str
) -> None:
    assert text.count(bad) == 1
    view = build["urikit.schemes"].view(text)
    err = _error(build, lambda: read(view))
    position = text.index(bad)
    assert (err.reason, err.component, err.position, err.text) == (
        "bad-decoding",
        component,
        position,
        text,
    )
    assert str(err) == f"percent-encoded bytes are not valid utf-8 at position {position}"


#: URIs with a bad escape in every part a view reads, one or two a view class:
#: every field of the view that decodes raises on one of them.
EVERYWHERE = [
    "ftp://u%FF:p%FF@h%FF/c%FF/n%FF;type=i#f%FF",
    "telnet://u%FF:p%FF@h%FF/",
    "gopher://h%FF/%FFs%FF%09t%FF%09p%FF#f%FF",
    "gopher://h/1s%FF",
    "mailto:a%FF@x?to=b%FF@y&cc=c%FF@z&bcc=d%FF@z&subject=%FF&body=%FF&x%FF=1#f%FF",
    "mailto:?to=b%FF@y",
    "news://s%FF/g%FF#f%FF",
    "news:a%FF@h",
    "nntp://h%FF/g%FF/1#f%FF",
    "prospero://h%FF/p%FF;a%FF=b%FF#f%FF",
    "prospero://h/p;a=b%FF",
    "wais://h%FF/d%FF/t%FF/p%FF#f%FF",
    "wais://h/d%FF?s%FF",
    "file://h%FF/a%FF#f%FF",
    "file:///a%FF",
    "http://u%FF@h%FF/p%FF?q%FF#f%FF",
]


def _code(cls: type, attr: str) -> object:
    """The code of ``cls``'s field ``attr`` (a property's getter), which names one
    accessor whichever class it is read through."""
    raw = inspect.getattr_static(cls, attr)
    function = raw.fget if isinstance(raw, property) else raw
    return getattr(function, "__code__", function)


def _decoding_fields(view: Any, error: type[Exception]) -> dict[object, str]:
    """The public fields of ``view`` that raise a decoding error (methods: those
    that take no argument), the code of each to its name."""
    found: dict[object, str] = {}
    for attr in dir(type(view)):
        if attr.startswith("_") or attr in ("build", "from_path", "parse"):
            continue
        raw = inspect.getattr_static(type(view), attr)
        try:
            if isinstance(raw, property):
                getattr(view, attr)
            elif callable(raw):
                method = getattr(view, attr)
                required = [
                    p
                    for p in inspect.signature(method).parameters.values()
                    if p.default is p.empty and p.kind is not p.VAR_KEYWORD
                ]
                if required:
                    continue
                method()
        except error as err:
            if getattr(err, "reason", None) == "bad-decoding":
                found[_code(type(view), attr)] = f"{type(view).__name__}.{attr}"
    return found


def test_the_table_reads_every_decoded_field(build: Any) -> None:
    """Every field of every view that decodes a part of the URI has a row (the id's
    second word names it), found by reading each field of views whose every part
    holds a bad escape."""
    schemes, error = build["urikit.schemes"], build["urikit"].URIError
    decoding: dict[object, str] = {}
    for text in EVERYWHERE:
        view = schemes.view(text)
        for code, name in _decoding_fields(view, error).items():
            decoding.setdefault(code, name)
    assert len(decoding) >= 30
    read = {_code(type(schemes.view(t)), i.split()[1]) for i, t, _, _, _ in ROWS}
    missing = sorted(where for code, where in decoding.items() if code not in read)
    assert missing == []


@pytest.mark.parametrize(
    ("text", "component"), [pytest.param(t, c, id=i) for i, t, c in NOT_ENCODINGS]
)
def test_a_percent_without_hex_digits_is_refused_at_its_position(
    build: Any, text: str, component: str
) -> None:
    err = _error(build, lambda: build["urikit.schemes"].view(text))
    position = text.index("%zz") + 1
    assert (err.reason, err.component, err.position, err.text) == (
        "bad-percent",
        component,
        position,
        text,
    )


@pytest.mark.parametrize(
    ("text", "read", "component"),
    [
        ("mailto:ü@x,%FF@y", lambda v: v.to, "to"),
        ("ftp://ü:%FF@h/", lambda v: v.password, "userinfo"),
        ("gopher://h/1ü%09%FF", lambda v: v.search, "path"),
        ("file:///ü/%FF", lambda v: v.to_path(), "path"),
    ],
)
def test_the_position_in_a_view_of_an_iri_counts_characters(
    build: Any, text: str, read: Callable[[Any], object], component: str
) -> None:
    """A view of an IRIReference reads its text: the position is the index of the
    "%" among the IRI's characters (a non-ASCII one is one), as in the core."""
    view = build["urikit.schemes"].view(build["urikit.iri"].IRIReference(text))
    err = _error(build, lambda: read(view))
    assert (err.component, err.position, err.text) == (component, text.index("%FF"), text)
