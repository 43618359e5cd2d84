"""A wrong argument type raises TypeError naming the parameter and type.

The public callables are found, not listed: every function in ``__all__`` of the
public modules, every public method of these public classes
(``URIReference``, ``IRIReference``, ``URN``, the scheme views), each called with ``None``,
``b"x"`` and ``1`` in place of every parameter whose annotation mentions
``str`` (a value the annotation allows is skipped). Every call must raise

    TypeError: <func>() argument '<param>' must be <expected>, not <type>

A new public function without a check fails here, and so does one that is
missing from :data:`SAMPLES` (the valid arguments the other parameters get).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pytest

import urikit
import urikit.batch
import urikit.domains
import urikit.html
import urikit.iri
import urikit.schemes
import urikit.security
import urikit.templates
import urikit.urn
from urikit import URIReference
from urikit.iri import IRIReference
from urikit.schemes import SchemeView
from urikit.urn import URN

MODULES = [
    urikit,
    urikit.batch,
    urikit.schemes,
    urikit.urn,
    urikit.html,
    urikit.iri,
    urikit.security,
    urikit.templates,
]
#: The columnar modules import without their extras, but their samples need them.
COLUMNAR_SAMPLES: dict[str, dict[str, object]] = {}
import urikit.arrow  # noqa: E402  (imports without pyarrow; its functions need it)
import urikit.dask  # noqa: E402
import urikit.duckdb  # noqa: E402
import urikit.spark  # noqa: E402  (its argument errors: tests/columnar/test_spark.py, on a session)

if importlib.util.find_spec("pyarrow") is not None:
    pa = importlib.import_module("pyarrow")  # untyped: Any

    MODULES.append(urikit.arrow)
    _urls = pa.array(["http://a/"])
    COLUMNAR_SAMPLES |= {
        f"arrow.{name}": {"array": _urls} for name in ("validate", "split", "normalize")
    }
    COLUMNAR_SAMPLES["arrow.resolve"] = {"base": "http://a/", "refs": _urls}
    COLUMNAR_SAMPLES["arrow.canonical"] = {"array": _urls}
    COLUMNAR_SAMPLES["arrow.surt"] = {"array": _urls}
    COLUMNAR_SAMPLES["parse_table"] = {"table": pa.table({"url": _urls}), "column": "url"}
    COLUMNAR_SAMPLES["template_match"] = {"template": "/{x}", "array": _urls}
if all(importlib.util.find_spec(m) is not None for m in ("pyarrow", "dask", "distributed")):
    dd = importlib.import_module("dask.dataframe")
    pd = importlib.import_module("pandas")

    MODULES.append(urikit.dask)
    _series = dd.from_pandas(pd.Series(["http://a/"]), npartitions=1)
    COLUMNAR_SAMPLES |= {
        f"dask.{name}": {"urls": _series} for name in ("validate", "split", "normalize")
    }
    COLUMNAR_SAMPLES["dask.resolve"] = {"base": "http://a/", "refs": _series}
    COLUMNAR_SAMPLES["dask.canonical"] = {"urls": _series}
    COLUMNAR_SAMPLES["dask.surt"] = {"urls": _series}
if all(importlib.util.find_spec(m) is not None for m in ("pyarrow", "duckdb")):
    _con = importlib.import_module("duckdb").connect()

    MODULES.append(urikit.duckdb)
    COLUMNAR_SAMPLES["duckdb.register"] = {"con": _con}
    COLUMNAR_SAMPLES["unregister"] = {"con": _con}

# urikit.domains: its lookups read the list the [domains] extra brings
if importlib.util.find_spec("publicsuffixlist") is not None:
    MODULES.append(urikit.domains)
    COLUMNAR_SAMPLES |= {
        "public_suffix": {"host": "a.example.com"},
        "registrable_domain": {"host": "a.example.com"},
        "domains.split": {"host_or_url": "a.example.com"},
        "same_site": {"a": "http://a/", "b": "http://a/"},
        "load": {"source": "com\n"},
    }
    if importlib.util.find_spec("pyarrow") is not None:
        for name in ("arrow.registrable_domain", "arrow.public_suffix", "domain_parts"):
            COLUMNAR_SAMPLES[name] = {"array": _urls}
    if urikit.dask in MODULES:
        for name in ("registrable_domain", "public_suffix"):
            COLUMNAR_SAMPLES[f"dask.{name}"] = {"urls": _series}

REF = urikit.parse("http://u@h:8/p?q#f")
IRI = urikit.iri.parse("http://例え.jp/a?q#f")
URN_OBJ = URN.parse("urn:isbn:0-395-36341-1")

# Valid arguments for the parameters without a default (and a few with one, where
# the default would skip a code path). Keyed by the name the message uses.
SAMPLES: dict[str, dict[str, object]] = {
    "canonical": {"text": "http://a/"},
    "equivalent": {"a": "http://a", "b": "http://a"},
    "is_valid": {"text": "a"},
    "normalize": {"text": "http://a"},
    "parse": {"text": "a"},
    "percent_decode": {"text": "a"},
    "percent_encode": {"text": "a"},
    "relativize": {"base": "http://a/b", "target": "http://a/c"},
    "remove_dot_segments": {"path": "/a"},
    "resolve": {"base": "http://a/b", "reference": "c"},
    "safe_browsing_expressions": {"text": "http://a/"},
    "surt": {"text": "http://a/"},
    "check_redirect": {"target": "/x", "allowed_origins": ["https://a"]},
    "expand": {"template": "{x}"},
    "Template": {"text": "{x}"},
    "Template.match": {"uri": "x"},
    "unsurt": {"key": "com,a)/"},
    "batch.validate": {"texts": ["a"]},
    "batch.split": {"texts": ["a"]},
    "iter_file": {"source": ["a"]},
    "run_file": {"source": "in.txt", "destination": "out.txt"},
    "get": {"name": "http"},
    "view": {"ref": "http://h/"},
    "schemes.register": {"handler": urikit.schemes.SchemeHandler("x-type-test")},
    "schemes.normalize": {"text": "http://h/"},
    "isbn10_to_isbn13": {"isbn10": "0-395-36341-1"},
    "isbn13_to_isbn10": {"isbn13": "978-0-395-36341-6"},
    "nss_to_publicid": {"nss": "foo"},
    "publicid_to_nss": {"pubid": "foo"},
    "publicid_to_urn": {"pubid": "foo"},
    "urn_to_publicid": {"urn": "urn:publicid:foo"},
    "urn.resolve": {"urn": "urn:ietf:rfc:8141"},
    "resolve_all": {"urn": "urn:ietf:rfc:8141"},
    "extract": {"text": "see http://h/"},
    "iter_extract": {"text_or_lines": "see http://h/"},
    "fixup": {"text": "www.example.org"},
    "linkify": {"text": "see http://h/"},
    "links": {"document": "<a href=x>"},
    "iri.equivalent": {"a": "http://例え.jp/", "b": "http://例え.jp/"},
    "iri.is_valid": {"text": "パス"},
    "iri.normalize": {"iri": "http://例え.jp/a"},
    "iri.parse": {"text": "パス"},
    "iri.relativize": {"base": "http://例え.jp/a", "target": "http://例え.jp/b"},
    "iri.resolve": {"base": "http://例え.jp/a", "reference": "b"},
    "find_error": {"text": "パス"},
    "for_display": {"uri": "http://xn--r8jz45g.jp/"},
    "from_uri": {"uri": "http://h/%C3%A9"},
    "to_uri": {"iri": "http://例え.jp/"},
    "check": {"text": "http://h/"},
    "readings": {"url": "http://h/"},
    "read_ipv4": {"text": "1.2.3.4"},
    "URIReference": {"text": "a"},
    "URIReference.build": {"host": "h"},
    "URIReference.from_components": {"host": "h"},
    "URIReference.with_scheme": {"scheme": "x"},
    "URIReference.with_userinfo": {"userinfo": "x"},
    "URIReference.with_host": {"host": "x"},
    "URIReference.with_port": {"port": "1"},
    "URIReference.with_path": {"path": "/x"},
    "URIReference.with_query": {"query": "x"},
    "URIReference.with_fragment": {"fragment": "x"},
    "URIReference.with_query_params": {"params": [("a", "b")]},
    "URIReference.resolve": {"reference": "x"},
    "URIReference.with_name": {"name": "x"},
    "URIReference.with_suffix": {"suffix": ".x"},
    "URIReference.update_query": {"params": {"a": "b"}},
    "URIReference.extend_query": {"params": [("a", "b")]},
    "URIReference.query_param": {"name": "q"},
    "URIReference.query_values": {"name": "q"},
    "URIReference.relativize": {"target": "http://h/x"},
    "URIReference.same_site": {"other": "http://h/"},
    "IRIReference": {"text": "パス"},
    "IRIReference.resolve": {"reference": "ü"},
    "IRIReference.relativize": {"target": "http://例え.jp/ü"},
    "IRIReference.query_param": {"name": "q"},
    "IRIReference.query_values": {"name": "q"},
    "URN": {"text": "urn:a:b"},
    "URN.parse": {"text": "urn:a:b"},
    "URN.build": {"nid": "ab", "nss_text": "c"},
    "URN.directive": {"keyword": "s"},
    "URN.equivalent": {"a": "urn:a:b", "b": "urn:a:b"},
    "FileView.build": {"segments": ["a"]},
    "FileView.from_path": {"path": "/a"},
    "FtpView.build": {"host": "h"},
    "GopherView.build": {"host": "h"},
    "HttpView.build": {"host": "h"},
    "MailtoView.build": {},
    "MailtoView.header": {"name": "subject"},
    "NewsView.build": {"newsgroups": "a.b"},
    "NntpView.build": {"host": "h", "group": "a.b"},
    "ProsperoView.build": {"host": "h", "hsoname": "x"},
    "TelnetView.build": {"host": "h"},
    "WaisView.build": {"host": "h", "database": "d"},
    **COLUMNAR_SAMPLES,
}

VIEW_SAMPLES: dict[str, str] = {
    "SchemeView": "http://h/",
    "ServerView": "http://h/",
    "FileView": "file:///a",
    "FtpView": "ftp://h/a",
    "GopherView": "gopher://h/1",
    "HttpView": "http://h/",
    "MailtoView": "mailto:a@b?subject=x",
    "NewsView": "news:a.b",
    "NntpView": "nntp://h/a.b",
    "ProsperoView": "prospero://h/x",
    "TelnetView": "telnet://h/",
    "WaisView": "wais://h/d",
}

# Class-level names that are not API calls taking user text.
NOT_CHECKED = {"IMPLEMENTATION", "schemes", "__version__"}
#: Deprecated aliases delegate to their new names (checked here); that they warn and
#: still work is tested with the aliases (tests/core/test_registries.py).
DEPRECATED_ALIASES = {"URN.from_parts", "URN.normalized"}


#: The short names of the submodules ("schemes", "iri", ...): the prefix of a test name.
#: Every public module, the columnar ones too (they import without their extras):
#: the test names must not depend on which extras are installed.
NAMING_MODULES = [
    *MODULES,
    *(
        m
        for m in (urikit.arrow, urikit.dask, urikit.duckdb, urikit.spark, urikit.domains)
        if m not in MODULES
    ),
]
SUBMODULES = {m.__name__.rpartition(".")[2]: m for m in NAMING_MODULES if m is not urikit}


def _name(module: types.ModuleType, attr: str) -> str:
    """The test's name for ``module.attr``: the bare name, unless another public
    module exports another object under that name; then ``"<module>.<attr>"``
    ("schemes.normalize", "iri.parse"). The error message shows the bare name."""
    obj = getattr(module, attr)
    if module is urikit:
        return attr
    for other in NAMING_MODULES:
        if other is not module and attr in other.__all__ and getattr(other, attr) is not obj:
            return f"{module.__name__.rpartition('.')[2]}.{attr}"
    return attr


def _shown(name: str) -> str:
    """The function name the message uses for the test name ``name``."""
    head, _, rest = name.partition(".")
    return rest if head in SUBMODULES else name


def _methods(cls: type) -> list[tuple[str, Callable[..., Any]]]:
    """The public methods ``cls`` defines itself or takes from a base written in a
    private module, its other half (URIReference's builders and edits); methods
    inherited from a public class are checked on that class."""
    names = set(vars(cls))
    for base in cls.__mro__[1:]:
        if "._" not in base.__module__:
            break
        names.update(vars(base))
    found = []
    for attr in sorted(names):
        if attr.startswith("_"):
            continue
        raw = inspect.getattr_static(cls, attr)
        if isinstance(raw, (property, type)) or not callable(getattr(cls, attr)):
            continue
        if f"{cls.__name__}.{attr}" in DEPRECATED_ALIASES:
            continue
        found.append((f"{cls.__name__}.{attr}", raw))
    return found


def _bound(qualname: str) -> Callable[..., Any]:
    """The object to call for ``qualname`` (instances for instance methods)."""
    cls_name, _, attr = qualname.partition(".")
    if not attr:
        raise AssertionError(qualname)
    known: dict[str, type] = {
        "URIReference": URIReference,
        "IRIReference": IRIReference,
        "URN": URN,
        "Columns": urikit.batch.Columns,
    }
    cls: type = known.get(cls_name) or getattr(urikit.schemes, cls_name)
    raw = inspect.getattr_static(cls, attr)
    if isinstance(raw, (classmethod, staticmethod)):
        return typing.cast("Callable[..., Any]", getattr(cls, attr))
    if cls is URIReference:
        return typing.cast("Callable[..., Any]", getattr(REF, attr))
    if cls is IRIReference:
        return typing.cast("Callable[..., Any]", getattr(IRI, attr))
    if cls is URN:
        return typing.cast("Callable[..., Any]", getattr(URN_OBJ, attr))
    if cls is urikit.batch.Columns:
        return typing.cast("Callable[..., Any]", getattr(urikit.batch.split(["a"]), attr))
    return typing.cast("Callable[..., Any]", getattr(cls(VIEW_SAMPLES[cls_name]), attr))


def public_callables() -> list[tuple[str, Callable[..., Any], Callable[..., Any]]]:
    """(name, the function as defined, the object to call) of every checked callable."""
    out: list[tuple[str, Callable[..., Any], Callable[..., Any]]] = []
    for module in MODULES:
        for attr in module.__all__:
            obj = getattr(module, attr)
            if attr in NOT_CHECKED or isinstance(obj, (types.ModuleType, dict, tuple)):
                continue
            if isinstance(obj, type):
                continue  # classes: their methods below (the list above)
            if callable(obj):
                name = _name(module, attr)
                out.append((name, getattr(obj, "__wrapped__", obj), obj))
    out.append(("URIReference", URIReference.__init__, URIReference))
    out.append(("IRIReference", IRIReference.__init__, IRIReference))
    out.append(("URN", URN.__init__, URN))
    classes: list[type] = [URIReference, IRIReference, URN, urikit.batch.Columns]
    classes += [
        getattr(urikit.schemes, n)
        for n in urikit.schemes.__all__
        if isinstance(getattr(urikit.schemes, n), type)
        and issubclass(getattr(urikit.schemes, n), SchemeView)
    ]  # every view class needs a VIEW_SAMPLES entry
    for cls in classes:
        for qualname, raw in _methods(cls):
            func = raw.__func__ if isinstance(raw, (classmethod, staticmethod)) else raw
            out.append((qualname, func, _bound(qualname)))
    return out


def _allows(hint: Any, value: object) -> bool:
    """Does the annotation ``hint`` allow ``value``? (enough for urikit's signatures)"""
    if hint is Any or hint is object:
        return True
    if hint is None or hint is type(None):
        return value is None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_allows(arg, value) for arg in typing.get_args(hint))
    if origin is typing.Literal:
        return value in typing.get_args(hint)
    if origin is not None:
        if isinstance(origin, type) and issubclass(origin, (str, bytes)):
            return isinstance(value, origin)
        if isinstance(origin, type) and issubclass(origin, (Iterable, Mapping, Sequence)):
            return isinstance(value, origin) and not isinstance(value, (str, bytes))
        return True
    if isinstance(hint, type):
        if hint is int and isinstance(value, bool):
            return True
        return isinstance(value, hint)
    return True


def _mentions_str(hint: Any) -> bool:
    if hint is str:
        return True
    if typing.get_origin(hint) is typing.Literal:
        return all(isinstance(a, str) for a in typing.get_args(hint))
    return any(_mentions_str(a) for a in typing.get_args(hint))


_NAMES: dict[str, Any] = {
    **vars(urikit.schemes),
    **vars(urikit.urn),
    **vars(urikit),
    "Self": typing.Self,  # the edits' return type, imported for type checkers only
}


def _is_collection_of_str(hint: Any) -> bool:
    """``Sequence[str]``, ``Iterable[str]`` (or a union holding one): a lone ``str`` is wrong."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_is_collection_of_str(a) for a in typing.get_args(hint))
    return (
        isinstance(origin, type)
        and issubclass(origin, Iterable)
        and not issubclass(origin, Mapping)
        and typing.get_args(hint) == (str,)
    )


def _cases() -> list[Any]:
    cases = []
    for name, func, target in public_callables():
        hints = typing.get_type_hints(func, localns=_NAMES)
        for param in inspect.signature(func).parameters.values():
            if param.name in ("self", "cls") or param.kind in (
                param.VAR_POSITIONAL,
                param.VAR_KEYWORD,
            ):
                continue
            hint = hints.get(param.name)
            if hint is None or not _mentions_str(hint):
                continue
            bad_values: list[object] = [v for v in (None, b"x", 1) if not _allows(hint, v)]
            if _is_collection_of_str(hint) and not _allows(hint, "ab"):
                bad_values.append("ab")
            for bad in bad_values:
                case_id = f"{name}-{param.name}-{bad!r}"
                cases.append(pytest.param(name, func, target, param.name, bad, id=case_id))
    return cases


def _call(
    name: str, func: Callable[..., Any], target: Callable[..., Any], param: str, bad: object
) -> None:
    """Call ``target`` with the samples and ``bad`` for ``param``: positional
    parameters positionally (the C-accelerated fast paths see them), the rest by
    keyword."""
    values = dict(SAMPLES.get(name, {}))
    values[param] = bad
    params = [
        p
        for p in inspect.signature(func).parameters.values()
        if p.name not in ("self", "cls") and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]
    args: list[object] = []
    keywords: dict[str, object] = {}
    for p in params:
        if p.name not in values:
            assert p.default is not p.empty, f"SAMPLES[{name!r}] needs {p.name!r}"
            continue
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and len(args) == params.index(p):
            args.append(values[p.name])
        else:
            keywords[p.name] = values[p.name]
    target(*args, **keywords)


CASES = _cases()


def test_the_walk_finds_the_api() -> None:
    found = [name for name, _, _ in public_callables()]
    names = set(found)
    for expected in (
        "resolve",
        "batch.validate",
        "URIReference.with_host",
        "HttpView.build",
        "URN.parse",
        "iri.parse",
        "iri.normalize",
        "to_uri",
        "IRIReference",
        "IRIReference.resolve",
    ):
        assert expected in names
    # One name per callable: SAMPLES and the expected message are keyed by it.
    assert len(names) == len(found), sorted(n for n in names if found.count(n) > 1)
    assert len(CASES) > 300  # a broken walk would find nothing and pass everything


@pytest.mark.parametrize(("name", "func", "target", "param", "bad"), CASES)
def test_wrong_type_raises_type_error(
    name: str, func: Callable[..., Any], target: Callable[..., Any], param: str, bad: object
) -> None:
    with pytest.raises(TypeError) as info:
        _call(name, func, target, param, bad)
    prefix = f"{_shown(name)}() argument {param!r} must be "
    message = str(info.value)
    assert message.startswith(prefix), message
    assert message.endswith(f", not {type(bad).__name__}"), message
    expected = message[len(prefix) : -len(f", not {type(bad).__name__}")]
    assert expected and "{" not in expected, message


@pytest.mark.parametrize("below", ["1024", 1.5, True, b"x"])
@pytest.mark.parametrize("ref", [REF, IRI], ids=["URIReference", "IRIReference"])
def test_int_parameter(ref: URIReference, below: Any) -> None:
    with pytest.raises(TypeError) as info:
        ref.port_is_unusual(below=below)
    assert str(info.value) == (
        f"{type(ref).__name__}.port_is_unusual() argument 'below' must be int or None,"
        f" not {type(below).__name__}"
    )
