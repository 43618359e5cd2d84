"""The scheme views mean by ``port`` and ``path`` what the core means, the
builders raise URIError for values a scheme cannot hold, and no port is too long."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest

import urikit
from urikit.schemes import (
    FileView,
    FtpView,
    GopherView,
    HttpView,
    NewsView,
    NntpView,
    ServerView,
    WaisView,
    view,
)

SERVER_URIS = [
    "http://h/",
    "http://h:80/",
    "https://h:0443/a",
    "http://h:/",
    "http://h:0/",
    "ftp://u@h:2121/a;type=i",
    "ftp://h/",
    "gopher://h:70/1x",
    "telnet://h:23",
    "wais://h:2100/db",
    "prospero://h/x",
    "nntp://h/g/1",
    "news://h:119/g",
    "news:g",
]


@pytest.mark.parametrize("uri", SERVER_URIS)
def test_port_accessors_mean_what_the_core_means(uri: str) -> None:
    ref = urikit.parse(uri)
    v = view(ref)
    assert isinstance(v, ServerView)
    assert v.port == ref.port  # as written: a str, "" for a bare ":", None when absent
    assert v.port_number == ref.port_number
    assert v.default_port == ref.default_port
    assert v.uses_default_port == ref.uses_default_port
    # effective_port is the old ServerView.port: the explicit port, else the default
    expected = ref.port_number if ref.port_number is not None else ref.default_port
    if ref.authority is None:  # news: without a server: the client's configured one
        expected = None
    assert v.effective_port == expected


@pytest.mark.parametrize(
    "uri", ["http://h", "http://h/a%20b/%C3%A9", "https://h/%2F", "file:///a%20b/c", "file:/x"]
)
def test_path_accessors_mean_what_the_core_means(uri: str) -> None:
    ref = urikit.parse(uri)
    v = view(ref)
    assert isinstance(v, (HttpView, FileView))
    assert v.path == ref.path  # as written (percent-encoded)
    assert v.path_segments == ref.path_segments
    decoded = ref.decoded_path()
    # http(s): an empty path means "/" (RFC 9110 4.2.3); otherwise the core's value
    assert v.decoded_path() == (decoded or "/" if isinstance(v, HttpView) else decoded)
    assert v.fields()["path"] == ref.path


# Every view class, on URIs that exercise percent-encoding in each component.
EVERY_VIEW_URIS = [
    "http://%75ser:p%40ss@ex%61mple.org:0080/a%20b/%C3%A9?q=%20x#fr%61g",
    "https://[::1]/",
    "file://h%6Fst/c:/a%20b",
    "file:/x",
    "ftp://u%40x@h/d%2Fe/f;type=a",
    "gopher://h/1sel%20x%09s",
    "telnet://u:p@h:2323/",
    "wais://h/db?s%20x",
    "prospero://h//a%20b;V=1",
    "nntp://h/g.x/1",
    "news://s%65rver/g.x",
    "news:a@b",
    "mailto:a@b?subject=%20x#f%20",
]
SHARED_PROPERTIES = (
    "host",
    "userinfo",
    "port",
    "port_number",
    "default_port",
    "uses_default_port",
    "path",
    "path_segments",
    "query",
    "query_params",
    "fragment",
)
SHARED_METHODS = (
    "decoded_host",
    "decoded_userinfo",
    "decoded_path",
    "decoded_query",
    "decoded_fragment",
)


@pytest.mark.parametrize("uri", EVERY_VIEW_URIS)
def test_every_name_shared_with_the_core_means_the_same(uri: str) -> None:
    ref = urikit.parse(uri)
    v = view(ref)
    found = 0
    for name in SHARED_PROPERTIES:
        if hasattr(v, name):
            found += 1
            assert getattr(v, name) == getattr(ref, name), name
    for name in SHARED_METHODS:
        if hasattr(v, name):
            found += 1
            expected = getattr(ref, name)()
            if name == "decoded_path" and isinstance(v, HttpView):
                expected = expected or "/"  # RFC 9110 4.2.3, documented
            assert getattr(v, name)() == expected, name
    assert found >= 2  # every view shares at least the fragment accessors


def test_http_and_file_paths_are_both_as_written() -> None:
    # Both as written: neither view decodes its path.
    assert HttpView("http://h/a%20b").path == FileView("file:///a%20b").path == "/a%20b"


LIMIT = sys.get_int_max_str_digits() or 4300


@pytest.mark.parametrize(
    ("uri", "ok"),
    [
        ("ftp://h:" + "0" * 5000 + "21/", True),  # port 21 behind 5,000 zeros
        ("http://h:" + "0" * (LIMIT + 1) + "8080/", True),
        ("ftp://h:" + "9" * 5000 + "/", False),
        ("telnet://h:" + "1" * (LIMIT + 1), False),
        ("http://h:" + "7" * 6 + "/", False),
    ],
)
def test_long_ports_never_raise_a_bare_value_error(uri: str, ok: bool) -> None:
    if ok:
        v = view(uri)
        assert isinstance(v, ServerView)
        assert v.port_number == int(urikit.parse(uri).port.lstrip("0"))  # type: ignore[union-attr]
        return
    with pytest.raises(urikit.URIError) as info:
        view(uri)
    err = info.value
    assert err.component == "port"
    assert uri[err.position :].startswith(urikit.parse(uri).port or "?")
    assert len(str(err)) < 200  # the message does not repeat 5000 digits


def _builders() -> list[tuple[Callable[[], Any], str]]:
    return [
        (lambda: FtpView.build("h", typecode="x"), "typecode"),
        (lambda: GopherView.build("h", "12"), "gopher_type"),
        (lambda: GopherView.build("h", "é"), "gopher_type"),
        (lambda: GopherView.build("h", "1", "a\tb"), "selector"),
        (lambda: GopherView.build("h", "1", search="a\tb"), "search"),
        (lambda: GopherView.build("h", "1", gopher_plus="+"), "gopher_plus"),
        (lambda: NewsView.build(), "newsgroups"),
        (lambda: NewsView.build("a", message_id="x@y"), "newsgroups"),
        (lambda: NewsView.build(message_id="xy"), "message_id"),
        (lambda: NewsView.build("a", port=1), "port"),
        (lambda: NntpView.build("h", ""), "group"),
        (lambda: NntpView.build("h", "g", 10**16), "article_number"),
        (lambda: WaisView.build("h", ""), "database"),
        (lambda: WaisView.build("h", "d", wtype="T"), "wpath"),
        (lambda: WaisView.build("h", "d", wpath="p"), "wtype"),
        (lambda: WaisView.build("h", "d", search="s", wtype="T", wpath="p"), "search"),
        (lambda: FileView.build(["", "a"], host=None), "path"),
    ]


@pytest.mark.parametrize(("build", "component"), _builders())
def test_builders_raise_uri_error(build: Callable[[], Any], component: str) -> None:
    with pytest.raises(urikit.URIError) as info:
        build()
    assert info.value.component == component
    assert info.value.reason == "bad-value"
