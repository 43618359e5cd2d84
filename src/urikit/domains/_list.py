"""The Public Suffix List read and compiled: :class:`PublicSuffixList`, :func:`parse_list`.

The list's text (https://github.com/publicsuffix/list/wiki/Format) is read rule
by rule and compiled once into a trie of dicts keyed by label, from the right
(``uk`` -> ``co`` -> ...). A node is ``(flags, children)``: which kinds of rule
end there (a normal or an exception rule, of the ICANN or of the private
section), whether its ``*`` child is a rule (``*.ck``: a flag of ``ck``, not a
child), and the labels below it. A rule written with U-labels is entered under
its A-labels too, so ``xn--55qx5d.cn`` and ``公司.cn`` find the same rule and
the answer keeps the form the host was given in.

The lookup (:meth:`PublicSuffixList._count`) is a function of the host's labels
only: one walk from the right, no regular expression, so that a C version can
mirror it over the same table. In a C build the trie's nodes are also handed,
once, to ``_speedups.psl_table`` (:func:`_nodes`: each node's labels joined by
``.`` and its flags), and the lookups of a common host (ASCII, no ``%``) run in
C (domains/lookup_c.c), the others here.
"""

from __future__ import annotations

from itertools import product
from typing import Final, NamedTuple

from ..core._accel import speedups
from ..core._errors import check_str
from ..core._reference import URIReference
from ..iri._idna import punycode_labels
from ._hosts import host_labels, host_of, is_ip
from ._parts import DomainParts

# the C kernels this module calls (None in the pure-Python build)
psl_lookup = None if speedups is None else speedups.psl_lookup
psl_table = None if speedups is None else speedups.psl_table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn

__all__ = ["ICANN", "PRIVATE", "PublicSuffixList", "Rule", "parse_list"]

#: The section names, as :attr:`DomainParts.section` gives them.
ICANN: Final = "icann"
PRIVATE: Final = "private"

# A node's flags: a normal rule ends here (bit 0: ICANN, bit 1: private), an
# exception rule ends here (bit 2: ICANN, bit 3: private), its * child is a normal
# rule (bit 4: ICANN, bit 5: private).
_RULE: Final = {ICANN: 1, PRIVATE: 2}
_EXCEPTION: Final = {ICANN: 4, PRIVATE: 8}
#: The flags a lookup honours: every rule, or the ICANN section's only.
MASK_ALL: Final = 15
MASK_ICANN: Final = 5

_BEGIN: Final = {"===BEGIN ICANN DOMAINS===": ICANN, "===BEGIN PRIVATE DOMAINS===": PRIVATE}
_END: Final = ("===END ICANN DOMAINS===", "===END PRIVATE DOMAINS===")

#: A trie node: (flags, children by label, or None for a leaf).
Node = tuple[int, "dict[str, Node] | None"]


class Rule(NamedTuple):
    """One rule of the list: its labels as written (``"*.ck"``), whether it is an
    exception rule (written ``!www.ck``; the ``!`` is not in ``text``), and its
    section, ``"icann"`` or ``"private"`` (a rule outside both is ``"icann"``,
    as a list without the markers is read)."""

    #: The rule's labels, dot-separated and lower-cased, without a leading ``!``.
    text: str
    #: Is this an exception rule (``!www.ck``)?
    exception: bool
    #: ``"icann"`` or ``"private"``.
    section: str


def _bad(number: int, line: str, why: str) -> NoReturn:
    raise ValueError(f"public suffix list line {number}: {why}: {line!r}")


def parse_list(text: str) -> tuple[tuple[Rule, ...], dict[str, str]]:
    """The rules of a Public Suffix List's ``text`` and its header facts.

    Each line is read up to its first whitespace; a line that is empty or starts
    with ``//`` holds no rule. The ``===BEGIN ICANN DOMAINS===`` and ``===BEGIN
    PRIVATE DOMAINS===`` comments open the two sections. The facts are the
    ``// VERSION:`` and ``// COMMIT:`` comments of the header, when there
    (``{"version": ..., "commit": ...}``).

    A rule is lower-cased; a rule with an empty label, or with ``*`` anywhere but
    as its leftmost label (the list uses no other), is refused with
    ``ValueError`` naming the line.

    >>> rules, facts = parse_list("// VERSION: 2026-01-01\\ncom\\n*.ck  comment\\n!www.ck\\n")
    >>> [(r.text, r.exception, r.section) for r in rules]
    [('com', False, 'icann'), ('*.ck', False, 'icann'), ('www.ck', True, 'icann')]
    >>> facts
    {'version': '2026-01-01'}
    """
    rules: list[Rule] = []
    facts: dict[str, str] = {}
    section = ICANN
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("//"):
            comment = stripped[2:].strip()
            if comment in _BEGIN:
                section = _BEGIN[comment]
            elif comment in _END:
                section = ICANN
            else:
                key, colon, value = comment.partition(":")
                if colon and key in ("VERSION", "COMMIT") and not rules:
                    facts[key.lower()] = value.strip()
            continue
        if not stripped:
            continue
        word = stripped.split(None, 1)[0].lower()
        exception = word.startswith("!")
        if exception:
            word = word[1:]
        labels = word.split(".")
        if "" in labels:
            _bad(number, line, "an empty label")
        if "*" in labels[1:] or any("*" in label and label != "*" for label in labels):
            _bad(number, line, "a wildcard that is not the whole leftmost label")
        if exception and labels[0] == "*":
            _bad(number, line, "an exception rule with a wildcard")
        rules.append(Rule(word, exception, section))
    return tuple(rules), facts


def _spellings(labels: list[str]) -> list[tuple[str, ...]]:
    """Every way to write ``labels`` with each non-ASCII label as it is or as its
    A-label (a host may mix them: ``食狮.xn--55qx5d.cn``)."""
    # the list's labels are in normal form: Punycode alone, not IDNA's mapping
    choices = [(label,) if label.isascii() else (label, punycode_labels(label)) for label in labels]
    return list(product(*choices))


def _compile(rules: tuple[Rule, ...]) -> dict[str, Node]:
    """The trie of ``rules`` (see the module's docstring)."""
    # built with lists (mutable), then frozen into (flags, children) tuples
    root: dict[str, list[object]] = {}
    for rule in rules:
        bit = (_EXCEPTION if rule.exception else _RULE)[rule.section]
        for spelling in _spellings(rule.text.split(".")):
            children = root
            node: list[object] = []
            for label in reversed(spelling):
                node = children.setdefault(label, [0, {}])
                children = node[1]  # type: ignore[assignment]
            node[0] = int(node[0]) | bit  # type: ignore[call-overload]

    def freeze(children: dict[str, list[object]]) -> dict[str, Node]:
        frozen: dict[str, Node] = {}
        for label, (flags, below) in children.items():
            if label == "*":
                continue  # a flag of its parent (a * rule is never a parent: parse_list)
            wild = below.get("*") if below else None  # type: ignore[attr-defined]
            if wild is not None:
                flags = int(flags) | (int(wild[0]) & 3) << 4  # type: ignore[call-overload]
            kids = freeze(below) if below else None  # type: ignore[arg-type]
            frozen[label] = (flags, kids)  # type: ignore[assignment]
        return frozen

    return freeze(root)  # a rule "*" alone is the default rule, written out: left out


def _nodes(root: dict[str, Node]) -> tuple[tuple[bytes, int], ...]:
    """Every node of the trie ``root`` whose labels are ASCII, as the suffix a host
    ends in to reach it (``b"co.uk"``) and its flags: the table C looks up (a
    host with a label that is not ASCII goes to Python)."""
    found: list[tuple[bytes, int]] = []
    stack: list[tuple[str, dict[str, Node]]] = [("", root)]
    while stack:
        below, children = stack.pop()
        for label, (flags, kids) in children.items():
            if not label.isascii():
                continue
            key = f"{label}.{below}" if below else label
            found.append((key.encode("ascii"), flags))
            if kids:
                stack.append((key, kids))
    return tuple(found)


class PublicSuffixList:
    """A Public Suffix List, compiled for lookups; immutable.

    Made by :func:`urikit.domains.load` (a file or text of your own) or
    :func:`urikit.domains.default_list` (the list the ``publicsuffixlist``
    package ships). Its methods are the module's functions on this list:
    :meth:`public_suffix`, :meth:`registrable_domain`, :meth:`split`.

    >>> from urikit.domains import load
    >>> psl = load("// VERSION: test\\ncom\\nco.uk\\n*.ck\\n!www.ck\\n")
    >>> psl.version, len(psl.rules)
    ('test', 4)
    >>> psl.registrable_domain("forums.bbc.co.uk"), psl.public_suffix("a.b.ck")
    ('bbc.co.uk', 'b.ck')
    """

    __slots__ = ("_root", "_table", "commit", "rules", "source", "version")

    #: The rules, in the list's order.
    rules: tuple[Rule, ...]
    #: The ``// VERSION:`` line of the list's header (a date and time), or None.
    version: str | None
    #: The ``// COMMIT:`` line of the list's header, or None.
    commit: str | None
    #: Where the list was read from: a path, or ``"<text>"``.
    source: str
    _root: dict[str, Node]
    #: The trie compiled for the C lookup (``_speedups.psl_table``), or None.
    _table: object

    def __init__(self, text: str, source: str = "<text>") -> None:
        """Compile the list ``text`` (``source``: where it comes from, shown in the
        repr); ``ValueError`` for a line that is not a rule (see :func:`parse_list`)."""
        rules, facts = parse_list(text)
        root = _compile(rules)
        for name, value in (
            ("rules", rules),
            ("version", facts.get("version")),
            ("commit", facts.get("commit")),
            ("source", source),
            ("_root", root),
            ("_table", None if psl_table is None else psl_table(_nodes(root))),
        ):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __repr__(self) -> str:
        return (
            f"<PublicSuffixList {len(self.rules)} rules, version {self.version!r},"
            f" from {self.source!r}>"
        )

    def _count(self, labels: list[str], mask: int) -> tuple[int, int]:
        """How many of ``labels`` (left to right, lower-case, none empty) make
        the public suffix, and the flags of the prevailing rule (0: the default
        rule ``*``), honouring the rules in ``mask``.

        One walk from the rightmost label: a node whose ``*`` child is a rule
        (its flags' bits 4 and 5) matches any next label, a child of the label's
        own name continues the walk; the deepest normal rule prevails, unless an
        exception rule matches, which prevails at once and gives its labels less
        the leftmost one."""
        best, flags = 1, 0  # the default rule "*": the rightmost label
        children: dict[str, Node] | None = self._root
        wild = 0  # the rule flags of the * child of the node above
        for depth, label in enumerate(reversed(labels), 1):
            if wild:
                best, flags = depth, wild
            node = children.get(label)  # type: ignore[union-attr]
            if node is None:
                break
            found = node[0]
            if found & mask & 12:  # an exception rule
                return depth - 1, found & mask & 12
            if found & mask & 3:
                best, flags = depth, found & mask & 3
            children = node[1]
            if children is None:  # a leaf ({} when its only child was a * rule)
                break
            wild = (found >> 4) & mask & 3
        return best, flags

    def _find(
        self, host: str, private: bool, func: str = "public_suffix"
    ) -> tuple[list[str], str, int, int] | None:
        """``host``'s labels, trailing dot, public-suffix label count and rule
        flags, or None when it has no public suffix (``func``: the caller, named
        by a TypeError for a host that is not a ``str``)."""
        if type(host) is not str:
            check_str(host, func, "host")
        read = host_labels(host)
        if read is None:
            return None
        labels, dot = read
        count, flags = self._count(labels, MASK_ALL if private else MASK_ICANN)
        return labels, dot, count, flags

    def public_suffix(self, host: str, *, private: bool = True) -> str | None:
        """The public suffix of ``host``, or ``None`` when it has none (an IP
        address, an empty label: see :func:`urikit.domains.public_suffix`)."""
        if psl_lookup is not None:
            fast = psl_lookup(self._table, host, private, 0)
            if fast is not NotImplemented:
                return fast  # type: ignore[return-value]
        found = self._find(host, private)
        if found is None:
            return None
        labels, dot, count, _ = found
        return ".".join(labels[-count:]) + dot

    def registrable_domain(self, host: str, *, private: bool = True) -> str | None:
        """The public suffix of ``host`` and one label more, or ``None`` when the
        host is a public suffix or has none."""
        if psl_lookup is not None:
            fast = psl_lookup(self._table, host, private, 1)
            if fast is not NotImplemented:
                return fast  # type: ignore[return-value]
        # _find's steps, written out: the most called lookup, a call and a tuple fewer
        if type(host) is not str:
            check_str(host, "registrable_domain", "host")
        read = host_labels(host)
        if read is None:
            return None
        labels, dot = read
        count = self._count(labels, MASK_ALL if private else MASK_ICANN)[0]
        if count >= len(labels):
            return None
        return ".".join(labels[-count - 1 :]) + dot

    def split(self, host_or_url: str | URIReference, *, private: bool = True) -> DomainParts:
        """The subdomain, domain and suffix of a host, or of a URL's host (see
        :func:`urikit.domains.split`)."""
        if isinstance(host_or_url, URIReference):
            host = host_or_url.host
        else:
            if not isinstance(host_or_url, str):
                check_str(host_or_url, "split", "host_or_url")
            host = host_of(host_or_url)
        return self.parts_of(host, private)

    def parts_of(self, host: str | None, private: bool = True) -> DomainParts:
        """:meth:`split` of a host already read from its text (``None``: the
        reference has no authority), for a caller that has the host anyway."""
        if host is None:
            return DomainParts("", "", "", None)
        found = self._find(host, private, "split")
        if found is None:
            return DomainParts("", host.lower() if is_ip(host) else "", "", None)
        labels, dot, count, flags = found
        section = None if not flags else ICANN if flags & 5 else PRIVATE
        suffix = ".".join(labels[-count:]) + dot
        n = len(labels)
        if count >= n:
            return DomainParts("", "", suffix, section)
        return DomainParts(
            ".".join(labels[: n - count - 1]), labels[n - count - 1], suffix, section
        )
