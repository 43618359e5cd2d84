"""``urikit fetch``'s hints are true: each option a ``blocked:`` line says would
let the hop through does, through a real server this test starts on 127.0.0.1
(and on ::1 when the machine has it), reached by its address and as
``localhost``. The checks under them: ``check(resolve_dns=True)`` judges a
``localhost`` name by the addresses it resolves to."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from collections.abc import Iterator

import pytest
from loopback import serving

from urikit.guard import Blocked, urlopen
from urikit.security import Policy, check

BODY = b"hello from the loopback\n"


def _has_ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as sock:
            sock.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.fixture(scope="module")
def port4() -> Iterator[int]:
    """A server on 127.0.0.1; its port."""
    yield from serving(BODY, "127.0.0.1")


@pytest.fixture(scope="module")
def port6() -> Iterator[int]:
    """A server on ::1; its port."""
    if not _has_ipv6_loopback():
        pytest.skip("no ::1 on this machine")
    yield from serving(BODY, "::1")


def fetch(*argv: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "urikit", "fetch", *argv],
        capture_output=True,
        timeout=120,
        check=False,
    )


HINT = re.compile(r"\(((?:--allow-(?:network|port) \S+ ?)+) lets? it through\)")


def follow_the_hints(url: str, *options: str) -> tuple[list[str], bytes]:
    """Fetch ``url``; while it is blocked, add the options its hints name, and
    fetch again. The options added, and the body at the end."""
    added: list[str] = []
    for _ in range(4):
        done = fetch(url, *options, *added)
        if done.returncode == 0:
            return added, done.stdout
        assert done.returncode == 1, done.stderr
        lines = done.stderr.decode().splitlines()
        assert lines and all(": blocked: " in line for line in lines), lines
        hints = [HINT.search(line) for line in lines]
        assert all(hints), f"a blocked line without a hint to follow: {lines}"
        new = [word for h in hints if h for word in h.group(1).split()]
        assert new and not set(zip(new[::2], new[1::2], strict=True)) <= set(
            zip(added[::2], added[1::2], strict=True)
        ), f"the hint is given again after it was followed: {lines}"
        added += new
    raise AssertionError(f"still blocked after following the hints: {added}")


def localhost_addresses() -> list[str]:
    infos = socket.getaddrinfo("localhost", None, proto=socket.IPPROTO_TCP)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def test_an_address_by_its_hints(port4: int) -> None:
    added, body = follow_the_hints(f"http://127.0.0.1:{port4}/")
    assert body == BODY
    assert added == ["--allow-network", "127.0.0.1/32", "--allow-port", str(port4)]


def test_an_ipv6_address_by_its_hints(port6: int) -> None:
    added, body = follow_the_hints(f"http://[::1]:{port6}/")
    assert body == BODY
    assert added == ["--allow-network", "::1/128", "--allow-port", str(port6)]


def test_localhost_by_its_hints(port4: int) -> None:
    # Found: "--allow-network 127.0.0.1/32 lets it through" was said of
    # localhost, and localhost stayed blocked with that option given.
    if "127.0.0.1" not in localhost_addresses():
        pytest.skip("localhost does not resolve to 127.0.0.1 here")
    added, body = follow_the_hints(f"http://localhost:{port4}/")
    assert body == BODY
    wanted = [f"{a}/{32 if '.' in a else 128}" for a in localhost_addresses()]
    networks = added[1::2][: len(wanted)]
    assert sorted(networks) == sorted(wanted)


def test_localhost_with_the_option_the_issue_names(port4: int) -> None:
    if localhost_addresses() != ["127.0.0.1"]:
        pytest.skip("localhost resolves to more than 127.0.0.1 here")
    url = f"http://localhost:{port4}/"
    done = fetch(url, "--allow-network", "127.0.0.1/32", "--allow-port", str(port4))
    assert (done.returncode, done.stdout) == (0, BODY), done.stderr
    assert done.stderr.decode() == f"hop 0 {url}: pass (127.0.0.1): HTTP 200 OK\n"
    # without it: the hint names it
    done = fetch(url, "--allow-port", str(port4))
    assert done.returncode == 1
    assert done.stderr.decode() == (
        f"hop 0 {url}: blocked: private-address at 7-16: 'localhost' names this machine"
        " (--allow-network 127.0.0.1/32 lets it through)\n"
    )


def test_localhost_under_the_default_policy(port4: int) -> None:
    # Found: "the host resolved to no address": the name was never looked up.
    if "127.0.0.1" not in localhost_addresses():
        pytest.skip("localhost does not resolve to 127.0.0.1 here")
    done = fetch(f"http://localhost:{port4}/", "--policy", "default", "--allow-port", str(port4))
    assert (done.returncode, done.stdout) == (0, BODY), done.stderr


def test_blocked_names_the_addresses(port4: int) -> None:
    with pytest.raises(Blocked) as info:
        urlopen(
            f"http://localhost:{port4}/",
            policy=Policy.ssrf(allowed_ports=[port4], allowed_networks=["127.0.0.1/32"]),
            resolver=lambda name: ["127.0.0.1", "::1"],
        )
    assert info.value.addresses == ("127.0.0.1", "::1")
    assert info.value.reason == "private-address"
    response = urlopen(
        f"http://localhost:{port4}/",
        policy=Policy.ssrf(allowed_ports=[port4], allowed_networks=["127.0.0.1/32", "::1/128"]),
        resolver=lambda name: ["127.0.0.1"],
    )
    assert response.read() == BODY
    with pytest.raises(Blocked) as info:
        urlopen(f"http://127.0.0.1:{port4}/", policy=Policy.ssrf())
    assert info.value.addresses == ()  # an address: nothing was looked up


@pytest.mark.parametrize(
    ("host", "answer", "allowed", "codes"),
    [
        # every address allowed: the name is let through as its addresses are
        ("localhost", ["127.0.0.1"], ["127.0.0.1/32"], []),
        ("LOCALHOST.", ["127.0.0.1"], ["127.0.0.0/8"], []),
        ("a.localhost", ["::1", "127.0.0.2"], ["::1/128", "127.0.0.0/8"], []),
        ("%6Cocalhost", ["127.0.0.1"], ["127.0.0.1/32"], []),
        # one not: the name's finding stands
        ("localhost", ["127.0.0.1", "::1"], ["127.0.0.1/32"], ["private-address"]),
        ("localhost", ["127.0.0.1"], [], ["private-address"]),
        ("localhost", [], ["127.0.0.1/32"], ["private-address", "unresolved-host"]),
    ],
)
def test_check_judges_localhost_by_its_addresses(
    host: str, answer: list[str], allowed: list[str], codes: list[str]
) -> None:
    asked: list[str] = []

    def resolver(name: str) -> list[str]:
        asked.append(name)
        return answer

    policy = Policy.ssrf(allowed_networks=allowed)
    report = check(f"http://{host}/", policy=policy, resolve_dns=True, resolver=resolver)
    assert [f.code for f in report.findings] == codes
    assert len(asked) == 1
    # without resolve_dns: the name alone, as before
    assert [f.code for f in check(f"http://{host}/", policy=policy).findings] == ["private-address"]


def test_a_denied_network_under_localhost_is_said() -> None:
    policy = Policy.ssrf(allowed_networks=["127.0.0.0/8"], denied_networks=["127.0.0.2/32"])
    report = check(
        "http://localhost/", policy=policy, resolve_dns=True, resolver=lambda n: ["127.0.0.2"]
    )
    assert sorted(f.code for f in report.findings) == ["denied-network", "private-address"]
