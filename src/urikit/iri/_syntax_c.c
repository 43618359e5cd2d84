/* The IRI helpers of urikit.iri._syntax: iri_stand_in and iri_pct_encode, two
 * linear passes, each the twin of a Python function that stays the reference.
 */
#include "_syntax_c.h"

/* Tests compare each with its Python twin on every code point. Neither touches
 * the parse kernel. */

/* ucschar less the bidi formatting characters: uk_iri_ucschar, generated into
 * _tables.h from urikit.iri._syntax.UCSCHAR_RANGES and BIDI_FORMATTING. */

/* The str argument of a kernel: its length, kind and data. */
typedef struct {
    Py_ssize_t n;
    int kind;
    const void *data;
} text_t;

/* text read into t, or -1 with the TypeError of the kernel who when it is not a str. */
static int
text_arg(PyObject *text, const char *who, text_t *t)
{
    if (!PyUnicode_Check(text)) {
        PyErr_Format(PyExc_TypeError, "%s(text): text must be a str", who);
        return -1;
    }
    t->n = PyUnicode_GET_LENGTH(text);
    t->kind = PyUnicode_KIND(text);
    t->data = PyUnicode_DATA(text);
    return 0;
}

/* iri_stand_in(text) -> str | None: text with every ucschar replaced by "_"
 * (urikit.iri._syntax.stand_in) when every non-ASCII character of text is
 * ucschar; None otherwise (Python takes those texts). */
PyObject *
urikit_sp_iri_stand_in(PyObject *module, PyObject *text)
{
    text_t t;
    if (text_arg(text, "iri_stand_in", &t) < 0) {
        return NULL;
    }
    PyObject *out = PyUnicode_New(t.n, 127);
    if (out == NULL) {
        return NULL;
    }
    Py_UCS1 *o = PyUnicode_1BYTE_DATA(out);
    for (Py_ssize_t i = 0; i < t.n; i++) {
        Py_UCS4 c = PyUnicode_READ(t.kind, t.data, i);
        if (c < 0x80) {
            o[i] = (Py_UCS1)c;
        }
        else if (uk_iri_ucschar(c)) {
            o[i] = '_';
        }
        else {
            Py_DECREF(out);
            Py_RETURN_NONE;
        }
    }
    return out;
}

/* iri_pct_encode(text) -> str | None: text with every non-ASCII character as the
 * percent-encoded octets (uppercase hex) of its UTF-8 form, the rest kept
 * (urikit.iri.to_uri's last step); None when text holds a surrogate. */
PyObject *
urikit_sp_iri_pct_encode(PyObject *module, PyObject *text)
{
    text_t t;
    if (text_arg(text, "iri_pct_encode", &t) < 0) {
        return NULL;
    }
    Py_ssize_t size = 0;
    for (Py_ssize_t i = 0; i < t.n; i++) {
        Py_UCS4 c = PyUnicode_READ(t.kind, t.data, i);
        if (c >= 0xD800 && c <= 0xDFFF) {
            Py_RETURN_NONE;
        }
        size += c < 0x80 ? 1 : c < 0x800 ? 6 : c < 0x10000 ? 9 : 12;
    }
    PyObject *out = PyUnicode_New(size, 127);
    if (out == NULL) {
        return NULL;
    }
    Py_UCS1 *o = PyUnicode_1BYTE_DATA(out);
    for (Py_ssize_t i = 0; i < t.n; i++) {
        Py_UCS4 c = PyUnicode_READ(t.kind, t.data, i);
        unsigned char b[4];
        int k;
        if (c < 0x80) {
            *o++ = (Py_UCS1)c;
            continue;
        }
        if (c < 0x800) {
            b[0] = (unsigned char)(0xC0 | (c >> 6));
            b[1] = (unsigned char)(0x80 | (c & 0x3F));
            k = 2;
        }
        else if (c < 0x10000) {
            b[0] = (unsigned char)(0xE0 | (c >> 12));
            b[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
            b[2] = (unsigned char)(0x80 | (c & 0x3F));
            k = 3;
        }
        else {
            b[0] = (unsigned char)(0xF0 | (c >> 18));
            b[1] = (unsigned char)(0x80 | ((c >> 12) & 0x3F));
            b[2] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
            b[3] = (unsigned char)(0x80 | (c & 0x3F));
            k = 4;
        }
        for (int j = 0; j < k; j++) {
            *o++ = '%';
            *o++ = (Py_UCS1)uk_hexup[b[j] >> 4];
            *o++ = (Py_UCS1)uk_hexup[b[j] & 0xF];
        }
    }
    return out;
}
