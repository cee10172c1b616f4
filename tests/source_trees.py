"""The project's source read once a process, for the tests that check it as text
(``tests/test_layers.py``, ``tests/test_import_circles.py``): each file parsed by ``ast`` and
walked once, however many rules read it. Both files are one xdist group (``source``), so one
worker does the reading."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@cache
def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the file's syntax tree, in ``ast.walk``'s order."""
    return tuple(ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))))


@cache
def python_files(package: str, root: Path = ROOT) -> tuple[Path, ...]:
    """The package's Python files, sorted."""
    return tuple(sorted((root / package).rglob("*.py")))
