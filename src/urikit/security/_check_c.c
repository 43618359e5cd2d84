/* The cheap path of urikit.security.check (the "check" accelerated function):
 * the report of a text whose findings come from its origin alone.
 */
#include "_check_c.h"
#include "../core/_parser_c.h"
#include "../core/normalization_c.h"

/* ---------------------------------------------- security.check's cheap path
 *
 * The "check" accelerated function: urikit.security.check(text) with the
 * default policy (which allows every scheme and denies no network; Python
 * installs it only then) for a text whose findings surely come from its origin
 * ("scheme://host[:port]") alone, built here; every other call is the Python
 * function's. Such a text is a valid ASCII reference with a host and no
 * userinfo whose rest is quiet: its path has no segment starting with ".", it
 * has no "%" up to the end of the host, and after it only "%XX" that is
 * printable ASCII other than ".", "/" and "\\" (the octets security._percent
 * calls notable: anything else decodes to no control, no bidi formatting, no dot
 * segment, no delimiter) or runs with octets above 0x7F that are UTF-8 of
 * characters security._check._char_kind calls quiet (no bidi formatting, no
 * right-to-left letter, no delimiter look-alike, no invisible character: no
 * display finding either), or
 * that make a whole path, query or fragment piece of right-to-left letters.
 *
 * Then, with no port (or an empty one, which gives no finding and the WHATWG
 * reads as none) and a "scheme://host" that is plain as
 * security._check._plain_origin says (no scheme of concern, a host not an IP
 * literal whose last label starts with a letter, no A-label, no local or
 * metadata name), the report has no finding. Otherwise (a port, a local name, an
 * address) the findings are those of the origin alone, which Python's
 * _origin_verdict works out once per origin and keeps in a bounded memo (or says
 * None: the full analysis decides), with the scheme registry's version, as a
 * port's findings depend on the registry. The words, the memo and the verdicts
 * are Python's (the named fields accelerate was given), never copied here.
 * tests/security/test_check_nothing_to_report.py checks every report against the full analysis. */

/* ``word`` (an ASCII str, lowercase) equals p[0:n] ignoring ASCII case */
static int
eq_lower(const uchar *p, Py_ssize_t n, PyObject *word)
{
    if (PyUnicode_GET_LENGTH(word) != n) {
        return 0;
    }
    const uchar *w = PyUnicode_1BYTE_DATA(word);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (ascii_lower(p[i]) != w[i]) {
            return 0;
        }
    }
    return 1;
}

#define EDGE_HAS(bits, c) (((bits)[(c) >> 6] >> ((c)&63)) & 1)

static int
any_eq_lower(const uchar *p, Py_ssize_t n, PyObject *words, const uint64_t *first)
{
    if (n == 0 || !EDGE_HAS(first, p[0])) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(words); i++) {
        if (eq_lower(p, n, PyTuple_GET_ITEM(words, i))) {
            return 1;
        }
    }
    return 0;
}

static int
any_ends_lower(const uchar *p, Py_ssize_t n, PyObject *words, const uint64_t *last)
{
    if (n == 0 || !EDGE_HAS(last, p[n - 1])) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(words); i++) {
        PyObject *w = PyTuple_GET_ITEM(words, i);
        Py_ssize_t m = PyUnicode_GET_LENGTH(w);
        /* the last character but one first: most hosts that end like a word
         * (".net" and "localhost") differ there */
        if (m <= n && (m < 2 || ascii_lower(p[n - 2]) == PyUnicode_1BYTE_DATA(w)[m - 2]) &&
            eq_lower(p + n - m, m, w)) {
            return 1;
        }
    }
    return 0;
}

static int
ascii_words(PyObject *words)
{
    if (!PyTuple_CheckExact(words)) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(words); i++) {
        PyObject *w = PyTuple_GET_ITEM(words, i);
        if (!PyUnicode_CheckExact(w) || UK_READY(w) < 0 || !PyUnicode_IS_ASCII(w)) {
            return 0;
        }
        const uchar *p = PyUnicode_1BYTE_DATA(w);
        for (Py_ssize_t j = 0; j < PyUnicode_GET_LENGTH(w); j++) {
            if (ascii_lower(p[j]) != p[j]) {
                return 0;
            }
        }
    }
    return 1;
}


/* The fields accelerate("check", ...) was given are of the kinds check reads
 * (see UK_CHECK_FIELDS); every field is set. */
int
urikit_check_fields_ok(const check_fields_t *f)
{
    return is_plain_tuple_type(f->report_type) && ascii_words(f->schemes) &&
           ascii_words(f->metadata_hosts) && ascii_words(f->local_endings) &&
           PyDict_CheckExact(f->origin_memo) && PyCallable_Check(f->origin_verdict) &&
           PyCallable_Check(f->char_kind) && PyUnicode_CheckExact(f->version_attr);
}

/* "%XX" at p (two hex digits after it) that security._percent calls notable */
static int
notable_pct(const uchar *p)
{
    uchar c = p[1], d = p[2];
    if (c == '2') {
        return d == 'E' || d == 'e' || d == 'F' || d == 'f';
    }
    if (c == '5') {
        return d == 'C' || d == 'c';
    }
    if (c == '7') {
        return d == 'F' || d == 'f';
    }
    return !(c >= '3' && c <= '6'); /* 0, 1, 8, 9, A-F: control, DEL or not ASCII */
}

/* a "%XX" octet of no ASCII character (8-F): a byte of a multi-byte UTF-8
 * sequence, or of none */
static int
high_pct(const uchar *p)
{
    uchar c = (uchar)(p[1] | 0x20);
    return (c >= '8' && c <= '9') || (c >= 'a' && c <= 'f');
}

/* What check.char_kind (security._check._char_kind) says of the character ch (not
 * ASCII): 0 it may give a finding, 1 quiet (no bidi formatting, no right-to-left
 * letter, no look-alike of a delimiter, not invisible), 2 a right-to-left
 * letter that is otherwise quiet and that the display form decodes; -1 on an
 * error. The answer is kept for a BMP character. */
static int
char_kind(AccelObject *self, Py_UCS4 ch)
{
    if (ch <= 0xFFFF) {
        if (self->chars == NULL) {
            self->chars = PyMem_Calloc(0x10000 / 4, 1);
            if (self->chars == NULL) {
                PyErr_NoMemory();
                return -1;
            }
        }
        int bits = (self->chars[ch >> 2] >> ((ch & 3) * 2)) & 3;
        if (bits != 0) {
            return bits - 1;
        }
    }
    PyObject *c = PyUnicode_FromOrdinal((int)ch);
    if (c == NULL) {
        return -1;
    }
    PyObject *r = PyObject_CallOneArg(self->check.char_kind, c);
    Py_DECREF(c);
    if (r == NULL) {
        return -1;
    }
    long kind = PyLong_Check(r) ? PyLong_AsLong(r) : 0;
    Py_DECREF(r);
    if (kind == -1 && PyErr_Occurred()) {
        return -1;
    }
    kind = kind == 1 || kind == 2 ? kind : 0;
    if (ch <= 0xFFFF && self->chars != NULL) { /* (the call may have cleared it) */
        self->chars[ch >> 2] |= (uint8_t)((kind + 1) << ((ch & 3) * 2));
    }
    return (int)kind;
}

enum { RUN_QUIET = 1, RUN_RTL = 2 }; /* what a run's characters are (or'ed) */

/* The kinds (RUN_*) of the characters of the octets b[0:len] (a run of "%XX"
 * with an octet above 0x7F; ASCII is quiet), 0 when they are no UTF-8 or one
 * of them may give a finding, -1 on an error */
static int
run_kinds(AccelObject *self, const char *b, Py_ssize_t len)
{
    PyObject *decoded = PyUnicode_DecodeUTF8(b, len, NULL); /* Python's own decoder: strict */
    if (decoded == NULL) {
        if (PyErr_ExceptionMatches(PyExc_UnicodeDecodeError)) {
            PyErr_Clear();
            return 0; /* not UTF-8: security._percent's finding */
        }
        return -1;
    }
    int ukind = PyUnicode_KIND(decoded), kinds = 0;
    const void *data = PyUnicode_DATA(decoded);
    for (Py_ssize_t i = 0; i < PyUnicode_GET_LENGTH(decoded); i++) {
        Py_UCS4 ch = PyUnicode_READ(ukind, data, i);
        int kind = ch < 0x80 ? 1 : char_kind(self, ch);
        if (kind <= 0) {
            kinds = kind;
            break;
        }
        kinds |= kind == 1 ? RUN_QUIET : RUN_RTL;
    }
    Py_DECREF(decoded);
    return kinds;
}

/* Whether the run s[a:b] of "%XX" is a whole piece of the path, query or
 * fragment as iri.display_warnings splits them (path on "/", ";" and ".", query
 * on "&", "=" and ";", fragment on "/"): a run of right-to-left letters only
 * is then one that starts and ends with one and has no left-to-right letter,
 * which RFC 3987 section 4.2 asks of a bidi component (no warning) */
static int
whole_piece(const uchar *s, const spans_t *sp, Py_ssize_t a, Py_ssize_t b)
{
    static const int groups[3] = {G_PATH, G_QUERY, G_FRAGMENT};
    static const char *const seps[3] = {"/;.", "&=;", "/"};
    for (int g = 0; g < 3; g++) {
        Py_ssize_t c0 = sp->s[groups[g]], c1 = sp->e[groups[g]];
        if (c0 >= 0 && c0 <= a && b <= c1) {
            return (a == c0 || strchr(seps[g], s[a - 1]) != NULL) &&
                   (b == c1 || strchr(seps[g], s[b]) != NULL);
        }
    }
    return 0;
}

/* 1 when what follows the host of the valid ASCII text s[0:n] (spans sp) can
 * give no finding: no path segment starting with ".", no "%" up to the end of
 * the host, and after it only "%XX" that security._percent passes over
 * (printable ASCII other than ".", "/" and "\\") or runs of them with octets
 * above 0x7F that are UTF-8 of quiet characters (what security._check's
 * _shows_plainly lets skip the display checks) or make a whole piece of
 * right-to-left letters (see whole_piece); 0 when the full analysis must
 * decide; -1 on an error */
static int
rest_quiet(AccelObject *self, const uchar *s, Py_ssize_t n, const spans_t *sp)
{
    Py_ssize_t h1 = sp->e[G_HOST];
    if (urikit_has_dots_ascii(s + sp->s[G_PATH], sp->e[G_PATH] - sp->s[G_PATH])) {
        return 0; /* a path segment starting with "." */
    }
    const uchar *end = s + n, *high = NULL;
    for (const uchar *pct = memchr(s, '%', (size_t)n); pct != NULL;
         pct = memchr(pct + 3, '%', (size_t)(end - pct - 3))) {
        if (pct - s < h1) {
            return 0;
        }
        if (notable_pct(pct)) {
            if (!high_pct(pct)) {
                return 0; /* a control, DEL, ".", "/" or "\\" */
            }
            if (high == NULL) {
                high = pct;
            }
        }
    }
    if (high == NULL) {
        return 1;
    }
    /* each run (maximal "%XX%XX...") from the first with a high octet */
    char buf[512];
    const uchar *pct = high;
    while (pct - 3 >= s + h1 && pct[-3] == '%') {
        pct -= 3; /* the start of its run */
    }
    while (pct != NULL) {
        const uchar *start = pct;
        Py_ssize_t len = 0;
        int any_high = 0;
        for (; pct < end && *pct == '%'; pct += 3) {
            if (len == (Py_ssize_t)sizeof(buf)) {
                return 0; /* a run this long: the full analysis */
            }
            any_high |= high_pct(pct);
            buf[len++] = (char)(hexval(pct[1]) << 4 | hexval(pct[2]));
        }
        if (any_high) {
            int kinds = run_kinds(self, buf, len);
            if (kinds <= 0) {
                return kinds;
            }
            if ((kinds & RUN_RTL) &&
                ((kinds & RUN_QUIET) || !whole_piece(s, sp, start - s, pct - s))) {
                return 0; /* right-to-left letters with something else: the display checks */
            }
        }
        pct = pct < end ? memchr(pct, '%', (size_t)(end - pct)) : NULL;
    }
    return 1;
}

/* 1 when the valid ASCII text s[0:n] (spans sp), with no userinfo, no port or an
 * empty one, and a quiet rest, has a "scheme://host" that gives no finding, as
 * security._check._plain_origin says (see above), 0 when the origin memo must
 * decide */
static int
plain_origin(const uchar *s, Py_ssize_t n, const spans_t *sp, const AccelObject *self)
{
    Py_ssize_t h0 = sp->s[G_HOST], h1 = sp->e[G_HOST];
    if (sp->s[G_SCHEME] >= 0 &&
        any_eq_lower(s + sp->s[G_SCHEME], sp->e[G_SCHEME] - sp->s[G_SCHEME],
                     self->check.schemes, self->edge[0])) {
        return 0;
    }
    const uchar *host = s + h0;
    Py_ssize_t len = h1 - h0, last = len;
    if (host[0] == '[') {
        return 0;
    }
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    if (len <= 16 && h0 + 16 <= n) {
        /* the host in one 16-byte step (the text goes on past it): where its
         * last label starts, and each "--" (bit i: "-" at i and i + 1) */
        __m128i v = _mm_loadu_si128((const __m128i *)host);
        unsigned within = (1u << len) - 1;
        unsigned dots = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('.'))) & within;
        unsigned dashes =
            (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('-'))) & within;
        last = dots != 0 ? 32 - __builtin_clz(dots) : 0;
        if (last >= len || !Py_ISALPHA(host[last])) {
            return 0; /* an address form, or a trailing dot's empty label */
        }
        for (unsigned pairs = dashes & (dashes >> 1); pairs != 0; pairs &= pairs - 1) {
            int i = __builtin_ctz(pairs);
            if (i >= 2 && ascii_lower(host[i - 2]) == 'x' && ascii_lower(host[i - 1]) == 'n') {
                return 0; /* "xn--" in any case: an A-label */
            }
        }
    }
    else
#endif
    {
        while (last > 0 && host[last - 1] != '.') {
            last--;
        }
        if (last >= len || !Py_ISALPHA(host[last])) {
            return 0; /* an address form, or a trailing dot's empty label */
        }
        /* "xn--" in any case: an A-label (hyphens are few; memchr finds them) */
        for (const uchar *dash = memchr(host, '-', (size_t)len); dash != NULL;
             dash = memchr(dash + 1, '-', (size_t)(host + len - dash - 1))) {
            if (dash - host >= 2 && dash + 1 < host + len && dash[1] == '-' &&
                ascii_lower(dash[-2]) == 'x' && ascii_lower(dash[-1]) == 'n') {
                return 0;
            }
        }
    }
    return !any_ends_lower(host, len, self->check.local_endings, self->edge[2]) &&
           !any_eq_lower(host, len, self->check.metadata_hosts, self->edge[1]);
}

/* a report (the tuple layout, checked by accelerate; every item written, so
 * nothing zeroed) of text with these findings and blocking ones */
static PyObject *
new_report(AccelObject *self, PyObject *text, PyObject *findings, PyObject *blocking)
{
    PyTupleObject *report = PyObject_GC_NewVar(PyTupleObject, (PyTypeObject *)self->check.report_type, 4);
    if (report == NULL) {
        return NULL;
    }
    report->ob_item[0] = Py_NewRef(text);
    report->ob_item[1] = Py_NewRef(findings);
    report->ob_item[2] = Py_NewRef(blocking);
    report->ob_item[3] = Py_NewRef(self->check.parsed);
    PyObject_GC_Track(report);
    return (PyObject *)report;
}

/* The report of text whose rest is quiet from the origin memo (check.origin_memo:
 * "scheme://host[:port]" -> (findings, blocking, registry version), or None),
 * asking check.origin_verdict (security._check._origin_verdict, which fills the memo) on a
 * miss; Py_None when the full analysis must decide; NULL on an error */
static PyObject *
origin_report(AccelObject *self, PyObject *text, Py_ssize_t origin_end)
{
    PyObject *key = PyUnicode_Substring(text, 0, origin_end);
    if (key == NULL) {
        return NULL;
    }
    PyObject *v = PyDict_GetItemWithError(self->check.origin_memo, key);
    int asked = v == NULL;
    if (v != NULL) {
        Py_INCREF(v);
    }
    else if (!PyErr_Occurred()) {
        v = PyObject_CallOneArg(self->check.origin_verdict, key);
    }
    while (v != NULL && PyTuple_CheckExact(v) && PyTuple_GET_SIZE(v) == 3 &&
           PyTuple_CheckExact(PyTuple_GET_ITEM(v, 0)) &&
           PyTuple_CheckExact(PyTuple_GET_ITEM(v, 1))) {
        /* a verdict of the registry as it is now (a port's findings depend on
         * it); one made before a change is worked out again, once */
        PyObject *version =
            PyObject_GetAttr(self->check.registry, self->check.version_attr);
        int same = version == NULL ? -1
                                   : PyObject_RichCompareBool(version, PyTuple_GET_ITEM(v, 2), Py_EQ);
        Py_XDECREF(version);
        if (same != 0 || asked) {
            PyObject *report =
                same < 0 ? NULL
                : same   ? new_report(self, text, PyTuple_GET_ITEM(v, 0), PyTuple_GET_ITEM(v, 1))
                         : Py_NewRef(Py_None);
            Py_DECREF(v);
            Py_DECREF(key);
            return report;
        }
        Py_DECREF(v);
        asked = 1;
        v = PyObject_CallOneArg(self->check.origin_verdict, key);
    }
    Py_DECREF(key);
    if (v == NULL) {
        return NULL;
    }
    Py_DECREF(v);
    return Py_NewRef(Py_None);
}

PyObject *
urikit_check_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    AccelObject *self = (AccelObject *)op;
    if (kwnames == NULL && PyVectorcall_NARGS(nargsf) == 1 && PyUnicode_CheckExact(args[0]) &&
        UK_READY(args[0]) == 0 && PyUnicode_IS_ASCII(args[0])) {
        PyObject *text = args[0];
        const uchar *s = PyUnicode_1BYTE_DATA(text);
        Py_ssize_t n = PyUnicode_GET_LENGTH(text);
        spans_t sp;
        if (split_ref(s, n, &sp) && sp.e[G_HOST] > sp.s[G_HOST] && sp.s[G_USERINFO] < 0) {
            int quiet = rest_quiet(self, s, n, &sp);
            if (quiet < 0) {
                return NULL;
            }
            if (quiet) {
                if (sp.e[G_PORT] <= sp.s[G_PORT] && plain_origin(s, n, &sp, self)) {
                    const state_t *st = PyType_GetModuleState(Py_TYPE(op));
                    return new_report(self, text, st->empty_tuple, st->empty_tuple);
                }
                PyObject *report = origin_report(self, text, sp.s[G_PATH]);
                if (report != Py_None) {
                    return report; /* or NULL: an error */
                }
                Py_DECREF(report);
            }
        }
    }
    return call_fallback(self, args, nargsf, kwnames);
}
