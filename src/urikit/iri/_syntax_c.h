/* _syntax_c.c: the IRI kernels. Its header: what it offers the other units
 * (urikit_*, hidden: no symbol leaves the extension), and
 * URIKIT_IRI_SYNTAX_METHODS, its entries in the module's method table
 * (_speedups_module.c concatenates the units' tables).
 */
#ifndef URIKIT_IRI_SYNTAX_C_H
#define URIKIT_IRI_SYNTAX_C_H
#include "../core/_speedups.h"

UK_KERNEL_O(iri_stand_in);
UK_KERNEL_O(iri_pct_encode);

#define URIKIT_IRI_SYNTAX_METHODS \
    UK_METHOD_O(iri_stand_in, \
        "iri_stand_in(text: str, /) -> str | None\n" \
        "\n" \
        "Returns str | None: urikit.iri's stand-in when all non-ASCII is ucschar."), \
    UK_METHOD_O(iri_pct_encode, \
        "iri_pct_encode(text: str, /) -> str | None\n" \
        "\n" \
        "Returns str | None: non-ASCII as %XX of UTF-8 (None: a surrogate)."),

#endif /* URIKIT_IRI_SYNTAX_C_H */
