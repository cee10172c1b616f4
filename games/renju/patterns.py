"""What one line through a point holds for the colour that just played there: a five, fours,
threes. A line is read as a tuple of 11 cells, the point in the middle (index ``MID``): 0 an
empty point, 1 a stone of that colour, 2 a point it cannot use (the other colour, or off the
board). Black counts only exactly five as a five (``exact``); white counts five or more.

These are facts about one line alone; whether a three is real depends on the whole board
(``forbidden.py``). Lines repeat a great deal, so every answer is cached.
"""

from __future__ import annotations

from functools import lru_cache

from games.renju.board import REACH

MID = REACH
Cells = tuple[int, ...]
_CACHE = 1 << 18


def _run_through(cells: Cells, at: int) -> tuple[int, int]:
    """The first and last index of the run of stones through ``at`` (a stone)."""
    low = at
    while low > 0 and cells[low - 1] == 1:
        low -= 1
    high = at
    while high < len(cells) - 1 and cells[high + 1] == 1:
        high += 1
    return low, high


@lru_cache(maxsize=_CACHE)
def run(cells: Cells) -> int:
    """How many stones in a row the line holds through its middle."""
    low, high = _run_through(cells, MID)
    return high - low + 1


def _is_five(length: int, exact: bool) -> bool:
    return length == 5 if exact else length >= 5


@lru_cache(maxsize=_CACHE)
def five_points(cells: Cells, exact: bool) -> tuple[int, ...]:
    """The empty points where one more stone makes a five that takes in the middle stone."""
    found = []
    for at in range(1, len(cells) - 1):
        if cells[at] != 0:
            continue
        placed = (*cells[:at], 1, *cells[at + 1:])
        low, high = _run_through(placed, at)
        if low <= MID <= high and _is_five(high - low + 1, exact):
            found.append(at)
    return tuple(found)


@lru_cache(maxsize=_CACHE)
def is_straight_four(cells: Cells, exact: bool) -> bool:
    """Four in a row through the middle with a five to be made at either end (an open four:
    it cannot be stopped)."""
    points = five_points(cells, exact)
    return len(points) == 2 and points[1] - points[0] == 5


@lru_cache(maxsize=_CACHE)
def fours(cells: Cells, exact: bool) -> int:
    """How many fours the line holds through its middle. A straight four is one four though
    two points complete it; two points that complete different fives on the same line
    (``xxx.x.xxx``, ``xx.xx.xx``, ``x.xxx.x``) are two fours."""
    points = five_points(cells, exact)
    if is_straight_four(cells, exact):
        return 1
    return len(points)


@lru_cache(maxsize=_CACHE)
def three_points(cells: Cells, exact: bool) -> tuple[int, ...]:
    """The empty points where one more stone makes a straight four through the middle: the
    line holds a three when there is one (a real three if one of them is not forbidden)."""
    if fours(cells, exact):
        return ()
    found = []
    for at in range(2, len(cells) - 2):
        if cells[at] != 0:
            continue
        placed = (*cells[:at], 1, *cells[at + 1:])
        if is_straight_four(placed, exact):
            found.append(at)
    return tuple(found)


@lru_cache(maxsize=_CACHE)
def four_points(cells: Cells, exact: bool) -> tuple[int, ...]:
    """The empty points where one more stone makes a four (of any kind) through the
    middle."""
    found = []
    for at in range(1, len(cells) - 1):
        if cells[at] != 0:
            continue
        placed = (*cells[:at], 1, *cells[at + 1:])
        low, high = _run_through(placed, at)
        if _is_five(high - low + 1, exact):
            continue
        if fours(placed, exact):
            found.append(at)
    return tuple(found)
