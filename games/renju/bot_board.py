"""The bot's board: stones placed and lifted as it searches, with what every line holds kept
up to date (``bot_lines``), so that its threat searches ask "where does white make a four?"
of a handful of lines rather than of every point.

Each of the board's 72 lines (rows, columns and the diagonals of five points or more) is a
number, two bits a point; a stone changes four of them, and each is read from a table of
readings kept across searches. For each colour the board keeps the lines where that colour can
make a five (a four stands there), a four, a straight four (a three stands there) and an open
three (one number a line, read in one pass), and what its stones are worth in all (the
search's evaluation). A 64-bit key of the
position (Zobrist's) names it in the searches' tables.
"""

from __future__ import annotations

import random
from itertools import compress
from typing import Final

from games.renju.board import DIRECTIONS, POINTS, SIZE, on_board, point
from games.renju.bot_lines import KINDS, SHAPES, WHITE, WORTH, LineReading, Shape, read_line
from games.renju.forbidden import Grid, forbidden


def _lines() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, int], ...], ...]]:
    """Every line of five points or more, and for each point its (line, index) in each of the
    four directions (-1 where the point's line in that direction is shorter than five)."""
    lines: list[tuple[int, ...]] = []
    where: list[list[tuple[int, int]]] = [[(-1, -1)] * 4 for _ in range(POINTS)]
    for d, (dx, dy) in enumerate(DIRECTIONS):
        for y in range(SIZE):
            for x in range(SIZE):
                if on_board(x - dx, y - dy):
                    continue  # not the start of a line
                points = []
                cx, cy = x, y
                while on_board(cx, cy):
                    points.append(point(cx, cy))
                    cx, cy = cx + dx, cy + dy
                if len(points) < 5:
                    continue
                for i, p in enumerate(points):
                    where[p][d] = (len(lines), i)
                lines.append(tuple(points))
    return tuple(lines), tuple(tuple(w) for w in where)


LINE_POINTS, POINT_LINES = _lines()
LINE_COUNT: Final = len(LINE_POINTS)
_LINE_NUMBERS = tuple(range(LINE_COUNT))
# A line's number is its stones' code shifted left by four bits, holding the line's length in
# those four: the key of its reading, since lines of one length holding the same stones read
# the same. For each point: its lines as (line, shift of its two bits), short diagonals left out.
_LENGTHS = tuple(len(points) for points in LINE_POINTS)
_PLACES = tuple(tuple((line, 4 + 2 * i) for line, i in lines if line >= 0)
                for lines in POINT_LINES)
_KEY_RNG = random.Random(20240601)
ZOBRIST = tuple((0, _KEY_RNG.getrandbits(64), _KEY_RNG.getrandbits(64)) for _ in range(POINTS))

_READINGS: dict[int, LineReading] = {}
_READINGS_KEPT = 1 << 17  # arrangements kept; the table starts again when full


def reading(number: int) -> LineReading:
    """The reading of the line numbered ``number`` (its code and length)."""
    found = _READINGS.get(number)
    if found is None:
        if len(_READINGS) >= _READINGS_KEPT:
            _READINGS.clear()
        length, code = number & 15, number >> 4
        values = [(code >> 2 * i) & 3 for i in range(length)]
        found = _READINGS[number] = read_line(values)
    return found


class Board:
    """A position the bot searches from. ``play`` and ``undo`` keep every line's reading."""

    __slots__ = ("cells", "key", "kinds", "numbers", "readings", "stones", "worth")

    def __init__(self, grid: Grid) -> None:
        self.cells: list[int] = [0] * POINTS
        self.numbers = list(_LENGTHS)
        self.readings: list[LineReading] = [reading(n) for n in self.numbers]
        # Each line's kinds of points as bits (``bot_lines.KINDS``): read by the queries below
        # in one pass over the 72 lines.
        self.kinds = [0] * LINE_COUNT
        self.key = 0
        self.worth = [0, 0, 0]
        self.stones = 0
        for p, colour in enumerate(grid):
            if colour:
                self.play(p, colour)

    def play(self, p: int, colour: int) -> None:
        self.cells[p] = colour
        self.key ^= ZOBRIST[p][colour]
        self.stones += 1
        numbers, readings, worth, kinds = self.numbers, self.readings, self.worth, self.kinds
        for line, shift in _PLACES[p]:
            number = numbers[line] + (colour << shift)
            numbers[line] = number
            new = _READINGS.get(number) or reading(number)
            old = readings[line]
            readings[line] = new
            worth[1] += new[WORTH] - old[WORTH]
            worth[2] += new[WORTH + 1] - old[WORTH + 1]
            kinds[line] = new[KINDS]

    def undo(self, p: int) -> None:
        colour = self.cells[p]
        self.cells[p] = 0
        self.key ^= ZOBRIST[p][colour]
        self.stones -= 1
        numbers, readings, worth, kinds = self.numbers, self.readings, self.worth, self.kinds
        for line, shift in _PLACES[p]:
            number = numbers[line] - (colour << shift)
            numbers[line] = number
            new = _READINGS.get(number) or reading(number)
            old = readings[line]
            readings[line] = new
            worth[1] += new[WORTH] - old[WORTH]
            worth[2] += new[WORTH + 1] - old[WORTH + 1]
            kinds[line] = new[KINDS]

    # -- what the lines hold ---------------------------------------------------------------
    def lines(self, colour: int, kind: int) -> list[int]:
        """The lines where ``colour`` has points of ``kind`` (0 fives, 1 fours, 2 straight
        fours, 3 threes)."""
        bit = 1 << (kind + 4 * (colour - 1))
        return list(compress(_LINE_NUMBERS, map(bit.__and__, self.kinds)))

    def _points(self, colour: int, kind: int) -> set[int]:
        found: set[int] = set()
        at = 2 * kind + colour - 1
        readings = self.readings
        bit = 1 << (kind + 4 * (colour - 1))
        for line in compress(_LINE_NUMBERS, map(bit.__and__, self.kinds)):
            found.update(map(LINE_POINTS[line].__getitem__, readings[line][at]))
        return found

    def five_points_through(self, p: int, colour: int) -> set[int]:
        """Where ``colour`` makes a five on the lines through ``p``."""
        at = colour - 1  # FIVES
        readings = self.readings
        found: set[int] = set()
        for line, _ in _PLACES[p]:
            fives = readings[line][at]
            if fives:
                found.update(map(LINE_POINTS[line].__getitem__, fives))
        return found

    def five_points(self, colour: int) -> set[int]:
        """Where ``colour`` makes a five (its fours' completing points)."""
        return self._points(colour, 0)

    def four_points(self, colour: int) -> set[int]:
        """Where ``colour`` makes a four (straight or not), black's forbidden ones included."""
        return self._points(colour, 1)

    def straight_points(self, colour: int) -> set[int]:
        """Where ``colour`` makes a straight four: the points its threes threaten."""
        return self._points(colour, 2)

    def three_points(self, colour: int) -> set[int]:
        """Where ``colour`` makes an open three (black's forbidden ones included)."""
        return self._points(colour, 3)

    def shapes(self, p: int, colour: int) -> list[int]:
        """What a stone of ``colour`` on the empty point ``p`` makes on each of its lines."""
        at = SHAPES + colour - 1
        readings = self.readings
        return [readings[line][at][i] if line >= 0 else 0 for line, i in POINT_LINES[p]]

    def forbidden(self, p: int) -> bool:
        """Whether black may not play the empty point ``p`` (RIF: ``forbidden.forbidden``,
        asked only where the lines hold two threats or an overline)."""
        threats = 0
        readings = self.readings
        for line, i in POINT_LINES[p]:
            if line < 0:
                continue
            shape = readings[line][SHAPES][i]
            if shape == Shape.FIVE:
                return False
            if shape >= Shape.THREE:
                if shape >= Shape.DOUBLE_FOUR:  # two fours on one line, or an overline
                    return forbidden(self.cells, p) is not None
                threats += 1
        return threats >= 2 and forbidden(self.cells, p) is not None

    def allowed(self, p: int, colour: int) -> bool:
        return colour == WHITE or not self.forbidden(p)

    def makes_five(self, p: int, colour: int) -> bool:
        at = SHAPES + colour - 1
        readings = self.readings
        return any(line >= 0 and readings[line][at][i] == Shape.FIVE
                   for line, i in POINT_LINES[p])
