"""Text made safe to write out: every character that is not printable as a
backslash escape. The rule of the text output of ``urikit batch`` and of what
every command prints; it imports nothing, so a command starts without the file
writers.

>>> escape("a\\tb\\u200e\\U0001f600\\U000e0001"), escape("a\\udcffb")
('a\\\\x09b\\\\u200e😀\\\\U000e0001', 'a\\udcffb')
"""


def escape(text: str) -> str:
    """``text`` with each character that is not printable (``str.isprintable``:
    controls such as ESC and TAB, format characters, lone surrogates) as
    ``\\xhh``, ``\\uhhhh`` or ``\\Uhhhhhhhh``. An input byte that was not UTF-8
    (U+DC80..U+DCFF, as ``surrogateescape`` keeps it) stays: written with
    ``surrogateescape``, it goes back as the byte it was.

    >>> escape("\\x1b[31m"), escape("\\x7f\\u2028")
    ('\\\\x1b[31m', '\\\\x7f\\\\u2028')
    """
    if text.isprintable():
        return text
    out: list[str] = []
    for ch in text:
        cp = ord(ch)
        if ch.isprintable() or 0xDC80 <= cp <= 0xDCFF:
            out.append(ch)
        elif cp <= 0xFF:
            out.append(f"\\x{cp:02x}")
        elif cp <= 0xFFFF:
            out.append(f"\\u{cp:04x}")
        else:
            out.append(f"\\U{cp:08x}")
    return "".join(out)
