"""What a whole line of the board holds for each colour, read once per arrangement of its
stones and kept: the bot's searches place and lift stones millions of times, and a line has
far fewer arrangements than the searches visit positions.

A line is one row, column or diagonal of the board (five points or more), its stones coded two
bits a point (0 empty, 1 black, 2 white), the first point in the lowest bits. For each colour
the reading says, for every empty point, what one more stone of that colour there makes on
this line (``Shape``), and gathers the points that matter to the threat searches: where it
makes a five, a four, a straight four (the line then holds a three), an open three.
"""

from __future__ import annotations

from enum import IntEnum

from games.renju.patterns import MID, Cells, fours, is_straight_four, run, three_points


class Shape(IntEnum):
    """What a stone on an empty point makes on one line, the best first."""

    FIVE = 9
    OVERLINE = 8  # black's six or more: no five, a forbidden move
    DOUBLE_FOUR = 7  # two fours on the one line through the stone
    STRAIGHT_FOUR = 6  # four in a row that two points complete
    FOUR = 5
    THREE = 4  # a line one more stone turns into a straight four
    CLOSED_THREE = 3  # one more stone makes a four, never a straight one
    TWO = 2  # one more stone makes a three
    ONE = 1  # a five can still be made through the point on this line
    NONE = 0


BLACK, WHITE = 1, 2
_WALL = 2  # what the pattern code calls a point a colour cannot use


# A line's reading, one tuple for speed: for black, then for white, the points (indices along
# the line, as bytes) where a stone of that colour makes a five, a four of any kind (a five
# left out), a straight four (the line then holds a three), an open three; then what each
# colour's stones on the line are worth (``LINE_WORTH``), the shapes a stone of each colour
# would make at every index (NONE on a stone), and the kinds of points each colour has here
# as bits (``HAS_FIVE`` ...), black's in the low four bits.
LineReading = tuple
FIVES, FOURS, STRAIGHTS, THREES = 0, 2, 4, 6  # + 0 for black, + 1 for white
WORTH = 8  # + colour - 1
SHAPES = 10  # + colour - 1
KINDS = 12
HAS_FIVE, HAS_FOUR, HAS_STRAIGHT, HAS_THREE = 1, 2, 4, 8


# What the stones on a line are worth to their colour, by the best shape one more stone of
# theirs can make there: a five to be made means a four stands, a straight four a three, ...
LINE_WORTH = {Shape.FIVE: 1200, Shape.STRAIGHT_FOUR: 400, Shape.DOUBLE_FOUR: 400,
              Shape.FOUR: 70, Shape.THREE: 40, Shape.CLOSED_THREE: 8, Shape.TWO: 3,
              Shape.ONE: 0, Shape.NONE: 0, Shape.OVERLINE: 0}


def shape_of(cells: Cells, exact: bool) -> Shape:
    """What the middle stone of ``cells`` makes on this line (``exact``: black's fives)."""
    length = run(cells)
    if length == 5 or (length > 5 and not exact):
        return Shape.FIVE
    if length > 5:
        return Shape.OVERLINE
    if is_straight_four(cells, exact):
        return Shape.STRAIGHT_FOUR
    count = fours(cells, exact)
    if count >= 2:
        return Shape.DOUBLE_FOUR
    if count:
        return Shape.FOUR
    if three_points(cells, exact):
        return Shape.THREE
    return _potential(cells, exact)


_SHAPES: dict[tuple[Cells, bool], Shape] = {}


def cached_shape(cells: Cells, exact: bool) -> Shape:
    key = (cells, exact)
    found = _SHAPES.get(key)
    if found is None:
        found = _SHAPES[key] = shape_of(cells, exact)
    return found


def _potential(cells: Cells, exact: bool) -> Shape:
    """A stone that makes no three yet: what the best next stone of its colour would make."""
    best = Shape.NONE
    if not five_points_possible(cells):
        return best
    best = Shape.ONE
    for at in range(1, len(cells) - 1):
        if cells[at] != 0:
            continue
        placed = (*cells[:at], 1, *cells[at + 1:])
        if run(placed) >= 5:
            continue
        if fours(placed, exact):
            return Shape.CLOSED_THREE
        if three_points(placed, exact):
            best = Shape.TWO
    return best


def five_points_possible(cells: Cells) -> bool:
    """Whether some five points in a row through the middle hold no other colour's stone."""
    for start in range(MID - 4, MID + 1):
        if all(cells[i] != _WALL for i in range(start, start + 5)):
            return True
    return False


def read_line(line: list[int]) -> LineReading:
    """The reading of a line given its values (0 empty, 1 black, 2 white)."""
    points: list[list[bytes]] = [[], [], [], []]
    worth: list[int] = []
    shapes: list[bytes] = []
    kinds = 0
    for colour in (BLACK, WHITE):
        exact = colour == BLACK
        # The line as this colour reads it (0 empty, 1 its own, 2 the other's), walled off
        # beyond its ends: the window around a point is a slice of it.
        seen = (_WALL,) * MID + tuple(0 if v == 0 else 1 if v == colour else _WALL
                                      for v in line) + (_WALL,) * MID
        row = [Shape.NONE if value else
               cached_shape((*seen[at:at + MID], 1, *seen[at + MID + 1:at + 2 * MID + 1]),
                            exact)
               for at, value in enumerate(line)]
        shapes.append(bytes(row))
        found = (bytes(i for i, s in enumerate(row) if s == Shape.FIVE),
                 bytes(i for i, s in enumerate(row) if Shape.FOUR <= s <= Shape.DOUBLE_FOUR),
                 bytes(i for i, s in enumerate(row) if s == Shape.STRAIGHT_FOUR),
                 bytes(i for i, s in enumerate(row) if s == Shape.THREE))
        for kind, at in enumerate(found):
            points[kind].append(at)
            if at:
                kinds |= 1 << (kind + 4 * (colour - 1))
        worth.append(_worth(row, len(found[0]), len(found[2])))
    return (points[0][0], points[0][1], points[1][0], points[1][1], points[2][0],
            points[2][1], points[3][0], points[3][1], worth[0], worth[1], shapes[0],
            shapes[1], kinds)


def _worth(row: list[Shape], five_count: int, straight_count: int) -> int:
    if five_count >= 2:
        return LINE_WORTH[Shape.STRAIGHT_FOUR] * 3  # a straight four, or two fours: won
    if five_count:
        return LINE_WORTH[Shape.FIVE]
    if straight_count:
        return LINE_WORTH[Shape.STRAIGHT_FOUR]
    fours_ = sum(1 for s in row if Shape.FOUR <= s <= Shape.DOUBLE_FOUR)
    if fours_:
        return LINE_WORTH[Shape.FOUR] + 10 * (fours_ - 1)
    threes = sum(1 for s in row if s == Shape.THREE)
    if threes:
        return LINE_WORTH[Shape.THREE] + 5 * (threes - 1)
    best = max(row, default=Shape.NONE)
    return LINE_WORTH[Shape(best)]
