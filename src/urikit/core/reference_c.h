/* reference_c.c: the component getters. Its header: what it offers the other
 * units (urikit_*, hidden: no symbol leaves the extension), and
 * URIKIT_REFERENCE_METHODS, its entries in the module's method table
 * (_speedups_module.c concatenates the units' tables).
 */
#ifndef URIKIT_CORE_REFERENCE_C_H
#define URIKIT_CORE_REFERENCE_C_H
#include "_speedups.h"

UK_HIDDEN extern PyType_Spec urikit_getter_spec;
UK_HIDDEN PyObject *
urikit_sp_component_getter(PyObject *module, PyObject *args);

#define URIKIT_REFERENCE_METHODS \
    {"component_getter", (PyCFunction)urikit_sp_component_getter, METH_VARARGS, \
     "component_getter(prop: property, group: int, always: bool, /) -> ComponentGetter\n" \
     "\n" \
     "A C getter for a component."},

#endif /* URIKIT_CORE_REFERENCE_C_H */
