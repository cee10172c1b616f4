"""The project uses its dependencies through their public names only: a private name (``_name``)
of a library or of the standard library can change or vanish in any release, and pinning the
dependency below that release is what it cost (aiosqlite was held below 0.23 for two of its).

Read from the source, every Python file of the project, tests and benches included:

- an attribute ``x._name`` read, written or deleted must be one the project itself defines
  (a function, a class, a name assigned in a module or class, an attribute assigned on
  ``self`` or ``cls``, a ``__slots__`` entry); any other belongs to someone else;
- ``from library import _name`` and ``library._name`` on an imported library are someone
  else's too, whatever the project defines.

``DOCUMENTED`` lists the few names spelled with an underscore that their library documents as
public.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "storage", "tables", "bot", "web", "tests", "bench")
# Public despite the underscore: os._exit (the os module's documentation), and the methods and
# fields of every named tuple (urllib's split results among them), named so to leave the
# field names free.
DOCUMENTED = {("os", "_exit")} | {
    ("", name) for name in ("_replace", "_asdict", "_make", "_fields")}


def _private(name: str) -> bool:
    return len(name) > 1 and name.startswith("_") and not name.startswith("__")


def _sources() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def defined_names(trees: Iterable[ast.AST]) -> set[str]:
    """Every private name the project defines."""
    names: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names.update(t.id for t in targets if isinstance(t, ast.Name))
            elif (isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load)
                  and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                names.add(node.attr)
            elif isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
                names.update(c.value for c in ast.walk(node.value)
                             if isinstance(c, ast.Constant) and isinstance(c.value, str))
    return {name for name in names if _private(name)}


def _library_imports(tree: ast.AST) -> dict[str, str]:
    """Names bound by ``import library`` in a module, to the library's name."""
    bound: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top not in PACKAGES:
                    bound[alias.asname or top] = top
    return bound


def others_private_names(tree: ast.AST, defined: set[str]) -> list[tuple[int, str]]:
    """(line, what) of each use of someone else's private name in ``tree``."""
    found: list[tuple[int, str]] = []
    libraries = _library_imports(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                and node.module.split(".")[0] not in PACKAGES:
            found.extend((node.lineno, f"from {node.module} import {alias.name}")
                         for alias in node.names if _private(alias.name))
        if not isinstance(node, ast.Attribute) or not _private(node.attr):
            continue
        receiver = node.value.id if isinstance(node.value, ast.Name) else None
        library = libraries.get(receiver or "")
        if library is not None:
            if (library, node.attr) not in DOCUMENTED:
                found.append((node.lineno, ast.unparse(node)))
        elif node.attr not in defined and ("", node.attr) not in DOCUMENTED:
            found.append((node.lineno, ast.unparse(node)))
    return found


# Parsing every file costs seconds of CPU, so the text is read first: what the project defines,
# found by patterns (they may find more than the syntax tree would, never less, which only
# lets more pass), and the files that might use someone else's private name, which alone are
# parsed and judged by ``others_private_names``.
_DEFINES = re.compile(
    r"(?:\bdef|\bclass)\s+(_\w+)"  # a function or class
    r"|\b(?:self|cls)\.(_\w+)\s*(?::[^=\n]*)?=(?!=)"  # an attribute of self or cls
    r"|^[ \t]*(_\w+)\s*(?::[^=\n]*)?=(?!=)"  # a name in a module or class body
    r"|[\"'](_\w+)[\"']",  # a __slots__ entry (any quoted name: more, never less)
    re.MULTILINE)
_ATTRIBUTE = re.compile(r"\.\s*(_[A-Za-z0-9]\w*)")
_IMPORT = re.compile(r"^[ \t]*(?:from\s+\S+\s+)?import\b[^\n]*\b_[A-Za-z]", re.MULTILINE)
_LIBRARY = re.compile(r"^[ \t]*import\s+([\w.]+)(?:\s+as\s+(\w+))?", re.MULTILINE)


def _suspects(text: str, defined: set[str]) -> bool:
    """Whether ``text`` might use someone else's private name (its tree then says)."""
    if _IMPORT.search(text) or any(n not in defined for n in _ATTRIBUTE.findall(text)):
        return True
    libraries = {alias or name.split(".")[0] for name, alias in _LIBRARY.findall(text)}
    return any(f"{library}._" in text for library in libraries)


def test_no_private_name_of_a_dependency_is_used() -> None:
    texts = {path: path.read_text() for path in _sources()}
    defined = {name for text in texts.values() for found in _DEFINES.findall(text)
               for name in found if name and _private(name)}
    used = [f"{path.relative_to(ROOT)}:{line}: {what}"
            for path, text in texts.items() if _suspects(text, defined)
            for line, what in others_private_names(ast.parse(text, str(path)), defined)]
    assert used == [], "private names of dependencies:\n" + "\n".join(used)


def test_the_patterns_find_what_the_syntax_tree_finds() -> None:
    """The shortcut above lets nothing through that parsing every file would catch."""
    texts = {path: path.read_text() for path in _sources() if path.parts[-2] == "storage"}
    trees = [ast.parse(text) for text in texts.values()]
    found_by_patterns = {name for text in texts.values() for found in _DEFINES.findall(text)
                         for name in found if name and _private(name)}
    assert defined_names(trees) <= found_by_patterns


def test_the_check_finds_what_the_group_commit_once_used() -> None:
    """Rule: the check would have failed on the aiosqlite calls pinned below 0.23, on a private
    map of the standard library, and on a library's private function imported or called."""
    source = (
        "import os\nimport aiosqlite\nfrom PIL.ImageDraw import _color_diff\n"
        "async def run(connection, function):\n"
        "    return await connection._execute(function, connection._conn)\n"
        "def pids(pool):\n    return set(pool._processes)\n"
        "def ours(repo):\n    os._exit(0)\n    return repo._lock, aiosqlite._private\n"
    )
    found = others_private_names(ast.parse(source), {"_conn", "_lock", "_private"})
    assert [what for _, what in sorted(found)] == [
        "from PIL.ImageDraw import _color_diff", "connection._execute", "pool._processes",
        "aiosqlite._private"]
