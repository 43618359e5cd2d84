"""``build(...)`` from decoded values for the gopher, wais, prospero, news, nntp and
file views: the documents' own examples rebuilt from their decoded fields, then
awkward values round-tripped through the view."""

from __future__ import annotations

import pytest

import urikit
from urikit.schemes import FileView, GopherView, NewsView, NntpView, ProsperoView, WaisView


@pytest.mark.parametrize(
    ("built", "expected"),
    [
        # 1993 draft, References; 1997 draft 1.3
        (
            lambda: GopherView.build(
                "gopher.micro.umn.edu", "0", "0/Information About Gopher/About Gopher"
            ),
            "gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher",
        ),
        (
            lambda: GopherView.build(
                "spinaltap.micro.umn.edu", "0", "0/Weather/California/Los Angeles"
            ),
            "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
        ),
        # 1993 draft, References
        (
            lambda: WaisView.build("quake.think.com", "wais-discussion-archives", search="lynch"),
            "wais://quake.think.com/wais-discussion-archives?lynch",
        ),
        # RFC 1738 3.11, RFC 4157 2
        (lambda: ProsperoView.build("host.dom", "/pros/name"), "prospero://host.dom//pros/name"),
        # RFC 1738 3.6, RFC 5538 4 and 7
        (lambda: NewsView.build("*"), "news:*"),
        (lambda: NewsView.build("example.group.*"), "news:example.group.*"),
        (
            lambda: NewsView.build("example.group.th?se", server="wild.server.example"),
            "news://wild.server.example/example.group.th%3Fse",
        ),
        (
            lambda: NewsView.build(
                message_id="p0624081dc30b8699bf9b@[10.20.30.108]", server="news.gmane.org"
            ),
            "news://news.gmane.org/p0624081dc30b8699bf9b@%5B10.20.30.108%5D",
        ),
        # RFC 5538 3
        (
            lambda: NntpView.build("wild.server.example", "example.group.n/a", 12345),
            "nntp://wild.server.example/example.group.n%2Fa/12345",
        ),
        (
            lambda: NntpView.build("news.server.example", "example.group.this"),
            "nntp://news.server.example/example.group.this",
        ),
        # RFC 1738 3.10; RFC 8089 2 and Appendix B
        (
            lambda: FileView.build(
                ["disk$user", "my", "notes", "note12345.txt"], host="vms.host.edu"
            ),
            "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        ),
        (lambda: FileView.build(["path", "to", "file"]), "file:///path/to/file"),
        (lambda: FileView.build(["path", "to", "file"], host=None), "file:/path/to/file"),
    ],
)
def test_build_document_examples(built: object, expected: str) -> None:
    assert callable(built)
    view = built()
    assert str(view) == expected
    assert str(urikit.parse(expected).scheme_view()) == expected


AWKWARD = "a b/c?d#e%f;g=h&i+j:k@l~ü"


def test_gopher_round_trip() -> None:
    v = GopherView.build("h", "?", AWKWARD, search="s e", gopher_plus="+\t!", port=7070)
    again = urikit.parse(str(v)).scheme_view()
    assert isinstance(again, GopherView)
    assert (
        again.gopher_type,
        again.selector,
        again.search,
        again.gopher_plus,
        again.effective_port,
    ) == (
        "?",
        AWKWARD,
        "s e",
        "+\t!",
        7070,
    )
    with pytest.raises(ValueError, match="TAB"):
        GopherView.build("h", "0", "a\tb")
    with pytest.raises(ValueError, match="one ASCII"):
        GopherView.build("h", "01")
    with pytest.raises(ValueError, match="needs a search"):
        GopherView.build("h", gopher_plus="+")


def test_wais_round_trip() -> None:
    doc = WaisView(str(WaisView.build("h", AWKWARD, wtype="TE XT", wpath=AWKWARD, port=2100)))
    assert (doc.kind, doc.database, doc.wtype, doc.wpath, doc.effective_port) == (
        "document",
        AWKWARD,
        "TE XT",
        AWKWARD,
        2100,
    )
    search = WaisView(str(WaisView.build("h", "db", search=AWKWARD)))
    assert (search.kind, search.search) == ("search", AWKWARD)
    assert WaisView.build("h", "db").kind == "database"
    with pytest.raises(ValueError):
        WaisView.build("h", "")
    with pytest.raises(ValueError):
        WaisView.build("h", "db", wtype="TEXT")
    with pytest.raises(ValueError):
        WaisView.build("h", "db", search="x", wtype="T", wpath="p")


def test_prospero_round_trip() -> None:
    specs = [(AWKWARD, AWKWARD), ("", "")]
    v = ProsperoView(str(ProsperoView.build("h", AWKWARD, specs, port=1600)))
    assert (v.hsoname, v.fieldspecs, v.effective_port) == (AWKWARD, specs, 1600)


def test_news_round_trip() -> None:
    group = NewsView(str(NewsView.build("a@b,c d", server="h", port=563)))
    assert (group.newsgroups, group.is_article, group.server, group.effective_port) == (
        "a@b,c d",
        False,
        "h",
        563,
    )
    article = NewsView(str(NewsView.build(message_id=AWKWARD.replace("@", "") + "@x")))
    assert (article.message_id, article.server) == (AWKWARD.replace("@", "") + "@x", None)
    with pytest.raises(ValueError, match="exactly one"):
        NewsView.build()
    with pytest.raises(ValueError, match="exactly one"):
        NewsView.build("g", message_id="a@b")
    with pytest.raises(ValueError, match="'@'"):
        NewsView.build(message_id="nope")
    with pytest.raises(ValueError, match="server"):
        NewsView.build("g", port=119)


def test_nntp_round_trip() -> None:
    v = NntpView(str(NntpView.build("h", AWKWARD, 10**16 - 1, port=1119)))
    assert (v.group, v.article_number, v.effective_port) == (AWKWARD, 10**16 - 1, 1119)
    with pytest.raises(ValueError):
        NntpView.build("h", "g", 10**16)
    with pytest.raises(ValueError):
        NntpView.build("h", "")


def test_file_round_trip() -> None:
    segs = [AWKWARD, "", "x"]
    v = FileView(str(FileView.build(segs, host="Host.Example")))
    assert (v.path_segments, v.host, v.is_local) == (segs, "Host.Example", False)
    assert FileView.build(["x"], host="localhost").is_local
    with pytest.raises(ValueError):
        FileView.build(["", "x"], host=None)
