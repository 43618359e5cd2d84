/* _syntax_c.c: the IRI kernels. Its header: what it offers the other units
 * (urikit_*, hidden: no symbol leaves the extension), and
 * URIKIT_IRI_SYNTAX_METHODS, its entries in the module's method table
 * (_speedups_module.c concatenates the units' tables).
 */
#ifndef URIKIT_IRI_SYNTAX_C_H
#define URIKIT_IRI_SYNTAX_C_H
#include "../core/_speedups.h"

UK_HIDDEN PyObject *
urikit_sp_iri_stand_in(PyObject *module, PyObject *text);
UK_HIDDEN PyObject *
urikit_sp_iri_pct_encode(PyObject *module, PyObject *text);

#define URIKIT_IRI_SYNTAX_METHODS \
    {"iri_stand_in", (PyCFunction)urikit_sp_iri_stand_in, METH_O, \
     "iri_stand_in(text: str, /) -> str | None\n" \
     "\n" \
     "Returns str | None: urikit.iri's stand-in when all non-ASCII is ucschar."}, \
    {"iri_pct_encode", (PyCFunction)urikit_sp_iri_pct_encode, METH_O, \
     "iri_pct_encode(text: str, /) -> str | None\n" \
     "\n" \
     "Returns str | None: non-ASCII as %XX of UTF-8 (None: a surrogate)."},

#endif /* URIKIT_IRI_SYNTAX_C_H */
