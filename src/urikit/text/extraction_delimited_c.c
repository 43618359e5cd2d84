/* The delimited forms of the extraction scanner, <...> (and <URL:...>) and
 * "...": candidates._delimited and _join_wrapped in C, for the candidates the
 * scan of extraction_c.c meets at a "<" or '"'.
 */
#include "_extraction.h"

/* text[a:b] is blanks, at most one line break (CRLF, CR or LF) and blanks
 * (candidates._AT_MOST_ONE_BREAK_RE). */
static int
ex_one_break(ex_ctx *cx, Py_ssize_t a, Py_ssize_t b)
{
    Py_ssize_t k = a;
    while (k < b && ex_is_line_blank(EX_READ(cx, k))) {
        k++;
    }
    if (k < b) {
        Py_UCS4 c = EX_READ(cx, k);
        if (c == '\r') {
            k++;
            if (k < b && EX_READ(cx, k) == '\n') {
                k++;
            }
        }
        else if (c == '\n') {
            k++;
        }
        else {
            return 0;
        }
        while (k < b && ex_is_line_blank(EX_READ(cx, k))) {
            k++;
        }
    }
    return k == b;
}

/* candidates._join_wrapped over the body text[a:b] (ASCII and no-break
 * spaces, some whitespace): 1 with *uri (and *alt, the reading without each
 * hyphen before whitespace, or NULL) set, 0 when the whitespace rules say no
 * URI, -1 error. */
static int
ex_join(ex_ctx *cx, Py_ssize_t a, Py_ssize_t b, PyObject **uri, PyObject **alt)
{
    *uri = *alt = NULL;
    Py_ssize_t colon = -1, kept = 0, hyphens = 0;
    for (Py_ssize_t k = a; k < b; k++) {
        Py_UCS4 c = EX_READ(cx, k);
        if (ex_space(c, UK_EXS_BAD)) {
            return 0; /* _BAD_WS_RE */
        }
        if (ex_is_break(c)) {
            Py_ssize_t q = k + 1;
            if (c == '\r' && q < b && EX_READ(cx, q) == '\n') {
                q++;
            }
            while (q < b && ex_is_line_blank(EX_READ(cx, q))) {
                q++;
            }
            if (q < b && ex_is_break(EX_READ(cx, q))) {
                return 0; /* a blank line */
            }
        }
        if (c == ':' && colon < 0) {
            colon = k;
        }
        if (!ex_is_ws(c)) {
            kept++;
            if (c == '-' && k + 1 < b && ex_is_ws(EX_READ(cx, k + 1))) {
                hyphens++;
            }
        }
    }
    if (colon > a) {
        /* _UNBROKEN_RUN_RE in text[a:colon]: a run of blanks with neither a line
         * break nor more blanks beside it */
        for (Py_ssize_t k = a; k < colon; k++) {
            if (!ex_is_line_blank(EX_READ(cx, k))) {
                continue;
            }
            Py_ssize_t r = k;
            while (r < colon && ex_is_line_blank(EX_READ(cx, r))) {
                r++;
            }
            Py_UCS4 before = k > a ? EX_READ(cx, k - 1) : 'x';
            Py_UCS4 after = r < colon ? EX_READ(cx, r) : 'x';
            if (!ex_is_break(before) && !ex_is_break(after)) {
                return 0; /* words before a colon: prose */
            }
            k = r;
        }
    }
    *uri = PyUnicode_New(kept, 127);
    if (*uri == NULL) {
        return -1;
    }
    Py_UCS1 *o = PyUnicode_1BYTE_DATA(*uri);
    for (Py_ssize_t k = a; k < b; k++) {
        Py_UCS4 c = EX_READ(cx, k);
        if (!ex_is_ws(c)) {
            *o++ = (Py_UCS1)c;
        }
    }
    if (hyphens) {
        *alt = PyUnicode_New(kept - hyphens, 127);
        if (*alt == NULL) {
            Py_CLEAR(*uri);
            return -1;
        }
        o = PyUnicode_1BYTE_DATA(*alt);
        for (Py_ssize_t k = a; k < b; k++) {
            Py_UCS4 c = EX_READ(cx, k);
            if (ex_is_ws(c) || (c == '-' && k + 1 < b && ex_is_ws(EX_READ(cx, k + 1)))) {
                continue;
            }
            *o++ = (Py_UCS1)c;
        }
    }
    return 1;
}

/* The checks of _delimited on the joined uri (an ASCII str): 1 a URI that
 * counts, 0 not, 2 for Python, -1 error. */
static int
ex_check_delimited(ex_ctx *cx, PyObject *uri, int angle)
{
    const Py_UCS1 *u = PyUnicode_1BYTE_DATA(uri);
    Py_ssize_t b = PyUnicode_GET_LENGTH(uri);
    if (b == 0 || !IS(u[0], UK_ALPHA)) {
        return 0;
    }
    Py_ssize_t m = 1;
    while (m < b && IS(u[m], UK_SCHEME)) {
        m++;
    }
    if (m >= b || u[m] != ':' || (m + 1 < b && u[m + 1] == ':')) {
        return 0;
    }
    if (!angle) {
        int slashes = m + 2 < b && u[m + 1] == '/' && u[m + 2] == '/';
        if (!slashes) {
            int r = urikit_ex_in_prose_at(cx, PyUnicode_1BYTE_KIND, u, 0, m);
            if (r != 1) {
                return r;
            }
        }
        if (b < m + 1 + (slashes ? 3 : 1)) {
            return 0;
        }
    }
    return urikit_ex_is_valid(uri);
}

/* A quote whose content text[i + 1:j] holds whitespace: 0 when the content,
 * once joined, cannot count (a scheme without whitespace, not a prose scheme,
 * and no "/" after the colon, so no "//" either: prose such as
 * "Note: this"), else 2 (Python judges). */
static int
ex_quote_prose(ex_ctx *cx, Py_ssize_t i, Py_ssize_t j)
{
    Py_ssize_t m = i + 1;
    if (m >= j || !IS(EX_READ(cx, m), UK_ALPHA)) {
        return 2;
    }
    while (m < j && IS(EX_READ(cx, m), UK_SCHEME)) {
        m++;
    }
    if (m < j && ex_is_blank(EX_READ(cx, m))) {
        /* blanks in the scheme: unless a line breaks there, words before a colon
         * (_join_wrapped's unbroken run), no URI */
        for (; m < j && EX_READ(cx, m) != ':'; m++) {
            Py_UCS4 c = EX_READ(cx, m);
            if (ex_is_break(c) || !(IS(c, UK_SCHEME) || ex_is_blank(c))) {
                return 2;
            }
        }
        return 0;
    }
    if (m >= j || EX_READ(cx, m) != ':') {
        return 2;
    }
    Py_ssize_t q = m + 1;
    while (q < j && ex_is_ws(EX_READ(cx, q))) {
        q++;
    }
    if (q < j && EX_READ(cx, q) == '/') {
        return 2;
    }
    int r = ex_in_prose(cx, i + 1, m);
    return r == 0 ? 0 : (r < 0 ? -1 : 2);
}

/* Whether text[p:b] starts with prose._URL_PREFIX: as written (the candidate
 * expression's look-ahead) or, with any_case, in any case (_delimited). */
static int
ex_has_prefix(ex_ctx *cx, Py_ssize_t p, Py_ssize_t b, int any_case)
{
    if (b - p < UK_EX_URL_PREFIX_LEN) {
        return 0;
    }
    for (int k = 0; k < UK_EX_URL_PREFIX_LEN; k++) {
        Py_UCS4 c = EX_READ(cx, p + k), want = (uchar)UK_EX_URL_PREFIX[k];
        if (any_case && c < 128 && IS(c, UK_ALPHA)) {
            c |= 0x20;
            want |= 0x20;
        }
        if (c != want) {
            return 0;
        }
    }
    return 1;
}

/* The candidate "<" or '"' at i (candidates._judge and _delimited): as ex_bare. */
int
urikit_ex_delimited(ex_ctx *cx, Py_ssize_t i, int angle, Py_ssize_t *end)
{
    Py_ssize_t n = cx->n, j = i + 1;
    /* the look-ahead of the candidate expression */
    if (angle) {
        while (j < n && ex_is_blank(EX_READ(cx, j))) {
            j++;
        }
        if (ex_has_prefix(cx, j, n, 0)) {
            j += UK_EX_URL_PREFIX_LEN;
            while (j < n && ex_is_blank(EX_READ(cx, j))) {
                j++;
            }
        }
    }
    if (j >= n || !IS(EX_READ(cx, j), UK_ALPHA)) {
        return 0;
    }
    for (j++; j < n; j++) {
        Py_UCS4 c = EX_READ(cx, j);
        if (!IS(c, UK_SCHEME) && !ex_is_blank(c)) {
            break;
        }
    }
    if (j >= n || EX_READ(cx, j) != ':') {
        return 0;
    }
    Py_UCS4 close = angle ? '>' : '"';
    for (j++; j < n; j++) {
        Py_UCS4 c = EX_READ(cx, j);
        if (c == close) {
            break;
        }
        if (angle && c == '<') {
            return 0;
        }
    }
    if (j >= n) {
        return 0;
    }
    /* the content text[i + 1:j] (_delimited): non-ASCII other than the no-break
     * space inside is for Python */
    int spaced = 0;
    for (Py_ssize_t p = i + 1; p < j; p++) {
        Py_UCS4 c = EX_READ(cx, p);
        if (c >= 0x80 && !ex_is_ws(c)) {
            return angle ? 2 : ex_quote_prose(cx, i, j);
        }
        spaced |= ex_is_ws(c);
    }
    Py_ssize_t a = i + 1, b = j;
    PyObject *wrapper = cx->wrappers[angle ? EX_ANGLE : EX_QUOTE];
    if (angle) {
        Py_ssize_t p = a;
        while (p < b && ex_is_ws(EX_READ(cx, p))) {
            p++;
        }
        if (!ex_one_break(cx, a, p)) {
            return 0;
        }
        if (ex_has_prefix(cx, p, b, 1)) {
            wrapper = cx->wrappers[EX_URL];
            Py_ssize_t q = p + UK_EX_URL_PREFIX_LEN;
            p = q;
            while (p < b && ex_is_ws(EX_READ(cx, p))) {
                p++;
            }
            if (!ex_one_break(cx, q, p)) {
                return 0;
            }
        }
        Py_ssize_t q = b;
        while (q > p && ex_is_ws(EX_READ(cx, q - 1))) {
            q--;
        }
        if (!ex_one_break(cx, q, b)) {
            return 0;
        }
        a = p;
        b = q;
    }
    else if (spaced && (ex_is_ws(EX_READ(cx, a)) || ex_is_ws(EX_READ(cx, b - 1)))) {
        return 0; /* whitespace just inside quotes */
    }
    PyObject *uri, *alt = NULL;
    if (!spaced) {
        uri = PyUnicode_Substring(cx->text, a, b);
        if (uri == NULL) {
            return -1;
        }
    }
    else {
        int r = ex_join(cx, a, b, &uri, &alt);
        if (r <= 0) {
            return r;
        }
    }
    int r = ex_check_delimited(cx, uri, angle);
    if (r == 1 && alt != NULL) {
        if (PyUnicode_Compare(alt, uri) == 0 || !urikit_ex_is_valid(alt)) {
            Py_CLEAR(alt);
        }
    }
    if (r != 1) {
        Py_DECREF(uri);
        Py_XDECREF(alt);
        return r;
    }
    PyObject *alternatives = NULL;
    if (alt != NULL) {
        alternatives = PyTuple_Pack(1, alt);
        Py_DECREF(alt);
        if (alternatives == NULL) {
            Py_DECREF(uri);
            return -1;
        }
    }
    *end = j + 1;
    return urikit_ex_emit_full(cx, uri, i, j + 1, wrapper, alternatives, 0) < 0 ? -1 : 1;
}
