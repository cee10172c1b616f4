"""Which seats the new bot takes in ``bench/ab.py``, and how its report groups a game's seats.

A seating plan turns one seeded deal (the state ``setup`` made) into the games played from it:
each names the seats the working tree's bot plays (the baseline plays the rest) and the seats
whose results count. Every plan seats each counted seat once with the new bot and once with the
baseline, in the same seat of the same deal, so that the two results compare like for like:

- ``sides``: one side's seats new, the others baseline, and the reverse (a game with sides:
  Sanguosha's lord's side against the rest, Renju's black against white). Every seat counts.
- ``one``: one seat new among baselines, against the same seat baseline among baselines; the
  new seat turns with the deal. Only that seat counts.
- ``all``: every seat new against every seat baseline (a cooperative team). Every seat counts.

A game plugs in its plans (the first is its default) and its report's groups (``GAMES``); a
game not listed gets ``one`` and ``all``, grouped by ``role_of``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core import Game

Seats = frozenset[int]


@dataclass(frozen=True)
class Entry:
    """One game of a deal: the seats the new bot plays, and the seats whose results count."""

    new: Seats
    counted: Seats


# (game, the deal's state after setup, the deal's index) -> the deal's games
Plan = Callable[[Game[Any, Any], Any, int], list[Entry]]


def everyone(state: Any) -> Seats:
    return frozenset(range(state.seats))


def one_new(game: Game[Any, Any], state: Any, deal: int) -> list[Entry]:
    seat = frozenset({deal % state.seats})
    return [Entry(seat, seat), Entry(frozenset(), seat)]


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
               "one": one_new},
        groups=sanguosha_groups,
        order=("lord", "loyalist", "lord's side", "rebel", "renegade")),
    "renju": GamePlans(plans={"sides": side_against_rest(frozenset({"black"})),
                              "one": one_new},
                       order=("black", "white")),
    "zombie": GamePlans(plans={"all": all_new, "one": one_new}),
}
DEFAULT = GamePlans(plans={"one": one_new, "all": all_new})


def plans_of(game: str) -> GamePlans:
    return GAMES.get(game, DEFAULT)
