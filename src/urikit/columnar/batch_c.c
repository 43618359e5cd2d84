/* The batch kernels of urikit.batch: validate_many, split_many, refs_many
 * (one call for a whole list) and file_records (the records batch.iter_file
 * yields for the lines of a text file).
 */
#include "batch_c.h"
#include "../core/_accel_c.h"
#include "../core/_parser_c.h"

/* Batch kernels: one call for a whole iterable; non-str items go to
 * ``fallback``. Anything but a list or tuple is first made a list, so a
 * non-iterable raises exactly what a Python for loop over it raises. */
/* A spans tuple kept in a batch result holds only ints (and
 * the shared none pair), so it can be in no reference cycle; untracking it and its
 * pairs keeps the cyclic garbage collector from walking every one of them again
 * and again while the list grows (CPython would untrack them itself, but only
 * when a collection reaches them). */
static void
batch_untrack_spans(PyObject *spans)
{
    for (Py_ssize_t g = 0; g < PyTuple_GET_SIZE(spans); g++) {
        PyObject *pair = PyTuple_GET_ITEM(spans, g);
        if (PyObject_GC_IsTracked(pair)) {
            PyObject_GC_UnTrack(pair);
        }
    }
    if (PyObject_GC_IsTracked(spans)) {
        PyObject_GC_UnTrack(spans);
    }
}

/* What batch() makes of each text: a bool, the spans tuple, or the reference. */
enum { BATCH_VALID = 0, BATCH_SPANS = 1, BATCH_REFS = 2 };

static PyObject *
batch(PyObject *module, PyObject *const *args, Py_ssize_t nargs, int want)
{
    if (nargs != 3) {
        return type_error("expected (texts, rule, fallback)");
    }
    const state_t *st = module_state(module);
    /* an unknown rule: every item goes to the fallback, which words the error */
    int known = PyUnicode_CheckExact(args[1]) && urikit_rule_code(st, args[1]) != RULE_UNKNOWN;
    PyObject *seq = PyList_CheckExact(args[0]) || PyTuple_CheckExact(args[0])
                        ? Py_NewRef(args[0])
                        : PySequence_List(args[0]);
    if (seq == NULL) {
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = PyList_New(n);
    if (out == NULL) {
        Py_DECREF(seq);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n && i < PySequence_Fast_GET_SIZE(seq); i++) {
        PyObject *text = Py_NewRef(PySequence_Fast_GET_ITEM(seq, i)), *item;
        spans_t sp;
        if (!known || !PyUnicode_Check(text) ||
            (want == BATCH_REFS && !PyUnicode_CheckExact(text))) {
            item = PyObject_CallFunctionObjArgs(args[2], text, args[1], NULL);
        }
        else {
            int ok = urikit_split_text(st, text, args[1], &sp);
            if (ok < 0) {
                item = NULL;
            }
            else if (want == BATCH_VALID) {
                item = PyBool_FromLong(ok);
            }
            else if (want == BATCH_REFS) {
                /* the reference parse() would make: one object, spans inline */
                item = ok ? urikit_new_reference(st, NULL, text, &sp) : Py_NewRef(Py_None);
            }
            else {
                item = ok ? urikit_spans_tuple(st, &sp) : Py_NewRef(Py_None);
                if (item != NULL && item != Py_None) {
                    batch_untrack_spans(item); /* see the function */
                }
            }
        }
        Py_DECREF(text);
        if (item == NULL) {
            Py_DECREF(out);
            Py_DECREF(seq);
            return NULL;
        }
        PyList_SET_ITEM(out, i, item);
    }
    if (PySequence_Fast_GET_SIZE(seq) != n) {
        /* the fallback shrank the caller's list: never return a half-filled list */
        Py_DECREF(out);
        Py_DECREF(seq);
        PyErr_SetString(PyExc_RuntimeError, "list changed size during iteration");
        return NULL;
    }
    Py_DECREF(seq);
    return out;
}

PyObject *
urikit_sp_validate_many(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return batch(module, args, nargs, BATCH_VALID);
}

PyObject *
urikit_sp_split_many(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return batch(module, args, nargs, BATCH_SPANS);
}

PyObject *
urikit_sp_refs_many(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return batch(module, args, nargs, BATCH_REFS);
}

/* file_records(lines, first, rule, record_type, fallback) -> list: the records
 * urikit.batch.iter_file yields for ``lines``, a list of str read from a text
 * file (each ending in "\n" but perhaps the last), the first numbered ``first``.
 * Each line loses its "\n" and then one "\r" before it, as batch._records does;
 * a line the C split accepts becomes ``record_type((number, line, reference,
 * None))`` built here (record_type: a tuple subclass adding no slot, the
 * NamedTuple batch.Record), the reference being what the fast parse builds;
 * every other line (invalid, or a rule this module does not know) is
 * ``fallback(number, line, rule)``, which parses it in Python and makes its
 * record. (The records stay tracked by the cyclic garbage collector: with
 * blocks of a few hundred lines, untracking them was measured to save nothing.)
 * Like the "check" accelerated function, it builds a type of a higher layer that
 * it is handed (never imports), writing only tuple items: the layout of any tuple subclass
 * that adds no slot and no __dict__, which both check at each call. */
static PyObject *
fr_record(PyTypeObject *type, Py_ssize_t number, PyObject *line, PyObject *ref)
{
    /* a new record (number, line, ref, None); steals ``ref`` */
    PyObject *num = PyLong_FromSsize_t(number);
    PyObject *rec = num ? type->tp_alloc(type, 4) : NULL;
    if (rec == NULL) {
        Py_XDECREF(num);
        Py_DECREF(ref);
        return NULL;
    }
    PyTuple_SET_ITEM(rec, 0, num);
    PyTuple_SET_ITEM(rec, 1, Py_NewRef(line));
    PyTuple_SET_ITEM(rec, 2, ref);
    PyTuple_SET_ITEM(rec, 3, Py_NewRef(Py_None));
    return rec;
}

PyObject *
urikit_sp_file_records(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 5 || !PyList_CheckExact(args[0]) || !PyLong_CheckExact(args[1]) ||
        !is_plain_tuple_type(args[3])) {
        return type_error("file_records(lines: list[str], first: int, rule: str, "
                          "record_type: a tuple subclass without slots, fallback)");
    }
    const state_t *st = module_state(module);
    PyObject *lines = args[0], *rule = args[2], *fallback = args[4];
    PyTypeObject *type = (PyTypeObject *)args[3];
    Py_ssize_t first = PyLong_AsSsize_t(args[1]);
    if (first == -1 && PyErr_Occurred()) {
        return NULL;
    }
    int known = PyUnicode_CheckExact(rule) && urikit_rule_code(st, rule) != RULE_UNKNOWN;
    if (known && st->reference_type == NULL) {
        known = 0; /* no fast parse installed: Python parses every line */
    }
    Py_ssize_t n = PyList_GET_SIZE(lines);
    PyObject *out = PyList_New(n);
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (PyList_GET_SIZE(lines) != n) { /* only a fallback could change it */
            Py_DECREF(out);
            PyErr_SetString(PyExc_RuntimeError, "list changed size during iteration");
            return NULL;
        }
        PyObject *raw = PyList_GET_ITEM(lines, i), *line, *rec = NULL;
        if (!PyUnicode_CheckExact(raw) || UK_READY(raw) < 0) {
            Py_DECREF(out);
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_TypeError, "file_records: every line must be a str");
            }
            return NULL;
        }
        Py_ssize_t len = PyUnicode_GET_LENGTH(raw), end = len;
        int kind = PyUnicode_KIND(raw);
        const void *data = PyUnicode_DATA(raw);
        if (end > 0 && PyUnicode_READ(kind, data, end - 1) == '\n') {
            end--;
            if (end > 0 && PyUnicode_READ(kind, data, end - 1) == '\r') {
                end--;
            }
        }
        line = end == len ? Py_NewRef(raw) : PyUnicode_Substring(raw, 0, end);
        if (line == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        spans_t sp;
        int ok = known ? urikit_split_text(st, line, rule, &sp) : 0;
        if (ok > 0) {
            PyObject *ref = urikit_new_reference(st, NULL, line, &sp);
            rec = ref ? fr_record(type, first + i, line, ref) : NULL;
        }
        else if (ok == 0) {
            PyObject *num = PyLong_FromSsize_t(first + i);
            rec = num ? PyObject_CallFunctionObjArgs(fallback, num, line, rule, NULL) : NULL;
            Py_XDECREF(num);
        }
        Py_DECREF(line);
        if (rec == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, rec);
    }
    return out;
}

