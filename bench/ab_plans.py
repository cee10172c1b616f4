"""Which seats the new bot takes in ``bench/ab.py``, and how its report groups a game's seats.

A seating plan turns one seeded deal (the state ``setup`` made) into the games played from it:
each names the seats the working tree's bot plays (the baseline plays the rest) and the seats
whose results count. Every plan seats each counted seat once with the new bot and once with the
baseline, in the same seat of the same deal, so that the two results compare like for like:

- ``sides``: one side's seats new, the others baseline, and the reverse (a game with sides:
  Sanguosha's lord's side against the rest, Renju's black against white). Every seat counts.
- ``factions``: for each of a game's sides in turn (Sanguosha's three: the lord with his
  loyalists, the rebels, the renegade), that side's seats new and every other seat baseline,
  and the reverse; only that side's seats count in its pair. Each side is measured against the
  same opponents played by the other bot, whatever the other sides' strength does to it.
- ``<side>-alone``: one side's seats new among baselines, against the same seats baseline
  among baselines; only that side's seats count. Where the others' strength decides a side's
  chances as much as its own play (Sanguosha's renegade, who must outlive both sides), this
  keeps the table the same and changes only that side's bot.
- ``one``: one seat new among baselines, against the same seat baseline among baselines; the
  new seat turns with the deal. Only that seat counts.
- ``every``: each seat in turn new among baselines, against the deal's one game of baselines;
  every seat counts, each in its own game and in the baselines' game. ``one`` for every seat of
  every deal, at n + 1 games a deal for n pairs instead of 2n.
- ``all``: every seat new against every seat baseline (a cooperative team). Every seat counts.
- a side known only in play (the haunt's heroes, its traitor): the seats that come to play it
  new, and every seat before the sides are known (or, ``-late``, baseline until then), against
  the whole game baseline; the seats that end on that side count.

A game plugs in its plans (the first is its default) and its report's groups (``GAMES``); a
game not listed gets ``one``, ``every`` and ``all``, grouped by ``role_of``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core import Game

Seats = frozenset[int]


@dataclass(frozen=True)
class Entry:
    """One game of a deal: the seats the new bot plays, and the seats whose results count.

    Where a seat's side is known only once the game is under way (the haunt's traitor), the
    new bot may instead play the seats whose ``role_of`` is one of ``new_roles`` once they
    have it, and (``new_before``) every seat before it has one; ``counted_roles`` counts the
    seats whose role at the end is one of them."""

    new: Seats
    counted: Seats
    new_roles: frozenset[str] = frozenset()
    new_before: bool = False
    counted_roles: frozenset[str] = frozenset()


# (game, the deal's state after setup, the deal's index) -> the deal's games
Plan = Callable[[Game[Any, Any], Any, int], list[Entry]]


def everyone(state: Any) -> Seats:
    return frozenset(range(state.seats))


def one_new(game: Game[Any, Any], state: Any, deal: int) -> list[Entry]:
    seat = frozenset({deal % state.seats})
    return [Entry(seat, seat), Entry(frozenset(), seat)]


def every_seat_new(game: Game[Any, Any], state: Any, deal: int) -> list[Entry]:
    return [*(Entry(frozenset({seat}), frozenset({seat})) for seat in range(state.seats)),
            Entry(frozenset(), everyone(state))]


def all_new(game: Game[Any, Any], state: Any, deal: int) -> list[Entry]:
    return [Entry(everyone(state), everyone(state)), Entry(frozenset(), everyone(state))]


def side_against_rest(roles: frozenset[str]) -> Plan:
    """The seats whose ``role_of`` is one of ``roles`` new and the rest baseline, and the
    reverse."""

    def plan(game: Game[Any, Any], state: Any, deal: int) -> list[Entry]:
        side = frozenset(s for s in range(state.seats) if game.role_of(state, s) in roles)
        rest = everyone(state) - side
        return [Entry(side, everyone(state)), Entry(rest, everyone(state))]

    return plan


def each_side(sides: list[frozenset[str]]) -> Plan:
    """For each side (the seats whose ``role_of`` is one of its roles), its seats new and the
    rest baseline, and its seats baseline and the rest new; only that side's seats count in
    its two games. A side with no seat at the table is left out."""

    def plan(game: Game[Any, Any], state: Any, deal: int) -> list[Entry]:
        entries: list[Entry] = []
        for roles in sides:
            side = frozenset(s for s in range(state.seats) if game.role_of(state, s) in roles)
            if side:
                entries += [Entry(side, side), Entry(everyone(state) - side, side)]
        return entries

    return plan


def side_alone(roles: frozenset[str]) -> Plan:
    """The seats whose ``role_of`` is one of ``roles`` new among baselines, and the same seats
    baseline among baselines; only those seats count."""

    def plan(game: Game[Any, Any], state: Any, deal: int) -> list[Entry]:
        side = frozenset(s for s in range(state.seats) if game.role_of(state, s) in roles)
        return [Entry(side, side), Entry(frozenset(), side)]

    return plan


def side_once_known(roles: frozenset[str], before: bool) -> Plan:
    """The seats that come to play one of ``roles`` new (and, ``before``, every seat until the
    sides are known), against the whole game baseline; the seats ending in those roles count.
    Seats' sides are dealt in play (the haunt's traitor): a seating made at the deal cannot
    name them."""

    def plan(game: Game[Any, Any], state: Any, deal: int) -> list[Entry]:
        return [Entry(frozenset(), frozenset(), roles, before, roles),
                Entry(frozenset(), frozenset(), frozenset(), False, roles)]

    return plan


def by_role(role: str | None) -> list[str]:
    return [role] if role else []


@dataclass(frozen=True)
class GamePlans:
    # The plans by name, the default first.
    plans: dict[str, Plan]
    # The report's groups a seat counts in, from its ``role_of`` at the end (every seat also
    # counts in the row of all seats).
    groups: Callable[[str | None], list[str]] = by_role
    # The groups' order in the report (others follow in the order first met).
    order: tuple[str, ...] = field(default=())
    # A cooperative game: the report adds a row of games, each won when any seat won.
    team: bool = False


def sanguosha_groups(role: str | None) -> list[str]:
    """The identity, and the lord's side for the lord and the loyalists."""
    if role in ("lord", "loyalist"):
        return [role, "lord's side"]
    return by_role(role)


GAMES: dict[str, GamePlans] = {
    "sanguosha": GamePlans(
        plans={"sides": side_against_rest(frozenset({"lord", "loyalist"})),
               "rebels": side_against_rest(frozenset({"rebel"})),
               "renegade": side_against_rest(frozenset({"renegade"})),
               "factions": each_side([frozenset({"lord", "loyalist"}), frozenset({"rebel"}),
                                      frozenset({"renegade"})]),
               "renegade-alone": side_alone(frozenset({"renegade"})),
               "one": one_new, "every": every_seat_new},
        groups=sanguosha_groups,
        order=("lord", "loyalist", "lord's side", "rebel", "renegade")),
    "renju": GamePlans(plans={"sides": side_against_rest(frozenset({"black"})),
                              "one": one_new, "every": every_seat_new},
                       order=("black", "white")),
    "zombie": GamePlans(plans={"all": all_new, "one": one_new, "every": every_seat_new},
                        team=True),
    "haunt": GamePlans(
        plans={"heroes": side_once_known(frozenset({"hero"}), before=True),
               "traitor": side_once_known(frozenset({"traitor"}), before=True),
               "heroes-late": side_once_known(frozenset({"hero"}), before=False),
               "traitor-late": side_once_known(frozenset({"traitor"}), before=False),
               "all": all_new, "one": one_new, "every": every_seat_new},
        order=("traitor", "hero", "alone")),
}
DEFAULT = GamePlans(plans={"one": one_new, "every": every_seat_new, "all": all_new})


def plans_of(game: str) -> GamePlans:
    return GAMES.get(game, DEFAULT)
