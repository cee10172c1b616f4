"""Black's forbidden moves as the Renju International Federation defines them.

A black move is forbidden when it makes an overline (six or more in a row), two fours, or two
real threes at once, unless it makes a five, which wins whatever else it makes. A four is a line
one move from a five (two on one line count as two). A three is a line that one more stone turns
into a straight four *without making a five at the same time* (RIF 1996, corrected 1998, §3),
and it is real only if that stone is not itself forbidden, which is asked again of that move,
with the stones as they would then stand.
"""

from __future__ import annotations

from typing import Literal

from games.renju.board import LINES, SIZE
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
            if any(_makes_straight_four(grid, LINES[p][d][at]) for at in points):
                real += 1
                if real >= 2:
                    return "double_three"
    finally:
        grid[p] = 0
    return None


def _makes_straight_four(grid: Grid, q: int) -> bool:
    """Whether black's straight-four point ``q`` of a three really makes the straight four:
    a stone there that also makes a five (on any line) is a five, not a four, and a forbidden
    one may not be played."""
    return not makes_five(grid, q, 1) and forbidden(grid, q) is None


def forbidden_points(grid: Grid) -> dict[int, Reason]:
    """Every empty point where black may not play now, with the reason, in point order."""
    found: dict[int, Reason] = {}
    for p in _candidates(grid):
        reason = forbidden(grid, p)
        if reason is not None:
            found[p] = reason
    return found


# The screen below reads the whole board at once as bits of one int: point (x, y) is bit
# 20y + x. The five spare bits after each row catch what a shift of up to five points carries
# past a row's end, so no shift along a line lands on another row's point.
_STRIDE = 20
_STEPS = (1, _STRIDE, _STRIDE + 1, _STRIDE - 1)  # across, up, and the two diagonals
_BLACK_BITS = bytes.maketrans(b"\x00\x01\x02", b"010")
_EMPTY_BITS = bytes.maketrans(b"\x00\x01\x02", b"100")
_SPARE = b"0" * (_STRIDE - SIZE)
_POINT_OF_BIT = {y * _STRIDE + x: y * SIZE + x for y in range(SIZE) for x in range(SIZE)}


def _bits(grid: Grid, table: bytes) -> int:
    marks = bytes(grid).translate(table)
    rows = b"".join(marks[at:at + SIZE] + _SPARE for at in range(0, SIZE * SIZE, SIZE))
    return int(rows[::-1], 2)


def _candidates(grid: Grid) -> list[int]:
    """The empty points that may be forbidden, in point order: every forbidden point is
    among them. What a forbidden point needs, counting black stones on each of its lines:
    a three (its straight four is four points in a row) has two stones within three points,
    a four (five points in a row) three within four, two fours on one line four within four
    (their fives share at most three stones), an overline five within five. So: two lines
    with a three's stones, two with a four's, or one line with two fours' or an overline's."""
    black = _bits(grid, _BLACK_BITS)
    threes_once = threes_twice = fours_once = fours_twice = alone = 0
    for step in _STEPS:
        # Bit-sliced counters: ``c<n>`` marks the points with n or more stones read
        # so far on this line, reading the nearest points first.
        c1 = c2 = c3 = c4 = c5 = 0
        three = four = two_fours = 0
        for distance in range(1, 6):
            shift = distance * step
            for stones in (black >> shift, black << shift):
                c5 |= c4 & stones
                c4 |= c3 & stones
                c3 |= c2 & stones
                c2 |= c1 & stones
                c1 |= stones
            if distance == 3:
                three = c2
            elif distance == 4:
                four, two_fours = c3, c4
        alone |= two_fours | c5
        threes_twice |= threes_once & three
        threes_once |= three
        fours_twice |= fours_once & four
        fours_once |= four
    marked = (alone | threes_twice | fours_twice) & _bits(grid, _EMPTY_BITS)
    points = []
    while marked:
        low = marked & -marked
        points.append(_POINT_OF_BIT[low.bit_length() - 1])
        marked ^= low
    return points


__all__ = ["REASONS", "Grid", "Reason", "cells", "five_points", "forbidden",
           "forbidden_points", "makes_five", "makes_overline"]
