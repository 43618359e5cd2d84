"""Resolution and relativization of IRI references (RFC 3987 section 6.5: RFC 3986
section 5.2, unchanged, on IRIs).

ASCII arguments are URIs and go to the core (in C when built); the rest are
split by the IRI rules and resolved by the core's section 5.2 on their parts.

>>> resolve("http://例え.jp/a/b/c", "../d")
'http://例え.jp/a/d'
"""

from __future__ import annotations

from ..core._errors import URIError
from ..core._resolution import Parts, recompose, relativize_parts, resolve_parts
from ..core._resolution import relativize as _uri_relativize
from ..core._resolution import resolve as _uri_resolve
from ._syntax import SCHEME_SPAN, checked, iri_split, parts_of, text_arg

__all__ = ["relativize", "resolve"]


def _base_parts(base: str) -> Parts:
    sp = checked(base)
    if sp[SCHEME_SPAN][0] < 0:
        raise URIError("not-absolute", "base", 0, base)
    return parts_of(base, sp)


def resolve(base: str, reference: str, *, strict: bool = True) -> str:
    """Resolve the IRI ``reference`` against the absolute IRI ``base`` (RFC 3986 5.2,
    which RFC 3987 section 6.5 applies to IRIs unchanged).

    >>> resolve("http://例え.jp/a/b/c", "../d/é?q")
    'http://例え.jp/a/d/é?q'
    """
    base = text_arg("resolve", "base", base)
    reference = text_arg("resolve", "reference", reference)
    if base.isascii() and reference.isascii():
        return _uri_resolve(base, reference, strict=strict)
    ref_parts = parts_of(reference, checked(reference))
    return recompose(resolve_parts(_base_parts(base), ref_parts, strict=strict))


def relativize(base: str, target: str) -> str:
    """The shortest IRI reference ``r`` with ``resolve(base, r) == target``.

    >>> relativize("http://例え.jp/a/b/c", "http://例え.jp/a/d/é")
    '../d/é'
    """
    base = text_arg("relativize", "base", base)
    target = text_arg("relativize", "target", target)
    if base.isascii() and target.isascii():
        return _uri_relativize(base, target)
    return relativize_parts(
        _base_parts(base), parts_of(target, checked(target)), target, _split_iri
    )


def _split_iri(text: str) -> Parts | None:
    sp = iri_split(text)
    return None if sp is None else parts_of(text, sp)
