/* urikit.resolution in C: remove_dot_segments (RFC 3986 section 5.2.4), the
 * recomposition of section 5.3 and the resolve kernel (section 5.2.2, strict or
 * not), for valid ASCII input; None tells Python to decide.
 */
#include "resolution_c.h"
#include "_parser_c.h"

/* ------------------------------------------------------- remove_dot_segments */

/* RFC 3986 section 5.2.4 over data[0:n] (kind bytes per char), written to out
 * (room for n chars of the same kind). Returns the output length or -1 (memory).
 * A step-by-step port of resolve.remove_dot_segments_py; ``stack`` holds where
 * each output segment starts, so removing the last one is O(1). */
#define RD(i) PyUnicode_READ(kind, data, (i))
Py_ssize_t
urikit_dots(int kind, const void *data, Py_ssize_t n, char *out)
{
    Py_ssize_t small[64], *stack = small;
    if (n + 1 > 64) {
        stack = PyMem_Malloc(sizeof(Py_ssize_t) * (size_t)(n + 1));
        if (stack == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    Py_ssize_t olen = urikit_dots_in(kind, data, n, out, stack);
    if (stack != small) {
        PyMem_Free(stack);
    }
    return olen;
}

/* urikit_dots with the caller's stack (room for n + 1 entries): it allocates
 * nothing and touches no Python object, so it runs without the GIL (the Arrow
 * kernels, arrow_transform_c.c). */
Py_ssize_t
urikit_dots_in(int kind, const void *data, Py_ssize_t n, char *out, Py_ssize_t *stack)
{
    Py_ssize_t top = 0, olen = 0, i = 0;
#define PUSH_SLASH()                                                          \
    do {                                                                      \
        stack[top++] = olen;                                                  \
        PyUnicode_WRITE(kind, out, olen, '/');                                \
        olen++;                                                               \
    } while (0)
    while (i < n) {
        Py_UCS4 c0 = RD(i);
        Py_UCS4 c1 = i + 1 < n ? RD(i + 1) : 0;
        Py_UCS4 c2 = i + 2 < n ? RD(i + 2) : 0;
        Py_UCS4 c3 = i + 3 < n ? RD(i + 3) : 0;
        if (c0 == '.' && c1 == '.' && c2 == '/' && i + 2 < n) {
            i += 3; /* A: "../" */
        }
        else if ((c0 == '.' && c1 == '/' && i + 1 < n) ||
                 (c0 == '/' && c1 == '.' && c2 == '/' && i + 2 < n)) {
            i += 2; /* A: "./"; B: "/./" */
        }
        else if (i + 2 == n && c0 == '/' && c1 == '.') {
            PUSH_SLASH(); /* B: final "/." */
            break;
        }
        else if (c0 == '/' && c1 == '.' && c2 == '.' && c3 == '/' && i + 3 < n) {
            i += 3; /* C: "/../" */
            if (top) {
                olen = stack[--top];
            }
        }
        else if (i + 3 == n && c0 == '/' && c1 == '.' && c2 == '.') {
            if (top) {
                olen = stack[--top]; /* C: final "/.." */
            }
            PUSH_SLASH();
            break;
        }
        else if ((n - i == 1 && c0 == '.') || (n - i == 2 && c0 == '.' && c1 == '.')) {
            break; /* D */
        }
        else {
            /* E: move the first segment, with its leading "/", to the output */
            Py_ssize_t j = c0 == '/' ? i + 1 : i;
            while (j < n && RD(j) != '/') {
                j++;
            }
            stack[top++] = olen;
            memcpy(out + olen * kind, (const char *)data + i * kind, (size_t)((j - i) * kind));
            olen += j - i;
            i = j;
        }
    }
#undef PUSH_SLASH
    return olen;
}

/* True when remove_dot_segments may change the path: it starts with "." or has "/.". */
static int
has_dots(int kind, const void *data, Py_ssize_t n)
{
    if (n > 0 && RD(0) == '.') {
        return 1;
    }
    for (Py_ssize_t i = 0; i + 1 < n; i++) {
        if (RD(i) == '/' && RD(i + 1) == '.') {
            return 1;
        }
    }
    return 0;
}
#undef RD

/* remove_dot_segments(path) for any str; NULL with an error set on failure. */
PyObject *
urikit_remove_dots_str(PyObject *path)
{
    if (UK_READY(path) < 0) {
        return NULL;
    }
    int kind = PyUnicode_KIND(path);
    const void *data = PyUnicode_DATA(path);
    Py_ssize_t n = PyUnicode_GET_LENGTH(path);
    if (!has_dots(kind, data, n)) {
        return Py_NewRef(path);
    }
    char *out = PyMem_Malloc((size_t)(n * kind) + 1);
    if (out == NULL) {
        return PyErr_NoMemory();
    }
    Py_ssize_t len = urikit_dots(kind, data, n, out);
    PyObject *result = len < 0 ? NULL : PyUnicode_FromKindAndData(kind, out, len);
    PyMem_Free(out);
    return result;
}

/* ---------------------------------------------------------------- builders */


/* RFC 3986 section 5.3 (resolve.recompose), the path already in place at ``path``. */
void
urikit_recompose(out_t *o, part_t scheme, part_t authority, part_t path, part_t query, part_t fragment)
{
    if (scheme.def) {
        put(o, scheme.p, scheme.len);
        put(o, ":", 1);
    }
    if (authority.def) {
        put(o, "//", 2);
        put(o, authority.p, authority.len);
    }
    else if (path.len >= 2 && path.p[0] == '/' && path.p[1] == '/') {
        put(o, "/.", 2);
    }
    memmove(o->buf + o->len, path.p, (size_t)path.len);
    o->len += path.len;
    if (query.def) {
        put(o, "?", 1);
        put(o, query.p, query.len);
    }
    if (fragment.def) {
        put(o, "#", 1);
        put(o, fragment.p, fragment.len);
    }
}


/* Dot-segment removal of the ASCII path p[0:len] into dst; returns the length. */
Py_ssize_t
urikit_dots_ascii(const uchar *p, Py_ssize_t len, char *dst)
{
    return urikit_dots_ascii_in(p, len, dst, NULL);
}

/* The same with the caller's stack (room for len + 1 entries; NULL: allocate
 * one, which needs the GIL). */
Py_ssize_t
urikit_dots_ascii_in(const uchar *p, Py_ssize_t len, char *dst, Py_ssize_t *stack)
{
    if (!has_dots(PyUnicode_1BYTE_KIND, p, len)) {
        memmove(dst, p, (size_t)len);
        return len;
    }
    return stack != NULL ? urikit_dots_in(PyUnicode_1BYTE_KIND, p, len, dst, stack)
                         : urikit_dots(PyUnicode_1BYTE_KIND, p, len, dst);
}


/* ----------------------------------------------------------------- resolve */

/* resolve(base, reference, strict) over ASCII bytes already split (bs, rs; the
 * base has a scheme), written at mem (room for 2 * (nb + nr) + 16 bytes);
 * returns the length. stack: room for nb + nr + 2 entries for dot removal, or
 * NULL to allocate it (which needs the GIL); with a stack it runs without the
 * GIL (the Arrow kernels). */
Py_ssize_t
urikit_resolve_ascii(const uchar *b, Py_ssize_t nb, const spans_t *bs, const uchar *r,
                     Py_ssize_t nr, const spans_t *rs, int strict, char *mem, Py_ssize_t *stack)
{
    part_t b_scheme = part(b, bs, G_SCHEME), b_auth = part(b, bs, G_AUTHORITY);
    part_t b_path = part(b, bs, G_PATH), b_query = part(b, bs, G_QUERY);
    part_t r_scheme = part(r, rs, G_SCHEME), r_auth = part(r, rs, G_AUTHORITY);
    part_t r_path = part(r, rs, G_PATH), r_query = part(r, rs, G_QUERY);
    part_t r_frag = part(r, rs, G_FRAGMENT);
    if (!strict && r_scheme.def && r_scheme.len == b_scheme.len) {
        Py_ssize_t k = 0;
        while (k < r_scheme.len && ascii_lower(r_scheme.p[k]) == ascii_lower(b_scheme.p[k])) {
            k++;
        }
        if (k == r_scheme.len) {
            r_scheme.def = 0;
        }
    }
    /* room: scheme ":" "//" authority "/." path(<= base path + "/" + ref path) "?" q "#" f */
    char *pathbuf = mem + nb + nr + 8; /* second half: the merged path */
    part_t scheme, auth, path = {(const uchar *)pathbuf, 0, 1}, query;
    if (r_scheme.def || r_auth.def) {
        scheme = r_scheme.def ? r_scheme : b_scheme;
        auth = r_auth;
        path.len = urikit_dots_ascii_in(r_path.p, r_path.len, pathbuf, stack);
        query = r_query;
    }
    else if (r_path.len == 0) {
        scheme = b_scheme;
        auth = b_auth;
        path = b_path;
        query = r_query.def ? r_query : b_query;
    }
    else {
        scheme = b_scheme;
        auth = b_auth;
        query = r_query;
        if (r_path.p[0] == '/') {
            path.len = urikit_dots_ascii_in(r_path.p, r_path.len, pathbuf, stack);
        }
        else {
            /* section 5.2.3 merge, written to the first half, then dots removed */
            Py_ssize_t m = 0;
            if (b_auth.def && b_path.len == 0) {
                mem[m++] = '/';
            }
            else {
                Py_ssize_t last = b_path.len - 1;
                while (last >= 0 && b_path.p[last] != '/') {
                    last--;
                }
                memcpy(mem, b_path.p, (size_t)(last + 1));
                m = last + 1;
            }
            memcpy(mem + m, r_path.p, (size_t)r_path.len);
            m += r_path.len;
            path.len = urikit_dots_ascii_in((const uchar *)mem, m, pathbuf, stack);
        }
    }
    out_t o = {mem, 0};
    urikit_recompose(&o, scheme, auth, path, query, r_frag);
    return o.len;
}

/* resolve(base, reference, strict) for valid input; Py_None when Python must
 * decide (an invalid input, a base without scheme), NULL on error. */
PyObject *
urikit_resolve_kernel(PyObject *base, PyObject *ref, int strict)
{
    spans_t bs, rs;
    int ok = urikit_split_text(NULL, base, NULL, &bs);
    if (ok <= 0 || bs.s[G_SCHEME] < 0) {
        return ok < 0 ? NULL : Py_NewRef(Py_None);
    }
    ok = urikit_split_text(NULL, ref, NULL, &rs);
    if (ok <= 0) {
        return ok < 0 ? NULL : Py_NewRef(Py_None);
    }
    const uchar *b = PyUnicode_1BYTE_DATA(base), *r = PyUnicode_1BYTE_DATA(ref);
    Py_ssize_t nb = PyUnicode_GET_LENGTH(base), nr = PyUnicode_GET_LENGTH(ref);
    Py_ssize_t cap = 2 * (nb + nr) + 16;
    char small[512];
    char *mem = cap <= (Py_ssize_t)sizeof(small) ? small : PyMem_Malloc((size_t)cap);
    if (mem == NULL) {
        return PyErr_NoMemory();
    }
    Py_ssize_t len = urikit_resolve_ascii(b, nb, &bs, r, nr, &rs, strict, mem, NULL);
    PyObject *result = ascii_str(mem, len);
    if (mem != small) {
        PyMem_Free(mem);
    }
    return result;
}


PyObject *
urikit_sp_resolve_kernel(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3 || !PyUnicode_Check(args[0]) || !PyUnicode_Check(args[1])) {
        return type_error("resolve_kernel(base: str, reference: str, strict)");
    }
    int strict = PyObject_IsTrue(args[2]);
    return strict < 0 ? NULL : urikit_resolve_kernel(args[0], args[1], strict);
}

PyObject *
urikit_sp_remove_dot_segments(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 1 || !PyUnicode_Check(args[0])) {
        return type_error("remove_dot_segments(path: str)");
    }
    return urikit_remove_dots_str(args[0]);
}
