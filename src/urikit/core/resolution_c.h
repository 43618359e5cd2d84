/* resolution_c.c: remove_dot_segments and the resolve kernel. Its header: what
 * it offers the other units (urikit_*, hidden: no symbol leaves the extension),
 * and URIKIT_RESOLUTION_METHODS, its entries in the module's method table
 * (_speedups_module.c concatenates the units' tables).
 */
#ifndef URIKIT_CORE_RESOLUTION_C_H
#define URIKIT_CORE_RESOLUTION_C_H
#include "_speedups.h"

UK_HIDDEN Py_ssize_t
urikit_dots(int kind, const void *data, Py_ssize_t n, char *out);
UK_HIDDEN PyObject *
urikit_remove_dots_str(PyObject *path);
UK_HIDDEN void
urikit_recompose(out_t *o, part_t scheme, part_t authority, part_t path, part_t query, part_t fragment);
UK_HIDDEN Py_ssize_t
urikit_dots_ascii(const uchar *p, Py_ssize_t len, char *dst);
UK_HIDDEN Py_ssize_t
urikit_dots_in(int kind, const void *data, Py_ssize_t n, char *out, Py_ssize_t *stack);
UK_HIDDEN Py_ssize_t
urikit_dots_ascii_in(const uchar *p, Py_ssize_t len, char *dst, Py_ssize_t *stack);
UK_HIDDEN Py_ssize_t
urikit_resolve_ascii(const uchar *b, Py_ssize_t nb, const spans_t *bs, const uchar *r,
                     Py_ssize_t nr, const spans_t *rs, int strict, char *mem, Py_ssize_t *stack);
UK_HIDDEN PyObject *
urikit_resolve_kernel(PyObject *base, PyObject *ref, int strict);
UK_KERNEL_FASTCALL(resolve_kernel);
UK_KERNEL_FASTCALL(remove_dot_segments);

#define URIKIT_RESOLUTION_METHODS \
    UK_METHOD_FASTCALL(remove_dot_segments, \
        "remove_dot_segments(path: str, /) -> str\n" \
        "\n" \
        "Returns str (RFC 3986 section 5.2.4)."), \
    UK_METHOD_FASTCALL(resolve_kernel, \
        "resolve_kernel(base: str, reference: str, strict: bool, /) -> str | None\n" \
        "\n" \
        "Returns str | None (None: let Python decide)."),

#endif /* URIKIT_CORE_RESOLUTION_C_H */
