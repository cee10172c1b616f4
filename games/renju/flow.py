"""Applying a decision: stones, the opening steps, passes, and the ends of the game."""

from __future__ import annotations

from games.core import Action, Event
from games.renju.actions import ChooseOpening, Keep, Offer, Pass, Place, Swap
from games.renju.board import BLACK, EMPTY, LINES, WHITE, name, parse
from games.renju.events import public
from games.renju.forbidden import forbidden
from games.renju.openings import stones
from games.renju.state import Colour, RenjuState, grid, other, seat_of, with_stone


def apply_action(state: RenjuState, action: Action) -> list[Event]:
    if isinstance(action, ChooseOpening):
        return _open(state, action)
    if isinstance(action, Swap):
        return _swap(state, action)
    if isinstance(action, Offer):
        return _offer(state, action)
    if isinstance(action, Keep):
        return _keep(state, action)
    if isinstance(action, Pass):
        return _pass(state, action)
    assert isinstance(action, Place)
    return _place(state, action.seat, parse(action.point))


def _open(state: RenjuState, action: ChooseOpening) -> list[Event]:
    first, second, third = stones(action.opening)
    placed: tuple[tuple[int, Colour], ...] = ((first, BLACK), (second, WHITE), (third, BLACK))
    for p, colour in placed:
        state.board = with_stone(state.board, p, colour)
        state.moves.append(name(p))
    state.opening = action.opening
    state.last = third
    state.stage = "swap"
    state.turn = WHITE
    return [public("opening", seat=action.seat, opening=action.opening,
                   points=[name(first), name(second), name(third)])]


def _swap(state: RenjuState, action: Swap) -> list[Event]:
    state.stage = "fourth"
    if action.take:
        state.black = 1 - state.black
        return [public("swapped", seat=action.seat, black=state.black,
                       white=1 - state.black)]
    return [public("kept_colours", seat=action.seat)]


def _offer(state: RenjuState, action: Offer) -> list[Event]:
    state.offers.append(parse(action.point))
    if len(state.offers) == 2:
        state.stage = "keep"
        state.turn = WHITE
    return [public("offered", seat=action.seat, point=action.point,
                   nth=len(state.offers))]


def _keep(state: RenjuState, action: Keep) -> list[Event]:
    kept = parse(action.point)
    dropped = next(p for p in state.offers if p != kept)
    state.offers = []
    state.stage = "play"
    state.turn = BLACK
    events = [public("kept_fifth", seat=action.seat, point=name(kept),
                     removed=name(dropped))]
    return events + _place(state, seat_of(state, BLACK), kept)


def _pass(state: RenjuState, action: Pass) -> list[Event]:
    state.moves.append("pass")
    state.passes += 1
    colour = state.turn
    events = [public("passed", seat=action.seat, colour=_colour_name(colour))]
    if state.passes >= 2:
        state.stage = "over"
        state.end = "passes"
        events.append(public("draw_passes"))
        return events
    state.turn = other(colour)
    return events


def _place(state: RenjuState, seat: int, p: int) -> list[Event]:
    colour = state.turn
    fault = forbidden(grid(state.board), p) if colour == BLACK else None
    state.board = with_stone(state.board, p, colour)
    state.moves.append(name(p))
    state.last = p
    state.passes = 0
    events = [public("placed", seat=seat, colour=_colour_name(colour), point=name(p))]
    five = _five_through(state.board, p, colour)
    if five:
        state.stage = "over"
        state.end = "five"
        state.winner = seat
        state.line = five
        events.append(public("five", seat=seat, colour=_colour_name(colour),
                             points=[name(q) for q in five]))
        return events
    if fault is not None:
        # Reached only in the variant where a forbidden move loses; otherwise it is refused.
        state.stage = "over"
        state.end = "forbidden"
        state.fault = fault
        state.winner = 1 - seat
        events.append(public("forbidden_loss", seat=seat, point=name(p), reason=fault))
        return events
    if EMPTY not in state.board:
        state.stage = "over"
        state.end = "full"
        events.append(public("draw_full"))
        return events
    state.turn = other(colour)
    if state.stage == "fourth":
        state.stage = "offer"
    return events


def _five_through(board: str, p: int, colour: Colour) -> list[int]:
    """The five (or, for white, the five or more) that the stone on ``p`` completes."""
    for line in LINES[p]:
        low = high = 5
        while low > 0 and line[low - 1] >= 0 and board[line[low - 1]] == colour:
            low -= 1
        while high < 10 and line[high + 1] >= 0 and board[line[high + 1]] == colour:
            high += 1
        length = high - low + 1
        if length == 5 or (colour == WHITE and length > 5):
            return [line[i] for i in range(low, high + 1)]
    return []


def _colour_name(colour: Colour) -> str:
    return "black" if colour == BLACK else "white"
