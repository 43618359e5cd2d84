/* percent_c.c: percent-encoding and decoding. Its header: what it offers the
 * other units (urikit_*, hidden: no symbol leaves the extension), and
 * URIKIT_PERCENT_METHODS, its entries in the module's method table
 * (_speedups_module.c concatenates the units' tables).
 */
#ifndef URIKIT_CORE_PERCENT_C_H
#define URIKIT_CORE_PERCENT_C_H
#include "_speedups.h"

UK_KERNEL_FASTCALL(percent_encode);
UK_KERNEL_FASTCALL(percent_decode);

#define URIKIT_PERCENT_METHODS \
    UK_METHOD_FASTCALL(percent_encode, \
        "percent_encode(text: str, component: str, /) -> str | int\n" \
        "\n" \
        "Returns str | int (UTF-8, strict)."), \
    UK_METHOD_FASTCALL(percent_decode, \
        "percent_decode(text: str, /) -> str | tuple[str, int]\n" \
        "\n" \
        "Returns str | (reason, position) (UTF-8, strict)."),

#endif /* URIKIT_CORE_PERCENT_C_H */
