"""URIError: a ValueError with position, component, reason, and one way to word it."""

from __future__ import annotations

import copy
import pickle
import traceback
from collections.abc import Callable

import pytest

import urikit
from urikit.core import _errors as errors
from urikit.errors import REASONS, URIError, format_message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("http://h/abc d", "invalid character ' ' in path at position 12"),
        ("http://exa mple.com/", "invalid character ' ' in host at position 10"),
        ("http://h:8x/", "invalid character 'x' in port at position 10"),
        ("http://u\x00@h/", "invalid character '\\x00' in userinfo at position 8"),
        ("?a\u00e9", "invalid character 'é' in query at position 2"),
        ("#a#", "invalid character '#' in fragment at position 2"),
        (
            "/a%2",
            "invalid percent-encoding in path at position 4: expected a hex digit,"
            " found end of input",
        ),
        (
            "/a%zz",
            "invalid percent-encoding in path at position 3: expected a hex digit, found 'z'",
        ),
        (
            "a:b:c d",
            "invalid character ' ' in path at position 5",
        ),
        (
            "1a:b",
            "invalid character ':' in first segment of a relative path at position 2"
            " (a scheme must start with a letter; write './' before a relative path"
            " containing ':')",
        ),
        ("//[::1", "missing ']' to close the IP literal in host at position 6"),
        ("//[::1]x", "invalid character 'x' after IP literal at position 7"),
        ("//[::g]", "invalid IPv6 address in host at position 5"),
        ("//[v1]", "invalid IPvFuture address in host at position 5"),
    ],
)
def test_messages(text: str, message: str) -> None:
    with pytest.raises(URIError) as info:
        urikit.parse(text)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("text", "rule", "message"),
    [
        ("/a", "URI", "scheme must start with a letter, not '/', at position 0"),
        (":a", "URI", "missing scheme before ':' at position 0"),
        ("", "URI", "unexpected end of input in scheme at position 0"),
        ("ab", "URI", "unexpected end of input in scheme at position 2"),
        ("a:b#c", "absolute-URI", "fragment not allowed in absolute-URI at position 3"),
    ],
)
def test_messages_by_rule(text: str, rule: str, message: str) -> None:
    with pytest.raises(URIError) as info:
        urikit.parse(text, rule)
    assert str(info.value) == message


def test_other_messages() -> None:
    with pytest.raises(URIError) as info:
        urikit.resolve("/base", "g")
    assert str(info.value) == "base URI must be absolute (have a scheme) at position 0"
    with pytest.raises(URIError) as info:
        urikit.percent_encode("a\ud800")
    assert str(info.value) == "character '\\ud800' cannot be encoded as utf-8 at position 1"
    with pytest.raises(URIError) as info:
        urikit.percent_decode("%C3")
    assert str(info.value) == "percent-encoded bytes are not valid utf-8 at position 0"


def test_attributes_and_type() -> None:
    err = URIError("invalid-char", "path", 12, "http://h/abc d")
    assert isinstance(err, ValueError)
    assert (err.reason, err.component, err.position, err.text) == (
        "invalid-char",
        "path",
        12,
        "http://h/abc d",
    )
    assert str(err) == "invalid character ' ' in path at position 12"
    custom = URIError("invalid-char", "path", 0, "x", message="custom")
    assert str(custom) == "custom"
    assert custom.position == 0


def test_pickle_and_copy_keep_everything() -> None:
    with pytest.raises(URIError) as info:
        urikit.parse("http://h:8x/")
    err = info.value
    for clone in (pickle.loads(pickle.dumps(err)), copy.copy(err), copy.deepcopy(err)):
        assert isinstance(clone, URIError)
        assert (clone.reason, clone.component, clone.position, clone.text) == (
            err.reason,
            err.component,
            err.position,
            err.text,
        )
        assert str(clone) == str(err)


@pytest.mark.parametrize("reason", sorted(REASONS))
def test_every_reason_can_be_worded(reason: str) -> None:
    for text, position in (("abc", 1), ("abc", 3), ("", 0), ("\ud800", 0)):
        message = format_message(reason, "path", position, text, detail="d")
        assert f"position {position}" in message
        assert "{" not in message


def test_end_of_input_wording() -> None:
    assert format_message("invalid-char", "query", 2, "?a") == (
        "unexpected end of input in query at position 2"
    )
    assert format_message("unknown-reason", "query", 1, "?a") == ("invalid query at position 1")


def _fields(err: URIError) -> tuple[object, ...]:
    return (type(err), str(err), err.reason, err.component, err.position, err.text, err.detail)


class Custom(URIError):
    """A third-party subclass with its own constructor and attribute."""

    def __init__(self, where: int) -> None:
        super().__init__("bad-value", "port", where, "h:99999", detail="too big")
        self.extra = where * 2


def test_pickle_keeps_every_field_of_every_error_class() -> None:
    from urikit.urn import NSSError

    errors: list[URIError] = [
        URIError("bad-value", "port", 3, "h:99999", detail="above 65535"),
        URIError("invalid-char", "path", 0, "x", message="custom"),
        NSSError("ISBN check digit", 4, "0-395"),
        NSSError("digits only"),
        Custom(5),
    ]
    err = URIError("bad-value", "port", 1, "ab", detail="d")
    err.add_note("a note")
    errors.append(err)
    for err in errors:
        for clone in (pickle.loads(pickle.dumps(err)), copy.copy(err), copy.deepcopy(err)):
            assert _fields(clone) == _fields(err)
            assert clone.__dict__ == err.__dict__
    assert pickle.loads(pickle.dumps(errors[2])).offset == 4
    assert pickle.loads(pickle.dumps(errors[4])).extra == 10


def test_nss_error_is_a_uri_error() -> None:
    from urikit.urn import NSSError, namespaces

    with pytest.raises(URIError) as info:
        namespaces.check("isbn", "0-395-36341-2")
    err = info.value
    assert isinstance(err, NSSError) and isinstance(err, ValueError)
    assert (err.reason, err.component, err.position) == ("namespace-rule", "nss", err.offset)
    assert str(err) == err.detail == "ISBN-10 check digit is '2' but should be '1'"


@pytest.mark.parametrize(
    ("func", "text"),
    [
        ("isbn10_to_isbn13", "abc"),
        ("isbn10_to_isbn13", ""),
        ("isbn10_to_isbn13", "0-395-36341-2"),
        ("isbn10_to_isbn13", "978-0-395-36341-6"),
        ("isbn10_to_isbn13", "1" * 5000),
        ("isbn13_to_isbn10", "x"),
        ("isbn13_to_isbn10", "0-395-36341-1"),
        ("isbn13_to_isbn10", "978-0-395-36341-8"),
    ],
)
def test_isbn_conversions_raise_uri_error(func: str, text: str) -> None:
    # Not int()'s bare ValueError for "abc", nor garbage out for the rest.
    import urikit.urn

    with pytest.raises(urikit.URIError) as info:
        getattr(urikit.urn, func)(text)
    assert isinstance(info.value, urikit.urn.NSSError)
    assert info.value.text == text or info.value.text == ""


@pytest.mark.parametrize("text", ["http://h/a b", "a%zz", "http://[::1/", "1x:y"])
def test_diagnosed_errors_carry_no_traceback(text: str) -> None:
    # A returned (not raised) error keeps no traceback: its frames would hold the
    # caller's locals in a reference cycle (batch and Arrow paths diagnose many).
    from urikit.core._parser import diagnose, find_error

    err = find_error(text)
    assert err is not None and err.__traceback__ is None
    assert diagnose(text).__traceback__ is None


# --- the message is worded on first use ---------------------------------------


def test_the_message_is_worded_on_first_use(monkeypatch: pytest.MonkeyPatch) -> None:
    # An error that is caught and dropped never pays for its message.
    calls: list[tuple[object, ...]] = []
    real = errors.format_message

    def counting(*args: object, **kwargs: object) -> str:
        calls.append(args)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(errors, "format_message", counting)
    for text in ("http://h/a b", "http://[::1/", "a:b#c"):
        with pytest.raises(URIError):
            urikit.parse(text, "absolute-URI" if text == "a:b#c" else "URI-reference")
    assert calls == []
    with pytest.raises(URIError) as info:
        urikit.parse("http://h/a b")
    err = info.value
    assert str(err) == "invalid character ' ' in path at position 10"
    assert err.args == ("invalid character ' ' in path at position 10",)
    assert repr(err) == """URIError("invalid character ' ' in path at position 10")"""
    assert len(calls) == 1  # once, then kept


def _exception_line(err: BaseException) -> str:
    return "".join(traceback.format_exception_only(type(err), err)).strip()


READERS: dict[str, Callable[[URIError], object]] = {
    "str": str,
    "args": lambda err: err.args,
    "repr": repr,
    "pickle": lambda err: str(pickle.loads(pickle.dumps(err))),
    "copy": lambda err: str(copy.copy(err)),
    "traceback": _exception_line,
}


@pytest.mark.parametrize("read", sorted(READERS))
def test_every_way_of_reading_the_message_gives_it(read: str) -> None:
    # Each reader first, on a fresh error, then the others: all see the message.
    def made() -> list[URIError]:
        from urikit.urn import NSSError

        return [
            URIError("invalid-char", "path", 12, "http://h/abc d"),
            URIError("bad-encoding", "path", 1, "a\ud800", encoding="latin-1"),
            URIError("bad-value", "port", 3, "h:99999", detail="above 65535"),
            URIError("invalid-char", "path", 0, "x", message="custom"),
            NSSError("digits only", 2, "12a"),
            Custom(5),
        ]

    messages = [
        "invalid character ' ' in path at position 12",
        "character '\\ud800' cannot be encoded as latin-1 at position 1",
        "invalid port: above 65535 at position 3",
        "custom",
        "digits only",
        "invalid port: too big at position 5",
    ]
    for err, message in zip(made(), messages, strict=True):
        first = READERS[read](err)
        expected = {
            "str": message,
            "args": (message,),
            "repr": f"{type(err).__name__}({message!r})",
            "pickle": message,
            "copy": message,
            "traceback": f"{type(err).__module__}.{type(err).__qualname__}: {message}",
        }
        assert first == expected[read], (read, err.reason)
        assert (str(err), err.args, repr(err)) == (
            message,
            (message,),
            f"{type(err).__name__}({message!r})",
        )


def test_args_can_be_set_and_an_error_made_without_init_keeps_its_message() -> None:
    err = URIError("invalid-char", "path", 12, "http://h/abc d")
    err.args = ("replaced", 1)
    assert err.args == ("replaced", 1) and str(err) == "('replaced', 1)"
    bare = URIError.__new__(URIError, "only a message")
    assert str(bare) == "only a message" and bare.args == ("only a message",)
    clone = pickle.loads(pickle.dumps(bare))
    assert type(clone) is URIError and clone.args == ("only a message",)
    assert not hasattr(clone, "reason")
