/* What the units of the extraction scanner share (extraction_c.c, the scan and
 * the bare and abbreviated forms; extraction_delimited_c.c, the <...> and "..."
 * forms): the scan's context, reading its text, the character tests, and what
 * each unit offers the other. Included by those units only. */
#ifndef URIKIT_EXTRACTION_H
#define URIKIT_EXTRACTION_H

#include "../core/_speedups.h"

/* prose._URI_CHARS: unreserved, reserved and "%" */
static inline int
ex_is_uri(Py_UCS4 c)
{
    return c < 128 && (uk_class[c] & UK_URI_CHARS);
}

/* Whether c is of the whitespace class k (UK_EXS_*) of uk_ex_space. */
static inline int
ex_space(Py_UCS4 c, unsigned k)
{
    return c < 256 && (uk_ex_space[c] & k);
}

/* The classes by name: */
#define ex_is_ws(c) ex_space((c), UK_EXS_WS) /* prose._WS: ASCII whitespace, no-break space */
#define ex_is_blank(c) ex_space((c), UK_EXS_BLANK) /* the blanks a delimited form allows */
#define ex_is_line_blank(c) ex_space((c), UK_EXS_LINE_BLANK) /* prose._LINE_BLANKS */
#define ex_is_break(c) ex_space((c), UK_EXS_BREAK) /* prose._LINE_BREAKS */

typedef struct {
    PyObject *text;
    int kind;
    const void *data;
    Py_ssize_t n;
    PyObject *prose; /* set of lowercase scheme names */
    int iris;
    PyTypeObject *type;      /* urikit.extraction.Extracted */
    Py_ssize_t off[NEXSLOTS]; /* its slots (EXS_*, EX_SLOTS: generated into _tables.h) */
    PyObject *wrappers[NEXWRAPPERS]; /* EX_WRAPPERS */
    PyObject *empty;         /* () */
    PyObject *found;         /* the list built */
} ex_ctx;

#define EX_READ(cx, j) PyUnicode_READ((cx)->kind, (cx)->data, (j))

/* extraction_c.c: whether data[a:b] (ASCII scheme characters), lowercased, is
 * in the prose set (2: too long to tell; -1 error); whether the ASCII str s is
 * a URI; append an Extracted (steals uri and alternatives). */
UK_HIDDEN int
urikit_ex_in_prose_at(ex_ctx *cx, int kind, const void *data, Py_ssize_t a, Py_ssize_t b);
UK_HIDDEN int
urikit_ex_is_valid(PyObject *s);
UK_HIDDEN int
urikit_ex_emit_full(ex_ctx *cx, PyObject *uri, Py_ssize_t start, Py_ssize_t end,
                    PyObject *wrapper, PyObject *alternatives, int abbreviated);

static inline int
ex_in_prose(ex_ctx *cx, Py_ssize_t a, Py_ssize_t b)
{
    return urikit_ex_in_prose_at(cx, cx->kind, cx->data, a, b);
}

/* extraction_delimited_c.c: the candidate "<" (angle) or '"' at i: 1 found
 * (*end set), 0 none, 2 for Python, -1 error. */
UK_HIDDEN int
urikit_ex_delimited(ex_ctx *cx, Py_ssize_t i, int angle, Py_ssize_t *end);

#endif /* URIKIT_EXTRACTION_H */
