"""A player's rating in one game over time, as a picture: the rating after each rated table,
joined by a line, over a grid of round ratings, with the bots' fixed rating dashed across for
comparison. Drawn like the boards (a ``BoardPicture`` of plain, already translated facts), so
the web's player page shows it as a picture of its own (``img-src 'self'``)."""

from __future__ import annotations

from dataclasses import dataclass

from tables.pictures.canvas import Canvas, Colour
from tables.pictures.fonts import BOLD, MEDIUM
from tables.pictures.picture import BoardPicture

WIDTH, HEIGHT = 720, 300
LEFT, RIGHT, TOP, BOTTOM = 64, 28, 60, 40
PAPER: Colour = (255, 255, 255)
INK: Colour = (29, 36, 48)
SOFT: Colour = (91, 101, 115)
GRID: Colour = (230, 233, 239)
LINE: Colour = (43, 108, 176)
BOTS: Colour = (190, 120, 40)
# Grid lines fall on multiples of a round step that leaves three to six of them.
STEPS = (10, 20, 25, 50, 100, 200, 250, 500, 1000)


@dataclass(frozen=True)
class RatingScene:
    """``ratings``: the shown rating after each rated table, oldest first; ``bots``: the
    bots' fixed rating; the words in the reader's language."""

    title: str
    ratings: tuple[int, ...]
    bots: int
    bots_label: str
    first_label: str
    last_label: str


def _step(low: int, high: int) -> int:
    for step in STEPS:
        if (high - low) / step <= 6:
            return step
    return STEPS[-1]


def paint(scene: RatingScene) -> Canvas:
    canvas = Canvas(WIDTH, HEIGHT, PAPER)
    canvas.text((LEFT, 12), scene.title, 18, INK, weight=BOLD, width=WIDTH - LEFT - RIGHT)
    values = [*scene.ratings, scene.bots]
    step = _step(min(values), max(values))
    low = (min(values) // step) * step
    high = max(low + step, -(-max(values) // step) * step)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y_of(value: float) -> int:
        return round(TOP + plot_h - (value - low) / (high - low) * plot_h)

    def x_of(index: int) -> int:
        count = len(scene.ratings)
        return LEFT + (plot_w // 2 if count == 1 else round(index * plot_w / (count - 1)))

    for value in range(low, high + 1, step):
        y = y_of(value)
        canvas.draw.line((LEFT, y, WIDTH - RIGHT, y), fill=GRID, width=1)
        canvas.text((LEFT - 8, y), str(value), 13, SOFT, anchor="rm")
    # The bots' fixed rating, dashed.
    y = y_of(scene.bots)
    for x in range(LEFT, WIDTH - RIGHT, 14):
        canvas.draw.line((x, y, min(x + 7, WIDTH - RIGHT), y), fill=BOTS, width=2)
    canvas.text((WIDTH - RIGHT, y - 4), scene.bots_label, 12, BOTS, anchor="rb")
    points = [(x_of(i), y_of(value)) for i, value in enumerate(scene.ratings)]
    if len(points) > 1:
        canvas.draw.line(points, fill=LINE, width=3, joint="curve")
    dot = 4 if len(points) <= 60 else 0
    for x, y in points[:-1] if dot else []:
        canvas.draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=LINE)
    x, y = points[-1]
    canvas.draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=LINE, outline=PAPER, width=2)
    canvas.text((x - 10 if x > WIDTH - 120 else x + 10, y - 10), str(scene.ratings[-1]), 16,
                LINE, weight=MEDIUM, anchor="rb" if x > WIDTH - 120 else "lb")
    canvas.text((LEFT, HEIGHT - 12), scene.first_label, 13, SOFT, anchor="ls")
    if len(points) > 1:
        canvas.text((WIDTH - RIGHT, HEIGHT - 12), scene.last_label, 13, SOFT, anchor="rs")
    return canvas


def rating_picture(scene: RatingScene) -> BoardPicture:
    return BoardPicture(scene, paint, style="rating-1", filename="rating.png")
