/* The common case of urikit.canonical_forms._rules at C speed: canonical(text,
 * "semantic") (with or without keep_fragment), canonical(text, "safe-browsing")
 * and surt(text) with its default options, for the URLs whose canonical form needs no unescaping, no host
 * rewriting and no dot segments. Anything else is declined (None) and the
 * Python code, which stays the reference, does it; tests compare the two.
 *
 * Taken: an ASCII text of printable characters (0x21-0x7E: nothing to trim or
 * remove) that starts "http://" or "https://" (any case) and a host character,
 * whose part before the first "#" holds only RFC 3986 characters but "[" and
 * "]" (nothing to escape) and no "%" (nothing to unescape), that the parse
 * kernel reads as a URI, with a non-empty host that has no leading, trailing
 * or doubled dot and does not look like an IPv4 address in any form, a port
 * without a leading zero, a path without a segment starting with ".", and
 * (surt) a port up to 65535, no "(" in the path, no session-id-like name in
 * the query and no second "http://" after the first. Such a URL reads the same
 * in each profile's reference: one "@" at most, the host an ASCII name that
 * only lower-casing changes, an empty port dropped. */
#include "rules_c.h"
#include "../core/_parser_c.h"
#include "../core/normalization_c.h"

typedef struct {
    const uchar *p;
    Py_ssize_t len;
} slice_t;

/* Python's str order on ASCII text */
static int
cmp_bytes(const uchar *a, Py_ssize_t la, const uchar *b, Py_ssize_t lb)
{
    int c = memcmp(a, b, (size_t)(la < lb ? la : lb));
    if (c != 0) {
        return c;
    }
    return la < lb ? -1 : la > lb;
}

static int
cmp_str(const void *x, const void *y)
{
    const slice_t *a = x, *b = y;
    return cmp_bytes(a->p, a->len, b->p, b->len);
}

/* The surt package's order: by the tuple part.split("=", 1) */
static int
cmp_surt(const void *x, const void *y)
{
    const slice_t *a = x, *b = y;
    const uchar *ea = memchr(a->p, '=', (size_t)a->len), *eb = memchr(b->p, '=', (size_t)b->len);
    Py_ssize_t ka = ea ? ea - a->p : a->len, kb = eb ? eb - b->p : b->len;
    int c = cmp_bytes(a->p, ka, b->p, kb);
    if (c != 0) {
        return c;
    }
    if (ea == NULL || eb == NULL) {
        return (ea != NULL) - (eb != NULL);
    }
    return cmp_bytes(ea + 1, a->len - ka - 1, eb + 1, b->len - kb - 1);
}

static int
ascii_ci_prefix(const uchar *s, Py_ssize_t n, const char *word)
{
    Py_ssize_t k = (Py_ssize_t)strlen(word);
    if (n < k) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < k; i++) {
        if (ascii_lower(s[i]) != word[i]) {
            return 0;
        }
    }
    return 1;
}

static int
ci_contains(const uchar *s, Py_ssize_t n, const char *word)
{
    Py_ssize_t k = (Py_ssize_t)strlen(word);
    for (Py_ssize_t i = 0; i + k <= n; i++) {
        if (ascii_ci_prefix(s + i, n - i, word)) {
            return 1;
        }
    }
    return 0;
}

/* A host the Python code leaves as it is but for lower-casing. */
static int
plain_host(const uchar *h, Py_ssize_t n)
{
    if (n == 0 || h[0] == '.' || h[n - 1] == '.') {
        return 0;
    }
    int maybe_ipv4 = h[0] >= '0' && h[0] <= '9';
    for (Py_ssize_t i = 0; i < n; i++) {
        uchar c = h[i];
        if (c == '.' && h[i + 1] == '.') {
            return 0;
        }
        if (!(ISHEX(c) || c == '.' || c == 'x' || c == 'X')) {
            maybe_ipv4 = 0;
        }
    }
    return !maybe_ipv4;
}

/* The path with runs of slashes collapsed, "/" when empty. */
static void
put_path(out_t *o, const uchar *p, Py_ssize_t n, int lower)
{
    if (n == 0) {
        o->buf[o->len++] = '/';
        return;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (p[i] == '/' && i > 0 && p[i - 1] == '/') {
            continue;
        }
        o->buf[o->len++] = (char)(lower ? ascii_lower(p[i]) : p[i]);
    }
}

/* The scratch of put_query: on the stack for the usual query, else from the
 * raw allocator (no GIL needed). */
enum { QUERY_BYTES = 512, QUERY_PARTS = 32 };

static void *
scratch(void *small, size_t small_size, size_t size)
{
    return size <= small_size ? small : PyMem_RawMalloc(size);
}

/* What scratch gave back (NULL: nothing). */
static void
scratch_free(void *p, void *small)
{
    if (p != small) {
        PyMem_RawFree(p);
    }
}

/* The query's "&"-separated parts, sorted, joined by "&". For semantic each
 * "=" after a part's first is written %3D (urlcanon's token escaping); for surt
 * the parts are lower-cased first. Returns -1 on a memory error. */
static int
put_query(out_t *o, const uchar *q, Py_ssize_t n, int surt)
{
    Py_ssize_t count = 1;
    for (Py_ssize_t i = 0; i < n; i++) {
        count += q[i] == '&';
    }
    uchar low_small[QUERY_BYTES], *low = NULL;
    slice_t parts_small[QUERY_PARTS], *parts = NULL;
    int result = -1;
    if (surt) {
        low = scratch(low_small, sizeof(low_small), (size_t)n + 1);
        if (low == NULL) {
            goto done;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            low[i] = (uchar)ascii_lower(q[i]);
        }
        q = low;
    }
    parts = scratch(parts_small, sizeof(parts_small), (size_t)count * sizeof(slice_t));
    if (parts == NULL) {
        goto done;
    }
    Py_ssize_t k = 0, start = 0;
    for (Py_ssize_t i = 0; i <= n; i++) {
        if (i == n || q[i] == '&') {
            parts[k].p = q + start;
            parts[k].len = i - start;
            k++;
            start = i + 1;
        }
    }
    if (!surt) {
        /* escape first (the order depends on it), into a scratch copy */
        Py_ssize_t extra = 0;
        for (Py_ssize_t j = 0; j < k; j++) {
            const uchar *eq = memchr(parts[j].p, '=', (size_t)parts[j].len);
            for (const uchar *c = eq ? eq + 1 : parts[j].p + parts[j].len; c < parts[j].p + parts[j].len; c++) {
                extra += *c == '=' ? 2 : 0;
            }
        }
        if (extra > 0) {
            low = scratch(low_small, sizeof(low_small), (size_t)(n + extra) + 1);
            if (low == NULL) {
                goto done;
            }
            uchar *w = low;
            for (Py_ssize_t j = 0; j < k; j++) {
                const uchar *p = parts[j].p;
                Py_ssize_t len = parts[j].len;
                parts[j].p = w;
                int seen = 0;
                for (Py_ssize_t i = 0; i < len; i++) {
                    if (p[i] == '=' && seen) {
                        memcpy(w, "%3D", 3);
                        w += 3;
                    }
                    else {
                        seen |= p[i] == '=';
                        *w++ = p[i];
                    }
                }
                parts[j].len = w - parts[j].p;
            }
        }
    }
    if (k > 1) {
        qsort(parts, (size_t)k, sizeof(slice_t), surt ? cmp_surt : cmp_str);
    }
    for (Py_ssize_t j = 0; j < k; j++) {
        if (j > 0) {
            o->buf[o->len++] = '&';
        }
        put(o, parts[j].p, parts[j].len);
    }
    result = 0;
done:
    scratch_free(parts, parts_small);
    scratch_free(low, low_small);
    return result;
}

/* 1 written, 0 declined, -1 memory error. o->buf holds 3 * n + 16 bytes. No
 * Python object and only the raw allocator: callable without the GIL (the
 * Arrow kernel arrow_canonical of columnar/arrow_transform_c.c calls it so). */
int
urikit_canon_fast(const uchar *s, Py_ssize_t n, int mode, out_t *o)
{
    Py_ssize_t head = n, frag_at = -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        uchar c = s[i];
        if (c < 0x21 || c > 0x7E) {
            return 0;
        }
        if (c == '#' && frag_at < 0) {
            frag_at = i;
            head = i;
        }
        /* RFC 3986 characters but "#" "[" "]" (UK_CANON_PLAIN: reserved and
         * unreserved, tools/gen_tables.py), and no "%" */
        if (frag_at < 0 && (c == '%' || !IS(c, UK_CANON_PLAIN))) {
            return 0;
        }
        if (mode == CANON_SEMANTIC_FRAGMENT && c == '%') {
            return 0;
        }
    }
    int https;
    Py_ssize_t rest;
    if (ascii_ci_prefix(s, head, "http://")) {
        https = 0;
        rest = 7;
    }
    else if (ascii_ci_prefix(s, head, "https://")) {
        https = 1;
        rest = 8;
    }
    else {
        return 0;
    }
    if (rest >= head || s[rest] == '/') {
        return 0;
    }
    if (mode == CANON_SURT && (ascii_ci_prefix(s + rest, head - rest, "http://") ||
                               ascii_ci_prefix(s + rest, head - rest, "https://"))) {
        return 0;
    }
    spans_t sp;
    if (!urikit_split_ascii(s, head, &sp) || sp.s[G_HOST] < 0) {
        return 0;
    }
    const uchar *host = s + sp.s[G_HOST];
    Py_ssize_t host_len = sp.e[G_HOST] - sp.s[G_HOST];
    if (!plain_host(host, host_len)) {
        return 0;
    }
    const uchar *port = s + sp.s[G_PORT];
    Py_ssize_t port_len = sp.s[G_PORT] < 0 ? 0 : sp.e[G_PORT] - sp.s[G_PORT];
    if (port_len > 0 && port[0] == '0') {
        return 0;
    }
    /* surt refuses a port above 65535 (the Python code raises) */
    if (mode == CANON_SURT && (port_len > 5 || (port_len == 5 && memcmp(port, "65535", 5) > 0))) {
        return 0;
    }
    if (port_len == (https ? 3 : 2) && memcmp(port, https ? "443" : "80", (size_t)port_len) == 0) {
        port_len = 0;
    }
    const uchar *path = s + sp.s[G_PATH];
    Py_ssize_t path_len = sp.e[G_PATH] - sp.s[G_PATH];
    if (urikit_has_dots_ascii(path, path_len)) {
        return 0;
    }
    const uchar *query = s + sp.s[G_QUERY];
    Py_ssize_t query_len = sp.s[G_QUERY] < 0 ? -1 : sp.e[G_QUERY] - sp.s[G_QUERY];

    if (mode == CANON_SAFE_BROWSING) {
        /* userinfo, port and fragment dropped, the query as it is */
        put(o, https ? "https://" : "http://", https ? 8 : 7);
        for (Py_ssize_t i = 0; i < host_len; i++) {
            o->buf[o->len++] = (char)ascii_lower(host[i]);
        }
        put_path(o, path, path_len, 0);
        if (query_len >= 0) {
            o->buf[o->len++] = '?';
            put(o, query, query_len);
        }
        return 1;
    }
    if (mode != CANON_SURT) {
        put(o, https ? "https://" : "http://", https ? 8 : 7);
        for (Py_ssize_t i = 0; i < host_len; i++) {
            o->buf[o->len++] = (char)ascii_lower(host[i]);
        }
        if (port_len > 0) {
            o->buf[o->len++] = ':';
            put(o, port, port_len);
        }
        put_path(o, path, path_len, 0);
        if (query_len >= 0) {
            o->buf[o->len++] = '?';
            if (put_query(o, query, query_len, 0) < 0) {
                return -1;
            }
        }
        if (mode == CANON_SEMANTIC_FRAGMENT && frag_at >= 0) {
            o->buf[o->len++] = '#';
            for (Py_ssize_t i = frag_at + 1; i < n; i++) {
                if (s[i] == '#') {
                    put(o, "%23", 3);
                }
                else {
                    o->buf[o->len++] = (char)s[i];
                }
            }
        }
        return 1;
    }

    /* surt: the path first (it may decline), written after the host */
    if (memchr(path, '(', (size_t)path_len) != NULL) {
        return 0;
    }
    if (query_len > 0 && (ci_contains(query, query_len, "sid=") || ci_contains(query, query_len, "sessionid") ||
                          ci_contains(query, query_len, "cfid="))) {
        return 0;
    }
    /* "www" and any digits then "." (the lower-cased host) is removed */
    Py_ssize_t h0 = 0;
    if (ascii_ci_prefix(host, host_len, "www")) {
        Py_ssize_t j = 3;
        while (j < host_len && host[j] >= '0' && host[j] <= '9') {
            j++;
        }
        if (j < host_len && host[j] == '.') {
            h0 = j + 1;
        }
    }
    /* the labels reversed, joined by "," */
    Py_ssize_t end = host_len;
    for (Py_ssize_t i = host_len - 1; i >= h0 - 1; i--) {
        if (i < h0 || host[i] == '.') {
            for (Py_ssize_t j = i + 1; j < end; j++) {
                o->buf[o->len++] = (char)ascii_lower(host[j]);
            }
            if (i >= h0) {
                o->buf[o->len++] = ',';
            }
            end = i;
        }
    }
    if (port_len > 0) {
        o->buf[o->len++] = ':';
        put(o, port, port_len);
    }
    o->buf[o->len++] = ')';
    Py_ssize_t p0 = o->len;
    put_path(o, path, path_len, 1);
    if (o->len - p0 > 1 && o->buf[o->len - 1] == '/') {
        o->len--;
    }
    if (query_len > 0) {
        o->buf[o->len++] = '?';
        if (put_query(o, query, query_len, 1) < 0) {
            return -1;
        }
    }
    return 1;
}

/* canonical_fast(text, mode) -> str | None: mode 0 canonical(text, "semantic"),
 * 1 the same with keep_fragment=True, 2 surt(text), 3 canonical(text,
 * "safe-browsing"); None when declined. */
PyObject *
urikit_sp_canonical_fast(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2 || !PyUnicode_Check(args[0]) || !PyLong_Check(args[1])) {
        return type_error("canonical_fast(text: str, mode: int)");
    }
    long mode = long_arg_in(args[1], CANON_SEMANTIC, CANON_SAFE_BROWSING,
                            "canonical_fast: mode is 0, 1, 2 or 3");
    if (mode < 0) {
        return NULL;
    }
    PyObject *text = args[0];
    if (UK_READY(text) < 0) {
        return NULL;
    }
    if (!PyUnicode_IS_ASCII(text)) {
        Py_RETURN_NONE;
    }
    const uchar *s = PyUnicode_1BYTE_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    char small[512];
    size_t need = 3 * (size_t)n + 16;
    out_t o = {need <= sizeof(small) ? small : PyMem_Malloc(need), 0};
    if (o.buf == NULL) {
        return PyErr_NoMemory();
    }
    int r = urikit_canon_fast(s, n, (int)mode, &o);
    PyObject *result = NULL;
    if (r < 0) {
        PyErr_NoMemory();
    }
    else if (r == 0) {
        result = Py_NewRef(Py_None);
    }
    else {
        result = ascii_str(o.buf, o.len);
    }
    if (o.buf != small) {
        PyMem_Free(o.buf);
    }
    return result;
}
