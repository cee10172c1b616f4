"""No import circle anywhere in the project: the code reads from top to bottom.

Every ``import`` and ``from … import`` of the project's own modules counts, those under
``if TYPE_CHECKING:`` and inside functions included: a circle through a type-only import still
means neither file can be read, tested or changed without the other. The graph is read from the
source with ``ast`` (nothing is imported), and its strongly connected components are the circles.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from tests.source_trees import ROOT, nodes, python_files

pytestmark = pytest.mark.xdist_group("source")
PACKAGES = ("games", "storage", "tables", "bot", "web")


def _modules(root: Path) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in python_files(package, root):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imported(module: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The project's modules that ``module`` names in an import."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in nodes(path):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                child = f"{base}.{alias.name}"
                if child in known:
                    yield child
                elif base in known:
                    yield base


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    return {module: set(targets) for module, targets in _graph(root).items()}


@cache
def _graph(root: Path) -> dict[str, frozenset[str]]:
    """The graph read once a process (two tests read the project's)."""
    known = _modules(root)
    return {module: frozenset(target for target in _imported(module, path, known)
                              if target != module)
            for module, path in known.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component: list[str] = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_the_walker_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]


def test_the_walker_reads_type_only_function_level_and_relative_imports(tmp_path: Path) -> None:
    package = tmp_path / "games"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from games.b import B\n")
    (package / "b.py").write_text("class B:\n    def f(self):\n        from . import a\n")
    (package / "c.py").write_text("import games.a\nfrom .b import B\n")
    graph = import_graph(tmp_path)
    assert graph["games.a"] == {"games.b"} and graph["games.b"] == {"games.a"}
    assert graph["games.c"] == {"games.a", "games.b"}
    assert circles(graph) == [["games.a", "games.b"]]


def test_the_walker_reads_the_project() -> None:
    graph = import_graph()
    assert "games.core.game" in graph["games.registry"]
    assert "bot.ports" in graph["bot.table"]


def test_no_import_circle_in_the_project() -> None:
    found = circles(import_graph())
    assert found == [], "import circles:\n" + "\n".join(" <-> ".join(c) for c in found)
