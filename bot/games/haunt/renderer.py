"""Haunt (Marrowgate House) on Discord: its words (``tables.games.haunt.words``) with the
buttons and selects for every move, which of them the public board offers, and the heroes'
team thread, which carries their secret to the heroes alone.
"""

from __future__ import annotations

from typing import Any

from bot.components import MAX_ROWS, fit_groups
from bot.renderers import register_renderer
from bot.renderers.base import Renderer, TeamThread
from games.core import Action, Prompt
from games.haunt.catalog import catalog
from games.haunt.views import PublicView
from tables.games.haunt.words import HauntWords, content, cut
from tables.i18n import t
from tables.service import LiveMatch
from tables.text import Text, words

# Action kinds by the row they share in the panel.
GROUPS = {"choose_explorer": "explorer", "move": "move", "explore": "explore",
          "turn_room": "turn_room", "room_action": "main", "end_turn": "main",
          "use_card": "card", "give": "card", "drop": "card", "pick_up": "card",
          "attack": "attack", "special": "special", "take_damage": "damage", "steal": "steal",
          "face_event": "face_event", "monster_move": "move", "monster_attack": "attack",
          "monster_done": "main"}
# Moves the public board offers: whether each is offered, and what it says, follows from what
# the table sees (the house, where everyone stands, the traits' marks, the monsters, the turn
# so far). Cards, attacks (which weigh the weapons carried) and the books' special actions
# stay in the private panel.
BOARD_KINDS = {"choose_explorer", "move", "explore", "turn_room", "room_action", "end_turn",
               "take_damage", "face_event", "monster_move", "monster_attack", "monster_done"}
# The board keeps its first row for "My hand".
BOARD_ROWS = MAX_ROWS - 1
# The stored name of the heroes' thread (one a match).
HEROES_THREAD = "heroes-thread"


class HauntRenderer(HauntWords, Renderer):
    def action_group(self, action: Action) -> str:
        return GROUPS.get(action.kind, "main")

    def group_label(self, group: str, locale: str | None) -> Text:
        return t(f"haunt.group.{group}", locale)

    def action_label(self, live: LiveMatch, view: Any, action: Action, locale: str | None
                     ) -> Text:
        data = action.model_dump(exclude={"kind", "seat"})
        kind = action.kind
        if kind == "attack":
            key = "haunt.action.attack_ranged" if data.get("ranged") else "haunt.action.attack"
            return cut(t(key, locale, target=self.who(live, data["target"], locale),
                         trait=self.trait(data["trait"], locale)))
        if kind == "steal" and data.get("card") is None:
            return cut(t("haunt.action.steal_none", locale))
        if kind == "face_event":
            return cut(t("haunt.action.face_event_resolve" if data["resolve"]
                         else "haunt.action.face_event_ignore", locale))
        if kind == "room_action" and isinstance(view, PublicView):
            here = view.explorers[action.seat].room if action.seat < len(view.explorers) \
                else None
            offered = catalog().room(here).action if here else None
            if offered is not None:
                return cut(t("haunt.action.room_action_named", locale,
                             action=content(offered.name, locale),
                             trait=self.trait(offered.trait, locale), at_least=offered.at_least))
        if kind == "special":
            found = self._special(live, data["action"])
            if found is not None:
                return cut(t("haunt.action.special_named", locale,
                             action=content(found.name, locale),
                             trait=self.trait(found.trait, locale), at_least=found.at_least))
        if kind == "monster_attack":
            return cut(t("haunt.action.monster_attack", locale,
                         monster=self.monster(live, data["monster"], locale),
                         target=self.seat_name(live, data["target"])))
        if kind in {"move", "monster_move"}:
            return cut(t(f"haunt.action.{kind}", locale, to=self.room(data["to"], locale),
                         monster=self.monster(live, str(data.get("monster", "")), locale)))
        if kind == "give":
            return cut(t("haunt.action.give", locale, card=self.card(data["card"], locale),
                         to=self.seat_name(live, data["to"])))
        if kind in GROUPS:
            return cut(t(f"haunt.action.{kind}", locale,
                         **self.params_text(live, data, locale)))
        return cut(words(kind))

    def board_actions(self, live: LiveMatch, view: Any, prompt: Prompt) -> list[int]:
        """The public moves (``BOARD_KINDS``), as many groups as fit under "My hand". A move
        clicked on the board is answered with the board itself, so the next player sees it
        at no cost to the bot's token."""
        groups: dict[str, list[int]] = {}
        for index, action in enumerate(prompt.actions):
            if action.kind in BOARD_KINDS:
                groups.setdefault(self.action_group(action), []).append(index)
        return fit_groups(self, groups, BOARD_ROWS)

    def team_threads(self, live: LiveMatch, locale: str | None) -> list[TeamThread]:
        """The heroes' secret, from the haunt on: their thread, which the traitor never joins."""
        state = live.state
        haunt = self.haunt_of(live)
        if state is None or haunt is None or getattr(state, "phase", "") != "haunt":
            return []
        traitor = getattr(state, "traitor", None)
        heroes = tuple(s for s in range(len(live.seats)) if s != traitor)
        if not heroes:
            return []
        text = t("haunt.thread.content", locale, title=content(haunt.title, locale),
                 secret=content(haunt.secret.text, locale))
        return [TeamThread(key=HEROES_THREAD, seats=heroes,
                           name=cut(t("haunt.thread.name", locale), 100),
                           content=cut(text, 2000))]


register_renderer(HauntRenderer())
