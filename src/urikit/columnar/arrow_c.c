/* The Arrow string kernels of urikit.arrow: reading arrays through the Arrow C
 * Data Interface, arrow_validate, the scanner level, and the output buffers of
 * the other kernels (obuf_t, from Arrow's pool). The byte-class pass of
 * arrow_validate is in arrow_scan_c.c, arrow_split and arrow_errors in
 * arrow_split_c.c, arrow_normalize, arrow_resolve and arrow_canonical in
 * arrow_transform_c.c; what they share is in _arrow.h.
 */
#include "_arrow.h"

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

/* ------------------------------------------------------- Arrow string kernels
 *
 * Validate or split a whole Arrow string array without a Python object per row.
 * The array comes through the Arrow PyCapsule interface: the caller (urikit.arrow)
 * passes the two capsules of ``array.__arrow_c_array__()``; this module reads the
 * C Data Interface structs (a stable ABI, declared in _arrow.h from the Arrow
 * specification; no Arrow library is linked) and only reads their buffers.
 * Formats: "u" (string, int32 offsets), "U" (large_string, int64 offsets) and
 * "vu" (string_view). Rows are UTF-8 bytes; every RFC 3986 character is ASCII,
 * so a byte >= 0x80 makes a row invalid exactly as a non-ASCII str does.
 * Results are packed bitmaps (LSB first, from bit 0) and offsets/data buffers
 * returned as bytes; urikit.arrow wraps them with pyarrow.Array.from_buffers. */

static int
av_best_level(void)
{
#ifdef UK_SSSE3
    if (__builtin_cpu_supports("avx2")) {
        return AV_AVX2;
    }
    if (__builtin_cpu_supports("ssse3")) {
        return AV_SSSE3;
    }
#endif
    return AV_PORTABLE;
}

static int
arrow_open(PyObject *schema_capsule, PyObject *array_capsule, arrow_strings_t *v)
{
    struct ArrowSchema *schema = PyCapsule_GetPointer(schema_capsule, "arrow_schema");
    if (schema == NULL) {
        return -1;
    }
    struct ArrowArray *array = PyCapsule_GetPointer(array_capsule, "arrow_array");
    if (array == NULL) {
        return -1;
    }
    if (schema->release == NULL || array->release == NULL) {
        PyErr_SetString(PyExc_ValueError, "released Arrow array");
        return -1;
    }
    const char *f = schema->format;
    memset(v, 0, sizeof(*v));
    if (strcmp(f, "u") == 0) {
        v->kind = AK_STRING;
    }
    else if (strcmp(f, "U") == 0) {
        v->kind = AK_LARGE;
    }
    else if (strcmp(f, "vu") == 0) {
        v->kind = AK_VIEW;
    }
    else {
        PyErr_Format(PyExc_TypeError, "not an Arrow string array (format %s)", f);
        return -1;
    }
    v->length = array->length;
    v->offset = array->offset;
    if (v->length < 0 || v->offset < 0) {
        PyErr_SetString(PyExc_ValueError, "bad Arrow array length or offset");
        return -1;
    }
    if (array->n_buffers < (v->kind == AK_VIEW ? 2 : 3)) {
        PyErr_SetString(PyExc_ValueError, "bad Arrow string array: too few buffers");
        return -1;
    }
    v->validity = array->null_count == 0 ? NULL : (const uchar *)array->buffers[0];
    v->level = av_best_level();
    if (v->length == 0) {
        return 0;
    }
    if (v->kind == AK_STRING) {
        v->off32 = (const int32_t *)array->buffers[1];
        v->data = (const uchar *)array->buffers[2];
        v->total = (int64_t)v->off32[v->offset + v->length] - v->off32[v->offset];
        v->end = v->data + v->off32[v->offset + v->length];
    }
    else if (v->kind == AK_LARGE) {
        v->off64 = (const int64_t *)array->buffers[1];
        v->data = (const uchar *)array->buffers[2];
        v->total = v->off64[v->offset + v->length] - v->off64[v->offset];
        v->end = v->data + v->off64[v->offset + v->length];
    }
    else {
        v->views = (const uchar *)array->buffers[1];
        /* buffers: validity, views, data..., then the variadic sizes (int64) */
        v->vdata = (const uchar *const *)(array->buffers + 2);
        v->n_vdata = array->n_buffers - 3;
        if (v->n_vdata < 0) {
            v->n_vdata = 0;
        }
        else {
            v->vsizes = (const int64_t *)array->buffers[array->n_buffers - 1];
        }
        int64_t t = 0;
        for (int64_t i = 0; i < v->length; i++) {
            int32_t len;
            memcpy(&len, v->views + 16 * (v->offset + i), 4);
            t += len;
        }
        v->total = t;
    }
    if (v->total < 0) {
        PyErr_SetString(PyExc_ValueError, "bad Arrow string array: offsets");
        return -1;
    }
    return 0;
}

int
urikit_arrow_args(PyObject *module, PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want,
                  arrow_strings_t *v, int *code)
{
    if (nargs != want) {
        PyErr_SetString(PyExc_TypeError,
                        want == 3 ? "expected (schema_capsule, array_capsule, rule)"
                                  : "expected (schema_capsule, array_capsule, rule, wide, alloc)");
        return -1;
    }
    *code = urikit_rule_code(module_state(module), args[2]);
    if (*code == RULE_UNKNOWN) {
        PyErr_Format(PyExc_ValueError, UK_UNKNOWN_RULE_FMT, args[2]);
        return -1;
    }
    if (arrow_open(args[0], args[1], v) < 0) {
        return -1;
    }
    if (module_state(module)->arrow_force) {
        v->level = module_state(module)->arrow_force - 1;
    }
    return 0;
}

static PyObject *
bitmap_new(int64_t n, uchar **bits)
{
    PyObject *b = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)((n + 7) / 8));
    if (b != NULL) {
        *bits = (uchar *)PyBytes_AS_STRING(b);
        memset(*bits, 0, (size_t)((n + 7) / 8));
    }
    return b;
}

/* arrow_validate(schema, array, rule) -> (valid bitmap, null bitmap | None, n_invalid, n_null)
 * A null row has its valid bit clear and is not counted as invalid. */
PyObject *
urikit_sp_arrow_validate(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    arrow_strings_t v;
    int code;
    if (urikit_arrow_args(module, args, nargs, 3, &v, &code) < 0) {
        return NULL;
    }
    uchar *ok, *nn = NULL;
    PyObject *okb = bitmap_new(v.length, &ok), *nnb = NULL;
    if (okb == NULL) {
        return NULL;
    }
    if (v.validity != NULL && (nnb = bitmap_new(v.length, &nn)) == NULL) {
        Py_DECREF(okb);
        return NULL;
    }
    int64_t invalid = 0, nulls = 0;
    int bad_view = 0;
    Py_BEGIN_ALLOW_THREADS
#ifdef UK_SSSE3
    if (v.level >= AV_SSSE3 && v.length > 0 && v.kind == AK_STRING) {
        urikit_av_rows32(&v, v.off32 + v.offset, code, ok, nn, &invalid, &nulls);
    }
    else if (v.level >= AV_SSSE3 && v.length > 0 && v.kind == AK_LARGE) {
        urikit_av_rows64(&v, v.off64 + v.offset, code, ok, nn, &invalid, &nulls);
    }
    else
#endif
    if (v.validity == NULL && v.kind == AK_STRING) {
        /* the common case, without the tests for nulls and the kind of array in
         * each row (arrow_row reads an AK_STRING row exactly so) */
        const int32_t *o = v.off32 + v.offset;
        for (int64_t i = 0; i < v.length; i++) {
            int r = arrow_split_row(&v, v.data + o[i], (int64_t)o[i + 1] - o[i], code, NULL);
            ok[i >> 3] |= (uchar)(r << (i & 7));
            invalid += !r;
        }
    }
    else {
        for (int64_t i = 0; i < v.length; i++) {
            if (arrow_is_null(&v, i)) {
                nulls++;
                continue;
            }
            if (nn != NULL) {
                BIT_SET(nn, i);
            }
            const uchar *p;
            int64_t n;
            if (arrow_row(&v, i, &p, &n) < 0) {
                bad_view = 1;
                break;
            }
            if (arrow_split_row(&v, p, n, code, NULL)) {
                BIT_SET(ok, i);
            }
            else {
                invalid++;
            }
        }
    }
    Py_END_ALLOW_THREADS
    if (bad_view) {
        Py_DECREF(okb);
        Py_XDECREF(nnb);
        PyErr_SetString(PyExc_ValueError, "bad Arrow string view");
        return NULL;
    }
    return Py_BuildValue("(NNLL)", okb, nnb ? nnb : Py_NewRef(Py_None), (long long)invalid,
                         (long long)nulls);
}

/* _arrow_level(level) -> the previous level: the Arrow kernels use scanner
 * level `level` (0 portable, 1 SSSE3, 2 AVX2; -1: the CPU's best, the default)
 * so that tests cover each; ValueError for a level the CPU does not have. */
PyObject *
urikit_sp_arrow_level(PyObject *module, PyObject *arg)
{
    long level = PyLong_AsLong(arg);
    if (level == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (level < -1 || level > av_best_level()) {
        PyErr_Format(PyExc_ValueError, "scanner level %ld: this CPU has 0 to %d", level,
                     av_best_level());
        return NULL;
    }
    state_t *st = module_state(module);
    long was = st->arrow_force - 1;
    st->arrow_force = (int)level + 1;
    return PyLong_FromLong(was);
}

/* ------------------------------------------------ output buffers (obuf_t) */

/* The view of b released, if it holds one. */
static void
obuf_release(obuf_t *b)
{
    if (b->held) {
        PyBuffer_Release(&b->view);
        b->held = 0;
    }
}

static int
obuf_view(obuf_t *b, Py_ssize_t size)
{
    if (PyObject_GetBuffer(b->obj, &b->view, PyBUF_WRITABLE) < 0) {
        return -1;
    }
    b->held = 1;
    if (b->view.len < size) {
        PyErr_SetString(PyExc_ValueError, "the allocator returned a buffer too small");
        return -1;
    }
    return 0;
}

/* Ask for small pages under a large output buffer (Linux; a hint, results
 * unchanged). Arrow's default pool (mimalloc) asks for transparent huge pages;
 * on this project's machine the first touch of a fresh huge page costs about
 * four times the small pages it replaces, which made a process's first split
 * 2.5x slower, while reused pool memory (every later call) needs no faults at
 * all, huge pages or not. */
static void
obuf_small_pages(const obuf_t *b)
{
#if defined(__linux__) && defined(MADV_NOHUGEPAGE)
    if (b->view.len >= ((Py_ssize_t)1 << 22)) {
        uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
        if (page == 0 || (page & (page - 1)) != 0) {
            return;
        }
        uintptr_t a = ((uintptr_t)b->view.buf + page - 1) & ~(page - 1);
        uintptr_t e = ((uintptr_t)b->view.buf + (uintptr_t)b->view.len) & ~(page - 1);
        if (e > a) {
            (void)madvise((void *)a, (size_t)(e - a), MADV_NOHUGEPAGE);
        }
    }
#else
    (void)b;
#endif
}

int
urikit_alloc_check(PyObject *alloc)
{
    if (!PyCallable_Check(alloc)) {
        PyErr_SetString(PyExc_TypeError, "alloc must be callable");
        return -1;
    }
    return 0;
}

int
urikit_obuf_new(PyObject *alloc, Py_ssize_t size, obuf_t *b)
{
    b->obj = PyObject_CallFunction(alloc, "n", size);
    if (b->obj == NULL) {
        return -1;
    }
    if (obuf_view(b, size) < 0) {
        return -1;
    }
    obuf_small_pages(b);
    return 0;
}

int
urikit_obuf_resize(obuf_t *b, Py_ssize_t size, int shrink)
{
    obuf_release(b);
    PyObject *r = PyObject_CallMethod(b->obj, "resize", "nO", size, shrink ? Py_True : Py_False);
    if (r == NULL) {
        return -1;
    }
    Py_DECREF(r);
    return obuf_view(b, size);
}

PyObject *
urikit_obuf_take(obuf_t *b)
{
    obuf_release(b);
    PyObject *o = b->obj;
    b->obj = NULL;
    return o;
}

void
urikit_obuf_clear(obuf_t *b)
{
    obuf_release(b);
    Py_CLEAR(b->obj);
}
