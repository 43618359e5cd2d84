/* batch_c.c: the batch kernels. Its header: what it offers the other units
 * (urikit_*, hidden: no symbol leaves the extension), and URIKIT_BATCH_METHODS,
 * its entries in the module's method table (_speedups_module.c concatenates the
 * units' tables).
 */
#ifndef URIKIT_COLUMNAR_BATCH_C_H
#define URIKIT_COLUMNAR_BATCH_C_H
#include "../core/_speedups.h"

UK_HIDDEN PyObject *
urikit_sp_validate_many(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
UK_HIDDEN PyObject *
urikit_sp_split_many(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
UK_HIDDEN PyObject *
urikit_sp_refs_many(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
UK_HIDDEN PyObject *
urikit_sp_file_records(PyObject *module, PyObject *const *args, Py_ssize_t nargs);

#define URIKIT_BATCH_METHODS \
    {"validate_many", (PyCFunction)(void (*)(void))urikit_sp_validate_many, METH_FASTCALL, \
     "validate_many(texts: Iterable[object], rule: str, fallback: Callable[..., " \
     "bool], /) -> list[bool]\n" \
     "\n" \
     "Returns list[bool]."}, \
    {"split_many", (PyCFunction)(void (*)(void))urikit_sp_split_many, METH_FASTCALL, \
     "split_many(texts: Iterable[object], rule: str, fallback: Callable[..., _Spans | " \
     "None], /) -> list[_Spans | None]\n" \
     "\n" \
     "Returns list[spans | None]."}, \
    {"refs_many", (PyCFunction)(void (*)(void))urikit_sp_refs_many, METH_FASTCALL, \
     "refs_many(texts: Iterable[object], rule: str, fallback: Callable[..., Any], /) " \
     "-> list[Any]\n" \
     "\n" \
     "Returns list[reference | None]: the references parse() makes (None where " \
     "invalid); fallback(text, rule) for a text that is not an exact str or a rule " \
     "this module does not know."}, \
    {"file_records", (PyCFunction)(void (*)(void))urikit_sp_file_records, METH_FASTCALL, \
     "file_records(lines: list[str], first: int, rule: str, record_type: type[_T], " \
     "fallback: Callable[[int, str, str], _T], /) -> list[_T]\n" \
     "\n" \
     "Returns list: batch.iter_file's records of a list of file lines"},

#endif /* URIKIT_COLUMNAR_BATCH_C_H */
