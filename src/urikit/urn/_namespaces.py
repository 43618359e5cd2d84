"""Namespace handlers: NSS validation and namespace-specific normal forms.

RFC 8141 section 3.1 lets a namespace define equivalences beyond the lexical
ones (for instance case-insensitivity of the NSS); section 6.4.2 has each
namespace declare its NSS syntax. A :class:`Namespace` handler implements both
for one NID; a :class:`NamespaceRegistry` maps NIDs (case-insensitively) to
handlers. :data:`namespaces` is the default registry, shipped with handlers for
``isbn``, ``issn``, ``uuid``, ``oid``, ``ietf``, ``nbn`` and ``publicid``; third
parties register their own.

A handler's ``normalize`` is only ever given an NSS whose percent-encodings are
already uppercase (the lexical normal form), so that namespace rules can only
merge lexically different URNs, never split lexically equivalent ones
(RFC 8141 section 3.1).

>>> namespaces.normalize("isbn", "0-395-36341-1")
'9780395363416'
>>> namespaces.normalize("ISSN", "0259-000x")
'0259-000X'
>>> namespaces.check("isbn", "0-395-36341-2")
Traceback (most recent call last):
urikit.urn.NSSError: ISBN-10 check digit is '2' but should be '1'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from ..core._charsets import ALPHA, DIGIT, HEXDIG
from ..core._errors import URIError, check_str
from ..core._registry import NameTable
from ._publicid import nss_to_publicid

__all__ = [
    "IETF",
    "ISBN",
    "ISSN",
    "NBN",
    "OID",
    "UUID",
    "NSSError",
    "Namespace",
    "NamespaceRegistry",
    "PublicID",
    "isbn10_to_isbn13",
    "isbn13_to_isbn10",
    "namespaces",
]

#: RFC 8141 section 2: ``ldh = alphanum / "-"``, the characters of an NID (``alphanum``
#: from RFC 3986, ``ALPHA / DIGIT``), spelt here for RFC 8141 alone.
LDH: Final = ALPHA | DIGIT | frozenset("-")
NID_CHARS: Final = LDH
#: RFC 8141 section 5.2: an informal NID, ``urn-`` and a number without leading zeros.
INFORMAL_NID_RE: Final = re.compile(r"(?i:urn)-[1-9][0-9]*\Z")
_DIGITS: Final = DIGIT


def check_nid(text: str, start: int, end: int) -> None:
    """The RFC 8141 section 2 NID rule over text[start:end], plus the reserved NIDs
    (section 5.1 "urn", section 5.2 informal ``urn-<number>``); raises URIError.

    The one definition of the NID rule: URN parsing and namespace registration
    both use it.

    >>> check_nid("urn:-x:y", 4, 6)
    Traceback (most recent call last):
    urikit.errors.URIError: invalid NID at position 4: it must begin with a letter or digit, not '-'
    """
    nid = text[start:end]
    n = end - start
    if n == 0:
        raise URIError("empty-component", "nid", start, text)
    for k in range(start, end):
        if text[k] not in NID_CHARS:
            raise URIError("invalid-char", "nid", k, text)
    if text[start] == "-":
        raise URIError(
            "bad-nid", "nid", start, text, detail="it must begin with a letter or digit, not '-'"
        )
    if n > 32:
        raise URIError(
            "bad-nid", "nid", start + 32, text, detail=f"it has {n} characters; at most 32"
        )
    if text[end - 1] == "-":
        raise URIError(
            "bad-nid", "nid", end - 1, text, detail="it must end with a letter or digit, not '-'"
        )
    if n < 2:
        raise URIError("bad-nid", "nid", start, text, detail=f"it has {n} character; at least 2")
    low = nid.lower()
    if low == "urn":
        raise URIError("reserved-nid", "nid", start, text, detail=repr(nid))
    if low.startswith("urn-") and INFORMAL_NID_RE.match(nid) is None:
        raise URIError(
            "bad-nid",
            "nid",
            start + 4,
            text,
            detail="'urn-' is reserved for informal namespaces and must be followed by a "
            "number without leading zeros (RFC 8141 section 5.2)",
        )


class NSSError(URIError):
    """An NSS a namespace rejects: ``str(err)`` says why, ``offset`` where (0-based,
    into the NSS). A :class:`~urikit.URIError` (reason ``"namespace-rule"``,
    component ``"nss"``, ``position == offset``, ``text`` the NSS when given,
    ``detail`` the message); :meth:`urikit.URN.parse` turns it into a
    ``URIError`` whose position is in the whole URN.

    >>> from urikit import URIError
    >>> err = NSSError("digits only", 2, "12a")
    >>> isinstance(err, URIError), str(err), err.offset, err.position, err.text
    (True, 'digits only', 2, 2, '12a')
    """

    offset: int

    def __init__(self, message: str, offset: int = 0, nss: str = "") -> None:
        super().__init__("namespace-rule", "nss", offset, nss, message=message, detail=message)
        self.offset = offset


class Namespace:
    """A namespace handler. Subclass it and override :meth:`validate` and
    :meth:`normalize` (both take the NSS as written, percent-encoded).

    >>> class Example(Namespace):
    ...     nid = "example"
    ...     def validate(self, nss: str) -> None:
    ...         if not nss.isdigit():
    ...             raise NSSError("digits only")
    >>> registry = NamespaceRegistry([Example()])
    >>> registry.check("EXAMPLE", "12"), "example" in registry
    (None, True)
    """

    #: The NID this handler is for (any case).
    nid: str = ""
    #: Where the namespace is defined, e.g. "RFC 3187".
    reference: str = ""

    def validate(self, nss: str) -> None:
        """Raise :class:`NSSError` if ``nss`` is not a valid NSS of the namespace."""

    def normalize(self, nss: str) -> str:
        """The namespace-specific normal form of a valid ``nss`` (default: itself).

        Two NSSs are equivalent in the namespace exactly when their normal forms
        are equal. Raises :class:`NSSError` when ``nss`` is not valid.
        """
        self.validate(nss)
        return nss

    def __repr__(self) -> str:
        return f"<{type(self).__name__} namespace {self.nid!r}>"


class NamespaceRegistry(NameTable):
    """NID -> :class:`Namespace` handler, NIDs compared case-insensitively.

    >>> registry = NamespaceRegistry()
    >>> _ = registry.register(UUID())
    >>> registry.normalize("UUID", "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6")
    'f81d4fae-7dec-11d0-a765-00a0c91e6bf6'
    >>> registry.normalize("unknown", "AbC")  # no handler: the NSS as given
    'AbC'
    """

    def __init__(self, handlers: Iterable[Namespace] = ()) -> None:
        self._handlers: dict[str, Namespace] = {}
        for handler in handlers:
            self.register(handler)

    def register(self, handler: Namespace, *, replace: bool = False) -> Namespace:
        """Add ``handler`` for its ``nid``; an NID already taken needs ``replace=True``."""
        nid = handler.nid
        try:
            check_nid(nid, 0, len(nid))
        except URIError as err:
            raise ValueError(f"not a valid NID: {nid!r} ({err})") from None
        key = nid.lower()
        if key in self._handlers and not replace:
            raise ValueError(f"namespace {nid!r} is already registered (use replace=True)")
        self._handlers[key] = handler
        return handler

    def unregister(self, nid: str) -> None:
        """Remove the handler of ``nid`` (KeyError if there is none)."""
        del self._handlers[nid.lower()]

    def get(self, nid: str) -> Namespace | None:
        """The handler of ``nid``, or None."""
        return self._handlers.get(nid.lower())

    def copy(self) -> NamespaceRegistry:
        """A new registry with the same handlers."""
        return NamespaceRegistry(self._handlers.values())

    def check(self, nid: str, nss: str) -> None:
        """Raise :class:`NSSError` if the namespace of ``nid`` rejects ``nss``."""
        handler = self.get(nid)
        if handler is not None:
            handler.validate(nss)

    def normalize(self, nid: str, nss: str) -> str:
        """The namespace-specific normal form of ``nss`` (``nss`` itself if ``nid``
        has no handler); raises :class:`NSSError` for an invalid NSS."""
        handler = self.get(nid)
        return nss if handler is None else handler.normalize(nss)

    def __repr__(self) -> str:
        return f"NamespaceRegistry({sorted(self._handlers)})"


# --- ISBN (RFC 3187, updated by RFC 8254 section 2.1 for 13-digit ISBNs) -----------


def _isbn10_check(digits: str) -> str:
    total = sum((10 - k) * int(d) for k, d in enumerate(digits[:9]))
    check = (11 - total % 11) % 11
    return "X" if check == 10 else str(check)


def _isbn13_check(digits: str) -> str:
    total = sum(int(d) * (3 if k % 2 else 1) for k, d in enumerate(digits[:12]))
    return str((10 - total % 10) % 10)


def isbn10_to_isbn13(isbn10: str) -> str:
    """The 978-prefixed ISBN-13 of an ISBN-10 (hyphens dropped, check digit recomputed).

    >>> isbn10_to_isbn13("0-395-36341-1")
    '9780395363416'

    Anything but a valid ISBN-10 raises :class:`NSSError` (a ``URIError``).
    """
    check_str(isbn10, "isbn10_to_isbn13", "isbn10")
    digits = _ISBN_RULES._digits(isbn10)
    if len(digits) != 10:
        raise NSSError(f"an ISBN-10 has 10 digits, not {len(digits)}", 0, isbn10)
    body = "978" + digits[:9]
    return body + _isbn13_check(body)


def isbn13_to_isbn10(isbn13: str) -> str | None:
    """The ISBN-10 of a 978-prefixed ISBN-13, or None (979 ISBNs have none).

    >>> isbn13_to_isbn10("978-0-395-36341-6"), isbn13_to_isbn10("9791234567896")
    ('0395363411', None)

    Anything but a valid ISBN-13 raises :class:`NSSError` (a ``URIError``).
    """
    check_str(isbn13, "isbn13_to_isbn10", "isbn13")
    digits = _ISBN_RULES._digits(isbn13)
    if len(digits) != 13:
        raise NSSError(f"an ISBN-13 has 13 digits, not {len(digits)}", 0, isbn13)
    if not digits.startswith("978"):
        return None
    body = digits[3:12]
    return body + _isbn10_check(body)


class ISBN(Namespace):
    """``urn:isbn`` (RFC 3187, RFC 8254): ISBN-10 or ISBN-13, hyphens insignificant.

    Normal form: the 13-digit ISBN without hyphens, so an ISBN-10 and its
    978-prefixed ISBN-13 are equivalent; ``x`` is read as ``X`` (RFC 3187
    section 3.2).

    >>> ISBN().normalize("0-395-36341-1") == ISBN().normalize("978-0-395-36341-6")
    True
    >>> ISBN().validate("978-0-395-36341-8")
    Traceback (most recent call last):
    urikit.urn.NSSError: ISBN-13 check digit is '8' but should be '6'
    """

    nid = "isbn"
    reference = "RFC 3187, RFC 8254"

    def _digits(self, nss: str) -> str:
        for k, ch in enumerate(nss):
            if ch not in _DIGITS and ch not in "-xX":
                raise NSSError(f"{ch!r} is not allowed in an ISBN (digits, '-' and 'X')", k)
        digits = nss.replace("-", "")
        if len(digits) == 10:
            for k, ch in enumerate(nss):
                if ch in "xX" and k != len(nss) - 1:
                    raise NSSError("'X' may only be the check digit of an ISBN-10", k)
            expected = _isbn10_check(digits)
            found = digits[9].upper()
            if found != expected:
                raise NSSError(
                    f"ISBN-10 check digit is {digits[9]!r} but should be {expected!r}",
                    len(nss) - 1,
                )
            return digits.upper()
        if len(digits) == 13:
            for k, ch in enumerate(nss):
                if ch in "xX":
                    raise NSSError("an ISBN-13 has no 'X'", k)
            if digits[:3] not in ("978", "979"):
                raise NSSError(f"an ISBN-13 starts with 978 or 979, not {digits[:3]!r}", 0)
            expected = _isbn13_check(digits)
            if digits[12] != expected:
                raise NSSError(
                    f"ISBN-13 check digit is {digits[12]!r} but should be {expected!r}",
                    len(nss) - 1,
                )
            return digits
        raise NSSError(f"an ISBN has 10 or 13 digits (hyphens aside), not {len(digits)}", len(nss))

    def validate(self, nss: str) -> None:
        self._digits(nss)

    def normalize(self, nss: str) -> str:
        digits = self._digits(nss)
        return isbn10_to_isbn13(digits) if len(digits) == 10 else digits


_ISBN_RULES: Final = ISBN()


class ISSN(Namespace):
    """``urn:issn`` (RFC 3044): ``NNNN-NNNC``, mod-11 check digit (``X`` for 10).

    The hyphen may be omitted and ``x`` is read as ``X`` (RFC 3044, "Rules for
    Lexical Equivalence"); the normal form is ``NNNN-NNNC`` with an uppercase X.

    >>> ISSN().normalize("0259000x")
    '0259-000X'
    >>> ISSN().validate("1560-1561")
    Traceback (most recent call last):
    urikit.urn.NSSError: ISSN check digit is '1' but should be '0'
    """

    nid = "issn"
    reference = "RFC 3044"
    _RE: Final = re.compile(r"([0-9]{4})-?([0-9]{3})([0-9Xx])\Z")

    def validate(self, nss: str) -> None:
        m = self._RE.match(nss)
        if m is None:
            raise NSSError(
                "an ISSN is 8 characters NNNN-NNNC (N a digit, C a digit or X)", self._bad(nss)
            )
        digits = m.group(1) + m.group(2)
        total = sum((8 - k) * int(d) for k, d in enumerate(digits))
        check = (11 - total % 11) % 11
        expected = "X" if check == 10 else str(check)
        if m.group(3).upper() != expected:
            raise NSSError(
                f"ISSN check digit is {m.group(3)!r} but should be {expected!r}", len(nss) - 1
            )

    @staticmethod
    def _bad(nss: str) -> int:
        """Offset of the first character that does not fit NNNN[-]NNNC."""
        k = 0
        for want in ("D", "D", "D", "D", "-", "D", "D", "D", "C"):
            if want == "-":
                k += nss[k : k + 1] == "-"
                continue
            ok = k < len(nss) and (nss[k] in _DIGITS or (want == "C" and nss[k] in "xX"))
            if not ok:
                return k
            k += 1
        return k

    def normalize(self, nss: str) -> str:
        self.validate(nss)
        compact = nss.replace("-", "").upper()
        return compact[:4] + "-" + compact[4:]


class UUID(Namespace):
    """``urn:uuid`` (RFC 4122 section 3): 8-4-4-4-12 hex digits, case-insensitive on
    input; the normal form is lowercase.

    >>> UUID().normalize("F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6")
    'f81d4fae-7dec-11d0-a765-00a0c91e6bf6'
    """

    nid = "uuid"
    reference = "RFC 4122"
    _GROUPS: Final = (8, 4, 4, 4, 12)

    def validate(self, nss: str) -> None:
        k = 0
        for g, size in enumerate(self._GROUPS):
            for _ in range(size):
                if k >= len(nss) or nss[k] not in HEXDIG:
                    raise NSSError(
                        "a UUID is 32 hex digits in groups of 8-4-4-4-12 separated by '-'", k
                    )
                k += 1
            if g < 4:
                if k >= len(nss) or nss[k] != "-":
                    raise NSSError(f"expected '-' after {k} characters of a UUID", k)
                k += 1
        if k != len(nss):
            raise NSSError("a UUID ends after 36 characters", k)

    def normalize(self, nss: str) -> str:
        self.validate(nss)
        return nss.lower()


class OID(Namespace):
    """``urn:oid`` (RFC 3061): dotted decimal arcs without leading zeros; exact match.

    >>> OID().validate("1.3.6.1.04")
    Traceback (most recent call last):
    urikit.urn.NSSError: OID arc '04' has a leading zero
    """

    nid = "oid"
    reference = "RFC 3061"

    def validate(self, nss: str) -> None:
        pos = 0
        for arc in nss.split("."):
            if not arc:
                raise NSSError("empty OID arc (an OID is number *( '.' number ))", pos)
            for k, ch in enumerate(arc):
                if ch not in _DIGITS:
                    raise NSSError(f"{ch!r} is not allowed in an OID (digits and '.')", pos + k)
            if len(arc) > 1 and arc[0] == "0":
                raise NSSError(f"OID arc {arc!r} has a leading zero", pos)
            pos += len(arc) + 1


class IETF(Namespace):
    """``urn:ietf`` (RFC 2648): ``rfc:N``, ``fyi:N``, ``std:N``, ``bcp:N``, ``id:name``,
    ``mtg:name`` or another name; the whole URN is case-insensitive, so the normal
    form is lowercase.

    >>> IETF().normalize("RFC:2141")
    'rfc:2141'
    >>> IETF().validate("rfc:21a")
    Traceback (most recent call last):
    urikit.urn.NSSError: 'rfc:' is followed by digits only, not 'a'
    """

    nid = "ietf"
    reference = "RFC 2648"
    _NUMBERED: Final = ("rfc", "fyi", "std", "bcp")
    _NAMED: Final = ("id", "mtg")

    @staticmethod
    def _string(nss: str, start: int, what: str) -> None:
        if start >= len(nss):
            raise NSSError(f"{what} needs at least one character", start)
        for k in range(start, len(nss)):
            ch = nss[k]
            if not (ch.isascii() and (ch.isalnum() or ch == "-")):
                raise NSSError(f"{ch!r} is not allowed in {what} (letters, digits, '-')", k)

    def validate(self, nss: str) -> None:
        prefix, sep, _ = nss.partition(":")
        low = prefix.lower()
        if not sep:
            self._string(nss, 0, "an IETF name")
        elif low in self._NUMBERED:
            start = len(prefix) + 1
            if start >= len(nss):
                raise NSSError(f"{low + ':'!r} needs a number", start)
            for k in range(start, len(nss)):
                if nss[k] not in _DIGITS:
                    raise NSSError(f"{low + ':'!r} is followed by digits only, not {nss[k]!r}", k)
        elif low in self._NAMED:
            self._string(nss, len(prefix) + 1, f"{low + ':'!r}")
        else:
            raise NSSError(
                f"unknown IETF document series {prefix!r} (rfc, fyi, std, bcp, id, mtg)", 0
            )

    def normalize(self, nss: str) -> str:
        self.validate(nss)
        return nss.lower()

    def parts(self, nss: str) -> tuple[str, str]:
        """(series, name) of a valid NSS: ``("rfc", "2141")``, ``("", "name")``."""
        self.validate(nss)
        prefix, sep, rest = nss.lower().partition(":")
        return (prefix, rest) if sep else ("", prefix)


class NBN(Namespace):
    """``urn:nbn`` (RFC 3188 section 4): ``prefix "-" NBN-string`` where the prefix
    is a two-letter ISO 3166 country code, optionally followed by ``":"`` and a
    sub-namespace code, or a registered non-ISO prefix (not two letters, no ":").
    RFC 3188 defines no global equivalence rules, so the normal form is the NSS.

    >>> NBN().parts("fi-fe19981001")
    ('fi', None, 'fe19981001')
    >>> NBN().parts("de:101:1-201102033592")
    ('de', '101:1', '201102033592')
    """

    nid = "nbn"
    reference = "RFC 3188"

    def parts(self, nss: str) -> tuple[str, str | None, str]:
        """(country code or non-ISO prefix, sub-namespace code or None, NBN string)."""
        dash = nss.find("-")
        if dash < 0:
            raise NSSError("an NBN is prefix '-' NBN-string; no '-' found", len(nss))
        prefix, nbn = nss[:dash], nss[dash + 1 :]
        if not nbn:
            raise NSSError("empty NBN string after the prefix", len(nss))
        country, colon, sub = prefix.partition(":")
        if not country:
            raise NSSError("empty NBN prefix (expected a country code)", 0)
        for k, ch in enumerate(country):
            if not (ch.isascii() and ch.isalnum()):
                raise NSSError(f"{ch!r} is not allowed in an NBN prefix", k)
        is_country = len(country) == 2 and country.isalpha()
        if colon:
            if not is_country:
                raise NSSError(
                    "only an ISO 3166 country code prefix takes a ':' sub-namespace code",
                    len(country),
                )
            if not sub or any(not part for part in sub.split(":")):
                raise NSSError("empty sub-namespace code", len(country) + 1)
            for k, ch in enumerate(sub, start=len(country) + 1):
                if not (ch.isascii() and (ch.isalnum() or ch == ":")):
                    raise NSSError(f"{ch!r} is not allowed in a sub-namespace code", k)
        elif len(country) < 2:
            raise NSSError("an NBN prefix is a two-letter country code or a registered prefix", 0)
        return country, (sub if colon else None), nbn

    def validate(self, nss: str) -> None:
        self.parts(nss)


class PublicID(Namespace):
    """``urn:publicid`` (RFC 3151): a transcribed public identifier; lexically
    equivalent only when identical (whitespace is normalized before transcription).

    >>> PublicID().validate("foo++bar")
    Traceback (most recent call last):
    urikit.urn.NSSError: a publicid NSS has no leading, trailing or doubled '+' (whitespace is normalized first, RFC 3151 section 2)
    """  # noqa: E501

    nid = "publicid"
    reference = "RFC 3151"

    def validate(self, nss: str) -> None:
        try:
            nss_to_publicid(nss)
        except URIError as err:
            if err.detail:
                message = err.detail
            elif err.position < len(nss):
                message = f"character {nss[err.position]!r} is not a PubidChar"
            else:
                message = "empty public identifier"
            raise NSSError(message, err.position) from None


#: The default registry: the namespaces urikit knows out of the box.
namespaces: Final = NamespaceRegistry([ISBN(), ISSN(), UUID(), OID(), IETF(), NBN(), PublicID()])
