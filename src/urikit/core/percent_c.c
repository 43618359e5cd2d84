/* urikit.percent in C: percent_encode and percent_decode with UTF-8 and
 * errors="strict"; every other call is the Python function's.
 */
#include "percent_c.h"

/* ------------------------------------------------------------ percent-coding */

static uint32_t
component_mask(PyObject *component)
{
    if (PyUnicode_Check(component)) {
        for (const uk_component *c = uk_components; c->name; c++) {
            if (PyUnicode_CompareWithASCIIString(component, c->name) == 0) {
                return c->safe;
            }
        }
    }
    PyErr_Format(PyExc_ValueError, UK_UNKNOWN_COMPONENT_FMT, component);
    return 0;
}

/* percent_encode(text, component) with UTF-8, errors="strict": the encoded
 * str, or the int index of the first character UTF-8 cannot encode (a lone
 * surrogate), from which Python builds the URIError. */
PyObject *
urikit_sp_percent_encode(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyUnicode_Check(args[0])) {
        return type_error("percent_encode(text: str, component: str)");
    }
    PyObject *text = args[0];
    uint32_t mask = component_mask(args[1]);
    if (mask == 0) {
        return NULL;
    }
    if (UK_READY(text) < 0) {
        return NULL;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), size = 0, first = -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (IS(c, mask)) {
            size += 1;
            continue;
        }
        if (c >= 0xD800 && c <= 0xDFFF) {
            return PyLong_FromSsize_t(i);
        }
        if (first < 0) {
            first = i;
        }
        size += c < 0x80 ? 3 : c < 0x800 ? 6 : c < 0x10000 ? 9 : 12;
    }
    if (first < 0) {
        return Py_NewRef(text);
    }
    PyObject *result = PyUnicode_New(size, 127);
    if (result == NULL) {
        return NULL;
    }
    char *o = (char *)PyUnicode_1BYTE_DATA(result);
    Py_ssize_t k = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        uchar bytes[4];
        int nb;
        if (IS(c, mask)) {
            o[k++] = (char)c;
            continue;
        }
        if (c < 0x80) {
            bytes[0] = (uchar)c;
            nb = 1;
        }
        else if (c < 0x800) {
            bytes[0] = (uchar)(0xC0 | (c >> 6));
            bytes[1] = (uchar)(0x80 | (c & 0x3F));
            nb = 2;
        }
        else if (c < 0x10000) {
            bytes[0] = (uchar)(0xE0 | (c >> 12));
            bytes[1] = (uchar)(0x80 | ((c >> 6) & 0x3F));
            bytes[2] = (uchar)(0x80 | (c & 0x3F));
            nb = 3;
        }
        else {
            bytes[0] = (uchar)(0xF0 | (c >> 18));
            bytes[1] = (uchar)(0x80 | ((c >> 12) & 0x3F));
            bytes[2] = (uchar)(0x80 | ((c >> 6) & 0x3F));
            bytes[3] = (uchar)(0x80 | (c & 0x3F));
            nb = 4;
        }
        for (int b = 0; b < nb; b++) {
            o[k++] = '%';
            o[k++] = uk_hexup[bytes[b] >> 4];
            o[k++] = uk_hexup[bytes[b] & 15];
        }
    }
    return result;
}

/* percent_decode(text) with UTF-8, errors="strict": the decoded str, or
 * (reason, position) with reason WORDS[W_BAD_PERCENT] or WORDS[W_BAD_DECODING]. */
PyObject *
urikit_sp_percent_decode(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 1 || !PyUnicode_Check(args[0])) {
        return type_error("percent_decode(text: str)");
    }
    PyObject *text = args[0];
    if (UK_READY(text) < 0) {
        return NULL;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
#define RD(i) PyUnicode_READ(kind, data, (i))
    Py_ssize_t first = -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (RD(i) != '%') {
            continue;
        }
        if (first < 0) {
            first = i;
        }
        if (!(i + 2 < n && ISHEX(RD(i + 1)) && ISHEX(RD(i + 2)))) {
            Py_ssize_t pos = i + 1;
            if (pos < n && ISHEX(RD(pos))) {
                pos++;
            }
            return Py_BuildValue("(sn)", WORDS[W_BAD_PERCENT], pos);
        }
    }
    if (first < 0) {
        return Py_NewRef(text);
    }
    Py_UCS4 *out = PyMem_Malloc(sizeof(Py_UCS4) * (size_t)n + 1);
    char *bytes = PyMem_Malloc((size_t)n / 3 + 1);
    PyObject *result = NULL;
    if (out == NULL || bytes == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t k = 0, i = 0;
    while (i < n) {
        Py_UCS4 c = RD(i);
        if (c != '%') {
            out[k++] = c;
            i++;
            continue;
        }
        Py_ssize_t start = i, nb = 0, ascii = 1;
        while (i < n && RD(i) == '%') { /* a run of %XX, all valid (checked above) */
            int byte = hexval((uchar)RD(i + 1)) * 16 + hexval((uchar)RD(i + 2));
            bytes[nb++] = (char)byte;
            ascii &= byte < 0x80;
            i += 3;
        }
        if (ascii) {
            for (Py_ssize_t b = 0; b < nb; b++) {
                out[k++] = (Py_UCS4)(uchar)bytes[b];
            }
            continue;
        }
        /* CPython's own decoder, so the result and the error position are its own */
        PyObject *decoded = PyUnicode_DecodeUTF8(bytes, nb, "strict");
        if (decoded == NULL) {
            if (!PyErr_ExceptionMatches(PyExc_UnicodeDecodeError)) {
                goto done;
            }
#if PY_VERSION_HEX >= 0x030C0000
            PyObject *value = PyErr_GetRaisedException();
#else
            PyObject *type, *value, *tb;
            PyErr_Fetch(&type, &value, &tb);
            PyErr_NormalizeException(&type, &value, &tb);
            Py_XDECREF(type);
            Py_XDECREF(tb);
#endif
            Py_ssize_t bad = 0;
            int got = value ? PyUnicodeDecodeError_GetStart(value, &bad) : -1;
            Py_XDECREF(value);
            if (got < 0) {
                goto done;
            }
            result = Py_BuildValue("(sn)", WORDS[W_BAD_DECODING], start + 3 * bad);
            goto done;
        }
        Py_ssize_t dn = PyUnicode_GET_LENGTH(decoded);
        int dkind = PyUnicode_KIND(decoded);
        const void *ddata = PyUnicode_DATA(decoded);
        for (Py_ssize_t b = 0; b < dn; b++) {
            out[k++] = PyUnicode_READ(dkind, ddata, b);
        }
        Py_DECREF(decoded);
    }
#undef RD
    result = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, out, k);
done:
    PyMem_Free(out);
    PyMem_Free(bytes);
    return result;
}
