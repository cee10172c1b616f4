"""Victory points and the end: a settlement 1, a city 2, Longest Road 2, Largest Army 2, each
victory point card 1. The winner is the player who reached the target on its own turn; the
others' scores are their points when it ended."""

from __future__ import annotations

from games.catan.state import (
    CatanState,
    cities_of,
    hidden_points,
    settlements_of,
    total_points,
)
from games.core import Outcome


def breakdown(state: CatanState, seat: int) -> dict[str, float]:
    return {
        "settlements": float(len(settlements_of(state, seat))),
        "cities": float(2 * len(cities_of(state, seat))),
        "longest_road": 2.0 if state.longest_road == seat else 0.0,
        "largest_army": 2.0 if state.largest_army == seat else 0.0,
        "victory_cards": float(hidden_points(state, seat)),
    }


def final_outcome(state: CatanState) -> Outcome:
    seats = range(state.seats)
    return Outcome(
        scores={s: float(total_points(state, s)) for s in seats},
        winners=[state.winner] if state.winner is not None else [],
        details={s: breakdown(state, s) for s in seats},
    )
