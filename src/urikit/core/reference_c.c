/* The component getters of urikit.reference.URIReference: data descriptors
 * that slice a SpanRecord's text by its inline spans when read.
 */
#include "reference_c.h"
#include "_accel_c.h"

/* ------------------------------------------------------- component getters */

/* A data descriptor standing in for one URIReference component property: it
 * reads the record base's ``_text`` and ``_sp`` slots and slices in C. Anything
 * unusual (class access, a foreign or half-built object, odd slot contents)
 * goes to the original property, which it wraps. */
typedef struct {
    PyObject_HEAD
    PyObject *prop;
    PyTypeObject *owner; /* the record base */
    PyTypeObject *exact; /* the reference type installed when it was made */
    int group;
    int always; /* path: "" rather than None */
    PyObject *common[2]; /* scheme: "http" and "https", handed out instead of new copies */
} GetterObject;

static PyObject *
getter_get(PyObject *op, PyObject *obj, PyObject *type)
{
    GetterObject *self = (GetterObject *)op;
    if (obj != NULL && (Py_IS_TYPE(obj, self->exact) ||
                        (obj != Py_None && PyObject_TypeCheck(obj, self->owner)))) {
        RecordObject *r = (RecordObject *)obj;
        PyObject *text = r->text;
        if (text != NULL && r->has_sp && PyUnicode_CheckExact(text)) {
            Py_ssize_t a = r->sp.s[self->group], b = r->sp.e[self->group];
            if (a == -1 && b == -1 && !self->always) {
                Py_RETURN_NONE;
            }
            if (0 <= a && a <= b && b <= PyUnicode_GET_LENGTH(text)) {
                if (self->common[0] != NULL && (b - a == 4 || b - a == 5) &&
                    PyUnicode_IS_ASCII(text)) {
                    /* the scheme "http" or "https": the same (immutable) str each time */
                    const uchar *p = PyUnicode_1BYTE_DATA(text) + a;
                    if (memcmp(p, "https", (size_t)(b - a)) == 0) {
                        return Py_NewRef(self->common[b - a - 4]);
                    }
                }
                return PyUnicode_Substring(text, a, b);
            }
        }
    }
    return PyObject_CallMethod(self->prop, "__get__", "OO", obj ? obj : Py_None,
                               type ? type : Py_None);
}

static int
getter_set(PyObject *op, PyObject *obj, PyObject *value)
{
    GetterObject *self = (GetterObject *)op;
    PyObject *r = value ? PyObject_CallMethod(self->prop, "__set__", "OO", obj, value)
                        : PyObject_CallMethod(self->prop, "__delete__", "O", obj);
    Py_XDECREF(r);
    return r ? 0 : -1;
}

/* The references a getter owns (but its type): visited and cleared alike. */
#define GETTER_REFS(X) X(prop) X(owner) X(exact) X(common[0]) X(common[1])

static int
getter_traverse(GetterObject *self, visitproc visit, void *arg)
{
    Py_VISIT(Py_TYPE(self));
    GETTER_REFS(UK_VISIT_REF)
    return 0;
}

static int
getter_clear(GetterObject *self)
{
    GETTER_REFS(UK_CLEAR_REF)
    return 0;
}

static PyObject *
getter_doc(GetterObject *self, void *closure)
{
    return PyObject_GetAttrString(self->prop, "__doc__");
}

static PyGetSetDef getter_getset[] = {
    {"__doc__", (getter)getter_doc, NULL, NULL, NULL},
    {NULL},
};

static PyMemberDef getter_members[] = {
    {"__wrapped__", Py_T_OBJECT_EX, offsetof(GetterObject, prop), Py_READONLY, NULL},
    {NULL},
};

static PyType_Slot getter_slots[] = {
    {Py_tp_dealloc, urikit_gc_heap_dealloc},
    {Py_tp_traverse, getter_traverse},
    {Py_tp_clear, getter_clear},
    {Py_tp_descr_get, getter_get},
    {Py_tp_descr_set, getter_set},
    {Py_tp_getset, getter_getset},
    {Py_tp_members, getter_members},
    {0, NULL},
};

PyType_Spec urikit_getter_spec = {
    .name = "urikit.core._speedups.ComponentGetter",
    .basicsize = sizeof(GetterObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_DISALLOW_INSTANTIATION |
             Py_TPFLAGS_IMMUTABLETYPE,
    .slots = getter_slots,
};

/* component_getter(property, group, always), for the installed reference type. */
PyObject *
urikit_sp_component_getter(PyObject *module, PyObject *args)
{
    PyObject *prop;
    int group, always;
    if (!PyArg_ParseTuple(args, "Oip:component_getter", &prop, &group, &always)) {
        return NULL;
    }
    if (group < 0 || group >= NG || !PyObject_TypeCheck(prop, &PyProperty_Type)) {
        PyErr_SetString(PyExc_ValueError, "component_getter(property, group, always)");
        return NULL;
    }
    state_t *st = module_state(module);
    if (st->record_base == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "component_getter: call set_reference_type() first");
        return NULL;
    }
    GetterObject *self = PyObject_GC_New(GetterObject, st->getter_type);
    if (self == NULL) {
        return NULL;
    }
    self->prop = Py_NewRef(prop);
    self->owner = (PyTypeObject *)Py_NewRef(st->record_base);
    self->group = group;
    self->always = always;
    self->exact = (PyTypeObject *)Py_NewRef(st->reference_type);
    self->common[0] = self->common[1] = NULL;
    if (group == G_SCHEME) {
        self->common[0] = PyUnicode_InternFromString("http");
        self->common[1] = self->common[0] ? PyUnicode_InternFromString("https") : NULL;
        if (self->common[1] == NULL) {
            Py_DECREF(self);
            return NULL;
        }
    }
    PyObject_GC_Track(self);
    return (PyObject *)self;
}
