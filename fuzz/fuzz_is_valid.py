"""is_valid() agrees with parse() (the oracle) and with batch.validate()."""

import sys

import atheris

with atheris.instrument_imports():
    from _common import text_of

    import urikit
    from urikit import batch


def test_one_input(data: bytes) -> None:
    text = text_of(data)
    for rule in ("URI-reference", "URI", "absolute-URI", "relative-ref"):
        valid = urikit.is_valid(text, rule)
        try:
            urikit.parse(text, rule)
            parsed = True
        except urikit.URIError:
            parsed = False
        assert valid == parsed, (text, rule)
        assert batch.validate([text, text], rule) == [valid, valid]


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
