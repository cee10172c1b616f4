"""Zombie in My Pocket on Discord: the clock, the team and the house on the board; items,
gifts and the secret fight-or-flee answer in the private panel; labels, events and the reveal.

Everything in this game lies open except the order of the decks and each player's
fight-or-flee answer until the reveal. The public view has no answers at all, so the board
says that everyone alive decides without naming anyone; a seat's own view carries its own
answer, which only its panel shows.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.components import MAX_BUTTONS_PER_ROW, MAX_ROWS, MAX_SELECT_OPTIONS
from bot.renderers import register_renderer
from bot.renderers.base import Renderer
from games.core import Action, Event, Outcome, Prompt
from games.zombie.cards import CARDS, MAX_HEALTH, MIDNIGHT
from games.zombie.tiles import CARVING_ROOMS, DIRECTIONS, HEARTHS, TILES
from games.zombie.views import PlayerView, PublicView, SeatView
from tables.games.zombie.picture import map_picture
from tables.i18n import t
from tables.pictures import BoardPicture
from tables.service import LiveMatch

SEAT_PARAMS = {"seat", "target", "leader", "holder", "to"}
SEAT_LIST_PARAMS = {"survivors", "fighters", "fled", "extra", "dying", "seats"}
TILE_PARAMS = {"tile", "at", "to"}
# Moves anyone may make at any time: offered in the private panel only.
FREE_KINDS = {"give", "give_totem", "drink", "refuel"}
# Fight or flee is answered in the private panel: nobody sees who has answered, or how.
PRIVATE_KINDS = FREE_KINDS | {"commit"}
# Small decisions that share one row of buttons.
MAIN_KINDS = {"cower", "search_totem", "bury", "search_item", "break_window", "take_item",
              "leave_item", "commit", "arm", "refuel", "accept_totem", "refuse_totem"}
# The board keeps its first row for "My hand".
BOARD_ROWS = MAX_ROWS - 1
# Hours as words, for the flavour keys (zombie.flavour.<card>.<hour>).
HOUR_WORDS = {9: "nine", 10: "ten", 11: "eleven"}
LABEL_LIMIT = 80


class ZombieRenderer(Renderer):
    game = "zombie"
    colour = 0x7A1F1F

    # -- names -----------------------------------------------------------------------------
    def sep(self, locale: str | None) -> str:
        """What separates the items of a list (", " in English, "、" in Chinese)."""
        return t("zombie.list", locale)

    def tile(self, tile: str, locale: str | None) -> str:
        return t(f"zombie.tile.{tile}", locale)

    def item(self, item: str, locale: str | None) -> str:
        return t(f"zombie.item.{item}", locale)

    def items(self, items: list[str], locale: str | None) -> str:
        return self.sep(locale).join(self.item(i, locale) for i in items) or \
            t("zombie.nothing", locale)

    def direction(self, direction: str, locale: str | None) -> str:
        return t(f"zombie.direction.{direction}", locale)

    def hour(self, hour: int, locale: str | None) -> str:
        return t("zombie.midnight", locale) if hour >= MIDNIGHT else \
            t("zombie.hour", locale, hour=hour)

    def names(self, live: LiveMatch, seats: list[int], locale: str | None) -> str:
        return self.sep(locale).join(self.seat_name(live, s) for s in seats) or \
            t("zombie.nobody", locale)

    def param_text(self, live: LiveMatch, name: str, value: Any, locale: str | None) -> str:
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
    def event_line(self, live: LiveMatch, event: Event, locale: str | None) -> str:
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

    def _event_card(self, live: LiveMatch, params: dict[str, Any], locale: str | None) -> str:
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

    # -- prompts and actions -----------------------------------------------------------------
    def prompt_line(self, live: LiveMatch, view: Any, prompt: Prompt, locale: str | None) -> str:
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

    def action_group(self, action: Action) -> str:
        return "main" if action.kind in MAIN_KINDS else action.kind

    def already_chosen(self, view: Any, action: Action) -> bool:
        return isinstance(view, SeatView) and action.kind == "commit" and \
            view.commitment == getattr(action, "choice", None)

    def action_label(self, live: LiveMatch, view: Any, action: Action, locale: str | None
                     ) -> str:
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

    def _turning(self, view: Any, turns: int, locale: str | None) -> str:
        """A turning of the drawn tile, as the ways out it gives."""
        drawn = getattr(view, "drawn_tile", None)
        if drawn not in TILES:
            return t("zombie.action.turn_plain", locale, turns=turns)
        tile = TILES[drawn]
        ways = [self.direction(d, locale) for d in DIRECTIONS if tile.passable(d, turns)]
        return t("zombie.action.turn", locale, ways=self.sep(locale).join(ways) or "—")

    @staticmethod
    def cut(label: str) -> str:
        return label if len(label) <= LABEL_LIMIT else label[:LABEL_LIMIT - 1] + "…"

    def pick_label(self, live: LiveMatch, view: Any, item: str, locale: str | None) -> str:
        return self.seat_name(live, int(item)) if item.isdigit() else item

    def board_actions(self, live: LiveMatch, view: Any, prompt: Prompt) -> list[int]:
        """The leader's decisions and the one-seat questions: everything about them is open.
        Gifts and the Concoction stay in the panel, and so does fight or flee."""
        groups: dict[str, list[int]] = {}
        for index, action in enumerate(prompt.actions):
            if action.kind not in PRIVATE_KINDS:
                groups.setdefault(self.action_group(action), []).append(index)
        while sum(self._rows(group, len(indices)) for group, indices in groups.items()) \
                > BOARD_ROWS:
            del groups[max(groups, key=lambda g: len(groups[g]))]
        return sorted(index for indices in groups.values() for index in indices)

    def _rows(self, group: str, choices: int) -> int:
        if choices <= MAX_BUTTONS_PER_ROW and group not in self.select_groups:
            return 1
        return -(-choices // MAX_SELECT_OPTIONS)

    # -- the board ---------------------------------------------------------------------------
    def board_embed(self, live: LiveMatch, view: Any, locale: str | None) -> discord.Embed:
        assert isinstance(view, PublicView)
        embed = discord.Embed(title=t("zombie.board.title", locale, round=view.round),
                              colour=self.colour)
        embed.description = "\n".join(self._summary(live, view, locale))
        embed.add_field(name=t("zombie.board.team", locale),
                        value="\n".join(self._player_line(live, view, p, locale)
                                        for p in view.players)[:1024], inline=False)
        embed.add_field(name=t("zombie.board.map", locale),
                        value=self._map_text(view, locale)[:1024], inline=False)
        if view.fight is not None:
            embed.add_field(name=t("zombie.board.fight", locale),
                            value=self._fight_text(live, view, locale)[:1024], inline=False)
        if view.result is None:
            embed.add_field(name=t("zombie.board.now", locale),
                            value=self._now(live, view, locale)[:1024], inline=False)
        else:
            embed.add_field(name=t("zombie.board.result", locale),
                            value=self._result_line(live, view, locale)[:1024], inline=False)
        return embed

    def _summary(self, live: LiveMatch, view: PublicView, locale: str | None) -> list[str]:
        lines = [self.clock_line(view, locale)]
        lines.append(t("zombie.board.place", locale, tile=self.tile(view.at, locale),
                       leader=self.seat_name(live, view.leader)))
        lines.append(self._goal(live, view, locale))
        return lines

    def clock_line(self, view: PublicView, locale: str | None) -> str:
        if view.hour >= MIDNIGHT:
            return t("zombie.board.clock_midnight", locale)
        return t("zombie.board.clock", locale, hour=self.hour(view.hour, locale),
                 deck=view.deck_left, next=self.hour(view.hour + 1, locale))

    def _goal(self, live: LiveMatch, view: PublicView, locale: str | None) -> str:
        if view.totem == "hidden":
            totem = t("zombie.board.totem_hidden", locale)
        elif view.totem == "held":
            holder = next((p.seat for p in view.players if p.totem), None)
            totem = t("zombie.board.totem_held", locale,
                      holder=self.seat_name(live, holder) if holder is not None else "?")
        else:
            totem = t("zombie.board.totem_buried", locale)
        carving = next((tv.tile for tv in view.tiles if tv.tile in CARVING_ROOMS), None)
        carvings = t("zombie.board.carvings_found", locale, tile=self.tile(carving, locale)) \
            if carving else t("zombie.board.carvings_missing", locale)
        return f"{totem} · {carvings}"

    def health_bar(self, health: int) -> str:
        return "❤️" * max(0, health) + "🖤" * max(0, MAX_HEALTH - health)

    def _player_line(self, live: LiveMatch, view: PublicView, p: PlayerView,
                     locale: str | None) -> str:
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
        return " · ".join([line, *marks])

    def _map_text(self, view: PublicView, locale: str | None) -> str:
        """The map in words (the picture shows it too): where the team can walk, and what is
        still to find."""
        lines = [t("zombie.board.explored", locale, tiles=self.sep(locale).join(
            self.tile(tv.tile, locale) for tv in view.tiles))]
        if view.exits:
            lines.append(t("zombie.board.exits", locale, tiles=self.sep(locale).join(
                self.tile(x, locale) for x in view.exits)))
        lines.append(t("zombie.board.left", locale, house=len(view.house_left),
                       yard=len(view.yard_left)))
        return "\n".join(lines)

    def _fight_text(self, live: LiveMatch, view: PublicView, locale: str | None) -> str:
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
        return "\n".join(lines)

    def _now(self, live: LiveMatch, view: PublicView, locale: str | None) -> str:
        leader = self.seat_name(live, view.acting_leader)
        if view.stage == "fight":
            return t("zombie.board.now_fight", locale)
        if view.stage in {"arms", "rescue", "bequest"}:
            return t(f"zombie.stage.{view.stage}", locale)
        return t(f"zombie.stage.{view.stage}", locale, leader=leader,
                 tile=self.tile(view.drawn_tile, locale) if view.drawn_tile else "",
                 item=self.item(view.offered_item, locale) if view.offered_item else "")

    def _result_line(self, live: LiveMatch, view: PublicView, locale: str | None) -> str:
        survivors = [p.seat for p in view.players if p.alive]
        if view.result == "won":
            return t("zombie.board.won", locale, names=self.names(live, survivors, locale))
        return t("zombie.board.lost", locale)

    def board_picture(self, live: LiveMatch, view: Any, locale: str | None
                      ) -> BoardPicture | None:
        assert isinstance(view, PublicView)
        return map_picture(self, live, view, locale)

    # -- private -----------------------------------------------------------------------------
    def panel_embed(self, live: LiveMatch, view: Any, seat: int, locale: str | None
                    ) -> discord.Embed:
        assert isinstance(view, SeatView)
        me = view.players[seat]
        embed = discord.Embed(title=t("zombie.panel.title", locale,
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
        embed.description = "\n".join(status)
        if view.fight is not None and view.stage == "fight":
            own = view.commitment
            embed.add_field(name=t("zombie.panel.choice", locale), value=(
                t("zombie.panel.choice_made", locale, choice=t(f"zombie.choice.{own}", locale))
                if own else t("zombie.panel.choice_none", locale)), inline=False)
        items = "\n".join(
            f"**{self.item(i, locale)}** — {t(f'zombie.use.{i}', locale)}" for i in me.items)
        embed.add_field(name=t("zombie.panel.items", locale),
                        value=(items or t("zombie.nothing", locale))[:1024], inline=False)
        if "chainsaw" in me.items:
            embed.add_field(name=t("zombie.panel.fuel", locale),
                            value=t("zombie.board.fuel", locale, fuel=view.chainsaw_fuel),
                            inline=False)
        embed.set_footer(text=t("zombie.panel.footer", locale))
        return embed

    def opening_embed(self, live: LiveMatch, view: Any, seat: int, locale: str | None
                      ) -> discord.Embed:
        assert isinstance(view, SeatView)
        embed = self.panel_embed(live, view, seat, locale)
        embed.title = t("zombie.opening.title", locale)
        embed.description = (embed.description or "") + "\n\n" + t(
            "zombie.opening.note", locale, count=view.seats,
            leader=self.seat_name(live, view.leader), extra=view.extra_zombies)
        return embed

    def reveal_embed(self, live: LiveMatch, view: Any, outcome: Outcome, locale: str | None
                     ) -> discord.Embed:
        assert isinstance(view, PublicView)
        embed = discord.Embed(title=t("zombie.reveal.title", locale), colour=self.colour)
        survivors = [p.seat for p in view.players if p.alive]
        if view.result == "won":
            embed.description = t("zombie.reveal.won", locale, round=view.round,
                                  hour=self.hour(view.hour, locale))
        else:
            embed.description = t("zombie.reveal.lost", locale, round=view.round,
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
            embed.add_field(
                name=t("zombie.reveal.row", locale, crown=crown, name=self.seat_name(live, seat),
                       score=f"{score:g}")[:256],
                value=t(why, locale, health=player.health)[:1024], inline=False)
        embed.set_footer(text=t("zombie.reveal.scoring", locale))
        return embed

    def option_lines(self, options: dict[str, Any], locale: str | None) -> list[str]:
        lines = []
        if options.get("start_health") is not None:
            lines.append(t("zombie.option.start_health", locale,
                           health=options["start_health"]))
        if options.get("extra_zombies") is not None:
            lines.append(t("zombie.option.extra_zombies", locale,
                           extra=options["extra_zombies"]))
        return lines


register_renderer(ZombieRenderer())
