"""The benchmark's one-ply greedy player's measure: how much a stone on a point is worth to a
colour, by the shapes it makes on its four lines (its own shapes, and the shapes it takes away
from the other colour by standing there). Written apart from the bot, which reads shapes from
its own line board (``games.renju.bot_lines``).
"""

from __future__ import annotations

from functools import lru_cache

from games.renju.board import POINTS, neighbours
from games.renju.forbidden import Grid, cells, forbidden
from games.renju.patterns import MID, Cells, fours, is_straight_four, run, three_points

FIVE = 1_000_000
STRAIGHT_FOUR = 100_000
FOUR = 3_000
THREE = 1_500
SPLIT_CHANCE = 300  # a line that can become a four
TWO = 80
NEAR = 10

# Two threats at once: their sum is worth more than each.
FOUR_THREE = 60_000
DOUBLE_THREE = 20_000


@lru_cache(maxsize=1 << 18)
def line_value(line: Cells, exact: bool) -> tuple[int, int]:
    """The worth of one line through a new stone, and the threat it makes: 3 for a five or
    straight four, 2 a four, 1 an open three, 0 none."""
    length = run(line)
    if length == 5 or (not exact and length > 5):
        return FIVE, 3
    if is_straight_four(line, exact):
        return STRAIGHT_FOUR, 3
    count = fours(line, exact)
    if count:
        return FOUR * count, 2
    if three_points(line, exact):
        return THREE, 1
    best = 0
    for at in range(1, len(line) - 1):
        if line[at] != 0:
            continue
        placed = (*line[:at], 1, *line[at + 1:])
        if fours(placed, exact):
            best = max(best, SPLIT_CHANCE)
        elif three_points(placed, exact):
            best = max(best, TWO)
    stones = sum(1 for c in line[MID - 2:MID + 3] if c == 1) - 1
    return best + NEAR * stones, 0


def worth(grid: Grid, p: int, colour: int) -> int:
    """What a stone of ``colour`` on the empty point ``p`` is worth to ``colour``."""
    total = 0
    threats = []
    for d in range(4):
        value, threat = line_value(cells(grid, p, d, colour), colour == 1)
        total += value
        if threat:
            threats.append(threat)
    if len(threats) >= 2:
        threats.sort(reverse=True)
        if threats[0] >= 2 and threats[1] >= 1:
            total += FOUR_THREE if threats[1] == 1 else STRAIGHT_FOUR
        elif threats[0] == 1 and threats[1] == 1:
            total += DOUBLE_THREE
    return total


def candidates(grid: Grid, distance: int = 2) -> list[int]:
    """The empty points within ``distance`` of a stone (the centre on an empty board)."""
    found: set[int] = set()
    for p in range(POINTS):
        if grid[p]:
            found.update(q for q in neighbours(p, distance) if grid[q] == 0)
    return sorted(found) if found else [POINTS // 2]


def allowed(grid: Grid, p: int, colour: int) -> bool:
    """Whether ``colour`` may play ``p`` without a forbidden move."""
    return colour != 1 or forbidden(grid, p) is None


def score(grid: Grid, p: int, colour: int, defence_tenths: int = 9) -> int:
    """A move's worth to ``colour``: its own shapes, plus ``defence_tenths`` tenths of what
    it takes from the other colour (nothing where the other colour, black, could not play
    anyway)."""
    attack = worth(grid, p, colour)
    other = 3 - colour
    defence = worth(grid, p, other) if allowed(grid, p, other) else 0
    return attack + (defence * defence_tenths) // 10
