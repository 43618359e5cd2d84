"""C accelerator vs pure Python: equal results and equal errors on every entry point."""

import sys

import atheris

with atheris.instrument_imports():
    from _common import load_urikit, text_of

PY = load_urikit(no_speedups=True)
C = load_urikit(no_speedups=False)
if C.IMPLEMENTATION != "c":
    raise SystemExit("the C accelerator is not built: python setup.py build_ext --inplace")
with atheris.instrument_imports():
    from urikit.security import check as CHECK


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


def report_key(report):  # type: ignore[no-untyped-def]
    """A security Report as plain values (each copy of urikit has its own classes)."""

    def plain(findings):  # type: ignore[no-untyped-def]
        return [
            (f.code, f.severity, f.component, f.start, f.end, f.message, f.reference)
            for f in findings
        ]

    return (report.text, plain(report.findings), plain(report.blocking), report[3])


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
    assert outcome(C.core._parser.plain_host_end, text) == outcome(
        PY.core._parser.plain_host_end, text
    )
    assert outcome(C.iri.parse, text) == outcome(PY.iri.parse, text)
    # security.check's C path (a report for a text whose findings come from its
    # origin: none, or the origin memo's) against its Python definition, in the
    # copy imported as usual: the checks import parts of urikit on first need,
    # which must be the same copy's
    c_report, p_report = CHECK(text), CHECK.__wrapped__(text)
    assert report_key(c_report) == report_key(p_report), (text, c_report, p_report)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
