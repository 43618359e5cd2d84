"""parse(): a URIReference whose invariants hold and whose text round-trips, or a URIError."""

import sys

import atheris

with atheris.instrument_imports():
    from _common import text_of

    import urikit


def test_one_input(data: bytes) -> None:
    text = text_of(data)
    for rule in ("URI-reference", "URI", "absolute-URI", "relative-ref"):
        try:
            ref = urikit.parse(text, rule)
        except urikit.URIError as err:
            assert 0 <= err.position <= len(text), err
            continue
        ref._check_invariants()
        assert str(ref) == text


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
