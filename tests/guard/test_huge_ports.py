"""A port of 5,000 digits (RFC 3986 section 3.2.3: ``port = *DIGIT``, no bound)
given to every public function that reads a port: each answers, or refuses with
a ``URIError`` (``Blocked`` is one), never with another exception. Python's
``int()`` refuses a string of 4,300 digits or more with a ``ValueError``; the
guard's ``admit`` read the port with it (``urikit fetch`` printed a traceback).

Two shapes: 5,000 nines (no TCP port) and 4,995 zeros before a real port (the
port of the server this test starts on 127.0.0.1: read right, it is reached)."""

from __future__ import annotations

import contextlib
import importlib.util
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from loopback import serving

import urikit
import urikit.batch
import urikit.iri
import urikit.security
from urikit.guard import Blocked, urlopen
from urikit.security import Policy
from urikit.urn import TrivialHTTPResolver

NINES = "9" * 5000
BODY = b"reached\n"


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    yield from serving(BODY, "127.0.0.1")


def zeros(port: int) -> str:
    return "0" * (5000 - len(str(port))) + str(port)


def local(port: int) -> Policy:
    return Policy.ssrf(allowed_networks=["127.0.0.1/32"], allowed_ports=[port])


def _urlopen_get(url: str, policy: Policy) -> Any:
    return urlopen(url, policy=policy).read()


def _httpx_get(url: str, policy: Policy) -> Any:
    httpx = pytest.importorskip("httpx")
    from urikit.guard import HTTPTransport

    with httpx.Client(transport=HTTPTransport(policy=policy)) as client:
        return client.get(url).content


def _requests_get(url: str, policy: Policy) -> Any:
    pytest.importorskip("requests")
    from urikit.guard import session

    with session(policy=policy) as s:
        return s.get(url).content


def _arrow(name: str) -> Callable[[str], Any]:
    def run(url: str) -> Any:
        pa = pytest.importorskip("pyarrow")
        import urikit.arrow

        result = getattr(urikit.arrow, name)(pa.array([url]))
        return result.to_pylist()

    return run


def _duckdb(sql: str) -> Callable[[str], Any]:
    def run(url: str) -> Any:
        duckdb = pytest.importorskip("duckdb")
        pytest.importorskip("pyarrow")
        import urikit.duckdb

        con = duckdb.connect()
        urikit.duckdb.register(con)
        return con.execute(sql, [url]).fetchone()

    return run


#: name -> a call of a public function that reads the port of ``url``.
READERS: dict[str, Callable[[str], Any]] = {
    "URIReference.port_number": lambda u: urikit.parse(u).port_number,
    "URIReference.uses_default_port": lambda u: urikit.parse(u).uses_default_port,
    "URIReference.port_is_unusual": lambda u: urikit.parse(u).port_is_unusual(below=1024),
    "URIReference.scheme_view": lambda u: urikit.parse(u).scheme_view().fields(),
    "URIReference.origin": lambda u: urikit.parse(u).origin(),
    "IRIReference.port_number": lambda u: urikit.iri.parse(u).port_number,
    "normalize": urikit.normalize,
    "equivalent": lambda u: urikit.equivalent(u, u),
    "canonical semantic": urikit.canonical,
    "canonical safe-browsing": lambda u: urikit.canonical(u, "safe-browsing"),
    "canonical aggressive": lambda u: urikit.canonical(u, "aggressive"),
    "surt": urikit.surt,
    "security.check": lambda u: urikit.security.check(u).findings,
    "security.check ssrf": lambda u: urikit.security.check(u, policy=Policy.ssrf()).findings,
    "batch.split": lambda u: urikit.batch.split([u]).port,
    "arrow.split": _arrow("split"),
    "arrow.normalize": _arrow("normalize"),
    "arrow.canonical": _arrow("canonical"),
    "arrow.surt": _arrow("surt"),
    "duckdb uri_split": _duckdb("select uri_split(?).port"),
    "duckdb uri_normalize": _duckdb("select uri_normalize(?)"),
    "TrivialHTTPResolver.from_spec": lambda u: TrivialHTTPResolver.from_spec(
        "h:" + u.rpartition(":")[2].rstrip("/")
    ),
}


@pytest.mark.parametrize("name", sorted(READERS))
@pytest.mark.parametrize("scheme", ["http", "https", "ftp", "nntp", "telnet", "ws", "foo"])
def test_no_reader_fails_but_by_uri_error(name: str, scheme: str) -> None:
    for digits in (NINES, zeros(80)):
        url = f"{scheme}://127.0.0.1:{digits}/"
        with contextlib.suppress(urikit.URIError):  # refused, with a reason (Blocked too)
            READERS[name](url)


@pytest.mark.parametrize(
    "get", [_urlopen_get, _httpx_get, _requests_get], ids=["urlopen", "httpx", "requests"]
)
@pytest.mark.parametrize("policy", ["ssrf", "default"])
def test_the_guard_refuses_a_huge_port(get: Callable[..., Any], policy: str, port: int) -> None:
    # Found: a ValueError from int() in admit (the default policy does not block
    # an unusual port; under ssrf, leading zeros before an allowed port passed
    # the check and met the same int()).
    chosen = local(port) if policy == "ssrf" else Policy(allowed_networks=["127.0.0.1/32"])
    url = f"http://127.0.0.1:{NINES}/"
    if get is not _urlopen_get:
        # httpx and requests parse the URL themselves before the guard sees the
        # request, and refuse this port there with their own InvalidURL
        with pytest.raises(Exception) as refused:
            get(url, chosen)
        assert type(refused.value).__name__ == "InvalidURL", refused.value
        return
    with pytest.raises(Blocked) as info:
        get(url, chosen)
    # (whatwg-differs with the [whatwg] extra: the WHATWG URL Standard refuses the port)
    assert info.value.reason in ("blocked", "port-not-allowed", "whatwg-differs")
    if info.value.reason != "whatwg-differs":  # (that finding is about the whole URL)
        assert info.value.text[info.value.position :].startswith("9999")
    if info.value.reason == "blocked":
        assert "the port of 5000 digits is outside 1-65535" in str(info.value)


@pytest.mark.parametrize(
    "get", [_urlopen_get, _httpx_get, _requests_get], ids=["urlopen", "httpx", "requests"]
)
def test_the_guard_reads_leading_zeros_right(get: Callable[..., Any], port: int) -> None:
    url = f"http://127.0.0.1:{zeros(port)}/"
    if get is _httpx_get:  # httpx's own URL parser refuses it first (int() of 5000 digits)
        with pytest.raises(Exception) as refused:
            get(url, local(port))
        assert type(refused.value).__name__ == "InvalidURL", refused.value
        return
    assert get(url, local(port)) == BODY


def urikit_cli(*argv: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "urikit", *argv], capture_output=True, timeout=120, check=False
    )


def test_fetch_says_blocked_not_a_traceback(port: int) -> None:
    done = urikit_cli(
        "fetch",
        "--policy",
        "default",
        "--allow-network",
        "127.0.0.1/32",
        f"http://127.0.0.1:{NINES}/",
    )
    assert done.returncode == 1
    err = done.stderr.decode()
    assert "Traceback" not in err and err.endswith(
        ": blocked: the port of 5000 digits is outside 1-65535\n"
    )
    done = urikit_cli(
        "fetch",
        "--allow-network",
        "127.0.0.1/32",
        "--allow-port",
        str(port),
        f"http://127.0.0.1:{zeros(port)}/",
    )
    assert (done.returncode, done.stdout) == (0, BODY), done.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["parse", f"http://h:{NINES}/"],
        ["normalize", f"http://h:{NINES}/"],
        ["check", f"http://h:{NINES}/"],
        ["check", "--policy", "ssrf", f"http://h:{zeros(80)}/"],
        ["parse", "--scheme", f"http://h:{NINES}/"],
        ["canonical", f"http://h:{NINES}/"],
        ["surt", f"http://h:{NINES}/"],
    ],
    ids=lambda argv: " ".join(a[:12] for a in argv),
)
def test_the_per_input_commands_give_a_record(argv: list[str]) -> None:
    done = urikit_cli(*argv)
    assert done.returncode in (0, 1) and done.stderr == b"", done.stderr
    assert done.stdout.count(b"\n") == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["fetch", "--allow-port", NINES, "http://h/"], "argument --allow-port:"),
        (["fetch", "--max-bytes", NINES, "http://h/"], "is too large (over 18 digits)"),
        (["urn", "resolve", "--http", f"h:{NINES}", "urn:ietf:rfc:1"], "invalid resolver port"),
        (["batch", "-", "-", "--batch-size", NINES], "too large a number of rows: 5000 digits"),
    ],
    ids=["allow-port", "max-bytes", "urn-http", "batch-size"],
)
def test_a_huge_option_value_is_a_usage_error(argv: list[str], message: str) -> None:
    if argv[0] == "batch" and importlib.util.find_spec("pyarrow") is None:
        pytest.skip("batch needs pyarrow")
    done = urikit_cli(*argv)
    err = done.stderr.decode()
    assert done.returncode == 2 and message in err and "Traceback" not in err, err
    assert NINES not in err  # the value is not echoed whole
