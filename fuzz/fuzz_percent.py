"""percent_encode / percent_decode: encoding is valid for its component and decodes
back; decoding any text gives a str or a URIError."""

import sys

import atheris

with atheris.instrument_imports():
    from _common import text_of

    import urikit

COMPONENTS = ("userinfo", "host", "path", "segment", "segment-nz-nc", "query", "fragment")


def test_one_input(data: bytes) -> None:
    text = text_of(data)
    try:
        decoded = urikit.percent_decode(text)
        assert isinstance(decoded, str)
    except urikit.URIError as err:
        assert err.reason in ("bad-percent", "bad-decoding"), err
    for component in COMPONENTS:
        try:
            encoded = urikit.percent_encode(text, component)
        except urikit.URIError as err:
            assert err.reason == "bad-encoding"
            continue
        assert urikit.percent_decode(encoded) == text


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
