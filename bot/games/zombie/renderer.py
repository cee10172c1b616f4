"""Zombie in My Pocket on Discord: its words (``tables.games.zombie.words``) with the buttons
and selects for every move. Fight or flee is answered in the private panel, so nobody sees who
has answered, or how.
"""

from __future__ import annotations

from typing import Any

from bot.components import MAX_ROWS, fit_groups
from bot.renderers import register_renderer
from bot.renderers.base import Renderer
from games.core import Action, Prompt
from games.zombie.tiles import DIRECTIONS, HEARTHS, TILES
from games.zombie.views import SeatView
from tables.games.zombie.words import ZombieWords
from tables.i18n import t
from tables.service import LiveMatch
from tables.text import Text, words

# Moves anyone may make at any time: offered in the private panel only.
FREE_KINDS = {"give", "give_totem", "drink", "refuel"}
# Fight or flee is answered in the private panel: nobody sees who has answered, or how.
PRIVATE_KINDS = FREE_KINDS | {"commit"}
# Small decisions that share one row of buttons.
MAIN_KINDS = {"cower", "search_totem", "bury", "search_item", "break_window", "take_item",
              "leave_item", "commit", "arm", "refuel", "accept_totem", "refuse_totem"}
# The board keeps its first row for "My hand".
BOARD_ROWS = MAX_ROWS - 1
LABEL_LIMIT = 80


class ZombieRenderer(ZombieWords, Renderer):
    def action_group(self, action: Action) -> str:
        return "main" if action.kind in MAIN_KINDS else action.kind

    def already_chosen(self, view: Any, action: Action) -> bool:
        return isinstance(view, SeatView) and action.kind == "commit" and \
            view.commitment == getattr(action, "choice", None)

    def action_label(self, live: LiveMatch, view: Any, action: Action, locale: str | None
                     ) -> Text:
        data = action.model_dump(exclude={"seat"})
        kind = data.pop("kind")
        if kind == "cower":
            at = getattr(view, "at", "")
            return self.cut(t("zombie.action.cower", locale,
                              amount=2 if at in HEARTHS else 1))
        if kind == "search_item":
            return self.cut(t("zombie.action.search_item", locale,
                              tile=self.tile(getattr(view, "at", ""), locale)))
        if kind == "break_through":
            # Only house walls break (the seed: no way through a hedge).
            return self.cut(t("zombie.action.break_wall", locale,
                              direction=self.direction(data["direction"], locale)))
        if kind == "turn":
            return self.cut(self._turning(view, data["turns"], locale))
        if kind in {"take_item", "leave_item"}:
            offered = getattr(view, "offered_item", None)
            return self.cut(t(f"zombie.action.{kind}", locale,
                              item=self.item(offered, locale) if offered else "?"))
        if kind == "commit":
            label = t(f"zombie.action.commit_{data['choice']}", locale)
            if self.already_chosen(view, action):
                label = t("zombie.action.chosen", locale, choice=label)
            return self.cut(label)
        if kind == "arm":
            return self.cut(t(f"zombie.action.arm_{data['choice']}", locale))
        if kind == "settle":
            return self.cut(t("zombie.action.settle", locale, seats=self.names(
                live, [int(s) for s in data["seats"]], locale)))
        if kind == "rescue":
            if data["target"] is None:
                return self.cut(t("zombie.action.rescue_none", locale))
            return self.cut(t("zombie.action.rescue", locale,
                              target=self.seat_name(live, data["target"])))
        if kind in {"move", "flee"}:
            return self.cut(t(f"zombie.action.{kind}", locale, to=self.tile(data["to"], locale)))
        if kind in {"name_holder", "bequeath", "give_totem"}:
            return self.cut(t(f"zombie.action.{kind}", locale,
                              to=self.seat_name(live, data["to"])))
        return self.cut(t(f"zombie.action.{kind}", locale,
                          **self.params_text(live, data, locale)))

    def _turning(self, view: Any, turns: int, locale: str | None) -> Text:
        """A turning of the drawn tile, as the ways out it gives."""
        drawn = getattr(view, "drawn_tile", None)
        if drawn not in TILES:
            return t("zombie.action.turn_plain", locale, turns=turns)
        tile = TILES[drawn]
        ways = [self.direction(d, locale) for d in DIRECTIONS if tile.passable(d, turns)]
        return t("zombie.action.turn", locale, ways=self.sep(locale).join(ways) or "—")

    @staticmethod
    def cut(label: Text) -> Text:
        return label.cut(LABEL_LIMIT)

    def pick_label(self, live: LiveMatch, view: Any, item: str, locale: str | None) -> Text:
        return self.seat_name(live, int(item)) if item.isdigit() else words(item)

    def board_actions(self, live: LiveMatch, view: Any, prompt: Prompt) -> list[int]:
        """The leader's decisions and the one-seat questions: everything about them is open.
        Gifts and the Concoction stay in the panel, and so does fight or flee."""
        groups: dict[str, list[int]] = {}
        for index, action in enumerate(prompt.actions):
            if action.kind not in PRIVATE_KINDS:
                groups.setdefault(self.action_group(action), []).append(index)
        return fit_groups(self, groups, BOARD_ROWS)


register_renderer(ZombieRenderer())
