"""The renderers' words lent to the web pages (``web.narration.Narrator``): event lines, and
the board, a seat's panel and the reveal as plain cards instead of Discord embeds."""

from __future__ import annotations

from typing import Any

import discord

from bot.renderers import renderer_for
from games.core import Event, Outcome
from tables.pictures.picture import BoardPicture
from tables.service import LiveMatch
from web.narration import Card


def card(embed: discord.Embed) -> Card:
    return Card(title=embed.title or "", description=embed.description or "",
                fields=[(f.name or "", f.value or "") for f in embed.fields])


class RendererNarrator:
    def event_line(self, live: LiveMatch, event: Event, locale: str) -> str:
        return renderer_for(live.record.game).event_line(live, event, locale)

    def seat_name(self, live: LiveMatch, seat: int) -> str:
        return renderer_for(live.record.game).seat_name(live, seat)

    def board(self, live: LiveMatch, view: Any, locale: str) -> Card:
        return card(renderer_for(live.record.game).board_embed(live, view, locale))

    def board_picture(self, live: LiveMatch, view: Any, locale: str) -> BoardPicture | None:
        return renderer_for(live.record.game).board_picture(live, view, locale)

    def panel(self, live: LiveMatch, view: Any, seat: int, locale: str) -> Card:
        return card(renderer_for(live.record.game).panel_embed(live, view, seat, locale))

    def reveal(self, live: LiveMatch, view: Any, outcome: Outcome, locale: str) -> Card:
        return card(renderer_for(live.record.game).reveal_embed(live, view, outcome, locale))
