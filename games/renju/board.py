"""The 15×15 board: points, their names as renju players write them (columns A–O from the
left, rows 1–15 from the bottom: the centre is H8), and the lines through every point."""

from __future__ import annotations

from typing import Final

from games.core import IllegalAction

SIZE: Final = 15
POINTS: Final = SIZE * SIZE
COLUMNS: Final = "ABCDEFGHIJKLMNO"
CENTRE: Final = 7 * SIZE + 7

EMPTY: Final = "."
BLACK: Final = "x"
WHITE: Final = "o"
# The four directions a line runs in: across, up, and the two diagonals.
DIRECTIONS: Final = ((1, 0), (0, 1), (1, 1), (1, -1))
# How far a line is read either side of a point: a five and the two points that bound it.
REACH: Final = 5


def point(x: int, y: int) -> int:
    return y * SIZE + x


def xy(p: int) -> tuple[int, int]:
    return p % SIZE, p // SIZE


def on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def _name(p: int) -> str:
    x, y = xy(p)
    return f"{COLUMNS[x]}{y + 1}"


NAMES: Final = tuple(_name(p) for p in range(POINTS))


def name(p: int) -> str:
    return NAMES[p]


def parse(text: str) -> int:
    """The point a player typed: a column letter and a row number in either order, any case,
    spaces allowed (``H8``, ``h 8``, ``8h``). Raises ``IllegalAction`` saying what is wrong."""
    cleaned = "".join(text.split()).upper()
    letters = "".join(c for c in cleaned if c.isalpha())
    digits = "".join(c for c in cleaned if c.isdigit())
    shaped = len(letters) == 1 and digits and cleaned in (letters + digits, digits + letters)
    if not shaped:
        raise IllegalAction(
            f"'{text}' is not a point: write a column letter A–O and a row 1–15, like H8.",
            key="renju.refused.not_a_point", text=text[:20])
    column = ord(letters) - ord("A")
    row = int(digits)
    if not (0 <= column < SIZE and 1 <= row <= SIZE):
        raise IllegalAction(
            f"{letters}{row} is off the board: columns run A–O and rows 1–15.",
            key="renju.refused.off_board", point=f"{letters}{row}")
    return point(column, row - 1)


def _line(p: int, dx: int, dy: int) -> tuple[int, ...]:
    """The points at offsets -REACH..REACH from ``p`` along (dx, dy); -1 off the board."""
    x, y = xy(p)
    return tuple(point(x + k * dx, y + k * dy) if on_board(x + k * dx, y + k * dy) else -1
                 for k in range(-REACH, REACH + 1))


# LINES[p][d]: the line through p in direction d, p in its middle (index REACH).
LINES: Final = tuple(tuple(_line(p, dx, dy) for dx, dy in DIRECTIONS) for p in range(POINTS))


def neighbours(p: int, distance: int) -> list[int]:
    """The points within ``distance`` of ``p`` in both coordinates, ``p`` left out."""
    x, y = xy(p)
    return [point(x + dx, y + dy)
            for dy in range(-distance, distance + 1) for dx in range(-distance, distance + 1)
            if (dx or dy) and on_board(x + dx, y + dy)]
