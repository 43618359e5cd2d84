/* The module urikit.core._speedups itself: its method table, the units' own
 * tables concatenated (each unit's header declares its functions and its
 * entries, URIKIT_*_METHODS), its ABI stamp, its state (created, visited and
 * cleared here) and its initialization (PEP 489 multi-phase).
 */
#include "_speedups.h"
#include "_accel_c.h"
#include "_parser_c.h"
#include "reference_c.h"
#include "resolution_c.h"
#include "normalization_c.h"
#include "percent_c.h"
#include "../columnar/batch_c.h"
#include "../columnar/arrow_c.h"
#include "../columnar/arrow_split_c.h"
#include "../columnar/arrow_transform_c.h"
#include "../iri/_syntax_c.h"
#include "../text/extraction_c.h"
#include "../canonical_forms/rules_c.h"
#include "../domains/lookup_c.h"

/* The stamp urikit.core._accel checks before it uses this module (_speedups.ABI):
 * setup.py defines it as _accel.ABI (its REVISION and the INTERFACE that
 * tools/gen_kernels.py generates from the units' method tables), so that a
 * build older than the Python beside it is refused as a whole instead of
 * failing call by call. */
#ifndef URIKIT_ABI
#error "URIKIT_ABI is defined by setup.py (from urikit.core._accel.ABI)"
#endif

static PyMethodDef methods[] = {
    URIKIT_ACCEL_METHODS
    URIKIT_PARSER_METHODS
    URIKIT_REFERENCE_METHODS
    URIKIT_RESOLUTION_METHODS
    URIKIT_NORMALIZATION_METHODS
    URIKIT_PERCENT_METHODS
    URIKIT_BATCH_METHODS
    URIKIT_ARROW_METHODS
    URIKIT_ARROW_SPLIT_METHODS
    URIKIT_ARROW_TRANSFORM_METHODS
    URIKIT_IRI_SYNTAX_METHODS
    URIKIT_EXTRACTION_METHODS
    URIKIT_CANONICAL_RULES_METHODS
    URIKIT_DOMAINS_LOOKUP_METHODS
    {NULL},
};

/* ------------------------------------------------- module (PEP 489, state) */

static int
sp_exec(PyObject *m)
{
    PyObject *abi = PyLong_FromUnsignedLongLong(URIKIT_ABI);
    if (abi == NULL || PyModule_AddObjectRef(m, "ABI", abi) < 0) {
        Py_XDECREF(abi);
        return -1;
    }
    Py_DECREF(abi);
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

/* The references the module state st owns: visited and cleared alike. */
#define STATE_REFS(X) \
    X(none_pair) X(str_uri_reference) X(str_utf8) X(str_empty) X(empty_tuple) \
    X(error_type) X(error_diagnose) X(accel_type) X(getter_type) X(record_type) \
    X(record_base) X(reference_type) \
    for (int w = 0; w < NWORDS; w++) { \
        X(words[w]) \
    }
#define STATE_VISIT(name) Py_VISIT(st->name);
#define STATE_CLEAR(name) Py_CLEAR(st->name);

static int
sp_traverse(PyObject *m, visitproc visit, void *arg)
{
    state_t *st = module_state(m);
    if (st == NULL) {
        return 0;
    }
    STATE_REFS(STATE_VISIT)
    return 0;
}

static int
sp_clear(PyObject *m)
{
    state_t *st = module_state(m);
    if (st == NULL) {
        return 0;
    }
    STATE_REFS(STATE_CLEAR)
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
