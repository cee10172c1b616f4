"""Renderers: each game's words (``tables.words``) as Discord shows them — the cards as embeds —
and what only Discord has: the labels and grouping of buttons and selects."""

from __future__ import annotations

import importlib

from bot.renderers.base import Renderer
from games import registry

_RENDERERS: dict[str, Renderer] = {}


def register_renderer(renderer: Renderer) -> Renderer:
    _RENDERERS[renderer.game] = renderer
    return renderer


def renderer_for(game: str) -> Renderer:
    """The renderer of a registered game, found by its name: ``bot.games.<game>.renderer``,
    imported on first use, registers it. KeyError for a name that is not a registered game."""
    if game not in _RENDERERS and game in registry.names():
        importlib.import_module(f"bot.games.{game}.renderer")
    return _RENDERERS[game]
