/* _accel_c.c: the accelerated-function type (accelerate) and the hooks
 * urikit.core._reference installs. Its header: what it offers the other units
 * (urikit_*, hidden: no symbol leaves the extension), and URIKIT_ACCEL_METHODS,
 * its entries in the module's method table (_speedups_module.c concatenates the
 * units' tables).
 */
#ifndef URIKIT_CORE_ACCEL_C_H
#define URIKIT_CORE_ACCEL_C_H
#include "_speedups.h"

UK_HIDDEN void
urikit_gc_heap_dealloc(PyObject *self);
UK_HIDDEN PyObject *
urikit_new_reference(const state_t *st, PyTypeObject *type, PyObject *text, const spans_t *sp);
UK_HIDDEN extern PyType_Spec urikit_accel_spec;
UK_HIDDEN PyObject *
urikit_sp_accelerate(PyObject *module, PyObject *args, PyObject *kwargs);
UK_KERNEL_FASTCALL(set_reference_type);
UK_KERNEL_FASTCALL(set_error_type);
UK_HIDDEN PyObject *
urikit_sp_reference_type(PyObject *module, PyObject *unused);

#define URIKIT_ACCEL_METHODS \
    {"accelerate", (PyCFunction)(void (*)(void))urikit_sp_accelerate, \
     METH_VARARGS | METH_KEYWORDS, \
     "accelerate(kind: str, fallback: _F, /, **named: object) -> _F\n" \
     "\n" \
     "A C accelerated twin of the Python fallback (what each kind takes goes by name)."}, \
    UK_METHOD_FASTCALL(set_reference_type, \
        "set_reference_type(record_base: type, reference_type: type, /) -> None\n" \
        "\n" \
        "The type the fast parse builds (the hook urikit.reference installs at import; " \
        "see docs/speedups.md)."), \
    UK_METHOD_FASTCALL(set_error_type, \
        "set_error_type(error_type: type[ValueError], diagnose: Callable[..., object], " \
        "/) -> None\n" \
        "\n" \
        "The class the fast parse raises, its slots filled in C, instead of calling " \
        "diagnose (the hook urikit.reference installs at import; see docs/speedups.md)."), \
    {"reference_type", (PyCFunction)urikit_sp_reference_type, METH_NOARGS, \
     "reference_type() -> tuple[type, type] | None\n" \
     "\n" \
     "Returns (record_base, reference_type) | None: what the hook installed."},

#endif /* URIKIT_CORE_ACCEL_C_H */
