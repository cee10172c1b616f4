"""What a seat (or the table) may know: everything. Renju hides nothing, so every seat's view
is the public view with the reader's seat and colour added."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.renju.board import name
from games.renju.legality import forbidden_now
from games.renju.state import End, RenjuState, Stage, colour_of, seat_of

Colour = str  # "black" or "white" in views: readable, and what the catalogs name


class PublicView(BaseModel):
    model_config = ConfigDict(frozen=True)

    board: str  # row 1 first, ``x`` black, ``o`` white, ``.`` empty
    black: int  # the seat playing black
    white: int
    stage: Stage
    turn: Colour
    to_move: int | None  # the seat the game waits for
    opening: str | None
    rule: str  # "designated" or "free"
    forbidden_move: str  # "refused" or "loses"
    bot_level: str  # "easy", "normal" or "strong": how the table's bots play
    moves: list[str]
    last: str | None
    offers: list[str]
    # Black's forbidden points (point -> overline, double_four or double_three) when black
    # is to place a stone: what the board marks.
    forbidden: dict[str, str]
    passes: int
    winner: int | None
    end: End | None
    line: list[str]
    fault: str | None


class SeatView(PublicView):
    seat: int
    colour: Colour


def _colour(colour: str) -> Colour:
    return "black" if colour == "x" else "white"


def build_view(state: RenjuState, seat: int | None) -> PublicView:
    fields = {
        "board": state.board,
        "black": state.black,
        "white": 1 - state.black,
        "stage": state.stage,
        "turn": _colour(state.turn),
        "to_move": None if state.stage == "over" else seat_of(state, state.turn),
        "opening": state.opening,
        "rule": state.options.opening,
        "forbidden_move": state.options.forbidden_move,
        "bot_level": state.options.bot_level,
        "moves": list(state.moves),
        "last": None if state.last is None else name(state.last),
        "offers": [name(p) for p in state.offers],
        "forbidden": {name(p): reason for p, reason in sorted(forbidden_now(state).items())},
        "passes": state.passes,
        "winner": state.winner,
        "end": state.end,
        "line": [name(p) for p in state.line],
        "fault": state.fault,
    }
    if seat is None:
        return PublicView(**fields)
    return SeatView(**fields, seat=seat, colour=_colour(colour_of(state, seat)))
