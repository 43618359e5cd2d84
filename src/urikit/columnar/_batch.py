"""The code behind :mod:`urikit.batch` (the face that documents it): lists of
texts here, files in and out in :mod:`.files`."""

from __future__ import annotations

import gc
import os
import stat
from collections.abc import Iterable, Iterator
from itertools import chain, islice
from operator import attrgetter
from typing import IO, NamedTuple

from ..core._accel import speedups
from ..core._errors import URIError, arg_type_error, check_str, unknown_choice
from ..core._parser import COMPONENT_SPANS, Spans
from ..core._parser import split as _split
from ..core._reference import URIReference, is_valid, parse
from ._escape import escape_field, read_text_record, unescape_field
from ._files import (
    FileError,
    FileSummary,
    NameClash,
    NoColumn,
    OutputExists,
    ReadError,
    WriteError,
    run_file,
)

# the C kernels this module calls (None in the pure-Python build)
file_records = None if speedups is None else speedups.file_records
refs_many = None if speedups is None else speedups.refs_many
validate_many = None if speedups is None else speedups.validate_many

__all__ = [
    "Columns",
    "FileError",
    "FileSummary",
    "NameClash",
    "NoColumn",
    "OutputExists",
    "ReadError",
    "Record",
    "WriteError",
    "escape_field",
    "iter_file",
    "read_text_record",
    "run_file",
    "split",
    "unescape_field",
    "validate",
]


def validate(texts: Iterable[str], rule: str = "URI-reference") -> list[bool]:
    """``[is_valid(t, rule) for t in texts]``, in one call.

    >>> validate(["a:b", "/p"], rule="URI")
    [True, False]
    """
    _check_texts(texts, rule, "validate")
    if validate_many is not None:
        return validate_many(texts, rule, _validate_one)
    return [
        is_valid(text, rule) if type(text) is str else _validate_one(text, rule) for text in texts
    ]


_ITERABLE_OF_STR = "an iterable of str"


def _check_texts(texts: object, rule: object, func: str) -> None:
    """A ``str`` is an iterable of characters, and bytes of ints: neither is a list of texts."""
    if isinstance(texts, (str, bytes, bytearray)) or not isinstance(texts, Iterable):
        raise arg_type_error(func, "texts", _ITERABLE_OF_STR, texts)
    if type(rule) is not str:
        check_str(rule, func, "rule")


def _validate_one(text: object, rule: str) -> bool:
    if not isinstance(text, str):
        raise arg_type_error("validate", "texts", _ITERABLE_OF_STR, text)
    return is_valid(text, rule)


def _split_one(text: object, rule: str) -> Spans | None:
    if not isinstance(text, str):
        raise arg_type_error("split", "texts", _ITERABLE_OF_STR, text)
    return _split(text, rule)


class Columns:
    """The split of many texts, by column: ``texts``, ``spans`` (``None`` when
    invalid), ``valid``, and one list per component (``None`` when the
    component is undefined or the text invalid; ``path`` is ``None`` only for an
    invalid text).

    In the C build it holds the reference :func:`urikit.parse` would make of
    each valid text (one object with its spans inline) and makes ``spans``, the
    tuples of nine pairs, only when they are read.
    """

    __slots__ = ("_refs", "_spans", "texts")

    def __init__(
        self,
        texts: list[str],
        spans: list[Spans | None] | None = None,
        *,
        refs: list[URIReference | None] | None = None,
    ) -> None:
        if (spans is None) == (refs is None):
            raise TypeError("Columns() takes spans or refs, one of them")
        self.texts = texts
        self._spans = spans
        self._refs = refs

    def __len__(self) -> int:
        return len(self.texts)

    @property
    def spans(self) -> list[Spans | None]:
        """Each text's spans (as :func:`urikit.core._parser.split` gives), ``None`` when invalid."""
        if self._spans is None:
            assert self._refs is not None
            self._spans = [None if ref is None else ref._sp for ref in self._refs]
        return self._spans

    @property
    def valid(self) -> list[bool]:
        if self._refs is not None:
            return [ref is not None for ref in self._refs]
        return [sp is not None for sp in self.spans]

    def column(self, name: str) -> list[str | None]:
        """The values of component ``name`` ("scheme", "authority", "userinfo",
        "host", "port", "path", "query", "fragment"), as written."""
        check_str(name, "Columns.column", "name")
        try:
            g = COMPONENT_SPANS[name]
        except KeyError:
            raise unknown_choice("component", name, COMPONENT_SPANS) from None
        if self._refs is not None:
            # the reference's property of that name slices its text by the same span
            get = attrgetter(name)
            return [None if ref is None else get(ref) for ref in self._refs]
        return [
            None if sp is None or (span := sp[g])[0] < 0 else text[span[0] : span[1]]
            for text, sp in zip(self.texts, self.spans, strict=True)
        ]

    scheme = property(lambda self: self.column("scheme"))
    authority = property(lambda self: self.column("authority"))
    userinfo = property(lambda self: self.column("userinfo"))
    host = property(lambda self: self.column("host"))
    port = property(lambda self: self.column("port"))
    path = property(lambda self: self.column("path"))
    query = property(lambda self: self.column("query"))
    fragment = property(lambda self: self.column("fragment"))


def _ref_one(text: object, rule: str) -> URIReference | None:
    """The reference of one text the C batch does not take (not an exact str)."""
    sp = _split_one(text, rule)
    return None if sp is None else URIReference._new(str(text), sp)


def split(texts: Iterable[str], rule: str = "URI-reference") -> Columns:
    """Split every text (see :func:`urikit.core._parser.split`), by column.

    >>> cols = split(["a:b#f", "?q"])
    >>> cols.spans[0][1], cols.scheme, cols.fragment, cols.query
    ((0, 1), ['a', None], ['f', None], [None, 'q'])
    """
    _check_texts(texts, rule, "split")
    items = list(texts)
    # The spans are nine small tuples a text, all kept: the cyclic garbage
    # collector would walk them again and again as the list grows (four times the
    # cost of the split itself). They hold only ints, so they can form no cycle:
    # the collector is paused while they are made (and resumed, also on error).
    # In C, one reference a text, as parse makes it (a str and offsets: no cycle).
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        if refs_many is not None:
            return Columns(items, refs=refs_many(items, rule, _ref_one))
        spans = [_split_one(text, rule) for text in items]
    finally:
        if paused:
            gc.enable()
    return Columns(items, spans)


class Record(NamedTuple):
    """One line of a file: its 1-based number, its text (without the line end),
    and either the parsed ``reference`` or the ``error``."""

    line: int
    text: str
    reference: URIReference | None
    error: URIError | None

    @property
    def ok(self) -> bool:
        return self.error is None


def _records(lines: Iterable[str | bytes], rule: str) -> Iterator[Record]:
    # Kept lean (one generator, no enumerate, Record made by tuple.__new__ rather
    # than its Python __new__): this loop is most of iter_file's cost beyond parse.
    new = tuple.__new__
    number = 0
    for raw in lines:
        number += 1
        if type(raw) is str:
            line = raw
        elif isinstance(raw, bytes):
            line = raw.decode("utf-8", "surrogateescape")
        elif isinstance(raw, str):
            line = raw
        else:
            raise arg_type_error("iter_file", "source", "lines of str or bytes", raw)
        if line[-1:] == "\n":
            line = line[:-1]
            if line[-1:] == "\r":
                line = line[:-1]
        try:
            ref = parse(line, rule)
        except URIError as err:
            yield new(Record, (number, line, None, err))
            continue
        yield new(Record, (number, line, ref, None))


def iter_file(
    source: str | os.PathLike[str] | IO[str] | IO[bytes] | Iterable[str],
    rule: str = "URI-reference",
) -> Iterator[Record]:
    """Parse a file one line at a time, yielding a :class:`Record` per line, in order.

    ``source`` is a path (read as UTF-8; undecodable bytes become lone
    surrogates, hence invalid characters), an open text or binary file, or any
    iterable of lines. Lines end at "\\n" (a "\\r" before it is dropped). Memory
    use does not grow with the file. Invalid lines give a record with the
    :class:`~urikit.URIError` in place; nothing is raised for them.

    >>> [(r.line, r.ok) for r in iter_file(["http://a/\\n", "a b\\n", "x"])]
    [(1, True), (2, False), (3, True)]

    A wrong type of ``source`` or ``rule`` raises ``TypeError`` at the call, not
    at the first line.
    """
    if isinstance(source, (bytes, bytearray)) or not isinstance(
        source, (str, os.PathLike, Iterable)
    ):
        expected = "a path, a file or an iterable of lines"
        raise arg_type_error("iter_file", "source", expected, source)
    check_str(rule, "iter_file", "rule")
    return _iter_file(source, rule)


def _iter_file(
    source: str | os.PathLike[str] | IO[str] | IO[bytes] | Iterable[str], rule: str
) -> Iterator[Record]:
    if isinstance(source, (str, os.PathLike)):
        if file_records is not None:
            # Whole blocks of lines in one C call each, the records handed out by
            # C iterators: no Python frame a line.
            return chain.from_iterable(_file_blocks(source, rule))
        return _path_records(source, rule)
    return _records(source, rule)


def _path_records(path: str | os.PathLike[str], rule: str) -> Iterator[Record]:
    with open(path, encoding="utf-8", errors="surrogateescape", newline="\n") as f:
        yield from _records(f, rule)


#: How many lines iter_file reads at a time from a regular file. A line's
#: reference holds up to nine 2-tuples (its spans), all alive until the block is
#: used up: 128 lines keep at most 1,152 of them, within CPython's free list of
#: 2,000 2-tuples, so that they are made and freed as cheaply as in a loop that
#: drops each reference at once (larger blocks are slower).
_BLOCK = 128


def _file_blocks(path: str | os.PathLike[str], rule: str) -> Iterator[Iterable[Record]]:
    """The records of the file at ``path``, a list per block of lines (C build).

    A file that is not a regular one (a pipe, a terminal) is read a line at a
    time instead, so that each record comes as soon as its line does.
    """
    assert file_records is not None
    with open(path, encoding="utf-8", errors="surrogateescape", newline="\n") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            yield _records(f, rule)
            return
        number = 1
        while lines := list(islice(f, _BLOCK)):
            records = file_records(lines, number, rule, Record, _record_of)
            number += len(lines)
            yield records


def _record_of(number: int, line: str, rule: str) -> Record:
    """The record of a line the C split did not accept (file_records' fallback)."""
    try:
        ref = parse(line, rule)
    except URIError as err:
        return Record(number, line, None, err)
    return Record(number, line, ref, None)
