/* arrow_transform_c.c: the Arrow normalize, resolve, canonical and domain kernels. Its
 * header: what it offers the other units (urikit_*, hidden: no symbol leaves the
 * extension), and URIKIT_ARROW_TRANSFORM_METHODS, its entries in the module's
 * method table (_speedups_module.c concatenates the units' tables).
 */
#ifndef URIKIT_COLUMNAR_ARROW_TRANSFORM_C_H
#define URIKIT_COLUMNAR_ARROW_TRANSFORM_C_H
#include "../core/_speedups.h"

UK_KERNEL_FASTCALL(arrow_normalize);
UK_KERNEL_FASTCALL(arrow_resolve);
UK_KERNEL_FASTCALL(arrow_canonical);
UK_KERNEL_FASTCALL(arrow_domain);

#define URIKIT_ARROW_TRANSFORM_METHODS \
    UK_METHOD_FASTCALL(arrow_normalize, \
        "arrow_normalize(validity: object | None, offsets: object, data: object, offset: " \
        "int, length: int, wide: bool, wide_out: bool, alloc: Callable[[int], object], " \
        "scheme_level: bool, ports: tuple[tuple[str, str], ...], http_like: tuple[str, " \
        "...], fallback: Callable[[str], str | None], /) -> tuple[object | None, object, " \
        "object, int] | None\n" \
        "\n" \
        "Returns (validity | None, offsets, data, null count) | None, the buffers from " \
        "alloc."), \
    UK_METHOD_FASTCALL(arrow_resolve, \
        "arrow_resolve(validity: object | None, offsets: object, data: object, offset: " \
        "int, length: int, wide: bool, wide_out: bool, alloc: Callable[[int], object], " \
        "strict: bool, fallback: Callable[[str, str], str | None], base: str | " \
        "tuple[object | None, object, object, int, bool], /) -> tuple[object | None, " \
        "object, object, int] | None\n" \
        "\n" \
        "Returns as arrow_normalize."), \
    UK_METHOD_FASTCALL(arrow_canonical, \
        "arrow_canonical(validity: object | None, offsets: object, data: object, offset: " \
        "int, length: int, wide: bool, wide_out: bool, alloc: Callable[[int], object], " \
        "mode: int, fallback: Callable[[str], str | None], /) -> tuple[object | None, " \
        "object, object, int] | None\n" \
        "\n" \
        "Returns as arrow_normalize: canonical_fast's form mode of each row."), \
    UK_METHOD_FASTCALL(arrow_domain, \
        "arrow_domain(validity: object | None, offsets: object, data: object, offset: " \
        "int, length: int, wide: bool, wide_out: bool, alloc: Callable[[int], object], " \
        "table: object, private: bool, what: int, fallback: Callable[[str], str | None], " \
        "/) -> tuple[object | None, object, object, int] | None\n" \
        "\n" \
        "Returns as arrow_normalize: the public suffix (what 0), the registrable domain " \
        "(1), the subdomain, domain, suffix of split (2, 3, 4) of each row."),

#endif /* URIKIT_COLUMNAR_ARROW_TRANSFORM_C_H */
