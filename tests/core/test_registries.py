"""The registries the core owns and the higher layers fill (docs/design.md,
"Where each fact is defined"), the lazy imports, and the deprecated names."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
import warnings
from urllib.parse import quote

import paths
import pytest
from hypothesis import given
from hypothesis import strategies as st

import urikit
from urikit.core import _hooks
from urikit.core._charsets import PCHAR, QUERY, UNRESERVED
from urikit.core._schemeinfo import DEFAULT_REGISTRY, SchemeHandler, SchemeRegistry
from urikit.percent import encode_except
from urikit.schemes import WaisView, view
from urikit.urn import URN, NamespaceRegistry
from urikit.urn._namespaces import Namespace

SRC = paths.IMPORT_ROOT  # the urikit under test (tests/paths.py)


def _fresh_python(code: str) -> dict[str, object]:
    """Run ``code`` in a new interpreter; it prints one JSON value."""
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    result: dict[str, object] = json.loads(out.stdout)
    return result


# --- lazy imports ------------------------------------------------------------------


#: What ``import urikit`` must not load: the upper layers, and the standard modules
#: the core needs only on first use (each costs a share of the 12 ms budget of
#: docs/design.md, "Import cost"). ``re`` alone (with ``enum``) is about 5 ms.
HEAVY_MODULES = (
    "http.client",
    "typing",
    "re",
    "enum",
    "collections",  # collections.abc would load it; _collections_abc is loaded at startup
    "functools",
    "dataclasses",
    "importlib",  # importlib.import_module; __import__ needs no module
    "warnings",
    "ipaddress",
    "unicodedata",
    "json",
    "pyarrow",
    "idna",
    "urikit.urn",
    "urikit.schemes",
    "urikit.legacy",
    "urikit.iri",
    "urikit.security",
    "urikit.guard",
    "urikit.extraction",
    "urikit.batch",
    "urikit.cli",
)


def test_import_urikit_loads_no_upper_layer() -> None:
    # -S: no site, whose .pth hooks (an editable install's finder, _distutils_hack)
    # import modules of their own; what urikit adds is sys.modules after minus before.
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "import urikit\n"
        "print('\\n'.join(sorted(set(sys.modules) - before)))"
    )
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    out = subprocess.run(
        [sys.executable, "-S", "-c", code],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env=env,
    )
    added = set(out.stdout.split())
    assert "urikit.core._reference" in added  # the check can see what urikit imports
    assert sorted(added.intersection(HEAVY_MODULES)) == []


def test_lazy_names_load_on_first_use() -> None:
    result = _fresh_python(
        "import sys, json, urikit\n"
        "r = {'grammar': urikit.is_valid('mailto:', grammar='rfc2396'),\n"
        "     'legacy': 'urikit.legacy' in sys.modules}\n"
        "r['rules'] = urikit.resolve('http://a/b/c/d;p?q', '?y', rules='rfc2396')\n"
        "r['view'] = urikit.parse('ftp://h/a.txt').scheme_view().name\n"
        "r['schemes'] = 'urikit.schemes' in sys.modules\n"
        "r['urn'] = str(urikit.URN('urn:example:a'))\n"
        "r['http'] = 'http.client' in sys.modules\n"
        "import urikit.urn\n"
        "r['resolver'] = urikit.urn.resolve('urn:ietf:rfc:8141')\n"
        "print(json.dumps(r))"
    )
    assert result == {
        "grammar": False,
        "legacy": True,
        "rules": "http://a/b/c/?y",
        "view": "a.txt",
        "schemes": True,
        "urn": "urn:example:a",
        "http": False,  # the IETF resolver builds a URL without a network request
        "resolver": "https://www.rfc-editor.org/rfc/rfc8141",
    }


def test_first_use_from_many_threads_at_once() -> None:
    # Threads that ask while another is importing the provider wait for it; none
    # may see a half-filled table ("unknown grammar", "unknown-scheme").
    result = _fresh_python(
        "import json, threading, urikit\n"
        "barrier = threading.Barrier(8)\n"
        "out = []\n"
        "def work(k):\n"
        "    barrier.wait()\n"
        "    try:\n"
        "        if k % 2:\n"
        "            out.append(urikit.is_valid('mailto:', grammar='rfc2396') is False)\n"
        "        else:\n"
        "            out.append(urikit.parse('ftp://h/a').scheme_view().name == 'a')\n"
        "    except Exception as exc:\n"
        "        out.append(repr(exc))\n"
        "threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]\n"
        "[t.start() for t in threads]\n"
        "[t.join() for t in threads]\n"
        "print(json.dumps({'results': out}))"
    )
    assert result == {"results": [True] * 8}


def test_lazy_attributes() -> None:
    assert urikit.URN is URN
    assert urikit.schemes.registry is DEFAULT_REGISTRY
    assert {"URN", "schemes", "parse"} <= set(dir(urikit))
    with pytest.raises(AttributeError, match="no_such_name"):
        _ = urikit.no_such_name


# --- grammar and rules hooks ----------------------------------------------------------


def test_unknown_grammar_and_rules_name_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown grammar 'x'.*'rfc3986'.*'rfc2396'"):
        urikit.is_valid("a", grammar="x")
    with pytest.raises(ValueError, match=r"unknown rules 'x'.*'rfc3986'.*'draft-1997'"):
        urikit.resolve("http://a/", "b", rules="x")
    assert _hooks.grammars.names() == ("rfc3986", "draft-1993", "rfc1738", "rfc2396")
    assert _hooks.resolution_rules.names()[0] == "rfc3986"
    assert set(_hooks.resolution_rules.names()) == {
        "rfc3986",
        "rfc1808",
        "draft-1997",
        "rfc2396",
        "draft-2003",
    }


def test_a_hook_table_dispatches_and_refuses_duplicates() -> None:
    table: _hooks.HookTable[_hooks.GrammarChecker] = _hooks.HookTable(
        "grammar", "rfc3986", "urikit.legacy"
    )
    table.register("short", lambda text, rule: len(text) < 3)
    assert table.get("short")("ab", "x") is True
    with pytest.raises(ValueError, match="already registered"):
        table.register("short", lambda text, rule: True)
    with pytest.raises(ValueError, match="already registered"):
        table.register("rfc3986", lambda text, rule: True)
    with pytest.raises(ValueError, match="unknown grammar 'long'"):
        table.get("long")


# --- the scheme registry --------------------------------------------------------------


def _private() -> SchemeRegistry:
    return SchemeRegistry(
        (
            SchemeHandler("x-web", 8000, http_like=True),
            SchemeHandler("wais", 9999, view=WaisView),
        )
    )


def test_registry_parameter_reaches_every_scheme_fact() -> None:
    reg = _private()
    assert urikit.normalize("X-WEB://H:8000") == "x-web://h:8000"
    assert urikit.normalize("X-WEB://H:8000", registry=reg) == "x-web://h/"
    assert urikit.normalize("http://h:80", registry=reg) == "http://h:80"
    assert urikit.normalize("http://h:80") == "http://h/"
    assert urikit.equivalent("x-web://h:8000/", "x-web://h", registry=reg)
    assert not urikit.equivalent("x-web://h:8000/", "x-web://h")
    ref = urikit.parse("x-web://h:8000/")
    assert str(ref.normalize(registry=reg)) == "x-web://h/"
    assert ref.port_is_unusual() and not ref.port_is_unusual(registry=reg)
    wais = urikit.parse("wais://h:9999/db").scheme_view(reg)
    assert wais.port == "9999" and wais.uses_default_port and wais.effective_port == 9999
    with pytest.raises(urikit.URIError, match="x-web"):
        view("x-web://h/", registry=reg)
    with pytest.raises(urikit.URIError):
        view("ftp://h/", registry=reg)
    assert urikit.schemes.normalize("wais://H:9999/db", registry=reg) == "wais://h/db"


def test_the_python_and_c_normalize_agree_on_a_private_registry() -> None:
    reg = _private()
    python = urikit.normalize.__wrapped__ if hasattr(urikit.normalize, "__wrapped__") else None
    for text in ("x-web://h:8000", "HTTP://h:80/a/./b", "wais://h:09999/"):
        expected = urikit.normalize(text, registry=reg)
        if python is not None:
            assert python(text, registry=reg) == expected


def test_one_registry_no_copies() -> None:
    # A port registered through urikit.schemes is what normalize and
    # URIReference read at once, in the C and the Python builds alike.
    handler = SchemeHandler("x-one-copy", 4343)
    urikit.schemes.register(handler)
    try:
        assert DEFAULT_REGISTRY.ports["x-one-copy"] == 4343
        assert urikit.normalize("x-one-copy://h:4343/") == "x-one-copy://h/"
        assert urikit.parse("x-one-copy://h:4343/").default_port == 4343
    finally:
        urikit.schemes.registry.unregister("x-one-copy")
    assert "x-one-copy" not in DEFAULT_REGISTRY.ports
    assert urikit.normalize("x-one-copy://h:4343/") == "x-one-copy://h:4343/"


def test_set_default_port_adds_and_forgets() -> None:
    reg = SchemeRegistry()
    reg.set_default_port("Foo", 8)
    assert reg.default_port("FOO") == 8 and "foo" in reg
    reg.set_default_port("foo", None)
    assert "foo" not in reg and reg.ports == {}
    reg.register(SchemeHandler("bar", 1, reference="doc"))
    reg.set_default_port("bar", None)
    assert "bar" in reg and reg.default_port("bar") is None  # it keeps other facts


def test_handlers_are_immutable_values() -> None:
    h = SchemeHandler("x", 1, http_like=True)
    with pytest.raises(AttributeError):
        h.default_port = 2
    assert h.replace(default_port=2) == SchemeHandler("x", 2, http_like=True)
    assert h.replace(default_port=2) != h
    assert hash(h) == hash(SchemeHandler("x", 1, http_like=True))
    with pytest.raises(TypeError):
        SchemeHandler("x", "80")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        SchemeRegistry().register("x")  # type: ignore[arg-type]


def test_builtin_views_are_filled_in() -> None:
    for name in ("http", "https", "ftp", "gopher", "mailto", "news", "nntp", "telnet", "wais"):
        handler = DEFAULT_REGISTRY.get(name)
        assert handler is not None and handler.view is not None, name
    for name in ("ws", "wss"):
        assert DEFAULT_REGISTRY.view_factory(name) is None


# --- the one percent-encoder ----------------------------------------------------------


@given(st.text(max_size=30), st.sampled_from([PCHAR, QUERY, frozenset("&="), frozenset()]))
def test_encode_except_is_quote_with_unreserved_kept(text: str, safe: frozenset[str]) -> None:
    try:
        expected = quote(text, safe="".join(sorted(safe - {"%"})), encoding="utf-8")
    except UnicodeEncodeError as exc:
        with pytest.raises(urikit.URIError) as err:
            encode_except(text, safe)
        assert err.value.position == exc.start
        return
    assert encode_except(text, safe) == expected


def test_encode_except_always_keeps_unreserved_and_encodes_percent() -> None:
    assert encode_except("".join(sorted(UNRESERVED)), frozenset()) == "".join(sorted(UNRESERVED))
    assert encode_except("%", frozenset("%")) == "%25"


# --- the one NID rule -------------------------------------------------------------------


@pytest.mark.parametrize("nid", ["urn", "-ab", "a", "urn-01", "a_b"])
def test_parse_and_registry_share_the_nid_rule(nid: str) -> None:
    bad = type("Bad", (Namespace,), {"nid": nid})()
    with pytest.raises(urikit.URIError):
        URN("urn:" + nid + ":x")
    with pytest.raises(ValueError, match="not a valid NID"):
        NamespaceRegistry().register(bad)


# --- deprecated names -----------------------------------------------------------------


def test_deprecated_names_warn_and_still_work() -> None:
    with pytest.warns(DeprecationWarning, match="urikit.schemes.registry"):
        old = urikit.schemes.REGISTRY
    assert old is urikit.schemes.registry
    with pytest.warns(DeprecationWarning, match=r"URN.build\(\)"):
        built = URN.from_parts("example", "a b")
    assert built == URN.build("example", "a b")
    u = URN("URN:Example:a%2c")
    with pytest.warns(DeprecationWarning, match=r"URN.normalize\(\)"):
        normal = u.normalized()
    assert normal == u.normalize()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert str(URN.build("example", "a")) == "urn:example:a"


# --- facts read from their one definition ---------------------------------------------


def test_http_default_ports_come_from_the_registry() -> None:
    from urikit.schemes import HttpView
    from urikit.urn import TrivialHTTPResolver

    reg = SchemeRegistry(
        (SchemeHandler("http", 8080, http_like=True), SchemeHandler("https", 8443, http_like=True))
    )
    assert HttpView("https://h/").effective_port == DEFAULT_REGISTRY.default_port("https")
    assert HttpView("http://h/", registry=reg).effective_port == 8080
    assert HttpView("https://h/", registry=reg).effective_port == 8443
    assert HttpView("https://h:0/", registry=reg).effective_port == 0
    for scheme in ("http", "https"):
        resolver = TrivialHTTPResolver("r.example", scheme=scheme)
        assert resolver.address == f"r.example:{DEFAULT_REGISTRY.default_port(scheme)}"


def test_bidi_sets_are_unicodes_and_rfc_3987s() -> None:
    import regex  # type: ignore[import-untyped]

    from urikit.core import _charsets
    from urikit.iri import _syntax
    from urikit.security._text import _BIDI_FORMAT
    from urikit.text._extraction import _BIDI_CONTROLS

    every = "".join(map(chr, range(0x110000)))
    assert frozenset(regex.findall(r"\p{Bidi_Control}", every)) == _charsets.BIDI_CONTROLS
    # RFC 3987 section 4.1 names LRM, RLM, LRE, RLE, PDF, LRO and RLO
    names = {unicodedata.name(c) for c in _charsets.BIDI_FORMATTING}
    assert names == {
        "LEFT-TO-RIGHT MARK",
        "RIGHT-TO-LEFT MARK",
        "LEFT-TO-RIGHT EMBEDDING",
        "RIGHT-TO-LEFT EMBEDDING",
        "POP DIRECTIONAL FORMATTING",
        "LEFT-TO-RIGHT OVERRIDE",
        "RIGHT-TO-LEFT OVERRIDE",
    }
    assert _syntax.BIDI_FORMATTING is _charsets.BIDI_FORMATTING
    assert _BIDI_FORMAT is _charsets.BIDI_CONTROLS
    assert frozenset(_BIDI_CONTROLS) == _charsets.BIDI_CONTROLS


def test_quoted_values_in_messages() -> None:
    from urikit.core._errors import quoted

    assert quoted("a\u202eb") == repr("a\u202eb")
    long = "x" * 201
    assert quoted(long) == f"{'x' * 200!r} (first 200 of 201 characters)"
    assert quoted("x" * 200) == repr("x" * 200)
