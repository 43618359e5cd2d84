/* The accelerated-function object behind urikit.core._accel: accelerate(kind,
 * fallback, ...) wraps a pure-Python function with a C fast path for its common
 * call (split, is_valid, parse, resolve, normalize, remove_dot_segments,
 * plain_host_end, security.check), the URIError the fast parse raises, and the
 * hooks urikit.reference installs at import (set_reference_type,
 * set_error_type).
 */
#include "_accel_c.h"
#include "_parser_c.h"
#include "normalization_c.h"
#include "resolution_c.h"
#include "../security/_check_c.h"

/* The tp_dealloc of this module's GC heap types (none may be subclassed):
 * untrack, drop the references through the type's own tp_clear, free, and
 * release the type (a heap type's instances own a reference to it). */
void
urikit_gc_heap_dealloc(PyObject *self)
{
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    tp->tp_clear(self);
    tp->tp_free(self);
    Py_DECREF(tp);
}

/* A new instance of ``type`` (the installed reference type when NULL) holding
 * text and the spans sp. The type is a SpanRecord subclass with the record's
 * size (checked when it was installed), so the object is allocated here
 * directly, without zeroing what is written next. (Every class statement
 * gives a GC type; its traverse has nothing to visit but the type: a str
 * holds no cycle.) */
PyObject *
urikit_new_reference(const state_t *st, PyTypeObject *type, PyObject *text, const spans_t *sp)
{
    if (type == NULL) {
        type = st->reference_type;
    }
    if (type == NULL) {
        PyErr_SetString(PyExc_RuntimeError,
                        "urikit.core._speedups: no reference type installed; "
                        "urikit.reference calls set_reference_type() at import");
        return NULL;
    }
    RecordObject *obj;
    if (PyType_IS_GC(type)) {
        obj = PyObject_GC_New(RecordObject, type);
    }
    else {
        obj = PyObject_New(RecordObject, type);
    }
    if (obj == NULL) {
        return NULL;
    }
    obj->text = Py_NewRef(text);
    obj->has_sp = 1;
    obj->sp = *sp;
    if (PyType_IS_GC(type)) {
        PyObject_GC_Track(obj);
    }
    return (PyObject *)obj;
}

/* _parser.plain_host_end for a valid ASCII text with spans ``sp``. */
static Py_ssize_t
plain_host_end(PyObject *text, const spans_t *sp)
{
    const uchar *s = PyUnicode_1BYTE_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    if (sp->e[G_HOST] <= sp->s[G_HOST] || sp->s[G_USERINFO] >= 0 || sp->s[G_PORT] >= 0 ||
        memchr(s, '%', (size_t)n) != NULL ||
        urikit_has_dots_ascii(s + sp->s[G_PATH], sp->e[G_PATH] - sp->s[G_PATH])) {
        return -1;
    }
    return sp->e[G_HOST];
}

/* Raise the URIError that urikit.errors.URIError(reason, component, position,
 * text) makes, without calling the class: an instance from the installed type's
 * tp_new (BaseException's: a bare exception with empty args), and the six slots
 * filled as URIError.__init__ fills them for those arguments, the message left
 * to be worded by Python on first use (``_unworded`` the encoding "utf-8"; str(),
 * args, repr and pickling word it with errors.format_message). What a failed
 * parse costs is then the scan and the raise: no Python frame, no tuple. Returns
 * NULL (the error set). */
static PyObject *
raise_located(const state_t *st, PyObject *text, int reason, int component, Py_ssize_t position)
{
    PyTypeObject *type = st->error_type;
    PyObject *pos = PyLong_FromSsize_t(position);
    if (pos == NULL) {
        return NULL;
    }
    PyObject *err = type->tp_new(type, st->empty_tuple, NULL);
    if (err == NULL) {
        Py_DECREF(pos);
        return NULL;
    }
    _Static_assert(NEFIELDS == 6, "raise_located fills every slot of URIError");
    PyObject *values[NEFIELDS];
    values[E_REASON] = Py_NewRef(st->words[reason]);
    values[E_COMPONENT] = Py_NewRef(st->words[component]);
    values[E_POSITION] = pos;
    values[E_TEXT] = Py_NewRef(text);
    values[E_DETAIL] = Py_NewRef(st->str_empty);
    values[E_UNWORDED] = Py_NewRef(st->str_utf8);
    for (int f = 0; f < NEFIELDS; f++) {
        PyObject **slot = (PyObject **)((char *)err + st->error_offsets[f]);
        Py_XSETREF(*slot, values[f]);
    }
    PyErr_SetObject((PyObject *)type, err);
    Py_DECREF(err);
    return NULL;
}

/* The error of a text the parse kernel rejected (text a str, rule NULL for the
 * default): raise diagnose(text, rule[, located]), diagnose being the parse's
 * diagnoser (extra1). Under the default rule, where urikit_split_ascii's reading
 * stopped says where and why most of the time (locate_in, what
 * _parser.locate_error answers: ``located``); ``sp`` is that reading of an
 * ASCII text when the caller has it (no second scan), NULL to scan again. When
 * the diagnoser is the one installed with the error type (_parser.diagnose,
 * which returns URIError(*located, text) when given located), C raises that
 * error itself (raise_located); other diagnosers (urikit.iri's, which rewords)
 * are called. Returns NULL (the error set). */
static PyObject *
parse_failed(const AccelObject *self, const state_t *st, PyObject *text, PyObject *rule,
             const spans_t *sp)
{
    int reason, component, found = 0;
    Py_ssize_t position;
    if (urikit_rule_code(st, rule) == RULE_REF) {
        if (sp != NULL) {
            found = urikit_locate_in(PyUnicode_1BYTE_KIND, PyUnicode_1BYTE_DATA(text),
                              PyUnicode_GET_LENGTH(text), sp, &reason, &component, &position);
        }
        else {
            found = urikit_locate_error(text, &reason, &component, &position);
            if (found < 0) {
                return NULL;
            }
        }
        if (found && self->extra1 == st->error_diagnose && st->error_type != NULL) {
            return raise_located(st, text, reason, component, position);
        }
    }
    PyObject *located = NULL;
    if (found) {
        located = Py_BuildValue("(OOn)", st->words[reason], st->words[component], position);
        if (located == NULL) {
            return NULL;
        }
    }
    PyObject *err = PyObject_CallFunctionObjArgs(
        self->extra1, text, rule ? rule : st->str_uri_reference, located, NULL);
    Py_XDECREF(located);
    if (err != NULL) {
        PyErr_SetObject((PyObject *)Py_TYPE(err), err);
        Py_DECREF(err);
    }
    return NULL;
}

static PyObject *
accel_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    AccelObject *self = (AccelObject *)op;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    spans_t sp;
    PyObject *result;
    switch (self->kind) {
    case K_SPLIT:
    case K_IS_VALID:
    case K_PARSE: {
        if (kwnames != NULL || nargs < 1 || nargs > 2 ||
            !(self->kind == K_PARSE ? PyUnicode_CheckExact(args[0]) : PyUnicode_Check(args[0])) ||
            (nargs == 2 && !PyUnicode_CheckExact(args[1]))) {
            /* a rule that is not a str: Python raises the TypeError */
            return call_fallback(self, args, nargsf, kwnames);
        }
        const state_t *st = PyType_GetModuleState(Py_TYPE(op));
        PyObject *rule = nargs == 2 ? args[1] : NULL;
        if (((self->kind == K_PARSE && self->extra2 != NULL) ||
             (self->kind == K_IS_VALID && self->extra1 != NULL)) &&
            (rule != NULL || !PyUnicode_IS_ASCII(args[0]))) {
            /* a parse for a subtype (the IRI parse), or an is_valid given an extra
             * (the IRI is_valid), takes only ASCII text under its default rule:
             * anything else is its fallback's (other rules, ucschar) */
            return call_fallback(self, args, nargsf, kwnames);
        }
        if (rule != NULL && (!PyUnicode_CheckExact(rule) || urikit_rule_code(st, rule) == RULE_UNKNOWN)) {
            return call_fallback(self, args, nargsf, kwnames); /* Python words the error */
        }
        int ok = urikit_split_text(st, args[0], rule, &sp);
        if (ok < 0) {
            return NULL;
        }
        if (self->kind == K_IS_VALID) {
            return PyBool_FromLong(ok);
        }
        if (!ok) {
            if (self->kind == K_SPLIT) {
                Py_RETURN_NONE;
            }
            /* for an ASCII text urikit_split_text failed in split_ref, so sp is
             * urikit_split_ascii's reading (under any rule: the rules only narrow a
             * valid reference, and parse_failed uses sp for the default rule) */
            return parse_failed(self, st, args[0], rule,
                                PyUnicode_IS_ASCII(args[0]) ? &sp : NULL);
        }
        if (self->kind == K_SPLIT) {
            return urikit_spans_tuple(st, &sp);
        }
        return urikit_new_reference(st, (PyTypeObject *)self->extra2, args[0], &sp);
    }
    case K_RESOLVE: {
        int strict = 1;
        if (nargs != 2 || !PyUnicode_CheckExact(args[0]) || !PyUnicode_CheckExact(args[1])) {
            return call_fallback(self, args, nargsf, kwnames);
        }
        if (kwnames != NULL) {
            if (PyTuple_GET_SIZE(kwnames) != 1 ||
                PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "strict") != 0) {
                return call_fallback(self, args, nargsf, kwnames);
            }
            if (!PyBool_Check(args[2])) {
                return call_fallback(self, args, nargsf, kwnames);
            }
            strict = args[2] == Py_True;
        }
        result = urikit_resolve_kernel(args[0], args[1], strict);
        break;
    }
    case K_NORMALIZE: {
        int scheme_level = 1;
        if (kwnames != NULL || nargs < 1 || nargs > 2 || !PyUnicode_CheckExact(args[0])) {
            return call_fallback(self, args, nargsf, kwnames);
        }
        if (nargs == 2) {
            if (!PyUnicode_CheckExact(args[1])) {
                return call_fallback(self, args, nargsf, kwnames);
            }
            if (PyUnicode_CompareWithASCIIString(args[1], "syntax") == 0) {
                scheme_level = 0;
            }
            else if (PyUnicode_CompareWithASCIIString(args[1], "scheme") != 0) {
                return call_fallback(self, args, nargsf, kwnames);
            }
        }
        result = urikit_normalize_kernel(args[0], scheme_level, self->extra1, self->extra2);
        break;
    }
    case K_REMOVE_DOTS:
        if (kwnames != NULL || nargs != 1 || !PyUnicode_CheckExact(args[0])) {
            return call_fallback(self, args, nargsf, kwnames);
        }
        return urikit_remove_dots_str(args[0]);
    case K_PLAIN_HOST_END: {
        /* _parser.plain_host_end: the end of the host of a plain reference (an
         * authority that is a host alone, no '%', no path segment starting with '.');
         * -1 when valid otherwise; None when invalid */
        if (kwnames != NULL || nargs != 1 || !PyUnicode_CheckExact(args[0])) {
            return call_fallback(self, args, nargsf, kwnames);
        }
        const state_t *st = PyType_GetModuleState(Py_TYPE(op));
        int ok = urikit_split_text(st, args[0], NULL, &sp);
        if (ok < 0) {
            return NULL;
        }
        if (!ok) {
            Py_RETURN_NONE;
        }
        return PyLong_FromSsize_t(plain_host_end(args[0], &sp));
    }
    case K_CHECK:
        return call_fallback(self, args, nargsf, kwnames); /* not reached: urikit_check_vectorcall */
    default:
        PyErr_SetString(PyExc_SystemError, "bad accelerated function");
        return NULL;
    }
    if (result == NULL) {
        /* e.g. int(port) over the digit limit: Python raises what it raises */
        if (PyErr_ExceptionMatches(PyExc_MemoryError)) {
            return NULL;
        }
        PyErr_Clear();
        return call_fallback(self, args, nargsf, kwnames);
    }
    if (result == Py_None) {
        Py_DECREF(result);
        return call_fallback(self, args, nargsf, kwnames);
    }
    return result;
}

/* The common calls of is_valid and parse, is_valid(text) and parse(text) with
 * an ASCII str, without the general dispatch above; every other call (and a
 * text parse rejects: the error) goes to accel_vectorcall. */
static PyObject *
is_valid_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    if (kwnames == NULL && PyVectorcall_NARGS(nargsf) == 1 && PyUnicode_CheckExact(args[0]) &&
        UK_READY(args[0]) == 0 && PyUnicode_IS_ASCII(args[0])) {
        if (split_ref(PyUnicode_1BYTE_DATA(args[0]), PyUnicode_GET_LENGTH(args[0]), NULL)) {
            Py_RETURN_TRUE;
        }
        Py_RETURN_FALSE;
    }
    return accel_vectorcall(op, args, nargsf, kwnames);
}

static PyObject *
parse_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    if (kwnames == NULL && PyVectorcall_NARGS(nargsf) == 1 && PyUnicode_CheckExact(args[0]) &&
        UK_READY(args[0]) == 0 && PyUnicode_IS_ASCII(args[0])) {
        spans_t sp;
        const AccelObject *self = (AccelObject *)op;
        const state_t *st = PyType_GetModuleState(Py_TYPE(op));
        if (split_ref(PyUnicode_1BYTE_DATA(args[0]), PyUnicode_GET_LENGTH(args[0]), &sp)) {
            return urikit_new_reference(st, (PyTypeObject *)self->extra2, args[0], &sp);
        }
        return parse_failed(self, st, args[0], NULL, &sp); /* sp: urikit_split_ascii's reading */
    }
    return accel_vectorcall(op, args, nargsf, kwnames);
}


/* The references an accelerated function owns (but its type): visited and
 * cleared alike; X_CHECK is X for a member of check. */
#define ACCEL_REFS(X) X(fallback) X(extra1) X(extra2) UK_CHECK_FIELDS(X##_CHECK)

#define UK_VISIT_REF_CHECK(name) UK_VISIT_REF(check.name)
#define UK_CLEAR_REF_CHECK(name) UK_CLEAR_REF(check.name)

static int
accel_traverse(AccelObject *self, visitproc visit, void *arg)
{
    Py_VISIT(Py_TYPE(self));
    ACCEL_REFS(UK_VISIT_REF)
    return 0;
}

static int
accel_clear(AccelObject *self)
{
    ACCEL_REFS(UK_CLEAR_REF)
    PyMem_Free(self->chars);
    self->chars = NULL;
    return 0;
}

static PyObject *
accel_getattr_of_fallback(AccelObject *self, void *name)
{
    return PyObject_GetAttrString(self->fallback, (const char *)name);
}

static PyObject *
accel_wrapped(AccelObject *self, void *closure)
{
    return Py_NewRef(self->fallback);
}

static PyObject *
accel_repr(AccelObject *self)
{
    PyObject *name = PyObject_GetAttrString(self->fallback, "__qualname__");
    if (name == NULL) {
        return NULL;
    }
    PyObject *r = PyUnicode_FromFormat("<function %U (C accelerated)>", name);
    Py_DECREF(name);
    return r;
}

static PyObject *
accel_reduce(AccelObject *self, PyObject *unused)
{
    /* pickled by name, like any module-level function */
    return PyObject_GetAttrString(self->fallback, "__qualname__");
}

static PyGetSetDef accel_getset[] = {
    {"__doc__", (getter)accel_getattr_of_fallback, NULL, NULL, "__doc__"},
    {"__name__", (getter)accel_getattr_of_fallback, NULL, NULL, "__name__"},
    {"__qualname__", (getter)accel_getattr_of_fallback, NULL, NULL, "__qualname__"},
    {"__module__", (getter)accel_getattr_of_fallback, NULL, NULL, "__module__"},
    {"__annotations__", (getter)accel_getattr_of_fallback, NULL, NULL, "__annotations__"},
    {"__wrapped__", (getter)accel_wrapped, NULL, NULL, NULL},
    {NULL},
};

static PyMethodDef accel_methods[] = {
    {"__reduce__", (PyCFunction)accel_reduce, METH_NOARGS, NULL},
    {NULL},
};

static PyMemberDef accel_members[] = {
    {"__vectorcalloffset__", Py_T_PYSSIZET, offsetof(AccelObject, vectorcall), Py_READONLY},
    {NULL},
};

static PyType_Slot accel_slots[] = {
    {Py_tp_dealloc, urikit_gc_heap_dealloc},
    {Py_tp_call, PyVectorcall_Call},
    {Py_tp_repr, accel_repr},
    {Py_tp_traverse, accel_traverse},
    {Py_tp_clear, accel_clear},
    {Py_tp_getset, accel_getset},
    {Py_tp_methods, accel_methods},
    {Py_tp_members, accel_members},
    {0, NULL},
};

PyType_Spec urikit_accel_spec = {
    .name = "urikit.core._speedups.AcceleratedFunction",
    .basicsize = sizeof(AccelObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL |
             Py_TPFLAGS_DISALLOW_INSTANTIATION | Py_TPFLAGS_IMMUTABLETYPE,
    .slots = accel_slots,
};

#define UK_CHECK_ONE(name) +1
enum { NCHECK_FIELDS = 0 UK_CHECK_FIELDS(UK_CHECK_ONE) };
#undef UK_CHECK_ONE

/* The check fields from the keywords of accelerate("check", ...): 0 with every
 * member set (borrowed), or -1 with TypeError when one is missing or unknown. */
static int
check_fields_from(PyObject *kwargs, check_fields_t *f)
{
    int found = 0;
#define UK_CHECK_GET(name)                                                     \
    f->name = kwargs == NULL ? NULL : PyDict_GetItemString(kwargs, #name);    \
    found += f->name != NULL;
    UK_CHECK_FIELDS(UK_CHECK_GET)
#undef UK_CHECK_GET
    if (found != NCHECK_FIELDS || PyDict_GET_SIZE(kwargs) != NCHECK_FIELDS) {
        PyErr_SetString(PyExc_TypeError,
                        "accelerate('check', check, **fields): every field of check_fields_t "
                        "by name, and no other");
        return -1;
    }
    return 0;
}

/* What each kind takes besides its fallback, by name: the keyword kept in
 * extra1 and the one kept in extra2 (NULL: none), how many of them it needs
 * (the first, or both), and the words of its TypeError. check takes its own
 * fields instead (UK_CHECK_FIELDS). An optional one given as None is absent. */
typedef struct {
    const char *kind, *extra1, *extra2;
    int required;
    const char *usage;
} kind_args_t;

/* The named arguments of a kind other than check, borrowed: 0, or -1 with
 * TypeError for a keyword it does not take or one it needs and lacks. */
static int
kind_args_from(const kind_args_t *ka, PyObject *kwargs, PyObject **extra1, PyObject **extra2)
{
    Py_ssize_t given = kwargs == NULL ? 0 : PyDict_GET_SIZE(kwargs);
    *extra1 = ka->extra1 == NULL || given == 0 ? NULL : PyDict_GetItemString(kwargs, ka->extra1);
    *extra2 = ka->extra2 == NULL || given == 0 ? NULL : PyDict_GetItemString(kwargs, ka->extra2);
    Py_ssize_t found = (*extra1 != NULL) + (*extra2 != NULL);
    if (*extra1 == Py_None && ka->required < 1) {
        *extra1 = NULL;
    }
    if (*extra2 == Py_None && ka->required < 2) {
        *extra2 = NULL;
    }
    if (found != given || (ka->required >= 1 && *extra1 == NULL) ||
        (ka->required >= 2 && *extra2 == NULL)) {
        PyErr_Format(PyExc_TypeError, "accelerate('%s', fallback, ...) takes %s", ka->kind,
                     ka->usage);
        return -1;
    }
    return 0;
}

PyObject *
urikit_sp_accelerate(PyObject *module, PyObject *args, PyObject *kwargs)
{
    static const kind_args_t kinds[NKINDS] = {
        [K_SPLIT] = {"split", NULL, NULL, 0, "no keyword arguments"},
        /* ascii_only=True (the IRI is_valid): ASCII text under the default rule only */
        [K_IS_VALID] = {"is_valid", "ascii_only", NULL, 0, "only ascii_only=bool"},
        /* subtype (the IRI parse): the subtype of the reference type it builds */
        [K_PARSE] = {"parse", "diagnose", "subtype", 1,
                     "diagnose=callable and optionally subtype=type, by name"},
        [K_RESOLVE] = {"resolve", NULL, NULL, 0, "no keyword arguments"},
        [K_NORMALIZE] = {"normalize", "default_ports", "http_like", 2,
                         "default_ports=dict and http_like=set, by name"},
        [K_REMOVE_DOTS] = {"remove_dot_segments", NULL, NULL, 0, "no keyword arguments"},
        [K_PLAIN_HOST_END] = {"plain_host_end", NULL, NULL, 0, "no keyword arguments"},
        [K_CHECK] = {"check", NULL, NULL, 0, "every field of check_fields_t by name"},
    };
    const char *kind;
    PyObject *fallback, *extra1 = NULL, *extra2 = NULL;
    if (PyTuple_GET_SIZE(args) > 2) {
        return type_error("accelerate(kind, fallback, /, **named): a kind's arguments go by name");
    }
    if (!PyArg_ParseTuple(args, "sO:accelerate", &kind, &fallback)) {
        return NULL;
    }
    int k = -1;
    for (int i = 0; i < NKINDS; i++) {
        if (strcmp(kind, kinds[i].kind) == 0) {
            k = i;
        }
    }
    if (k < 0 || !PyCallable_Check(fallback)) {
        PyErr_Format(PyExc_ValueError, "accelerate: bad arguments for %s", kind);
        return NULL;
    }
    if (k != K_CHECK && kind_args_from(&kinds[k], kwargs, &extra1, &extra2) < 0) {
        return NULL;
    }
    if (k == K_PARSE && !PyCallable_Check(extra1)) {
        return type_error("accelerate('parse', parse, diagnose=callable)");
    }
    if (k == K_IS_VALID && extra1 != NULL) {
        if (!PyBool_Check(extra1)) {
            return type_error("accelerate('is_valid', f, ascii_only=bool)");
        }
        if (extra1 == Py_False) {
            extra1 = NULL; /* the marker is "ASCII only": absent when false */
        }
    }
    if (k == K_NORMALIZE && (!PyDict_Check(extra1) || !PyAnySet_Check(extra2))) {
        return type_error("accelerate('normalize', f, default_ports=dict, http_like=set)");
    }
    check_fields_t check = {0};
    if (k == K_CHECK && check_fields_from(kwargs, &check) < 0) {
        return NULL;
    }
    if (k == K_CHECK && !urikit_check_fields_ok(&check)) {
        return type_error("accelerate('check', check, ...): report_type a tuple subclass adding "
                          "no slot, schemes, metadata_hosts and local_endings tuples of lowercase "
                          "ASCII str, origin_memo a dict, origin_verdict and char_kind callables, "
                          "version_attr a str");
    }
    state_t *st = module_state(module);
    if (k == K_PARSE && extra2 != NULL) {
        /* the subtype must have the reference type's layout: C fills the same two
         * slots and nothing else */
        PyTypeObject *sub = (PyTypeObject *)extra2;
        if (st->reference_type == NULL || !PyType_Check(extra2) ||
            !PyType_IsSubtype(sub, st->reference_type) || !urikit_is_record_type(sub) ||
            sub->tp_basicsize != st->reference_type->tp_basicsize || sub->tp_itemsize != 0 ||
            sub->tp_dictoffset != 0) {
            return type_error("accelerate('parse', parse, diagnose=..., subtype=...): subtype must "
                              "subclass the installed reference type and add no slot or __dict__");
        }
    }
    AccelObject *self = PyObject_GC_New(AccelObject, st->accel_type);
    if (self == NULL) {
        return NULL;
    }
    self->vectorcall = k == K_IS_VALID ? is_valid_vectorcall
                       : k == K_PARSE  ? parse_vectorcall
                       : k == K_CHECK  ? urikit_check_vectorcall
                                       : accel_vectorcall;
    self->kind = k;
    memset(self->edge, 0, sizeof(self->edge));
    self->chars = NULL;
    if (k == K_CHECK) {
        for (int list = 0; list < 3; list++) {
            PyObject *words = list == 0   ? check.schemes
                              : list == 1 ? check.metadata_hosts
                                          : check.local_endings;
            for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(words); i++) {
                PyObject *w = PyTuple_GET_ITEM(words, i);
                Py_ssize_t m = PyUnicode_GET_LENGTH(w);
                if (m > 0) {
                    uchar c = PyUnicode_1BYTE_DATA(w)[list == 2 ? m - 1 : 0];
                    self->edge[list][c >> 6] |= (uint64_t)1 << (c & 63);
                    c = (uchar)Py_TOUPPER(c);
                    self->edge[list][c >> 6] |= (uint64_t)1 << (c & 63);
                }
            }
        }
    }
    self->fallback = Py_NewRef(fallback);
    self->extra1 = Py_XNewRef(extra1);
    self->extra2 = Py_XNewRef(extra2);
#define UK_CHECK_KEEP(name) self->check.name = Py_XNewRef(check.name);
    UK_CHECK_FIELDS(UK_CHECK_KEEP)
#undef UK_CHECK_KEEP
    PyObject_GC_Track(self);
    return (PyObject *)self;
}

/* ------------------------------------------------- the reference-type hook */

/* set_reference_type(record_base, reference_type): the hook (see the top of
 * this file). record_base is urikit.core._accel.SpanRecord, in a C build this
 * module's SpanRecord type (the ``_text`` and ``_sp`` layout above); C builds
 * instances of reference_type, a subclass of it whose instances have nothing
 * else (no other slot, no __dict__, no GC). */
PyObject *
urikit_sp_set_reference_type(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyType_Check(args[0]) || !PyType_Check(args[1])) {
        return type_error("set_reference_type(record_base: type, reference_type: type)");
    }
    PyTypeObject *base = (PyTypeObject *)args[0], *type = (PyTypeObject *)args[1];
    if (!urikit_is_record_type(base)) {
        PyErr_Format(PyExc_TypeError,
                     "%s is not urikit.core._speedups.SpanRecord (the layout of _text and _sp)",
                     base->tp_name);
        return NULL;
    }
    if (!PyType_IsSubtype(type, base) || !urikit_is_record_type(type)) {
        PyErr_Format(PyExc_TypeError,
                     "set_reference_type: %s must subclass %s and add no slot or __dict__",
                     type->tp_name, base->tp_name);
        return NULL;
    }
    state_t *st = module_state(module);
    Py_XSETREF(st->record_base, (PyTypeObject *)Py_NewRef(base));
    Py_XSETREF(st->reference_type, (PyTypeObject *)Py_NewRef(type));
    Py_RETURN_NONE;
}

/* set_error_type(URIError, diagnose): the class the fast parse raises
 * (raise_located) instead of calling its diagnoser when that is ``diagnose``
 * and the location is known; installed by urikit.reference at import. The
 * class must be a ValueError subclass whose tp_new is BaseException's (no
 * __new__ of its own) with writable object slots for every name in EFIELDS;
 * C writes them at the offsets their member descriptors give. */
PyObject *
urikit_sp_set_error_type(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyCallable_Check(args[1])) {
        return type_error("set_error_type(error_type, diagnose)");
    }
    PyObject *arg = args[0];
    if (!PyType_Check(arg) ||
        !PyType_IsSubtype((PyTypeObject *)arg, (PyTypeObject *)PyExc_ValueError) ||
        ((PyTypeObject *)arg)->tp_new != ((PyTypeObject *)PyExc_ValueError)->tp_new) {
        return type_error("set_error_type(type): a ValueError subclass without its own __new__");
    }
    PyTypeObject *type = (PyTypeObject *)arg;
    Py_ssize_t offsets[NEFIELDS];
    for (int f = 0; f < NEFIELDS; f++) {
        PyObject *d = PyObject_GetAttrString(arg, EFIELDS[f]);
        if (d == NULL) {
            return NULL;
        }
        int ok = 0;
        if (Py_IS_TYPE(d, &PyMemberDescr_Type)) {
            const PyMemberDef *m = ((PyMemberDescrObject *)d)->d_member;
            ok = PyType_IsSubtype(type, PyDescr_TYPE(d)) && m->type == Py_T_OBJECT_EX &&
                 !(m->flags & Py_READONLY) &&
                 m->offset >= (Py_ssize_t)sizeof(PyBaseExceptionObject) &&
                 m->offset + (Py_ssize_t)sizeof(PyObject *) <= type->tp_basicsize;
            offsets[f] = m->offset;
        }
        Py_DECREF(d);
        if (!ok) {
            PyErr_Format(PyExc_TypeError, "set_error_type: %s.%s is not an object slot",
                         type->tp_name, EFIELDS[f]);
            return NULL;
        }
    }
    state_t *st = module_state(module);
    memcpy(st->error_offsets, offsets, sizeof(offsets));
    Py_XSETREF(st->error_type, (PyTypeObject *)Py_NewRef(arg));
    Py_XSETREF(st->error_diagnose, Py_NewRef(args[1]));
    Py_RETURN_NONE;
}

PyObject *
urikit_sp_reference_type(PyObject *module, PyObject *unused)
{
    state_t *st = module_state(module);
    if (st->reference_type == NULL) {
        Py_RETURN_NONE;
    }
    return Py_BuildValue("(OO)", st->record_base, st->reference_type);
}
