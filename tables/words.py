"""The words of a game, below both adapters: event lines (as the table reads them, and as one
seat reads them), seat names, prompt lines, and the board, a seat's panel, the reveal and the
rules as ``Card``s, each in the reader's language through the catalogs. Every fact comes from
a view (public, or the reader's own) or from the match's seats; nothing here decides a rule.
Every text is structured (``tables.text.Text``): a seat's name is a name, shown literally by
both adapters whatever it holds.

``words_for(game)`` finds a game's words in ``tables.games.<game>.words`` (its ``WORDS``). The
Discord renderers are these words plus what is Discord's (components, embeds); the web pages
read the words directly."""

from __future__ import annotations

import importlib
import re
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from games import registry
from games.core import Event, Outcome, Prompt
from tables.cards import Card
from tables.i18n import DEFAULT_LOCALE, catalog, t
from tables.text import Text, mention, name, number, text, words

if TYPE_CHECKING:
    from tables.pictures import BoardPicture
    from tables.service import LiveMatch

CARD_COLOUR = 0x2B6CB0
MENTION = re.compile(r"<@!?(\d+)>")


class Words:
    """Text and cards for one game. Subclasses override what their game needs."""

    game: str = ""
    colour: int = CARD_COLOUR

    # -- names -----------------------------------------------------------------------------
    def seat_name(self, live: LiveMatch, seat: int) -> Text:
        if 0 <= seat < len(live.seats):
            return name(live.seats[seat].display_name)
        return words(f"#{seat + 1}")

    def param_text(self, live: LiveMatch, key: str, value: Any, locale: str | None) -> Text:
        """How one event or action parameter reads (seats become names, ids become names)."""
        if key in {"seat", "target", "by", "to", "from_seat", "winner"} and isinstance(value, int):
            return self.seat_name(live, value)
        if key == "mention" and isinstance(value, str):
            return self.mentioned(live, value)
        if isinstance(value, list):
            return words(", ").join(self.param_text(live, key, v, locale) for v in value)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return number(value)
        return words(str(value))

    @staticmethod
    def mentioned(live: LiveMatch, value: str) -> Text:
        """The platform's mention of a player (``<@id>``, in a seat's change of hands): the
        player pinged where a message may, named elsewhere."""
        found = MENTION.fullmatch(value)
        if found is None:
            return text(value)
        user_id = int(found.group(1))
        shown = next((s.display_name for s in live.seats if s.user_id == user_id), "")
        return mention(user_id, shown)

    def params_text(self, live: LiveMatch, params: dict[str, Any], locale: str | None
                    ) -> dict[str, Text]:
        return {k: self.param_text(live, k, v, locale) for k, v in params.items()}

    # -- what seats play (the standings' roles and characters) ------------------------------
    def characters(self) -> list[str]:
        """Every character a seat of this game may play, by the id ``Game.character_of``
        gives: the catalog's ``<game>.character.<id>`` keys, unless the game names its
        characters itself."""
        prefix = f"{self.game}.character."
        return sorted(key[len(prefix):] for key in catalog(DEFAULT_LOCALE)
                      if key.startswith(prefix) and "." not in key[len(prefix):])

    def character_name(self, character: str, locale: str | None) -> str:
        """How a character reads (``zhugeliang`` → Zhuge Liang), as characters (a cell, a
        choice's name)."""
        return t(f"{self.game}.character.{character}", locale).plain

    # -- lines -------------------------------------------------------------------------------
    def line_context(self, live: LiveMatch) -> Hashable:
        """Everything of the match besides the event, the locale and the reader that an event
        line reads: the seats' names, players and holders. A game whose lines read more of its
        state (a fact decided during play) adds it, so that shown lines are written anew when
        it changes (``tables.recent_lines``)."""
        return tuple((s.display_name, s.user_id, s.is_bot) for s in live.seats)

    def prompt_line(self, live: LiveMatch, view: Any, prompt: Prompt, locale: str | None
                    ) -> Text:
        params = self.params_text(live, {**prompt.params, "seat": prompt.seat}, locale)
        return t(prompt.kind, locale, **params)

    def event_line(self, live: LiveMatch, event: Event, locale: str | None) -> Text:
        return t(event.key, locale, **self.params_text(live, event.params, locale))

    def reader_event_line(self, live: LiveMatch, event: Event, seat: int,
                          locale: str | None) -> Text:
        """An event as ``seat`` reads it in its own panel (a private event told to two seats
        may say "you" to each of them)."""
        return self.event_line(live, event, locale)

    # -- cards -------------------------------------------------------------------------------
    def board_card(self, live: LiveMatch, view: Any, locale: str | None) -> Card:
        return Card(title=t(f"{self.game}.title", locale), colour=self.colour)

    def board_picture(self, live: LiveMatch, view: Any, locale: str | None
                      ) -> BoardPicture | None:
        """A picture of the public board, shown beside its text (None: the game has none).
        Built from the public view, so keep it to collecting facts; the drawing happens
        later, on the drawing thread."""
        return None

    def panel_card(self, live: LiveMatch, view: Any, seat: int, locale: str | None) -> Card:
        return Card(title=t("panel.title", locale), colour=self.colour)

    def opening_card(self, live: LiveMatch, view: Any, seat: int, locale: str | None) -> Card:
        return self.panel_card(live, view, seat, locale)

    def reveal_card(self, live: LiveMatch, view: Any, outcome: Outcome, locale: str | None
                    ) -> Card:
        card = Card(title=t("reveal.title", locale), colour=self.colour)
        ranked = sorted(outcome.scores.items(), key=lambda kv: -kv[1])
        lines = [
            t("reveal.score_line", locale, name=self.seat_name(live, seat), score=f"{score:g}")
            for seat, score in ranked
        ]
        card.description = words("\n").join(lines)
        return card

    def rules_card(self, locale: str | None) -> Card:
        return Card(
            title=t(f"{self.game}.rules.title", locale),
            description=t(f"{self.game}.rules.body", locale),
            colour=self.colour,
        )

    def option_lines(self, options: dict[str, Any], locale: str | None) -> list[Text]:
        return [
            t(f"{self.game}.option.{name}", locale)
            for name, value in sorted(options.items())
            if value is True
        ]


_WORDS: dict[str, Words] = {}


def register_words(words: Words) -> Words:
    """Gives a game's words by hand (a game registered by a test has no package to find)."""
    _WORDS[words.game] = words
    return words


def forget_words(game: str) -> None:
    _WORDS.pop(game, None)


def words_for(game: str) -> Words:
    """The words of a registered game, found by its name in ``tables.games.<game>.words``,
    imported on first use. KeyError for a name that is not a registered game."""
    if game not in _WORDS:
        if game not in registry.names():
            raise KeyError(game)
        _WORDS[game] = importlib.import_module(f"tables.games.{game}.words").WORDS
    return _WORDS[game]
