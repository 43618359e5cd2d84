"""Each URL parser of a Python stack, called on a URL: one :class:`Reading` each.

Every reading comes from calling the parser itself (never from a copy of its
rules): urikit's RFC 3986 parser; ada-url (the WHATWG URL Standard); the
running Python's ``urllib.parse.urlsplit`` and what ``urllib.request`` and
``http.client`` would connect to; urllib3's ``parse_url`` and the pool its
``PoolManager`` makes; what requests' ``PreparedRequest`` prepares (then read as
its adapter reads it, through urllib3); ``httpx.URL`` and the origin httpcore
makes of it; ``yarl.URL`` (what aiohttp connects to); libcurl's URL API through
pycurl's ``CurlUrl`` (pycurl 7.49 or later). A parser whose package is missing
is left out: each is imported on first need, through ``core._extras.optional``.

Nothing here opens a connection: ``urllib3.PoolManager`` makes a pool object
(no socket) and ``http.client.HTTPConnection`` an unconnected connection."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, NamedTuple

from ..core._errors import URIError
from ..core._extras import optional
from ..core._reference import URIReference, parse
from ..core._schemeinfo import DEFAULT_REGISTRY

#: The parsers, in the order :func:`~urikit.security.readings` reads them ->
#: the distribution whose version the reading names.
PARSERS: Final[dict[str, str]] = {
    "rfc3986": "urikit",
    "whatwg": "ada-url",
    "urllib": "python",
    "urllib3": "urllib3",
    "requests": "requests",
    "httpx": "httpx",
    "yarl": "yarl",
    "curl": "pycurl",
}


class Reading(NamedTuple):
    """What one parser reads in a URL: its components as that parser gives
    them (``None`` for one it reads as absent; ``port`` the port written, or
    ``None`` when it drops a default one), ``connect_host`` and ``connect_port``
    (where a client built on it would connect; ``None`` when it would not make
    a network connection for this scheme), the ``version`` of the parser, and
    ``error`` (the parser's message, every component ``None``) when it refuses
    the URL. Immutable (a named tuple: cheap to make, as one is made per parser
    per URL).

    >>> from urikit.security import readings
    >>> r = readings("http://Example.org:8080/a?b#c", parsers=["rfc3986"])["rfc3986"]
    >>> r.host, r.port, r.connect_host, r.connect_port, r.error
    ('Example.org', 8080, 'example.org', 8080, None)
    """

    parser: str
    version: str
    scheme: str | None = None
    userinfo: str | None = None
    host: str | None = None
    port: int | None = None
    path: str | None = None
    query: str | None = None
    fragment: str | None = None
    connect_host: str | None = None
    connect_port: int | None = None
    error: str | None = None

    @property
    def ok(self) -> bool:
        """True when the parser read the URL (no ``error``)."""
        return self.error is None

    @property
    def connect(self) -> str | None:
        """Where to connect as one text: ``host:port`` (an IPv6 address in
        brackets; the host alone when no port is known), ``None`` for nowhere.

        >>> Reading("p", "1", connect_host="::1", connect_port=80).connect
        '[::1]:80'
        >>> Reading("p", "1", connect_host="h").connect
        'h'
        """
        host = self.connect_host
        if host is None:
            return None
        if ":" in host:
            host = f"[{host}]"
        return host if self.connect_port is None else f"{host}:{self.connect_port}"


#: The :class:`Reading` fields that say where a URL leads, in the order of
#: :func:`rfc3986_origin`'s tuple.
ORIGIN_FIELDS: Final = ("scheme", "host", "port", "connect_host", "connect_port")

#: A reading's :data:`ORIGIN_FIELDS`.
Origin = tuple[str | None, str | None, int | None, str | None, int | None]


def origin(reading: Reading) -> Origin:
    """``reading``'s :data:`ORIGIN_FIELDS`, as a tuple."""
    return (
        reading.scheme,
        reading.host,
        reading.port,
        reading.connect_host,
        reading.connect_port,
    )


_VERSIONS: dict[str, str] = {}


def _version(name: str) -> str:
    """The installed version of the distribution ``name`` (looked up once)."""
    found = _VERSIONS.get(name)
    if found is None:
        if name == "python":
            import platform

            found = platform.python_version()
        else:
            from importlib import metadata

            try:
                found = metadata.version(name)
            except metadata.PackageNotFoundError:
                found = "unknown"
        _VERSIONS[name] = found
    return found


def _port(text: str | None) -> int | None:
    """A port written as digits, as a number (``None``: none, or too long to be one)."""
    if not text or len(text) > 20 or not text.isdigit():
        return None
    return int(text)


def _default(scheme: str | None) -> int | None:
    return DEFAULT_REGISTRY.default_port(scheme) if scheme else None


def _userinfo(user: str | None, password: str | None) -> str | None:
    """The userinfo a parser that reads a user and a password apart wrote
    (``None`` when it read neither; ``":p"`` for a password alone)."""
    if user is None and password is None:
        return None
    return (user or "") + (":" + password if password is not None else "")


def _failed(name: str, err: BaseException) -> Reading:
    message = str(err) or type(err).__name__
    return Reading(name, _version(PARSERS[name]), error=f"{type(err).__name__}: {message}")


def rfc3986_reference(text: str) -> URIReference | URIError:
    """``text`` parsed as RFC 3986 reads it (an IRI by RFC 3987, in its URI
    form's components), or the error that refuses it."""
    try:
        return parse(text)
    except URIError as err:
        if text.isascii():
            return err
        from .. import iri

        try:
            return iri.parse(text)
        except URIError as err2:
            return err2


def rfc3986_origin(ref: URIReference) -> Origin:
    """``ref``'s scheme, host, port, and the host and port a client connects
    to: the :class:`Reading` fields a disagreement on where to go is read from,
    in :data:`ORIGIN_FIELDS` order."""
    scheme, host = ref.scheme, ref.host
    port = _port(ref.port)
    if host is None or host == "":
        return scheme, host, port, None, None
    connect = host.lower()[1:-1] if host.startswith("[") else host.lower()
    return scheme, host, port, connect, port if port is not None else _default(scheme)


def _rfc3986(text: str) -> Reading:
    ref = rfc3986_reference(text)
    if isinstance(ref, URIError):
        return _failed("rfc3986", ref)
    scheme, host, port, connect, connect_port = rfc3986_origin(ref)
    return Reading(
        "rfc3986",
        _version("urikit"),
        scheme,
        ref.userinfo,
        host,
        port,
        ref.path,
        ref.query,
        ref.fragment,
        connect,
        connect_port,
    )


_ADA_SPECIAL: Final = frozenset({"http", "https", "ws", "wss", "ftp"})


def _whatwg(text: str, ada_url: Any) -> Reading:
    try:
        got = ada_url.parse_url(text)
    except ValueError as err:
        return _failed("whatwg", err)
    return url_api_reading("whatwg", _version("ada-url"), got)


def url_api_reading(parser: str, version: str, url: Mapping[str, str]) -> Reading:
    """The :class:`Reading` of a URL Standard ``URL`` object's fields by name
    (``href``, ``protocol``, ``username``, ``password``, ``hostname``,
    ``port``, ``pathname``, ``search``, ``hash``), as ada-url's ``parse_url``
    gives them and a browser's ``new URL()`` has them; a client of the URL
    Standard connects only for a special scheme with a host.

    >>> r = url_api_reading("browser", "1", {
    ...     "href": "http://h:81/a?", "protocol": "http:", "username": "", "password": "",
    ...     "hostname": "h", "port": "81", "pathname": "/a", "search": "", "hash": ""})
    >>> r.host, r.port, r.query, r.fragment, r.connect_host, r.connect_port
    ('h', 81, '', None, 'h', 81)
    """
    href, protocol = url["href"], url["protocol"]
    scheme = protocol[:-1]
    user, password = url["username"], url["password"]
    userinfo = None if not user and not password else user + (":" + password if password else "")
    has_host = href[len(protocol) :].startswith("//")
    port = _port(url["port"])
    host = url["hostname"] if has_host else None
    connect = None
    connect_port = None
    if scheme in _ADA_SPECIAL and host:
        connect = host[1:-1] if host.startswith("[") else host
        connect_port = port if port is not None else _default(scheme)
    search, fragment = url["search"], url["hash"]
    return Reading(
        parser,
        version,
        scheme,
        userinfo,
        host,
        port,
        url["pathname"],
        search[1:] if search else ("" if "?" in href.partition("#")[0] else None),
        fragment[1:] if fragment else ("" if href.endswith("#") else None),
        connect,
        connect_port,
    )


def _urllib(text: str, _: Any) -> Reading:
    import urllib.parse

    try:
        parts = urllib.parse.urlsplit(text)
        port = parts.port  # a ValueError for a port out of range or not digits
    except ValueError as err:
        return _failed("urllib", err)
    netloc = parts.netloc
    userinfo = netloc.rpartition("@")[0] if "@" in netloc else None
    connect, connect_port = _urllib_connect(text, parts.scheme)
    return Reading(
        "urllib",
        _version("python"),
        parts.scheme or None,
        userinfo,
        parts.hostname if netloc or text.partition(":")[2].startswith("//") else None,
        port,
        parts.path,
        parts.query if parts.query or "?" in text.partition("#")[0] else None,
        parts.fragment if parts.fragment or "#" in text else None,
        connect,
        connect_port,
    )


def _urllib_connect(text: str, scheme: str) -> tuple[str | None, int | None]:
    """Where ``urllib.request.urlopen`` would connect: the ``Request``'s host,
    given to ``http.client`` as its connection's host and port."""
    if scheme not in ("http", "https"):
        return None, None
    import http.client
    import urllib.request

    try:
        host = urllib.request.Request(text).host
    except ValueError:
        return None, None
    if not host:
        return None, None
    try:
        conn = (_https_connection if scheme == "https" else http.client.HTTPConnection)(host)
    except (ValueError, http.client.InvalidURL):
        return None, None
    return conn.host, conn.port


_PROBES: list[Any] = []


def _https_connection(host: str) -> Any:
    """``http.client.HTTPConnection`` with https' default port: the host and
    port ``HTTPSConnection`` reads, without making its TLS context."""
    if not _PROBES:
        import http.client

        class Probe(http.client.HTTPConnection):
            default_port = http.client.HTTPS_PORT

        _PROBES.append(Probe)
    return _PROBES[0](host)


def _urllib3_pool(url: str, urllib3: Any) -> tuple[str | None, int | None]:
    """The host and port of the pool urllib3's ``PoolManager`` would take for ``url``."""
    manager = _POOLS[0] if _POOLS else _new_pools(urllib3)
    try:
        pool = manager.connection_from_url(url)
    except (ValueError, urllib3.exceptions.HTTPError, LookupError):
        return None, None
    return pool.host, pool.port


_POOLS: list[Any] = []


def _new_pools(urllib3: Any) -> Any:
    # its pools hold no connection (none is opened): kept, a host's pool is found
    # again as urllib3 finds it (the least recently used of 64 is dropped)
    manager = urllib3.PoolManager(num_pools=64)
    _POOLS.append(manager)
    return manager


def _urllib3(text: str, urllib3: Any) -> Reading:
    try:
        url = urllib3.util.parse_url(text)
    except (ValueError, urllib3.exceptions.HTTPError) as err:
        return _failed("urllib3", err)
    connect: tuple[str | None, int | None] = (None, None)
    if url.host and (url.scheme or "http") in ("http", "https"):
        connect = _urllib3_pool(text, urllib3)
    return _of_urllib3("urllib3", url, connect)


def _of_urllib3(name: str, url: Any, connect: tuple[str | None, int | None]) -> Reading:
    """The reading of ``name`` from urllib3's ``Url`` of it (requests' adapter
    reads its prepared URL with urllib3 too) and where it would connect."""
    return Reading(
        name,
        _version(name),
        url.scheme,
        url.auth,
        url.host,
        url.port,
        url.path,
        url.query,
        url.fragment,
        *connect,
    )


def _requests(text: str, requests: Any) -> Reading:
    try:
        prepared = requests.PreparedRequest()
        prepared.prepare(method="GET", url=text)
    except (ValueError, requests.exceptions.RequestException, UnicodeError) as err:
        return _failed("requests", err)
    urllib3: Any = optional("urllib3")  # requests' adapter reads the prepared URL with it
    url = urllib3.util.parse_url(prepared.url)
    connect: tuple[str | None, int | None] = (None, None)
    if url.host and url.scheme in ("http", "https"):
        connect = _urllib3_pool(prepared.url, urllib3)
    return _of_urllib3("requests", url, connect)


def _httpx(text: str, httpx: Any) -> Reading:
    try:
        url = httpx.URL(text)
    except (httpx.InvalidURL, ValueError, TypeError) as err:
        return _failed("httpx", err)
    raw_host = url.raw_host.decode("ascii")
    connect, connect_port = None, None
    if raw_host and url.scheme in ("http", "https"):
        httpcore = optional("httpcore")
        if httpcore is not None:
            origin = httpcore.URL(
                scheme=url.raw_scheme, host=url.raw_host, port=url.port, target=url.raw_path
            ).origin
            connect, connect_port = origin.host.decode("ascii"), origin.port
    userinfo = url.userinfo.decode("ascii") or None  # httpx reads no userinfo as ""
    return Reading(
        "httpx",
        _version("httpx"),
        url.scheme or None,
        userinfo,
        raw_host if raw_host or "//" in text else None,
        url.port,
        url.raw_path.decode("ascii").partition("?")[0],
        url.query.decode("ascii") if url.query or "?" in text.partition("#")[0] else None,
        url.fragment if url.fragment or "#" in text else None,
        connect,
        connect_port,
    )


def _yarl(text: str, yarl: Any) -> Reading:
    try:
        url = yarl.URL(text)
    except (ValueError, TypeError) as err:
        return _failed("yarl", err)
    userinfo = _userinfo(url.raw_user, url.raw_password)
    host = url.raw_host
    port = url.port
    connect = None
    if host and url.scheme in ("http", "https", "ws", "wss"):
        connect = host
    return Reading(
        "yarl",
        _version("yarl"),
        url.scheme or None,
        userinfo,
        host,
        url.explicit_port,
        url.raw_path,
        url.raw_query_string if url.raw_query_string or "?" in text.partition("#")[0] else None,
        url.raw_fragment if url.raw_fragment or "#" in text else None,
        connect,
        port if connect is not None else None,
    )


def _curl(text: str, pycurl: Any) -> Reading:
    if not hasattr(pycurl, "CurlUrl"):  # pycurl before 7.49: no URL API
        return Reading("curl", _version("pycurl"), error="pycurl has no CurlUrl (before 7.49)")
    # the flags libcurl reads CURLOPT_URL with: a scheme guessed when there is
    # none, any scheme read (the transfer then refuses one it has no protocol for)
    flags = pycurl.U_GUESS_SCHEME | pycurl.U_NON_SUPPORT_SCHEME
    try:
        # libcurl reads bytes: a str that is not ASCII as UTF-8, as a program
        # handing it to libcurl would encode it
        url = pycurl.CurlUrl(
            text if text.isascii() else text.encode("utf-8", "surrogatepass"), flags
        )
        default_port = url.getpart(pycurl.UPART_PORT, pycurl.U_DEFAULT_PORT)
    except pycurl.error as err:
        return _failed("curl", err)
    except (ValueError, UnicodeError) as err:
        return _failed("curl", err)
    userinfo = _userinfo(url.user, url.password)
    host = url.host
    connect = None
    if host:
        connect = host[1:-1] if host.startswith("[") else host
    return Reading(
        "curl",
        _version("pycurl"),
        url.scheme,
        userinfo,
        host,
        _port(url.port),
        url.path,
        url.query,
        url.fragment,
        connect,
        _port(default_port) if connect is not None else None,
    )


#: Each parser's reader and the module it needs (``None``: the standard library
#: or urikit itself).
READERS: Final[dict[str, tuple[Callable[[str, Any], Reading], str | None]]] = {
    "rfc3986": (lambda text, _: _rfc3986(text), None),
    "whatwg": (_whatwg, "ada_url"),
    "urllib": (_urllib, None),
    "urllib3": (_urllib3, "urllib3"),
    "requests": (_requests, "requests"),
    "httpx": (_httpx, "httpx"),
    "yarl": (_yarl, "yarl"),
    "curl": (_curl, "pycurl"),
}


#: The modules found for the parsers: an import statement's look-up costs more
#: than some of the parsers.
_FOUND: dict[str, Any] = {}


def installed(name: str) -> Any:
    """The module parser ``name`` needs, ``True`` when it needs none, or
    ``None`` when it is not installed."""
    found = _FOUND.get(name)
    if found is None:
        module = READERS[name][1]
        found = True if module is None else optional(module)
        if found is not None:
            _FOUND[name] = found
    return found


def read(name: str, text: str) -> Reading | None:
    """Parser ``name``'s reading of ``text``, or ``None`` when it is not installed."""
    module = _FOUND.get(name) or installed(name)
    if module is None:
        return None
    reader = READERS[name][0]
    try:
        return reader(text, module)
    except Exception as err:  # a parser's own bug is its reading too, not ours
        return _failed(name, err)
