/* arrow_c.c: arrow_validate and the Arrow scanner level. Its header: what it
 * offers the other units (urikit_*, hidden: no symbol leaves the extension), and
 * URIKIT_ARROW_METHODS, its entries in the module's method table
 * (_speedups_module.c concatenates the units' tables).
 */
#ifndef URIKIT_COLUMNAR_ARROW_C_H
#define URIKIT_COLUMNAR_ARROW_C_H
#include "../core/_speedups.h"

UK_KERNEL_FASTCALL(arrow_validate);
UK_KERNEL_O(arrow_level); /* the method _arrow_level */

#define URIKIT_ARROW_METHODS \
    {"_arrow_level", (PyCFunction)urikit_sp_arrow_level, METH_O, \
     "_arrow_level(level: int, /) -> int\n" \
     "\n" \
     "Returns previous level: tests choose the Arrow scanner (0 portable, 1 SSSE3, 2 " \
     "AVX2, -1 the CPU's best)."}, \
    UK_METHOD_FASTCALL(arrow_validate, \
        "arrow_validate(schema_capsule: object, array_capsule: object, rule: str, /) -> " \
        "tuple[bytes, bytes | None, int, int]\n" \
        "\n" \
        "Returns (valid bits, non-null bits | None, n_invalid, n_null) for an Arrow " \
        "string, large_string or string_view array."),

#endif /* URIKIT_COLUMNAR_ARROW_C_H */
