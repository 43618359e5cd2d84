/* urikit.normalization in C: the normalize kernel (case, percent-encoding and
 * dot-segment normalization of RFC 3986 section 6.2.2, the scheme-based
 * defaults of section 6.2.3) for valid ASCII input; None tells Python to decide.
 */
#include "normalization_c.h"
#include "_parser_c.h"
#include "resolution_c.h"

/* --------------------------------------------------------------- normalize */

/* normalize.normalize_percent over ASCII p[0:len] (every '%' starts a valid
 * triple), appended to o; ``lower`` also lowercases (the host). */
static void
put_pct_normal(out_t *o, const uchar *p, Py_ssize_t len, int lower)
{
    Py_ssize_t i = 0;
    while (i < len) {
        if (!lower) { /* the run up to the next "%" is copied as it is */
            const uchar *pct = memchr(p + i, '%', (size_t)(len - i));
            Py_ssize_t stop = pct ? pct - p : len;
            memcpy(o->buf + o->len, p + i, (size_t)(stop - i));
            o->len += stop - i;
            i = stop;
            if (i >= len) {
                break;
            }
        }
        uchar c = p[i];
        if (c == '%' && i + 2 < len) { /* valid input: always a whole triple */
            int byte = hexval(p[i + 1]) * 16 + hexval(p[i + 2]);
            if (IS(byte, UK_UNRESERVED)) {
                o->buf[o->len++] = (char)(lower ? ascii_lower(byte) : byte);
            }
            else {
                o->buf[o->len++] = '%';
                o->buf[o->len++] = uk_hexup[byte >> 4];
                o->buf[o->len++] = uk_hexup[byte & 15];
            }
            i += 3;
        }
        else {
            o->buf[o->len++] = (char)(lower ? ascii_lower(c) : c);
            i++;
        }
    }
}

/* has_dots for ASCII: a path segment that starts with "." (a "." at the start
 * or after a "/"). With SSE2 (every x86-64 CPU) 16 bytes a step, a last step
 * overlapping the one before so that nothing past p[n] is read; else, and
 * under 16 bytes, memchr to each dot (a call of memchr per dot would be a large
 * part of the security check's own work on a path with a few dots). */
int
urikit_has_dots_ascii(const uchar *p, Py_ssize_t n)
{
    if (n > 0 && p[0] == '.') {
        return 1;
    }
#if defined(__SSE2__)
    if (n >= 16) {
        const __m128i slash = _mm_set1_epi8('/'), dot = _mm_set1_epi8('.');
        unsigned carry = 0; /* whether the byte before the block is a "/" */
        for (Py_ssize_t i = 0;; i += 16) {
            if (i + 16 > n) {
                i = n - 16; /* the last bytes, again from where a whole block fits */
                carry = p[i - 1] == '/';
            }
            __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
            unsigned slashes = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, slash));
            unsigned dots = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, dot));
            if (((slashes << 1) | carry) & dots) {
                return 1;
            }
            if (i + 16 >= n) {
                return 0;
            }
            carry = slashes >> 15;
        }
    }
#endif
    const uchar *q = p, *end = p + n;
    while ((q = memchr(q, '.', (size_t)(end - q))) != NULL) {
        if (q[-1] == '/') { /* q > p: p[0] is not a dot */
            return 1;
        }
        q++;
    }
    return 0;
}

static int
has_upper(const uchar *p, Py_ssize_t n)
{
    int up = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        up |= (uchar)(p[i] - 'A') < 26;
    }
    return up;
}

/* normalize(text) over the ASCII bytes s[0:n] of a valid text, split in sp:
 * the normal form is *out[0:return]; *out is s itself when s is already in
 * normal form (the common case), else in mem (room for 3 * n + 16 bytes).
 * -1 when a lookup in reg failed (an exception set). stack: room for n + 2
 * entries for dot removal, or NULL to allocate it (which needs the GIL); with a
 * stack and lookups that need no GIL it runs without the GIL (the Arrow kernels). */
Py_ssize_t
urikit_normalize_ascii(const uchar *s, Py_ssize_t n, const spans_t *sp, int scheme_level,
                       const norm_registry_t *reg, char *mem, Py_ssize_t *stack, const char **out)
{
    part_t scheme = part(s, sp, G_SCHEME), userinfo = part(s, sp, G_USERINFO);
    part_t host = part(s, sp, G_HOST), port = part(s, sp, G_PORT);
    part_t path = part(s, sp, G_PATH), query = part(s, sp, G_QUERY);
    part_t fragment = part(s, sp, G_FRAGMENT), authority = part(s, sp, G_AUTHORITY);
    /* The common case, a text already in normal form, comes back as it is: no
     * percent-encoding and no port (either may change), no capital letter in
     * the scheme or host, no dot segment in a path that loses them, and not
     * the empty path an http-like scheme with an authority turns into "/". */
    if (!port.def && !has_upper(scheme.p, scheme.len) && !has_upper(host.p, host.len) &&
        memchr(s, '%', (size_t)n) == NULL &&
        !((scheme.def || authority.def) && urikit_has_dots_ascii(path.p, path.len)) &&
        !(scheme_level && scheme.def && authority.def && path.len == 0)) {
        *out = (const char *)s;
        return n;
    }
    /* room: normalized parts (<= n), the path (<= n + 1), the result (<= n + 3) */
    /* first half: the normalized scheme, authority, path, query, fragment */
    out_t w = {mem, 0};
    part_t n_scheme = scheme, n_auth = authority, n_path, n_query = query, n_frag = fragment;
    if (scheme.def) {
        n_scheme.p = (const uchar *)w.buf + w.len;
        for (Py_ssize_t k = 0; k < scheme.len; k++) {
            w.buf[w.len++] = (char)ascii_lower(scheme.p[k]);
        }
    }
    if (authority.def) {
        int drop_port = 0;
        if (scheme_level && port.def) {
            if (port.len == 0) {
                drop_port = 1;
            }
            else if (scheme.def) {
                /* port.lstrip("0") == str(DEFAULT_PORTS.get(scheme)), as in Python:
                   digit strings, since port = *DIGIT has no length limit and int() has. */
                Py_ssize_t z = 0;
                while (z < port.len && port.p[z] == '0') {
                    z++;
                }
                drop_port = reg->default_port(reg->ctx, n_scheme.p, scheme.len, port.p + z,
                                              port.len - z);
                if (drop_port < 0) {
                    return -1;
                }
            }
        }
        n_auth.p = (const uchar *)w.buf + w.len;
        if (userinfo.def) {
            put_pct_normal(&w, userinfo.p, userinfo.len, 0);
            w.buf[w.len++] = '@';
        }
        put_pct_normal(&w, host.p, host.len, 1);
        if (port.def && !drop_port) {
            w.buf[w.len++] = ':';
            put(&w, port.p, port.len);
        }
        n_auth.len = (const uchar *)w.buf + w.len - n_auth.p;
    }
    Py_ssize_t path_at = w.len;
    put_pct_normal(&w, path.p, path.len, 0);
    Py_ssize_t path_len = w.len - path_at;
    if (query.def) {
        n_query.p = (const uchar *)w.buf + w.len;
        put_pct_normal(&w, query.p, query.len, 0);
        n_query.len = (const uchar *)w.buf + w.len - n_query.p;
    }
    if (fragment.def) {
        n_frag.p = (const uchar *)w.buf + w.len;
        put_pct_normal(&w, fragment.p, fragment.len, 0);
        n_frag.len = (const uchar *)w.buf + w.len - n_frag.p;
    }
    /* second half: the path after dot removal, then the result */
    char *pathbuf = mem + w.len;
    n_path.p = (const uchar *)pathbuf;
    n_path.def = 1;
    if (scheme.def || authority.def) { /* as normalization.py: a network-path loses its dots */
        n_path.len = urikit_dots_ascii_in((const uchar *)mem + path_at, path_len, pathbuf, stack);
        if (scheme_level && scheme.def && n_path.len == 0 && authority.def) {
            int like = reg->http_like(reg->ctx, n_scheme.p, scheme.len);
            if (like < 0) {
                return -1;
            }
            if (like) {
                pathbuf[0] = '/';
                n_path.len = 1;
            }
        }
    }
    else {
        memcpy(pathbuf, mem + path_at, (size_t)path_len);
        n_path.len = path_len;
    }
    out_t o = {pathbuf + n_path.len + 1, 0};
    urikit_recompose(&o, n_scheme, n_auth, n_path, n_query, n_frag);
    *out = o.buf;
    return o.len;
}

/* The lookups of urikit_normalize_kernel: in the registry's own dict of default
 * ports and set of http-like schemes (ctx: the pair). */
typedef struct {
    PyObject *default_ports, *http_like;
} py_registry_t;

static int
py_default_port(void *ctx, const uchar *scheme, Py_ssize_t n, const uchar *digits, Py_ssize_t nd)
{
    PyObject *key = ascii_str((const char *)scheme, n);
    if (key == NULL) {
        return -1;
    }
    PyObject *value = PyDict_GetItemWithError(((py_registry_t *)ctx)->default_ports, key);
    Py_DECREF(key);
    if (value == NULL) {
        return PyErr_Occurred() ? -1 : 0;
    }
    PyObject *have = ascii_str((const char *)digits, nd);
    PyObject *want = have ? PyObject_Str(value) : NULL;
    int eq = want ? PyUnicode_Compare(have, want) : -1;
    Py_XDECREF(have);
    Py_XDECREF(want);
    if (eq == -1 && PyErr_Occurred()) {
        return -1;
    }
    return eq == 0;
}

static int
py_http_like(void *ctx, const uchar *scheme, Py_ssize_t n)
{
    PyObject *key = ascii_str((const char *)scheme, n);
    if (key == NULL) {
        return -1;
    }
    int like = PySet_Contains(((py_registry_t *)ctx)->http_like, key);
    Py_DECREF(key);
    return like;
}

/* normalize(text, level) for a valid text; Py_None when Python must decide. */
PyObject *
urikit_normalize_kernel(PyObject *text, int scheme_level, PyObject *default_ports, PyObject *http_like)
{
    spans_t sp;
    int ok = urikit_split_text(NULL, text, NULL, &sp);
    if (ok <= 0) {
        return ok < 0 ? NULL : Py_NewRef(Py_None);
    }
    const uchar *s = PyUnicode_1BYTE_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    py_registry_t ctx = {default_ports, http_like};
    norm_registry_t reg = {py_default_port, py_http_like, &ctx};
    Py_ssize_t cap = 3 * n + 16;
    char small[512];
    char *mem = cap <= (Py_ssize_t)sizeof(small) ? small : PyMem_Malloc((size_t)cap);
    if (mem == NULL) {
        return PyErr_NoMemory();
    }
    const char *o;
    Py_ssize_t len = urikit_normalize_ascii(s, n, &sp, scheme_level, &reg, mem, NULL, &o);
    PyObject *result;
    if (len < 0) {
        result = NULL;
    }
    else if (PyUnicode_CheckExact(text) && len == n && memcmp(o, s, (size_t)n) == 0) {
        result = Py_NewRef(text); /* already in normal form (the common case) */
    }
    else {
        result = ascii_str(o, len);
    }
    if (mem != small) {
        PyMem_Free(mem);
    }
    return result;
}


PyObject *
urikit_sp_normalize_kernel(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4 || !PyUnicode_Check(args[0]) || !PyDict_Check(args[2]) ||
        !PyAnySet_Check(args[3])) {
        return type_error("normalize_kernel(text: str, scheme_level, default_ports, http_like)");
    }
    int scheme_level = PyObject_IsTrue(args[1]);
    if (scheme_level < 0) {
        return NULL;
    }
    return urikit_normalize_kernel(args[0], scheme_level, args[2], args[3]);
}
