"""Text made safe to write out, and read back: the backslash doubled, every
character that is not printable as a backslash escape. The rule of the text
output of ``urikit batch`` and of every field the commands print; it imports
nothing, so a command starts without the file writers.

:func:`escape` and :func:`unescape_field` undo each other on every string, and
the text output of ``urikit batch`` writes a null as ``\\N``, which no escaped
string is (the text ``\\N`` is written ``\\\\N``): :func:`read_text_record`
reads such a line back into its values.

>>> escape("a\\tb\\u200e\\U0001f600\\U000e0001"), escape("a\\udcffb")
('a\\\\x09b\\\\u200e😀\\\\U000e0001', 'a\\udcffb')
>>> escape("C:\\\\x00"), escape("C:\\x00")
('C:\\\\\\\\x00', 'C:\\\\x00')
>>> read_text_record(escape("\\\\N") + "\\t\\\\N\\t" + escape("\\x00"))
['\\\\N', None, '\\x00']
"""

__all__ = ["NULL", "escape", "escape_field", "read_text_record", "unescape_field"]

#: How the text output of ``urikit batch`` writes a null (an empty field is an
#: empty string).
NULL = "\\N"


def escape(text: str) -> str:
    """``text`` with each backslash doubled and each character that is not
    printable (``str.isprintable``: controls such as NUL, ESC and TAB, DEL,
    format characters, U+2028, lone surrogates) as ``\\xhh``, ``\\uhhhh`` or
    ``\\Uhhhhhhhh``. An input byte that was not UTF-8 (U+DC80..U+DCFF, as
    ``surrogateescape`` keeps it) stays: written with ``surrogateescape``, it
    goes back as the byte it was. :func:`unescape_field` reads it back.

    >>> escape_field("\\x1b[31m"), escape_field("\\x7f\\u2028"), escape_field("a\\\\b")
    ('\\\\x1b[31m', '\\\\x7f\\\\u2028', 'a\\\\\\\\b')
    """
    if type(text) is not str:
        raise _type_error("escape_field", "text", "str", text)
    if text.isprintable():
        return text.replace("\\", "\\\\") if "\\" in text else text
    out: list[str] = []
    for ch in text:
        cp = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif ch.isprintable() or 0xDC80 <= cp <= 0xDCFF:
            out.append(ch)
        elif cp <= 0xFF:
            out.append(f"\\x{cp:02x}")
        elif cp <= 0xFFFF:
            out.append(f"\\u{cp:04x}")
        else:
            out.append(f"\\U{cp:08x}")
    return "".join(out)


#: :func:`escape` under its public name, :func:`urikit.batch.escape_field`.
escape_field = escape


def _type_error(func: str, param: str, expected: str, value: object) -> TypeError:
    # urikit.core._errors.arg_type_error's wording (this module imports nothing)
    return TypeError(f"{func}() argument {param!r} must be {expected}, not {type(value).__name__}")


#: The escapes :func:`escape` writes: the letter after the backslash -> the
#: number of hex digits that follow.
_DIGITS = {"x": 2, "u": 4, "U": 8}


def unescape_field(field: str) -> str:
    """The text that :func:`escape` wrote as ``field``: ``\\\\`` a backslash,
    ``\\xhh``, ``\\uhhhh`` and ``\\Uhhhhhhhh`` the character of that code point;
    every other character stands for itself (a byte that was not UTF-8, read
    with ``surrogateescape``, too). Any other backslash is a ``ValueError``
    naming its position: it is not something :func:`escape` writes.

    >>> unescape_field("a\\\\x09b\\\\\\\\x00"), unescape_field("\\\\ud800\\\\U0001f600")
    ('a\\tb\\\\x00', '\\ud800😀')
    >>> unescape_field("a\\\\q")
    Traceback (most recent call last):
    ValueError: not an escape at position 1 of 'a\\\\q' (only \\\\, \\xhh, \\uhhhh, \\Uhhhhhhhh are)
    """
    if type(field) is not str:
        raise _type_error("unescape_field", "field", "str", field)
    at = field.find("\\")
    if at < 0:
        return field
    out: list[str] = []
    start = 0
    while at >= 0:
        out.append(field[start:at])
        kind = field[at + 1 : at + 2]
        if kind == "\\":
            out.append("\\")
            start = at + 2
        else:
            digits = _DIGITS.get(kind, 0)
            hexa = field[at + 2 : at + 2 + digits]
            if (
                not digits
                or len(hexa) != digits
                or not all(c in "0123456789abcdefABCDEF" for c in hexa)
                or int(hexa, 16) > 0x10FFFF
            ):
                raise ValueError(
                    f"not an escape at position {at} of {field!r} "
                    "(only \\\\, \\xhh, \\uhhhh, \\Uhhhhhhhh are)"
                )
            out.append(chr(int(hexa, 16)))
            start = at + 2 + digits
        at = field.find("\\", start)
    out.append(field[start:])
    return "".join(out)


def read_text_record(line: str | bytes) -> list[str | None]:
    """The values of one line of the text output of ``urikit batch`` (the
    header line too): the fields between TABs, each read by
    :func:`unescape_field`, ``\\N`` as ``None``. A line given as bytes is read as
    UTF-8 with ``surrogateescape`` (a byte that was not UTF-8 in the input was
    written back as read, and comes back as it was read); its line end may be
    left on. Booleans and numbers come back as the text they were written as
    (``true``, ``false``, ``12``).

    >>> read_text_record(b"2\\ta\\\\x09b\\tfalse\\tinvalid-char\\t1\\n")
    ['2', 'a\\tb', 'false', 'invalid-char', '1']
    >>> read_text_record("1\\t\\t\\\\N\\t\\\\\\\\N")
    ['1', '', None, '\\\\N']
    """
    if isinstance(line, bytes | bytearray | memoryview):
        line = bytes(line).decode("utf-8", "surrogateescape")
    elif type(line) is not str:
        raise _type_error("read_text_record", "line", "str or bytes", line)
    if line.endswith("\n"):
        line = line[:-2] if line.endswith("\r\n") else line[:-1]
    return [None if field == NULL else unescape_field(field) for field in line.split("\t")]
