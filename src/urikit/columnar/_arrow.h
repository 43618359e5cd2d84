/* What the Arrow kernels of urikit.arrow share (arrow_c.c, arrow_scan_c.c,
 * arrow_split_c.c, arrow_transform_c.c): the Arrow C Data Interface structs,
 * the reading of one string array (arrow_strings_t) and of one row, the
 * per-row split, the scanner levels, the output buffers from Arrow's pool
 * (obuf_t). Included by those units only. */
#ifndef URIKIT_ARROW_H
#define URIKIT_ARROW_H

#include "../core/_speedups.h"

/* The Arrow C Data Interface (a stable ABI, declared here from the Arrow
 * specification; no Arrow library is linked). */
struct ArrowSchema {
    const char *format;
    const char *name;
    const char *metadata;
    int64_t flags;
    int64_t n_children;
    struct ArrowSchema **children;
    struct ArrowSchema *dictionary;
    void (*release)(struct ArrowSchema *);
    void *private_data;
};

struct ArrowArray {
    int64_t length;
    int64_t null_count;
    int64_t offset;
    int64_t n_buffers;
    int64_t n_children;
    const void **buffers;
    struct ArrowArray **children;
    struct ArrowArray *dictionary;
    void (*release)(struct ArrowArray *);
    void *private_data;
};

enum { AK_STRING, AK_LARGE, AK_VIEW };

/* The scanner levels of the Arrow kernels, chosen at run time from what the
 * CPU has: the portable byte-table scan, SSSE3 (16-byte nibble lookups), AVX2
 * (32 bytes a step, arrow_validate's byte-class pass). Every level gives the
 * same results (tests/columnar/test_arrow_common_shape.py runs each). */
enum { AV_PORTABLE, AV_SSSE3, AV_AVX2 };

typedef struct {
    int kind;
    int64_t length, offset;
    const uchar *validity;   /* NULL: no nulls */
    const int32_t *off32;
    const int64_t *off64;
    const uchar *data;
    const uchar *views;      /* string_view: 16 bytes a row */
    const uchar *const *vdata; /* string_view data buffers */
    const int64_t *vsizes;   /* their sizes (the last buffer of a string_view array) */
    int64_t n_vdata;
    int64_t total;           /* bytes of all rows (an upper bound for view) */
    const uchar *end;        /* string/large_string: the end of the last row's bytes */
    int level;               /* the scanner: AV_PORTABLE, AV_SSSE3 or AV_AVX2 */
} arrow_strings_t;

static inline int
arrow_is_null(const arrow_strings_t *v, int64_t i)
{
    if (v->validity == NULL) {
        return 0;
    }
    int64_t j = v->offset + i;
    return !(v->validity[j >> 3] & (1u << (j & 7)));
}

/* Row i's bytes; 0, or -1 for a view pointing outside its buffers. */
static inline int
arrow_row(const arrow_strings_t *v, int64_t i, const uchar **p, int64_t *n)
{
    int64_t j = v->offset + i;
    if (v->kind == AK_STRING) {
        *p = v->data + v->off32[j];
        *n = (int64_t)v->off32[j + 1] - v->off32[j];
    }
    else if (v->kind == AK_LARGE) {
        *p = v->data + v->off64[j];
        *n = v->off64[j + 1] - v->off64[j];
    }
    else {
        const uchar *view = v->views + 16 * j;
        int32_t len, idx, off;
        memcpy(&len, view, 4);
        if (len < 0) {
            return -1;
        }
        if (len <= 12) {
            *p = view + 4;
        }
        else {
            memcpy(&idx, view + 8, 4);
            memcpy(&off, view + 12, 4);
            if (idx < 0 || idx >= v->n_vdata || off < 0 || v->vsizes == NULL ||
                (int64_t)off + len > v->vsizes[idx]) {
                return -1; /* a view outside its buffer: refuse rather than read */
            }
            *p = v->vdata[idx] + off;
        }
        *n = len;
    }
    return 0;
}

/* How many bytes from p (row bytes p[0:n]) may be read: up to the end of the
 * last row's bytes for string / large_string, else just the row. */
static inline Py_ssize_t
row_avail(const arrow_strings_t *v, const uchar *p, int64_t n)
{
    return v->end != NULL && p >= v->data && p + n <= v->end ? v->end - p : (Py_ssize_t)n;
}

/* 1 valid, 0 invalid under rule code (RULE_REF ... RULE_REL). sp NULL: only
 * validate (the fast scanner then fills no spans). */
static inline int
arrow_split_row(const arrow_strings_t *v, const uchar *p, int64_t n, int code, spans_t *sp)
{
    Py_ssize_t avail = row_avail(v, p, n);
    int fast;
#ifdef UK_SSSE3
    fast = v->level >= AV_SSSE3 ? urikit_fast_split16(p, (Py_ssize_t)n, avail, sp)
                   : urikit_fast_split(p, (Py_ssize_t)n, avail, sp);
#else
    fast = urikit_fast_split(p, (Py_ssize_t)n, avail, sp);
#endif
    if (fast < 0) {
        return 0; /* where urikit_split_ascii stops too: invalid under every rule */
    }
    if (fast) {
        /* the fast shape always has a scheme; 2: it has a fragment */
        return code == RULE_REL ? 0 : code == RULE_ABS ? fast == 1 : 1;
    }
    spans_t local;
    if (sp == NULL) {
        sp = &local;
    }
    if (!urikit_split_ascii(p, (Py_ssize_t)n, sp)) {
        return 0;
    }
    switch (code) {
    case RULE_URI:
        return sp->s[G_SCHEME] >= 0;
    case RULE_ABS:
        return sp->s[G_SCHEME] >= 0 && sp->s[G_FRAGMENT] < 0;
    case RULE_REL:
        return sp->s[G_SCHEME] < 0;
    default:
        return 1;
    }
}

/* Output buffers of the Arrow kernels (arrow_split_c.c, arrow_transform_c.c):
 * objects from the caller's allocator ``alloc(nbytes)`` (urikit.arrow passes
 * pyarrow.allocate_buffer, so they come from Arrow's memory pool, which reuses
 * freed memory rather than faulting fresh pages in on every call), written
 * through the buffer protocol and resized by their ``resize(size,
 * shrink_to_fit)`` method. Every urikit_obuf_* call (in arrow_c.c) needs the
 * GIL; writing through OBUF_PTR does not. */
typedef struct {
    PyObject *obj;
    Py_buffer view;
    int held;
} obuf_t;

#define OBUF_PTR(b) ((uchar *)(b).view.buf)

/* The allocator argument of a kernel: 0 when alloc is callable, else -1 with
 * a TypeError set. */
UK_HIDDEN int
urikit_alloc_check(PyObject *alloc);
/* A new buffer of size bytes from alloc, viewed (writable): 0, or -1 with an
 * exception set (b then needs urikit_obuf_clear like any other). */
UK_HIDDEN int
urikit_obuf_new(PyObject *alloc, Py_ssize_t size, obuf_t *b);
/* Resize to size bytes, keeping the first min(size, old size) bytes; shrink 0
 * only sets the size (no reallocation when smaller). */
UK_HIDDEN int
urikit_obuf_resize(obuf_t *b, Py_ssize_t size, int shrink);
/* The buffer object (a new reference), its view released. */
UK_HIDDEN PyObject *
urikit_obuf_take(obuf_t *b);
UK_HIDDEN void
urikit_obuf_clear(obuf_t *b);

#define BIT_SET(bits, i) ((bits)[(i) >> 3] |= (uchar)(1u << ((i) & 7)))

/* arrow_c.c: the arguments (schema, array, rule[, ...]) read into v and the
 * rule's code (RULE_*); -1 with an exception set. */
UK_HIDDEN int
urikit_arrow_args(PyObject *module, PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want,
                  arrow_strings_t *v, int *code);

#ifdef UK_SSSE3
/* arrow_scan_c.c: arrow_validate's byte-class pass over the rows of a string
 * (int32 offsets o) or large_string (int64 offsets) array on the SIMD levels:
 * the valid bits in ok, the non-null bits in nn (NULL: no nulls), the counts. */
UK_HIDDEN void
urikit_av_rows32(const arrow_strings_t *v, const int32_t *o, int code, uchar *ok, uchar *nn,
                 int64_t *invalid, int64_t *nulls);
UK_HIDDEN void
urikit_av_rows64(const arrow_strings_t *v, const int64_t *o, int code, uchar *ok, uchar *nn,
                 int64_t *invalid, int64_t *nulls);
#endif

#endif /* URIKIT_ARROW_H */
