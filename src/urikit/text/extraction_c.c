/* The extraction scanner of urikit.extraction: extract_scan decides the common
 * candidates in C and stops at every other one, which Python judges.
 */
#include "_extraction.h"
#include "extraction_c.h"
#include "../core/_parser_c.h"

/* The bottom layer of urikit.extract.
 * urikit_sp_extract_scan walks the candidates of urikit.text._candidates._candidates_re
 * (every ":", "<", '"' and, with abbreviated, "." that may start a reference)
 * and decides the common ones itself, by the very rules of the Python code
 * (candidates._judge): a bare reference whose run of URI characters is short,
 * has no hyphen at its end and is valid once trimmed; a delimited one with no
 * whitespace and no non-ASCII character inside. For those it builds the
 * urikit.extraction.Extracted objects (the class is handed in; C fills the
 * slots the class declares, as its __init__ would). At any other candidate
 * (and after max_items found) it stops and returns where: Python judges that
 * candidate with the reference code and calls again after it, so the results
 * are the pure-Python ones by construction (tests/text/test_extraction_scanner.py
 * compares the two on Hypothesis text). The delimited forms are judged in
 * extraction_delimited_c.c; what the two units share is in _extraction.h. Each candidate costs C a bounded
 * amount of work (the 64-character scheme, a run of at most EX_SHORT_RUN, or
 * the text up to the next delimiter of its kind), so the scan is linear. */

/* EX_MAX_SCHEME, EX_SHORT_RUN, where a candidate starts (uk_ex_start: 1 for
 * UK_EX_COLON, UK_EX_ANGLE and UK_EX_QUOTE, 2 for UK_EX_DOT), the words of an
 * abbreviated host, the wrappers and which characters are whitespace
 * (uk_ex_space) are generated into _tables.h from extraction's definitions. */

#if defined(__SSE2__)
#define EX_SSE2 1
#endif

/* The first i >= from with a candidate character under mask, or n. With SSE2
 * (every x86-64 CPU) 16 characters a step: 2- and 4-byte characters are first
 * packed to bytes with saturation (any character above 255 becomes 255, which
 * is no candidate); the rest (and other CPUs) one character a step. The SIMD
 * steps skip a "." after anything but the last letter of a word of
 * uk_ex_words (it cannot end "www." or "ftp."), which ex_abbreviated would
 * turn down; otherwise the same positions
 * either way. */
#ifdef EX_SSE2
static inline __m128i
ex_load8(const Py_UCS1 *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}

static inline __m128i
ex_load16(const Py_UCS2 *p)
{
    return _mm_packus_epi16(_mm_loadu_si128((const __m128i *)p),
                            _mm_loadu_si128((const __m128i *)(p + 8)));
}

static inline __m128i
ex_load32(const Py_UCS4 *p)
{
    return _mm_packus_epi16(_mm_packs_epi32(_mm_loadu_si128((const __m128i *)p),
                                            _mm_loadu_si128((const __m128i *)(p + 4))),
                            _mm_packs_epi32(_mm_loadu_si128((const __m128i *)(p + 8)),
                                            _mm_loadu_si128((const __m128i *)(p + 12))));
}

/* The candidates among the 16 characters at p (T: their type), as bits. With
 * dots, a "." is one when the character before it ends a word: the step's
 * word ends (a lane of 0xff where a character is the last letter of a word of
 * uk_ex_words, in either case) shifted by one lane, the first lane taken from
 * the last of *ends, the step before's, which the step then replaces. No branch:
 * testing each "." found instead, fewer instructions, took longer on prose (a
 * "." in one step of six, a branch the CPU cannot foretell). */
#define EX_STEP_FN(W, T)                                                                      \
    static inline int ex_step##W(const T *p, int dots, __m128i *ends)                          \
    {                                                                                          \
        const __m128i v = ex_load##W(p);                                                       \
        __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(UK_EX_COLON)),   \
                                              _mm_cmpeq_epi8(v, _mm_set1_epi8(UK_EX_ANGLE))),  \
                                 _mm_cmpeq_epi8(v, _mm_set1_epi8(UK_EX_QUOTE)));                \
        if (dots) {                                                                            \
            const __m128i lower = _mm_or_si128(v, _mm_set1_epi8(0x20));                        \
            __m128i e = _mm_setzero_si128();                                                   \
            for (int w = 0; w < UK_EX_NWORDS; w++) {                                           \
                e = _mm_or_si128(e, _mm_cmpeq_epi8(lower, _mm_set1_epi8(uk_ex_words[w][2])));  \
            }                                                                                  \
            __m128i before = _mm_or_si128(_mm_slli_si128(e, 1), _mm_srli_si128(*ends, 15));    \
            *ends = e;                                                                         \
            __m128i dot = _mm_cmpeq_epi8(v, _mm_set1_epi8(UK_EX_DOT));                         \
            m = _mm_or_si128(m, _mm_and_si128(dot, before));                                   \
        }                                                                                      \
        return _mm_movemask_epi8(m);                                                           \
    }
EX_STEP_FN(8, Py_UCS1)
EX_STEP_FN(16, Py_UCS2)
EX_STEP_FN(32, Py_UCS4)

/* The word ends of ex_step for the character c before the first step: its last
 * lane 0xff when c ends a word (c above 255 packs to 255, which ends none). */
static inline __m128i
ex_ends_before(Py_UCS4 c)
{
    int end = 0;
    for (int w = 0; w < UK_EX_NWORDS; w++) {
        end |= c < 128 && (c | 0x20) == (uchar)uk_ex_words[w][2];
    }
    return _mm_slli_si128(_mm_cvtsi32_si128(end ? 0xff : 0), 15);
}
#endif

#ifdef EX_SSE2
/* Two steps (32 characters) a test, with dots a constant in each of the two
 * loops (the compiler folds ex_step's branch), then one step at a time. */
#define EX_SIMD_LOOP_DOTS(W, D)                                                                \
    for (; i + 32 <= n; i += 32) {                                                             \
        unsigned bits = (unsigned)ex_step##W(s + i, D, &ends);                                 \
        bits |= (unsigned)ex_step##W(s + i + 16, D, &ends) << 16;                              \
        if (bits) {                                                                            \
            return i + __builtin_ctz(bits);                                                    \
        }                                                                                      \
    }                                                                                          \
    for (; i + 16 <= n; i += 16) {                                                             \
        int bits = ex_step##W(s + i, D, &ends);                                                \
        if (bits) {                                                                            \
            return i + __builtin_ctz((unsigned)bits);                                          \
        }                                                                                      \
    }
#define EX_SIMD_LOOP(W)                                                                        \
    if (dots) {                                                                                \
        __m128i ends = ex_ends_before(s[i - 1]);                                               \
        EX_SIMD_LOOP_DOTS(W, 1)                                                                \
    }                                                                                          \
    else {                                                                                     \
        __m128i ends = _mm_setzero_si128();                                                    \
        EX_SIMD_LOOP_DOTS(W, 0)                                                                \
    }
#else
#define EX_SIMD_LOOP(W)
#endif

static Py_ssize_t
ex_next(int kind, const void *data, Py_ssize_t from, Py_ssize_t n, uchar mask)
{
    Py_ssize_t i = from;
#ifdef EX_SSE2
    const int dots = (mask & 2) != 0;
    if (i == 0 && n > 0) {
        Py_UCS4 c = PyUnicode_READ(kind, data, 0);
        if (c < 128 && (uk_ex_start[c] & mask)) {
            return 0;
        }
        i = 1; /* the SIMD steps read the character before */
    }
#endif
    if (kind == PyUnicode_1BYTE_KIND) {
        const Py_UCS1 *s = (const Py_UCS1 *)data;
        EX_SIMD_LOOP(8)
        for (; i < n; i++) {
            if (s[i] < 128 && (uk_ex_start[s[i]] & mask)) {
                return i;
            }
        }
    }
    else if (kind == PyUnicode_2BYTE_KIND) {
        const Py_UCS2 *s = (const Py_UCS2 *)data;
        EX_SIMD_LOOP(16)
        for (; i < n; i++) {
            if (s[i] < 128 && (uk_ex_start[s[i]] & mask)) {
                return i;
            }
        }
    }
    else {
        const Py_UCS4 *s = (const Py_UCS4 *)data;
        EX_SIMD_LOOP(32)
        for (; i < n; i++) {
            if (s[i] < 128 && (uk_ex_start[s[i]] & mask)) {
                return i;
            }
        }
    }
    return n;
}

/* The end of the run of URI characters (prose._URI_CHARS) in text[from:limit]:
 * the first position in it that holds another character, or limit. One loop
 * per character width, so that no character read tests the width again. */
static Py_ssize_t
ex_uri_run(const ex_ctx *cx, Py_ssize_t from, Py_ssize_t limit)
{
    Py_ssize_t j = from;
    if (cx->kind == PyUnicode_1BYTE_KIND) {
        const Py_UCS1 *s = (const Py_UCS1 *)cx->data;
        while (j < limit && ex_is_uri(s[j])) {
            j++;
        }
    }
    else if (cx->kind == PyUnicode_2BYTE_KIND) {
        const Py_UCS2 *s = (const Py_UCS2 *)cx->data;
        while (j < limit && ex_is_uri(s[j])) {
            j++;
        }
    }
    else {
        const Py_UCS4 *s = (const Py_UCS4 *)cx->data;
        while (j < limit && ex_is_uri(s[j])) {
            j++;
        }
    }
    return j;
}

/* The offset of the writable object slot ``name`` that ``type`` itself declares
 * in its __slots__, or -1 with TypeError set (this section's own copy, so that it
 * depends on no helper of the parse section). */
static Py_ssize_t
ex_slot_offset(PyTypeObject *type, const char *name)
{
    PyObject *descr = PyDict_GetItemString(type->tp_dict, name); /* borrowed */
    Py_ssize_t offset = -1;
    if (descr != NULL && Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
        PyMemberDef *m = ((PyMemberDescrObject *)descr)->d_member;
        if (m->type == Py_T_OBJECT_EX && !(m->flags & Py_READONLY)) {
            offset = m->offset;
        }
    }
    if (offset < 0) {
        PyErr_Format(PyExc_TypeError, "%s does not declare the object slot %s", type->tp_name,
                     name);
    }
    return offset;
}

/* Whether data[a:b] (ASCII scheme characters), lowercased, is in the prose set;
 * 2 when the name is too long to be decided here. */
int
urikit_ex_in_prose_at(ex_ctx *cx, int kind, const void *data, Py_ssize_t a, Py_ssize_t b)
{
    char buf[EX_MAX_SCHEME];
    Py_ssize_t len = b - a;
    if (len > EX_MAX_SCHEME) {
        return 2;
    }
    for (Py_ssize_t j = 0; j < len; j++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, a + j);
        buf[j] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    PyObject *name = PyUnicode_DecodeASCII(buf, len, NULL);
    if (name == NULL) {
        return -1;
    }
    int r = PySet_Contains(cx->prose, name);
    Py_DECREF(name);
    return r;
}

/* Whether the ASCII str s is a URI (rule URI; the IRI rule says the same of
 * ASCII text). split_ref may read s[n]: a str's data ends with a NUL. */
int
urikit_ex_is_valid(PyObject *s)
{
    spans_t sp;
    return PyUnicode_IS_ASCII(s) &&
           split_ref(PyUnicode_1BYTE_DATA(s), PyUnicode_GET_LENGTH(s), &sp) &&
           sp.s[G_SCHEME] >= 0;
}

/* text[a:b] as a str when it is a URI (rule URI; the IRI rule says the same of
 * ASCII text), else NULL without an error (*err = 0) or with one (*err = 1).
 * The str is made ASCII from the start and the piece copied once, tested as a
 * whole (PyUnicode_Substring of a wide text reads the piece twice, for its
 * widest character and to copy it). */
static PyObject *
ex_valid_uri(ex_ctx *cx, Py_ssize_t a, Py_ssize_t b, int *err)
{
    *err = 0;
    PyObject *uri = PyUnicode_New(b - a, 127);
    if (uri == NULL) {
        *err = 1;
        return NULL;
    }
    Py_UCS1 *o = PyUnicode_1BYTE_DATA(uri);
    Py_UCS4 all = 0; /* every character copied, or-ed: ASCII when below 128 */
    if (cx->kind == PyUnicode_1BYTE_KIND) {
        const Py_UCS1 *t = (const Py_UCS1 *)cx->data;
        for (Py_ssize_t j = a; j < b; j++) {
            all |= t[j];
            o[j - a] = t[j];
        }
    }
    else if (cx->kind == PyUnicode_2BYTE_KIND) {
        const Py_UCS2 *t = (const Py_UCS2 *)cx->data;
        for (Py_ssize_t j = a; j < b; j++) {
            all |= t[j];
            o[j - a] = (Py_UCS1)t[j];
        }
    }
    else {
        const Py_UCS4 *t = (const Py_UCS4 *)cx->data;
        for (Py_ssize_t j = a; j < b; j++) {
            all |= t[j];
            o[j - a] = (Py_UCS1)t[j];
        }
    }
    if (all >= 128 || !urikit_ex_is_valid(uri)) { /* no URI holds a non-ASCII character */
        Py_DECREF(uri);
        return NULL;
    }
    return uri;
}

/* Append Extracted(uri, start, end, wrapper, alternatives, abbreviated=...,
 * iri=cx->iris); steals uri and alternatives (NULL: ()). */
int
urikit_ex_emit_full(ex_ctx *cx, PyObject *uri, Py_ssize_t start, Py_ssize_t end,
                    PyObject *wrapper, PyObject *alternatives, int abbreviated)
{
    PyObject *obj = cx->type->tp_alloc(cx->type, 0);
    PyObject *vals[NEXSLOTS] = {
        [EXS_URI] = uri,
        [EXS_START] = PyLong_FromSsize_t(start),
        [EXS_END] = PyLong_FromSsize_t(end),
        [EXS_WRAPPER] = Py_NewRef(wrapper),
        [EXS_ALTERNATIVES] = alternatives != NULL ? alternatives : Py_NewRef(cx->empty),
        [EXS_ABBREVIATED] = Py_NewRef(abbreviated ? Py_True : Py_False),
        [EXS_IRI] = Py_NewRef(cx->iris ? Py_True : Py_False),
        [EXS_PARSED] = Py_NewRef(Py_None),
    };
    /* a slot Extracted gained that C does not fill is a build error, not a NULL */
    _Static_assert(NEXSLOTS == 8, "extraction_c.c fills every slot of Extracted");
    int ok = obj != NULL && vals[EXS_START] != NULL && vals[EXS_END] != NULL;
    for (int k = 0; k < NEXSLOTS; k++) {
        if (ok) {
            *(PyObject **)((char *)obj + cx->off[k]) = vals[k];
        }
        else {
            Py_XDECREF(vals[k]);
        }
    }
    if (!ok) {
        Py_XDECREF(obj);
        return -1;
    }
    /* Its slots hold only str, int, bool, None and a tuple of str (and later the
     * parsed reference, which holds no Extracted): it can be in no cycle, so the
     * collector need not visit it (6,000 found cost several collections). */
    if (PyObject_IS_GC(obj)) {
        PyObject_GC_UnTrack(obj);
    }
    int r = PyList_Append(cx->found, obj);
    Py_DECREF(obj);
    return r;
}

static int
ex_emit(ex_ctx *cx, PyObject *uri, Py_ssize_t start, Py_ssize_t end, PyObject *wrapper)
{
    return urikit_ex_emit_full(cx, uri, start, end, wrapper, NULL, 0);
}

/* candidates._trim over text[a:b]: the new end. The brackets are counted only
 * when a closing one is reached at the end (most references end in neither):
 * what was dropped before it is punctuation, never a bracket, so the counts
 * over text[a:b] at that point are those _trim takes over the whole. */
static Py_ssize_t
ex_trim(ex_ctx *cx, Py_ssize_t a, Py_ssize_t b)
{
    Py_ssize_t opened = 0, closed = 0, lsq = 0, rsq = 0;
    int counted = 0;
    while (b > a) {
        Py_UCS4 last = EX_READ(cx, b - 1);
        if (last == '.' || last == ',' || last == ';' || last == ':' || last == '!' ||
            last == '?' || last == '\'') {
            b--;
            continue;
        }
        if (last != ')' && last != ']') {
            break;
        }
        if (!counted) {
            counted = 1;
            for (Py_ssize_t j = a; j < b; j++) {
                Py_UCS4 c = EX_READ(cx, j);
                opened += c == '(';
                closed += c == ')';
                lsq += c == '[';
                rsq += c == ']';
            }
        }
        if (last == ')' && closed > opened) {
            closed--;
        }
        else if (last == ']' && rsq > lsq) {
            rsq--;
        }
        else {
            break;
        }
        b--;
    }
    return b;
}

/* Where a bare reference starting at s whose run is text[a:b] ends: b, or, when
 * a "(" stands just before s, the first ")" in text[a:b] without an opening
 * partner after a, which closes that bracket (candidates._closing_paren). */
static Py_ssize_t
ex_closing_paren(ex_ctx *cx, Py_ssize_t s, Py_ssize_t a, Py_ssize_t b)
{
    if (s == 0 || EX_READ(cx, s - 1) != '(') {
        return b;
    }
    Py_ssize_t depth = 0;
    for (Py_ssize_t j = a; j < b; j++) {
        Py_UCS4 c = EX_READ(cx, j);
        if (c == '(') {
            depth++;
        }
        else if (c == ')' && depth-- == 0) {
            return j;
        }
    }
    return b;
}

/* The candidate ":" at i (candidates._judge and _bare): 1 found (*end set),
 * 0 nothing there, 2 for Python to judge, -1 error. */
static int
ex_bare(ex_ctx *cx, Py_ssize_t i, Py_ssize_t last_end, Py_ssize_t *end)
{
    Py_ssize_t n = cx->n;
    if (i == 0 || !IS(EX_READ(cx, i - 1), UK_SCHEME)) {
        return 0; /* no scheme character before: no branch of the expression matches */
    }
    int slashes = i + 2 < n && EX_READ(cx, i + 1) == '/' && EX_READ(cx, i + 2) == '/';
    if (!slashes && i + 1 < n) {
        Py_UCS4 c = EX_READ(cx, i + 1);
        if (ex_is_ws(c) || c == ':') {
            return 0;
        }
    }
    Py_ssize_t stop = i - EX_MAX_SCHEME > 0 ? i - EX_MAX_SCHEME : 0, k = i;
    while (k > stop && IS(EX_READ(cx, k - 1), UK_SCHEME)) {
        k--;
    }
    if (k == stop && k > 0 && IS(EX_READ(cx, k - 1), UK_SCHEME)) {
        return 0; /* a scheme longer than any written in prose */
    }
    while (k < i && !IS(EX_READ(cx, k), UK_ALPHA)) {
        k++;
    }
    if (k == i || k < last_end) {
        return 0;
    }
    if (!slashes) {
        int r = ex_in_prose(cx, k, i);
        if (r != 1) {
            return r; /* 0: no prose scheme; -1: error */
        }
    }
    Py_ssize_t j = ex_uri_run(cx, i + 1, k + EX_SHORT_RUN < n ? k + EX_SHORT_RUN + 1 : n);
    if (j - k > EX_SHORT_RUN) {
        return 2; /* a long run: Python cuts it first */
    }
    if (cx->iris && j < n && EX_READ(cx, j) >= 0x80) {
        return 2; /* an IRI may go on */
    }
    if (EX_READ(cx, j - 1) == '-') {
        return 2; /* maybe a hyphen at a line break */
    }
    Py_ssize_t e = ex_trim(cx, k, ex_closing_paren(cx, k, i + 1, j));
    /* _bare: at most four readings, each cut where the last one goes wrong */
    for (int reading = 0; reading < 4; reading++) {
        if (e - k < (i - k) + (slashes ? 4 : 2)) {
            return 0; /* shorter than "scheme:" plus one, or "scheme://" plus one */
        }
        int err;
        PyObject *uri = ex_valid_uri(cx, k, e, &err);
        if (uri != NULL) {
            *end = e;
            return ex_emit(cx, uri, k, e, Py_None) < 0 ? -1 : 1;
        }
        if (err) {
            return -1;
        }
        if (cx->iris) {
            return 2; /* the IRI rule says where: Python */
        }
        /* where parsing uri under the rule URI goes wrong: the text has a scheme, so the
         * URI-reference reading of locate_error, when it can tell */
        uri = PyUnicode_Substring(cx->text, k, e);
        if (uri == NULL) {
            return -1;
        }
        int reason, component;
        Py_ssize_t at;
        int found = urikit_locate_error(uri, &reason, &component, &at);
        Py_DECREF(uri);
        if (found <= 0) {
            return found < 0 ? -1 : 2;
        }
        if (at > e - k - 1) {
            at = e - k - 1;
        }
        e = ex_trim(cx, k, k + at);
    }
    return 0;
}

/* candidates._HOST_CHARS_ASCII: a character of a host label */
static inline int
ex_is_hc(Py_UCS4 c)
{
    return c < 128 && (IS(c, UK_ALPHA | UK_DIGIT) || c == '-');
}

/* The candidate "." at i with abbreviated (candidates._judge and _abbreviated):
 * www. or ftp. starting a word at s = i - 3, the host name, and a path, query
 * and fragment when they are valid as they stand. As ex_bare. */
static int
ex_abbreviated(ex_ctx *cx, Py_ssize_t i, Py_ssize_t last_end, Py_ssize_t *end)
{
    Py_ssize_t n = cx->n, s = i - 3;
    if (i < 3 || s < last_end) {
        return 0;
    }
    Py_UCS4 c0 = EX_READ(cx, s), c1 = EX_READ(cx, s + 1), c2 = EX_READ(cx, s + 2);
    if (c0 >= 128 || c1 >= 128 || c2 >= 128) {
        return 0;
    }
    c0 |= 0x20;
    c1 |= 0x20;
    c2 |= 0x20;
    int word = 0; /* which of uk_ex_words: www, ftp */
    while (word < UK_EX_NWORDS && !(c0 == (uchar)uk_ex_words[word][0] &&
                                    c1 == (uchar)uk_ex_words[word][1] &&
                                    c2 == (uchar)uk_ex_words[word][2])) {
        word++;
    }
    if (word == UK_EX_NWORDS) {
        return 0;
    }
    /* the expression's look-behind: no word or URI character before, except ( [ ' * */
    if (s > 0) {
        Py_UCS4 c = EX_READ(cx, s - 1);
        if (c >= 0x80) {
            return 2; /* \w beyond ASCII: Python */
        }
        if (IS(c, UK_ALPHA | UK_DIGIT) || c == '_' ||
            (ex_is_uri(c) && c != '(' && c != '[' && c != '\'' && c != '*')) {
            return 0;
        }
    }
    /* and its look-ahead: a letter or digit after the dot */
    if (i + 1 >= n) {
        return 0;
    }
    Py_UCS4 c = EX_READ(cx, i + 1);
    if (c >= 0x80) {
        return 2;
    }
    if (!IS(c, UK_ALPHA | UK_DIGIT)) {
        return 0;
    }
    /* _host_re: labels of [A-Za-z0-9-] (and more in an IRI: Python), at least two */
    Py_ssize_t j = i + 1, labels = 0;
    for (;;) {
        while (j < n && ex_is_hc(EX_READ(cx, j))) {
            j++;
        }
        if (cx->iris && j < n && EX_READ(cx, j) >= 0x80) {
            return 2;
        }
        labels++;
        if (j + 1 < n && EX_READ(cx, j) == '.') {
            Py_UCS4 d = EX_READ(cx, j + 1);
            if (ex_is_hc(d)) {
                j++;
                continue;
            }
            if (cx->iris && d >= 0x80) {
                return 2;
            }
        }
        break;
    }
    if (labels < 2) {
        return 0;
    }
    if (j + 1 < n && EX_READ(cx, j) == ':' && IS(EX_READ(cx, j + 1), UK_DIGIT)) {
        return 2; /* a port: fixup reads "host:" as a scheme first; Python */
    }
    Py_ssize_t host_end = j;
    Py_UCS4 nxt = j < n ? EX_READ(cx, j) : 0;
    int more = j < n && (nxt == '/' || nxt == '?' || nxt == '#');
    if (j < n && !more && ex_is_uri(nxt) && !(nxt == '.' || nxt == ',' || nxt == ';' ||
                                             nxt == ':' || nxt == '!' || nxt == '?' ||
                                             nxt == '\'' || nxt == ')' || nxt == ']' ||
                                             nxt == '*')) {
        return 0; /* not a host name standing as a word */
    }
    /* fixup(host): _HOST_FORM_RE's domain: labels of letters and digits with
     * hyphens only inside, the last one starting with a letter */
    Py_ssize_t label = i + 1;
    for (Py_ssize_t k = i + 1; k <= host_end; k++) {
        if (k < host_end && EX_READ(cx, k) != '.') {
            continue;
        }
        if (EX_READ(cx, label) == '-' || EX_READ(cx, k - 1) == '-') {
            return 0;
        }
        if (k == host_end && !IS(EX_READ(cx, label), UK_ALPHA)) {
            return 0;
        }
        label = k + 1;
    }
    Py_ssize_t e = host_end;
    if (more) {
        /* the path, query and fragment: a run as for a bare URI, trimmed */
        Py_ssize_t lim = s + EX_SHORT_RUN < n ? s + EX_SHORT_RUN + 1 : n;
        Py_ssize_t stop = ex_uri_run(cx, host_end, lim);
        if (stop - s > EX_SHORT_RUN) {
            return 2;
        }
        if (cx->iris && stop < n && EX_READ(cx, stop) >= 0x80) {
            return 2;
        }
        Py_ssize_t t = ex_trim(cx, s, ex_closing_paren(cx, s, host_end, stop));
        if (t > host_end) {
            e = t;
        }
    }
    const char *scheme = uk_ex_word_scheme[word]; /* what fixup puts before the word */
    Py_ssize_t plen = (Py_ssize_t)strlen(scheme);
    PyObject *uri = PyUnicode_New(plen + (e - s), 127);
    if (uri == NULL) {
        return -1;
    }
    Py_UCS1 *o = PyUnicode_1BYTE_DATA(uri);
    memcpy(o, scheme, (size_t)plen);
    for (Py_ssize_t k = s; k < e; k++) {
        o[plen + k - s] = (Py_UCS1)EX_READ(cx, k);
    }
    if (!urikit_ex_is_valid(uri)) {
        Py_DECREF(uri);
        return 2; /* Python cuts the path where it goes wrong */
    }
    *end = e;
    return urikit_ex_emit_full(cx, uri, s, e, Py_None, NULL, 1) < 0 ? -1 : 1;
}

/* extract_scan(text, pos, last_end, prose, iris, abbreviated, extracted_type,
 * max_items) -> (found, stop): see the top of this section. found lists the
 * Extracted objects of the candidates in text[pos:stop] that C decided (at most
 * max_items); stop is len(text), or the position of a candidate at or after
 * last_end and after the end of every one found, that Python must judge before
 * it calls again from stop + 1. */
PyObject *
urikit_sp_extract_scan(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 8 || !PyUnicode_CheckExact(args[0]) || !PyLong_CheckExact(args[1]) ||
        !PyLong_CheckExact(args[2]) || !PyAnySet_Check(args[3]) || !PyType_Check(args[6]) ||
        !PyLong_CheckExact(args[7])) {
        return type_error("extract_scan(text: str, pos: int, last_end: int, prose: frozenset, "
                          "iris: bool, abbreviated: bool, extracted_type: type, max_items: int)");
    }
    ex_ctx cx;
    cx.text = args[0];
    if (UK_READY(cx.text) < 0) {
        return NULL;
    }
    cx.kind = PyUnicode_KIND(cx.text);
    cx.data = PyUnicode_DATA(cx.text);
    cx.n = PyUnicode_GET_LENGTH(cx.text);
    Py_ssize_t pos = PyLong_AsSsize_t(args[1]);
    Py_ssize_t last_end = PyLong_AsSsize_t(args[2]);
    Py_ssize_t max_items = PyLong_AsSsize_t(args[7]);
    if ((pos == -1 || last_end == -1 || max_items == -1) && PyErr_Occurred()) {
        return NULL;
    }
    if (pos < 0 || last_end < 0 || max_items < 1) {
        PyErr_SetString(PyExc_ValueError, "extract_scan: negative position or max_items < 1");
        return NULL;
    }
    cx.prose = args[3];
    cx.iris = PyObject_IsTrue(args[4]);
    int abbreviated = PyObject_IsTrue(args[5]);
    if (cx.iris < 0 || abbreviated < 0) {
        return NULL;
    }
    cx.type = (PyTypeObject *)args[6];
    if (cx.type->tp_itemsize != 0) {
        return type_error("extract_scan: extracted_type has items");
    }
    for (int k = 0; k < NEXSLOTS; k++) {
        cx.off[k] = ex_slot_offset(cx.type, EX_SLOTS[k]);
        if (cx.off[k] < 0) {
            return NULL;
        }
    }
    PyObject *result = NULL;
    /* No collection while the scan runs: every object it makes is untracked (see
     * urikit_ex_emit_full) and it runs no Python code, yet every few hundred
     * Extracted allocated started one, each reading the young objects again.
     * The collector is as it was when the scan returns. */
    int collecting = PyGC_Disable();
    cx.empty = PyTuple_New(0);
    cx.found = PyList_New(0);
    for (int w = 0; w < NEXWRAPPERS; w++) {
        cx.wrappers[w] = NULL;
    }
    if (cx.empty == NULL || cx.found == NULL) {
        goto done;
    }
    for (int w = 0; w < NEXWRAPPERS; w++) {
        cx.wrappers[w] = PyUnicode_InternFromString(EX_WRAPPERS[w]);
        if (cx.wrappers[w] == NULL) {
            goto done;
        }
    }
    uchar mask = abbreviated ? 3 : 1;
    Py_ssize_t i = pos, count = 0;
    for (;; i++) {
        i = ex_next(cx.kind, cx.data, i, cx.n, mask);
        if (i >= cx.n) {
            break;
        }
        if (i < last_end) {
            i = last_end - 1;
            continue;
        }
        Py_UCS4 c = EX_READ(&cx, i);
        Py_ssize_t end = 0;
        int r;
        if (c == UK_EX_COLON) {
            r = ex_bare(&cx, i, last_end, &end);
        }
        else if (c == UK_EX_DOT) {
            r = ex_abbreviated(&cx, i, last_end, &end);
        }
        else {
            r = urikit_ex_delimited(&cx, i, c == UK_EX_ANGLE, &end);
        }
        if (r < 0) {
            goto done;
        }
        if (r == 2) {
            break;
        }
        if (r == 1) {
            last_end = end;
            if (++count >= max_items) {
                /* enough for one call: stop at the next candidate, for Python */
                i = ex_next(cx.kind, cx.data, end, cx.n, mask);
                break;
            }
            i = end - 1; /* nothing before the end of this one is a candidate */
        }
    }
    result = Py_BuildValue("(On)", cx.found, i < cx.n ? i : cx.n);
done:
    if (collecting) {
        PyGC_Enable();
    }
    Py_XDECREF(cx.empty);
    Py_XDECREF(cx.found);
    for (int w = 0; w < NEXWRAPPERS; w++) {
        Py_XDECREF(cx.wrappers[w]);
    }
    return result;
}
