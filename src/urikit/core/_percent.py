"""The code behind :mod:`urikit.percent` (the face that documents it)."""

from __future__ import annotations

from . import _charsets as cs
from ._accel import speedups
from ._errors import URIError, check_str, unknown_choice

# the C kernels this module calls (None in the pure-Python build)
_c_percent_decode = None if speedups is None else speedups.percent_decode
_c_percent_encode = None if speedups is None else speedups.percent_encode

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

__all__ = ["COMPONENT_SAFE", "encode_except", "percent_decode", "percent_encode"]

#: Characters each component may carry literally (never ``%``): everything else is
#: percent-encoded by :func:`percent_encode`.
COMPONENT_SAFE: Final[dict[str, frozenset[str]]] = {
    "userinfo": cs.USERINFO,
    "host": cs.REG_NAME,
    "path": cs.PATH,
    "segment": cs.PCHAR,
    "segment-nz-nc": cs.PCHAR_NC,
    "query": cs.QUERY,
    "fragment": cs.FRAGMENT,
}
# Regular expressions, compiled on first use (``_charsets.compiled``): importing
# costs no ``re``.
_ALL_SAFE_PATTERN: Final = {k: f"[{cs.regex_class(v)}]*+\\Z" for k, v in COMPONENT_SAFE.items()}
_PCT_RUN_PATTERN: Final = f"({cs.PCT_RUN_PATTERN})"
_BAD_PCT_PATTERN: Final = f"%(?![{cs.HEXDIG_CLASS}]{{2}})"
#: Per set of safe characters: byte value -> its text in the output.
_BYTE_TABLES: dict[frozenset[str], tuple[str, ...]] = {}


def encode_except(
    text: str,
    safe: frozenset[str],
    *,
    encoding: str = "utf-8",
    errors: str = "strict",
    component: str = "text",
) -> str:
    """Percent-encode every character of ``text`` but ``safe`` and the unreserved ones.

    The one encoder of urikit: :func:`percent_encode`, the scheme views and the
    query-parameter builder all use it. Characters are encoded as ``encoding``
    bytes, each ``%XX`` with uppercase hex digits (RFC 3986 section 2.1);
    unreserved characters (section 2.3) are never encoded and ``%`` always is.
    A character ``encoding`` cannot represent raises :class:`URIError`
    (``bad-encoding``, naming ``component``) unless ``errors`` says otherwise.

    >>> encode_except("a b&c~%", frozenset("&"))
    'a%20b&c~%25'
    """
    table = _BYTE_TABLES.get(safe)
    if table is None:
        keep = (safe | cs.UNRESERVED) - {"%"}
        table = tuple(chr(b) if chr(b) in keep else f"%{b:02X}" for b in range(256))
        _BYTE_TABLES[safe] = table
    if encoding != "utf-8" and not text.isascii():
        return _encode_by_character(text, table, encoding, errors, component)
    try:
        data = text.encode(encoding, errors)
    except UnicodeEncodeError as exc:
        raise URIError("bad-encoding", component, exc.start, text, encoding=encoding) from None
    return "".join(map(table.__getitem__, data))


def _encode_by_character(
    text: str, table: tuple[str, ...], encoding: str, errors: str, component: str
) -> str:
    """:func:`encode_except` in an encoding other than UTF-8: every byte of a
    non-ASCII character is percent-encoded, so that one whose bytes include ASCII
    ones (Shift_JIS "ア" is 0x83 0x41, "A") reads back as one run of "%XX".

    >>> encode_except("aア", frozenset(), encoding="shift_jis")
    'a%83%41'
    """
    out: list[str] = []
    for k, ch in enumerate(text):
        try:
            data = ch.encode(encoding, errors)
        except UnicodeEncodeError:
            raise URIError("bad-encoding", component, k, text, encoding=encoding) from None
        if ch.isascii():
            out.extend(map(table.__getitem__, data))
        else:
            out.extend(f"%{b:02X}" for b in data)
    return "".join(out)


def percent_encode(
    text: str,
    component: str = "path",
    *,
    encoding: str = "utf-8",
    errors: str = "strict",
) -> str:
    """Percent-encode every character that ``component`` does not allow as is.

    ``component`` is one of "userinfo", "host", "path", "segment",
    "segment-nz-nc", "query", "fragment". Characters outside the component's set
    (and always ``%`` itself) are encoded as ``encoding`` bytes, each ``%XX``
    with uppercase hex digits (RFC 3986 section 2.1).

    >>> percent_encode("100% user:pw", "userinfo")
    '100%25%20user:pw'
    >>> percent_encode("a=b&c", "query")
    'a=b&c'
    """
    if type(text) is not str or type(component) is not str:
        check_str(text, "percent_encode", "text")
        check_str(component, "percent_encode", "component")
    if type(encoding) is not str or type(errors) is not str:
        check_str(encoding, "percent_encode", "encoding")
        check_str(errors, "percent_encode", "errors")
    if (
        _c_percent_encode is not None
        and type(text) is str
        and type(component) is str
        and component in COMPONENT_SAFE
        and encoding == "utf-8"
        and errors == "strict"
    ):  # C for the common call; every other one (bad arguments included) is Python's
        encoded = _c_percent_encode(text, component)
        if isinstance(encoded, str):
            return encoded
        raise URIError("bad-encoding", component, encoded, text, encoding=encoding)
    try:
        safe_re = cs.compiled(_ALL_SAFE_PATTERN[component])
    except KeyError:
        raise unknown_choice("component", component, sorted(COMPONENT_SAFE)) from None
    if safe_re.match(text) is not None:
        return text
    return encode_except(
        text, COMPONENT_SAFE[component], encoding=encoding, errors=errors, component=component
    )


def _check_percent(text: str, component: str) -> None:
    m = cs.compiled(_BAD_PCT_PATTERN).search(text)
    if m is not None:
        i = m.start() + 1
        if i < len(text) and text[i] in cs.HEXDIG:
            i += 1
        raise URIError("bad-percent", component, i, text)


def percent_decode(
    text: str,
    encoding: str = "utf-8",
    errors: str = "strict",
    *,
    component: str = "text",
) -> str:
    """Decode every ``%XX`` in ``text``; consecutive ones are decoded as one byte string.

    A ``%`` not followed by two hex digits raises :class:`URIError`, as do bytes
    that are not valid ``encoding`` when ``errors="strict"``.

    >>> percent_decode("%7Euser%2fx")
    '~user/x'
    >>> percent_decode("%ff", errors="replace")
    '\\ufffd'
    >>> percent_decode("50%")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    urikit.errors.URIError: invalid percent-encoding in text at position 3: ...
    """
    if type(text) is not str:
        check_str(text, "percent_decode", "text")
    if type(encoding) is not str or type(errors) is not str or type(component) is not str:
        check_str(encoding, "percent_decode", "encoding")
        check_str(errors, "percent_decode", "errors")
        check_str(component, "percent_decode", "component")
    if "%" not in text:
        return text
    if (
        _c_percent_decode is not None
        and type(text) is str
        and encoding == "utf-8"
        and errors == "strict"
    ):
        decoded = _c_percent_decode(text)
        if isinstance(decoded, str):
            return decoded
        raise URIError(decoded[0], component, decoded[1], text, encoding=encoding)
    _check_percent(text, component)
    parts = cs.compiled(_PCT_RUN_PATTERN).split(text)
    pos = 0
    for k, part in enumerate(parts):
        if k % 2:
            raw = bytes.fromhex(part.replace("%", ""))
            try:
                parts[k] = raw.decode(encoding, errors)
            except UnicodeDecodeError as exc:
                raise URIError(
                    "bad-decoding", component, pos + 3 * exc.start, text, encoding=encoding
                ) from None
        pos += len(part)
    return "".join(parts)


def decode_in(
    text: str,
    start: int,
    value: str,
    encoding: str = "utf-8",
    component: str = "text",
    errors: str = "strict",
) -> str:
    """:func:`percent_decode` of ``value``, a part of ``text`` starting at ``start``:
    an error names ``component`` and gives ``text`` and the position in it, so that
    a reference's decoded accessors point into the reference, not into the part.

    >>> decode_in("http://h/a%20b", 9, "a%20b", component="path")
    'a b'
    >>> decode_in("http://h/?q=%FF", 12, "%FF", component="query")
    Traceback (most recent call last):
    urikit.errors.URIError: percent-encoded bytes are not valid utf-8 at position 12
    """
    if "%" not in value:
        return value
    try:
        return percent_decode(value, encoding, errors, component=component)
    except URIError as err:
        raise URIError(
            err.reason, component, start + err.position, text, encoding=encoding
        ) from None
