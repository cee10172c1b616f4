"""Renderers turn engine views, prompts and events into Discord embeds and labels."""

from __future__ import annotations

import importlib

from bot.renderers.base import Renderer
from games import registry

_RENDERERS: dict[str, Renderer] = {}


def register_renderer(renderer: Renderer) -> Renderer:
    _RENDERERS[renderer.game] = renderer
    return renderer


def renderer_for(game: str) -> Renderer:
    """The renderer of a registered game, found by its name: ``bot.renderers.<game>``, imported
    on first use, registers it. KeyError for a name that is not a registered game."""
    if game not in _RENDERERS and game in registry.names():
        importlib.import_module(f"bot.games.{game}.renderer")
    return _RENDERERS[game]
