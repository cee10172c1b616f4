"""The Catan board as a picture: the island in its frame of sea — each hex in its terrain's
colour with its letter, its terrain's name and its number token (the number, red for 6 and 8,
and its pips), the harbours on the sea with their rates and piers, every corner numbered —
then the robber and every road, settlement and city in its owner's colour. Above the island
the turn, what the table is doing and the dice; below it every player's points, cards,
development cards, knights and longest road, the special cards, and how places are named.

The island never changes during a game: it is drawn once per island and language in a
drawing process and laid under each picture (``Canvas.layer``), with its texts; what a move
changes is drawn on top, so a picture costs the pieces and the rows around it. Drawn from the
public view only, like the text board.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

from games.catan.board import (
    CORNER_COUNT,
    CORNER_XY,
    EDGE_CORNERS,
    HEX_LABELS,
    HEX_XY,
    SEA_XY,
    SQRT3,
)
from games.catan.cards import COLOURS, PIPS, RED_NUMBERS
from games.catan.views import CatanView
from tables.i18n import t
from tables.pictures.canvas import Canvas, Colour, DrawnText
from tables.pictures.fonts import BOLD, MEDIUM
from tables.pictures.picture import BoardPicture
from tables.text import Text

if TYPE_CHECKING:
    from PIL import Image

    from tables.service import LiveMatch


class CatanPictureNames(Protocol):
    """What the picture reads from its game's words (the words pass themselves)."""

    def seat_name(self, live: LiveMatch, seat: int) -> Text: ...
    def terrain(self, terrain: str, locale: str | None) -> Text: ...
    def resource(self, kind: str, locale: str | None) -> Text: ...
    def status_line(self, live: LiveMatch, view: CatanView, locale: str | None, *,
                    icons: bool = True) -> Text: ...
    def title(self, view: CatanView, locale: str | None) -> Text: ...


R = 54  # a hex's circumradius, in pixels
WIDTH = 720
HEADER = 92
ISLAND_HEIGHT = 600
ISLAND_TOP = HEADER
CENTRE = (WIDTH // 2, ISLAND_TOP + ISLAND_HEIGHT // 2)
ROW = 36
TABLE_TOP = ISLAND_TOP + ISLAND_HEIGHT + 8
MARGIN = 20
FOOTER = 64

PAPER: Colour = (246, 239, 222)
OCEAN: Colour = (52, 118, 178)
SEA: Colour = (72, 142, 200)
SEA_EDGE: Colour = (96, 160, 212)
INK: Colour = (44, 36, 28)
MUTED: Colour = (120, 108, 92)
TOKEN: Colour = (250, 240, 214)
TOKEN_EDGE: Colour = (120, 96, 60)
RED: Colour = (190, 32, 32)
PIER: Colour = (122, 84, 44)
LABEL: Colour = (255, 255, 255)
LIT: Colour = (255, 226, 150)
ROBBER: Colour = (52, 52, 56)
TERRAIN_COLOURS: dict[str, Colour] = {
    "hills": (198, 104, 62), "forest": (52, 116, 62), "pasture": (146, 198, 92),
    "fields": (234, 196, 82), "mountains": (146, 146, 158), "desert": (224, 204, 156),
}
# Terrains dark enough for white writing.
DARK_TERRAINS = frozenset({"forest", "hills"})
HARBOUR_COLOURS: dict[str, Colour] = {
    "any": (250, 250, 250), "brick": (198, 104, 62), "lumber": (52, 116, 62),
    "wool": (146, 198, 92), "grain": (234, 196, 82), "ore": (146, 146, 158),
}
PIECE_COLOURS: dict[str, Colour] = {
    "red": (206, 40, 40), "blue": (38, 92, 206), "white": (250, 250, 250),
    "orange": (238, 134, 26),
}
PIECE_EDGE: Colour = (24, 20, 16)


@dataclass(frozen=True)
class IslandScene:
    """What the island shows that never changes in a game, already translated."""

    terrains: tuple[str, ...]
    numbers: tuple[int, ...]
    terrain_names: tuple[str, ...]  # per hex
    harbours: tuple[tuple[str, int, int, int, str], ...]  # kind, sea tile, corner, corner, text


@dataclass(frozen=True)
class PlayerRow:
    colour: str
    name: str
    points: int
    cards: int
    development: int
    knights: int
    road: int
    badges: tuple[str, ...]  # the special cards held, translated
    current: bool


@dataclass(frozen=True)
class CatanScene:
    island: IslandScene
    title: str
    status: str
    dice: tuple[int, int] | None
    robber: int
    roads: tuple[tuple[int, int], ...]  # edge, seat
    buildings: tuple[tuple[int, int, bool], ...]  # corner, seat, city
    players: tuple[PlayerRow, ...]
    headings: tuple[str, str, str, str, str]  # points, cards, development, knights, road
    legend: tuple[str, str]


def catan_picture(words: CatanPictureNames, live: LiveMatch, view: CatanView,
                  locale: str | None) -> BoardPicture:
    def plain(key: str) -> str:
        return t(f"picture.catan.{key}", locale).plain

    hexes = view.island.hexes
    harbours = tuple(
        (h.kind, h.sea, h.corners[0], h.corners[1],
         t("picture.catan.harbour_any", locale).plain if h.kind == "any"
         else words.resource(h.kind, locale).plain)
        for h in view.island.harbours)
    island = IslandScene(
        terrains=tuple(h.terrain for h in hexes), numbers=tuple(h.number or 0 for h in hexes),
        terrain_names=tuple(words.terrain(h.terrain, locale).plain for h in hexes),
        harbours=harbours)
    roads = tuple((e, p.seat) for p in view.players for e in p.roads)
    buildings = tuple([(c, p.seat, False) for p in view.players for c in p.settlements]
                      + [(c, p.seat, True) for p in view.players for c in p.cities])
    players = tuple(
        PlayerRow(colour=p.colour, name=words.seat_name(live, p.seat).plain,
                  points=view.final.points.get(p.seat, p.points) if view.final is not None
                  else p.points,
                  cards=p.cards, development=p.development, knights=p.knights,
                  road=p.road_length,
                  badges=tuple(
                      [t("picture.catan.longest_road", locale).plain] * p.longest_road
                      + [t("picture.catan.largest_army", locale).plain] * p.largest_army),
                  current=p.seat == view.current and view.phase != "over")
        for p in view.players)
    scene = CatanScene(
        island=island, title=words.title(view, locale).plain,
        status=words.status_line(live, view, locale, icons=False).plain, dice=view.dice,
        robber=view.robber, roads=roads, buildings=buildings, players=players,
        headings=(plain("points"), plain("cards"), plain("development"), plain("knights"),
                  plain("road")),
        legend=(plain("legend"), plain("how")))
    return BoardPicture(scene, paint)


def height(scene: CatanScene) -> int:
    return TABLE_TOP + ROW * (len(scene.players) + 1) + FOOTER


def at(x: float, y: float) -> tuple[int, int]:
    """A point of the island's geometry (units of R, from its centre) in pixels."""
    return CENTRE[0] + round(x * R), CENTRE[1] + round(y * R)


def hex_points(cx: int, cy: int, radius: float) -> list[tuple[int, int]]:
    return [(cx + round(radius * math.cos(math.radians(a))),
             cy + round(radius * math.sin(math.radians(a))))
            for a in (-90, -30, 30, 90, 150, 210)]


def paint(scene: CatanScene) -> Canvas:
    canvas = Canvas(WIDTH, height(scene), PAPER)
    image, texts = island_layer(scene.island)
    canvas.layer(image, ("catan-island", scene.island), 0, ISLAND_TOP)
    canvas.texts.extend(DrawnText(d.text, d.font, (d.box[0], d.box[1] + ISLAND_TOP,
                                                   d.box[2], d.box[3] + ISLAND_TOP))
                        for d in texts)
    _header(canvas, scene)
    for edge, seat in scene.roads:
        _road(canvas, edge, COLOURS[seat])
    _robber(canvas, scene)
    for corner, seat, city in scene.buildings:
        _building(canvas, corner, COLOURS[seat], city)
    _players(canvas, scene)
    return canvas


# -- the island (drawn once a game) ----------------------------------------------------------
@lru_cache(maxsize=64)
def island_layer(island: IslandScene) -> tuple[Image.Image, tuple[DrawnText, ...]]:
    """The island as a picture of its own (sea, hexes, numbers, harbours, corner numbers),
    with the texts drawn on it, placed from the island's top."""
    part = Canvas(WIDTH, ISLAND_HEIGHT, OCEAN)
    top = ISLAND_TOP

    def local(x: float, y: float) -> tuple[int, int]:
        px, py = at(x, y)
        return px, py - top

    for (x, y) in SEA_XY:
        cx, cy = local(x, y)
        part.draw.polygon(hex_points(cx, cy, R - 1), fill=SEA, outline=SEA_EDGE, width=2)
    for kind, sea, a, b, text in island.harbours:
        _harbour(part, local, kind, sea, a, b, text)
    for h, (x, y) in enumerate(HEX_XY):
        cx, cy = local(x, y)
        terrain = island.terrains[h]
        part.draw.polygon(hex_points(cx, cy, R - 1), fill=TERRAIN_COLOURS[terrain],
                          outline=INK, width=2)
        ink = LABEL if terrain in DARK_TERRAINS else INK
        part.text((cx, cy - round(0.58 * R)), HEX_LABELS[h], 15, ink, weight=BOLD,
                  anchor="mm")
        part.text((cx, cy + round(0.6 * R)), island.terrain_names[h], 11, ink, weight=MEDIUM,
                  width=round(SQRT3 * R) - 16, anchor="mm")
        number = island.numbers[h]
        if number:
            _token(part, cx, cy, number)
    for c in range(CORNER_COUNT):
        cx, cy = local(*CORNER_XY[c])
        part.draw.ellipse((cx - 9, cy - 8, cx + 9, cy + 8), fill=LABEL, outline=INK, width=1)
        part.text((cx, cy), str(c + 1), 10, INK, weight=BOLD, anchor="mm")
    return part.image, tuple(part.texts)


def _token(canvas: Canvas, cx: int, cy: int, number: int) -> None:
    radius = 19
    canvas.draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=TOKEN,
                        outline=TOKEN_EDGE, width=2)
    colour = RED if number in RED_NUMBERS else INK
    canvas.text((cx, cy - 3), str(number), 17, colour, weight=BOLD, anchor="mm")
    pips = PIPS[number]
    span = 5
    left = cx - (pips - 1) * span // 2
    for i in range(pips):
        x = left + i * span
        canvas.draw.ellipse((x - 2, cy + 9, x + 2, cy + 13), fill=colour)


def _harbour(canvas: Canvas, local: Callable[[float, float], tuple[int, int]], kind: str,
             sea: int, a: int, b: int, text: str) -> None:
    sx, sy = local(*SEA_XY[sea])
    # The badge sits between the sea tile's centre and the coast, piers run to the corners.
    ax, ay = local(*CORNER_XY[a])
    bx, by = local(*CORNER_XY[b])
    mx, my = (ax + bx) // 2, (ay + by) // 2
    bx0, by0 = (sx * 2 + mx) // 3, (sy * 2 + my) // 3
    for px, py in ((ax, ay), (bx, by)):
        canvas.draw.line([(bx0, by0), (px, py)], fill=PIER, width=5)
    radius = 21
    canvas.draw.ellipse((bx0 - radius, by0 - radius, bx0 + radius, by0 + radius),
                        fill=HARBOUR_COLOURS[kind], outline=PIER, width=3)
    rate = "3:1" if kind == "any" else "2:1"
    ink = LABEL if kind in ("brick", "lumber") else INK
    canvas.text((bx0, by0 - 5), rate, 13, ink, weight=BOLD, anchor="mm")
    canvas.text((bx0, by0 + 9), text, 9, ink, weight=MEDIUM, width=2 * radius - 4,
                anchor="mm")


# -- what moves --------------------------------------------------------------------------------
def _road(canvas: Canvas, edge: int, colour: str) -> None:
    a, b = EDGE_CORNERS[edge]
    ax, ay = at(*CORNER_XY[a])
    bx, by = at(*CORNER_XY[b])
    cut = 0.2
    start = (round(ax + (bx - ax) * cut), round(ay + (by - ay) * cut))
    end = (round(bx - (bx - ax) * cut), round(by - (by - ay) * cut))
    canvas.draw.line([start, end], fill=PIECE_EDGE, width=11)
    canvas.draw.line([start, end], fill=PIECE_COLOURS[colour], width=7)


def _building(canvas: Canvas, corner: int, colour: str, city: bool) -> None:
    cx, cy = at(*CORNER_XY[corner])
    fill = PIECE_COLOURS[colour]
    if city:
        # A house with a lower hall beside it.
        points = [(cx - 16, cy + 12), (cx - 16, cy - 5), (cx - 7, cy - 15), (cx + 2, cy - 5),
                  (cx + 2, cy - 1), (cx + 16, cy - 1), (cx + 16, cy + 12)]
    else:
        points = [(cx - 11, cy + 11), (cx - 11, cy - 2), (cx, cy - 13), (cx + 11, cy - 2),
                  (cx + 11, cy + 11)]
    canvas.draw.polygon(points, fill=fill, outline=PIECE_EDGE, width=2)


def _robber(canvas: Canvas, scene: CatanScene) -> None:
    x, y = HEX_XY[scene.robber]
    cx, cy = at(x, y)
    if scene.island.numbers[scene.robber]:
        cx += round(0.52 * R)
    canvas.draw.polygon([(cx - 13, cy + 20), (cx - 8, cy - 2), (cx + 8, cy - 2),
                         (cx + 13, cy + 20)], fill=ROBBER, outline=LABEL, width=2)
    canvas.draw.ellipse((cx - 10, cy - 21, cx + 10, cy - 1), fill=ROBBER, outline=LABEL,
                        width=2)


# -- header and players ------------------------------------------------------------------------
def _header(canvas: Canvas, scene: CatanScene) -> None:
    dice_room = 100 if scene.dice is not None else 0
    canvas.text((MARGIN, 28), scene.title, 24, INK, weight=BOLD,
                width=WIDTH - 2 * MARGIN - dice_room, anchor="lm")
    canvas.text((MARGIN, 66), scene.status, 17, INK, weight=MEDIUM,
                width=WIDTH - 2 * MARGIN - dice_room, anchor="lm")
    if scene.dice is not None:
        for i, value in enumerate(scene.dice):
            _die(canvas, WIDTH - MARGIN - 84 + i * 46, 26, value,
                 sum(scene.dice) == 7)


PIP_PLACES = {
    1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _die(canvas: Canvas, x: int, y: int, value: int, seven: bool) -> None:
    size = 38
    canvas.box((x, y, x + size, y + size), (255, 255, 255), radius=7,
               outline=RED if seven else INK, line=2)
    mid = size // 2
    for dx, dy in PIP_PLACES.get(value, ()):
        px, py = x + mid + dx * 10, y + mid + dy * 10
        canvas.draw.ellipse((px - 3, py - 3, px + 3, py + 3), fill=INK)


def _players(canvas: Canvas, scene: CatanScene) -> None:
    columns = (250, 318, 396, 474, 540)
    top = TABLE_TOP
    for x, heading in zip(columns, scene.headings, strict=True):
        canvas.text((x, top + ROW // 2), heading, 12, MUTED, weight=MEDIUM, width=74,
                    anchor="mm")
    for row, player in enumerate(scene.players, start=1):
        y = top + row * ROW
        if player.current:
            canvas.box((MARGIN - 6, y + 2, WIDTH - MARGIN + 6, y + ROW - 2), LIT, radius=8)
        mid = y + ROW // 2
        fill = PIECE_COLOURS[player.colour]
        canvas.draw.ellipse((MARGIN, mid - 9, MARGIN + 18, mid + 9), fill=fill,
                            outline=PIECE_EDGE, width=2)
        canvas.text((MARGIN + 28, mid), player.name, 17, INK, weight=BOLD, width=180,
                    anchor="lm")
        values = (player.points, player.cards, player.development, player.knights,
                  player.road)
        for x, value in zip(columns, values, strict=True):
            canvas.text((x, mid), str(value), 17, INK, weight=BOLD if x == columns[0]
                        else MEDIUM, anchor="mm")
        for number, badge in enumerate(player.badges):
            shift = (2 * number - len(player.badges) + 1) * 7
            canvas.text((WIDTH - MARGIN, mid + shift), badge, 11, RED, weight=BOLD,
                        width=WIDTH - MARGIN - 576, anchor="rm")
    legend_y = top + (len(scene.players) + 1) * ROW + 14
    for number, line in enumerate(scene.legend):
        canvas.text((MARGIN, legend_y + number * 20), line, 13, MUTED,
                    width=WIDTH - 2 * MARGIN, anchor="lm")
