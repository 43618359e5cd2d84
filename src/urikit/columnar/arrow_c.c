/* The Arrow string kernels of urikit.arrow: arrow_validate (a byte-class pass,
 * portable, SSSE3 or AVX2), arrow_split and arrow_errors, over arrays read
 * through the Arrow C Data Interface.
 */
#include "../core/_speedups.h"

/* ------------------------------------------------------- Arrow string kernels
 *
 * Validate or split a whole Arrow string array without a Python object per row.
 * The array comes through the Arrow PyCapsule interface: the caller (urikit.arrow)
 * passes the two capsules of ``array.__arrow_c_array__()``; this module reads the
 * C Data Interface structs below (a stable ABI, declared here from the Arrow
 * specification; no Arrow library is linked) and only reads their buffers.
 * Formats: "u" (string, int32 offsets), "U" (large_string, int64 offsets) and
 * "vu" (string_view). Rows are UTF-8 bytes; every RFC 3986 character is ASCII,
 * so a byte >= 0x80 makes a row invalid exactly as a non-ASCII str does.
 * Results are packed bitmaps (LSB first, from bit 0) and offsets/data buffers
 * returned as bytes; urikit.arrow wraps them with pyarrow.Array.from_buffers. */

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

static int
arrow_args(PyObject *module, PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want,
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
        PyErr_Format(PyExc_ValueError, "unknown rule %R", args[2]);
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

#define BIT_SET(bits, i) ((bits)[(i) >> 3] |= (uchar)(1u << ((i) & 7)))

/* ------------------------------------------- arrow_validate's byte-class pass
 *
 * On the SIMD levels arrow_validate first classifies the bytes of up to
 * AV_CHUNK bytes of consecutive rows at once (32 or 16 bytes a step) into two
 * bitmaps, one bit a byte, interleaved per 64 bytes (word k of field f at
 * w[2 * k + f]):
 *   AVF_BAD  the byte is not in the query class (unreserved, sub-delims, ":",
 *            "@", "/", "?"): "%", "#", "[", "]", space, controls, non-ASCII...
 *   AVF_DEL  one of ":", "@", "/", "?"
 * A row then takes av_decide, a few bit operations, and only the rows it is not
 * sure of (0.5% of the corpus) take the scanners of arrow_split_row. */
enum { AVF_BAD, AVF_DEL, AV_NF };
#define AV_CHUNK 8192
#define AV_WORDS (AV_CHUNK / 64 + 2) /* and two words of zeros to read past */

/* Byte c's AVF_DEL class is UK_IS_QUERY_DELIM(c), as a nibble lookup (see
 * uk_fast_nib) uk_query_delims_nib: both generated into _tables.h. */

/* Portable: the two words of bytes s[0:m], m <= 64 (bits past m are 0). */
static inline void
av_word_portable(const uchar *s, int m, uint64_t *w)
{
    uint64_t bad = 0, del = 0;
    for (int i = 0; i < m; i++) {
        bad |= (uint64_t)!(uk_fast[s[i]] & UKF_QUERY) << i;
        del |= (uint64_t)UK_IS_QUERY_DELIM(s[i]) << i;
    }
    w[AVF_BAD] = bad;
    w[AVF_DEL] = del;
}

#ifdef UK_SSSE3
/* Classify s[0:len] (len <= AV_CHUNK) into w; the two words after the last are 0.
 * Reads no byte outside s[0:len]. */
#define DEFINE_AV_CLASSIFY(NAME, ATTR, WORD64)                                \
    ATTR static void NAME(const uchar *s, int64_t len, uint64_t *w)           \
    {                                                                         \
        int64_t k = 0;                                                        \
        for (; 64 * k + 64 <= len; k++) {                                     \
            WORD64(s + 64 * k, w + AV_NF * k);                                \
        }                                                                     \
        if (64 * k < len) {                                                   \
            av_word_portable(s + 64 * k, (int)(len - 64 * k), w + AV_NF * k); \
            k++;                                                              \
        }                                                                     \
        memset(w + AV_NF * k, 0, 2 * AV_NF * sizeof(uint64_t));              \
    }

/* 16 bytes -> (not in query class, delimiter) masks, nibble lookups as frun16's. */
#define AV_SSSE3_STEP(x, bad, del)                                            \
    do {                                                                      \
        __m128i lo_ = _mm_and_si128(x, m0f);                                  \
        __m128i hi_ = _mm_shuffle_epi8(hi_t, _mm_and_si128(_mm_srli_epi16(x, 4), m0f));      \
        bad = (unsigned)_mm_movemask_epi8(                                    \
            _mm_cmpeq_epi8(_mm_and_si128(_mm_shuffle_epi8(lo_q, lo_), hi_), zero));          \
        del = ~(unsigned)_mm_movemask_epi8(                                   \
                  _mm_cmpeq_epi8(_mm_and_si128(_mm_shuffle_epi8(lo_d, lo_), hi_), zero)) &    \
              0xffffu;                                                        \
    } while (0)

__attribute__((target("ssse3"))) static inline void
av_word_ssse3(const uchar *s, uint64_t *w)
{
    const __m128i lo_q = _mm_loadu_si128((const __m128i *)uk_fast_nib[UKK_QUERY]);
    const __m128i lo_d = _mm_loadu_si128((const __m128i *)uk_query_delims_nib);
    const __m128i hi_t = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m128i m0f = _mm_set1_epi8(0x0f), zero = _mm_setzero_si128();
    unsigned b0, b1, b2, b3, d0, d1, d2, d3;
    __m128i x0 = _mm_loadu_si128((const __m128i *)s);
    __m128i x1 = _mm_loadu_si128((const __m128i *)(s + 16));
    __m128i x2 = _mm_loadu_si128((const __m128i *)(s + 32));
    __m128i x3 = _mm_loadu_si128((const __m128i *)(s + 48));
    AV_SSSE3_STEP(x0, b0, d0);
    AV_SSSE3_STEP(x1, b1, d1);
    AV_SSSE3_STEP(x2, b2, d2);
    AV_SSSE3_STEP(x3, b3, d3);
    w[AVF_BAD] = (uint64_t)b0 | (uint64_t)b1 << 16 | (uint64_t)b2 << 32 | (uint64_t)b3 << 48;
    w[AVF_DEL] = (uint64_t)d0 | (uint64_t)d1 << 16 | (uint64_t)d2 << 32 | (uint64_t)d3 << 48;
}

/* AVX2: 32 bytes a step (vpshufb looks up within each 16-byte lane, so the
 * tables are in both lanes). */
#define AV_AVX2_STEP(x, bad, del)                                             \
    do {                                                                      \
        __m256i lo_ = _mm256_and_si256(x, m0f);                               \
        __m256i hi_ = _mm256_shuffle_epi8(hi_t, _mm256_and_si256(_mm256_srli_epi16(x, 4), m0f)); \
        bad = (uint32_t)_mm256_movemask_epi8(                                 \
            _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(lo_q, lo_), hi_), zero));    \
        del = ~(uint32_t)_mm256_movemask_epi8(                                \
            _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(lo_d, lo_), hi_), zero));    \
    } while (0)

__attribute__((target("avx2"))) static inline void
av_word_avx2(const uchar *s, uint64_t *w)
{
    const __m256i lo_q =
        _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)uk_fast_nib[UKK_QUERY]));
    const __m256i lo_d =
        _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)uk_query_delims_nib));
    const __m256i hi_t = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0,
                                          1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m256i m0f = _mm256_set1_epi8(0x0f), zero = _mm256_setzero_si256();
    uint32_t b0, b1, d0, d1;
    __m256i x0 = _mm256_loadu_si256((const __m256i *)s);
    __m256i x1 = _mm256_loadu_si256((const __m256i *)(s + 32));
    AV_AVX2_STEP(x0, b0, d0);
    AV_AVX2_STEP(x1, b1, d1);
    w[AVF_BAD] = (uint64_t)b0 | (uint64_t)b1 << 32;
    w[AVF_DEL] = (uint64_t)d0 | (uint64_t)d1 << 32;
}

DEFINE_AV_CLASSIFY(av_classify_ssse3, __attribute__((target("ssse3"))), av_word_ssse3)
DEFINE_AV_CLASSIFY(av_classify_avx2, __attribute__((target("avx2"))), av_word_avx2)

/* The 64 bits of field f from bit p on (w has words of zeros after the last). */
static inline uint64_t
av_bits(const uint64_t *w, int f, int64_t p)
{
    const uint64_t *at = w + AV_NF * (p >> 6) + f;
    unsigned __int128 x = (unsigned __int128)at[AV_NF] << 64 | at[0];
    return (uint64_t)(x >> (p & 63)); /* one shrd */
}

/* Is a bit of AVF_BAD set in bits [p, p + n)? */
static int
av_any_bad(const uint64_t *w, int64_t p, int64_t n)
{
    for (int64_t q = 0; q < n; q += 64) {
        uint64_t m = av_bits(w, AVF_BAD, p + q);
        if (n - q < 64) {
            m &= ((uint64_t)1 << (n - q)) - 1;
        }
        if (m) {
            return 1;
        }
    }
    return 0;
}

/* Row s[0:n] (0 < n), classified at bit p of w, with s[0:avail] readable: 1
 * when it is  scheme "://" reg-name path-abempty [ "?" query ]  with only bytes
 * of the query class (no "%", no "#"), -1 when not sure (arrow_split_row
 * decides). Why urikit_split_ascii finds the same: s[0:j] is a scheme (http_prefix, or
 * an ALPHA, then scheme characters up to the first other byte, a ":"); after
 * "//" the bytes up to the first delimiter e are unreserved or sub-delims (no
 * "%" nor "["), and s[e] is "/" or "?" (or e is the end), so the userinfo run
 * stops at e, which is no "@": no userinfo, a reg-name host, no port; the path
 * run from e takes every byte of the query class but "?", the query run the
 * rest, and no "#" is left: valid, with a scheme and no fragment. */
static inline __attribute__((always_inline)) int
av_decide(const uint64_t *w, int64_t p, int64_t n, const uchar *s, int64_t avail)
{
    /* no bad byte in the (up to three) whole words the row touches, else the
     * exact test */
    const uint64_t *at = w + AV_NF * (p >> 6) + AVF_BAD;
    if (n > 128 || (at[0] | at[AV_NF] | at[2 * AV_NF])) {
        if (av_any_bad(w, p, n)) {
            return -1;
        }
    }
    /* the scheme's end j: "https" and "http" first (99% of the corpus) */
    Py_ssize_t j = 0;
    if (avail >= 8) {
        uint64_t w8, https, http, m7 = ~(uint64_t)0 >> 8; /* x86-64: little-endian */
        memcpy(&w8, s, 8);
        memcpy(&https, "https://", 8);
        memcpy(&http, "http://", 8);
        if (w8 == https && n >= 8) {
            j = 5;
        }
        else if ((w8 & m7) == http && n >= 7) {
            j = 4;
        }
    }
    if (j == 0) {
        if (!(uk_fast[s[0]] & UKF_ALPHA)) {
            return -1;
        }
        j = 1;
        while (j < n && (uk_fast[s[j]] & UKF_SCHEME)) {
            j++;
        }
        if (j + 2 >= n || s[j] != ':' || s[j + 1] != '/' || s[j + 2] != '/') {
            return -1;
        }
    }
    /* e: the first delimiter from the authority's start a0 = j + 3, within
     * 63 bytes (the top bit stands for "none"); no branch on the row's length */
    Py_ssize_t a0 = j + 3, rest = n - a0;
    Py_ssize_t e = __builtin_ctzll(av_bits(w, AVF_DEL, p + a0) | (uint64_t)1 << 63);
    if (e >= rest) {
        return 1; /* the row ends in the authority (rest <= 63) */
    }
    if (e == 63) {
        return -1; /* none in 63 bytes: not sure */
    }
    return (s[a0 + e] & 0x0f) == 0x0f ? 1 : -1; /* "/" or "?", not ":" or "@" */
}

/* bits[i0 / 8 ...] = the 64 row bits from row i0 (a multiple of 64), LSB
 * first, only the bytes of rows < n. */
static inline void
av_store_bits(uchar *bits, int64_t i0, uint64_t x, int64_t n)
{
    if (n - i0 >= 64) {
        memcpy(bits + i0 / 8, &x, 8); /* x86-64: little-endian, as the bitmap */
        return;
    }
    for (int64_t b = 0; b < (n - i0 + 7) / 8; b++) {
        bits[i0 / 8 + b] = (uchar)(x >> (8 * b));
    }
}

/* arrow_split_row for validation, out of line: the rows av_decide is not sure
 * of are few, and the hot loop keeps its registers. */
static __attribute__((noinline)) int
av_slow_row(const arrow_strings_t *v, int64_t s0, int64_t n, int code)
{
    return arrow_split_row(v, v->data + s0, n, code, NULL);
}

/* arrow_validate's rows of a string (o32) or large_string (o64) array on a SIMD
 * level: the byte-class pass over AV_CHUNK bytes of rows at a time, then
 * av_decide, else arrow_split_row. Each row's bit goes into ok (and, with
 * nulls, nn), 64 rows a store. A chunk starts at a row's start and holds the
 * rows whose offsets then rise up to its end; any other row (longer than a
 * chunk, or a malformed array's offsets outside [o[0], o[length]]) takes
 * arrow_split_row, which reads it as before. */
static inline __attribute__((always_inline)) void
av_rows(const arrow_strings_t *v, const int32_t *o32, const int64_t *o64, int code, uchar *ok,
        uchar *nn, int64_t *invalid, int64_t *nulls)
{ /* always inlined, so that each caller's constant o32 / o64 / nn prunes */
#define AV_OFF(i) (o32 != NULL ? (int64_t)o32[i] : o64[i])
    uint64_t w[AV_NF * AV_WORDS];
    const int64_t first = AV_OFF(0), last = AV_OFF(v->length), n_rows = v->length;
    int64_t n_valid = 0, nul = 0;
    uint64_t acc = 0, nacc = 0;
    const uint64_t fast_ok = code != RULE_REL; /* the fast shape has a scheme, no fragment */
    const int avx2 = v->level == AV_AVX2;
    const uchar *const data = v->data; /* a local: the bitmap stores may alias *v */
    /* row i's bit r (n: is it non-null); every 64 rows, store them */
#define AV_EMIT(i, r, nonnull)                                                \
    do {                                                                      \
        acc |= (uint64_t)(r) << ((i) & 63);                                   \
        if (nn != NULL) {                                                     \
            nacc |= (uint64_t)(nonnull) << ((i) & 63);                        \
        }                                                                     \
        if (((i) & 63) == 63) {                                               \
            n_valid += __builtin_popcountll(acc);                             \
            av_store_bits(ok, (i) - 63, acc, n_rows);                         \
            if (nn != NULL) {                                                 \
                av_store_bits(nn, (i) - 63, nacc, n_rows);                    \
            }                                                                 \
            acc = nacc = 0;                                                   \
        }                                                                     \
    } while (0)
    int64_t i = 0;
    while (i < n_rows) {
        int64_t s0 = AV_OFF(i), lo = s0, hi = last - s0 > AV_CHUNK ? s0 + AV_CHUNK : last;
        if (s0 >= first && s0 < last) {
            if (avx2) {
                av_classify_avx2(data + lo, hi - lo, w);
            }
            else {
                av_classify_ssse3(data + lo, hi - lo, w);
            }
            /* the rows of the chunk: lo <= s0 <= s1 <= hi */
            int64_t i0 = i;
            for (; i < n_rows; i++) {
                int64_t s1 = AV_OFF(i + 1);
                if (s1 > hi || s1 < s0) {
                    break;
                }
                /* the rows here are in cache (the pass read them); ask for
                 * the next chunk's bytes meanwhile, or the pass over them waits
                 * on memory while nothing else runs (12.6 -> 8.9 ns a row); a
                 * prefetch never faults, and the address is integer arithmetic */
                __builtin_prefetch((const void *)((uintptr_t)(data + s1) + AV_CHUNK));
                if (nn != NULL && arrow_is_null(v, i)) {
                    nul++;
                    AV_EMIT(i, 0, 0);
                }
                else {
                    int r = s1 > s0 ? av_decide(w, s0 - lo, s1 - s0, data + s0, last - s0) : -1;
                    if (__builtin_expect(r < 0, 0)) {
                        r = av_slow_row(v, s0, s1 - s0, code);
                    }
                    else {
                        r = (int)fast_ok;
                    }
                    AV_EMIT(i, r, 1);
                }
                s0 = s1;
            }
            if (i > i0 || i == n_rows) {
                continue; /* the next chunk from row i */
            }
        }
        /* row i alone, by the scanners */
        if (nn != NULL && arrow_is_null(v, i)) {
            nul++;
            AV_EMIT(i, 0, 0);
        }
        else {
            int r = av_slow_row(v, s0, AV_OFF(i + 1) - s0, code);
            AV_EMIT(i, r, 1);
        }
        i++;
    }
    if (n_rows & 63) {
        n_valid += __builtin_popcountll(acc);
        av_store_bits(ok, n_rows & ~(int64_t)63, acc, n_rows);
        if (nn != NULL) {
            av_store_bits(nn, n_rows & ~(int64_t)63, nacc, n_rows);
        }
    }
    *invalid = n_rows - nul - n_valid;
    *nulls = nul;
#undef AV_EMIT
#undef AV_OFF
}

static void
av_rows32(const arrow_strings_t *v, const int32_t *o, int code, uchar *ok, uchar *nn,
          int64_t *invalid, int64_t *nulls)
{
    if (nn == NULL) {
        av_rows(v, o, NULL, code, ok, NULL, invalid, nulls);
    }
    else {
        av_rows(v, o, NULL, code, ok, nn, invalid, nulls);
    }
}

static void
av_rows64(const arrow_strings_t *v, const int64_t *o, int code, uchar *ok, uchar *nn,
          int64_t *invalid, int64_t *nulls)
{
    if (nn == NULL) {
        av_rows(v, NULL, o, code, ok, NULL, invalid, nulls);
    }
    else {
        av_rows(v, NULL, o, code, ok, nn, invalid, nulls);
    }
}
#endif

/* arrow_validate(schema, array, rule) -> (valid bitmap, null bitmap | None, n_invalid, n_null)
 * A null row has its valid bit clear and is not counted as invalid. */
PyObject *
urikit_sp_arrow_validate(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    arrow_strings_t v;
    int code;
    if (arrow_args(module, args, nargs, 3, &v, &code) < 0) {
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
        av_rows32(&v, v.off32 + v.offset, code, ok, nn, &invalid, &nulls);
    }
    else if (v.level >= AV_SSSE3 && v.length > 0 && v.kind == AK_LARGE) {
        av_rows64(&v, v.off64 + v.offset, code, ok, nn, &invalid, &nulls);
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

/* Output buffers of arrow_split / arrow_errors: objects from the caller's
 * allocator ``alloc(nbytes)`` (urikit.arrow passes pyarrow.allocate_buffer, so
 * they come from Arrow's memory pool, which reuses freed memory rather than
 * faulting fresh pages in on every call), written through the buffer protocol
 * and resized (data buffers only) by their ``resize(size, shrink_to_fit)``
 * method. Every call on them needs the GIL. */
typedef struct {
    PyObject *obj;
    Py_buffer view;
    int held;
} obuf_t;

#define OBUF_PTR(b) ((uchar *)(b).view.buf)

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

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

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

static int
obuf_new(PyObject *alloc, Py_ssize_t size, obuf_t *b)
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

/* Resize to size bytes, keeping the first min(size, old size) bytes. */
static int
obuf_resize(obuf_t *b, Py_ssize_t size, int shrink)
{
    if (b->held) {
        PyBuffer_Release(&b->view);
        b->held = 0;
    }
    PyObject *r = PyObject_CallMethod(b->obj, "resize", "nO", size, shrink ? Py_True : Py_False);
    if (r == NULL) {
        return -1;
    }
    Py_DECREF(r);
    return obuf_view(b, size);
}

/* The buffer object (a new reference), its view released. */
static PyObject *
obuf_take(obuf_t *b)
{
    if (b->held) {
        PyBuffer_Release(&b->view);
        b->held = 0;
    }
    PyObject *o = b->obj;
    b->obj = NULL;
    return o;
}

static void
obuf_clear(obuf_t *b)
{
    if (b->held) {
        PyBuffer_Release(&b->view);
        b->held = 0;
    }
    Py_CLEAR(b->obj);
}

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
    if (arrow_args(module, args, nargs, 5, &v, &code) < 0) {
        return NULL;
    }
    int wide = PyObject_IsTrue(args[3]);
    if (wide < 0) {
        return NULL;
    }
    PyObject *alloc = args[4];
    if (!PyCallable_Check(alloc)) {
        PyErr_SetString(PyExc_TypeError, "alloc must be callable");
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
        if (obuf_new(alloc, nbits, &nnb) < 0) {
            goto done;
        }
        nn = OBUF_PTR(nnb);
    }
    for (int c = 0; c < SPLIT_NC; c++) {
        if (obuf_new(alloc, nbits, &valb[c]) < 0 ||
            obuf_new(alloc, (Py_ssize_t)(ow * (size_t)(n_rows + 1)), &offb[c]) < 0 ||
            /* plus 16 spare bytes for the copies 16 bytes a step */
            obuf_new(alloc, (Py_ssize_t)est[c] + 16, &datab[c]) < 0) {
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
                        if (obuf_resize(&datab[c], (Py_ssize_t)want + 16, 0) < 0) {
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
        if (obuf_resize(&datab[c], (Py_ssize_t)dl[c], 1) < 0) {
            goto done;
        }
        PyObject *t = Py_BuildValue("(NNNL)", obuf_take(&valb[c]), obuf_take(&offb[c]),
                                    obuf_take(&datab[c]), (long long)(n_rows - defined[c]));
        if (t == NULL) {
            goto done;
        }
        PyTuple_SET_ITEM(comps, c, t);
    }
    result = Py_BuildValue("(NLLOOO)", nn != NULL ? obuf_take(&nnb) : Py_NewRef(Py_None),
                           (long long)invalid, (long long)nulls, badb, badt, comps);
done:
    for (int c = 0; c < SPLIT_NC; c++) {
        obuf_clear(&valb[c]);
        obuf_clear(&offb[c]);
        obuf_clear(&datab[c]);
    }
    obuf_clear(&nnb);
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
        PyErr_SetString(PyExc_TypeError,
                        "expected (n, invalid_rows, reasons, positions, alloc)");
        return NULL;
    }
    Py_ssize_t n = PyLong_AsSsize_t(args[0]);
    if (n == -1 && PyErr_Occurred()) {
        return NULL;
    }
    PyObject *reasons = args[2], *positions = args[3], *alloc = args[4];
    if (n < 0 || !PyList_Check(reasons) || !PyList_Check(positions) || !PyCallable_Check(alloc)) {
        PyErr_SetString(PyExc_TypeError, "expected (n >= 0, bytes, list, list, callable)");
        return NULL;
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
    if (obuf_new(alloc, nbits, &rv) < 0 || obuf_new(alloc, 4 * (n + 1), &ro) < 0 ||
        obuf_new(alloc, (Py_ssize_t)total, &rd) < 0 || obuf_new(alloc, nbits, &pv) < 0 ||
        obuf_new(alloc, 8 * n, &pvals) < 0) {
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
    result = Py_BuildValue("(NNNNN)", obuf_take(&rv), obuf_take(&ro), obuf_take(&rd),
                           obuf_take(&pv), obuf_take(&pvals));
done:
    obuf_clear(&rv);
    obuf_clear(&ro);
    obuf_clear(&rd);
    obuf_clear(&pv);
    obuf_clear(&pvals);
    PyBuffer_Release(&rows);
    return result;
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
