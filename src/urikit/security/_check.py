""":func:`check`: parse the reference, then run every check in turn.

A reference that is no URI is parsed as an IRI; one that is neither gets a
single ``invalid-syntax`` finding. A plain reference (a "scheme://host" with
nothing to report, memoised, and no userinfo, port or percent-encoding) takes a
cheap path that makes no parse; everything else takes the full analysis,
``_check``, which calls the checks of the other modules."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Final

from ..core._accel import C_BUILD, accelerate
from ..core._errors import URIError, arg_type_error, check_str
from ..core._parser import (
    HOST_SPAN,
    PATH_SPAN,
    PORT_SPAN,
    SCHEME_SPAN,
    USERINFO_SPAN,
    is_ipv4address,
    plain_host_end,
)
from ..core._reference import URIReference, parse
from ..core._schemeinfo import DEFAULT_REGISTRY
from ._addresses import METADATA_HOSTS
from ._authority import _check_host, _check_port, _check_site, _check_userinfo
from ._percent import _LOUD_RE, _check_percent
from ._policy import _DEFAULT_POLICY, CODES, Finding, Policy, _Found
from ._report import _PARSED_IRI, _PARSED_URI, Report
from ._scheme import _SCHEME_CHECKED, _check_scheme
from ._text import _PCT_RUN_RE, _host_name, _is_invisible
from ._whatwg import _SPECIAL, _whatwg

_HIGH_PCT_RE: Final = re.compile(r"%[89A-Fa-f]")
_ENCODED_DOT_RE: Final = re.compile(r"%2[eE]")

_MEMO_SIZE: Final = 16384

#: "scheme://host" (or "//host") as written -> its lowercase scheme ("" for none)
#: when it has nothing to report, else False: a memo of :func:`_plain_origin`.
_PLAIN_PREFIXES: dict[str, str | bool] = {}

_LOCAL_ENDINGS: Final = ("localhost", "localhost.")


def _local(host: str) -> bool:
    """Whether ``host`` is a ``localhost`` name (RFC 6761 section 6.3), as the
    host checks read it (percent-decoded, mapped, lower-cased; a final dot)."""
    if host[:1] == "[":
        return False
    name = _host_name(host)
    bare = name[:-1] if name.endswith(".") else name
    return bare == "localhost" or bare.endswith(".localhost")


_new_report: Final = tuple.__new__


def _plain_origin(prefix: str) -> str | bool:
    """For "scheme://host" (no userinfo, no port, ASCII, no "%"): the lowercase
    scheme when it gives no finding (no scheme of concern, and a host name whose
    last label starts with a letter (no address form), no A-label, no local or
    metadata name), else False."""
    head, _, host = prefix.rpartition("//")
    scheme, host = head[:-1].lower(), host.lower()
    plain = (
        scheme not in _SCHEME_CHECKED
        and host[:1] != "["  # an IP literal: "[v1.a]" ends in "a]"
        and host.rpartition(".")[2][:1].isalpha()
        and "xn--" not in host
        and not host.endswith(_LOCAL_ENDINGS)
        and host not in METADATA_HOSTS
    )
    return scheme if plain else False


def check(
    text: str,
    *,
    policy: Policy | None = None,
    resolve_dns: bool = False,
    resolver: Callable[[str], Iterable[str]] | None = None,
) -> Report:
    """Check ``text`` (a URI or IRI reference) against RFC 3986 section 7 and RFC
    3987 section 8; never raises for a ``str``.

    ``policy`` (default: :class:`Policy`\\ ``()``, which blocks ``danger``)
    decides :attr:`Report.ok`. With ``resolve_dns=True`` a host name is resolved
    (``resolver(name)`` returns addresses as text; by default
    ``socket.getaddrinfo``) and every address is checked like a literal one.

    >>> [f.code for f in check("ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm").findings]
    ['misleading-userinfo', 'private-address']
    >>> r = check("http://h/a%0d%0aSet-Cookie:x")
    >>> [(f.code, f.severity, f.start) for f in r.findings], r.ok
    ([('encoded-control', 'danger', 10), ('encoded-control', 'danger', 13)], False)
    >>> fake_dns = lambda name: ["10.1.2.3"]
    >>> check("http://intranet.example/", resolve_dns=True, resolver=fake_dns).findings[0].message
    "'intranet.example' resolves to an address that is 10.1.2.3, a private address"
    """
    if type(text) is not str:
        check_str(text, "check", "text")
    if policy is None:
        policy = _DEFAULT_POLICY
    elif not isinstance(policy, Policy):
        raise arg_type_error("check", "policy", "Policy or None", policy)
    if resolve_dns is not False and type(resolve_dns) is not bool:
        raise arg_type_error("check", "resolve_dns", "bool", resolve_dns)
    if resolver is not None and not callable(resolver):
        raise arg_type_error("check", "resolver", "callable or None", resolver)
    end = plain_host_end(text)  # where "scheme://host" ends in a plain reference
    if end is not None and end > 0 and not resolve_dns and not policy._reads_host:
        # The common case, kept cheap (no spans, no parse: Report.uri parses on
        # access): nothing to report for a plain reference (a host with no
        # userinfo and no port, no percent-encoding, no path segment starting
        # with ".") when its "scheme://host" is plain too (a memo, bounded:
        # cleared when full). Not under a policy that reads every host (its
        # networks or sites).
        prefix = text[:end]
        scheme = _PLAIN_PREFIXES.get(prefix)
        if scheme is None:
            scheme = _plain_origin(prefix)
            if len(_PLAIN_PREFIXES) >= _MEMO_SIZE:
                _PLAIN_PREFIXES.clear()
            _PLAIN_PREFIXES[prefix] = scheme
        if scheme is not False:
            allowed = policy.allowed_schemes
            if allowed is None or (scheme and scheme in allowed):  # "": no scheme
                if policy.agreement is None:
                    return _new_report(Report, (text, (), (), _PARSED_URI))
                agreed = _Found(policy)  # nothing else to report: only the parsers to ask
                (_AGREEMENT[0] if _AGREEMENT else _load_agreement())(agreed, text, policy.agreement)
                if not agreed.items:
                    return _new_report(Report, (text, (), (), _PARSED_URI))
    try:
        ref = parse(text)
    except URIError as err:
        if text.isascii():
            return _invalid(text, err, policy)
        from .. import iri

        try:
            ref = iri.parse(text)
        except URIError as err2:
            return _invalid(text, err2, policy)
    sp = ref._sp
    return _check(text, ref, sp, policy, resolve_dns, resolver)


def _check(
    text: str,
    ref: URIReference,
    sp: tuple[tuple[int, int], ...],
    policy: Policy,
    resolve_dns: bool,
    resolver: Callable[[str], Iterable[str]] | None,
) -> Report:
    found = _Found(policy)
    scheme_a, scheme_b = sp[SCHEME_SPAN]
    scheme = text[scheme_a:scheme_b].lower() if scheme_a >= 0 else None
    if scheme is not None and scheme in _SCHEME_CHECKED:
        _check_scheme(found, text, sp)
    allowed = policy.allowed_schemes
    if allowed is not None and scheme not in allowed:
        a, b = (scheme_a, scheme_b) if scheme is not None else (0, 0)
        message = (
            f"the scheme {scheme!r} is not allowed"
            if scheme is not None
            else "there is no scheme (a relative reference); allowed: " + ", ".join(sorted(allowed))
        )
        found.add("scheme-not-allowed", "danger", "scheme", a, b, message)
    u0, u1 = sp[USERINFO_SPAN]
    if u0 >= 0:
        _check_userinfo(found, text, u0, u1, sp[HOST_SPAN][1])
        if not policy.allow_userinfo:
            found.add(
                "userinfo-not-allowed", "danger", "userinfo", u0, u1, "userinfo is not allowed"
            )
    h0, h1 = sp[HOST_SPAN]
    name = None
    named = False  # an ASCII reg-name the WHATWG host parser reads as RFC 3986 does
    plain = False  # and one the host checks find nothing in
    if h1 > h0:
        host = text[h0:h1]
        if (
            host.rpartition(".")[2][:1].isalpha()
            and host[0] != "["  # an IP literal: "[v1.a]" ends in "a]"
            and "%" not in host
            and host.isascii()
        ):
            name = host.lower()
            if "xn--" not in name:  # the ACE prefix in any case ("Xn--")
                named = True
                bare = name[:-1] if name[-1] == "." else name
                plain = not (
                    bare == "localhost" or bare.endswith(".localhost") or bare in METADATA_HOSTS
                )
        if not plain:
            name = _check_host(found, text, h0, h1)
    elif policy.require_host:
        found.add("missing-host", "danger", "host", max(h0, 0), max(h1, 0), "there is no host")
    if policy.allowed_sites is not None or policy.denied_sites:
        _check_site(found, text, h0, h1)
    p0, p1 = sp[PORT_SPAN]
    if p1 > p0:
        _check_port(found, text, scheme, p0, p1, policy)
    percent = "%" in text
    # every percent-encoded run decoded, when the percent checks decoded them
    decoded = _check_percent(found, text, sp) if percent else None
    if (
        not text.isascii()
        or (percent and _HIGH_PCT_RE.search(text))
        or (not plain and h1 > h0 and "xn--" in text[h0:h1].lower())
    ) and not (
        # with a plain host (no "%" in it) and no userinfo, the runs after the host
        # are all the runs: those the percent checks decoded when one has an
        # octet above 0x7F (None: one is no UTF-8, which _shows_plainly refuses)
        plain and u0 < 0 and text.isascii() and decoded is not None and _plain_text(decoded)
    ):
        (_DISPLAY[0] if _DISPLAY else _load_display())(found, text, sp)
    if policy.whatwg and scheme in _SPECIAL and not _whatwg_agrees(text, sp, named):
        _whatwg(found, text, ref, scheme)
    if policy.agreement is not None:
        (_AGREEMENT[0] if _AGREEMENT else _load_agreement())(found, text, policy.agreement)
    if resolve_dns and name:
        from ._dns import _resolve

        _resolve(found, name, h0, h1, resolver)
    elif resolve_dns and h1 > h0 and _local(text[h0:h1]):
        from ._dns import _resolve_local

        _resolve_local(found, _host_name(text[h0:h1]), h0, h1, resolver)
    findings = found.items
    if not findings:  # Report(text, (), (), ref) without its checks
        return _new_report(
            Report, (text, (), (), _PARSED_URI if type(ref) is URIReference else _PARSED_IRI)
        )
    if len(findings) > 1:
        findings.sort(key=lambda f: (f.start, f.end))
    blocks = policy.blocks
    return _new_report(
        Report,
        (
            text,
            tuple(findings),
            tuple([f for f in findings if blocks(f)]),
            _PARSED_URI if type(ref) is URIReference else _PARSED_IRI,
        ),
    )


#: ``_display._check_shown`` once a reference needed it (an import statement
#: in the function would cost a microsecond each time).
_DISPLAY: list[Callable[[_Found, str, tuple[tuple[int, int], ...]], None]] = []


def _load_display() -> Callable[[_Found, str, tuple[tuple[int, int], ...]], None]:
    from ._display import _check_shown  # imported for the references that need it

    _DISPLAY.append(_check_shown)
    return _check_shown


#: ``_readings._check_agreement`` once a policy with an ``agreement`` needed it.
_AGREEMENT: list[Callable[[_Found, str, tuple[str, ...] | str], None]] = []


def _load_agreement() -> Callable[[_Found, str, tuple[str, ...] | str], None]:
    from ._readings import _check_agreement  # imported for the policies that need it

    _AGREEMENT.append(_check_agreement)
    return _check_agreement


def _shows_plainly(text: str, start: int) -> bool:
    """Whether the display checks surely find nothing in the ASCII reference
    ``text`` whose authority is a plain host name (no userinfo, no "%", no
    A-label): every run of percent-encoded octets after the host (``start``)
    decodes as UTF-8 to characters none of which is right-to-left (``R``,
    ``AL``: what a bidi warning needs), a slash look-alike or one whose NFKC form
    holds a delimiter (what a look-alike warning needs), or an invisible one
    (what an "invisible-character" finding needs). The display form keeps
    such a host as it is (ASCII, one script), and decodes no more than these
    characters, so the display checks need not run.
    ``tests/security/test_check_shortcuts.py`` checks it against the display checks."""
    # The runs joined by a NUL octet: UTF-8 exactly when each run is (a NUL is no
    # continuation octet), and then their characters and NULs (ASCII).
    runs = "%00".join(_PCT_RUN_RE.findall(text, start)).replace("%", "")
    try:
        decoded = bytes.fromhex(runs).decode("utf-8")
    except UnicodeDecodeError:
        return False
    return _plain_text(decoded)


def _plain_text(decoded: str) -> bool:
    """Whether :func:`_shows_plainly_char` holds for every character of
    ``decoded`` that is not ASCII (the runs of :func:`_shows_plainly`, decoded)."""
    plain_chars = _PLAIN_CHARS
    if not plain_chars.issuperset(decoded):  # ASCII is in it
        if not _UNPLAIN_CHARS.isdisjoint(decoded):
            return False
        for ch in decoded:
            if ch not in plain_chars:
                if not _shows_plainly_char(ch):
                    if len(_UNPLAIN_CHARS) >= _MEMO_SIZE:
                        _UNPLAIN_CHARS.clear()
                    _UNPLAIN_CHARS.add(ch)
                    return False
                if len(plain_chars) >= _MEMO_SIZE:
                    plain_chars.clear()
                    plain_chars.update(map(chr, range(128)))
                plain_chars.add(ch)
    return True


#: The characters :func:`_shows_plainly_char` holds for, ASCII first: a memo
#: (bounded: cleared when full), as the Unicode look-ups cost a microsecond a
#: character.
_PLAIN_CHARS: Final[set[str]] = set(map(chr, range(128)))
#: The characters it does not hold for: a memo too.
_UNPLAIN_CHARS: Final[set[str]] = set()


def _shows_plainly_char(ch: str) -> bool:
    """Whether the non-ASCII ``ch`` is no right-to-left letter (bidi class ``R``
    or ``AL``), no slash look-alike, has no delimiter in its NFKC form and is
    not invisible (``_text._is_invisible``: what "invisible-character" is about)."""
    import unicodedata

    return (
        unicodedata.bidirectional(ch) not in ("R", "AL")
        and not _looks_like_delimiter(ch)
        and not _is_invisible(ch)
    )


def _looks_like_delimiter(ch: str) -> bool:
    """Whether ``ch`` is a slash look-alike or has a delimiter in its NFKC form
    (what the display checks warn about outside the host)."""
    import unicodedata

    from ..iri._display import _DELIMITERS, _SLASH_LIKE

    return ch in _SLASH_LIKE or not _DELIMITERS.isdisjoint(unicodedata.normalize("NFKC", ch))


def _char_kind(ch: str) -> int:
    """What the C build's ``check`` needs to know of the character ``ch``,
    decoded from percent-encoded UTF-8 after a host (it asks once per character
    and keeps the answer):

    * 1, quiet: no control, bidi formatting, ".", "/" or "\\" (what
      :func:`~._percent._check_percent` looks for) and, when not ASCII, what
      :func:`_shows_plainly_char` holds for (nothing the display checks warn
      about, no invisible character);
    * 2, a right-to-left letter (bidi class ``R`` or ``AL``) that is otherwise
      quiet and that the display form decodes in any component: a piece of a
      path, query or fragment made of such letters only starts and ends with
      one and has no left-to-right letter, which is what RFC 3987 section 4.2
      asks (no bidi warning);
    * 0 for anything else (the full analysis decides).

    >>> _char_kind("\u00e9"), _char_kind("\u05d0"), _char_kind("\u202e"), _char_kind("\u2215")
    (1, 2, 0, 0)
    >>> _char_kind("\u200b"), _char_kind("\ufe0f"), _char_kind("\u00ad")  # invisible
    (0, 0, 0)
    """
    if _LOUD_RE.search(ch) is not None:
        return 0
    if ch.isascii() or _shows_plainly_char(ch):
        return 1
    if _looks_like_delimiter(ch) or _is_invisible(ch):
        return 0
    # not plain, no look-alike and not invisible: a right-to-left letter
    from ..iri._conversion import _decodable

    decoded = _decodable(ch, False, for_display=True) and _decodable(ch, True, for_display=True)
    return 2 if decoded else 0


#: The registry whose default ports the default policy reads.
_REGISTRY: Final = _DEFAULT_POLICY.registry or DEFAULT_REGISTRY

#: "scheme://host[:port]" -> what :func:`_origin_verdict` said of it: a memo
#: (bounded: cleared when full) that the C build's ``check`` reads.
_ORIGINS: dict[str, tuple[tuple[Finding, ...], tuple[Finding, ...], int] | None] = {}


def _origin_verdict(origin: str) -> tuple[tuple[Finding, ...], tuple[Finding, ...], int] | None:
    """For the valid ASCII ``origin`` "scheme://host[:port]" (or "//host[:port]";
    no userinfo, no "%" in the host): the findings and the blocking ones of the
    default policy's report on any reference that is ``origin`` followed by a
    quiet rest, with the scheme registry's version they hold for (a port's
    findings depend on the registry); ``None`` when the rest may matter: a
    scheme of concern, an A-label, or a host and port the WHATWG may read
    otherwise (the comparison reads the whole reference). Kept in ``_ORIGINS``.

    The C build's ``check`` says which rest is quiet: no path segment starting
    with ".", and only "%XX" that the percent checks pass over, or UTF-8 runs of
    characters :func:`_char_kind` calls quiet, or whole pieces of right-to-left
    letters. Such a rest gives no finding of its own: none from the percent
    checks, none from the display checks (a host that is ASCII with no A-label
    has no label to judge, and the rest shows plainly or in right-to-left pieces
    that RFC 3987 section 4.2 allows), and the WHATWG reads its path as RFC 3986
    does when it reads the origin so (``_whatwg_agrees``). Such references
    (with a port, a local name or an address) are common, and the full analysis
    costs many parses. ``tests/security/test_check_nothing_to_report.py`` checks every report
    against the full analysis.

    >>> [f.code for f in _origin_verdict("http://localhost:8000")[0]]
    ['private-address']
    """
    ref = parse(origin)
    sp = ref._sp
    verdict = None
    s0, s1 = sp[SCHEME_SPAN]
    scheme = origin[s0:s1].lower() if s0 >= 0 else None
    h0, h1 = sp[HOST_SPAN]
    host = origin[h0:h1].lower()
    if (
        sp[USERINFO_SPAN][0] < 0
        and h1 > h0
        and scheme not in _SCHEME_CHECKED
        and "%" not in host
        and "xn--" not in host
    ):
        named = host[0] != "[" and host.rpartition(".")[2][:1].isalpha()
        if scheme not in _SPECIAL or _whatwg_agrees(origin, sp, named):
            report = _check(origin, ref, sp, _DEFAULT_POLICY, False, None)
            verdict = (report.findings, report.blocking, _REGISTRY.version)
    if len(_ORIGINS) >= _MEMO_SIZE:
        _ORIGINS.clear()
    _ORIGINS[origin] = verdict
    return verdict


def _whatwg_agrees(text: str, sp: tuple[tuple[int, int], ...], named: bool) -> bool:
    """Whether the WHATWG URL Standard surely reads the scheme, host, port and
    path of the valid reference ``text`` (a special scheme) as RFC 3986 does, so
    that ``_whatwg`` would find nothing and need not run (it would be most of a
    check's time on a line with a port or a "%"). True only for: a host that
    is ``named`` (an ASCII reg-name ending in a label that starts with a letter,
    no "%", no A-label: "localhost" and metadata names too, which the WHATWG
    host parser lowercases as any other) or an RFC 3986 IPv4 address (dotted decimal with no
    leading zero, which is the WHATWG serialisation); no port, an empty one or
    at most five digits up to 65535 (a number either way; the default port
    dropped by both); a path without a segment starting with "." and without
    "%2e" in any case (the WHATWG reads it as a dot).
    ``tests/security/test_check_shortcuts.py`` checks the claim against ada-url."""
    h0, h1 = sp[HOST_SPAN]
    if not named and not (h1 > h0 and is_ipv4address(text[h0:h1])):  # host_kind "ipv4"
        return False
    p0, p1 = sp[PORT_SPAN]
    if p1 > p0 and (p1 - p0 > 5 or int(text[p0:p1]) > 65535):
        return False
    p, q = sp[PATH_SPAN]
    if text.find("/.", p, q) >= 0:
        return False
    at = text.find("%", p, q)
    return at < 0 or not _ENCODED_DOT_RE.search(text, at, q)


def _invalid(text: str, err: URIError, policy: Policy) -> Report:
    end = min(err.position + 1, len(text))
    finding = Finding(
        "invalid-syntax",
        "danger",
        err.component,
        err.position,
        max(end, err.position),
        str(err),
        CODES["invalid-syntax"][1],
    )
    findings: tuple[Finding, ...] = (finding,)
    if policy.agreement is not None:  # where the parsers that read it would send it
        from ._readings import _check_agreement

        found = _Found(policy)
        _check_agreement(found, text, policy.agreement)
        findings = (finding, *sorted(found.items, key=lambda f: (f.start, f.end)))
    return Report(text, findings, tuple(f for f in findings if policy.blocks(f)), None)


if C_BUILD and _DEFAULT_POLICY.allowed_schemes is None and not _DEFAULT_POLICY._reads_host:
    # The C build answers check(text) itself for a text whose findings under the
    # default policy (which allows every scheme, denies no network and names no
    # site) surely
    # come from its origin alone: none for the cheap path above, also with an
    # empty port, "%XX" that _check_percent passes over, and UTF-8 runs of quiet
    # characters or whole right-to-left pieces; the memo's for an origin with a
    # port, a local name or an address; every other call is the function above.
    check = accelerate(
        "check",
        check,
        report_type=Report,
        parsed=_PARSED_URI,
        schemes=tuple(sorted(_SCHEME_CHECKED)),
        metadata_hosts=tuple(sorted(METADATA_HOSTS)),
        local_endings=_LOCAL_ENDINGS,
        origin_memo=_ORIGINS,
        origin_verdict=_origin_verdict,
        char_kind=_char_kind,
        registry=_REGISTRY,
        version_attr="_version",  # the registry's change count (its version property)
    )
