"""The Signal test game at a Discord table: its renderer and its cog, loaded like a real
game's (``bot.app.COGS``), for end-to-end tests of response windows, open panels that follow
the game and picks. Plain English texts: it is no game players meet."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bot import renderers
from bot.app import ParlorClient
from bot.cogs.game_cog import GameCog
from bot.renderers.base import Renderer
from games.core import Action, Event, Prompt
from tables.cards import Card
from tables.service import LiveMatch
from tables.text import Text, words
from tables.words import forget_words, register_words
from tests.games.signal_game import registered

MODULE = "tests.e2e.signal_table"

PROMPTS = {
    "play": "play a card",
    "object": "object to the card?",
    "counter": "counter the objection?",
    "signal": "signal red or blue",
    "discard": "discard one or two cards",
}


class SignalRenderer(Renderer):
    game = "signal"

    def action_label(self, live: LiveMatch, view: Any, action: Action, locale: str | None
                     ) -> Text:
        detail = getattr(action, "card", None) or getattr(action, "colour", None) or ""
        return words(f"{action.kind} {detail}".strip())

    def group_label(self, group: str, locale: str | None) -> Text:
        return words(group)

    def prompt_line(self, live: LiveMatch, view: Any, prompt: Prompt, locale: str | None
                    ) -> Text:
        return self.seat_name(live, prompt.seat) + words(": " + PROMPTS[prompt.kind])

    def event_line(self, live: LiveMatch, event: Event, locale: str | None) -> Text:
        return words(f"{event.key} {event.params}")

    def board_card(self, live: LiveMatch, view: Any, locale: str | None) -> Card:
        card = Card(title=words("Signal"), colour=self.colour)
        card.description = (words(f"Round {view.round + 1}, leader ")
                            + self.seat_name(live, view.leader)
                            + words(f"; played {', '.join(view.played) or 'nothing'}"))
        return card

    def panel_card(self, live: LiveMatch, view: Any, seat: int, locale: str | None) -> Card:
        card = Card(title=words("Your hand"), colour=self.colour)
        card.description = words(", ".join(view.hand) or "no cards")
        if view.plan:
            card.add_field(name=words("The heroes' plan"), value=words(view.plan))
        return card

    def option_lines(self, options: dict[str, Any], locale: str | None) -> list[Text]:
        return [words(f"{name}: {value}") for name, value in sorted(options.items())]


async def setup(client: ParlorClient) -> None:
    # Made here, not at import: a game cog reads its game from the registry, and Signal is
    # registered only for the tests that load it.
    class SignalCog(GameCog, game="signal"):
        """The /signal command group."""

    await client.add_cog(SignalCog(client))


@contextmanager
def signal_at_the_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The Signal game, its renderer and its cog, for the length of a test."""
    import bot.app

    renderers.renderer_for("lifeboat")  # the built-in renderers first
    with registered():
        signal = renderers.register_renderer(SignalRenderer())
        register_words(signal)  # the replay and the log read a game's words
        monkeypatch.setattr(bot.app, "COGS", (*bot.app.COGS, MODULE))
        try:
            yield
        finally:
            renderers._RENDERERS.pop("signal", None)
            forget_words("signal")
