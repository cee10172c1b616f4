"""The bot's reading of threats: fours, threes and the points that stop them, and wins by
continuous fours (VCF).

The threats are the RIF's (`docs/rules/renju.md`): a *four* is a line one stone makes a five
(its completing point is the one defence); a *three* is a line one stone turns into a straight
four, which nothing stops — so a three is answered before it is made into one, at a point after
which none of its straight-four points is left (``three_defences``: the two points beside an
open three, the gap and both ends of a split one, a far point where the line leaves no room on
the other side). Black's threes count only where a straight-four point is allowed to black,
and black cannot defend on a forbidden point — the trap white plays for.

A VCF is a sequence of fours, each forcing the one reply that stops its five, ending in a five
or in two fives at once (or, for white, in a block black may not play). Every search counts
positions (``Search``), never time, so that the bot chooses the same move on any machine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.renju.board import REACH
from games.renju.bot_board import LINE_POINTS, POINT_LINES, Board, reading
from games.renju.bot_lines import BLACK, SHAPES, STRAIGHTS, WHITE, Shape

# Points that make two threats at once win; a point's shapes are summed this way to order
# the moves a search tries.
SHAPE_ORDER = {Shape.FIVE: 10_000, Shape.OVERLINE: 0, Shape.DOUBLE_FOUR: 3_000,
               Shape.STRAIGHT_FOUR: 3_000, Shape.FOUR: 400, Shape.THREE: 300,
               Shape.CLOSED_THREE: 40, Shape.TWO: 12, Shape.ONE: 1, Shape.NONE: 0}
_ORDER = tuple(SHAPE_ORDER[Shape(i)] for i in range(10))


# Keys that set apart, in one table, failures of the two colours' searches on one position.
_ATTACKER_KEY = (0, 0x1B873593_9E3779B9, 0x85EBCA6B_C2B2AE35)


@dataclass
class Search:
    """A search's budget of positions, shared by the searches handed it, and its table of
    positions already shown to fail: the deepest search that failed there, by the position's
    key (a VCF's, and a VCT's under a key of its own)."""

    budget: int
    failed: dict[int, int] = field(default_factory=dict)
    # A larger allowance this search spends from too (the bot's positions for a whole move):
    # when that runs out, so does this search.
    within: Search | None = None

    def known_to_fail(self, key: int, depth: int) -> bool:
        return self.failed.get(key, -1) >= depth

    def fails(self, key: int, depth: int) -> None:
        if self.failed.get(key, -1) < depth:
            self.failed[key] = depth

    def spend(self, positions: int = 1) -> bool:
        """Counts ``positions`` looked at; False once the budget (or the one it is within)
        has run out."""
        self.budget -= positions
        if self.within is not None and not self.within.spend(positions):
            self.budget = -1
        return self.budget >= 0

    @property
    def spent(self) -> bool:
        return self.budget < 0


def other(colour: int) -> int:
    return 3 - colour


def order_value(board: Board, p: int, colour: int) -> int:
    """How promising a stone of ``colour`` on ``p`` is as a threat: its shapes, summed."""
    at = SHAPES + colour - 1
    readings = board.readings
    return sum(_ORDER[readings[line][at][i]] for line, i in POINT_LINES[p] if line >= 0)


def fours(board: Board, colour: int) -> list[int]:
    """The points where ``colour`` may make a four (black's forbidden ones left out), the
    most promising first."""
    found = board.four_points(colour)
    if colour == BLACK:
        found = {p for p in found if not board.forbidden(p)}
    return sorted(found, key=lambda p: (-order_value(board, p, colour), p))


def real_straights(board: Board, colour: int) -> set[int]:
    """The points where ``colour`` would make a straight four out of a three of its own (RIF
    §3): not where the stone would also make a five (that is a four's point, not a three's),
    and for black only the allowed ones (a three whose every such point is forbidden is no
    three)."""
    found = board.straight_points(colour)
    if found:
        found = {p for p in found if not board.makes_five(p, colour)
                 and (colour != BLACK or not board.forbidden(p))}
    return found


def three_defences(board: Board, colour: int) -> set[int] | None:
    """The empty points where the other colour stops every three ``colour`` has (a stone
    there leaves none of their real straight-four points), black's forbidden points left
    out when black defends; None when ``colour`` has no three."""
    straights = real_straights(board, colour)
    if not straights:
        return None
    c = colour - 1
    defender = other(colour)
    stopping: set[int] | None = None
    for line in board.lines(colour, 2):
        points = LINE_POINTS[line]
        here = {points[i] for i in board.readings[line][STRAIGHTS + c]} & straights
        if not here:
            continue
        number = board.numbers[line]
        cells = board.cells
        blocks = set()
        for i, q in enumerate(points):
            if cells[q]:
                continue
            after = reading(number + (defender << (4 + 2 * i)))
            left = {points[j] for j in after[STRAIGHTS + c]}
            if not left & here:
                blocks.add(q)
        stopping = blocks if stopping is None else stopping & blocks
    stopping = stopping or set()
    if defender == BLACK:
        stopping = {q for q in stopping if not board.forbidden(q)}
    return stopping


def vcf(board: Board, colour: int, depth: int, search: Search, shortest: bool = True
        ) -> list[int] | None:
    """A win for ``colour`` (to move) by continuous fours within ``depth`` of its own moves
    (the five included), as its moves in order; None if there is none or the budget ran out
    first. ``shortest``: the shortest such win (deepening one four at a time), which the bot
    plays; otherwise the first found, which is all a search that only asks whether one exists
    needs. ``board`` is left as it was."""
    mine = board.five_points(colour)
    if mine:
        return [min(mine)]
    if not shortest:
        return _vcf(board, colour, depth, search)
    for shallow in range(2, depth + 1):
        line = _vcf(board, colour, shallow, search)
        if line is not None or search.spent:
            return line
    return None


def line_points(board: Board, colour: int, line: list[int]) -> list[int]:
    """The points of a win by fours ``line`` (``colour``'s moves): each four and the reply
    that stops it, in order (the places where the win can be broken)."""
    out: list[int] = []
    placed: list[int] = []
    try:
        for move in line:
            if board.cells[move]:
                break
            out.append(move)
            board.play(move, colour)
            placed.append(move)
            blocks = board.five_points_through(move, colour)
            if len(blocks) != 1:
                break
            block = next(iter(blocks))
            out.append(block)
            board.play(block, other(colour))
            placed.append(block)
    finally:
        for p in reversed(placed):
            board.undo(p)
    return out


def _vcf(board: Board, colour: int, depth: int, search: Search) -> list[int] | None:
    """A win by fours for ``colour`` to move, which has no five to make."""
    if not search.spend() or depth <= 1:
        return None  # a four at the last depth is counted too: its stones were placed
    key = board.key ^ _ATTACKER_KEY[colour]
    if search.known_to_fail(key, depth):
        return None
    defender = other(colour)
    threats = board.five_points(defender)
    if len(threats) > 1:
        search.fails(key, depth)
        return None
    moves = fours(board, colour)
    if threats:
        moves = [m for m in moves if m in threats]  # a four that also stops their five
    for move in moves:
        line = _after_four(board, colour, move, depth, search)
        if line is not None:
            return [move, *line]
        if search.spent:
            return None
    search.fails(key, depth)
    return None


def _after_four(board: Board, colour: int, move: int, depth: int, search: Search
                ) -> list[int] | None:
    """The rest of a win after ``colour``'s four on ``move``: the other colour must take the
    five point (``colour`` had none before, so every one is on ``move``'s lines)."""
    board.play(move, colour)
    try:
        completions = board.five_points_through(move, colour)
        if len(completions) >= 2:
            return [min(completions)]
        block = next(iter(completions))
        defender = other(colour)
        if defender == BLACK and board.forbidden(block):
            return [block]  # black may not stop it
        if board.makes_five(block, defender):
            return None  # the block is a five of theirs
        board.play(block, defender)
        try:
            return _vcf(board, colour, depth - 1, search)
        finally:
            board.undo(block)
    finally:
        board.undo(move)


__all__ = ["BLACK", "REACH", "WHITE", "Search", "fours", "line_points", "order_value",
           "other", "real_straights", "three_defences", "vcf"]
