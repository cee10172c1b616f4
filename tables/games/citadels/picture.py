"""The Citadels board as a picture: each player's city as coloured district tiles with their
costs, the player's gold, hand size and progress towards a complete city, the crown, and the
characters already revealed this round.

Drawn from the public view only, like the text board.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

from games.citadels.cards import CHARACTERS, COLOURS
from games.citadels.views import CitadelsView
from tables.i18n import t_plain
from tables.pictures.canvas import Canvas, Colour
from tables.pictures.fonts import BOLD, MEDIUM
from tables.pictures.picture import BoardPicture
from tables.text import Text

if TYPE_CHECKING:
    from tables.service import LiveMatch


class CitadelsPictureNames(Protocol):
    """What the picture reads from its game's words: the names it writes on the board
    (the words pass themselves; the picture needs no more of them)."""

    def district(self, name: str, locale: str | None) -> Text: ...
    def ranked(self, name: str, locale: str | None) -> Text: ...
    def seat_name(self, live: LiveMatch, seat: int) -> Text: ...


# Sized for a phone (Discord shows a board about 400 px wide there, 550 on a desktop): the
# text is as large against the width as a phone can show it, and no larger in pixels, since
# every pixel of a changed band is drawn, mapped and compressed again.
MARGIN = 20
HEADER = 106
PANEL_GAP = 14
PANEL_HEAD = 56
ROLES_ROW = 38
TILE_HEIGHT = 60
TILE_GAP = 8
PAD = 13
ONE_COLUMN_WIDTH = 768
TWO_COLUMN_WIDTH = 1024
# Up to this many players, one city per row; more share two columns.
ONE_COLUMN_PLAYERS = 3

PAPER: Colour = (241, 232, 214)
PANEL: Colour = (253, 250, 243)
PANEL_EDGE: Colour = (204, 188, 160)
INK: Colour = (46, 36, 26)
MUTED: Colour = (124, 106, 84)
GOLD: Colour = (236, 186, 56)
ACTING: Colour = (214, 150, 20)
ACTING_PLATE: Colour = (252, 236, 196)
WHITE: Colour = (255, 255, 255)
DISTRICT_COLOURS: dict[str, tuple[Colour, Colour]] = {
    "yellow": ((234, 190, 60), (58, 42, 6)),
    "blue": ((56, 106, 184), WHITE),
    "green": ((58, 142, 78), WHITE),
    "red": ((186, 54, 48), WHITE),
    "purple": ((122, 68, 156), WHITE),
}


@dataclass(frozen=True)
class Tile:
    name: str
    colour: str
    cost: int
    beautified: bool


@dataclass(frozen=True)
class City:
    player: str
    gold: int
    hand: int
    built: int
    crown: bool
    badge: str  # "completed first" / "completed" / ""
    score: str  # the final score, once the game is over ("" before)
    acting: bool
    roles: tuple[str, ...]
    tiles: tuple[Tile, ...]


@dataclass(frozen=True)
class CitiesScene:
    title: str
    subtitle: str
    target: int
    empty: str
    cities: tuple[City, ...]


def cities_scene(words: CitadelsPictureNames, live: LiveMatch, view: CitadelsView,
                 locale: str | None) -> CitiesScene:
    cities = []
    order: dict[str, int] = {colour: i for i, colour in enumerate(COLOURS)}
    for player in view.players:
        badge = ""
        if player.seat in view.completed:
            badge = t_plain("picture.citadels.completed_first" if view.completed[0] == player.seat
                            else "picture.citadels.completed", locale)
        tiles = tuple(
            Tile(words.district(d.name, locale).plain, d.colour, d.cost, d.beautified)
            for d in sorted(player.city, key=lambda d: (order.get(d.colour, 9), d.cost)))
        roles = tuple(words.ranked(name, locale).plain
                      for name in sorted(player.characters, key=lambda n: CHARACTERS[n].rank))
        score = ""
        if view.final is not None and player.seat in view.final.scores:
            total = float(view.final.scores[player.seat]["total"])
            # A whole number picks its plural form; any other falls back to the general one.
            score = t_plain("picture.citadels.score", locale,
                            points=int(total) if total.is_integer() else total)
        cities.append(City(
            player=words.seat_name(live, player.seat).plain, gold=player.gold,
            hand=player.hand_count, built=len(player.city), crown=player.crown, badge=badge,
            score=score,
            acting=view.acting == player.seat, roles=roles, tiles=tiles))
    return CitiesScene(
        title=t_plain("picture.title", locale, round=view.round,
                      phase=t_plain(f"citadels.phase.{view.phase}", locale)),
        subtitle=t_plain("picture.citadels.summary", locale, target=view.target,
                         deck=view.deck_count),
        target=view.target, empty=t_plain("picture.citadels.empty_city", locale),
        cities=tuple(cities))


def cities_picture(words: CitadelsPictureNames, live: LiveMatch, view: CitadelsView,
                   locale: str | None) -> BoardPicture:
    return BoardPicture(cities_scene(words, live, view, locale), paint_cities, style="2")


@dataclass(frozen=True)
class Layout:
    width: int
    columns: int
    column_width: int
    per_row: int
    tile_width: int


def layout(scene: CitiesScene) -> Layout:
    columns = 1 if len(scene.cities) <= ONE_COLUMN_PLAYERS else 2
    width = ONE_COLUMN_WIDTH if columns == 1 else TWO_COLUMN_WIDTH
    column_width = (width - 2 * MARGIN - (columns - 1) * PANEL_GAP) // columns
    inner = column_width - 2 * PAD
    per_row = 4 if columns == 1 else 3
    tile_width = (inner - (per_row - 1) * TILE_GAP) // per_row
    return Layout(width, columns, column_width, per_row, tile_width)


def panel_height(scene: CitiesScene, grid: Layout) -> int:
    """Every panel's height: room for a complete city (more if one is larger) and a row of
    characters, whether built and shown yet or not, so that a city growing or a character
    revealed moves nothing below it (a change stays in the rows it is drawn on)."""
    largest = max([len(city.tiles) for city in scene.cities] + [scene.target, 1])
    rows = math.ceil(largest / grid.per_row)
    return PANEL_HEAD + ROLES_ROW + rows * (TILE_HEIGHT + TILE_GAP) - TILE_GAP + PAD


def picture_height(scene: CitiesScene, grid: Layout) -> int:
    rows = math.ceil(len(scene.cities) / grid.columns)
    return HEADER + rows * (panel_height(scene, grid) + PANEL_GAP) + MARGIN - PANEL_GAP


def paint_cities(scene: CitiesScene) -> Canvas:
    grid = layout(scene)
    height = panel_height(scene, grid)
    canvas = Canvas(grid.width, picture_height(scene, grid), PAPER)
    canvas.text((MARGIN + 3, 21), scene.title, 32, INK, weight=BOLD,
                width=grid.width - 2 * MARGIN)
    canvas.text((MARGIN + 3, 64), scene.subtitle, 21, MUTED, weight=MEDIUM,
                width=grid.width - 2 * MARGIN)
    for index, city in enumerate(scene.cities):
        row, column = divmod(index, grid.columns)
        x = MARGIN + column * (grid.column_width + PANEL_GAP)
        _panel(canvas, scene, city, grid, x, HEADER + row * (height + PANEL_GAP), height)
    return canvas


def _panel(canvas: Canvas, scene: CitiesScene, city: City, grid: Layout, x: int, y: int,
           height: int) -> None:
    right = x + grid.column_width
    canvas.box((x, y, right, y + height), PANEL, radius=13, outline=PANEL_EDGE, line=2)
    if city.acting:
        # The player whose turn it is: the name plate lit, not the whole panel's edge (a
        # turn passing then changes the rows of two name plates, not of two whole panels).
        canvas.box((x + 4, y + 4, right - 4, y + PANEL_HEAD - 3), ACTING_PLATE, radius=10,
                   outline=ACTING, line=3)
    # Right to left: progress, hand, gold; the name takes the room that is left.
    mid = y + PANEL_HEAD // 2 + 1
    edge = right - PAD
    progress = f"{city.built}/{scene.target}"
    canvas.text((edge, mid), progress, 24, INK, weight=BOLD, anchor="rm")
    edge = right - PAD - canvas.measure(progress, 24, BOLD) - 8
    _tower(canvas, edge - 20, mid)
    edge -= 42
    hand = str(city.hand)
    canvas.text((edge, mid), hand, 24, INK, weight=BOLD, anchor="rm")
    edge -= canvas.measure(hand, 24, BOLD) + 6
    _card_back(canvas, edge - 18, mid)
    edge -= 45
    canvas.coin((edge - 18, mid), 18, str(city.gold), 19)
    edge -= 48
    name_x = x + PAD
    if city.crown:
        canvas.crown(name_x, mid - 12, 34)
        name_x += 42
    canvas.text((name_x, mid), city.player, 26, INK, weight=BOLD, width=edge - name_x,
                anchor="lm")
    top = y + PANEL_HEAD
    cx = x + PAD
    if city.score:
        cx = canvas.pill(cx, top, city.score, 18, INK, WHITE, weight=BOLD, height=29,
                         max_width=right - PAD - cx) + 6
    if city.badge:
        cx = canvas.pill(cx, top, city.badge, 18, ACTING, WHITE, weight=BOLD, height=29,
                         max_width=right - PAD - cx) + 6
    for role in city.roles:
        if cx + 96 > right - PAD:
            break
        cx = canvas.pill(cx, top, role, 18, (232, 222, 200), INK, weight=MEDIUM,
                         height=29, max_width=right - PAD - cx) + 6
    top += ROLES_ROW
    canvas.paste(_city_tiles(city.tiles, scene.empty, grid), x + PAD, top)


@lru_cache(maxsize=256)  # its operations and rendered texts: a few KiB each
def _city_tiles(tiles: tuple[Tile, ...], empty: str, grid: Layout) -> Canvas:
    """A city's districts, recorded once while the city stays as it is (most moves build
    nothing)."""
    inner = grid.column_width - 2 * PAD
    rows = max(1, math.ceil(len(tiles) / grid.per_row))
    # Boxes' right and bottom edges are drawn on the pixel past their width and height. Its
    # operations are pasted over the panel: its background, the picture's, is not drawn (one
    # of the panel's colour would be, over every row of the city, each time a row is added).
    part = Canvas(inner + 1, rows * (TILE_HEIGHT + TILE_GAP) - TILE_GAP + 1, PAPER)
    if not tiles:
        part.box((0, 0, inner, TILE_HEIGHT), None, radius=8, outline=PANEL_EDGE, line=2)
        part.text((grid.column_width // 2 - PAD, TILE_HEIGHT // 2), empty, 19, MUTED,
                  weight=MEDIUM, anchor="mm")
        return part
    for i, tile in enumerate(tiles):
        row, col = divmod(i, grid.per_row)
        _tile(part, tile, col * (grid.tile_width + TILE_GAP), row * (TILE_HEIGHT + TILE_GAP),
              grid.tile_width)
    return part


def _tile(canvas: Canvas, tile: Tile, x: int, y: int, width: int) -> None:
    fill, ink = DISTRICT_COLOURS.get(tile.colour, ((150, 150, 150), WHITE))
    canvas.box((x, y, x + width, y + TILE_HEIGHT), fill, radius=8)
    coin = 15
    canvas.coin((x + width - coin - 6, y + coin + 6), coin, str(tile.cost), 18)
    room = width - 2 * coin - 22
    size, lines = _tile_lines(tile.name, room)
    ty = y + TILE_HEIGHT // 2 - (len(lines) - 1) * 11
    for line in lines:
        canvas.text((x + 10, ty), line, size, ink, weight=MEDIUM, width=room, anchor="lm")
        ty += 22
    if tile.beautified:
        _star(canvas, x + width - coin - 6, y + TILE_HEIGHT - 11, 8)


def _tile_lines(text: str, width: int) -> tuple[int, list[str]]:
    """The size and lines of a district's name: one line if it fits; else a smaller size for a
    single word, or two lines split on the last fitting space (or character, for Chinese)."""
    size = 18
    if Canvas.measure(text, size, MEDIUM) <= width:
        return size, [text]
    if " " not in text and text.isascii():
        while size > 13 and Canvas.measure(text, size, MEDIUM) > width:
            size -= 1
        return size, [text]
    cut = len(text)
    while cut > 1 and Canvas.measure(text[:cut], size, MEDIUM) > width:
        cut -= 1
    space = text.rfind(" ", 0, cut + 1)
    if space > 0:
        cut = space
    return size, [text[:cut].rstrip(), text[cut:].strip()]


def _tower(canvas: Canvas, x: int, y: int) -> None:
    """A small castle tower centred on (x, y)."""
    colour = (110, 92, 70)
    canvas.draw.rectangle((x - 10, y - 8, x + 10, y + 13), fill=colour)
    for dx in (-10, -2, 6):
        canvas.draw.rectangle((x + dx, y - 14, x + dx + 4, y - 8), fill=colour)
    canvas.draw.rectangle((x - 3, y + 3, x + 3, y + 13), fill=PANEL)


def _card_back(canvas: Canvas, x: int, y: int) -> None:
    """Two overlapping card backs centred on (x, y): the hand."""
    for dx, dy, fill in ((-5, -3, (150, 60, 50)), (2, 2, (176, 76, 62))):
        canvas.box((x + dx - 9, y + dy - 13, x + dx + 9, y + dy + 13), fill, radius=3,
                   outline=(250, 240, 220), line=2)


def _star(canvas: Canvas, x: int, y: int, radius: int) -> None:
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        points.append((int(x + r * math.cos(angle)), int(y - r * math.sin(angle))))
    canvas.draw.polygon(points, fill=(255, 236, 140), outline=(150, 100, 10))
