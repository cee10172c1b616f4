"""Renderers turn engine views, prompts and events into Discord embeds and labels."""

from __future__ import annotations

import importlib

from bot.renderers.base import Renderer

# Modules imported on first use; each registers its renderer at import time.
BUILTIN_RENDERERS = ("bot.renderers.lifeboat", "bot.renderers.citadels")

_RENDERERS: dict[str, Renderer] = {}
_loaded = False


def register_renderer(renderer: Renderer) -> Renderer:
    _RENDERERS[renderer.game] = renderer
    return renderer


def renderer_for(game: str) -> Renderer:
    global _loaded
    if not _loaded:
        for module in BUILTIN_RENDERERS:
            importlib.import_module(module)
        _loaded = True
    return _RENDERERS[game]
