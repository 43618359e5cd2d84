"""The code behind :mod:`urikit.extraction` (the face that documents it):
:func:`extract` and :func:`iter_extract`, which scan a text (or a stream of
lines, paragraph by paragraph) for the candidates of :mod:`.candidates` and
keep those it judges to be URIs, in order, with the C scanner where it is
built. :class:`Extracted` is in :mod:`.extracted`, :func:`fixup` in
:mod:`.fixup` and the prose schemes in :mod:`.prose`; this module shows them
too, as :mod:`urikit.extraction` does.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..core._accel import speedups
from ..core._errors import arg_type_error, check_str

# The names imported ``as`` themselves are read from here by other modules
# (markdown), the tests and tools/gen_tables.py.
from ._candidates import _BIDI_CONTROLS as _BIDI_CONTROLS
from ._candidates import _URI_SYNTAX, _candidates_re, _Cuts, _iri_syntax, _judge
from ._candidates import _bare_extent as _bare_extent
from ._candidates import _host_re as _host_re
from ._extracted import Extracted
from ._fixup import fixup
from ._prose import _URI_CHARS as _URI_CHARS
from ._prose import _WS, PROSE_SCHEMES, _prose_schemes

# the C kernels this module calls (None in the pure-Python build)
extract_scan = None if speedups is None else speedups.extract_scan

__all__ = ["PROSE_SCHEMES", "Extracted", "extract", "fixup", "iter_extract"]

# The C scanner of the candidates (None in the pure-Python build, the reference).
_extract_scan = extract_scan


def _scan(
    text: str, schemes: Iterable[str] | None, iris: bool = False, abbreviated: bool = False
) -> Iterator[Extracted]:
    for chunk in _scan_chunks(text, schemes, iris, abbreviated, _CHUNK):
        yield from chunk


def _scan_chunks(
    text: str,
    schemes: Iterable[str] | None,
    iris: bool,
    abbreviated: bool,
    chunk: int,
) -> Iterator[list[Extracted]]:
    """What :func:`extract` finds, in order, as lists of up to about ``chunk``."""
    wanted = None if schemes is None else frozenset(s.lower() for s in schemes)
    prose = _prose_schemes(wanted or frozenset())
    syntax = _iri_syntax() if iris else _URI_SYNTAX
    # Every path cuts a long run of reference characters before judging it, so that
    # each candidate costs work in proportion to its own reference (without the cut,
    # "http://a/%" repeated took quadratic time); results on the prose corpus, the
    # RFC texts and the seeds are the same as without it.
    cuts = _Cuts(text, syntax)
    candidates = _candidates_re(prose, abbreviated)
    last_end = 0
    if _extract_scan is not None and wanted is None:
        # The C scanner decides the common candidates by the rules of _judge and
        # stops at every other one, which _judge decides here (see extraction_c.c).
        n = len(text)
        pos = 0
        while True:
            found, stop = _extract_scan(
                text, pos, last_end, prose, iris, abbreviated, Extracted, chunk
            )
            if found:
                last_end = found[-1].end
            if stop >= n:
                if found:
                    yield found
                return
            if candidates.match(text, stop) is not None:
                one = _judge(text, stop, last_end, None, prose, syntax, cuts)
                if one is not None:
                    found.append(one)
                    last_end = one.end
            if found:
                yield found
            pos = stop + 1
    batch: list[Extracted] = []
    for m in candidates.finditer(text):
        i = m.start()
        if i < last_end:
            continue
        one = _judge(text, i, last_end, wanted, prose, syntax, cuts)
        if one is not None:
            last_end = one.end
            batch.append(one)
            if len(batch) >= chunk:
                yield batch
                batch = []
    if batch:
        yield batch


# How many references a lazy scan finds at a time; extract takes them all at once.


_CHUNK = 64
_ALL = 1 << 62


def _check_schemes(schemes: object, func: str) -> None:
    """TypeError unless ``schemes`` is ``None`` or an iterable of str (not one str)."""
    if schemes is None:
        return
    if isinstance(schemes, (str, bytes)) or not hasattr(schemes, "__iter__"):
        raise arg_type_error(func, "schemes", "an iterable of str or None", schemes)


def extract(
    text: str,
    *,
    iris: bool = False,
    abbreviated: bool = False,
    schemes: Iterable[str] | None = None,
) -> list[Extracted]:
    """Every URI in ``text``, in order, by the rules of this module's docstring.

    ``iris=True`` finds IRIs (RFC 3987): non-ASCII letters and symbols count
    where the IRI grammar allows them, and ``.parsed`` is an
    :class:`urikit.iri.IRIReference`. ``abbreviated=True`` also finds host
    names beginning with ``www.`` or ``ftp.`` (2003 draft Appendix F), with
    ``.abbreviated`` true and ``.uri`` what :func:`fixup` gives for the text.
    ``schemes`` restricts the result to those schemes (case-insensitive); a
    scheme named there also counts bare without ``//`` (``schemes={"doi"}``
    finds ``doi:10.1000/182``). Never raises on a ``str``.

    >>> [f.uri for f in extract("Mail mailto:a@example.org or see http://example.org/x).")]
    ['mailto:a@example.org', 'http://example.org/x']
    >>> [f.uri for f in extract("Note: at 10:30, see C:\\\\tmp or www.foo.com, e.g.: Foo.pm")]
    []
    >>> [f.uri for f in extract("urn:isbn:0451450523 and http://a.example/", schemes=["urn"])]
    ['urn:isbn:0451450523']
    >>> [f.uri for f in extract("見て http://例え.jp/パス。", iris=True)]
    ['http://例え.jp/パス']
    >>> [(f.uri, f.abbreviated) for f in extract("Go to www.w3.org/Addressing/.", abbreviated=True)]
    [('https://www.w3.org/Addressing/', True)]
    """
    check_str(text, "extract", "text")
    _check_schemes(schemes, "extract")
    found: list[Extracted] = []
    for chunk in _scan_chunks(text, schemes, bool(iris), bool(abbreviated), _ALL):
        found += chunk
    return found


# A stream is cut into pieces at blank lines: no URI of any form spans one, so
# extracting piece by piece gives what extracting the whole text gives. A piece
# longer than this many characters without a blank line is cut at a line end.
_MAX_PIECE = 1 << 20


def iter_extract(
    text_or_lines: str | Iterable[str],
    *,
    iris: bool = False,
    abbreviated: bool = False,
    schemes: Iterable[str] | None = None,
) -> Iterator[Extracted]:
    """Like :func:`extract`, lazily; also over an iterable of lines.

    Lines are taken as a file yields them (with their line ends) and offsets are
    absolute, counted over the concatenation of all lines. A stream is processed
    one paragraph (up to a blank line) at a time, so memory stays bounded by the
    longest paragraph (cut at a line end beyond 1 MiB).

    >>> lines = ["See <http://example.org/very-\\n", "  long/path> and\\n", "\\n"]
    >>> lines.append("mailto:x@y.z\\n")
    >>> [(f.uri, f.start, f.alternatives) for f in iter_extract(lines)]
    [('http://example.org/very-long/path', 4, ('http://example.org/verylong/path',)), \
('mailto:x@y.z', 48, ())]
    """
    _check_schemes(schemes, "iter_extract")
    iris, abbreviated = bool(iris), bool(abbreviated)
    if isinstance(text_or_lines, str):
        return _scan(text_or_lines, schemes, iris, abbreviated)
    if isinstance(text_or_lines, bytes) or not hasattr(text_or_lines, "__iter__"):
        raise arg_type_error(
            "iter_extract", "text_or_lines", "str or an iterable of str", text_or_lines
        )
    wanted = None if schemes is None else list(schemes)
    return _iter_lines(text_or_lines, wanted, iris, abbreviated)


def _iter_lines(
    lines: Iterable[str], schemes: list[str] | None, iris: bool, abbreviated: bool
) -> Iterator[Extracted]:
    buffer: list[str] = []
    size = 0
    offset = 0
    for line in lines:
        check_str(line, "iter_extract", "line")
        buffer.append(line)
        size += len(line)
        if line.strip(_WS) == "" or size > _MAX_PIECE:
            piece = "".join(buffer)
            for found in _scan(piece, schemes, iris, abbreviated):
                yield found._shifted(offset)
            offset += len(piece)
            buffer.clear()
            size = 0
    if buffer:
        piece = "".join(buffer)
        for found in _scan(piece, schemes, iris, abbreviated):
            yield found._shifted(offset)
