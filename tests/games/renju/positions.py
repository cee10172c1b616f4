"""Hand-built Renju positions for the scenario tests."""

from __future__ import annotations

from typing import Any

from games.renju import GAME
from games.renju.board import BLACK, EMPTY, POINTS, WHITE, parse
from games.renju.state import RenjuState


def board(black: str = "", white: str = "") -> str:
    """A board with black and white stones on the points named (space-separated)."""
    cells = [EMPTY] * POINTS
    for names, colour in ((black, BLACK), (white, WHITE)):
        for text in names.split():
            assert cells[parse(text)] == EMPTY, text
            cells[parse(text)] = colour
    return "".join(cells)


def position(black: str = "", white: str = "", *, turn: str = BLACK,
             **options: Any) -> RenjuState:
    """A game in its playing stage (black on seat 0) with these stones, ``turn`` to move."""
    state = GAME.setup(2, {"opening": "free", **options}, seed=1)
    return state.model_copy(update={"board": board(black, white), "turn": turn})
