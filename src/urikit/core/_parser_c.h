/* _parser_c.c: the RFC 3986 parser, locate_error and the SpanRecord type. Its
 * header: what it offers the other units (urikit_*, hidden: no symbol leaves the
 * extension), and URIKIT_PARSER_METHODS, its entries in the module's method
 * table (_speedups_module.c concatenates the units' tables).
 */
#ifndef URIKIT_CORE_PARSER_C_H
#define URIKIT_CORE_PARSER_C_H
#include "_speedups.h"
#include "_parser_fast_c.h"

UK_HIDDEN int
urikit_split_ascii(const uchar *s, Py_ssize_t n, spans_t *sp);
UK_HIDDEN int
urikit_rule_code(const state_t *st, PyObject *rule);
UK_HIDDEN int
urikit_split_text(const state_t *st, PyObject *text, PyObject *rule, spans_t *sp);
UK_HIDDEN int
urikit_locate_in(int kind, const void *data, Py_ssize_t n, const spans_t *sp, int *reason, int *component, Py_ssize_t *position);
UK_HIDDEN int
urikit_locate_error(PyObject *text, int *reason, int *component, Py_ssize_t *position);
UK_HIDDEN PyObject *
urikit_spans_tuple(const state_t *st, const spans_t *sp);
UK_HIDDEN int
urikit_is_record_type(PyTypeObject *type);
UK_HIDDEN extern PyType_Spec urikit_record_spec;
UK_KERNEL_O(locate_error);

/* URI-reference over the ASCII data s[0:n] of a str (so s[n] is readable: its
 * terminating NUL): 1 and the spans in sp (unless NULL: validity only), or 0
 * and in sp urikit_split_ascii's reading of the failure (see locate_in), read by
 * whichever scanner saw it first. The common shape first (urikit_fast_split, SSSE3 when the CPU has it), then the
 * whole grammar (urikit_split_ascii); the fast scanners read at most n + 1 bytes. */
static inline int
split_ref(const uchar *s, Py_ssize_t n, spans_t *sp)
{
#ifdef UK_SSSE3
    int fast = __builtin_cpu_supports("ssse3") ? urikit_fast_split16(s, n, n + 1, sp)
                                               : urikit_fast_split(s, n, n + 1, sp);
#else
    int fast = urikit_fast_split(s, n, n + 1, sp);
#endif
    if (fast) {
        return fast > 0; /* -1: invalid, sp is urikit_split_ascii's reading */
    }
    if (sp == NULL) {
        spans_t tmp;
        return urikit_split_ascii(s, n, &tmp);
    }
    return urikit_split_ascii(s, n, sp);
}

#define URIKIT_PARSER_METHODS \
    UK_METHOD_O(locate_error, \
        "locate_error(text: str, /) -> tuple[str, str, int] | None\n" \
        "\n" \
        "Returns (reason, component, position) | None: _parser.locate_error."),

#endif /* URIKIT_CORE_PARSER_C_H */
