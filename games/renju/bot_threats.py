"""The bot's reading of threats: fives, fours, and wins by continuous fours (VCF).

A VCF is a sequence of fours, each forcing the one reply that stops its five, ending in a five
or in two fives at once. Black's fours must not be forbidden; black's forced reply may be, and
then black cannot block at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.renju.board import LINES
from games.renju.forbidden import Grid, cells, forbidden
from games.renju.patterns import five_points, four_points

BLACK_STONE, WHITE_STONE = 1, 2


def exact(colour: int) -> bool:
    return colour == BLACK_STONE


def fives(grid: Grid, stones: list[int], colour: int) -> set[int]:
    """The empty points where ``colour`` makes a five (every five is allowed, black's too)."""
    found: set[int] = set()
    for s in stones:
        for d in range(4):
            points = five_points(cells(grid, s, d, colour), exact(colour))
            if points:
                line = LINES[s][d]
                found.update(line[i] for i in points)
    return found


def four_moves(grid: Grid, stones: list[int], colour: int) -> set[int]:
    """The empty points where ``colour`` makes a four, forbidden ones left out for black."""
    found: set[int] = set()
    for s in stones:
        for d in range(4):
            points = four_points(cells(grid, s, d, colour), exact(colour))
            if points:
                line = LINES[s][d]
                found.update(line[i] for i in points)
    if colour == BLACK_STONE:
        found = {p for p in found if forbidden(grid, p) is None}
    return found


def stones_of(grid: Grid, colour: int) -> list[int]:
    return [p for p, c in enumerate(grid) if c == colour]


@dataclass
class Search:
    """A search's budget of positions (a count, not a clock, so that the bot chooses the same
    on any machine: replays and golden playthroughs rely on it) and the positions already
    shown to fail."""

    budget: int
    failed: set[tuple[int, ...]] = field(default_factory=set)

    def spend(self) -> bool:
        self.budget -= 1
        return self.budget >= 0


def vcf(grid: Grid, colour: int, depth: int, budget: int = 4000,
        search: Search | None = None) -> list[int] | None:
    """The shortest win for ``colour`` (to move) by continuous fours within ``depth`` of its
    own moves (the five included), as the attacker's moves in order; None if none was found (or the
    budget of positions ran out: ``search``'s when given, shared with the caller). ``grid``
    is left as it was."""
    search = search or Search(budget)
    mine, theirs = stones_of(grid, colour), stones_of(grid, 3 - colour)
    # Shortest first: a win in fewer fours leaves the defender fewer chances to go wrong
    # our way, and keeps the bot's wins within the plies it promises.
    for shallow in range(1, depth + 1):
        line = _vcf(grid, colour, shallow, search, mine, theirs)
        if line is not None or search.budget <= 0:
            return line
    return None


def _vcf(grid: Grid, colour: int, depth: int, search: Search, mine: list[int],
         theirs: list[int]) -> list[int] | None:
    if depth <= 0 or not search.spend():
        return None
    own_fives = fives(grid, mine, colour)
    if own_fives:
        return [min(own_fives)]
    if depth == 1:
        return None
    key = (colour, depth, *sorted(mine), -1, *sorted(theirs))
    if key in search.failed:
        return None
    threats = fives(grid, theirs, 3 - colour)
    if len(threats) > 1:
        search.failed.add(key)
        return None
    candidates = four_moves(grid, mine, colour)
    if threats:
        candidates &= threats  # a four that also stops their five, or nothing
    for move in sorted(candidates):
        grid[move] = colour
        mine.append(move)
        try:
            line = _after_four(grid, colour, depth, search, mine, theirs)
        finally:
            mine.pop()
            grid[move] = 0
        if line is not None:
            return [move, *line]
    search.failed.add(key)
    return None


def _after_four(grid: Grid, colour: int, depth: int, search: Search, mine: list[int],
                theirs: list[int]) -> list[int] | None:
    """The rest of a win after ``colour``'s four: the defender must take the five point."""
    completions = fives(grid, mine, colour)
    defender = 3 - colour
    if len(completions) >= 2:
        return [min(completions)]
    block = next(iter(completions))
    if defender == BLACK_STONE and forbidden(grid, block) is not None:
        return [block]  # black may not stop it
    grid[block] = defender
    theirs.append(block)
    try:
        if in_five(grid, block, defender):
            return None  # the block makes their own five
        return _vcf(grid, colour, depth - 1, search, mine, theirs)
    finally:
        theirs.pop()
        grid[block] = 0


def in_five(grid: Grid, p: int, colour: int) -> bool:
    """Whether the stone of ``colour`` standing on ``p`` is part of a five."""
    for d in range(4):
        line = cells(grid, p, d, colour)
        low, high = 5, 5
        while low > 0 and line[low - 1] == 1:
            low -= 1
        while high < 10 and line[high + 1] == 1:
            high += 1
        length = high - low + 1
        if length == 5 or (colour == WHITE_STONE and length > 5):
            return True
    return False

