"""Every playable game, by name. Games register themselves when their package is imported."""

from __future__ import annotations

import importlib
from typing import Any

from games.core.game import Game

# Packages imported on first use; each calls ``register`` at import time.
BUILTIN_PACKAGES: tuple[str, ...] = ("games.lifeboat", "games.citadels", "games.zombie",
                                       "games.sanguosha", "games.haunt", "games.renju",
                                       "games.catan")

_GAMES: dict[str, Game[Any, Any]] = {}
_loaded = False


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    name = game.spec.name
    if name in _GAMES and _GAMES[name] is not game:
        raise ValueError(f"a game named {name!r} is already registered")
    _GAMES[name] = game
    return game


def _load_builtins() -> None:
    global _loaded
    if not _loaded:
        for package in BUILTIN_PACKAGES:
            importlib.import_module(package)
        _loaded = True


def get(name: str) -> Game[Any, Any]:
    _load_builtins()
    try:
        return _GAMES[name]
    except KeyError:
        raise KeyError(f"no game named {name!r}; known: {', '.join(names())}") from None


def names() -> list[str]:
    _load_builtins()
    return sorted(_GAMES)
