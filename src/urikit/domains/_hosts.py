"""A host as it comes, read into the labels the list is matched against.

Every ``str`` gets an answer, never an exception: :func:`host_labels` gives the
labels and the trailing dot, or ``None`` for a host that has no public suffix
(docs/domains.md, "Hosts as they come", gives each case):

* empty, an IP literal (``[...]``), an IPv4 address in any form (a last label
  that is a number, decimal or ``0x`` hexadecimal, as the URL Standard's "ends
  in a number" reads it: ``127.0.0.1``, ``0x7f.1``, ``2130706433``);
* an empty label (``.com``, ``a..b``), or more than one trailing dot;
* a ``%XX`` that is not valid percent-encoded UTF-8.

Otherwise ``%XX`` is decoded (a reg-name's octets, RFC 3986 section 3.2.2),
upper case is lowered (``str.lower``), and one trailing dot is kept aside, to
be put back on the answers.
"""

from __future__ import annotations

from ..core._charsets import REG_NAME
from ..core._errors import URIError
from ..core._percent import percent_decode

__all__ = ["host_labels", "is_ip"]

_HEX = frozenset("0123456789abcdef")


def _is_number(label: str) -> bool:
    """Is ``label`` (lower-case) a number as the URL Standard's IPv4 parser reads
    one: ASCII digits, or ``0x`` and hexadecimal digits (none too)?"""
    if label.isdigit() and label.isascii():
        return True
    return label.startswith("0x") and _HEX.issuperset(label[2:])


def is_ip(host: str) -> bool:
    """Is ``host`` an IP literal (``[...]``) or an IPv4 address in any form?

    >>> [is_ip(h) for h in ("[::1]", "127.0.0.1", "0x7F.1", "10.", "example.com")]
    [True, True, True, True, False]
    """
    if host.startswith("["):
        return True
    last = host.lower()
    if last.endswith("."):
        last = last[:-1]
    return _is_number(last.rpartition(".")[2])


def host_labels(host: str) -> tuple[list[str], str] | None:
    """The labels of ``host`` (left to right, lower-case, percent-decoded) and
    its trailing dot (``""`` or ``"."``), or ``None`` when it has no public
    suffix (see the module's docstring).

    >>> host_labels("WwW.Example.COM.")
    (['www', 'example', 'com'], '.')
    >>> host_labels("%65xample.%E4%B8%AD%E5%9B%BD")
    (['example', '中国'], '')
    >>> [host_labels(h) for h in ("", ".com", "a..b", "com..", "[::1]", "10.0.0.1", "%ff.com")]
    [None, None, None, None, None, None, None]
    """
    if not host or host[0] == "[":
        return None
    if "%" in host:
        try:
            host = percent_decode(host, component="host")
        except URIError:
            return None
    text = host.lower()
    dot = ""
    if text[-1] == ".":
        text, dot = text[:-1], "."
    labels = text.split(".")
    last = labels[-1]
    # a number starts with a digit: most hosts are told apart by their first character
    if "" in labels or ("0" <= last[0] <= "9" and _is_number(last)):
        return None
    return labels, dot


#: The ASCII characters of a reg-name (RFC 3986 section 3.2.2: unreserved,
#: sub-delims, ``%``): a text of these only is a host as it is; any other is read
#: as a URI reference, or as an authority and a path, and checked.
_REG_NAME = REG_NAME | frozenset("%")


def host_of(text: str) -> str | None:
    """The host of ``text``: ``text`` itself when it is a bare host, else the host
    of the IRI reference ``text`` when it has ``//``; without, of ``//`` +
    ``text`` (an authority first: ``example.com:8080/a``, ``user@example.com``)
    when that parses, else of ``text``. ``None`` when the reference has no
    authority, ``URIError`` when it does not parse.

    >>> [host_of(t) for t in ("Example.com", "https://a.b.example/x", "b.example:80/p")]
    ['Example.com', 'a.b.example', 'b.example']
    >>> host_of("urn:isbn:1"), host_of("[::1]:8080"), host_of("例え.jp")
    (None, '[::1]', '例え.jp')
    >>> host_of("a b")
    Traceback (most recent call last):
    urikit.errors.URIError: invalid character ' ' in path at position 1
    """
    if _REG_NAME.issuperset(text) and text:
        return text
    from ..iri._reference import parse

    if not text.startswith("//") and "://" not in text:
        try:
            return parse("//" + text).host
        except URIError:
            pass  # not an authority: a URI without one (urn:isbn:1), or not a URI
    return parse(text).host
