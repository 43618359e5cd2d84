"""The inspector's readings table under CPython: the browser's ``new URL()`` is
played by ada-url's ``URL`` (a WHATWG parser, the ``[whatwg]`` extra), given to
the analysis as the page gives the browser's fields, and the table must be what
``urikit readings --parsers rfc3986,whatwg`` computes, case by case, on the
published confusion cases and the inspector's own table.
tests/inspector/test_inspector_browser.py shows the table in Chromium."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from inspector_meaning import MEANING, ada_reading

from urikit.inspector._analysis import analyse
from urikit.security import readings

ada_url = pytest.importorskip("ada_url")

#: The fields of a URL Standard ``URL`` object the page hands to the analysis.
URL_FIELDS = (
    "href",
    "protocol",
    "username",
    "password",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
)

CONFUSION = Path(__file__).parents[1] / "security" / "readings_confusion.json"
CASES = [c["url"] for c in json.loads(CONFUSION.read_text(encoding="utf-8"))["cases"]]
INPUTS = sorted({*CASES, *(text for text, base, _ in MEANING if not base)})


def browser_fields(text: str, base: str = "") -> dict[str, str]:
    """``new URL(text, base)`` as inspector.js passes it (a failure by its message)."""
    return ada_reading(text, base, URL_FIELDS)


def as_browser(record: dict[str, Any]) -> dict[str, Any]:
    """The ``readings --json`` record with ada's name and version as the page's browser's."""
    rename = {"whatwg": "browser"}

    def names(parsers: list[str]) -> list[str]:
        return [rename.get(p, p) for p in parsers]

    return {
        "agree": record["agree"],
        "readings": {rename.get(k, k): v for k, v in record["readings"].items()},
        "disagreements": [
            {
                "component": d["component"],
                "values": [
                    {"value": v["value"], "parsers": names(v["parsers"])} for v in d["values"]
                ],
                "spans": d["spans"],
            }
            for d in record["disagreements"]
        ],
    }


def test_the_inputs_include_every_published_case() -> None:
    assert len(CASES) >= 60 and set(CASES) <= set(INPUTS)


@pytest.mark.parametrize("text", INPUTS)
def test_the_table_is_what_readings_computes(text: str) -> None:
    table = analyse(text, "", browser_fields(text), "ada")["readings"]
    expected = readings(text, parsers=["rfc3986", "whatwg"]).to_dict()
    theirs = expected["readings"]["whatwg"]
    if theirs["error"] is not None:
        # a refusal is worded by the API that refuses (ada's URL here, its
        # parse_url for readings): the same refusal, in other words
        assert table["readings"]["browser"]["error"]
        theirs["error"] = table["readings"]["browser"]["error"]
    got = {k: table[k] for k in ("agree", "readings", "disagreements")}
    assert got == as_browser(expected)
    assert table["text"] == text
    assert table["versions"]["browser"] == "ada"
    assert len(table["messages"]) == len(table["disagreements"])


def test_a_disagreement_on_the_host_is_named_with_its_cause() -> None:
    table = analyse("http:/evil.example/x", "", browser_fields("http:/evil.example/x"), "B 1")[
        "readings"
    ]
    assert table["agree"] is False
    host = next(d for d in table["disagreements"] if d["component"] == "host")
    assert host["values"] == [
        {"value": None, "parsers": ["rfc3986"]},
        {"value": "evil.example", "parsers": ["browser"]},
    ]
    assert any(
        m.startswith("host: None (rfc3986) vs 'evil.example' (browser)") for m in table["messages"]
    )


def test_a_base_is_resolved_first() -> None:
    table = analyse("../x?y", "http://h/a/b", browser_fields("../x?y", "http://h/a/b"), "B")[
        "readings"
    ]
    assert table["text"] == "http://h/x?y"
    assert table["agree"] is True and table["disagreements"] == []


def test_a_refusal_by_the_browser_is_a_disagreement_on_validity() -> None:
    table = analyse("http://h:99999/", "", browser_fields("http://h:99999/"), "B")["readings"]
    assert table["readings"]["browser"]["error"]
    assert table["readings"]["rfc3986"]["error"] is None
    assert [d["component"] for d in table["disagreements"]] == ["valid"]
    assert table["agree"] is False


def test_no_fields_no_table() -> None:
    assert analyse("http://h/")["readings"] is None
    # a page older than the table passes only the compared fields
    old = {k: v for k, v in browser_fields("http://h/").items() if k not in ("protocol",)}
    assert analyse("http://h/", "", old)["readings"] is None
