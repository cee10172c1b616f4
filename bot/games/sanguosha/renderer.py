"""Sanguosha (三国杀) on Discord: its words (``tables.games.sanguosha.words``) with the labels
for every move. A play is one choice of card and target: the panel offers Slashes in one
select, the other cards in another, and cards used through a skill with the skills, each option
a card and its target ("♠A 决斗 → Bob"); a group with more plays than one select holds is
offered in two steps, the card first and then its target.
"""

from __future__ import annotations

from typing import Any

from bot.renderers import register_renderer
from bot.renderers.base import Renderer
from games.core import Action, Prompt
from games.sanguosha.actions import Choose, Discard, Pass, Respond, Use
from games.sanguosha.cards import CARDS, KINDS
from games.sanguosha.heroes import HEROES
from games.sanguosha.options import Options
from tables.games.sanguosha.words import PASS_BY_TOPIC, SUIT_SYMBOL, SanguoshaWords
from tables.i18n import t
from tables.service import LiveMatch
from tables.text import EMPTY, Text, words

# Action groups: each becomes one row of the panel (buttons, or a select when large).
MAIN, SLASH, CARD, SKILL, ANSWER, CHOICE, HERO, GIVE_UP = (
    "main", "sha", "card", "skill", "answer", "choice", "hero", "give_up")
# Choices that are words rather than cards or seats.
WORD_CHOICES = {"yes", "no", "let_draw", "hand", "damage"}
LABEL_LIMIT = 80
BOARD_PASS_TOPICS = {"play", "shan", "sha", "wuxie", "peach"}


class SanguoshaRenderer(SanguoshaWords, Renderer):
    select_groups = frozenset({HERO})

    def action_group(self, action: Action) -> str:
        if isinstance(action, Pass):
            return MAIN
        if isinstance(action, Use):
            if action.name == "sha":
                return SLASH
            if action.name not in KINDS:  # a skill used from the play phase
                return MAIN if not action.targets else SKILL
            if action.via and action.via not in KINDS:
                return SKILL  # a card used as another through a skill (Qixi, Guose)
            return CARD
        if isinstance(action, Respond):
            return ANSWER
        if isinstance(action, Discard):
            return GIVE_UP
        if isinstance(action, Choose) and action.option in HEROES:
            return HERO
        return CHOICE

    def action_step(self, action: Action) -> str | None:
        """A card (or a skill with its cards) played on a target is chosen card first, then
        target, when its group is too large for one select."""
        if not isinstance(action, Use) or not action.targets:
            return None
        return f"{action.name}:{action.via}:{','.join(action.cards)}"

    def step_label(self, live: LiveMatch, view: Any, action: Action, locale: str | None
                   ) -> Text:
        if not isinstance(action, Use):
            return self.action_label(live, view, action, locale)
        if action.name not in KINDS:  # a skill used from the play phase
            skill = self.skill(action.name, locale)
            if not action.cards:
                return self.cut(skill)
            return self.cut(skill + " " + self.cards(list(action.cards), locale))
        return self.cut(self._played_as(action.cards, action.name, action.via, locale))

    def group_label(self, group: str, locale: str | None) -> Text:
        return t(f"sanguosha.group.{group}", locale)

    def action_label(self, live: LiveMatch, view: Any, action: Action, locale: str | None
                     ) -> Text:
        if isinstance(action, Pass):
            text = t(f"sanguosha.pass.{PASS_BY_TOPIC.get(self.topic(view), 'decline')}",
                     locale)
        elif isinstance(action, Use):
            text = self._use_label(live, action, locale)
        elif isinstance(action, Respond):
            text = self._played_as(action.cards, action.name, action.via, locale)
        elif isinstance(action, Discard):
            text = t("sanguosha.action.discard", locale, cards=self.cards(list(action.cards),
                                                                          locale))
        elif isinstance(action, Choose):
            text = self._choice_label(live, view, action.option, locale)
        else:
            text = words(action.kind)
        return self.cut(text)

    @staticmethod
    def cut(label: Text) -> Text:
        """A label within Discord's limit, its cut marked with an ellipsis."""
        return label.cut(LABEL_LIMIT)

    def _use_label(self, live: LiveMatch, action: Use, locale: str | None) -> Text:
        name = action.name
        if name not in KINDS:  # a skill used from the play phase
            skill = self.skill(name, locale)
            cards = self.cards(list(action.cards), locale) if action.cards else EMPTY
            if name == "lijian" and len(action.targets) == 2:
                return t("sanguosha.action.lijian", locale, skill=skill,
                         user=self.who(live, action.targets[0], locale),
                         target=self.who(live, action.targets[1], locale))
            if not action.targets:
                return t("sanguosha.action.skill", locale, skill=skill)
            whom = self.join([self.who(live, s, locale) for s in action.targets], locale)
            if cards:
                return t("sanguosha.action.skill_card_on", locale, skill=skill, cards=cards,
                         targets=whom)
            return t("sanguosha.action.skill_on", locale, skill=skill, targets=whom)
        played = self._played_as(action.cards, name, action.via, locale)
        kind = KINDS[name].kind
        if kind == "equip":
            return t("sanguosha.action.equip", locale, card=played)
        if name == "jiedao" and len(action.targets) == 2:
            return t("sanguosha.action.collateral", locale, card=played,
                     wielder=self.who(live, action.targets[0], locale),
                     victim=self.who(live, action.targets[1], locale))
        if not action.targets:
            return t("sanguosha.action.everyone", locale, card=played)
        if list(action.targets) == [action.seat]:
            return t("sanguosha.action.self", locale, card=played)
        return played + self._whom(live, action.targets, locale)

    def _choice_label(self, live: LiveMatch, view: Any, option: str,
                      locale: str | None) -> Text:
        if option in HEROES:
            lord = getattr(view, "lord", -1)
            me = getattr(view, "me", None)
            players = len(getattr(view, "seats", []))
            return self.hero_offer(option, me is not None and me.seat == lord, players, locale)
        if option in WORD_CHOICES:
            return t(f"sanguosha.choice.{option}", locale)
        if option in SUIT_SYMBOL:
            return t(f"sanguosha.suit.{option}", locale)
        if option in CARDS:
            return self.card(option, locale)
        where, colon, rest = option.partition(":")
        if colon and where in ("top", "bottom") and rest in CARDS:
            return t(f"sanguosha.choice.{where}", locale, card=self.card(rest, locale))
        head, arrow, seat = option.rpartition(">")
        if arrow and head in CARDS and seat.isdigit():
            return t("sanguosha.choice.pass_on", locale, card=self.card(head, locale),
                     target=self.who(live, int(seat), locale))
        seats = option.split(",")
        if all(s.isdigit() for s in seats):
            return self.join([self.who(live, int(s), locale) for s in seats], locale)
        return words(option)

    def board_actions(self, live: LiveMatch, view: Any, prompt: Prompt) -> list[int]:
        """Only "pass" goes on the board (end the play phase, no Dodge, no Nullification…):
        every seat asked has it, so it says nothing about a hand."""
        if self.topic(view) not in BOARD_PASS_TOPICS:
            return []
        return [i for i, a in enumerate(prompt.actions) if isinstance(a, Pass)]

    def pick_label(self, live: LiveMatch, view: Any, item: str, locale: str | None) -> Text:
        label = self.card(item, locale)
        me = getattr(view, "me", None)
        if me is not None and item not in me.hand:
            label = t("sanguosha.equipped", locale, card=label)
        return label

    def pick_placeholder(self, live: LiveMatch, view: Any, prompt: Prompt,
                         locale: str | None) -> Text:
        pick = prompt.pick
        assert pick is not None
        if pick.min == pick.max:
            return t("sanguosha.pick.exactly", locale, count=pick.min)
        return t("sanguosha.pick.between", locale, low=pick.min, high=pick.max)

    def next_table_label(self, options: dict[str, Any], seats: int, locale: str | None
                         ) -> Text:
        chosen = Options.model_validate(options)
        if chosen.league:
            return t("sanguosha.league.next", locale, table=chosen.league_table + 1,
                     tables=seats)
        return super().next_table_label(options, seats, locale)


register_renderer(SanguoshaRenderer())
