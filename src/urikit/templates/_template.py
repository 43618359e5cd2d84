"""The :class:`Template` object and :func:`expand`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..core._errors import check_str
from ._expand import compile_expression, expand_compiled, expand_expression, runner, value_kind
from ._syntax import OPERATORS, Expression, Part, encode_literal, parse

if TYPE_CHECKING:
    from ._match import Matcher

__all__ = ["Template", "expand"]


def _merged(
    variables: Mapping[str, Any] | None, more: dict[str, Any], where: str
) -> Mapping[str, Any]:
    if variables is None:
        return more
    if not isinstance(variables, Mapping):
        raise TypeError(
            f"{where}() argument 'variables' must be a mapping, not {type(variables).__name__}"
        )
    if more:
        return {**variables, **more}
    return variables


class Template:
    """An RFC 6570 URI Template, read once; immutable.

    >>> t = Template("https://api.example/users/{user}/repos{?page,per_page}")
    >>> t.variables
    ('user', 'page', 'per_page')
    >>> t.expand(user="octo cat", page=2)
    'https://api.example/users/octo%20cat/repos?page=2'
    >>> t.expand({"user": "x", "per_page": "10"})
    'https://api.example/users/x/repos?per_page=10'
    >>> t.match("https://api.example/users/octo%20cat/repos?page=2")
    {'user': 'octo cat', 'page': '2'}
    >>> t.partial(user="x")
    Template('https://api.example/users/x/repos{?page,per_page}')

    A malformed template raises :class:`~urikit.URIError` naming the position:

    >>> Template("/users/{user")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    urikit.errors.URIError: invalid template at position 12: missing '}' to close ...
    """

    __slots__ = ("_bound", "_encoded", "_matcher", "_parts", "_run", "_text", "_variables")

    _text: str
    _parts: tuple[Part, ...]
    _encoded: tuple[str | Callable[[Mapping[str, Any]], str], ...]
    _run: Callable[[Mapping[str, Any]], str]
    _bound: Mapping[str, Any]
    _variables: tuple[str, ...]
    _matcher: Matcher | None

    def __init__(self, text: str) -> None:
        if type(text) is not str:
            check_str(text, "Template", "text")
        parts = tuple(parse(text))
        self._setup(text, parts, {})

    def _setup(self, text: str, parts: tuple[Part, ...], bound: Mapping[str, Any]) -> None:
        set_ = object.__setattr__
        set_(self, "_text", text)
        set_(self, "_parts", parts)
        set_(self, "_encoded", _compiled(parts, text))
        set_(self, "_run", runner(self._encoded))
        set_(self, "_bound", bound)
        names: dict[str, None] = {}
        for part in parts:
            if isinstance(part, Expression):
                for spec in part.varspecs:
                    if spec.name not in bound:
                        names[spec.name] = None
        set_(self, "_variables", tuple(names))
        set_(self, "_matcher", None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Template is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Template is immutable: cannot delete {name!r}")

    @property
    def text(self) -> str:
        """The template as written.

        >>> Template("{+base}{/path*}").text
        '{+base}{/path*}'
        """
        return self._text

    @property
    def variables(self) -> tuple[str, ...]:
        """The names of the template's variables, in the order they first appear
        (less those that :meth:`partial` has bound).

        >>> Template("{x}/{y}{?x,z}").variables
        ('x', 'y', 'z')
        """
        return self._variables

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        if self._bound:
            return f"Template({self._text!r}, bound={dict(self._bound)!r})"
        return f"Template({self._text!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Template):
            return NotImplemented
        return self._text == other._text and dict(self._bound) == dict(other._bound)

    def __hash__(self) -> int:
        return hash((self._text, tuple(sorted(self._bound))))

    def __reduce__(self) -> tuple[Any, ...]:
        if self._bound:
            return (_rebuilt, (self._text, dict(self._bound)))
        return (Template, (self._text,))

    def expand(self, variables: Mapping[str, Any] | None = None, /, **more: Any) -> str:
        """The URI reference the template gives with these values (section 3).

        Values come as a mapping, as keywords, or both (a keyword wins); a
        string, a list of strings or a mapping of strings (``int`` and
        ``float`` are written as ``str()`` writes them); ``None``, ``[]`` and
        ``{}`` are undefined (section 2.3).

        >>> Template("{/path*}{?q*}").expand(path=["a", "b c"], q={"x": "1", "y": ""})
        '/a/b%20c?x=1&y='
        >>> Template("{?keys:1}").expand(keys={"a": "b"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        urikit.errors.URIError: invalid template at position 6: the prefix ':1' applies ...
        """
        if variables.__class__ is dict and not more:
            values: Mapping[str, Any] = variables
        else:
            values = _merged(variables, more, "expand")
        if self._bound:
            values = {**values, **self._bound}
        return self._run(values)

    def partial(self, variables: Mapping[str, Any] | None = None, /, **more: Any) -> Template:
        """The template with these values expanded where they can be, the other
        variables left as template (``None`` says a variable is undefined).

        An expression whose variables are all given becomes literal text; one
        with ``/ . ; ? &`` whose first variables are given is split, the rest
        continuing it (``{?a,b}`` with ``a`` given is ``?a=1{&b}``). A value the
        text cannot hold (a given ``a`` in ``{a,b}``, where the ``,`` depends on
        ``b``) stays bound to the template, which :meth:`expand` uses.

        >>> t = Template("/{org}/{repo}/issues{?state,labels}")
        >>> t.partial(org="python", state="open")
        Template('/python/{repo}/issues?state=open{&labels}')
        >>> _.expand(repo="cpython")
        '/python/cpython/issues?state=open'
        >>> Template("{a,b}").partial(a="1")
        Template('{a,b}', bound={'a': '1'})
        """
        values = _merged(variables, more, "partial")
        bound = dict(self._bound)
        pieces: list[str] = []
        for part in self._parts:
            if isinstance(part, str):
                pieces.append(part)
                continue
            pieces.append(_partial(part, values, bound, self._text))
        text = "".join(pieces)
        result = object.__new__(Template)
        result._setup(text, tuple(parse(text)), bound)
        return result

    def match(self, uri: str) -> dict[str, Any] | None:
        """The variables that expand the template to ``uri``, or ``None``.

        The answer expands to ``uri`` again (it is checked); the rules of what
        is read how are in :mod:`urikit.templates`. A template whose expansions
        cannot be told apart (``{a}{b}``) raises :class:`~urikit.URIError`,
        naming the expression.

        >>> Template("/repos{/owner,repo}/contents{/path*}{?ref}").match(
        ...     "/repos/python/cpython/contents/Lib/json?ref=main")
        {'owner': 'python', 'repo': 'cpython', 'path': ['Lib', 'json'], 'ref': 'main'}
        >>> Template("/users/{id}").match("/groups/1") is None
        True
        >>> Template("{a}{b}").match("xy")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        urikit.errors.URIError: invalid template at position 3: cannot match: ...
        """
        if type(uri) is not str:
            check_str(uri, "match", "uri")
        matcher = self._matcher
        if matcher is None:
            from ._match import compile_matcher

            matcher = compile_matcher(self._parts, self._text)
            object.__setattr__(self, "_matcher", matcher)
        found = matcher.match(uri)
        if found is None or not self._bound:
            return found
        for name, value in self._bound.items():
            if found.get(name, value) != value:
                return None
            found.pop(name, None)
        return found


def _rebuilt(text: str, bound: dict[str, Any]) -> Template:
    result = object.__new__(Template)
    result._setup(text, tuple(parse(text)), bound)
    return result


_CONTINUES = {"?": "&", "&": "&", ".": ".", "/": "/", ";": ";"}


def _partial(expr: Expression, values: Mapping[str, Any], bound: dict[str, Any], text: str) -> str:
    """One expression under :meth:`Template.partial`: literal text, an expression,
    or both; values it cannot place go to ``bound``."""
    specs = expr.varspecs
    known = [spec.name in values for spec in specs]
    if not any(known):
        return expr.text()
    lead = 0
    while lead < len(specs) and known[lead]:
        lead += 1
    op = expr.operator
    head = Expression(op, specs[:lead], expr.start, expr.end)
    done = expand_expression(head, values, text) if lead else ""
    rest = specs[lead:]
    if "'" not in done:  # a literal cannot hold "'" (sub-delims, kept by + and #)
        if not rest:
            return done
        defined = any(value_kind(values[s.name], s, text) is not None for s in specs[:lead])
        if not defined or op.char in _CONTINUES:
            next_op = OPERATORS[_CONTINUES[op.char]] if defined else op
            for spec in rest:
                if spec.name in values:
                    bound[spec.name] = values[spec.name]
            return done + Expression(next_op, rest, expr.start, expr.end).text()
    for spec in specs:
        if spec.name in values:
            bound[spec.name] = values[spec.name]
    return expr.text()


def _compiled(
    parts: tuple[Part, ...], text: str
) -> tuple[str | Callable[[Mapping[str, Any]], str], ...]:
    return tuple(
        encode_literal(p) if isinstance(p, str) else compile_expression(p, text) for p in parts
    )


_CACHE: dict[str, tuple[str | Callable[[Mapping[str, Any]], str], ...]] = {}
_CACHE_LIMIT = 512


def expand(
    template: str | Template, variables: Mapping[str, Any] | None = None, /, **more: Any
) -> str:
    """Expand ``template`` (text or a :class:`Template`) with ``variables``.

    The text is read once and kept (the last few hundred templates), so a loop
    over the same template pays for its parsing once.

    >>> expand("{+base}/users/{id}{?fields*}", {"base": "https://h/v1", "id": 7,
    ...        "fields": ["name", "email"]})
    'https://h/v1/users/7?fields=name&fields=email'
    >>> expand("{x,y}", x="1024", y="768")
    '1024,768'
    """
    if isinstance(template, Template):
        return template.expand(variables, **more)
    values = _merged(variables, more, "expand")
    parts = _CACHE.get(template) if type(template) is str else None
    if parts is None:
        if type(template) is not str:
            check_str(template, "expand", "template")
        parts = _compiled(tuple(parse(template)), template)
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        _CACHE[template] = parts
    return expand_compiled(parts, values)
