"""Sanguosha (三国杀) in words: the circle of seats on the board, the hand, identity and hero
choice in a seat's panel, the events and the reveal.

Every fact shown comes from a view: the public view on the board, the reader's own view in the
panel. Cards read as players know them — suit symbol, rank, name ("♠7 杀") — and a hand is
listed by kind.
"""

from __future__ import annotations

from typing import Any

from games.core import Event, Outcome, Prompt
from games.sanguosha.cards import CARDS, KINDS, card, rank_name
from games.sanguosha.heroes import HEROES
from games.sanguosha.options import OLDER_EDITION_RULES, Options
from games.sanguosha.views import PublicView, SeatRow, SeatView
from tables.cards import Card
from tables.games.sanguosha.picture import table_picture
from tables.i18n import t
from tables.pictures import BoardPicture
from tables.service import LiveMatch
from tables.text import EMPTY, Text, bold, code, number, words
from tables.text import card as as_card
from tables.words import Words

SUIT_SYMBOL = {"spade": "♠", "heart": "♥", "club": "♣", "diamond": "♦"}
KIND_ORDER = ("basic", "trick", "delayed", "equip")
SLOT_ORDER = ("weapon", "armor", "plus_horse", "minus_horse")
SLOT_ICON = {"weapon": "⚔️", "armor": "🛡️", "plus_horse": "🐎+1", "minus_horse": "🐎−1"}
IDENTITY_ICON = {"lord": "👑", "loyalist": "🛡️", "rebel": "🔥", "renegade": "🎭"}
KINGDOM_ICON = {"wei": "🟦", "shu": "🟥", "wu": "🟩", "qun": "⬜"}

SEAT_PARAMS = {"seat", "src", "target", "to_seat", "killer", "user", "dying", "victim", "lord",
               "judged"}
SEAT_LIST_PARAMS = {"targets", "winners", "seats", "duel"}
CARD_PARAMS = {"card", "old"}
CARD_LIST_PARAMS = {"cards", "seen"}
CARD_NAME_PARAMS = {"name", "trick", "want"}
# Why a card moved or a judgement was made: a card's or a skill's name, or one of these.
PLAIN_REASONS = {"start", "draw", "hand_limit", "rebel_killed", "save"}
# What "pass" says, by the question asked (the top window's topic).
PASS_BY_TOPIC = {
    "play": "end_play", "shan": "no_dodge", "sha": "no_slash", "wuxie": "no_nullify",
    "peach": "no_peach", "collateral": "hand_weapon", "lord_help_answer": "no_help",
}
RESPONSE_TOPICS = {"shan", "sha", "wuxie", "peach"}


class SanguoshaWords(Words):
    game = "sanguosha"
    colour = 0xB83227

    # -- names -----------------------------------------------------------------------------
    @staticmethod
    def sep(locale: str | None) -> Text:
        """What separates the items of a list (", " in English, "、" in Chinese)."""
        return t("sanguosha.list", locale)

    def join(self, items: list[Text], locale: str | None) -> Text:
        return self.sep(locale).join(items) or t("sanguosha.none", locale)

    @staticmethod
    def card_name(name: str, locale: str | None) -> Text:
        return as_card(t(f"sanguosha.card.{name}", locale))

    def card(self, card_id: str, locale: str | None) -> Text:
        """A card as players read it: "♠7 杀"."""
        c = CARDS.get(card_id)
        if c is None:
            return words(card_id)
        return words(f"{SUIT_SYMBOL[c.suit]}{rank_name(c.rank)} ") + self.card_name(c.name,
                                                                                  locale)

    def cards(self, card_ids: list[str], locale: str | None) -> Text:
        return self.join([self.card(c, locale) for c in card_ids], locale)

    @staticmethod
    def hero(hero_id: str, locale: str | None) -> Text:
        return as_card(t(f"sanguosha.hero.{hero_id}", locale)) if hero_id in HEROES \
            else words("?")

    @staticmethod
    def skill(skill: str, locale: str | None) -> Text:
        return as_card(t(f"sanguosha.skill.{skill}", locale))

    @staticmethod
    def identity(identity: str, locale: str | None) -> Text:
        return t(f"sanguosha.role.{identity}", locale)

    def hero_offer(self, hero_id: str, seat_is_lord: bool, players: int,
                   locale: str | None) -> Text:
        """A hero as an offer reads: "诸葛亮 · 蜀 · 3 HP"."""
        h = HEROES[hero_id]
        hp = h.hp + (1 if seat_is_lord and players > 4 else 0)
        return t("sanguosha.hero_offer", locale, hero=self.hero(hero_id, locale),
                 kingdom=t(f"sanguosha.kingdom.{h.kingdom}", locale), hp=hp)

    def who(self, live: LiveMatch, seat: int, locale: str | None) -> Text:
        if seat < 0:
            return t("sanguosha.nobody", locale)
        return self.seat_name(live, seat)

    def reason(self, reason: str, locale: str | None) -> Text:
        if reason in KINDS:
            return self.card_name(reason, locale)
        if reason in PLAIN_REASONS:
            return t(f"sanguosha.reason.{reason}", locale)
        if reason:
            return self.skill(reason, locale)
        return EMPTY

    def via(self, via: str, locale: str | None) -> Text:
        """The weapon or skill that turns cards into another: the Spear, Wusheng…"""
        return self.card_name(via, locale) if via in KINDS else self.skill(via, locale)

    def param_text(self, live: LiveMatch, name: str, value: Any, locale: str | None) -> Text:
        if value is None:
            return t("sanguosha.none", locale)
        if isinstance(value, bool):
            return t("config.yes" if value else "config.no", locale)
        if name in SEAT_PARAMS and isinstance(value, int):
            return self.who(live, value, locale)
        if name in SEAT_LIST_PARAMS and isinstance(value, list):
            return self.join([self.who(live, int(s), locale) for s in value], locale)
        if name in CARD_PARAMS and isinstance(value, str):
            return self.card(value, locale)
        if name in CARD_LIST_PARAMS and isinstance(value, list):
            return self.cards(value, locale)
        if name in CARD_NAME_PARAMS and isinstance(value, str):
            return self.card_name(value, locale) if value in KINDS else words(value)
        if name == "hero" and isinstance(value, str):
            return self.hero(value, locale)
        if name == "heroes" and isinstance(value, list):
            return self.join([self.hero(h, locale) for h in value], locale)
        if name == "heroes" and isinstance(value, dict):
            return self.join([self.who(live, int(s), locale) + ": " + self.hero(h, locale)
                              for s, h in value.items()], locale)
        if name == "identity" and isinstance(value, str):
            return self.identity(value, locale)
        if name == "skill" and isinstance(value, str):
            return self.skill(value, locale)
        if name == "via" and isinstance(value, str):
            return self.via(value, locale) if value else EMPTY
        if name == "reason" and isinstance(value, str):
            return self.reason(value, locale)
        if name == "phase" and isinstance(value, str):
            return t(f"sanguosha.phase.{value}", locale)
        if name == "suit" and isinstance(value, str):
            return t(f"sanguosha.suit.{value}", locale)
        if name == "side" and isinstance(value, str):
            return t(f"sanguosha.side.{value}", locale)
        if name == "nature":
            return words("⚡" if value == "thunder" else "")
        if isinstance(value, dict):
            return self.join([words(f"{k}: {v}") for k, v in value.items()], locale)
        return super().param_text(live, name, value, locale)

    # -- events ----------------------------------------------------------------------------
    def event_line(self, live: LiveMatch, event: Event, locale: str | None) -> Text:
        if not event.key.startswith("sanguosha."):  # the platform's own (a seat changes hands)
            return super().event_line(live, event, locale)
        name = event.key.split(".", 1)[1]
        params = dict(event.params)
        # The event's name, refined where the words differ (a death with no killer…).
        which = name
        text = self.params_text(live, params, locale)
        if name == "used":
            text["card"] = self._used_cards(params, locale)
            targets = params.get("targets", [])
            text["whom"] = EMPTY if targets == [params["seat"]] else \
                self._whom(live, targets, locale)
            if KINDS[params["name"]].kind == "equip":
                which += "_equip"
        elif name == "answered":
            text["card"] = self._played_as(params["cards"], params["name"], params["via"],
                                           locale)
        elif name in ("damaged", "died") and params.get("src", params.get("killer", 0)) < 0:
            which += "_no_source"
        elif name == "took_card" and params.get("src", 0) < 0:
            which += "_from_table"
        elif name == "nullified" and params.get("target", 0) < 0:
            which += "_chain"
        elif name == "hero_revealed":
            which += "_lord" if params.get("lord") else ""
        elif name == "game_over":
            text = {"side": text["side"], "winners": text["winners"]}
        return t(f"sanguosha.event.{which}", locale, **text)

    def _used_cards(self, params: dict[str, Any], locale: str | None) -> Text:
        cards, name, via = params.get("cards", []), params["name"], params.get("via", "")
        return self._played_as(cards, name, via, locale)

    def _played_as(self, cards: list[str] | tuple[str, ...], name: str, via: str,
                   locale: str | None) -> Text:
        """"♠7 杀", or "♥K 桃 → 杀 (武圣)" for cards used as another."""
        own = len(cards) == 1 and card(cards[0]).name == name and not via
        if own:
            return self.card(cards[0], locale)
        shown = words("+").join(self.card(c, locale) for c in cards)
        as_name = self.card_name(name, locale) if name in KINDS else self.skill(name, locale)
        if not shown:
            return t("sanguosha.as_via_nothing", locale, name=as_name,
                     via=self.via(via, locale))
        if not via:
            return t("sanguosha.as_card", locale, cards=shown, name=as_name)
        return t("sanguosha.as_via", locale, cards=shown, name=as_name,
                 via=self.via(via, locale))

    def _whom(self, live: LiveMatch, targets: list[int] | tuple[int, ...],
              locale: str | None) -> Text:
        if not targets:
            return EMPTY
        return t("sanguosha.on_targets", locale,
                 targets=self.join([self.who(live, s, locale) for s in targets], locale))

    # -- prompts ---------------------------------------------------------------------------
    @staticmethod
    def topic(view: Any) -> str:
        waiting = getattr(view, "waiting", None)
        return waiting.topic if waiting is not None else ""

    def prompt_line(self, live: LiveMatch, view: Any, prompt: Prompt, locale: str | None) -> Text:
        if not isinstance(view, SeatView):
            return self._board_prompt_line(live, view, prompt, locale)
        params = self.params_text(live, {**prompt.params, "seat": prompt.seat}, locale)
        for name in ("src", "reason"):
            params.setdefault(name, EMPTY)
        kind = prompt.kind
        if kind == "skill":
            skill = str(prompt.params.get("skill", ""))
            for flag, suffix in (("paying", "_paying"), ("giving", "_giving"),
                                 ("helping", "_helping")):
                if prompt.params.get(flag):
                    skill += suffix
            return t(f"sanguosha.prompt.skill.{skill}", locale, **params)
        if kind == "peach" and prompt.params.get("dying") == prompt.seat:
            kind += "_self"
        elif kind == "nullify" and prompt.params.get("target", 0) < 0:
            kind += "_chain"
        elif kind == "hero" and prompt.seat == view.lord:
            kind += "_lord"
        elif kind == "discard" and prompt.pick is not None and prompt.pick.max > prompt.pick.min:
            # Discarding at will (an older-edition option): the least and the most it may be.
            kind += "_at_will"
            params["most"] = number(prompt.pick.max)
        return t(f"sanguosha.prompt.{kind}", locale, **params)

    def _board_prompt_line(self, live: LiveMatch, view: Any, prompt: Prompt,
                           locale: str | None) -> Text:
        """What the board says a seat is asked: public facts only. A response names the
        question the window puts (every seat it asks gets it, whatever the seat holds), where
        a card is played from (**My hand**) and the button on the board that declines."""
        if prompt.clock == "response":
            topic = self.topic(view)
            if topic not in RESPONSE_TOPICS:
                return t("sanguosha.waiting.response", locale, hand=t("board.my_hand", locale))
            waiting = getattr(view, "waiting", None)
            dying = int(waiting.data.get("dying", -1)) if waiting is not None else -1
            return t(f"sanguosha.waiting.{topic}", locale, hand=t("board.my_hand", locale),
                     button=t(f"sanguosha.pass.{PASS_BY_TOPIC[topic]}", locale),
                     dying=self.who(live, dying, locale))
        if prompt.kind == "skill":
            return t("sanguosha.waiting.skill", locale,
                     skill=self.skill(str(prompt.params.get("skill", "")), locale))
        if prompt.kind in ("hero", "play", "discard", "pick_card"):
            return t(f"sanguosha.waiting.{prompt.kind}", locale)
        return t("sanguosha.waiting.response", locale)

    # -- the board ---------------------------------------------------------------------------
    def board_card(self, live: LiveMatch, view: Any, locale: str | None) -> Card:
        assert isinstance(view, PublicView)
        if view.current >= 0 and view.result_side is None:
            title = t("sanguosha.board.title", locale, round=view.round,
                      name=self.who(live, view.current, locale),
                      phase=t(f"sanguosha.phase.{view.phase or 'between'}", locale))
        elif view.result_side is not None:
            title = t("sanguosha.board.title_over", locale)
        else:
            title = t("sanguosha.board.title_heroes", locale)
        card = Card(title=title[:256], colour=self.colour)
        summary = t("sanguosha.board.summary", locale, deck=view.deck_count,
                    discard=view.discard_count)
        if view.current >= 0 and view.result_side is None:
            summary += "\n" + t("sanguosha.board.distances", locale,
                                name=self.who(live, view.current, locale),
                                reach=view.attack_range)
        lines = [self._seat_line(live, view, row, locale) for row in view.seats]
        card.description = (summary + "\n\n" + words("\n").join(lines))[:4096]
        now = self._now_line(live, view, locale)
        if now:
            card.add_field(name=t("sanguosha.board.now", locale), value=now[:1024],
                            inline=False)
        if view.processing or view.grace:
            table = [*view.processing, *view.grace]
            card.add_field(name=t("sanguosha.board.on_table", locale),
                            value=self.cards(table, locale)[:1024], inline=False)
        if view.result_side is not None:
            card.add_field(name=t("sanguosha.board.result", locale), value=t(
                "sanguosha.board.winners", locale,
                side=t(f"sanguosha.side.{view.result_side}", locale),
                winners=self.join([self.who(live, s, locale) for s in view.winners],
                                  locale))[:1024], inline=False)
        return card

    def board_picture(self, live: LiveMatch, view: Any, locale: str | None
                      ) -> BoardPicture | None:
        """The seats round the table, drawn from the public view."""
        assert isinstance(view, PublicView)
        return table_picture(self, live, view, locale)

    def _seat_line(self, live: LiveMatch, view: PublicView, row: SeatRow,
                   locale: str | None) -> Text:
        pointer = "▶ " if row.seat == view.current and view.result_side is None else ""
        name = self.seat_name(live, row.seat)
        if row.identity:
            role = IDENTITY_ICON[row.identity] + " " + self.identity(row.identity, locale)
        else:
            role = t("sanguosha.board.hidden_identity", locale)
        if row.hero:
            hero = KINGDOM_ICON.get(row.kingdom, "") + self.hero(row.hero, locale)
        elif row.has_chosen:
            hero = t("sanguosha.board.hero_chosen", locale)
        else:
            hero = t("sanguosha.board.hero_choosing", locale)
        parts: list[Text | str] = [pointer + code(words(str(row.seat + 1))) + " " + bold(name)
                                   + " · " + role + " · " + hero]
        if not row.alive:
            parts.append("💀")
            return words(" · ").join(parts)
        if row.max_hp:
            parts.append(f"❤️{row.hp}/{row.max_hp}")
        parts.append(f"🂠{row.hand_count}")
        if row.shown_hand:
            parts.append(t("sanguosha.board.shown_hand", locale,
                           cards=self.cards(row.shown_hand, locale)))
        equips = [SLOT_ICON[s] + " " + self.card(row.equips[s], locale) for s in SLOT_ORDER
                  if s in row.equips]
        if equips:
            parts.append(words(" ").join(equips))
        if row.judging:
            parts.append("⏳ " + self.join([self._judging(c, as_name, locale)
                                            for c, as_name in row.judging], locale))
        distance = view.distances[row.seat] if row.seat < len(view.distances) else None
        if distance is not None and view.result_side is None:
            mark = "🎯" if distance <= view.attack_range else "📏"
            parts.append(f"{mark}{distance}")
        return words(" · ").join(parts)

    def _judging(self, card_id: str, as_name: str, locale: str | None) -> Text:
        if card(card_id).name == as_name:
            return self.card(card_id, locale)
        return t("sanguosha.as_card", locale, cards=self.card(card_id, locale),
                 name=self.card_name(as_name, locale))

    def _now_line(self, live: LiveMatch, view: PublicView, locale: str | None) -> Text:
        """What the table waits for, in public words."""
        waiting = view.waiting
        if waiting is None or view.result_side is not None:
            return EMPTY
        data = waiting.data
        asked = self.join([self.who(live, s, locale) for s in waiting.seats], locale)
        topic = waiting.topic
        if topic == "wuxie":
            # The seats asked are public facts (docs/rules/sanguosha.md): every living seat
            # but those the whole table knows hold no Nullification.
            target = int(data.get("target", -1))
            return t("sanguosha.now.nullify" if target >= 0 else "sanguosha.now.nullify_chain",
                     locale, trick=self.card_name(str(data.get("trick", "wuxie")), locale),
                     target=self.who(live, target, locale),
                     src=self.who(live, int(data.get("src", -1)), locale))
        if topic in ("shan", "sha"):
            return t(f"sanguosha.now.{topic}", locale, seat=asked,
                     src=self.who(live, int(data.get("src", -1)), locale),
                     reason=self.reason(str(data.get("reason", "")), locale))
        if topic == "peach":
            return t("sanguosha.now.peach", locale, seat=asked,
                     dying=self.who(live, int(data.get("dying", -1)), locale),
                     hp=data.get("hp", 0))
        if topic == "hero":
            return t("sanguosha.now.hero" if waiting.mode == "together"
                     else "sanguosha.now.hero_lord", locale, seat=asked)
        if topic in ("play", "discard", "grace"):
            return t(f"sanguosha.now.{topic}", locale, seat=asked)
        return t("sanguosha.now.other", locale, seat=asked)

    # -- private -----------------------------------------------------------------------------
    def panel_card(self, live: LiveMatch, view: Any, seat: int, locale: str | None
                    ) -> Card:
        assert isinstance(view, SeatView)
        me = view.me
        row = view.seats[seat]
        identity = self.identity(me.identity, locale)
        hero = self.hero(row.hero, locale) if row.hero else (
            self.hero(me.chosen, locale) if me.chosen else t("sanguosha.panel.no_hero", locale))
        card = Card(title=t("sanguosha.panel.title", locale, identity=identity,
                                      hero=hero)[:256], colour=self.colour)
        status = [t(f"sanguosha.goal.{me.identity}", locale)]
        if not row.alive:
            status.append(t("sanguosha.panel.dead", locale))
        elif row.max_hp:
            status.append(t("sanguosha.panel.hp", locale, hp=row.hp, max_hp=row.max_hp))
        card.description = words("\n").join(status)
        if me.offers:
            card.add_field(name=t("sanguosha.panel.offers", locale), value=words("\n").join(
                self._hero_text(h, seat == view.lord, len(view.seats), locale)
                for h in me.offers)[:1024], inline=False)
        card.add_field(name=t("sanguosha.panel.hand", locale, count=len(me.hand)),
                        value=self._hand_lines(me.hand, locale)[:1024], inline=False)
        equips = [SLOT_ICON[s] + " " + self.card(row.equips[s], locale) for s in SLOT_ORDER
                  if s in row.equips]
        if equips or row.judging:
            lines = list(equips)
            if row.judging:
                lines.append("⏳ " + self.join([self._judging(c, n, locale)
                                                for c, n in row.judging], locale))
            card.add_field(name=t("sanguosha.panel.in_play", locale),
                            value=words("\n").join(lines)[:1024], inline=False)
        if me.peek:
            card.add_field(name=t("sanguosha.panel.peek", locale),
                            value=self.cards(me.peek, locale)[:1024], inline=False)
        if row.skills:
            card.add_field(name=t("sanguosha.panel.skills", locale), value=words("\n").join(
                bold(self.skill(s, locale)) + " — " + t(f"sanguosha.skill_text.{s}", locale)
                for s in row.skills)[:1024], inline=False)
        card.set_footer(text=t("sanguosha.panel.footer", locale))
        return card

    def _hero_text(self, hero_id: str, seat_is_lord: bool, players: int,
                   locale: str | None) -> Text:
        h = HEROES[hero_id]
        skills = list(h.skills) + (list(h.lord_skills) if seat_is_lord and players >= 5 else [])
        return bold(self.hero_offer(hero_id, seat_is_lord, players, locale)) + " — " + \
            words("; ").join(self.skill(s, locale) + ": " + t(f"sanguosha.skill_text.{s}", locale)
                             for s in skills)

    def _hand_lines(self, hand: list[str], locale: str | None) -> Text:
        """The hand by kind of card, each kind's cards by name, then suit and rank."""
        if not hand:
            return t("sanguosha.panel.empty", locale)
        suits = list(SUIT_SYMBOL)
        lines = []
        for kind in KIND_ORDER:
            here = sorted((c for c in hand if card(c).kind.kind == kind),
                          key=lambda c: (list(KINDS).index(card(c).name),
                                         suits.index(card(c).suit), card(c).rank))
            if here:
                lines.append(bold(t(f"sanguosha.kind.{kind}", locale)) + ": " +
                             words(" · ").join(self.card(c, locale) for c in here))
        return words("\n").join(lines)

    def opening_card(self, live: LiveMatch, view: Any, seat: int, locale: str | None
                      ) -> Card:
        card = self.panel_card(live, view, seat, locale)
        card.title = t("sanguosha.opening.title", locale,
                        identity=self.identity(view.me.identity, locale))[:256]
        return card

    def reveal_card(self, live: LiveMatch, view: Any, outcome: Outcome, locale: str | None
                     ) -> Card:
        assert isinstance(view, PublicView)
        card = Card(title=t("sanguosha.reveal.title", locale), colour=self.colour)
        side = view.result_side or "draw"
        card.description = t("sanguosha.board.winners", locale,
                              side=t(f"sanguosha.side.{side}", locale),
                              winners=self.join([self.who(live, s, locale)
                                                 for s in outcome.winners], locale))
        scored = Options.model_validate(live.record.options).scoring == "fourth_edition"
        for row in view.seats:
            crown = "🏆 " if row.seat in outcome.winners else ""
            role = self.identity(row.identity, locale) if row.identity else words("?")
            hero = self.hero(row.hero, locale) if row.hero else words("—")
            name = crown + self.seat_name(live, row.seat) + " — " + role + " · " + hero
            value = t("sanguosha.reveal.alive" if row.alive else "sanguosha.reveal.dead",
                      locale)
            if row.kills:
                value += " · " + t("sanguosha.reveal.kills", locale, names=self.join(
                    [self.who(live, s, locale) for s in row.kills], locale))
            if scored:
                details = outcome.details.get(row.seat, {})
                value += "\n" + t("sanguosha.reveal.score", locale,
                                  base=f"{details.get('base', 0):g}",
                                  bonus=f"{details.get('bonus', 0):g}",
                                  total=f"{details.get('total', 0):g}")
            card.add_field(name=name[:256], value=value[:1024], inline=False)
        chosen = Options.model_validate(live.record.options)
        if chosen.league:
            self._league_standings(card, live, chosen, outcome, locale)
        return card

    def _league_standings(self, card: Card, live: LiveMatch, chosen: Options,
                          outcome: Outcome, locale: str | None) -> None:
        """The league's points after this table, best first; its winners after the last."""
        seats = len(live.seats)
        before = chosen.league_points or (0.0,) * seats
        points = {s: before[s] + outcome.scores.get(s, 0.0) for s in range(seats)}
        ranked = sorted(points, key=lambda s: -points[s])
        lines = [t("sanguosha.reveal.league_line", locale, name=self.seat_name(live, s),
                   points=f"{points[s]:g}", change=f"{outcome.scores.get(s, 0.0):+g}")
                 for s in ranked]
        if chosen.league_table + 1 >= seats:
            best = points[ranked[0]]
            lines.append(t("sanguosha.reveal.league_over", locale, points=f"{best:g}",
                           names=self.join([self.seat_name(live, s) for s in ranked
                                            if points[s] == best], locale)))
        card.add_field(name=t("sanguosha.reveal.league", locale,
                               table=chosen.league_table + 1, tables=seats)[:256],
                        value=words("\n").join(lines)[:1024], inline=False)

    def option_lines(self, options: dict[str, Any], locale: str | None) -> list[Text]:
        """The variants that differ from the standard game, in words."""
        chosen = Options.model_validate(options)
        lines = []
        if not chosen.heroes:
            lines.append(t("sanguosha.option.heroes_off", locale))
        for name in ("ex_cards", "two_renegades", "three_survivor_countdown",
                     *OLDER_EDITION_RULES):
            if getattr(chosen, name):
                lines.append(t(f"sanguosha.option.{name}", locale))
        if chosen.scoring != "win_loss":
            lines.append(t(f"sanguosha.option.scoring.{chosen.scoring}", locale))
        if chosen.bot_level != "normal":
            lines.append(t(f"sanguosha.option.bot_level.{chosen.bot_level}", locale))
        if chosen.league:
            lines.append(t("sanguosha.option.league_table", locale,
                           table=chosen.league_table + 1,
                           seat=chosen.league_table + 1))
        if chosen.first_death_protection:
            seat = chosen.protected_seat
            lines.append(t("sanguosha.option.first_death_protection_seat", locale,
                           seat=t("sanguosha.none", locale) if seat is None else seat + 1))
        return lines


WORDS = SanguoshaWords()
