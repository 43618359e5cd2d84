"""docs/speedups.md's section "Free-threaded Python: what the extension shares"
names everything of ``urikit.core._speedups`` that threads could share, so that
the step to a free-threaded build stays known: this test fails when a C unit gains
something the section does not name.

Read from the sources (a text scan, no compiler): every variable of static
storage duration in ``src/urikit/**/*.c`` and ``*.h`` that is not const (a
file-scope variable, static or not, and a ``static`` one in a function or in a
macro's body) must be named in the section, as ``name`` on a line that names its
file; so must every field of the module state and of the object layouts the
extension keeps (``state_t.none_pair``, ``AccelObject.chars``, ...) and of what
``security.check`` is handed (``check.origin_memo``, ...), and every function
that releases the GIL (``Py_BEGIN_ALLOW_THREADS``,
``PyEval_SaveThread``), as ``function`` on a line that names its file.

Exempt (:data:`TABLE_TYPES`): the CPython definition tables (``PyMethodDef``,
``PyType_Slot``, ``PyGetSetDef``, ``PyMemberDef``, ``PyModuleDef``,
``PyModuleDef_Slot``, ``PyType_Spec`` arrays and structs), which the compiler
fills and urikit never writes: the C API takes them through non-const pointers,
so they cannot be declared const. The section must still name each table type
used. A variable that is const itself (``static const int n[3]``, ``static const
char *const names[]``; not ``static const char *names[]``, whose pointers may
change) is read-only and exempt too.

The built extension is read as well when there is one and ``objdump`` is
installed: every object in its writable data (``.data``, ``.bss``) must be one the
section names, or a symbol of the toolchain's start-up code (:data:`TOOLCHAIN`).
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
from pathlib import Path
from typing import NamedTuple

import pytest
from paths import PACKAGE, ROOT

# the C sources beside the urikit imported: a checkout's src/urikit, or an
# installed package (the wheel ships them with its compiled module)
SRC = PACKAGE
DOC = ROOT / "docs" / "speedups.md"
SECTION = "Free-threaded Python: what the extension shares"

#: The CPython definition tables: filled by the compiler, read by CPython, never
#: written by urikit (``PyModuleDef``'s head is CPython's: PyModuleDef_Init sets it).
TABLE_TYPES = frozenset(
    {
        "PyMethodDef",
        "PyType_Slot",
        "PyGetSetDef",
        "PyMemberDef",
        "PyModuleDef",
        "PyModuleDef_Slot",
        "PyType_Spec",
    }
)
#: The structs whose every field the section names (``Type.field``): the module
#: state and the objects the extension makes.
STRUCTS = ("state_t", "AccelObject", "GetterObject", "RecordObject")
#: Writable data of the start-up code that every shared object file links in
#: (crtstuff: ``completed`` guards the destructors; ``__dso_handle``, ``__TMC_END__``).
TOOLCHAIN = frozenset({"completed", "__dso_handle", "__TMC_END__"})

KEYWORDS = frozenset(
    {
        "static",
        "extern",
        "const",
        "volatile",
        "inline",
        "struct",
        "union",
        "enum",
        "typedef",
        "register",
        "_Thread_local",
        "__thread",
        "__attribute__",
        "__restrict",
        "restrict",
        "Py_ALWAYS_INLINE",
        "UK_HIDDEN",
    }
)
TOKEN_RE = re.compile(r"[A-Za-z_][A-Za-z_0-9]*|\d[\w.]*|##|->|\S")


class Variable(NamedTuple):
    """A variable of static storage duration: its file, name and where."""

    file: str
    name: str
    scope: str  # "file", "function" or "macro"
    const: bool
    table: str | None  # the definition-table type it is, if one


# ---------------------------------------------------------------- the C scan


def _blank(match: re.Match[str]) -> str:
    """A comment or literal as spaces (newlines kept: line numbers stay)."""
    text = match.group()
    if text.startswith(("/*", "//")):
        return re.sub(r"[^\n]", " ", text)
    return text[0] + " " * (len(text) - 2) + text[-1]  # "..." or '...': its quotes


def strip(source: str) -> str:
    """``source`` without comments, and with string and character literals emptied."""
    literal = r"/\*.*?\*/|//[^\n]*|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'"
    return re.sub(literal, _blank, source, flags=re.S)


def split_directives(code: str) -> tuple[list[str], list[str]]:
    """The code as chunks between preprocessor directives, and the bodies of its
    ``#define`` s (continuation lines joined)."""
    code = code.replace("\\\n", " ")
    chunks: list[str] = []
    bodies: list[str] = []
    current: list[str] = []
    for line in code.split("\n"):
        directive = re.match(r"\s*#\s*(\w+)(.*)", line)
        if directive is None:
            current.append(line)
            continue
        chunks.append("\n".join(current))
        current = []
        if directive.group(1) == "define":
            head = re.match(r"\s*\w+(?:\([^)]*\))?", directive.group(2))
            bodies.append(directive.group(2)[head.end() if head else 0 :])
    chunks.append("\n".join(current))
    return chunks, bodies


def _skip_group(tokens: list[str], i: int) -> int:
    """The index after the bracket group that starts at tokens[i]."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    depth, close, opener = 0, pairs[tokens[i]], tokens[i]
    for j in range(i, len(tokens)):
        if tokens[j] == opener:
            depth += 1
        elif tokens[j] == close:
            depth -= 1
            if depth == 0:
                return j + 1
    return len(tokens)


def _declarators(tokens: list[str]) -> list[list[str]]:
    """The top-level comma-separated parts of a declaration (no initializers)."""
    parts: list[list[str]] = [[]]
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t in "([{":
            end = _skip_group(tokens, i)
            parts[-1].extend(tokens[i:end])
            i = end
            continue
        if t == "=":  # the initializer, up to the next top-level comma
            i += 1
            while i < len(tokens) and tokens[i] != ",":
                i = _skip_group(tokens, i) if tokens[i] in "([{" else i + 1
            continue
        if t == ",":
            parts.append([])
        else:
            parts[-1].append(t)
        i += 1
    return [p for p in parts if p]


def _no_attributes(tokens: list[str]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(tokens):
        if tokens[i] == "__attribute__" and i + 1 < len(tokens) and tokens[i + 1] == "(":
            i = _skip_group(tokens, i + 1)
            continue
        out.append(tokens[i])
        i += 1
    return out


#: The words of C's basic types: specifiers, as keywords are.
BASE_TYPES = frozenset(
    {"void", "char", "short", "int", "long", "float", "double", "_Bool", "signed", "unsigned"}
)
IDENT_RE = re.compile(r"[A-Za-z_]\w*")


def _is_name(token: str) -> bool:
    return bool(IDENT_RE.fullmatch(token)) and token not in KEYWORDS and token not in BASE_TYPES


def declaration(tokens: list[str], file: str, scope: str) -> list[Variable]:
    """The variables a declaration (its tokens, without the ``;``) defines: none for
    a function, a typedef, an ``extern`` declaration or a bare struct/enum."""
    tokens = _no_attributes(tokens)
    if not tokens or "typedef" in tokens or "extern" in tokens:
        return []
    if tokens[0].startswith("UK_KERNEL_"):
        return []  # a kernel's prototype (the macros of _speedups.h)
    parts = _declarators(tokens)
    head = parts[0]
    # the specifiers: storage class, qualifiers, and one type (basic type words,
    # a struct/union/enum with its tag or body, or a type name)
    specifiers: list[str] = []
    has_type = False
    i = 0
    while i < len(head):
        t = head[i]
        if t == "{":  # a struct/union/enum body
            i = _skip_group(head, i)
            continue
        if t in ("struct", "union", "enum"):
            has_type = True
            i += 1
            if i < len(head) and _is_name(head[i]):
                specifiers.append(head[i])
                i += 1
            continue
        if t in KEYWORDS or t in BASE_TYPES:
            has_type = has_type or t in BASE_TYPES
            specifiers.append(t)
            i += 1
            continue
        if _is_name(t) and not has_type:
            specifiers.append(t)  # the type name
            has_type = True
            i += 1
            continue
        break
    first = head[i:]
    if not first:
        return []  # "struct s {...};", "enum {...};"
    table = next((t for t in specifiers if t in TABLE_TYPES), None)
    found = []
    for k, part in enumerate(parts):
        decl = first if k == 0 else part
        names = [t for t in decl if _is_name(t)]
        if not names:
            continue
        name = names[0]
        at = decl.index(name)
        # a function: its name followed by "(" (not "(*name)(...)", a pointer to one)
        pointer_to_function = at > 0 and decl[at - 1] == "*" and "(" in decl[:at]
        if at + 1 < len(decl) and decl[at + 1] == "(" and not pointer_to_function:
            continue
        # const itself: "const" after the last "*" of a pointer, else in the specifiers
        stars = [j for j, t in enumerate(decl[:at]) if t == "*"]
        const = "const" in decl[stars[-1] + 1 : at] if stars else "const" in specifiers
        found.append(Variable(file, name, scope, const, table))
    return found


def _statements(tokens: list[str]) -> list[tuple[list[str], list[str] | None]]:
    """The file-scope statements of tokens: (declaration, None) for each ``...;``
    and (head, body) for each function definition."""
    out: list[tuple[list[str], list[str] | None]] = []
    start = i = 0
    while i < len(tokens):
        t = tokens[i]
        if t == "static" and i > start:
            # a storage class starts a declaration: what came before it was a
            # macro call without ";" (EX_STEP_FN(8, Py_UCS1))
            start = i
        if t in ("(", "["):
            i = _skip_group(tokens, i)
            continue
        if t == "{":
            before = tokens[start:i]
            end = _skip_group(tokens, i)
            if before and before[-1] == ")" and "=" not in before:  # a function's body
                out.append((before, tokens[i + 1 : end - 1]))
                start = end
            i = end  # else a struct body or an initializer: part of the declaration
            continue
        if t == ";":
            out.append((tokens[start:i], None))
            start = i + 1
        i += 1
    return out


def variables(source: str, file: str) -> list[Variable]:
    """Every variable of static storage duration that ``source`` (one unit or
    header) defines, at file scope, in a function, or in a macro's body."""
    chunks, bodies = split_directives(strip(source))
    found: list[Variable] = []
    for head, body in _statements(TOKEN_RE.findall("\n".join(chunks))):
        if body is None:
            found += declaration(head, file, "file")
        else:
            found += _statics(body, file, "function")
    for text in bodies:
        found += _statics(TOKEN_RE.findall(text), file, "macro")
    return found


def _statics(tokens: list[str], file: str, scope: str) -> list[Variable]:
    """The ``static`` declarations among tokens (a function's body, a macro's)."""
    found: list[Variable] = []
    i = 0
    while i < len(tokens):
        if tokens[i] != "static":
            i += 1
            continue
        j = i
        while j < len(tokens) and tokens[j] not in (";", "{", "="):
            j = _skip_group(tokens, j) if tokens[j] in "([" else j + 1
        if j < len(tokens) and tokens[j] == "{" and tokens[j - 1] == ")":
            # a function defined in a macro (DEFINE_AV_CLASSIFY): skip its body
            i = _skip_group(tokens, j)
            continue
        while j < len(tokens) and tokens[j] != ";":  # the initializer
            j = _skip_group(tokens, j) if tokens[j] in "([{" else j + 1
        found += declaration(tokens[i:j], file, scope)
        i = j + 1
    return found


def struct_fields(source: str, name: str) -> list[str]:
    """The field names of ``typedef struct {...} name;`` in source (a body with no
    braces of its own, as every struct of the extension has)."""
    match = re.search(
        r"typedef\s+struct\s*\{([^{}]*)\}\s*" + re.escape(name) + r"\s*;", strip(source)
    )
    assert match is not None, f"no typedef struct {name}"
    fields = []
    for member in match.group(1).replace("PyObject_HEAD", "").split(";"):
        member = re.sub(r"\[[^\]]*\]|\([^()]*\)\s*$", "", member.strip())  # sizes, params
        if member:
            fields.append(IDENT_RE.findall(member)[-1])
    return fields


def gil_releases(source: str) -> list[str]:
    """The functions of source that release the GIL (detach the thread state)."""
    code = strip(source)
    names = []
    for m in re.finditer(r"\bPy_BEGIN_ALLOW_THREADS\b|\bPyEval_SaveThread\s*\(", code):
        heads = re.findall(r"^([A-Za-z_]\w*)\s*\(", code[: m.start()], re.M)
        assert heads, f"a GIL release outside a function at {m.start()}"
        names.append(heads[-1])
    return sorted(set(names))


# ---------------------------------------------------------------- the section


def section() -> str:
    text = DOC.read_text(encoding="utf-8")
    match = re.search(r"^## " + re.escape(SECTION) + r"\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert match is not None, f"docs/speedups.md has no section {SECTION!r}"
    return match.group(1)


def names_on_a_line(doc: str, name: str, file: str | None = None) -> bool:
    """Whether a line of doc has the code span ``name`` (or ``name[]``, ``name()``)
    and, when given, the file's name."""
    span = re.compile(r"`" + re.escape(name) + r"(?:\[\]|\(\))?`")
    return any(span.search(line) and (file is None or file in line) for line in doc.splitlines())


def c_sources() -> list[Path]:
    return sorted(p for p in SRC.rglob("*") if p.suffix in (".c", ".h") and p.is_file())


def mutable(found: list[Variable]) -> list[Variable]:
    return [v for v in found if not v.const and v.table is None]


# ---------------------------------------------------------------- the tests


def test_the_units_are_read() -> None:
    names = {p.name for p in c_sources()}
    assert {"_speedups_module.c", "_speedups.h", "_check_c.c", "arrow_transform_c.c"} <= names
    found = [v for p in c_sources() for v in variables(p.read_text(encoding="utf-8"), p.name)]
    by_name = {v.name: v for v in found}
    # what the sources hold today: the tables, and the constants in functions
    assert by_name["methods"].table == "PyMethodDef"
    assert by_name["moduledef"].table == "PyModuleDef"
    assert by_name["urikit_accel_spec"].table == "PyType_Spec"
    assert by_name["kinds"] == Variable("_accel_c.c", "kinds", "function", True, None)
    assert by_name["WORDS"].const and by_name["uk_class"].const


@pytest.mark.parametrize("path", c_sources(), ids=lambda p: p.relative_to(SRC).as_posix())
def test_every_mutable_static_is_named(path: Path) -> None:
    doc = section()
    missing = [
        f"{v.name} ({v.scope} scope)"
        for v in mutable(variables(path.read_text(encoding="utf-8"), path.name))
        if not names_on_a_line(doc, v.name, path.name)
    ]
    assert missing == [], f"not in docs/speedups.md's {SECTION!r}, on a line naming {path.name}"


def test_every_table_type_is_named() -> None:
    doc = section()
    used = {
        v.table
        for p in c_sources()
        for v in variables(p.read_text(encoding="utf-8"), p.name)
        if v.table is not None
    }
    assert used, "the method table and the type specs are read as tables"
    assert sorted(t for t in used if f"`{t}`" not in doc) == []


@pytest.mark.parametrize("struct", STRUCTS)
def test_every_field_is_named(struct: str) -> None:
    header = (SRC / "core" / "_speedups.h").read_text(encoding="utf-8")
    sources = [header] + [p.read_text(encoding="utf-8") for p in c_sources()]
    source = next(s for s in sources if re.search(r"\}\s*" + struct + r"\s*;", strip(s)))
    fields = struct_fields(source, struct)
    assert fields, struct
    doc = section()
    assert [f for f in fields if f"`{struct}.{f}`" not in doc] == []


def test_what_check_is_handed_is_named() -> None:
    header = strip((SRC / "core" / "_speedups.h").read_text(encoding="utf-8"))
    match = re.search(r"#define UK_CHECK_FIELDS\(X\)(.*?)\n\n", header, re.S)
    assert match is not None
    fields = re.findall(r"X\((\w+)\)", match.group(1))
    assert "origin_memo" in fields
    doc = section()
    assert [f for f in fields if f"`check.{f}`" not in doc] == []


@pytest.mark.parametrize("path", c_sources(), ids=lambda p: p.relative_to(SRC).as_posix())
def test_every_gil_release_is_named(path: Path) -> None:
    doc = section()
    released = gil_releases(path.read_text(encoding="utf-8"))
    assert [f for f in released if not names_on_a_line(doc, f, path.name)] == []


def test_the_gil_releases_are_found() -> None:
    released = {
        (p.name, f) for p in c_sources() for f in gil_releases(p.read_text(encoding="utf-8"))
    }
    assert ("arrow_c.c", "urikit_sp_arrow_validate") in released
    assert ("arrow_transform_c.c", "run") in released


#: A line of ``objdump -t``: address, flags (7 columns), section, size, name.
SYMBOL_RE = re.compile(r"^[0-9a-f]+ (.{7}) (\S+)\s+[0-9a-f]+\s+(?:\.hidden\s+)?(\S+)$")


def _data_objects(so: Path) -> set[str]:
    """The objects in the writable data of a shared object (``.data``, ``.bss``),
    their names without the compiler's ``.N`` / ``.lto_priv.N`` suffixes."""
    objdump = shutil.which("objdump")
    if objdump is None:
        pytest.skip("objdump is not installed")
    table = subprocess.run([objdump, "-t", str(so)], capture_output=True, text=True, check=True)
    names = set()
    for line in table.stdout.splitlines():
        m = SYMBOL_RE.match(line)
        if m and "O" in m.group(1) and m.group(2) in (".data", ".bss"):
            names.add(re.sub(r"(\.lto_priv)?(\.\d+)+$", "", m.group(3)))
    return names


def test_the_built_extension_has_nothing_else() -> None:
    spec = importlib.util.find_spec("urikit.core._speedups")
    if spec is None or spec.origin is None or not spec.origin.endswith((".so", ".pyd")):
        pytest.skip("urikit.core._speedups is not built")
    found = _data_objects(Path(spec.origin))
    assert "methods" in found, "the method table is writable data"
    doc = section()
    assert sorted(n for n in found - TOOLCHAIN if not names_on_a_line(doc, n)) == []


# ------------------------------------------------- the scanner on made-up code


@pytest.mark.parametrize(
    ("code", "want"),
    [
        ("static int x;", [("x", "file", False)]),
        ("static int a = 1, *b;", [("a", "file", False), ("b", "file", False)]),
        ("int counter = 0;", [("counter", "file", False)]),
        ("PyObject *cache;", [("cache", "file", False)]),
        ('static const char *names[2] = {"a", "b"};', [("names", "file", False)]),
        ('static const char *const names[2] = {"a", "b"};', [("names", "file", True)]),
        ("static char *const p = 0;", [("p", "file", True)]),
        ("static const uint8_t t[3] = {1, 2, 3};", [("t", "file", True)]),
        (
            "static int level(void) { static int best = -1; return best; }",
            [("best", "function", False)],
        ),
        (
            "static int f(void) { static const int k[2] = {1, 2}; return k[0]; }",
            [("k", "function", True)],
        ),
        ("FOO(8, int)\nstatic long hits;", [("hits", "file", False)]),
        ("#define DEF(n) static int n##_count;\nDEF(a)", [("n", "macro", False)]),
        ("static int (*hook)(int) = 0;", [("hook", "file", False)]),
        (
            'static struct PyModuleDef def = {PyModuleDef_HEAD_INIT, .m_name = "m"};',
            [("def", "file", False)],
        ),
        ("UK_HIDDEN extern PyType_Spec spec;", []),
        ("UK_HIDDEN int f(int a, int b);", []),
        ("UK_KERNEL_FASTCALL(percent_decode);", []),
        ("UK_KERNEL_FASTCALL(percent_decode);\nstatic long hits;", [("hits", "file", False)]),
        ("int\nf(int a)\n{\n    int local = a;\n    return local;\n}", []),
        ("typedef struct { int a; } s_t;", []),
        ("enum { A, B };\nstruct s { int a; };", []),
        ("static inline int g(void) { return 0; }", []),
        ("void f(void) { static struct { int n; } seen; }", [("seen", "function", False)]),
        ('/* static int no; */ static const char s[] = "static int no;";', [("s", "file", True)]),
        ('__attribute__((target("ssse3"))) static inline int h(int a) { return a; }', []),
    ],
)
def test_the_scanner(code: str, want: list[tuple[str, str, bool]]) -> None:
    assert [(v.name, v.scope, v.const) for v in variables(code, "x.c")] == want


def test_a_table_is_told_apart() -> None:
    code = "static PyMethodDef methods[] = {{NULL}};\nstatic PyType_Slot slots[] = {{0, NULL}};"
    assert [(v.name, v.table) for v in variables(code, "x.c")] == [
        ("methods", "PyMethodDef"),
        ("slots", "PyType_Slot"),
    ]


def test_struct_fields() -> None:
    code = "typedef struct {\n    PyObject_HEAD\n    int a; /* x; y */\n    PyObject *b[4][2];\n"
    code += "    int (*c)(void *ctx, int n);\n} s_t;"
    assert struct_fields(code, "s_t") == ["a", "b", "c"]
