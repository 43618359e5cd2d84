/* _check_c.c: security.check's cheap path (an accelerated function's kind). Its
 * header: what it offers the other units (urikit_*, hidden: no symbol leaves the
 * extension).
 */
#ifndef URIKIT_SECURITY_CHECK_C_H
#define URIKIT_SECURITY_CHECK_C_H
#include "../core/_speedups.h"

UK_HIDDEN int
urikit_check_fields_ok(const check_fields_t *f);
UK_HIDDEN PyObject *
urikit_check_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames);

#endif /* URIKIT_SECURITY_CHECK_C_H */
