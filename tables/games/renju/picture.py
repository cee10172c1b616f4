"""The Renju board as a picture: the 15×15 grid on wood with its coordinates (A–O under and
over it, 1–15 beside it), the star points, the stones, the last stone marked, the two offered
fifth moves numbered, the winning five struck through, and on black's turn black's forbidden
points crossed in red. Above the board the two players and their colours, below it a legend.

Drawn from the public view only, like the text board.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.renju.board import COLUMNS, SIZE, parse, xy
from tables.pictures.canvas import Canvas, Colour
from tables.pictures.fonts import BOLD, MEDIUM
from tables.pictures.picture import BoardPicture

CELL = 40
MARGIN = 48  # room for the coordinates around the grid
HEADER = 96
FOOTER = 56
GRID = CELL * (SIZE - 1)
WIDTH = GRID + 2 * MARGIN
HEIGHT = HEADER + GRID + 2 * MARGIN + FOOTER
STONE = 17
STARS = ("D4", "L4", "H8", "D12", "L12")

WOOD: Colour = (222, 184, 118)
INK: Colour = (58, 40, 22)
BLACK: Colour = (24, 24, 24)
WHITE: Colour = (246, 246, 240)
MARK: Colour = (214, 48, 39)
OFFER: Colour = (37, 99, 235)
PAPER: Colour = (250, 244, 230)


@dataclass(frozen=True)
class RenjuScene:
    board: str
    last: str | None
    forbidden: tuple[str, ...]
    offers: tuple[str, ...]
    line: tuple[str, ...]
    black: str  # "● Alice — black", already translated
    white: str
    status: str
    legend: tuple[str, str, str]  # the last stone, forbidden for black, fifth moves offered


def renju_picture(scene: RenjuScene) -> BoardPicture:
    return BoardPicture(scene, paint)


def centre(point: str) -> tuple[int, int]:
    x, y = xy(parse(point))
    return MARGIN + x * CELL, HEADER + MARGIN + (SIZE - 1 - y) * CELL


def paint(scene: RenjuScene) -> Canvas:
    canvas = Canvas(WIDTH, HEIGHT, PAPER)
    _header(canvas, scene)
    _grid(canvas)
    for p, stone in enumerate(scene.board):
        if stone != ".":
            _stone(canvas, centre(_name(p)), stone == "x")
    for number, point in enumerate(scene.offers, start=1):
        _offer(canvas, point, number)
    for point in scene.forbidden:
        _cross(canvas, point)
    if scene.line:
        start, end = centre(scene.line[0]), centre(scene.line[-1])
        canvas.draw.line([start, end], fill=MARK, width=6)
    if scene.last is not None:
        cx, cy = centre(scene.last)
        canvas.draw.ellipse((cx - 6, cy - 6, cx + 6, cy + 6), fill=MARK)
    _legend(canvas, scene.legend)
    return canvas


def _legend(canvas: Canvas, texts: tuple[str, str, str]) -> None:
    """Each mark the board uses, drawn as on the board, and what it means."""
    x = MARGIN
    y = HEIGHT - FOOTER // 2 - 4
    part = (WIDTH - 2 * MARGIN) // 3
    canvas.draw.ellipse((x, y - 6, x + 12, y + 6), fill=MARK)
    canvas.text((x + 20, y), texts[0], 17, INK, width=part - 28, anchor="lm")
    x += part
    arm = 6
    canvas.draw.line([(x, y - arm), (x + 2 * arm, y + arm)], fill=MARK, width=3)
    canvas.draw.line([(x, y + arm), (x + 2 * arm, y - arm)], fill=MARK, width=3)
    canvas.text((x + 20, y), texts[1], 17, INK, width=part - 28, anchor="lm")
    x += part
    canvas.draw.ellipse((x, y - 9, x + 18, y + 9), outline=OFFER, width=2)
    canvas.text((x + 9, y), "1", 12, OFFER, weight=BOLD, anchor="mm")
    canvas.text((x + 26, y), texts[2], 17, INK, width=part - 34, anchor="lm")


def _name(p: int) -> str:
    x, y = xy(p)
    return f"{COLUMNS[x]}{y + 1}"


def _header(canvas: Canvas, scene: RenjuScene) -> None:
    half = (WIDTH - 3 * MARGIN // 2) // 2
    _stone(canvas, (MARGIN + 12, 30), True, radius=12)
    canvas.text((MARGIN + 32, 30), scene.black, 22, INK, weight=BOLD, width=half - 40,
                anchor="lm")
    _stone(canvas, (MARGIN + half + 24, 30), False, radius=12)
    canvas.text((MARGIN + half + 44, 30), scene.white, 22, INK, weight=BOLD,
                width=half - 52, anchor="lm")
    canvas.text((MARGIN, 70), scene.status, 20, INK, weight=MEDIUM, width=WIDTH - 2 * MARGIN,
                anchor="lm")


def _grid(canvas: Canvas) -> None:
    top = HEADER
    canvas.box((MARGIN // 4, top, WIDTH - MARGIN // 4, top + GRID + 2 * MARGIN - MARGIN // 2),
               WOOD, radius=10)
    for i in range(SIZE):
        x = MARGIN + i * CELL
        y = top + MARGIN + i * CELL
        width = 3 if i in (0, SIZE - 1) else 1
        canvas.draw.line([(x, top + MARGIN), (x, top + MARGIN + GRID)], fill=INK, width=width)
        canvas.draw.line([(MARGIN, y), (MARGIN + GRID, y)], fill=INK, width=width)
        canvas.text((x, top + MARGIN - 26), COLUMNS[i], 16, INK, weight=BOLD, anchor="mm")
        canvas.text((x, top + MARGIN + GRID + 24), COLUMNS[i], 16, INK, weight=BOLD,
                    anchor="mm")
        row = str(SIZE - i)
        canvas.text((MARGIN - 26, y), row, 16, INK, weight=BOLD, anchor="mm")
        canvas.text((MARGIN + GRID + 26, y), row, 16, INK, weight=BOLD, anchor="mm")
    for star in STARS:
        cx, cy = centre(star)
        canvas.draw.ellipse((cx - 4, cy - 4, cx + 4, cy + 4), fill=INK)


def _stone(canvas: Canvas, at: tuple[int, int], black: bool, radius: int = STONE) -> None:
    cx, cy = at
    canvas.draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius),
                        fill=BLACK if black else WHITE, outline=BLACK, width=2)


def _offer(canvas: Canvas, point: str, number: int) -> None:
    cx, cy = centre(point)
    canvas.draw.ellipse((cx - STONE, cy - STONE, cx + STONE, cy + STONE), outline=OFFER,
                        width=3)
    canvas.text((cx, cy), str(number), 18, OFFER, weight=BOLD, anchor="mm")


def _cross(canvas: Canvas, point: str) -> None:
    cx, cy = centre(point)
    arm = 9
    canvas.draw.line([(cx - arm, cy - arm), (cx + arm, cy + arm)], fill=MARK, width=4)
    canvas.draw.line([(cx - arm, cy + arm), (cx + arm, cy - arm)], fill=MARK, width=4)
