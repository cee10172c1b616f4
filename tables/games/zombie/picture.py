"""The Zombie in My Pocket board as a picture: the explored house and yard as two maps of
tiles (walls, doors, hedges, broken walls and the window drawn on their sides; the special
rooms tinted and named), the team's tile ringed in gold, the ground still to explore dashed;
above them the clock and the deck, below them every player's health and items.

Drawn from the public view only, like the text board.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from games.zombie.cards import MAX_HEALTH, MIDNIGHT
from games.zombie.tiles import DIRECTIONS, STEP, TILES
from games.zombie.views import PublicView, TileView
from tables.i18n import t_plain
from tables.pictures.canvas import Canvas, Colour
from tables.pictures.fonts import BOLD, MEDIUM
from tables.pictures.picture import BoardPicture
from tables.text import Text

if TYPE_CHECKING:
    from tables.service import LiveMatch


class ZombiePictureNames(Protocol):
    """What the picture reads from its game's words: the names it writes on the board
    (the words pass themselves; the picture needs no more of them)."""

    def tile(self, tile: str, locale: str | None) -> Text: ...
    def item(self, item: str, locale: str | None) -> Text: ...
    def hour(self, hour: int, locale: str | None) -> Text: ...
    def names(self, live: LiveMatch, seats: list[int], locale: str | None) -> Text: ...
    def seat_name(self, live: LiveMatch, seat: int) -> Text: ...


WIDTH = 1120
MARGIN = 28
HEADER = 132
BANNER = 58
PANEL_TOP_PAD = 56
PANEL_PAD = 18
PANEL_WIDTH = (WIDTH - 3 * MARGIN) // 2
MAX_TILE = 124
MIN_MAP_HEIGHT = 300
MAX_MAP_HEIGHT = 620
PLAYER_ROW = 58
LEGEND = 54

NIGHT: Colour = (24, 22, 34)
PANEL: Colour = (38, 36, 52)
PANEL_EDGE: Colour = (70, 66, 92)
WHITE: Colour = (255, 255, 255)
PALE: Colour = (196, 192, 214)
MUTED: Colour = (136, 132, 158)
INK: Colour = (40, 28, 22)
GOLD: Colour = (244, 196, 48)
BLOOD: Colour = (176, 36, 40)
HEART: Colour = (214, 48, 64)
HEART_EMPTY: Colour = (74, 70, 92)
WALL: Colour = (58, 40, 30)
DOOR: Colour = (150, 96, 50)
HEDGE: Colour = (38, 92, 44)
WINDOW: Colour = (110, 180, 230)
CRACK: Colour = (214, 60, 40)
FLOOR: Colour = (226, 202, 164)
GRASS: Colour = (164, 200, 120)
# Special rooms: their tint (house, yard) and the ink on them.
SPECIAL_FILL: dict[str, Colour] = {
    "temple": (206, 96, 96),
    "grave": (168, 168, 182),
    "carving": (178, 142, 214),
    "search": (232, 186, 92),
    "hearth": (240, 164, 96),
    "window": (160, 200, 228),
}
ITEM_CHIP: Colour = (236, 230, 214)
TOTEM_CHIP: Colour = (120, 40, 120)


@dataclass(frozen=True)
class Cell:
    name: str
    x: int
    y: int
    sides: tuple[str, str, str, str]  # N, E, S, W: door, wall, open, hedge or house
    special: str
    note: str  # the special room's word, with what it holds now ("totem here", "buried")
    yard: bool
    here: bool
    breaks: tuple[str, ...]  # sides broken through (a wall or a hedge)
    window: str  # the side of the open window ("" when none)


@dataclass(frozen=True)
class AreaMap:
    title: str
    cells: tuple[Cell, ...]
    frontier: tuple[tuple[int, int], ...]  # unexplored ground beyond a way out
    empty: str  # what the panel says while nothing of it is explored


@dataclass(frozen=True)
class PlayerRow:
    name: str
    health: int
    alive: bool
    leader: bool
    status: str
    chips: tuple[str, ...]
    totem: str


@dataclass(frozen=True)
class MapScene:
    title: str
    clock: str
    deck: str
    hour: int
    banner: str
    house: AreaMap
    yard: AreaMap
    players: tuple[PlayerRow, ...]
    legend: tuple[tuple[str, str], ...]
    team: str


def _frontier(view: PublicView, area: str) -> tuple[tuple[int, int], ...]:
    left = view.house_left if area == "house" else view.yard_left
    if not left:
        return ()
    taken = {(tv.x, tv.y) for tv in view.tiles if tv.area == area}
    found: list[tuple[int, int]] = []
    for tv in view.tiles:
        if tv.area != area:
            continue
        for d in DIRECTIONS:
            if tv.sides[d] not in ("door", "open"):
                continue
            spot = (tv.x + STEP[d][0], tv.y + STEP[d][1])
            if spot not in taken and spot not in found:
                found.append(spot)
    return tuple(found)


def _direction(a: TileView, b: TileView) -> str | None:
    for d, (dx, dy) in STEP.items():
        if (a.x + dx, a.y + dy) == (b.x, b.y):
            return d
    return None


def _area(words: ZombiePictureNames, view: PublicView, area: str, locale: str | None
          ) -> AreaMap:
    by_tile = {tv.tile: tv for tv in view.tiles}
    breaks: dict[str, list[str]] = {}
    for opening in view.openings:
        if opening.kind == "window":
            continue
        a, b = by_tile.get(opening.a), by_tile.get(opening.b)
        if a is None or b is None:
            continue
        for one, other in ((a, b), (b, a)):
            d = _direction(one, other)
            if d is not None:
                breaks.setdefault(one.tile, []).append(d)
    window_open = any(o.kind == "window" for o in view.openings)
    cells = []
    for tv in view.tiles:
        if tv.area != area:
            continue
        special = TILES[tv.tile].special
        if special == "temple":
            note = t_plain("picture.zombie.totem_here" if view.totem == "hidden"
                           else "picture.zombie.totem_gone", locale)
        elif special == "grave" and view.totem == "buried":
            note = t_plain("picture.zombie.buried", locale)
        elif special == "window" and window_open:
            note = t_plain("picture.zombie.window_open", locale)
        elif special == "search" and tv.tile in view.searched:
            note = t_plain("picture.zombie.searched", locale)
        else:
            note = t_plain(f"picture.zombie.special.{special}", locale) if special else ""
        window = ""
        if tv.tile == "patio":
            window = next(d for d in DIRECTIONS if tv.sides[d] == "house")
        cells.append(Cell(
            name=words.tile(tv.tile, locale).plain, x=tv.x, y=tv.y,
            sides=tuple(tv.sides[d] for d in DIRECTIONS),  # type: ignore[arg-type]
            special=special, note=note, yard=area == "yard", here=tv.tile == view.at,
            breaks=tuple(sorted(breaks.get(tv.tile, []))), window=window))
    empty = t_plain("picture.zombie.yard_unreached", locale) if area == "yard" else ""
    return AreaMap(title=t_plain(f"picture.zombie.{area}", locale), cells=tuple(cells),
                   frontier=_frontier(view, area), empty=empty)


def map_scene(words: ZombiePictureNames, live: LiveMatch, view: PublicView,
              locale: str | None) -> MapScene:
    players = []
    for p in view.players:
        status = "" if p.alive else t_plain("picture.zombie.dead", locale)
        chips = tuple(words.item(i, locale).plain for i in p.items)
        players.append(PlayerRow(
            name=words.seat_name(live, p.seat).plain, health=p.health if p.alive else 0,
            alive=p.alive, leader=p.seat == view.leader, status=status, chips=chips,
            totem=t_plain("picture.zombie.totem", locale) if p.totem else ""))
    banner = ""
    fight = view.fight
    if fight is not None and view.stage == "fight":
        banner = t_plain("picture.zombie.fight_open", locale, zombies=fight.zombies)
    elif fight is not None:
        banner = t_plain("picture.zombie.fight_sides", locale, zombies=fight.zombies,
                         fighters=words.names(live, fight.fighters, locale).plain,
                         fled=words.names(live, fight.fled, locale).plain)
    elif view.result == "won":
        banner = t_plain("picture.zombie.won", locale)
    elif view.result == "lost":
        banner = t_plain("picture.zombie.lost", locale)
    legend = tuple((s, t_plain(f"picture.zombie.legend.{s}", locale))
                   for s in ("temple", "grave", "carving", "search", "hearth"))
    alive = sum(1 for p in view.players if p.alive)
    return MapScene(
        title=t_plain("picture.zombie.title", locale, round=view.round),
        clock=words.hour(view.hour, locale).plain,
        deck=t_plain("picture.zombie.midnight", locale) if view.hour >= MIDNIGHT else
        t_plain("picture.zombie.deck", locale, deck=view.deck_left,
                next=words.hour(view.hour + 1, locale).plain),
        hour=view.hour, banner=banner,
        house=_area(words, view, "house", locale),
        yard=_area(words, view, "yard", locale),
        players=tuple(players), legend=legend,
        team=t_plain("picture.zombie.team", locale, count=alive))


def map_picture(words: ZombiePictureNames, live: LiveMatch, view: PublicView,
                locale: str | None) -> BoardPicture:
    return BoardPicture(map_scene(words, live, view, locale), paint_map)


# -- geometry --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Grid:
    left: int  # the smallest x and y of the cells shown
    top: int
    columns: int
    rows: int
    size: int  # a tile's side in pixels


def grid_of(area: AreaMap) -> Grid:
    spots = [(c.x, c.y) for c in area.cells] + list(area.frontier)
    if not spots:
        return Grid(0, 0, 1, 1, MAX_TILE)
    xs = [x for x, _ in spots]
    ys = [y for _, y in spots]
    columns = max(xs) - min(xs) + 1
    rows = max(ys) - min(ys) + 1
    room = PANEL_WIDTH - 2 * PANEL_PAD
    size = min(MAX_TILE, room // columns, (MAX_MAP_HEIGHT - 2 * PANEL_PAD) // rows)
    return Grid(min(xs), min(ys), columns, rows, size)


def maps_height(scene: MapScene) -> int:
    tallest = max(grid_of(a).rows * grid_of(a).size for a in (scene.house, scene.yard))
    return PANEL_TOP_PAD + max(MIN_MAP_HEIGHT, tallest + 2 * PANEL_PAD)


def picture_height(scene: MapScene) -> int:
    banner = BANNER if scene.banner else 0
    return (HEADER + banner + maps_height(scene) + MARGIN + len(scene.players) * PLAYER_ROW
            + LEGEND + MARGIN)


def panel_origin(scene: MapScene, area: AreaMap) -> tuple[int, int]:
    """The top left corner of ``area``'s panel: the house on the left, the yard on the right."""
    y = HEADER + (BANNER if scene.banner else 0)
    return (MARGIN if area is scene.house else 2 * MARGIN + PANEL_WIDTH), y


def cell_origin(scene: MapScene, area: AreaMap, x: int, y: int) -> tuple[int, int]:
    """The top left corner, in pixels, of the map square (x, y) of ``area``."""
    x0, y0 = panel_origin(scene, area)
    grid = grid_of(area)
    height = maps_height(scene)
    left = x0 + (PANEL_WIDTH - grid.columns * grid.size) // 2
    top = y0 + PANEL_TOP_PAD + (height - PANEL_TOP_PAD - grid.rows * grid.size) // 2
    return left + (x - grid.left) * grid.size, top + (y - grid.top) * grid.size


# -- painting --------------------------------------------------------------------------------
def paint_map(scene: MapScene) -> Canvas:
    canvas = Canvas(WIDTH, picture_height(scene), NIGHT)
    _header(canvas, scene)
    if scene.banner:
        y = HEADER
        canvas.box((MARGIN, y, WIDTH - MARGIN, y + BANNER - 12), BLOOD, radius=12)
        canvas.text((WIDTH // 2, y + (BANNER - 12) // 2), scene.banner, 26, WHITE, weight=BOLD,
                    width=WIDTH - 2 * MARGIN - 30, anchor="mm")
    height = maps_height(scene)
    for area in (scene.house, scene.yard):
        _panel(canvas, scene, area, height)
    y = panel_origin(scene, scene.house)[1] + height + MARGIN
    for row in scene.players:
        _player(canvas, row, y)
        y += PLAYER_ROW
    _legend(canvas, scene, y + 8)
    return canvas


def _header(canvas: Canvas, scene: MapScene) -> None:
    _clock(canvas, (MARGIN + 48, 64), 46, scene.hour)
    x = MARGIN + 116
    canvas.text((x, 40), scene.title, 38, WHITE, weight=BOLD, width=WIDTH - x - MARGIN,
                anchor="lm")
    end = canvas.text((x, 92), scene.clock, 28, GOLD, weight=BOLD, anchor="lm")
    canvas.text((end + 18, 92), scene.deck, 24, PALE, weight=MEDIUM,
                width=WIDTH - end - 18 - MARGIN, anchor="lm")


def _clock(canvas: Canvas, centre: tuple[int, int], radius: int, hour: int) -> None:
    """A clock face, its hand on the hour, the quarter to midnight shaded."""
    x, y = centre
    box = (x - radius, y - radius, x + radius, y + radius)
    canvas.draw.ellipse(box, fill=(238, 232, 214), outline=GOLD, width=4)
    # Nine to midnight: the game's three hours, shaded red.
    canvas.draw.pieslice((x - radius + 6, y - radius + 6, x + radius - 6, y + radius - 6),
                         180, 270, fill=(236, 176, 168))
    for mark in range(12):
        angle = math.radians(mark * 30 - 90)
        inner = radius - (12 if mark % 3 == 0 else 8)
        canvas.draw.line((x + inner * math.cos(angle), y + inner * math.sin(angle),
                          x + (radius - 4) * math.cos(angle), y + (radius - 4) * math.sin(angle)),
                         fill=INK, width=3 if mark % 3 == 0 else 2)
    angle = math.radians((min(hour, MIDNIGHT) % 12) * 30 - 90)
    canvas.draw.line((x, y, x + (radius - 14) * math.cos(angle),
                      y + (radius - 14) * math.sin(angle)), fill=BLOOD, width=6)
    canvas.draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=INK)


def _panel(canvas: Canvas, scene: MapScene, area: AreaMap, height: int) -> None:
    x0, y0 = panel_origin(scene, area)
    canvas.box((x0, y0, x0 + PANEL_WIDTH, y0 + height), PANEL, radius=16, outline=PANEL_EDGE,
               line=2)
    canvas.text((x0 + PANEL_PAD, y0 + 30), area.title, 28, WHITE, weight=BOLD, anchor="lm")
    if not area.cells:
        canvas.text((x0 + PANEL_WIDTH // 2, y0 + height // 2), area.empty, 24, MUTED,
                    weight=MEDIUM, width=PANEL_WIDTH - 2 * PANEL_PAD, anchor="mm")
        return
    size = grid_of(area).size
    for spot in area.frontier:
        canvas.unexplored(cell_origin(scene, area, *spot), size, 8, MUTED, max(18, size // 3))
    for cell in area.cells:
        _tile(canvas, cell, cell_origin(scene, area, cell.x, cell.y), size)
    for cell in area.cells:
        if cell.here:
            _team(canvas, cell_origin(scene, area, cell.x, cell.y), size, scene.team)


def _tile(canvas: Canvas, cell: Cell, at: tuple[int, int], size: int) -> None:
    x, y = at
    base = GRASS if cell.yard else FLOOR
    fill = SPECIAL_FILL.get(cell.special, base)
    pad = 3
    canvas.draw.rectangle((x + pad, y + pad, x + size - pad, y + size - pad), fill=fill)
    for index, direction in enumerate(DIRECTIONS):
        _side(canvas, x, y, size, direction, cell.sides[index], direction in cell.breaks,
              direction == cell.window)
    _tile_text(canvas, cell, x, y, size)


def _edge(x: int, y: int, size: int, direction: str) -> tuple[tuple[int, int], tuple[int, int]]:
    return {
        "N": ((x, y), (x + size, y)),
        "E": ((x + size, y), (x + size, y + size)),
        "S": ((x, y + size), (x + size, y + size)),
        "W": ((x, y), (x, y + size)),
    }[direction]


def _side(canvas: Canvas, x: int, y: int, size: int, direction: str, side: str, broken: bool,
          window: bool) -> None:
    (ax, ay), (bx, by) = _edge(x, y, size, direction)
    thick = max(5, size // 14)
    horizontal = ay == by

    def segment(start: float, end: float, colour: Colour, width: int) -> None:
        canvas.draw.line((ax + (bx - ax) * start, ay + (by - ay) * start,
                          ax + (bx - ax) * end, ay + (by - ay) * end), fill=colour, width=width)

    if window:
        segment(0.0, 1.0, WALL, thick)
        segment(0.2, 0.8, WINDOW, thick + 2)
        return
    if broken:
        segment(0.0, 0.25, WALL if side in ("wall", "door") else HEDGE, thick)
        segment(0.75, 1.0, WALL if side in ("wall", "door") else HEDGE, thick)
        # A jagged crack across the gap.
        points = []
        for i in range(7):
            k = 0.25 + 0.5 * i / 6
            offset = (thick + 3) * (1 if i % 2 else -1)
            px = ax + (bx - ax) * k + (0 if horizontal else offset)
            py = ay + (by - ay) * k + (offset if horizontal else 0)
            points.append((px, py))
        canvas.draw.line(points, fill=CRACK, width=3)
        return
    if side == "wall":
        segment(0.0, 1.0, WALL, thick)
    elif side == "door":
        segment(0.0, 0.3, WALL, thick)
        segment(0.7, 1.0, WALL, thick)
        segment(0.34, 0.66, DOOR, max(3, thick // 2))
    elif side == "hedge":
        bushes = 6
        radius = max(5, size // 16)
        for i in range(bushes):
            k = (i + 0.5) / bushes
            cx = ax + (bx - ax) * k
            cy = ay + (by - ay) * k
            canvas.draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius),
                                fill=HEDGE, outline=(26, 64, 30))


def _tile_text(canvas: Canvas, cell: Cell, x: int, y: int, size: int) -> None:
    name_size = max(14, min(22, size // 6))
    words = _wrap(cell.name, name_size, size - 22)
    # A long word in a small tile: a smaller size rather than a cut name.
    while name_size > 11 and max(Canvas.measure(w, name_size, BOLD) for w in words) > size - 16:
        name_size -= 1
    lines = len(words) + (1 if cell.note else 0)
    line_h = name_size + 6
    top = y + size // 2 - lines * line_h // 2 + line_h // 2
    for i, line in enumerate(words):
        canvas.text((x + size // 2, top + i * line_h), line, name_size, INK, weight=BOLD,
                    width=size - 16, anchor="mm")
    if cell.note:
        note_size = max(12, name_size - 5)
        canvas.text((x + size // 2, top + len(words) * line_h), cell.note, note_size,
                    (70, 40, 30), weight=MEDIUM, width=size - 14, anchor="mm")


def _wrap(text: str, size: int, width: int) -> list[str]:
    """At most two lines: split at the space nearest the middle when the name is too wide."""
    if Canvas.measure(text, size, BOLD) <= width or " " not in text:
        return [text]
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
    return [text[:cut], text[cut + 1:]]


def _team(canvas: Canvas, at: tuple[int, int], size: int, team: str) -> None:
    x, y = at
    canvas.draw.rectangle((x - 2, y - 2, x + size + 2, y + size + 2), outline=GOLD, width=6)
    # The token sits on the tile's corner, leaving its name clear.
    radius = max(12, size // 7)
    cx, cy = x + size - radius // 2, y + radius // 2
    canvas.draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=GOLD,
                        outline=INK, width=2)
    # A small figure: head and shoulders.
    canvas.draw.ellipse((cx - radius // 3, cy - radius * 2 // 3, cx + radius // 3,
                         cy - radius // 6), fill=INK)
    canvas.draw.pieslice((cx - radius * 2 // 3, cy - radius // 12, cx + radius * 2 // 3,
                          cy + radius), 180, 360, fill=INK)
    label_size = max(12, size // 9)
    canvas.text((x + size // 2, y + size - label_size + 2), team, label_size, INK, weight=BOLD,
                width=size - 12, anchor="mm")


def _heart(canvas: Canvas, x: int, y: int, size: int, colour: Colour) -> None:
    r = size // 4
    canvas.draw.ellipse((x, y, x + 2 * r, y + 2 * r), fill=colour)
    canvas.draw.ellipse((x + 2 * r, y, x + 4 * r, y + 2 * r), fill=colour)
    canvas.draw.polygon([(x, y + r + 1), (x + 4 * r, y + r + 1), (x + 2 * r, y + size)],
                        fill=colour)


def _player(canvas: Canvas, row: PlayerRow, y: int) -> None:
    x = MARGIN
    canvas.box((x, y, WIDTH - MARGIN, y + PLAYER_ROW - 8), PANEL, radius=12)
    mid = y + (PLAYER_ROW - 8) // 2
    if row.leader:
        canvas.crown(x + 12, mid - 12, 34)
    ink = WHITE if row.alive else MUTED
    end = canvas.text((x + 56, mid), row.name, 26, ink, weight=BOLD, width=240, anchor="lm")
    hx = max(end + 16, x + 310)
    if row.alive:
        for i in range(MAX_HEALTH):
            _heart(canvas, hx + i * 30, mid - 11, 24, HEART if i < row.health else HEART_EMPTY)
        hx += MAX_HEALTH * 30 + 14
    else:
        hx = canvas.text((hx, mid), row.status, 24, MUTED, weight=MEDIUM, anchor="lm") + 18
    chips = ([(row.totem, TOTEM_CHIP, WHITE)] if row.totem else []) + \
        [(chip, ITEM_CHIP, INK) for chip in row.chips]
    right = WIDTH - MARGIN - 12
    for shown, (text, fill, ink_colour) in enumerate(chips):
        wide = canvas.measure(text, 20, MEDIUM) + 22
        reserve = 50 if shown < len(chips) - 1 else 0
        if hx + wide > right - reserve:
            canvas.text((right, mid), f"+{len(chips) - shown}", 22, PALE, weight=BOLD,
                        anchor="rm")
            return
        canvas.pill(hx, mid - 15, text, 20, fill, ink_colour, weight=MEDIUM, pad=11, height=30)
        hx += wide + 8


def _legend(canvas: Canvas, scene: MapScene, y: int) -> None:
    x = MARGIN + 8
    for special, text in scene.legend:
        wide = canvas.measure(text, 20, MEDIUM) + 36
        if x + wide > WIDTH - MARGIN:
            break
        canvas.draw.rectangle((x, y + 6, x + 24, y + 30), fill=SPECIAL_FILL[special],
                              outline=PANEL_EDGE)
        canvas.text((x + 32, y + 18), text, 20, PALE, weight=MEDIUM, anchor="lm")
        x += wide + 14
