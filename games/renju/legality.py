"""Where a seat may put a stone right now, and why a point it named is refused."""

from __future__ import annotations

from itertools import compress

from games.core import IllegalAction
from games.renju.actions import Keep, Offer, Place
from games.renju.board import BLACK, CENTRE, EMPTY, POINTS, name, parse, xy
from games.renju.forbidden import Reason, forbidden, forbidden_points
from games.renju.openings import equivalent_points
from games.renju.state import Colour, RenjuState, grid, seat_of

_REASON_TEXT: dict[Reason, str] = {
    "overline": "six or more in a row (an overline)",
    "double_four": "two fours at once (four-four)",
    "double_three": "two open threes at once (three-three)",
}



def black_restricted(state: RenjuState, colour: Colour) -> bool:
    """Whether forbidden points are kept from this move: black's, unless the table plays
    the variant where a forbidden move loses. Offers of a fifth move are always kept from
    them (an offer is not a move that could lose)."""
    if colour != BLACK:
        return False
    return state.stage == "offer" or state.options.forbidden_move == "refused"


def forbidden_now(state: RenjuState) -> dict[int, Reason]:
    """Black's forbidden points, when black is the one to place a stone; else none."""
    if state.turn != BLACK or state.stage not in ("play", "offer"):
        return {}
    return forbidden_points(grid(state.board))


def _centre_first() -> tuple[int, ...]:
    cx, cy = xy(CENTRE)
    return tuple(sorted(range(POINTS),
                        key=lambda p: (max(abs(xy(p)[0] - cx), abs(xy(p)[1] - cy)), p)))


# Every point, nearest the centre first (ring by ring, each ring in point order): the order
# the open points are offered in, worked out once.
CENTRE_FIRST = _centre_first()


def open_points(state: RenjuState) -> list[int]:
    """The points the seat to move may choose, nearest the centre first (the first is the
    timer's choice)."""
    board = state.board
    # Read on every move: the scan runs in C.
    empty = list(compress(CENTRE_FIRST, map(EMPTY.__eq__, map(board.__getitem__,
                                                                CENTRE_FIRST))))
    if black_restricted(state, state.turn):
        banned = set(forbidden_now(state))
        empty = [p for p in empty if p not in banned]
    if state.stage == "offer" and state.offers:
        same = equivalent_points(state.board, state.offers[0])
        empty = [p for p in empty if p not in same]
    return empty


def refusal(state: RenjuState, text: str) -> IllegalAction:
    """Why the point ``text`` may not be chosen now (called only for a refused choice)."""
    try:
        p = parse(text)
    except IllegalAction as problem:
        return problem
    point = name(p)
    if state.board[p] != EMPTY:
        return IllegalAction(f"{point} is already taken.", key="renju.refused.taken",
                             point=point)
    if state.stage == "offer" and state.offers and p in equivalent_points(
            state.board, state.offers[0]):
        return IllegalAction(
            f"{point} is the same move as {name(state.offers[0])} by the board's symmetry: "
            "offer a fifth move that differs from it.",
            key="renju.refused.same_offer", point=point, offered=name(state.offers[0]))
    if black_restricted(state, state.turn):
        reason = forbidden(grid(state.board), p)
        if reason is not None:
            return IllegalAction(
                f"{point} is forbidden for black: it would make {_REASON_TEXT[reason]}.",
                key="renju.refused.overline" if reason == "overline" else
                "renju.refused.double_four" if reason == "double_four" else
                "renju.refused.double_three", point=point)
    return IllegalAction(f"{point} is not a move you can make now.",
                         key="renju.refused.not_now", point=point)


def typed_move(state: RenjuState, seat: int, text: str) -> Place | Offer | Keep:
    """The move a seat typed as a point: a stone, an offered fifth move or the offer it
    keeps, whichever its question asks for. Raises ``IllegalAction`` when it is not the
    seat's turn to name a point, or the point is no good (the reason said)."""
    if state.stage == "over" or seat != seat_of(state, state.turn):
        raise IllegalAction("It is not your turn to place a stone.",
                            key="renju.refused.not_your_turn")
    if state.stage in ("open", "swap"):
        raise IllegalAction("Choose the opening or the swap on the board first.",
                            key="renju.refused.not_a_stone")
    p = parse(text)
    if state.stage == "keep":
        return Keep(seat=seat, point=name(p))
    if state.stage == "offer":
        return Offer(seat=seat, point=name(p))
    return Place(seat=seat, point=name(p))
