/* batch_c.c: the batch kernels. Its header: what it offers the other units
 * (urikit_*, hidden: no symbol leaves the extension), and URIKIT_BATCH_METHODS,
 * its entries in the module's method table (_speedups_module.c concatenates the
 * units' tables).
 */
#ifndef URIKIT_COLUMNAR_BATCH_C_H
#define URIKIT_COLUMNAR_BATCH_C_H
#include "../core/_speedups.h"

UK_KERNEL_FASTCALL(validate_many);
UK_KERNEL_FASTCALL(split_many);
UK_KERNEL_FASTCALL(refs_many);
UK_KERNEL_FASTCALL(file_records);

#define URIKIT_BATCH_METHODS \
    UK_METHOD_FASTCALL(validate_many, \
        "validate_many(texts: Iterable[object], rule: str, fallback: Callable[..., " \
        "bool], /) -> list[bool]\n" \
        "\n" \
        "Returns list[bool]."), \
    UK_METHOD_FASTCALL(split_many, \
        "split_many(texts: Iterable[object], rule: str, fallback: Callable[..., _Spans | " \
        "None], /) -> list[_Spans | None]\n" \
        "\n" \
        "Returns list[spans | None]."), \
    UK_METHOD_FASTCALL(refs_many, \
        "refs_many(texts: Iterable[object], rule: str, fallback: Callable[..., Any], /) " \
        "-> list[Any]\n" \
        "\n" \
        "Returns list[reference | None]: the references parse() makes (None where " \
        "invalid); fallback(text, rule) for a text that is not an exact str or a rule " \
        "this module does not know."), \
    UK_METHOD_FASTCALL(file_records, \
        "file_records(lines: list[str], first: int, rule: str, record_type: type[_T], " \
        "fallback: Callable[[int, str, str], _T], /) -> list[_T]\n" \
        "\n" \
        "Returns list: batch.iter_file's records of a list of file lines"),

#endif /* URIKIT_COLUMNAR_BATCH_C_H */
