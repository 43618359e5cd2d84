/* extraction_c.c: the extraction scanner. Its header: what it offers the other
 * units (urikit_*, hidden: no symbol leaves the extension), and
 * URIKIT_EXTRACTION_METHODS, its entries in the module's method table
 * (_speedups_module.c concatenates the units' tables).
 */
#ifndef URIKIT_TEXT_EXTRACTION_C_H
#define URIKIT_TEXT_EXTRACTION_C_H
#include "../core/_speedups.h"

UK_KERNEL_FASTCALL(extract_scan);

#define URIKIT_EXTRACTION_METHODS \
    UK_METHOD_FASTCALL(extract_scan, \
        "extract_scan(text: str, pos: int, last_end: int, prose: frozenset[str], iris: " \
        "bool, abbreviated: bool, extracted_type: type[_T], max_items: int, /) -> " \
        "tuple[list[_T], int]\n" \
        "\n" \
        "Returns (found, stop): the candidates urikit.extraction decides in C; Python " \
        "judges the one at stop."),

#endif /* URIKIT_TEXT_EXTRACTION_C_H */
