"""The complete state of a Renju game and the small queries every module uses."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from games.core import StateBase
from games.renju.board import BLACK, EMPTY, POINTS, WHITE
from games.renju.forbidden import Grid, Reason
from games.renju.options import Options

Stage = Literal[
    "open",  # black names the opening (the designated-opening rule)
    "swap",  # white may swap colours after the third stone
    "fourth",  # white plays the fourth stone
    "offer",  # black offers two fifth moves, one at a time
    "keep",  # white keeps one of the two offered fifth moves
    "play",  # stones (or passes) in turn
    "over",
]
Colour = Literal["x", "o"]
End = Literal["five", "forbidden", "passes", "full"]
PASS = "pass"


class RenjuState(StateBase):
    options: Options = Field(default_factory=Options)
    # One character per point (``board.EMPTY``, ``BLACK``, ``WHITE``), row 1 first.
    board: str = EMPTY * POINTS
    black: int = 0  # the seat playing black (a swap changes it)
    stage: Stage = "open"
    turn: Colour = BLACK
    opening: str | None = None
    # Every stone and pass in order, as point names and ``PASS``.
    moves: list[str] = Field(default_factory=list)
    offers: list[int] = Field(default_factory=list)
    last: int | None = None
    passes: int = 0  # passes in a row
    winner: int | None = None
    end: End | None = None
    line: list[int] = Field(default_factory=list)  # the winning five
    fault: Reason | None = None  # why a forbidden move lost


def seat_of(state: RenjuState, colour: Colour) -> int:
    return state.black if colour == BLACK else 1 - state.black


def colour_of(state: RenjuState, seat: int) -> Colour:
    return BLACK if seat == state.black else WHITE


def other(colour: Colour) -> Colour:
    return WHITE if colour == BLACK else BLACK


# The board's characters as the pattern code's numbers, for ``str.translate``.
_AS_CODES = str.maketrans({EMPTY: "\x00", BLACK: "\x01", WHITE: "\x02"})


def grid(board: str) -> Grid:
    """The board as numbers for the pattern code: 0 empty, 1 black, 2 white."""
    # Read on every move; translating the text and reading its bytes runs in C.
    return list(board.translate(_AS_CODES).encode("ascii"))


def with_stone(board: str, p: int, colour: Colour) -> str:
    return board[:p] + colour + board[p + 1:]
