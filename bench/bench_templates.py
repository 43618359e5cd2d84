#!/usr/bin/env python3
"""Benchmark urikit.templates against uritemplate and uri-template (RFC 6570).

Run from the repository root::

    python bench/bench_templates.py              # 7 rounds
    python bench/bench_templates.py --rounds 3
    python bench/bench_templates.py --check      # exit 1 when a target is missed
    python bench/bench_templates.py --json out.json

Two sets of cases:

* ``suite``: the expansions of the uritemplate-test suite (urikit's table of
  it, tests/templates/test_templates_suite.py), those that every contestant
  expands without an error (the same cases for all; how many each gets right
  is reported beside, against the suite's answers);
* ``api``: templates like those of GitHub's and Google's API descriptions
  (paths with ``{owner}/{repo}``, ``{+path}``, ``{/ref*}`` and query
  parameters ``{?page,per_page}``), each with realistic values.

Contestants, each expanding every case of a set once per round:

* ``compiled``: the template read once (``urikit.templates.Template``,
  ``uritemplate.URITemplate``, ``uri_template.URITemplate``), then its
  ``expand`` called with the case's variables;
* ``text``: the module function called with the template text each time
  (``urikit.templates.expand``, ``uritemplate.expand``,
  ``uri_template.expand``), as code that keeps no template object does.

Reported: the median time per expansion over the rounds (the contestants
interleaved in each round, their order rotated), and the ratio of the peer's
time to urikit's; ``Template.match`` per URI on the api set's expansions (the
peers cannot match). Targets: urikit at least 3 times as fast as each peer, in
each set and mode. The package is pure Python (no C kernel), so there is one
build to time. No test asserts on speed.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import time
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from urikit import URIError  # noqa: E402
from urikit.templates import Template, expand  # noqa: E402

#: The least acceptable "peer time / urikit time".
TARGET = 3.0

Case = tuple[str, dict[str, Any]]

OWNER = {"owner": "python", "repo": "cpython"}
#: Templates in the style of GitHub's REST API and Google's discovery documents.
API: list[Case] = [
    ("https://api.github.com/users/{user}", {"user": "octocat"}),
    (
        "https://api.github.com/users/{user}/repos{?type,sort,direction,per_page,page}",
        {"user": "octocat", "type": "owner", "sort": "updated", "per_page": 100, "page": 2},
    ),
    (
        "https://api.github.com/repos/{owner}/{repo}/issues{/number}"
        "{?milestone,state,assignee,labels,sort,direction,since,per_page,page}",
        {**OWNER, "state": "open", "labels": ["bug", "help wanted"], "per_page": 50},
    ),
    ("https://api.github.com/repos/{owner}/{repo}/issues{/number}", {**OWNER, "number": 4711}),
    (
        "https://api.github.com/repos/{owner}/{repo}/contents/{+path}{?ref}",
        {**OWNER, "path": "Lib/json/__init__.py", "ref": "main"},
    ),
    (
        "https://api.github.com/repos/{owner}/{repo}/compare/{base}...{head}",
        {**OWNER, "base": "v3.12.0", "head": "main"},
    ),
    (
        "https://api.github.com/repos/{owner}/{repo}/git/refs{/ref*}",
        {**OWNER, "ref": ["heads", "main"]},
    ),
    (
        "https://api.github.com/repos/{owner}/{repo}/commits{/sha}{?sha,path,author,since,until}",
        {**OWNER, "path": "Lib/json", "since": "2024-01-01T00:00:00Z"},
    ),
    (
        "https://api.github.com/search/code{?q,sort,order,per_page,page}",
        {"q": "addClass in:file language:js repo:jquery/jquery", "per_page": 30},
    ),
    (
        "https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name,label}",
        {**OWNER, "id": 1, "name": "python-3.13.0-amd64.exe", "label": "Windows installer"},
    ),
    ("https://api.github.com/notifications{?all,participating,since,before}", {"all": "true"}),
    ("https://api.github.com/gists{/gist_id}", {"gist_id": "aa5a315d61ae9438b18d"}),
    (
        "{+rootUrl}{+servicePath}v1/projects/{project}/locations/{location}/instances"
        "{?pageSize,pageToken,filter}",
        {
            "rootUrl": "https://compute.googleapis.com/",
            "servicePath": "compute/",
            "project": "my-project",
            "location": "europe-west1",
            "pageSize": 50,
            "filter": "status = RUNNING",
        },
    ),
    (
        "https://www.googleapis.com/storage/v1/b/{bucket}/o/{object}{?alt,generation}",
        {"bucket": "my-bucket", "object": "photos/2024/01/a b.jpg", "alt": "media"},
    ),
    (
        "https://api.example.com/v2/orders{/id}{?fields*}{&expand}",
        {"id": "o-123", "fields": {"include": "lines", "format": "full"}, "expand": "customer"},
    ),
    (
        "https://api.example.com/v2/{tenant}/files{/path*}",
        {"tenant": "acme", "path": ["a", "b", "c.txt"]},
    ),
]


def _suite() -> tuple[list[tuple[str, dict[str, Any], tuple[str, ...]]], list[str], dict[str, Any]]:
    """The suite's expansions (template, variables, accepted answers), its
    malformed templates and their variables."""
    path = ROOT / "tests" / "templates" / "test_templates_suite.py"
    spec = importlib.util.spec_from_file_location("templates_suite_table", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = []
    for _, template, variables, want in module.CASES:
        out.append((template, variables, (want,) if isinstance(want, str) else tuple(want)))
    return out, module.NEGATIVE, module.NEGATIVE_VARIABLES


def _peers() -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name, module in (("uritemplate", "uritemplate"), ("uri-template", "uri_template")):
        try:
            found[name] = __import__(module)
        except ImportError:
            print(f"skipped {name}: not installed (pip install -e '.[bench]')", file=sys.stderr)
    return found


def _contestants(
    peers: dict[str, Any],
) -> dict[str, dict[str, Callable[[str], Callable[[dict[str, Any]], str]]]]:
    """mode -> contestant -> (template text -> a function of the variables)."""
    compiled: dict[str, Callable[[str], Callable[[dict[str, Any]], str]]] = {
        "urikit": lambda t: Template(t).expand,
    }
    text: dict[str, Callable[[str], Callable[[dict[str, Any]], str]]] = {
        "urikit": lambda t: lambda v: expand(t, v),
    }
    if "uritemplate" in peers:
        m = peers["uritemplate"]
        compiled["uritemplate"] = lambda t: m.URITemplate(t).expand
        text["uritemplate"] = lambda t: lambda v: m.expand(t, v)
    if "uri-template" in peers:
        m2 = peers["uri-template"]

        def compiled2(t: str) -> Callable[[dict[str, Any]], str]:
            obj = m2.URITemplate(t)
            return lambda v: str(obj.expand(**v))

        compiled["uri-template"] = compiled2
        text["uri-template"] = lambda t: lambda v: str(m2.expand(t, **v))
    return {"compiled": compiled, "text": text}


def _works(
    make: Callable[[str], Callable[[dict[str, Any]], str]], template: str, values: dict[str, Any]
) -> str | None:
    try:
        return make(template)(values)
    except Exception:  # a peer refusing a case: it is left out for every contestant
        return None


def _timed(calls: list[tuple[Callable[[dict[str, Any]], str], dict[str, Any]]]) -> float:
    start = time.perf_counter()
    for func, values in calls:
        func(values)
    return time.perf_counter() - start


def run(rounds: int) -> dict[str, Any]:
    peers = _peers()
    modes = _contestants(peers)
    suite, negative, negative_variables = _suite()
    report: dict[str, Any] = {
        "versions": {name: version(name) for name in peers},
        "rounds": rounds,
        "sets": {},
    }
    correct = {
        name: sum(_works(make, t, v) in want for t, v, want in suite)
        for name, make in modes["compiled"].items()
    }
    report["suite_correct"] = {"cases": len(suite), **correct}
    report["negative_refused"] = {
        "cases": len(negative),
        **{
            name: sum(_works(make, t, negative_variables) is None for t in negative)
            for name, make in modes["compiled"].items()
        },
    }
    sets: dict[str, list[Case]] = {
        "suite": [(t, v) for t, v, _ in suite],
        "api": API,
    }
    for set_name, cases in sets.items():
        usable = [
            (t, v)
            for t, v in cases
            if all(_works(make, t, v) is not None for make in modes["compiled"].values())
        ]
        for mode, contestants in modes.items():
            # the compiled mode reads each template before timing; text mode each call
            calls = {
                name: [(make(t), v) for t, v in usable] * 20 for name, make in contestants.items()
            }
            times: dict[str, list[float]] = {name: [] for name in contestants}
            order = list(contestants)
            for r in range(rounds):
                for name in order[r % len(order) :] + order[: r % len(order)]:
                    times[name].append(_timed(calls[name]) / len(calls[name]))
            medians = {name: statistics.median(t) for name, t in times.items()}
            report["sets"][f"{set_name}/{mode}"] = {
                "cases": len(usable),
                "ns_per_expansion": {n: round(t * 1e9) for n, t in medians.items()},
                "peer_over_urikit": {
                    n: round(t / medians["urikit"], 2) for n, t in medians.items() if n != "urikit"
                },
            }
    matchable = []
    for t, v in API:
        template = Template(t)
        try:
            template.match("")
        except URIError:  # {+rootUrl}{+servicePath}: two expressions no URI tells apart
            continue
        matchable.append((template, template.expand(v)))
    pairs = matchable * 20
    for t, u in matchable:
        assert t.expand(t.match(u) or {}) == u, (t, u)
    match_times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for t, u in pairs:
            t.match(u)
        match_times.append((time.perf_counter() - start) / len(pairs))
    report["match_ns_per_uri"] = round(statistics.median(match_times) * 1e9)
    report["match_templates"] = f"{len(matchable)} of {len(API)}"
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--json", metavar="FILE", help="write the report as JSON")
    args = parser.parse_args(argv)
    report = run(args.rounds)
    print(f"versions: {report['versions']}; rounds: {report['rounds']}")
    c = report["suite_correct"]
    print(
        f"suite answers right (of {c['cases']}): "
        + ", ".join(f"{n} {v}" for n, v in c.items() if n != "cases")
    )
    c = report["negative_refused"]
    print(
        f"suite negative cases refused (of {c['cases']}): "
        + ", ".join(f"{n} {v}" for n, v in c.items() if n != "cases")
    )
    missed = []
    for key, row in report["sets"].items():
        ns = ", ".join(f"{n} {v} ns" for n, v in row["ns_per_expansion"].items())
        ratios = ", ".join(f"{n} {v}x" for n, v in row["peer_over_urikit"].items())
        print(f"{key} ({row['cases']} cases): {ns}; peer/urikit: {ratios}")
        missed += [f"{key} {n}" for n, v in row["peer_over_urikit"].items() if v < TARGET]
    print(
        f"match: {report['match_ns_per_uri']} ns per URI (api set: the"
        f" {report['match_templates']} templates match reads)"
    )
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    if missed:
        print(f"below the {TARGET}x target: {', '.join(missed)}")
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
