"""Types of the C accelerator; see _speedups.h, each unit's own header, and
urikit.core._accel. tests/core/test_speedups_abi.py holds this file to the
names the extension has, both ways."""

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

_F = TypeVar("_F", bound=Callable[..., object])
_T = TypeVar("_T")
_Spans = tuple[tuple[int, int], ...]

class AcceleratedFunction:
    __wrapped__: Callable[..., object]
    def __call__(self, *args: object, **kwargs: object) -> object: ...

ABI: int

def accelerate(kind: str, fallback: _F, /, **named: object) -> _F: ...

class SpanRecord:
    _text: str
    _sp: _Spans

class ComponentGetter:
    __wrapped__: property

def set_reference_type(record_base: type, reference_type: type, /) -> None: ...
def reference_type() -> tuple[type, type] | None: ...
def set_error_type(error_type: type[ValueError], diagnose: Callable[..., object], /) -> None: ...
def locate_error(text: str, /) -> tuple[str, str, int] | None: ...
def component_getter(prop: property, group: int, always: bool, /) -> ComponentGetter: ...
def percent_encode(text: str, component: str, /) -> str | int: ...
def percent_decode(text: str, /) -> str | tuple[str, int]: ...
def remove_dot_segments(path: str, /) -> str: ...
def resolve_kernel(base: str, reference: str, strict: bool, /) -> str | None: ...
def normalize_kernel(
    text: str, scheme_level: bool, default_ports: dict[str, int], http_like: frozenset[str], /
) -> str | None: ...
def validate_many(
    texts: Iterable[object], rule: str, fallback: Callable[..., bool], /
) -> list[bool]: ...
def split_many(
    texts: Iterable[object], rule: str, fallback: Callable[..., _Spans | None], /
) -> list[_Spans | None]: ...
def refs_many(texts: Iterable[object], rule: str, fallback: Callable[..., Any], /) -> list[Any]: ...
def file_records(
    lines: list[str],
    first: int,
    rule: str,
    record_type: type[_T],
    fallback: Callable[[int, str, str], _T],
    /,
) -> list[_T]: ...
def _arrow_level(level: int, /) -> int: ...
def arrow_validate(
    schema_capsule: object, array_capsule: object, rule: str, /
) -> tuple[bytes, bytes | None, int, int]: ...
def arrow_split(
    schema_capsule: object,
    array_capsule: object,
    rule: str,
    wide: bool,
    alloc: Callable[[int], object],
    /,
) -> tuple[
    object | None, int, int, bytes, list[str], tuple[tuple[object, object, object, int], ...]
]: ...
def arrow_errors(
    n: int,
    invalid_rows: bytes,
    reasons: list[str],
    positions: list[int],
    alloc: Callable[[int], object],
    /,
) -> tuple[object, object, object, object, object]: ...
def arrow_normalize(
    validity: object | None,
    offsets: object,
    data: object,
    offset: int,
    length: int,
    wide: bool,
    wide_out: bool,
    alloc: Callable[[int], object],
    scheme_level: bool,
    ports: tuple[tuple[str, str], ...],
    http_like: tuple[str, ...],
    fallback: Callable[[str], str | None],
    /,
) -> tuple[object | None, object, object, int] | None: ...
def arrow_resolve(
    validity: object | None,
    offsets: object,
    data: object,
    offset: int,
    length: int,
    wide: bool,
    wide_out: bool,
    alloc: Callable[[int], object],
    strict: bool,
    fallback: Callable[[str, str], str | None],
    base: str | tuple[object | None, object, object, int, bool],
    /,
) -> tuple[object | None, object, object, int] | None: ...
def arrow_canonical(
    validity: object | None,
    offsets: object,
    data: object,
    offset: int,
    length: int,
    wide: bool,
    wide_out: bool,
    alloc: Callable[[int], object],
    mode: int,
    fallback: Callable[[str], str | None],
    /,
) -> tuple[object | None, object, object, int] | None: ...
def arrow_domain(
    validity: object | None,
    offsets: object,
    data: object,
    offset: int,
    length: int,
    wide: bool,
    wide_out: bool,
    alloc: Callable[[int], object],
    table: object,
    private: bool,
    what: int,
    fallback: Callable[[str], str | None],
    /,
) -> tuple[object | None, object, object, int] | None: ...
def iri_stand_in(text: str, /) -> str | None: ...
def iri_pct_encode(text: str, /) -> str | None: ...

# extraction scanner
def extract_scan(
    text: str,
    pos: int,
    last_end: int,
    prose: frozenset[str],
    iris: bool,
    abbreviated: bool,
    extracted_type: type[_T],
    max_items: int,
    /,
) -> tuple[list[_T], int]: ...

# canonical forms: the common case of semantic and surt
def canonical_fast(text: str, mode: int, /) -> str | None: ...

# domains: the Public Suffix List lookup (a table compiled once, its lookup)
def psl_table(nodes: tuple[tuple[bytes, int], ...], /) -> object: ...
def psl_lookup(table: object, host: str, private: bool, what: int, /) -> object: ...
