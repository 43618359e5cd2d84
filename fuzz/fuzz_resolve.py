"""resolve(): input split at the first tab into base and reference; the result is a
valid URI carrying the reference's fragment, or a URIError."""

import sys

import atheris

with atheris.instrument_imports():
    from _common import text_of

    import urikit


def test_one_input(data: bytes) -> None:
    base, _, reference = text_of(data).partition("\t")
    for strict in (True, False):
        try:
            target = urikit.resolve(base, reference, strict=strict)
        except urikit.URIError:
            continue
        result = urikit.parse(target, "URI")
        assert result.fragment == urikit.parse(reference).fragment, (base, reference, target)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
