"""Renderers turn engine views, prompts and events into Discord embeds and labels."""

from __future__ import annotations

from bot.renderers.base import Renderer

_RENDERERS: dict[str, Renderer] = {}


def register_renderer(renderer: Renderer) -> Renderer:
    _RENDERERS[renderer.game] = renderer
    return renderer


def renderer_for(game: str) -> Renderer:
    if not _RENDERERS:
        import bot.renderers.citadels
        import bot.renderers.lifeboat  # noqa: F401  (registers itself)
    return _RENDERERS[game]
