"""normalize(): valid output, idempotent, equivalent to its input; or a URIError."""

import sys

import atheris

with atheris.instrument_imports():
    from _common import text_of

    import urikit


def test_one_input(data: bytes) -> None:
    text = text_of(data)
    for level in ("syntax", "scheme"):
        try:
            once = urikit.normalize(text, level)
        except urikit.URIError:
            continue
        assert urikit.is_valid(once), (text, once)
        assert urikit.normalize(once, level) == once, (text, once)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
