"""The Marrowgate House board as a picture: one map per floor (ground, upper, basement), each
placed room a tile on its grid square with its walls and doors, its name, its stair or passage,
the items left in it, and the explorers (a token in their seat's colour with the seat's number)
and monsters (dark diamonds) standing in it; the unknown beyond an open door dashed, the front
door below the Entrance Hall. Above: the round and whose turn it is, the omens or the haunt and
its traitor; below: whose token is whose.

Drawn for a table's pictures one after another (``tables.pictures.png.TableEncoder`` draws and
compresses again only the 32-row bands whose drawing changed): what does not change is
recorded once and replayed (``tables.games.haunt.kept``), and the layout keeps a change in few
bands (a map moves only when a block of squares is added to it, tiles a whole number of bands
tall sit on band edges, whose turn it is sits beside the title).

Drawn from the public view only, like the text board: the tome and the heroes' secret are in
no public view, so nothing here can show them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache, partial
from typing import TYPE_CHECKING, Protocol

from games.haunt.board import STEP
from games.haunt.catalog import catalog
from games.haunt.schema import DIRECTIONS
from games.haunt.schema import Text as Content
from games.haunt.views import PublicView
from tables.games.haunt.kept import keep
from tables.i18n import normalize_locale, t_plain
from tables.pictures.canvas import Canvas, Colour
from tables.pictures.fonts import BOLD, MEDIUM
from tables.pictures.picture import BoardPicture
from tables.pictures.png import BAND
from tables.text import Text

if TYPE_CHECKING:
    from tables.service import LiveMatch


class HauntPictureNames(Protocol):
    """What the picture reads from its game's words: the names it writes on the board
    (the words pass themselves; the picture needs no more of them)."""

    def room(self, room_id: str | None, locale: str | None) -> Text: ...
    def explorer(self, explorer_id: str, locale: str | None) -> Text: ...
    def monster(self, live: LiveMatch, piece: str, locale: str | None) -> Text: ...
    def over_line(self, live: LiveMatch, winners: list[int], locale: str | None) -> Text: ...
    def seat_name(self, live: LiveMatch, seat: int) -> Text: ...


WIDTH = 1040
MARGIN = 24
HEADER = 104
# The title and whose turn it is, which change every turn, on one band of the encoder's rows
# (32 to 63), the line under them on the next.
TITLE = 26  # the title's type size
TITLE_Y = 45
SUBTITLE_Y = 80
BANNER = 54
PANEL_TOP = 46
PANEL_PAD = 16
PANEL_GAP = 16
MAX_TILE = 112
# The grids of every floor together get at most this many pixels of height: a taller picture
# is shrunk past reading in a Discord embed.
MAPS_BUDGET = 900
PLAYER_ROW = 50
LEGEND = 48
LEGEND_ROW = 34  # each further row of the legend
# The ground floor's cell beyond the front door (board.outside).
OUTSIDE = (0, -1)
FLOOR_ORDER = ("ground", "upper", "basement")
LEVEL = {"basement": 0, "ground": 1, "upper": 2}

NIGHT: Colour = (22, 18, 30)
PANEL: Colour = (40, 34, 52)
PANEL_EDGE: Colour = (74, 64, 96)
WHITE: Colour = (255, 255, 255)
PALE: Colour = (200, 192, 216)
MUTED: Colour = (138, 130, 160)
INK: Colour = (42, 28, 22)
GOLD: Colour = (244, 196, 48)
BLOOD: Colour = (150, 30, 44)
WALL: Colour = (62, 40, 30)
DOOR: Colour = (176, 118, 60)
FLOOR_FILL: dict[str, Colour] = {
    "ground": (224, 204, 170),
    "upper": (212, 200, 222),
    "basement": (192, 186, 170),
}
START_FILL: Colour = (238, 222, 190)
OUTSIDE_FILL: Colour = (120, 150, 96)
HAUNT_EDGE: Colour = (196, 30, 44)
MONSTER_FILL: tuple[Colour, ...] = ((30, 20, 24), (70, 20, 80))
MONSTER_EDGE: Colour = (214, 48, 64)
STUNNED_FILL: Colour = (120, 116, 124)
PILE_FILL: Colour = (150, 98, 40)
PILE_EDGE: Colour = (86, 52, 16)
STAIR_FILL: Colour = (92, 64, 120)
# Seat colours, told apart on the light floors and from the monsters' dark diamonds.
SEAT_COLOURS: tuple[Colour, ...] = (
    (52, 120, 232), (236, 132, 28), (40, 160, 80), (160, 76, 206), (20, 176, 190),
    (226, 72, 150), (140, 150, 30), (120, 90, 60),
)
DEAD_FILL: Colour = (150, 146, 150)


@dataclass(frozen=True)
class Token:
    label: str  # the seat's number, or the monster piece's number
    monster: bool
    colour: int  # the seat, or the monster kind's index in its haunt
    down: bool  # dead (explorer) or stunned (monster)
    acting: bool  # whose turn it is


@dataclass(frozen=True)
class RoomTile:
    name: str
    x: int
    y: int
    doors: tuple[str, ...]
    note: str  # where its stair or passage leads ("" when none)
    passage: bool
    start: bool
    haunt: bool  # the haunt began here
    front_door: bool  # its south side opens onto the outside
    pile: int  # items left here
    tokens: tuple[Token, ...]


@dataclass(frozen=True)
class FloorMap:
    floor: str
    title: str
    rooms: tuple[RoomTile, ...]
    frontier: tuple[tuple[int, int], ...]  # unknown squares behind an open door
    outside: str  # the front door's word on the ground floor, "" elsewhere
    outside_tokens: tuple[Token, ...]  # explorers who escaped

    @cached_property
    def grid(self) -> Grid:
        """The squares the map shows (worked out once: the layout asks for it often)."""
        return _grid(self)


@dataclass(frozen=True)
class PlayerRow:
    seat: int
    name: str
    explorer: str
    side: str
    status: str
    traitor: bool
    alive: bool


@dataclass(frozen=True)
class HauntScene:
    title: str
    subtitle: str
    banner: str  # the end of the game, or the monsters' turn
    over: bool
    turn: str  # whose turn it is, when it is a seat's
    turn_seat: int | None
    floors: tuple[FloorMap, ...]  # ground, upper, basement
    players: tuple[PlayerRow, ...]
    legend: tuple[tuple[str, str], ...]  # (mark, words)

    @cached_property
    def plan(self) -> Layout:
        """Where the floors' maps go (worked out once: the height and the painting ask)."""
        return _layout(self)


# -- the scene -------------------------------------------------------------------------------
def _words(text: Content, locale: str | None) -> str:
    """A content text (a haunt's title, a monster's name) in the reader's language."""
    return text.zh_CN if normalize_locale(locale) == "zh_CN" else text.en


def _monster_tokens(view: PublicView, acting: str | None) -> dict[str, list[Token]]:
    haunt = catalog().haunt(view.haunt) if view.haunt else None
    kinds = [k.id for k in haunt.monsters] if haunt else []
    found: dict[str, list[Token]] = {}
    for m in view.monsters:
        number = m.id.rsplit("-", 1)[-1]
        found.setdefault(m.room, []).append(Token(
            label=number if number.isdigit() else "", monster=True,
            colour=kinds.index(m.kind) if m.kind in kinds else 0, down=m.stunned,
            acting=m.id == acting))
    return found


def _frontier(view: PublicView, floor: str) -> tuple[tuple[int, int], ...]:
    taken = {(r.x, r.y) for r in view.rooms if r.floor == floor}
    found: list[tuple[int, int]] = []
    for r in view.rooms:
        if r.floor != floor:
            continue
        for d in r.doors:
            dx, dy = STEP[d]
            spot = (r.x + dx, r.y + dy)
            if spot in taken or spot in found or (floor == "ground" and spot == OUTSIDE):
                continue
            found.append(spot)
    return tuple(found)


def _notes(words: HauntPictureNames, view: PublicView, locale: str | None) -> dict[str, str]:
    """Each placed room's stair or passage: where it leads, and, on a two-way passage's far
    end, where it comes from."""
    floors = {r.id: LEVEL[r.floor] for r in view.rooms}
    notes: dict[str, str] = {}

    def note(there: str, here: str, one_way: bool = False) -> str:
        down = floors[there] < floors[here]
        key = "picture.haunt.one_way" if one_way and down else \
            "picture.haunt.down" if down else "picture.haunt.up"
        return t_plain(key, locale, room=words.room(there, locale).plain)

    for r in view.rooms:
        passage = catalog().room(r.id).passage
        if passage is None or passage.to not in floors:
            continue
        notes[r.id] = note(passage.to, r.id, passage.one_way)
        if not passage.one_way and passage.to not in notes:
            notes[passage.to] = note(r.id, passage.to)
    return notes


def haunt_scene(words: HauntPictureNames, live: LiveMatch, view: PublicView,
                locale: str | None) -> HauntScene:
    playing = view.winners is None
    acting_seat = view.current if playing and view.monsters_acting is None else None
    monsters = _monster_tokens(view, view.monsters_acting if playing else None)
    explorers: dict[str, list[Token]] = {}
    escaped: list[Token] = []
    for e in view.explorers:
        if not e.explorer or not e.room:
            continue
        token = Token(label=str(e.seat + 1), monster=False, colour=e.seat, down=not e.alive,
                      acting=e.seat == acting_seat)
        if e.escaped:
            escaped.append(token)
        else:
            explorers.setdefault(e.room, []).append(token)
    notes = _notes(words, view, locale)
    starts = set(catalog().start_room_ids())
    floors = []
    for floor in FLOOR_ORDER:
        rooms = tuple(
            RoomTile(name=words.room(r.id, locale).plain, x=r.x, y=r.y, doors=tuple(r.doors),
                     note=notes.get(r.id, ""), passage=r.id in notes, start=r.id in starts,
                     haunt=r.id == view.haunt_room,
                     front_door=catalog().room(r.id).front_door and floor == "ground"
                     and (r.x, r.y - 1) == OUTSIDE, pile=len(view.piles.get(r.id, [])),
                     tokens=tuple(explorers.get(r.id, []) + monsters.get(r.id, [])))
            for r in view.rooms if r.floor == floor)
        floors.append(FloorMap(
            floor=floor, title=t_plain(f"haunt.floor.{floor}", locale), rooms=rooms,
            frontier=_frontier(view, floor),
            outside=t_plain("picture.haunt.front_door", locale) if floor == "ground" else "",
            outside_tokens=tuple(escaped) if floor == "ground" else ()))
    players = []
    for e in view.explorers:
        if not e.explorer:
            status = t_plain("picture.haunt.choosing", locale)
        elif not e.alive:
            status = t_plain("haunt.board.dead", locale)
        elif e.escaped:
            status = t_plain("haunt.board.escaped", locale)
        else:
            status = ""
        side = t_plain(f"haunt.side.{e.side}", locale) if view.haunt and e.side in \
            ("traitor", "heroes", "alone") else ""
        players.append(PlayerRow(
            seat=e.seat, name=words.seat_name(live, e.seat).plain,
            explorer=words.explorer(e.explorer, locale).plain if e.explorer else "",
            side=side, status=status, traitor=bool(view.haunt) and e.side == "traitor",
            alive=e.alive))
    haunt = catalog().haunt(view.haunt) if view.haunt else None
    if haunt is None:
        subtitle = t_plain("picture.haunt.before", locale, omens=view.omens_drawn,
                           rooms=view.rooms_left)
    elif view.traitor is not None:
        subtitle = t_plain("picture.haunt.traitor", locale, haunt=_words(haunt.title, locale),
                           name=words.seat_name(live, view.traitor).plain)
    else:
        subtitle = t_plain("picture.haunt.no_traitor", locale,
                           haunt=_words(haunt.title, locale))
    if not playing:
        banner = words.over_line(live, view.winners or [], locale).plain
    elif view.monsters_acting:
        banner = t_plain("picture.haunt.monsters_turn", locale,
                         monster=words.monster(live, view.monsters_acting, locale).plain)
    else:
        banner = ""
    legend = [("passage", t_plain("picture.haunt.legend.passage", locale)),
              ("pile", t_plain("picture.haunt.legend.pile", locale)),
              ("unknown", t_plain("picture.haunt.legend.unknown", locale))]
    if haunt is not None:
        legend.append(("haunt", t_plain("picture.haunt.legend.haunt_room", locale)))
        for index, kind in enumerate(haunt.monsters):
            legend.append((f"monster:{index}", _words(kind.name, locale)))
    return HauntScene(
        title=t_plain("haunt.board.title", locale, round=view.round), subtitle=subtitle,
        banner=banner, over=not playing,
        turn="" if acting_seat is None else t_plain("picture.haunt.turn", locale,
                                                    name=words.seat_name(live, acting_seat).plain),
        turn_seat=acting_seat, floors=tuple(floors), players=tuple(players),
        legend=tuple(legend))


def house_picture(words: HauntPictureNames, live: LiveMatch, view: PublicView,
                  locale: str | None) -> BoardPicture:
    # Style 4: whose turn it is beside the title, walls and doors as boxes.
    return BoardPicture(haunt_scene(words, live, view, locale), paint_house, style="4")


# -- geometry --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Grid:
    left: int  # the smallest x of the squares shown
    top: int  # the largest y (north is up)
    columns: int
    rows: int


def grid_of(floor: FloorMap) -> Grid:
    return floor.grid


# A floor's map shows the squares of whole blocks of BLOCK × BLOCK squares (counted from the
# house's first square) that hold its rooms and the unknown behind their doors, and at least
# the squares of HOME around the first square: a room placed inside the squares shown before
# moves nothing, so the picture changes only around it (a table's next picture draws again
# only what changed), and the tiles shrink only when the house outgrows them.
BLOCK = 2
# (left, bottom, right, top) of the squares shown at least, by floor.
HOME = {"ground": (-4, -4, 3, 3), "upper": (-2, -2, 1, 1), "basement": (-2, -2, 1, 1)}


def _grid(floor: FloorMap) -> Grid:
    spots = [(r.x, r.y) for r in floor.rooms] + list(floor.frontier)
    if floor.outside:
        spots.append(OUTSIDE)
    home = HOME.get(floor.floor, (0, 0, 0, 0))
    xs = [x for x, _ in spots] + [home[0], home[2]]
    ys = [y for _, y in spots] + [home[1], home[3]]
    left = min(xs) // BLOCK * BLOCK
    right = max(xs) // BLOCK * BLOCK + BLOCK - 1
    bottom = min(ys) // BLOCK * BLOCK
    top = max(ys) // BLOCK * BLOCK + BLOCK - 1
    return Grid(left, top, right - left + 1, top - bottom + 1)


@dataclass(frozen=True)
class Panel:
    floor: FloorMap
    box: tuple[int, int, int, int]


@dataclass(frozen=True)
class Layout:
    tile: int
    panels: tuple[Panel, ...]
    bottom: int  # where the maps end


MIN_PANEL = 240  # wide enough for a floor's name
SHORTER_FOR = 0.72
READABLE_TILE = 64
NOTE_TILE = 72
MIN_TOKEN = 20  # smaller tiles leave where a stair leads to the legend's stair mark
MIN_CROWD_TOKEN = 12  # pieces smaller than this get a room's name cut to one line
MIN_NAME = 8  # the smallest type a room's name shrinks to before it is cut short
MIN_CROWDED_NAME = 7  # on one line over a crowd of pieces
NAME_SIDES = 8  # a room's name keeps this far from the tile's sides, both together


# Tile sizes a whole number of the encoder's bands, which ``square`` sets on band edges: a
# layout takes the largest of these that fits, and only when none does a smaller size.
BAND_TILES = (96, 64)


def _rung(tile: int) -> int:
    return next((rung for rung in BAND_TILES if rung <= tile), tile)


def _row_tile(row: list[FloorMap]) -> int:
    """The largest tile a row of floors fits at side by side, each panel as wide as its
    grid (and its name)."""
    room = WIDTH - 2 * MARGIN - (len(row) - 1) * PANEL_GAP - 2 * PANEL_PAD * len(row)
    tile = min(MAX_TILE, room // sum(grid_of(f).columns for f in row))
    while tile > 1 and sum(max(MIN_PANEL, grid_of(f).columns * tile + 2 * PANEL_PAD)
                           for f in row) + (len(row) - 1) * PANEL_GAP > WIDTH - 2 * MARGIN:
        tile -= 1
    return tile


def _tile_for(rows: list[list[FloorMap]]) -> int:
    tallest = sum(max(grid_of(f).rows for f in row) for row in rows)
    return min(min(_row_tile(row) for row in rows), MAPS_BUDGET // tallest)


def _rows_layout(rows: list[list[FloorMap]], y: int) -> Layout:
    """Floors in rows, each panel as tall as its row's tallest grid; the panels share out the
    row's width by how wide their grids are."""
    tile = _rung(_tile_for(rows))
    panels = []
    inner = WIDTH - 2 * MARGIN
    for row in rows:
        height = PANEL_TOP + max(grid_of(f).rows for f in row) * tile + 2 * PANEL_PAD
        widths = [max(MIN_PANEL, grid_of(f).columns * tile + 2 * PANEL_PAD) for f in row]
        # What is left of the row's width goes to its panels alike.
        spare = (inner - sum(widths) - (len(row) - 1) * PANEL_GAP) // len(row)
        x = MARGIN
        for floor, wide in zip(row, widths, strict=True):
            panels.append(Panel(floor, (x, y, x + wide + spare, y + height)))
            x += wide + spare + PANEL_GAP
        y += height + PANEL_GAP
    return Layout(tile, tuple(panels), y)


def _side_layout(scene: HauntScene, y: int) -> Layout:
    """The ground floor on the left; the upper floor over the basement on its right."""
    ground, upper, basement = (grid_of(f) for f in scene.floors)
    inner = WIDTH - 2 * MARGIN
    chrome = PANEL_TOP + 2 * PANEL_PAD

    def fits(tile: int) -> bool:
        left = max(MIN_PANEL, ground.columns * tile + 2 * PANEL_PAD)
        right = max(MIN_PANEL, max(upper.columns, basement.columns) * tile + 2 * PANEL_PAD)
        tall = max(ground.rows * tile, (upper.rows + basement.rows) * tile + chrome + PANEL_GAP)
        return left + PANEL_GAP + right <= inner and tall <= MAPS_BUDGET

    # The largest of the band tiles that fits, else the largest smaller tile that does.
    tile = next((rung for rung in BAND_TILES if rung <= MAX_TILE and fits(rung)), 0) or \
        next((size for size in range(BAND_TILES[-1] - 1, 1, -1) if fits(size)), 1)
    right = max(MIN_PANEL, max(upper.columns, basement.columns) * tile + 2 * PANEL_PAD)
    upper_tall = chrome + upper.rows * tile
    basement_tall = chrome + basement.rows * tile
    height = max(chrome + ground.rows * tile, upper_tall + PANEL_GAP + basement_tall)
    split = MARGIN + inner - right
    panels = (
        Panel(scene.floors[0], (MARGIN, y, split - PANEL_GAP, y + height)),
        Panel(scene.floors[1], (split, y, WIDTH - MARGIN, y + upper_tall)),
        Panel(scene.floors[2], (split, y + upper_tall + PANEL_GAP, WIDTH - MARGIN,
                                y + height)),
    )
    return Layout(tile, panels, y + height + PANEL_GAP)


def layout(scene: HauntScene) -> Layout:
    return scene.plan


def _layout(scene: HauntScene) -> Layout:
    """The ground floor first (on top, or on the left): all three floors side by side, the
    other two one over the other beside it, both below it, or each under the last, whichever
    draws the largest tiles, the more compact when their tiles are nearly as large."""
    ground, upper, basement = scene.floors
    y = HEADER + (BANNER if banner_row(scene) else 0)
    candidates = [_rows_layout([[ground, upper, basement]], y), _side_layout(scene, y),
                  _rows_layout([[ground], [upper, basement]], y),
                  _rows_layout([[ground], [upper], [basement]], y)]
    best = max(plan.tile for plan in candidates)
    # A more compact picture is worth tiles a little smaller (Discord shrinks a tall one),
    # but not tiles too small for a crowd of pieces.
    enough = max(best * SHORTER_FOR, min(best, READABLE_TILE))
    return next(plan for plan in candidates if plan.tile >= enough)


def player_rows(scene: HauntScene) -> int:
    return math.ceil(len(scene.players) / 2)


def picture_height(scene: HauntScene) -> int:
    return layout(scene).bottom + player_rows(scene) * PLAYER_ROW + LEGEND + \
        (len(legend_rows(scene)) - 1) * LEGEND_ROW + MARGIN


def square(panel: Panel, tile: int, x: int, y: int) -> tuple[int, int]:
    """The top left corner, in pixels, of the floor's square (x, y)."""
    grid = grid_of(panel.floor)
    x0, y0, x1, y1 = panel.box
    left = x0 + (x1 - x0 - grid.columns * tile) // 2
    first, last = y0 + PANEL_TOP, y1 - PANEL_PAD - grid.rows * tile  # where the grid may start
    top = first + (last + PANEL_PAD - first) // 2
    # Rows of squares on the encoder's bands where they fit so: a square whose tile is a
    # whole number of bands then changes only its own bands when a piece moves.
    aligned = -(-first // BAND) * BAND
    if aligned <= last and tile % BAND == 0:
        top = aligned
    return left + (x - grid.left) * tile, top + (grid.top - y) * tile


# -- painting --------------------------------------------------------------------------------
def banner_row(scene: HauntScene) -> bool:
    """Whether the banner takes a row of its own under the title: the end of the game does;
    the monsters' turn, which comes and goes every round, is a label beside the title, so the
    maps below never move for it."""
    return bool(scene.banner) and scene.over


def paint_house(scene: HauntScene) -> Canvas:
    canvas = Canvas(WIDTH, picture_height(scene), NIGHT)
    keep(canvas, ("header", scene.title, scene.subtitle, scene.banner, scene.over, scene.turn,
                  scene.turn_seat), partial(_header, scene=scene))
    plan = layout(scene)
    for panel in plan.panels:
        _floor(canvas, panel, plan.tile)
    y = plan.bottom
    half = (WIDTH - 2 * MARGIN - PANEL_GAP) // 2
    for index, row in enumerate(scene.players):
        x = MARGIN + (index % 2) * (half + PANEL_GAP)
        at = y + (index // 2) * PLAYER_ROW
        keep(canvas, ("player", row, x, at, half),
             partial(_player, row=row, x=x, y=at, wide=half))
    legend_y = y + player_rows(scene) * PLAYER_ROW + 4
    keep(canvas, ("legend", scene.legend, legend_y), partial(_legend, scene=scene, y=legend_y))
    return canvas


def _header(canvas: Canvas, scene: HauntScene) -> None:
    inner = WIDTH - 2 * MARGIN
    # Whose turn it is (the monsters' in red), a label at the title's right end: it changes
    # every turn, and there it changes the picture's top rows only. The title is never cut
    # for it: the label takes what the title leaves.
    label, fill = (scene.banner, BLOOD) if scene.banner and not banner_row(scene) else \
        (scene.turn, SEAT_COLOURS[(scene.turn_seat or 0) % len(SEAT_COLOURS)])
    if label:
        room = inner - canvas.measure(scene.title, TITLE, BOLD) - 16
        shown = canvas.fit(label, 18, room - 2 * 14, BOLD)
        if shown:
            wide = canvas.measure(shown, 18, BOLD) + 2 * 14
            canvas.pill(WIDTH - MARGIN - wide, TITLE_Y - 13, shown, 18, fill, WHITE,
                        weight=BOLD, pad=14, height=26)
    canvas.text((MARGIN, TITLE_Y), scene.title, TITLE, WHITE, weight=BOLD, width=inner,
                anchor="lm")
    canvas.text((MARGIN, SUBTITLE_Y), scene.subtitle, 22, PALE, weight=MEDIUM, width=inner,
                anchor="lm")
    if banner_row(scene):
        canvas.box((MARGIN, HEADER, WIDTH - MARGIN, HEADER + BANNER - 12), (120, 92, 20),
                   radius=12)
        canvas.text((WIDTH // 2, HEADER + (BANNER - 12) // 2), scene.banner, 24, WHITE,
                    weight=BOLD, width=inner - 30, anchor="mm")


def _floor(canvas: Canvas, panel: Panel, tile: int) -> None:
    """A floor's panel and map, each room kept on its own (recorded again only when it, or
    where the pieces in it put its name, changes), then the pieces over the map."""
    floor = panel.floor
    keep(canvas, ("panel", panel.box, floor.title), partial(_panel, panel=panel))
    spots = tuple(square(panel, tile, *spot) for spot in floor.frontier)
    keep(canvas, ("unknown", spots, tile), partial(_unexplored, spots=spots, tile=tile))
    if floor.outside:
        at = square(panel, tile, *OUTSIDE)
        keep(canvas, ("outside", floor.outside, at, tile),
             partial(_outside, floor=floor, at=at, size=tile))
    fill = FLOOR_FILL[floor.floor]
    for room in floor.rooms:
        at = square(panel, tile, room.x, room.y)
        # The room as drawn without its pieces, which only set where its name and marks go
        # (``room_look``): a piece coming or going mostly leaves them where they were.
        shown = room_look(room, tile)
        look = (room.name, room.doors, room.note, room.passage, room.start, room.haunt,
                room.front_door, room.pile, shown.name, shown.note, shown.stairs)
        keep(canvas, ("room", look, at, tile, fill),
             partial(_room_plan, room=room, at=at, size=tile, fill=fill))
    _floor_tokens(canvas, panel, tile)


def _panel(canvas: Canvas, panel: Panel) -> None:
    x0, y0, x1, _ = panel.box
    canvas.box(panel.box, PANEL, radius=14, outline=PANEL_EDGE, line=2)
    canvas.text((x0 + PANEL_PAD, y0 + PANEL_TOP // 2 + 2), panel.floor.title, 22, WHITE,
                weight=BOLD, width=x1 - x0 - 2 * PANEL_PAD, anchor="lm")


def _unexplored(canvas: Canvas, spots: tuple[tuple[int, int], ...], tile: int) -> None:
    for at in spots:
        canvas.unexplored(at, tile, max(5, tile // 12), MUTED, max(16, tile // 3))


def _floor_tokens(canvas: Canvas, panel: Panel, tile: int) -> None:
    """The pieces standing on the floor, over its map."""
    floor = panel.floor
    if floor.outside and floor.outside_tokens:
        box = _outside_tokens_box(floor, square(panel, tile, *OUTSIDE), tile)
        keep(canvas, ("tokens", floor.outside_tokens, box),
             partial(_tokens, tokens=floor.outside_tokens, box=box))
    for room in floor.rooms:
        if room.tokens:
            box = _tokens_box(room, square(panel, tile, room.x, room.y), tile)
            keep(canvas, ("tokens", room.tokens, box),
                 partial(_tokens, tokens=room.tokens, box=box))


def _outside(canvas: Canvas, floor: FloorMap, at: tuple[int, int], size: int) -> None:
    """The cell beyond the front door, its pieces left out."""
    x, y = at
    pad = 3
    canvas.box((x + pad, y + pad, x + size - pad, y + size - pad), OUTSIDE_FILL, radius=0)
    label = _outside_label(size)
    for i, text in enumerate(_wrap(floor.outside, label, size - 12)):
        canvas.text((x + size // 2, y + pad + label + i * (label + 3)), text, label, WHITE,
                    weight=BOLD, width=size - 10, anchor="mm")


def _outside_label(size: int) -> int:
    return max(10, min(18, size // 7))


def _outside_tokens_box(floor: FloorMap, at: tuple[int, int], size: int
                        ) -> tuple[int, int, int, int]:
    x, y = at
    pad = 3
    label = _outside_label(size)
    lines = _wrap(floor.outside, label, size - 12)
    top = y + pad + label // 2 + len(lines) * (label + 3) + 4
    return x + 5, top, x + size - 5, y + size - 6


@dataclass(frozen=True)
class RoomLook:
    """Where a room's name and marks go in its tile, set by how many pieces it holds."""

    name: tuple[tuple[str, ...], int]  # the name's lines and their type size
    note: bool  # where its stair leads, written under the name
    stairs: bool  # the stair mark in the bottom left corner instead
    sides: int  # the pieces keep this far from the tile's sides
    text_end: int  # the name (and note) end this far below the tile's top


def room_look(room: RoomTile, size: int) -> RoomLook:
    return _look(room.name, room.note, room.passage, bool(room.pile), len(room.tokens), size)


@lru_cache(maxsize=4096)
def _look(name_text: str, note_text: str, passage: bool, pile: bool, count: int, size: int
          ) -> RoomLook:
    corner = max(10, size // 6)
    # Where the stair leads, under the name (an arrow up or down); in a small or crowded
    # tile, the stair mark alone.
    note = bool(note_text) and count <= 2 and size >= NOTE_TILE
    stairs = passage and not note
    # A few pieces keep clear of the stair and the chest in the bottom corners; more take
    # the tile's whole width (a piece matters more than the marks under it).
    sides = corner + 6 if (stairs or pile) and count <= 2 else 5
    wide = size - 2 * sides
    name = _name_lines(name_text, size, one_line=False)
    end = _text_end(note_text, name, size, note)
    # A crowd too small to read under a two-line name gets the room below a one-line one,
    # cut short only when the two-line name leaves the pieces too small to tell apart.
    below = _fit(count, wide, size - 6 - end - 2)[0] if count else MIN_TOKEN
    if below < MIN_TOKEN:
        one = _name_lines(name_text, size, one_line=True)
        if one[0][0] == name_text or below < MIN_CROWD_TOKEN:
            name = one
            end = _text_end(note_text, name, size, note)
    return RoomLook((tuple(name[0]), name[1]), note, stairs, sides, end)


def _text_end(note_text: str, name: tuple[list[str], int], size: int, note: bool) -> int:
    """How far below the tile's top the room's name (and where its stair leads) end."""
    words, name_size = name
    end = 6 + len(words) * (name_size + 3)
    if note:
        note_size = max(10, name_size - 5)
        end += len(_wrap(note_text, note_size, size - 12)) * (note_size + 2) + 1
    return end


def _room(canvas: Canvas, room: RoomTile, at: tuple[int, int], size: int, fill: Colour) -> None:
    """A room's tile with the pieces in it."""
    _room_plan(canvas, room, at, size, fill)
    if room.tokens:
        _tokens(canvas, room.tokens, _tokens_box(room, at, size))


def _tokens_box(room: RoomTile, at: tuple[int, int], size: int) -> tuple[int, int, int, int]:
    """Where a room's pieces go: below its name, clear of its marks."""
    x, y = at
    look = room_look(room, size)
    return x + look.sides, y + look.text_end + 2, x + size - look.sides, y + size - 6


def _room_plan(canvas: Canvas, room: RoomTile, at: tuple[int, int], size: int,
               fill: Colour) -> None:
    """A room's tile without its pieces: floor, walls and doors, name, stair and chest. The
    floor and its walls are one box and each door one more (boxes are drawn once and pasted:
    a band of the map is drawn again from a few pastes a room)."""
    x, y = at
    pad = 3
    thick = max(4, size // 16)
    half = thick // 2
    # The walls straddle the square's edges, as a neighbour's do: the two are one wall.
    canvas.box((x - half, y - half, x + size + half - 1, y + size + half - 1),
               START_FILL if room.start else fill, radius=0, outline=WALL, line=thick)
    if room.haunt:
        inset = pad + max(4, size // 20)
        canvas.box((x + inset, y + inset, x + size - inset, y + size - inset), None, radius=0,
                   outline=HAUNT_EDGE, line=max(3, size // 30))
    for direction in DIRECTIONS:
        if direction in room.doors or (room.front_door and direction == "S"):
            _door(canvas, x, y, size, direction, thick)
    corner = max(10, size // 6)
    look = room_look(room, size)
    if look.stairs:
        _stairs(canvas, x + pad + 4, y + size - pad - 4 - corner, corner)
    if room.pile:
        _pile(canvas, x + size - pad - 4 - corner, y + size - pad - 4 - corner, corner,
              room.pile)
    _room_text(canvas, room, x, y, size, look)


def _door(canvas: Canvas, x: int, y: int, size: int, direction: str, thick: int) -> None:
    """A door in the middle of a wall: a threshold through it."""
    half = thick // 2
    start, end = x + size * 3 // 10, x + size * 7 // 10
    across = {"N": y, "S": y + size, "W": x, "E": x + size}[direction]
    if direction in ("N", "S"):
        box = (start, across - half, end, across + half - 1)
    else:
        start, end = y + size * 3 // 10, y + size * 7 // 10
        box = (across - half, start, across + half - 1, end)
    canvas.box(box, DOOR, radius=0)


def _stairs(canvas: Canvas, x: int, y: int, size: int) -> None:
    """Three steps rising to the right."""
    step = size / 3
    points: list[tuple[float, float]] = [(x, y + size)]
    for i in range(3):
        points += [(x + i * step, y + size - (i + 1) * step),
                   (x + (i + 1) * step, y + size - (i + 1) * step)]
    points.append((x + size, y + size))
    canvas.draw.polygon([(int(a), int(b)) for a, b in points], fill=STAIR_FILL)


def _pile(canvas: Canvas, x: int, y: int, size: int, count: int) -> None:
    """A chest with the number of items left in the room."""
    canvas.draw.rectangle((x, y + size // 4, x + size, y + size), fill=PILE_FILL,
                          outline=PILE_EDGE, width=2)
    canvas.draw.line((x, y + size // 2, x + size, y + size // 2), fill=PILE_EDGE, width=2)
    if count > 1:
        canvas.text((x + size // 2, y + size * 5 // 8), str(count), max(10, size * 2 // 3),
                    WHITE, weight=BOLD, anchor="mm")


def _name_size(tile: int) -> int:
    return max(11, min(20, tile // 5))


def _name_lines(name: str, size: int, *, one_line: bool) -> tuple[list[str], int]:
    """The room's name as drawn in a tile of ``size``: its lines and their type size. One line
    shrinks the type, then cuts the name short, rather than wrap."""
    name_size = _name_size(size)
    if one_line:
        while name_size > MIN_CROWDED_NAME and \
                Canvas.measure(name, name_size, BOLD) > size - NAME_SIDES:
            name_size -= 1
        return [Canvas.fit(name, name_size, size - NAME_SIDES, BOLD)], name_size
    words = _wrap(name, name_size, size - NAME_SIDES - 2)
    # A long word in a small tile: a smaller size rather than a cut name.
    while name_size > MIN_NAME and \
            max(Canvas.measure(w, name_size, BOLD) for w in words) > size - NAME_SIDES:
        name_size -= 1
    return words, name_size


def _room_text(canvas: Canvas, room: RoomTile, x: int, y: int, size: int,
               look: RoomLook) -> None:
    """The room's name as ``room_look`` set it (and where its stair leads) from the tile's
    top."""
    words, name_size = look.name
    line = name_size + 3
    top = y + 6 + line // 2
    for i, text in enumerate(words):
        canvas.text((x + size // 2, top + i * line), text, name_size, INK, weight=BOLD,
                    width=size - NAME_SIDES, anchor="mm")
    if look.note:
        end = y + 6 + len(words) * line
        note_size = max(10, name_size - 5)
        lines = _wrap(room.note, note_size, size - 12)
        for i, text in enumerate(lines):
            canvas.text((x + size // 2, end + note_size // 2 + 1 + i * (note_size + 2)), text,
                        note_size, STAIR_FILL, weight=MEDIUM, width=size - 10, anchor="mm")


def _wrap(text: str, size: int, width: int) -> list[str]:
    """At most two lines: split at the space nearest the middle when the name is too wide."""
    if Canvas.measure(text, size, BOLD) <= width or " " not in text:
        return [text]
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
    return [text[:cut], text[cut + 1:]]


def _fit(count: int, wide: int, tall: int) -> tuple[int, int]:
    """The largest diameter ``count`` pieces are drawn at in ``wide`` × ``tall``, and how many
    to a row."""
    best = (0, 1)
    for columns in range(1, count + 1):
        rows = math.ceil(count / columns)
        diameter = min(wide // columns, tall // rows, 34)
        if diameter > best[0]:
            best = (diameter, columns)
    return best


def _tokens(canvas: Canvas, tokens: tuple[Token, ...], box: tuple[int, int, int, int]
            ) -> None:
    """The pieces in a room, in as many rows as draws them largest within ``box``."""
    left, top, right, bottom = box
    count = len(tokens)
    diameter, columns = _fit(count, right - left, bottom - top)
    rows = math.ceil(count / columns)
    start_y = top + ((bottom - top) - rows * diameter) // 2
    for index, token in enumerate(tokens):
        row, column = divmod(index, columns)
        in_row = min(columns, count - row * columns)
        start_x = left + ((right - left) - in_row * diameter) // 2
        cx = start_x + column * diameter + diameter // 2
        cy = start_y + row * diameter + diameter // 2
        _token(canvas, token, cx, cy, max(4, diameter // 2 - 1))


def _token(canvas: Canvas, token: Token, cx: int, cy: int, radius: int) -> None:
    if token.acting:
        ring = radius + 3
        canvas.draw.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), outline=GOLD, width=3)
    if token.monster:
        fill = STUNNED_FILL if token.down else MONSTER_FILL[token.colour % len(MONSTER_FILL)]
        canvas.draw.polygon([(cx, cy - radius - 1), (cx + radius + 1, cy), (cx, cy + radius + 1),
                             (cx - radius - 1, cy)], fill=fill, outline=MONSTER_EDGE)
    else:
        fill = DEAD_FILL if token.down else SEAT_COLOURS[token.colour % len(SEAT_COLOURS)]
        canvas.draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=fill,
                            outline=WHITE, width=2)
    if token.label:
        canvas.text((cx, cy), token.label, max(9, radius), WHITE, weight=BOLD, anchor="mm")
    if token.down and not token.monster:
        arm = radius * 2 // 3
        canvas.draw.line((cx - arm, cy - arm, cx + arm, cy + arm), fill=INK, width=2)
        canvas.draw.line((cx - arm, cy + arm, cx + arm, cy - arm), fill=INK, width=2)


def _player(canvas: Canvas, row: PlayerRow, x: int, y: int, wide: int) -> None:
    canvas.box((x, y, x + wide, y + PLAYER_ROW - 8), PANEL, radius=12)
    mid = y + (PLAYER_ROW - 8) // 2
    _token(canvas, Token(label=str(row.seat + 1), monster=False, colour=row.seat,
                         down=not row.alive, acting=False), x + 24, mid, 14)
    ink = WHITE if row.alive else MUTED
    right = x + wide - 12
    tail = " · ".join(part for part in (row.side, row.status) if part)
    tail_wide = canvas.measure(tail, 18, MEDIUM) if tail else 0
    end = canvas.text((x + 48, mid), row.name, 22, ink, weight=BOLD,
                      width=min(200, right - x - 48 - tail_wide - 12), anchor="lm")
    room = right - end - 12 - (tail_wide + 12 if tail else 0)
    if row.explorer and room > 30:
        canvas.text((end + 10, mid), row.explorer, 18, PALE, weight=MEDIUM, width=room,
                    anchor="lm")
    if tail:
        colour = MONSTER_EDGE if row.traitor and row.alive else PALE
        canvas.text((right, mid), tail, 18, colour, weight=BOLD, anchor="rm")


LEGEND_MARK = 22
LEGEND_GAP = 18


def legend_rows(scene: HauntScene) -> list[list[tuple[str, str]]]:
    """The legend's marks and words, in as many rows as they need."""
    rows: list[list[tuple[str, str]]] = [[]]
    x = MARGIN + 6
    for kind, text in scene.legend:
        wide = _legend_width(text)
        if rows[-1] and x + wide > WIDTH - MARGIN:
            rows.append([])
            x = MARGIN + 6
        rows[-1].append((kind, text))
        x += wide + LEGEND_GAP
    return rows


def _legend_width(text: str) -> int:
    return Canvas.measure(text, 18, MEDIUM) + LEGEND_MARK + 12


def _legend(canvas: Canvas, scene: HauntScene, y: int) -> None:
    mark = LEGEND_MARK
    for number, row in enumerate(legend_rows(scene)):
        x = MARGIN + 6
        mid = y + number * LEGEND_ROW + LEGEND // 2 - 4
        top = mid - mark // 2
        for kind, text in row:
            if kind == "passage":
                _stairs(canvas, x, top, mark)
            elif kind == "pile":
                _pile(canvas, x, top, mark, 1)
            elif kind == "unknown":
                canvas.text((x + mark // 2, mid), "?", 20, MUTED, weight=BOLD, anchor="mm")
            elif kind == "haunt":
                canvas.draw.rectangle((x, top, x + mark, top + mark), outline=HAUNT_EDGE,
                                      width=3)
            else:
                index = int(kind.split(":")[1])
                _token(canvas, Token("", True, index, False, False), x + mark // 2, mid,
                       mark // 2 - 1)
            canvas.text((x + mark + 8, mid), text, 18, PALE, weight=MEDIUM,
                        width=WIDTH - MARGIN - x - mark - 8, anchor="lm")
            x += _legend_width(text) + LEGEND_GAP
