"""Typed scheme views: the example URLs of RFC 1738, the seeds and each scheme RFC,
parsed, checked field by field and round-tripped; invalid examples per scheme."""

from __future__ import annotations

from typing import Any

import pytest

import urikit
from urikit.schemes import (
    FileView,
    FtpView,
    GopherView,
    HttpView,
    MailtoView,
    NewsView,
    NntpView,
    ProsperoView,
    SchemeHandler,
    SchemeRegistry,
    TelnetView,
    WaisView,
    view,
)

# (uri, expected fields) -- source in the comment of each row.
EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    # RFC 1738 3.2.1 (and rfc1738-zh): empty user, no user, user with empty password
    ("ftp://@host.com/", {"user": "", "user_given": True, "password": None, "host": "host.com"}),
    ("ftp://host.com/", {"user": "anonymous", "user_given": False, "password": None}),
    ("ftp://foo:@host.com/", {"user": "foo", "password": ""}),
    # RFC 1738 3.2.2: %2F in a segment, and an empty first segment
    ("ftp://myname@host.dom/%2Fetc/motd", {"cwd": ["/etc"], "name": "motd", "effective_port": 21}),
    ("ftp://myname@host.dom/etc/motd", {"cwd": ["etc"], "name": "motd"}),
    ("ftp://myname@host.dom//etc/motd", {"cwd": ["", "etc"], "name": "motd"}),
    # 1993 draft references
    (
        "ftp://info.cern.ch./pub/www/doc/http-spec.txt",
        {"host": "info.cern.ch.", "cwd": ["pub", "www", "doc"], "name": "http-spec.txt"},
    ),
    ("ftp://nnsc.nsf.net/rfc/rfc977.txt", {"cwd": ["rfc"], "name": "rfc977.txt"}),
    ("ftp://h/d;type=d", {"name": "d", "typecode": "d", "type_meaning": "directory"}),
    ("ftp://h/f;TYPE=I", {"typecode": "i", "type_meaning": "image"}),
    # 1993 draft: gopher type "0", selector with an escaped space
    (
        "gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher",
        {
            "host": "gopher.micro.umn.edu",
            "effective_port": 70,
            "gopher_type": "0",
            "selector": "0/Information About Gopher/About Gopher",
            "search": None,
        },
    ),
    # RFC 4266 2.1: empty gopher-path means type "1"
    ("gopher://h", {"gopher_type": "1", "selector": ""}),
    ("gopher://h/", {"gopher_type": "1", "selector": ""}),
    (
        "gopher://h:7070/7sel%09term%09+",
        {"effective_port": 7070, "search": "term", "gopher_plus": "+"},
    ),
    ("gopher://h/1a?b", {"selector": "a?b"}),
    # 1993 draft references; RFC 4156 forms
    (
        "wais://quake.think.com/wais-discussion-archives?lynch",
        {
            "kind": "search",
            "database": "wais-discussion-archives",
            "search": "lynch",
            "effective_port": 210,
        },
    ),
    ("wais://nnsc.nsf.net/internet-drafts?yeong", {"database": "internet-drafts"}),
    ("wais://h/db", {"kind": "database", "search": None, "wtype": None}),
    ("wais://h/db/TEXT/id%201", {"kind": "document", "wtype": "TEXT", "wpath": "id 1"}),
    # RFC 4157 2 and RFC 1738 3.11: a hsoname beginning with "/"
    (
        "prospero://host.dom//pros/name",
        {"hsoname": "/pros/name", "fieldspecs": [], "effective_port": 1525},
    ),
    ("prospero://h/n;a=1;b=x%20y", {"hsoname": "n", "fieldspecs": [("a", "1"), ("b", "x y")]}),
    # RFC 4248 2
    ("telnet://host.example", {"user": None, "effective_port": 23, "trailing_slash": False}),
    ("telnet://u:p@host.example:99/", {"user": "u", "password": "p", "effective_port": 99}),
    # RFC 1738 3.6, RFC 5538 4 examples
    ("news:*", {"newsgroups": "*", "has_wildcard": True, "is_article": False}),
    ("news:example.group.this", {"newsgroups": "example.group.this", "has_wildcard": False}),
    ("news:example.group.*", {"has_wildcard": True}),
    ("news://news.server.example/*", {"server": "news.server.example", "effective_port": 119}),
    ("news://news.server.example/", {"newsgroups": "", "has_wildcard": True}),
    ("news://wild.server.example/example.group.th%3Fse", {"newsgroups": "example.group.th?se"}),
    ("news:p0f@example.com", {"is_article": True, "message_id": "p0f@example.com"}),
    # RFC 5538 3
    (
        "nntp://news.server.example/example.group.this/12345",
        {"host": "news.server.example", "group": "example.group.this", "article_number": 12345},
    ),
    ("nntp://wild.server.example/example.group.n%2Fa/12345", {"group": "example.group.n/a"}),
    (
        "nntp://news.server.example/example.group.this",
        {"article_number": None, "effective_port": 119},
    ),
    # RFC 8089 2 and Appendix E
    ("file:///path/to/file", {"host": "", "is_local": True, "drive": None}),
    ("file:/path/to/file", {"host": None, "is_local": True}),
    ("file://host.example.com/path/to/file", {"host": "host.example.com", "is_local": False}),
    ("file:c:/path/to/file", {"drive": "c:"}),
    ("file:///c:/path/to/file", {"drive": "c:"}),
    ("file://localhost/etc/fstab", {"is_local": True}),
    # RFC 1738 3.10
    ("file://vms.host.edu/disk$user/my/notes/note12345.txt", {"host": "vms.host.edu"}),
    # RFC 6068 6.1
    ("mailto:chris@example.com", {"to": ["chris@example.com"], "headers": []}),
    ("mailto:infobot@example.com?subject=current-issue", {"subject": "current-issue"}),
    ("mailto:infobot@example.com?body=send%20current-issue", {"body": "send current-issue"}),
    (
        "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
        {"body": "send current-issue\r\nsend index"},
    ),
    (
        "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
        {"headers": [("In-Reply-To", "<3469A91.D10AF4C@example.com>")]},
    ),
    ("mailto:majordomo@example.com?body=subscribe%20bamboo-l", {"body": "subscribe bamboo-l"}),
    (
        "mailto:joe@example.com?cc=bob@example.com&body=hello",
        {"cc": ["bob@example.com"], "body": "hello"},
    ),
    ("mailto:gorby%25kremvax@example.com", {"to": ["gorby%kremvax@example.com"]}),
    (
        "mailto:unlikely%3Faddress@example.com?blat=foop",
        {"to": ["unlikely?address@example.com"], "headers": [("blat", "foop")]},
    ),
    ("mailto:Mike%26family@example.org", {"to": ["Mike&family@example.org"]}),
    ("mailto:%22not%40me%22@example.org", {"to": ['"not@me"@example.org']}),
    ("mailto:%22oh%5C%5Cno%22@example.org", {"to": ['"oh\\\\no"@example.org']}),
    ("mailto:user@example.org?subject=caf%C3%A9", {"subject": "café"}),
    (
        "mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D",
        {"subject": "=?utf-8?Q?caf=C3=A9?="},
    ),
    ("mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO", {"body": "NATTO"}),
    # RFC 6068 2 (three ways to two recipients)
    (
        "mailto:addr1@an.example,addr2@an.example",
        {"to": ["addr1@an.example", "addr2@an.example"]},
    ),
    ("mailto:?to=addr1@an.example,addr2@an.example", {"to": []}),
    (
        "mailto:addr1@an.example?to=addr2@an.example",
        {"recipients": ["addr1@an.example", "addr2@an.example"]},
    ),
    # RFC 1738 3.3 form; RFC 9110 4.2
    ("http://www.example.com:8080/a/b?x", {"effective_port": 8080, "path": "/a/b", "query": "x"}),
    ("http://www.example.com", {"path": "", "port": None, "effective_port": 80}),
    ("https://h/", {"effective_port": 443, "secure": True}),
]


@pytest.mark.parametrize(("uri", "expected"), EXAMPLES)
def test_examples(uri: str, expected: dict[str, Any]) -> None:
    v = urikit.parse(uri).scheme_view()
    assert str(v) == uri
    for name, value in expected.items():
        got = getattr(v, name)
        if callable(got):
            got = got()
        assert got == value, name


def test_two_recipient_forms() -> None:
    # RFC 6068 2: the second form names its recipients in the "to" field.
    assert view("mailto:?to=addr1@an.example,addr2@an.example").recipients == [  # type: ignore[attr-defined]
        "addr1@an.example",
        "addr2@an.example",
    ]


BAD: list[tuple[str, str, int]] = [
    ("http:/path", "authority", 5),  # RFC 9110 4.2.1: authority required
    ("http:///path", "host", 7),  # empty host
    ("https://u@/x", "host", 10),
    ("ftp://h/a;b/c", "path", 9),  # RFC 1738 3.2.2: ";" only in ";type="
    ("ftp://h/f;type=x", "path", 15),  # typecode a, i or d
    ("telnet://h/x", "path", 11),  # RFC 4248: nothing after "/"
    ("telnet://h?x", "path", 10),
    ("gopher:/x", "authority", 7),
    ("wais://h/", "path", 9),  # RFC 4156: a database is required
    ("wais://h/db/TEXT", "path", 16),
    ("prospero://u@h/x", "userinfo", 11),  # RFC 4157: no user or password
    ("prospero://h/x;novalue", "path", 15),
    ("news:a b@c".replace(" ", "%20") + "/x", "path", 12),  # "/" must be %2F in a msg-id
    ("news:comp.lang!x", "path", 14),
    ("news:group?x", "path", 10),  # RFC 5538 4: "?" must be %3F
    ("nntp://h/", "path", 9),
    ("nntp://h/group/12a", "path", 17),
    ("nntp://h/group/12345678901234567", "path", 31),
    ("nntp://h/gr!oup", "path", 11),
    ("mailto:nobody", "to", 7),  # RFC 6068 2: addr-spec needs "@"
    ("mailto:a@b?subject", "hfields", 11),  # hfield = hfname "=" hfvalue
    ("mailto://a@b", "path", 7),
    ("file:relative/path", "path", 5),  # RFC 8089 2: path-absolute
    ("file://h", "path", 8),
]


@pytest.mark.parametrize(("uri", "component", "position"), BAD)
def test_invalid(uri: str, component: str, position: int) -> None:
    with pytest.raises(urikit.URIError) as info:
        urikit.parse(uri).scheme_view()
    err = info.value
    assert (err.component, err.position, err.reason) == (component, position, "bad-value")
    assert err.text == uri


def test_unknown_scheme() -> None:
    with pytest.raises(urikit.URIError) as info:
        urikit.parse("x-nope:a").scheme_view()
    assert info.value.reason == "unknown-scheme"
    with pytest.raises(urikit.URIError):
        view("relative/ref")


def test_build_round_trips() -> None:
    ftp = FtpView.build("h", user="a:b", password="p@ss", cwd=["x/y", "z"], name="n;1")
    assert str(ftp) == "ftp://a%3Ab:p%40ss@h/x%2Fy/z/n%3B1"
    assert (ftp.user, ftp.password, ftp.cwd, ftp.name) == ("a:b", "p@ss", ["x/y", "z"], "n;1")
    assert str(FtpView.build("h", typecode="d")) == "ftp://h/;type=d"
    http = HttpView.build("ex.org", port=8080, path="/ü", query="a b", fragment="f")
    assert str(http) == "http://ex.org:8080/%C3%BC?a%20b#f"
    assert (http.path, http.query, http.fragment) == ("/%C3%BC", "a%20b", "f")
    assert (http.decoded_path(), http.decoded_query(), http.decoded_fragment()) == (
        "/ü",
        "a b",
        "f",
    )
    mail = MailtoView.build(
        ["a,b@x.org", "c@x.org"], subject="a&b=c", body="1+1 =\r\n2", headers=[("X-Y", "?")]
    )
    assert str(mail) == (
        "mailto:a%2Cb@x.org,c@x.org?X-Y=%3F&subject=a%26b%3Dc&body=1+1%20%3D%0D%0A2"
    )
    assert mail.to == ["a,b@x.org", "c@x.org"]
    assert (mail.subject, mail.body, mail.header("x-y")) == ("a&b=c", "1+1 =\r\n2", "?")
    tel = TelnetView.build("h", user="u", password="p", port=2323, trailing_slash=False)
    assert str(tel) == "telnet://u:p@h:2323"


POSIX_PATHS = ["/", "/tmp/a b", "/x/ü/%41", "/a//b/", "//net/x", "/a?b#c;d"]
WINDOWS_PATHS = [
    "C:\\",
    "c:\\Program Files\\x.txt",
    "\\\\server\\share\\dir\\f.txt",
    "\\root\\relative-to-drive",
    "D:\\a#b\\%20\\ü",
]


@pytest.mark.parametrize("path", POSIX_PATHS)
def test_posix_round_trip(path: str) -> None:
    v = FileView.from_path(path, "posix")
    assert v.to_path("posix") == path
    assert FileView(str(v)).to_path("posix") == path


@pytest.mark.parametrize("path", WINDOWS_PATHS)
def test_windows_round_trip(path: str) -> None:
    v = FileView.from_path(path, "windows")
    assert v.to_path("windows") == path


@pytest.mark.parametrize(
    ("uri", "windows"),
    [
        # RFC 8089 Appendix E.2, E.2.2, E.3
        ("file:c:/path/to/file", "c:\\path\\to\\file"),
        ("file:///c:/path/to/file", "c:\\path\\to\\file"),
        (
            "file://host.example.com/Share/path/to/file.txt",
            "\\\\host.example.com\\Share\\path\\to\\file.txt",
        ),
        ("file:////host.example.com/path/to/file", "\\\\host.example.com\\path\\to\\file"),
        ("file://///host.example.com/path/to/file", "\\\\host.example.com\\path\\to\\file"),
    ],
)
def test_rfc8089_windows_forms(uri: str, windows: str) -> None:
    assert FileView(uri).to_path("windows") == windows


@pytest.mark.parametrize(
    "uri", ["file:///c|/path/to/file", "file:/c|/path/to/file", "file:c|/path/to/file"]
)
def test_rfc8089_vertical_line_forms_are_not_rfc3986(uri: str) -> None:
    # RFC 8089 E.2.2: "|" after a drive letter is a non-standard form; RFC 3986
    # has no "|", so the parser refuses it before any view sees it.
    with pytest.raises(urikit.URIError) as info:
        urikit.parse(uri)
    assert info.value.position == uri.index("|")
    assert FileView(uri.replace("|", ":")).drive == "c:"


def test_file_path_errors() -> None:
    with pytest.raises(urikit.URIError):
        FileView("file://remote/x").to_path("posix")
    with pytest.raises(urikit.URIError) as info:
        FileView("file:///a%2Fb").to_path("posix")
    assert info.value.position == 8
    with pytest.raises(urikit.URIError):
        FileView("file:///a%5Cb").to_path("windows")
    with pytest.raises(urikit.URIError):
        FileView.from_path("relative", "posix")
    with pytest.raises(urikit.URIError):
        FileView.from_path("C:relative", "windows")
    with pytest.raises(ValueError, match="flavour"):
        FileView.from_path("/x", "macos")
    assert FileView("file:///etc/hosts").to_path() == "/etc/hosts"


def test_unsafe_escapes_reported() -> None:
    # RFC 1738 section 6; 2003 draft 7.2: escaped CR, LF, NUL reach the protocol stream.
    assert view("gopher://h/0a%0D%0Aquit").unsafe_escapes == [13, 16]
    assert view("ftp://h/a%00b").unsafe_escapes == [9]
    assert view("telnet://u%0a@h/").unsafe_escapes == [10]
    assert view("ftp://h/a#%0D").unsafe_escapes == []  # the fragment is never sent
    assert view("http://h/%0D%0A").unsafe_escapes == []  # only stream protocols report


@pytest.mark.parametrize(
    ("uri", "default", "uses_default", "unusual"),
    [
        ("ftp://h:21/", 21, True, False),
        ("gopher://h:25/", 70, False, True),
        ("telnet://h/", 23, True, False),
        ("wais://h:210/db", 210, True, False),
        ("prospero://h:1525/x", 1525, True, False),
        ("nntp://h:119/g", 119, True, False),
        ("news://h:563/g", 119, False, True),
        ("https://h:443/", 443, True, False),
        ("http://h:8080/", 80, False, True),
    ],
)
def test_default_ports(uri: str, default: int, uses_default: bool, unusual: bool) -> None:
    ref = urikit.parse(uri)
    assert ref.default_port == default
    assert ref.uses_default_port is uses_default
    assert ref.port_is_unusual() is unusual


def test_port_below_1024() -> None:
    assert urikit.parse("http://h:25/").port_is_unusual(below=1024)
    assert not urikit.parse("http://h:8080/").port_is_unusual(below=1024)


def test_third_party_registration() -> None:
    handler = SchemeHandler("x-test-scheme", default_port=4242)
    urikit.schemes.register(handler)
    try:
        assert urikit.parse("x-test-scheme://h:4242/").uses_default_port
        assert urikit.normalize("x-test-scheme://h:4242/") == "x-test-scheme://h/"
        with pytest.raises(ValueError, match="already registered"):
            urikit.schemes.register(handler)
        assert urikit.schemes.get("X-TEST-SCHEME") is handler
    finally:
        urikit.schemes.registry.unregister("x-test-scheme")
    assert urikit.parse("x-test-scheme://h:4242/").default_port is None

    private = SchemeRegistry((SchemeHandler("demo", view=WaisView),))
    assert "demo" in private and len(private) == 1
    with pytest.raises(urikit.URIError):
        view("demo://h/db", registry=private)  # WaisView serves only "wais"
    with pytest.raises(urikit.URIError):
        view("wais://h/db", registry=private)  # not in the private registry


def test_scheme_normalization() -> None:
    n = urikit.schemes.normalize
    assert n("FTP://H:21/a;type=A") == "ftp://h/a;type=a"
    assert n("gopher://H:70") == "gopher://h/"
    assert n("telnet://h") == "telnet://h/"
    assert n("file://localhost/x") == "file:///x"
    assert n("HTTP://h:80") == "http://h/"
    assert n("x-other://H/./a") == "x-other://h/a"


def test_view_value_semantics() -> None:
    a, b = view("wais://h/db"), view("wais://h/db")
    assert a == b and hash(a) == hash(b) and repr(a) == "WaisView('wais://h/db')"
    with pytest.raises(AttributeError):
        a.x = 1
    assert isinstance(view("news:x"), NewsView)
    assert isinstance(view("nntp://h/x"), NntpView)
    assert isinstance(view("prospero://h/x"), ProsperoView)
    assert isinstance(view("gopher://h/"), GopherView)
    assert view("ftp://h/x#frag").fragment == "frag"
    assert view("wais://h/db").fields()["database"] == "db"


@pytest.mark.parametrize(
    ("uri", "position"),
    [
        ("http://h:65536/", 9),
        ("https://u@h:99999999/x", 12),
        ("ftp://h:070000/", 8),
        ("telnet://h:65536", 11),
    ],
)
def test_tcp_port_above_65535_is_refused(uri: str, position: int) -> None:
    # RFC 3986 3.2.3 allows any digit string; a TCP port is 16 bits.
    assert urikit.is_valid(uri)
    with pytest.raises(urikit.URIError) as info:
        urikit.parse(uri).scheme_view()
    assert info.value.component == "port"
    assert info.value.position == position
    assert uri[position:].startswith(urikit.parse(uri).port or "?")


@pytest.mark.parametrize("uri", ["http://h:65535/", "http://h:0/", "ftp://h:00021/"])
def test_tcp_port_in_range_is_kept(uri: str) -> None:
    assert str(urikit.parse(uri).scheme_view()) == uri


@pytest.mark.parametrize(
    ("uri", "attribute", "expected"),
    [
        # An explicit port 0 is a port (RFC 3986 3.2.3), not "no port": it must not
        # turn into the scheme's default.
        ("ftp://h:0/", "effective_port", 0),
        ("gopher://h:0/", "effective_port", 0),
        ("telnet://h:0", "effective_port", 0),
        ("wais://h:0/db", "effective_port", 0),
        ("prospero://h:0/x", "effective_port", 0),
        ("nntp://h:0/g/1", "effective_port", 0),
        ("news://h:0/g", "effective_port", 0),
        ("http://h:0/", "effective_port", 0),
        ("https://h:0/", "effective_port", 0),
        ("ftp://h/", "effective_port", 21),
        ("news://h/g", "effective_port", 119),
        ("news:g", "effective_port", None),
        ("https://h/", "effective_port", 443),
    ],
)
def test_explicit_port_zero_is_kept(uri: str, attribute: str, expected: int | None) -> None:
    assert getattr(urikit.parse(uri).scheme_view(), attribute) == expected


def test_a_view_class_parses_into_its_own_type() -> None:
    # typed as the class it is called on (mypy --strict checks the annotation)
    from urikit.schemes._ftp import FtpView

    view: FtpView = FtpView.parse("ftp://ftp.example.org/pub/file.txt;type=i")
    assert type(view) is FtpView and view.typecode == "i"


@pytest.mark.parametrize(
    "uri", ["ftp://h/", "http://h/", "mailto:a@b", "news:g", "file:///a", "wais://h/d"]
)
def test_argument_errors_name_the_view_class(uri: str) -> None:
    """Python's own argument errors of a method a view inherits name the view's
    class, as urikit's own checks do (they named SchemeView, or another view)."""
    v = view(uri)
    cls = type(v).__name__
    with pytest.raises(TypeError, match=rf"^{cls}\.decoded_fragment\(\) takes from 1 to 3"):
        v.decoded_fragment("utf-8", "strict", "x")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=rf"^{cls}\.decoded_fragment\(\) argument 'encoding'"):
        v.decoded_fragment(1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=rf"^{cls}\.parse\(\) missing 1 required"):
        type(v).parse()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=rf"^{cls}\.__init__\(\) missing 1 required"):
        type(v)()  # type: ignore[call-arg]
