"""Citadels on Discord: its words (``tables.games.citadels.words``) with the buttons and selects
for every move — which may sit on the public board, how they are grouped into rows, and their
labels.
"""

from __future__ import annotations

from typing import Any

from bot.components import MAX_ROWS, fit_groups
from bot.renderers import register_renderer
from bot.renderers.base import Renderer
from games.citadels.cards import CHARACTERS, character_of_card, district_of
from games.citadels.options import Options
from games.citadels.views import CitadelsView
from games.core import Action, Prompt
from tables.games.citadels.words import COLOUR_ICON, CitadelsWords
from tables.i18n import t
from tables.service import LiveMatch
from tables.text import Text, number

# Moves whose labels and targets are worked out from public facts only: they may be buttons on
# the board. Everything that names a hand card, a drawn card or a draft card stays private.
PUBLIC_KINDS = {
    "take_gold", "draw_cards", "take_income", "end_turn", "magician_swap", "magician_redraw",
    "wizard_peek", "give_crown", "abbot_collect", "navigator_bonus", "destroy", "exchange",
    "beautify", "smithy", "graveyard",
}
# The Assassin, Thief and Witch may not name a character their own seat holds. When each seat
# holds two characters (two players, or three with the published rule), the list of names
# offered would show the table which other character the seat has: those choices stay in the
# panel while one is hidden.
NAMING_KINDS = {"murder", "rob", "bewitch"}
# Small moves that share one row of buttons.
MAIN_KINDS = {
    "take_gold", "draw_cards", "take_income", "end_turn", "abbot_collect", "smithy",
    "magician_redraw", "navigator_bonus", "graveyard",
}
# The board's rows below its "My hand" button. The board never pages (a page button there
# would only open the clicker's panel): what does not fit stays in the panel.
BOARD_ROWS = MAX_ROWS - 1


class CitadelsRenderer(CitadelsWords, Renderer):
    # The draft is offered as a select in the private panel, however few cards are left.
    select_groups = frozenset({"draft_pick", "draft_discard"})

    def priced(self, card: str, locale: str | None) -> Text:
        """A district card with its colour and cost: "🟦 Temple (1)"."""
        d = district_of(card)
        return t("citadels.priced", locale, icon=COLOUR_ICON[d.colour],
                 district=self.district(d.name, locale), cost=d.cost)

    def action_group(self, action: Action) -> str:
        return "main" if action.kind in MAIN_KINDS else action.kind

    def action_label(self, live: LiveMatch, view: Any, action: Action, locale: str | None
                     ) -> Text:
        data = action.model_dump(exclude={"seat"})
        kind = data.pop("kind")
        key = f"citadels.action.{kind}"
        text: dict[str, Text] = {}
        if kind in {"draft_pick", "draft_discard"}:
            role = character_of_card(data["card"]).name
            text = {"character": self.character(role, locale),
                    "rank": number(CHARACTERS[role].rank)}
        elif kind in {"build", "keep_card", "magician_discard", "laboratory", "beautify"}:
            text["card"] = self.priced(data["card"], locale)
        elif kind == "wizard_take":
            key += "_build" if data["build"] else ""
            text["card"] = self.priced(data["card"], locale)
        elif kind == "destroy":
            text = {"card": self.priced(data["card"], locale),
                    "target": self.seat_name(live, data["target"])}
        elif kind == "exchange":
            text = {"give": self.priced(data["give"], locale),
                    "take": self.priced(data["take"], locale),
                    "target": self.seat_name(live, data["target"])}
        elif kind == "tribute":
            if data["card"] is None:
                key += "_gold"
            else:
                text["card"] = self.priced(data["card"], locale)
        elif kind == "graveyard":
            key += "_accept" if data["accept"] else "_decline"
            card = getattr(view, "graveyard_card", None)
            text["card"] = self.card(card, locale) if card else t("citadels.none", locale)
        elif kind == "navigator_bonus":
            key += f"_{data['take']}"
        else:
            text = self.params_text(live, data, locale)
        return t(key, locale, **text)[:80]

    def board_actions(self, live: LiveMatch, view: Any, prompt: Prompt) -> list[int]:
        naming_is_public = isinstance(view, CitadelsView) and not self._holds_hidden(
            live, view, prompt.seat)
        groups: dict[str, list[int]] = {}
        for index, action in enumerate(prompt.actions):
            kind = action.kind
            gold_tribute = kind == "tribute" and getattr(action, "card", "") is None
            if kind in PUBLIC_KINDS or gold_tribute or (kind in NAMING_KINDS
                                                         and naming_is_public):
                groups.setdefault(self.action_group(action), []).append(index)
        return fit_groups(self, groups, BOARD_ROWS)

    @staticmethod
    def _holds_hidden(live: LiveMatch, view: CitadelsView, seat: int) -> bool:
        """Whether ``seat`` may still hold a character the table has not seen this round."""
        options = Options.model_validate(live.record.options)
        per_seat = options.characters_per_seat(len(view.players))
        return len(view.players[seat].characters) < per_seat


register_renderer(CitadelsRenderer())
