"""The code behind :mod:`urikit.errors` (the face that documents it)."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Final

__all__ = [
    "REASONS",
    "URIError",
    "arg_type_error",
    "check_codec",
    "check_optional_str",
    "check_str",
    "format_message",
    "unknown_choice",
]

#: Stable reason codes and the message template of each. ``{char}`` is the repr of
#: the offending character, ``{component}`` the component, ``{position}`` the index.
REASONS: dict[str, str] = {
    "invalid-char": "invalid character {char} in {component} at position {position}",
    "bad-percent": (
        "invalid percent-encoding in {component} at position {position}:"
        " expected a hex digit, found {char}"
    ),
    "colon-in-first-segment": (
        "invalid character ':' in first segment of a relative path at position {position}"
        " (a scheme must start with a letter; write './' before a relative path containing ':')"
    ),
    "empty-scheme": "missing scheme before ':' at position {position}",
    "missing-scheme": "missing scheme (expected 'scheme:') at position {position}",
    "scheme-start": "scheme must start with a letter, not {char}, at position {position}",
    "fragment-not-allowed": "fragment not allowed in {component} at position {position}",
    "scheme-not-allowed": "scheme not allowed in a relative reference at position {position}",
    "unterminated-ip-literal": (
        "missing ']' to close the IP literal in {component} at position {position}"
    ),
    "bad-ipv6": "invalid IPv6 address in {component} at position {position}",
    "bad-ipvfuture": "invalid IPvFuture address in {component} at position {position}",
    "after-ip-literal": "invalid character {char} after IP literal at position {position}",
    "double-slash-path": "path cannot begin with '//' without an authority at position {position}",
    "not-absolute": "base URI must be absolute (have a scheme) at position {position}",
    "bad-port": "invalid port {char} at position {position}",
    "bad-decoding": "percent-encoded bytes are not valid {encoding} at position {position}",
    "bad-encoding": "character {char} cannot be encoded as {encoding} at position {position}",
    "bad-value": "invalid {component}: {detail} at position {position}",
    # URNs (RFC 8141 and the rfc2141bis draft); {detail} says what was expected.
    "not-urn": "not a URN: expected the scheme 'urn' at position {position}",
    "missing-separator": "missing {detail} after the {component} at position {position}",
    "empty-component": "empty {component} at position {position}",
    "bad-nid": "invalid NID at position {position}: {detail}",
    "reserved-nid": "reserved NID {detail} at position {position}",
    "nul-not-allowed": "NUL (U+0000 or %00) not allowed in {component} at position {position}",
    "repeated-keyword": "repeated keyword {detail} in {component} at position {position}",
    "bad-urn": "invalid {component} at position {position}: {detail}",
    "namespace-rule": "invalid {component} at position {position}: {detail}",
    "not-resolvable": "cannot resolve {component} at position {position}: {detail}",
    "unknown-scheme": "no handler for the scheme {detail} at position {position}",
    # URIReference.origin(): RFC 6454 gives the reference no scheme://host[:port] origin.
    "no-origin": "no origin: {detail} at position {position}",
    # URI Templates (RFC 6570): a malformed template, or a value its expression refuses.
    "bad-template": "invalid {component} at position {position}: {detail}",
}


def _char_repr(text: str, position: int) -> str:
    if 0 <= position < len(text):
        return repr(text[position])
    return "end of input"


def quoted(text: str | None, limit: int = 200, *, bare: bool = False) -> str:
    """``text`` as an error message quotes a value it did not make: its ``repr``
    (so that control and invisible characters show; ``None`` for an absent
    component), the first ``limit`` characters only of a longer one, saying so.

    ``bare=True`` leaves a short text that is all printable as it is, without
    quotes (for a sentence someone else wrote, such as an exception's text).

    >>> quoted("a\\tb"), quoted(None), quoted("x" * 300, limit=5)
    ("'a\\\\tb'", 'None', "'xxxxx' (first 5 of 300 characters)")
    >>> quoted("Connection refused", bare=True), quoted("a\\tb", bare=True)
    ('Connection refused', "'a\\\\tb'")
    """
    if text is None or len(text) <= limit:
        return text if bare and text is not None and text.isprintable() else repr(text)
    return f"{text[:limit]!r} (first {limit} of {len(text)} characters)"


def format_message(
    reason: str,
    component: str,
    position: int,
    text: str,
    *,
    encoding: str = "utf-8",
    detail: str = "",
) -> str:
    """Word an error. The single place where messages are made.

    >>> format_message("invalid-char", "query", 2, "?a b")
    "invalid character ' ' in query at position 2"
    >>> format_message("bad-percent", "path", 3, "a%2")
    'invalid percent-encoding in path at position 3: expected a hex digit, found end of input'
    """
    if reason == "invalid-char" and position >= len(text):
        return f"unexpected end of input in {component} at position {position}"
    template = REASONS.get(reason, "invalid {component} at position {position}")
    return template.format(
        char=_char_repr(text, position),
        component=component,
        position=position,
        encoding=encoding,
        detail=detail,
    )


class URIError(ValueError):
    """Raised for any text that is not what the RFC grammar allows.

    Attributes:
        reason: a stable code from :data:`REASONS` (``"invalid-char"``, ...).
        component: the URI component at fault (``"scheme"``, ``"userinfo"``,
            ``"host"``, ``"port"``, ``"path"``, ``"query"``, ``"fragment"``, or a
            higher-level name such as ``"nid"``).
        position: 0-based index of the first offending character in ``text``
            (``len(text)`` when the input ended too early).
        text: the input that was rejected.
        detail: the ``detail`` the message was worded with (``""`` if none).

    The message (``str(err)``, ``err.args``, ``repr(err)``) is worded by
    :func:`format_message` from these fields on first use, not when the error is
    made: code that catches the error and goes on (``is_valid``-style loops, batch
    rows) never pays for wording it.

    >>> err = URIError("bad-port", "port", 9, "http://h:x/")
    >>> err.args
    ("invalid port 'x' at position 9",)
    >>> err
    URIError("invalid port 'x' at position 9")
    """

    # The fields are slots (an exception's __dict__, made on its first attribute,
    # would cost as much as the rest of raising it); ``_unworded`` is the encoding
    # to word the message with while it is still to be made (None, or unset for an
    # error made without URIError.__init__, once ``args`` holds it). Subclasses'
    # own attributes and notes go to the __dict__ every exception has. The C
    # parse (urikit.core._speedups.set_error_type) makes URIError(reason, component,
    # position, text) without calling this class: it fills these six slots as
    # __init__ does, so what __init__ stores must change there too
    # (tests/core/test_builds_agree.py compares the two builds' errors).
    __slots__ = ("_unworded", "component", "detail", "position", "reason", "text")

    _unworded: str | None
    reason: str
    component: str
    position: int
    text: str
    detail: str

    def __init__(
        self,
        reason: str,
        component: str,
        position: int,
        text: str,
        *,
        message: str | None = None,
        encoding: str = "utf-8",
        detail: str = "",
    ) -> None:
        # BaseException.__init__ is not called: ``args`` are set when the message is
        # made (below, or on first use).
        self.reason = reason
        self.component = component
        self.position = position
        self.text = text
        self.detail = detail
        if message is None:
            self._unworded = encoding
        else:
            self._unworded = None
            _set_args(self, (message,))

    def _word(self) -> None:
        """Make the message now, if it is still to be made."""
        encoding = getattr(self, "_unworded", None)
        if encoding is not None:
            message = format_message(
                self.reason,
                self.component,
                self.position,
                self.text,
                encoding=encoding,
                detail=self.detail,
            )
            _set_args(self, (message,))
            self._unworded = None

    @property
    def args(self) -> tuple[object, ...]:
        """``(message,)``, as for any exception made with its message."""
        self._word()
        args: tuple[object, ...] = _ARGS.__get__(self)
        return args

    @args.setter
    def args(self, value: tuple[object, ...]) -> None:
        self._unworded = None
        _set_args(self, value)

    def __str__(self) -> str:
        self._word()
        return ValueError.__str__(self)

    def __repr__(self) -> str:
        self._word()
        return ValueError.__repr__(self)

    def __reduce__(self) -> tuple[object, ...]:
        # The message and every attribute (the fields and those of subclasses) travel;
        # the class is rebuilt without calling its ``__init__``, whose signature
        # subclasses may change (BaseException.__setstate__ sets each attribute).
        state = {name: getattr(self, name) for name in _FIELDS if hasattr(self, name)}
        state.update(self.__dict__)
        return (_rebuild, (type(self), str(self)), state)


#: The fields of every URIError, kept in its slots.
_FIELDS: Final = ("reason", "component", "position", "text", "detail")


#: The descriptor that stores every exception's ``args`` (URIError's property wraps it).
_ARGS: Final = BaseException.__dict__["args"]


def _set_args(err: BaseException, args: tuple[object, ...]) -> None:
    _ARGS.__set__(err, args)


def _rebuild(cls: type[URIError], message: str) -> URIError:
    return cls.__new__(cls, message)


def fields_of(err: URIError) -> tuple[str, str, int, str]:
    """``err``'s reason, component, position and text, in ``URIError``'s order: the
    first arguments of an error that says the same with other words.

    >>> err = URIError("bad-port", "port", 9, "http://h:x/")
    >>> str(URIError(*fields_of(err), message=f"the base: {err}"))
    "the base: invalid port 'x' at position 9"
    """
    return err.reason, err.component, err.position, err.text


def arg_type_error(func: str, param: str, expected: str, value: object) -> TypeError:
    """The ``TypeError`` for an argument of the wrong type, worded in one way.

    >>> arg_type_error("resolve", "base", "str", b"x")
    TypeError("resolve() argument 'base' must be str, not bytes")
    """
    return TypeError(f"{func}() argument {param!r} must be {expected}, not {type(value).__name__}")


def unknown_choice(what: str, value: object, choices: Iterable[object]) -> ValueError:
    """The ``ValueError`` for a parameter given none of its choices, worded in one way.

    ``what`` names the parameter (``"level"``, ``"rule"``, ...); ``choices`` are
    listed by their ``repr``, in the order given.

    >>> unknown_choice("level", "x", ("syntax", "scheme"))
    ValueError("unknown level 'x'; expected one of 'syntax', 'scheme'")
    """
    expected = ", ".join(repr(choice) for choice in choices)
    return ValueError(f"unknown {what} {value!r}; expected one of {expected}")


def check_str(value: object, func: str, param: str) -> None:
    """Raise :func:`arg_type_error` unless ``value`` is a ``str``.

    Hot paths test ``type(value) is not str`` themselves and call this only then.

    >>> check_str("a", "parse", "text")
    >>> check_str(None, "parse", "text")
    Traceback (most recent call last):
    TypeError: parse() argument 'text' must be str, not NoneType
    """
    if not isinstance(value, str):
        raise arg_type_error(func, param, "str", value)


def check_codec(encoding: object, errors: object, func: str) -> None:
    """:func:`check_str` of a decoding accessor's ``encoding`` and ``errors``.

    >>> check_codec("utf-8", 0, "decoded_path")
    Traceback (most recent call last):
    TypeError: decoded_path() argument 'errors' must be str, not int
    """
    if type(encoding) is not str or type(errors) is not str:
        check_str(encoding, func, "encoding")
        check_str(errors, func, "errors")


def check_optional_str(value: object, func: str, param: str) -> None:
    """Like :func:`check_str`, but ``None`` is allowed too.

    >>> check_optional_str(1, "with_query", "query")
    Traceback (most recent call last):
    TypeError: with_query() argument 'query' must be str or None, not int
    """
    if value is not None and not isinstance(value, str):
        raise arg_type_error(func, param, "str or None", value)
