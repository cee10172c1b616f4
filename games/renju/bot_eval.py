"""What the bot's search weighs: how much a move is worth (its own shapes and the ones it takes
from the other colour), which moves to look at, and what a quiet position is worth.

A move's worth sums, over its four lines, what a stone there makes (``bot_lines.Shape``),
with a bonus where two lines make threats at once (a four-three wins; two threes win for
white). What it takes from the other colour is the same reading for the other colour, at
``defence_tenths`` tenths, and nothing where black could not play anyway. A quiet position is
worth the difference of what each colour's lines hold (``bot_lines.LINE_WORTH``).
"""

from __future__ import annotations

from games.renju.board import POINTS, neighbours
from games.renju.bot_board import POINT_LINES, Board
from games.renju.bot_lines import BLACK, SHAPES, Shape

_ATTACK = {Shape.FIVE: 100_000, Shape.OVERLINE: 0, Shape.DOUBLE_FOUR: 20_000,
           Shape.STRAIGHT_FOUR: 20_000, Shape.FOUR: 900, Shape.THREE: 700,
           Shape.CLOSED_THREE: 120, Shape.TWO: 60, Shape.ONE: 6, Shape.NONE: 0}
_VALUE = tuple(_ATTACK[Shape(i)] for i in range(10))
FOUR_THREE = 12_000  # a four and a three at once: won unless the three is false
DOUBLE_THREE = 6_000  # white's two threes: won; black's are forbidden
TWO_TWOS = 150  # two lines each one stone from a three: the shape good players build


def worth(board: Board, p: int, colour: int) -> int:
    """What a stone of ``colour`` on the empty point ``p`` is worth to ``colour``."""
    at = SHAPES + colour - 1
    readings = board.readings
    total = fours = threes = twos = 0
    for line, i in POINT_LINES[p]:
        if line < 0:
            continue
        shape = readings[line][at][i]
        total += _VALUE[shape]
        if Shape.FOUR <= shape <= Shape.DOUBLE_FOUR:
            fours += 1
        elif shape == Shape.THREE:
            threes += 1
        elif shape == Shape.TWO:
            twos += 1
    if fours and threes:
        total += FOUR_THREE
    elif fours >= 2 or threes >= 2:
        total += DOUBLE_THREE if colour != BLACK else 0
    if twos >= 2 or (twos and threes):
        total += TWO_TWOS
    return total


def score(board: Board, p: int, colour: int, defence_tenths: int = 8) -> int:
    """A move's worth to ``colour``: its own shapes, plus ``defence_tenths`` tenths of what it
    takes from the other colour (nothing where black could not play anyway)."""
    attack = worth(board, p, colour)
    other = 3 - colour
    if other == BLACK and board.forbidden(p):
        return attack
    return attack + worth(board, p, other) * defence_tenths // 10


# The points within 1, 2 and 3 of each point: ``candidates`` asks them of every stone, at
# every position the search expands.
_NEAR = {distance: tuple(frozenset(neighbours(p, distance)) for p in range(POINTS))
         for distance in (1, 2, 3)}


def candidates(board: Board, distance: int = 2) -> list[int]:
    """The empty points within ``distance`` (1 to 3) of a stone, in point order (the centre on
    an empty board)."""
    stones = [p for p, c in enumerate(board.cells) if c]
    if not stones:
        return [7 * 15 + 7]
    near = _NEAR[distance]
    found: set[int] = set().union(*(near[p] for p in stones))
    found.difference_update(stones)
    return sorted(found)


def ranked(board: Board, colour: int, legal: set[int] | None = None,
           defence_tenths: int = 8) -> list[tuple[int, int]]:
    """(score, point) for the points worth looking at, the best first (ties by point)."""
    out = []
    for p in candidates(board):
        if legal is not None and p not in legal:
            continue
        if colour == BLACK and board.forbidden(p):
            continue
        out.append((score(board, p, colour, defence_tenths), p))
    out.sort(key=lambda item: (-item[0], item[1]))
    return out


def position_worth(board: Board, colour: int) -> int:
    """A quiet position's worth to ``colour``, ``colour`` to move: what its lines hold less
    what the other colour's hold."""
    return board.worth[colour] - board.worth[3 - colour]
