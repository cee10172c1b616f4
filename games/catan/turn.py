"""A turn: roll (a development card may come first), then trade and build in any order, then
hand the dice on. A player who has the points to win on their own turn wins at once; points
reached on another's turn (a Longest Road passed on by someone else's settlement) win at the
start of one's own turn."""

from __future__ import annotations

from games.catan.context import Context
from games.catan.production import produce
from games.catan.robber import seven
from games.catan.state import hidden_points, public_points, total_points
from games.catan.trading import close_offer
from games.core.windows import Windows


def start_turn(ctx: Context) -> None:
    state = ctx.state
    state.turn += 1
    state.stage = "roll"
    state.dice = None
    ctx.public("turn", seat=state.current, turn=state.turn)
    check_win(ctx)


def roll(ctx: Context) -> None:
    state = ctx.state
    dice = (ctx.rng.randint(1, 6), ctx.rng.randint(1, 6))
    state.dice = dice
    total = dice[0] + dice[1]
    ctx.public("rolled", seat=state.current, dice=list(dice), total=total)
    if total == 7:
        state.production = {}
        state.shortages = []
        seven(ctx)
        return
    produce(ctx, total)
    state.stage = "main"


def end_turn(ctx: Context) -> None:
    state = ctx.state
    if state.offer is not None:
        close_offer(ctx, "turn_ended")
    ctx.public("turn_ended", seat=state.current)
    state.dev_new = []
    state.played_this_turn = False
    state.offers_made = 0
    state.current = (state.current + 1) % state.seats
    start_turn(ctx)


def check_win(ctx: Context) -> bool:
    """The seat on turn wins once its points, hidden ones counted, reach the target."""
    state = ctx.state
    if state.phase != "turns":
        return False
    seat = state.current
    points = total_points(state, seat)
    if points < state.options.points_to_win:
        return False
    state.phase = "over"
    state.winner = seat
    if state.offer is not None:
        close_offer(ctx, "game_over")
    if state.windows.stack:
        state.windows = Windows(serial=state.windows.serial)
    ctx.public("won", seat=seat, points=points, hidden=hidden_points(state, seat),
               public=public_points(state, seat))
    return True
