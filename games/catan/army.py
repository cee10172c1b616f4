"""Largest Army: the first to have played 3 knights takes the special card, and it changes
hands only to a player who has played more knights than its holder."""

from __future__ import annotations

from games.catan.context import Context
from games.catan.state import knights_played

MINIMUM = 3


def update_largest_army(ctx: Context, seat: int) -> None:
    state = ctx.state
    knights = knights_played(state, seat)
    holder = state.largest_army
    if holder == seat or knights < MINIMUM:
        return
    if holder is not None and knights <= knights_played(state, holder):
        return
    state.largest_army = seat
    ctx.public("largest_army", seat=seat, previous=holder, knights=knights)
