/* The Arrow string-to-string kernels of urikit.arrow: arrow_normalize,
 * arrow_resolve, arrow_canonical and arrow_domain. Each reads the buffers of a
 * string or large_string array (and of a base column for resolve), maps every
 * row with the ASCII cores of normalization_c.c / resolution_c.c /
 * canonical_forms/rules_c.c / domains/lookup_c.c with the GIL released, so that threads run them
 * side by side, and makes no Python object per row. A row those cores decline
 * (invalid, non-ASCII, a base without scheme, an uncommon URL) is only noted
 * in that loop; after each block of rows, with the GIL, each is given in row
 * order to the Python function (the reference, which also raises for
 * errors="raise"), and at the end its result spliced into the output. The
 * output buffers come from the caller's allocator (Arrow's memory pool,
 * obuf_t of _arrow.h), taken with the GIL before the loop: a fresh allocation
 * of each would fault its pages in on every call, and the page faults of two
 * threads serialise in the kernel.
 */
#include "_arrow.h"
#include "arrow_transform_c.h"
#include "../canonical_forms/rules_c.h"
#include "../core/normalization_c.h"
#include "../core/resolution_c.h"
#include "../domains/lookup_c.h"

/* --------------------------------------------------------------- the input */

/* A string column read through the buffer protocol (pyarrow's Buffer objects
 * of Array.buffers()), held until col_close. */
typedef struct {
    Py_buffer vb, ob, db;
    arrow_strings_t v;
} col_t;

static void
col_close(col_t *c)
{
    if (c->vb.obj != NULL) {
        PyBuffer_Release(&c->vb);
    }
    if (c->ob.obj != NULL) {
        PyBuffer_Release(&c->ob);
    }
    if (c->db.obj != NULL) {
        PyBuffer_Release(&c->db);
    }
}

/* validity (None: no nulls), offsets, data, offset, length, wide (large_string)
 * into c; -1 with an exception set. Offsets are checked row by row in the loop. */
static int
col_open(PyObject *validity, PyObject *offsets, PyObject *data, PyObject *offset, Py_ssize_t length,
         PyObject *wide, col_t *c)
{
    memset(c, 0, sizeof(*c));
    Py_ssize_t off = PyLong_AsSsize_t(offset);
    int w = PyObject_IsTrue(wide);
    if ((off == -1 && PyErr_Occurred()) || w < 0) {
        return -1;
    }
    if (off < 0 || length < 0) {
        PyErr_SetString(PyExc_ValueError, "bad Arrow array length or offset");
        return -1;
    }
    if ((validity != Py_None && PyObject_GetBuffer(validity, &c->vb, PyBUF_SIMPLE) < 0) ||
        PyObject_GetBuffer(offsets, &c->ob, PyBUF_SIMPLE) < 0 ||
        PyObject_GetBuffer(data, &c->db, PyBUF_SIMPLE) < 0) {
        return -1;
    }
    if (c->ob.len < (off + length + 1) * (w ? 8 : 4) ||
        (c->vb.obj != NULL && c->vb.len * 8 < off + length)) {
        PyErr_SetString(PyExc_ValueError, "bad Arrow string array: buffers too small");
        return -1;
    }
    arrow_strings_t *v = &c->v;
    v->kind = w ? AK_LARGE : AK_STRING;
    v->length = length;
    v->offset = off;
    v->validity = c->vb.obj != NULL ? c->vb.buf : NULL;
    v->off32 = w ? NULL : c->ob.buf;
    v->off64 = w ? c->ob.buf : NULL;
    v->data = c->db.buf;
    v->end = NULL; /* the fast split reads only the row (no trust in the offsets yet) */
    v->level = AV_PORTABLE;
    int64_t first, last; /* the bytes of all rows: the first guess of the output's size */
    if (w) {
        memcpy(&first, (const char *)c->ob.buf + 8 * off, 8);
        memcpy(&last, (const char *)c->ob.buf + 8 * (off + length), 8);
    }
    else {
        int32_t f32, l32;
        memcpy(&f32, (const char *)c->ob.buf + 4 * off, 4);
        memcpy(&l32, (const char *)c->ob.buf + 4 * (off + length), 4);
        first = f32;
        last = l32;
    }
    v->total = last >= first && last - first <= c->db.len ? last - first : 0;
    return 0;
}

/* Row i's bytes, 0; 1 for a null row; -1 for offsets outside the data. */
static int
col_row(const col_t *c, int64_t i, const uchar **p, int64_t *n)
{
    if (arrow_is_null(&c->v, i)) {
        return 1;
    }
    arrow_row(&c->v, i, p, n);
    if (*n < 0 || *p < c->v.data || *p + *n > c->v.data + c->db.len) {
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------- the output */

/* The output columns, from the allocator: data (grown with the GIL taken back
 * for a moment when a row does not fit), offsets (int64 here, narrowed in
 * place at the end for a string output), validity. The rows for Python and the
 * cores' scratch are small, reused within the call, and grown with PyMem_Raw*
 * (callable without the GIL). */
typedef struct {
    obuf_t data_b, off_b, valid_b;
    char *data;
    int64_t len, cap;
    int64_t *offsets; /* length + 1 */
    uchar *valid;     /* packed bits, LSB first */
    PyThreadState *ts; /* saved while the GIL is released */
    int64_t *pending;  /* the rows for Python, in order */
    int64_t n_pending, cap_pending;
    char *mem; /* the cores' scratch */
    Py_ssize_t *stack;
    int64_t scratch; /* the row size mem and stack have room for */
} out_cols_t;

static int
grow(void **buf, int64_t *cap, int64_t need, size_t unit)
{
    if (need <= *cap) {
        return 0;
    }
    int64_t c = *cap * 2 > need ? *cap * 2 : need + 256;
    void *b = PyMem_RawRealloc(*buf, (size_t)c * unit);
    if (b == NULL) {
        return -1;
    }
    *buf = b;
    *cap = c;
    return 0;
}

/* Room in the scratch for a row of n bytes (mem: 3 n + 16 bytes, stack: n + 2). */
static int
scratch_for(out_cols_t *o, int64_t n)
{
    if (n <= o->scratch) {
        return 0;
    }
    int64_t want = n * 2 > 4096 ? n * 2 : 4096;
    char *m = PyMem_RawRealloc(o->mem, (size_t)(3 * want + 16));
    if (m == NULL) {
        return -1;
    }
    o->mem = m;
    Py_ssize_t *s = PyMem_RawRealloc(o->stack, sizeof(Py_ssize_t) * (size_t)(want + 2));
    if (s == NULL) {
        return -1;
    }
    o->stack = s;
    o->scratch = want;
    return 0;
}

/* With the GIL. */
static void
out_free(out_cols_t *o)
{
    urikit_obuf_clear(&o->data_b);
    urikit_obuf_clear(&o->off_b);
    urikit_obuf_clear(&o->valid_b);
    PyMem_RawFree(o->pending);
    PyMem_RawFree(o->mem);
    PyMem_RawFree(o->stack);
}

/* ----------------------------------------------------------- the row cores */

enum { ROW_DONE, ROW_NULL, ROW_PYTHON, ROW_BAD_OFFSETS, ROW_NO_MEMORY, ROW_PY_ERROR };

/* With the GIL: the data buffer resized to cap bytes (its bytes kept). 0, or
 * -1 with an exception set. */
static int
data_grow(out_cols_t *o, int64_t cap)
{
    if (urikit_obuf_resize(&o->data_b, (Py_ssize_t)cap, 0) < 0) {
        return -1;
    }
    o->data = (char *)OBUF_PTR(o->data_b);
    o->cap = cap;
    return 0;
}

/* Room in the data buffer for need bytes in all; called without the GIL, it
 * takes it back to grow the buffer (by half at least: rarely). 0, or
 * ROW_PY_ERROR with an exception set. */
static int
data_room(out_cols_t *o, int64_t need)
{
    if (need <= o->cap) {
        return 0;
    }
    int64_t want = o->cap + o->cap / 2 > need ? o->cap + o->cap / 2 : need + 4096;
    PyEval_RestoreThread(o->ts);
    int failed = data_grow(o, want);
    o->ts = PyEval_SaveThread();
    return failed ? ROW_PY_ERROR : 0;
}

/* The scheme registry of normalize, copied (under the GIL) from the pairs
 * (scheme, str(port)) and the http-like schemes urikit.arrow passes: the
 * lookups then need no Python object. The registries hold a few dozen names. */
typedef struct {
    Py_ssize_t n_ports, n_like;
    const char **port_scheme, **port_digits, **like;
    Py_ssize_t *port_scheme_len, *port_digits_len, *like_len;
} c_registry_t;

static int
c_default_port(void *ctx, const uchar *scheme, Py_ssize_t n, const uchar *digits, Py_ssize_t nd)
{
    const c_registry_t *r = ctx;
    for (Py_ssize_t k = 0; k < r->n_ports; k++) {
        if (r->port_scheme_len[k] == n && memcmp(r->port_scheme[k], scheme, (size_t)n) == 0) {
            return r->port_digits_len[k] == nd && memcmp(r->port_digits[k], digits, (size_t)nd) == 0;
        }
    }
    return 0;
}

static int
c_http_like(void *ctx, const uchar *scheme, Py_ssize_t n)
{
    const c_registry_t *r = ctx;
    for (Py_ssize_t k = 0; k < r->n_like; k++) {
        if (r->like_len[k] == n && memcmp(r->like[k], scheme, (size_t)n) == 0) {
            return 1;
        }
    }
    return 0;
}

/* The UTF-8 of each str of a tuple (borrowed from the str objects, which the
 * tuple keeps alive for the call); -1 with an exception set. */
static int
utf8_items(PyObject *tuple, Py_ssize_t at, const char **p, Py_ssize_t *len)
{
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(tuple); k++) {
        PyObject *item = PyTuple_GET_ITEM(tuple, k);
        if (at >= 0) {
            if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2) {
                PyErr_SetString(PyExc_TypeError, "arrow_normalize: ports are (scheme, port) pairs");
                return -1;
            }
            item = PyTuple_GET_ITEM(item, at);
        }
        if (!PyUnicode_Check(item) || (p[k] = PyUnicode_AsUTF8AndSize(item, &len[k])) == NULL) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_TypeError, "arrow_normalize: registry names are str");
            }
            return -1;
        }
    }
    return 0;
}

typedef struct {
    int op;   /* OP_NORMALIZE, OP_RESOLVE or OP_CANONICAL */
    int flag; /* normalize: the "scheme" level; resolve: strict; canonical: the mode */
    norm_registry_t reg;
    const col_t *base; /* resolve: the base column, or NULL for one base */
    const uchar *base1; /* resolve: the one base's bytes, split in base_sp */
    Py_ssize_t base1_len;
    int base1_ok;
    spans_t base_sp;
    const psl_table_t *psl; /* domain: the list; flag: the rules' mask, what: the answer */
    int what;
} job_t;

enum { OP_NORMALIZE, OP_RESOLVE, OP_CANONICAL, OP_DOMAIN };

/* arrow_domain's answers: DomainParts' fields (the public suffix, the
 * registrable domain: null when there is none; the three parts of split: the
 * rows without a public suffix are Python's) */
enum { DOM_SUFFIX, DOM_REGISTRABLE, DOM_SUBDOMAIN, DOM_DOMAIN, DOM_PART_SUFFIX, DOM_N };

/* Row p[0:n] (a host, or a URL with "//") through the C lookup: ROW_DONE with
 * the answer's bytes in f->low[*a:*b], ROW_NULL, or ROW_PYTHON (what the C
 * lookup declines; a text that is neither a bare host nor has "//", which
 * urikit.domains reads as an authority first). GIL-free. */
static int
domain_row(const job_t *job, const col_t *c, const uchar *p, int64_t n, psl_found_t *f,
           Py_ssize_t *a, Py_ssize_t *b)
{
    int64_t i = 0;
    while (i < n && IS(p[i], UK_REG_NAME)) {
        i++;
    }
    const uchar *h = p;
    Py_ssize_t hn = (Py_ssize_t)n;
    if (n == 0 || i < n) {
        int slashes = n >= 2 && p[0] == '/' && p[1] == '/';
        for (int64_t k = i; !slashes && k + 2 < n; k++) {
            slashes = p[k] == ':' && p[k + 1] == '/' && p[k + 2] == '/';
        }
        spans_t sp;
        if (!slashes || !arrow_split_row(&c->v, p, n, RULE_REF, &sp)) {
            return ROW_PYTHON;
        }
        if (sp.s[G_HOST] < 0) {
            return job->what <= DOM_REGISTRABLE ? ROW_NULL : ROW_PYTHON; /* no authority */
        }
        h = p + sp.s[G_HOST];
        hn = sp.e[G_HOST] - sp.s[G_HOST];
    }
    int ip;
    int r = urikit_psl_find(job->psl, h, hn, job->flag, f, &ip);
    if (r != PSL_FOUND) {
        return r == PSL_NONE && job->what <= DOM_REGISTRABLE ? ROW_NULL : ROW_PYTHON;
    }
    *b = f->len;
    switch (job->what) {
    case DOM_SUFFIX:
    case DOM_PART_SUFFIX:
        *a = f->suffix;
        break;
    case DOM_REGISTRABLE:
        if (f->domain < 0) {
            return ROW_NULL;
        }
        *a = f->domain;
        break;
    case DOM_SUBDOMAIN:
        *a = 0;
        *b = f->domain > 0 ? f->domain - 1 : 0;
        break;
    default: /* DOM_DOMAIN */
        *a = f->domain < 0 ? 0 : f->domain;
        *b = f->domain < 0 ? 0 : f->suffix - 1;
    }
    return ROW_DONE;
}

/* Row i into o; GIL-free (but for data_room). */
static int
map_row(const job_t *job, const col_t *c, int64_t i, out_cols_t *o)
{
    const uchar *p, *b;
    int64_t n, nb;
    int got = col_row(c, i, &p, &n);
    if (got) {
        return got > 0 ? ROW_NULL : ROW_BAD_OFFSETS;
    }
    spans_t sp, bs;
    const spans_t *bsp = &job->base_sp;
    if (job->op == OP_RESOLVE) {
        if (job->base != NULL) {
            got = col_row(job->base, i, &b, &nb);
            if (got) {
                return got > 0 ? ROW_NULL : ROW_BAD_OFFSETS;
            }
            if (!arrow_split_row(&job->base->v, b, nb, RULE_REF, &bs) || bs.s[G_SCHEME] < 0) {
                return ROW_PYTHON;
            }
            bsp = &bs;
        }
        else if (!job->base1_ok) {
            return ROW_PYTHON;
        }
        else {
            b = job->base1;
            nb = job->base1_len;
        }
    }
    const char *res;
    Py_ssize_t len;
    psl_found_t found;
    if (job->op == OP_DOMAIN) {
        Py_ssize_t a, b;
        int r = domain_row(job, c, p, n, &found, &a, &b);
        if (r != ROW_DONE) {
            return r;
        }
        res = found.low + a;
        len = b - a;
    }
    else if (job->op == OP_CANONICAL) {
        /* urikit_canon_fast's checks come first: no split of a row it declines */
        if (scratch_for(o, n) < 0) {
            return ROW_NO_MEMORY;
        }
        out_t co = {o->mem, 0};
        int r = urikit_canon_fast(p, (Py_ssize_t)n, job->flag, &co);
        if (r <= 0) {
            return r < 0 ? ROW_NO_MEMORY : ROW_PYTHON;
        }
        res = co.buf;
        len = co.len;
    }
    else if (!arrow_split_row(&c->v, p, n, RULE_REF, &sp)) {
        return ROW_PYTHON;
    }
    else if (job->op == OP_NORMALIZE) {
        if (scratch_for(o, n) < 0) {
            return ROW_NO_MEMORY;
        }
        len = urikit_normalize_ascii(p, n, &sp, job->flag, &job->reg, o->mem, o->stack, &res);
        if (len < 0) {
            return ROW_PYTHON; /* not with this registry; kept for any other */
        }
    }
    else {
        /* resolve's scratch: 2 (nb + n) + 16 bytes, a stack of nb + n + 2 */
        if (scratch_for(o, nb + n) < 0) {
            return ROW_NO_MEMORY;
        }
        len = urikit_resolve_ascii(b, nb, bsp, p, n, &sp, job->flag, o->mem, o->stack);
        res = o->mem;
    }
    int room = data_room(o, o->len + len);
    if (room) {
        return room;
    }
    memcpy(o->data + o->len, res, (size_t)len);
    o->len += len;
    return ROW_DONE;
}

/* The loop over rows i0 to i1, without the GIL: 0, or ROW_BAD_OFFSETS /
 * ROW_NO_MEMORY / ROW_PY_ERROR. */
static int
map_rows(const job_t *job, const col_t *c, out_cols_t *o, int64_t i0, int64_t i1)
{
    for (int64_t i = i0; i < i1; i++) {
        int r = map_row(job, c, i, o);
        if (r == ROW_DONE) {
            BIT_SET(o->valid, i);
        }
        else if (r == ROW_PYTHON) {
            if (grow((void **)&o->pending, &o->cap_pending, o->n_pending + 1, sizeof(int64_t)) < 0) {
                return ROW_NO_MEMORY;
            }
            o->pending[o->n_pending++] = i;
        }
        else if (r != ROW_NULL) {
            return r;
        }
        o->offsets[i + 1] = o->len;
    }
    return 0;
}

/* A pending row's text as str (a new reference), from its UTF-8 bytes. */
static PyObject *
row_str(const col_t *c, int64_t i)
{
    const uchar *p;
    int64_t n;
    col_row(c, i, &p, &n); /* map_row read it: neither null nor out of bounds */
    return PyUnicode_DecodeUTF8((const char *)p, (Py_ssize_t)n, NULL);
}

/* The results of the Python function for the pending rows: the str objects
 * (held, so that their UTF-8 stays put while the GIL is released), and that
 * UTF-8 (NULL: a null row). */
typedef struct {
    PyObject *held;
    const char **utf8;
    Py_ssize_t *len;
    int64_t n, cap;
    int64_t extra; /* their bytes in all */
} py_rows_t;

static void
py_rows_free(py_rows_t *r)
{
    Py_XDECREF(r->held);
    PyMem_Free(r->utf8);
    PyMem_Free(r->len);
}

/* With the GIL: the pending rows from r->n on through fallback (fallback(text)
 * for normalize and canonical, fallback(base, ref) for resolve), in row order,
 * their results appended to r. -1 with an exception set (errors="raise": the
 * first invalid row's). */
static int
python_rows(const job_t *job, const col_t *c, PyObject *base1, PyObject *fallback,
            const out_cols_t *o, py_rows_t *r)
{
    if (r->held == NULL && (r->held = PyList_New(0)) == NULL) {
        return -1;
    }
    if (o->n_pending > r->cap) {
        int64_t cap = o->n_pending + o->n_pending / 2 + 16;
        const char **u = PyMem_Realloc(r->utf8, (size_t)cap * sizeof(const char *));
        if (u != NULL) {
            r->utf8 = u;
        }
        Py_ssize_t *l = PyMem_Realloc(r->len, (size_t)cap * sizeof(Py_ssize_t));
        if (l != NULL) {
            r->len = l;
        }
        if (u == NULL || l == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        r->cap = cap;
    }
    for (; r->n < o->n_pending; r->n++) {
        int64_t k = r->n, i = o->pending[k];
        PyObject *ref = row_str(c, i), *got = NULL;
        if (ref != NULL && job->op != OP_RESOLVE) {
            got = PyObject_CallOneArg(fallback, ref);
        }
        else if (ref != NULL) {
            PyObject *b = job->base != NULL ? row_str(job->base, i) : Py_NewRef(base1);
            got = b == NULL ? NULL : PyObject_CallFunctionObjArgs(fallback, b, ref, NULL);
            Py_XDECREF(b);
        }
        Py_XDECREF(ref);
        if (got == NULL) {
            return -1;
        }
        int held = PyList_Append(r->held, got); /* the list keeps got (and its UTF-8) alive */
        Py_DECREF(got);
        if (held < 0) {
            return -1;
        }
        r->utf8[k] = NULL;
        r->len[k] = 0;
        if (got == Py_None) {
            continue;
        }
        if (!PyUnicode_Check(got) || (r->utf8[k] = PyUnicode_AsUTF8AndSize(got, &r->len[k])) == NULL) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_TypeError, "arrow kernel: the Python function gave no str");
            }
            return -1;
        }
        r->extra += r->len[k];
    }
    return 0;
}

/* Without the GIL: the Python rows' results spliced in, in place (o->cap
 * holds o->len + their bytes). From the last row back, each stretch of C rows
 * after a Python row moves up by the bytes of the Python rows before it (and
 * that row), one memmove a stretch; a Python row wrote no C bytes. What is
 * moved lands at or after where it was and after nothing still to move. */
static void
splice(out_cols_t *o, int64_t length, const py_rows_t *r)
{
    int64_t add = r->extra, hi = length;
    for (int64_t k = o->n_pending - 1; k >= 0; k--) {
        int64_t p = o->pending[k];
        int64_t from = o->offsets[p + 1]; /* = offsets[p]: the row's start */
        memmove(o->data + from + add, o->data + from, (size_t)(o->offsets[hi] - from));
        for (int64_t i = p + 1; i <= hi; i++) {
            o->offsets[i] += add;
        }
        add -= r->len[k];
        if (r->utf8[k] != NULL) {
            memcpy(o->data + from + add, r->utf8[k], (size_t)r->len[k]);
            BIT_SET(o->valid, p);
        }
        hi = p;
    }
    o->len += r->extra;
}

/* Without the GIL: the null count, and the offsets narrowed to int32 in place
 * (unless wide). */
static int64_t
out_finish(out_cols_t *o, int64_t length, int wide)
{
    int64_t nulls = 0;
    for (int64_t i = 0; i < length; i++) {
        nulls += !(o->valid[i >> 3] & (1u << (i & 7)));
    }
    if (!wide) {
        int32_t *narrow = (int32_t *)o->offsets;
        for (int64_t i = 0; i <= length; i++) {
            narrow[i] = (int32_t)o->offsets[i]; /* i * 4 <= i * 8: never ahead of the reads */
        }
    }
    return nulls;
}

/* With the GIL: the output's buffer objects cut to their sizes (no
 * reallocation of the offsets, narrowed in place: they keep their capacity),
 * as (validity | None, offsets, data, null count); NULL with an exception set. */
static PyObject *
out_take(out_cols_t *o, int64_t length, int wide_out, int64_t nulls)
{
    if (urikit_obuf_resize(&o->data_b, (Py_ssize_t)o->len, 1) < 0 ||
        urikit_obuf_resize(&o->off_b, (Py_ssize_t)((length + 1) * (wide_out ? 8 : 4)), 0) < 0) {
        return NULL;
    }
    PyObject *valid = nulls ? urikit_obuf_take(&o->valid_b) : Py_NewRef(Py_None);
    return Py_BuildValue("(NNNL)", valid, urikit_obuf_take(&o->off_b),
                         urikit_obuf_take(&o->data_b), (long long)nulls);
}

/* Rows a GIL-free stretch of run() maps before it hands the rows declined in it
 * to Python: the GIL is then held in short turns spread over the call, which
 * the C loops of other threads overlap, rather than in one at the end, where
 * the turns of threads that started together would queue. */
enum { RUN_BLOCK = 1 << 16 };

/* The whole run of a job over column c: blocks of rows through the GIL-free
 * loop, the rows declined in each through Python (with the GIL) after it, then
 * the GIL-free splice; (validity | None, offsets, data, null count), the
 * buffers from alloc, the offsets int64 (wide_out) or int32; None when int32
 * offsets would overflow. */
static PyObject *
run(const job_t *job, const col_t *c, int wide_out, PyObject *alloc, PyObject *base1,
    PyObject *fallback, int64_t extra)
{
    int64_t length = c->v.length, nulls = 0;
    out_cols_t o;
    memset(&o, 0, sizeof(o));
    py_rows_t r;
    memset(&r, 0, sizeof(r));
    PyObject *result = NULL;
    /* room for every row's normal form (at most one byte longer, the "/" of an
     * empty http path) and extra (resolve: the bases' bytes), so that the data
     * seldom grows (a canonical query's "=" written %3D can make it) */
    o.cap = c->v.total + length + 64 + extra;
    if (urikit_obuf_new(alloc, (Py_ssize_t)((length + 1) * 8), &o.off_b) < 0 ||
        urikit_obuf_new(alloc, (Py_ssize_t)((length + 7) / 8), &o.valid_b) < 0 ||
        urikit_obuf_new(alloc, (Py_ssize_t)o.cap, &o.data_b) < 0) {
        goto done;
    }
    o.offsets = (int64_t *)OBUF_PTR(o.off_b);
    o.valid = OBUF_PTR(o.valid_b);
    o.data = (char *)OBUF_PTR(o.data_b);
    int failed = 0;
    o.ts = PyEval_SaveThread();
    memset(o.valid, 0, (size_t)((length + 7) / 8));
    o.offsets[0] = 0;
    for (int64_t i0 = 0; i0 < length && !failed; i0 += RUN_BLOCK) {
        failed = map_rows(job, c, &o, i0, length - i0 < RUN_BLOCK ? length : i0 + RUN_BLOCK);
        if (!failed && o.n_pending > r.n) {
            PyEval_RestoreThread(o.ts);
            failed = python_rows(job, c, base1, fallback, &o, &r) < 0 ? ROW_PY_ERROR : 0;
            o.ts = PyEval_SaveThread();
        }
    }
    if (!failed && o.n_pending == 0) {
        nulls = out_finish(&o, length, wide_out);
    }
    PyEval_RestoreThread(o.ts);
    if (!failed && o.n_pending > 0) {
        if (o.len + r.extra > o.cap && data_grow(&o, o.len + r.extra) < 0) {
            goto done;
        }
        Py_BEGIN_ALLOW_THREADS
        splice(&o, length, &r);
        nulls = out_finish(&o, length, wide_out);
        Py_END_ALLOW_THREADS
    }
    if (failed == ROW_BAD_OFFSETS) {
        PyErr_SetString(PyExc_ValueError, "bad Arrow string array: offsets");
    }
    else if (failed == ROW_NO_MEMORY) {
        PyErr_NoMemory();
    }
    else if (failed) {
        /* ROW_PY_ERROR: the exception is set */
    }
    else if (!wide_out && o.len > INT32_MAX) {
        result = Py_NewRef(Py_None);
    }
    else {
        result = out_take(&o, length, wide_out, nulls);
    }
done:
    py_rows_free(&r);
    out_free(&o);
    return result;
}

/* ------------------------------------------------------- Python interface */

/* The arguments every entry point shares after the column's: length
 * (args[4]), wide_out (args[6]) and the allocator (args[7], see
 * urikit_obuf_new); 0, or -1 with an exception set. */
static int
shared_args(PyObject *const *args, Py_ssize_t *length, int *wide_out)
{
    *length = PyLong_AsSsize_t(args[4]);
    if (*length == -1 && PyErr_Occurred()) {
        return -1;
    }
    *wide_out = PyObject_IsTrue(args[6]);
    return *wide_out < 0 || urikit_alloc_check(args[7]) < 0 ? -1 : 0;
}

/* job over the one column of args[0:4] (length rows, args[5] wide), the output
 * in buffers from args[7] (wide_out: large_string), fallback for the rows C
 * declines: what run returns, None or NULL included. */
static PyObject *
run_column(const job_t *job, PyObject *const *args, Py_ssize_t length, int wide_out,
           PyObject *fallback)
{
    col_t c;
    PyObject *result = NULL;
    if (col_open(args[0], args[1], args[2], args[3], length, args[5], &c) == 0) {
        result = run(job, &c, wide_out, args[7], NULL, fallback, 0);
    }
    col_close(&c);
    return result;
}

/* arrow_normalize(validity, offsets, data, offset, length, wide, wide_out,
 *                 alloc, scheme_level, ports, http_like, fallback)
 * -> (validity | None, offsets, data, null count) | None (a string output over
 * 2 GiB): the normal form of each row of a string (wide: large_string) array,
 * in buffers from alloc.
 * ports: ((scheme, str(default port)), ...), http_like: (scheme, ...), the
 * registry of level "scheme"; fallback(text) -> str | None for a row the C
 * core declines. */
PyObject *
urikit_sp_arrow_normalize(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 12 || !PyTuple_Check(args[9]) || !PyTuple_Check(args[10])) {
        return type_error("arrow_normalize(validity, offsets, data, offset, length, wide, wide_out,"
                          " alloc, scheme_level, ports, http_like, fallback)");
    }
    Py_ssize_t length;
    int wide_out, level;
    if (shared_args(args, &length, &wide_out) < 0 || (level = PyObject_IsTrue(args[8])) < 0) {
        return NULL;
    }
    Py_ssize_t np = PyTuple_GET_SIZE(args[9]), nl = PyTuple_GET_SIZE(args[10]);
    c_registry_t reg = {np, nl, NULL, NULL, NULL, NULL, NULL, NULL};
    reg.port_scheme = PyMem_Calloc((size_t)(2 * np + nl + 1), sizeof(char *));
    reg.port_scheme_len = PyMem_Calloc((size_t)(2 * np + nl + 1), sizeof(Py_ssize_t));
    PyObject *result = NULL;
    col_t c;
    memset(&c, 0, sizeof(c));
    if (reg.port_scheme == NULL || reg.port_scheme_len == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    reg.port_digits = reg.port_scheme + np;
    reg.like = reg.port_scheme + 2 * np;
    reg.port_digits_len = reg.port_scheme_len + np;
    reg.like_len = reg.port_scheme_len + 2 * np;
    if (utf8_items(args[9], 0, reg.port_scheme, reg.port_scheme_len) < 0 ||
        utf8_items(args[9], 1, reg.port_digits, reg.port_digits_len) < 0 ||
        utf8_items(args[10], -1, reg.like, reg.like_len) < 0 ||
        col_open(args[0], args[1], args[2], args[3], length, args[5], &c) < 0) {
        goto done;
    }
    job_t job;
    memset(&job, 0, sizeof(job));
    job.op = OP_NORMALIZE;
    job.flag = level;
    job.reg = (norm_registry_t){c_default_port, c_http_like, &reg};
    result = run(&job, &c, wide_out, args[7], NULL, args[11], 0);
done:
    col_close(&c);
    PyMem_Free(reg.port_scheme);
    PyMem_Free(reg.port_scheme_len);
    return result;
}

/* arrow_resolve(validity, offsets, data, offset, length, wide, wide_out, alloc,
 *               strict, fallback, base)
 * -> as arrow_normalize: each row of the refs array resolved against base:
 * a str (one base for every row) or (validity, offsets, data, offset, wide),
 * a base column of the same length. fallback(base, ref) -> str | None for a
 * row the C core declines. */
PyObject *
urikit_sp_arrow_resolve(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 11 || !(PyUnicode_Check(args[10]) ||
                         (PyTuple_Check(args[10]) && PyTuple_GET_SIZE(args[10]) == 5))) {
        return type_error("arrow_resolve(validity, offsets, data, offset, length, wide, wide_out,"
                          " alloc, strict, fallback,"
                          " base: str | (validity, offsets, data, offset, wide))");
    }
    Py_ssize_t length;
    int wide_out, strict;
    if (shared_args(args, &length, &wide_out) < 0 || (strict = PyObject_IsTrue(args[8])) < 0) {
        return NULL;
    }
    job_t job;
    memset(&job, 0, sizeof(job));
    job.op = OP_RESOLVE;
    job.flag = strict;
    col_t c, bc;
    memset(&bc, 0, sizeof(bc));
    PyObject *result = NULL, *base1 = NULL;
    if (col_open(args[0], args[1], args[2], args[3], length, args[5], &c) < 0) {
        goto done;
    }
    int64_t extra = 0; /* the bases' bytes: a result is at most base + ref + 1 */
    if (PyUnicode_Check(args[10])) {
        base1 = args[10];
        /* one base, split once; a base the C core declines sends every row to Python */
        int ok = urikit_split_text(NULL, base1, NULL, &job.base_sp);
        if (ok < 0) {
            goto done;
        }
        job.base1_ok = ok && job.base_sp.s[G_SCHEME] >= 0;
        if (job.base1_ok) {
            job.base1 = PyUnicode_1BYTE_DATA(base1);
            job.base1_len = PyUnicode_GET_LENGTH(base1);
            extra = job.base1_len * (int64_t)length;
        }
    }
    else {
        PyObject *t = args[10];
        if (col_open(PyTuple_GET_ITEM(t, 0), PyTuple_GET_ITEM(t, 1), PyTuple_GET_ITEM(t, 2),
                     PyTuple_GET_ITEM(t, 3), length, PyTuple_GET_ITEM(t, 4), &bc) < 0) {
            goto done;
        }
        job.base = &bc;
        extra = bc.v.total;
    }
    result = run(&job, &c, wide_out, args[7], base1, args[9], extra);
done:
    col_close(&c);
    col_close(&bc);
    return result;
}

/* arrow_canonical(validity, offsets, data, offset, length, wide, wide_out,
 *                 alloc, mode, fallback)
 * -> as arrow_normalize: each row in canonical_fast's form mode (0 semantic,
 * 1 with the fragment, 2 surt, 3 safe-browsing); fallback(text) -> str | None
 * for a row urikit_canon_fast declines. */
PyObject *
urikit_sp_arrow_canonical(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 10) {
        return type_error("arrow_canonical(validity, offsets, data, offset, length, wide, wide_out,"
                          " alloc, mode, fallback)");
    }
    Py_ssize_t length;
    int wide_out;
    if (shared_args(args, &length, &wide_out) < 0) {
        return NULL;
    }
    long mode = long_arg_in(args[8], CANON_SEMANTIC, CANON_SAFE_BROWSING,
                            "arrow_canonical: mode is 0, 1, 2 or 3");
    if (mode < 0) {
        return NULL;
    }
    job_t job;
    memset(&job, 0, sizeof(job));
    job.op = OP_CANONICAL;
    job.flag = (int)mode;
    return run_column(&job, args, length, wide_out, args[9]);
}

/* arrow_domain(validity, offsets, data, offset, length, wide, wide_out, alloc,
 *              table, private, what, fallback)
 * -> as arrow_normalize: what (DOM_*) of each row's host, a row a host or a
 * URL, under the list of table (psl_table's capsule), its private section or
 * not; fallback(text) -> str | None for a row the C lookup declines. */
PyObject *
urikit_sp_arrow_domain(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 12) {
        return type_error("arrow_domain(validity, offsets, data, offset, length, wide, wide_out,"
                          " alloc, table, private, what, fallback)");
    }
    Py_ssize_t length;
    int wide_out, priv;
    if (shared_args(args, &length, &wide_out) < 0 || (priv = PyObject_IsTrue(args[9])) < 0) {
        return NULL;
    }
    long what = long_arg_in(args[10], 0, DOM_N - 1, "arrow_domain: what is 0 to 4");
    if (what < 0) {
        return NULL;
    }
    job_t job;
    memset(&job, 0, sizeof(job));
    job.op = OP_DOMAIN;
    job.psl = urikit_psl_of(args[8]);
    if (job.psl == NULL) {
        return NULL;
    }
    job.flag = priv ? 15 : 5;
    job.what = (int)what;
    return run_column(&job, args, length, wide_out, args[11]);
}
