"""The core: RFC 3986's generic syntax, layers 0 to 4.

Everything else in urikit is built on these modules; they import nothing from
outside this package (the legacy grammars and rules, and the typed scheme
views, fill the registries in ``_hooks`` and ``_schemeinfo`` instead). Users
import the core from its faces: :mod:`urikit` itself, :mod:`urikit.reference`,
:mod:`urikit.errors`, :mod:`urikit.percent`, :mod:`urikit.resolution` and
:mod:`urikit.normalization`. Each module's C twin (``*_c.c``) sits beside it and
is reached through ``_accel`` only.
"""

#: The core's layers, bottom up (tests/project/test_layers.py reads this): a module may
#: import its own layer and those below, never one above.
__layers__ = {
    # the exception, every character class, the hook tables, import on first use,
    # the public faces' __module__, the JSON records' declared fields, the registries'
    # case-insensitive names
    "_errors": 0,
    "_charsets": 0,
    "_hooks": 0,
    "_extras": 0,
    "_faces": 0,
    "_fields": 0,
    "_registry": 0,
    # the C extension and the one door to it
    "_speedups": 1,
    "_build_info": 1,
    "_accel": 1,
    "_interface": 1,
    # percent-coding; the scheme registry
    "_percent": 2,
    "_schemeinfo": 2,
    # Appendix A (split and diagnose), section 5.2, section 6, URIReference's edits
    "_parser": 3,
    "_resolution": 3,
    "_normalization": 3,
    "_editing": 3,
    # URIReference's components, builders and edits (one codec hook); URIReference,
    # parse(), is_valid() and the C hook-up
    "_building": 4,
    "_reference": 4,
}
