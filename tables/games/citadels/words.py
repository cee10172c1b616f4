"""Citadels in words: the cities and the calling on the board, the draft and the hand in a seat's
panel, the events and the final score table, in the reader's language.

Every fact shown comes from a view: the public view on the board, the reader's own view in the
panel. The engine's ids never reach a player; they are turned into names through the catalog.
"""

from __future__ import annotations

from typing import Any

from games.citadels.cards import CHARACTERS, COLOURS, RANK_CHOICES, character_of_card, district_of
from games.citadels.options import NO_CHARACTER, RANDOM, Options
from games.citadels.views import CitadelsView, DistrictView, PlayerView
from games.core import Event, Outcome, Prompt
from tables.cards import Card
from tables.games.citadels.picture import cities_picture
from tables.i18n import t
from tables.pictures import BoardPicture
from tables.service import LiveMatch
from tables.text import EMPTY, Text, bold, card, words
from tables.words import Words

COLOUR_ICON = {"yellow": "🟨", "blue": "🟦", "green": "🟩", "red": "🟥", "purple": "🟪"}
SEAT_PARAMS = {"seat", "target", "to", "thief", "witch", "source", "crown", "holder"}
CARD_PARAMS = {"card", "gave", "took", "give", "take"}


class CitadelsWords(Words):
    game = "citadels"
    colour = 0xB7791F

    # -- names -----------------------------------------------------------------------------
    def sep(self, locale: str | None) -> Text:
        """What separates the items of a list (", " in English, "、" in Chinese)."""
        return t("citadels.list", locale)

    def character(self, name: str, locale: str | None) -> Text:
        return card(t(f"citadels.character.{name}", locale))

    def ranked(self, name: str, locale: str | None) -> Text:
        """A role with its rank: "4 · King"."""
        return t("citadels.ranked", locale, rank=CHARACTERS[name].rank,
                 character=self.character(name, locale))

    def district(self, name: str, locale: str | None) -> Text:
        return card(t(f"citadels.district.{name}", locale))

    def card(self, card_id: str, locale: str | None) -> Text:
        """A card id as a reader sees it: a character card or a district card."""
        if card_id.startswith("char-"):
            return self.character(character_of_card(card_id).name, locale)
        return self.district(district_of(card_id).name, locale)

    def district_line(self, d: DistrictView, locale: str | None, *, power: bool = False
                      ) -> Text:
        line = t("citadels.priced", locale, icon=COLOUR_ICON[d.colour],
                 district=self.district(d.name, locale), cost=d.cost)
        if d.points != d.cost and not (power and d.colour == "purple"):
            # With the powers shown, a purple district's text says what it scores.
            line += " " + t("citadels.scores", locale, points=d.points)
        if d.beautified:
            line += " ✨"
        if power:
            # The colour in words too: the squares alone do not tell every reader.
            line += " — " + t(f"citadels.purple.{d.name}" if d.colour == "purple"
                              else f"citadels.colour.{d.colour}", locale)
        return line

    def param_text(self, live: LiveMatch, name: str, value: Any, locale: str | None) -> Text:
        none = t("citadels.none", locale)
        if value is None:
            return none
        if name in SEAT_PARAMS and isinstance(value, int) and not isinstance(value, bool):
            return self.seat_name(live, value)
        if name in CARD_PARAMS and isinstance(value, str):
            return self.card(value, locale)
        if name == "cards" and isinstance(value, list):
            return self.sep(locale).join(self.card(c, locale) for c in value) or none
        if name == "character" and isinstance(value, str):
            return self.character(value, locale)
        if name == "face_up" and isinstance(value, list):
            return self.sep(locale).join(self.character(c, locale) for c in value) or none
        if name == "reason":
            return t(f"citadels.reason.{value}", locale)
        if isinstance(value, bool):
            return t("config.yes" if value else "config.no", locale)
        return super().param_text(live, name, value, locale)

    # -- events ----------------------------------------------------------------------------
    def event_line(self, live: LiveMatch, event: Event, locale: str | None) -> Text:
        key, params = event.key, dict(event.params)
        if key == "citadels.event.city_completed" and params.get("first"):
            key += "_first"
        elif key == "citadels.event.graveyard_decision":
            key += "_bought" if params.get("bought") else "_declined"
        elif key == "citadels.event.tribute_paid":
            key += "_card" if params.get("cards") else "_gold"
        elif key == "citadels.event.tax_paid" and params.get("to") is None:
            key += "_pot"
        elif key == "citadels.event.game_over":
            params = {}  # the face-down cards of every round belong to the reveal
        return t(key, locale, **self.params_text(live, params, locale))

    # -- prompts ---------------------------------------------------------------------------
    def prompt_line(self, live: LiveMatch, view: Any, prompt: Prompt, locale: str | None
                    ) -> Text:
        params = self.params_text(live, {**prompt.params, "seat": prompt.seat}, locale)
        # The board points to "My hand" for choices it does not show; the panel is My hand.
        in_panel = isinstance(view, CitadelsView) and view.me is not None
        params["where"] = EMPTY if in_panel else t("citadels.in_my_hand", locale)
        return t(prompt.kind, locale, **params)

    # -- the board ---------------------------------------------------------------------------
    def board_card(self, live: LiveMatch, view: Any, locale: str | None) -> Card:
        assert isinstance(view, CitadelsView)
        card = Card(
            title=t("citadels.board.title", locale, round=view.round,
                    phase=t(f"citadels.phase.{view.phase}", locale)),
            colour=self.colour,
        )
        summary = [t("citadels.board.summary", locale,
                     crown=self.seat_name(live, view.crown), target=view.target,
                     deck=view.deck_count)]
        if view.tax_pot:
            summary.append(t("citadels.board.tax_pot", locale, gold=view.tax_pot))
        card.description = words("\n").join(summary)
        card.add_field(name=t("citadels.board.characters", locale),
                        value=self._lineup(live, view, locale)[:1024], inline=False)
        if view.turn is not None and view.phase == "turns":
            card.add_field(name=t("citadels.board.now", locale),
                            value=self._turn_line(live, view, locale)[:1024], inline=False)
        for player in view.players:
            card.add_field(name=self._player_title(live, view, player, locale)[:256],
                            value=self._city(player, locale)[:1024], inline=False)
        if view.final is not None:
            ranked = sorted(view.final.scores.items(),
                            key=lambda kv: (-kv[1]["total"], -kv[1]["tiebreak_rank"]))
            card.add_field(name=t("citadels.board.final", locale), value=words(" · ").join(
                t("citadels.board.final_entry", locale, name=self.seat_name(live, seat),
                  score=f"{score['total']:g}") for seat, score in ranked)[:1024],
                inline=False)
        return card

    def _lineup(self, live: LiveMatch, view: CitadelsView, locale: str | None) -> Text:
        holders = {name: p.seat for p in view.players for name in p.characters}
        called_at = view.lineup.index(view.called) if view.called in view.lineup else None
        calling_over = view.phase in {"crown", "over"}
        lines: list[Text] = []
        for index, name in enumerate(view.lineup):
            marks = []
            if name in view.face_up:
                marks.append(t("citadels.board.face_up", locale))
            elif name in holders:
                marks.append(t("citadels.board.shown_by", locale,
                               name=self.seat_name(live, holders[name])))
            elif name == view.called:
                marks.append(t("citadels.board.calling", locale))
            elif calling_over or (called_at is not None and index < called_at):
                marks.append(t("citadels.board.silent", locale))
            if name == view.murdered:
                marks.append(t("citadels.board.murdered", locale))
            if name == view.robbed:
                marks.append(t("citadels.board.robbed", locale))
            if name == view.bewitched:
                marks.append(t("citadels.board.bewitched", locale))
            pointer = "▶ " if name == view.called else ""
            line = pointer + bold(self.ranked(name, locale))
            if marks:
                line += " — " + self.sep(locale).join(marks)
            lines.append(line)
        if view.face_down_count:
            lines.append(t("citadels.board.face_down", locale, count=view.face_down_count))
        if view.removed:
            lines.append(t("citadels.board.removed", locale, characters=self.sep(locale).join(
                self.character(n, locale) for n in view.removed)))
        return words("\n").join(lines)

    def _turn_line(self, live: LiveMatch, view: CitadelsView, locale: str | None) -> Text:
        turn = view.turn
        assert turn is not None
        line = t("citadels.board.turn", locale, character=self.character(turn.character, locale),
                 name=self.seat_name(live, turn.actor),
                 stage=t(f"citadels.stage.{turn.stage}", locale))
        if turn.actor != turn.holder:
            line += " " + t("citadels.board.for_holder", locale,
                            name=self.seat_name(live, turn.holder))
        return line

    def _player_title(self, live: LiveMatch, view: CitadelsView, player: PlayerView,
                      locale: str | None) -> Text:
        crown = "👑 " if player.crown else ""
        done = EMPTY
        if player.seat in view.completed:
            done = " " + t("citadels.board.completed_first" if view.completed[0] == player.seat
                           else "citadels.board.completed", locale)
        title = t("citadels.board.player", locale, crown=crown,
                  name=self.seat_name(live, player.seat), gold=player.gold,
                  hand=player.hand_count, built=len(player.city), target=view.target) + done
        if player.characters:
            title += " · " + self.sep(locale).join(
                self.character(n, locale) for n in player.characters)
        return title

    def _city(self, player: PlayerView, locale: str | None) -> Text:
        rows = []
        for colour in COLOURS:
            here = [d for d in player.city if d.colour == colour]
            if here:
                rows.append(COLOUR_ICON[colour] + " " + words(" · ").join(
                    self._short_district(d, locale) for d in sorted(here, key=lambda d: d.cost)))
        return words("\n").join(rows) or t("citadels.board.empty_city", locale)

    def _short_district(self, d: DistrictView, locale: str | None) -> Text:
        return self.district(d.name, locale) + words(f" {d.cost}" + ("✨" if d.beautified
                                                                     else ""))

    def board_picture(self, live: LiveMatch, view: Any, locale: str | None
                      ) -> BoardPicture | None:
        assert isinstance(view, CitadelsView)
        return cities_picture(self, live, view, locale)

    # -- private -----------------------------------------------------------------------------
    def panel_card(self, live: LiveMatch, view: Any, seat: int, locale: str | None
                    ) -> Card:
        assert isinstance(view, CitadelsView) and view.me is not None
        me = view.me
        roles = [character_of_card(c).name for c in me.characters]
        if roles:
            title = t("citadels.panel.title", locale, characters=self.sep(locale).join(
                self.ranked(n, locale) for n in roles))
        else:
            title = t("citadels.panel.title_none", locale)
        card = Card(title=title[:256], colour=self.colour)
        player = view.players[seat]
        status = [t("citadels.panel.status", locale, gold=player.gold, built=len(player.city),
                    target=view.target)]
        if player.crown:
            status.append(t("citadels.panel.crown", locale))
        for name in roles:
            notes = self._role_notes(view, name, locale)
            if notes:
                status.append(self.character(name, locale) + ": " + notes)
        card.description = words("\n").join(status)
        if me.draft_options:
            card.add_field(name=t("citadels.panel.draft_options", locale), value=words(
                "\n").join(
                bold(self.ranked(n, locale)) + " — " + t(f"citadels.power.{n}", locale)
                for n in (character_of_card(c).name for c in me.draft_options))[:1024],
                inline=False)
        if me.set_down:
            card.add_field(name=t("citadels.panel.set_down", locale), value=self.sep(locale).join(
                self.card(c, locale) for c in me.set_down)[:1024], inline=False)
        if me.drawn:
            card.add_field(name=t("citadels.panel.drawn", locale), value=self._hand_lines(
                me.drawn, locale), inline=False)
        if me.set_aside:
            card.add_field(name=t("citadels.panel.set_aside", locale), value=self._hand_lines(
                me.set_aside, locale), inline=False)
        if me.peek:
            card.add_field(name=t("citadels.panel.peek", locale), value=self._hand_lines(
                me.peek, locale), inline=False)
        card.add_field(name=t("citadels.panel.hand", locale, count=len(me.hand)),
                        value=self._hand_lines(me.hand, locale), inline=False)
        if roles:
            card.add_field(name=t("citadels.panel.powers", locale), value=words("\n").join(
                bold(self.character(n, locale)) + " — " + t(f"citadels.power.{n}", locale)
                for n in roles)[:1024], inline=False)
        card.set_footer(text=t("citadels.panel.footer", locale))
        return card

    def _role_notes(self, view: CitadelsView, name: str, locale: str | None) -> Text:
        notes = []
        if name in view.revealed:
            notes.append(t("citadels.panel.shown", locale))
        if name == view.murdered:
            notes.append(t("citadels.board.murdered", locale))
        if name == view.robbed:
            notes.append(t("citadels.board.robbed", locale))
        if name == view.bewitched:
            notes.append(t("citadels.board.bewitched", locale))
        return self.sep(locale).join(notes)

    def _hand_lines(self, cards: list[DistrictView], locale: str | None) -> Text:
        ordered = sorted(cards, key=lambda d: (COLOURS.index(d.colour), d.cost, d.name))
        text = words("\n").join(self.district_line(d, locale, power=True) for d in ordered)
        return (text or t("citadels.panel.empty", locale))[:1024]

    def opening_card(self, live: LiveMatch, view: Any, seat: int, locale: str | None
                      ) -> Card:
        assert isinstance(view, CitadelsView) and view.me is not None
        card = self.panel_card(live, view, seat, locale)
        card.title = t("citadels.opening.title", locale)
        card.description = (card.description or EMPTY) + words("\n\n") + t(
            "citadels.opening.note", locale)
        return card

    def reveal_card(self, live: LiveMatch, view: Any, outcome: Outcome, locale: str | None
                     ) -> Card:
        assert isinstance(view, CitadelsView) and view.final is not None
        final = view.final
        card = Card(title=t("citadels.reveal.title", locale), colour=self.colour)
        card.description = t(
            "citadels.reveal.winners" if len(outcome.winners) > 1 else "citadels.reveal.winner",
            locale, names=self.sep(locale).join(self.seat_name(live, s) for s in outcome.winners))
        ranked = sorted(final.scores.items(),
                        key=lambda kv: (-kv[1]["total"], -kv[1]["tiebreak_rank"]))
        top = [score for _, score in ranked if score["total"] == ranked[0][1]["total"]]
        for seat, score in ranked:
            crown = "👑 " if seat in outcome.winners else ""
            parts = [t("citadels.reveal.districts", locale, points=f"{score['districts']:g}",
                       count=len(view.players[seat].city))]
            for item in ("five_colours", "first_complete", "complete", "artist"):
                if score.get(item):
                    parts.append(t(f"citadels.reveal.{item}", locale,
                                   points=f"{score[item]:g}"))
            value = words(" + ").join(parts)
            characters = final.characters.get(seat, [])
            if characters:
                value += "\n" + t("citadels.reveal.characters", locale,
                                  characters=self.sep(locale).join(
                                      self.card(c, locale) for c in characters))
            if len(top) > 1 and score in top:
                value += "\n" + t("citadels.reveal.tiebreak", locale,
                                  rank=f"{score['tiebreak_rank']:g}")
            card.add_field(name=t("citadels.reveal.row", locale, crown=crown,
                                   name=self.seat_name(live, seat),
                                   total=f"{score['total']:g}")[:256],
                            value=value[:1024], inline=False)
        rounds = [
            t("citadels.reveal.round", locale, round=number, characters=self.sep(locale).join(
                self.card(c, locale) for c in cards) or t("citadels.none", locale))
            for number, cards in enumerate(final.face_down, start=1)
        ]
        if rounds:
            text = words("\n").join(rounds)
            if len(text) > 1024:
                text = words("…\n") + words("\n").join(text[-1000:].lines()[1:])
            card.add_field(name=t("citadels.reveal.face_down", locale), value=text,
                            inline=False)
        return card

    def option_lines(self, options: dict[str, Any], locale: str | None) -> list[Text]:
        """The variants that differ from the base game, in words."""
        defaults = Options()
        lines = []
        for rank, choices in RANK_CHOICES.items():
            chosen = options.get(f"rank_{rank}", defaults.choice_for(rank))
            if chosen == defaults.choice_for(rank):
                continue
            if chosen == RANDOM:
                lines.append(t("citadels.option.rank_random", locale, rank=rank,
                               characters=t("citadels.or", locale).join(
                                   self.character(c, locale) for c in choices)))
            elif chosen != NO_CHARACTER:
                lines.append(t("citadels.option.rank", locale, rank=rank,
                               character=self.character(chosen, locale)))
        if options.get("short_game"):
            lines.append(t("citadels.option.short_game", locale))
        if options.get("two_player_target", defaults.two_player_target) != \
                defaults.two_player_target:
            lines.append(t("citadels.option.two_player_target", locale,
                           target=options["two_player_target"]))
        if options.get("second_keep"):
            lines.append(t("citadels.option.second_keep", locale))
        if options.get("three_player_two_characters"):
            lines.append(t("citadels.option.three_player_two_characters", locale))
        return lines


WORDS = CitadelsWords()
