"""urikit: URIs, URLs and URNs exactly as the RFCs define them.

>>> import urikit
>>> ref = urikit.parse("https://example.org/a/b?x=1#frag")
>>> ref.host, ref.path, ref.query
('example.org', '/a/b', 'x=1')
>>> urikit.resolve("http://a/b/c/d;p?q", "../../g")
'http://a/g'
>>> urikit.normalize("HTTP://Example.ORG:80/%7euser/./x")
'http://example.org/~user/x'
"""

from __future__ import annotations

from .core import _errors, _normalization, _percent, _reference, _resolution
from .core._accel import IMPLEMENTATION
from .core._errors import URIError
from .core._faces import publish as _publish
from .core._normalization import equivalent, normalize
from .core._percent import percent_decode, percent_encode
from .core._reference import URIReference, is_valid, parse
from .core._resolution import relativize, remove_dot_segments, resolve

# The core's public names carry their faces (urikit.reference for urikit.core._reference
# ...) without importing the faces, which ``import urikit`` need not pay for.
for _module in (_errors, _normalization, _percent, _reference, _resolution):
    _publish(f"{__name__}.{_module.__name__.rpartition('.')[2].lstrip('_')}", vars(_module))
del _module

TYPE_CHECKING = False
if TYPE_CHECKING:  # loaded on first use, see __getattr__
    from typing import Any

    from . import schemes
    from .canonicalization import canonical, safe_browsing_expressions, surt
    from .extraction import Extracted, extract, fixup, iter_extract
    from .linkifier import linkify
    from .urn import URN

    __version__: str

__all__ = [
    "IMPLEMENTATION",
    "URN",
    "Extracted",
    "URIError",
    "URIReference",
    "__version__",
    "canonical",
    "equivalent",
    "extract",
    "fixup",
    "is_valid",
    "iter_extract",
    "linkify",
    "normalize",
    "parse",
    "percent_decode",
    "percent_encode",
    "relativize",
    "remove_dot_segments",
    "resolve",
    "safe_browsing_expressions",
    "schemes",
    "surt",
]

#: Attributes loaded on first use (PEP 562), so that ``import urikit`` stays cheap:
#: name -> (module, attribute or "" for the module itself).
_LAZY: dict[str, tuple[str, str]] = {
    "URN": ("urikit.urn", "URN"),
    "schemes": ("urikit.schemes", ""),
    "extract": ("urikit.extraction", "extract"),
    "iter_extract": ("urikit.extraction", "iter_extract"),
    "Extracted": ("urikit.extraction", "Extracted"),
    "fixup": ("urikit.extraction", "fixup"),
    "linkify": ("urikit.linkifier", "linkify"),
    "iri": ("urikit.iri", ""),
    "security": ("urikit.security", ""),
    "domains": ("urikit.domains", ""),
    "canonical": ("urikit.canonicalization", "canonical"),
    "safe_browsing_expressions": ("urikit.canonicalization", "safe_browsing_expressions"),
    "surt": ("urikit.canonicalization", "surt"),
}


def _version() -> str:
    """The version of the installed distribution (pyproject.toml holds it); when
    urikit runs from a source tree that is not installed, the version written in
    that tree's pyproject.toml, else "0+unknown".

    >>> _version() == __version__ and _version()[0].isdigit()
    True
    """
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("urikit")
    except PackageNotFoundError:
        pass
    from pathlib import Path

    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    try:
        import tomllib

        with pyproject.open("rb") as f:
            project = tomllib.load(f)["project"]
    except (OSError, KeyError, ValueError):  # tomllib.TOMLDecodeError is a ValueError
        return "0+unknown"
    found = project.get("version") if project.get("name") == "urikit" else None
    return found if isinstance(found, str) else "0+unknown"


def __getattr__(name: str) -> Any:
    if name == "__version__":  # read on first use: importlib.metadata is slow to import
        value: Any = _version()
        globals()[name] = value
        return value
    try:
        module_name, attribute = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    from .core._extras import imported

    module = imported(module_name)
    value = getattr(module, attribute) if attribute else module
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY, "__version__"})
