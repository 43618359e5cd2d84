/* _parser_fast_c.c: the fast scanner of the common shape. Its header: what it
 * offers the other units (urikit_*, hidden: no symbol leaves the extension).
 */
#ifndef URIKIT_CORE_PARSER_FAST_C_H
#define URIKIT_CORE_PARSER_FAST_C_H
#include "_speedups.h"

UK_HIDDEN int
urikit_fast_split(const uchar *s, Py_ssize_t n, Py_ssize_t avail, spans_t *sp);
#ifdef UK_SSSE3
UK_HIDDEN __attribute__((target("ssse3"))) int
urikit_fast_split16(const uchar *s, Py_ssize_t n, Py_ssize_t avail, spans_t *sp);
#endif

#endif /* URIKIT_CORE_PARSER_FAST_C_H */
