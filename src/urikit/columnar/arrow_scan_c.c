/* arrow_validate's byte-class pass (SSSE3, AVX2) over the rows of an Arrow
 * string or large_string array: the rows it is sure of decided by a few bit
 * operations each, the others by arrow_split_row (_arrow.h).
 */
#include "_arrow.h"

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

void
urikit_av_rows32(const arrow_strings_t *v, const int32_t *o, int code, uchar *ok, uchar *nn,
                 int64_t *invalid, int64_t *nulls)
{
    if (nn == NULL) {
        av_rows(v, o, NULL, code, ok, NULL, invalid, nulls);
    }
    else {
        av_rows(v, o, NULL, code, ok, nn, invalid, nulls);
    }
}

void
urikit_av_rows64(const arrow_strings_t *v, const int64_t *o, int code, uchar *ok, uchar *nn,
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
