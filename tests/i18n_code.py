"""What the code asks of the message catalogs, read from the code itself (for tests/test_i18n.py).

- Literal keys where a key goes: ``t(key, …)`` (and ``t_plain``), ``has``, ``refuse``, ``Refusal``,
  ``refusal_text`` and ``key=…`` (both branches of ``a if c else b``).
- Families built with f-strings (``f"lifeboat.character.{id}"``), and the keys each must cover,
  enumerated from the family's source of truth (registry, cogs, engine ids, action classes).
- The engines' own keys: events emitted with ``public(…, "name")`` / ``private(…, "name")``
  and prompt kinds written ``PREFIX + "name"``.
- The names the code holds, to tell a key built from known ids from an orphan.
- The slash command tree and the keys its texts resolve to.
"""

from __future__ import annotations

import ast
import asyncio
import importlib
import inspect
import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any, get_args

from discord import app_commands

from bot.app import COGS, ParlorClient
from bot.cogs.game_cog import GameCog
from bot.components import LOBBY_OPS, LOBBY_OPTION_SELECTS
from bot.renderers import renderer_for
from bot.renderers.base import Renderer
from bot.settings import Settings
from bot.translator import command_texts, resolve
from games import registry
from storage import MatchStatus
from storage.sqlite import SqliteRepository
from tables.lobby_options import choice_key, lobby_options, set_key

ROOT = Path(__file__).resolve().parents[1]
BOT_DIR = ROOT / "bot"
TABLES_DIR = ROOT / "tables"
GAMES_DIR = ROOT / "games"

# Where a call takes a message key: function name -> index of the key among its arguments.
KEY_ARGUMENT = {"t": 0, "t_plain": 0, "game_text": 0, "has": 0, "refuse": 1, "Refusal": 0,
                "refusal_text": 1,
                "tell_host": 1}


@cache
def hosted_games() -> tuple[str, ...]:
    """The games with a command group in ``COGS``: the ones players can reach."""
    hosted = set()
    for module_name in COGS:
        module = importlib.import_module(module_name)
        for value in vars(module).values():
            if inspect.isclass(value) and issubclass(value, GameCog) and value.game_name:
                hosted.add(value.game_name)
    return tuple(sorted(hosted))


# -- reading the code ------------------------------------------------------------------------
def python_files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.rglob("*.py") if "__pycache__" not in p.parts)


def adapter_files() -> list[Path]:
    """What shows the games to people: the Discord adapter and what sits below it and the web
    (``tables``: the service, the pictures, each game's words)."""
    return python_files(BOT_DIR) + python_files(TABLES_DIR)


def game_files() -> list[Path]:
    """The engines players meet: ``games/core`` and every registered game. A game package
    still being built, not registered yet, shows no text to anyone."""
    shown = {*registry.names(), "core"}
    return [path for path in python_files(GAMES_DIR)
            if len(path.relative_to(GAMES_DIR).parts) == 1
            or path.relative_to(GAMES_DIR).parts[0] in shown]


@cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def call_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def constant_strings(expression: ast.expr) -> list[str]:
    """The strings a constant expression holds: both of ``a if c else b``."""
    if isinstance(expression, ast.IfExp):
        return constant_strings(expression.body) + constant_strings(expression.orelse)
    if isinstance(expression, ast.Constant) and isinstance(expression.value, str):
        return [expression.value]
    return []


def key_expressions(tree: ast.AST) -> Iterator[ast.expr]:
    """Every expression passed where a message key goes, ``a if c else b`` split in two."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        position = KEY_ARGUMENT.get(call_name(node) or "")
        found = [node.args[position]] if position is not None and len(node.args) > position \
            else []
        found += [kw.value for kw in node.keywords if kw.arg == "key"]
        while found:
            expression = found.pop()
            if isinstance(expression, ast.IfExp):
                found += [expression.body, expression.orelse]
            else:
                yield expression


@dataclass(frozen=True)
class Family:
    """Keys built with an f-string: ``f"lifeboat.character.{id}"`` is ``lifeboat.character.{}``."""

    pattern: str
    where: str

    @property
    def regex(self) -> re.Pattern[str]:
        parts = [re.escape(part) for part in self.pattern.split("{}")]
        return re.compile("^" + "([^.]+)".join(parts) + "$")


def family_of(expression: ast.JoinedStr) -> str:
    return "".join(str(part.value) if isinstance(part, ast.Constant) else "{}"
                   for part in expression.values)


@cache
def code_keys() -> tuple[frozenset[str], tuple[Family, ...]]:
    """Literal keys and f-string families at key positions in ``bot/``, ``tables/`` and
    ``games/``."""
    literals: set[str] = set()
    families: list[Family] = []
    for path in adapter_files() + game_files():
        for expression in key_expressions(parsed(path)):
            if isinstance(expression, ast.JoinedStr):
                where = f"{path.relative_to(ROOT)}:{expression.lineno}"
                families.append(Family(family_of(expression), where))
            else:
                literals.update(constant_strings(expression))
    return frozenset(literals), tuple(families)


def module_prefixes(tree: ast.Module) -> dict[str, str]:
    """Module-level ``NAME = "some.key.prefix."`` constants."""
    prefixes = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            for value in constant_strings(node.value):
                if value.endswith("."):
                    prefixes.update({t.id: value for t in node.targets
                                     if isinstance(t, ast.Name)})
    return prefixes


@cache
def engine_prefixes(game: str) -> frozenset[str]:
    """The key prefixes an engine's modules define (``PREFIX = "lifeboat.prompt."``)."""
    return frozenset(prefix for path in python_files(GAMES_DIR / game)
                     for prefix in module_prefixes(parsed(path)).values()
                     if prefix.startswith(f"{game}."))


@cache
def engine_keys(game: str) -> frozenset[str]:
    """The keys an engine emits, read from its modules: events through ``public(…, "name")`` /
    ``private(…, "name")`` (``<game>.event.<name>``) and prompt kinds as ``PREFIX + "name"``.
    Keys an engine builds at run time are found by rendering whole games instead."""
    keys: set[str] = set()
    for path in python_files(GAMES_DIR / game):
        tree = parsed(path)
        prefixes = module_prefixes(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and call_name(node) in {"public", "private"}:
                named = [a for a in node.args if constant_strings(a)]
                keys.update(f"{game}.event.{name}" for a in named[:1]
                            for name in constant_strings(a))
            elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and \
                    isinstance(node.left, ast.Name) and node.left.id in prefixes:
                keys.update(prefixes[node.left.id] + name
                            for name in constant_strings(node.right))
    return frozenset(k for k in keys if k.startswith(f"{game}."))


def overrides(renderer: Renderer, method: str) -> bool:
    return getattr(type(renderer), method) is not getattr(Renderer, method)


def engine_keys_shown_as_is(game: str) -> set[str]:
    """The engine keys its renderer looks up unchanged (a renderer that refines a key, adding
    ``_first`` say, has its keys found by rendering whole games instead)."""
    renderer = renderer_for(game)
    kept = tuple(f"{game}.{kind}." for kind, method in (("event", "event_line"),
                                                       ("prompt", "prompt_line"))
                 if not overrides(renderer, method))
    return {key for key in engine_keys(game) if kept and key.startswith(kept)}


# -- names the code holds --------------------------------------------------------------------
@cache
def names_in_code(game: str | None) -> frozenset[str]:
    """Every name the code holds as a string constant, in ``bot/`` and ``tables/`` and, when
    given, in the game's engine."""
    names: set[str] = set(registry.names())
    for path in adapter_files() + (python_files(GAMES_DIR / game) if game else []):
        names |= string_constants(path)
    return frozenset(names)


@cache
def string_constants(path: Path) -> frozenset[str]:
    """The string constants of one file (read once, however many games ask)."""
    return frozenset(n.value for n in ast.walk(parsed(path)) if isinstance(n, ast.Constant)
                     and isinstance(n.value, str))


@cache
def renderer_suffixes(game: str) -> tuple[frozenset[str], bool]:
    """How the game's renderer and its words refine keys: the suffixes they hold
    (``"_first"``), and whether they append ``_`` and a value (``f"_{take}"``)."""
    nodes = [node for path in {Path(inspect.getfile(cls))
                               for cls in type(renderer_for(game)).__mro__
                               if cls.__module__.startswith(("bot.games.", "tables.games."))}
             for node in ast.walk(parsed(path))]
    suffixes = {n.value for n in nodes if isinstance(n, ast.Constant)
                and isinstance(n.value, str) and re.fullmatch(r"_[a-z_]+", n.value)}
    joins = any(isinstance(n, ast.JoinedStr) and len(n.values) == 2 and
                isinstance(n.values[0], ast.Constant) and n.values[0].value == "_"
                for n in nodes)
    return frozenset(suffixes), joins


def composed(part: str, game: str | None) -> bool:
    """``part`` is a name the code holds, or one refined the way the game's renderer refines
    keys (``graveyard`` + ``_accept``; ``navigator_bonus`` + ``_`` + ``cards``)."""
    names = names_in_code(game)
    if part in names:
        return True
    if game is None:
        return False
    suffixes, joins = renderer_suffixes(game)
    for cut in range(1, len(part)):
        head, tail = part[:cut], part[cut:]
        if head in names and (tail in suffixes or (joins and tail[:1] == "_" and
                                                   tail[1:] in names)):
            return True
    return False


def keyword_values(function: str, keyword: str) -> set[str]:
    """Literal ``keyword=`` values of every call to ``function`` in ``bot/``."""
    values: set[str] = set()
    for path in adapter_files():
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.Call) and call_name(node) == function:
                for kw in node.keywords:
                    if kw.arg == keyword:
                        values.update(constant_strings(kw.value))
    return values


# -- families and their sources of truth -----------------------------------------------------
def action_kinds(game: str) -> set[str]:
    return {str(get_args(cls.model_fields["kind"].annotation)[0])
            for cls in registry.get(game).action_types}


def lifeboat_families() -> dict[str, set[str]]:
    from games.lifeboat import cards, state, views

    renderer = renderer_for("lifeboat")
    # The renderer groups actions by kind alone; a stand-in with a kind is enough.
    groups = {renderer.action_group(SimpleNamespace(kind=k))  # type: ignore[arg-type]
              for k in action_kinds("lifeboat")}
    card_types = {cards.card_type(c) for c in cards.supply_cards(expansion=True)}
    demands = get_args(state.Demand.model_fields["kind"].annotation)
    return {
        "lifeboat.character.{}": {f"lifeboat.character.{c}" for c in cards.CHARACTERS},
        "lifeboat.card.{}": {f"lifeboat.card.{c}" for c in card_types},
        "lifeboat.action.{}": {f"lifeboat.action.{k}" for k in action_kinds("lifeboat")},
        "{}.group.{}": {f"lifeboat.group.{g}" for g in groups},
        "lifeboat.status.{}": {f"lifeboat.status.{s}" for s in get_args(state.Status)},
        "lifeboat.phase.{}": {f"lifeboat.phase.{p}" for p in get_args(views.Phase)},
        "lifeboat.board.demand.{}": {f"lifeboat.board.demand.{d}" for d in demands},
        "lifeboat.option.{}": {f"lifeboat.option.{o}"
                               for o in registry.get("lifeboat").Options.model_fields},
    }


def enumerated_families(roles: dict[str, set[str]]) -> dict[str, set[str]]:
    """Family pattern -> every key it must cover, from the family's source of truth;
    ``roles`` are the roles seen played (``Game.role_of``) per game."""
    hosted = hosted_games()
    families: dict[str, set[str]] = {
        "{}.title": {f"{g}.title" for g in hosted},
        "{}.rules.title": {f"{g}.rules.title" for g in hosted},
        "{}.rules.body": {f"{g}.rules.body" for g in hosted},
        "lobby.button.{}": {f"lobby.button.{op}" for op in LOBBY_OPS},
        # The lobby shows every status but its own; /parlor history shows them all.
        "lobby.status.{}": {f"lobby.status.{s.value}" for s in MatchStatus},
        "seat.to_bot.{}": {f"seat.to_bot.{r}" for r in keyword_values("hand_to_bot", "reason")},
        "{}.role.{}": {f"{g}.role.{role}" for g in hosted for role in roles.get(g, ())},
        "{}.action.{}": {f"{g}.action.{k}" for g in hosted
                         if not overrides(renderer_for(g), "action_label")
                         for k in action_kinds(g)},
        "{}.option.{}": {f"{g}.option.{o}" for g in hosted
                         if not overrides(renderer_for(g), "option_lines")
                         for o, f in registry.get(g).Options.model_fields.items()
                         if f.annotation is bool},
        # The lobby's option selects: every toggle, every value of every choice (a toggle
        # among the choices, where the lobby has no room for its own select, off and on).
        "{}.option.{}.{}": {choice_key(g, c, v) for g in hosted
                            for fit in (None, LOBBY_OPTION_SELECTS)
                            for c in lobby_options(g, fit).choices for v in c.values}
        | {set_key(g, s.field) for g in hosted for s in lobby_options(g).sets},
    }
    families["{}.option.{}"] |= {f"{g}.option.{name}" for g in hosted
                                 for name in lobby_options(g).toggles}
    if "lifeboat" in hosted:
        for pattern, keys in lifeboat_families().items():
            families.setdefault(pattern, set()).update(keys)
    return families


# -- slash commands --------------------------------------------------------------------------
@cache
def command_tree() -> app_commands.CommandTree[Any]:
    """Parlor's command tree with every cog in ``COGS`` loaded (no connection to Discord)."""

    async def load() -> ParlorClient:
        folder = Path(tempfile.mkdtemp(prefix="parlor-i18n-"))
        settings = Settings(_env_file=None, database_path=folder / "parlor.db")
        client = ParlorClient(settings, SqliteRepository(settings.database_path))
        for cog in COGS:
            await client.load_extension(cog)
        return client

    return asyncio.run(load()).tree


def command_keys() -> set[str]:
    """The catalog key each command text of the tree resolves to."""
    return {key for text in command_texts(command_tree())
            if (key := resolve(text.keys, text.english)) is not None}
