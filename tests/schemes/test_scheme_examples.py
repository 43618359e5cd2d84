"""Every example URL of the seeds and the scheme RFCs, parsed into its typed view,
checked field by field against the document's own description, and round-tripped.

Rows already in ``tests/schemes/test_schemes_views.py`` (``EXAMPLES``) are not repeated;
``test_inventory`` checks that every example listed in ``INVENTORY`` is a row
here or a quoted string there, and that each parses, has a view and round-trips.
Line-wrapped examples are given unwrapped, as RFC 1738 section 2.2 and its
appendix tell readers to do.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import urikit

_D1993 = "1993 draft, References"
_R1738 = "RFC 1738 section 7 (References), and rfc1738-zh"
_D1997 = "1997 draft-fielding-url-syntax-05"


def _ftp(host: str, cwd: list[str], name: str, **more: Any) -> dict[str, Any]:
    return {
        "host": host,
        "cwd": cwd,
        "name": name,
        "effective_port": 21,
        "user": "anonymous",
        **more,
    }


# (source, uri, expected view fields, {grammar: valid under it})
ROWS: list[tuple[str, str, dict[str, Any], dict[str, bool]]] = [
    # -- RFC 1738 (and rfc1738-zh, which quotes the same URLs) -------------------
    ("RFC 1738 3.2.1", "ftp://@host.com/", {"user": "", "password": None}, {"rfc1738": True}),
    ("RFC 1738 3.2.1", "ftp://host.com/", {"user_given": False}, {"rfc1738": True}),
    ("RFC 1738 3.2.1", "ftp://foo:@host.com/", {"password": ""}, {"rfc1738": True}),
    (
        "RFC 1738 3.2.2",
        "ftp://myname@host.dom/%2Fetc/motd",
        {"user": "myname", "cwd": ["/etc"], "name": "motd"},
        {"rfc1738": True},
    ),
    ("RFC 1738 3.2.2", "ftp://myname@host.dom/etc/motd", {"cwd": ["etc"]}, {"rfc1738": True}),
    ("RFC 1738 3.2.2", "ftp://myname@host.dom//etc/motd", {"cwd": ["", "etc"]}, {"rfc1738": True}),
    ("RFC 1738 3.6", "news:*", {"newsgroups": "*", "has_wildcard": True}, {"rfc1738": True}),
    (
        "RFC 1738 3.10",
        "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        {"host": "vms.host.edu", "is_local": False},
        {"rfc1738": True},
    ),
    (
        "RFC 1738 3.11",
        "prospero://host.dom//pros/name",
        {"host": "host.dom", "hsoname": "/pros/name", "effective_port": 1525},
        {"rfc1738": True},
    ),
    (
        "RFC 1738 2.2 / Appendix",
        "ftp://info.cern.ch/pub/www/doc;type=d",
        _ftp("info.cern.ch", ["pub", "www"], "doc", typecode="d", type_meaning="directory"),
        {"rfc1738": True},
    ),
    (
        "RFC 1738 Appendix",
        "ftp://ds.internic.net/rfc",
        _ftp("ds.internic.net", [], "rfc"),
        {"rfc1738": True},
    ),
    (
        # RFC 1738 section 2.2: the "#" fragment is not part of the URL
        "RFC 1738 Appendix",
        "http://ds.internic.net/instructions/overview.html#WARNING",
        {"host": "ds.internic.net", "path": "/instructions/overview.html", "fragment": "WARNING"},
        {"rfc1738": False, "draft-1993": True},
    ),
    (
        "RFC 1738 header",
        "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
        {"host": "www.acl.lanl.gov", "path": "/URI/archive/uri-archive.index.html", "query": None},
        {"rfc1738": True},
    ),
    (
        _R1738,
        "ftp://ds.internic.net/rfc/rfc1436.txt;type=a",
        _ftp("ds.internic.net", ["rfc"], "rfc1436.txt", typecode="a", type_meaning="ascii"),
        {"rfc1738": True},
    ),
    (
        _R1738,
        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol",
        _ftp("boombox.micro.umn.edu", ["pub", "gopher"], "gopher_protocol"),
        {"rfc1738": True, "draft-1993": True},
    ),
    (
        _R1738,
        "ftp://ds.internic.net/rfc/rfc1630.txt",
        _ftp("ds.internic.net", ["rfc"], "rfc1630.txt"),
        {"rfc1738": True},
    ),
    (
        _R1738,
        "ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z",
        _ftp("info.cern.ch", ["pub", "www", "doc"], "http-spec.txt.Z"),
        {"rfc1738": True},
    ),
    (
        _R1738,
        "ftp://ds.internic.net/rfc/rfc1123.txt",
        _ftp("ds.internic.net", ["rfc"], "rfc1123.txt"),
        {"rfc1738": True},
    ),
    (
        _R1738,
        "ftp://ds.internic.net/rfc/rfc822.txt",
        _ftp("ds.internic.net", ["rfc"], "rfc822.txt"),
        {"rfc1738": True},
    ),
    (
        _R1738,
        "ftp://quake.think.com/pub/wais/doc/protspec.txt",
        _ftp("quake.think.com", ["pub", "wais", "doc"], "protspec.txt"),
        {"rfc1738": True, "draft-1993": True},
    ),
    (
        _R1738,
        "ftp://ds.internic.net/rfc/rfc1036.txt",
        _ftp("ds.internic.net", ["rfc"], "rfc1036.txt"),
        {"rfc1738": True},
    ),
    (
        _R1738,
        "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
        _ftp("quake.think.com", ["pub", "wais", "doc"], "doc-ids.txt"),
        {"rfc1738": True, "draft-1993": True},
    ),
    (
        _R1738,
        "ftp://ds.internic.net/rfc/rfc977.txt",
        _ftp("ds.internic.net", ["rfc"], "rfc977.txt"),
        {"rfc1738": True},
    ),
    (
        _R1738,
        "ftp://ds.internic.net/internet-drafts",
        _ftp("ds.internic.net", [], "internet-drafts"),
        {"rfc1738": True},
    ),
    (
        _R1738,
        "ftp://ds.internic.net/rfc/rfc1034.txt",
        _ftp("ds.internic.net", ["rfc"], "rfc1034.txt"),
        {"rfc1738": True},
    ),
    (
        _R1738,
        "ftp://prospero.isi.edu/pub/prospero/doc",
        _ftp("prospero.isi.edu", ["pub", "prospero"], "doc"),
        {"rfc1738": True},
    ),
    (
        _R1738,
        "ftp://ds.internic.net/rfc/rfc959.txt",
        _ftp("ds.internic.net", ["rfc"], "rfc959.txt"),
        {"rfc1738": True},
    ),
    (
        _R1738,
        "ftp://ds.internic.net/rfc/rfc1737.txt",
        _ftp("ds.internic.net", ["rfc"], "rfc1737.txt"),
        {"rfc1738": True},
    ),
    (
        _R1738,
        "ftp://ds.internic.net/rfc/rfc1625.txt",
        _ftp("ds.internic.net", ["rfc"], "rfc1625.txt"),
        {"rfc1738": True},
    ),
    (
        _R1738,
        "ftp://uu.psi.com/wp/nir.txt",
        _ftp("uu.psi.com", ["wp"], "nir.txt"),
        {"rfc1738": True, "draft-1993": True},
    ),
    # -- the 1993 draft ------------------------------------------------------------
    (
        _D1993,
        "ftp://info.cern.ch./pub/www/doc/http-spec.txt",
        _ftp("info.cern.ch.", ["pub", "www", "doc"], "http-spec.txt"),
        # RFC 1738 toplabel: no trailing "." after the last label
        {"draft-1993": True, "rfc1738": False},
    ),
    (
        _D1993,
        "ftp://nnsc.nsf.net/rfc/rfc977.txt",
        _ftp("nnsc.nsf.net", ["rfc"], "rfc977.txt"),
        {"draft-1993": True},
    ),
    (
        _D1993,
        "ftp://nnsc.nsf.net/rfc/rfc1034.txt",
        _ftp("nnsc.nsf.net", ["rfc"], "rfc1034.txt"),
        {"draft-1993": True},
    ),
    (
        _D1993,
        "ftp://nnsc.nsf.net/rfc/rfc959.txt",
        _ftp("nnsc.nsf.net", ["rfc"], "rfc959.txt"),
        {"draft-1993": True},
    ),
    (
        _D1993,
        "ftp://prospero.isi.edu/pub/prospero/oir.ps",
        _ftp("prospero.isi.edu", ["pub", "prospero"], "oir.ps"),
        {"draft-1993": True},
    ),
    (
        _D1993,
        "gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher",
        {"gopher_type": "0", "selector": "0/Information About Gopher/About Gopher"},
        {"draft-1993": True, "rfc1738": True},
    ),
    (
        _D1993,
        "wais://quake.think.com/wais-discussion-archives?lynch",
        {"host": "quake.think.com", "database": "wais-discussion-archives", "search": "lynch"},
        {"draft-1993": True, "rfc1738": True},
    ),
    (
        _D1993,
        "wais://nnsc.nsf.net/internet-drafts?yeong",
        {
            "host": "nnsc.nsf.net",
            "database": "internet-drafts",
            "search": "yeong",
            "kind": "search",
        },
        {"draft-1993": True, "rfc1738": True},
    ),
    # -- the 1997 draft, section 1.3 and elsewhere -----------------------------------
    (
        _D1997,
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        _ftp("ftp.is.co.za", ["rfc"], "rfc1808.txt"),
        {"rfc2396": True},
    ),
    (
        _D1997,
        "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
        {
            "host": "spinaltap.micro.umn.edu",
            "gopher_type": "0",
            "selector": "0/Weather/California/Los Angeles",
            "search": None,
        },
        {"rfc2396": True},
    ),
    (
        _D1997,
        "http://www.math.uio.no/faq/compression-faq/part1.html",
        {"host": "www.math.uio.no", "path": "/faq/compression-faq/part1.html"},
        {"rfc2396": True},
    ),
    (
        _D1997,
        "mailto:mduerst@ifi.unizh.ch",
        {"to": ["mduerst@ifi.unizh.ch"], "headers": []},
        {"rfc2396": True},
    ),
    (
        _D1997,
        "news:comp.infosystems.www.servers.unix",
        {"newsgroups": "comp.infosystems.www.servers.unix", "is_article": False},
        {"rfc2396": True},
    ),
    (
        _D1997,
        "telnet://melvyl.ucop.edu/",
        {"host": "melvyl.ucop.edu", "user": None, "effective_port": 23, "trailing_slash": True},
        {"rfc2396": True},
    ),
    (_D1997, "http://www.ics.uci.edu/Test/a/b/c", {"path": "/Test/a/b/c"}, {"rfc2396": True}),
    (_D1997, "http://www.ics.uci.edu/Test/a/x", {"path": "/Test/a/x"}, {"rfc2396": True}),
    (
        _D1997,
        "http://www.XEROX.com",
        {"host": "www.XEROX.com", "path": "", "decoded_path": "/"},
        {"rfc2396": True},
    ),
    (_D1997, "http://www.xerox.com", {"host": "www.xerox.com"}, {"rfc2396": True}),
    (
        _D1997,
        "http://www.ics.uci.edu/pub/ietf/uri/#Related",
        {"host": "www.ics.uci.edu", "path": "/pub/ietf/uri/", "query": None, "fragment": "Related"},
        {"rfc2396": True},
    ),
    (_D1997, "http://test.com/", {"host": "test.com", "path": "/"}, {"rfc2396": True}),
    (
        _D1997,
        "http://www.w3.org/pub/WWW/",
        {"host": "www.w3.org", "path": "/pub/WWW/"},
        {"rfc2396": True},
    ),
    (_D1997, "ftp://ds.internic.net/rfc/", _ftp("ds.internic.net", ["rfc"], ""), {"rfc2396": True}),
    # -- RFC 4157 section 2 ------------------------------------------------------------
    (
        "RFC 4157 2",
        "prospero://example.com//pros/name",
        {"host": "example.com", "hsoname": "/pros/name", "fieldspecs": []},
        {},
    ),
    # -- RFC 4266 references ------------------------------------------------------------
    (
        "RFC 4266 4 [Gopher+]",
        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
        _ftp(
            "boombox.micro.umn.edu", ["pub", "gopher", "gopher_protocol", "Gopher+"], "Gopher+.txt"
        ),
        {"rfc1738": True},
    ),
    # -- RFC 5538 ---------------------------------------------------------------------------
    (
        "RFC 5538 3",
        "news://news.server.example/example.group.this",
        {"server": "news.server.example", "newsgroups": "example.group.this", "is_article": False},
        {},
    ),
    (
        "RFC 5538 7",
        "news://news.gmane.org/gmane.ietf.tools",
        {"server": "news.gmane.org", "newsgroups": "gmane.ietf.tools"},
        {},
    ),
    (
        "RFC 5538 7",
        "nntp://news.gmane.org/gmane.ietf.tools/742",
        {"host": "news.gmane.org", "group": "gmane.ietf.tools", "article_number": 742},
        {},
    ),
    (
        "RFC 5538 7",
        "news://news.gmane.org/p0624081dc30b8699bf9b@%5B10.20.30.108%5D",
        {"is_article": True, "message_id": "p0624081dc30b8699bf9b@[10.20.30.108]"},
        {},
    ),
    (
        "RFC 5538 7",
        "http://mid.gmane.org/p0624081dc30b8699bf9b@%5B10.20.30.108%5D",
        {
            "host": "mid.gmane.org",
            "path": "/p0624081dc30b8699bf9b@%5B10.20.30.108%5D",
            "decoded_path": "/p0624081dc30b8699bf9b@[10.20.30.108]",
        },
        {},
    ),
    ("RFC 5538 7", "http://dir.gmane.org/gmane.ietf.tools", {"path": "/gmane.ietf.tools"}, {}),
    (
        "RFC 5538 7",
        "http://permalink.gmane.org/gmane.ietf.tools/742",
        {"path": "/gmane.ietf.tools/742"},
        {},
    ),
    ("RFC 5538 7", "mailto:tools.discuss@ietf.org", {"to": ["tools.discuss@ietf.org"]}, {}),
    ("RFC 5538 header", "mailto:uri@w3.org", {"to": ["uri@w3.org"]}, {}),
    # -- RFC 6068 --------------------------------------------------------------------------
    (
        "RFC 6068 6.2",
        "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
        {"to": ['"\\\\\\"it\'s\\ ugly\\\\\\""@example.org']},
        {},
    ),
    (
        "RFC 6068 6.1 (the href, with &amp; read as &)",
        "mailto:joe@an.example?cc=bob@an.example&body=hello",
        {"to": ["joe@an.example"], "cc": ["bob@an.example"], "body": "hello"},
        {},
    ),
    (
        "RFC 6068 6.3",
        "mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D",
        {"subject": "=?iso-8859-1?Q?caf=E9?="},
        {},
    ),
    (
        "RFC 6068 6.3",
        "mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9",
        {"subject": "café", "body": "café"},
        {},
    ),
    # -- RFC 8089 Appendix E.4 --------------------------------------------------------------
    ("RFC 8089 E.4", "file:///c:/path/to/file.txt", {"host": "", "drive": "c:"}, {}),
    ("RFC 8089 E.4", "file:///c:/some/other/thing.bmp", {"drive": "c:"}, {}),
    ("RFC 8089 E.4", "file:///c:/foo.txt", {"drive": "c:"}, {}),
    ("RFC 8089 E.4", "file:///c:/bar.txt", {"drive": "c:"}, {}),
]


@pytest.mark.parametrize(("source", "uri", "expected", "grammars"), ROWS, ids=[r[1] for r in ROWS])
def test_document_example(
    source: str, uri: str, expected: dict[str, Any], grammars: dict[str, bool]
) -> None:
    ref = urikit.parse(uri)
    v = ref.scheme_view()
    assert str(v) == str(ref) == uri, source
    for name, value in expected.items():
        got = getattr(v, name)
        assert (got() if callable(got) else got) == value, (source, name)
    for grammar, valid in grammars.items():
        assert urikit.is_valid(uri, grammar=grammar) is valid, (source, grammar)


# RFC 6068 6.1: "The following example, using "?" twice, is incorrect"
def test_rfc6068_wrong_example() -> None:
    uri = "mailto:joe@example.com?cc=bob@example.com?body=hello"
    assert urikit.is_valid(uri)  # RFC 3986 allows "?" in a query; hfvalue = *qchar does not
    with pytest.raises(urikit.URIError) as info:
        urikit.parse(uri).scheme_view()
    assert (info.value.component, info.value.position) == ("hfields", uri.index("?", 23))


# 1997 draft, section 3 / Appendix G: two URLs of an unregistered scheme; they parse
# and round-trip but have no typed view.
@pytest.mark.parametrize(("uri", "path"), [("foo:/bar", "/bar"), ("foo:bar", "bar")])
def test_foo_examples(uri: str, path: str) -> None:
    ref = urikit.parse(uri)
    assert (ref.scheme, ref.authority, ref.path, str(ref)) == ("foo", None, path, uri)
    with pytest.raises(urikit.URIError):
        ref.scheme_view()


# Every scheme example of each document (the generic references "http://a/b/c/..."
# of the 1997 draft's Appendix C are in tests/legacy/test_legacy_resolution.py, the
# "|" forms of RFC 8089 E.2.2 in tests/schemes/test_schemes_views.py; IETF boilerplate
# links such as http://www.rfc-editor.org/... are not examples).
INVENTORY = {
    "rfc1738": [
        "ftp://@host.com/",
        "ftp://host.com/",
        "ftp://foo:@host.com/",
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://myname@host.dom/etc/motd",
        "ftp://myname@host.dom//etc/motd",
        "news:*",
        "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        "prospero://host.dom//pros/name",
        "ftp://info.cern.ch/pub/www/doc;type=d",
        "ftp://ds.internic.net/rfc",
        "http://ds.internic.net/instructions/overview.html#WARNING",
        "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
        "ftp://ds.internic.net/rfc/rfc1436.txt;type=a",
        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol",
        "ftp://ds.internic.net/rfc/rfc1630.txt",
        "ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z",
        "ftp://ds.internic.net/rfc/rfc1123.txt",
        "ftp://ds.internic.net/rfc/rfc822.txt",
        "ftp://quake.think.com/pub/wais/doc/protspec.txt",
        "ftp://ds.internic.net/rfc/rfc1036.txt",
        "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
        "ftp://ds.internic.net/rfc/rfc977.txt",
        "ftp://ds.internic.net/internet-drafts",
        "ftp://ds.internic.net/rfc/rfc1034.txt",
        "ftp://prospero.isi.edu/pub/prospero/doc",
        "ftp://ds.internic.net/rfc/rfc959.txt",
        "ftp://ds.internic.net/rfc/rfc1737.txt",
        "ftp://ds.internic.net/rfc/rfc1625.txt",
        "ftp://uu.psi.com/wp/nir.txt",
    ],
    "draft-1993": [
        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol",
        "gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher",
        "ftp://info.cern.ch./pub/www/doc/http-spec.txt",
        "ftp://quake.think.com/pub/wais/doc/protspec.txt",
        "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
        "ftp://nnsc.nsf.net/rfc/rfc977.txt",
        "wais://quake.think.com/wais-discussion-archives?lynch",
        "ftp://nnsc.nsf.net/rfc/rfc1034.txt",
        "ftp://prospero.isi.edu/pub/prospero/oir.ps",
        "ftp://nnsc.nsf.net/rfc/rfc959.txt",
        "ftp://uu.psi.com/wp/nir.txt",
        "wais://nnsc.nsf.net/internet-drafts?yeong",
    ],
    "draft-1997": [
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
        "http://www.math.uio.no/faq/compression-faq/part1.html",
        "mailto:mduerst@ifi.unizh.ch",
        "news:comp.infosystems.www.servers.unix",
        "telnet://melvyl.ucop.edu/",
        "ftp://@host.com/",
        "ftp://host.com/",
        "ftp://foo:@host.com/",
        "http://www.ics.uci.edu/Test/a/b/c",
        "http://www.ics.uci.edu/Test/a/x",
        "http://www.XEROX.com",
        "http://www.xerox.com",
        "http://www.ics.uci.edu/pub/ietf/uri/#Related",
        "http://test.com/",
        "http://www.w3.org/pub/WWW/",
        "ftp://ds.internic.net/rfc/",
        "http://ds.internic.net/instructions/overview.html#WARNING",
    ],
    "rfc4157": ["prospero://example.com//pros/name"],
    "rfc4266": ["ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt"],
    "rfc5538": [
        "nntp://news.server.example/example.group.this/12345",
        "nntp://wild.server.example/example.group.n%2Fa/12345",
        "nntp://news.server.example/example.group.this",
        "news://news.server.example/example.group.this",
        "news://news.server.example/*",
        "news://news.server.example/",
        "news://wild.server.example/example.group.th%3Fse",
        "news:example.group.*",
        "news:example.group.this",
        "news://news.gmane.org/gmane.ietf.tools",
        "nntp://news.gmane.org/gmane.ietf.tools/742",
        "news://news.gmane.org/p0624081dc30b8699bf9b@%5B10.20.30.108%5D",
        "http://mid.gmane.org/p0624081dc30b8699bf9b@%5B10.20.30.108%5D",
        "http://dir.gmane.org/gmane.ietf.tools",
        "http://permalink.gmane.org/gmane.ietf.tools/742",
        "mailto:tools.discuss@ietf.org",
        "mailto:uri@w3.org",
    ],
    "rfc6068": [
        "mailto:addr1@an.example,addr2@an.example",
        "mailto:?to=addr1@an.example,addr2@an.example",
        "mailto:addr1@an.example?to=addr2@an.example",
        "mailto:chris@example.com",
        "mailto:infobot@example.com?subject=current-issue",
        "mailto:infobot@example.com?body=send%20current-issue",
        "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
        "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
        "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
        "mailto:joe@example.com?cc=bob@example.com&body=hello",
        "mailto:gorby%25kremvax@example.com",
        "mailto:unlikely%3Faddress@example.com?blat=foop",
        "mailto:joe@an.example?cc=bob@an.example&body=hello",
        "mailto:Mike%26family@example.org",
        "mailto:%22not%40me%22@example.org",
        "mailto:%22oh%5C%5Cno%22@example.org",
        "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
        "mailto:user@example.org?subject=caf%C3%A9",
        "mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D",
        "mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D",
        "mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9",
        "mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO",
    ],
    "rfc8089": [
        "file:///path/to/file",
        "file:/path/to/file",
        "file://host.example.com/path/to/file",
        "file:c:/path/to/file",
        "file:///c:/path/to/file",
        "file:///c:/path/to/file.txt",
        "file:///c:/some/other/thing.bmp",
        "file:///c:/foo.txt",
        "file:///c:/bar.txt",
        "file://host.example.com/Share/path/to/file.txt",
        "file:////host.example.com/path/to/file",
        "file://///host.example.com/path/to/file",
    ],
}


@pytest.mark.parametrize("doc", sorted(INVENTORY))
def test_inventory(doc: str) -> None:
    views_test = Path(__file__).with_name("test_schemes_views.py").read_text(encoding="utf-8")
    rows = {uri for _, uri, _, _ in ROWS}
    missing = [uri for uri in INVENTORY[doc] if uri not in rows and f'"{uri}"' not in views_test]
    assert missing == []
    for uri in INVENTORY[doc]:
        ref = urikit.parse(uri)
        assert str(ref.scheme_view()) == str(ref) == uri
