"""``urikit show``'s line of the registrable domain and public suffix, by the
list the ``[domains]`` extra brings (without it: tests/cli/test_security_cli.py)."""

from __future__ import annotations

import pytest

from urikit import domains
from urikit.cli import main

pytest.importorskip("publicsuffixlist")


def _show(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    status = main(["show", *argv])
    return status, capsys.readouterr().out.splitlines()


@pytest.mark.parametrize(
    "host",
    [
        "forums.news.bbc.co.uk",
        "a.b.github.io",
        "co.uk",
        "localhost",
        "www.example.zz",
        "WWW.Example.CO.UK.",
        "a..b",
        "%62bc.co.uk",
        "bücher.de",
    ],
)
def test_the_line_is_the_lists_answer(host: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = _show([f"https://{host}/x"], capsys)
    assert lines[0] == f"[scheme https]://[HOST {host}][path /x]"
    parts = domains.split(host)
    domain, suffix = parts.registrable_domain, parts.suffix
    assert lines[1].startswith(f"  registrable domain {domain or 'none'}, ")
    assert f", public suffix {suffix or 'none'}" in lines[1]
    section = {"icann": "(ICANN section)", "private": "(private section)"}.get(
        parts.section or "", "(not on the list: the default rule *)"
    )
    assert lines[1].endswith(section if suffix else "public suffix none")
    # the findings follow, as before (localhost: private-address)
    assert status == 0 and len(lines) == (5 if host == "localhost" else 2)


def test_private_and_icann_sections(capsys: pytest.CaptureFixture[str]) -> None:
    _, lines = _show(["https://a.b.github.io/", "https://forums.bbc.co.uk/"], capsys)
    assert lines[1] == "  registrable domain b.github.io, public suffix github.io (private section)"
    assert lines[3] == "  registrable domain bbc.co.uk, public suffix co.uk (ICANN section)"


def test_the_line_comes_before_the_findings(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = _show(["http://paypal.com.evil.example@www.evil.example/"], capsys)
    assert status == 1  # misleading userinfo: danger, as before
    assert lines[1] == (
        "  registrable domain evil.example, public suffix example"
        " (not on the list: the default rule *)"
    )
    assert lines[2] == "http://paypal.com.evil.example@www.evil.example/"
    assert lines[4].split()[:2] == ["danger", "misleading-userinfo"]


def test_html_and_colour(capsys: pytest.CaptureFixture[str]) -> None:
    _, lines = _show(["--html", "https://www.example.co.uk/<"], capsys)
    assert len(lines) == 1
    _, lines = _show(["--html", "https://www.example.co.uk/"], capsys)
    assert lines[0].endswith(
        '<div class="domain" data-registrable-domain="example.co.uk" data-public-suffix="co.uk"'
        ' data-section="icann">registrable domain <strong>example.co.uk</strong>, public suffix'
        " co.uk (ICANN section)</div>"
    )
    _, lines = _show(["--html", "http://localhost/"], capsys)
    assert '<div class="domain" data-public-suffix="localhost">registrable domain none,' in lines[0]
    _, lines = _show(["--color", "always", "http://www.example.com/"], capsys)
    assert (
        lines[1]
        == "  registrable domain \x1b[1;4mexample.com\x1b[0m, public suffix com (ICANN section)"
    )


def test_the_list_in_use(capsys: pytest.CaptureFixture[str]) -> None:
    domains.use(domains.load("example\n"))
    try:
        _, lines = _show(["https://a.b.example/", "https://a.b.co.uk/"], capsys)
    finally:
        domains.use(None)
    assert lines[1] == "  registrable domain b.example, public suffix example (ICANN section)"
    assert lines[3].startswith("  registrable domain co.uk, public suffix uk (not on the list")
