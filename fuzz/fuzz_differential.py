"""C accelerator vs pure Python: equal results and equal errors on every entry point."""

import sys

import atheris

with atheris.instrument_imports():
    from _common import load_urikit, text_of

PY = load_urikit(no_speedups=True)
C = load_urikit(no_speedups=False)
if C.IMPLEMENTATION != "c":
    raise SystemExit("the C accelerator is not built: python setup.py build_ext --inplace")


def outcome(func, *args, **kwargs):  # type: ignore[no-untyped-def]
    try:
        value = func(*args, **kwargs)
    except Exception as exc:
        # the fields as made (C's parse fills them itself, the message unworded),
        # then the message in each form
        names = ("reason", "component", "position", "detail", "text", "_unworded")
        fields = tuple(getattr(exc, f, None) for f in names)
        return ("error", type(exc).__name__, fields, str(exc), exc.args, repr(exc))
    if hasattr(value, "to_dict"):
        return ("ok", value.to_dict(), value._sp)
    if hasattr(value, "spans"):
        return ("ok", value.spans)
    return ("ok", value)


def test_one_input(data: bytes) -> None:
    text = text_of(data)
    base, _, reference = text.partition("\t")
    calls = [
        ("parse", (text,), {}),
        ("parse", (text, "absolute-URI"), {}),
        ("is_valid", (text,), {}),
        ("is_valid", (text, "relative-ref"), {}),
        ("normalize", (text,), {}),
        ("normalize", (text, "syntax"), {}),
        ("resolve", (base, reference), {}),
        ("resolve", (base, reference), {"strict": False}),
        ("remove_dot_segments", (text,), {}),
        ("percent_decode", (text,), {}),
        ("percent_encode", (text, "query"), {}),
    ]
    for name, args, kwargs in calls:
        c = outcome(getattr(C, name), *args, **kwargs)
        p = outcome(getattr(PY, name), *args, **kwargs)
        assert c == p, (name, args, kwargs, c, p)
    assert outcome(C.batch.split, [text, base]) == outcome(PY.batch.split, [text, base])
    assert outcome(C._parser.plain_host_end, text) == outcome(PY._parser.plain_host_end, text)
    assert outcome(C.iri.parse, text) == outcome(PY.iri.parse, text)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
