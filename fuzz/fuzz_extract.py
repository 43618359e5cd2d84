"""extract() / iter_extract() / fixup(): never raise on a str (fixup: only URIError);
every found URI is a valid URI reference whose span lies inside the text; the
lazy line-by-line reading finds what the whole-text reading finds."""

import sys

import atheris

with atheris.instrument_imports():
    from _common import text_of

    import urikit


def test_one_input(data: bytes) -> None:
    text = text_of(data)
    found = urikit.extract(text)
    for item in found:
        assert urikit.is_valid(item.uri), (text, item)
        assert 0 <= item.start < item.end <= len(text), (text, item)
        assert str(item.parsed) == item.uri, (text, item)
    lazy = list(urikit.iter_extract(text.splitlines(keepends=True)))
    assert [(f.uri, f.start, f.end) for f in lazy] == [(f.uri, f.start, f.end) for f in found]
    try:
        fixed = urikit.fixup(text)
    except urikit.URIError:
        return
    assert urikit.is_valid(fixed, "URI"), (text, fixed)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
