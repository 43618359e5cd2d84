/* arrow_split and arrow_errors of urikit.arrow: every buffer of the split
 * columns written into buffers from the caller's allocator (Arrow's memory
 * pool, through the obuf_t helpers of arrow_c.c), over arrays read as
 * arrow_c.c reads them (_arrow.h).
 */
#include "_arrow.h"
#include "arrow_split_c.h"

enum { SPLIT_NC = NG - 1 }; /* the component columns of arrow_split */
enum { SPLIT_BLOCK = 64 }; /* rows whose offsets and validity bits go out together */

static inline int
arrow_popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* Write offsets[i0:i0 + rows] (int64 when wide, else int32) from start. With
 * nt (x86-64, a 16-byte aligned destination), with non-temporal stores: the
 * offsets of a large array are not read again soon, and such stores skip
 * reading each cache line in before overwriting it. */
static inline void
put_offsets(char *off, int wide, int64_t i0, const int64_t *start, int rows, int nt)
{
    int r = 0;
#ifdef UK_SSSE3
    if (nt) {
        if (wide) {
            __m128i *o = (__m128i *)((int64_t *)off + i0);
            for (; r + 2 <= rows; r += 2) {
                _mm_stream_si128(o++, _mm_loadu_si128((const __m128i *)(start + r)));
            }
        }
        else {
            __m128i *o = (__m128i *)((int32_t *)off + i0);
            for (; r + 4 <= rows; r += 4) {
                _mm_stream_si128(o++, _mm_setr_epi32((int)start[r], (int)start[r + 1],
                                                     (int)start[r + 2], (int)start[r + 3]));
            }
        }
    }
#else
    (void)nt;
#endif
    if (wide) {
        memcpy((int64_t *)off + i0 + r, start + r, (size_t)(rows - r) * sizeof(int64_t));
    }
    else {
        int32_t *o = (int32_t *)off + i0;
        for (; r < rows; r++) {
            o[r] = (int32_t)start[r];
        }
    }
}

/* x in little-endian byte order (Arrow bitmaps are LSB first, byte by byte). */
static inline uint64_t
arrow_le64(uint64_t x)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return __builtin_bswap64(x);
#else
    return x;
#endif
}

/* The data bytes each component column will need, from about 1024 rows spread
 * over the array, with a margin; at most total (a component is part of its
 * row). Only a first size: arrow_split grows a buffer that turns out short. */
static void
arrow_estimate(const arrow_strings_t *v, int code, int64_t est[SPLIT_NC])
{
    if (v->total <= (1 << 20)) {
        for (int c = 0; c < SPLIT_NC; c++) {
            est[c] = v->total;
        }
        return;
    }
    int64_t len[SPLIT_NC] = {0}, seen = 0;
    int64_t step = v->length / 1024 > 1 ? v->length / 1024 : 1;
    for (int64_t i = 0; i < v->length; i += step) {
        const uchar *p;
        int64_t n;
        spans_t sp;
        if (arrow_is_null(v, i) || arrow_row(v, i, &p, &n) < 0) {
            continue; /* a bad view is reported by the main loop */
        }
        seen += n;
        if (arrow_split_row(v, p, n, code, &sp)) {
            for (int c = 0; c < SPLIT_NC; c++) {
                if (sp.s[c + 1] >= 0) {
                    len[c] += sp.e[c + 1] - sp.s[c + 1];
                }
            }
        }
    }
    for (int c = 0; c < SPLIT_NC; c++) {
        double share = seen > 0 ? (double)len[c] / (double)seen : 1.0;
        double e = share * (double)v->total * 1.125 + 65536.0;
        est[c] = e >= (double)v->total ? v->total : (int64_t)e;
    }
}

/* arrow_split(schema, array, rule, wide, alloc) -> (non-null bitmap | None, n_invalid,
 *     n_null, invalid rows, invalid texts, components): the invalid rows are their
 *     indexes (int64, ascending, bytes; null rows are not invalid), the invalid texts
 *     a list of their str, components a tuple of eight
 *     (validity bitmap, offsets, data, null count), scheme ... fragment, the buffers
 *     from ``alloc``, offsets int32 unless ``wide`` (int64: the data could pass
 *     2 GiB). A component is null when it is undefined, the row invalid or null.
 * One pass over the rows, writing every output byte once. */
PyObject *
urikit_sp_arrow_split(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    arrow_strings_t v;
    int code;
    if (urikit_arrow_args(module, args, nargs, 5, &v, &code) < 0) {
        return NULL;
    }
    int wide = PyObject_IsTrue(args[3]);
    if (wide < 0) {
        return NULL;
    }
    PyObject *alloc = args[4];
    if (urikit_alloc_check(alloc) < 0) {
        return NULL;
    }
    if (!wide && v.total > 0x7fffffffLL) {
        PyErr_SetString(PyExc_OverflowError,
                        "the components of this Arrow array need large_string offsets");
        return NULL;
    }
    const int64_t n_rows = v.length;
    const Py_ssize_t nbits = (Py_ssize_t)((n_rows + 7) / 8);
    const size_t ow = wide ? 8 : 4;
    PyObject *result = NULL, *comps = NULL, *badb = NULL, *badt = NULL;
    obuf_t nnb = {0}, valb[SPLIT_NC] = {{0}}, offb[SPLIT_NC] = {{0}}, datab[SPLIT_NC] = {{0}};
    uchar *nn = NULL, *val[SPLIT_NC], *dp[SPLIT_NC];
    char *off[SPLIT_NC];
    int64_t dl[SPLIT_NC] = {0}, defined[SPLIT_NC] = {0}, cap[SPLIT_NC], est[SPLIT_NC];
    int64_t invalid = 0, nulls = 0, *bad = NULL, bad_cap = 0;
    int failed = 0; /* 1: a bad view; 2: out of memory (bad rows); 3: a Python error */
    arrow_estimate(&v, code, est);
    if (v.validity != NULL) {
        if (urikit_obuf_new(alloc, nbits, &nnb) < 0) {
            goto done;
        }
        nn = OBUF_PTR(nnb);
    }
    for (int c = 0; c < SPLIT_NC; c++) {
        if (urikit_obuf_new(alloc, nbits, &valb[c]) < 0 ||
            urikit_obuf_new(alloc, (Py_ssize_t)(ow * (size_t)(n_rows + 1)), &offb[c]) < 0 ||
            /* plus 16 spare bytes for the copies 16 bytes a step */
            urikit_obuf_new(alloc, (Py_ssize_t)est[c] + 16, &datab[c]) < 0) {
            goto done;
        }
        val[c] = OBUF_PTR(valb[c]);
        off[c] = (char *)OBUF_PTR(offb[c]);
        dp[c] = OBUF_PTR(datab[c]);
        cap[c] = (int64_t)datab[c].view.len - 16;
    }
    /* room: bytes every data buffer can still take (a row's component is at
     * most the row), so one test a row decides whether a buffer must grow */
    int64_t room = cap[0];
    for (int c = 1; c < SPLIT_NC; c++) {
        room = cap[c] < room ? cap[c] : room;
    }
    /* non-temporal offsets only for output far larger than the caches */
    int nt = (int64_t)ow * n_rows * SPLIT_NC >= ((int64_t)1 << 25);
    for (int c = 0; c < SPLIT_NC; c++) {
        nt = nt && ((uintptr_t)off[c] & 15) == 0;
    }
    PyThreadState *ts = PyEval_SaveThread();
    /* Rows go in blocks of SPLIT_BLOCK: the component bytes are copied row by
     * row, but the offsets and validity bits of a block are gathered here and
     * written column by column at its end (whole bitmap words, no read-modify-
     * write; eight short sequential runs instead of 24 interleaved streams). */
    for (int64_t i0 = 0; i0 < n_rows; i0 += SPLIT_BLOCK) {
        int64_t i1 = n_rows - i0 < SPLIT_BLOCK ? n_rows : i0 + SPLIT_BLOCK;
        int64_t start[SPLIT_NC][SPLIT_BLOCK]; /* offsets[i] of each column */
        uint64_t vbits[SPLIT_NC] = {0}, nnbits = 0;
        for (int64_t i = i0; i < i1; i++) {
            const int r = (int)(i - i0);
            spans_t sp;
            const uchar *p;
            int64_t n;
            for (int c = 0; c < SPLIT_NC; c++) {
                start[c][r] = dl[c];
            }
            if (v.validity != NULL && arrow_is_null(&v, i)) {
                nulls++;
                continue;
            }
            nnbits |= (uint64_t)1 << r;
            if (arrow_row(&v, i, &p, &n) < 0) {
                failed = 1;
                goto stop;
            }
            if (!arrow_split_row(&v, p, n, code, &sp)) {
                if (invalid == bad_cap) {
                    int64_t grown = bad_cap ? 2 * bad_cap : 256;
                    int64_t *b2 = PyMem_RawRealloc(bad, (size_t)grown * sizeof(int64_t));
                    if (b2 == NULL) {
                        failed = 2;
                        goto stop;
                    }
                    bad = b2;
                    bad_cap = grown;
                }
                bad[invalid++] = i;
                continue;
            }
            if (n > room) {
                PyEval_RestoreThread(ts);
                for (int c = 0; c < SPLIT_NC && !failed; c++) {
                    if (dl[c] + n > cap[c]) {
                        int64_t want = dl[c] + n, grown = cap[c] + cap[c] / 2;
                        want = grown > want ? grown : want;
                        want = want < v.total ? want : v.total;
                        if (urikit_obuf_resize(&datab[c], (Py_ssize_t)want + 16, 0) < 0) {
                            failed = 3;
                        }
                        else {
                            dp[c] = OBUF_PTR(datab[c]);
                            cap[c] = (int64_t)datab[c].view.len - 16;
                        }
                    }
                }
                ts = PyEval_SaveThread();
                if (failed) {
                    goto stop;
                }
                room = cap[0] - dl[0];
                for (int c = 1; c < SPLIT_NC; c++) {
                    room = cap[c] - dl[c] < room ? cap[c] - dl[c] : room;
                }
            }
            room -= n;
            Py_ssize_t avail = row_avail(&v, p, n);
            for (int c = 0; c < SPLIT_NC; c++) {
                /* without branches on whether the component is defined */
                Py_ssize_t a = sp.s[c + 1];
                int def = a >= 0;
                Py_ssize_t len = def ? sp.e[c + 1] - a : 0;
                a = def ? a : 0;
                vbits[c] |= (uint64_t)def << r;
                uchar *d = dp[c] + dl[c];
                const uchar *q = p + a;
                if (a + len + 16 <= avail) {
                    /* 16 bytes a step: reads stay inside the array's data,
                     * writes inside the 16 spare bytes of the buffer */
                    Py_ssize_t k = 0;
                    do {
                        memcpy(d + k, q + k, 16);
                        k += 16;
                    } while (k < len);
                }
                else {
                    memcpy(d, q, (size_t)len);
                }
                dl[c] += len;
            }
        }
        const int rows = (int)(i1 - i0);
        const size_t bytes = (size_t)(rows + 7) / 8; /* i0 is a multiple of 8 */
        for (int c = 0; c < SPLIT_NC; c++) {
            put_offsets(off[c], wide, i0, start[c], rows, nt);
            defined[c] += arrow_popcount64(vbits[c]);
            uint64_t le = arrow_le64(vbits[c]);
            memcpy(val[c] + (i0 >> 3), &le, bytes);
        }
        if (nn != NULL) {
            uint64_t le = arrow_le64(nnbits);
            memcpy(nn + (i0 >> 3), &le, bytes);
        }
    }
    for (int c = 0; c < SPLIT_NC; c++) {
        if (wide) {
            ((int64_t *)off[c])[n_rows] = dl[c];
        }
        else {
            ((int32_t *)off[c])[n_rows] = (int32_t)dl[c];
        }
    }
stop:
#ifdef UK_SSSE3
    if (nt) {
        _mm_sfence(); /* the non-temporal stores are ordered before what follows */
    }
#endif
    PyEval_RestoreThread(ts);
    if (failed == 1) {
        PyErr_SetString(PyExc_ValueError, "bad Arrow string view");
    }
    if (failed == 2) {
        PyErr_NoMemory();
    }
    if (failed) {
        goto done;
    }
    if ((badb = PyBytes_FromStringAndSize((const char *)bad,
                                          (Py_ssize_t)invalid * (Py_ssize_t)sizeof(int64_t))) ==
        NULL) {
        goto done;
    }
    /* the invalid rows' texts, for the diagnoser (UTF-8, strict as pyarrow's
     * to_pylist; only these rows become Python objects) */
    if ((badt = PyList_New((Py_ssize_t)invalid)) == NULL) {
        goto done;
    }
    for (int64_t j = 0; j < invalid; j++) {
        const uchar *p;
        int64_t n;
        if (arrow_row(&v, bad[j], &p, &n) < 0) { /* read once already: cannot fail */
            PyErr_SetString(PyExc_ValueError, "bad Arrow string view");
            goto done;
        }
        PyObject *t = PyUnicode_DecodeUTF8((const char *)p, (Py_ssize_t)n, NULL);
        if (t == NULL) {
            goto done;
        }
        PyList_SET_ITEM(badt, (Py_ssize_t)j, t);
    }
    if ((comps = PyTuple_New(SPLIT_NC)) == NULL) {
        goto done;
    }
    for (int c = 0; c < SPLIT_NC; c++) {
        if (urikit_obuf_resize(&datab[c], (Py_ssize_t)dl[c], 1) < 0) {
            goto done;
        }
        PyObject *t = Py_BuildValue("(NNNL)", urikit_obuf_take(&valb[c]), urikit_obuf_take(&offb[c]),
                                    urikit_obuf_take(&datab[c]), (long long)(n_rows - defined[c]));
        if (t == NULL) {
            goto done;
        }
        PyTuple_SET_ITEM(comps, c, t);
    }
    result = Py_BuildValue("(NLLOOO)", nn != NULL ? urikit_obuf_take(&nnb) : Py_NewRef(Py_None),
                           (long long)invalid, (long long)nulls, badb, badt, comps);
done:
    for (int c = 0; c < SPLIT_NC; c++) {
        urikit_obuf_clear(&valb[c]);
        urikit_obuf_clear(&offb[c]);
        urikit_obuf_clear(&datab[c]);
    }
    urikit_obuf_clear(&nnb);
    PyMem_RawFree(bad);
    Py_XDECREF(badb);
    Py_XDECREF(badt);
    Py_XDECREF(comps);
    return result;
}

/* arrow_errors(n, invalid rows, reasons, positions, alloc) -> (reason validity,
 *     reason offsets (int32), reason data, position validity, positions (int64)):
 * the error_reason and error_position columns of arrow_split, n rows, null but
 * at the invalid rows (their indexes as arrow_split returns them: int64,
 * ascending), which get reasons[k] and positions[k]. */
PyObject *
urikit_sp_arrow_errors(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 5) {
        return type_error("expected (n, invalid_rows, reasons, positions, alloc)");
    }
    Py_ssize_t n = PyLong_AsSsize_t(args[0]);
    if (n == -1 && PyErr_Occurred()) {
        return NULL;
    }
    PyObject *reasons = args[2], *positions = args[3], *alloc = args[4];
    if (n < 0 || !PyList_Check(reasons) || !PyList_Check(positions) || !PyCallable_Check(alloc)) {
        return type_error("expected (n >= 0, bytes, list, list, callable)");
    }
    Py_buffer rows;
    if (PyObject_GetBuffer(args[1], &rows, PyBUF_SIMPLE) < 0) {
        return NULL;
    }
    PyObject *result = NULL;
    obuf_t rv = {0}, ro = {0}, rd = {0}, pv = {0}, pvals = {0};
    const int64_t *bad = (const int64_t *)rows.buf;
    Py_ssize_t k = rows.len / (Py_ssize_t)sizeof(int64_t);
    if (rows.len % (Py_ssize_t)sizeof(int64_t) != 0 || PyList_GET_SIZE(reasons) != k ||
        PyList_GET_SIZE(positions) != k) {
        PyErr_SetString(PyExc_ValueError, "invalid_rows, reasons and positions differ in length");
        goto done;
    }
    int64_t total = 0;
    for (Py_ssize_t j = 0; j < k; j++) {
        int64_t row;
        memcpy(&row, bad + j, sizeof(row));
        int64_t prev = -1;
        if (j > 0) {
            memcpy(&prev, bad + j - 1, sizeof(prev));
        }
        if (row <= prev || row >= n) {
            PyErr_SetString(PyExc_ValueError, "invalid_rows must ascend within range(n)");
            goto done;
        }
        PyObject *r = PyList_GET_ITEM(reasons, j);
        Py_ssize_t len;
        if (!PyUnicode_Check(r) || PyUnicode_AsUTF8AndSize(r, &len) == NULL) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_TypeError, "reasons must be str");
            }
            goto done;
        }
        total += len;
        if (total > 0x7fffffffLL) {
            PyErr_SetString(PyExc_OverflowError, "error reasons too long for string offsets");
            goto done;
        }
    }
    Py_ssize_t nbits = (n + 7) / 8;
    if (urikit_obuf_new(alloc, nbits, &rv) < 0 || urikit_obuf_new(alloc, 4 * (n + 1), &ro) < 0 ||
        urikit_obuf_new(alloc, (Py_ssize_t)total, &rd) < 0 || urikit_obuf_new(alloc, nbits, &pv) < 0 ||
        urikit_obuf_new(alloc, 8 * n, &pvals) < 0) {
        goto done;
    }
    memset(OBUF_PTR(rv), 0, (size_t)nbits);
    memset(OBUF_PTR(pv), 0, (size_t)nbits);
    memset(OBUF_PTR(pvals), 0, (size_t)(8 * n));
    int32_t *o = (int32_t *)OBUF_PTR(ro);
    int64_t *pos = (int64_t *)OBUF_PTR(pvals);
    int32_t at = 0;
    Py_ssize_t next = 0; /* offsets o[0:next] are written */
    for (Py_ssize_t j = 0; j < k; j++) {
        int64_t row;
        memcpy(&row, bad + j, sizeof(row));
        long long p = PyLong_AsLongLong(PyList_GET_ITEM(positions, j));
        if (p == -1 && PyErr_Occurred()) {
            goto done;
        }
        Py_ssize_t len;
        const char *r = PyUnicode_AsUTF8AndSize(PyList_GET_ITEM(reasons, j), &len);
        for (; next <= row; next++) {
            o[next] = at;
        }
        memcpy(OBUF_PTR(rd) + at, r, (size_t)len);
        at += (int32_t)len;
        BIT_SET(OBUF_PTR(rv), row);
        BIT_SET(OBUF_PTR(pv), row);
        pos[row] = p;
    }
    for (; next <= n; next++) {
        o[next] = at;
    }
    result = Py_BuildValue("(NNNNN)", urikit_obuf_take(&rv), urikit_obuf_take(&ro), urikit_obuf_take(&rd),
                           urikit_obuf_take(&pv), urikit_obuf_take(&pvals));
done:
    urikit_obuf_clear(&rv);
    urikit_obuf_clear(&ro);
    urikit_obuf_clear(&rd);
    urikit_obuf_clear(&pv);
    urikit_obuf_clear(&pvals);
    PyBuffer_Release(&rows);
    return result;
}
