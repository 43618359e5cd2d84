"""parse(): a URIReference whose invariants hold and whose text round-trips, or a URIError
naming what the rule-by-rule reading (_parser.find_error) names."""

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
            # the error path's shortcut (in C when built) gives find_error's answer
            expected = urikit.core._parser.find_error(text, rule)
            assert expected is not None, (text, rule)
            got = (err.reason, err.component, err.position, err.text, err.detail, str(err))
            want = (expected.reason, expected.component, expected.position, expected.text,
                    expected.detail, str(expected))  # fmt: skip
            assert got == want, (got, want)
            continue
        ref._check_invariants()
        assert str(ref) == text


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
