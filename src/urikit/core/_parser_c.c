/* The RFC 3986 parser of urikit.core._parser: the URI-reference grammar over ASCII
 * (urikit_split_ascii), split_text (which tries the fast scanner of
 * _parser_fast_c.c first), locate_error, and the SpanRecord type (the text and its spans stored inline)
 * that every parsed reference of a C build is.
 */
#include "_parser_c.h"
#include "_rules.h"

/* ------------------------------------------------------------------ parser */

/* *( <mask> / pct-encoded ) from i; returns the end of the run. */
static Py_ssize_t
run(const uchar *s, Py_ssize_t n, Py_ssize_t i, uint32_t mask)
{
    while (i < n) {
        uchar c = s[i];
        if (IS(c, mask)) {
            i++;
        }
        else if (c == '%' && i + 2 < n && ISHEX(s[i + 1]) && ISHEX(s[i + 2])) {
            i += 3;
        }
        else {
            break;
        }
    }
    return i;
}

/* IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet, all of s[a:b]. */
static int
ipv4(const uchar *s, Py_ssize_t a, Py_ssize_t b)
{
    Py_ssize_t i = a;
    for (int part = 0; part < 4; part++) {
        Py_ssize_t j = i;
        int value = 0;
        while (j < b && j - i < 3 && s[j] >= '0' && s[j] <= '9') {
            value = value * 10 + (s[j] - '0');
            j++;
        }
        if (j == i || (j - i > 1 && s[i] == '0') || value > 255) {
            return 0;
        }
        if (part < 3) {
            if (j >= b || s[j] != '.') {
                return 0;
            }
            i = j + 1;
        }
        else if (j != b) {
            return 0;
        }
    }
    return 1;
}

/* h16 *( ":" h16 ) over all of s[a:b] (a < b), the last piece optionally an
 * IPv4address (counting two pieces) when allow4. Returns the piece count or -1. */
static Py_ssize_t
h16_pieces(const uchar *s, Py_ssize_t a, Py_ssize_t b, int allow4)
{
    Py_ssize_t count = 0, i = a;
    for (;;) {
        Py_ssize_t m = i;
        int dot = 0;
        while (m < b && s[m] != ':') {
            if (s[m] == '.') {
                dot = 1;
            }
            m++;
        }
        if (dot) {
            if (!allow4 || m != b || !ipv4(s, i, m)) {
                return -1;
            }
            return count + 2;
        }
        if (m - i < 1 || m - i > 4) {
            return -1;
        }
        for (Py_ssize_t k = i; k < m; k++) {
            if (!ISHEX(s[k])) {
                return -1;
            }
        }
        if (++count > 8) {
            return -1;
        }
        if (m == b) {
            return count;
        }
        i = m + 1;
        if (i == b) {
            return -1;
        }
    }
}

/* IPv6address (RFC 3986 section 3.2.2) over all of s[a:b]: eight pieces, or at
 * most seven with a single "::"; an IPv4address may stand for the last two. */
static int
ipv6(const uchar *s, Py_ssize_t a, Py_ssize_t b)
{
    Py_ssize_t dc = -1;
    for (Py_ssize_t k = a; k + 1 < b; k++) {
        if (s[k] == ':' && s[k + 1] == ':') {
            dc = k;
            break;
        }
    }
    if (dc < 0) {
        return a < b && h16_pieces(s, a, b, 1) == 8;
    }
    Py_ssize_t left = dc == a ? 0 : h16_pieces(s, a, dc, 0);
    if (left < 0) {
        return 0;
    }
    Py_ssize_t right = dc + 2 == b ? 0 : h16_pieces(s, dc + 2, b, 1);
    if (right < 0) {
        return 0;
    }
    return left + right <= 7;
}

/* IP-literal = "[" ( IPv6address / IPvFuture ) "]"; s[i] == '['. Returns the
 * index after ']' or -1. */
static Py_ssize_t
ip_literal(const uchar *s, Py_ssize_t n, Py_ssize_t i)
{
    Py_ssize_t close = i + 1;
    while (close < n && s[close] != ']') {
        close++;
    }
    if (close == n) {
        return -1;
    }
    Py_ssize_t a = i + 1, b = close;
    if (a < b && (s[a] == 'v' || s[a] == 'V')) {
        /* IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ) */
        Py_ssize_t j = a + 1;
        while (j < b && ISHEX(s[j])) {
            j++;
        }
        if (j == a + 1 || j >= b || s[j] != '.') {
            return -1;
        }
        j++;
        if (j >= b) {
            return -1;
        }
        for (; j < b; j++) {
            if (!IS(s[j], UK_IPVFUTURE_TAIL)) {
                return -1;
            }
        }
        return close + 1;
    }
    return ipv6(s, a, b) ? close + 1 : -1;
}

/* URI-reference (RFC 3986 Appendix A) over ASCII s[0:n]. Fills sp and returns
 * 1, or returns 0 when s is not a URI-reference. Reads exactly like the
 * reference regular expression in _parser.py. On 0, sp holds what was read and
 * sp->e[G_ALL] where the reading stopped: the character the expression without
 * its final \Z stops at, or -1 when an IP literal failed. */
int
urikit_split_ascii(const uchar *s, Py_ssize_t n, spans_t *sp)
{
    for (int g = 0; g < NG; g++) {
        sp->s[g] = sp->e[g] = -1;
    }
    Py_ssize_t pos = 0, p0;
    int has_scheme = 0;
    if (n > 0 && IS(s[0], UK_ALPHA)) {
        Py_ssize_t j = 1;
        while (j < n && IS(s[j], UK_SCHEME)) {
            j++;
        }
        if (j < n && s[j] == ':') {
            sp->s[G_SCHEME] = 0;
            sp->e[G_SCHEME] = j;
            pos = j + 1;
            has_scheme = 1;
        }
    }
    if (pos + 1 < n && s[pos] == '/' && s[pos + 1] == '/') {
        Py_ssize_t a0 = pos + 2, i = a0, k;
        Py_ssize_t u = run(s, n, a0, UK_USERINFO);
        if (u < n && s[u] == '@') {
            sp->s[G_USERINFO] = a0;
            sp->e[G_USERINFO] = u;
            i = u + 1;
        }
        if (i < n && s[i] == '[') {
            k = ip_literal(s, n, i);
            if (k < 0) {
                return 0;
            }
        }
        else {
            k = run(s, n, i, UK_REG_NAME);
        }
        sp->s[G_HOST] = i;
        sp->e[G_HOST] = k;
        if (k < n && s[k] == ':') {
            Py_ssize_t m = k + 1;
            while (m < n && s[m] >= '0' && s[m] <= '9') {
                m++;
            }
            sp->s[G_PORT] = k + 1;
            sp->e[G_PORT] = m;
            k = m;
        }
        sp->s[G_AUTHORITY] = a0;
        sp->e[G_AUTHORITY] = k;
        pos = p0 = k;
        if (pos < n && s[pos] == '/') {
            pos = run(s, n, pos + 1, UK_PATH);
        }
    }
    else if (has_scheme) {
        p0 = pos;
        pos = run(s, n, pos, UK_PATH);
    }
    else {
        p0 = pos;
        pos = run(s, n, pos, UK_PCHAR_NC);
        if (pos < n && s[pos] == '/') {
            pos = run(s, n, pos + 1, UK_PATH);
        }
    }
    sp->s[G_PATH] = p0;
    sp->e[G_PATH] = pos;
    if (pos < n && s[pos] == '?') {
        sp->s[G_QUERY] = pos + 1;
        pos = sp->e[G_QUERY] = run(s, n, pos + 1, UK_QUERY);
    }
    if (pos < n && s[pos] == '#') {
        sp->s[G_FRAGMENT] = pos + 1;
        pos = sp->e[G_FRAGMENT] = run(s, n, pos + 1, UK_FRAGMENT);
    }
    if (pos != n) {
        sp->e[G_ALL] = pos; /* where it stopped: see locate_error */
        return 0;
    }
    sp->s[G_ALL] = 0;
    sp->e[G_ALL] = n;
    return 1;
}

int
urikit_rule_code(const state_t *st, PyObject *rule)
{
    if (rule == NULL || (st != NULL && rule == st->str_uri_reference)) {
        return RULE_REF;
    }
    if (!PyUnicode_Check(rule)) {
        return RULE_UNKNOWN;
    }
    for (int code = 0; code < NRULES; code++) {
        if (PyUnicode_CompareWithASCIIString(rule, RULE_NAMES[code]) == 0) {
            return code; /* RULE_NAMES: generated from _parser.RULES */
        }
    }
    return RULE_UNKNOWN;
}


/* The whole split of _parser.split_py: 1 valid, 0 invalid, -1 error set
 * (an unknown rule, raised only for a text that matches, as in Python). */
int
urikit_split_text(const state_t *st, PyObject *text, PyObject *rule, spans_t *sp)
{
    if (UK_READY(text) < 0) {
        return -1;
    }
    if (!PyUnicode_IS_ASCII(text)) {
        return 0; /* every RFC 3986 character is ASCII */
    }
    const uchar *s = PyUnicode_1BYTE_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    if (!split_ref(s, n, sp)) {
        return 0;
    }
    int holds = urikit_rule_holds(urikit_rule_code(st, rule), sp);
    if (holds < 0) {
        PyErr_Format(PyExc_ValueError, UK_UNKNOWN_RULE_FMT, rule);
    }
    return holds;
}

/* _parser.locate_error in C: the first error of a text that is not a
 * URI-reference, read off where urikit_split_ascii stops. Returns 1 with *reason,
 * *component (W_* indexes) and *position set; 0 when that reading cannot tell
 * (a valid text, an error in an IP literal or in an authority whose "@" the
 * reading did not reach: find_error decides); -1 with an exception set. A text
 * that is not 1-byte data is read up to its first non-ASCII character (urikit_split_ascii
 * stops there at the latest, as the expression does), with that character
 * replaced by 0x80, which no class holds. Its comments say why the answer is
 * find_error's; the tests hold the three equal. */
static Py_ALWAYS_INLINE inline int
locate_at(int kind, const void *data, Py_ssize_t n, const spans_t *sp, int *reason,
          int *component, Py_ssize_t *position)
{
    Py_ssize_t p = sp->e[G_ALL];
    if (p < 0 || p >= n) {
        return 0;
    }
#define AT(i) PyUnicode_READ(kind, data, (i))
    Py_UCS4 c = AT(p);
    int where;
    if (p == sp->e[G_AUTHORITY]) { /* stopped in the authority, at c (not "/?#") */
        Py_ssize_t h0 = sp->s[G_HOST];
        if (h0 < n && AT(h0) == '[') {
            return 0; /* IP literals: find_error words their errors */
        }
        if (sp->s[G_USERINFO] < 0) {
            /* find_error reads a userinfo up to an "@" before the authority's end */
            for (Py_ssize_t k = p; k < n; k++) {
                Py_UCS4 d = AT(k);
                if (d == '/' || d == '?' || d == '#') {
                    break;
                }
                if (d == '@') {
                    return 0;
                }
            }
        }
        if (sp->s[G_PORT] >= 0) {
            *reason = W_INVALID_CHAR;
            *component = W_PORT;
            *position = p;
            return 1;
        }
        where = W_HOST;
    }
    else if (sp->s[G_FRAGMENT] >= 0) {
        where = W_FRAGMENT;
    }
    else if (sp->s[G_QUERY] >= 0) {
        where = W_QUERY;
    }
    else {
        where = W_PATH;
        if (c == ':' && sp->s[G_SCHEME] < 0 && sp->s[G_AUTHORITY] < 0) {
            Py_ssize_t k = 0;
            while (k < p && AT(k) != '/') {
                k++;
            }
            if (k == p) {
                *reason = W_COLON_IN_FIRST_SEGMENT;
                *component = W_PATH;
                *position = p;
                return 1;
            }
        }
    }
    *component = where;
    if (c == '%') { /* the first character after it that is not a HEXDIG */
        *reason = W_BAD_PERCENT;
        *position = p + 1 < n && AT(p + 1) < 128 && ISHEX(AT(p + 1)) ? p + 2 : p + 1;
    }
    else {
        *reason = W_INVALID_CHAR;
        *position = p;
    }
    return 1;
#undef AT
}

/* locate_at, with the reads of 1-byte text (the parse kernels' case) compiled
 * apart from those of any kind. */
int
urikit_locate_in(int kind, const void *data, Py_ssize_t n, const spans_t *sp, int *reason,
          int *component, Py_ssize_t *position)
{
    if (kind == PyUnicode_1BYTE_KIND) {
        return locate_at(PyUnicode_1BYTE_KIND, data, n, sp, reason, component, position);
    }
    return locate_at(kind, data, n, sp, reason, component, position);
}

/* locate_in after urikit_split_ascii's reading of any str (see above). */
int
urikit_locate_error(PyObject *text, int *reason, int *component, Py_ssize_t *position)
{
    if (UK_READY(text) < 0) {
        return -1;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    spans_t sp;
    int valid;
    if (kind == PyUnicode_1BYTE_KIND) {
        valid = urikit_split_ascii((const uchar *)data, n, &sp);
    }
    else {
        Py_ssize_t q = 0;
        while (q < n && PyUnicode_READ(kind, data, q) < 128) {
            q++;
        }
        uchar small[256], *buf = q < (Py_ssize_t)sizeof(small) ? small : PyMem_Malloc((size_t)q + 1);
        if (buf == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (Py_ssize_t i = 0; i < q; i++) {
            buf[i] = (uchar)PyUnicode_READ(kind, data, i);
        }
        buf[q] = 0x80;
        valid = urikit_split_ascii(buf, q < n ? q + 1 : n, &sp);
        if (buf != small) {
            PyMem_Free(buf);
        }
    }
    if (valid) {
        return 0;
    }
    return urikit_locate_in(kind, data, n, &sp, reason, component, position);
}

/* locate_error's answer as _parser.locate_error gives it: (reason, component,
 * position), or None; NULL with an exception set. */
static PyObject *
located_tuple(const state_t *st, PyObject *text)
{
    int reason, component;
    Py_ssize_t position;
    int found = urikit_locate_error(text, &reason, &component, &position);
    if (found < 0) {
        return NULL;
    }
    if (!found) {
        Py_RETURN_NONE;
    }
    return Py_BuildValue("(OOn)", st->words[reason], st->words[component], position);
}

/* The spans as Python reads them: a tuple of NG (start, end) pairs; an absent
 * group's pair is ``none_pair`` (the module's shared (-1, -1)) when given, else
 * a new one. */
static PyObject *
build_spans(const spans_t *sp, PyObject *none_pair)
{
    PyObject *t = PyTuple_New(NG);
    if (t == NULL) {
        return NULL;
    }
    for (int g = 0; g < NG; g++) {
        PyObject *pair;
        if (sp->s[g] < 0 && none_pair != NULL) {
            pair = Py_NewRef(none_pair);
        }
        else {
            PyObject *a = PyLong_FromSsize_t(sp->s[g]);
            PyObject *b = a ? PyLong_FromSsize_t(sp->e[g]) : NULL;
            pair = b ? PyTuple_New(2) : NULL;
            if (pair == NULL) {
                Py_XDECREF(a);
                Py_XDECREF(b);
                Py_DECREF(t);
                return NULL;
            }
            PyTuple_SET_ITEM(pair, 0, a);
            PyTuple_SET_ITEM(pair, 1, b);
        }
        PyTuple_SET_ITEM(t, g, pair);
    }
    return t;
}

PyObject *
urikit_spans_tuple(const state_t *st, const spans_t *sp)
{
    return build_spans(sp, st->none_pair);
}

/* ------------------------------------------------------------ SpanRecord
 *
 * The layout of every parsed reference in a C build: the text and the spans
 * of its nine groups stored inline (one allocation, not a tuple of nine
 * pairs), untracked by the cyclic GC (a str cannot hold a cycle). The
 * component getters below slice ``text`` by the inline spans when they are
 * read: components are lazy views over one string and its offsets. Python
 * sees the two attributes of the pure-Python SpanRecord (urikit.core._accel):
 * ``_text`` (a str) and ``_sp``, the tuple of (start, end) pairs that
 * _parser.split returns, built when read and unpacked when set. */

static void
record_dealloc(PyObject *self)
{
    PyTypeObject *tp = Py_TYPE(self);
    Py_XDECREF(((RecordObject *)self)->text);
    tp->tp_free(self);
    Py_DECREF(tp);
}

int
urikit_is_record_type(PyTypeObject *type)
{
    /* a SpanRecord of any instance of this module, or a subclass of one */
    for (PyTypeObject *t = type; t != NULL; t = t->tp_base) {
        if (t->tp_dealloc == record_dealloc) {
            return type->tp_basicsize == (Py_ssize_t)sizeof(RecordObject) &&
                   type->tp_itemsize == 0 && type->tp_dictoffset == 0 &&
                   type->tp_weaklistoffset == 0 && type->tp_alloc == PyType_GenericAlloc &&
#ifdef Py_TPFLAGS_MANAGED_WEAKREF
                   !PyType_HasFeature(type, Py_TPFLAGS_MANAGED_WEAKREF) &&
#endif
#ifdef Py_TPFLAGS_MANAGED_DICT
                   !PyType_HasFeature(type, Py_TPFLAGS_MANAGED_DICT) &&
#endif
                   1;
        }
    }
    return 0;
}

/* What reading an unset slot raises, in the running version's words (3.13
 * names the type by its fully qualified name, %T). */
static PyObject *
record_missing(PyObject *self, const char *name)
{
#if PY_VERSION_HEX >= 0x030D0000
    PyErr_Format(PyExc_AttributeError, "'%T' object has no attribute '%s'", self, name);
#else
    PyErr_Format(PyExc_AttributeError, "'%.200s' object has no attribute '%s'",
                 Py_TYPE(self)->tp_name, name);
#endif
    return NULL;
}

static PyObject *
record_get_text(PyObject *self, void *closure)
{
    (void)closure;
    PyObject *text = ((RecordObject *)self)->text;
    return text != NULL ? Py_NewRef(text) : record_missing(self, "_text");
}

static int
record_set_text(PyObject *self, PyObject *value, void *closure)
{
    (void)closure;
    RecordObject *r = (RecordObject *)self;
    if (value == NULL) {
        if (r->text == NULL) {
            record_missing(self, "_text");
            return -1;
        }
        Py_CLEAR(r->text);
        return 0;
    }
    if (!PyUnicode_Check(value)) {
        PyErr_Format(PyExc_TypeError, "SpanRecord._text must be str, not %.100s",
                     Py_TYPE(value)->tp_name);
        return -1;
    }
    Py_XSETREF(r->text, Py_NewRef(value));
    return 0;
}

static PyObject *
record_get_sp(PyObject *self, void *closure)
{
    (void)closure;
    RecordObject *r = (RecordObject *)self;
    if (!r->has_sp) {
        return record_missing(self, "_sp");
    }
    /* no module state at hand (the getter serves Python subclasses too): the
     * absent groups' pairs are made, equal to the shared one */
    return build_spans(&r->sp, NULL);
}

static int
record_set_sp(PyObject *self, PyObject *value, void *closure)
{
    (void)closure;
    RecordObject *r = (RecordObject *)self;
    if (value == NULL) {
        if (!r->has_sp) {
            record_missing(self, "_sp");
            return -1;
        }
        r->has_sp = 0;
        return 0;
    }
    spans_t sp;
    int ok = PyTuple_Check(value) && PyTuple_GET_SIZE(value) == NG;
    for (int g = 0; ok && g < NG; g++) {
        PyObject *pair = PyTuple_GET_ITEM(value, g);
        ok = PyTuple_Check(pair) && PyTuple_GET_SIZE(pair) == 2 &&
             PyLong_Check(PyTuple_GET_ITEM(pair, 0)) && PyLong_Check(PyTuple_GET_ITEM(pair, 1));
        if (ok) {
            sp.s[g] = PyLong_AsSsize_t(PyTuple_GET_ITEM(pair, 0));
            sp.e[g] = PyLong_AsSsize_t(PyTuple_GET_ITEM(pair, 1));
            if ((sp.s[g] == -1 || sp.e[g] == -1) && PyErr_Occurred()) {
                return -1;
            }
        }
    }
    if (!ok) {
        PyErr_SetString(PyExc_TypeError,
                        "SpanRecord._sp must be a tuple of 9 (start, end) pairs of int");
        return -1;
    }
    r->sp = sp;
    r->has_sp = 1;
    return 0;
}

static PyGetSetDef record_getset[] = {
    {"_text", record_get_text, record_set_text, "The text.", NULL},
    {"_sp", record_get_sp, record_set_sp,
     "The (start, end) pair of each group, (-1, -1) when undefined.", NULL},
    {NULL},
};

static PyType_Slot record_slots[] = {
    {Py_tp_dealloc, record_dealloc},
    {Py_tp_getset, record_getset},
    {Py_tp_doc, "A text and the spans of its parts (urikit.core._accel.SpanRecord, in C)."},
    {0, NULL},
};

PyType_Spec urikit_record_spec = {
    .name = "urikit.core._speedups.SpanRecord",
    .basicsize = sizeof(RecordObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_IMMUTABLETYPE,
    .slots = record_slots,
};


PyObject *
urikit_sp_locate_error(PyObject *module, PyObject *text)
{
    if (!PyUnicode_Check(text)) {
        return type_error("locate_error(text): text must be str");
    }
    return located_tuple(module_state(module), text);
}
