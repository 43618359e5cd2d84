/* arrow_split_c.c: arrow_split and arrow_errors. Its header: what it offers the
 * other units (urikit_*, hidden: no symbol leaves the extension), and
 * URIKIT_ARROW_SPLIT_METHODS, its entries in the module's method table
 * (_speedups_module.c concatenates the units' tables).
 */
#ifndef URIKIT_COLUMNAR_ARROW_SPLIT_C_H
#define URIKIT_COLUMNAR_ARROW_SPLIT_C_H
#include "../core/_speedups.h"

UK_HIDDEN PyObject *
urikit_sp_arrow_split(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
UK_HIDDEN PyObject *
urikit_sp_arrow_errors(PyObject *module, PyObject *const *args, Py_ssize_t nargs);

#define URIKIT_ARROW_SPLIT_METHODS \
    {"arrow_split", (PyCFunction)(void (*)(void))urikit_sp_arrow_split, METH_FASTCALL, \
     "arrow_split(schema_capsule, array_capsule, rule, wide, alloc) -> (non-null bits | None," \
     " n_invalid, n_null, invalid rows, invalid texts, ((validity, offsets, data, null count)" \
     " * 8))."}, \
    {"arrow_errors", (PyCFunction)(void (*)(void))urikit_sp_arrow_errors, METH_FASTCALL, \
     "arrow_errors(n, invalid_rows, reasons, positions, alloc) -> the buffers of the" \
     " error_reason and error_position columns."},

#endif /* URIKIT_COLUMNAR_ARROW_SPLIT_C_H */
