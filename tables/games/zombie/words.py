"""Zombie in My Pocket in words: the clock, the team and the house on the board; items, gifts
and the secret fight-or-flee answer in a seat's panel; the events and the reveal.

Everything in this game lies open except the order of the decks and each player's
fight-or-flee answer until the reveal. The public view has no answers at all, so the board
says that everyone alive decides without naming anyone; a seat's own view carries its own
answer, which only its panel shows.
"""

from __future__ import annotations

from typing import Any

from games.core import Event, Outcome, Prompt
from games.zombie.cards import CARDS, MAX_HEALTH, MIDNIGHT
from games.zombie.tiles import CARVING_ROOMS
from games.zombie.views import PlayerView, PublicView, SeatView
from tables.cards import Card
from tables.games.zombie.picture import map_picture
from tables.i18n import t
from tables.pictures import BoardPicture
from tables.service import LiveMatch
from tables.text import EMPTY, Text, bold, card, words
from tables.words import Words

SEAT_PARAMS = {"seat", "target", "leader", "holder", "to"}
SEAT_LIST_PARAMS = {"survivors", "fighters", "fled", "extra", "dying", "seats"}
TILE_PARAMS = {"tile", "at", "to"}
# Hours as words, for the flavour keys (zombie.flavour.<card>.<hour>).
HOUR_WORDS = {9: "nine", 10: "ten", 11: "eleven"}


class ZombieWords(Words):
    game = "zombie"
    colour = 0x7A1F1F

    # -- names -----------------------------------------------------------------------------
    def sep(self, locale: str | None) -> Text:
        """What separates the items of a list (", " in English, "、" in Chinese)."""
        return t("zombie.list", locale)

    def tile(self, tile: str, locale: str | None) -> Text:
        return card(t(f"zombie.tile.{tile}", locale))

    def item(self, item: str, locale: str | None) -> Text:
        return card(t(f"zombie.item.{item}", locale))

    def items(self, items: list[str], locale: str | None) -> Text:
        return self.sep(locale).join(self.item(i, locale) for i in items) or \
            t("zombie.nothing", locale)

    def direction(self, direction: str, locale: str | None) -> Text:
        return t(f"zombie.direction.{direction}", locale)

    def hour(self, hour: int, locale: str | None) -> Text:
        return t("zombie.midnight", locale) if hour >= MIDNIGHT else \
            t("zombie.hour", locale, hour=hour)

    def names(self, live: LiveMatch, seats: list[int], locale: str | None) -> Text:
        return self.sep(locale).join(self.seat_name(live, s) for s in seats) or \
            t("zombie.nobody", locale)

    def param_text(self, live: LiveMatch, name: str, value: Any, locale: str | None) -> Text:
        if value is None:
            return t("zombie.nobody", locale)
        if name in SEAT_PARAMS and isinstance(value, int) and not isinstance(value, bool):
            return self.seat_name(live, value)
        if name in TILE_PARAMS and isinstance(value, str):
            return self.tile(value, locale)
        if name in SEAT_LIST_PARAMS and isinstance(value, list | tuple):
            return self.names(live, [int(s) for s in value], locale)
        if name in {"item", "fuel"} and isinstance(value, str):
            return self.item(value, locale)
        if name == "items" and isinstance(value, list):
            return self.items(value, locale)
        if name == "direction":
            return self.direction(value, locale)
        if name == "hour" and isinstance(value, int):
            return self.hour(value, locale)
        if name == "why":
            return t(f"zombie.why.{value}", locale)
        if name == "choice":
            return t(f"zombie.choice.{value}", locale)
        if name == "card" and isinstance(value, str) and value in CARDS:
            return t("zombie.card", locale, item=self.item(CARDS[value].item, locale))
        if isinstance(value, bool):
            return t("config.yes" if value else "config.no", locale)
        return super().param_text(live, name, value, locale)

    # -- events ----------------------------------------------------------------------------
    def event_line(self, live: LiveMatch, event: Event, locale: str | None) -> Text:
        if not event.key.startswith("zombie."):  # the platform's own (a seat changes hands)
            return super().event_line(live, event, locale)
        name = event.key.removeprefix("zombie.")
        params = dict(event.params)
        if name == "event":
            return self._event_card(live, params, locale)
        if name == "committed":
            choice = str(params.get("commitment", "")).rsplit("-", 1)[-1]
            return t("zombie.event.committed", locale, choice=t(f"zombie.choice.{choice}", locale))
        if name == "fight_over":
            return t("zombie.event.fight_held" if params.get("held")
                     else "zombie.event.fight_lost", locale)
        if name == "lost":
            return t("zombie.event.lost_midnight" if params.get("why") == "midnight"
                     else "zombie.event.lost_all_dead", locale)
        if name == "bequeathed" and params.get("totem"):
            return t("zombie.event.bequeathed_totem", locale,
                     **self.params_text(live, params, locale))
        if name == "revealed" and not params.get("fighters"):
            return t("zombie.event.revealed_all_fled", locale)
        if name == "revealed" and not params.get("fled"):
            return t("zombie.event.revealed_all_fought", locale,
                     fighters=self.names(live, params["fighters"], locale))
        return t(f"zombie.event.{name}", locale, **self.params_text(live, params, locale))

    def _event_card(self, live: LiveMatch, params: dict[str, Any], locale: str | None) -> Text:
        card = params["card"]
        hour = params["hour"]
        happening = params["happening"]
        if happening in {"quiet", "bless", "curse"} and hour in HOUR_WORDS:
            what = t("zombie.event.flavoured", locale,
                     flavour=t(f"zombie.flavour.{card}.{HOUR_WORDS[hour]}", locale),
                     what=t(f"zombie.happening.{happening}", locale))
        elif happening == "item":
            what = t("zombie.happening.item", locale, item=self.item(CARDS[card].item, locale))
        else:
            what = t("zombie.happening.zombies", locale, zombies=params["zombies"])
        return t("zombie.event.card", locale, card=self.param_text(live, "card", card, locale),
                 hour=self.hour(hour, locale), what=what)

    # -- prompts ---------------------------------------------------------------------------
    def prompt_line(self, live: LiveMatch, view: Any, prompt: Prompt, locale: str | None) -> Text:
        params = self.params_text(live, {**prompt.params, "seat": prompt.seat}, locale)
        if prompt.kind == "zombie.prompt.fight":
            zombies = prompt.params.get("zombies", 0)
            own = view.commitment if isinstance(view, SeatView) else None
            if own is not None:
                return t("zombie.prompt.fight_answered", locale, zombies=zombies,
                         choice=t(f"zombie.choice.{own}", locale))
            if isinstance(view, SeatView):
                return t("zombie.prompt.fight", locale, zombies=zombies)
            return t("zombie.prompt.fight_board", locale, zombies=zombies)
        if prompt.kind == "zombie.prompt.remainder":
            return t("zombie.prompt.remainder", locale, share=prompt.params.get("share", 0),
                     remainder=prompt.params.get("remainder", 0))
        return t(prompt.kind, locale, **params)

    # -- the board ---------------------------------------------------------------------------
    def board_card(self, live: LiveMatch, view: Any, locale: str | None) -> Card:
        assert isinstance(view, PublicView)
        card = Card(title=t("zombie.board.title", locale, round=view.round),
                              colour=self.colour)
        card.description = words("\n").join(self._summary(live, view, locale))
        card.add_field(name=t("zombie.board.team", locale),
                        value=words("\n").join(self._player_line(live, view, p, locale)
                                        for p in view.players)[:1024], inline=False)
        card.add_field(name=t("zombie.board.map", locale),
                        value=self._map_text(view, locale)[:1024], inline=False)
        if view.fight is not None:
            card.add_field(name=t("zombie.board.fight", locale),
                            value=self._fight_text(live, view, locale)[:1024], inline=False)
        if view.result is None:
            card.add_field(name=t("zombie.board.now", locale),
                            value=self._now(live, view, locale)[:1024], inline=False)
        else:
            card.add_field(name=t("zombie.board.result", locale),
                            value=self._result_line(live, view, locale)[:1024], inline=False)
        return card

    def _summary(self, live: LiveMatch, view: PublicView, locale: str | None) -> list[Text]:
        lines = [self.clock_line(view, locale)]
        lines.append(t("zombie.board.place", locale, tile=self.tile(view.at, locale),
                       leader=self.seat_name(live, view.leader)))
        lines.append(self._goal(live, view, locale))
        return lines

    def clock_line(self, view: PublicView, locale: str | None) -> Text:
        if view.hour >= MIDNIGHT:
            return t("zombie.board.clock_midnight", locale)
        return t("zombie.board.clock", locale, hour=self.hour(view.hour, locale),
                 deck=view.deck_left, next=self.hour(view.hour + 1, locale))

    def _goal(self, live: LiveMatch, view: PublicView, locale: str | None) -> Text:
        if view.totem == "hidden":
            totem = t("zombie.board.totem_hidden", locale)
        elif view.totem == "held":
            holder = next((p.seat for p in view.players if p.totem), None)
            totem = t("zombie.board.totem_held", locale,
                      holder=self.seat_name(live, holder) if holder is not None else words("?"))
        else:
            totem = t("zombie.board.totem_buried", locale)
        carving = next((tv.tile for tv in view.tiles if tv.tile in CARVING_ROOMS), None)
        carvings = t("zombie.board.carvings_found", locale, tile=self.tile(carving, locale)) \
            if carving else t("zombie.board.carvings_missing", locale)
        return totem + " · " + carvings

    def health_bar(self, health: int) -> str:
        return "❤️" * max(0, health) + "🖤" * max(0, MAX_HEALTH - health)

    def _player_line(self, live: LiveMatch, view: PublicView, p: PlayerView,
                     locale: str | None) -> Text:
        name = self.seat_name(live, p.seat)
        if not p.alive:
            line = t("zombie.board.dead", locale, name=name)
        else:
            line = t("zombie.board.player", locale, name=name, bar=self.health_bar(p.health),
                     health=p.health, max=MAX_HEALTH)
        marks = []
        if p.seat == view.leader:
            marks.append(t("zombie.board.leader_mark", locale))
        if p.totem:
            marks.append(t("zombie.board.totem_mark", locale))
        if p.items:
            marks.append(self.items(p.items, locale))
        if "chainsaw" in p.items:
            marks.append(t("zombie.board.fuel", locale, fuel=view.chainsaw_fuel))
        return words(" · ").join([line, *marks])

    def _map_text(self, view: PublicView, locale: str | None) -> Text:
        """The map in words (the picture shows it too): where the team can walk, and what is
        still to find."""
        lines = [t("zombie.board.explored", locale, tiles=self.sep(locale).join(
            self.tile(tv.tile, locale) for tv in view.tiles))]
        if view.exits:
            lines.append(t("zombie.board.exits", locale, tiles=self.sep(locale).join(
                self.tile(x, locale) for x in view.exits)))
        lines.append(t("zombie.board.left", locale, house=len(view.house_left),
                       yard=len(view.yard_left)))
        return words("\n").join(lines)

    def _fight_text(self, live: LiveMatch, view: PublicView, locale: str | None) -> Text:
        fight = view.fight
        assert fight is not None
        if view.stage == "fight":
            # The public view holds no answer: who has chosen, and how, stays unknown.
            return t("zombie.board.fight_open", locale, zombies=fight.zombies,
                     names=self.names(live, fight.asked, locale))
        lines = [t("zombie.board.fight_sides", locale, zombies=fight.zombies,
                   fighters=self.names(live, fight.fighters, locale),
                   fled=self.names(live, fight.fled, locale))]
        if fight.revved:
            lines.append(t("zombie.board.fight_revved", locale))
        if fight.burned:
            lines.append(t("zombie.board.fight_burned", locale))
        if fight.damage:
            lines.append(t("zombie.board.fight_damage", locale, damage=fight.damage))
        return words("\n").join(lines)

    def _now(self, live: LiveMatch, view: PublicView, locale: str | None) -> Text:
        leader = self.seat_name(live, view.acting_leader)
        if view.stage == "fight":
            return t("zombie.board.now_fight", locale)
        if view.stage in {"arms", "rescue", "bequest"}:
            return t(f"zombie.stage.{view.stage}", locale)
        return t(f"zombie.stage.{view.stage}", locale, leader=leader,
                 tile=self.tile(view.drawn_tile, locale) if view.drawn_tile else EMPTY,
                 item=self.item(view.offered_item, locale) if view.offered_item else EMPTY)

    def _result_line(self, live: LiveMatch, view: PublicView, locale: str | None) -> Text:
        survivors = [p.seat for p in view.players if p.alive]
        if view.result == "won":
            return t("zombie.board.won", locale, names=self.names(live, survivors, locale))
        return t("zombie.board.lost", locale)

    def board_picture(self, live: LiveMatch, view: Any, locale: str | None
                      ) -> BoardPicture | None:
        assert isinstance(view, PublicView)
        return map_picture(self, live, view, locale)

    # -- private -----------------------------------------------------------------------------
    def panel_card(self, live: LiveMatch, view: Any, seat: int, locale: str | None
                    ) -> Card:
        assert isinstance(view, SeatView)
        me = view.players[seat]
        card = Card(title=t("zombie.panel.title", locale,
                                      name=self.seat_name(live, seat)), colour=self.colour)
        if me.alive:
            status = [t("zombie.panel.health", locale, bar=self.health_bar(me.health),
                        health=me.health, max=MAX_HEALTH)]
        else:
            status = [t("zombie.panel.dead", locale)]
        if me.leader:
            status.append(t("zombie.panel.leader", locale))
        if me.totem:
            status.append(t("zombie.panel.totem", locale))
        status.append(self.clock_line(view, locale))
        status.append(t("zombie.board.place", locale, tile=self.tile(view.at, locale),
                        leader=self.seat_name(live, view.leader)))
        card.description = words("\n").join(status)
        if view.fight is not None and view.stage == "fight":
            own = view.commitment
            card.add_field(name=t("zombie.panel.choice", locale), value=(
                t("zombie.panel.choice_made", locale, choice=t(f"zombie.choice.{own}", locale))
                if own else t("zombie.panel.choice_none", locale)), inline=False)
        items = words("\n").join(
            bold(self.item(i, locale)) + " — " + t(f"zombie.use.{i}", locale) for i in me.items)
        card.add_field(name=t("zombie.panel.items", locale),
                        value=(items or t("zombie.nothing", locale))[:1024], inline=False)
        if "chainsaw" in me.items:
            card.add_field(name=t("zombie.panel.fuel", locale),
                            value=t("zombie.board.fuel", locale, fuel=view.chainsaw_fuel),
                            inline=False)
        card.set_footer(text=t("zombie.panel.footer", locale))
        return card

    def opening_card(self, live: LiveMatch, view: Any, seat: int, locale: str | None
                      ) -> Card:
        assert isinstance(view, SeatView)
        card = self.panel_card(live, view, seat, locale)
        card.title = t("zombie.opening.title", locale)
        card.description = (card.description or EMPTY) + words("\n\n") + t(
            "zombie.opening.note", locale, count=view.seats,
            leader=self.seat_name(live, view.leader), extra=view.extra_zombies)
        return card

    def reveal_card(self, live: LiveMatch, view: Any, outcome: Outcome, locale: str | None
                     ) -> Card:
        assert isinstance(view, PublicView)
        card = Card(title=t("zombie.reveal.title", locale), colour=self.colour)
        survivors = [p.seat for p in view.players if p.alive]
        if view.result == "won":
            card.description = t("zombie.reveal.won", locale, round=view.round,
                                  hour=self.hour(view.hour, locale))
        else:
            card.description = t("zombie.reveal.lost", locale, round=view.round,
                                  hour=self.hour(view.hour, locale))
        top = max((view.players[s].health for s in survivors), default=0)
        ranked = sorted(outcome.scores.items(), key=lambda kv: (-kv[1], kv[0]))
        for seat, score in ranked:
            player = view.players[seat]
            crown = "👑 " if seat in outcome.winners else ""
            if view.result == "won":
                why = ("zombie.reveal.healthiest" if player.alive and player.health == top
                       else "zombie.reveal.survivor" if player.alive else "zombie.reveal.fell")
            else:
                why = "zombie.reveal.last_to_die" if score > 0 else "zombie.reveal.fell_earlier"
            card.add_field(
                name=t("zombie.reveal.row", locale, crown=crown, name=self.seat_name(live, seat),
                       score=f"{score:g}")[:256],
                value=t(why, locale, health=player.health)[:1024], inline=False)
        card.set_footer(text=t("zombie.reveal.scoring", locale))
        return card

    def option_lines(self, options: dict[str, Any], locale: str | None) -> list[Text]:
        lines = []
        if options.get("start_health") is not None:
            lines.append(t("zombie.option.start_health", locale,
                           health=options["start_health"]))
        if options.get("extra_zombies") is not None:
            lines.append(t("zombie.option.extra_zombies", locale,
                           extra=options["extra_zombies"]))
        if options.get("bot_level", "normal") != "normal":
            lines.append(t(f"zombie.option.bot_level.{options['bot_level']}", locale))
        return lines


WORDS = ZombieWords()
