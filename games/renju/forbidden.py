"""Black's forbidden moves as the Renju International Federation defines them.

A black move is forbidden when it makes an overline (six or more in a row), two fours, or two
real threes at once, unless it makes a five, which wins whatever else it makes. A four is a line
one move from a five (two on one line count as two); a three is real only if it can become a
straight four by a move that is not itself forbidden, which is asked again of that move, with
the stones as they would then stand.
"""

from __future__ import annotations

from typing import Literal

from games.renju.board import LINES
from games.renju.patterns import MID, Cells, five_points, fours, run, three_points

Grid = list[int]  # 0 empty, 1 black, 2 white, one entry per point
Reason = Literal["overline", "double_four", "double_three"]
REASONS: tuple[Reason, ...] = ("overline", "double_four", "double_three")


def cells(grid: Grid, p: int, direction: int, colour: int) -> Cells:
    """The line through ``p`` as seen by ``colour``, whose stone is taken to stand on ``p``."""
    code = _CODES[colour]
    out = [2 if q < 0 else code[grid[q]] for q in LINES[p][direction]]
    out[MID] = 1
    return tuple(out)


# What each stone is to a colour, by the grid's numbers: empty, own, the other's.
_CODES = {1: (0, 1, 2), 2: (0, 2, 1)}


def makes_five(grid: Grid, p: int, colour: int) -> bool:
    """Whether a stone of ``colour`` on ``p`` makes a five (exactly five for black)."""
    for direction in range(4):
        length = run(cells(grid, p, direction, colour))
        if length == 5 or (colour == 2 and length > 5):
            return True
    return False


def makes_overline(grid: Grid, p: int) -> bool:
    return any(run(cells(grid, p, d, 1)) > 5 for d in range(4))


def forbidden(grid: Grid, p: int) -> Reason | None:
    """Why a black stone on the empty point ``p`` is forbidden, or None if it is allowed."""
    lines = [cells(grid, p, d, 1) for d in range(4)]
    lengths = [run(line) for line in lines]
    if 5 in lengths:
        return None
    if max(lengths) > 5:
        return "overline"
    if sum(fours(line, True) for line in lines) >= 2:
        return "double_four"
    threes = [(d, three_points(line, True)) for d, line in enumerate(lines)]
    threes = [(d, points) for d, points in threes if points]
    if len(threes) < 2:
        return None
    grid[p] = 1
    try:
        real = 0
        for d, points in threes:
            if any(forbidden(grid, LINES[p][d][at]) is None for at in points):
                real += 1
                if real >= 2:
                    return "double_three"
    finally:
        grid[p] = 0
    return None


def forbidden_points(grid: Grid) -> dict[int, Reason]:
    """Every empty point where black may not play now, with the reason."""
    found: dict[int, Reason] = {}
    for p, stone in enumerate(grid):
        if stone == 0 and _may_be_forbidden(grid, p):
            reason = forbidden(grid, p)
            if reason is not None:
                found[p] = reason
    return found


def _may_be_forbidden(grid: Grid, p: int) -> bool:
    """A cheap first look: a forbidden point has black stones on two lines through it, or
    four on one (a double four in one line, ``x.xxx.x``, or an overline)."""
    busy = 0
    for line in LINES[p]:
        stones = sum(1 for q in line if q >= 0 and grid[q] == 1)
        if stones >= 4:
            return True
        if stones >= 2:
            busy += 1
    return busy >= 2


__all__ = ["REASONS", "Grid", "Reason", "cells", "five_points", "forbidden",
           "forbidden_points", "makes_five", "makes_overline"]
