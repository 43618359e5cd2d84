/* The fast scanner of urikit.core._parser: urikit_fast_split (and
 * urikit_fast_split16, SSSE3), the reading of the common "scheme://host/path"
 * shape that every scan of a str and the Arrow kernels try before the parser
 * of _parser_c.c, which decides whatever it is not sure of.
 */
#include "_parser_fast_c.h"
#include "_parser_c.h"

/* ------------------------------------------------------------ fast scanner
 *
 * The Arrow kernels first try urikit_fast_split, a specialised reading of the common
 * shape  scheme "://" reg-name [ ":" port ] path-abempty [ "?" query ]
 * [ "#" fragment ]  with the byte table uk_fast (no range check, eight bytes a
 * step). It answers only "valid, and these are the spans" - the very spans
 * urikit_split_ascii gives - or "not sure"; urikit_split_ascii decides every other text, so
 * the result is urikit_split_ascii's on every input (tests/columnar/test_arrow_common_shape.py). */

#define FT(c) (uk_fast[(uchar)(c)])

/* run() with the byte table: *( <bit> / pct-encoded ) from i. */
static inline Py_ssize_t
frun(const uchar *s, Py_ssize_t n, Py_ssize_t i, uint8_t bit)
{
    for (;;) {
        while (i + 8 <= n && (FT(s[i]) & FT(s[i + 1]) & FT(s[i + 2]) & FT(s[i + 3]) &
                              FT(s[i + 4]) & FT(s[i + 5]) & FT(s[i + 6]) & FT(s[i + 7]) & bit)) {
            i += 8;
        }
        while (i < n && (FT(s[i]) & bit)) {
            i++;
        }
        if (i + 2 < n && s[i] == '%' && (FT(s[i + 1]) & FT(s[i + 2]) & UKF_HEXDIG)) {
            i += 3;
            continue;
        }
        return i;
    }
}

#ifdef UK_SSSE3
/* frun with SSSE3, 16 bytes a step (a nibble lookup in uk_fast_nib); bytes
 * s[n:avail] may be read (they belong to the next rows of the same buffer) but
 * never count. k is the class's bit index in uk_fast. */
__attribute__((target("ssse3"))) static inline Py_ssize_t
frun16(const uchar *s, Py_ssize_t n, Py_ssize_t avail, Py_ssize_t i, int k)
{
    const __m128i lo_t = _mm_loadu_si128((const __m128i *)uk_fast_nib[k]);
    const __m128i hi_t = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m128i m0f = _mm_set1_epi8(0x0f);
    const uint8_t bit = (uint8_t)(1u << k);
    for (;;) {
        for (;;) {
            if (i + 16 > avail) {
                while (i < n && (FT(s[i]) & bit)) {
                    i++;
                }
                break;
            }
            __m128i x = _mm_loadu_si128((const __m128i *)(s + i));
            __m128i lo = _mm_and_si128(x, m0f);
            __m128i hi = _mm_and_si128(_mm_srli_epi16(x, 4), m0f);
            __m128i in = _mm_and_si128(_mm_shuffle_epi8(lo_t, lo), _mm_shuffle_epi8(hi_t, hi));
            unsigned out = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(in, _mm_setzero_si128()));
            if (out) {
                i += __builtin_ctz(out);
                break;
            }
            i += 16;
            if (i >= n) {
                break;
            }
        }
        if (i >= n) {
            return n;
        }
        if (i + 2 < n && s[i] == '%' && (FT(s[i + 1]) & FT(s[i + 2]) & UKF_HEXDIG)) {
            i += 3;
            continue;
        }
        return i;
    }
}
#endif

/* The scheme's end (the index of ":") when s[0:n] starts with "https://" (5)
 * or "http://" (4), else 0: what the scheme scan below finds for them, without
 * a branch on which. Reads 8 bytes (the caller checks avail >= 8, n >= 7). */
static inline Py_ssize_t
http_prefix(const uchar *s, Py_ssize_t n)
{
    static const uchar mask7[8] = {255, 255, 255, 255, 255, 255, 255, 0};
    uint64_t w, https, http, m7;
    memcpy(&w, s, 8);
    memcpy(&https, "https://", 8);
    memcpy(&http, "http://", 8); /* the 8th byte is the NUL, masked out */
    memcpy(&m7, mask7, 8);
    Py_ssize_t five = 5 & -(Py_ssize_t)((w == https) & (n >= 8));
    Py_ssize_t four = 4 & -(Py_ssize_t)(((w ^ http) & m7) == 0);
    return five | four; /* at most one of them is set; no branch on which */
}

/* urikit_fast_split(s, n, avail, sp): 1 (2: with a fragment) when s[0:n] is a
 * URI-reference of the common shape above, and sp (unless NULL) holds exactly
 * what urikit_split_ascii would fill; -1 when the reading got past the authority (to
 * "/", "?", "#" or the end) and a path, query or fragment run then stopped
 * before the end: invalid, and sp (unless NULL) holds exactly what urikit_split_ascii
 * fills when it fails (sp->e[G_ALL] where it stopped, the spans read up to
 * there), so locate_in can word the error without a second scan; the same
 * when the authority stops at a byte c that is none of "/?#" and could not go
 * on urikit_split_ascii's userinfo run either (not in its class, not "%", "@" or
 * "["): urikit_split_ascii's userinfo run stops at c too, finds no "@", and it reads
 * the same host and port and stops at c; 0: not sure
 * (urikit_split_ascii decides). Why the spans agree: the scheme scan is urikit_split_ascii's;
 * the host run stops at the first byte that is not reg-name or pct-encoded, and
 * the authority is accepted only when it then ends (at "/", "?", "#" or the
 * end, after an optional ":" port), so urikit_split_ascii's userinfo run (a superset
 * of reg-name, plus ":") stops at that same end, which is no "@": no userinfo,
 * and the host is not an IP-literal. RUN(i, k) is the run of class bit k from i.
 * Defined twice: portable (frun) and, on x86-64, with SSSE3 (frun16). */
#define DEFINE_FAST_SPLIT(NAME, ATTR, RUN)                                    \
    ATTR int NAME(const uchar *s, Py_ssize_t n, Py_ssize_t avail, spans_t *sp) \
    {                                                                         \
        Py_ssize_t j = avail >= 8 && n >= 7 ? http_prefix(s, n) : 0;          \
        if (j == 0) {                                                         \
            if (n < 3 || !(FT(s[0]) & UKF_ALPHA)) {                           \
                return 0;                                                     \
            }                                                                 \
            j = 1;                                                            \
            while (j < n && (FT(s[j]) & UKF_SCHEME)) {                        \
                j++;                                                          \
            }                                                                 \
            if (j + 2 >= n || s[j] != ':' || s[j + 1] != '/' || s[j + 2] != '/') { \
                return 0;                                                     \
            }                                                                 \
        }                                                                     \
        Py_ssize_t a0 = j + 3, hk = RUN(a0, UKK_REG_NAME), k = hk, ps = -1;              \
        if (k < n && s[k] == ':') {                                           \
            ps = ++k;                                                         \
            while (k < n && (FT(s[k]) & UKF_DIGIT)) {                         \
                k++;                                                          \
            }                                                                 \
        }                                                                     \
        Py_ssize_t pos = k;                                                   \
        if (pos < n) {                                                        \
            uchar c = s[pos];                                                 \
            if (c == '/') {                                                   \
                pos = RUN(pos + 1, UKK_PATH);                                        \
            }                                                                 \
            else if (c != '?' && c != '#' &&                                  \
                     (IS(c, UK_USERINFO) || c == '%' || c == '@' || c == '[')) {  \
                return 0; /* c may go on a userinfo, or start an IP literal */ \
            }                                                                 \
        }                                                                     \
        Py_ssize_t pe = pos, qs = -1, qe = -1, fs = -1, fe = -1;              \
        if (pos < n && s[pos] == '?') {                                       \
            qs = pos + 1;                                                     \
            pos = qe = RUN(pos + 1, UKK_QUERY);                                       \
        }                                                                     \
        if (pos < n && s[pos] == '#') {                                       \
            fs = pos + 1;                                                     \
            pos = fe = RUN(pos + 1, UKK_FRAGMENT);                                       \
        }                                                                     \
        int r = pos != n ? -1 : fs >= 0 ? 2 : 1;                              \
        if (sp == NULL) {                                                     \
            return r;                                                         \
        }                                                                     \
        sp->s[G_ALL] = r < 0 ? -1 : 0;                                        \
        sp->e[G_ALL] = pos;                                                   \
        sp->s[G_SCHEME] = 0;                                                  \
        sp->e[G_SCHEME] = j;                                                  \
        sp->s[G_AUTHORITY] = a0;                                              \
        sp->e[G_AUTHORITY] = k;                                               \
        sp->s[G_USERINFO] = sp->e[G_USERINFO] = -1;                           \
        sp->s[G_HOST] = a0;                                                   \
        sp->e[G_HOST] = hk;                                                   \
        sp->s[G_PORT] = ps;                                                   \
        sp->e[G_PORT] = ps < 0 ? -1 : k;                                      \
        sp->s[G_PATH] = k;                                                    \
        sp->e[G_PATH] = pe;                                                   \
        sp->s[G_QUERY] = qs;                                                  \
        sp->e[G_QUERY] = qe;                                                  \
        sp->s[G_FRAGMENT] = fs;                                               \
        sp->e[G_FRAGMENT] = fe;                                               \
        return r;                                                             \
    }

#define FRUN(i, k) frun(s, n, (i), (uint8_t)(1u << (k)))
DEFINE_FAST_SPLIT(urikit_fast_split, , FRUN)
#ifdef UK_SSSE3
#define FRUN16(i, k) frun16(s, n, avail, (i), (k))
DEFINE_FAST_SPLIT(urikit_fast_split16, __attribute__((target("ssse3"))), FRUN16)
#endif
