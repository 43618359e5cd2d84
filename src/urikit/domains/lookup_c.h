/* lookup_c.c: the Public Suffix List lookup of urikit.domains (_list.py's
 * PublicSuffixList._count) for the common host. Its header: what it offers
 * the other units (urikit_*, hidden: no symbol leaves the extension; the Arrow
 * kernels of columnar/arrow_transform_c.c call urikit_psl_find), and
 * URIKIT_DOMAINS_LOOKUP_METHODS, its entries in the module's method table
 * (_speedups_module.c concatenates the units' tables).
 */
#ifndef URIKIT_DOMAINS_LOOKUP_C_H
#define URIKIT_DOMAINS_LOOKUP_C_H
#include "../core/_speedups.h"

/* The longest host the C lookup takes (a longer one goes to Python). */
#define PSL_MAX_HOST 255

/* A compiled list: an open-addressing hash table of the trie's nodes, each
 * keyed by its labels joined by "." (the suffix a host must end in). */
typedef struct psl_table psl_table_t;

/* What urikit_psl_find found in a host: its bytes lower-cased in low[0:len]
 * (len counts the trailing dot, if any), where the public suffix starts, where
 * the registrable domain starts (-1: the host is a public suffix), and the
 * prevailing rule's flags (0: the default rule). */
typedef struct {
    char low[PSL_MAX_HOST + 1];
    Py_ssize_t len;
    Py_ssize_t suffix;
    Py_ssize_t domain;
    int flags;
} psl_found_t;

enum { PSL_DECLINED = -1, PSL_NONE = 0, PSL_FOUND = 1 };

/* GIL-free. Host p[0:n] under the rules of mask (_list.py's MASK_ALL or
 * MASK_ICANN): PSL_FOUND (f filled), PSL_NONE (no public suffix: an empty
 * label, an IPv4 address, "[...]"; *ip set for the last two), or PSL_DECLINED
 * (a byte that is not ASCII, a '%', a host over PSL_MAX_HOST: Python's). */
UK_HIDDEN int
urikit_psl_find(const psl_table_t *t, const uchar *p, Py_ssize_t n, int mask, psl_found_t *f,
                int *ip);

/* The table of a capsule made by psl_table, or NULL with an exception set. */
UK_HIDDEN const psl_table_t *
urikit_psl_of(PyObject *capsule);

UK_KERNEL_FASTCALL(psl_table);
UK_KERNEL_FASTCALL(psl_lookup);

#define URIKIT_DOMAINS_LOOKUP_METHODS \
    UK_METHOD_FASTCALL(psl_table, \
        "psl_table(nodes: tuple[tuple[bytes, int], ...], /) -> object\n" \
        "\n" \
        "Returns capsule: the compiled list; nodes: ((suffix bytes, flags), ...)."), \
    UK_METHOD_FASTCALL(psl_lookup, \
        "psl_lookup(table: object, host: str, private: bool, what: int, /) -> object\n" \
        "\n" \
        "Returns str | None | NotImplemented (declined): what 0 the public suffix, 1 the " \
        "registrable domain."),

#endif /* URIKIT_DOMAINS_LOOKUP_C_H */
