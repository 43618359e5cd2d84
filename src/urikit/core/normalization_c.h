/* normalization_c.c: the normalize kernel. Its header: what it offers the other
 * units (urikit_*, hidden: no symbol leaves the extension), and
 * URIKIT_NORMALIZATION_METHODS, its entries in the module's method table
 * (_speedups_module.c concatenates the units' tables).
 */
#ifndef URIKIT_CORE_NORMALIZATION_C_H
#define URIKIT_CORE_NORMALIZATION_C_H
#include "_speedups.h"

UK_HIDDEN int
urikit_has_dots_ascii(const uchar *p, Py_ssize_t n);
/* What normalize looks up in a scheme registry at level "scheme": is digits
 * (the port without leading zeros) the default port of scheme; is scheme
 * http-like. 1 yes, 0 no, -1 with an exception set. */
typedef struct {
    int (*default_port)(void *ctx, const uchar *scheme, Py_ssize_t n, const uchar *digits,
                        Py_ssize_t nd);
    int (*http_like)(void *ctx, const uchar *scheme, Py_ssize_t n);
    void *ctx;
} norm_registry_t;
UK_HIDDEN Py_ssize_t
urikit_normalize_ascii(const uchar *s, Py_ssize_t n, const spans_t *sp, int scheme_level,
                       const norm_registry_t *reg, char *mem, Py_ssize_t *stack, const char **out);
UK_HIDDEN PyObject *
urikit_normalize_kernel(PyObject *text, int scheme_level, PyObject *default_ports, PyObject *http_like);
UK_KERNEL_FASTCALL(normalize_kernel);

#define URIKIT_NORMALIZATION_METHODS \
    UK_METHOD_FASTCALL(normalize_kernel, \
        "normalize_kernel(text: str, scheme_level: bool, default_ports: dict[str, int], " \
        "http_like: frozenset[str], /) -> str | None\n" \
        "\n" \
        "Returns str | None."),

#endif /* URIKIT_CORE_NORMALIZATION_C_H */
