"""The bot's reading of threats: fives, fours, and wins by continuous fours (VCF).

A VCF is a sequence of fours, each forcing the one reply that stops its five, ending in a five
or in two fives at once. Black's fours must not be forbidden; black's forced reply may be, and
then black cannot block at all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter

from games.renju.board import LINES
from games.renju.forbidden import Grid, cells, forbidden
from games.renju.patterns import MID, Cells, five_points, four_points, fours, three_points

BLACK_STONE, WHITE_STONE = 1, 2


def exact(colour: int) -> bool:
    return colour == BLACK_STONE


def _reader(line: tuple[int, ...]) -> tuple[int, Callable[[Grid], tuple[int, ...]]]:
    on = [i for i, q in enumerate(line) if q >= 0]
    if len(on) == 1:  # a corner's line that leaves the board at once: the point alone
        only = line[on[0]]
        return on[0], lambda grid: (grid[only],)
    return on[0], itemgetter(*(line[i] for i in on))


# For each point and direction: where its line enters the board, and a reader of the grid's
# values along it. A line's values read in one call rather than point by point: the searches
# read lines through every stone at every position they visit.
_READERS = tuple(tuple(_reader(line) for line in lines) for lines in LINES)
_CODES = ((0, 1, 2), (0, 2, 1))  # grid value -> cell, for black and for white


def _cells(values: tuple[int, ...], low: int, colour: int) -> Cells:
    """``forbidden.cells`` from a line's values on the board (entering it at ``low``)."""
    code = _CODES[colour - 1]
    out = [2] * (2 * MID + 1)
    for i, value in enumerate(values):
        out[low + i] = code[value]
    out[MID] = 1
    return tuple(out)


@lru_cache(maxsize=1 << 18)
def _five_points(values: tuple[int, ...], low: int, colour: int) -> tuple[int, ...]:
    return five_points(_cells(values, low, colour), colour == BLACK_STONE)


@lru_cache(maxsize=1 << 18)
def _four_points(values: tuple[int, ...], low: int, colour: int) -> tuple[int, ...]:
    return four_points(_cells(values, low, colour), colour == BLACK_STONE)


@lru_cache(maxsize=1 << 18)
def _makes_three(values: tuple[int, ...], low: int, colour: int) -> bool:
    return bool(three_points(_cells(values, low, colour), colour == BLACK_STONE))


def makes_three(grid: Grid, p: int, colour: int) -> bool:
    """Whether a stone of ``colour`` on ``p`` makes a three on one of its lines (a line that
    one more stone turns into a straight four; for black, forbidden or not)."""
    return any(_makes_three(read(grid), low, colour) for low, read in _READERS[p])


def fives(grid: Grid, stones: list[int], colour: int) -> set[int]:
    """The empty points where ``colour`` makes a five (every five is allowed, black's too)
    on the lines through its ``stones``."""
    found: set[int] = set()
    for s in stones:
        for d, (low, read) in enumerate(_READERS[s]):
            points = _five_points(read(grid), low, colour)
            if points:
                line = LINES[s][d]
                found.update(line[i] for i in points)
    return found


def four_moves(grid: Grid, stones: list[int], colour: int) -> set[int]:
    """The empty points where ``colour`` makes a four on the lines through its ``stones``,
    forbidden ones left out for black."""
    found: set[int] = set()
    for s in stones:
        for d, (low, read) in enumerate(_READERS[s]):
            points = _four_points(read(grid), low, colour)
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
    roots: int = 0  # VCF searches begun: a failed position is named from its search's root

    def spend(self) -> bool:
        self.budget -= 1
        return self.budget >= 0


@dataclass
class _Root:
    """What a VCF search knows of the position it started from, so that each position below
    it reads only the lines through the stones placed since."""

    number: int
    colour: int
    fours: set[int]  # the attacker's four points at the start (black's forbidden ones left out)
    threats: set[int]  # the defender's five points at the start
    mine: list[int] = field(default_factory=list)  # the attacker's stones placed since
    theirs: list[int] = field(default_factory=list)  # the defender's


def vcf(grid: Grid, colour: int, depth: int, budget: int = 4000,
        search: Search | None = None) -> list[int] | None:
    """The shortest win for ``colour`` (to move) by continuous fours within ``depth`` of its
    own moves (the five included), as the attacker's moves in order; None if none was found (or the
    budget of positions ran out: ``search``'s when given, shared with the caller). ``grid``
    is left as it was."""
    search = search or Search(budget)
    if not search.spend():
        return None
    mine, theirs = stones_of(grid, colour), stones_of(grid, 3 - colour)
    own_fives = fives(grid, mine, colour)
    if own_fives:
        return [min(own_fives)]
    search.roots += 1
    root = _Root(search.roots, colour, four_moves(grid, mine, colour),
                 fives(grid, theirs, 3 - colour))
    # Shortest first: a win in fewer fours leaves the defender fewer chances to go wrong
    # our way, and keeps the bot's wins within the plies it promises.
    for shallow in range(2, depth + 1):
        line = _vcf(grid, root, shallow, search)
        if line is not None or search.budget <= 0:
            return line
    return None


def _four_points_now(grid: Grid, root: _Root) -> set[int]:
    """The attacker's four points in the position reached: those of the start that still
    make a four, and those on the lines through its stones placed since."""
    colour = root.colour
    found = four_moves(grid, root.mine, colour)
    for p in root.fours:
        if grid[p] == 0 and p not in found and any(
                fours(cells(grid, p, d, colour), exact(colour)) for d in range(4)) and (
                colour != BLACK_STONE or forbidden(grid, p) is None):
            found.add(p)
    return found


def _vcf(grid: Grid, root: _Root, depth: int, search: Search) -> list[int] | None:
    """A win by fours for the attacker, to move, in a position without a five of its own."""
    if depth <= 1 or not search.spend():
        return None
    key = (root.number, depth, *sorted(root.mine), -1, *sorted(root.theirs))
    if key in search.failed:
        return None
    defender = 3 - root.colour
    threats = {p for p in root.threats if grid[p] == 0}
    threats |= fives(grid, root.theirs, defender)
    if len(threats) > 1:
        search.failed.add(key)
        return None
    candidates = _four_points_now(grid, root)
    if threats:
        candidates &= threats  # a four that also stops their five, or nothing
    for move in sorted(candidates):
        grid[move] = root.colour
        root.mine.append(move)
        try:
            line = _after_four(grid, root, move, depth, search)
        finally:
            root.mine.pop()
            grid[move] = 0
        if line is not None:
            return [move, *line]
    search.failed.add(key)
    return None


def _after_four(grid: Grid, root: _Root, move: int, depth: int, search: Search
                ) -> list[int] | None:
    """The rest of a win after the attacker's four on ``move``: the defender must take the
    five point (the attacker had no five before, so every five point is on ``move``'s
    lines)."""
    completions = fives(grid, [move], root.colour)
    defender = 3 - root.colour
    if len(completions) >= 2:
        return [min(completions)]
    block = next(iter(completions))
    if defender == BLACK_STONE and forbidden(grid, block) is not None:
        return [block]  # black may not stop it
    grid[block] = defender
    root.theirs.append(block)
    try:
        if in_five(grid, block, defender):
            return None  # the block makes their own five
        return _vcf(grid, root, depth - 1, search)
    finally:
        root.theirs.pop()
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

