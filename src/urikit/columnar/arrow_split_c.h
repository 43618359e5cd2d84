/* arrow_split_c.c: arrow_split and arrow_errors. Its header: what it offers the
 * other units (urikit_*, hidden: no symbol leaves the extension), and
 * URIKIT_ARROW_SPLIT_METHODS, its entries in the module's method table
 * (_speedups_module.c concatenates the units' tables).
 */
#ifndef URIKIT_COLUMNAR_ARROW_SPLIT_C_H
#define URIKIT_COLUMNAR_ARROW_SPLIT_C_H
#include "../core/_speedups.h"

UK_KERNEL_FASTCALL(arrow_split);
UK_KERNEL_FASTCALL(arrow_errors);

#define URIKIT_ARROW_SPLIT_METHODS \
    UK_METHOD_FASTCALL(arrow_split, \
        "arrow_split(schema_capsule: object, array_capsule: object, rule: str, wide: " \
        "bool, alloc: Callable[[int], object], /) -> tuple[object | None, int, int, " \
        "bytes, list[str], tuple[tuple[object, object, object, int], ...]]\n" \
        "\n" \
        "Returns (non-null bits | None, n_invalid, n_null, invalid rows, invalid texts, " \
        "((validity, offsets, data, null count) * 8))."), \
    UK_METHOD_FASTCALL(arrow_errors, \
        "arrow_errors(n: int, invalid_rows: bytes, reasons: list[str], positions: " \
        "list[int], alloc: Callable[[int], object], /) -> tuple[object, object, object, " \
        "object, object]\n" \
        "\n" \
        "Returns the buffers of the error_reason and error_position columns."),

#endif /* URIKIT_COLUMNAR_ARROW_SPLIT_C_H */
