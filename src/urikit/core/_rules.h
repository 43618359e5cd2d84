/* The rules of _parser.RULES read off a split: whether a URI-reference split
 * into sp (urikit_split_ascii's spans) is of the rule numbered code (RULE_REF
 * ... RULE_REL, generated into _tables.h). 1 yes, 0 no, -1 for a code that
 * names no rule (the caller says so, or not). RFC 3986 section 4: a URI has a
 * scheme (4.3: an absolute-URI also has no fragment), a relative-ref has none.
 * The one definition for the parser (_parser_c.c) and the Arrow kernels
 * (columnar/_arrow.h). */
#ifndef URIKIT_RULES_H
#define URIKIT_RULES_H

#include "_speedups.h"

static Py_ALWAYS_INLINE inline int
urikit_rule_holds(int code, const spans_t *sp)
{
    switch (code) {
    case RULE_REF:
        return 1;
    case RULE_URI:
        return sp->s[G_SCHEME] >= 0;
    case RULE_ABS:
        return sp->s[G_SCHEME] >= 0 && sp->s[G_FRAGMENT] < 0;
    case RULE_REL:
        return sp->s[G_SCHEME] < 0;
    default:
        return -1;
    }
}

#endif
