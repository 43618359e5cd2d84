/* The module urikit.core._speedups itself: its method table, its state (created,
 * visited and cleared here) and its initialization (PEP 489 multi-phase).
 */
#include "_speedups.h"

static PyMethodDef methods[] = {
    {"accelerate", (PyCFunction)(void (*)(void))urikit_sp_accelerate,
     METH_VARARGS | METH_KEYWORDS,
     "accelerate(kind, fallback, *extra, **fields): a C accelerated twin of the Python "
     "fallback (check takes its fields by name)."},
    {"set_reference_type", (PyCFunction)(void (*)(void))urikit_sp_set_reference_type, METH_FASTCALL,
     "set_reference_type(record_base, reference_type): the type the fast parse builds "
     "(the hook urikit.reference installs at import; see docs/speedups.md)."},
    {"set_error_type", (PyCFunction)(void (*)(void))urikit_sp_set_error_type, METH_FASTCALL,
     "set_error_type(URIError, diagnose): the class the fast parse raises, its slots "
     "filled in C, instead of calling diagnose (the hook urikit.reference installs at "
     "import; see docs/speedups.md)."},
    {"locate_error", (PyCFunction)urikit_sp_locate_error, METH_O,
     "locate_error(text) -> (reason, component, position) | None: _parser.locate_error."},
    {"reference_type", (PyCFunction)urikit_sp_reference_type, METH_NOARGS,
     "reference_type() -> (record_base, reference_type) | None: what the hook installed."},
    {"component_getter", (PyCFunction)urikit_sp_component_getter, METH_VARARGS,
     "component_getter(property, group, always): a C getter for a component."},
    {"percent_encode", (PyCFunction)(void (*)(void))urikit_sp_percent_encode, METH_FASTCALL,
     "percent_encode(text, component) -> str | int (UTF-8, strict)."},
    {"percent_decode", (PyCFunction)(void (*)(void))urikit_sp_percent_decode, METH_FASTCALL,
     "percent_decode(text) -> str | (reason, position) (UTF-8, strict)."},
    {"remove_dot_segments", (PyCFunction)(void (*)(void))urikit_sp_remove_dot_segments, METH_FASTCALL,
     "remove_dot_segments(path) -> str (RFC 3986 section 5.2.4)."},
    {"resolve_kernel", (PyCFunction)(void (*)(void))urikit_sp_resolve_kernel, METH_FASTCALL,
     "resolve_kernel(base, reference, strict) -> str | None (None: let Python decide)."},
    {"normalize_kernel", (PyCFunction)(void (*)(void))urikit_sp_normalize_kernel, METH_FASTCALL,
     "normalize_kernel(text, scheme_level, default_ports, http_like) -> str | None."},
    {"validate_many", (PyCFunction)(void (*)(void))urikit_sp_validate_many, METH_FASTCALL,
     "validate_many(texts, rule, fallback) -> list[bool]."},
    {"split_many", (PyCFunction)(void (*)(void))urikit_sp_split_many, METH_FASTCALL,
     "split_many(texts, rule, fallback) -> list[spans | None]."},
    {"refs_many", (PyCFunction)(void (*)(void))urikit_sp_refs_many, METH_FASTCALL,
     "refs_many(texts, rule, fallback) -> list[reference | None]: the references parse() "
     "makes (None where invalid); fallback(text, rule) for a text that is not an exact str "
     "or a rule this module does not know."},
    {"file_records", (PyCFunction)(void (*)(void))urikit_sp_file_records, METH_FASTCALL,
     "file_records(lines, first, rule, record_type, fallback) -> list: batch.iter_file's "
     "records of a list of file lines"},
    {"_arrow_level", (PyCFunction)urikit_sp_arrow_level, METH_O,
     "_arrow_level(level) -> previous level: tests choose the Arrow scanner (0 portable,"
     " 1 SSSE3, 2 AVX2, -1 the CPU's best)."},
    {"arrow_validate", (PyCFunction)(void (*)(void))urikit_sp_arrow_validate, METH_FASTCALL,
     "arrow_validate(schema_capsule, array_capsule, rule) -> (valid bits, non-null bits | None,"
     " n_invalid, n_null) for an Arrow string, large_string or string_view array."},
    {"arrow_split", (PyCFunction)(void (*)(void))urikit_sp_arrow_split, METH_FASTCALL,
     "arrow_split(schema_capsule, array_capsule, rule, wide, alloc) -> (non-null bits | None,"
     " n_invalid, n_null, invalid rows, invalid texts, ((validity, offsets, data, null count)"
     " * 8))."},
    {"arrow_errors", (PyCFunction)(void (*)(void))urikit_sp_arrow_errors, METH_FASTCALL,
     "arrow_errors(n, invalid_rows, reasons, positions, alloc) -> the buffers of the"
     " error_reason and error_position columns."},
    {"arrow_normalize", (PyCFunction)(void (*)(void))urikit_sp_arrow_normalize, METH_FASTCALL,
     "arrow_normalize(validity, offsets, data, offset, length, wide, wide_out, alloc,"
     " scheme_level, ports, http_like, fallback) -> (validity | None, offsets, data, null"
     " count) | None, the buffers from alloc."},
    {"arrow_resolve", (PyCFunction)(void (*)(void))urikit_sp_arrow_resolve, METH_FASTCALL,
     "arrow_resolve(validity, offsets, data, offset, length, wide, wide_out, alloc, strict,"
     " fallback, base) -> as arrow_normalize."},
    {"arrow_canonical", (PyCFunction)(void (*)(void))urikit_sp_arrow_canonical, METH_FASTCALL,
     "arrow_canonical(validity, offsets, data, offset, length, wide, wide_out, alloc, mode,"
     " fallback) -> as arrow_normalize: canonical_fast's form mode of each row."},
    /* iri/_syntax_c.c */
    /* canonical_forms/rules_c.c */
    {"canonical_fast", (PyCFunction)(void (*)(void))urikit_sp_canonical_fast, METH_FASTCALL,
     "canonical_fast(text, mode) -> str | None: semantic (0), with fragment (1), surt (2),"
     " safe-browsing (3); None: declined."},
    {"iri_stand_in", (PyCFunction)urikit_sp_iri_stand_in, METH_O,
     "iri_stand_in(text) -> str | None: urikit.iri's stand-in when all non-ASCII is ucschar."},
    {"iri_pct_encode", (PyCFunction)urikit_sp_iri_pct_encode, METH_O,
     "iri_pct_encode(text) -> str | None: non-ASCII as %XX of UTF-8 (None: a surrogate)."},
    /* extraction_c.c */
    {"extract_scan", (PyCFunction)(void (*)(void))urikit_sp_extract_scan, METH_FASTCALL,
     "extract_scan(text, pos, last_end, prose, iris, abbreviated, extracted_type, max_items)"
     " -> (found, stop): the candidates urikit.extraction decides in C; Python judges the"
     " one at stop."},
    {NULL},
};

/* ------------------------------------------------- module (PEP 489, state) */

static int
sp_exec(PyObject *m)
{
    state_t *st = module_state(m);
    st->none_pair = Py_BuildValue("(nn)", (Py_ssize_t)-1, (Py_ssize_t)-1);
    if (st->none_pair == NULL) {
        return -1;
    }
    st->str_uri_reference = PyUnicode_InternFromString(RULE_NAMES[RULE_REF]);
    st->str_utf8 = PyUnicode_InternFromString("utf-8");
    st->str_empty = PyUnicode_New(0, 0);
    st->empty_tuple = PyTuple_New(0);
    if (st->str_uri_reference == NULL || st->str_utf8 == NULL || st->str_empty == NULL ||
        st->empty_tuple == NULL) {
        return -1;
    }
    for (int w = 0; w < NWORDS; w++) {
        st->words[w] = PyUnicode_InternFromString(WORDS[w]);
        if (st->words[w] == NULL) {
            return -1;
        }
    }
    st->accel_type = (PyTypeObject *)PyType_FromModuleAndSpec(m, &urikit_accel_spec, NULL);
    if (st->accel_type == NULL) {
        return -1;
    }
    st->getter_type = (PyTypeObject *)PyType_FromModuleAndSpec(m, &urikit_getter_spec, NULL);
    if (st->getter_type == NULL) {
        return -1;
    }
    st->record_type = (PyTypeObject *)PyType_FromModuleAndSpec(m, &urikit_record_spec, NULL);
    if (st->record_type == NULL) {
        return -1;
    }
    if (PyModule_AddObjectRef(m, "AcceleratedFunction", (PyObject *)st->accel_type) < 0 ||
        PyModule_AddObjectRef(m, "ComponentGetter", (PyObject *)st->getter_type) < 0 ||
        PyModule_AddObjectRef(m, "SpanRecord", (PyObject *)st->record_type) < 0) {
        return -1;
    }
    return 0;
}

static int
sp_traverse(PyObject *m, visitproc visit, void *arg)
{
    state_t *st = module_state(m);
    if (st == NULL) {
        return 0;
    }
    Py_VISIT(st->none_pair);
    Py_VISIT(st->str_uri_reference);
    Py_VISIT(st->str_utf8);
    Py_VISIT(st->str_empty);
    Py_VISIT(st->empty_tuple);
    Py_VISIT(st->error_type);
    Py_VISIT(st->error_diagnose);
    for (int w = 0; w < NWORDS; w++) {
        Py_VISIT(st->words[w]);
    }
    Py_VISIT(st->accel_type);
    Py_VISIT(st->getter_type);
    Py_VISIT(st->record_type);
    Py_VISIT(st->record_base);
    Py_VISIT(st->reference_type);
    return 0;
}

static int
sp_clear(PyObject *m)
{
    state_t *st = module_state(m);
    if (st == NULL) {
        return 0;
    }
    Py_CLEAR(st->none_pair);
    Py_CLEAR(st->str_uri_reference);
    Py_CLEAR(st->str_utf8);
    Py_CLEAR(st->str_empty);
    Py_CLEAR(st->empty_tuple);
    Py_CLEAR(st->error_type);
    Py_CLEAR(st->error_diagnose);
    for (int w = 0; w < NWORDS; w++) {
        Py_CLEAR(st->words[w]);
    }
    Py_CLEAR(st->accel_type);
    Py_CLEAR(st->getter_type);
    Py_CLEAR(st->record_type);
    Py_CLEAR(st->record_base);
    Py_CLEAR(st->reference_type);
    return 0;
}

static void
sp_free(void *m)
{
    sp_clear((PyObject *)m);
}

static PyModuleDef_Slot module_slots[] = {
    {Py_mod_exec, sp_exec},
#if PY_VERSION_HEX >= 0x030C0000
    /* no process-wide Python objects: safe in interpreters with their own GIL */
    {Py_mod_multiple_interpreters, Py_MOD_PER_INTERPRETER_GIL_SUPPORTED},
#endif
    {0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT,
    .m_name = "urikit.core._speedups",
    .m_doc = "C kernels of urikit; see urikit.core._accel. Pure Python is the reference.",
    .m_size = sizeof(state_t),
    .m_methods = methods,
    .m_slots = module_slots,
    .m_traverse = sp_traverse,
    .m_clear = sp_clear,
    .m_free = sp_free,
};

PyMODINIT_FUNC
PyInit__speedups(void)
{
    return PyModuleDef_Init(&moduledef);
}
