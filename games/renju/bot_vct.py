"""Wins by continuous threats (VCT): open threes and fours, each answered by every reply that
stops it (a four by the one point that stops its five, a three by the points that stop its
straight four and by every four of the defender's own), ending in a win by fours
(``bot_threats.vcf``). Kept shallow and on a budget: the
bot looks for it only where a few threats in a row might decide the game.
"""

from __future__ import annotations

from games.renju.board import LINES
from games.renju.bot_shapes import score
from games.renju.bot_threats import (
    Search,
    exact,
    fives,
    four_moves,
    makes_three,
    stones_of,
    vcf,
)
from games.renju.forbidden import Grid, cells, forbidden
from games.renju.patterns import three_points


def three_moves(grid: Grid, stones: list[int], colour: int) -> set[int]:
    """Empty points where ``colour`` makes an open three (a line that a further stone turns
    into a straight four); forbidden ones left out for black."""
    near: set[int] = set()
    for s in stones:
        for d in range(4):
            for q in LINES[s][d][2:9]:
                if q >= 0 and grid[q] == 0:
                    near.add(q)
    found = {p for p in near if makes_three(grid, p, colour)}
    if colour == 1:
        found = {p for p in found if forbidden(grid, p) is None}
    return found


def _defences(grid: Grid, p: int, colour: int) -> set[int]:
    """The points where the other side stops every three the stone on ``p`` made."""
    stopping: set[int] | None = None
    for d in range(4):
        line = cells(grid, p, d, colour)
        if not three_points(line, exact(colour)):
            continue
        here = set()
        for at in range(1, 10):
            if line[at] == 0:
                blocked = (*line[:at], 2, *line[at + 1:])
                if not three_points(blocked, exact(colour)):
                    here.add(LINES[p][d][at])
        stopping = here if stopping is None else stopping | here
    return stopping or set()


def vct(grid: Grid, colour: int, depth: int, search: Search, width: int = 6) -> int | None:
    """The first move of a win for ``colour`` (to move) by threats within ``depth`` of its
    own threats, or None; the ``width`` best-scored threats are tried at each step."""
    line = vcf(grid, colour, 5, search=search)
    if line is not None:
        return line[0]
    if depth <= 0 or not search.spend():
        return None
    other = 3 - colour
    if fives(grid, stones_of(grid, other), other):
        return None
    mine = stones_of(grid, colour)
    threats = three_moves(grid, mine, colour) | four_moves(grid, mine, colour)
    ranked = sorted(threats, key=lambda p: -score(grid, p, colour))[:width]
    for move in ranked:
        grid[move] = colour
        try:
            completions = fives(grid, [*mine, move], colour)
            if completions:
                replies = completions  # a four: the one reply is to stop its five
            else:
                replies = _defences(grid, move, colour)
                replies |= four_moves(grid, stones_of(grid, other), other)
            if other == 1:
                replies = {r for r in replies if forbidden(grid, r) is None}
            if _all_lose(grid, colour, replies, depth, search, width):
                return move
        finally:
            grid[move] = 0
    return None


def _all_lose(grid: Grid, colour: int, replies: set[int], depth: int, search: Search,
              width: int) -> bool:
    other = 3 - colour
    for reply in sorted(replies):
        if not search.spend():
            return False
        grid[reply] = other
        try:
            theirs = fives(grid, stones_of(grid, other), other)
            if theirs:
                # Their reply was a four: we must block it, and go on from there.
                if len(theirs) > 1:
                    return False
                block = next(iter(theirs))
                if colour == 1 and forbidden(grid, block) is not None:
                    return False
                grid[block] = colour
                try:
                    if vct(grid, colour, depth - 1, search, width) is None:
                        return False
                finally:
                    grid[block] = 0
            elif vct(grid, colour, depth - 1, search, width) is None:
                return False
        finally:
            grid[reply] = 0
    return True
