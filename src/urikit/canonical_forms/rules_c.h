/* rules_c.c: the canonical forms' common case. Its header: what it offers the
 * other units (urikit_*, hidden: no symbol leaves the extension), and
 * URIKIT_CANONICAL_RULES_METHODS, its entries in the module's method table
 * (_speedups_module.c concatenates the units' tables).
 */
#ifndef URIKIT_CANONICAL_FORMS_RULES_C_H
#define URIKIT_CANONICAL_FORMS_RULES_C_H
#include "../core/_speedups.h"

UK_KERNEL_FASTCALL(canonical_fast);
/* the canonical forms of urikit_canon_fast (canonical_fast's mode) */
enum { CANON_SEMANTIC = 0, CANON_SEMANTIC_FRAGMENT = 1, CANON_SURT = 2, CANON_SAFE_BROWSING = 3 };
/* s[0:n] (ASCII) in form mode into o->buf (3 n + 16 bytes): 1, 0 declined, -1
 * out of memory; no Python API (callable without the GIL). */
UK_HIDDEN int
urikit_canon_fast(const uchar *s, Py_ssize_t n, int mode, out_t *o);

#define URIKIT_CANONICAL_RULES_METHODS \
    UK_METHOD_FASTCALL(canonical_fast, \
        "canonical_fast(text: str, mode: int, /) -> str | None\n" \
        "\n" \
        "Returns str | None: semantic (0), with fragment (1), surt (2), safe-browsing " \
        "(3); None: declined."),

#endif /* URIKIT_CANONICAL_FORMS_RULES_C_H */
