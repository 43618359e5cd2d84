/* The Public Suffix List lookup in C: PublicSuffixList._count (_list.py) over
 * the same trie, for the common host (ASCII, no '%', at most PSL_MAX_HOST
 * bytes); any other host is declined and read by the Python code, the
 * reference, so that the answers are the same by construction (and the tests
 * compare the two).
 *
 * The trie's nodes come from Python (psl_table: each node's labels joined by
 * "." and its flags, the bits of _list.py) and are kept in one open-addressing
 * hash table. The walk from the host's last label looks up, at each depth, the
 * host's suffix of that many labels: found, it is the trie's node there, not
 * found, the walk ends where _count's ends. The hash (FNV-1a, 64 bits) reads a
 * key from its last byte back, so that the walk extends the suffix's hash
 * label by label.
 */
#include "lookup_c.h"

typedef struct {
    uint64_t hash;
    uint32_t off, len; /* the key: keys[off:off + len] */
    uint32_t flags;
    uint32_t used;
} psl_slot_t;

struct psl_table {
    uint64_t mask; /* slots - 1, slots a power of two */
    psl_slot_t *slots;
    char *keys;
};

#define FNV_BASIS 14695981039346656037ull
#define FNV_PRIME 1099511628211ull

/* h extended by p[from - 1] back to p[to] */
static inline uint64_t
hash_back(uint64_t h, const char *p, Py_ssize_t from, Py_ssize_t to)
{
    for (Py_ssize_t i = from - 1; i >= to; i--) {
        h = (h ^ (uchar)p[i]) * FNV_PRIME;
    }
    return h;
}

/* The node keyed p[0:n] (hash h), or NULL. */
static inline const psl_slot_t *
find_slot(const psl_table_t *t, uint64_t h, const char *p, Py_ssize_t n)
{
    for (uint64_t i = h & t->mask;; i = (i + 1) & t->mask) {
        const psl_slot_t *s = &t->slots[i];
        if (!s->used) {
            return NULL;
        }
        if (s->hash == h && s->len == (uint32_t)n && memcmp(t->keys + s->off, p, (size_t)n) == 0) {
            return s;
        }
    }
}

int
urikit_psl_find(const psl_table_t *t, const uchar *p, Py_ssize_t n, int mask, psl_found_t *f,
                int *ip)
{
    *ip = 0;
    if (n == 0) {
        return PSL_NONE;
    }
    if (p[0] == '[') {
        *ip = 1;
        return PSL_NONE;
    }
    if (n > PSL_MAX_HOST) {
        return PSL_DECLINED;
    }
    /* one pass: lower-cased into low, the dots' places noted (dots[k]: the
     * k-th dot from the left; a label ends at a dot or at end) */
    char *low = f->low;
    Py_ssize_t dots[PSL_MAX_HOST + 1];
    int nd = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        uchar c = p[i];
        if (c >= 128 || c == '%') {
            return PSL_DECLINED;
        }
        if (c == '.') {
            dots[nd++] = i;
        }
        low[i] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    f->len = n;
    Py_ssize_t end = n;
    if (nd > 0 && dots[nd - 1] == n - 1) {
        end = n - 1; /* one trailing dot, kept aside */
        nd--;
    }
    if (end == 0 || (nd > 0 && (dots[0] == 0 || dots[nd - 1] == end - 1))) {
        return PSL_NONE; /* an empty label */
    }
    for (int k = 1; k < nd; k++) {
        if (dots[k] == dots[k - 1] + 1) {
            return PSL_NONE;
        }
    }
    Py_ssize_t last = nd > 0 ? dots[nd - 1] + 1 : 0;
    if (low[last] >= '0' && low[last] <= '9') {
        /* a number, decimal or 0x hexadecimal (_hosts._is_number): IPv4 */
        Py_ssize_t i = last;
        while (i < end && low[i] >= '0' && low[i] <= '9') {
            i++;
        }
        if (i == end) {
            *ip = 1;
            return PSL_NONE;
        }
        if (low[last] == '0' && low[last + 1] == 'x') {
            for (i = last + 2; i < end && IS((uchar)low[i], UK_HEXDIG); i++) {
            }
            if (i == end) {
                *ip = 1;
                return PSL_NONE;
            }
        }
    }
    /* _count: best is where the public suffix starts (the default rule: the
     * last label); label k (from the left, 0 .. nd) runs from start(k) to end(k) */
#define LABEL_START(k) ((k) > 0 ? dots[(k) - 1] + 1 : 0)
#define LABEL_END(k) ((k) < nd ? dots[k] : end)
    Py_ssize_t best = last;
    int flags = 0, wild = 0;
    uint64_t h = FNV_BASIS;
    for (int k = nd; k >= 0; k--) {
        Py_ssize_t s = LABEL_START(k), e = LABEL_END(k);
        if (wild) {
            best = s;
            flags = wild;
        }
        h = hash_back(h, low, k < nd ? e + 1 : e, s); /* with the '.' after it */
        const psl_slot_t *node = find_slot(t, h, low + s, end - s);
        if (node == NULL) {
            break;
        }
        int found = (int)node->flags;
        if (found & mask & 12) { /* an exception rule: its labels less the leftmost */
            if (k == nd) {
                return PSL_DECLINED; /* a one-label exception rule: Python's answer */
            }
            best = e + 1;
            flags = found & mask & 12;
            break;
        }
        if (found & mask & 3) {
            best = s;
            flags = found & mask & 3;
        }
        wild = (found >> 4) & mask & 3;
    }
    int sk = 0; /* the label the suffix starts at */
    while (sk < nd && LABEL_START(sk) != best) {
        sk++;
    }
    f->flags = flags;
    f->suffix = best;
    f->domain = sk > 0 ? LABEL_START(sk - 1) : -1;
#undef LABEL_START
#undef LABEL_END
    return PSL_FOUND;
}

/* ------------------------------------------------------- Python interface */

#define CAPSULE "urikit.domains.psl_table"

static void
table_free(PyObject *capsule)
{
    psl_table_t *t = PyCapsule_GetPointer(capsule, CAPSULE);
    if (t != NULL) {
        PyMem_Free(t->slots);
        PyMem_Free(t->keys);
        PyMem_Free(t);
    }
}

const psl_table_t *
urikit_psl_of(PyObject *capsule)
{
    return PyCapsule_GetPointer(capsule, CAPSULE);
}

/* psl_table(nodes) -> capsule: nodes a tuple of (key bytes, flags), the keys
 * distinct. */
PyObject *
urikit_sp_psl_table(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 1 || !PyTuple_Check(args[0])) {
        return type_error("psl_table(nodes: tuple of (bytes, int))");
    }
    PyObject *nodes = args[0];
    Py_ssize_t count = PyTuple_GET_SIZE(nodes), total = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PyTuple_GET_ITEM(nodes, i);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2 ||
            !PyBytes_Check(PyTuple_GET_ITEM(item, 0)) || !PyLong_Check(PyTuple_GET_ITEM(item, 1))) {
            return type_error("psl_table: a node is (bytes, int)");
        }
        total += PyBytes_GET_SIZE(PyTuple_GET_ITEM(item, 0));
    }
    if (total > UINT32_MAX / 2) {
        PyErr_SetString(PyExc_ValueError, "psl_table: too many rules");
        return NULL;
    }
    uint64_t slots = 16;
    while (slots < (uint64_t)count * 2) {
        slots *= 2;
    }
    psl_table_t *t = PyMem_Calloc(1, sizeof(*t));
    if (t == NULL) {
        return PyErr_NoMemory();
    }
    t->mask = slots - 1;
    t->slots = PyMem_Calloc((size_t)slots, sizeof(psl_slot_t));
    t->keys = PyMem_Malloc((size_t)total + 1);
    if (t->slots == NULL || t->keys == NULL) {
        PyMem_Free(t->slots);
        PyMem_Free(t->keys);
        PyMem_Free(t);
        return PyErr_NoMemory();
    }
    uint32_t off = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PyTuple_GET_ITEM(nodes, i);
        PyObject *key = PyTuple_GET_ITEM(item, 0);
        Py_ssize_t n = PyBytes_GET_SIZE(key);
        const char *k = PyBytes_AS_STRING(key);
        long flags = PyLong_AsLong(PyTuple_GET_ITEM(item, 1));
        if (flags == -1 && PyErr_Occurred()) {
            PyMem_Free(t->slots);
            PyMem_Free(t->keys);
            PyMem_Free(t);
            return NULL;
        }
        memcpy(t->keys + off, k, (size_t)n);
        uint64_t h = hash_back(FNV_BASIS, k, n, 0);
        uint64_t j = h & t->mask;
        while (t->slots[j].used) {
            j = (j + 1) & t->mask;
        }
        t->slots[j] = (psl_slot_t){h, off, (uint32_t)n, (uint32_t)flags, 1};
        off += (uint32_t)n;
    }
    PyObject *capsule = PyCapsule_New(t, CAPSULE, table_free);
    if (capsule == NULL) {
        PyMem_Free(t->slots);
        PyMem_Free(t->keys);
        PyMem_Free(t);
    }
    return capsule;
}

/* host[a:b] lower-cased: host itself (or its slice) when it is in lower case already */
static PyObject *
answer(PyObject *host, const uchar *p, const psl_found_t *f, Py_ssize_t a)
{
    Py_ssize_t b = f->len;
    if (memcmp(p + a, f->low + a, (size_t)(b - a)) == 0) {
        return PyUnicode_Substring(host, a, b);
    }
    PyObject *s = PyUnicode_New(b - a, 127);
    if (s != NULL) {
        memcpy(PyUnicode_1BYTE_DATA(s), f->low + a, (size_t)(b - a));
    }
    return s;
}

/* psl_lookup(table, host, private, what) -> str | None | NotImplemented: what
 * 0 the public suffix of host, 1 its registrable domain; NotImplemented for a
 * host the C lookup declines (not a str, not ASCII: see urikit_psl_find). */
PyObject *
urikit_sp_psl_lookup(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 4) {
        return type_error("psl_lookup(table, host, private, what)");
    }
    const psl_table_t *t = urikit_psl_of(args[0]);
    if (t == NULL) {
        return NULL;
    }
    PyObject *host = args[1];
    if (!PyUnicode_CheckExact(host) || !PyUnicode_IS_ASCII(host)) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    int priv = args[2] == Py_True ? 1 : args[2] == Py_False ? 0 : PyObject_IsTrue(args[2]);
    long what = PyLong_AsLong(args[3]);
    if (priv < 0 || (what == -1 && PyErr_Occurred())) {
        return NULL;
    }
    const uchar *p = PyUnicode_1BYTE_DATA(host);
    psl_found_t f;
    int ip;
    int r = urikit_psl_find(t, p, PyUnicode_GET_LENGTH(host), priv ? 15 : 5, &f, &ip);
    if (r == PSL_DECLINED) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    if (r == PSL_NONE) {
        Py_RETURN_NONE;
    }
    if (what == 0) {
        return answer(host, p, &f, f.suffix);
    }
    if (f.domain < 0) {
        Py_RETURN_NONE;
    }
    return answer(host, p, &f, f.domain);
}
