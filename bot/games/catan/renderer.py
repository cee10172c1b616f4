"""Catan on Discord: its words (``tables.games.catan.words``) with the buttons and selects of
every move.

- **Places** are chosen in at most two clicks: where a group holds more places than one select,
  first a hex, then one of that hex's legal corners or edges (a corner is reached from each hex
  around it: ``action_steps``); or typed with ``/catan place 17``.
- **The board** offers what the whole table may see a player choose: the set-up's settlements
  and roads, the roll, the robber's hex and victim, Road Building's free roads, confirming a
  trade with one who answered, withdrawing it, ending the turn, and the answers to an offer
  (accept or decline: one question every seat asked shares, each clicking for itself).
  Whatever a hand allows — building, buying, playing a card, trading with the bank, offering,
  a counter-offer, the 7's discards — is offered in the player's private panel only.
"""

from __future__ import annotations

from typing import Any

from bot.renderers import register_renderer
from bot.renderers.base import Renderer
from games.catan import actions as a
from games.catan.board import CORNER_HEXES, EDGE_CORNERS, HEX_EDGES, HEX_LABELS
from games.catan.cards import RESOURCES, kind_of
from games.catan.trading import GIVE, TO, WANT
from games.catan.views import CatanView
from games.core import Action, Prompt
from tables.games.catan.words import RESOURCE_ICONS, CatanWords
from tables.i18n import t
from tables.service import LiveMatch
from tables.text import Text, words

LABEL_LIMIT = 80
# Moves whose choice the table may watch: their list is worked out from public facts alone.
BOARD_KINDS = frozenset({
    "place_settlement", "place_road", "roll", "end_turn", "move_robber", "place_free_road",
    "confirm_trade", "withdraw_trade", "answer_trade",
})
GROUPS: dict[str, str] = {
    "place_settlement": "corner", "place_road": "edge", "place_free_road": "edge",
    "build_road": "build", "build_settlement": "build", "build_city": "build",
    "move_robber": "robber", "roll": "turn", "end_turn": "turn", "buy_development": "turn",
    "play_knight": "turn", "play_road_building": "turn", "withdraw_trade": "turn",
    "confirm_trade": "confirm", "play_year_of_plenty": "progress", "play_monopoly": "progress",
    "bank_trade": "bank", "answer_trade": "answer", "discard": "discard",
}
# Hexes around each edge, as step keys.
EDGE_HEXES: tuple[tuple[str, ...], ...] = tuple(
    tuple(HEX_LABELS[h] for h in range(len(HEX_LABELS)) if e in HEX_EDGES[h])
    for e in range(len(EDGE_CORNERS)))
CORNER_STEPS: tuple[tuple[str, ...], ...] = tuple(
    tuple(HEX_LABELS[h] for h in hexes) for hexes in CORNER_HEXES)


class CatanRenderer(CatanWords, Renderer):
    select_groups = frozenset({"build", "robber", "progress", "bank", "corner"})

    # -- labels ----------------------------------------------------------------------------
    @staticmethod
    def cut(label: Text) -> Text:
        return label.cut(LABEL_LIMIT)

    def action_label(self, live: LiveMatch, view: Any, action: Action, locale: str | None
                     ) -> Text:
        return self.cut(self._label(live, view, action, locale))

    def _label(self, live: LiveMatch, view: Any, action: Action, locale: str | None) -> Text:
        if isinstance(action, a.PlaceSettlement | a.BuildSettlement | a.BuildCity):
            return t(f"catan.action.{action.kind}", locale,
                     place=self.corner_place(action.corner, locale))
        if isinstance(action, a.PlaceRoad | a.BuildRoad | a.PlaceFreeRoad):
            return t(f"catan.action.{action.kind}", locale,
                     place=self.edge_place(action.edge, locale))
        if isinstance(action, a.MoveRobber):
            public = view if isinstance(view, CatanView) else None
            where = self.hex_name(public, action.hex, locale)
            if action.victim is None:
                return t("catan.action.move_robber", locale, hex=where)
            return t("catan.action.move_robber_rob", locale, hex=where,
                     victim=self.player(live, action.victim))
        if isinstance(action, a.AnswerTrade):
            return t("catan.action.accept" if action.accept else "catan.action.decline",
                     locale)
        if isinstance(action, a.ConfirmTrade):
            return t("catan.action.confirm_trade", locale,
                     partner=self.player(live, action.partner))
        if isinstance(action, a.BankTrade):
            rate = view.me.rates.get(action.give, 4) if isinstance(view, CatanView) and \
                view.me is not None else 4
            return t("catan.action.bank_trade", locale, rate=rate,
                     give=words(RESOURCE_ICONS[action.give] + " ")
                     + self.resource(action.give, locale),
                     get=words(RESOURCE_ICONS[action.get] + " ")
                     + self.resource(action.get, locale))
        if isinstance(action, a.PlayYearOfPlenty):
            return t("catan.action.play_year_of_plenty", locale, resources=words(" + ").join(
                words(RESOURCE_ICONS[k] + " ") + self.resource(k, locale) for k in action.take))
        if isinstance(action, a.PlayMonopoly):
            return t("catan.action.play_monopoly", locale,
                     resource=words(RESOURCE_ICONS[action.resource] + " ")
                     + self.resource(action.resource, locale))
        if isinstance(action, a.Discard):
            counts: dict[str, int] = {}
            for card in action.cards:
                counts[kind_of(card)] = counts.get(kind_of(card), 0) + 1
            return t("catan.action.discard", locale, cards=self.cards(counts, locale))
        return t(f"catan.action.{action.kind}", locale)

    def group_label(self, group: str, locale: str | None) -> Text:
        return t(f"catan.group.{group}", locale)

    def action_group(self, action: Action) -> str:
        return GROUPS.get(action.kind, action.kind)

    # -- two steps: a hex, then its corner or edge -------------------------------------------
    def action_steps(self, action: Action) -> tuple[str, ...]:
        if isinstance(action, a.PlaceSettlement | a.BuildSettlement | a.BuildCity):
            return CORNER_STEPS[action.corner]
        if isinstance(action, a.PlaceRoad | a.BuildRoad | a.PlaceFreeRoad):
            return EDGE_HEXES[action.edge]
        if isinstance(action, a.MoveRobber):
            return (HEX_LABELS[action.hex],)
        return ()

    def action_step(self, action: Action) -> str | None:
        steps = self.action_steps(action)
        return steps[0] if steps else None

    def step_name(self, live: LiveMatch, view: Any, key: str, locale: str | None
                  ) -> Text | None:
        if key not in HEX_LABELS:
            return None
        public = view if isinstance(view, CatanView) else None
        return t("catan.step.hex", locale,
                 hex=self.hex_name(public, HEX_LABELS.index(key), locale))

    # -- the public board --------------------------------------------------------------------
    def board_actions(self, live: LiveMatch, view: Any, prompt: Prompt) -> list[int]:
        """The moves the table may watch being chosen (``BOARD_KINDS``): which of them a
        prompt lists follows from public facts alone (the island, whose turn it is, who
        answered an offer), never from a hand."""
        return [i for i, action in enumerate(prompt.actions) if action.kind in BOARD_KINDS]

    # -- several items at once: trade terms, discards ----------------------------------------
    def pick_label(self, live: LiveMatch, view: Any, item: str, locale: str | None) -> Text:
        side, _, rest = item.partition(":")
        if side == TO:
            return self.cut(t("catan.term.to", locale, seat=self.player(live, int(rest))))
        if side in (GIVE, WANT):
            kind, _, n = rest.partition(":")
            return self.cut(t(f"catan.term.{side}", locale, icon=RESOURCE_ICONS[kind],
                              resource=self.resource(kind, locale), n=n))
        kind = kind_of(item)
        if kind in RESOURCES:
            number = 1
            if isinstance(view, CatanView) and view.me is not None:
                pile = view.me.hand.get(kind, [])
                number = pile.index(item) + 1 if item in pile else 1
            return self.cut(t("catan.term.card", locale, icon=RESOURCE_ICONS[kind],
                              resource=self.resource(kind, locale), n=number))
        return super().pick_label(live, view, item, locale)

    def pick_placeholder(self, live: LiveMatch, view: Any, prompt: Prompt,
                         locale: str | None) -> Text:
        pick = prompt.pick
        assert pick is not None
        kind = pick.template.kind
        if kind == "discard":
            return t("catan.pick.discard", locale, count=pick.min)
        return t(f"catan.pick.{kind}", locale)


register_renderer(CatanRenderer())
