"""Lifeboat in words: the boat from bow to stern, a seat's panel, the events (a gift or a
robbery read by each end as their own) and the reveal.

Every fact shown comes from a view — the public view on the board, the reader's own view in
their panel — so a secret can only reach the player it belongs to.
"""

from __future__ import annotations

from typing import Any

from games.core import Event, Outcome, Prompt
from games.lifeboat.cards import PAINTING_POINTS, card_type
from games.lifeboat.views import NAV_VIEWS, CharacterView, NavCardView, PublicView, SeatView
from tables.cards import Card
from tables.games.lifeboat.picture import boat_picture
from tables.i18n import t
from tables.pictures import BoardPicture
from tables.service import LiveMatch
from tables.text import EMPTY, Text, card, code, words
from tables.words import Words

STATUS_ICON = {"awake": "🟢", "unconscious": "😵", "dead": "💀", "lost": "🌊"}
CHARACTER_PARAMS = {"character", "target", "attacker", "body", "navigator", "to"}
CHARACTER_LIST_PARAMS = {"swimmers", "attackers", "defenders", "order", "boat"}
CARD_PARAMS = {"card"}
CARD_LIST_PARAMS = {"cards", "discarded"}
# Private events told to the two seats a card passed between, read by each as their own.
READER_EVENTS = {"lifeboat.event.card_received", "lifeboat.event.robbed_card"}


class LifeboatWords(Words):
    game = "lifeboat"
    colour = 0x1F6F8B

    # -- names -----------------------------------------------------------------------------
    def character(self, character: str, locale: str | None) -> Text:
        return card(t(f"lifeboat.character.{character}", locale))

    def card(self, card_id: str, locale: str | None) -> Text:
        if card_id == "hand":
            return t("lifeboat.card.hand", locale)
        kind = card_type(card_id)
        name = card(t(f"lifeboat.card.{kind}", locale))
        if kind == "painting":
            return t("lifeboat.card.painting_worth", locale, name=name,
                     points=PAINTING_POINTS.get(card_id, 0))
        return name

    def cards(self, cards: list[str], locale: str | None) -> Text:
        return self.join([self.card(c, locale) for c in cards], locale)

    def who(self, live: LiveMatch, character: str, locale: str | None) -> Text:
        """A character with its player's name: "Frenchy (Alice)"."""
        seat = live.state.seat_of.get(character) if live.state is not None else None
        player = self.seat_name(live, seat) if seat is not None else words("?")
        return t("lifeboat.who", locale, character=self.character(character, locale),
                 player=player)

    def nav_card(self, card: NavCardView, locale: str | None) -> Text:
        parts: list[Text] = []
        if card.birds > 0:
            parts.append(words("🐦" * card.birds))
        elif card.birds < 0:
            parts.append(t("lifeboat.nav.bird_gone", locale))
        if card.overboard == "everyone":
            parts.append(t("lifeboat.nav.overboard_everyone", locale))
        elif card.overboard:
            parts.append(t("lifeboat.nav.overboard", locale, names=self.sep(locale).join(
                self.character(c, locale) for c in card.overboard)))
        if card.thirsty == "everyone":
            parts.append(t("lifeboat.nav.thirsty_everyone", locale) if not card.thirsty_except
                         else t("lifeboat.nav.thirsty_except", locale,
                                names=self.sep(locale).join(
                                    self.character(c, locale) for c in card.thirsty_except)))
        elif card.thirsty:
            parts.append(t("lifeboat.nav.thirsty", locale, names=self.sep(locale).join(
                self.character(c, locale) for c in card.thirsty)))
        if card.row:
            parts.append(t("lifeboat.nav.rowers_thirsty", locale))
        if card.fight:
            parts.append(t("lifeboat.nav.fighters_thirsty", locale))
        return words(" · ").join(parts) or t("lifeboat.nav.calm", locale)

    @staticmethod
    def sep(locale: str | None) -> Text:
        """How the reader's language separates list items (", " in English, "、" in Chinese)."""
        return t("lifeboat.list_separator", locale)

    def join(self, items: list[Text], locale: str | None) -> Text:
        return self.sep(locale).join(items) or t("lifeboat.none", locale)

    def param_text(self, live: LiveMatch, name: str, value: Any, locale: str | None) -> Text:
        if name == "card_type":  # None: a hidden card, whose type the table does not learn
            return t(f"lifeboat.card.{value}", locale)
        if value is None:
            return t("lifeboat.none", locale)
        if name in CHARACTER_PARAMS and isinstance(value, str):
            return self.who(live, value, locale)
        if name in CHARACTER_LIST_PARAMS and isinstance(value, list):
            return self.join([self.character(c, locale) for c in value], locale)
        if name == "card" and value in NAV_VIEWS:
            return self.nav_card(NAV_VIEWS[value], locale)
        if isinstance(value, list) and value and all(v in NAV_VIEWS for v in value):
            return words("; ").join(self.nav_card(NAV_VIEWS[v], locale) for v in value)
        if name in CARD_PARAMS and isinstance(value, str):
            return self.card(value, locale)
        if name in CARD_LIST_PARAMS and isinstance(value, list):
            return self.cards(value, locale)
        if name in {"status", "cause", "source", "window", "side", "winner", "demand"}:
            return t(f"lifeboat.{name}.{value}", locale)
        if name == "thirst" and isinstance(value, dict):
            return self.sep(locale).join(
                self.character(c, locale) + words(f" ×{n}") for c, n in value.items() if n)
        if isinstance(value, bool):
            return t("config.yes" if value else "config.no", locale)
        if isinstance(value, list) and not value:
            return t("lifeboat.none", locale)
        return super().param_text(live, name, value, locale)

    def prompt_line(self, live: LiveMatch, view: Any, prompt: Prompt, locale: str | None
                    ) -> Text:
        params = {k: self.param_text(live, k, v, locale) for k, v in prompt.params.items()
                  if k not in {"attackers", "defenders"}}
        if "card" in prompt.params and prompt.params.get("demand") == "rob":
            params["card"] = self.card(prompt.params["card"], locale) \
                if prompt.params["card"] else t("lifeboat.none", locale)
        # The board points to "My hand" for choices it does not show; the panel is My hand.
        params["where"] = EMPTY if isinstance(view, SeatView) else \
            t("lifeboat.in_my_hand", locale)
        return t(prompt.kind, locale, **params)

    # -- the board ---------------------------------------------------------------------------
    def _character_line(self, live: LiveMatch, c: CharacterView, locale: str | None) -> Text:
        marks = ("🚣" if c.row_marker else "") + ("⚔️" if c.fight_marker else "")
        face_up = self.sep(locale).join(
            self.card(card, locale) + (t("lifeboat.parasol_open", locale)
                                       if card_type(card) == "parasol" and c.parasol_open
                                       else EMPTY)
            for card in c.face_up)
        line = t("lifeboat.board.character", locale,
                 icon=STATUS_ICON[c.status], who=self.who(live, c.id, locale),
                 status=t(f"lifeboat.status.{c.status}", locale), wounds=c.wounds, size=c.size,
                 hand=c.hand_count)
        if face_up:
            line += " · " + t("lifeboat.board.face_up", locale, cards=face_up)
        return line + words(" " + marks) if marks else line

    def board_card(self, live: LiveMatch, view: Any, locale: str | None) -> Card:
        assert isinstance(view, PublicView)
        card = Card(
            title=t("lifeboat.board.title", locale, round=view.round,
                    phase=t(f"lifeboat.phase.{view.phase}", locale)),
            colour=self.colour,
        )
        card.description = t(
            "lifeboat.board.summary", locale, birds=view.birds, land=view.birds_to_land,
            supply=view.supply_count, navigation=view.navigation_count, rowed=view.rowed_count)
        boat = words("\n").join(code(words(str(i + 1))) + words(" ")
                                 + self._character_line(live, c, locale)
                                 for i, c in enumerate(view.boat))
        card.add_field(name=t("lifeboat.board.boat", locale), value=boat[:1024] or "—",
                        inline=False)
        if view.lost:
            card.add_field(name=t("lifeboat.board.lost", locale), value=self.sep(locale).join(
                self.who(live, c.id, locale) for c in view.lost)[:1024], inline=False)
        if view.revealed is not None:
            card.add_field(name=t("lifeboat.board.navigation", locale),
                            value=self.nav_card(view.revealed, locale)[:1024], inline=False)
        if view.demand is not None:
            d = view.demand
            card.add_field(name=t("lifeboat.board.demand", locale), value=t(
                f"lifeboat.board.demand.{d.kind}", locale,
                attacker=self.who(live, d.attacker, locale),
                target=self.who(live, d.target, locale),
                card=self.card(d.card, locale) if d.card else EMPTY), inline=False)
        if view.fight is not None:
            f = view.fight
            fighting = {*f.attackers, *f.defenders}
            card.add_field(name=t("lifeboat.board.fight", locale), value=(t(
                "lifeboat.board.fight_sides", locale,
                attackers=self.sep(locale).join(
                    self.character(c, locale) for c in f.attackers),
                attack=f.attack,
                defenders=self.sep(locale).join(
                    self.character(c, locale) for c in f.defenders),
                defence=f.defence,
                ready=self.sep(locale).join(
                    self.character(c, locale) for c in f.ready if c in fighting) or words("—"))
                + self._stayed_out(f, fighting, locale)
                + self._fight_answers(live, view, locale))[:1024], inline=False)
        if view.window is not None and view.window.kind == "thirst" and view.window.thirst:
            card.add_field(name=t("lifeboat.board.thirst", locale),
                            value=self.param_text(live, "thirst", view.window.thirst, locale)
                            or words("—"), inline=False)
        if view.results is not None:
            winners = self.sep(locale).join(
                self.seat_name(live, s) for s in view.results.winners)
            card.add_field(name=t("lifeboat.board.winners", locale), value=winners,
                            inline=False)
        return card

    def board_picture(self, live: LiveMatch, view: Any, locale: str | None
                      ) -> BoardPicture | None:
        assert isinstance(view, PublicView)
        return boat_picture(self, live, view, locale)

    def _stayed_out(self, fight: Any, fighting: set[str], locale: str | None) -> Text:
        """Who has chosen to stay out of the fight (they are "ready" only in that the fight
        waits for them no more)."""
        out = [c for c in fight.ready if c not in fighting]
        if not out:
            return EMPTY
        return words("\n") + t("lifeboat.board.fight_stayed_out", locale,
                                names=self.sep(locale).join(
                                    self.character(c, locale) for c in out))

    def _fight_answers(self, live: LiveMatch, view: PublicView, locale: str | None) -> Text:
        """Whose buttons are whose while a fight waits: the fighters' Ready, the onlookers'
        join or stay out."""
        fight = view.fight
        assert fight is not None
        waiting = [c.id for c in view.boat if c.status == "awake" and c.id not in fight.ready]
        fighters = [c for c in waiting if c in fight.attackers or c in fight.defenders]
        onlookers = [c for c in waiting if c not in fighters]
        lines = [EMPTY]
        if fighters:
            lines.append(t("lifeboat.board.fight_ready_for", locale, names=self.sep(locale).join(
                self.who(live, c, locale) for c in fighters)))
        if onlookers:
            lines.append(t("lifeboat.board.fight_join_for", locale, names=self.sep(locale).join(
                self.who(live, c, locale) for c in onlookers)))
        return words("\n").join(lines) if len(lines) > 1 else EMPTY

    def event_line(self, live: LiveMatch, event: Event, locale: str | None) -> Text:
        if event.key == "lifeboat.event.navigation_started" and \
                not event.params.get("candidates"):
            # Nothing was rowed: the sea decides (rather than "0 cards to choose from").
            event = event.model_copy(update={"key": event.key + "_none"})
        return super().event_line(live, event, locale)

    def reader_event_line(self, live: LiveMatch, event: Event, seat: int,
                          locale: str | None) -> Text:
        """A gift or a robbery told to both ends: each reads it as their own ("You gave…",
        "… gave you …"), as the supply's passes are."""
        if event.key in READER_EVENTS and live.state is not None:
            reader = live.state.character_of[seat] if seat < len(live.state.character_of) \
                else None
            params = dict(event.params)
            side = "_by_you" if reader == params.get("character") else \
                "_to_you" if reader == params.get("target") else ""
            if side:
                return t(event.key + side, locale,
                         **self.params_text(live, params, locale))
        return self.event_line(live, event, locale)

    # -- private -----------------------------------------------------------------------------
    def panel_card(self, live: LiveMatch, view: Any, seat: int, locale: str | None
                    ) -> Card:
        assert isinstance(view, SeatView)
        me = view.me
        mine = next((c for c in [*view.boat, *view.lost] if c.id == me.character), None)
        card = Card(title=t("lifeboat.panel.title", locale,
                                      character=self.character(me.character, locale)),
                              colour=self.colour)
        if mine is not None:
            card.description = t("lifeboat.panel.status", locale,
                                  status=t(f"lifeboat.status.{mine.status}", locale),
                                  wounds=mine.wounds, size=mine.size, survival=mine.survival)
        card.add_field(name=t("lifeboat.panel.love", locale),
                        value=self.character(me.love, locale), inline=True)
        card.add_field(name=t("lifeboat.panel.hate", locale),
                        value=self.character(me.hate, locale), inline=True)
        card.add_field(name=t("lifeboat.panel.hand", locale),
                        value=self.cards(me.hand, locale)[:1024], inline=False)
        if me.packet:
            card.add_field(name=t("lifeboat.panel.packet", locale),
                            value=self.cards(me.packet, locale)[:1024], inline=False)
        if me.drawn:
            card.add_field(name=t("lifeboat.panel.drawn", locale), value=words("\n").join(
                words(f"{i + 1}. ") + self.nav_card(c, locale)
                for i, c in enumerate(me.drawn))[:1024],
                inline=False)
        if me.candidates:
            card.add_field(name=t("lifeboat.panel.candidates", locale), value=words("\n").join(
                words(f"{i + 1}. ") + self.nav_card(c, locale)
                for i, c in enumerate(me.candidates))[:1024], inline=False)
        card.set_footer(text=t("lifeboat.panel.footer", locale))
        return card

    def opening_card(self, live: LiveMatch, view: Any, seat: int, locale: str | None
                      ) -> Card:
        card = self.panel_card(live, view, seat, locale)
        card.title = t("lifeboat.opening.title", locale,
                        character=self.character(view.me.character, locale))
        return card

    def reveal_card(self, live: LiveMatch, view: Any, outcome: Outcome, locale: str | None
                     ) -> Card:
        assert isinstance(view, PublicView) and view.results is not None
        card = Card(title=t("lifeboat.reveal.title", locale), colour=self.colour)
        rows = sorted(view.results.seats, key=lambda r: -r.total)
        for row in rows:
            crown = "👑 " if row.seat in view.results.winners else ""
            card.add_field(
                name=(words(crown) + self.seat_name(live, row.seat) + words(" — ")
                      + self.character(row.character, locale)
                      + words(f": {row.total:g}"))[:256],
                value=t("lifeboat.reveal.row", locale,
                        love=self.character(row.love, locale),
                        hate=self.character(row.hate, locale),
                        survival=f"{row.survival:g}", valuables=f"{row.valuables:g}",
                        loved=f"{row.loved:g}", hated=f"{row.hated:g}",
                        cards=self.cards([*row.hand, *row.face_up], locale))[:1024],
                inline=False)
        return card

    def option_lines(self, options: dict[str, Any], locale: str | None) -> list[Text]:
        return [t(f"lifeboat.option.{name}", locale) for name in
                ("sharks", "quick", "one_card_rowing", "cannibalism") if options.get(name)]


WORDS = LifeboatWords()
