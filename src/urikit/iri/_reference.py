"""``IRIReference`` and :func:`parse` / :func:`is_valid`: the RFC 3987 section 2.2 rules.

An IRI reference is the core's :class:`~urikit.URIReference` with another
codec (``iri._editing``): building and editing are the core's methods, and
only parsing (``iri._syntax``), repr and the operations that return an IRI
(resolution, normalization, the URI mapping) are written here. In the C build
:func:`parse` and :func:`is_valid` are the core's kernels for ASCII text.

>>> ref = parse("http://例え.jp/a/b")
>>> type(ref).__name__, ref.host, str(ref.resolve("../パス"))
('IRIReference', '例え.jp', 'http://例え.jp/パス')
"""

from __future__ import annotations

from ..core._accel import C_BUILD, accelerate
from ..core._errors import URIError, check_str
from ..core._parser import diagnose, split
from ..core._reference import URIReference
from ..core._reference import is_valid as _uri_is_valid
from ..core._reference import parse as _uri_parse
from ..core._schemeinfo import SchemeRegistry
from ._conversion import to_uri
from ._editing import IRI_CODEC
from ._equivalence import normalize
from ._resolution import relativize, resolve
from ._syntax import _reword, checked, iri_split, text_arg, uri_rule_of

__all__ = ["IRIReference", "is_valid", "parse"]


class IRIReference(URIReference):
    """An RFC 3987 IRI-reference: an IRI or a relative IRI reference.

    The same object as :class:`~urikit.URIReference` (components as written,
    ``None`` vs ``""``, immutable, ``with_*()`` copies), whose components may
    hold ``ucschar`` and, in the query, ``iprivate`` characters.

    >>> ref = IRIReference("http://Bücher.example/straße?x")
    >>> ref.host, ref.path, str(ref.with_path("/weg"))
    ('Bücher.example', '/straße', 'http://Bücher.example/weg?x')
    >>> str(ref.to_uri(idna=True))
    'http://xn--bcher-kva.example/stra%C3%9Fe?x'

    :meth:`build` (decoded values) and :meth:`from_components` (encoded ones)
    are the core's; characters an IRI allows as they are (``ucschar``;
    ``iprivate`` in the query) stay unencoded, and are checked as IRI characters:

    >>> str(IRIReference.build(scheme="http", host="例え.jp", path="/a b/ü", query="q=値"))
    'http://例え.jp/a%20b/ü?q=値'
    >>> str(IRIReference.from_components(scheme="http", host="例え.jp", path="/パス"))
    'http://例え.jp/パス'
    >>> IRIReference.from_components(path="/\\ue000")
    Traceback (most recent call last):
    urikit.errors.URIError: invalid character '\\ue000' in path at position 1
    """

    __slots__ = ()

    # Building and editing (build, from_components, with_*(), joinpath, update_query
    # ...) are the core's methods, returning IRIReference: this codec is what they
    # check and write components with, keeping the IRI characters (iri._editing).
    _codec = IRI_CODEC

    def __init__(self, text: str, rule: str = "IRI-reference") -> None:
        """Parse ``text``; same as :func:`parse`."""
        text = text_arg("IRIReference", "text", text)
        if type(rule) is not str:
            check_str(rule, "IRIReference", "rule")
        sp = checked(text, rule)
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_sp", sp)

    def __repr__(self) -> str:
        return f"IRIReference({self._text!r})"

    # -- operations on IRIs (RFC 3987 section 6.5: as on URIs) -----------------------

    def resolve(
        self, reference: str | URIReference, *, strict: bool = True, rules: str = "rfc3986"
    ) -> IRIReference:
        """Resolve ``reference`` against this IRI (RFC 3986 section 5.2 on IRIs).

        >>> str(parse("http://例え.jp/a/b").resolve("../パス"))
        'http://例え.jp/パス'
        """
        reference = text_arg("IRIReference.resolve", "reference", reference)
        if type(rules) is not str:
            check_str(rules, "IRIReference.resolve", "rules")
        if rules != "rfc3986":
            raise ValueError("IRIs are resolved by RFC 3986 section 5.2 only (rules='rfc3986')")
        return parse(resolve(self._text, reference, strict=strict))

    def relativize(self, target: str | URIReference) -> IRIReference:
        """The shortest IRI reference that resolves against this base to ``target``."""
        return parse(relativize(self._text, text_arg("IRIReference.relativize", "target", target)))

    def normalize(
        self, level: str = "scheme", *, registry: SchemeRegistry | None = None
    ) -> IRIReference:
        """The normal form at ``level`` of the RFC 3987 section 5.3 ladder
        (``registry``: the scheme facts of level "scheme", as in the core)."""
        if type(level) is not str:
            check_str(level, "IRIReference.normalize", "level")
        return parse(normalize(self._text, level, registry=registry))

    def to_uri(self, *, idna: bool = False) -> URIReference:
        """The URI this IRI maps to (RFC 3987 section 3.1), see :func:`to_uri`."""
        return _uri_parse(to_uri(self._text, idna=idna))


def _ascii_error(text: str, uri_rule: str, located: tuple[str, str, int] | None = None) -> URIError:
    """The error of an ASCII text: the core's, in the IRI rules' words (``located``:
    as for :func:`urikit.core._parser.diagnose`)."""
    return _reword(diagnose(text, uri_rule, located), text)


def _parse(text: str, rule: str) -> IRIReference:
    """:func:`parse` after the fast path: any text, any rule."""
    if type(text) is not str:
        check_str(text, "parse", "text")
        text = str(text)
    if type(rule) is not str:
        check_str(rule, "parse", "rule")
    uri_rule = uri_rule_of(rule)
    if text.isascii():
        # An ASCII IRI is a URI: the core's split (in C when built) gives its spans.
        sp = split(text, uri_rule)
        if sp is None:
            raise _ascii_error(text, uri_rule)
        return IRIReference._new(text, sp)
    return IRIReference._new(text, checked(text, rule))


def parse(text: str, rule: str = "IRI-reference") -> IRIReference:
    """Parse ``text`` as the RFC 3987 ``rule`` ("IRI-reference" by default).

    ``rule`` is one of "IRI-reference", "IRI", "absolute-IRI", "irelative-ref".
    Raises :class:`~urikit.URIError` naming the component, reason and 0-based
    position of the first offending character.

    >>> parse("http://例え.jp/パス").host
    '例え.jp'
    >>> parse("http://例え.jp/パス#\\ue000")
    Traceback (most recent call last):
    urikit.errors.URIError: invalid character '\\ue000' in fragment at position 16
    """
    if rule == "IRI-reference" and type(text) is str and text.isascii():
        # The fast path: an ASCII IRI-reference is a URI-reference with the same
        # components and the same error (in the IRI rules' words). In the C build
        # this whole branch is the core's parse kernel building an IRIReference
        # (bound at the end of this module).
        sp = split(text)
        if sp is None:
            raise _ascii_error(text, "URI-reference")
        return IRIReference._new(text, sp)
    return _parse(text, rule)


def is_valid(text: str, rule: str = "IRI-reference") -> bool:
    """True when ``text`` matches the RFC 3987 section 2.2 ``rule``.

    >>> is_valid("http://例え.jp/パス"), is_valid("http://h/\\ue000"), is_valid("http://h/?\\ue000")
    (True, False, True)
    >>> is_valid("パス", rule="irelative-ref"), is_valid("パス", rule="IRI")
    (True, False)
    """
    if type(text) is not str or type(rule) is not str:
        check_str(text, "is_valid", "text")
        check_str(rule, "is_valid", "rule")
    uri_rule = uri_rule_of(rule)
    if text.isascii():
        return _uri_is_valid(text, uri_rule)
    return iri_split(text, rule) is not None


# The C twin of parse (see urikit.core._speedups): the core's parse kernel building
# IRIReference, a URIReference subclass with the same two slots, for ASCII text
# under the default rule; every other call goes to the Python parse above, and
# an invalid ASCII text's error is _ascii_error's, as in Python.
if C_BUILD:
    parse = accelerate("parse", parse, diagnose=_ascii_error, subtype=IRIReference)
    # The C twin of is_valid, for ASCII text under the default rule (the core's
    # is_valid kernel: an ASCII IRI-reference is a URI-reference); ascii_only
    # sends every other call to the Python is_valid above.
    is_valid = accelerate("is_valid", is_valid, ascii_only=True)
