"""The layering rules of docs/architecture.md, enforced on the source tree."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.source_trees import ROOT, nodes, python_files

pytestmark = pytest.mark.xdist_group("source")
FORBIDDEN = {
    "games": {"discord", "aiosqlite", "bot", "storage", "tables", "web", "aiohttp", "asyncpg"},
    "storage": {"discord", "bot", "tables", "web"},
    # What both adapters use sits below both: it knows neither of them.
    "tables": {"discord", "bot", "web"},
    # The two adapters stand side by side: the web reaches the Discord adapter's words and
    # pictures only through what ``tables/`` offers, and never loads discord.py.
    "web": {"discord", "bot"},
}


def _imports(path: Path) -> list[str]:
    found: list[str] = []
    for node in nodes(path):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
    return found


def test_layers_only_import_downwards() -> None:
    for package, banned in FORBIDDEN.items():
        for path in python_files(package):
            for name in _imports(path):
                assert name.split(".")[0] not in banned, f"{path} imports {name}"


def test_web_loads_no_discord() -> None:
    """The web adapter and everything it imports (``tables/`` below both adapters among
    them) run without discord.py: not even a module it imports may import it."""
    import subprocess
    import sys

    modules = sorted(".".join(p.relative_to(ROOT).with_suffix("").parts)
                     for p in python_files("web"))
    script = "; ".join([*(f"import {m}" for m in modules),
                        "import sys", "print(sorted(m for m in sys.modules if m == 'discord'))"])
    found = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                           text=True, check=True)
    assert found.stdout.strip() == "[]", f"importing web loads discord: {found.stdout}"


def test_games_import_only_stdlib_and_pydantic() -> None:
    import sys

    allowed = set(sys.stdlib_module_names) | {"pydantic", "pydantic_core", "games"}
    for path in python_files("games"):
        for name in _imports(path):
            assert name.split(".")[0] in allowed, f"{path} imports {name}"


def test_no_game_package_imports_another() -> None:
    for package in (ROOT / "games").iterdir():
        if not package.is_dir() or package.name in {"core", "__pycache__"}:
            continue
        for path in python_files(f"games/{package.name}"):
            for name in _imports(path):
                parts = name.split(".")
                if parts[0] == "games" and len(parts) > 1:
                    assert parts[1] in {package.name, "core", "registry"}, f"{path} imports {name}"


def test_games_never_use_the_global_random() -> None:
    for path in python_files("games"):
        for node in nodes(path):
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                names = {alias.name for alias in node.names}
                assert names <= {"Random"}, f"{path} imports {names} from random"
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
            ):
                assert node.attr == "Random", f"{path}:{node.lineno} uses random.{node.attr}"
